/**
 * Amount arithmetic and occurrence copies: modifiers, a prevention's or redirection's amount
 * computed now (MTG 615.1), a decrease's N, and an occurrence with another amount.
 *
 * @internal
 */
import * as Amount from "../../Amount.js"
import * as Errors from "../../Errors.js"
import * as Filter from "../../Filter.js"
import type * as GameEvent from "../../GameEvent.js"
import type * as Replacement from "../../Replacement.js"
import type * as Trace from "../../Trace.js"
import { guard, valuesCtxFor } from "./applicability.js"
import { effState } from "./effectState.js"
import { fail } from "./failure.js"
import type { Frame, Item, State } from "./state.js"

export const modify = (
  op: Extract<Replacement.Action, { _tag: "Modify" }>["op"],
  amount: number,
  v: number
): number => {
  switch (op) {
    case "add":
      return amount + v
    case "sub":
      return amount - v
    case "mul":
      return amount * v
    case "set":
      return v
    case "atMost":
      return Math.min(amount, v)
    case "atLeast":
      return Math.max(amount, v)
  }
}

/** The amount expressions whose value the trace explains when a modifier applies (`X = …`). */
export const EXPRESSIONS: ReadonlySet<string> = new Set(["Count", "AllBut", "Half", "Arith", "InEvent"])

/** A prevention whose amount is a number or `all` now (see {@link preventNow}). */
export interface PreventNow {
  readonly _tag: "Prevent"
  readonly scope: Replacement.PreventScope
  readonly amount: number | "all"
  /** A `static` prevention's computed amount, evaluated per occurrence (`amount` is then 0). */
  readonly computed?: Filter.Value
}

/**
 * A computed prevention amount, evaluated in the view now (MTG 615.1: "aren't locked in ahead of
 * time"; FaB 6.4.2a; Берсерк 534.2): at least 0, a safe integer, and said in the trace.
 */
const computedAmount = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  v: Filter.Value,
  occ: GameEvent.Occurrence | undefined,
  notes: Array<string> | undefined
): number => {
  const ctx = valuesCtxFor(s, e, occ, frame)
  const r = guard(e, () =>
    notes === undefined ? { value: Filter.value(v, ctx), how: "" } : Filter.explain(v, ctx)
  )
  const n = Math.max(0, Math.floor(r.value))
  if (!Number.isSafeInteger(n))
    fail(
      new Errors.InvalidEffect({
        effect: e.id,
        path: "action.amount",
        reason: `the amount is ${Amount.show(r.value)}, not a safe integer`
      })
    )
  notes?.push(`X = ${r.how}`)
  return n
}

/**
 * The prevention with its amount for these targets: a number or `all` as written; a computed
 * amount of a `once` or `perEvent` prevention evaluated now, with the event's amount the total
 * of the damage it applies to; a shield's the first time it applies (then its remainder in the
 * ledger). A `static` one's computed amount is evaluated per occurrence ({@link staticCap}).
 */
export const preventNow = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  a: Extract<Replacement.Action, { _tag: "Prevent" }>,
  targets: ReadonlyArray<Item>,
  notes?: Array<string>
): PreventNow => {
  const v = a.amount
  if (typeof v !== "object") return a as PreventNow
  if (a.scope === "static") return { _tag: "Prevent", scope: a.scope, amount: 0, computed: v }
  if (a.scope === "shield") {
    const rest = effState(s, e).remaining
    if (rest !== undefined) return { ...a, amount: rest }
  }
  let first: GameEvent.Occurrence | undefined
  let total = 0
  for (const t of targets)
    if (t.occ.preventable) {
      first ??= t.occ
      total += t.occ.amount
    }
  const occ = first === undefined ? targets[0]?.occ : { ...first, amount: total }
  return { _tag: "Prevent", scope: a.scope, amount: computedAmount(s, frame, e, v, occ, notes) }
}

/**
 * A partial redirection's N the first time it applies: a number as written; an expression
 * computed now (as a shield's, {@link preventNow}), with the event's amount the total of the
 * damage it applies to.
 */
export const redirectNow = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  v: number | Filter.Value,
  targets: ReadonlyArray<Item>,
  notes: Array<string> | undefined
): number => {
  if (typeof v !== "object") return v
  let total = 0
  for (const t of targets) total += t.occ.amount
  const first = targets[0]?.occ
  return computedAmount(s, frame, e, v, first === undefined ? undefined : { ...first, amount: total }, notes)
}

