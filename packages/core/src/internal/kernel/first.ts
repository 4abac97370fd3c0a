/**
 * The policy's `first` modifiers (`Policy.OrderingPolicy.first`), applied when an event starts,
 * before any group is ordered: for each occurrence that has not failed, each effect of those
 * categories that applies to it, in ledger order, no one choosing — even to an occurrence
 * proposed at 0 — with the amount signed on the way (`Item.signed`: 3, −5, +3 gives 1). Once
 * they are all applied the amount is held at 0, and an occurrence at 0 stops there as any other
 * (`ReachedZero`). What they give is what the occurrence proposes (its outcome's `proposed`;
 * `modified` is what the later effects change): they make the amount the event is about, as an
 * attack's modifiers make its strength. Берсерк 533.2: «Предотвращение используется всегда после наложения всех
 * модификаторов атаки».
 *
 * Invariants: it asks no decision (an effect of a `first` category with a "may" or a cost, or
 * one that does not change the amount, is an `Errors.InvalidEffect`), so the frame it leaves is
 * the one every later step, suspension and replay starts from; each effect applies at most once
 * to an occurrence, and is then in its `applied`; an effect of a `first` category is never a
 * candidate of the ordinary steps (`candidates.ts` skips it), so one that can't apply when the
 * event starts is not applied later in it.
 *
 * @internal
 */
import * as Errors from "../../Errors.js"
import type * as Replacement from "../../Replacement.js"
import { blockerNotApplied, hasApplied } from "./applicability.js"
import { applyAction } from "./apply.js"
import { relevantToOne } from "./candidates.js"
import { fail } from "./failure.js"
import { ZERO_RULE } from "./frame.js"
import type { Frame, PendingApply, State } from "./state.js"

/** Who the trace says chose a `first` modifier: no one, the ledger's order did. */
const IN_LEDGER_ORDER = "applied first, in ledger order"

const refuse = (e: Replacement.Replacement, path: string, reason: string): never =>
  fail(new Errors.InvalidEffect({ effect: e.id, path, reason }))

/** Applies the policy's `first` modifiers to the frame's items (see the module documentation). */
export const applyFirst = (s: State, frame: Frame): void => {
  const first = s.rules.order.first
  if (first === undefined) return
  for (const item of frame.items) {
    if (item.status !== "live" && item.status !== "zero") continue
    const atZero = item.status === "zero"
    const modified = item.modified
    let any = false
    for (const e of relevantToOne(s.index, item.occ)) {
      if (!first.categories.includes(e.category) || hasApplied(item, e.id)) continue
      // an occurrence at 0 is live while they apply (it may not stay at 0)
      item.status = "live"
      if (blockerNotApplied(s, e, item, frame) !== undefined) continue
      if (e.action._tag !== "Modify")
        refuse(e, "action", `an effect of category "${e.category}" (${first.name}) must change the amount`)
      if (e.optional === true)
        refuse(e, "optional", `an effect of category "${e.category}" (${first.name}) can't be a "may"`)
      if (e.cost !== undefined)
        refuse(e, "cost", `an effect of category "${e.category}" (${first.name}) can't have a cost`)
      if (item.signed === undefined) item.signed = item.occ.amount
      any = true
      const pa: PendingApply = {
        effect: e.id,
        group: item.group,
        tier: first.name,
        rule: first.rule,
        chosenBy: IN_LEDGER_ORDER,
        stage: "action"
      }
      applyAction(s, frame, pa, e, [item])
    }
    item.signed = undefined
    // what they give is what the event proposes (the attack's strength): not a modification
    if (any) {
      item.proposed = item.occ.amount
      item.modified = modified
    }
    if (item.occ.amount > 0) item.status = "live"
    else {
      item.status = "zero"
      if (any || atZero)
        s.trace?.push({
          _tag: "ReachedZero",
          occurrence: item.occ.id,
          subject: item.occ.subject,
          rule: ZERO_RULE
        })
    }
  }
}
