/**
 * The decision-free run: a resolution without a trace whose every event is one occurrence and
 * whose relevant effects are plain (a prevention or a modifier by a number, watching a family
 * and named subjects) runs here, with the item's amounts in locals, no frame, no pending
 * application and no resumable state — when it asks no decision. It is the step machine of
 * `loop` / `stages` / `apply` / `finish` on that subset, step for step: the same candidates in
 * the same order, the same ordering policy asked with the same context, the same arithmetic,
 * the same outcome, ledger and notifications, the same step count.
 *
 * It is speculative: anything outside the subset — a decision (the policy says `Choose`, or a
 * starting player is to be selected among two players' effects), an event of several
 * occurrences, an effect with a condition, cost, "may", additional part or a computed amount, a
 * decrease, sequences, an occurrence that fails, a commit done short, the step limit, a throw —
 * makes it give up (`undefined`), and the general path runs the resolution from its start. Everything it
 * reads is an immutable input and the policies it calls are pure, so giving up leaves nothing
 * behind. Invariant: when it answers, its resolution is exactly the general path's
 * (`test/fast-path.test.ts` runs both on generated inputs and compares them).
 *
 * @internal
 */
import type * as GameEvent from "../../GameEvent.js"
import type * as GameView from "../../GameView.js"
import type { Notification, Outcome, Step } from "../../Kernel.js"
import * as Ledger from "../../Ledger.js"
import * as Policy from "../../Policy.js"
import type * as Replacement from "../../Replacement.js"
import * as Zones from "../../Zones.js"
import { layoutOf, modify, occWithAmount } from "./amounts.js"
import { watchesEvent } from "./applicability.js"
import { relevantToOne } from "./candidates.js"
import * as Commit from "./commit.js"
import { setState } from "./effectState.js"
import { damageOf, NO_TRACE, outcomeOf, resolutionOf } from "./finish.js"
import type { EffectIndex, Prepared } from "./prepared.js"
import { FIRST, NO_CHANGES, NO_EFFECTS, NONE, NOTHING } from "./state.js"

/** Set while {@link general} runs: every resolution takes the general path. */
let off = false

/** Runs `f` with the decision-free run turned off (the reference it is tested against). */
export const general = <A>(f: () => A): A => {
  const before = off
  off = true
  try {
    return f()
  } finally {
    off = before
  }
}

/** How many resolutions the decision-free run answered (read by its test, to see it is taken). */
export let answered = 0

/** The most effects relevant to one occurrence the run takes on (more: decisions, most likely). */
const MOST = 8

/** What the run works on: the inputs, and what the resolution has made so far. */
interface Run {
  readonly rules: Policy.Rules
  readonly index: EffectIndex
  readonly base: Ledger.Ledger
  view: GameView.GameView
  steps: number
  readonly maxSteps: number
  change1Id: string | undefined
  change1: Ledger.EffectState | undefined
  changes: Map<string, Ledger.EffectState>
  outcomes: Array<Outcome>
  happened: Array<GameEvent.Occurrence>
  notifications: Array<Notification>
}

/**
 * The resolution of an event checked valid (`validateWith`), when it needs no decision and its
 * every part is in the subset (see the module comment); `undefined` when the general path must
 * run it.
 */
export const fastResolve = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  p: Prepared
): Step | undefined => {
  if (off || event.occurrences.length !== 1) return undefined
  const order = rules.order
  if (order.sequences !== undefined || p.index.reducers.length > 0) return undefined
  const r: Run = {
    rules,
    index: p.index,
    base: ledger,
    view,
    steps: 0,
    maxSteps: rules.maxSteps ?? 64 * (ledger.effects.length + 1) * (event.occurrences.length + 1),
    change1Id: undefined,
    change1: undefined,
    changes: NO_CHANGES,
    outcomes: NOTHING as Array<never>,
    happened: NOTHING as Array<never>,
    notifications: NOTHING as Array<never>
  }
  try {
    let id: string = event.id
    let cause: Outcome["cause"] = "event"
    let occs: ReadonlyArray<GameEvent.Occurrence> = event.occurrences
    // each event in turn: the results of dealt damage are the next one (`finishFrame`)
    for (;;) {
      const next = runEvent(r, id, cause, occs)
      if (next === GIVE_UP) return undefined
      if (next === undefined) break
      id = `${id}:results`
      cause = "results"
      occs = next
    }
  } catch {
    // the general path meets the same throw and reports it as it does
    return undefined
  }
  answered++
  return {
    _tag: "Done",
    resolution: resolutionOf(
      r.outcomes,
      r.happened,
      r.notifications,
      r.change1Id === undefined
        ? Ledger.withOwnedStates(r.base, r.changes)
        : Ledger.withState(r.base, r.change1Id, r.change1 as Ledger.EffectState),
      r.view,
      NO_TRACE,
      NOTHING
    )
  }
}

