/**
 * The `Modify` action: each target's amount changed by the operation, at least 0 and a safe integer;
 * a computed value below 0 counts as 0. While the policy's `first` modifiers apply (`first.ts`)
 * the amount is signed on the way (`Item.signed`).
 *
 * @internal
 */
import * as Amount from "../../../Amount.js"
import * as Errors from "../../../Errors.js"
import type * as Replacement from "../../../Replacement.js"
import type * as Trace from "../../../Trace.js"
import { EXPRESSIONS, modify, withAmount } from "../amounts.js"
import { explainFor, valueFor } from "../applicability.js"
import { fail } from "../failure.js"
import type { Frame, Item, State } from "../state.js"

/** Changes each target's amount (the trace explains an amount expression: `X = …`). */
export const applyModify = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  a: Extract<Replacement.Action, { _tag: "Modify" }>,
  targets: Array<Item>,
  changes: Array<Trace.Change> | undefined,
  notes: Array<string> | undefined
): void => {
  for (const t of targets) {
    // while the policy's `first` modifiers apply, the amount is signed (`Item.signed`)
    const signed = t.signed
    const before = signed ?? t.occ.amount
    let v: number
    // a literal value is as written (core's own `add -1`); a computed one below 0 counts as 0,
    // so it never turns "X more" into "less" (Riftbound 714.2, FaB 2.0.3c, MTG 107.1b)
    if (typeof a.value === "number") v = a.value
    else if (notes === undefined || !EXPRESSIONS.has(a.value._tag))
      v = Math.max(0, valueFor(s, e, a.value, t.occ, frame))
    else {
      // the trace says what an amount expression was when the effect applied, and how
      const x = explainFor(s, e, a.value, t.occ, frame)
      v = Math.max(0, x.value)
      notes.push(x.value < 0 ? `X = ${x.how}, below 0: counts as 0` : `X = ${x.how}`)
    }
    const raw = Math.floor(modify(a.op, before, v))
    const after = signed === undefined ? Math.max(0, raw) : raw
    if (!Number.isSafeInteger(after))
      fail(
        new Errors.InvalidEffect({
          effect: e.id,
          path: "action.value",
          reason: `${a.op} ${Amount.show(v)} on ${before} gives ${Amount.show(after)}, not a safe integer`
        })
      )
    // signed: the trace's change shows it below 0 (3 → −2), the occurrence holds 0
    if (signed !== undefined) t.signed = after
    t.occ = withAmount(t, Math.max(0, after))
    t.modified += Math.max(0, after) - Math.max(0, before)
    changes?.push({ occurrence: t.occ.id, subject: t.occ.subject, before, after, prevented: 0 })
  }
}
