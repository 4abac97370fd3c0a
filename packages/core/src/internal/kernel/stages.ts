/**
 * The stages of one application (`start` → `cost` → `action` → `allocate`): asking whether to use
 * a "may" effect, resolving its cost as a sub-event first, asking how a limited prevention is
 * divided, then applying it.
 *
 * @internal
 */
import type * as Decision from "../../Decision.js"
import type * as Filter from "../../Filter.js"
import type * as Replacement from "../../Replacement.js"
import { divisionOf } from "./actions/prevent.js"
import { redirectNow } from "./amounts.js"
import { applyAction, markApplied } from "./apply.js"
import { effState } from "./effectState.js"
import { pushFrame } from "./frame.js"
import { targetsFor, whichOccurrence } from "./linked.js"
import { zeroNow } from "./orderShortcut.js"
import type { Frame, Item, PendingApply, State } from "./state.js"
import { costReadsOne, instantiate } from "./templates.js"

/**
 * "The next N damage that would be dealt to [them] is dealt to [another] instead" over damage to
 * two or more of its recipients at once, more than N in all (MTG 614.9 with 616.1, as 615.7 for a
 * shield): the affected player (the assignment policy's allocator) chooses which of that damage
 * the effect takes — an `Allocate` request of N points, at most each occurrence's amount. Nothing
 * to ask when N covers it all, or when only one occurrence has damage to take.
 */
const redirectDivision = (
  s: State,
  frame: Frame,
  pa: PendingApply,
  e: Replacement.Replacement,
  amount: number | Filter.Value,
  targets: ReadonlyArray<Item>
): Decision.Request | undefined => {
  const live = targets.filter((t) => t.occ.amount > 0)
  if (live.length < 2) return undefined
  let total = 0
  for (const t of live) total += t.occ.amount
  const points = Math.min(
    effState(s, e).remaining ?? redirectNow(s, frame, e, amount, live, undefined),
    total
  )
  if (points <= 0 || points >= total) return undefined
  return askAllocation(s, frame, pa, e, live, points, (o) => o.amount, e.rule ?? s.rules.assignment.rule)
}

/**
 * Suspends the application at its `allocate` stage and asks the assignment policy's allocator to
 * divide `points` among `targets` (at most `max` of each): a prevention's division (MTG 615.7,
 * FaB 6.4.10f) or a redirect's (MTG 614.9 with 616.1).
 */
const askAllocation = (
  s: State,
  frame: Frame,
  pa: PendingApply,
  e: Replacement.Replacement,
  targets: ReadonlyArray<Item>,
  points: number,
  max: (o: Item["occ"]) => number,
  rule: string
): Decision.Request => {
  frame.awaiting = { _tag: "Allocate" }
  pa.stage = "allocate"
  return {
    _tag: "Allocate",
    id: `d${s.log.length + 1}`,
    chooser: s.rules.assignment.allocator(
      e,
      targets.map((t) => t.occ),
      s.view
    ),
    effect: e.id,
    label: e.label,
    points,
    targets: targets.map((t) => ({
      occurrence: t.occ.id,
      subject: t.occ.subject,
      source: t.occ.source,
      max: max(t.occ)
    })),
    rule
  }
}

/** Continues the application in `frame.pendingApply`; returns a request if one is needed. */
export const continueApply = (s: State, frame: Frame): Decision.Request | undefined => {
  const pa = frame.pendingApply as PendingApply
  const e = s.index.byId.get(pa.effect) as Replacement.Replacement
  for (;;) {
    switch (pa.stage) {
      case "start":
        if (
          e.optional === true &&
          s.askEveryOrder !== true &&
          zeroNow(s, frame, e, targetsFor(s, frame, pa, e, false))
        ) {
          // "you may prevent X" with X 0 now: used or declined, it does nothing — nobody is asked
          for (const t of targetsFor(s, frame, pa, e, false)) markApplied(s, frame, t, e)
          s.trace?.push({
            _tag: "Note",
            text: `${e.id} would prevent 0 now: using it or not changes nothing, so ${e.controller} is not asked`,
            rule: e.rule ?? pa.rule,
            phrase: { key: "preventsZero", args: { effect: e.id, controller: e.controller } }
          })
          frame.pendingApply = undefined
          return undefined
        }
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
          // X is determined when the effect could apply, before its cost is paid (FaB 6.4.2a,
          // 8.3.15): the view now is the one the action's values are read in
          pa.valuesView = s.view
          pa.stage = "afterCost"
          pushFrame(s, `${e.id}:cost`, "cost", [costOcc])
          return undefined
        }
        pa.stage = "action"
        break
      case "afterCost":
      case "action":
      case "allocate":
        // values are read in the view from before the cost, when one was paid (FaB 6.4.2a); no
        // closure on the way (the application is the kernel's inner loop)
        if (pa.valuesView === undefined) return act(s, frame, pa, e)
        s.valuesView = pa.valuesView
        try {
          return act(s, frame, pa, e)
        } finally {
          s.valuesView = undefined
        }
    }
  }
}

/**
 * The action stage: which occurrence, how a limited prevention is divided, then applying it (or,
 * after a division was asked, applying it as divided).
 */
const act = (
  s: State,
  frame: Frame,
  pa: PendingApply,
  e: Replacement.Replacement
): Decision.Request | undefined => {
  if (pa.stage === "allocate") {
    applyAction(s, frame, pa, e, targetsFor(s, frame, pa, e, true))
    frame.pendingApply = undefined
    return undefined
  }
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
      return askAllocation(s, frame, pa, e, preventable, plan.points, plan.max, s.rules.assignment.rule)
    }
  }
  if (a._tag === "Redirect" && a.amount !== undefined && targets.length > 1 && pa.allocation === undefined) {
    const ask = redirectDivision(s, frame, pa, e, a.amount, targets)
    if (ask !== undefined) return ask
  }
  applyAction(s, frame, pa, e, targets)
  frame.pendingApply = undefined
  return undefined
}
