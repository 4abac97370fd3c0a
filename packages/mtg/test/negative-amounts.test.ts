/**
 * Amounts below 0. CR 510.1a: "Each attacking creature and each blocking creature assigns combat
 * damage equal to its power. Creatures that would assign 0 or less damage this way don’t assign
 * combat damage at all." — an amount computed to be below 0 is no amount, never a negative one:
 * a computed "plus X" whose X comes out below 0 adds nothing (it counts as 0, in core, for every
 * game), and a file that writes a negative number for a modifier's value is refused with its line
 * (`op: sub` says "less").
 */
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const file = (value: string) => `format: 2
ruleset: mtg
players: [ap, nap]
objects:
  - { id: Z, controller: nap, types: [Creature], power: 5, toughness: 500 }
  - { id: src, controller: ap, zone: stack, types: [Sorcery] }
effects:
  - { kind: modify, id: m, controller: ap, to: Z, op: add, value: ${value} }
steps:
  - event: { id: e, occurrences: [{ source: src, to: Z, amount: 200 }] }
`

describe("amounts below 0 (CR 510.1a)", () => {
  it("a computed X = 1 − 104 = −103 in “plus X” adds nothing: 200 stays 200 (before: 97)", () => {
    const loaded = parseScenario(file("{ minus: [1, 104] }"), "case.yaml", [ruleset])
    if (Result.isFailure(loaded)) return expect.fail(loaded.failure.message)
    const run = checkScenario(loaded.success).run
    expect(run.outcome.events.e?.dealt).toEqual({ Z: 200 })
    expect(
      run.trace.some((t) => t._tag === "Applied" && /below 0: counts as 0/.test(JSON.stringify(t)))
    ).toBe(true)
  })
  it("a literal `value: -3` is refused with its line and column", () => {
    const loaded = parseScenario(file("-3"), "case.yaml", [ruleset])
    if (Result.isSuccess(loaded)) return expect.fail("a negative modifier value loaded")
    expect(loaded.failure._tag).toBe("SchemaMismatch")
    expect(loaded.failure.message).toContain("case.yaml:8:")
    expect(loaded.failure.message).toContain("must be a whole number ≥ 0")
  })
})
