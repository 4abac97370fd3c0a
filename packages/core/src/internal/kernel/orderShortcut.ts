/**
 * Order prompts only when the order can matter: a choice whose every order ends in the same state
 * is not asked (`Options.askEveryOrder` asks it).
 *
 * @internal
 */

import type * as Replacement from "../../Replacement.js"
import { modify, preventNow } from "./amounts.js"
import { applyAction, markApplied } from "./apply.js"
import { candidatesOf, relevantEffects, targetsOf } from "./candidates.js"
import { changedStates, effState } from "./effectState.js"
import type { Frame, Item, PendingApply, State } from "./state.js"
import { cloneState } from "./state.js"

/**
 * The largest choice the shortcut below tries every order of: on copies of the state (4! = 24
 * runs), and by arithmetic alone in the common case of `quickOrderCheck` (6! = 720 runs of at most
 * six steps). A larger choice is asked. The largest event (occurrences) it copies.
 */
const SHORTCUT_OPTIONS = 4

const SHORTCUT_QUICK_OPTIONS = 6

const SHORTCUT_ITEMS = 256

const permutations = <A>(xs: ReadonlyArray<A>): Array<Array<A>> => {
  if (xs.length <= 1) return [[...xs]]
  const out: Array<Array<A>> = []
  xs.forEach((x, i) => {
    for (const rest of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) out.push([x, ...rest])
  })
  return out
}

/**
 * Whether a choice among `options` can be skipped because every order of them ends in the same
 * state — exactly, not just the same amounts: every occurrence (amount, subject, family, kinds,
 * params, status, and for one still live the effects applied to it, which decide what can apply
 * later) and every effect's ledger state (remainder, used up; the use count where the effect has
 * a use limit). Each order is run on a copy: an option no longer applicable is skipped (as the
 * kernel would), and the shortcut is refused — the player is asked — as soon as an order would
 * need a decision (a "may", a cost, a division), would make a new candidate appear, or uses an
 * action whose trace of ids depends on the order (redirect, replace, additional effects). How an
 * amount was reached (the `modified` / `prevented` split, prevention notices) is not compared.
 */
const orderDoesNotMatter = (
  s: State,
  frame: Frame,
  group: string,
  linked: ReadonlyArray<string> | undefined,
  options: ReadonlyArray<string>
): boolean => {
  if (options.length < 2 || options.length > SHORTCUT_QUICK_OPTIONS || linked !== undefined) return false
  if (frame.items.length > SHORTCUT_ITEMS || frame.followUps.length > 0) return false
  const effects: Array<Replacement.Replacement> = []
  let optional = false
  for (const id of options) {
    const e = s.index.byId.get(id)
    if (e === undefined || e.cost !== undefined || e.additional !== undefined) return false
    // a "may" effect takes part only as a prevention that may do nothing (checked as it applies)
    if (e.optional === true) {
      if (!mayDoNothing(e)) return false
      optional = true
    }
    const t = e.action._tag
    if (t !== "Prevent" && t !== "Modify" && t !== "SetParams" && t !== "Redirect") return false
    effects.push(e)
  }
  if (interchangeable(s, effects)) return true
  const quick = optional ? undefined : quickOrderCheck(s, frame, group, effects)
  if (quick !== undefined) return quick
  if (options.length > SHORTCUT_OPTIONS) return false
  let key: string | undefined
  // the effects a decrease could touch too (it is in the ledger changes of some orders only)
  const touchedIds = [...options, ...s.index.reducers.map((r) => r.id)]
  for (const order of permutations(effects)) {
    const c = cloneState(s)
    c.trace = undefined
    const f = c.frames[c.frames.length - 1] as Frame
    const left = new Set(options)
    for (const e of order) {
      const now = candidatesOf(c, f, group)
      for (const x of now) if (!left.has(x.id)) return false // something new could be chosen first
      left.delete(e.id)
      if (!now.some((x) => x.id === e.id)) continue // no longer applies: skipped, as the kernel does
      const targets = targetsOf(c, f, group, e, false)
      if (e.optional === true) {
        // a "may" prevention of 0 at that moment: used or declined, nothing changes but that it
        // has applied; of more, the question matters
        if (!zeroNow(c, f, e, targets)) return false
        for (const t of targets) markApplied(c, f, t, e)
        continue
      }
      if (e.action._tag === "Redirect" && e.action.amount !== undefined && targets.length > 1) return false // a division may be asked (stages.ts, redirectDivision)
      const a = e.action._tag === "Prevent" ? preventNow(c, f, e, e.action, targets) : e.action
      if (a._tag === "Prevent" && a.scope !== "static" && a.amount !== "all") {
        const st = effState(c, e)
        const available = a.scope === "shield" ? (st.remaining ?? a.amount) : a.amount
        const preventable = targets.filter((t) => t.occ.preventable)
        if (preventable.length > 1 && preventable.reduce((n, t) => n + t.occ.amount, 0) > available)
          return false // a division would be asked
      }
      const pa: PendingApply = { effect: e.id, group, tier: "", rule: "", chosenBy: "", stage: "action" }
      applyAction(c, f, pa, e, targets)
    }
    for (const x of candidatesOf(c, f, group)) if (!options.includes(x.id)) return false
    const k = stateKey(c, f, touchedIds)
    if (key === undefined) key = k
    else if (k !== key) return false
  }
  return true
}

/**
 * `orderDoesNotMatter`, asking when some order would fail (an amount that overflows, an invalid
 * effect): that order must stay reachable, so the player is asked and the chosen order reports
 * its own error.
 */
export const orderDoesNotMatterSafe = (
  s: State,
  frame: Frame,
  group: string,
  linked: ReadonlyArray<string> | undefined,
  options: ReadonlyArray<string>
): boolean => {
  try {
    return orderDoesNotMatter(s, frame, group, linked, options)
  } catch {
    return false
  }
}

