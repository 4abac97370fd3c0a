/**
 * Property laws of FaB prevention, over random amounts.
 *
 * 6.4.10a: "for every 1 damage [...] the 1 damage is prevented and the remaining prevention
 * amount of the effect is reduced by 1. If the prevention amount has been reduced to 0, any
 * remaining damage is dealt as normal."
 * 6.4.10i: a fixed-prevention's leftover "is not used to prevent a subsequent damage event".
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { base, damage, run } from "./helpers.js"

const Small = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 }))

describe("laws", () => {
  it.prop(
    "6.4.10a: a shield of n on d damage deals max(0, d − n) and keeps max(0, n − d)",
    [Small, Small],
    ([n, d]) => {
      const r = run({
        ...base,
        effects: [{ kind: "preventNext", id: "p", controller: "bob", amount: n }],
        steps: [damage("e1", "S", "bob", d)]
      })
      expect(r.outcome.state["bob"]?.["life"]).toBe(20 - Math.max(0, d - n))
      expect(r.outcome.effects["p"]?.remaining).toBe(n === 0 ? 0 : Math.max(0, n - d))
    }
  )

  it.prop(
    "6.4.10i: a fixed n on d1 then d2 prevents min(n, d1) and nothing of d2",
    [Small, Small, Small],
    ([n, d1, d2]) => {
      const r = run({
        ...base,
        effects: [{ kind: "prevent", id: "p", controller: "bob", amount: n }],
        steps: [damage("e1", "S", "bob", d1), damage("e2", "S", "bob", d2)]
      })
      const prevented1 = Math.min(n, d1)
      // the second event is prevented only if the fixed prevention never prevented anything
      const prevented2 = prevented1 > 0 ? 0 : Math.min(n, d2)
      // a life total is never below 0 (2.5.3e)
      expect(r.outcome.state["bob"]?.["life"]).toBe(Math.max(0, 20 - (d1 - prevented1) - (d2 - prevented2)))
    }
  )
})