/**
 * A decrease's N (`ReducePrevention.by`) when it applies to a prevention: a number as written; an
 * expression computed now (FaB 6.4.2a: "any variable values are determined each time a
 * replacement effect could be applied"), against the first occurrence it reduces.
 */
export const reductionBy = (
  s: State,
  frame: Frame,
  r: Replacement.Replacement,
  occ: GameEvent.Occurrence | undefined,
  notes: Array<string> | undefined
): number => {
  const a = r.action as Extract<Replacement.Action, { _tag: "ReducePrevention" }>
  return typeof a.by === "object" ? computedAmount(s, frame, r, a.by, occ, notes) : a.by
}

/** What a `static` prevention prevents of one occurrence at most (its amount, computed for it). */
export const staticCap = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  a: PreventNow,
  occ: GameEvent.Occurrence,
  notes?: Array<string>
): number =>
  a.computed === undefined ? (a.amount as number) : computedAmount(s, frame, e, a.computed, occ, notes)

/** A trace change for an action that leaves the occurrence's amount as it is. */
/** `GameEvent.damage`'s keys, in its order. */
const DAMAGE_KEYS = ["id", "family", "subject", "source", "amount", "kinds", "preventable", "params"]

/** `GameEvent.occurrence`'s keys without a source, in its order. */
const SOURCELESS_KEYS = ["id", "family", "subject", "amount", "kinds", "preventable", "params"]

/** `GameEvent.occurrence`'s keys with a source, in its order. */
const SOURCED_KEYS = ["id", "family", "subject", "amount", "kinds", "preventable", "params", "source"]

export const layoutOf = (o: GameEvent.Occurrence): number => {
  // the keys compared in one pass, without the array `Object.keys` would make (an inherited
  // enumerable key, never in an occurrence `GameEvent` makes, gives the spread: layout 4)
  let n = 0
  let damage = true
  let sourceless = true
  let sourced = true
  for (const k in o) {
    if (k !== DAMAGE_KEYS[n]) damage = false
    if (k !== SOURCELESS_KEYS[n]) sourceless = false
    if (k !== SOURCED_KEYS[n]) sourced = false
    n++
  }
  return damage && n === DAMAGE_KEYS.length
    ? 1
    : sourceless && n === SOURCELESS_KEYS.length
      ? 2
      : sourced && n === SOURCED_KEYS.length
        ? 3
        : 4
}

/**
 * The item's occurrence with another amount: what `{ ...occ, amount }` gives (the same keys in
 * the same order, the same values), built as a literal when its keys are one of the layouts
 * `GameEvent` makes. In V8 a spread of an object that was itself made by a spread takes the slow
 * path (about 0.5 µs against 0.04 µs): an occurrence changed by sixteen effects in a row paid it
 * fifteen times.
 */
export const withAmount = (it: Item, amount: number): GameEvent.Occurrence => {
  if (it.layout === 0) it.layout = layoutOf(it.occ)
  return occWithAmount(it.occ, it.layout, amount)
}

/** {@link withAmount} of an occurrence whose layout (`layoutOf`, never 0) is known. */
export const occWithAmount = (
  o: GameEvent.Occurrence,
  layout: number,
  amount: number
): GameEvent.Occurrence => {
  switch (layout) {
    case 1:
      return {
        id: o.id,
        family: o.family,
        subject: o.subject,
        source: o.source,
        amount,
        kinds: o.kinds,
        preventable: o.preventable,
        params: o.params
      } as GameEvent.Occurrence
    case 2:
      return {
        id: o.id,
        family: o.family,
        subject: o.subject,
        amount,
        kinds: o.kinds,
        preventable: o.preventable,
        params: o.params
      }
    case 3:
      return {
        id: o.id,
        family: o.family,
        subject: o.subject,
        amount,
        kinds: o.kinds,
        preventable: o.preventable,
        params: o.params,
        source: o.source
      } as GameEvent.Occurrence
    default:
      return { ...o, amount }
  }
}

export const amountKept = (o: GameEvent.Occurrence): Trace.Change => ({
  occurrence: o.id,
  subject: o.subject,
  before: o.amount,
  after: o.amount,
  prevented: 0
})
