/**
 * The kernel: the one resolution algorithm, as a pure, synchronous step machine over plain data.
 *
 * {@link start} runs a resolution until it is finished or needs a decision; {@link resume}
 * continues it with an answer. A pending {@link State} is a value: it can be resumed any number
 * of times (search strategies branch on it) and is never changed by `resume`, which works on a
 * copy. It is not what a server stores: it holds the ruleset's policies (functions) and the
 * kernel's indexes. What is stored — plain JSON — is the resolution's inputs (rules id, event,
 * ledger, view) and the answers so far as a `Decision.Stored` record ({@link State.log} through
 * `Decision.store`, which names the ruleset, its rules version and the record format); after a
 * restart {@link restore} decodes that record and brings the pending step back exactly, and
 * refuses one of another ruleset or rules version. The guide "a pending resolution stored across
 * a server restart" (docs/guides/stored-pending.md) is that loop in full. Nothing here allocates
 * an Effect; the `Resolver` module wraps the kernel with choosers and services.
 *
 * The algorithm, for one event (a batch of occurrences); each step is told in full at the top of the
 * internal module that does it (`internal/kernel/`):
 *
 * 1. the batch is partitioned into groups by the ordering policy, taken in APNAP order (`frame`);
 * 2. for the current group, the applicable effects are computed against the current occurrences
 *    and view (`candidates`); the ordering policy says which applies next or who chooses
 *    (`loop`); the open groups of one chooser that a limited effect could apply to are linked
 *    and ordered together (`linked`); a choice whose every order ends in the same state is not
 *    asked (`orderShortcut`);
 * 3. the effect is applied — a "may" asked, a cost resolved first, a division asked (`stages`) —
 *    and the ledger updated and the effect marked as applied (`apply`); back to 2;
 * 4. an occurrence at 0 does not happen and nothing applies to it again (`applicability`,
 *    `apply`);
 * 5. when no group has anything left, the occurrences at more than 0 happen, and results and
 *    additional effects are resolved as new events (`finish`).
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
 * @module
 */
import type * as Decision from "./Decision.js"
import type * as Errors from "./Errors.js"
import type * as GameEvent from "./GameEvent.js"
import type * as GameView from "./GameView.js"
import * as internalInspect from "./internal/kernel/inspect.js"
import * as internalLoop from "./internal/kernel/loop.js"
import * as internalPrepared from "./internal/kernel/prepared.js"
import * as internalResume from "./internal/kernel/resume.js"
import * as internalValidate from "./internal/kernel/validate.js"
import type * as Ledger from "./Ledger.js"
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
 *   it or to the occurrences it replaced. A "may" effect its controller declined is not in it
 *   (Riftbound 371.2.b: "If they do not, it has not been applied"; FaB 1.8.3a: the player
 *   "chooses whether or not to generate or apply the effect"): it is in `declined`, present only
 *   when there is one, and is not offered again for this occurrence.
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
   * The "may" effects declined for it or for the occurrences it replaced, in the order they were
   * declined (see `applied`); absent when none was.
   *
   * @since 0.1.0
   */
  readonly declined?: ReadonlyArray<string> | undefined
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

/** The brand of a {@link State}: a type only, nothing at run time. */
declare const TypeId: unique symbol

/**
 * A resolution in progress: pass it back to {@link resume}. Its working parts are the kernel's
 * own and are not part of the type; what a caller may read is below. A state is only made by the
 * kernel (`start`, `resume`, `restore`). It holds the ruleset's policies (`rules`, functions) and
 * an index, so it is not JSON: to keep a resolution across a restart, store its inputs and
 * `Decision.store(rules, state.log)`, and bring it back with {@link restore}.
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
  /** @internal */
  readonly [TypeId]: typeof TypeId
  readonly rules: Policy.Rules
  /** The ledger the resolution started from. */
  readonly baseLedger: Ledger.Ledger
  /** The ledger's effects by id (the effect a `ChooseEffect` option names). */
  readonly index: { readonly byId: ReadonlyMap<string, Replacement.Replacement> }
  /** The view now (the occurrences that happened so far are committed to it). */
  readonly view: GameView.GameView
  /** The trace so far (`undefined` with `Options.trace: false`). */
  readonly trace: ReadonlyArray<Trace.Record> | undefined
  /** The decisions answered so far, in order (what {@link restore} replays). */
  readonly log: ReadonlyArray<Decision.LogEntry>
  /** The decision the resolution waits on (see {@link pendingRequest}). */
  readonly pending: Decision.Request | undefined
}

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
 * @function
 * @since 0.1.0
 */
