/**
 * The `Replace` action: each target is replaced by the occurrences its templates make, which join
 * the frame as new items (each with the effects applied to the one it replaces).
 *
 * @internal
 */
import type * as GameEvent from "../../../GameEvent.js"
import type * as Replacement from "../../../Replacement.js"
import type * as Trace from "../../../Trace.js"
import { addMadeItem } from "../frame.js"
import type { Frame, Item, State } from "../state.js"
import { instantiate } from "../templates.js"

/** Replaces each target by what `a.with` makes from it. */
export const applyReplace = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  a: Extract<Replacement.Action, { _tag: "Replace" }>,
  targets: Array<Item>,
  changes: Array<Trace.Change> | undefined
): void => {
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
      addMadeItem(s, frame, {
        index: frame.items.length,
        occ: m,
        origin: t.origin,
        applied: [...t.applied, e.id],
        declined: t.declined,
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
    }
  }
}