/**
 * The same check without copying the state, for the common case: every option applies to the
 * one live occurrence of the group and is a plain modification, a static prevention or a
 * shield (no condition anywhere in the group, no limit, no decrease in the ledger), so each
 * order is arithmetic on the amount and the shields' remainders. `undefined`: not that case.
 */
const quickOrderCheck = (
  s: State,
  frame: Frame,
  group: string,
  effects: ReadonlyArray<Replacement.Replacement>
): boolean | undefined => {
  if (s.index.reducers.length > 0) return undefined
  for (const e of relevantEffects(s, frame, group)) if (e.condition !== undefined) return undefined
  let item: Item | undefined
  for (const e of effects) {
    if (e.limit !== undefined || e.requiresSourceIn !== undefined || e.requiresSourceInPlay === true)
      return undefined
    const a = e.action
    if (a._tag === "Modify" ? typeof a.value !== "number" : a._tag !== "Prevent") return undefined
    if (
      a._tag === "Prevent" &&
      ((a.scope !== "static" && !(a.scope === "shield" && typeof a.amount === "number")) ||
        typeof a.amount === "object")
    )
      return undefined
    const t = targetsOf(s, frame, group, e, false)
    if (t.length !== 1 || (item !== undefined && t[0] !== item)) return undefined
    item = t[0]
  }
  if (item === undefined) return undefined
  const it = item
  const keyOf = (order: ReadonlyArray<Replacement.Replacement>): string | undefined => {
    let amount = it.occ.amount
    const rest: Array<number | undefined> = []
    for (const e of effects) {
      const st = effState(s, e)
      rest.push(e.action._tag === "Prevent" && e.action.scope === "shield" ? (st.remaining ?? 0) : undefined)
    }
    for (const e of order) {
      if (amount <= 0) break // at 0 nothing applies any more
      const a = e.action
      if (a._tag === "Modify") {
        amount = Math.max(0, Math.floor(modify(a.op, amount, a.value as number)))
        // the kernel stops this order with an error: it stays reachable, so the player is asked
        if (!Number.isSafeInteger(amount)) return undefined
      } else if (a._tag === "Prevent") {
        const k = effects.indexOf(e)
        const cap = a.scope === "shield" ? (rest[k] as number) : a.amount === "all" ? amount : a.amount
        const p = it.occ.preventable ? Math.min(cap as number, amount) : 0
        amount -= p
        if (a.scope === "shield") rest[k] = (rest[k] as number) - p
      }
    }
    return JSON.stringify([amount, rest])
  }
  const first = keyOf(effects)
  if (first === undefined) return false
  for (const order of permutations(effects)) if (keyOf(order) !== first) return false
  return true
}

const stateKey = (s: State, frame: Frame, touched: ReadonlyArray<string>): string => {
  const items = frame.items.map((i) =>
    JSON.stringify([
      i.occ.id,
      i.occ.family,
      i.occ.subject,
      i.occ.amount,
      i.occ.kinds,
      i.occ.preventable,
      // params as a set of entries: the order they were set in is not part of the state
      Object.entries(i.occ.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      i.status,
      i.status === "live" ? [...i.applied].sort() : []
    ])
  )
  // every effect touched in any order (an effect not applied in this one keeps its state)
  const states = [...new Set([...changedStates(s).keys(), ...touched])].sort().map((id) => {
    const e = s.index.byId.get(id) as Replacement.Replacement
    const st = effState(s, e)
    return JSON.stringify([id, st.remaining, st.spent, e.limit === undefined ? 0 : st.uses])
  })
  return `${items.join("|")}#${states.join("|")}`
}

/**
 * A "may" effect that can do nothing whether it is used or declined: a static prevention (no
 * remainder, no use limit, nothing more), when its amount is 0 ({@link zeroNow}).
 */
const mayDoNothing = (e: Replacement.Replacement): boolean =>
  e.action._tag === "Prevent" &&
  e.action.scope === "static" &&
  e.limit === undefined &&
  e.cost === undefined &&
  e.additional === undefined

/**
 * Whether a "may" effect is a {@link mayDoNothing} prevention whose amount is 0 now, for these
 * targets (issue 29: such a "may" is not asked, nor the order it is in).
 */
export const zeroNow = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  targets: ReadonlyArray<Item>
): boolean => {
  if (!mayDoNothing(e) || e.action._tag !== "Prevent") return false
  const a = e.action
  if (typeof a.amount !== "object") return a.amount === 0
  for (const t of targets) if (preventNow(s, frame, e, a, [t]).amount !== 0) return false
  return true
}

/**
 * Effects that are the same but for their ids (two copies of one redirect, "the damage is dealt
 * to B instead"), with nothing in the ledger that tells them apart and nothing an outcome could
 * show of which was used (no amount, no remainder, no use limit, no decrease that names one):
 * whichever applies first, the other is the same effect after it, so the order can't matter.
 */
const interchangeable = (s: State, effects: ReadonlyArray<Replacement.Replacement>): boolean => {
  const [first, ...rest] = effects
  if (first === undefined || rest.length === 0 || s.index.reducers.length > 0) return false
  const a = first.action
  if (a._tag === "Redirect" ? a.amount !== undefined : a._tag !== "Modify" && a._tag !== "SetParams")
    return false
  if (first.limit !== undefined || first.optional === true) return false
  const { id: _i, ...shape } = first
  const key = JSON.stringify(shape)
  const st = effState(s, first)
  for (const e of rest) {
    const { id: _j, ...other } = e
    if (JSON.stringify(other) !== key) return false
    const se = effState(s, e)
    if (se.remaining !== st.remaining || se.spent !== st.spent) return false
  }
  return true
}
