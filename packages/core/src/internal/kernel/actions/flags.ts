/**
 * The actions that change what an occurrence is, not its amount: `Unpreventable` (MTG 615.12) and
 * `SetParams`.
 *
 * @internal
 */
import type * as Replacement from "../../../Replacement.js"
import type * as Trace from "../../../Trace.js"
import { amountKept } from "../amounts.js"
import type { Item } from "../state.js"

/** Makes the targets unpreventable. */
export const applyUnpreventable = (targets: Array<Item>, changes: Array<Trace.Change> | undefined): void => {
  // "damage can't be prevented" (MTG 615.12): preventions still apply to it and prevent 0
  for (const t of targets) {
    t.occ = { ...t.occ, preventable: false }
    changes?.push(amountKept(t.occ))
  }
}

/** Sets parameters of the targets. */
export const applySetParams = (
  a: Extract<Replacement.Action, { _tag: "SetParams" }>,
  targets: Array<Item>,
  changes: Array<Trace.Change> | undefined
): void => {
  for (const t of targets) {
    t.occ = { ...t.occ, params: { ...t.occ.params, ...a.params } }
    changes?.push(amountKept(t.occ))
  }
}
