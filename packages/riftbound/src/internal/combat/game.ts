/**
 * The assignment rules in a game: the units are read from the view and ledger (`unitInfos`) and
 * the split is checked (`validateAssignment`, `isLegalAssignment`, which checks in one pass when
 * every unit is in the closed form's shape) or solved (`solveAssignment`). Invariants:
 * `isLegalAssignment` gives the same answer as `validateAssignment`'s `legal`.
 *
 * @internal
 */
import type { Errors } from "@bulwark/core"
import * as Result from "effect/Result"
import * as ClosedForm from "../../ClosedForm.js"
import type { Context, Goal, Proposal, Solution, Validation } from "../../Combat.js"
import * as Rules from "../../Rules.js"
import { closedFrom, NO_OPTIONS, unitInfos } from "./lethal.js"
import { withoutDeal } from "./preview.js"
import { inCombatProposal } from "./roles.js"
import { check, solveWith } from "./rules.js"

/**
 * Validates a proposed assignment in a game: reads the units ({@link unitInfos}) and checks the
 * split ({@link check}). `orders` gives a unit's replacement order (its controller's choice,
 * 372) when the context's chooser should not decide.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { GameView, Ledger } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const unit = (id: string) => ({ id, kind: "object" as const, controller: "B", zone: "board",
 *   props: { types: ["unit"], might: 3, damage: 1 } })
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A", objects: ["U1", "U2", "U3", "U4"].map(unit) })
 * const v = Combat.validateAssignment({ view, ledger: Ledger.empty },
 *   { total: 5, units: ["U1", "U2", "U3", "U4"], assign: { U1: 2, U2: 2, U3: 1 } })
 * if (Result.isSuccess(v)) console.log(v.success.legal) // true
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const validateAssignment = (
  ctx: Context,
  proposal: Proposal,
  orders: Readonly<Record<string, ReadonlyArray<string>>> = {}
): Result.Result<Validation, Errors.ResolveError> => {
  // RB-19: given the attackers, the units are in combat with them and the total is their summed
  // Might (465.2.a)
  const c = inCombatProposal(ctx, proposal)
  return Result.map(unitInfos(c.ctx, proposal.units, orders), (infos) => {
    const v = check(infos, { ...proposal, total: c.total })
    return proposal.attackers === undefined ? v : { total: c.total, ...v }
  })
}

/**
 * Whether a proposed assignment is legal: the same answer as {@link validateAssignment}'s
 * `legal`, without building its record. When every unit's minimum lethal input is in closed form
 * (see {@link minimumLethalInput}: the context's default chooser and rules, no declared order)
 * and no unit has Tank or Backline, the split is checked in one pass over the units with the rules of
 * {@link check} (465.2.c, 465.2.c.3, 465.2.c.4, 465.2.c.4.a, 465.2.c.10), stopping at the first
 * broken one; otherwise it is `validateAssignment(ctx, proposal, orders)`'s `legal`. For a game
 * AI that tries many splits and asks for the violations only of the one it keeps.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { GameView, Ledger } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const unit = (id: string) => ({ id, kind: "object" as const, controller: "B", zone: "board",
 *   props: { types: ["unit"], might: 3, damage: 1 } })
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A", objects: ["U1", "U2"].map(unit) })
 * const ok = Combat.isLegalAssignment({ view, ledger: Ledger.empty }, { total: 3, units: ["U1", "U2"], assign: { U1: 2, U2: 1 } })
 * if (Result.isSuccess(ok)) console.log(ok.success) // true
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const isLegalAssignment = (
  ctx: Context,
  proposal: Proposal,
  orders: Readonly<Record<string, ReadonlyArray<string>>> = {}
): Result.Result<boolean, Errors.ResolveError> => {
  const c = inCombatProposal(ctx, proposal)
  const fixed = { ...proposal, total: c.total, attackers: undefined }
  const fast = legalInClosedForm(c.ctx, fixed, orders)
  return fast !== undefined
    ? Result.succeed(fast)
    : Result.map(validateAssignment(c.ctx, fixed, orders), (v) => v.legal)
}

/** {@link isLegalAssignment} in one pass, or `undefined` when a unit is not in the closed form's shape. */
const legalInClosedForm = (
  ctx: Context,
  proposal: Proposal,
  orders: Readonly<Record<string, ReadonlyArray<string>>>
): boolean | undefined => {
  if (ctx.chooser !== undefined || (ctx.rules !== undefined && ctx.rules !== Rules.rules)) return undefined
  const units = proposal.units
  const n = units.length
  if (n === 0) return undefined
  const ledger = withoutDeal(ctx.ledger)
  const board = ClosedForm.boardOf(ledger, ctx.view)
  const assign = proposal.assign
  // each unit's minimum lethal input (-1: never) and whether it is exempt, as unitInfos reads it
  const mins: Array<number> = new Array(n)
  const exempt: Array<boolean> = new Array(n)
  let allFull = true
  for (let i = 0; i < n; i++) {
    const id = units[i] as string
    if (orders[id] !== undefined) return undefined
    const u = ClosedForm.unitIn(board, ledger, ctx.view, id)
    if (u.tank || u.backline) return undefined
    const m = closedFrom(ctx, ledger, id, u, NO_OPTIONS)
    if (m === undefined) return undefined
    mins[i] = m._tag === "Lethal" ? m.input : -1
    exempt[i] = m._tag === "Never" && m.exempt
    const x = assign[id] ?? 0
    if (!exempt[i] && !(m._tag === "Lethal" && x >= m.input)) allFull = false
  }
  // 465.2.c: only these units, whole amounts ≥ 0, adding up to the total
  let sum = 0
  for (const id in assign) {
    if (!Object.hasOwn(assign, id)) continue
    const x = assign[id] as number
    if (!Number.isInteger(x) || x < 0 || !units.includes(id)) return false
    sum += x
  }
  if (sum !== proposal.total) return false
  let partial = 0
  for (let i = 0; i < n; i++) {
    const x = assign[units[i] as string] ?? 0
    const min = mins[i] as number
    if (exempt[i]) {
      // 465.2.c.10: ignored for lethal assignment, so nothing goes to it first
      if (x > 0 && !allFull) return false
      continue
    }
    // 465.2.c.4 / 465.2.c.4.a: no more than lethal while other units remain
    if (min >= 0 && !allFull && x > min) return false
    // 465.2.c.3: at most one unit short of lethal with damage assigned
    if (x > 0 && !(min >= 0 && x >= min) && ++partial > 1) return false
  }
  return true
}

