/**
 * The minimum lethal input (465.2.c.4.a): in closed form when the unit's effects are in its
 * shape (`closedFrom`, see ClosedForm), else by search — a binary search when every effect's
 * change is non-decreasing in the amount (`monotone`), else input by input up to a bound (the
 * damage needed plus every finite prevention, times what reductions by a factor can take away).
 * And `unitInfos`, which reads what the assignment rules need of each unit. Invariants: the closed
 * form and the search give the same answer; `Never` names its rule (437.5.b, 465.2.c.10 or
 * 465.2.c.4.a for nothing up to the bound).
 *
 * @internal
 */
import { type Errors, Ledger } from "@bulwark/core"
import * as Result from "effect/Result"
import * as ClosedForm from "../../ClosedForm.js"
import type { Context, MinimumLethal, Preview, Side, UnitInfo } from "../../Combat.js"
import * as Rules from "../../Rules.js"
import {
  effectById,
  isPreventNext,
  lethalWith,
  neededFor,
  preview,
  quickDealt,
  withoutDeal
} from "./preview.js"
import { withSide } from "./roles.js"

const factsCache = new WeakMap<
  Ledger.Ledger,
  { readonly finite: number; readonly shrink: number; readonly monotone: boolean }
>()

/** What the search for a minimum lethal input needs of the whole ledger, once per ledger. */
const facts = (ledger: Ledger.Ledger) => {
  let f = factsCache.get(ledger)
  if (f === undefined) {
    f = { finite: finitePrevention(ledger), shrink: shrinkFactor(ledger), monotone: monotone(ledger) }
    factsCache.set(ledger, f)
  }
  return f
}

const finitePrevention = (ledger: Ledger.Ledger): number => {
  let n = 0
  for (const e of ledger.effects) {
    const a = e.action
    if (a._tag === "Prevent" && typeof a.amount === "number")
      n += a.scope === "shield" ? (Ledger.remaining(ledger, e.id) ?? a.amount) : a.amount
    if (a._tag === "Modify" && a.op === "sub" && typeof a.value === "number") n += Math.max(0, a.value)
  }
  return n
}

/** How much a reduction by a factor (`mul` with 0 < value < 1) can shrink the damage, at most. */
const shrinkFactor = (ledger: Ledger.Ledger): number => {
  let f = 1
  for (const e of ledger.effects) {
    const a = e.action
    if (a._tag === "Modify" && a.op === "mul" && typeof a.value === "number" && a.value > 0 && a.value < 1)
      f /= a.value
  }
  return Math.min(f, 1_000)
}

