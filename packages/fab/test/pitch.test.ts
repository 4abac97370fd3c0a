/**
 * Pitch (FaB 8.5.44, 8.5.44a, 1.14.3, 1.14.3a, 1.14.3c, 1.9.3c, 2.8.3): pitching a card is an
 * event a replacement effect can watch and replace. Each test quotes the rule and can fail: the
 * mutant tried is named beside it.
 */
import type { Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const outcome = (text: string): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

// bob (1 resource) holds a blue card (pitch 3), a red one (pitch 1) and a Gorganian Tome (no
// pitch property); his deck is d1
const file = (effects: string, steps: string) => `format: 3
ruleset: fab
turn: bob
players: [alice, { id: bob, resources: 1 }]
objects:
  - { id: blue, owner: bob, zone: hand, pitch: 3 }
  - { id: red, owner: bob, zone: hand, pitch: 1 }
  - { id: tome, owner: bob, zone: hand }
  - { id: d1, owner: bob, zone: deck }
${effects}steps:
${steps}`

const pitch = (id: string, ...cards: ReadonlyArray<string>) =>
  `  - event: { id: ${id}, family: pitch, occurrences: [${cards.map((c) => `{ id: ${c}, to: ${c} }`).join(", ")}] }\n`

describe("pitch (FaB 8.5.44)", () => {
  /**
   * 8.5.44: "Pitch is a discrete effect. To pitch a card, put it into it's owner's pitch zone and
   * the player gains resources equal to its pitch value." Mutants tried: the commit without the
   * resource gain (bob keeps 1) — fails; the commit putting the card into the graveyard (the usual
   * zone of core `Zones.destination` given as "graveyard") — fails.
   */
  it("8.5.44: the card goes to its owner's pitch zone and he gains its pitch value", () => {
    const o = outcome(file("", pitch("p", "blue")))
    assert.strictEqual(o.state.blue?.zone, "pitch")
    assert.strictEqual(o.state.bob?.resources, 4)
    assert.deepStrictEqual(
      o.events.p?.happened.map((h) => [h.family, h.subject, h.amount]),
      [["pitch", "blue", 1]]
    )
  })

  /**
   * 2.8.3: "The pitch of an object can be modified. The term "pitch" refers to the modified pitch
   * value of an object." A "gets +1 pitch" (core `modifyProperty`) on the red card: pitched, it
   * gains 2. Mutant tried: the commit reading the base value (core `Modifiers.baseOf`): 1 gained —
   * fails.
   */
  it("2.8.3: a modified pitch value is what is gained", () => {
    const o = outcome(
      file(
        "effects:\n  - { kind: modifyProperty, id: plus, to: red, prop: pitch, plus: 1, duration: endOfTurn }\n",
        pitch("p", "red")
      )
    )
    assert.strictEqual(o.state.bob?.resources, 3)
  })

  /**
   * 1.14.3a: "A card cannot be pitched if it does not have the pitch property." Gorganian Tome has
   * none: the pitch fails, it stays in the hand, nothing is gained. Mutant tried: the check of the
   * pitch property left out (`unpitchable` only refusing players): the Tome is pitched — fails.
   */
  it("1.14.3a: a card without the pitch property can't be pitched", () => {
    const o = outcome(file("", pitch("p", "tome")))
    assert.strictEqual(o.events.p?.occurrences.tome?.status, "failed")
    assert.strictEqual(o.state.tome?.zone, "hand")
    assert.strictEqual(o.state.bob?.resources, 1)
  })

  /**
   * 8.5.44a: "If the effect instructs the player to pitch two or more cards, all of those cards
   * must exist and be pitched, otherwise the pitch effect fails." Pitching the blue card and the
   * Tome by one instruction (one event): both fail, nothing moves, nothing is gained; the same two
   * pitched one at a time: the blue card is pitched. Mutant tried: `Rules.rules` without its
   * `prepareEvent` (`pitchTogether`): the blue card is pitched with the Tome — fails.
   */
  it("8.5.44a: the cards of one instruction are pitched all or none", () => {
    const together = outcome(file("", pitch("p", "blue", "tome")))
    assert.deepStrictEqual(
      [together.events.p?.occurrences.blue?.status, together.events.p?.occurrences.tome?.status],
      ["failed", "failed"]
    )
    assert.strictEqual(together.state.blue?.zone, "hand")
    assert.strictEqual(together.state.bob?.resources, 1)
    const apart = outcome(file("", pitch("p1", "blue") + pitch("p2", "tome")))
    assert.strictEqual(apart.state.blue?.zone, "pitch")
    assert.strictEqual(apart.state.bob?.resources, 4)
    // two cards that can both be pitched: both are, and both gains count
    const both = outcome(file("", pitch("p", "blue", "red")))
    assert.deepStrictEqual(
      [both.state.blue?.zone, both.state.red?.zone, both.state.bob?.resources],
      ["pitch", "pitch", 5]
    )
  })

  /**
   * 1.14.3c: "Pitching a card is an event that can trigger and be replaced by effects." 1.9.3c:
   * "Replacement effects that partially modify internal events, do not modify the composite event
   * that contains it, and therefore the composite event still occurs." A generic `replace` that
   * puts a pitched card on the bottom of the deck instead: the pitch still happens (it is in
   * `happened`, the resources are gained) and the card is under d1. Mutant tried: the pitch's
   * commit ignoring its `to` (always the pitch zone): the blue card in the pitch zone — fails.
   */
  it("1.14.3c, 1.9.3c: a pitch put on the bottom of the deck instead is still a pitch", () => {
    const o = outcome(
      file(
        "effects:\n  - { kind: replace, id: under, controller: bob, family: pitch, to: { owner: you }, setParams: { to: deck, position: bottom } }\n",
        pitch("p", "blue")
      )
    )
    assert.strictEqual(o.state.blue?.zone, "deck")
    assert.deepStrictEqual(
      Object.entries(o.state)
        .filter(([, x]) => x.zone === "deck")
        .map(([id]) => id),
      ["d1", "blue"]
    )
    assert.strictEqual(o.events.p?.occurrences.blue?.status, "happened")
    assert.deepStrictEqual(o.events.p?.occurrences.blue?.applied, ["under"])
    assert.strictEqual(o.state.bob?.resources, 4)
  })

  /**
   * 6.4.6: "If an event is replaced with a modified event, the event does not occur and the
   * modified event occurs instead." 1.9.3d: "If no internal events of a composite event occur,
   * then the composite event is considered not to have occurred". "If you would pitch a card,
   * instead nothing happens" (`instead: []`): the card stays in the hand and nothing is gained.
   * Mutant tried: the family `pitch` taken out of `Effects.Family` (and its amount): the file
   * does not load — fails.
   */
  it("6.4.6: a pitch replaced by nothing gains nothing", () => {
    const o = outcome(
      file(
        "effects:\n  - { kind: replace, id: none, controller: alice, family: pitch, to: blue, instead: [] }\n",
        pitch("p", "blue")
      )
    )
    assert.strictEqual(o.events.p?.occurrences.blue?.status, "replaced")
    assert.deepStrictEqual(o.events.p?.happened, [])
    assert.strictEqual(o.state.blue?.zone, "hand")
    assert.strictEqual(o.state.bob?.resources, 1)
  })
})