/**
 * Solves an assignment in a game: reads the units ({@link unitInfos}) and solves
 * ({@link solveWith}). Given its `attackers`, the units are in combat with them and,
 * without a `total`, the total is their summed Might (465.2.a, as in a {@link Proposal}); with
 * neither, the total is 0.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { GameView, Ledger } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const unit = (id: string, might: number) => ({ id, kind: "object" as const, controller: "B", zone: "board",
 *   props: { types: ["unit"], might, damage: 0 } })
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A", objects: [unit("big", 4), unit("small", 1)] })
 * const s = Combat.solveAssignment({ view, ledger: Ledger.empty }, { total: 5, units: ["big", "small"], goal: "killMost" })
 * if (Result.isSuccess(s)) console.log(s.success.kills) // 2
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const solveAssignment = (
  ctx: Context,
  request: {
    readonly total?: number | undefined
    readonly attackers?: ReadonlyArray<string> | undefined
    readonly units: ReadonlyArray<string>
    readonly goal?: Goal | undefined
    readonly ignoreBackline?: boolean | undefined
    readonly orders?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
  }
): Result.Result<Solution, Errors.ResolveError> => {
  const c = inCombatProposal(ctx, request)
  return Result.map(unitInfos(c.ctx, request.units, request.orders ?? {}), (infos) => {
    const s = solveWith(infos, c.total, request.goal ?? "legal", { ignoreBackline: request.ignoreBackline })
    return request.attackers === undefined ? s : { total: c.total, ...s }
  })
}