/**
 * The minimum input whose applied value is lethal for the unit (465.2.c.4.a: "the assigning
 * player must choose the minimum applied value such that the unit would take lethal damage"),
 * counting its Prevent Value (437.5.a). Inputs are tried from 0 up to a bound (the damage needed
 * plus every finite prevention in the ledger, times what reductions by a factor can take away,
 * or `max`).
 *
 * `role`: the unit's side in the combat — its Assault counts as an attacker
 * (807.1.c), its Shield as a defender (814.1.c); without it, its Might as the view has it.
 *
 * `Never` when no amount is lethal: Prevent All or "prevent the next damage" (437.5.b), a unit
 * that can't be dealt damage (465.2.c.10, `exempt: true`), or no input up to the bound.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { GameView, Ledger } from "@bulwark/core"
 * import { Combat, Effects } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "B", zone: "board", props: { types: ["unit"], might: 2, damage: 0 } }] })
 * const ledger = Ledger.make([Effects.prevent({ id: "p", controller: "B", to: "U", amount: 3, resets: "endOfCombat" })])
 * const m = Combat.minimumLethalInput({ view, ledger }, "U")
 * if (Result.isSuccess(m) && m.success._tag === "Lethal") console.log(m.success.input) // 5
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const minimumLethalInput = (
  ctx: Context,
  unit: string,
  options: {
    readonly order?: ReadonlyArray<string> | undefined
    readonly max?: number | undefined
    readonly role?: Side | undefined
  } = {}
): Result.Result<MinimumLethal, Errors.ResolveError> => {
  if (options.role !== undefined) {
    // the unit in its side once (807.1.c, 814.1.c); the previews below read that view
    const { role, ...rest } = options
    return minimumLethalInput({ ...ctx, view: withSide(ctx.view, unit, role) }, unit, rest)
  }
  const ledger = withoutDeal(ctx.ledger)
  const closed = closedMinimum(ctx, ledger, unit, options)
  if (closed !== undefined) return Result.succeed(closed)
  const known = facts(ledger)
  const bound = boundOf(ctx, ledger, unit, options)
  const inner = { ...ctx, ledger }
  const top = Math.max(bound, 1)
  const tried = new Map<number, Result.Result<Preview, Errors.ResolveError>>()
  const lethalAt = (x: number) => {
    let r = tried.get(x)
    if (r === undefined) {
      r = preview(inner, unit, x, options)
      tried.set(x, r)
    }
    return r
  }
  // lethal or not: the quick check when it can tell, else the whole preview
  const isLethalAt = (x: number): Result.Result<boolean, Errors.ResolveError> => {
    const quick = quickDealt(ctx, ledger, unit, x, options.order)
    return quick !== undefined
      ? Result.succeed(lethalWith(ctx.view, unit, quick))
      : Result.map(lethalAt(x), (r) => r.lethal)
  }
  const found = (x: number): Result.Result<MinimumLethal, Errors.ResolveError> =>
    Result.map(lethalAt(x), (r) => ({
      _tag: "Lethal" as const,
      input: x,
      applied: r.applied,
      prevented: r.prevented,
      dealt: r.dealt
    }))
  const monotone = known.monotone
  // the probe at the bound: when damage is dealt there and it is lethal, there is no "never" to
  // look for (those come from damage that is not dealt at all)
  const atTop = quickDealt(ctx, ledger, unit, top, options.order)
  if (atTop === undefined || atTop === 0 || !lethalWith(ctx.view, unit, atTop)) {
    const probe = lethalAt(top)
    if (Result.isFailure(probe)) return Result.fail(probe.failure)
    const p = probe.success
    if (p.dealt === 0) {
      const cant = p.effects.find(
        (id) => effectById(ledger, id)?.category === Rules.Category.cantBeDealtDamage
      )
      if (cant !== undefined)
        return Result.succeed({
          _tag: "Never",
          rule: "465.2.c.10",
          reason: `${unit} can't be dealt damage (${cant}); no amount is lethal and it is exempt from mandatory assignment`,
          exempt: true
        })
      const all = p.effects.find((id) => {
        const a = effectById(ledger, id)?.action
        return a?._tag === "Prevent" && a.amount === "all"
      })
      if (all !== undefined)
        return Result.succeed({
          _tag: "Never",
          rule: "437.5.b",
          reason: isPreventNext(ledger, all)
            ? `${all} prevents all of the next damage to ${unit} (a Prevent Value of All for that damage, 437.1.b.1.b); no amount assigned is lethal, but the unit can still be dealt damage, so it is not exempt (465.2.c.10)`
            : `${unit} has Prevent All (${all}); no amount of damage is ever considered lethal`,
          exempt: false
        })
    }
    if (monotone && !p.lethal) return Result.succeed(never(unit, bound))
  }
  if (monotone) {
    // every effect's amount change is non-decreasing in the input (no condition, no named value),
    // and so is the least of them over orders: lethal is monotone, and a binary search finds the
    // least lethal input with O(log bound) checks instead of one per input
    let lo = 0
    let hi = top
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2)
      const lethal = isLethalAt(mid)
      if (Result.isFailure(lethal)) return Result.fail(lethal.failure)
      if (lethal.success) hi = mid
      else lo = mid + 1
    }
    return found(lo)
  }
  for (let x = 0; x <= bound; x++) {
    const lethal = isLethalAt(x)
    if (Result.isFailure(lethal)) return Result.fail(lethal.failure)
    if (lethal.success) return found(x)
  }
  return Result.succeed(never(unit, bound))
}

/** How far the search for a minimum lethal input looks: the damage needed plus every finite prevention, times what reductions by a factor can take away (or `max`). */
const boundOf = (
  ctx: Context,
  ledger: Ledger.Ledger,
  unit: string,
  options: { readonly max?: number | undefined }
): number => {
  const known = facts(ledger)
  return options.max ?? Math.ceil((neededFor(ctx.view, unit) + known.finite) * known.shrink) + 1
}

/**
 * The minimum lethal input in closed form ({@link ClosedForm}), with the same answer the search
 * below gives, or `undefined` when the unit's effects are not in its shape (then the search runs).
 */
const closedMinimum = (
  ctx: Context,
  ledger: Ledger.Ledger,
  unit: string,
  options: { readonly order?: ReadonlyArray<string> | undefined; readonly max?: number | undefined }
): MinimumLethal | undefined => {
  if (ctx.chooser !== undefined || options.order !== undefined || options.max !== undefined) return undefined
  if (ctx.rules !== undefined && ctx.rules !== Rules.rules) return undefined
  return closedFrom(ctx, ledger, unit, ClosedForm.unitOf(ledger, ctx.view, unit), options)
}

