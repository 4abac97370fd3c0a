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
 *    When the policy says who chooses for an affected object (`chooserOf`), the open groups of
 *    one chooser that a limited effect could apply to are linked and ordered together (a shield's
 *    points are divided over all their occurrences; a use-limited effect's occurrence is chosen:
 *    MTG 615.7, 616.1, Riftbound 373). A choice whose every order ends in the same state is not
 *    asked (`Options.askEveryOrder` asks it).
 * 3. The effect is applied (asking whether to use a "may" effect, resolving its cost as a
 *    sub-event first, asking how a limited prevention is divided), the ledger updated, and the
 *    effect marked as applied to each occurrence it touched and every occurrence that replaces
 *    them. Back to 2: effects can become applicable or stop applying.
 * 4. An occurrence at 0 does not happen and nothing applies to it again.
 * 5. When no group has anything left, the occurrences at more than 0 happen (the ruleset's
 *    `commit` updates the view); damage goes through the ruleset's results stage together with
 *    the additional effects of the preventions that applied, as a new event; otherwise the
 *    additional effects are resolved as a new event. Damage dealt in that new event (an
 *    additional part's) is processed into its results in turn, like any dealt damage. An
 *    occurrence the ruleset's `fails` rejects (its recipient left play) never starts: it is
 *    `failed`, and the trace says why.
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
import * as Amount from "./Amount.js"
import * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import * as Filter from "./Filter.js"
import * as GameEvent from "./GameEvent.js"
import * as GameView from "./GameView.js"
import * as Commit from "./internal/commit.js"
import * as Ledger from "./Ledger.js"
import type * as Policy from "./Policy.js"
import type * as Replacement from "./Replacement.js"
import type * as Trace from "./Trace.js"

/**
 * Options of a resolution. `trace: false` skips building the trace (for game AIs that only need
 * the result); everything else is the same. `askEveryOrder: true` asks order prompts whose
 * order can't matter (see {@link Options.askEveryOrder}).
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
  /**
   * Ask every order prompt, also when every order of the options gives the same outcome
   * (`true`), or skip such prompts — the trace says the order doesn't matter — (`false`).
   * Default: skip when the ruleset sets `Policy.Rules.orderShortcut`. For files and logs written
   * before the shortcut, whose answers include such prompts, pass `true`.
   */
  readonly askEveryOrder?: boolean
}

/**
 * What became of one occurrence (an original one, or one that replaced another).
 *
 * - `proposed`: its amount when it entered the resolution;
 * - `modified`: the net change made by modifiers (+/−);
 * - `prevented`: what preventions removed;
 * - `amount`: what is left, `proposed + modified − prevented`; dealt if `status` is `happened`;
 * - `status`: `happened`, `zero` (reached 0: it does not happen), `replaced` (something else
 *   happened instead: see `replacedBy`), or `failed` (it could not happen at all, e.g. damage to
 *   an object that has left play or can't be dealt damage: the ruleset's `fails` says why, in the
 *   trace; nothing applied to it and its `amount` is 0);
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
  readonly status: "happened" | "zero" | "replaced" | "failed"
  readonly replacedBy: ReadonlyArray<string>
  readonly applied: ReadonlyArray<string>
  /**
   * The part of the amount that could not be done when it happened (drawing beyond the deck,
   * removing counters that are not there, healing wounds that are not there: MTG 609.3,
   * FaB 8.5.6b, Берсерк 119.5.1): `amount` is what was done (see `Policy.Committed`). Absent
   * when all of it was done.
   *
   * @since 0.1.0
   */
  readonly notDone?: number
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
 * - `dealt` / `prevented`: damage per recipient over the whole resolution (redirected damage
 *   counts for its new recipient), the same summaries as a scenario outcome's events
 *   (`Ruleset.EventOutcome`);
 * - `happened`: every occurrence that happened, in order, each with its `source` when it has one.
 *
 * @example
 * ```ts
 * import type { Kernel } from "@bulwark/core"
 * const dealtTo = (r: Kernel.Resolution, id: string) => r.dealt[id] ?? 0
 * const sources = (r: Kernel.Resolution) => r.happened.map((o) => o.source)
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Resolution {
  readonly outcomes: ReadonlyArray<Outcome>
  /**
   * Damage dealt per recipient (the occurrences of family `damage` that happened).
   *
   * @since 0.1.0
   */
  readonly dealt: Readonly<Record<string, number>>
  /**
   * Damage prevented per recipient.
   *
   * @since 0.1.0
   */
  readonly prevented: Readonly<Record<string, number>>
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
  /**
   * For an item alone in its group: which effects of `deadFor` (the group's relevant effects,
   * by position) have applied to it — all of them: marked from `applied` when the memo is made,
   * then by `markApplied` — so the candidate scan skips them and does not look the others up in
   * `applied` (which only grows: an effect that applied never becomes a candidate for it again).
   * Remade whenever the list differs (the item moved to another group); never shared between
   * states.
   */
  dead?: Array<boolean> | undefined
  deadFor?: ReadonlyArray<Replacement.Replacement> | undefined
  /**
   * The keys of `occ`, once looked at (see {@link withAmount}): `0` not yet, `1`–`3` one of the
   * layouts `GameEvent` makes, `4` any other (copied by a spread).
   */
  layout: number
  proposed: number
  modified: number
  prevented: number
  status: "live" | "zero" | "replaced" | "failed"
  replacedBy: ReadonlyArray<string>
  group: string
}

type ApplyStage = "start" | "cost" | "afterCost" | "action" | "allocate"

interface PendingApply {
  readonly effect: string
  /** The group it applies in (the one chosen, when a use-limited effect's occurrence was chosen). */
  group: string
  /** The groups linked with `group` by a limited effect (see `linkedGroups`): targets span them. */
  linked?: ReadonlyArray<string> | undefined
  readonly tier: string
  readonly rule: string
  readonly chosenBy: string
  stage: ApplyStage
  allocation?: Readonly<Record<string, number>>
  /**
   * A decrease (`ReducePrevention`) determined before the division was asked (FaB 6.4.10g): the
   * allocation is then what is prevented, after the decrease; `spend` is the full prevention.
   */
  cut?:
    | {
        readonly reducer: string
        readonly reduction: number
        readonly spend: number
        /** The decrease's N, and how it was obtained when computed (`X = …`, for the trace). */
        readonly by: number
        readonly how: string | undefined
      }
    | undefined
}

type Awaiting =
  | {
      readonly _tag: "Choice"
      readonly group: string
      readonly progress: Policy.Progress
      readonly tier: string
      readonly rule: string
      readonly linked: ReadonlyArray<string> | undefined
    }
  | { readonly _tag: "Optional" }
  | { readonly _tag: "Which"; readonly stage: ApplyStage }
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
  /** The linked groups last noted in the trace (so a link is explained once, not every step). */
  linkedNoted?: string | undefined
  /** The effect applied last in this event (`OrderingPolicy.sequences`). */
  lastApplied?: string | undefined
  /** The effects whose one sequence in this event is over (`OrderingPolicy.sequences`). */
  sequenceOver?: ReadonlyArray<string> | undefined
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
  /** @internal The base ledger's effect states read so far (see `baseStateOf`). */
  base: Map<string, Ledger.EffectState> | undefined
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
  /** Ask order prompts even when the order can't matter (`Options.askEveryOrder`). */
  readonly askEveryOrder?: boolean | undefined
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
  // when two decreases could apply, the one taken must not depend on the order the ledger lists
  // them in (the permutation law): by id, until the rules' chooser for it is modelled
  reducers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
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
    /**
     * Per view (views are immutable values): whether every controller is a player of it and
     * every redirect target is in it — checked once per (effects, view) pair, not per resolution.
     */
    named: WeakMap<GameView.GameView, boolean>
  }
>()

/** Set while {@link unprepared} runs: every remembered input is computed afresh, nothing kept. */
let bypass = false

/**
 * Runs `f` with the kernel's prepared inputs turned off: the effect index, the validations and
 * the policy lookups it would otherwise remember per effects list, event and view are computed
 * afresh for every resolution and not remembered. The reference the prepared path is tested
 * against (the outcomes must be the same); it is slower, never different.
 *
 * @internal
 * @example
 * ```ts
 * import { Kernel } from "@bulwark/core"
 * const n = Kernel.unprepared(() => 1 + 1) // 2
 * ```
 * @since 0.1.0
 */
export const unprepared = <A>(f: () => A): A => {
  const before = bypass
  bypass = true
  try {
    return f()
  } finally {
    bypass = before
  }
}

const prepared = (effects: ReadonlyArray<Replacement.Replacement>) => {
  let p = bypass ? undefined : preparedCache.get(effects)
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
      targets: [...targets],
      named: new WeakMap()
    }
    if (!bypass) preparedCache.set(effects, p)
  }
  return p
}

/**
 * Checks a resolution's input as {@link start} does before it runs: occurrence amounts are safe
 * whole numbers ≥ 0 and occurrence ids unique, every id the event names is in the view, the
 * active player is a player, the effects are valid (`Ledger.validate`) and name players and
 * objects of the view. Returns the first problem as a typed error, or `undefined`.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Kernel, Ledger } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * const event = GameEvent.make("e", [GameEvent.damage({ id: "i", source: "a", recipient: "a", amount: 1e308 })])
 * Kernel.validate(event, Ledger.empty, view)?._tag // "InvalidEvent"
 * ```
 * @since 0.1.0
 * @category validation
 */
export const validate = (
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView
): Errors.InvalidEvent | Errors.InvalidEffect | Errors.UnknownId | undefined => {
  if (event.occurrences.length <= 8 || bypass) {
    // a small event is checked directly: cheaper than two lookups
    const error = validateEvent(event, view)
    return error !== undefined ? error : validateEffects(ledger, view)
  }
  let byView = checkedEvents.get(event)
  if (byView === undefined) {
    byView = new WeakMap()
    checkedEvents.set(event, byView)
  }
  let found = byView.get(view)
  if (found === undefined) {
    found = { error: validateEvent(event, view) }
    byView.set(view, found)
  }
  if (found.error !== undefined) return found.error
  return validateEffects(ledger, view)
}

/**
 * The event's part of {@link validate} for events of more than 8 occurrences, per (event, view)
 * pair: both are immutable values, and a search or a game AI resolves the same event against many
 * ledgers.
 */
