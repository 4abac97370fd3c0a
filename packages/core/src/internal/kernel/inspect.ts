/**
 * Reading a pending state without running it: the request it waits on, and what a search
 * strategy needs to solve a choice on one occurrence.
 *
 * @internal
 */
import type * as Decision from "../../Decision.js"
import type { SingleOccurrenceChoice, State } from "../../Kernel.js"
import { blocker } from "./applicability.js"
import { relevantEffects } from "./candidates.js"
import { effState } from "./effectState.js"
import { Failure } from "./failure.js"
import type { Item } from "./state.js"

export const pendingRequest = (state: State): Decision.Request | undefined => state.pending

export const singleOccurrenceChoice = (state: State): SingleOccurrenceChoice | undefined => {
  const frame = state.frames[0]
  if (state.frames.length !== 1 || frame === undefined || frame.items.length !== 1) return undefined
  const item = frame.items[0] as Item
  const awaiting = frame.awaiting
  if (item.status !== "live" || awaiting?._tag !== "Choice" || frame.pendingApply !== undefined)
    return undefined
  if (frame.followUps.length > 0) return undefined
  try {
    return {
      occurrence: item.occ,
      group: awaiting.group,
      affected: item.occ.subject,
      progress: awaiting.progress,
      startingPlayer: frame.startingPlayer,
      effects: relevantEffects(state, frame, awaiting.group).map((effect) => ({
        effect,
        state: effState(state, effect),
        blocked: blocker(state, effect, item, frame)
      }))
    }
  } catch (err) {
    if (err instanceof Failure) return undefined
    throw err
  }
}
