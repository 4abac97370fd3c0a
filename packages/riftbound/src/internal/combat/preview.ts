/**
 * Previewing one assignment (465.2.c.5): the unit's replacement effects folded in its
 * controller's order with the core kernel on a one-occurrence event (`preview`), a quicker
 * answer for the damage dealt when the controller's best order decides (`quickDealt`), and the
 * helpers every combat question shares (the ledger without its dealing step, an effect by id,
 * the damage needed, lethal with an amount dealt). Invariants: nothing is changed by a preview;
 * the dealing step (465.2.d) is never part of one; lethal means dealt plus marked is non-zero and
 * at least the unit's Might (142.4.b).
 *
 * @internal
 */
import {
  Chooser,
  Decision,
  type Errors,
  GameEvent,
  GameView,
  Kernel,
  Ledger,
  type Policy,
  type Replacement,
  Resolver
} from "@bulwark/core"
import * as Result from "effect/Result"
import type { Context, Preview, Side } from "../../Combat.js"
import * as Rules from "../../Rules.js"
import { withSide } from "./roles.js"

// ---------------------------------------------------------------------------------------------
// preview

const dealRemoved = new WeakMap<Ledger.Ledger, Ledger.Ledger>()

/** The ledger without its "deal" effects (remembered per ledger: previews ask again and again). */
export const withoutDeal = (ledger: Ledger.Ledger): Ledger.Ledger => {
  let out = dealRemoved.get(ledger)
  if (out === undefined) {
    const deal = ledger.effects.filter((e) => e.category === Rules.Category.deal).map((e) => e.id)
    out = deal.length > 0 ? Ledger.remove(ledger, deal) : ledger
    dealRemoved.set(ledger, out)
    dealRemoved.set(out, out)
  }
  return out
}

/**
 * A chooser that orders effects by a list: for a choice of effect, the first option in `order`;
 * every other decision (and effects not in the list) goes to `fallback`.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * import { Combat } from "@bulwark/riftbound"
 * const preventFirst = Combat.orderedChooser(["p", "lotus"], Chooser.firstLegal)
 * ```
 * @since 0.1.0
 * @category choosers
 */
export const orderedChooser =
  (order: ReadonlyArray<string>, fallback: Chooser.SyncChooser): Chooser.SyncChooser =>
  (request, state) => {
    if (request._tag === "ChooseEffect") {
      const pick = order.find((id) => request.options.some((o) => o.effect === id))
      if (pick !== undefined) return pick
    }
    return fallback(request, state)
  }

const runKernel = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  chooser: Chooser.SyncChooser
): Result.Result<Kernel.Resolution, Errors.ResolveError> =>
  Resolver.resolveSync(
    rules,
    event,
    ledger,
    view,
    (request, state) => chooser(request, state) ?? Decision.legalAnswers(request, 1)[0],
    { trace: false }
  )

export const neededFor = (view: GameView.GameView, unit: string): number =>
  Math.max(1, Rules.mightOf(view, unit) - Rules.markedDamageOf(view, unit))

const byIdCache = new WeakMap<ReadonlyArray<Replacement.Replacement>, Map<string, Replacement.Replacement>>()

/** An effect of the ledger by id (an index remembered per effects list). */
export const effectById = (ledger: Ledger.Ledger, id: string): Replacement.Replacement | undefined => {
  let index = byIdCache.get(ledger.effects)
  if (index === undefined) {
    index = new Map(ledger.effects.map((e) => [e.id, e] as const))
    byIdCache.set(ledger.effects, index)
  }
  return index.get(id)
}

export const isPreventNext = (ledger: Ledger.Ledger, id: string): boolean => {
  const e = effectById(ledger, id)
  return e?.action._tag === "Prevent" && e.action.amount === "all" && e.action.scope === "once"
}

const withoutCommit = new WeakMap<Policy.Rules, Policy.Rules>()
const withFollowUps = new WeakMap<Ledger.Ledger, boolean>()

