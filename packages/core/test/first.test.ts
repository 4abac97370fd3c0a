/**
 * `OrderingPolicy.first`: modifiers of an occurrence's amount applied before anything else, in
 * ledger order, no one choosing, even to an occurrence proposed at 0, signed on the way. The rule
 * it models, Берсерк 533.2: «Предотвращение используется всегда после наложения всех
 * модификаторов атаки (заклинания, воздействия) и применения защит» — an attack modifier changes
 * the attack's strength, a number («+2 к удару» on an attack of strength 0 is an attack of 2;
 * 3, −5, +3 is 1), before any wound can be prevented. Each law is shown against the same policy
 * without `first` (the mutant: core's ordinary replacement, which stops at 0).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, Ledger, type Policy, type Replacement, Resolver } from "../src/index.js"
import { affected, dealt, dmg, ok, plus, shield, view } from "./fixtures.js"

const FIRST = { name: "attack modifiers", categories: ["attackModifier"], rule: "T-f 1: modifiers first" }
const withFirst: Policy.Rules = { ...affected, order: { ...affected.order, first: FIRST } }

const mod = (
  id: string,
  controller: string,
  op: "add" | "mul",
  value: number,
  extra: Partial<Replacement.Replacement> = {}
) =>
  plus(id, controller, 0, {
    category: "attackModifier",
    action: { _tag: "Modify", op, value },
    label: `${op} ${value}`,
    ...extra
  })

const resolve = (
  rules: Policy.Rules,
  amount: number,
  effects: ReadonlyArray<Replacement.Replacement>,
  answers: ReadonlyArray<string> = []
) =>
  Resolver.resolveSync(
    rules,
    GameEvent.make("e", [dmg("d", "napUnit", amount)]),
    Ledger.make(effects),
    view,
    Chooser.scripted(answers)
  )

describe("OrderingPolicy.first (Берсерк 533.2: modifiers of the attack first)", () => {
  it("applies to an occurrence proposed at 0: «+2 к удару» on strength 0 deals 2 (without first: 0)", () => {
    const effects = [mod("m", "ap", "add", 2)]
    const r = ok(resolve(withFirst, 0, effects))
    assert.strictEqual(dealt(r, "napUnit"), 2)
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["m"])
    assert.strictEqual(r.outcomes[0]?.status, "happened")
    // the mutant: the same modifier as an ordinary replacement does not apply at 0
    const plain = ok(resolve(affected, 0, effects))
    assert.strictEqual(dealt(plain, "napUnit"), 0)
    assert.deepStrictEqual(plain.outcomes[0]?.applied, [])
  })

  it("is signed on the way: 3, −5, +3 deals 1 (without first: 0, stopped at 0)", () => {
    const effects = [mod("minus5", "ap", "add", -5), mod("plus3", "ap", "add", 3)]
    const r = ok(resolve(withFirst, 3, effects))
    assert.strictEqual(dealt(r, "napUnit"), 1)
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["minus5", "plus3"])
    assert.deepStrictEqual(
      r.trace.flatMap((t) => (t._tag === "Applied" ? t.changes.map((c) => [c.before, c.after]) : [])),
      [
        [3, -2],
        [-2, 1]
      ]
    )
    // what they give is what the occurrence proposes (an attack's strength), not a modification
    assert.strictEqual(r.outcomes[0]?.proposed, 1)
    assert.strictEqual(r.outcomes[0]?.modified, 0)
    const plain = ok(resolve(affected, 3, effects, ["minus5"]))
    assert.strictEqual(dealt(plain, "napUnit"), 0)
  })

  it("in ledger order, no one asked, before every other effect: (3 + 1) × 2 = 8, then a shield of 4", () => {
    const effects = [
      shield("s", "nap", ["napUnit"], 4),
      mod("p1", "nap", "add", 1),
      mod("x2", "ap", "mul", 2)
    ]
    const r = ok(resolve(withFirst, 3, effects))
    assert.deepStrictEqual(r.decisions, [])
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["p1", "x2", "s"])
    assert.strictEqual(dealt(r, "napUnit"), 4)
    const applied = r.trace.flatMap((t) => (t._tag === "Applied" ? [[t.effect, t.tier, t.chosenBy]] : []))
    assert.deepStrictEqual(applied.slice(0, 2), [
      ["p1", "attack modifiers", "applied first, in ledger order"],
      ["x2", "attack modifiers", "applied first, in ledger order"]
    ])
    // the other order in the ledger is the other arithmetic: 3 × 2 + 1 = 7, then 4 prevented
    const swapped = ok(
      resolve(withFirst, 3, [effects[0], effects[2], effects[1]] as ReadonlyArray<Replacement.Replacement>)
    )
    assert.strictEqual(dealt(swapped, "napUnit"), 3)
    // the mutant: as ordinary replacements, nap chooses among the three (a decision)
    const plain = resolve(affected, 3, effects)
    assert.isTrue(Result.isFailure(plain) || ok(plain).decisions.length > 0)
  })

  it("held at 0 once they are all applied: 3, −5 stops there and nothing else applies", () => {
    const r = ok(resolve(withFirst, 3, [mod("minus5", "ap", "add", -5), shield("s", "nap", ["napUnit"], 4)]))
    assert.strictEqual(dealt(r, "napUnit"), 0)
    assert.strictEqual(r.outcomes[0]?.status, "zero")
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["minus5"])
    assert.strictEqual(r.trace.filter((t) => t._tag === "ReachedZero").length, 1)
    // the shield was not used
    assert.isFalse(Ledger.isSpent(r.ledger, "s"))
    assert.notInclude(
      r.trace.flatMap((t) => (t._tag === "Applied" ? [t.effect] : [])),
      "s"
    )
  })

  it("keeps to what an effect applies to: its watch and its limit", () => {
    const other = mod("elsewhere", "ap", "add", 5, {
      watch: { family: "damage", subject: { _tag: "Id", ids: ["apUnit"] } }
    })
    const once = mod("once", "ap", "add", 1, { limit: { times: 1 } })
    const r = ok(
      Resolver.resolveSync(
        withFirst,
        GameEvent.make("e", [dmg("d1", "napUnit", 1), dmg("d2", "napAlly", 1)]),
        Ledger.make([other, once]),
        view,
        Chooser.scripted([])
      )
    )
    assert.deepStrictEqual(
      r.outcomes.map((o) => [o.subject, o.applied]),
      [
        ["napUnit", ["once"]],
        ["napAlly", []]
      ]
    )
  })

  it("refuses what would ask: a «may», a cost, or an effect that does not change the amount", () => {
    for (const [bad, path] of [
      [mod("may", "ap", "add", 1, { optional: true }), "optional"],
      [{ ...shield("p", "ap", ["napUnit"], 1), category: "attackModifier" }, "action"]
    ] as const) {
      const r = resolve(withFirst, 3, [bad])
      assert.isTrue(Result.isFailure(r))
      if (Result.isFailure(r)) {
        assert.include(r.failure.message, bad.id)
        assert.include(r.failure.message, path)
      }
    }
  })
})

describe("OrderingPolicy.first: only when the event starts", () => {
  it("an effect of a first category that can't apply when the event starts is not offered later", () => {
    // "gate" holds only at an amount of 1 or less: not at 3, when the event starts; the shield
    // then leaves 1, and "gate" is not applied then (it would deal 11)
    const gate = mod("gate", "ap", "add", 10, { condition: { _tag: "AmountIs", op: "lte", value: 1 } })
    const r = ok(resolve(withFirst, 3, [gate, shield("s", "nap", ["napUnit"], 2)]))
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["s"])
    assert.strictEqual(dealt(r, "napUnit"), 1)
    // the mutant: as an ordinary replacement it applies after the shield
    const plain = ok(resolve(affected, 3, [gate, shield("s", "nap", ["napUnit"], 2)]))
    assert.strictEqual(dealt(plain, "napUnit"), 11)
  })
})
