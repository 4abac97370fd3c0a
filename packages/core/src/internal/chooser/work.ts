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

/**
 * The default time budget of {@link bestForChooser}, per decision, in milliseconds: a board whose
 * states are slow to explore (hundreds of effects) fails within seconds instead of running on.
 */
const DEFAULT_TIME_BUDGET_MS = 5_000

/** The resolved options of the search. */
export interface Settings {
  readonly flatUpTo: number
  readonly limit: number
  readonly budget: number
  readonly timeBudgetMs: number
  readonly now: () => number
  readonly shapes: boolean
}

export const settingsOf = (options: SearchOptions): Settings => {
  const budget = options.budget ?? DEFAULT_BUDGET
  if (!(budget >= 1) || !Number.isSafeInteger(budget))
    throw new RangeError(`bestForChooser: budget must be a whole number ≥ 1, got ${String(budget)}`)
  const timeBudgetMs = options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS
  if (!(timeBudgetMs > 0))
    throw new RangeError(`bestForChooser: timeBudgetMs must be a number > 0, got ${String(timeBudgetMs)}`)
  return {
    flatUpTo: options.flatPassUpTo ?? FLAT_PASS_UP_TO,
    limit: options.maxAllocations ?? 2_000,
    budget,
    timeBudgetMs,
    now: options.now ?? (() => performance.now()),
    shapes: options.shapes ?? true
  }
}

/**
 * The budget error for a search that has explored `explored` states since `started`, if either
 * budget is spent. The clock only ever stops a search (it never changes an answer), so a search
 * that finishes within its budgets is the same on every machine.
 */
export const overBudget = (
  settings: Settings,
  requestId: string,
  explored: number,
  started: number
): Errors.SearchBudgetExceeded | undefined => {
  if (explored > settings.budget)
    return new Errors.SearchBudgetExceeded({ requestId, budget: settings.budget, explored })
  const elapsedMs = settings.now() - started
  if (elapsedMs > settings.timeBudgetMs)
    return new Errors.SearchBudgetExceeded({
      requestId,
      budget: settings.budget,
      explored,
      timeBudgetMs: settings.timeBudgetMs,
      elapsedMs
    })
  return undefined
}

/** Runs a search to its end, or throws {@link Errors.SearchBudgetExceeded} past a budget. */
export const drive = <A>(work: Work<A>, settings: Settings, requestId: string): A => {
  let explored = 0
  const started = settings.now()
  for (;;) {
    const r = work.next()
    if (r.done === true) return r.value
    explored += r.value
    const over = overBudget(settings, requestId, explored, started)
    if (over !== undefined) {
      work.return(undefined as never)
      throw over
    }
  }
}
