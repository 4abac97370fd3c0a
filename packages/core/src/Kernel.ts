/**
 * The kernel: the one resolution algorithm, as a pure, synchronous step machine over plain data.
 *
 * {@link start} runs a resolution until it is finished or needs a decision; {@link resume}
 * continues it with an answer. A pending state is plain data: it can be stored (an online game
 * waiting on a player), resumed any number of times (search strategies branch on it), and is
 * never changed by `resume`, which works on a copy. Nothing here allocates an Effect; the
 * `Resolver` module wraps the kernel with choosers and services.
 *
 * The algorithm, for one event (a batch of occurrences):
 *
 * 1. The batch is partitioned into groups by the ordering policy (per affected object, or the
 *    whole event), taken in APNAP order.
 * 2. For the current group, the applicable effects are computed against the *current*
 *    occurrences and view (filters, condition, source zone, limit, cost, not yet applied to this
 *    occurrence or one it replaced); the ordering policy says which applies next or who chooses.
 * 3. The effect is applied (asking whether to use a "may" effect, resolving its cost as a
 *    sub-event first, asking how a limited prevention is divided), the ledger updated, and the
 *    effect marked as applied to each occurrence it touched and every occurrence that replaces
 *    them. Back to 2: effects can become applicable or stop applying.
 * 4. An occurrence at 0 does not happen and nothing applies to it again.
 * 5. When no group has anything left, the occurrences at more than 0 happen (the ruleset's
 *    `commit` updates the view); damage goes through the ruleset's results stage together with
 *    the additional effects of the preventions that applied, as a new event; otherwise the
 *    additional effects are resolved as a new event.
 *
 * Invariants (each covered by a property test): an effect modifies an original event at most
 * once, including every event that replaces it; candidates are recomputed after every
 * application; 0 is not dealt and not resurrected; unpreventable damage makes preventions
 * prevent 0, keep their amounts and still do their additional effects; one batch is one event;
 * the chooser of every decision comes from the policy and is recorded; the same inputs and
 * answers give the same result; the number of steps is bounded; and for every occurrence
 * `proposed + modified − prevented = amount`.
 *
 * @since 0.1.0
 */
import * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import * as Filter from "./Filter.js"
import * as GameEvent from "./GameEvent.js"
import * as GameView from "./GameView.js"
import * as Ledger from "./Ledger.js"
import type * as Policy from "./Policy.js"
import type * as Replacement from "./Replacement.js"
import type * as Trace from "./Trace.js"

/**
 * Options of a resolution. `trace: false` skips building the trace (for game AIs that only need
 * the result); everything else is the same.
 *
 * @example
 * ```ts
 * import type { Kernel } from "@bulwark/core"
 * const fast: Kernel.Options = { trace: false }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Options {
  readonly trace?: boolean
}

/**
 * What became of one occurrence (an original one, or one that replaced another).
 *
 * - `proposed`: its amount when it entered the resolution;
 * - `modified`: the net change made by modifiers (+/−);
 * - `prevented`: what preventions removed;
 * - `amount`: what is left, `proposed + modified − prevented`; dealt if `status` is `happened`;
 * - `status`: `happened`, `zero` (reached 0: it does not happen), or `replaced` (something else
 *   happened instead: see `replacedBy`);
 * - `origin`: the original occurrence it descends from; `applied`: every effect that applied to
 *   it or to the occurrences it replaced.
 *
 * @example
 * ```ts
 * import type { Kernel } from "@bulwark/core"
 * const dealt = (o: Kernel.Outcome) => (o.status === "happened" ? o.amount : 0)
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Outcome {
  readonly id: string
  readonly origin: string
  readonly event: string
  readonly cause: "event" | "cost" | "additional" | "results"
  readonly family: string
  readonly subject: string
  readonly source?: string | undefined
  readonly kinds: ReadonlyArray<string>
  readonly params: Readonly<Record<string, GameView.Prop>>
  readonly proposed: number
  readonly modified: number
  readonly prevented: number
  readonly amount: number
  readonly status: "happened" | "zero" | "replaced"
  readonly replacedBy: ReadonlyArray<string>
  readonly applied: ReadonlyArray<string>
}

/**
 * A notification for triggers: a prevention effect prevented damage (one per application, with
 * the total it prevented).
 *
 * @example
 * ```ts
 * import type { Kernel } from "@bulwark/core"
 * const n: Kernel.Notification = { _tag: "Prevented", effect: "shield", amount: 2, occurrences: ["i1"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Notification {
  readonly _tag: "Prevented"
  readonly effect: string
  readonly amount: number
  readonly occurrences: ReadonlyArray<string>
}

/**
 * A finished resolution: what became of every occurrence, what happened (in order), the new
 * ledger and view, the trace and the decision log.
 *
 * @example
 * ```ts
 * import type { Kernel } from "@bulwark/core"
 * const dealtTo = (r: Kernel.Resolution, id: string) =>
 *   r.happened.filter((o) => o.family === "damage" && o.subject === id).reduce((n, o) => n + o.amount, 0)
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Resolution {
  readonly outcomes: ReadonlyArray<Outcome>
  readonly happened: ReadonlyArray<GameEvent.Occurrence>
  readonly notifications: ReadonlyArray<Notification>
  readonly ledger: Ledger.Ledger
  readonly view: GameView.GameView
  readonly trace: ReadonlyArray<Trace.Record>
  readonly decisions: ReadonlyArray<Decision.LogEntry>
}

/**
 * The result of running the kernel: finished, waiting on a decision (with the state to resume),
 * or failed with a typed error (nothing changed).
 *
 * @example
 * ```ts
 * import type { Kernel } from "@bulwark/core"
 * const describe = (s: Kernel.Step) => s._tag === "Pending" ? s.request.chooser : s._tag
 * ```
 * @since 0.1.0
 * @category model
 */
export type Step =
  | { readonly _tag: "Done"; readonly resolution: Resolution }
  | { readonly _tag: "Pending"; readonly request: Decision.Request; readonly state: State }
  | { readonly _tag: "Failed"; readonly error: Errors.ResolveError }

// ---------------------------------------------------------------------------------------------
// working state

interface Item {
  index: number
  occ: GameEvent.Occurrence
  origin: string
  applied: ReadonlyArray<string>
  /**
   * `applied` as a set, built once the list is long (many effects on one occurrence) and kept up
   * by `markApplied`; never shared between states (a copied state starts without it).
   */
  appliedSet?: Set<string> | undefined
  proposed: number
  modified: number
  prevented: number
  status: "live" | "zero" | "replaced"
  replacedBy: ReadonlyArray<string>
  group: string
}

type ApplyStage = "start" | "cost" | "afterCost" | "action" | "allocate"

interface PendingApply {
  readonly effect: string
  readonly group: string
  readonly tier: string
  readonly rule: string
  readonly chosenBy: string
  stage: ApplyStage
  allocation?: Readonly<Record<string, number>>
}

type Awaiting =
  | {
      readonly _tag: "Choice"
      readonly group: string
      readonly progress: Policy.Progress
      readonly tier: string
      readonly rule: string
    }
  | { readonly _tag: "Optional" }
  | { readonly _tag: "Allocate" }
  | { readonly _tag: "Start" }