const checkedEvents = new WeakMap<
  GameEvent.GameEvent,
  WeakMap<GameView.GameView, { readonly error: Errors.InvalidEvent | Errors.UnknownId | undefined }>
>()

const validateEvent = (
  event: GameEvent.GameEvent,
  view: GameView.GameView
): Errors.InvalidEvent | Errors.UnknownId | undefined => {
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
    const bad = Number.isSafeInteger(o.amount) && o.amount >= 0 ? undefined : Amount.problem(o.amount)
    if (bad !== undefined) {
      return new Errors.InvalidEvent({ event: event.id, path: `occurrences[${i}].amount`, reason: bad })
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
  return undefined
}

const validateEffects = (
  ledger: Ledger.Ledger,
  view: GameView.GameView
): Errors.InvalidEffect | Errors.UnknownId | undefined => {
  const p = prepared(ledger.effects)
  if (p.invalid !== undefined) return p.invalid
  // the ids effects name, each checked once (not once per effect); on a failure the loop below
  // names the first effect at fault
  let named = p.named.get(view)
  if (named === undefined) {
    named = true
    for (const c of p.controllers) if (GameView.get(view, c)?.kind !== "player") named = false
    for (const t of p.targets) if (GameView.get(view, t) === undefined) named = false
    p.named.set(view, named)
  }
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

/**
 * Past how many effects (in the ledger, or relevant to an item) the kernel keeps its memos of
 * effect states (`baseStateOf`) and of applied effects (`Item.dead`): up to it, reading the
 * ledger's record or scanning the list again is cheaper than a memo's own lookup and
 * allocation (single-shield paid about 200 bytes and a weak-map lookup per resolution for them).
 */
const MEMO_FROM = 8

const effState = (s: State, e: Replacement.Replacement): Ledger.EffectState =>
  (s.changes.size === 0 ? undefined : s.changes.get(e.id)) ?? baseStateOf(s, e)

/**
 * The states of a ledger's effects as the kernel has read them, per ledger (ledgers are
 * immutable values), filled on first read: an effect's unchanged state costs one map lookup per
 * step, not `Ledger.stateOf`'s layer lookup and two record lookups (the effects-16 bench row
 * spent about an eighth of its time there). A game loop's next ledger starts its own map, so
 * nothing is read that the ledger doesn't hold.
 */
const baseStates = new WeakMap<Ledger.Ledger, Map<string, Ledger.EffectState>>()

/** The memo of `s`'s base ledger (see {@link baseStates}), fetched once per resolution. */
const baseMemoOf = (s: State): Map<string, Ledger.EffectState> => {
  let known = s.base
  if (known === undefined) {
    known = bypass ? undefined : baseStates.get(s.baseLedger)
    if (known === undefined) {
      known = new Map()
      if (!bypass) baseStates.set(s.baseLedger, known)
    }
    s.base = known
  }
  return known
}

/** An effect's state in the base ledger (its initial state if the ledger records none). */
const baseStateOf = (s: State, e: Replacement.Replacement): Ledger.EffectState => {
  const known = s.baseLedger.effects.length <= MEMO_FROM ? undefined : baseMemoOf(s)
  let st = known?.get(e.id)
  if (st === undefined) {
    st = Ledger.stateOf(s.baseLedger, e.id) ?? Ledger.initialState(e)
    known?.set(e.id, st)
  }
  return st
}

/**
 * The changes of a resolution that changed nothing yet: shared and never written (the first
 * change replaces it with the resolution's own map), so a resolution that applies nothing
 * allocates no map for them.
 */
const NO_CHANGES: Map<string, Ledger.EffectState> = new Map()

const setState = (s: State, id: string, st: Ledger.EffectState): void => {
  if (s.changes === NO_CHANGES) s.changes = new Map()
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

/** An amount expression's value for `e` on `occ`. */
const valueFor = (
  s: State,
  e: Replacement.Replacement,
  v: Filter.Value,
  occ: GameEvent.Occurrence | undefined,
  frame: Frame | undefined
): number => guard(e, () => Filter.value(v, ctxFor(s, e, occ, frame)))

/** An amount expression's value for `e` on `occ`, and how it was obtained (for the trace). */
const explainFor = (
  s: State,
  e: Replacement.Replacement,
  v: Filter.Value,
  occ: GameEvent.Occurrence | undefined,
  frame: Frame | undefined
): { readonly value: number; readonly how: string } =>
  guard(e, () => Filter.explain(v, ctxFor(s, e, occ, frame)))

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
    if (w.source !== undefined && !Filter.matches(w.source, occ.source, ctx)) return false
    return true
  })

/** Whether any of `xs` is one of `kinds`. */
const anyKind = (xs: ReadonlyArray<string>, kinds: ReadonlyArray<string>): boolean => {
  for (let i = 0; i < xs.length; i++) if (kinds.includes(xs[i] as string)) return true
  return false
}

/** Whether every one of `xs` is one of `kinds`. */
const allKinds = (xs: ReadonlyArray<string>, kinds: ReadonlyArray<string>): boolean => {
  for (let i = 0; i < xs.length; i++) if (!kinds.includes(xs[i] as string)) return false
  return true
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
    if (k.anyOf !== undefined && !anyKind(k.anyOf, occ.kinds)) return false
    if (k.allOf !== undefined && !allKinds(k.allOf, occ.kinds)) return false
    if (k.noneOf !== undefined && anyKind(k.noneOf, occ.kinds)) return false
  }
  if (w.params !== undefined) {
    for (const key in w.params) if (!Filter.compare(occ.params[key], "eq", w.params[key])) return false
  }
  if (w.source === undefined) {
    if (w.subject === undefined) return true
    // the common shield: "damage that would be dealt to X" needs no context
    if (w.subject._tag === "Id") return w.subject.ids.includes(occ.subject)
  }
  return filtersMatch(s, e, occ, frame)
}

/** Whether `id` already applied to the item (a set once the list is long, not a scan). */
const hasApplied = (item: Item, id: string): boolean => {
  if (item.applied.length <= 8) return item.applied.includes(id)
  if (item.appliedSet === undefined) item.appliedSet = new Set(item.applied)
  return item.appliedSet.has(id)
}

/** Why `e` can't apply to `item` now, or undefined if it can. */
const blocker = (s: State, e: Replacement.Replacement, item: Item, frame: Frame): Trace.Reason | undefined =>
  hasApplied(item, e.id) ? "alreadyApplied" : blockerNotApplied(s, e, item, frame)

/** {@link blocker} for an effect known not to have applied to the item yet. */
const blockerNotApplied = (
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
  if (e.condition !== undefined && !holdsFor(s, e, e.condition, item.occ, frame)) return "conditionFailed"
  if (e.costPayable !== undefined && !holdsFor(s, e, e.costPayable, item.occ, frame)) return "costUnpayable"
  return undefined
}

/**
 * Per family of an effect index and per subject: the family's generic effects and those naming
 * the subject, in ledger order — built once per effects list (kept beside the index, so a state
 * never changes by being read).
 */
const mergedLists = new WeakMap<object, Map<string, ReadonlyArray<Replacement.Replacement>>>()

const relevantEffects = (
  s: State,
  frame: Frame,
  group: string,
  idx: ReadonlyArray<number> = frame.groupItems.get(group) ?? NO_INDICES
): ReadonlyArray<Replacement.Replacement> => {
  if (idx.length === 1) {
    // one occurrence: its family's generic effects and those naming its subject, in ledger order
    const occ = (frame.items[idx[0] as number] as Item).occ
    const f = s.index.byFamily.get(occ.family)
    if (f === undefined) return NO_EFFECTS
    const named = f.bySubject.get(occ.subject)
    if (named === undefined) return f.generic
    if (f.generic.length === 0) return named
    let bySubject = bypass ? new Map<string, ReadonlyArray<Replacement.Replacement>>() : mergedLists.get(f)
    if (bySubject === undefined) {
      bySubject = new Map()
      mergedLists.set(f, bySubject)
    }
    let merged = bySubject.get(occ.subject)
    if (merged === undefined) {
      merged = inLedgerOrder(s.index, [...f.generic, ...named])
      bySubject.set(occ.subject, merged)
    }
    return merged
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
    for (const e of f.generic) {
      if (seen.has(e.id)) continue
      seen.add(e.id)
      out.push(e)
    }
    for (const subj of subjects) {
      const list = f.bySubject.get(subj)
      if (list !== undefined)
        for (const e of list) {
          if (seen.has(e.id)) continue
          seen.add(e.id)
          out.push(e)
        }
    }
  }
  return out.length > 1 ? inLedgerOrder(s.index, out) : out
}

/** Sorts `list` in place into ledger order (its comparator captures the index, not a state). */
const inLedgerOrder = (
  index: EffectIndex,
  list: Array<Replacement.Replacement>
): Array<Replacement.Replacement> =>
  list.sort((a, b) => (index.order.get(a.id) ?? 0) - (index.order.get(b.id) ?? 0))

/**
 * The items of a group an effect could apply to: for an effect that watches named subjects, only
 * their items (so a large batch is not scanned once per shield); otherwise the whole group.
 */
const itemsFor = (
  frame: Frame,
  group: string,
  e: Replacement.Replacement,
  all: ReadonlyArray<number> = frame.groupItems.get(group) ?? NO_INDICES
): ReadonlyArray<number> => {
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
  // made on the first candidate, at size one (an empty list's first push reserves 17 slots)
  let out: Array<Replacement.Replacement> | undefined
  // the group's items are looked up once per search, not once per effect
  const all = frame.groupItems.get(group) ?? NO_INDICES
  const effects = relevantEffects(s, frame, group, all)
  if (all.length === 1 && effects.length > MEMO_FROM) {
    // one item (the usual group) and many effects: the effects already applied to it are
    // skipped, not asked again at every step (with many effects on one occurrence that was
    // most of the scan)
    const it = frame.items[all[0] as number] as Item
    if (it.status !== "live") return []
    let dead = it.deadFor === effects ? it.dead : undefined
    if (dead === undefined) {
      // at its size (an empty list's first write reserves 17 slots)
      dead = new Array<boolean>(effects.length).fill(false)
      for (let j = 0; j < effects.length; j++)
        if (hasApplied(it, (effects[j] as Replacement.Replacement).id)) dead[j] = true
      it.dead = dead
      it.deadFor = effects
    }
    // every effect not marked has not applied to it (`markApplied` marks each that does)
    for (let j = 0; j < effects.length; j++) {
      if (dead[j] === true) continue
      const e = effects[j] as Replacement.Replacement
      if (blockerNotApplied(s, e, it, frame) === undefined) {
        if (out === undefined) out = [e]
        else out.push(e)
      }
    }
    return out ?? []
  }
  for (let j = 0; j < effects.length; j++) {
    const e = effects[j] as Replacement.Replacement
    const idx = all.length <= 8 ? all : itemsFor(frame, group, e, all)
    for (let k = 0; k < idx.length; k++) {
      const it = frame.items[idx[k] as number] as Item
      if (it.status === "live" && blocker(s, e, it, frame) === undefined) {
        if (out === undefined) out = [e]
        else out.push(e)
        break
      }
    }
  }
  return out ?? []
}