/**
 * The rules a preview runs with. A preview reads only the assigned occurrence's outcome; when no
 * effect in the ledger has a cost or an additional effect, no later event follows it, so the
 * commit (marking the damage) changes nothing the preview reads and is left out — which lets
 * `bestForChooser` solve the controller's order exactly without searching with the kernel.
 * Riftbound's commit never changes who controls a unit, so the controller's best order is the same.
 */
const previewRules = (rules: Policy.Rules, ledger: Ledger.Ledger): Policy.Rules => {
  if (rules.commit === undefined) return rules
  let follows = withFollowUps.get(ledger)
  if (follows === undefined) {
    follows = ledger.effects.some((e) => e.cost !== undefined || e.additional !== undefined)
    withFollowUps.set(ledger, follows)
  }
  if (follows) return rules
  let bare = withoutCommit.get(rules)
  if (bare === undefined) {
    bare = { ...rules, commit: undefined }
    withoutCommit.set(rules, bare)
  }
  return bare
}

interface Fold {
  readonly applied: number
  readonly prevented: number
  readonly dealt: number
  readonly effects: ReadonlyArray<string>
}

/** The one-occurrence event a preview resolves: `input` combat damage assigned to `unit`. */
const previewEvent = (id: string, unit: string, input: number): GameEvent.GameEvent =>
  GameEvent.make("preview", [
    GameEvent.occurrence({
      id,
      family: GameEvent.DAMAGE,
      subject: unit,
      amount: input,
      kinds: [Rules.Kind.combat, Rules.Kind.assignment]
    })
  ])

/**
 * The damage `input` would deal to the unit, without a whole preview when that can be known sooner:
 * with the default chooser (best for the controller) and no order given, the resolution is
 * started, and if it stops on the controller's choice of order among plain amount changes, the
 * final amount comes from `Chooser.bestFinalAmount` (the same exact pass the chooser would use
 * at each of its choices). `undefined`: not known this way — run the preview.
 */
export const quickDealt = (
  ctx: Context,
  ledger: Ledger.Ledger,
  unit: string,
  input: number,
  order: ReadonlyArray<string> | undefined
): number | undefined => {
  if (ctx.chooser !== undefined || order !== undefined) return undefined
  const id = `assign:${unit}`
  const rules = previewRules(ctx.rules ?? Rules.rules, ledger)
  const step = Kernel.start(rules, previewEvent(id, unit, input), ledger, ctx.view, { trace: false })
  if (step._tag === "Failed") return undefined
  let dealt: number | undefined = 0
  if (step._tag === "Done") {
    for (const o of step.resolution.outcomes)
      if (o.origin === id && o.family === GameEvent.DAMAGE && o.subject === unit && o.status === "happened")
        dealt += o.amount
  } else dealt = Chooser.bestFinalAmount(step.state)
  return dealt
}

/** Whether dealing `dealt` to the unit is lethal (142.4.b), as a preview reports it. */
export const lethalWith = (view: GameView.GameView, unit: string, dealt: number): boolean =>
  Rules.isLethal(Rules.mightOf(view, unit), Rules.markedDamageOf(view, unit) + dealt)

