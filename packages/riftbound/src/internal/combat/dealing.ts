/**
 * Dealing combat damage: the assignment event (465.2.c.1: assigning is not dealing), the event
 * of dealing what was assigned (kind `assigned`, which this package's effects do not watch, so
 * they are not applied again, 465.2.c.5), the dealing step in a ledger (465.2.d) and
 * `resolveAssignment`, which assigns and deals. Invariant: a unit's replacement effects apply
 * once, to the assignment.
 *
 * @internal
 */
import { Chooser, type Errors, GameEvent, type Kernel, Ledger, Resolver } from "@bulwark/core"
import type * as Result from "effect/Result"
import type { Context } from "../../Combat.js"
import * as Effects from "../../Effects.js"
import * as Rules from "../../Rules.js"

/**
 * The event of assigning combat damage: one occurrence per unit with a non-zero input, of kinds
 * `combat` and `assignment` (465.2.c.1: assigning is not dealing). Resolved with a ledger holding
 * {@link Effects.dealAssigned}, each assignment gets its unit's replacement effects (465.2.c.5)
 * and is then dealt as damage of kind `assigned`, simultaneously (465.2.c.1.a, 465.2.d).
 *
 * @example
 * ```ts
 * import { Combat } from "@bulwark/riftbound"
 * Combat.assignmentEvent("c1", { D1: 2, D2: 1 }).occurrences.map((o) => o.id) // ["c1:D1", "c1:D2"]
 * ```
 * @since 0.1.0
 * @category dealing
 */
export const assignmentEvent = (
  id: string,
  assign: Readonly<Record<string, number>>,
  source?: string
): GameEvent.GameEvent =>
  GameEvent.make(
    id,
    Object.entries(assign)
      .filter(([, n]) => n > 0)
      .map(([unit, n]) =>
        GameEvent.occurrence({
          id: `${id}:${unit}`,
          family: GameEvent.DAMAGE,
          subject: unit,
          ...(source === undefined ? {} : { source }),
          amount: n,
          kinds: [Rules.Kind.combat, Rules.Kind.assignment]
        })
      )
  )

/**
 * The event of dealing damage that was already assigned, with replacement effects already
 * applied: kinds `combat` and `assigned`, which this package's effects do not watch, so they are
 * not applied again (465.2.c.5: "When that damage is dealt, it doesn't get doubled again").
 *
 * @example
 * ```ts
 * import { Combat } from "@bulwark/riftbound"
 * Combat.dealEvent("d1", { D2: 2 }).occurrences[0]?.kinds // ["combat", "assigned"]
 * ```
 * @since 0.1.0
 * @category dealing
 */
export const dealEvent = (
  id: string,
  amounts: Readonly<Record<string, number>>,
  source?: string
): GameEvent.GameEvent =>
  GameEvent.make(
    id,
    Object.entries(amounts).map(([unit, n]) =>
      GameEvent.occurrence({
        id: `${id}:${unit}`,
        family: GameEvent.DAMAGE,
        subject: unit,
        ...(source === undefined ? {} : { source }),
        amount: Math.max(0, n),
        kinds: [Rules.Kind.combat, Rules.Kind.assigned]
      })
    )
  )

/**
 * Adds {@link Effects.dealAssigned} to a ledger if it is not there yet.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * Combat.withDealing(Ledger.empty, "A").effects[0]?.id // "465.2.d"
 * ```
 * @since 0.1.0
 * @category dealing
 */
export const withDealing = (ledger: Ledger.Ledger, turnPlayer: string): Ledger.Ledger =>
  ledger.effects.some((e) => e.category === Rules.Category.deal)
    ? ledger
    : Ledger.add(ledger, [Effects.dealAssigned(turnPlayer)])

/**
 * Assigns and deals combat damage: resolves {@link assignmentEvent} with the dealing step in
 * the ledger. Replacement effects apply to the assignment in each unit's controller's order; the
 * Prevent Value used at assignment stays used; the damage is then dealt without applying them
 * again (465.2.c.5). Returns the core resolution (new ledger and view, trace, decisions).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Chooser, GameView, Ledger } from "@bulwark/core"
 * import { Combat, Effects } from "@bulwark/riftbound"
 * const unit = (id: string) => ({ id, kind: "object" as const, controller: "B", zone: "board", props: { types: ["unit"], might: 2, damage: 0 } })
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A", objects: [unit("D1"), unit("D2")] })
 * const ledger = Ledger.make([Effects.double({ id: "lotus", controller: "A", to: "D2" })])
 * const r = Combat.resolveAssignment({ view, ledger, chooser: Chooser.firstLegal }, "c1", { D1: 2, D2: 1 })
 * if (Result.isSuccess(r)) console.log(r.success.view.objects["D2"]?.props["damage"]) // 2
 * ```
 * @since 0.1.0
 * @category dealing
 */
export const resolveAssignment = (
  ctx: Context,
  id: string,
  assign: Readonly<Record<string, number>>,
  options: { readonly source?: string | undefined; readonly trace?: boolean | undefined } = {}
): Result.Result<Kernel.Resolution, Errors.ResolveError> =>
  Resolver.resolveSync(
    ctx.rules ?? Rules.rules,
    assignmentEvent(id, assign, options.source),
    withDealing(ctx.ledger, ctx.view.activePlayer),
    ctx.view,
    ctx.chooser ?? Chooser.bestForChooser(),
    { trace: options.trace ?? true }
  )
