/**
 * The working state of a resolution: the frame of each event being resolved (its items, groups
 * and cursor), what an application in progress and an awaited decision remember, the shared
 * empties that are never written, and the copies `resume` works on (a pending state is never
 * changed by resuming it).
 *
 * @internal
 */

import type * as Decision from "../../Decision.js"
import type * as GameEvent from "../../GameEvent.js"
import type * as GameView from "../../GameView.js"
import type * as Kernel from "../../Kernel.js"
import type { Notification, Outcome } from "../../Kernel.js"
import type * as Ledger from "../../Ledger.js"
import type * as Policy from "../../Policy.js"
import type * as Replacement from "../../Replacement.js"
import type * as Trace from "../../Trace.js"
import type { EffectIndex } from "./prepared.js"

/**
 * A pending state as the kernel sees it: the public {@link Kernel.State} (its brand aside) and
 * the working parts — the frames, the effect index, the changes and what is only reported so far.
 * `impl` and `opaque` convert between the two (the same object: a cast, nothing copied).
 */
export interface State {
  readonly rules: Policy.Rules
  readonly baseLedger: Ledger.Ledger
  /** @internal */
  readonly index: EffectIndex
  /** @internal The base ledger's effect states read so far (see `baseStateOf`). */
  base: Map<string, Ledger.EffectState> | undefined
  view: GameView.GameView
  /**
   * The view variable values (X) are read in while an effect whose cost was paid applies: the
   * view when it could apply, before the cost (FaB 6.4.2a, 8.3.15: "The value of X for Spellvoid
   * is determined each time the replacement effect of Spellvoid could be applied"); `undefined`
   * at other times (values are read in `view`).
   */
  valuesView?: GameView.GameView | undefined
  /**
   * The effect states this resolution changed, by effect id. While only one effect has changed
   * (a single shield, most resolutions) it is `change1Id` / `change1` and no map is made; from the
   * second effect on, every change is in `changes` (and `change1Id` is `undefined`). Read them
   * with `changedState` / `changedStates` (`effectState`).
   */
  changes: Map<string, Ledger.EffectState>
  change1Id: string | undefined
  change1: Ledger.EffectState | undefined
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
  /** The ordering policy answers `Done` when nothing can apply (`Policy.isDoneWhenEmpty`): not asked then. */
  readonly doneWhenEmpty: boolean
  /** The ordering policy keeps nothing of its context (`Policy.keepsNoContext`): handed one object, refilled. */
  readonly reuseContext: boolean
  /**
   * Pauses (`sliced.ts`): when the current slice ends, on `performance.now()`'s clock; `undefined`
   * when the driver did not ask for pauses (every public entry point), so nothing is timed.
   */
  sliceEnd?: number | undefined
  /** The steps counted toward the next look at the clock (only while `sliceEnd` is set). */
  tick?: number | undefined
  /**
   * The events `finishFrame` made next (the results of dealt damage, the additional parts, the
   * events contained in what happened), in the order they are pushed (the last is resolved
   * first): pushed by `run` at its next turn, after the look at the clock, so that finishing one
   * big event and starting the next are two stretches, not one.
   */
  next?: ReadonlyArray<NextFrame> | undefined
}

/** An event to push as a frame (see {@link State.next}). */
export interface NextFrame {
  readonly event: string
  readonly cause: Outcome["cause"]
  readonly occurrences: ReadonlyArray<GameEvent.Occurrence>
}

/** The kernel's view of a state handed back by a caller (see {@link State}). */
export const impl = (s: Kernel.State): State => s as unknown as State

/** A state as callers see it (see {@link State}). */
export const opaque = (s: State): Kernel.State => s as unknown as Kernel.State

export interface Item {
  index: number
  occ: GameEvent.Occurrence
  origin: string
  applied: ReadonlyArray<string>
  /**
   * The "may" effects its controller declined for it or for the occurrences it replaced: kept in
   * `applied` too (so they are not offered again for it), but left out of the outcome's
   * `applied` (Riftbound 371.2.b: a declined effect "has not been applied").
   */
  declined: ReadonlyArray<string>
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
  /**
   * The amount as signed arithmetic while the policy's `first` modifiers apply (`first.ts`): it
   * may go below 0 on the way; `occ.amount` is it held at 0. `undefined` at every other time.
   */
  signed?: number | undefined
}

type ApplyStage = "start" | "cost" | "afterCost" | "action" | "allocate"