const fold = (
  ctx: Context,
  ledger: Ledger.Ledger,
  unit: string,
  input: number,
  order: ReadonlyArray<string> | undefined
): Result.Result<Fold, Errors.ResolveError> => {
  const base = ctx.chooser ?? Chooser.bestForChooser()
  const chooser = order === undefined ? base : orderedChooser(order, base)
  // an order given for this preview wins over the unit's declared one (which the ordering
  // policy would otherwise apply before any chooser is asked)
  const target = ctx.view.objects[unit]
  const view =
    order === undefined || target === undefined
      ? ctx.view
      : GameView.setObject(ctx.view, { ...target, props: { ...target.props, order: [...order] } })
  const id = `assign:${unit}`
  const event = previewEvent(id, unit, input)
  const rules = previewRules(ctx.rules ?? Rules.rules, ledger)
  return Result.map(runKernel(rules, event, ledger, view, chooser), (r) => {
    let dealt = 0
    let prevented = 0
    let replaced = false
    let seen = false
    const effects: Array<string> = []
    for (const o of r.outcomes) {
      if (o.origin !== id) continue
      seen = true
      if (o.status === "replaced") replaced = true
      for (const e of o.applied) if (!effects.includes(e)) effects.push(e)
      if (o.family !== GameEvent.DAMAGE || o.subject !== unit) continue
      prevented += o.prevented
      if (o.status === "happened") dealt += o.amount
    }
    // an effect that replaced the occurrence by nothing is not in any outcome's list: read the
    // ledger (only then: otherwise every effect that applied is in the lists)
    if (replaced || !seen)
      for (const e of ledger.effects) {
        const before = Ledger.stateOf(ledger, e.id)?.uses ?? 0
        const after = Ledger.stateOf(r.ledger, e.id)?.uses ?? 0
        if (after > before && !effects.includes(e.id)) effects.push(e.id)
      }
    return { applied: dealt + prevented, prevented, dealt, effects }
  })
}

/**
 * Previews assigning `input` combat damage to `unit`: the unit's replacement effects are applied
 * to the assignment (465.2.c.5) in its controller's order (372) — `order` if given, else the
 * unit's declared order, else the context's chooser, else the order best for the controller —
 * with the core kernel on a one-occurrence event. Nothing is changed. `role`: the
 * unit's side in the combat — its Assault counts as an attacker (807.1.c), its Shield as a
 * defender (814.1.c); without it, the unit's Might as the view has it.
 *
 * Lethal means the damage that would be dealt, added to the damage already marked, is non-zero
 * and at least the unit's Might (142.4.b), so the Prevent Value counts toward it (437.5.a).
 * Interpretation: "prevent the next damage" (Counter Strike) prevents all of that damage — a
 * Prevent Value of All for it (437.1.b.1.b) — so no input is lethal (437.5.b); the unit can still
 * be dealt damage, so it is not exempt (465.2.c.10).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { GameView, Ledger } from "@bulwark/core"
 * import { Combat, Effects } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "B", zone: "board", props: { types: ["unit"], might: 3, damage: 0 } }] })
 * const ledger = Ledger.make([Effects.double({ id: "lotus", controller: "A", to: "U" })])
 * const p = Combat.preview({ view, ledger }, "U", 2)
 * if (Result.isSuccess(p)) console.log(p.success.applied, p.success.lethal) // 4 true
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const preview = (
  ctx: Context,
  unit: string,
  input: number,
  options: { readonly order?: ReadonlyArray<string> | undefined; readonly role?: Side | undefined } = {}
): Result.Result<Preview, Errors.ResolveError> => {
  if (options.role !== undefined) ctx = { ...ctx, view: withSide(ctx.view, unit, options.role) }
  const ledger = withoutDeal(ctx.ledger)
  return Result.flatMap(
    fold(ctx, ledger, unit, input, options.order),
    (f): Result.Result<Preview, Errors.ResolveError> => {
      const notes: Array<string> = []
      const next = f.effects.filter((id) => isPreventNext(ledger, id))
      if (next.length > 0)
        notes.push(
          `Interpretation (437.1.b.1.b, 437.5.b, 465.2.c.5; 465.2.c.10 Counter Strike example): ${next.join(", ")} prevents all of the next damage — a Prevent Value of All for that damage — so no amount assigned is lethal; the unit can still be dealt damage, so it is not exempt from mandatory assignment`
        )
      return Result.succeed({
        unit,
        input,
        applied: f.applied,
        prevented: f.prevented,
        dealt: f.dealt,
        lethal: lethalWith(ctx.view, unit, f.dealt),
        needed: neededFor(ctx.view, unit),
        effects: f.effects,
        notes
      })
    }
  )
}
