/**
 * Mill (CR 701.17) as a step word, and "exile it instead" on the zone changes it makes (CR
 * 614.1a; MTG-28). Each test quotes the rule and can fail: the mutant tried is named beside it.
 */
import { type Ruleset, Trace } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const outcome = (text: string): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

const file = (library: number, effects: string, steps: string) => `format: 3
ruleset: mtg
players: [ap, nap]
objects:
  - { id: leyline, controller: ap, types: [Enchantment] }
${Array.from({ length: library }, (_, i) => `  - { id: c${i + 1}, owner: nap, zone: library }`).join("\n")}
  - { id: g1, owner: nap, zone: graveyard }
${effects}steps:
${steps}`

const exileInstead = `effects:
  - { kind: replace, id: exile-instead, controller: ap, source: leyline, family: zoneChange, params: { to: graveyard }, setParams: { to: exile } }
`

const zones = (o: Ruleset.Outcome, ids: ReadonlyArray<string>) => ids.map((id) => o.state[id]?.zone)

describe("mill (CR 701.17)", () => {
  /**
   * 701.17a: "For a player to mill a number of cards, that player puts that many cards from the
   * top of their library into their graveyard." Mutant tried: the cards taken from the bottom of
   * the library (`slice(-amount)`) — c1 stays in the library and c4 moves: fails.
   */
  it("701.17a: mill 3 puts the top three cards into the graveyard, one zone change each", () => {
    const o = outcome(file(4, "", "  - mill: { id: m, player: nap, amount: 3 }\n"))
    assert.deepStrictEqual(zones(o, ["c1", "c2", "c3", "c4"]), [
      "graveyard",
      "graveyard",
      "graveyard",
      "library"
    ])
    assert.deepStrictEqual(Object.keys(o.events.m?.occurrences ?? {}), ["m:c1", "m:c2", "m:c3"])
    assert.deepStrictEqual(
      o.events.m?.happened.map((h) => [h.family, h.subject]),
      [
        ["zoneChange", "c1"],
        ["zoneChange", "c2"],
        ["zoneChange", "c3"]
      ]
    )
  })

  /**
   * 701.17b: "A player can't mill a number of cards greater than the number of cards in their
   * library. … If instructed to do so, they mill as many as possible." Mutant tried: no
   * `slice(0, amount)` (every library card milled): a library of 4 milled for 3 moves 4 — the
   * first test fails; here a library of 2 told to mill 3 mills 2.
   */
  it("701.17b: a library of two told to mill three mills two", () => {
    const o = outcome(file(2, "", "  - mill: { id: m, player: nap, amount: 3 }\n"))
    assert.deepStrictEqual(zones(o, ["c1", "c2"]), ["graveyard", "graveyard"])
    assert.strictEqual(Object.keys(o.events.m?.occurrences ?? {}).length, 2)
  })

  /**
   * The cards are those on top when the mill happens, not when the file is read: a draw before
   * it takes c1 (CR 121.1), so the mill of 2 takes c2 and c3. Mutant tried: the step without its
   * `at` (the cards read from the compiled view): it mills c1 (already in the hand) and c2 — fails.
   */
  it("the cards milled are read when the mill happens (after a draw)", () => {
    const o = outcome(
      file(
        4,
        "",
        "  - event: { id: d, family: draw, occurrences: [{ to: nap, amount: 1 }] }\n  - mill: { id: m, player: nap, amount: 2 }\n"
      )
    )
    assert.deepStrictEqual(zones(o, ["c1", "c2", "c3", "c4"]), ["hand", "graveyard", "graveyard", "library"])
  })

  /**
   * 614.1a: "Effects that use the word “instead” are replacement effects. Most replacement effects
   * use the word “instead” to indicate what events will be replaced with other events." — "If a
   * card would be put into a graveyard from anywhere, exile it instead" replaces each of the
   * three zone changes (MTG-28). Mutant tried: the mill's zone changes without `to: graveyard`
   * (params `{ from: library }` only): the effect watches nothing, the cards go nowhere — fails.
   */
  it("614.1a: exile-instead replaces each milled card's zone change; the graveyard is unchanged", () => {
    const o = outcome(file(4, exileInstead, "  - mill: { id: m, player: nap, amount: 3 }\n"))
    assert.deepStrictEqual(zones(o, ["c1", "c2", "c3", "c4", "g1"]), [
      "exile",
      "exile",
      "exile",
      "library",
      "graveyard"
    ])
    for (const id of ["m:c1", "m:c2", "m:c3"])
      assert.deepStrictEqual(o.events.m?.occurrences[id]?.applied, ["exile-instead"])
    assert.strictEqual(o.effects["exile-instead"]?.uses, 3)
  })

  /**
   * The trace says what the replacement changed: where the card goes, not an amount ("1 → 1").
   * Mutant tried: core's trace without its `SetParams` wording — "changes the 1 zone change to
   * c1: 1 → 1" — fails.
   */
  it("the trace says the zone change happens with to: exile instead", () => {
    const r = parseScenario(
      file(1, exileInstead, "  - mill: { id: m, player: nap, amount: 1 }\n"),
      "t.yaml",
      [ruleset]
    )
    if (Result.isFailure(r)) throw new Error(r.failure.message)
    const run = checkScenario(r.success).run
    const text = Trace.render(run.trace, { words: ruleset.words, effects: run.ledger.effects })
    assert.include(text, "makes the 1 zone change to c1 happen with to: exile instead")
    assert.notInclude(text, "1 → 1")
  })

  it("an unknown player is a located error", () => {
    const r = parseScenario(file(1, "", "  - mill: { id: m, player: bob, amount: 1 }\n"), "t.yaml", [ruleset])
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r))
      assert.include(r.failure.message, 'at steps[0].mill.player: unknown player "bob"')
  })
})
