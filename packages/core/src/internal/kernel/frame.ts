/**
 * An event's frame, its groups and items (algorithm step 1): the batch is partitioned into groups
 * by the ordering policy (per affected object, or the whole event), taken in APNAP order. An
 * occurrence the ruleset's `fails` rejects (its recipient left play), or one of a `dealtInPlay`
 * family to what the ruleset's zones say is not in play (`Zones.notInPlay`), never starts: it is
 * `failed`, and the trace says why.
 *
 * @internal
 */
import type * as GameEvent from "../../GameEvent.js"
import * as GameView from "../../GameView.js"
import type { Outcome } from "../../Kernel.js"
import type * as Policy from "../../Policy.js"
import * as Zones from "../../Zones.js"
import type { Frame, Item, State } from "./state.js"
import { membersOf, NO_OCCURRENCES, NO_PROGRESS, NONE } from "./state.js"

/** The `sole` list of a frame with no group yet (replaced, never written). */
const NO_SOLE: Array<number> = []

const groupRank = (s: State, frame: Frame, group: string, order: ReadonlyArray<string>): number => {
  const first = membersOf(frame, group)[0]
  const subject = first === undefined ? undefined : (frame.items[first] as Item).occ.subject
  const ctrl =
    subject === undefined ? undefined : (GameView.controllerOf(s.view, subject) ?? s.view.activePlayer)
  const r = ctrl === undefined ? order.length : order.indexOf(ctrl)
  return r < 0 ? order.length : r
}

export const addItemToGroup = (s: State, frame: Frame, index: number): void => {
  const it = frame.items[index] as Item
  const key = s.rules.order.groupKey(it.occ, s.view)
  it.group = key
  if (frame.subjectItems !== undefined) {
    const bySubject = frame.subjectItems.get(it.occ.subject)
    if (bySubject === undefined) frame.subjectItems.set(it.occ.subject, [index])
    else bySubject.push(index)
  }
  if (frame.groupItems === undefined) {
    // one group so far (or none): its items are `sole`, no map
    if (frame.groups.length === 0) {
      frame.groups = [key]
      frame.sole = [index]
      return
    }
    if (frame.groups[0] === key) {
      frame.sole.push(index)
      return
    }
    frame.groupItems = new Map([[frame.groups[0] as string, frame.sole]])
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

export const regroup = (s: State, frame: Frame, item: Item): void => {
  const index = item.index
  const old =
    frame.groupItems === undefined
      ? frame.groups[0] === item.group
        ? frame.sole
        : undefined
      : frame.groupItems.get(item.group)
  if (old !== undefined) {
    const k = old.indexOf(index)
    if (k >= 0) old.splice(k, 1)
  }
  addItemToGroup(s, frame, index)
}

export const pushFrame = (
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
  // read into a local: the items' closure below reading the imported binding itself kept V8
  // from removing the closure's allocations (an imported or exported binding lives in a cell;
  // single-shield paid about 110 bytes more per resolution when the kernel was split up)
  const none = NONE
  const frame: Frame = {
    event,
    cause,
    // built at their size (an empty list's first push reserves 17 slots)
    items: occs.map((occ, index) => ({
      index,
      occ,
      origin: occ.id,
      applied: inherited ?? none,
      declined: none,
      proposed: occ.amount,
      modified: 0,
      prevented: 0,
      status: occ.amount > 0 ? "live" : "zero",
      replacedBy: none,
      group: "",
      appliedSet: undefined,
      dead: undefined,
      deadFor: undefined,
      layout: 0
    })),
    groups: [],
    groupItems: undefined,
    sole: NO_SOLE,
    groupIndex: undefined,
    subjectItems: undefined,
    cursor: 0,
    progress: NO_PROGRESS,
    appliedIn: undefined,
    started: false,
    startingPlayer: undefined,
    pendingApply: undefined,
    awaiting: undefined,
    followUps: NO_OCCURRENCES as Array<GameEvent.Occurrence>
  }
  for (let i = 0; i < frame.items.length; i++) addItemToGroup(s, frame, i)
  // each item checked in order; the list made at the first failure
  let failures: Array<Policy.Failure | undefined> | undefined
  if (s.rules.fails !== undefined || s.rules.zones?.dealtInPlay !== undefined)
    for (let i = 0; i < frame.items.length; i++) {
      const why = failOf(s, frame.items[i] as Item)
      if (why === undefined) continue
      if (failures === undefined) failures = new Array<Policy.Failure | undefined>(frame.items.length)
      failures[i] = why
    }
  if (s.rules.order.groupOrder === "apnap" && frame.groups.length > 1) {
    const order = GameView.turnOrderFrom(s.view, s.view.activePlayer)
    // by rank, then as given: positions sorted, no pair or map per group
    const given = frame.groups
    const n = given.length
    const ranks = new Array<number>(n)
    const at = new Array<number>(n)
    for (let i = 0; i < n; i++) {
      ranks[i] = groupRank(s, frame, given[i] as string, order)
      at[i] = i
    }
    at.sort((a, b) => (ranks[a] as number) - (ranks[b] as number) || a - b)
    const sorted = new Array<string>(n)
    for (let i = 0; i < n; i++) sorted[i] = given[at[i] as number] as string
    frame.groups = sorted
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
    // (with the policy's `first` modifiers, an occurrence at 0 may not stay there: `first.ts` says it)
    else if (it.status === "zero" && (s.rules.order.first === undefined || cause === "cost"))
      s.trace?.push({ _tag: "ReachedZero", occurrence: it.occ.id, subject: it.occ.subject, rule: ZERO_RULE })
  }
}

/**
 * Whether the ruleset says the item's occurrence can't happen at all (its subject has left play,
 * can't be dealt damage, …): if so the item is `failed`, and nothing applies to it.
 */
export const failOf = (s: State, it: Item): Policy.Failure | undefined => {
  const f = s.rules.fails
  if (it.status === "replaced" || it.status === "failed") return undefined
  // the ruleset's own reasons first, then: what is not in play is dealt nothing (its zones)
  const why = f?.(it.occ, s.view) ?? Zones.notInPlay(s.rules.zones, it.occ, s.view)
  if (why !== undefined) it.status = "failed"
  return why
}

export const traceFailed = (s: State, it: Item, why: Policy.Failure): void => {
  s.trace?.push({
    _tag: "Note",
    text: `${it.occ.id} (${it.occ.family} to ${it.occ.subject}) does not happen: ${why.reason}`,
    rule: why.rule,
    phrase: {
      key: "doesNotHappen",
      args: {
        occurrence: it.occ.id,
        family: it.occ.family,
        subject: it.occ.subject,
        reason: why.phrase === undefined ? why.reason : { ...why.phrase, text: why.reason }
      }
    }
  })
}

export const ZERO_RULE = "what is reduced to 0 does not happen"

/**
 * A working item made during an application (a redirected part, a replacing event's occurrence):
 * added to the frame and its group, and failed at once when the ruleset says it can't happen.
 */
export const addMadeItem = (s: State, frame: Frame, item: Item): void => {
  frame.items.push(item)
  addItemToGroup(s, frame, frame.items.length - 1)
  const failed = failOf(s, item)
  if (failed !== undefined) traceFailed(s, item, failed)
}
