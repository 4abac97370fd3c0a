/**
 * Reveal (FaB 8.5.17, 8.5.17b–d, 3.0.4): a reveal is an event of its card, which a replacement
 * effect can watch and replace. Each test quotes the rule and can fail: the mutant tried is named
 * beside it.
 */
import type { GameView, Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Rules, ruleset } from "../src/index.js"

const outcome = (text: string): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

// bob's deck d1, c (pitch 2), d2 (first on top); a card in his graveyard, one face-up in his
// arsenal, one face-down in his banished zone
const file = (effects: string, reveal: ReadonlyArray<string>) => `format: 3
ruleset: fab
turn: alice
players: [alice, bob]
objects:
  - { id: rabble, controller: alice, zone: stack, types: [action] }
  - { id: d1, owner: bob, zone: deck }
  - { id: c, owner: bob, zone: deck, pitch: 2 }
  - { id: d2, owner: bob, zone: deck }
  - { id: g, owner: bob, zone: graveyard }
  - { id: up, owner: bob, zone: arsenal, public: true }
  - { id: down, owner: bob, zone: banished, public: false }
${effects}steps:
${reveal.map((id) => `  - event: { id: r-${id}, family: reveal, occurrences: [{ id: ${id}, source: rabble, to: ${id} }] }\n`).join("")}`

const deckOrder = (o: Ruleset.Outcome): ReadonlyArray<string> =>
  Object.entries(o.state)
    .filter(([, x]) => x.zone === "deck")
    .map(([id]) => id)

describe("reveal (FaB 8.5.17)", () => {
  /**
   * 8.5.17: "To reveal a private object, make it public, then make it private again." 8.5.17c:
   * "Revealing a private object does not change its position in the deck (if it's in the deck) or
   * put it into another zone." Ravenous Rabble's "reveal the top card of your deck", of a card in
   * the middle of the deck: the reveal happens (it is in `happened`), and c is still in the deck,
   * between d1 and d2. Mutant tried: the reveal's commit putting the card on top of its zone
   * (core `Zones.put(…, "top")`): the deck reads c, d1, d2 — fails.
   */
  it("8.5.17c: the revealed card stays where it is, at its place in the deck", () => {
    const o = outcome(file("", ["c"]))
    assert.deepStrictEqual(
      o.events["r-c"]?.happened.map((h) => [h.family, h.subject, h.amount]),
      [["reveal", "c", 1]]
    )
    assert.strictEqual(o.state.c?.zone, "deck")
    assert.deepStrictEqual(deckOrder(o), ["d1", "c", "d2"])
  })

  /**
   * 8.5.17b: "If a duration is not specified, reveal is a discrete effect and the object becomes
   * public and then private as consecutive events." After the reveal the card is private again.
   * Mutant tried: the commit leaving the card public (`public: true`, as a continuous reveal):
   * `Rules.isPublic` of c after is true — fails.
   */
  it("8.5.17b: without a duration the card is private again after", () => {
    const o = outcome(file("", ["c"]))
    const c = o.state.c ?? {}
    assert.isFalse(
      Rules.isPublic({
        id: "c",
        kind: "object",
        zone: c.zone as string,
        props: c as Readonly<Record<string, GameView.Prop>>
      })
    )
  })

  /**
   * 8.5.17d: "If the object is public, the reveal effect fails." 3.0.4a: the graveyard is a public
   * zone; 3.0.4d: "A private zone may contain public objects if the object is made public while in
   * that zone" (a card face-up in the arsenal); 3.0.4c: "A public zone may contain a private
   * object" (a card banished face-down). Mutants tried: `fails` not asking for reveals (the
   * graveyard card's reveal happens) — fails; `isPublic` reading only the zone (the face-up
   * arsenal card is revealed, the face-down banished one is not) — fails.
   */
  it("8.5.17d: a public card's reveal fails; visibility is the card's where an effect made it so", () => {
    const o = outcome(file("", ["g", "up", "down"]))
    assert.strictEqual(o.events["r-g"]?.occurrences.g?.status, "failed")
    assert.deepStrictEqual(o.events["r-g"]?.happened, [])
    assert.strictEqual(o.events["r-up"]?.occurrences.up?.status, "failed")
    assert.strictEqual(o.events["r-down"]?.occurrences.down?.status, "happened")
  })

  /**
   * 1.9.1: an event "can be modified by replacement effects[6.4]"; 6.4.9: a standard-replacement
   * effect is written "(If / The next) [CONDITION], instead [MODIFICATION]". The generic
   * `kind: replace` watches the family `reveal` with the language's own selectors ("a card you
   * own": `to: { owner: you }`) and replaces it ("instead banish it"): the reveal did not happen,
   * the banish did. Mutant tried: the family `reveal` taken out of `Effects.Family` (and its
   * amount): the file does not load (`family: reveal` unknown) — fails.
   */
  it("a replace watches a reveal and replaces it with another event", () => {
    const instead = `effects:
  - { kind: replace, id: burn, controller: bob, family: reveal, to: { owner: you }, instead: [{ family: zoneChange, params: { to: banished } }] }
`
    const o = outcome(file(instead, ["c", "g"]))
    const made = o.events["r-c"]?.occurrences.c
    assert.strictEqual(made?.status, "replaced")
    assert.deepStrictEqual(
      o.events["r-c"]?.happened.map((h) => [h.family, h.subject]),
      [["zoneChange", "c"]]
    )
    assert.strictEqual(o.state.c?.zone, "banished")
    // the public card's reveal fails: nothing for the effect to replace
    assert.strictEqual(o.events["r-g"]?.occurrences.g?.status, "failed")
    assert.strictEqual(o.effects.burn?.uses, 1)
  })

  /** `Rules.isPublic`: the zones of 3.0.4a–b, the object's own `public` (3.0.4c–d). */
  it("3.0.4: the private zones are the arsenal, the deck and the hand", () => {
    const card = (
      zone: string,
      props: Readonly<Record<string, GameView.Prop>> = {}
    ): GameView.GameObject => ({
      id: "x",
      kind: "object",
      zone,
      props
    })
    assert.deepStrictEqual(
      ["arsenal", "deck", "hand", "graveyard", "pitch", "banished", "arena"].map((z) =>
        Rules.isPublic(card(z))
      ),
      [false, false, false, true, true, true, true]
    )
    assert.isFalse(Rules.isPublic(card("banished", { public: false })))
    assert.isTrue(Rules.isPublic(card("arsenal", { public: true })))
  })
})
