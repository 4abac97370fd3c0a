/**
 * 465.2.c.4.a: "the assigning player must choose the minimum applied value such that the unit
 * would take lethal damage" — with the unit's replacement effects applied in its controller's
 * order (372), Bonus Damage first (437.1.a.1, 714), the Prevent Value counted (437.5.a), never
 * lethal under Prevent All (437.5.b).
 *
 * `Combat.minimumLethalInput` answers in closed form when the unit's effects are plain amount
 * changes (ClosedForm.ts), and otherwise by resolving previews with the kernel. The law here:
 * on generated boards the closed form gives exactly what whole previews give (the same
 * `MinimumLethal`: input, applied, prevented, dealt, or the same `Never` with its rule and
 * reason). Whole previews are forced by giving the context the same chooser explicitly
 * (`Chooser.bestForChooser()`), which the closed form never takes. The generated boards include
 * the shapes that must fall back (a condition, a "may", a replacement by nothing, a declared
 * order, two Prevent Alls, a use limit), and the test checks both paths were taken. A mutant
 * closed form that doubles before preventing (the order 465.2.c.5's example shows is the
 * controller's worse choice) is caught by the same law.
 */
import { Chooser, Ledger, type Replacement } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import * as ClosedForm from "../src/ClosedForm.js"
import { Combat, Effects, Rules } from "../src/index.js"
import { game } from "./helpers.js"

const ok = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`unexpected failure: ${String(r.failure)}`)
  return r.success
}

const Kind = Schema.Literals([
  "shield",
  "usedShield",
  "spentShield",
  "static",
  "preventNext",
  "preventAll",
  "add",
  "sub",
  "addNegative",
  "double",
  "triple",
  "times0",
  "times1",
  "bonus",
  "bonusFromSource",
  "otherUnit",
  "notCombat",
  // the shapes that fall back to whole previews
  "conditional",
  "optional",
  "cant",
  "limited"
])

const EffectSpec = Schema.Struct({
  kind: Kind,
  n: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 })),
  controller: Schema.Literals(["A", "B"])
})

const Board = Schema.Struct({
  might: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 8 })),
  damage: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 })),
  declared: Schema.Boolean,
  effects: Schema.Array(EffectSpec).check(Schema.isMaxLength(6))
})
type Board = typeof Board.Type

const effectOf = (s: typeof EffectSpec.Type, i: number): ReadonlyArray<Replacement.Replacement> => {
  const c = { id: `e${i}`, controller: s.controller, to: "U" }
  const n = s.n
  switch (s.kind) {
    case "shield":
    case "usedShield":
    case "spentShield":
      return [Effects.prevent({ ...c, amount: n + 1 })]
    case "static":
      return [
        {
          ...Effects.prevent({ ...c, amount: n }),
          action: { _tag: "Prevent", amount: n, scope: "static" }
        }
      ]
    case "preventNext":
      return [Effects.preventNext(c)]
    case "preventAll":
      return [Effects.prevent({ ...c, amount: "all" })]
    case "add":
      return [Effects.modify({ ...c, op: "add", value: n })]
    case "sub":
      return [Effects.modify({ ...c, op: "sub", value: n })]
    case "addNegative":
      return [Effects.modify({ ...c, op: "add", value: -n })]
    case "double":
      return [Effects.double(c)]
    case "triple":
      return [Effects.modify({ ...c, op: "mul", value: 3 })]
    case "times0":
      return [Effects.modify({ ...c, op: "mul", value: 0 })]
    case "times1":
      return [Effects.modify({ ...c, op: "mul", value: 1 })]
    case "bonus":
      // Bonus Damage that watches the unit's damage from any source (no source filter)
      return [
        {
          ...Effects.modify({ ...c, op: "add", value: n }),
          category: Rules.Category.bonus
        }
      ]
    case "bonusFromSource":
      // 437.1.a.1: from sources its controller controls — an assignment has no source
      return [Effects.bonusDamage({ id: c.id, controller: s.controller, amount: n, to: "U" })]
    case "otherUnit":
      return [Effects.modify({ ...c, to: "V", op: "add", value: n + 1 })]
    case "notCombat":
      return [
        {
          ...Effects.modify({ ...c, op: "add", value: n + 1 }),
          watch: { family: "damage", subject: { _tag: "Id", ids: ["U"] }, kinds: { noneOf: ["combat"] } }
        }
      ]
    case "conditional":
      return [
        {
          ...Effects.modify({ ...c, op: "add", value: 2 }),
          condition: { _tag: "AmountIs", op: "gte", value: n + 1 }
        }
      ]
    case "optional":
      return [{ ...Effects.modify({ ...c, op: "add", value: n }), optional: true }]
    case "cant":
      return [Effects.cantBeDealtDamage(c)]
    case "limited":
      return [{ ...Effects.double(c), limit: { times: 1, resetsAt: "endOfTurn" } }]
  }
}