/** Live items of the group that `e` applies to now (cost paid: zone and condition not re-checked). */
const targetsOf = (
  s: State,
  frame: Frame,
  group: string,
  e: Replacement.Replacement,
  afterCost: boolean
): Array<Item> => {
  let out: Array<Item> | undefined
  for (const i of itemsFor(frame, group, e)) {
    const it = frame.items[i] as Item
    if (it.status !== "live" || hasApplied(it, e.id)) continue
    if (afterCost ? watches(s, e, it.occ, frame) : blockerNotApplied(s, e, it, frame) === undefined) {
      if (out === undefined) out = [it]
      else out.push(it)
    }
  }
  return out ?? []
}

// ---------------------------------------------------------------------------------------------
// one limited effect over several groups of one chooser (MTG CR 615.7, 616.1; Riftbound 373)

/**
 * How an effect's applications compete for occurrences: `amount` — a shield with points left,
 * shared by everything it prevents; `uses` — `left` more applications (a "next time" prevention,
 * a use limit). `undefined`: every occurrence can take it independently.
 */
const coupling = (
  s: State,
  e: Replacement.Replacement
): { readonly kind: "amount" } | { readonly kind: "uses"; readonly left: number } | undefined => {
  const a = e.action
  if (a._tag === "Prevent" && a.scope === "shield" && a.amount !== "all") return { kind: "amount" }
  if (a._tag === "Prevent" && a.scope === "once") return { kind: "uses", left: 1 }
  if (e.limit !== undefined) return { kind: "uses", left: Math.max(0, e.limit.times - effState(s, e).uses) }
  return undefined
}

const affectedOf = (frame: Frame, group: string): string => {
  const first = frame.groupItems.get(group)?.[0]
  return first === undefined ? group : (frame.items[first] as Item).occ.subject
}

/** Items by subject (built once, then kept up by `addItemToGroup`). */
const bySubjectOf = (frame: Frame): Map<string, Array<number>> => {
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
  return bySubject
}

/** Each group's position in `frame.groups` (built once, then kept up by `addItemToGroup`). */
const groupIndexOf = (frame: Frame): Map<string, number> => {
  if (frame.groupIndex === undefined) frame.groupIndex = new Map(frame.groups.map((g, i) => [g, i] as const))
  return frame.groupIndex
}

/**
 * The open groups (at or after the cursor) whose chooser is `chooser` that `e` could apply to
 * now, in frame order. An effect that names its subjects is looked up by subject, not by a scan
 * of every group; choosers are computed only for the groups looked at.
 */
const groupsTaking = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  chooserOfGroup: (g: string) => string,
  chooser: string
): Array<string> => {
  const pos = groupIndexOf(frame)
  let groups: Iterable<string>
  const subj = e.watch.subject
  if (subj !== undefined && subj._tag === "Id") {
    const set = new Set<string>()
    const bySubject = bySubjectOf(frame)
    for (const id of subj.ids)
      for (const i of bySubject.get(id) ?? []) set.add((frame.items[i] as Item).group)
    groups = set
  } else groups = frame.groups.slice(frame.cursor)
  const out: Array<string> = []
  for (const g of groups) {
    if ((pos.get(g) ?? -1) < frame.cursor || chooserOfGroup(g) !== chooser) continue
    if (targetsOf(s, frame, g, e, false).length > 0) out.push(g)
  }
  if (out.length > 1) out.sort((a, b) => (pos.get(a) ?? 0) - (pos.get(b) ?? 0))
  return out
}

/**
 * An ordering policy's `chooserOf` per affected object, remembered per view (views are
 * immutable values, and `chooserOf` is a function of the affected object and the view): a game
 * AI resolving many events against one board asks it once per object, not once per step.
 */
const chooserMemo = new WeakMap<
  GameView.GameView,
  Map<(affected: string, view: GameView.GameView) => string, Map<string, string>>
>()

const choosersFor = (
  view: GameView.GameView,
  chooserOf: (affected: string, view: GameView.GameView) => string
): Map<string, string> => {
  if (bypass) return new Map()
  let byPolicy = chooserMemo.get(view)
  if (byPolicy === undefined) {
    byPolicy = new Map()
    chooserMemo.set(view, byPolicy)
  }
  let of = byPolicy.get(chooserOf)
  if (of === undefined) {
    of = new Map()
    byPolicy.set(chooserOf, of)
  }
  return of
}

/**
 * The groups linked with `group`: the open groups of the same chooser that a limited candidate
 * of one of them could also apply to (closed under that relation), when the effect can't serve
 * them all independently — a shield over two or more of them, or fewer uses left than groups.
 * Only for ordering policies that say who chooses for an affected object (`chooserOf`).
 */
const linkedGroups = (
  s: State,
  frame: Frame,
  group: string,
  candidates: ReadonlyArray<Replacement.Replacement>
): ReadonlyArray<string> | undefined => {
  const chooserOf = s.rules.order.chooserOf
  if (chooserOf === undefined || frame.groups.length - frame.cursor < 2) return undefined
  let any = false
  for (const e of candidates) if (coupling(s, e) !== undefined && !confinedTo(frame, group, e)) any = true
  const sequenced = inSequence(s, frame, group)
  if (!any && !sequenced) return undefined
  return searchLinked(s, frame, group, candidates, chooserOf, sequenced)
}

/** The search of {@link linkedGroups}, once it may find a link (its closures allocate: see `holdsFor`). */
const searchLinked = (
  s: State,
  frame: Frame,
  group: string,
  candidates: ReadonlyArray<Replacement.Replacement>,
  chooserOf: (affected: string, view: GameView.GameView) => string,
  sequenced: boolean
): ReadonlyArray<string> | undefined => {
  const choosers = choosersFor(s.view, chooserOf)
  const chooserOfGroup = (g: string): string => {
    const affected = affectedOf(frame, g)
    let c = choosers.get(affected)
    if (c === undefined) {
      c = chooserOf(affected, s.view)
      choosers.set(affected, c)
    }
    return c
  }
  const chooser = chooserOfGroup(group)
  const linked = new Set<string>([group])
  const queue = [group]
  const seen = new Set<string>()
  while (queue.length > 0) {
    const g = queue.pop() as string
    for (const e of g === group ? candidates : candidatesOf(s, frame, g)) {
      if (seen.has(e.id)) continue
      const c = coupling(s, e)
      if (c === undefined) continue
      seen.add(e.id)
      const taking = groupsTaking(s, frame, e, chooserOfGroup, chooser)
      if (c.kind === "amount" ? taking.length < 2 : taking.length <= c.left) continue
      for (const h of taking) {
        if (linked.has(h)) continue
        linked.add(h)
        queue.push(h)
      }
    }
  }
  if (sequenced) {
    // one sequence per effect (OrderingPolicy.sequences): the chooser's simultaneous events
    // with an applicable effect are ordered together
    const pos = groupIndexOf(frame)
    for (const g of frame.groups) {
      if (linked.has(g) || (pos.get(g) ?? -1) < frame.cursor || !inSequence(s, frame, g)) continue
      if (chooserOfGroup(g) === chooser && candidatesOf(s, frame, g).length > 0) linked.add(g)
    }
  }
  if (linked.size < 2) return undefined
  const pos = groupIndexOf(frame)
  return [...linked].sort((a, b) => (pos.get(a) ?? 0) - (pos.get(b) ?? 0))
}

/**
 * Whether `e` can only ever apply to `group`'s items: it names its subjects, and every item of
 * them is in `group`; nothing it checks can throw (no source filter, condition or cost). Such an
 * effect links no other group (`groupsTaking` would find `group` or nothing), so
 * {@link linkedGroups} need not search for one — a shield on each of many creatures hit at once.
 */
const confinedTo = (frame: Frame, group: string, e: Replacement.Replacement): boolean => {
  const subj = e.watch.subject
  if (subj === undefined || subj._tag !== "Id" || e.watch.source !== undefined) return false
  if (e.condition !== undefined || e.costPayable !== undefined) return false
  const bySubject = bySubjectOf(frame)
  for (const id of subj.ids) {
    const idx = bySubject.get(id)
    if (idx !== undefined)
      for (let i = 0; i < idx.length; i++)
        if ((frame.items[idx[i] as number] as Item).group !== group) return false
  }
  return true
}

/** Whether a group's events are of a family the ordering policy applies one sequence per effect to. */
const inSequence = (s: State, frame: Frame, group: string): boolean => {
  const seq = s.rules.order.sequences
  if (seq === undefined) return false
  const first = frame.groupItems.get(group)?.[0]
  return first !== undefined && seq.families.includes((frame.items[first] as Item).occ.family)
}

/**
 * Notes an application for `OrderingPolicy.sequences`: the effect applied before it, if another,
 * has had its one sequence in this event.
 */
const noteSequence = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  targets: ReadonlyArray<Item>
): void => {
  const seq = s.rules.order.sequences
  const family = targets[0]?.occ.family
  if (seq === undefined || family === undefined || !seq.families.includes(family)) return
  const last = frame.lastApplied
  if (last !== undefined && last !== e.id && !(frame.sequenceOver ?? NONE).includes(last))
    frame.sequenceOver = [...(frame.sequenceOver ?? NONE), last]
  frame.lastApplied = e.id
}

/** The candidates of linked groups together, each once, in ledger order. */
const linkedCandidates = (
  s: State,
  frame: Frame,
  linked: ReadonlyArray<string>
): Array<Replacement.Replacement> => {
  const out: Array<Replacement.Replacement> = []
  const seen = new Set<string>()
  for (const g of linked)
    for (const e of candidatesOf(s, frame, g)) {
      if (seen.has(e.id)) continue
      seen.add(e.id)
      out.push(e)
    }
  out.sort((a, b) => (s.index.order.get(a.id) ?? 0) - (s.index.order.get(b.id) ?? 0))
  return out
}

