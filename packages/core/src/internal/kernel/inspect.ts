/**
 * Reading a pending state without running it: the request it waits on, and what a search
 * strategy needs to solve a choice on one occurrence, whether the ledger holds a decrease, and the
 * search's memo key of a pending state (the chooser asks these, and reads no frame itself).
 *
 * @internal
 */

import type * as Decision from "../../Decision.js"
import * as GameEvent from "../../GameEvent.js"
import type * as GameView from "../../GameView.js"
import type * as Kernel from "../../Kernel.js"
import type { SingleOccurrenceChoice } from "../../Kernel.js"
import type * as Policy from "../../Policy.js"
import { blocker } from "./applicability.js"
import { relevantEffects } from "./candidates.js"
import { changedStates, effState } from "./effectState.js"
import { Failure } from "./failure.js"
import { type Frame, type Item, impl, membersOf } from "./state.js"

export const pendingRequest = (state: Kernel.State): Decision.Request | undefined => state.pending

export const singleOccurrenceChoice = (given: Kernel.State): SingleOccurrenceChoice | undefined => {
  const state = impl(given)
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

/** Whether the ledger holds a decrease of preventions (`ReducePrevention`). */
export const hasDecreases = (state: Kernel.State): boolean => impl(state).index.reducers.length > 0

/** The key a progress is known by (its tier and player: what the policy reads). */
export const progressKeyOf = (p: Policy.Progress): string => `${p.tier}.${p.player}`

/**
 * A memo key is written as one flat list of values, then as JSON (safe whatever the ids hold); a
 * list inside it is written as its length, then its elements, so two keys are equal only when
 * every part is.
 */
type Parts = Array<string | number | boolean | null>

const pushList = (out: Parts, xs: ReadonlyArray<string>): void => {
  out.push(xs.length)
  for (let i = 0; i < xs.length; i++) out.push(xs[i] as string)
}

/** A list as a set: sorted, unless it has at most one element. */
const pushSet = (out: Parts, xs: ReadonlyArray<string>): void =>
  pushList(out, xs.length < 2 ? xs : [...xs].sort())

/** A record as a set of entries: the order its keys were set in is not part of the state. */
const pushRecord = (out: Parts, r: Readonly<Record<string, GameView.Prop>>): void => {
  const keys = Object.keys(r)
  out.push(keys.length)
  if (keys.length > 1) keys.sort()
  for (const k of keys) {
    const v = r[k]
    out.push(k)
    // a value (tag 0) or a list of strings (tag 1)
    if (Array.isArray(v)) {
      out.push(1)
      pushList(out, v)
    } else out.push(0, (v as string | number | boolean | undefined) ?? null)
  }
}

/** An occurrence: every field an effect, the ruleset or the outcome can read. */
const pushOccurrence = (out: Parts, o: GameEvent.Occurrence): void => {
  out.push(o.id, o.family, o.subject, o.source ?? null, o.amount, o.preventable)
  pushList(out, o.kinds)
  pushRecord(out, o.params)
}

const pushFrameKey = (out: Parts, f: Frame): void => {
  out.push(f.event, f.cause, f.started, f.startingPlayer ?? null, f.cursor)
  // the groups in the order they are taken, each with its items in order (the first item names
  // the affected object; a division lists the targets in this order)
  out.push(f.groups.length)
  for (const g of f.groups) {
    const idx = membersOf(f, g)
    out.push(g, idx.length)
    for (const i of idx) out.push(i)
  }
  pushSet(
    out,
    [...f.progress].map(([k, v]) => `${k}:${progressKeyOf(v)}`)
  )
  // the application under way: which effect, where, at which stage, and what was already
  // decided for it (the division, a decrease determined before it); its tier, rule and
  // `chosenBy` are only said in the trace
  const pa = f.pendingApply
  if (pa === undefined) out.push(0)
  else {
    out.push(1, pa.effect, pa.group, pa.stage)
    if (pa.linked === undefined) out.push(null)
    else pushList(out, pa.linked)
    if (pa.allocation === undefined) out.push(null)
    else pushRecord(out, pa.allocation)
    if (pa.cut === undefined) out.push(null)
    else out.push(pa.cut.reducer, pa.cut.reduction, pa.cut.spend, pa.cut.by)
  }
  // what the pending answer resumes (a choice's tier and rule are only said in the trace)
  const aw = f.awaiting
  if (aw === undefined) out.push(0)
  else {
    out.push(aw._tag)
    if (aw._tag === "Choice") {
      out.push(aw.group, aw.progress.tier, aw.progress.player)
      if (aw.linked === undefined) out.push(null)
      else pushList(out, aw.linked)
    } else if (aw._tag === "Which") out.push(aw.stage)
  }
  out.push(f.items.length)
  for (const i of f.items) {
    pushOccurrence(out, i.occ)
    out.push(i.origin, i.status)
    // only a live occurrence can take an effect (the `applied` list of one that was replaced,
    // is at 0 or failed is only reported)
    if (i.status === "live") pushSet(out, i.applied)
  }
  out.push(f.followUps.length)
  for (const o of f.followUps) pushOccurrence(out, o)
  // one sequence per effect (`OrderingPolicy.sequences`): who may go on applying, who may not
  out.push(f.lastApplied ?? null)
  pushSet(out, f.sequenceOver ?? [])
}

/**
 * The memo key of a pending state within one board (see `memoFor` in `Chooser`): every part of the state that
 * can change what happens next or the damage the resolution ends with. Left out: what is only
 * reported (the trace, outcomes and their `proposed` / `modified` / `prevented` split,
 * notifications, the decision log, an occurrence's `replacedBy`); caches rebuilt from the rest
 * (`groupIndex`, `subjectItems`, `appliedSet`, `layout`); the counter that names occurrences made
 * later (`seq`: names only); the pending request itself, which the kernel computed from the state
 * it suspends in. Of what already happened only the damage by subject is kept: it enters the
 * outcome as that, and the view it changed (`Policy.Rules.commit`) scopes the memo.
 */
export const memoKey = (given: Kernel.State): string => {
  const state = impl(given)
  const out: Parts = [state.frames.length]
  for (const f of state.frames) pushFrameKey(out, f)
  pushSet(
    out,
    [...changedStates(state)].map(([k, v]) => `${k}:${v.remaining ?? ""}:${v.uses}:${v.spent ? 1 : 0}`)
  )
  out.push(state.pending?._tag ?? null)
  const dealt = new Map<string, number>()
  for (const o of state.happened)
    if (o.family === GameEvent.DAMAGE) dealt.set(o.subject, (dealt.get(o.subject) ?? 0) + o.amount)
  pushSet(
    out,
    [...dealt].map(([k, v]) => `${k}:${v}`)
  )
  // the step bound can end a resolution (InvariantBreach); whether every order is asked
  out.push(state.steps, state.maxSteps, state.askEveryOrder === true)
  return JSON.stringify(out)
}
