/**
 * Budget and driving of a search: the work a search does in slices, its budget
 * (`SearchOptions`), and the synchronous driver.
 *
 * @internal
 */

import type { SearchOptions } from "../../Chooser.js"
import * as Errors from "../../Errors.js"
import { FLAT_PASS_UP_TO } from "./passes.js"

// ---------------------------------------------------------------------------------------------
// budget and driving

/**
 * A unit of search: yields how many states it explored since it last yielded, returns its
 * result. Driven synchronously ({@link drive}) or in slices that give the event loop a turn
 * ({@link driveEffect}).
 */
export type Work<A> = Generator<number, A, void>

/** The passes report their work in slices of this many states. */
export const WORK_SLICE = 1024

/**
 * The default budget of {@link bestForChooser}: states explored per decision. About a second
 * or two of search on a laptop; the structured shape and the passes need far less on the
 * boards an AI meets (16 shields and doublers on one creature: 33 states).
 */
const DEFAULT_BUDGET = 200_000

/** The resolved options of the search. */
export interface Settings {
  readonly flatUpTo: number
  readonly limit: number
  readonly budget: number
  readonly shapes: boolean
}

export const settingsOf = (options: SearchOptions): Settings => {
  const budget = options.budget ?? DEFAULT_BUDGET
  if (!(budget >= 1) || !Number.isSafeInteger(budget))
    throw new RangeError(`bestForChooser: budget must be a whole number ≥ 1, got ${String(budget)}`)
  return {
    flatUpTo: options.flatPassUpTo ?? FLAT_PASS_UP_TO,
    limit: options.maxAllocations ?? 2_000,
    budget,
    shapes: options.shapes ?? true
  }
}

/** Runs a search to its end, or throws {@link Errors.SearchBudgetExceeded} past the budget. */
export const drive = <A>(work: Work<A>, budget: number, requestId: string): A => {
  let explored = 0
  for (;;) {
    const r = work.next()
    if (r.done === true) return r.value
    explored += r.value
    if (explored > budget) {
      work.return(undefined as never)
      throw new Errors.SearchBudgetExceeded({ requestId, budget, explored })
    }
  }
}
