/**
 * `Policy.slotsByPlayer` with `cycle: true`: within a slot the players are taken round again until
 * no effect of the slot is left to apply (FaB CR 6.5.2: "each player in clockwise order applies
 * their active replacement effects of that type one-by-one until they do not control any more
 * active replacement effects of that type; starting with the selected player and ending when
 * there are no more active replacement effects of that type to apply"). Without it (the default)
 * each player is taken once per slot.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, type Kernel, Ledger, Policy, Resolver } from "../src/index.js"
import { declare, dmg, shield, view } from "./fixtures.js"

const ok = (r: Result.Result<Kernel.Resolution, { message: string }>): Kernel.Resolution => {
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

const cycling: Policy.Rules = {
  ...declare,
  name: "declare-cycle",
  order: Policy.slotsByPlayer({
    name: "declare-cycle",
    rule: "T-c 1: slots, then players clockwise from the selected one, round again",
    slots: [
      { name: "standard", categories: ["standard"] },
      { name: "prevention", categories: ["prevention"] }
    ],
    players: "clockwiseFromSelected",
    startingPlayerRule: "T-c 0",
    cycle: true
  })
}

// ap: "prevent the next 1" (active at once) and "if it is 3 or less, prevent 1" (active only
// after nap's shield); nap: "prevent the next 2". 5 damage to napUnit, ap selected.
const effects = [
  shield("apFirst", "ap", ["napUnit"], 1),
  shield("napShield", "nap", ["napUnit"], 2),
  shield("apLate", "ap", ["napUnit"], 1, { condition: { _tag: "AmountIs", op: "lte", value: 3 } })
]
const resolve = (rules: Policy.Rules) =>
  ok(
    Resolver.resolveSync(
      rules,
      GameEvent.make("e", [dmg("x", "napUnit", 5)]),
      Ledger.make(effects),
      view,
      Chooser.scripted(["ap"])
    )
  )

describe("slotsByPlayer cycle", () => {
  it("goes back to a passed player whose effect became applicable: 5 − 1 − 2 − 1 = 1", () => {
    const r = resolve(cycling)
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["apFirst", "napShield", "apLate"])
    assert.strictEqual(r.outcomes[0]?.amount, 1)
  })

  it("by default takes each player once per slot: apLate is left out, 5 − 1 − 2 = 2", () => {
    const r = resolve(declare)
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["apFirst", "napShield"])
    assert.strictEqual(r.outcomes[0]?.amount, 2)
  })

  it("never goes back to a slot already passed", () => {
    const late = { ...shield("late", "nap", ["napUnit"], 0), category: "standard" as const }
    const r = ok(
      Resolver.resolveSync(
        cycling,
        GameEvent.make("e", [dmg("x", "napUnit", 5)]),
        Ledger.make([
          shield("napShield", "nap", ["napUnit"], 2),
          {
            ...late,
            label: "if it is 3 or less, +10",
            action: { _tag: "Modify", op: "add", value: 10 },
            condition: { _tag: "AmountIs", op: "lte", value: 3 }
          }
        ]),
        view,
        Chooser.firstLegal
      )
    )
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["napShield"])
    assert.strictEqual(r.outcomes[0]?.amount, 3)
  })
})
