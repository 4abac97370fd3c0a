/**
 * Choosers: the players' agency. Every decision of a resolution is a request answered by a
 * chooser — scripted (answers in order), first-legal, a strategy ("best for the chooser"), an
 * interactive prompt, or an integrator's own (a websocket to a game client). A chooser may be
 * asynchronous: the resolution waits and resumes, losing nothing.
 *
 * Synchronous choosers ({@link SyncChooser}) serve the fast path (`Resolver.resolveSync`);
 * the {@link Chooser} service serves Effect programs, and {@link fromSync} lifts one into the
 * other.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import type * as GameView from "./GameView.js"
import * as internalSearch from "./internal/chooser/search.js"
import { searcher } from "./internal/chooser/search.js"
import { solveLeast } from "./internal/chooser/single.js"
import * as internalStructured from "./internal/chooser/structured.js"
import { drive, overBudget, settingsOf } from "./internal/chooser/work.js"
import type * as Kernel from "./Kernel.js"

/**
 * A synchronous chooser: given the request and the pending state, an answer, or `undefined` when
 * it has none (which fails the resolution with {@link Errors.MissingDecision}).
 *
 * @example
 * ```ts
 * import type { Chooser } from "@bulwark/core"
 * const alwaysDecline: Chooser.SyncChooser = (r) => (r._tag === "UseOptional" ? false : undefined)
 * ```
 * @since 0.1.0
 * @category model
 */
export type SyncChooser = (request: Decision.Request, state: Kernel.State) => Decision.Answer | undefined

/**
 * The shape of the {@link Chooser} service: decide a request, possibly asynchronously.
 *
 * The pending state passed to a chooser is valid for the duration of the call (a strategy can
 * explore it with `Kernel.resume`, which copies); to store a pending resolution, drive the
 * kernel yourself with `Kernel.start` / `Kernel.resume`.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import type { Chooser } from "@bulwark/core"
 * const yes: Chooser.ChooserShape = { decide: () => Effect.succeed(true) }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface ChooserShape {
  readonly decide: (
    request: Decision.Request,
    state: Kernel.State
  ) => Effect.Effect<
    Decision.Answer,
    Errors.MissingDecision | Errors.ChooserFailed | Errors.SearchBudgetExceeded
  >
}

/**
 * Service: who answers decisions.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const FirstLegal = Chooser.layer(Chooser.fromSync(Chooser.firstLegal))
 * ```
 * @since 0.1.0
 * @category services
 */
export class Chooser extends Context.Service<Chooser, ChooserShape>()("@bulwark/core/Chooser") {}

/**
 * A layer providing a chooser.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const Scripted = Chooser.layer(Chooser.fromSync(Chooser.scripted(["shield"])))
 * ```
 * @since 0.1.0
 * @category layers
 */
export const layer = (shape: ChooserShape): Layer.Layer<Chooser> => Layer.succeed(Chooser, shape)

/**
 * Lifts a synchronous chooser into the service shape; `undefined` becomes
 * {@link Errors.MissingDecision}, a chooser that throws {@link Errors.SearchBudgetExceeded} fails
 * with it, and a chooser that throws anything else becomes {@link Errors.ChooserFailed}.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const shape = Chooser.fromSync(Chooser.firstLegal)
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const fromSync = (chooser: SyncChooser): ChooserShape => ({
  decide: (request, state) =>
    Effect.suspend((): ReturnType<ChooserShape["decide"]> => {
      let answer: Decision.Answer | undefined
      try {
        answer = chooser(request, state)
      } catch (err) {
        if (err instanceof Errors.SearchBudgetExceeded) return Effect.fail(err)
        return Effect.fail(
          new Errors.ChooserFailed({
            requestId: request.id,
            reason: err instanceof Error ? err.message : String(err)
          })
        )
      }
      return answer === undefined ? Effect.fail(Decision.missing(request)) : Effect.succeed(answer)
    })
})

/**
 * Answers in order: the n-th decision of a resolution gets `answers[n]`. It is a pure function
 * of the state (it reads how many decisions were already made), so resuming a state twice gives
 * the same answer. Running out is a {@link Errors.MissingDecision}; an answer that does not fit
 * the request is an {@link Errors.IllegalChoice} — both name the request.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const script = Chooser.scripted(["shield", { x: 2, y: 1 }, true])
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const scripted =
  (answers: ReadonlyArray<Decision.Answer>): SyncChooser =>
  (_request, state) =>
    answers[state.log.length]

/**
 * Answers every request with its first legal answer (the first option offered; `true` for a
 * "may"; the allocation that puts as much as possible on the first occurrence).
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * Chooser.firstLegal({ _tag: "UseOptional", id: "d1", chooser: "a", effect: "x", label: "", rule: "" }, undefined as never) // true
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const firstLegal: SyncChooser = (request) =>
  // the first option of an effect choice without listing every option first
  request._tag === "ChooseEffect" ? request.options[0]?.effect : Decision.legalAnswers(request, 1)[0]

/**
 * The damage a resolution dealt to each player's own objects (and to the player), by player.
 *
 * @example
 * ```ts
 * import { Chooser, GameView, type Kernel } from "@bulwark/core"
 * const mine = (r: Kernel.Resolution, view: GameView.GameView) => Chooser.damageBy(r, view).get("alice") ?? 0
 * ```
 * @function
 * @since 0.1.0
 * @category strategies
 */