export const unprepared: <A>(f: () => A) => A = internalPrepared.unprepared

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
 * // GameEvent.damage refuses such an amount itself: an event built as data is checked here
 * const i = { ...GameEvent.damage({ id: "i", source: "a", recipient: "a", amount: 1 }), amount: 1e308 }
 * Kernel.validate(GameEvent.make("e", [i]), Ledger.empty, view)?._tag // "InvalidEvent"
 * ```
 * @function
 * @since 0.1.0
 * @category validation
 */
export const validate: (
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView
) => Errors.InvalidEvent | Errors.InvalidEffect | Errors.UnknownId | undefined = internalValidate.validate

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
 * @function
 * @since 0.1.0
 * @category resolving
 */
export const start: (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  options?: Options
) => Step = internalLoop.start

/**
 * The decision a pending state waits on.
 *
 * @example
 * ```ts
 * import { Kernel } from "@bulwark/core"
 * const who = (s: Kernel.State) => Kernel.pendingRequest(s)?.chooser ?? "nobody"
 * ```
 * @function
 * @since 0.1.0
 * @category resolving
 */
export const pendingRequest: (state: State) => Decision.Request | undefined = internalInspect.pendingRequest

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
 * @function
 * @since 0.1.0
 * @category resolving
 */
export const resume: (state: State, answer: Decision.Answer) => Step = internalResume.resume

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
 * @function
 * @since 0.1.0
 * @category resolving
 */
export const unsafeResume: (state: State, answer: Decision.Answer) => Step = internalResume.unsafeResume

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
 * @function
 * @since 0.1.0
 * @category search
 */
export const singleOccurrenceChoice: (state: State) => SingleOccurrenceChoice | undefined =
  internalInspect.singleOccurrenceChoice

/**
 * Brings a resolution back to where it was from its inputs and the answers given so far: starts
 * it and resumes with each logged answer in turn, checking that each decision is asked of the same
 * player, of the same kind, as logged. The inputs and the log are plain data (JSON), so this is
 * how a pending resolution is stored — an online game keeps the event, ledger, view and answers,
 * and restores the pending step when the player answers. A decision that differs from the log is
 * an `InvariantBreach` naming it; when the log runs out the step is returned as it is (usually
 * `Pending` on the next decision).
 *
 * The log is outside data and is decoded first (`Decision.decodeLog`): a `Decision.Stored`
 * record (`{ format: 1, ruleset, rulesVersion, log }`, as `Decision.store` writes it) or a bare
 * array of entries. Malformed data is a `Failed` step with `InvalidInput` naming the path
 * (`log[0].request._tag`), never a thrown `TypeError`; a record of another ruleset, rules
 * version or format is `IncompatibleRecord`; nothing is replayed then.
 *
 * @example
 * ```ts
 * import { Kernel, type Decision, type GameEvent, type GameView, type Ledger, type Policy } from "@bulwark/core"
 * declare const rules: Policy.Rules, event: GameEvent.GameEvent, ledger: Ledger.Ledger, view: GameView.GameView
 * declare const saved: string // JSON.stringify(Decision.store(rules, step.state.log)), read back
 * const step = Kernel.restore(rules, event, ledger, view, JSON.parse(saved))
 * if (step._tag === "Pending") console.log(`waiting on ${step.request.chooser}`)
 * ```
 * @function
 * @since 0.1.0
 * @category resolving
 */
export const restore: (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  log: Decision.Stored | ReadonlyArray<Decision.LogEntry>,
  options?: Options
) => Step = internalResume.restore
