/**
 * Amounts computed when the effect applies, in Riftbound's amount options (`prevent`'s Prevent
 * Value, `modify`'s value): Riftbound 437.2 tracks a Prevent Value on the unit, so a computed
 * value is fixed the first time the prevention applies and then decreases (core's `shield`
 * rule); a modifier's computed value is read at each event.
 */
import { Chooser, Ruleset } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, ruleset } from "../src/index.js"

const run = (doc: Readonly<Record<string, unknown>>) => {
  const c = Skeleton.compileData(ruleset.language as never, {
    format: 2,
    ruleset: "riftbound",
    players: ["A", "B"],
    turn: "A",
    ...doc
  })
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return Ruleset.run(ruleset.rules, c.success, Chooser.firstLegal)
}

const objects = [
  { id: "U", controller: "B", types: ["unit"], might: 5 },
  { id: "V", controller: "B", types: ["unit"], might: 2 },
  { id: "W", controller: "A", types: ["unit"], might: 2 }
]
const hit = (id: string, amount: number) => ({
  event: { id, occurrences: [{ id: `${id}d`, to: "U", amount }] }
})

describe("Riftbound amounts computed when the effect applies", () => {
  it("a modifier's value (plus the number of units you control) is read at each event", () => {
    const r = run({
      objects,
      effects: [
        {
          kind: "modify",
          id: "m",
          controller: "A",
          to: "U",
          op: "add",
          value: { count: { types: ["unit"], controller: "you", zone: "board" } }
        }
      ],
      steps: [hit("e1", 1), { update: { object: "W", zone: "trash" } }, hit("e2", 1)]
    })
    expect(r.outcome.events["e1"]?.dealt).toEqual({ U: 2 })
    expect(r.outcome.events["e2"]?.dealt).toEqual({ U: 1 })
  })

  it("437.2 a Prevent Value of X (X = the unit's Might less 3) is fixed when first used, then decreases", () => {
    const r = run({
      objects,
      effects: [
        {
          kind: "prevent",
          id: "p",
          controller: "B",
          to: "U",
          amount: { minus: [{ prop: "might", of: "subject" }, 3] }
        }
      ],
      steps: [hit("e1", 1), hit("e2", 3)]
    })
    expect(r.outcome.events["e1"]?.dealt).toEqual({})
    expect(r.outcome.events["e2"]?.dealt).toEqual({ U: 2 })
  })

  it("the constructors refuse a malformed expression when called", () => {
    expect(() => Effects.prevent({ id: "p", controller: "B", to: "U", amount: { half: 3 } })).toThrow(
      /invalid amount for prevent "p" amount: `half` needs `round/
    )
  })
})
