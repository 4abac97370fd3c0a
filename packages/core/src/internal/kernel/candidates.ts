/**
 * Which effects a group offers (algorithm step 2): the applicable effects are computed against the
 * *current* occurrences and view (filters, condition, source zone, limit, cost, not yet applied
 * to this occurrence or one it replaced); the ordering policy says which applies next or who
 * chooses. Candidates are recomputed after every application: effects can become applicable or
 * stop applying.
 *
 * @internal
 */

import type * as Replacement from "../../Replacement.js"
import type * as Trace from "../../Trace.js"
import { blocker, blockerNotApplied, hasApplied, watches } from "./applicability.js"
import { MEMO_FROM } from "./effectState.js"
import type { EffectIndex } from "./prepared.js"
import { bypass, mergedLists } from "./prepared.js"
import type { Frame, Item, State } from "./state.js"
import { NO_EFFECTS, NO_INDICES } from "./state.js"

export const relevantEffects = (
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
  // an item has one subject, so it is listed under one id: only an id named twice could repeat
  // it (not `out.includes` per item, quadratic on a 100 000-occurrence event)
  for (const id of subj.ids.length > 1 ? new Set(subj.ids) : subj.ids) {
    for (const i of bySubject.get(id) ?? []) {
      const it = frame.items[i] as Item
      if (it.group === group && it.occ.subject === id) out.push(i)
    }
  }
  return out.length > 1 ? out.sort((a, b) => a - b) : out
}

export const candidatesOf = (s: State, frame: Frame, group: string): Array<Replacement.Replacement> => {
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
export const targetsOf = (
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

export const traceNotApplied = (s: State, frame: Frame, group: string): void => {
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