/** The board's context: unit U (and V), its effects, shields used or spent as generated. */
const contextOf = (b: Board) => {
  const effects = b.effects.flatMap(effectOf)
  let ledger = Ledger.make(effects)
  const states = new Map<string, Ledger.EffectState>()
  b.effects.forEach((s, i) => {
    if (s.kind === "usedShield") states.set(`e${i}`, { remaining: s.n, uses: 1, spent: false })
    if (s.kind === "spentShield") states.set(`e${i}`, { remaining: 0, uses: 1, spent: true })
  })
  ledger = Ledger.withStates(ledger, states)
  const ctx = game(
    {
      U: {
        might: b.might,
        damage: b.damage,
        ...(b.declared ? { order: effects.map((e) => e.id).reverse() } : {})
      },
      V: { might: 3 }
    },
    []
  )
  return { ...ctx, ledger }
}

type Minimum = (ctx: Combat.Context, unit: string) => Combat.MinimumLethal

/** Where `minimum` and whole previews disagree on a board, as a message (empty: they agree). */
const disagreement = (b: Board, minimum: Minimum): string => {
  const ctx = contextOf(b)
  const whole = ok(Combat.minimumLethalInput({ ...ctx, chooser: Chooser.bestForChooser() }, "U"))
  const got = minimum(ctx, "U")
  const x = JSON.stringify(got)
  const y = JSON.stringify(whole)
  return x === y ? "" : `${JSON.stringify(b)}: closed form ${x}, whole previews ${y}`
}

const counts = { closed: 0, fallback: 0, lethal: 0, never: 0 }

const real: Minimum = (ctx, unit) => {
  if (ClosedForm.unitOf(ctx.ledger, ctx.view, unit).chain === undefined) counts.fallback++
  else counts.closed++
  const m = ok(Combat.minimumLethalInput(ctx, unit))
  if (m._tag === "Lethal") counts.lethal++
  else counts.never++
  return m
}

/**
 * The mutant: the same chain, but the controller doubles before preventing (465.2.c.5: "If they
 * choose the other order, the unit will have 6 damage assigned to it, 2 of which will be
 * prevented") — a closed form that assumes the worse order.
 */
const doublesFirst: Minimum = (ctx, unit) => {
  const u = ClosedForm.unitOf(ctx.ledger, ctx.view, unit)
  const c = u.chain
  if (c === undefined || c.zero !== undefined || Rules.isLethal(u.might, u.marked))
    return ok(Combat.minimumLethalInput(ctx, unit))
  const dealt = (x: number) => Math.max(0, (x + c.bonus) * c.product - c.subs) + (x > 0 ? c.adds : 0)
  let x = 1
  while (dealt(x) < Math.max(1, u.might - u.marked)) x++
  return { _tag: "Lethal", input: x, applied: dealt(x) + c.prevents, prevented: c.prevents, dealt: dealt(x) }
}

describe("minimum lethal input in closed form agrees with whole previews (465.2.c.4.a, 372, 437.5)", () => {
  it.prop(
    "on generated boards, the closed form's MinimumLethal is the whole previews' one",
    [Board],
    ([b]) => {
      const d = disagreement(b, real)
      if (d !== "") throw new Error(d)
    },
    { arbitrary: { runs: 400, seed: 20261201 } }
  )

  it("took both paths: the closed form and the fallback, lethal and never", () => {
    assert.isAbove(counts.closed, 100)
    assert.isAbove(counts.fallback, 50)
    assert.isAbove(counts.lethal, 100)
    assert.isAbove(counts.never, 20)
  })

  /** 465.2.c.5's example: Prevent Value 2, then doubled: 3 assigned → 4 applied, 2 dealt. */
  it("the closed form on 465.2.c.5's example: 2 is the least lethal input for Might 2", () => {
    const ctx = game({ U: { might: 2 } }, [
      Effects.prevent({ id: "p", controller: "B", to: "U", amount: 2 }),
      Effects.double({ id: "lotus", controller: "A", to: "U" })
    ])
    assert.isDefined(ClosedForm.unitOf(ctx.ledger, ctx.view, "U").chain)
    // 3 assigned: 2 prevented, the last 1 doubled to 2: lethal for Might 2; 2 assigned deals 0
    assert.deepStrictEqual(ok(Combat.minimumLethalInput(ctx, "U")), {
      _tag: "Lethal",
      input: 3,
      applied: 4,
      prevented: 2,
      dealt: 2
    })
  })

  it("the mutant that doubles before preventing is caught by the same law", () => {
    const board: Board = {
      might: 2,
      damage: 0,
      declared: false,
      effects: [
        { kind: "shield", n: 1, controller: "B" },
        { kind: "double", n: 0, controller: "A" }
      ]
    }
    assert.strictEqual(disagreement(board, real), "")
    assert.notStrictEqual(disagreement(board, doublesFirst), "")
  })
})
