/**
 * One application of an effect (algorithm step 3): the action changes the occurrences, the ledger
 * is updated, and the effect is marked as applied to each occurrence it touched and every
 * occurrence that replaces them. Unpreventable damage makes preventions prevent 0, keep their
 * amounts and still do their additional effects; for every occurrence
 * `proposed + modified − prevented = amount`.
 *
 * @internal
 */
import * as Amount from "../../Amount.js"
import * as Errors from "../../Errors.js"
import * as GameEvent from "../../GameEvent.js"
import type { Notification } from "../../Kernel.js"
import type * as Replacement from "../../Replacement.js"
import type * as Trace from "../../Trace.js"
import {
  amountKept,
  EXPRESSIONS,
  modify,
  preventNow,
  redirectNow,
  reductionBy,
  staticCap,
  withAmount
} from "./amounts.js"
import { explainFor, valueFor, watches } from "./applicability.js"
import { effState, setState } from "./effectState.js"
import { fail } from "./failure.js"
import { addItemToGroup, failOf, regroup, traceFailed, ZERO_RULE } from "./frame.js"
import { noteSequence } from "./linked.js"
import type { Frame, Item, PendingApply, State } from "./state.js"
import { fresh } from "./state.js"
import { additionalParts, instantiate } from "./templates.js"

/** Which effects applied in each group: read only by the trace (`NotApplied` records). */
const noteApplied = (s: State, frame: Frame, group: string, effect: string): void => {
  if (s.trace === undefined) return
  if (frame.appliedIn === undefined) frame.appliedIn = new Map()
  const set = frame.appliedIn.get(group)
  if (set === undefined) frame.appliedIn.set(group, new Set([effect]))
  else set.add(effect)
}

export const markApplied = (s: State, frame: Frame, item: Item, e: Replacement.Replacement): void => {
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

export const applyAction = (
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