/** The live items an application covers: its group's, or every linked group's. */
const targetsFor = (
  s: State,
  frame: Frame,
  pa: PendingApply,
  e: Replacement.Replacement,
  afterCost: boolean
): Array<Item> => {
  if (pa.linked === undefined) return targetsOf(s, frame, pa.group, e, afterCost)
  const out: Array<Item> = []
  for (const g of pa.linked) for (const t of targetsOf(s, frame, g, e, afterCost)) out.push(t)
  return out
}

/**
 * A use-limited effect applied among linked groups applies to one group per use: when more
 * groups could take it than it has uses left, its chooser picks which (an `Allocate` request of
 * occurrences, one option per group); otherwise the first group takes this use. An effect
 * without a use limit covers every linked group at once (nothing is asked here).
 */
const whichOccurrence = (
  s: State,
  frame: Frame,
  pa: PendingApply,
  e: Replacement.Replacement,
  afterCost: boolean
): Decision.Request | undefined => {
  const c = coupling(s, e)
  if (c === undefined || c.kind !== "uses" || pa.linked === undefined) return undefined
  const options: Array<{ group: string; item: Item }> = []
  for (const g of pa.linked) {
    const t = targetsOf(s, frame, g, e, afterCost)[0]
    if (t !== undefined) options.push({ group: g, item: t })
  }
  if (options.length <= Math.max(1, c.left)) {
    pa.group = options[0]?.group ?? pa.group
    pa.linked = undefined
    return undefined
  }
  frame.awaiting = { _tag: "Which", stage: pa.stage }
  return {
    _tag: "Allocate",
    id: `d${s.log.length + 1}`,
    chooser: s.rules.order.chooserOf?.(options[0]?.item.occ.subject ?? pa.group, s.view) ?? e.controller,
    effect: e.id,
    label: e.label,
    points: 1,
    targets: options.map(({ item }) => ({
      occurrence: item.occ.id,
      subject: item.occ.subject,
      source: item.occ.source,
      max: 1
    })),
    rule: s.rules.order.linkedRule ?? pa.rule,
    of: "occurrences"
  }
}

// ---------------------------------------------------------------------------------------------
// order prompts only when the order can matter

/**
 * The largest choice the shortcut below tries every order of: on copies of the state (4! = 24
 * runs), and by arithmetic alone in the common case of `quickOrderCheck` (6! = 720 runs of at most
 * six steps). A larger choice is asked. The largest event (occurrences) it copies.
 */
const SHORTCUT_OPTIONS = 4
const SHORTCUT_QUICK_OPTIONS = 6
const SHORTCUT_ITEMS = 256

const permutations = <A>(xs: ReadonlyArray<A>): Array<Array<A>> => {
  if (xs.length <= 1) return [[...xs]]
  const out: Array<Array<A>> = []
  xs.forEach((x, i) => {
    for (const rest of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) out.push([x, ...rest])
  })
  return out
}

/**
 * Whether a choice among `options` can be skipped because every order of them ends in the same
 * state — exactly, not just the same amounts: every occurrence (amount, subject, family, kinds,
 * params, status, and for one still live the effects applied to it, which decide what can apply
 * later) and every effect's ledger state (remainder, used up; the use count where the effect has
 * a use limit). Each order is run on a copy: an option no longer applicable is skipped (as the
 * kernel would), and the shortcut is refused — the player is asked — as soon as an order would
 * need a decision (a "may", a cost, a division), would make a new candidate appear, or uses an
 * action whose trace of ids depends on the order (redirect, replace, additional effects). How an
 * amount was reached (the `modified` / `prevented` split, prevention notices) is not compared.
 */
const orderDoesNotMatter = (
  s: State,
  frame: Frame,
  group: string,
  linked: ReadonlyArray<string> | undefined,
  options: ReadonlyArray<string>
): boolean => {
  if (options.length < 2 || options.length > SHORTCUT_QUICK_OPTIONS || linked !== undefined) return false
  if (frame.items.length > SHORTCUT_ITEMS || frame.followUps.length > 0) return false
  const effects: Array<Replacement.Replacement> = []
  for (const id of options) {
    const e = s.index.byId.get(id)
    if (e === undefined || e.optional === true || e.cost !== undefined || e.additional !== undefined)
      return false
    const t = e.action._tag
    if (t !== "Prevent" && t !== "Modify" && t !== "SetParams") return false
    effects.push(e)
  }
  const quick = quickOrderCheck(s, frame, group, effects)
  if (quick !== undefined) return quick
  if (options.length > SHORTCUT_OPTIONS) return false
  let key: string | undefined
  // the effects a decrease could touch too (it is in the ledger changes of some orders only)
  const touchedIds = [...options, ...s.index.reducers.map((r) => r.id)]
  for (const order of permutations(effects)) {
    const c = cloneState(s)
    c.trace = undefined
    const f = c.frames[c.frames.length - 1] as Frame
    const left = new Set(options)
    for (const e of order) {
      const now = candidatesOf(c, f, group)
      for (const x of now) if (!left.has(x.id)) return false // something new could be chosen first
      left.delete(e.id)
      if (!now.some((x) => x.id === e.id)) continue // no longer applies: skipped, as the kernel does
      const targets = targetsOf(c, f, group, e, false)
      const a = e.action._tag === "Prevent" ? preventNow(c, f, e, e.action, targets) : e.action
      if (a._tag === "Prevent" && a.scope !== "static" && a.amount !== "all") {
        const st = effState(c, e)
        const available = a.scope === "shield" ? (st.remaining ?? a.amount) : a.amount
        const preventable = targets.filter((t) => t.occ.preventable)
        if (preventable.length > 1 && preventable.reduce((n, t) => n + t.occ.amount, 0) > available)
          return false // a division would be asked
      }
      const pa: PendingApply = { effect: e.id, group, tier: "", rule: "", chosenBy: "", stage: "action" }
      applyAction(c, f, pa, e, targets)
    }
    for (const x of candidatesOf(c, f, group)) if (!options.includes(x.id)) return false
    const k = stateKey(c, f, touchedIds)
    if (key === undefined) key = k
    else if (k !== key) return false
  }
  return true
}

/**
 * `orderDoesNotMatter`, asking when some order would fail (an amount that overflows, an invalid
 * effect): that order must stay reachable, so the player is asked and the chosen order reports
 * its own error.
 */
const orderDoesNotMatterSafe = (
  s: State,
  frame: Frame,
  group: string,
  linked: ReadonlyArray<string> | undefined,
  options: ReadonlyArray<string>
): boolean => {
  try {
    return orderDoesNotMatter(s, frame, group, linked, options)
  } catch {
    return false
  }
}

/**
 * The same check without copying the state, for the common case: every option applies to the
 * one live occurrence of the group and is a plain modification, a static prevention or a
 * shield (no condition anywhere in the group, no limit, no decrease in the ledger), so each
 * order is arithmetic on the amount and the shields' remainders. `undefined`: not that case.
 */
const quickOrderCheck = (
  s: State,
  frame: Frame,
  group: string,
  effects: ReadonlyArray<Replacement.Replacement>
): boolean | undefined => {
  if (s.index.reducers.length > 0) return undefined
  for (const e of relevantEffects(s, frame, group)) if (e.condition !== undefined) return undefined
  let item: Item | undefined
  for (const e of effects) {
    if (e.limit !== undefined || e.requiresSourceIn !== undefined) return undefined
    const a = e.action
    if (a._tag === "Modify" ? typeof a.value !== "number" : a._tag !== "Prevent") return undefined
    if (
      a._tag === "Prevent" &&
      ((a.scope !== "static" && !(a.scope === "shield" && typeof a.amount === "number")) ||
        typeof a.amount === "object")
    )
      return undefined
    const t = targetsOf(s, frame, group, e, false)
    if (t.length !== 1 || (item !== undefined && t[0] !== item)) return undefined
    item = t[0]
  }
  if (item === undefined) return undefined
  const it = item
  const keyOf = (order: ReadonlyArray<Replacement.Replacement>): string | undefined => {
    let amount = it.occ.amount
    const rest: Array<number | undefined> = []
    for (const e of effects) {
      const st = effState(s, e)
      rest.push(e.action._tag === "Prevent" && e.action.scope === "shield" ? (st.remaining ?? 0) : undefined)
    }
    for (const e of order) {
      if (amount <= 0) break // at 0 nothing applies any more
      const a = e.action
      if (a._tag === "Modify") {
        amount = Math.max(0, Math.floor(modify(a.op, amount, a.value as number)))
        // the kernel stops this order with an error: it stays reachable, so the player is asked
        if (!Number.isSafeInteger(amount)) return undefined
      } else if (a._tag === "Prevent") {
        const k = effects.indexOf(e)
        const cap = a.scope === "shield" ? (rest[k] as number) : a.amount === "all" ? amount : a.amount
        const p = it.occ.preventable ? Math.min(cap as number, amount) : 0
        amount -= p
        if (a.scope === "shield") rest[k] = (rest[k] as number) - p
      }
    }
    return JSON.stringify([amount, rest])
  }
  const first = keyOf(effects)
  if (first === undefined) return false
  for (const order of permutations(effects)) if (keyOf(order) !== first) return false
  return true
}