export const damageBy: (resolution: Kernel.Resolution, view: GameView.GameView) => Map<string, number> =
  internalSearch.damageBy

/**
 * Runs `f` with the structured shape's plans turned off: every decision of
 * {@link bestForChooser} follows its certificate through the policy again instead of checking the
 * state against the path an earlier decision certified. The reference the plans are tested
 * against (the answers must be the same); it is slower, never different.
 *
 * @internal
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const n = Chooser.unplanned(() => 1 + 1) // 2
 * ```
 * @function
 * @since 0.1.0
 */
export const unplanned: <A>(f: () => A) => A = internalStructured.unplanned

/**
 * Options of the {@link bestForChooser} search.
 *
 * - `budget`: how many states one decision's search may explore (answers tried with the kernel,
 *   states of the exact passes) before it fails with {@link Errors.SearchBudgetExceeded}
 *   (default 200 000);
 * - `timeBudgetMs`: how long one decision's search may run, in milliseconds, before it fails with
 *   the same error (default 5 000). The clock only stops a search: one that finishes within both
 *   budgets gives the same answer on every machine;
 * - `now`: the clock the time budget reads, in milliseconds (default `performance.now`; a test
 *   passes its own to reach the time budget deterministically);
 * - `maxAllocations`: how many answers of an allocation decision are tried (default 2 000);
 * - `flatPassUpTo`: up to this many applicable effects the pass over applied sets keeps one flat
 *   array per ordering progress (2^k × options numbers: fast); above it, a map of the reachable
 *   states only (less memory when the damage reaches 0 early). Default 14;
 * - `shapes`: solve the structured shape (subtract, multiply, add on one occurrence) in closed
 *   form before any pass (default `true`; `false` is for checking it against the passes).
 *
 * @example
 * ```ts
 * import type { Chooser } from "@bulwark/core"
 * const small: Chooser.SearchOptions = { budget: 10_000 }
 * ```
 * @since 0.1.0
 * @category strategies
 */
export interface SearchOptions {
  readonly budget?: number | undefined
  readonly timeBudgetMs?: number | undefined
  readonly now?: (() => number) | undefined
  readonly maxAllocations?: number | undefined
  readonly flatPassUpTo?: number | undefined
  readonly shapes?: boolean | undefined
}

