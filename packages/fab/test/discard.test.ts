/**
 * Discard (FaB 8.5.5, 8.5.5b, 8.5.5c; FAB-21): a discard is an event a replacement can change the
 * destination of, and the card is still discarded. Each test quotes the rule and can fail: the
 * mutant tried is named beside it.
 */
import type { Ruleset } from "@bulwark/core"
import { GameEvent, GameView, Policy } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Rules, ruleset } from "../src/index.js"

const outcome = (text: string): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

const file = (hand: string, effects: string, steps: ReadonlyArray<string>) => `format: 3
ruleset: fab
turn: alice
players: [alice, bob]
objects:
  - { id: spell, controller: alice, zone: stack, types: [action] }
${hand}  - { id: d1, owner: bob, zone: deck }
${effects}steps:
${steps.map((id) => `  - event: { id: ${id}, family: discard, occurrences: [{ id: ${id}-bob, source: spell, to: bob, amount: 1 }] }\n`).join("")}`

const toDeck = `effects:
  - { kind: replace, id: to-deck, controller: bob, family: discard, to: bob, setParams: { to: deck, position: bottom } }
`

describe("discard (FaB 8.5.5)", () => {
  /**
   * 8.5.5: "Discard is a discrete effect. To discard a card from a player's hand, put it from the
   * player's hand into their graveyard." Mutant tried: the discard of a player whose hand is
   * cards moving nothing (the old count-only discard): c1 stays in the hand — fails.
   */
  it("8.5.5: bob discards his card: it goes from his hand into his graveyard", () => {
    const o = outcome(file("  - { id: c1, owner: bob, zone: hand }\n", "", ["x"]))
    assert.strictEqual(o.state.c1?.zone, "graveyard")
    assert.deepStrictEqual(
      o.events.x?.happened.map((h) => h.family),
      ["discard"]
    )
  })

  /**
   * 8.5.5c: "If a card is discarded but a replacement effect modifies the destination to a zone
   * other than the graveyard, the card is still considered discarded." The discard happens (it
   * is in `happened`, not replaced by another event) and the card is on the bottom of the deck.
   * Mutant tried: the discard's commit ignoring its `to` (always the graveyard): c1 in the
   * graveyard — fails.
   */
  it("8.5.5c: put on the bottom of the deck instead, the card is still discarded", () => {
    const o = outcome(file("  - { id: c1, owner: bob, zone: hand }\n", toDeck, ["x"]))
    assert.strictEqual(o.state.c1?.zone, "deck")
    assert.strictEqual(o.events.x?.occurrences["x-bob"]?.status, "happened")
    assert.deepStrictEqual(o.events.x?.occurrences["x-bob"]?.applied, ["to-deck"])
    assert.deepStrictEqual(
      o.events.x?.happened.map((h) => [h.family, h.subject]),
      [["discard", "bob"]]
    )
  })

  /**
   * "the bottom of your deck": the view's order is the deck's, first on top. Mutant tried: the
   * commit without the position (core `Zones.put` given no `position`): c1 keeps its place
   * before d1 — fails.
   */
  it("the bottom of the deck: c1 comes after d1", () => {
    const view = GameView.make({
      players: ["bob"],
      activePlayer: "bob",
      objects: [
        { id: "c1", kind: "object", owner: "bob", zone: "hand", props: {} },
        { id: "d1", kind: "object", owner: "bob", zone: "deck", props: {} }
      ]
    })
    const o = GameEvent.occurrence({
      id: "x",
      family: "discard",
      subject: "bob",
      amount: 1,
      params: { to: "deck", position: "bottom" }
    })
    const after = Policy.viewOf(Rules.commit(view, o))
    assert.deepStrictEqual(
      Object.values(after.objects)
        .filter((x) => x.zone === "deck")
        .map((x) => x.id),
      ["d1", "c1"]
    )
  })

  /**
   * 8.5.5b: "If a player tries to discard a card when there are no cards in their hand, the
   * discard effect fails." After his one card, bob discards again: the discard fails, nothing
   * moves, the effect is not used. Mutant tried: `discardFails` reading only a `hand` count (no
   * cards counted): the second discard "happens" — fails.
   */
  it("8.5.5b: with an empty hand the discard fails and nothing moves", () => {
    const o = outcome(file("  - { id: c1, owner: bob, zone: hand }\n", toDeck, ["x", "y"]))
    assert.strictEqual(o.events.y?.occurrences["y-bob"]?.status, "failed")
    assert.deepStrictEqual(o.events.y?.happened, [])
    assert.strictEqual(o.effects["to-deck"]?.uses, 1)
    assert.strictEqual(o.state.d1?.zone, "deck")
    assert.strictEqual(o.state.c1?.zone, "deck")
  })

  /** 8.5.5b with a hand written as a count (`hand: 0`): unchanged. */
  it("8.5.5b: a hand count of 0 fails too", () => {
    const o = outcome(
      file("", "", []).replace("players: [alice, bob]", "players: [alice, { id: bob, hand: 0 }]") +
        "  - event: { id: z, family: discard, occurrences: [{ id: z-bob, source: spell, to: bob, amount: 1 }] }\n"
    )
    assert.strictEqual(o.events.z?.occurrences["z-bob"]?.status, "failed")
  })
})
