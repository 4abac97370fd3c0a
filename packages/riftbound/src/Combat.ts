/**
 * Combat damage assignment (465.2) as a first-class API.
 *
 * - {@link preview}: for a unit and a candidate input, fold the unit's replacement effects in its
 *   controller's order — with the core kernel, on a one-occurrence event, so the same engine
 *   semantics apply — and return the applied amount, what is prevented, what would be dealt and
 *   whether it is lethal (437.5.a, 465.2.c.5);
 * - {@link minimumLethalInput}: the least input whose applied value is lethal (465.2.c.4.a), or
 *   a typed `Never` (437.5.b Prevent All; 465.2.c.10 a unit that can't be dealt damage);
 * - {@link validateAssignment}: every violation of a proposed split of the assigning side's total
 *   among the units (465.2.c, c.3, c.4, c.4.a, c.6–c.10, 815 Tank, 826 Backline);
 * - {@link solveAssignment}: a legal split, or a best one for a goal ("kill as many as possible");
 * - {@link resolveAssignment}: assigns and deals: the replacement effects apply to the assignment
 *   and are not applied again when the damage is dealt (465.2.c.5).
 *
 * The pure rule checks ({@link check}, {@link solveWith}) work on {@link UnitInfo} values, so
 * they can be tested and reused without a game view.
 *
 * @since 0.1.0
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
import * as ClosedForm from "./ClosedForm.js"
import * as Effects from "./Effects.js"
import * as Rules from "./Rules.js"

/**
 * What the combat functions read: the game view and ledger at the time of assignment, and
 * optionally the chooser that answers the defending side's decisions (the order of replacement
 * effects, 372; "may" effects, 371.2) and the rules (default {@link Rules.rules}).
 *
 * Without a chooser, a unit's declared `order` is used if it has one, and otherwise each
 * decision is answered by `Chooser.bestForChooser()`: the unit's controller orders so that their
 * unit takes as little damage as possible.
 *
 * @example
 * ```ts
 * import { GameView, Ledger } from "@bulwark/core"
 * import type { Combat } from "@bulwark/riftbound"
 * const ctx: Combat.Context = { view: GameView.make({ players: ["A", "B"], activePlayer: "A" }), ledger: Ledger.empty }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Context {
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly chooser?: Chooser.SyncChooser | undefined
  readonly rules?: Policy.Rules | undefined
}

/**
 * The result of {@link preview}.
 *
 * - `input`: the damage assigned before replacement effects;
 * - `applied`: the damage after them, counting what is prevented ("the unit will have 4 damage
 *   assigned to it", 465.2.c.5 third example);
 * - `prevented`, `dealt` (`applied − prevented`);
 * - `lethal`: whether the unit would then have lethal damage marked (142.4.b, 437.5.a);
 * - `effects`: the effects that applied, in order; `notes`: interpretations used, with rules.
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const p: Combat.Preview = { unit: "U", input: 2, applied: 4, prevented: 0, dealt: 4, lethal: true,
 *   needed: 3, effects: ["lotus"], notes: [] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Preview {
  readonly unit: string
  readonly input: number
  readonly applied: number
  readonly prevented: number
  readonly dealt: number
  readonly lethal: boolean
  /** Damage still needed for lethal: the unit's Might minus its marked damage (at least 1). */
  readonly needed: number
  readonly effects: ReadonlyArray<string>
  readonly notes: ReadonlyArray<string>
}

/**
 * The minimum lethal input of a unit: `Lethal` with the least input whose applied value is lethal
 * (465.2.c.4.a), or `Never` with the rule that makes no amount lethal. `exempt` is true for a
 * unit that can't be dealt damage: it is exempt from any considerations of mandatory assignment
 * (465.2.c.10). A unit with Prevent All is never lethal (437.5.b) but is not exempt.
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const m: Combat.MinimumLethal = { _tag: "Lethal", input: 2, applied: 4, prevented: 0, dealt: 4 }
 * const n: Combat.MinimumLethal = { _tag: "Never", rule: "437.5.b", reason: "Prevent All", exempt: false }
 * ```
 * @since 0.1.0
 * @category model
 */
