/**
 * One combat, one sum (RB-19): a unit's Might in combat, read the same by every form a combat is
 * stated in — the one-sided `combat` step, `combatDamage`, and the questions (`preview`,
 * `minimumLethalInput`, `validateAssignment`, `isLegalAssignment`, `solveAssignment`). Its
 * combat designation gives it its Assault while it is an attacker (807.1.c) and its Shield while
 * it is a defender (814.1.c) (`designate`, `inCombat`, `withSide`); a side's total is the summed
 * Might of its units still in combat, a stunned unit adding nothing (465.2.a–b, 423.1.b,
 * `summedMight`); a proposal that names its attackers works its total out from them
 * (`inCombatProposal`). Invariants: designating is idempotent (a unit already designated keeps
 * its Might), so a view designated twice reads the same; every form sums with `summedMight`.
 *
 * @internal
 */
import { GameView, Zones } from "@bulwark/core"
import type { Context, Proposal, Side } from "../../Combat.js"
import * as Rules from "../../Rules.js"

const num = (v: unknown): number => (typeof v === "number" ? v : 0)

/**
 * Sets (or ends) the combat designations and the Might they give (807.1.c, 814.1.c, 466.7.a): a
 * unit designated gains its Assault as an attacker, its Shield as a defender; the designation
 * ended, it loses it. A unit already in the state asked for is left as it is.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "X", kind: "object", controller: "A", props: { types: ["unit"], might: 3, assault: 2 } }] })
 * Combat.designate(view, [["X", "attacker"]], true).objects["X"]?.props["might"] // 5
 * ```
 * @since 0.1.0
 * @category combat
 */
export const designate = (
  view: GameView.GameView,
  roles: ReadonlyArray<readonly [string, Side]>,
  on: boolean
): GameView.GameView =>
  GameView.batch(view, (d) => {
    let out = d
    for (const [u, role] of roles) {
      const o = out.objects[u]
      if (o === undefined || (o.props[role] === true) === on) continue
      const props = { ...o.props }
      const bonus = Rules.combatBonus(o, role)
      props.might = num(props.might) + (on ? bonus : -bonus)
      if (on) props[role] = true
      else delete props[role]
      props.lethal = Rules.isLethal(num(props.might), num(props.damage))
      out = GameView.setObject(out, { ...o, props })
    }
    return out
  })

/**
 * The view with the units designated as in combat: the attackers with their Assault (807.1.c:
 * "While I am an attacker, I have +X [M]"), the defenders with their Shield (814.1.c: "While I
 * am a defender, I have +X [M]"). A unit already designated keeps its Might.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A", objects: [
 *   { id: "X", kind: "object", controller: "A", props: { types: ["unit"], might: 3, assault: 2 } },
 *   { id: "D", kind: "object", controller: "B", props: { types: ["unit"], might: 3, shield: 1 } }] })
 * const v = Combat.inCombat(view, ["X"], ["D"])
 * v.objects["X"]?.props["might"] // 5
 * v.objects["D"]?.props["might"] // 4
 * ```
 * @since 0.1.0
 * @category combat
 */
export const inCombat = (
  view: GameView.GameView,
  attackers: ReadonlyArray<string>,
  defenders: ReadonlyArray<string> = []
): GameView.GameView =>
  attackers.length === 0 && defenders.length === 0
    ? view
    : designate(
        view,
        [
          ...attackers.map((u) => [u, "attacker"] as const),
          ...defenders.map((u) => [u, "defender"] as const)
        ],
        true
      )

/**
 * The view with one unit in the side a question gives it (`undefined`: as the view has it): a
 * question about an attacker counts its Assault, one about a defender its Shield.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "X", kind: "object", controller: "A", props: { types: ["unit"], might: 3, assault: 2 } }] })
 * Combat.withSide(view, "X", "attacker").objects["X"]?.props["might"] // 5
 * Combat.withSide(view, "X", "defender").objects["X"]?.props["might"] // 3
 * ```
 * @since 0.1.0
 * @category combat
 */
export const withSide = (view: GameView.GameView, unit: string, side: Side | undefined): GameView.GameView =>
  side === undefined ? view : side === "attacker" ? inCombat(view, [unit]) : inCombat(view, [], [unit])

/**
 * The summed Might of a side's units as the view has them (465.2.a: "Sum the Might of all
 * Attacking Units"; 465.2.b, the defenders): each unit's current Might, below 0 counting as 0
 * (143.2.b); a stunned unit adds nothing (423.1.b: "A Stunned Unit does not contribute its might
 * to damage in the combat damage step"), nor a unit no longer on the board (it is no longer in
 * combat). Designate the units first ({@link inCombat}) for their Assault or Shield to count.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const unit = (id: string, props: Record<string, number | boolean | ReadonlyArray<string>>) =>
 *   ({ id, kind: "object" as const, controller: "A", zone: "board", props: { types: ["unit"], ...props } })
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [unit("X", { might: 3, assault: 2 }), unit("Y", { might: 4, stunned: true })] })
 * Combat.summedMight(Combat.inCombat(view, ["X", "Y"]), ["X", "Y"]) // 5: Y is stunned
 * ```
 * @since 0.1.0
 * @category combat
 */
export const summedMight = (view: GameView.GameView, units: ReadonlyArray<string>): number => {
  let total = 0
  for (const u of units) {
    const o = view.objects[u]
    if (o === undefined || o.props.stunned === true || !Zones.isInPlay(Rules.zones, o)) continue
    total += Rules.mightOf(view, u)
  }
  return total
}

/**
 * A proposal's context and total: given its `attackers`, the view with them attacking and the
 * proposal's units defending ({@link inCombat}) and, without a `total`, the attackers' summed
 * Might ({@link summedMight}); without attackers, the context as it is and the `total` (or the
 * sum of the split when there is none, so only the rules of the split itself are checked).
 */
export const inCombatProposal = (
  ctx: Context,
  proposal: Pick<Proposal, "total" | "attackers" | "units"> & {
    readonly assign?: Readonly<Record<string, number>>
  }
): { readonly ctx: Context; readonly total: number } => {
  const attackers = proposal.attackers
  if (attackers === undefined) {
    const total =
      proposal.total ?? Object.values(proposal.assign ?? {}).reduce((n: number, x: number) => n + x, 0)
    return { ctx, total }
  }
  const view = inCombat(ctx.view, attackers, proposal.units)
  return { ctx: { ...ctx, view }, total: proposal.total ?? summedMight(view, attackers) }
}