const stateKey = (s: State, frame: Frame, touched: ReadonlyArray<string>): string => {
  const items = frame.items.map((i) =>
    JSON.stringify([
      i.occ.id,
      i.occ.family,
      i.occ.subject,
      i.occ.amount,
      i.occ.kinds,
      i.occ.preventable,
      // params as a set of entries: the order they were set in is not part of the state
      Object.entries(i.occ.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      i.status,
      i.status === "live" ? [...i.applied].sort() : []
    ])
  )
  // every effect touched in any order (an effect not applied in this one keeps its state)
  const states = [...new Set([...s.changes.keys(), ...touched])].sort().map((id) => {
    const e = s.index.byId.get(id) as Replacement.Replacement
    const st = effState(s, e)
    return JSON.stringify([id, st.remaining, st.spent, e.limit === undefined ? 0 : st.uses])
  })
  return `${items.join("|")}#${states.join("|")}`
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
    // a first group as a one-element list (an empty list's first push reserves 17 slots)
    if (frame.groups.length === 0) frame.groups = [key]
    else frame.groups.push(key)
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

/** The progress of a frame no group has made yet: shared, never written (see {@link progressed}). */
const NO_PROGRESS: Map<string, Policy.Progress> = new Map()

/** The frame's own progress map, made on its first write. */
const progressed = (frame: Frame): Map<string, Policy.Progress> => {
  if (frame.progress === NO_PROGRESS) frame.progress = new Map()
  return frame.progress
}

const pushFrame = (
  s: State,
  event: string,
  cause: Outcome["cause"],
  given: ReadonlyArray<GameEvent.Occurrence>,
  inherited?: ReadonlyArray<string>
): void => {
  // the ruleset's change to the event before any effect sees it (MTG 120.4a)
  const prepare = cause === "cost" ? undefined : s.rules.prepareEvent
  const changed = prepare === undefined ? undefined : prepare.apply(given, s.view)
  const occs = changed === undefined ? given : changed.occurrences
  const frame: Frame = {
    event,
    cause,
    // built at their size (an empty list's first push reserves 17 slots)
    items: occs.map((occ, index) => ({
      index,
      occ,
      origin: occ.id,
      applied: inherited ?? NONE,
      proposed: occ.amount,
      modified: 0,
      prevented: 0,
      status: occ.amount > 0 ? "live" : "zero",
      replacedBy: NONE,
      group: "",
      appliedSet: undefined,
      dead: undefined,
      deadFor: undefined,
      layout: 0
    })),
    groups: [],
    groupItems: new Map(),
    groupIndex: undefined,
    subjectItems: undefined,
    cursor: 0,
    progress: NO_PROGRESS,
    appliedIn: undefined,
    started: false,
    startingPlayer: undefined,
    pendingApply: undefined,
    awaiting: undefined,
    followUps: []
  }
  for (let i = 0; i < frame.items.length; i++) addItemToGroup(s, frame, i)
  const failures = s.rules.fails === undefined ? undefined : frame.items.map((it) => failOf(s, it))
  if (s.rules.order.groupOrder === "apnap" && frame.groups.length > 1) {
    const order = GameView.turnOrderFrom(s.view, s.view.activePlayer)
    const ranks = new Map(frame.groups.map((g) => [g, groupRank(s, frame, g, order)] as const))
    frame.groups = frame.groups
      .map((g, i) => [g, i] as const)
      .sort((a, b) => (ranks.get(a[0]) ?? 0) - (ranks.get(b[0]) ?? 0) || a[1] - b[1])
      .map(([g]) => g)
    frame.groupIndex = undefined
  }
  if (s.frames.length === 0) s.frames = [frame]
  else s.frames.push(frame)
  s.trace?.push({
    _tag: "EventStarted",
    event,
    cause,
    occurrences: occs.map((o) => ({
      id: o.id,
      family: o.family,
      subject: o.subject,
      source: o.source,
      amount: o.amount,
      ...(o.params === undefined || Object.keys(o.params).length === 0 ? {} : { params: o.params })
    }))
  })
  if (changed !== undefined && prepare !== undefined)
    for (const text of changed.notes) s.trace?.push({ _tag: "Note", text, rule: prepare.rule })
  // what each item's start says in the trace (nothing to say without a trace or failures)
  if (s.trace === undefined && failures === undefined) return
  for (let i = 0; i < frame.items.length; i++) {
    const it = frame.items[i] as Item
    const failed = failures?.[i]
    if (failed !== undefined) traceFailed(s, it, failed)
    else if (it.status === "zero")
      s.trace?.push({ _tag: "ReachedZero", occurrence: it.occ.id, subject: it.occ.subject, rule: ZERO_RULE })
  }
}

/**
 * Whether the ruleset says the item's occurrence can't happen at all (its subject has left play,
 * can't be dealt damage, …): if so the item is `failed`, and nothing applies to it.
 */
const failOf = (s: State, it: Item): Policy.Failure | undefined => {
  const f = s.rules.fails
  if (f === undefined || it.status === "replaced" || it.status === "failed") return undefined
  const why = f(it.occ, s.view)
  if (why !== undefined) it.status = "failed"
  return why
}

const traceFailed = (s: State, it: Item, why: Policy.Failure): void => {
  s.trace?.push({
    _tag: "Note",
    text: `${it.occ.id} (${it.occ.family} to ${it.occ.subject}) does not happen: ${why.reason}`,
    rule: why.rule
  })
}

const ZERO_RULE = "what is reduced to 0 does not happen"

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

/** The one value every occurrence has for a field, or `undefined` when they differ (or none). */
const shared = (
  over: ReadonlyArray<GameEvent.Occurrence>,
  field: "subject" | "source"
): string | undefined => {
  const v = over[0]?.[field]
  for (const o of over) if (o[field] !== v) return undefined
  return v
}

/**
 * An occurrence made from a template (a replacement's, a cost's, an additional part's). `from`
 * is the occurrence it is made from; `over`, when given, are all the occurrences the effect
 * applies to at once: the template's `"subject"` / `"source"` (and its defaults) then read the
 * subject or source they all share, and nothing when they differ — never whichever occurrence
 * is listed first (FaB 6.4.10f, MTG 615.7: the order occurrences are written in decides
 * nothing). Callers split `over` by what the template reads where that must not be lost.
 */
const instantiate = (
  s: State,
  t: Replacement.Template,
  e: Replacement.Replacement,
  from: GameEvent.Occurrence | undefined,
  prevented: number,
  idBase: string,
  replacing: boolean,
  frame: Frame | undefined,
  over?: ReadonlyArray<GameEvent.Occurrence>
): GameEvent.Occurrence => {
  const fromSubject = over === undefined || over.length < 2 ? from?.subject : shared(over, "subject")
  const fromSource = over === undefined || over.length < 2 ? from?.source : shared(over, "source")
  const ref = (r: Replacement.Ref | undefined, dflt: string | undefined): string | undefined => {
    if (r === undefined) return dflt
    if (typeof r === "object") return r.id
    switch (r) {
      case "subject":
        return fromSubject
      case "source":
        return fromSource
      case "controller":
        return e.controller
      case "self":
        return e.source
    }
  }
  const subject = ref(t.subject, fromSubject) ?? e.controller
  const source = ref(t.source, fromSource)
  let amount: number
  const a = t.amount
  // an occurrence that replaces another keeps its amount by default; a cost or additional effect is 1
  if (a === undefined) amount = replacing && from !== undefined ? from.amount : 1
  else if (typeof a === "object" && a._tag === "Prevented") amount = prevented
  else amount = valueFor(s, e, a, from, frame)
  amount = Math.max(0, Math.floor(amount))
  if (!Number.isSafeInteger(amount))
    fail(
      new Errors.InvalidEffect({
        effect: e.id,
        path: `template ${t.family}.amount`,
        reason: `the amount is ${Amount.show(amount)}, not a safe integer`
      })
    )
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
  // the scan's memo of applied effects (see `candidatesOf`): the effect is marked where it
  // stands, or, if it is not in the list the marks are for, the memo is dropped and rebuilt
  const dead = item.dead
  if (dead !== undefined) {
    const at = (item.deadFor as ReadonlyArray<Replacement.Replacement>).indexOf(e)
    if (at >= 0) dead[at] = true
    else {
      item.dead = undefined
      item.deadFor = undefined
    }
  }
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

/** The amount expressions whose value the trace explains when a modifier applies (`X = …`). */
const EXPRESSIONS: ReadonlySet<string> = new Set(["Count", "AllBut", "Half", "Arith"])

/** A prevention whose amount is a number or `all` now (see {@link preventNow}). */
interface PreventNow {
  readonly _tag: "Prevent"
  readonly scope: Replacement.PreventScope
  readonly amount: number | "all"
  /** A `static` prevention's computed amount, evaluated per occurrence (`amount` is then 0). */
  readonly computed?: Filter.Value
}

/**
 * A computed prevention amount, evaluated in the view now (MTG 615.1: "aren't locked in ahead of
 * time"; FaB 6.4.2a; Берсерк 534.2): at least 0, a safe integer, and said in the trace.
 */
const computedAmount = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  v: Filter.Value,
  occ: GameEvent.Occurrence | undefined,
  notes: Array<string> | undefined
): number => {
  const ctx = ctxFor(s, e, occ, frame)
  const r = guard(e, () =>
    notes === undefined ? { value: Filter.value(v, ctx), how: "" } : Filter.explain(v, ctx)
  )
  const n = Math.max(0, Math.floor(r.value))
  if (!Number.isSafeInteger(n))
    fail(
      new Errors.InvalidEffect({
        effect: e.id,
        path: "action.amount",
        reason: `the amount is ${Amount.show(r.value)}, not a safe integer`
      })
    )
  notes?.push(`X = ${r.how}`)
  return n
}

/**
 * The prevention with its amount for these targets: a number or `all` as written; a computed
 * amount of a `once` or `perEvent` prevention evaluated now, with the event's amount the total
 * of the damage it applies to; a shield's the first time it applies (then its remainder in the
 * ledger). A `static` one's computed amount is evaluated per occurrence ({@link staticCap}).
 */
const preventNow = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  a: Extract<Replacement.Action, { _tag: "Prevent" }>,
  targets: ReadonlyArray<Item>,
  notes?: Array<string>
): PreventNow => {
  const v = a.amount
  if (typeof v !== "object") return a as PreventNow
  if (a.scope === "static") return { _tag: "Prevent", scope: a.scope, amount: 0, computed: v }
  if (a.scope === "shield") {
    const rest = effState(s, e).remaining
    if (rest !== undefined) return { ...a, amount: rest }
  }
  let first: GameEvent.Occurrence | undefined
  let total = 0
  for (const t of targets)
    if (t.occ.preventable) {
      first ??= t.occ
      total += t.occ.amount
    }
  const occ = first === undefined ? targets[0]?.occ : { ...first, amount: total }
  return { _tag: "Prevent", scope: a.scope, amount: computedAmount(s, frame, e, v, occ, notes) }
}

/**
 * A partial redirection's N the first time it applies: a number as written; an expression
 * computed now (as a shield's, {@link preventNow}), with the event's amount the total of the
 * damage it applies to.
 */
const redirectNow = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  v: number | Filter.Value,
  targets: ReadonlyArray<Item>,
  notes: Array<string> | undefined
): number => {
  if (typeof v !== "object") return v
  let total = 0
  for (const t of targets) total += t.occ.amount
  const first = targets[0]?.occ
  return computedAmount(s, frame, e, v, first === undefined ? undefined : { ...first, amount: total }, notes)
}

