/**
 * One limited effect over several groups of one chooser (MTG CR 615.7, 616.1; Riftbound 373), and
 * one sequence per effect (`OrderingPolicy.sequences`).
 *
 * When the policy says who chooses for an affected object (`chooserOf`), the open groups of one
 * chooser that a limited effect could apply to are linked and ordered together (a shield's points
 * are divided over all their occurrences; a use-limited effect's occurrence is chosen: MTG 615.7,
 * 616.1, Riftbound 373).
 *
 * @internal
 */
import type * as Decision from "../../Decision.js"
import type * as GameView from "../../GameView.js"
import type * as Replacement from "../../Replacement.js"
import { candidatesOf, targetsOf } from "./candidates.js"
import { effState } from "./effectState.js"
import { choosersFor } from "./prepared.js"
import type { Frame, Item, PendingApply, State } from "./state.js"
import { membersOf, NONE } from "./state.js"

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
  // "the next N damage … is dealt to [another] instead" (MTG 614.9) is used up like a shield
  if (a._tag === "Redirect" && a.amount !== undefined) return { kind: "amount" }
  if (a._tag === "Prevent" && a.scope === "once") return { kind: "uses", left: 1 }
  if (e.limit !== undefined) return { kind: "uses", left: Math.max(0, e.limit.times - effState(s, e).uses) }
  return undefined
}

const affectedOf = (frame: Frame, group: string): string => {
  const first = membersOf(frame, group)[0]
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
 * The groups linked with `group`: the open groups of the same chooser that a limited candidate
 * of one of them could also apply to (closed under that relation), when the effect can't serve
 * them all independently — a shield over two or more of them, or fewer uses left than groups.
 * Only for ordering policies that say who chooses for an affected object (`chooserOf`).
 */
export const linkedGroups = (
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
export const inSequence = (s: State, frame: Frame, group: string): boolean => {
  const seq = s.rules.order.sequences
  if (seq === undefined) return false
  const first = membersOf(frame, group)[0]
  return first !== undefined && seq.families.includes((frame.items[first] as Item).occ.family)
}

/**
 * Notes an application for `OrderingPolicy.sequences`: the effect applied before it, if another,
 * has had its one sequence in this event.
 */
export const noteSequence = (
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
export const linkedCandidates = (
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
export const targetsFor = (
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
export const whichOccurrence = (
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
