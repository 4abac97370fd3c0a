/**
 * Whether an effect can apply to an item now, and why not (the trace's reasons): filters,
 * sequence, use limit, zero, zone, condition and cost (a failing predicate is a typed error).
 *
 * An occurrence at 0 does not happen and nothing applies to it again (`eventAtZero`).
 *
 * @internal
 */
import * as Errors from "../../Errors.js"
import * as Filter from "../../Filter.js"
import type * as GameEvent from "../../GameEvent.js"
import * as GameView from "../../GameView.js"
import * as Identity from "../../Identity.js"
import type * as Replacement from "../../Replacement.js"
import type * as Trace from "../../Trace.js"
import * as Zones from "../../Zones.js"
import { effState } from "./effectState.js"
import { Failure, fail } from "./failure.js"
import type { Frame, Item, State } from "./state.js"

class FilterContext implements Filter.Context {
  private cached: ReadonlyArray<GameEvent.Occurrence> | undefined
  constructor(
    readonly view: GameView.GameView,
    readonly controller: string,
    readonly self: string | undefined,
    readonly occurrence: GameEvent.Occurrence | undefined,
    readonly predicates: Filter.Predicates,
    readonly values: Filter.NamedValues | undefined,
    private readonly frame: Frame | undefined,
    readonly zones: Zones.Zones | undefined
  ) {}
  /** Computed only if a condition or predicate reads it (it is O(occurrences)). */
  get batch(): ReadonlyArray<GameEvent.Occurrence> | undefined {
    if (this.cached === undefined && this.frame !== undefined) {
      this.cached = this.frame.items.filter((i) => i.status === "live").map((i) => i.occ)
    }
    return this.cached
  }
}

const NO_PREDICATES: Filter.Predicates = {}

export const ctxFor = (
  s: State,
  e: Replacement.Replacement,
  occ: GameEvent.Occurrence | undefined,
  frame: Frame | undefined
): Filter.Context =>
  new FilterContext(
    s.view,
    e.controller,
    e.source,
    occ,
    s.rules.predicates ?? NO_PREDICATES,
    s.rules.values,
    frame,
    s.rules.zones
  )

export const guard = <A>(e: Replacement.Replacement, f: () => A): A => {
  try {
    return f()
  } catch (err) {
    if (err instanceof Failure) throw err
    return fail(
      new Errors.PredicateFailed({ effect: e.id, reason: err instanceof Error ? err.message : String(err) })
    )
  }
}

// The filter checks under `guard`, as functions of their own: a function whose parameters an
// inner closure captures allocates that closure's context on every call, taken branch or not
// (V8), and `watches`, `blocker` and `applyAction` run once per effect per step.

/** Whether the filter condition holds for `e` on `occ` (a failing predicate is a typed error). */
const holdsFor = (
  s: State,
  e: Replacement.Replacement,
  cond: Filter.Condition,
  occ: GameEvent.Occurrence | undefined,
  frame: Frame | undefined
): boolean => guard(e, () => Filter.holds(cond, ctxFor(s, e, occ, frame)))

/**
 * The context variable values (X) are read in: as {@link ctxFor}, in the view the effect could
 * apply in — before its cost was paid, while it applies after one (`State.valuesView`; FaB
 * 6.4.2a, 8.3.15) — else the current view.
 */
export const valuesCtxFor = (
  s: State,
  e: Replacement.Replacement,
  occ: GameEvent.Occurrence | undefined,
  frame: Frame | undefined
): Filter.Context =>
  s.valuesView === undefined
    ? ctxFor(s, e, occ, frame)
    : new FilterContext(
        s.valuesView,
        e.controller,
        e.source,
        occ,
        s.rules.predicates ?? NO_PREDICATES,
        s.rules.values,
        frame,
        s.rules.zones
      )

/** An amount expression's value for `e` on `occ`. */
export const valueFor = (
  s: State,
  e: Replacement.Replacement,
  v: Filter.Value,
  occ: GameEvent.Occurrence | undefined,
  frame: Frame | undefined
): number => guard(e, () => Filter.value(v, valuesCtxFor(s, e, occ, frame)))

/** An amount expression's value for `e` on `occ`, and how it was obtained (for the trace). */
export const explainFor = (
  s: State,
  e: Replacement.Replacement,
  v: Filter.Value,
  occ: GameEvent.Occurrence | undefined,
  frame: Frame | undefined
): { readonly value: number; readonly how: string } =>
  guard(e, () => Filter.explain(v, valuesCtxFor(s, e, occ, frame)))