export const NO_OPTIONS: { readonly max?: number | undefined } = {}

/** The closed form's answer for a unit read from the board (`undefined`: not in its shape). */
export const closedFrom = (
  ctx: Context,
  ledger: Ledger.Ledger,
  unit: string,
  read: ClosedForm.Unit,
  options: { readonly max?: number | undefined }
): MinimumLethal | undefined => {
  const { chain, might, marked } = read
  if (chain === undefined) return undefined
  const zero = chain.zero
  if (zero?.preventAll === true)
    return {
      _tag: "Never",
      rule: "437.5.b",
      reason: isPreventNext(ledger, zero.id)
        ? `${zero.id} prevents all of the next damage to ${unit} (a Prevent Value of All for that damage, 437.1.b.1.b); no amount assigned is lethal, but the unit can still be dealt damage, so it is not exempt (465.2.c.10)`
        : `${unit} has Prevent All (${zero.id}); no amount of damage is ever considered lethal`,
      exempt: false
    }
  // already lethal with nothing more dealt (damage marked at or above its Might): the least input is 0
  if (Rules.isLethal(might, marked)) return { _tag: "Lethal", input: 0, applied: 0, prevented: 0, dealt: 0 }
  const x = ClosedForm.leastInputFor(chain, Math.max(1, might - marked))
  // the search looks up to its bound: a least input beyond it is "never", as the search says
  if (zero !== undefined || (!chain.bounded && x > Math.max(boundOf(ctx, ledger, unit, options), 1)))
    return never(unit, boundOf(ctx, ledger, unit, options))
  const dealt = ClosedForm.dealtFor(chain, x)
  return { _tag: "Lethal", input: x, applied: dealt + chain.prevents, prevented: chain.prevents, dealt }
}

const never = (unit: string, bound: number): MinimumLethal => ({
  _tag: "Never",
  rule: "465.2.c.4.a",
  reason: `no input up to ${bound} gives ${unit} lethal damage`,
  exempt: false
})

/** Whether every effect's change to an amount is non-decreasing in it (so lethality is monotone). */
const monotone = (ledger: Ledger.Ledger): boolean =>
  ledger.effects.every(
    (e) =>
      e.condition === undefined &&
      !(
        e.action._tag === "Modify" &&
        typeof e.action.value === "object" &&
        e.action.value._tag === "Named"
      ) &&
      !(
        e.action._tag === "Modify" &&
        typeof e.action.value === "number" &&
        e.action.op === "mul" &&
        e.action.value < 0
      )
  )

/**
 * Reads what the assignment rules need of each unit from the game: controller, Tank, Backline
 * and the minimum lethal input (465.2.c.4.a).
 *
 * @example
 * ```ts
 * import { GameView, Ledger } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "B", zone: "board", props: { types: ["unit"], might: 3, damage: 1, tank: true } }] })
 * const infos = Combat.unitInfos({ view, ledger: Ledger.empty }, ["U"])
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const unitInfos = (
  ctx: Context,
  units: ReadonlyArray<string>,
  orders: Readonly<Record<string, ReadonlyArray<string>>> = {}
): Result.Result<ReadonlyArray<UnitInfo>, Errors.ResolveError> => {
  const out: Array<UnitInfo> = []
  const ledger = withoutDeal(ctx.ledger)
  // each unit as read once per board (controller, Tank, Backline, its chain of effects)
  const board = ClosedForm.boardOf(ledger, ctx.view)
  const closed = ctx.chooser === undefined && (ctx.rules === undefined || ctx.rules === Rules.rules)
  for (const id of units) {
    const u = ClosedForm.unitIn(board, ledger, ctx.view, id)
    let m = closed && orders[id] === undefined ? closedFrom(ctx, ledger, id, u, NO_OPTIONS) : undefined
    if (m === undefined) {
      const searched = minimumLethalInput(ctx, id, { order: orders[id] })
      if (Result.isFailure(searched)) return Result.fail(searched.failure)
      m = searched.success
    }
    out.push({
      id,
      controller: u.controller,
      tank: u.tank,
      backline: u.backline,
      min: m._tag === "Lethal" ? m.input : "never",
      exempt: m._tag === "Never" && m.exempt,
      increases: m._tag === "Lethal" && m.applied > m.input
    })
  }
  return Result.succeed(out)
}