export interface PendingApply {
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
   * The view when the effect could apply, kept when its cost is paid: its values (X) are read in
   * it, not in the view after the cost (FaB 6.4.2a, 8.3.15; MTG 615.5-style parts and Riftbound
   * costs alike).
   */
  valuesView?: GameView.GameView | undefined
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

export interface Frame {
  readonly event: string
  readonly cause: Outcome["cause"]
  items: Array<Item>
  groups: Array<string>
  /**
   * The items of each group, by group key (see {@link membersOf}). A frame of one group (most
   * events: one occurrence, or a whole batch grouped together) keeps its items in `sole` and
   * makes no map; the map is made when a second group appears, and `sole` is then unused.
   */
  groupItems: Map<string, Array<number>> | undefined
  /** The items of the frame's one group while it has one (`groupItems` undefined). */
  sole: Array<number>
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
  /** The additional effects' occurrences, in order (`NO_OCCURRENCES` until the first: see `addFollowUp`). */
  followUps: Array<GameEvent.Occurrence>
  /** The linked groups last noted in the trace (so a link is explained once, not every step). */
  linkedNoted?: string | undefined
  /** The effect applied last in this event (`OrderingPolicy.sequences`). */
  lastApplied?: string | undefined
  /** The effects whose one sequence in this event is over (`OrderingPolicy.sequences`). */
  sequenceOver?: ReadonlyArray<string> | undefined
}

/**
 * The changes of a resolution that changed nothing yet: shared and never written (the first
 * change replaces it with the resolution's own map), so a resolution that applies nothing
 * allocates no map for them.
 */
export const NO_CHANGES: Map<string, Ledger.EffectState> = new Map()

/** The progress of a frame no group has made yet: shared, never written (see {@link progressed}). */
export const NO_PROGRESS: Map<string, Policy.Progress> = new Map()

/** The frame's own progress map, made on its first write. */
export const progressed = (frame: Frame): Map<string, Policy.Progress> => {
  if (frame.progress === NO_PROGRESS) frame.progress = new Map()
  return frame.progress
}

/** The empty list items start with (lists are replaced, never changed in place). */
export const NONE: ReadonlyArray<string> = Object.freeze([])

/** The empty list a resolution's outcomes, happened, notifications and log start as (never written). */
export const NOTHING: ReadonlyArray<never> = Object.freeze([])

/** No item indices. */
export const NO_INDICES: ReadonlyArray<number> = Object.freeze([])

/** No effects. */
export const NO_EFFECTS: ReadonlyArray<Replacement.Replacement> = Object.freeze([])

/** No occurrences. */
export const NO_OCCURRENCES: ReadonlyArray<GameEvent.Occurrence> = Object.freeze([])

/** A group's ordering progress before its first step. */
export const FIRST: Policy.Progress = Object.freeze({ tier: 0, player: 0 })

/** Adds an additional effect's occurrence to the frame (its list made at the first). */
export const addFollowUp = (frame: Frame, o: GameEvent.Occurrence): void => {
  if (frame.followUps.length === 0) frame.followUps = [o]
  else frame.followUps.push(o)
}

/** The items of a group (empty for a key that is no group of the frame). */
export const membersOf = (frame: Frame, group: string): ReadonlyArray<number> => {
  const m = frame.groupItems
  if (m === undefined) return frame.groups[0] === group ? frame.sole : NO_INDICES
  return m.get(group) ?? NO_INDICES
}

export const fresh = (s: State, base: string): string => `${base}#${++s.seq}`

const cloneFrame = (f: Frame): Frame => {
  const items = f.items.map((i) => ({ ...i, appliedSet: undefined, dead: undefined, deadFor: undefined }))
  return {
    ...f,
    items,
    groups: [...f.groups],
    groupItems:
      f.groupItems === undefined
        ? undefined
        : new Map([...f.groupItems].map(([k, v]) => [k, [...v]] as const)),
    sole: [...f.sole],
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
    followUps: f.followUps.length === 0 ? f.followUps : [...f.followUps]
  }
}

export const cloneState = (s: State): State => ({
  ...s,
  changes: s.changes === NO_CHANGES ? NO_CHANGES : new Map(s.changes),
  frames: s.frames.map(cloneFrame),
  outcomes: [...s.outcomes],
  happened: [...s.happened],
  notifications: [...s.notifications],
  trace: s.trace === undefined ? undefined : [...s.trace],
  log: [...s.log]
})
