/**
 * The `Prevent` action's division: whether a prevention applying to several occurrences at once
 * must have its points declared, after a decrease (FaB 6.4.10f, 6.4.10g; MTG 615.7).
 *
 * @internal
 */
import type * as GameEvent from "../../../GameEvent.js"
import type * as Ledger from "../../../Ledger.js"
import type * as Replacement from "../../../Replacement.js"
import type * as Trace from "../../../Trace.js"
import { type PreventNow, preventNow, reductionBy, staticCap, withAmount } from "../amounts.js"
import { watches } from "../applicability.js"
import { effState, setState } from "../effectState.js"
import type { Frame, Item, PendingApply, State } from "../state.js"

/**
 * Whether a prevention applying to several occurrences at once must have its points declared
 * (FaB 6.4.10f: "the controller of the prevention effect declares each point of damage the
 * effect will prevent"; MTG 615.7), and how many. A decrease is determined first (FaB 6.4.10g:
 * "the total prevention is determined, the prevention effect's prevention amount is reduced,
 * and then the prevention effect is applied to the event with the decrease"), so which damage
 * the decrease leaves is declared too, never taken from the occurrence listed last. `undefined`
 * when everything it can prevent is prevented.
 */
export const divisionOf = (
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

/**
 * The prevention: what it prevents of each target, written into `share` by position (a static
 * one its cap per occurrence, `all` everything, a shield what is left, divided as declared when
 * that is less than the targets), less a decrease (FaB 6.4.10g: from the last targets first), and
 * taken off the targets. Returns what the prevention spends (before the decrease).
 */
export const applyPrevent = (
  s: State,
  frame: Frame,
  pa: PendingApply,
  e: Replacement.Replacement,
  a: PreventNow,
  targets: Array<Item>,
  st0: Ledger.EffectState,
  changes: Array<Trace.Change> | undefined,
  notes: Array<string> | undefined,
  share: Array<number>
): number => {
  const n = targets.length
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
          a.amount === "all" ? t.occ.amount : Math.min(staticCap(s, frame, e, a, t.occ, notes), t.occ.amount)
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
    }
    changes?.push({
      occurrence: t.occ.id,
      subject: t.occ.subject,
      before,
      after: t.occ.amount,
      prevented: p
    })
  }
  return spend
}
