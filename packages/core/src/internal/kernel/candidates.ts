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
import { membersOf, NO_EFFECTS } from "./state.js"

export const relevantEffects = (
  s: State,
  frame: Frame,
  group: string,
  idx: ReadonlyArray<number> = membersOf(frame, group)
): ReadonlyArray<Replacement.Replacement> => {
  if (idx.length === 1) return relevantToOne(s.index, (frame.items[idx[0] as number] as Item).occ)
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

/**
 * The effects relevant to one occurrence: its family's generic effects and those naming its
 * subject, in ledger order (the merged list remembered per effects list and subject).
 */
export const relevantToOne = (
  index: EffectIndex,
  occ: Item["occ"]
): ReadonlyArray<Replacement.Replacement> => {
  const f = index.byFamily.get(occ.family)
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
    merged = inLedgerOrder(index, [...f.generic, ...named])
    bySubject.set(occ.subject, merged)
  }
  return merged
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
  all: ReadonlyArray<number> = membersOf(frame, group)
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

/**
 * Where the scans collect: a fixed list written by position and copied out at its size. A list
 * grown by `push` reserves 17 slots at its first and second element, and V8 drops a list's slots
 * when its length is set to 0, so a board wipe's three candidates per step paid that on every
 * step. Taken while a scan uses it, so a scan inside a scan (a ruleset's predicate that resolves
 * something) gets its own; one lost to a throw is made again.
 */
interface Scratch<A> {
  readonly list: Array<A | undefined>
  n: number
}

const scratchOf = <A>(): Scratch<A> => ({ list: [], n: 0 })

let effectScratch: Scratch<Replacement.Replacement> | undefined = scratchOf()

/** The scratch's contents at their size (`none` when empty), and the scratch emptied. */
const copied = <A>(buf: Scratch<A>, none: ReadonlyArray<A>): Array<A> => {
  const n = buf.n
  if (n === 0) return none as Array<A>
  const list = buf.list
  const out = n === 1 ? [list[0] as A] : (list.slice(0, n) as Array<A>)
  // nothing of this state kept alive by the scratch
  for (let i = 0; i < n; i++) list[i] = undefined
  buf.n = 0
  return out
}

/**
 * The effects that can apply in a group now, in ledger order. The list is the caller's to read
 * (the shared empty list when there are none): it is never written.
 */
export const candidatesOf = (s: State, frame: Frame, group: string): Array<Replacement.Replacement> => {
  const buf = effectScratch ?? scratchOf()
  effectScratch = undefined
  buf.n = 0
  scan(s, frame, group, buf)
  effectScratch = buf
  return copied(buf, NO_EFFECTS)
}

const scan = (s: State, frame: Frame, group: string, out: Scratch<Replacement.Replacement>): void => {
  // the group's items are looked up once per search, not once per effect
  const all = membersOf(frame, group)
  const effects = relevantEffects(s, frame, group, all)
  // the policy's `first` modifiers apply when the event starts (`first.ts`), never later
  const first = s.rules.order.first?.categories
  if (all.length === 1 && effects.length > MEMO_FROM) {
    // one item (the usual group) and many effects: the effects already applied to it are
    // skipped, not asked again at every step (with many effects on one occurrence that was
    // most of the scan)
    const it = frame.items[all[0] as number] as Item
    if (it.status !== "live") return
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
      if (first?.includes(e.category)) continue
      if (blockerNotApplied(s, e, it, frame) === undefined) out.list[out.n++] = e
    }
    return
  }
  for (let j = 0; j < effects.length; j++) {
    const e = effects[j] as Replacement.Replacement
    if (first?.includes(e.category)) continue
    const idx = all.length <= 8 ? all : itemsFor(frame, group, e, all)
    for (let k = 0; k < idx.length; k++) {
      const it = frame.items[idx[k] as number] as Item
      if (it.status === "live" && blocker(s, e, it, frame) === undefined) {
        out.list[out.n++] = e
        break
      }
    }
  }
  return
}

/** Live items of the group that `e` applies to now (cost paid: zone and condition not re-checked). */
export const targetsOf = (
  s: State,
  frame: Frame,
  group: string,
  e: Replacement.Replacement,
  afterCost: boolean
): Array<Item> => {
  // collected in the scratch list (see `scratch`), copied out at its size
  const out = itemScratch ?? scratchOf()
  itemScratch = undefined
  out.n = 0
  for (const i of itemsFor(frame, group, e)) {
    const it = frame.items[i] as Item
    if (it.status !== "live" || hasApplied(it, e.id)) continue
    if (afterCost ? watches(s, e, it.occ, frame) : blockerNotApplied(s, e, it, frame) === undefined)
      out.list[out.n++] = it
  }
  itemScratch = out
  return copied(out, NO_ITEMS)
}

/** The scratch list of {@link targetsOf} (see `scratch`). */
let itemScratch: Scratch<Item> | undefined = scratchOf()

/** No items (shared, never written). */
const NO_ITEMS: ReadonlyArray<Item> = Object.freeze([])

export const traceNotApplied = (s: State, frame: Frame, group: string): void => {
  if (s.trace === undefined) return
  const applied = frame.appliedIn?.get(group)
  const idx = membersOf(frame, group)
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