/** Whether `e`'s subject and source filters match `occ` (the part of `watches` needing a context). */
const filtersMatch = (
  s: State,
  e: Replacement.Replacement,
  occ: GameEvent.Occurrence,
  frame: Frame | undefined
): boolean =>
  guard(e, () => {
    const w = e.watch
    const ctx = ctxFor(s, e, occ, frame)
    if (w.subject !== undefined && !Filter.matches(w.subject, occ.subject, ctx)) return false
    if (w.source !== undefined && !Filter.matches(w.source, occ.source, ctx)) {
      // the ruleset may say who else dealt it (FaB 8.5.3a: a non-living card's controller and hero)
      const also = s.rules.alsoDealtBy?.(occ, s.view)
      if (also === undefined || !also.some((id) => Filter.matches(w.source as Filter.Filter, id, ctx)))
        return false
    }
    return true
  })

/** Whether any of `xs` is one of `kinds`. */
export const anyKind = (xs: ReadonlyArray<string>, kinds: ReadonlyArray<string>): boolean => {
  for (let i = 0; i < xs.length; i++) if (kinds.includes(xs[i] as string)) return true
  return false
}

/** The part of a watch that reads the occurrence alone: its family, kinds and params. */
export const watchesEvent = (w: Replacement.Watch, occ: GameEvent.Occurrence): boolean => {
  if (w.family !== occ.family) return false
  if (w.kinds !== undefined) {
    const k = w.kinds
    if (k.anyOf !== undefined && !anyKind(k.anyOf, occ.kinds)) return false
    if (k.allOf !== undefined && !allKinds(k.allOf, occ.kinds)) return false
    if (k.noneOf !== undefined && anyKind(k.noneOf, occ.kinds)) return false
  }
  if (w.params !== undefined) {
    for (const key in w.params) if (!Filter.compare(occ.params[key], "eq", w.params[key])) return false
  }
  return true
}

/** Whether every one of `xs` is one of `kinds`. */
export const allKinds = (xs: ReadonlyArray<string>, kinds: ReadonlyArray<string>): boolean => {
  for (let i = 0; i < xs.length; i++) if (!kinds.includes(xs[i] as string)) return false
  return true
}

export const watches = (
  s: State,
  e: Replacement.Replacement,
  occ: GameEvent.Occurrence,
  frame: Frame | undefined
): boolean => {
  const w = e.watch
  if (!watchesEvent(w, occ)) return false
  if (w.source === undefined) {
    if (w.subject === undefined) return true
    // the common shield: "damage that would be dealt to X" needs no context
    if (w.subject._tag === "Id") return w.subject.ids.includes(occ.subject)
  }
  return filtersMatch(s, e, occ, frame)
}

/** Whether `id` already applied to the item (a set once the list is long, not a scan). */
export const hasApplied = (item: Item, id: string): boolean => {
  if (item.applied.length <= 8) return item.applied.includes(id)
  if (item.appliedSet === undefined) item.appliedSet = new Set(item.applied)
  return item.appliedSet.has(id)
}

/** Why `e` can't apply to `item` now, or undefined if it can. */
export const blocker = (
  s: State,
  e: Replacement.Replacement,
  item: Item,
  frame: Frame
): Trace.Reason | undefined =>
  hasApplied(item, e.id) ? "alreadyApplied" : blockerNotApplied(s, e, item, frame)

/** {@link blocker} for an effect known not to have applied to the item yet. */
export const blockerNotApplied = (
  s: State,
  e: Replacement.Replacement,
  item: Item,
  frame: Frame
): Trace.Reason | undefined => {
  if (!watches(s, e, item.occ, frame)) return "filterFailed"
  if (frame.sequenceOver?.includes(e.id) === true) return "sequenceEnded"
  // an effect that is used up says so, even when the event is also at 0
  const st = effState(s, e)
  if (st.spent) return "spent"
  if (e.limit !== undefined && st.uses >= e.limit.times) return "limitReached"
  if (item.status === "zero") return "eventAtZero"
  if (item.status !== "live") return "filterFailed"
  if (e.requiresSourceIn !== undefined) {
    const zone = e.source === undefined ? undefined : GameView.get(s.view, e.source)?.zone
    if (zone === undefined || !e.requiresSourceIn.includes(zone)) return "sourceLeftZone"
  }
  if (e.requiresSourceInPlay === true) {
    const src = e.source === undefined ? undefined : GameView.get(s.view, e.source)
    if (src === undefined || !Zones.isInPlay(s.rules.zones, src)) return "sourceLeftZone"
  }
  if (e.sameObjects !== undefined && !Identity.stillSame(s.view, e.sameObjects, item.occ)) return "newObject"
  if (e.condition !== undefined && !holdsFor(s, e, e.condition, item.occ, frame)) return "conditionFailed"
  if (e.costPayable !== undefined && !holdsFor(s, e, e.costPayable, item.occ, frame)) return "costUnpayable"
  return undefined
}
