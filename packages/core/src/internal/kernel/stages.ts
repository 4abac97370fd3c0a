/**
 * The stages of one application (`start` → `cost` → `action` → `allocate`): asking whether to use
 * a "may" effect, resolving its cost as a sub-event first, asking how a limited prevention is
 * divided, then applying it.
 *
 * @internal
 */
import type * as Decision from "../../Decision.js"
import type * as Replacement from "../../Replacement.js"
import { divisionOf } from "./actions/prevent.js"
import { applyAction } from "./apply.js"
import { pushFrame } from "./frame.js"
import { targetsFor, whichOccurrence } from "./linked.js"
import type { Frame, PendingApply, State } from "./state.js"
import { costReadsOne, instantiate } from "./templates.js"

/** Continues the application in `frame.pendingApply`; returns a request if one is needed. */
export const continueApply = (s: State, frame: Frame): Decision.Request | undefined => {
  const pa = frame.pendingApply as PendingApply
  const e = s.index.byId.get(pa.effect) as Replacement.Replacement
  for (;;) {
    switch (pa.stage) {
      case "start":
        if (e.optional === true) {
          frame.awaiting = { _tag: "Optional" }
          return {
            _tag: "UseOptional",
            id: `d${s.log.length + 1}`,
            chooser: e.controller,
            effect: e.id,
            label: e.label,
            rule: e.rule ?? pa.rule
          }
        }
        pa.stage = "cost"
        break
      case "cost":
        if (e.cost !== undefined) {
          // a cost is paid once (FaB 1.14.4), made from every occurrence the effect applies to
          const over = targetsFor(s, frame, pa, e, false).map((t) => t.occ)
          costReadsOne(e, e.cost, over)
          const costOcc = instantiate(s, e.cost, e, over[0], 0, `${e.id}:cost`, false, frame, over)
          pa.stage = "afterCost"
          pushFrame(s, `${e.id}:cost`, "cost", [costOcc])
          return undefined
        }
        pa.stage = "action"
        break
      case "afterCost":
      case "action": {
        const afterCost = pa.stage === "afterCost"
        if (pa.linked !== undefined) {
          const which = whichOccurrence(s, frame, pa, e, afterCost || e.cost !== undefined)
          if (which !== undefined) return which
        }
        const targets = targetsFor(s, frame, pa, e, afterCost || e.cost !== undefined)
        const a = e.action
        if (a._tag === "Prevent" && targets.length > 1 && pa.allocation === undefined) {
          const plan = divisionOf(s, frame, e, a, targets)
          if (plan !== undefined && plan.points === 0) {
            // the decrease takes all of it: nothing to declare
            pa.cut = plan.cut
            pa.allocation = {}
          } else if (plan !== undefined) {
            const preventable = targets.filter((t) => t.occ.preventable)
            pa.cut = plan.cut
            frame.awaiting = { _tag: "Allocate" }
            pa.stage = "allocate"
            return {
              _tag: "Allocate",
              id: `d${s.log.length + 1}`,
              chooser: s.rules.assignment.allocator(
                e,
                preventable.map((t) => t.occ),
                s.view
              ),
              effect: e.id,
              label: e.label,
              points: plan.points,
              targets: preventable.map((t) => ({
                occurrence: t.occ.id,
                subject: t.occ.subject,
                source: t.occ.source,
                max: plan.max(t.occ)
              })),
              rule: s.rules.assignment.rule
            }
          }
        }
        applyAction(s, frame, pa, e, targets)
        frame.pendingApply = undefined
        return undefined
      }
      case "allocate":
        applyAction(s, frame, pa, e, targetsFor(s, frame, pa, e, true))
        frame.pendingApply = undefined
        return undefined
    }
  }
}