/**
 * A decrease's N (`ReducePrevention.by`) when it applies to a prevention: a number as written; an
 * expression computed now (FaB 6.4.2a: "any variable values are determined each time a
 * replacement effect could be applied"), against the first occurrence it reduces.
 */
const reductionBy = (
  s: State,
  frame: Frame,
  r: Replacement.Replacement,
  occ: GameEvent.Occurrence | undefined,
  notes: Array<string> | undefined
): number => {
  const a = r.action as Extract<Replacement.Action, { _tag: "ReducePrevention" }>
  return typeof a.by === "object" ? computedAmount(s, frame, r, a.by, occ, notes) : a.by
}

/** What a `static` prevention prevents of one occurrence at most (its amount, computed for it). */
const staticCap = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  a: PreventNow,
  occ: GameEvent.Occurrence,
  notes?: Array<string>
): number =>
  a.computed === undefined ? (a.amount as number) : computedAmount(s, frame, e, a.computed, occ, notes)

/** A trace change for an action that leaves the occurrence's amount as it is. */
/** `GameEvent.damage`'s keys, in its order. */
const DAMAGE_KEYS = ["id", "family", "subject", "source", "amount", "kinds", "preventable", "params"]
/** `GameEvent.occurrence`'s keys without a source, in its order. */
const SOURCELESS_KEYS = ["id", "family", "subject", "amount", "kinds", "preventable", "params"]
/** `GameEvent.occurrence`'s keys with a source, in its order. */
const SOURCED_KEYS = ["id", "family", "subject", "amount", "kinds", "preventable", "params", "source"]

const sameKeys = (keys: ReadonlyArray<string>, layout: ReadonlyArray<string>): boolean => {
  if (keys.length !== layout.length) return false
  for (let i = 0; i < keys.length; i++) if (keys[i] !== layout[i]) return false
  return true
}

const layoutOf = (o: GameEvent.Occurrence): number => {
  const keys = Object.keys(o)
  return sameKeys(keys, DAMAGE_KEYS)
    ? 1
    : sameKeys(keys, SOURCELESS_KEYS)
      ? 2
      : sameKeys(keys, SOURCED_KEYS)
        ? 3
        : 4
}

/**
 * The item's occurrence with another amount: what `{ ...occ, amount }` gives (the same keys in
 * the same order, the same values), built as a literal when its keys are one of the layouts
 * `GameEvent` makes. In V8 a spread of an object that was itself made by a spread takes the slow
 * path (about 0.5 µs against 0.04 µs): an occurrence changed by sixteen effects in a row paid it
 * fifteen times.
 */
const withAmount = (it: Item, amount: number): GameEvent.Occurrence => {
  const o = it.occ
  if (it.layout === 0) it.layout = layoutOf(o)
  switch (it.layout) {
    case 1:
      return {
        id: o.id,
        family: o.family,
        subject: o.subject,
        source: o.source,
        amount,
        kinds: o.kinds,
        preventable: o.preventable,
        params: o.params
      } as GameEvent.Occurrence
    case 2:
      return {
        id: o.id,
        family: o.family,
        subject: o.subject,
        amount,
        kinds: o.kinds,
        preventable: o.preventable,
        params: o.params
      }
    case 3:
      return {
        id: o.id,
        family: o.family,
        subject: o.subject,
        amount,
        kinds: o.kinds,
        preventable: o.preventable,
        params: o.params,
        source: o.source
      } as GameEvent.Occurrence
    default:
      return { ...o, amount }
  }
}

const amountKept = (o: GameEvent.Occurrence): Trace.Change => ({
  occurrence: o.id,
  subject: o.subject,
  before: o.amount,
  after: o.amount,
  prevented: 0
})

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
  // what this effect prevented from each target, by position (for the additional parts)
  let shares: ReadonlyArray<number> | undefined
  const a = e.action._tag === "Prevent" ? preventNow(s, frame, e, e.action, targets, notes) : e.action
  switch (a._tag) {
    case "Prevent": {
      // what each target has prevented, by position (0 for damage that can't be prevented)
      const n = targets.length
      // (not new Array(n).fill(0): a holey array, slow to fill; one target: a one-element list)
      const share: Array<number> = n === 1 ? [0] : []
      if (n !== 1) for (let i = 0; i < n; i++) share.push(0)
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
      const cut = pa.cut
      if (cut !== undefined) {
        // declared after the decrease (6.4.10g, 6.4.10f): the allocation is what is prevented
        const alloc = pa.allocation ?? {}
        for (let i = 0; i < n; i++) {
          const t = targets[i] as Item
          if (t.occ.preventable) share[i] = alloc[t.occ.id] ?? 0
        }
      } else if (a.scope === "static") {
        for (let i = 0; i < n; i++) {
          const t = targets[i] as Item
          if (t.occ.preventable)
            share[i] =
              a.amount === "all"
                ? t.occ.amount
                : Math.min(staticCap(s, frame, e, a, t.occ, notes), t.occ.amount)
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
      if (cut !== undefined) {
        spend = cut.spend
        const r = s.index.byId.get(cut.reducer) as Replacement.Replacement
        const rs = effState(s, r)
        setState(s, r.id, { ...rs, uses: rs.uses + 1, spent: true })
        if (cut.how !== undefined) notes?.push(cut.how)
        notes?.push(
          `${r.id} ("${r.label}") makes it prevent ${cut.by} less${r.rule !== undefined ? ` (${r.rule})` : ""}`
        )
      } else if (spend > 0) {
        for (const r of s.index.reducers) {
          const rs = effState(s, r)
          if (rs.spent || (r.limit !== undefined && rs.uses >= r.limit.times)) continue
          let watched: GameEvent.Occurrence | undefined
          for (let i = 0; i < n && watched === undefined; i++) {
            const t = targets[i] as Item
            if (t.occ.preventable && share[i] !== 0 && watches(s, r, t.occ, frame)) watched = t.occ
          }
          if (watched === undefined) continue
          if (r.action._tag !== "ReducePrevention") continue
          const by = reductionBy(s, frame, r, watched, notes)
          reduction = Math.min(spend, by)
          setState(s, r.id, { ...rs, uses: rs.uses + 1, spent: true })
          notes?.push(
            `${r.id} ("${r.label}") makes it prevent ${by} less${r.rule !== undefined ? ` (${r.rule})` : ""}`
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
          t.occ = withAmount(t, before - p)
          t.prevented += p
          preventedTotal += p
        }
        shares = share
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
        let v: number
        if (typeof a.value === "number") v = a.value
        else if (notes === undefined || !EXPRESSIONS.has(a.value._tag))
          v = valueFor(s, e, a.value, t.occ, frame)
        else {
          // the trace says what an amount expression was when the effect applied, and how
          const x = explainFor(s, e, a.value, t.occ, frame)
          v = x.value
          notes.push(`X = ${x.how}`)
        }
        const after = Math.max(0, Math.floor(modify(a.op, before, v)))
        if (!Number.isSafeInteger(after))
          fail(
            new Errors.InvalidEffect({
              effect: e.id,
              path: "action.value",
              reason: `${a.op} ${Amount.show(v)} on ${before} gives ${Amount.show(after)}, not a safe integer`
            })
          )
        t.occ = withAmount(t, after)
        t.modified += after - before
        changes?.push({ occurrence: t.occ.id, subject: t.occ.subject, before, after, prevented: 0 })
      }
      break
    case "Redirect":
      if (a.amount !== undefined) {
        // "the next N damage that would be dealt to A is dealt to B instead" (MTG 614.9): N is
        // used up like a shield; only that much moves to B, the rest stays with A
        // a computed N is fixed the first time the effect applies, like a shield's (its
        // remainder then lives in the ledger), with the event's amount the total it applies to
        const before = st0.remaining ?? redirectNow(s, frame, e, a.amount, targets, notes)
        let left = before
        const ordered =
          targets.length < 2 ? targets : [...targets].sort((x, y) => (x.occ.id < y.occ.id ? -1 : 1))
        for (const t of ordered) {
          const was = t.occ.amount
          const k = Math.min(left, was)
          if (k === 0) continue
          left -= k
          if (k === was) {
            t.occ = { ...t.occ, subject: a.to }
            changes?.push({
              occurrence: t.occ.id,
              subject: t.occ.subject,
              before: was,
              after: was,
              prevented: 0,
              redirectedTo: a.to
            })
            continue
          }
          const moved = GameEvent.occurrence({ ...t.occ, id: fresh(s, t.occ.id), subject: a.to, amount: k })
          t.occ = withAmount(t, was - k)
          t.modified -= k
          changes?.push({
            occurrence: t.occ.id,
            subject: t.occ.subject,
            before: was,
            after: was - k,
            prevented: 0,
            redirectedTo: a.to,
            redirected: k,
            redirectedAs: moved.id
          })
          frame.items.push({
            index: frame.items.length,
            occ: moved,
            origin: t.origin,
            applied: [...t.applied, e.id],
            proposed: k,
            modified: 0,
            prevented: 0,
            status: "live",
            replacedBy: [],
            group: "",
            appliedSet: undefined,
            dead: undefined,
            deadFor: undefined,
            layout: 0
          })
          addItemToGroup(s, frame, frame.items.length - 1)
          const made = frame.items[frame.items.length - 1] as Item
          const failed = failOf(s, made)
          if (failed !== undefined) traceFailed(s, made, failed)
        }
        rest = left
        spent = left <= 0
        if (s.trace !== undefined) remaining = { before, after: left }
        break
      }
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
    case "Unpreventable":
      // "damage can't be prevented" (MTG 615.12): preventions still apply to it and prevent 0
      for (const t of targets) {
        t.occ = { ...t.occ, preventable: false }
        changes?.push(amountKept(t.occ))
      }
      break
    case "SetParams":
      for (const t of targets) {
        t.occ = { ...t.occ, params: { ...t.occ.params, ...a.params } }
        changes?.push(amountKept(t.occ))
      }
      break
    case "Replace":
      for (const t of targets) {
        const made: Array<GameEvent.Occurrence> = []
        for (const tpl of a.with) made.push(instantiate(s, tpl, e, t.occ, 0, t.origin, true, frame))
        t.status = "replaced"
        t.replacedBy = made.map((m) => m.id)
        changes?.push({
          occurrence: t.occ.id,
          subject: t.occ.subject,
          before: t.occ.amount,
          after: 0,
          prevented: 0,
          replacedBy: t.replacedBy,
          replacements: made.map((m) => ({
            id: m.id,
            family: m.family,
            subject: m.subject,
            source: m.source,
            amount: m.amount,
            ...(Object.keys(m.params).length === 0 ? {} : { params: m.params })
          }))
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
            appliedSet: undefined,
            dead: undefined,
            deadFor: undefined,
            layout: 0
          })
          addItemToGroup(s, frame, frame.items.length - 1)
          const made = frame.items[frame.items.length - 1] as Item
          const failed = failOf(s, made)
          if (failed !== undefined) traceFailed(s, made, failed)
        }
      }
      break
    case "ReducePrevention":
      break
  }
  for (const t of targets) {
    markApplied(s, frame, t, e)
    if (a._tag === "Redirect" && t.occ.subject === a.to) regroup(s, frame, t)
  }
  if (s.rules.order.sequences !== undefined) noteSequence(s, frame, e, targets)
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
    const note: Notification = {
      _tag: "Prevented",
      effect: e.id,
      amount: preventedTotal,
      occurrences: targets.map((t) => t.occ.id)
    }
    if (s.notifications.length === 0) s.notifications = [note]
    else s.notifications.push(note)
  }
  if (e.additional !== undefined) additionalParts(s, frame, e, e.additional, targets, shares, preventedTotal)
  for (const t of targets) settle(s, t)
}

/**
 * The additional parts of an effect that applied to `targets` at once, as follow-ups. A part
 * that names the subject or source of "that damage" (`"subject"` / `"source"`) is made once for
 * each such object, with the damage prevented from it (FaB 8.3.20 and 6.4.10f: one prevention
 * over damage from two sources; MTG 615.5: "the rest of the effect takes place"); any other part
 * is made once, with the total prevented. The parts, and every field of each, come from the
 * occurrences the effect applied to, not from whichever of them is listed first; made in the
 * order of the objects' ids.
 */
const additionalParts = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  parts: ReadonlyArray<Replacement.Template>,
  targets: ReadonlyArray<Item>,
  shares: ReadonlyArray<number> | undefined,
  preventedTotal: number
): void => {
  const idBase = `${e.id}:additional`
  for (const tpl of parts) {
    const reads: Array<"subject" | "source"> = []
    for (const r of [tpl.subject, tpl.source])
      if ((r === "subject" || r === "source") && !reads.includes(r)) reads.push(r)
    if (targets.length < 2) {
      frame.followUps.push(instantiate(s, tpl, e, targets[0]?.occ, preventedTotal, idBase, false, frame))
      continue
    }
    const groups = new Map<string, Array<number>>()
    for (let i = 0; i < targets.length; i++) {
      const occ = (targets[i] as Item).occ
      const key = reads.map((f) => occ[f] ?? "").join("\u0000")
      const g = groups.get(key)
      if (g === undefined) groups.set(key, [i])
      else g.push(i)
    }
    for (const key of [...groups.keys()].sort()) {
      const g = groups.get(key) as Array<number>
      const over = g.map((i) => (targets[i] as Item).occ)
      let prevented = 0
      let amount = 0
      for (const i of g) {
        prevented += shares?.[i] ?? 0
        amount += (targets[i] as Item).occ.amount
      }
      if (groups.size === 1) prevented = preventedTotal
      // what an amount read from "that damage" sees: all of it
      const from = { ...(over[0] as GameEvent.Occurrence), amount }
      frame.followUps.push(instantiate(s, tpl, e, from, prevented, idBase, false, frame, over))
    }
  }
}