/** `runEvent`'s answer when the general path must run the resolution. */
const GIVE_UP: ReadonlyArray<GameEvent.Occurrence> = Object.freeze([])

/** Whether the run takes `e` on: what `blockerNotApplied` and `applyAction` need of it is plain. */
const plain = (e: Replacement.Replacement): boolean => {
  if (
    e.optional === true ||
    e.cost !== undefined ||
    e.additional !== undefined ||
    e.condition !== undefined ||
    e.costPayable !== undefined ||
    e.sameObjects !== undefined ||
    e.requiresSourceIn !== undefined ||
    e.requiresSourceInPlay === true ||
    e.watch.source !== undefined ||
    (e.watch.subject !== undefined && e.watch.subject._tag !== "Id")
  )
    return false
  const a = e.action
  if (a._tag === "Prevent") return typeof a.amount !== "object"
  return a._tag === "Modify" && typeof a.value === "number"
}

/** An effect's state now: the run's change, else the base ledger's (`effState`). */
const stateOf = (r: Run, e: Replacement.Replacement): Ledger.EffectState =>
  (r.change1Id === e.id ? r.change1 : r.changes.size === 0 ? undefined : r.changes.get(e.id)) ??
  Ledger.stateOf(r.base, e.id) ??
  Ledger.initialState(e)

/** Whether `e` watches `occ` (`watches`, for a plain effect: no filter needs a context). */
const watchesOcc = (e: Replacement.Replacement, occ: GameEvent.Occurrence): boolean =>
  watchesEvent(e.watch, occ) &&
  (e.watch.subject === undefined ||
    (e.watch.subject._tag === "Id" && e.watch.subject.ids.includes(occ.subject)))

/** Whether a plain, unapplied `e` can apply to a live occurrence now (`blockerNotApplied`). */
const canApply = (r: Run, e: Replacement.Replacement, occ: GameEvent.Occurrence): boolean => {
  if (!watchesOcc(e, occ)) return false
  const st = stateOf(r, e)
  if (st.spent) return false
  return e.limit === undefined || st.uses < e.limit.times
}

/** `layout` after the occurrence's first change: its next change reads the given one's layout. */
const LAID = -1

/**
 * The occurrence with another amount (`withAmount`): the given occurrence spread with the new
 * amount at its first change (a spread of an object built as a literal is one fast copy, and
 * reading its layout first cost a tenth of a single-shield resolution); a later change, of an
 * object that a spread made, by its layout (`occWithAmount`: the same keys in the same order).
 */
const withNewAmount = (occ: GameEvent.Occurrence, layout: number, amount: number): GameEvent.Occurrence =>
  layout === 0 ? { ...occ, amount } : occWithAmount(occ, layout, amount)

/** One reused context for an ordering policy that keeps none (as `askOrder`'s). */
interface Context {
  view: GameView.GameView | undefined
  group: string
  affected: string
  candidates: ReadonlyArray<Replacement.Replacement>
  progress: Policy.Progress
  startingPlayer: string | undefined
}

const contextOf = (): Context => ({
  view: undefined,
  group: "",
  affected: "",
  candidates: NO_EFFECTS,
  progress: FIRST,
  startingPlayer: undefined
})

/** The context handed to a policy that keeps none (taken while it answers, as `loop`'s). */
let spare: Context | undefined = contextOf()