interface Frame {
  readonly event: string
  readonly cause: Outcome["cause"]
  items: Array<Item>
  groups: Array<string>
  groupItems: Map<string, Array<number>>
  /** Each group's position in `groups`, built when first needed (an item joins an existing group). */
  groupIndex: Map<string, number> | undefined
  /** Items by subject, built when first needed (a group of more than 8 items), then kept up. */
  subjectItems: Map<string, Array<number>> | undefined
  cursor: number
  progress: Map<string, Policy.Progress>
  /** Effects applied in each group, kept only when tracing (read by `NotApplied` records). */
  appliedIn: Map<string, Set<string>> | undefined
  started: boolean
  startingPlayer: string | undefined
  pendingApply: PendingApply | undefined
  awaiting: Awaiting | undefined
  followUps: Array<GameEvent.Occurrence>
}

/**
 * A resolution in progress, as plain data. Treat it as opaque: pass it back to {@link resume}.
 *
 * @example
 * ```ts
 * import { Kernel } from "@bulwark/core"
 * const waitingOn = (s: Kernel.State) => Kernel.pendingRequest(s)?.chooser
 * ```
 * @since 0.1.0
 * @category model
 */
export interface State {
  readonly rules: Policy.Rules
  readonly baseLedger: Ledger.Ledger
  /** @internal */
  readonly index: EffectIndex
  view: GameView.GameView
  changes: Map<string, Ledger.EffectState>
  /** @internal */
  frames: Array<Frame>
  outcomes: Array<Outcome>
  happened: Array<GameEvent.Occurrence>
  notifications: Array<Notification>
  trace: Array<Trace.Record> | undefined
  log: Array<Decision.LogEntry>
  pending: Decision.Request | undefined
  steps: number
  seq: number
  readonly maxSteps: number
}

interface EffectIndex {
  readonly byFamily: Map<
    string,
    { generic: Array<Replacement.Replacement>; bySubject: Map<string, Array<Replacement.Replacement>> }
  >
  readonly byId: Map<string, Replacement.Replacement>
  readonly order: Map<string, number>
  readonly reducers: Array<Replacement.Replacement>
}

const buildIndex = (effects: ReadonlyArray<Replacement.Replacement>): EffectIndex => {
  const byFamily: EffectIndex["byFamily"] = new Map()
  const byId = new Map<string, Replacement.Replacement>()
  const order = new Map<string, number>()
  const reducers: Array<Replacement.Replacement> = []
  effects.forEach((e, i) => {
    byId.set(e.id, e)
    order.set(e.id, i)
    if (e.action._tag === "ReducePrevention") {
      reducers.push(e)
      return
    }
    let fam = byFamily.get(e.watch.family)
    if (fam === undefined) {
      fam = { generic: [], bySubject: new Map() }
      byFamily.set(e.watch.family, fam)
    }
    const subj = e.watch.subject
    if (subj !== undefined && subj._tag === "Id") {
      for (const id of subj.ids) {
        const list = fam.bySubject.get(id)
        if (list === undefined) fam.bySubject.set(id, [e])
        else list.push(e)
      }
    } else fam.generic.push(e)
  })
  return { byFamily, byId, order, reducers }
}

class Failure {
  constructor(readonly error: Errors.ResolveError) {}
}

const fail = (error: Errors.ResolveError): never => {
  throw new Failure(error)
}

// ---------------------------------------------------------------------------------------------
// validation

/**
 * The index and validation of an effects list, computed once per list: a resolution hands the
 * same list on to the ledger it returns, so a game loop or a search keeps hitting this cache.
 */
const preparedCache = new WeakMap<
  ReadonlyArray<Replacement.Replacement>,
  {
    index: EffectIndex
    invalid: Errors.InvalidEffect | undefined
    /** The distinct controllers and redirect targets the effects name. */
    controllers: ReadonlyArray<string>
    targets: ReadonlyArray<string>
  }
>()

const prepared = (effects: ReadonlyArray<Replacement.Replacement>) => {
  let p = preparedCache.get(effects)
  if (p === undefined) {
    const controllers = new Set<string>()
    const targets = new Set<string>()
    for (const e of effects) {
      controllers.add(e.controller)
      if (e.action._tag === "Redirect") targets.add(e.action.to)
    }
    p = {
      index: buildIndex(effects),
      invalid: Ledger.validate(effects),
      controllers: [...controllers],
      targets: [...targets]
    }
    preparedCache.set(effects, p)
  }
  return p
}

