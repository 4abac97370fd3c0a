/**
 * The `Prevent` action's division: whether a prevention applying to several occurrences at once
 * must have its points declared, after a decrease (FaB 6.4.10f, 6.4.10g; MTG 615.7).
 *
 * @internal
 */
import type * as GameEvent from "../../../GameEvent.js"
import type * as Replacement from "../../../Replacement.js"
import { preventNow, reductionBy, staticCap } from "../amounts.js"
import { watches } from "../applicability.js"
import { effState } from "../effectState.js"
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