/** What the ordering policy says (`askOrder`: one refilled context if it keeps none, else a new one). */
const askOrder = (
  order: Policy.OrderingPolicy,
  reuse: boolean,
  view: GameView.GameView,
  group: string,
  affected: string,
  candidates: ReadonlyArray<Replacement.Replacement>,
  progress: Policy.Progress,
  startingPlayer: string | undefined
): Policy.Step => {
  if (!reuse) return order.next({ view, group, affected, candidates, progress, startingPlayer })
  const ctx = spare ?? contextOf()
  spare = undefined
  ctx.view = view
  ctx.group = group
  ctx.affected = affected
  ctx.candidates = candidates
  ctx.progress = progress
  ctx.startingPlayer = startingPlayer
  const step = order.next(ctx as Policy.OrderContext)
  ctx.view = undefined
  ctx.candidates = NO_EFFECTS
  spare = ctx
  return step
}

/**
 * One event of one occurrence: `pushFrame`, `run`'s steps and `finishFrame`. Returns the next
 * event's occurrences (its results), `undefined` when there is none, or {@link GIVE_UP}.
 */
const runEvent = (
  r: Run,
  event: string,
  cause: Outcome["cause"],
  given: ReadonlyArray<GameEvent.Occurrence>
): ReadonlyArray<GameEvent.Occurrence> | undefined => {
  const rules = r.rules
  // the ruleset's change to the event before any effect sees it (MTG 120.4a)
  const changed = rules.prepareEvent?.apply(given, r.view)
  const occs = changed === undefined ? given : changed.occurrences
  if (occs.length !== 1) return GIVE_UP
  const occ0 = occs[0] as GameEvent.Occurrence
  if (!(occ0.amount > 0)) return GIVE_UP
  const group = rules.order.groupKey(occ0, r.view)
  if (rules.fails !== undefined || rules.zones?.dealtInPlay !== undefined) {
    if ((rules.fails?.(occ0, r.view) ?? Zones.notInPlay(rules.zones, occ0, r.view)) !== undefined)
      return GIVE_UP
  }
  const effects = relevantToOne(r.index, occ0)
  if (effects.length > MOST) return GIVE_UP
  for (let j = 0; j < effects.length; j++) if (!plain(effects[j] as Replacement.Replacement)) return GIVE_UP
  // the policy's `first` modifiers are applied before the steps (`first.ts`)
  const first = rules.order.first
  if (first !== undefined)
    for (let j = 0; j < effects.length; j++)
      if (first.categories.includes((effects[j] as Replacement.Replacement).category)) return GIVE_UP
  let occ = occ0
  let layout = 0
  let applied: ReadonlyArray<string> = NONE
  let modified = 0
  let prevented = 0
  let live = true
  let progress = FIRST
  // a starting player is selected when effects of two or more players could apply (`startFrame`)
  let startingPlayer: string | undefined
  if (rules.order.startingPlayer !== undefined) {
    let controller: string | undefined
    for (let j = 0; j < effects.length; j++) {
      const e = effects[j] as Replacement.Replacement
      if (!canApply(r, e, occ0)) continue
      if (controller === undefined) controller = e.controller
      else if (controller !== e.controller) return GIVE_UP
    }
    startingPlayer = r.view.activePlayer
  }
  const reuse = Policy.keepsNoContext(rules.order)
  const done = Policy.isDoneWhenEmpty(rules.order)
  for (;;) {
    if (++r.steps > r.maxSteps) return GIVE_UP
    // the candidates, in ledger order (`candidatesOf`)
    let candidates: Array<Replacement.Replacement> | undefined
    if (live)
      for (let j = 0; j < effects.length; j++) {
        const e = effects[j] as Replacement.Replacement
        if (applied.includes(e.id) || !canApply(r, e, occ)) continue
        if (candidates === undefined) candidates = [e]
        else candidates.push(e)
      }
    // nothing can apply: the policy would say `Done` (`isDoneWhenEmpty`), else it is asked
    if (candidates === undefined && done) break
    const step = askOrder(
      rules.order,
      reuse,
      r.view,
      group,
      occ.subject,
      candidates ?? NO_EFFECTS,
      progress,
      startingPlayer
    )
    if (step._tag === "Done") break
    if (candidates === undefined) return GIVE_UP
    if (step._tag !== "Apply") return GIVE_UP
    progress = step.progress
    const e = r.index.byId.get(step.effect)
    if (e === undefined || !candidates.includes(e)) return GIVE_UP
    if (++r.steps > r.maxSteps) return GIVE_UP
    // the application (`applyAction`, one target)
    const st0 = stateOf(r, e)
    const uses = st0.uses + 1
    let rest = st0.remaining
    let spent = st0.spent
    let share = 0
    const a = e.action
    if (a._tag === "Prevent") {
      if (occ.preventable) {
        if (a.amount === "all") share = occ.amount
        else if (a.scope === "static") share = Math.min(a.amount as number, occ.amount)
        else {
          const available =
            a.scope === "shield" ? (st0.remaining ?? (a.amount as number)) : (a.amount as number)
          share = Math.min(occ.amount, available)
        }
      }
      if (share > 0) {
        if (layout === LAID) layout = layoutOf(occ0)
        occ = withNewAmount(occ, layout, occ.amount - share)
        if (layout === 0) layout = LAID
        prevented += share
      }
      if (a.scope === "shield" && typeof a.amount === "number") {
        const after = (st0.remaining ?? a.amount) - share
        rest = after
        spent = after <= 0
      } else if (a.scope === "once" && share > 0) spent = true
    } else if (a._tag === "Modify") {
      const before = occ.amount
      const after = Math.max(0, Math.floor(modify(a.op, before, a.value as number)))
      if (!Number.isSafeInteger(after)) return GIVE_UP
      if (layout === LAID) layout = layoutOf(occ0)
      occ = withNewAmount(occ, layout, after)
      if (layout === 0) layout = LAID
      modified += after - before
    } else return GIVE_UP
    applied = applied.length === 0 ? [e.id] : [...applied, e.id]
    setState(r, e.id, rest === undefined ? { uses, spent } : { remaining: rest, uses, spent })
    if (share > 0) {
      const note: Notification = { _tag: "Prevented", effect: e.id, amount: share, occurrences: [occ.id] }
      if (r.notifications.length === 0) r.notifications = [note]
      else r.notifications.push(note)
    }
    if (occ.amount <= 0) live = false
  }
  return finishEvent(r, event, cause, occ0, occ, live, modified, prevented, applied)
}

