/**
 * The exact search behind `bestForChooser`: the memo of one board, and the searcher that solves a
 * pending state by trying every answer (solving a single occurrence's choice without running the
 * kernel where it can), best for the chooser of each decision.
 *
 * @internal
 */
import * as Decision from "../../Decision.js"
import * as GameEvent from "../../GameEvent.js"
import * as GameView from "../../GameView.js"
import { memoKey } from "../../internal/kernel/inspect.js"
import * as Kernel from "../../Kernel.js"
import type * as Ledger from "../../Ledger.js"
import type * as Policy from "../../Policy.js"
import { solveSingle } from "./single.js"
import type { Plans } from "./structured.js"
import type { Settings, Work } from "./work.js"

export const damageBy = (resolution: Kernel.Resolution, view: GameView.GameView): Map<string, number> => {
  const out = new Map<string, number>()
  for (const o of resolution.happened) {
    if (o.family !== GameEvent.DAMAGE) continue
    const p = GameView.controllerOf(view, o.subject)
    if (p !== undefined) out.set(p, (out.get(p) ?? 0) + o.amount)
  }
  return out
}

/**
 * The memo of one board: a pending state's key says nothing of the ruleset, the ledger the
 * resolution started from or the objects' current view, so one memo is kept per (rules, ledger,
 * view) — a chooser reused position after position (a game AI) never answers one board from
 * another. States of one resolution share the view until an event's occurrences are committed.
 */
type Outcomes = Map<string, Map<string, number> | undefined>

const memoFor = (
  memos: WeakMap<Policy.Rules, WeakMap<Ledger.Ledger, WeakMap<GameView.GameView, Outcomes>>>,
  state: Kernel.State
): Outcomes => {
  let byLedger = memos.get(state.rules)
  if (byLedger === undefined) {
    byLedger = new WeakMap()
    memos.set(state.rules, byLedger)
  }
  let byView = byLedger.get(state.baseLedger)
  if (byView === undefined) {
    byView = new WeakMap()
    byLedger.set(state.baseLedger, byView)
  }
  let memo = byView.get(state.view)
  if (memo === undefined) {
    memo = new Map()
    byView.set(state.view, memo)
  }
  return memo
}

/** The search behind {@link bestForChooser} and {@link bestForChooserEffect}: one per chooser. */
export const searcher = (settings: Settings) => {
  const memos = new WeakMap<Policy.Rules, WeakMap<Ledger.Ledger, WeakMap<GameView.GameView, Outcomes>>>()
  const plans: Plans = { plan: undefined }
  const limit = settings.limit
  // the answer that leaves the chooser least damaged, and the final damage by player after it
  // (every later decision answered the same way); ties keep the first answer
  function* best(
    request: Decision.Request,
    state: Kernel.State
  ): Work<{ readonly answer: Decision.Answer; readonly outcome: Map<string, number> } | undefined> {
    let found: { answer: Decision.Answer; outcome: Map<string, number> } | undefined
    let bestScore = Number.POSITIVE_INFINITY
    for (const answer of Decision.legalAnswers(request, limit)) {
      yield 1
      const outcome = yield* evaluate(Kernel.resume(state, answer))
      if (outcome === undefined) continue
      const score = outcome.get(request.chooser) ?? 0
      if (score < bestScore) {
        bestScore = score
        found = { answer, outcome }
      }
    }
    return found
  }
  // the final damage by player when every chooser plays best from this pending state
  function* solve(state: Kernel.State): Work<Map<string, number> | undefined> {
    const memo = memoFor(memos, state)
    const key = memoKey(state)
    if (memo.has(key)) return memo.get(key)
    const outcome = (yield* best(state.pending as Decision.Request, state))?.outcome
    memo.set(key, outcome)
    return outcome
  }
  function* evaluate(step: Kernel.Step): Work<Map<string, number> | undefined> {
    if (step._tag === "Failed") return undefined
    if (step._tag === "Done") return damageBy(step.resolution, step.resolution.view)
    return yield* solve(step.state)
  }
  return function* decide(request: Decision.Request, state: Kernel.State): Work<Decision.Answer | undefined> {
    const fast = yield* solveSingle(request, state, settings, plans)
    return fast !== "fallback" ? fast : (yield* best(request, state))?.answer
  }
}