/**
 * A cost is paid once (FaB 1.14.4: "the player must be able to successfully generate and
 * resolve the specified costs"): one that names the subject or source of "that damage" while
 * the effect applies to damage of two different ones at once names no one object, and is
 * refused with a clear error rather than made from whichever occurrence is listed first.
 */
const costReadsOne = (
  e: Replacement.Replacement,
  cost: Replacement.Template,
  over: ReadonlyArray<GameEvent.Occurrence>
): void => {
  for (const [slot, r] of [
    ["subject", cost.subject],
    ["source", cost.source]
  ] as const)
    if ((r === "subject" || r === "source") && over.length > 1 && shared(over, r) === undefined)
      fail(
        new Errors.InvalidEffect({
          effect: e.id,
          path: `cost.${slot}`,
          reason: `the cost names the ${r} of the damage, but the effect applies at once to damage with different ${r}s (${[...new Set(over.map((o) => o[r] ?? "none"))].sort().join(", ")}); a cost is paid once`
        })
      )
}

/**
 * Whether a prevention applying to several occurrences at once must have its points declared
 * (FaB 6.4.10f: "the controller of the prevention effect declares each point of damage the
 * effect will prevent"; MTG 615.7), and how many. A decrease is determined first (FaB 6.4.10g:
 * "the total prevention is determined, the prevention effect's prevention amount is reduced,
 * and then the prevention effect is applied to the event with the decrease"), so which damage
 * the decrease leaves is declared too, never taken from the occurrence listed last. `undefined`
 * when everything it can prevent is prevented.
 */