export type MinimumLethal =
  | {
      readonly _tag: "Lethal"
      readonly input: number
      readonly applied: number
      readonly prevented: number
      readonly dealt: number
    }
  | { readonly _tag: "Never"; readonly rule: string; readonly reason: string; readonly exempt: boolean }

/**
 * What the assignment rules need to know of one unit: its controller, Tank / Backline, and its
 * minimum lethal input. `increases` says its replacement effects make the applied damage larger
 * than the input (465.2.c.4.a).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const u: Combat.UnitInfo = { id: "U", controller: "B", tank: false, backline: false, min: 2, exempt: false, increases: true }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface UnitInfo {
  readonly id: string
  readonly controller: string
  readonly tank: boolean
  readonly backline: boolean
  /** The minimum lethal input, or `"never"`. */
  readonly min: number | "never"
  readonly exempt: boolean
  readonly increases: boolean
}

/**
 * One broken rule: the rule, the unit concerned (if one), and an explanation.
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const v: Combat.Violation = { rule: "465.2.c.4", unit: "U1", message: "U1 is assigned 3, more than the 2 needed for lethal, while other units remain" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Violation {
  readonly rule: string
  readonly unit?: string
  readonly message: string
}

/**
 * Which requirement a unit with both Tank and Backline fulfils (465.2.c.8).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const r: Combat.Role = "tank"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Role = "tank" | "normal" | "backline"

/**
 * A proposed assignment: the total to assign (the assigning side's summed Might, 465.2.a–c),
 * the units it is assigned among, the split, and optionally the roles chosen for units with both
 * Tank and Backline (465.2.c.8) and whether Backline is ignored (766).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const p: Combat.Proposal = { total: 5, units: ["U1", "U2", "U3", "U4"], assign: { U1: 2, U2: 2, U3: 1 } }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Proposal {
  readonly total: number
  readonly units: ReadonlyArray<string>
  readonly assign: Readonly<Record<string, number>>
  readonly roles?: Readonly<Record<string, "tank" | "backline">> | undefined
  readonly ignoreBackline?: boolean | undefined
}

/**
 * The result of a validation: `legal` (no violations), every violation, the roles used for
 * units with Tank and Backline, and each unit's input and minimum lethal input.
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const ok = (v: Combat.Validation) => v.legal && v.violations.length === 0
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Validation {
  readonly legal: boolean
  readonly violations: ReadonlyArray<Violation>
  readonly roles: Readonly<Record<string, Role>>
  readonly units: Readonly<
    Record<string, { readonly input: number; readonly min: number | "never"; readonly exempt: boolean }>
  >
}

/**
 * What a solver optimises: `legal` (any legal split, Tank first, Backline last, units in the
 * order given) or `killMost` (as many units with lethal damage as possible).
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const g: Combat.Goal = "killMost"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Goal = "legal" | "killMost"

/**
 * A solved assignment: the split, the sequence in which units got their damage, the roles
 * chosen, and how many units get lethal damage.
 *
 * @example
 * ```ts
 * import type { Combat } from "@bulwark/riftbound"
 * const s: Combat.Solution = { assign: { U1: 2, U2: 2, U3: 1 }, sequence: ["U1", "U2", "U3"], roles: {}, kills: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Solution {
  readonly assign: Readonly<Record<string, number>>
  readonly sequence: ReadonlyArray<string>
  readonly roles: Readonly<Record<string, Role>>
  readonly kills: number
}

// ---------------------------------------------------------------------------------------------
// preview

const dealRemoved = new WeakMap<Ledger.Ledger, Ledger.Ledger>()

/** The ledger without its "deal" effects (remembered per ledger: previews ask again and again). */
const withoutDeal = (ledger: Ledger.Ledger): Ledger.Ledger => {
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

const neededFor = (view: GameView.GameView, unit: string): number =>
  Math.max(1, Rules.mightOf(view, unit) - Rules.markedDamageOf(view, unit))

const byIdCache = new WeakMap<ReadonlyArray<Replacement.Replacement>, Map<string, Replacement.Replacement>>()

/** An effect of the ledger by id (an index remembered per effects list). */
const effectById = (ledger: Ledger.Ledger, id: string): Replacement.Replacement | undefined => {
  let index = byIdCache.get(ledger.effects)
  if (index === undefined) {
    index = new Map(ledger.effects.map((e) => [e.id, e] as const))
    byIdCache.set(ledger.effects, index)
  }
  return index.get(id)
}

const isPreventNext = (ledger: Ledger.Ledger, id: string): boolean => {
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
const quickDealt = (
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
const lethalWith = (view: GameView.GameView, unit: string, dealt: number): boolean =>
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
 * with the core kernel on a one-occurrence event. Nothing is changed.
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
  options: { readonly order?: ReadonlyArray<string> | undefined } = {}
): Result.Result<Preview, Errors.ResolveError> => {
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
  options: { readonly order?: ReadonlyArray<string> | undefined; readonly max?: number | undefined } = {}
): Result.Result<MinimumLethal, Errors.ResolveError> => {
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

const NO_OPTIONS: { readonly max?: number | undefined } = {}

/** The closed form's answer for a unit read from the board (`undefined`: not in its shape). */
const closedFrom = (
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

// ---------------------------------------------------------------------------------------------
// the assignment rules (pure)

const rankOf = (role: Role): number => (role === "tank" ? 0 : role === "normal" ? 1 : 2)

const defaultRole = (u: UnitInfo, ignoreBackline: boolean): Role =>
  u.tank ? "tank" : u.backline && !ignoreBackline ? "backline" : "normal"

const isDual = (u: UnitInfo, ignoreBackline: boolean): boolean => u.tank && u.backline && !ignoreBackline

const roleCombos = (
  units: ReadonlyArray<UnitInfo>,
  ignoreBackline: boolean,
  fixed: Readonly<Record<string, "tank" | "backline">>
): ReadonlyArray<Record<string, Role>> => {
  const base: Record<string, Role> = {}
  const dual: Array<string> = []
  for (const u of units) {
    if (u.exempt) continue
    const f = fixed[u.id]
    if (isDual(u, ignoreBackline) && f === undefined) dual.push(u.id)
    base[u.id] = isDual(u, ignoreBackline) && f !== undefined ? f : defaultRole(u, ignoreBackline)
  }
  if (dual.length === 0) return [base]
  const limited = dual.slice(0, 10)
  const out: Array<Record<string, Role>> = []
  for (let mask = 0; mask < 1 << limited.length; mask++) {
    const r = { ...base }
    limited.forEach((id, i) => {
      r[id] = (mask >> i) & 1 ? "backline" : "tank"
    })
    out.push(r)
  }
  return out
}

const violationsWith = (
  units: ReadonlyArray<UnitInfo>,
  total: number,
  assign: Readonly<Record<string, number>>,
  roles: Readonly<Record<string, Role>>,
  dual: ReadonlyMap<string, "given" | "free"> = new Map()
): Array<Violation> => {
  const v: Array<Violation> = []
  const known = new Set<string>()
  for (const u of units) known.add(u.id)
  let sum = 0
  for (const id in assign) {
    if (!Object.hasOwn(assign, id)) continue
    const n = assign[id] as number
    if (!known.has(id))
      v.push({ rule: "465.2.c", unit: id, message: `${id} is not one of the units damage is assigned among` })
    if (!Number.isInteger(n) || n < 0)
      v.push({ rule: "465.2.c", unit: id, message: `${id}: ${n} is not a whole amount of damage ≥ 0` })
    else sum += n
  }
  if (sum !== total)
    v.push({
      rule: "465.2.c",
      message: `${sum} damage is assigned, but the amount to assign is ${total} (the summed Might)`
    })
  // each unit's assigned amount and whether that is lethal, read once (not once per rule)
  const n = units.length
  const amount: Array<number> = new Array(n)
  const lethal: Array<boolean> = new Array(n)
  let allFull = true
  for (let i = 0; i < n; i++) {
    const u = units[i] as UnitInfo
    const x = assign[u.id] ?? 0
    amount[i] = x
    lethal[i] = u.min !== "never" && x >= u.min
    if (!u.exempt && !lethal[i]) allFull = false
  }
  for (let i = 0; i < n; i++) {
    const u = units[i] as UnitInfo
    if (u.exempt || u.min === "never" || allFull || (amount[i] as number) <= u.min) continue
    v.push({
      rule: u.increases ? "465.2.c.4.a" : "465.2.c.4",
      unit: u.id,
      message: u.increases
        ? `${u.id} is assigned ${amount[i]}, but its replacement effects make ${u.min} the minimum input whose applied value is lethal, and other units remain`
        : `${u.id} is assigned ${amount[i]}, more than the ${u.min} needed for lethal damage, while other units remain`
    })
  }
  for (let i = 0; i < n; i++) {
    const u = units[i] as UnitInfo
    if (u.exempt && (amount[i] as number) > 0 && !allFull)
      v.push({
        rule: "465.2.c.10",
        unit: u.id,
        message: `${u.id} can't be dealt damage and is ignored for lethal assignment; damage goes to the other units first`
      })
  }
  const partial: Array<number> = []
  for (let i = 0; i < n; i++)
    if (!(units[i] as UnitInfo).exempt && (amount[i] as number) > 0 && !lethal[i]) partial.push(i)
  if (partial.length > 1) {
    for (const i of partial) {
      const u = units[i] as UnitInfo
      v.push({
        rule: "465.2.c.3",
        unit: u.id,
        message: `${u.id} is assigned ${amount[i]}, short of lethal (${u.min === "never" ? "never lethal" : `${u.min} needed`}), while ${partial
          .filter((j) => j !== i)
          .map((j) => (units[j] as UnitInfo).id)
          .join(
            ", "
          )} also ${partial.length > 2 ? "are" : "is"} short of lethal: lethal damage must be assigned in full before moving on`
      })
    }
  }
  let ranked = false
  for (const u of units) if (u.tank || u.backline) ranked = true
  // no Tank and no Backline: every unit is "normal" and nothing is out of order
  if (!ranked) return v
  // the least rank among the units of each controller still short of lethal: a unit assigned
  // damage breaks the order only if one of its controller's units ranks before it (so a legal
  // split is checked in O(units), and only a unit that does break it is compared with each)
  const leastRank = new Map<string, number>()
  for (let i = 0; i < n; i++) {
    const a = units[i] as UnitInfo
    if (a.exempt || lethal[i]) continue
    const r = rankOf(roles[a.id] ?? "normal")
    const m = leastRank.get(a.controller)
    if (m === undefined || r < m) leastRank.set(a.controller, r)
  }
  const mandatory = units.filter((u) => !u.exempt)
  const s = (u: UnitInfo): number => assign[u.id] ?? 0
  const full = (u: UnitInfo): boolean => u.min !== "never" && s(u) >= u.min
  for (const b of mandatory) {
    if (leastRank.size === 0 || s(b) === 0) continue
    const least = leastRank.get(b.controller)
    if (least === undefined || least >= rankOf(roles[b.id] ?? "normal")) continue
    for (const a of mandatory) {
      if (a === b || a.controller !== b.controller || full(a)) continue
      const ra = rankOf(roles[a.id] ?? "normal")
      const rb = rankOf(roles[b.id] ?? "normal")
      if (ra >= rb) continue
      const what =
        ra === 0
          ? `${b.id} is assigned damage before ${a.id} (Tank) has lethal damage assigned (465.2.c.6)`
          : `${b.id} (Backline) is assigned damage before ${a.id} has lethal damage assigned (465.2.c.6)`
      const d = dual.has(a.id) ? a.id : dual.has(b.id) ? b.id : undefined
      v.push(
        d !== undefined
          ? {
              rule: "465.2.c.8",
              unit: b.id,
              message: `${what}; ${d} has both Tank and Backline and the assigner applies only one of them: checked as ${roles[d] ?? "normal"} (${dual.get(d) === "given" ? "the role given" : "the choice breaking the fewest rules; the other is not fulfilled either"})`
            }
          : { rule: ra === 0 ? "815.1.b" : "826.3", unit: b.id, message: what }
      )
    }
  }
  return v
}

/**
 * Checks a split against the assignment rules, given the units' {@link UnitInfo}. Returns
 * every violation; roles for units with both Tank and Backline are chosen to break as few rules
 * as possible unless fixed (465.2.c.8–c.9).
 *
 * Rules checked: the split adds up to the total (465.2.c) — 0 when there is no unit to assign
 * among (465.1: "If both Attacking and Defending units remain at this battlefield, the following
 * Tasks become Outstanding"), as {@link solveWith} assigns nothing then; lethal damage in full before moving
 * on (465.2.c.3); no more than lethal while other units remain (465.2.c.4, 465.2.c.4.a); Tank
 * first and Backline last among units of the same controller (815.1.b, 826.3, 465.2.c.6–c.7);
 * a unit with both Tank and Backline fulfils the one the assigner applies, and a violation
 * involving it cites 465.2.c.8; units that can't be dealt damage are ignored for lethal
 * assignment (465.2.c.10).
 *
 * @example
 * ```ts
 * import { Combat } from "@bulwark/riftbound"
 * const u = (id: string): Combat.UnitInfo => ({ id, controller: "B", tank: false, backline: false, min: 2, exempt: false, increases: false })
 * const units = [u("U1"), u("U2"), u("U3"), u("U4")]
 * Combat.check(units, { total: 5, units: ["U1", "U2", "U3", "U4"], assign: { U1: 3, U2: 2 } }).violations[0]?.rule // "465.2.c.4"
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const check = (units: ReadonlyArray<UnitInfo>, proposal: Proposal): Validation => {
  // 465.1: with no unit left to assign among, nothing is assigned — the amount due is 0
  if (units.length === 0 && proposal.total !== 0) proposal = { ...proposal, total: 0 }
  const ignore = proposal.ignoreBackline === true
  let best: { v: Array<Violation>; roles: Record<string, Role> } | undefined
  const dual = new Map<string, "given" | "free">()
  for (const u of units)
    if (isDual(u, ignore)) dual.set(u.id, proposal.roles?.[u.id] === undefined ? "free" : "given")
  for (const roles of roleCombos(units, ignore, proposal.roles ?? {})) {
    const v = violationsWith(units, proposal.total, proposal.assign, roles, dual)
    if (best === undefined || v.length < best.v.length) best = { v, roles }
    if (v.length === 0) break
  }
  const chosen = best ?? { v: violationsWith(units, proposal.total, proposal.assign, {}), roles: {} }
  const info: Record<string, { input: number; min: number | "never"; exempt: boolean }> = {}
  for (const u of units) info[u.id] = { input: proposal.assign[u.id] ?? 0, min: u.min, exempt: u.exempt }
  return { legal: chosen.v.length === 0, violations: chosen.v, roles: chosen.roles, units: info }
}

const byRankThenMin =
  (roles: Readonly<Record<string, Role>>, byMin: boolean, position: Map<string, number>) =>
  (a: UnitInfo, b: UnitInfo): number => {
    const r = rankOf(roles[a.id] ?? "normal") - rankOf(roles[b.id] ?? "normal")
    if (r !== 0) return r
    const na = a.min === "never" ? 1 : 0
    const nb = b.min === "never" ? 1 : 0
    if (na !== nb) return na - nb
    if (byMin && a.min !== "never" && b.min !== "never" && a.min !== b.min) return a.min - b.min
    return (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)
  }

const walk = (
  sequence: ReadonlyArray<UnitInfo>,
  exempt: ReadonlyArray<UnitInfo>,
  total: number,
  roles: Readonly<Record<string, Role>>
): Solution => {
  const assign: Record<string, number> = {}
  const order: Array<string> = []
  let left = total
  let kills = 0
  for (const u of sequence) {
    if (left <= 0) break
    const give = u.min === "never" ? left : Math.min(u.min, left)
    if (give > 0 || u.min === 0) {
      assign[u.id] = give
      order.push(u.id)
    }
    if (u.min !== "never" && give >= u.min) kills++
    left -= give
  }
  if (left > 0) {
    const last = order[order.length - 1] ?? exempt[0]?.id
    if (last !== undefined) {
      assign[last] = (assign[last] ?? 0) + left
      if (!order.includes(last)) order.push(last)
    }
  }
  return { assign, sequence: order, roles, kills }
}

/**
 * Solves an assignment from the units' {@link UnitInfo}: a legal split of `total` (465.2.c), or
 * for `killMost` one that gives as many units lethal damage as possible. Units are taken Tank
 * first and Backline last per controller (465.2.c.6), each gets exactly its minimum lethal input
 * (465.2.c.3–c.4.a), the unit where the damage runs out gets the rest, and damage left once every
 * unit has lethal goes to the last one; units that can't be dealt damage are skipped (465.2.c.10).
 *
 * @example
 * ```ts
 * import { Combat } from "@bulwark/riftbound"
 * const u = (id: string, min: number): Combat.UnitInfo => ({ id, controller: "B", tank: false, backline: false, min, exempt: false, increases: false })
 * Combat.solveWith([u("big", 4), u("small", 1)], 5, "killMost").kills // 2
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const solveWith = (
  units: ReadonlyArray<UnitInfo>,
  total: number,
  goal: Goal = "legal",
  options: {
    readonly ignoreBackline?: boolean | undefined
    readonly roles?: Readonly<Record<string, "tank" | "backline">> | undefined
  } = {}
): Solution => {
  const ignore = options.ignoreBackline === true
  const position = new Map(units.map((u, i) => [u.id, i] as const))
  const mandatory = units.filter((u) => !u.exempt)
  const exempt = units.filter((u) => u.exempt)
  let best: Solution | undefined
  for (const roles of roleCombos(units, ignore, options.roles ?? {})) {
    const cmp = byRankThenMin(roles, goal === "killMost", position)
    let solution: Solution
    if (goal === "legal") {
      solution = walk([...mandatory].sort(cmp), exempt, total, roles)
    } else {
      // per controller, a sorted list; the units killed are a prefix of each list
      const controllers = [...new Set(mandatory.map((u) => u.controller))]
      const lists = controllers.map((c) => mandatory.filter((u) => u.controller === c).sort(cmp))
      let bestPick: { lens: Array<number>; kills: number; cost: number } | undefined
      const lens = lists.map(() => 0)
      const go = (i: number, cost: number, kills: number): void => {
        if (i === lists.length) {
          if (
            bestPick === undefined ||
            kills > bestPick.kills ||
            (kills === bestPick.kills && cost < bestPick.cost)
          )
            bestPick = { lens: [...lens], kills, cost }
          return
        }
        const list = lists[i] as Array<UnitInfo>
        let c = cost
        for (let l = 0; l <= list.length; l++) {
          if (c > total) break
          lens[i] = l
          go(i + 1, c, kills + l)
          const next = list[l]
          if (next === undefined || next.min === "never") break
          c += next.min
        }
        lens[i] = 0
      }
      go(0, 0, 0)
      const pick = bestPick ?? { lens: lists.map(() => 0), kills: 0, cost: 0 }
      const seq: Array<UnitInfo> = []
      lists.forEach((list, i) => {
        for (const u of list.slice(0, pick.lens[i] ?? 0)) seq.push(u)
      })
      lists.forEach((list, i) => {
        for (const u of list.slice(pick.lens[i] ?? 0)) seq.push(u)
      })
      solution = walk(seq, exempt, total, roles)
    }
    if (best === undefined || solution.kills > best.kills) best = solution
    if (goal === "legal") break
  }
  return best ?? { assign: {}, sequence: [], roles: {}, kills: 0 }
}

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
): Result.Result<Validation, Errors.ResolveError> =>
  Result.map(unitInfos(ctx, proposal.units, orders), (infos) => check(infos, proposal))

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
  const fast = legalInClosedForm(ctx, proposal, orders)
  return fast !== undefined
    ? Result.succeed(fast)
    : Result.map(validateAssignment(ctx, proposal, orders), (v) => v.legal)
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
 * ({@link solveWith}).
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
    readonly total: number
    readonly units: ReadonlyArray<string>
    readonly goal?: Goal | undefined
    readonly ignoreBackline?: boolean | undefined
    readonly orders?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
  }
): Result.Result<Solution, Errors.ResolveError> =>
  Result.map(unitInfos(ctx, request.units, request.orders ?? {}), (infos) =>
    solveWith(infos, request.total, request.goal ?? "legal", { ignoreBackline: request.ignoreBackline })
  )

// ---------------------------------------------------------------------------------------------
// dealing

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