const validateInput = (
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView
): Errors.ResolveError | undefined => {
  const seen = event.occurrences.length > 1 ? new Set<string>() : undefined
  for (let i = 0; i < event.occurrences.length; i++) {
    const o = event.occurrences[i] as GameEvent.Occurrence
    if (seen?.has(o.id) === true)
      return new Errors.InvalidEvent({
        event: event.id,
        path: `occurrences[${i}].id`,
        reason: `duplicate occurrence id ${JSON.stringify(o.id)}`
      })
    seen?.add(o.id)
    if (!Number.isInteger(o.amount) || o.amount < 0) {
      return new Errors.InvalidEvent({
        event: event.id,
        path: `occurrences[${i}].amount`,
        reason: `must be a whole number ≥ 0, got ${o.amount}`
      })
    }
    if (GameView.get(view, o.subject) === undefined)
      return new Errors.UnknownId({ id: o.subject, where: `event ${event.id}, occurrences[${i}].subject` })
    if (o.source !== undefined && GameView.get(view, o.source) === undefined) {
      return new Errors.UnknownId({ id: o.source, where: `event ${event.id}, occurrences[${i}].source` })
    }
  }
  if (!view.players.includes(view.activePlayer)) {
    return new Errors.UnknownId({
      id: view.activePlayer,
      where: "view.activePlayer (not one of view.players)"
    })
  }
  const p = prepared(ledger.effects)
  if (p.invalid !== undefined) return p.invalid
  // the ids effects name, each checked once (not once per effect); on a failure the loop below
  // names the first effect at fault
  let named = true
  for (const c of p.controllers) if (GameView.get(view, c)?.kind !== "player") named = false
  for (const t of p.targets) if (GameView.get(view, t) === undefined) named = false
  if (named) return undefined
  for (const e of ledger.effects) {
    if (GameView.get(view, e.controller)?.kind !== "player") {
      return new Errors.UnknownId({
        id: e.controller,
        where: `effect ${e.id}, controller (not a player in the game)`
      })
    }
    if (e.action._tag === "Redirect" && GameView.get(view, e.action.to) === undefined) {
      return new Errors.UnknownId({ id: e.action.to, where: `effect ${e.id}, action.to` })
    }
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// ledger access

const effState = (s: State, e: Replacement.Replacement): Ledger.EffectState =>
  (s.changes.size === 0 ? undefined : s.changes.get(e.id)) ??
  Ledger.stateOf(s.baseLedger, e.id) ??
  Ledger.initialState(e)

const setState = (s: State, id: string, st: Ledger.EffectState): void => {
  s.changes.set(id, st)
}

// ---------------------------------------------------------------------------------------------
// applicability

class FilterContext implements Filter.Context {
  private cached: ReadonlyArray<GameEvent.Occurrence> | undefined
  constructor(
    readonly view: GameView.GameView,
    readonly controller: string,
    readonly self: string | undefined,
    readonly occurrence: GameEvent.Occurrence | undefined,
    readonly predicates: Filter.Predicates,
    readonly values: Filter.NamedValues | undefined,
    private readonly frame: Frame | undefined
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

const ctxFor = (
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
    frame
  )

const guard = <A>(e: Replacement.Replacement, f: () => A): A => {
  try {
    return f()
  } catch (err) {
    if (err instanceof Failure) throw err
    return fail(
      new Errors.PredicateFailed({ effect: e.id, reason: err instanceof Error ? err.message : String(err) })
    )
  }
}

const watches = (
  s: State,
  e: Replacement.Replacement,
  occ: GameEvent.Occurrence,
  frame: Frame | undefined
): boolean => {
  const w = e.watch
  if (w.family !== occ.family) return false
  if (w.kinds !== undefined) {
    const k = w.kinds
    if (k.anyOf !== undefined && !k.anyOf.some((x) => occ.kinds.includes(x))) return false
    if (k.allOf !== undefined && !k.allOf.every((x) => occ.kinds.includes(x))) return false
    if (k.noneOf?.some((x) => occ.kinds.includes(x)) === true) return false
  }
  if (w.params !== undefined) {
    for (const key in w.params) if (!Filter.compare(occ.params[key], "eq", w.params[key])) return false
  }
  if (w.source === undefined) {
    if (w.subject === undefined) return true
    // the common shield: "damage that would be dealt to X" needs no context
    if (w.subject._tag === "Id") return w.subject.ids.includes(occ.subject)
  }
  return guard(e, () => {
    const ctx = ctxFor(s, e, occ, frame)
    if (w.subject !== undefined && !Filter.matches(w.subject, occ.subject, ctx)) return false
    if (w.source !== undefined && !Filter.matches(w.source, occ.source, ctx)) return false
    return true
  })
}

/** Whether `id` already applied to the item (a set once the list is long, not a scan). */
const hasApplied = (item: Item, id: string): boolean => {
  if (item.applied.length <= 8) return item.applied.includes(id)
  if (item.appliedSet === undefined) item.appliedSet = new Set(item.applied)
  return item.appliedSet.has(id)
}

/** Why `e` can't apply to `item` now, or undefined if it can. */
const blocker = (
  s: State,
  e: Replacement.Replacement,
  item: Item,
  frame: Frame
): Trace.Reason | undefined => {
  if (hasApplied(item, e.id)) return "alreadyApplied"
  if (!watches(s, e, item.occ, frame)) return "filterFailed"
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
  if (e.condition !== undefined) {
    const cond = e.condition
    if (!guard(e, () => Filter.holds(cond, ctxFor(s, e, item.occ, frame)))) return "conditionFailed"
  }
  if (e.costPayable !== undefined) {
    const cond = e.costPayable
    if (!guard(e, () => Filter.holds(cond, ctxFor(s, e, item.occ, frame)))) return "costUnpayable"
  }
  return undefined
}

const relevantEffects = (s: State, frame: Frame, group: string): ReadonlyArray<Replacement.Replacement> => {
  const idx = frame.groupItems.get(group) ?? NO_INDICES
  if (idx.length === 1) {
    // one occurrence: its family's generic effects and those naming its subject, in ledger order
    const occ = (frame.items[idx[0] as number] as Item).occ
    const f = s.index.byFamily.get(occ.family)
    if (f === undefined) return NO_EFFECTS
    const named = f.bySubject.get(occ.subject)
    if (named === undefined) return f.generic
    if (f.generic.length === 0) return named
    return [...f.generic, ...named].sort(
      (a, b) => (s.index.order.get(a.id) ?? 0) - (s.index.order.get(b.id) ?? 0)
    )
  }
  const families = new Set<string>()
  const subjects = new Set<string>()
  for (const i of idx) {
    const it = frame.items[i] as Item
    families.add(it.occ.family)
    subjects.add(it.occ.subject)
  }
  const out: Array<Replacement.Replacement> = []
  const seen = new Set<string>()
  for (const fam of families) {
    const f = s.index.byFamily.get(fam)
    if (f === undefined) continue
    const take = (e: Replacement.Replacement): void => {
      if (seen.has(e.id)) return
      seen.add(e.id)
      out.push(e)
    }
    for (const e of f.generic) take(e)
    for (const subj of subjects) {
      const list = f.bySubject.get(subj)
      if (list !== undefined) for (const e of list) take(e)
    }
  }
  if (out.length > 1) out.sort((a, b) => (s.index.order.get(a.id) ?? 0) - (s.index.order.get(b.id) ?? 0))
  return out
}

/**
 * The items of a group an effect could apply to: for an effect that watches named subjects, only
 * their items (so a large batch is not scanned once per shield); otherwise the whole group.
 */
const itemsFor = (frame: Frame, group: string, e: Replacement.Replacement): ReadonlyArray<number> => {
  const all = frame.groupItems.get(group) ?? NO_INDICES
  const subj = e.watch.subject
  if (subj === undefined || subj._tag !== "Id" || all.length <= 8) return all
  let bySubject = frame.subjectItems
  if (bySubject === undefined) {
    bySubject = new Map()
    for (const it of frame.items) {
      const list = bySubject.get(it.occ.subject)
      if (list === undefined) bySubject.set(it.occ.subject, [it.index])
      else list.push(it.index)
    }
    frame.subjectItems = bySubject
  }
  const out: Array<number> = []
  for (const id of subj.ids) {
    for (const i of bySubject.get(id) ?? []) {
      const it = frame.items[i] as Item
      if (it.group === group && it.occ.subject === id && !out.includes(i)) out.push(i)
    }
  }
  return out.length > 1 ? out.sort((a, b) => a - b) : out
}

const candidatesOf = (s: State, frame: Frame, group: string): Array<Replacement.Replacement> => {
  const out: Array<Replacement.Replacement> = []
  for (const e of relevantEffects(s, frame, group)) {
    for (const i of itemsFor(frame, group, e)) {
      const it = frame.items[i] as Item
      if (it.status === "live" && blocker(s, e, it, frame) === undefined) {
        out.push(e)
        break
      }
    }
  }
  return out
}

/** Live items of the group that `e` applies to now (cost paid: zone and condition not re-checked). */
const targetsOf = (
  s: State,
  frame: Frame,
  group: string,
  e: Replacement.Replacement,
  afterCost: boolean
): Array<Item> => {
  const out: Array<Item> = []
  for (const i of itemsFor(frame, group, e)) {
    const it = frame.items[i] as Item
    if (it.status !== "live" || hasApplied(it, e.id)) continue
    if (afterCost ? watches(s, e, it.occ, frame) : blocker(s, e, it, frame) === undefined) out.push(it)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// frames

const groupRank = (s: State, frame: Frame, group: string, order: ReadonlyArray<string>): number => {
  const first = frame.groupItems.get(group)?.[0]
  const subject = first === undefined ? undefined : (frame.items[first] as Item).occ.subject
  const ctrl =
    subject === undefined ? undefined : (GameView.controllerOf(s.view, subject) ?? s.view.activePlayer)
  const r = ctrl === undefined ? order.length : order.indexOf(ctrl)
  return r < 0 ? order.length : r
}

const addItemToGroup = (s: State, frame: Frame, index: number): void => {
  const it = frame.items[index] as Item
  const key = s.rules.order.groupKey(it.occ, s.view)
  it.group = key
  if (frame.subjectItems !== undefined) {
    const bySubject = frame.subjectItems.get(it.occ.subject)
    if (bySubject === undefined) frame.subjectItems.set(it.occ.subject, [index])
    else bySubject.push(index)
  }
  const list = frame.groupItems.get(key)
  if (list === undefined) {
    frame.groupItems.set(key, [index])
    frame.groupIndex?.set(key, frame.groups.length)
    frame.groups.push(key)
  } else {
    list.push(index)
    if (frame.groupIndex === undefined)
      frame.groupIndex = new Map(frame.groups.map((g, i) => [g, i] as const))
    const gi = frame.groupIndex.get(key) ?? -1
    if (gi >= 0 && gi < frame.cursor) frame.cursor = gi
  }
}

const regroup = (s: State, frame: Frame, item: Item): void => {
  const index = item.index
  const old = frame.groupItems.get(item.group)
  if (old !== undefined) {
    const k = old.indexOf(index)
    if (k >= 0) old.splice(k, 1)
  }
  addItemToGroup(s, frame, index)
}

const pushFrame = (
  s: State,
  event: string,
  cause: Outcome["cause"],
  occs: ReadonlyArray<GameEvent.Occurrence>,
  inherited?: ReadonlyArray<string>
): void => {
  const frame: Frame = {
    event,
    cause,
    items: [],
    groups: [],
    groupItems: new Map(),
    groupIndex: undefined,
    subjectItems: undefined,
    cursor: 0,
    progress: new Map(),
    appliedIn: undefined,
    started: false,
    startingPlayer: undefined,
    pendingApply: undefined,
    awaiting: undefined,
    followUps: []
  }
  for (const occ of occs) {
    frame.items.push({
      index: frame.items.length,
      occ,
      origin: occ.id,
      applied: inherited ?? NONE,
      proposed: occ.amount,
      modified: 0,
      prevented: 0,
      status: occ.amount > 0 ? "live" : "zero",
      replacedBy: NONE,
      group: "",
      appliedSet: undefined
    })
  }
  for (let i = 0; i < frame.items.length; i++) addItemToGroup(s, frame, i)
  if (s.rules.order.groupOrder === "apnap" && frame.groups.length > 1) {
    const order = GameView.turnOrderFrom(s.view, s.view.activePlayer)
    const ranks = new Map(frame.groups.map((g) => [g, groupRank(s, frame, g, order)] as const))
    frame.groups = frame.groups
      .map((g, i) => [g, i] as const)
      .sort((a, b) => (ranks.get(a[0]) ?? 0) - (ranks.get(b[0]) ?? 0) || a[1] - b[1])
      .map(([g]) => g)
    frame.groupIndex = undefined
  }
  s.frames.push(frame)
  s.trace?.push({
    _tag: "EventStarted",
    event,
    cause,
    occurrences: occs.map((o) => ({
      id: o.id,
      family: o.family,
      subject: o.subject,
      source: o.source,
      amount: o.amount
    }))
  })
  for (const it of frame.items) {
    if (it.status === "zero")
      s.trace?.push({ _tag: "ReachedZero", occurrence: it.occ.id, subject: it.occ.subject, rule: ZERO_RULE })
  }
}

const ZERO_RULE = "an occurrence at 0 does not happen"

/** The empty list items start with (lists are replaced, never changed in place). */
const NONE: ReadonlyArray<string> = Object.freeze([])

/** No item indices. */
const NO_INDICES: ReadonlyArray<number> = Object.freeze([])

/** No effects. */
const NO_EFFECTS: ReadonlyArray<Replacement.Replacement> = Object.freeze([])

/** No occurrences. */
const NO_OCCURRENCES: ReadonlyArray<GameEvent.Occurrence> = Object.freeze([])

/** A group's ordering progress before its first step. */
const FIRST: Policy.Progress = Object.freeze({ tier: 0, player: 0 })

const fresh = (s: State, base: string): string => `${base}#${++s.seq}`

const instantiate = (
  s: State,
  t: Replacement.Template,
  e: Replacement.Replacement,
  from: GameEvent.Occurrence | undefined,
  prevented: number,
  idBase: string,
  replacing: boolean,
  frame: Frame | undefined
): GameEvent.Occurrence => {
  const ref = (r: Replacement.Ref | undefined, dflt: string | undefined): string | undefined => {
    if (r === undefined) return dflt
    if (typeof r === "object") return r.id
    switch (r) {
      case "subject":
        return from?.subject
      case "source":
        return from?.source
      case "controller":
        return e.controller
      case "self":
        return e.source
    }
  }
  const subject = ref(t.subject, from?.subject) ?? e.controller
  const source = ref(t.source, from?.source)
  let amount: number
  const a = t.amount
  // an occurrence that replaces another keeps its amount by default; a cost or additional effect is 1
  if (a === undefined) amount = replacing && from !== undefined ? from.amount : 1
  else if (typeof a === "object" && a._tag === "Prevented") amount = prevented
  else amount = guard(e, () => Filter.value(a, ctxFor(s, e, from, frame)))
  amount = Math.max(0, Math.floor(amount))
  if (GameView.get(s.view, subject) === undefined)
    fail(new Errors.UnknownId({ id: subject, where: `effect ${e.id}, template ${t.family}.subject` }))
  return GameEvent.occurrence({
    id: fresh(s, idBase),
    family: t.family,
    subject,
    ...(source === undefined ? {} : { source }),
    amount,
    kinds: t.kinds ?? (replacing && from !== undefined && from.family === t.family ? from.kinds : []),
    preventable: t.preventable ?? true,
    params: t.params ?? {}
  })
}

// ---------------------------------------------------------------------------------------------
// applying an effect

const modify = (
  op: Extract<Replacement.Action, { _tag: "Modify" }>["op"],
  amount: number,
  v: number
): number => {
  switch (op) {
    case "add":
      return amount + v
    case "sub":
      return amount - v
    case "mul":
      return amount * v
    case "set":
      return v
    case "atMost":
      return Math.min(amount, v)
    case "atLeast":
      return Math.max(amount, v)
  }
}

/** Which effects applied in each group: read only by the trace (`NotApplied` records). */
const noteApplied = (s: State, frame: Frame, group: string, effect: string): void => {
  if (s.trace === undefined) return
  if (frame.appliedIn === undefined) frame.appliedIn = new Map()
  const set = frame.appliedIn.get(group)
  if (set === undefined) frame.appliedIn.set(group, new Set([effect]))
  else set.add(effect)
}

const markApplied = (s: State, frame: Frame, item: Item, e: Replacement.Replacement): void => {
  item.applied = [...item.applied, e.id]
  item.appliedSet?.add(e.id)
  noteApplied(s, frame, item.group, e.id)
}

const settle = (s: State, item: Item): void => {
  if (item.status === "live" && item.occ.amount <= 0) {
    item.status = "zero"
    s.trace?.push({
      _tag: "ReachedZero",
      occurrence: item.occ.id,
      subject: item.occ.subject,
      rule: ZERO_RULE
    })
  }
}

const applyAction = (
  s: State,
  frame: Frame,
  pa: PendingApply,
  e: Replacement.Replacement,
  targets: Array<Item>
): void => {
  // built only when tracing (optional calls skip evaluating their arguments)
  const changes: Array<Trace.Change> | undefined = s.trace === undefined ? undefined : []
  const notes: Array<string> | undefined = s.trace === undefined ? undefined : []
  let remaining: { before: number; after: number } | undefined
  const st0 = effState(s, e)
  // the effect's new state: one more use, then what the action changes (built once, at the end)
  const uses = st0.uses + 1
  let rest: number | undefined = st0.remaining
  let spent = st0.spent
  let preventedTotal = 0
  const a = e.action
  switch (a._tag) {
    case "Prevent": {
      // what each target has prevented, by position (0 for damage that can't be prevented)
      const n = targets.length
      const share: Array<number> = [] // (not new Array(n).fill(0): a holey array, slow to fill)
      for (let i = 0; i < n; i++) share.push(0)
      let total = 0
      let preventable = 0
      let last = -1
      for (let i = 0; i < n; i++) {
        const t = targets[i] as Item
        if (!t.occ.preventable) continue
        preventable++
        total += t.occ.amount
        last = i
      }
      if (preventable < n) notes?.push("damage that can't be prevented: prevents 0 of it")
      if (a.scope === "static") {
        for (let i = 0; i < n; i++) {
          const t = targets[i] as Item
          if (t.occ.preventable)
            share[i] = a.amount === "all" ? t.occ.amount : Math.min(a.amount, t.occ.amount)
        }
      } else if (a.amount === "all") {
        for (let i = 0; i < n; i++)
          if ((targets[i] as Item).occ.preventable) share[i] = (targets[i] as Item).occ.amount
      } else {
        // shield: what is left; once and perEvent: the stated amount (perEvent is never used up)
        const available = a.scope === "shield" ? (st0.remaining ?? a.amount) : a.amount
        if (total <= available) {
          for (let i = 0; i < n; i++)
            if ((targets[i] as Item).occ.preventable) share[i] = (targets[i] as Item).occ.amount
        } else if (preventable === 1) share[last] = available
        else {
          const alloc = pa.allocation ?? {}
          for (let i = 0; i < n; i++) {
            const t = targets[i] as Item
            if (t.occ.preventable) share[i] = alloc[t.occ.id] ?? 0
          }
        }
      }
      let spend = 0
      for (let i = 0; i < n; i++) spend += share[i] as number
      // a decrease applies after the prevention's full amount is spent
      let reduction = 0
      if (spend > 0) {
        for (const r of s.index.reducers) {
          const rs = effState(s, r)
          if (rs.spent || (r.limit !== undefined && rs.uses >= r.limit.times)) continue
          let watched = false
          for (let i = 0; i < n && !watched; i++) {
            const t = targets[i] as Item
            watched = t.occ.preventable && share[i] !== 0 && watches(s, r, t.occ, frame)
          }
          if (!watched) continue
          if (r.action._tag !== "ReducePrevention") continue
          reduction = Math.min(spend, r.action.by)
          setState(s, r.id, { ...rs, uses: rs.uses + 1, spent: true })
          notes?.push(
            `${r.id} ("${r.label}") makes it prevent ${r.action.by} less${r.rule !== undefined ? ` (${r.rule})` : ""}`
          )
          break
        }
      }
      // the decrease comes off the last targets first
      let left = reduction
      for (let i = n - 1; i >= 0 && left > 0; i--) {
        if (!(targets[i] as Item).occ.preventable) continue
        const v = share[i] as number
        const cut = Math.min(v, left)
        share[i] = v - cut
        left -= cut
      }
      for (let i = 0; i < n; i++) {
        const t = targets[i] as Item
        const before = t.occ.amount
        const p = share[i] as number
        if (p > 0) {
          t.occ = { ...t.occ, amount: before - p }
          t.prevented += p
          preventedTotal += p
        }
        changes?.push({
          occurrence: t.occ.id,
          subject: t.occ.subject,
          before,
          after: t.occ.amount,
          prevented: p
        })
      }
      if (a.scope === "shield" && typeof a.amount === "number") {
        const before = st0.remaining ?? a.amount
        const after = before - spend
        rest = after
        spent = after <= 0
        if (s.trace !== undefined) remaining = { before, after }
      } else if (a.scope === "once" && spend > 0) spent = true
      // static and perEvent preventions are never used up
      break
    }
    case "Modify":
      for (const t of targets) {
        const before = t.occ.amount
        const v =
          typeof a.value === "number"
            ? a.value
            : guard(e, () => Filter.value(a.value, ctxFor(s, e, t.occ, frame)))
        const after = Math.max(0, Math.floor(modify(a.op, before, v)))
        t.occ = { ...t.occ, amount: after }
        t.modified += after - before
        changes?.push({ occurrence: t.occ.id, subject: t.occ.subject, before, after, prevented: 0 })
      }
      break
    case "Redirect":
      for (const t of targets) {
        t.occ = { ...t.occ, subject: a.to }
        changes?.push({
          occurrence: t.occ.id,
          subject: t.occ.subject,
          before: t.occ.amount,
          after: t.occ.amount,
          prevented: 0,
          redirectedTo: a.to
        })
      }
      break
    case "SetParams":
      for (const t of targets) {
        t.occ = { ...t.occ, params: { ...t.occ.params, ...a.params } }
        changes?.push({
          occurrence: t.occ.id,
          subject: t.occ.subject,
          before: t.occ.amount,
          after: t.occ.amount,
          prevented: 0
        })
      }
      break
    case "Replace":
      for (const t of targets) {
        const made = a.with.map((tpl) => instantiate(s, tpl, e, t.occ, 0, t.origin, true, frame))
        t.status = "replaced"
        t.replacedBy = made.map((m) => m.id)
        changes?.push({
          occurrence: t.occ.id,
          subject: t.occ.subject,
          before: t.occ.amount,
          after: 0,
          prevented: 0,
          replacedBy: t.replacedBy
        })
        for (const m of made) {
          frame.items.push({
            index: frame.items.length,
            occ: m,
            origin: t.origin,
            applied: [...t.applied, e.id],
            proposed: m.amount,
            modified: 0,
            prevented: 0,
            status: m.amount > 0 ? "live" : "zero",
            replacedBy: [],
            group: "",
            appliedSet: undefined
          })
          addItemToGroup(s, frame, frame.items.length - 1)
        }
      }
      break
    case "ReducePrevention":
      break
  }
  for (const t of targets) {
    markApplied(s, frame, t, e)
    if (a._tag === "Redirect") regroup(s, frame, t)
  }
  setState(s, e.id, rest === undefined ? { uses, spent } : { remaining: rest, uses, spent })
  s.trace?.push({
    _tag: "Applied",
    effect: e.id,
    label: e.label,
    group: pa.group,
    tier: pa.tier,
    chosenBy: pa.chosenBy,
    rule: e.rule ?? pa.rule,
    changes: changes ?? [],
    remaining,
    notes: notes ?? []
  })
  if (preventedTotal > 0) {
    s.notifications.push({
      _tag: "Prevented",
      effect: e.id,
      amount: preventedTotal,
      occurrences: targets.map((t) => t.occ.id)
    })
  }
  if (e.additional !== undefined) {
    const first = targets[0]?.occ
    for (const tpl of e.additional)
      frame.followUps.push(instantiate(s, tpl, e, first, preventedTotal, `${e.id}:additional`, false, frame))
  }
  for (const t of targets) settle(s, t)
}

/** Continues the application in `frame.pendingApply`; returns a request if one is needed. */
const continueApply = (s: State, frame: Frame): Decision.Request | undefined => {
  const pa = frame.pendingApply as PendingApply
  const e = s.index.byId.get(pa.effect) as Replacement.Replacement
  for (;;) {
    switch (pa.stage) {
      case "start":
        if (e.optional === true) {
          frame.awaiting = { _tag: "Optional" }
          return {
            _tag: "UseOptional",
            id: `d${s.log.length + 1}`,
            chooser: e.controller,
            effect: e.id,
            label: e.label,
            rule: e.rule ?? pa.rule
          }
        }
        pa.stage = "cost"
        break
      case "cost":
        if (e.cost !== undefined) {
          const first = targetsOf(s, frame, pa.group, e, false)[0]?.occ
          const costOcc = instantiate(s, e.cost, e, first, 0, `${e.id}:cost`, false, frame)
          pa.stage = "afterCost"
          pushFrame(s, `${e.id}:cost`, "cost", [costOcc])
          return undefined
        }
        pa.stage = "action"
        break
      case "afterCost":
      case "action": {
        const afterCost = pa.stage === "afterCost"
        const targets = targetsOf(s, frame, pa.group, e, afterCost || e.cost !== undefined)
        const a = e.action
        if (a._tag === "Prevent" && a.scope !== "static" && a.amount !== "all" && targets.length > 0) {
          const st = effState(s, e)
          const available = a.scope === "shield" ? (st.remaining ?? a.amount) : a.amount
          const preventable = targets.length > 1 ? targets.filter((t) => t.occ.preventable) : targets
          const total = preventable.reduce((n, t) => n + t.occ.amount, 0)
          if (preventable.length > 1 && total > available && pa.allocation === undefined) {
            frame.awaiting = { _tag: "Allocate" }
            pa.stage = "allocate"
            return {
              _tag: "Allocate",
              id: `d${s.log.length + 1}`,
              chooser: s.rules.assignment.allocator(
                e,
                preventable.map((t) => t.occ),
                s.view
              ),
              effect: e.id,
              label: e.label,
              points: available,
              targets: preventable.map((t) => ({
                occurrence: t.occ.id,
                subject: t.occ.subject,
                source: t.occ.source,
                max: t.occ.amount
              })),
              rule: s.rules.assignment.rule
            }
          }
        }
        applyAction(s, frame, pa, e, targets)
        frame.pendingApply = undefined
        return undefined
      }
      case "allocate":
        applyAction(s, frame, pa, e, targetsOf(s, frame, pa.group, e, true))
        frame.pendingApply = undefined
        return undefined
    }
  }
}

const traceNotApplied = (s: State, frame: Frame, group: string): void => {
  if (s.trace === undefined) return
  const applied = frame.appliedIn?.get(group)
  const idx = frame.groupItems.get(group) ?? []
  for (const e of relevantEffects(s, frame, group)) {
    if (applied?.has(e.id) === true) continue
    let reason: Trace.Reason | undefined
    let anyWatch = false
    for (const i of idx) {
      const it = frame.items[i] as Item
      if (it.status === "replaced") continue
      const b = blocker(s, e, it, frame)
      if (b === "filterFailed") continue
      anyWatch = true
      reason = b ?? "notReached"
      if (reason !== "alreadyApplied") break
    }
    if (!anyWatch || reason === undefined || reason === "alreadyApplied") continue
    s.trace.push({ _tag: "NotApplied", effect: e.id, group, reason, rule: e.rule })
  }
}

const finishFrame = (s: State): void => {
  const frame = s.frames.pop() as Frame
  const happened: Array<GameEvent.Occurrence> = []
  for (const it of frame.items) {
    const status = it.status === "live" ? (it.occ.amount > 0 ? "happened" : "zero") : it.status
    s.outcomes.push({
      id: it.occ.id,
      origin: it.origin,
      event: frame.event,
      cause: frame.cause,
      family: it.occ.family,
      subject: it.occ.subject,
      source: it.occ.source,
      kinds: it.occ.kinds,
      params: it.occ.params,
      proposed: it.proposed,
      modified: it.modified,
      prevented: it.prevented,
      amount: status === "replaced" ? 0 : it.occ.amount,
      status,
      replacedBy: it.replacedBy,
      applied: it.applied
    })
    if (status === "happened") happened.push(it.occ)
  }
  const commit = s.rules.commit
  for (const o of happened) s.happened.push(o)
  // one copy of the objects for the whole batch, not one per occurrence
  if (commit !== undefined && happened.length > 0)
    s.view =
      happened.length === 1
        ? commit(s.view, happened[0] as GameEvent.Occurrence)
        : GameView.batch(s.view, (v) => {
            let out = v
            for (const o of happened) out = commit(out, o)
            return out
          })
  s.trace?.push({
    _tag: "EventFinished",
    event: frame.event,
    happened: happened.map((h) => ({ id: h.id, family: h.family, subject: h.subject, amount: h.amount }))
  })
  const results = s.rules.results
  const dealt = results === undefined ? NO_OCCURRENCES : happened.filter((o) => o.family === GameEvent.DAMAGE)
  if (
    results !== undefined &&
    frame.cause !== "results" &&
    frame.cause !== "cost" &&
    (dealt.length > 0 || frame.followUps.length > 0)
  ) {
    const made = results.results(dealt, s.view)
    const all = [...made, ...frame.followUps]
    if (all.length > 0) {
      if (made.length > 0)
        s.trace?.push({
          _tag: "Note",
          text: "dealt damage is processed into its results, which can be replaced in turn",
          rule: results.rule
        })
      pushFrame(s, `${frame.event}:results`, "results", all)
    }
  } else if (frame.followUps.length > 0) {
    pushFrame(s, `${frame.event}:additional`, "additional", frame.followUps)
  }
}

// ---------------------------------------------------------------------------------------------
// the loop

const startFrame = (s: State, frame: Frame): Decision.Request | undefined => {
  frame.started = true
  const sp = s.rules.order.startingPlayer
  if (sp === undefined) return undefined
  const controllers = new Set<string>()
  for (const g of frame.groups) for (const c of candidatesOf(s, frame, g)) controllers.add(c.controller)
  if (controllers.size < 2) {
    frame.startingPlayer = s.view.activePlayer
    return undefined
  }
  frame.awaiting = { _tag: "Start" }
  return {
    _tag: "StartingPlayer",
    id: `d${s.log.length + 1}`,
    chooser: s.view.activePlayer,
    options: s.view.players,
    rule: sp.rule
  }
}

const run = (s: State): Step => {
  try {
    for (;;) {
      const frame = s.frames[s.frames.length - 1]
      if (frame === undefined) return { _tag: "Done", resolution: finish(s) }
      if (++s.steps > s.maxSteps) {
        return fail(
          new Errors.InvariantBreach({
            invariant: "termination",
            detail: `more than ${s.maxSteps} steps resolving ${frame.event}`
          })
        )
      }
      if (!frame.started) {
        const req = startFrame(s, frame)
        if (req !== undefined) return suspend(s, req)
      }
      if (frame.pendingApply !== undefined) {
        const req = continueApply(s, frame)
        if (req !== undefined) return suspend(s, req)
        continue
      }
      let acted = false
      while (frame.cursor < frame.groups.length) {
        const group = frame.groups[frame.cursor] as string
        const candidates = candidatesOf(s, frame, group)
        const progress = frame.progress.get(group) ?? FIRST
        const first = frame.groupItems.get(group)?.[0]
        const affected = first === undefined ? group : (frame.items[first] as Item).occ.subject
        const step = s.rules.order.next({
          view: s.view,
          group,
          affected,
          candidates,
          progress,
          startingPlayer: frame.startingPlayer
        })
        if (step._tag === "Done") {
          frame.progress.set(group, step.progress)
          traceNotApplied(s, frame, group)
          frame.cursor++
          continue
        }
        frame.progress.set(group, step.progress)
        s.trace?.push({ _tag: "Candidates", group, tier: step.tier, candidates: candidates.map((c) => c.id) })
        if (step._tag === "Apply") {
          frame.pendingApply = {
            effect: step.effect,
            group,
            tier: step.tier,
            rule: step.rule,
            chosenBy: step.chosenBy ?? "only candidate",
            stage: "start"
          }
        } else {
          frame.awaiting = {
            _tag: "Choice",
            group,
            progress: step.progress,
            tier: step.tier,
            rule: step.rule
          }
          return suspend(s, {
            _tag: "ChooseEffect",
            id: `d${s.log.length + 1}`,
            chooser: step.chooser,
            options: step.options.map((id) => ({ effect: id, label: s.index.byId.get(id)?.label ?? id })),
            group,
            tier: step.tier,
            rule: step.rule
          })
        }
        acted = true
        break
      }
      if (!acted) finishFrame(s)
    }
  } catch (err) {
    if (err instanceof Failure) return { _tag: "Failed", error: err.error }
    throw err
  }
}

const suspend = (s: State, request: Decision.Request): Step => {
  s.pending = request
  return { _tag: "Pending", request, state: s }
}

const finish = (s: State): Resolution => {
  return {
    outcomes: s.outcomes,
    happened: s.happened,
    notifications: s.notifications,
    ledger: Ledger.withStates(s.baseLedger, s.changes),
    view: s.view,
    trace: s.trace ?? [],
    decisions: s.log
  }
}

// ---------------------------------------------------------------------------------------------
// public API

/**
 * Starts resolving an event. Returns `Done` with the resolution, `Pending` with a decision
 * request and the state to resume, or `Failed` with a typed error. The inputs are never changed.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Kernel, Ledger, Policy } from "@bulwark/core"
 * const rules: Policy.Rules = {
 *   name: "demo",
 *   order: Policy.affectedChooses({ name: "demo", rule: "demo 1", tiers: [{ name: "any" }] }),
 *   assignment: Policy.recipientControllerAllocates("demo 2")
 * }
 * const view = GameView.make({ players: ["alice", "bob"], activePlayer: "alice",
 *   objects: [{ id: "bolt", kind: "object", controller: "alice", props: {} }] })
 * const ledger = Ledger.make([{ id: "shield", label: "Prevent the next 2", controller: "bob",
 *   category: "prevention", watch: { family: "damage", subject: { _tag: "Id", ids: ["bob"] } },
 *   action: { _tag: "Prevent", amount: 2, scope: "shield" } }])
 * const step = Kernel.start(rules, GameEvent.make("e1", [
 *   GameEvent.damage({ id: "i1", source: "bolt", recipient: "bob", amount: 3 })
 * ]), ledger, view)
 * if (step._tag === "Done") console.log(step.resolution.happened[0]?.amount) // 1
 * ```
 * @since 0.1.0
 * @category resolving
 */
export const start = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  options: Options = {}
): Step => {
  const invalid = validateInput(event, ledger, view)
  if (invalid !== undefined) return { _tag: "Failed", error: invalid }
  const s: State = {
    rules,
    baseLedger: ledger,
    index: prepared(ledger.effects).index,
    view,
    changes: new Map(),
    frames: [],
    outcomes: [],
    happened: [],
    notifications: [],
    trace: options.trace === false ? undefined : [],
    log: [],
    pending: undefined,
    steps: 0,
    seq: 0,
    maxSteps: rules.maxSteps ?? 64 * (ledger.effects.length + 1) * (event.occurrences.length + 1)
  }
  try {
    pushFrame(s, event.id, "event", event.occurrences)
  } catch (err) {
    if (err instanceof Failure) return { _tag: "Failed", error: err.error }
    throw err
  }
  return run(s)
}

const cloneFrame = (f: Frame): Frame => {
  const items = f.items.map((i) => ({ ...i, appliedSet: undefined }))
  return {
    ...f,
    items,
    groups: [...f.groups],
    groupItems: new Map([...f.groupItems].map(([k, v]) => [k, [...v]] as const)),
    groupIndex: f.groupIndex === undefined ? undefined : new Map(f.groupIndex),
    subjectItems:
      f.subjectItems === undefined
        ? undefined
        : new Map([...f.subjectItems].map(([k, v]) => [k, [...v]] as const)),
    progress: new Map(f.progress),
    appliedIn:
      f.appliedIn === undefined
        ? undefined
        : new Map([...f.appliedIn].map(([k, v]) => [k, new Set(v)] as const)),
    pendingApply: f.pendingApply === undefined ? undefined : { ...f.pendingApply },
    followUps: [...f.followUps]
  }
}

const cloneState = (s: State): State => ({
  ...s,
  changes: new Map(s.changes),
  frames: s.frames.map(cloneFrame),
  outcomes: [...s.outcomes],
  happened: [...s.happened],
  notifications: [...s.notifications],
  trace: s.trace === undefined ? undefined : [...s.trace],
  log: [...s.log]
})

/**
 * The decision a pending state waits on.
 *
 * @example
 * ```ts
 * import { Kernel } from "@bulwark/core"
 * const who = (s: Kernel.State) => Kernel.pendingRequest(s)?.chooser ?? "nobody"
 * ```
 * @since 0.1.0
 * @category resolving
 */
export const pendingRequest = (state: State): Decision.Request | undefined => state.pending

/**
 * Continues a pending resolution with an answer. The given state is not changed (the kernel
 * works on a copy), so one state can be resumed with several answers to compare them. An
 * illegal answer fails with {@link Errors.IllegalChoice} naming the request.
 *
 * @example
 * ```ts
 * import { Kernel } from "@bulwark/core"
 * const answerFirst = (step: Kernel.Step): Kernel.Step => {
 *   while (step._tag === "Pending") {
 *     const r = step.request
 *     const answer = r._tag === "ChooseEffect" ? r.options[0]!.effect : r._tag === "UseOptional" ? true
 *       : r._tag === "StartingPlayer" ? r.options[0]! : {}
 *     step = Kernel.resume(step.state, answer)
 *   }
 *   return step
 * }
 * ```
 * @since 0.1.0
 * @category resolving
 */
export const resume = (state: State, answer: Decision.Answer): Step => resumeWith(state, answer, true)

/**
 * Like {@link resume}, but continues on the given state itself instead of a copy: the state must
 * not be used again. Drivers that own the state (the resolver's loops) use it so that a long
 * decision log costs no copies.
 *
 * @example
 * ```ts
 * import { Kernel } from "@bulwark/core"
 * const drive = (step: Kernel.Step, answer: (s: Kernel.State) => string): Kernel.Step => {
 *   while (step._tag === "Pending") step = Kernel.unsafeResume(step.state, answer(step.state))
 *   return step
 * }
 * ```
 * @since 0.1.0
 * @category resolving
 */
export const unsafeResume = (state: State, answer: Decision.Answer): Step => resumeWith(state, answer, false)

const resumeWith = (state: State, answer: Decision.Answer, copy: boolean): Step => {
  const request = state.pending
  if (request === undefined) {
    return {
      _tag: "Failed",
      error: new Errors.InvariantBreach({
        invariant: "resume",
        detail: "the resolution is not waiting on a decision"
      })
    }
  }
  const why = Decision.check(request, answer)
  if (why !== undefined) {
    return {
      _tag: "Failed",
      error: new Errors.IllegalChoice({
        requestId: request.id,
        kind: request._tag,
        chooser: request.chooser,
        answer: JSON.stringify(answer),
        reason: why
      })
    }
  }
  const s = copy ? cloneState(state) : state
  s.pending = undefined
  s.log.push({ request, answer })
  s.trace?.push({ _tag: "Decided", request, answer })
  const frame = s.frames[s.frames.length - 1] as Frame
  const awaiting = frame.awaiting
  frame.awaiting = undefined
  switch (awaiting?._tag) {
    case "Start":
      frame.startingPlayer = answer as string
      break
    case "Choice":
      frame.pendingApply = {
        effect: answer as string,
        group: awaiting.group,
        tier: awaiting.tier,
        rule: awaiting.rule,
        chosenBy: `${request.chooser} chose`,
        stage: "start"
      }
      break
    case "Optional": {
      const pa = frame.pendingApply as PendingApply
      if (answer === true) pa.stage = "cost"
      else {
        const e = s.index.byId.get(pa.effect) as Replacement.Replacement
        for (const t of targetsOf(s, frame, pa.group, e, false)) markApplied(s, frame, t, e)
        s.trace?.push({
          _tag: "NotApplied",
          effect: e.id,
          group: pa.group,
          reason: "declined",
          rule: e.rule ?? pa.rule
        })
        frame.pendingApply = undefined
      }
      break
    }
    case "Allocate": {
      const pa = frame.pendingApply as PendingApply
      pa.allocation = answer as Record<string, number>
      break
    }
    case undefined:
      return {
        _tag: "Failed",
        error: new Errors.InvariantBreach({ invariant: "resume", detail: "no decision was awaited" })
      }
  }
  return run(s)
}

/**
 * What a search strategy needs to solve a pending choice on one occurrence without running the
 * kernel: see {@link singleOccurrenceChoice}.
 *
 * @example
 * ```ts
 * import type { Kernel } from "@bulwark/core"
 * const ids = (c: Kernel.SingleOccurrenceChoice) => c.effects.map((x) => x.effect.id)
 * ```
 * @since 0.1.0
 * @category search
 */
export interface SingleOccurrenceChoice {
  readonly occurrence: GameEvent.Occurrence
  readonly group: string
  readonly affected: string
  readonly progress: Policy.Progress
  readonly startingPlayer: string | undefined
  /** Every effect relevant to the occurrence (ledger order), and why it can't apply now. */
  readonly effects: ReadonlyArray<{
    readonly effect: Replacement.Replacement
    readonly state: Ledger.EffectState
    readonly blocked: Trace.Reason | undefined
  }>
}

/**
 * For search strategies: when a pending resolution waits on a choice of effect and its only
 * event has a single occurrence still live (nothing nested, no additional effects waiting), the
 * occurrence, its group, the ordering progress, and every relevant effect with the reason it
 * can't apply now (`undefined`: it can). Otherwise `undefined`.
 *
 * @example
 * ```ts
 * import { Kernel } from "@bulwark/core"
 * const simple = (s: Kernel.State) => Kernel.singleOccurrenceChoice(s) !== undefined
 * ```
 * @since 0.1.0
 * @category search
 */
export const singleOccurrenceChoice = (state: State): SingleOccurrenceChoice | undefined => {
  const frame = state.frames[0]
  if (state.frames.length !== 1 || frame === undefined || frame.items.length !== 1) return undefined
  const item = frame.items[0] as Item
  const awaiting = frame.awaiting
  if (item.status !== "live" || awaiting?._tag !== "Choice" || frame.pendingApply !== undefined)
    return undefined
  if (frame.followUps.length > 0) return undefined
  try {
    return {
      occurrence: item.occ,
      group: awaiting.group,
      affected: item.occ.subject,
      progress: awaiting.progress,
      startingPlayer: frame.startingPlayer,
      effects: relevantEffects(state, frame, awaiting.group).map((effect) => ({
        effect,
        state: effState(state, effect),
        blocked: blocker(state, effect, item, frame)
      }))
    }
  } catch (err) {
    if (err instanceof Failure) return undefined
    throw err
  }
}

/**
 * Brings a resolution back to where it was from its inputs and the answers given so far: starts
 * it and resumes with each logged answer in turn, checking that each decision is asked of the same
 * player, of the same kind, as logged. The inputs and the log are plain data (JSON), so this is
 * how a pending resolution is stored — an online game keeps the event, ledger, view and answers,
 * and restores the pending step when the player answers. A decision that differs from the log is
 * an `InvariantBreach` naming it; when the log runs out the step is returned as it is (usually
 * `Pending` on the next decision).
 *
 * @example
 * ```ts
 * import { Kernel, type Decision, type GameEvent, type GameView, type Ledger, type Policy } from "@bulwark/core"
 * declare const rules: Policy.Rules, event: GameEvent.GameEvent, ledger: Ledger.Ledger, view: GameView.GameView
 * declare const saved: ReadonlyArray<Decision.LogEntry> // read back from a database
 * const step = Kernel.restore(rules, event, ledger, view, saved)
 * if (step._tag === "Pending") console.log(`waiting on ${step.request.chooser}`)
 * ```
 * @since 0.1.0
 * @category resolving
 */
export const restore = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  log: ReadonlyArray<Decision.LogEntry>,
  options: Options = {}
): Step => {
  let step = start(rules, event, ledger, view, options)
  for (const entry of log) {
    if (step._tag !== "Pending") {
      return {
        _tag: "Failed",
        error: new Errors.InvariantBreach({
          invariant: "replay",
          detail: `the log has an answer for ${entry.request.id} (${entry.request._tag}), but the resolution asks nothing more`
        })
      }
    }
    const r = step.request
    if (entry.request._tag !== r._tag || entry.request.chooser !== r.chooser) {
      return {
        _tag: "Failed",
        error: new Errors.InvariantBreach({
          invariant: "replay",
          detail: `decision ${r.id} is ${r._tag} asked of ${r.chooser}, but the log has ${entry.request._tag} asked of ${entry.request.chooser}`
        })
      }
    }
    step = unsafeResume(step.state, entry.answer)
  }
  return step
}
