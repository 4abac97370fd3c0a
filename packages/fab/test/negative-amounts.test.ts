/**
 * Amounts below 0. FaB 2.0.3c: "A numeric property cannot have a negative base or modified value.
 * If one or more effects would set or reduce the base or modified value of a numeric property to
 * be less than zero, instead they set or reduce it to zero." 1.12.1b: "If a rule or effect
 * requires a player to choose a number, the number selected must be a non-negative integer - zero
 * and above." An Amp N whose N is computed below 0 counts as 0 (in core, for every game): it
 * never turns "deals N more" into "deals less"; a negative number written in a file is refused.
 */
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const file = (amount: string) => `format: 2
ruleset: fab
turn: alice
players: [alice, bob]
objects:
  - { id: bolt, controller: alice, zone: stack, types: [action] }
effects:
  - { kind: amp, id: amp, controller: alice, amount: ${amount} }
steps:
  - event: { id: e1, occurrences: [{ source: bolt, to: bob, amount: 5, kinds: [arcane] }] }
`

describe("amounts below 0 (FaB 2.0.3c, 1.12.1b)", () => {
  it("Amp N with N computed as 1 − 104 adds nothing: 5 stays 5 (before: 0)", () => {
    const loaded = parseScenario(file("{ minus: [1, 104] }"), "case.yaml", [ruleset])
    if (Result.isFailure(loaded)) return expect.fail(loaded.failure.message)
    expect(checkScenario(loaded.success).run.outcome.events.e1?.dealt).toEqual({ bob: 5 })
  })
  it("Amp N with N computed as 3 − 1 still adds 2", () => {
    const loaded = parseScenario(file("{ minus: [3, 1] }"), "case.yaml", [ruleset])
    if (Result.isFailure(loaded)) return expect.fail(loaded.failure.message)
    expect(checkScenario(loaded.success).run.outcome.events.e1?.dealt).toEqual({ bob: 7 })
  })
  it("a literal `amount: -3` is refused with its line", () => {
    const loaded = parseScenario(file("-3"), "case.yaml", [ruleset])
    if (Result.isSuccess(loaded)) return expect.fail("a negative Amp loaded")
    expect(loaded.failure._tag).toBe("SchemaMismatch")
    expect(loaded.failure.message).toContain("case.yaml:8:")
  })
})
