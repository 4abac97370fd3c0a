/**
 * The resolver: the kernel driven by a chooser.
 *
 * - {@link resolveSync}: plain functions in, a `Result` out — the fast path for game AIs and
 *   simulators (no Effect is run);
 * - {@link resolve}: an Effect program that reads the ruleset's policies and the chooser from
 *   services; the chooser may be asynchronous (a remote player), and the resolution waits for it;
 * - {@link replay}: reproduces a resolution from its decision log, checking that every decision
 *   is asked of the same player in the same way;
 * - {@link decodeInput}: the entry point for input from outside the program (JSON, a network
 *   message, a stored pending resolution): decodes and validates an event, its effects and the
 *   view, so that no `"3"`, `NaN` or `1e308` reaches a resolution.
 *
 * A failure never leaves anything half-applied: the caller's ledger and view are values that the
 * resolver does not change, and a failed resolution returns no new ones.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Chooser from "./Chooser.js"
import * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import * as GameEvent from "./GameEvent.js"
import * as GameView from "./GameView.js"
import { invalidInput } from "./internal/decode.js"
import * as Kernel from "./Kernel.js"
import * as Ledger from "./Ledger.js"
import * as Policy from "./Policy.js"
import * as Replacement from "./Replacement.js"

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
 * trace. The log is decoded as `Kernel.restore` decodes it: a `Decision.Stored` record or a bare
 * array of entries; malformed data is `InvalidInput` naming where, a record of another ruleset
 * or version `IncompatibleRecord`.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Chooser, Decision, Resolver, type Policy, type GameEvent, type GameView, type Ledger } from "@bulwark/core"
 * declare const rules: Policy.Rules, event: GameEvent.GameEvent, ledger: Ledger.Ledger, view: GameView.GameView
 * const first = Resolver.resolveSync(rules, event, ledger, view, Chooser.bestForChooser())
 * if (Result.isSuccess(first)) {
 *   const record = Decision.store(rules, first.success.decisions) // JSON, for the audit
 *   const again = Resolver.replay(rules, event, ledger, view, record)
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
  log: Decision.Stored | ReadonlyArray<Decision.LogEntry>,
  options: Kernel.Options = {}
): Result.Result<Kernel.Resolution, Errors.ResolveError> => {
  const step = Kernel.restore(rules, event, ledger, view, log, options)
  if (step._tag === "Pending") return Result.fail(Decision.missing(step.request))
  return step._tag === "Done" ? Result.succeed(step.resolution) : Result.fail(step.error)
}

/**
 * A resolution's input: the event, the ledger and the view, as {@link decodeInput} returns them.
 *
 * @example
 * ```ts
 * import { Chooser, Resolver, type Policy } from "@bulwark/core"
 * declare const rules: Policy.Rules, input: Resolver.Input
 * const r = Resolver.resolveSync(rules, input.event, input.ledger, input.view, Chooser.firstLegal)
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Input {
  readonly event: GameEvent.GameEvent
  readonly ledger: Ledger.Ledger
  readonly view: GameView.GameView
}

const RawInput = Schema.Struct({
  event: GameEvent.GameEvent,
  view: GameView.GameView,
  effects: Schema.optionalKey(Schema.Array(Replacement.Replacement)),
  ledger: Schema.optionalKey(Ledger.Ledger)
})
const decodeRaw = Schema.decodeUnknownResult(RawInput, { onExcessProperty: "error" })

/**
 * Decodes and validates a resolution's input from unknown data — the one entry point for input
 * that does not come from TypeScript code you control (JSON from a client, a database row, a
 * stored pending resolution). It checks everything the engine relies on, and returns the first
 * problem as a typed error naming where it is:
 *
 * - the shape, with the schemas of `GameEvent`, `GameView` and `Replacement` (or `Ledger`):
 *   `"3"` for a number, an unknown key, a missing id → {@link Errors.InvalidInput};
 * - numbers: amounts are safe whole numbers ≥ 0 (no `NaN`, `Infinity`, `1e308`, `2.5`), every
 *   other number finite → {@link Errors.InvalidInput};
 * - what the schemas can't see, as {@link Kernel.validate} checks it: duplicate ids, an invalid
 *   effect, an id the view does not know → `InvalidEvent`, `InvalidEffect`, `UnknownId`.
 *
 * The input is `{ event, view, effects }` (a new ledger from effects) or `{ event, view, ledger }`
 * (a ledger with its state, e.g. `JSON.parse(JSON.stringify(ledger))`). The view is in its
 * stored form (`GameView.GameView`: `objects` by id, as `JSON.stringify` writes a view). Nothing
 * is resolved: pass the result to {@link resolveSync}, {@link resolve}, {@link replay} or
 * `Kernel.start`.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Resolver } from "@bulwark/core"
 * const r = Resolver.decodeInput({
 *   event: { id: "e", occurrences: [{ id: "i", family: "damage", subject: "bob", amount: "3",
 *     kinds: [], preventable: true, params: {} }] },
 *   view: { players: ["alice", "bob"], activePlayer: "alice", objects: {} },
 *   effects: []
 * })
 * if (Result.isFailure(r)) console.log(r.failure.message)
 * // invalid input at event.occurrences[0].amount: Expected number, got "3"
 * ```
 * @since 0.1.0
 * @category validation
 */
export const decodeInput = (
  input: unknown
): Result.Result<
  Input,
  Errors.InvalidInput | Errors.InvalidEvent | Errors.InvalidEffect | Errors.UnknownId
> => {
  const raw = decodeRaw(input)
  if (Result.isFailure(raw)) return Result.fail(invalidInput(input, raw.failure))
  const { event, view, effects, ledger: stored } = raw.success
  if ((effects === undefined) === (stored === undefined))
    return Result.fail(
      new Errors.InvalidInput({ path: "", reason: "give either effects or ledger (exactly one)" })
    )
  let ledger: Ledger.Ledger
  if (effects !== undefined) {
    const invalid = Ledger.validate(effects)
    if (invalid !== undefined) return Result.fail(invalid)
    ledger = Ledger.make(effects)
  } else ledger = stored as Ledger.Ledger
  const invalid = Kernel.validate(event, ledger, view)
  return invalid === undefined ? Result.succeed({ event, ledger, view }) : Result.fail(invalid)
}
