/**
 * The resolver: the kernel driven by a chooser.
 *
 * - {@link resolveSync}: plain functions in, a `Result` out — the fast path for game AIs and
 *   simulators (no Effect is run);
 * - {@link resolve}: an Effect program that reads the ruleset's policies and the chooser from
 *   services; the chooser may be asynchronous (a remote player), and the resolution waits for it;
 * - {@link replay}: reproduces a resolution from its decision log, checking that every decision
 *   is asked of the same player in the same way.
 *
 * A failure never leaves anything half-applied: the caller's ledger and view are values that the
 * resolver does not change, and a failed resolution returns no new ones.
 *
 * @since 0.1.0
 */
import { Effect, Result } from "effect"
import * as Chooser from "./Chooser.js"
import * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import type * as GameEvent from "./GameEvent.js"
import type * as GameView from "./GameView.js"
import * as Kernel from "./Kernel.js"
import type * as Ledger from "./Ledger.js"
import * as Policy from "./Policy.js"

/**
 * Resolves an event synchronously with a synchronous chooser.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Chooser, GameEvent, GameView, Ledger, Policy, Resolver } from "@bulwark/core"
 * const rules: Policy.Rules = {
 *   name: "demo",
 *   order: Policy.affectedChooses({ name: "demo", rule: "demo 1", tiers: [{ name: "any" }] }),
 *   assignment: Policy.recipientControllerAllocates("demo 2")
 * }
 * const view = GameView.make({ players: ["alice", "bob"], activePlayer: "alice",
 *   objects: [{ id: "bolt", kind: "object", controller: "alice", props: {} }] })
 * const r = Resolver.resolveSync(rules,
 *   GameEvent.make("e1", [GameEvent.damage({ id: "i1", source: "bolt", recipient: "bob", amount: 3 })]),
 *   Ledger.empty, view, Chooser.firstLegal)
 * if (Result.isSuccess(r)) console.log(r.success.happened.length) // 1
 * ```
 * @since 0.1.0
 * @category resolving
 */
export const resolveSync = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  chooser: Chooser.SyncChooser,
  options: Kernel.Options = {}
): Result.Result<Kernel.Resolution, Errors.ResolveError> => {
  let step = Kernel.start(rules, event, ledger, view, options)
  while (step._tag === "Pending") {
    let answer: Decision.Answer | undefined
    try {
      answer = chooser(step.request, step.state)
    } catch (err) {
      if (err instanceof Errors.SearchBudgetExceeded) return Result.fail(err)
      return Result.fail(
        new Errors.ChooserFailed({
          requestId: step.request.id,
          reason: err instanceof Error ? err.message : String(err)
        })
      )
    }
    if (answer === undefined) return Result.fail(Decision.missing(step.request))
    step = Kernel.unsafeResume(step.state, answer)
  }
  return step._tag === "Done" ? Result.succeed(step.resolution) : Result.fail(step.error)
}

/**
 * Resolves an event with the ruleset's policies and the chooser taken from services. The
 * chooser may be asynchronous; the resolution waits on it.
 *
 * @example
 * ```ts
 * import { Effect, Layer } from "effect"
 * import { Chooser, GameEvent, GameView, Ledger, Policy, Resolver } from "@bulwark/core"
 * const RulesLive = Policy.layer({
 *   name: "demo",
 *   order: Policy.affectedChooses({ name: "demo", rule: "demo 1", tiers: [{ name: "any" }] }),
 *   assignment: Policy.recipientControllerAllocates("demo 2")
 * })
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * const program = Resolver.resolve(GameEvent.make("e", []), Ledger.empty, view).pipe(
 *   Effect.provide(Layer.mergeAll(RulesLive, Chooser.layer(Chooser.fromSync(Chooser.firstLegal))))
 * )
 * ```
 * @since 0.1.0
 * @category resolving
 */
export const resolve = (
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  options: Kernel.Options = {}
): Effect.Effect<
  Kernel.Resolution,
  Errors.ResolveError,
  Policy.EffectOrder | Policy.Assignment | Policy.Results | Chooser.Chooser
> =>
  Effect.gen(function* () {
    const order = yield* Policy.EffectOrder
    const assignment = yield* Policy.Assignment
    const rest = yield* Policy.Results
    const chooser = yield* Chooser.Chooser
    const rules: Policy.Rules = { ...rest, order, assignment }
    let step = Kernel.start(rules, event, ledger, view, options)
    while (step._tag === "Pending") {
      const answer = yield* chooser.decide(step.request, step.state)
      step = Kernel.unsafeResume(step.state, answer)
    }
    if (step._tag === "Failed") return yield* Effect.fail(step.error)
    return step.resolution
  })

/**
 * Replays a resolution from a decision log: each decision must be asked of the same chooser, of
 * the same kind, as logged, and gets the logged answer. A log that runs out, or a decision that
 * differs, fails with a typed error naming it. The same inputs and log give the same result and
 * trace.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Chooser, Resolver, type Kernel, type Policy, type GameEvent, type GameView, type Ledger } from "@bulwark/core"
 * declare const rules: Policy.Rules, event: GameEvent.GameEvent, ledger: Ledger.Ledger, view: GameView.GameView
 * const first = Resolver.resolveSync(rules, event, ledger, view, Chooser.bestForChooser())
 * if (Result.isSuccess(first)) {
 *   const again = Resolver.replay(rules, event, ledger, view, first.success.decisions)
 * }
 * ```
 * @since 0.1.0
 * @category resolving
 */
export const replay = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  log: ReadonlyArray<Decision.LogEntry>,
  options: Kernel.Options = {}
): Result.Result<Kernel.Resolution, Errors.ResolveError> => {
  const step = Kernel.restore(rules, event, ledger, view, log, options)
  if (step._tag === "Pending") return Result.fail(Decision.missing(step.request))
  return step._tag === "Done" ? Result.succeed(step.resolution) : Result.fail(step.error)
}