/**
 * For a resolution waiting on a choice of effect on a single occurrence whose applicable effects
 * are plain amount changes (the case {@link bestForChooser} solves without searching), the
 * occurrence's final amount when this and every later choice is made as `bestForChooser` makes
 * it — without finishing the resolution. `undefined` when the pending decision is anything else
 * (then resume the resolution with `bestForChooser` to know). For a game AI that evaluates many
 * positions, or a preview that only needs the amount. Past the budget (`options.budget`, as for
 * {@link bestForChooser}) it throws {@link Errors.SearchBudgetExceeded}.
 *
 * @example
 * ```ts
 * import { Chooser, type Kernel } from "@bulwark/core"
 * declare const step: Kernel.Step
 * if (step._tag === "Pending") console.log(Chooser.bestFinalAmount(step.state)) // e.g. 2
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const bestFinalAmount = (state: Kernel.State, options: SearchOptions = {}): number | undefined => {
  const request = state.pending
  if (request?._tag !== "ChooseEffect") return undefined
  const settings = settingsOf(options)
  const solved = drive(solveLeast(request, state, settings), settings, request.id)
  if (solved === "fallback") return undefined
  if (solved._tag === "Structured") return solved.least
  // the owner takes the least; any other chooser keeps the first option offered
  let v =
    request.chooser === solved.owner
      ? solved.least.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY)
      : (solved.least[0] as number)
  if (!Number.isFinite(v)) return undefined
  if (v < 0) v = 0
  return v
}

/**
 * "Best for the chooser": each decision is answered with the option that minimises the damage
 * dealt to the chooser's own objects (and to them), assuming every later decision is answered
 * the same way by its own chooser. It is exact: it searches the decisions that follow, with
 * memoisation on the resolution state (the occurrences with every field, the effects applied,
 * remainders and uses, the ordering progress and sequences, the follow-ups, the damage already
 * dealt; one memo per ruleset, ledger and view, so a chooser reused board after board never
 * answers from another board), so orders of commuting effects that lead to the same state are
 * explored once, not k! times.
 * Ties keep the first option offered. Who is asked is the ruleset's policy (MTG CR 616.1: the
 * affected object's controller), never this strategy.
 *
 * A choice on a single occurrence whose applicable effects are plain amount changes is solved
 * without the kernel: subtractions (shields, "prevent N"), whole multipliers and additions in
 * closed form (subtract first, multiply, add last), certified by following that order through
 * the ruleset's policy; any other plain change, or a policy that forces another order, by one
 * pass over the sets of effects applied. Both are exact: the same answers as the search.
 *
 * The search never runs away: each decision may explore `budget` states (default 200 000, see
 * {@link SearchOptions}); past it the chooser throws {@link Errors.SearchBudgetExceeded}, which
 * the resolvers (`Resolver.resolveSync`, `Ruleset.run`, {@link fromSync}) report as that typed
 * error: no best-so-far guess, the resolution fails and nothing is applied. A search that yields
 * to the event loop while it runs (so a process can be interrupted) is
 * {@link bestForChooserEffect}.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const best = Chooser.bestForChooser()
 * const lean = Chooser.bestForChooser({ flatPassUpTo: 10, budget: 50_000 })
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const bestForChooser = (options: SearchOptions = {}): SyncChooser => {
  const settings = settingsOf(options)
  const decide = searcher(settings)
  return (request, state) => drive(decide(request, state), settings, request.id)
}

/**
 * {@link bestForChooser} as a {@link Chooser} service shape that gives the event loop a turn every
 * `sliceSize` explored states (default 2 000), so the fiber running it can be interrupted (a
 * CLI stopping on Ctrl-C) and other work goes on. `onProgress` is called at each turn with the
 * states explored so far for the current decision (for a progress line). The same answers, the
 * same budget and the same {@link Errors.SearchBudgetExceeded} as the synchronous chooser.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const BestLive = Chooser.layer(Chooser.bestForChooserEffect({ budget: 1_000_000 }))
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const bestForChooserEffect = (
  options: SearchOptions & {
    readonly sliceSize?: number | undefined
    readonly onProgress?: ((explored: number, request: Decision.Request) => void) | undefined
  } = {}
): ChooserShape => {
  const settings = settingsOf(options)
  const decide = searcher(settings)
  const slice = Math.max(1, options.sliceSize ?? 2_000)
  return {
    decide: (request, state) =>
      Effect.gen(function* () {
        const work = decide(request, state)
        let explored = 0
        const started = settings.now()
        for (;;) {
          let done = 0
          while (done < slice) {
            let r: IteratorResult<number, Decision.Answer | undefined>
            try {
              r = work.next()
            } catch (err) {
              return yield* new Errors.ChooserFailed({
                requestId: request.id,
                reason: err instanceof Error ? err.message : String(err)
              })
            }
            if (r.done === true) {
              if (r.value === undefined) return yield* Decision.missing(request)
              return r.value
            }
            explored += r.value
            // at least one state a step, so a slice of slow states still ends
            done += Math.max(1, r.value)
            const over = overBudget(settings, request.id, explored, started)
            if (over !== undefined) {
              work.return(undefined)
              return yield* over
            }
          }
          options.onProgress?.(explored, request)
          yield* Effect.yieldNow
        }
      })
  }
}