const divisionOf = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  written: Extract<Replacement.Action, { _tag: "Prevent" }>,
  targets: ReadonlyArray<Item>
):
  | {
      readonly points: number
      readonly max: (o: GameEvent.Occurrence) => number
      readonly cut: PendingApply["cut"]
    }
  | undefined => {
  let count = 0
  for (const t of targets) if (t.occ.preventable) count++
  if (count < 2) return undefined
  const a = preventNow(s, frame, e, written, targets)
  const max = (o: GameEvent.Occurrence): number =>
    a.scope === "static" && a.amount !== "all" ? Math.min(staticCap(s, frame, e, a, o), o.amount) : o.amount
  let total = 0
  for (const t of targets) if (t.occ.preventable) total += max(t.occ)
  let full = total
  if (a.scope !== "static" && a.amount !== "all") {
    const available = a.scope === "shield" ? (effState(s, e).remaining ?? a.amount) : a.amount
    full = Math.min(available, total)
  }
  let cut: PendingApply["cut"]
  if (full > 0)
    for (const r of s.index.reducers) {
      if (r.action._tag !== "ReducePrevention") continue
      const rs = effState(s, r)
      if (rs.spent || (r.limit !== undefined && rs.uses >= r.limit.times)) continue
      const first = targets.find((t) => t.occ.preventable && max(t.occ) > 0 && watches(s, r, t.occ, frame))
      if (first === undefined) continue
      const how: Array<string> | undefined = s.trace === undefined ? undefined : []
      const by = reductionBy(s, frame, r, first.occ, how)
      cut = { reducer: r.id, reduction: Math.min(full, by), spend: full, by, how: how?.[0] }
      break
    }
  const points = full - (cut?.reduction ?? 0)
  return points >= total ? undefined : { points, max, cut }
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
          // a cost is paid once (FaB 1.14.4), made from every occurrence the effect applies to
          const over = targetsFor(s, frame, pa, e, false).map((t) => t.occ)
          costReadsOne(e, e.cost, over)
          const costOcc = instantiate(s, e.cost, e, over[0], 0, `${e.id}:cost`, false, frame, over)
          pa.stage = "afterCost"
          pushFrame(s, `${e.id}:cost`, "cost", [costOcc])
          return undefined
        }
        pa.stage = "action"
        break
      case "afterCost":
      case "action": {
        const afterCost = pa.stage === "afterCost"
        if (pa.linked !== undefined) {
          const which = whichOccurrence(s, frame, pa, e, afterCost || e.cost !== undefined)
          if (which !== undefined) return which
        }
        const targets = targetsFor(s, frame, pa, e, afterCost || e.cost !== undefined)
        const a = e.action
        if (a._tag === "Prevent" && targets.length > 1 && pa.allocation === undefined) {
          const plan = divisionOf(s, frame, e, a, targets)
          if (plan !== undefined && plan.points === 0) {
            // the decrease takes all of it: nothing to declare
            pa.cut = plan.cut
            pa.allocation = {}
          } else if (plan !== undefined) {
            const preventable = targets.filter((t) => t.occ.preventable)
            pa.cut = plan.cut
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
              points: plan.points,
              targets: preventable.map((t) => ({
                occurrence: t.occ.id,
                subject: t.occ.subject,
                source: t.occ.source,
                max: plan.max(t.occ)
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
        applyAction(s, frame, pa, e, targetsFor(s, frame, pa, e, true))
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

/**
 * Records what a commit did less of than asked: the outcome's amount is what was done and
 * `notDone` the rest; an occurrence of which nothing was done did not happen (`failed`, left out
 * of `happened`), with the commit's reason in the trace.
 */
const reportDone = (
  s: State,
  firstOutcome: number,
  happened: Array<GameEvent.Occurrence>,
  short: ReadonlyMap<string, Policy.Committed>
): void => {
  for (let i = firstOutcome; i < s.outcomes.length; i++) {
    const o = s.outcomes[i] as Outcome
    const c = short.get(o.id)
    if (c === undefined) continue
    s.outcomes[i] = {
      ...o,
      amount: c.done,
      notDone: o.amount - c.done,
      status: c.done > 0 ? o.status : "failed"
    }
    if (c.why !== undefined)
      s.trace?.push({
        _tag: "Note",
        text: `${o.id} (${o.family} to ${o.subject}): ${c.done} of ${o.amount} done: ${c.why.reason}`,
        rule: c.why.rule
      })
  }
  let k = 0
  for (const h of happened) {
    const c = short.get(h.id)
    if (c === undefined) happened[k++] = h
    else if (c.done > 0) happened[k++] = { ...h, amount: c.done }
  }
  happened.length = k
}

const finishFrame = (s: State): void => {
  const frame = s.frames.pop() as Frame
  const firstOutcome = s.outcomes.length
  // lists are made at their first element (an empty list's first push reserves 17 slots)
  let made1: Array<GameEvent.Occurrence> | undefined
  for (const it of frame.items) {
    // an occurrence moved to another subject (a redirect) is checked again where it now goes
    if (it.status === "live" && it.occ.amount > 0) {
      const failed = failOf(s, it)
      if (failed !== undefined) traceFailed(s, it, failed)
    }
    const status = it.status === "live" ? (it.occ.amount > 0 ? "happened" : "zero") : it.status
    const outcome: Outcome = {
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
      amount: status === "replaced" || status === "failed" ? 0 : it.occ.amount,
      status,
      replacedBy: it.replacedBy,
      applied: it.applied
    }
    if (s.outcomes.length === 0) s.outcomes = [outcome]
    else s.outcomes.push(outcome)
    if (status === "happened") {
      if (made1 === undefined) made1 = [it.occ]
      else made1.push(it.occ)
    }
  }
  const happened = made1 ?? (NO_OCCURRENCES as Array<GameEvent.Occurrence>)
  if (s.rules.replacementsFirst === true && happened.length > 1) {
    // the occurrences a replacement made happen before the simultaneous unmodified ones
    const made = new Set(frame.items.filter((i) => i.origin !== i.occ.id).map((i) => i.occ.id))
    const first = happened.filter((o) => made.has(o.id))
    if (first.length > 0 && first.length < happened.length) {
      const rest = happened.filter((o) => !made.has(o.id))
      happened.length = 0
      happened.push(...first, ...rest)
    }
  }
  const commit = s.rules.commit
  // one copy of the objects for the whole batch, not one per occurrence; what the commit did
  // less of than asked is what the outcome records (MTG 609.3, FaB 8.5.6b)
  if (commit !== undefined && happened.length > 0) {
    const c = Commit.commitBatch(s.view, commit, happened)
    s.view = c.view
    if (c.short !== undefined) reportDone(s, firstOutcome, happened, c.short)
  }
  // the first batch that happens is the list itself (nothing changes it from here on)
  if (s.happened.length === 0 && made1 !== undefined) s.happened = made1
  else for (const o of happened) s.happened.push(o)
  s.trace?.push({
    _tag: "EventFinished",
    event: frame.event,
    happened: happened.map((h) => ({
      id: h.id,
      family: h.family,
      subject: h.subject,
      amount: h.amount,
      ...(h.params === undefined || Object.keys(h.params).length === 0 ? {} : { params: h.params })
    }))
  })
  // Dealt damage is processed into its results, as a new event that can be replaced in turn,
  // together with the additional effects of the preventions that applied (MTG 120.4 example 2:
  // Awe Strike's life gain joins the damage event's results). Damage dealt *in* a results event
  // — a prevention's additional part (615.5), or a result replaced by damage — is an occurrence
  // like any other: it was replaced and prevented there, it is dealt, and it too is processed
  // into its results (120.3), so what is dealt and the state after never disagree. A cost's
  // damage is not processed (it is the cost's own event).
  const results = s.rules.results
  const dealt =
    results === undefined || frame.cause === "cost"
      ? NO_OCCURRENCES
      : happened.filter((o) => o.family === GameEvent.DAMAGE)
  const made = dealt.length === 0 ? NO_OCCURRENCES : (results as Policy.ResultsPolicy).results(dealt, s.view)
  if (
    results !== undefined &&
    frame.cause !== "cost" &&
    (made.length > 0 || (frame.cause !== "results" && frame.followUps.length > 0))
  ) {
    if (made.length > 0)
      s.trace?.push({
        _tag: "Note",
        text: "dealt damage is processed into its results, which can be replaced in turn",
        rule: results.rule
      })
    pushFrame(s, `${frame.event}:results`, "results", [...made, ...frame.followUps])
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

/**
 * Each effect's option in a `ChooseEffect` request, per effect index (so per effects list): one
 * frozen value per effect, made when first offered, kept beside the index (a state never
 * changes by being read).
 */
const optionsByIndex = new WeakMap<EffectIndex, Map<string, Decision.EffectOption>>()

const optionsOf = (s: State, ids: ReadonlyArray<string>): Array<Decision.EffectOption> => {
  let known = bypass ? undefined : optionsByIndex.get(s.index)
  if (known === undefined) {
    known = new Map()
    if (!bypass) optionsByIndex.set(s.index, known)
  }
  const out: Array<Decision.EffectOption> = []
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string
    let o = known.get(id)
    if (o === undefined) {
      o = Object.freeze({ effect: id, label: s.index.byId.get(id)?.label ?? id })
      known.set(id, o)
    }
    out.push(o)
  }
  return out
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
        let candidates = candidatesOf(s, frame, group)
        const linked = candidates.length > 0 ? linkedGroups(s, frame, group, candidates) : undefined
        if (linked !== undefined) {
          candidates = linkedCandidates(s, frame, linked)
          const key = linked.join("\u0000")
          if (frame.linkedNoted !== key && s.trace !== undefined) {
            frame.linkedNoted = key
            const names =
              linked.length <= 1
                ? (linked[0] ?? "")
                : `${linked.slice(0, -1).join(", ")} or ${linked[linked.length - 1]}`
            const seq = inSequence(s, frame, group) ? s.rules.order.sequences : undefined
            s.trace.push(
              seq === undefined
                ? {
                    _tag: "Note",
                    text: `one limited effect could apply to ${names}: the effects on them are ordered together, by the one player who chooses for them all`,
                    rule: s.rules.order.linkedRule ?? ""
                  }
                : {
                    _tag: "Note",
                    text: `effects could apply to ${names}, simultaneous events of one player: the effects on them are ordered together by that player, each applying in one sequence`,
                    rule: seq.rule
                  }
            )
          }
        }
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
        // a policy that keeps the group's progress (the affected side chooses) writes no map:
        // what is read back is the same either way (`FIRST` when the group has no entry)
        if (step._tag === "Done") {
          if (step.progress !== progress) progressed(frame).set(group, step.progress)
          traceNotApplied(s, frame, group)
          frame.cursor++
          continue
        }
        if (step.progress !== progress) progressed(frame).set(group, step.progress)
        s.trace?.push({ _tag: "Candidates", group, tier: step.tier, candidates: candidates.map((c) => c.id) })
        if (step._tag === "Apply") {
          frame.pendingApply = {
            effect: step.effect,
            group,
            linked,
            tier: step.tier,
            rule: step.rule,
            chosenBy: step.chosenBy ?? "only candidate",
            stage: "start"
          }
        } else if (
          s.askEveryOrder !== true &&
          orderDoesNotMatterSafe(s, frame, group, linked, step.options)
        ) {
          // every order of the options ends in the same state: nobody is asked (the trace says so)
          s.trace?.push({
            _tag: "Note",
            text: `every order of ${step.options.join(", ")} gives the same outcome: the order doesn't matter, so ${step.chooser} is not asked`,
            rule: step.rule
          })
          frame.pendingApply = {
            // the one taken is named by id, not by the order the ledger lists the options in
            effect: [...step.options].sort()[0] as string,
            group,
            linked,
            tier: step.tier,
            rule: step.rule,
            chosenBy: "the order doesn't matter",
            stage: "start"
          }
        } else {
          frame.awaiting = {
            _tag: "Choice",
            group,
            progress: step.progress,
            tier: step.tier,
            rule: step.rule,
            linked
          }
          return suspend(s, {
            _tag: "ChooseEffect",
            id: `d${s.log.length + 1}`,
            chooser: step.chooser,
            options: optionsOf(s, step.options),
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

/** The summary of a resolution that dealt or prevented nothing (shared, frozen). */
const NO_DAMAGE: Readonly<Record<string, number>> = Object.freeze({})

const finish = (s: State): Resolution => {
  // the `dealt` / `prevented` summaries, per damage recipient, built eagerly. A first version
  // used lazy getters in the returned object literal: creating such an object costs microseconds
  // in V8, and the single-shield bench row fell from about 500k to 250k resolutions/s. This loop
  // is within the bench's noise (about 100 more bytes per resolution that deals or prevents
  // damage); a resolution that deals nothing shares one frozen empty record.
  let dealt = NO_DAMAGE
  let prevented = NO_DAMAGE
  for (const o of s.outcomes) {
    if (o.family !== GameEvent.DAMAGE) continue
    if (o.prevented > 0) {
      if (prevented === NO_DAMAGE) prevented = {}
      ;(prevented as Record<string, number>)[o.subject] = (prevented[o.subject] ?? 0) + o.prevented
    }
    if (o.status === "happened") {
      if (dealt === NO_DAMAGE) dealt = {}
      ;(dealt as Record<string, number>)[o.subject] = (dealt[o.subject] ?? 0) + o.amount
    }
  }
  return {
    outcomes: s.outcomes,
    dealt,
    prevented,
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
  const invalid = validate(event, ledger, view)
  if (invalid !== undefined) return { _tag: "Failed", error: invalid }
  const s: State = {
    rules,
    baseLedger: ledger,
    index: prepared(ledger.effects).index,
    base: undefined,
    view,
    changes: NO_CHANGES,
    frames: [],
    outcomes: [],
    happened: [],
    notifications: [],
    trace: options.trace === false ? undefined : [],
    log: [],
    pending: undefined,
    steps: 0,
    seq: 0,
    maxSteps: rules.maxSteps ?? 64 * (ledger.effects.length + 1) * (event.occurrences.length + 1),
    askEveryOrder: options.askEveryOrder ?? rules.orderShortcut !== true
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
  const items = f.items.map((i) => ({ ...i, appliedSet: undefined, dead: undefined, deadFor: undefined }))
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
    progress: f.progress === NO_PROGRESS ? NO_PROGRESS : new Map(f.progress),
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
  changes: s.changes === NO_CHANGES ? NO_CHANGES : new Map(s.changes),
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

/** The item an answer to a `Which` request gives its one point to (a function of its own: see `holdsFor`). */
const chosenItem = (frame: Frame, answer: Record<string, number>): Item | undefined => {
  const chosen = Object.keys(answer).find((k) => answer[k] === 1)
  return frame.items.find((i) => i.occ.id === chosen)
}

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
        linked: awaiting.linked,
        tier: awaiting.tier,
        rule: awaiting.rule,
        // read only by the trace: not built without one
        chosenBy: s.trace === undefined ? "" : `${request.chooser} chose`,
        stage: "start"
      }
      break
    case "Which": {
      const pa = frame.pendingApply as PendingApply
      const item = chosenItem(frame, answer as Record<string, number>)
      if (item !== undefined) pa.group = item.group
      pa.linked = undefined
      pa.stage = awaiting.stage
      break
    }
    case "Optional": {
      const pa = frame.pendingApply as PendingApply
      if (answer === true) pa.stage = "cost"
      else {
        const e = s.index.byId.get(pa.effect) as Replacement.Replacement
        for (const t of targetsFor(s, frame, pa, e, false)) markApplied(s, frame, t, e)
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
    // an answer of the log that was refused (illegal) is the error, not "the log is too long"
    if (step._tag === "Failed") return step
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
