/**
 * `Combat.isLegalAssignment` is `Combat.validateAssignment`'s `legal`, without the record. The
 * rules it checks in one pass when every unit is in the closed form (465.2.c: "assign the summed
 * Might among the other side's units"; 465.2.c.3: lethal damage in full before moving on;
 * 465.2.c.4 / 465.2.c.4.a: no more than the minimum applied lethal input while other units
 * remain; 465.2.c.10: a unit that can't be dealt damage is ignored for lethal assignment), and
 * everything else (Tank, Backline, a declared order, a conditional effect) by the validation.
 *
 * The law: on generated boards and splits (legal ones, one more or one less on a unit, an
 * unknown unit, a fraction), the two always agree. A mutant that forgets 465.2.c.3 (two units
 * short of lethal) is caught by the same law.
 */
import type { Replacement } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Combat, Effects } from "../src/index.js"
import { game } from "./helpers.js"

const ok = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`unexpected failure: ${String(r.failure)}`)
  return r.success
}

const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const effectOn = (rand: () => number, id: string, to: string): Replacement.Replacement => {
  const c = { id, controller: rand() < 0.5 ? "A" : "B", to }
  const n = Math.floor(rand() * 3)
  const k = Math.floor(rand() * 8)
  switch (k) {
    case 0:
      return Effects.prevent({ ...c, amount: n + 1 })
    case 1:
      return Effects.modify({ ...c, op: "add", value: n + 1 })
    case 2:
      return Effects.double(c)
    case 3:
      return rand() < 0.3
        ? Effects.prevent({ ...c, amount: "all" })
        : Effects.modify({ ...c, op: "sub", value: n })
    case 4:
      return Effects.cantBeDealtDamage(c)
    case 5:
      // not in the closed form's shape: the validation decides
      return {
        ...Effects.modify({ ...c, op: "add", value: 2 }),
        condition: { _tag: "AmountIs", op: "gte", value: n + 1 }
      }
    default:
      return Effects.modify({ ...c, op: "mul", value: 3 })
  }
}

const boardOf = (rand: () => number) => {
  const n = 1 + Math.floor(rand() * 4)
  const ids = Array.from({ length: n }, (_, i) => `U${i}`)
  const units = Object.fromEntries(
    ids.map((id) => [
      id,
      {
        might: Math.floor(rand() * 6),
        damage: Math.floor(rand() * 2),
        tank: rand() < 0.1,
        backline: rand() < 0.1
      }
    ])
  )
  const effects = ids.flatMap((id) =>
    Array.from({ length: Math.floor(rand() * 3) }, (_, j) => effectOn(rand, `${id}-e${j}`, id))
  )
  return { ids, ctx: game(units, effects) }
}

/** Splits to ask about: each unit's minimum in order (legal), then one changed in some way. */
const splitsOf = (rand: () => number, ids: ReadonlyArray<string>, mins: ReadonlyArray<number | "never">) => {
  const base: Record<string, number> = {}
  ids.forEach((id, i) => {
    const m = mins[i] as number | "never"
    base[id] = m === "never" ? Math.floor(rand() * 3) : m
  })
  const total = (a: Record<string, number>) => Object.values(a).reduce((s, x) => s + x, 0)
  const pick = ids[Math.floor(rand() * ids.length)] as string
  const more = { ...base, [pick]: (base[pick] ?? 0) + 1 }
  const less = { ...base, [pick]: Math.max(0, (base[pick] ?? 0) - 1) }
  const out: Array<Combat.Proposal> = [
    { total: total(base), units: ids, assign: base },
    { total: total(more), units: ids, assign: more },
    { total: total(less), units: ids, assign: less },
    { total: total(base) + 1, units: ids, assign: base },
    { total: total(base) + 1, units: ids, assign: { ...base, X: 1 } },
    { total: total(base) + 0.5, units: ids, assign: { ...base, [pick]: (base[pick] ?? 0) + 0.5 } }
  ]
  // two units short of lethal (465.2.c.3) when there are two
  if (ids.length > 1) {
    const short = { ...base, [ids[0] as string]: 0, [ids[1] as string]: 0 }
    const spread = { ...short, [ids[0] as string]: 1, [ids[1] as string]: 1 }
    out.push({ total: total(spread), units: ids, assign: spread })
  }
  return out
}

type Legal = (ctx: Combat.Context, p: Combat.Proposal) => boolean

const validation: Legal = (ctx, p) => ok(Combat.validateAssignment(ctx, p)).legal

/** The mutant: the one-pass check without 465.2.c.3 (two units short of lethal pass). */
const forgets3: Legal = (ctx, p) =>
  ok(Combat.validateAssignment(ctx, p)).violations.every((v) => v.rule === "465.2.c.3")

const disagreements = (legal: Legal, seed: number) => {
  const rand = prng(seed)
  let differ = 0
  let legalCount = 0
  let illegalCount = 0
  for (let n = 0; n < 300; n++) {
    const { ids, ctx } = boardOf(rand)
    const mins = ok(Combat.unitInfos(ctx, ids)).map((u) => u.min)
    for (const p of splitsOf(rand, ids, mins)) {
      const want = validation(ctx, p)
      if (want) legalCount++
      else illegalCount++
      if (legal(ctx, p) !== want) differ++
    }
  }
  return { differ, legalCount, illegalCount }
}

describe("isLegalAssignment is validateAssignment's legal (465.2.c, 465.2.c.3, 465.2.c.4, 465.2.c.10)", () => {
  it("on generated boards and splits, legal and illegal ones, both agree", () => {
    const r = disagreements((ctx, p) => ok(Combat.isLegalAssignment(ctx, p)), 465)
    assert.strictEqual(r.differ, 0)
    assert.isAbove(r.legalCount, 200)
    assert.isAbove(r.illegalCount, 200)
  })

  it("465.2.c.3: two units short of lethal with damage assigned is not legal", () => {
    const ctx = game({ U1: { might: 3 }, U2: { might: 3 } })
    const p = { total: 2, units: ["U1", "U2"], assign: { U1: 1, U2: 1 } }
    assert.isFalse(ok(Combat.isLegalAssignment(ctx, p)))
    assert.isTrue(ok(Combat.isLegalAssignment(ctx, { ...p, assign: { U1: 2, U2: 0 } })))
  })

  it("the law can fail: a check that forgets 465.2.c.3 disagrees", () => {
    assert.isAbove(disagreements(forgets3, 465).differ, 10)
  })
})