/** `finishFrame` for the one occurrence: its outcome, the commit, and the results it makes. */
const finishEvent = (
  r: Run,
  event: string,
  cause: Outcome["cause"],
  occ0: GameEvent.Occurrence,
  occ: GameEvent.Occurrence,
  live: boolean,
  modified: number,
  prevented: number,
  applied: ReadonlyArray<string>
): ReadonlyArray<GameEvent.Occurrence> | undefined => {
  const rules = r.rules
  let status: Outcome["status"] = live ? "happened" : "zero"
  // checked again at the end (`finishFrame`: where a redirected occurrence now goes)
  if (live && (rules.fails?.(occ, r.view) ?? Zones.notInPlay(rules.zones, occ, r.view)) !== undefined)
    status = "failed"
  const outcome = outcomeOf(
    occ,
    occ0.id,
    event,
    cause,
    occ0.amount,
    modified,
    prevented,
    status,
    NONE,
    applied
  )
  if (r.outcomes.length === 0) r.outcomes = [outcome]
  else r.outcomes.push(outcome)
  if (status !== "happened") return undefined
  const happened = [occ]
  if (rules.commit !== undefined) {
    const c = Commit.commitBatch(r.view, rules.commit, happened)
    // what a commit did less of than asked, or events contained in it: the general path
    if (c.short !== undefined || c.contained !== undefined) return GIVE_UP
    r.view = c.view
  }
  if (r.happened.length === 0) r.happened = happened
  else r.happened.push(occ)
  const results = rules.results
  if (results === undefined || cause === "cost") return undefined
  const dealt = damageOf(happened)
  if (dealt.length === 0) return undefined
  const made = results.results(dealt, r.view)
  return made.length === 0 ? undefined : made
}
