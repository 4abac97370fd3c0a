/**
 * Amounts computed when the effect applies, in Riftbound's amount options (`prevent`'s Prevent
 * Value, `modify`'s value): Riftbound 437.2 tracks a Prevent Value on the unit, so a computed
 * value is fixed the first time the prevention applies and then decreases (core's `shield`
 * rule); a modifier's computed value is read at each event.
 */
import { Chooser, Ledger, Ruleset } from "@bulwark/core"
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

/**
 * Bonus Damage written as an amount computed when the Deal action happens. 713: "Bonus Damage is
 * an intrinsic property that can be granted to Deal actions that influence the amount of Damage
 * that the action is distributing." 714.2: "If, for any reason, Bonus Damage would be a negative
 * number, then no Bonus Damage is applied to the action."
 */
describe("Riftbound Bonus Damage with a computed amount (712–715)", () => {
  const bonus = (amount: unknown) => ({
    kind: "bonusDamage",
    id: "b",
    controller: "A",
    amount
  })
  const deal = (id: string, amount: number) => ({
    event: { id, occurrences: [{ id: `${id}d`, to: "U", source: "spell", amount }] }
  })
  const withSpell = [...objects, { id: "spell", controller: "A", types: ["spell"] }]
  const units = { count: { types: ["unit"], controller: "you", zone: "board" } }

  it("713: the Bonus Damage (the number of units you control) is counted at each Deal action", () => {
    const r = run({
      objects: withSpell,
      effects: [bonus(units)],
      steps: [deal("e1", 2), { update: { object: "W", zone: "trash" } }, deal("e2", 2)]
    })
    expect(r.outcome.events["e1"]?.dealt).toEqual({ U: 3 })
    expect(r.outcome.events["e2"]?.dealt).toEqual({ U: 2 })
  })

  it("715.4.a: a Prevent sees the damage with the computed Bonus Damage included", () => {
    const r = run({
      objects: withSpell,
      effects: [
        bonus({ plus: [units, 2] }),
        { kind: "prevent", id: "p", controller: "B", to: "U", amount: 3 }
      ],
      steps: [deal("e1", 1)]
    })
    // 1 + (1 unit + 2) = 4 dealt, 3 prevented: "The unit takes 1 damage."
    expect(r.outcome.events["e1"]?.dealt).toEqual({ U: 1 })
  })

  it("714.2: a Bonus Damage that would be negative adds nothing and takes nothing away", () => {
    const r = run({
      objects: withSpell,
      effects: [bonus({ minus: [units, 3] })],
      steps: [deal("e1", 4)]
    })
    expect(r.outcome.events["e1"]?.dealt).toEqual({ U: 4 })
  })

  it("mutant: without the 714.2 floor (core's, on a computed value), the negative Bonus Damage (1 − 3) would reduce the damage", () => {
    const real = Effects.bonusDamage({ id: "b", controller: "A", amount: { minus: [units, 3] } })
    const a = real.action
    // the value is X as written: the floor is core's, not a max(X, 0) of the adapter's
    if (
      a._tag !== "Modify" ||
      typeof a.value !== "object" ||
      a.value._tag !== "Arith" ||
      a.value.op !== "minus"
    )
      throw new Error("expected X = units − 3, as written")
    // the mutant: the same Bonus Damage with X already computed as the number −2 (a literal
    // value is core's signed "add", not floored), which is what X would do without the floor
    const inner = -2
    const c = Skeleton.compileData(ruleset.language as never, {
      format: 2,
      ruleset: "riftbound",
      players: ["A", "B"],
      turn: "A",
      objects: withSpell,
      steps: [deal("e1", 4)]
    })
    if (Result.isFailure(c)) throw new Error(c.failure.message)
    const dealt = (e: typeof real) =>
      Ruleset.run(ruleset.rules, { ...c.success, ledger: Ledger.make([e]) }, Chooser.firstLegal).outcome
        .events["e1"]?.dealt
    expect(dealt(real)).toEqual({ U: 4 })
    expect(dealt({ ...real, action: { ...a, value: inner } })).toEqual({ U: 2 })
  })

  it("the constructor refuses `all` and a malformed expression when called", () => {
    expect(() => Effects.bonusDamage({ id: "b", controller: "A", amount: "all" })).toThrow(
      /bonusDamage "b" amount/
    )
    expect(() => Effects.bonusDamage({ id: "b", controller: "A", amount: { half: 3 } })).toThrow(
      /invalid amount for bonusDamage "b" amount: `half` needs `round/
    )
  })
})
