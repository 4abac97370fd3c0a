/**
 * Amounts below 0. Riftbound 714.1: "Bonus Damage can only be a positive value, and can only
 * increase the amount of Damage being distributed." 714.2: "If, for any reason, Bonus Damage
 * would be a negative number, then no Bonus Damage is applied to the action." A computed amount
 * below 0 counts as 0 (in core, for every game): a Bonus Damage or a modifier's "plus X" whose X
 * comes out negative adds nothing; a negative number written in a file is refused with its line.
 */
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const file = (effect: string) => `format: 2
ruleset: riftbound
players: [A, B]
turn: A
objects:
  - { id: U, controller: B, types: [unit], might: 500 }
  - { id: ray, controller: A }
effects:
  - ${effect}
steps:
  - event: { id: hit, occurrences: [{ id: hit:U, to: U, amount: 3, source: ray }] }
`

const dealt = (effect: string) => {
  const loaded = parseScenario(file(effect), "case.yaml", [ruleset])
  if (Result.isFailure(loaded)) throw new Error(loaded.failure.message)
  return checkScenario(loaded.success).run.outcome.events.hit?.dealt
}

describe("amounts below 0 (Riftbound 714.2)", () => {
  it("a Bonus Damage computed as 1 − 104 applies no Bonus Damage: 3 stays 3", () => {
    expect(dealt("{ kind: bonusDamage, id: b, controller: A, to: U, amount: { minus: [1, 104] } }")).toEqual({
      U: 3
    })
    // a positive Bonus Damage still adds (the clamp does not swallow the effect)
    expect(dealt("{ kind: bonusDamage, id: b, controller: A, to: U, amount: { minus: [5, 3] } }")).toEqual({
      U: 5
    })
  })
  it("a modifier's computed “add X” below 0 adds nothing", () => {
    expect(
      dealt("{ kind: modify, id: m, controller: A, to: U, op: add, value: { minus: [1, 104] } }")
    ).toEqual({
      U: 3
    })
  })
  it("a literal negative (or fractional) modifier value is refused with its line", () => {
    for (const v of ["-3", "1.5"]) {
      const loaded = parseScenario(
        file(`{ kind: modify, id: m, controller: A, to: U, op: add, value: ${v} }`),
        "case.yaml",
        [ruleset]
      )
      if (Result.isSuccess(loaded)) return expect.fail(`value: ${v} loaded`)
      expect(loaded.failure._tag).toBe("SchemaMismatch")
      expect(loaded.failure.message).toContain("case.yaml:9:")
    }
  })
})
