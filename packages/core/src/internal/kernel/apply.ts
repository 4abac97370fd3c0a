/**
 * One application of an effect (algorithm step 3): the action (one function per kind, in
 * `actions/`) changes the occurrences, the ledger is updated, and the effect is marked as applied
 * to each occurrence it touched and every occurrence that replaces them. Unpreventable damage makes preventions prevent 0, keep their
 * amounts and still do their additional effects; for every occurrence
 * `proposed + modified − prevented = amount`.
 *
 * @internal
 */
import type { Notification } from "../../Kernel.js"
import type * as Replacement from "../../Replacement.js"
import type * as Trace from "../../Trace.js"
import { applySetParams, applyUnpreventable } from "./actions/flags.js"
import { applyModify } from "./actions/modify.js"
import { applyPrevent } from "./actions/prevent.js"
import { redirectAll, redirectPart } from "./actions/redirect.js"
import { applyReplace } from "./actions/replace.js"
import { preventNow, redirectNow } from "./amounts.js"
import { effState, setState } from "./effectState.js"
import { regroup, ZERO_RULE } from "./frame.js"
import { noteSequence } from "./linked.js"
import type { Frame, Item, PendingApply, State } from "./state.js"
import { additionalParts } from "./templates.js"

/** Which effects applied in each group: read only by the trace (`NotApplied` records). */
const noteApplied = (s: State, frame: Frame, group: string, effect: string): void => {
  if (s.trace === undefined) return
  if (frame.appliedIn === undefined) frame.appliedIn = new Map()
  const set = frame.appliedIn.get(group)
  if (set === undefined) frame.appliedIn.set(group, new Set([effect]))
  else set.add(effect)
}

export const markApplied = (s: State, frame: Frame, item: Item, e: Replacement.Replacement): void => {
  // a first one as a one-element list; then a spread (`concat` is a slower builtin here)
  item.applied = item.applied.length === 0 ? [e.id] : [...item.applied, e.id]
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
  // the policy's `first` modifiers settle once they are all applied (`first.ts`)
  if (item.status === "live" && item.occ.amount <= 0 && item.signed === undefined) {
    item.status = "zero"
    s.trace?.push({
      _tag: "ReachedZero",
      occurrence: item.occ.id,
      subject: item.occ.subject,
      rule: ZERO_RULE
    })
  }
}

/**
 * Applies `e` to `targets`: the action (a named function per kind, in `actions/`), then what
 * every application does — marked as applied, the sequence noted, the effect's new state, the
 * trace, the prevention notice, the additional parts, and the occurrences at 0 settled.
 */
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
  const st0 = effState(s, e)
  // the effect's new state: one more use, then what the action changes (built once, at the end)
  const uses = st0.uses + 1
  let remaining: { before: number; after: number } | undefined
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
      const spend = applyPrevent(s, frame, pa, e, a, targets, st0, changes, notes, share)
      for (let i = 0; i < n; i++) if ((share[i] as number) > 0) preventedTotal += share[i] as number
      if (n > 0) shares = share
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
      applyModify(s, frame, e, a, targets, changes, notes)
      break
    case "Redirect":
      if (a.amount !== undefined) {
        // "the next N damage that would be dealt to A is dealt to B instead" (MTG 614.9): N is
        // used up like a shield; only that much moves to B, the rest stays with A
        // a computed N is fixed the first time the effect applies, like a shield's (its
        // remainder then lives in the ledger), with the event's amount the total it applies to
        const before = st0.remaining ?? redirectNow(s, frame, e, a.amount, targets, notes)
        const left = redirectPart(s, frame, e, a, targets, before, pa.allocation, changes)
        rest = left
        spent = left <= 0
        if (s.trace !== undefined) remaining = { before, after: left }
      } else redirectAll(a, targets, changes)
      break
    case "Unpreventable":
      applyUnpreventable(targets, changes)
      break
    case "SetParams":
      applySetParams(a, targets, changes)
      break
    case "Replace":
      applyReplace(s, frame, e, a, targets, changes)
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
