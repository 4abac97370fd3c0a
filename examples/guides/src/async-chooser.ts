/**
 * docs/guides/async-chooser.md: answering a player's decision from a UI or over the network,
 * with a timeout and cancellation.
 */
// #region imports
import { Chooser, Decision, Errors, Kernel, Policy, Resolver, Ruleset } from "@bulwark/core"
import { ruleset, Scenario } from "@bulwark/mtg"
import { Skeleton } from "@bulwark/scenario"
import { Duration, Effect, Layer, Predicate, Result } from "effect"
import { park, Reply, type Store, settle } from "./stored-pending.js"
// #endregion

// #region channel
/**
 * Your UI or network connection, as the engine needs it: show a question to a player and call
 * `reply` with their answer (now, later, or never); `close` takes the question away again.
 */
export interface PlayerChannel {
  readonly ask: (prompt: Prompt, reply: (answer: Decision.Answer) => void) => void
  readonly close: (requestId: string) => void
}

/** What a client gets: the request (who, what kind, the legal options), a sentence, the choices. */
export interface Prompt {
  readonly request: Decision.Request
  readonly text: string
  readonly options: ReadonlyArray<Decision.Answer>
}
// #endregion

// #region chooser
/**
 * A chooser that asks over the channel and waits at most `timeout`. The wait is an
 * `Effect.callback`: when the fiber is interrupted — the timeout, the game cancelled, the
 * player left — its cleanup closes the question on the client.
 */
export const channelChooser = (channel: PlayerChannel, timeout: Duration.Input): Chooser.ChooserShape => ({
  decide: (request) =>
    Effect.callback<Decision.Answer>((resume) => {
      const prompt = {
        request,
        text: Decision.describe(request),
        options: Decision.legalAnswers(request, 20)
      }
      channel.ask(prompt, (answer) => resume(Effect.succeed(answer)))
      return Effect.sync(() => channel.close(request.id))
    }).pipe(
      Effect.timeoutOrElse({
        duration: timeout,
        orElse: () =>
          Effect.fail(
            new Errors.ChooserFailed({
              requestId: request.id,
              reason: `${request.chooser} did not answer within ${Duration.format(Duration.fromInputUnsafe(timeout))}`
            })
          )
      })
    )
})
// #endregion

// #region board
/**
 * CR 616.1: nap's creature Z is dealt 3; nap's shield ("prevent the next 2") and ap's doubler
 * don't commute, so nap — Z's controller — chooses which applies first.
 */
export const board = Skeleton.compileData(Scenario.language, {
  players: ["ap", "nap"],
  objects: [
    { id: "Z", controller: "nap", types: ["Creature"], power: 5, toughness: 5 },
    { id: "src", controller: "ap", types: ["Creature"], power: 3, toughness: 3 }
  ],
  effects: [
    { kind: "shield", id: "shield", controller: "nap", to: "Z", amount: 2, duration: "endOfTurn" },
    { kind: "double", id: "double", controller: "ap", to: { types: ["Creature"] } }
  ],
  steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "src", to: "Z", amount: 3 }] } }]
})
// #endregion

// #region resolve
/**
 * Resolves one event with the ruleset's policies (`Policy.layer`) and the channel's chooser
 * (`Chooser.layer`). A failure — the timeout included — is a typed error in the error channel,
 * and nothing the caller holds has changed.
 */
export const resolveEvent = (compiled: Ruleset.Compiled, channel: PlayerChannel, timeout: Duration.Input) => {
  const first = compiled.steps[0]
  if (!Predicate.isTagged(first, "Event")) return Effect.die("the board has no event")
  return Resolver.resolve(first.event, compiled.ledger, compiled.view).pipe(
    Effect.provide(
      Layer.mergeAll(Policy.layer(ruleset.rules), Chooser.layer(channelChooser(channel, timeout)))
    )
  )
}

/**
 * Runs every step of a compiled scenario the same way (`Ruleset.runEffect`); a player who does
 * not answer is handled by tag, here by falling back to "best for the chooser".
 */
export const runScenario = (compiled: Ruleset.Compiled, channel: PlayerChannel, timeout: Duration.Input) =>
  Ruleset.runEffect(ruleset.rules, compiled).pipe(
    Effect.provide(Chooser.layer(channelChooser(channel, timeout))),
    Effect.catchTag("ChooserFailed", () =>
      Effect.succeed(Ruleset.run(ruleset.rules, compiled, Chooser.bestForChooser()))
    )
  )
// #endregion

// #region cancel
/**
 * From a Promise-based server: `Effect.runPromise` with an `AbortSignal`. Aborting (the game
 * was cancelled) interrupts the wait, closes the question and rejects the promise.
 */
export const resolveWithSignal = (channel: PlayerChannel, signal: AbortSignal) => {
  if (Result.isFailure(board)) return Promise.reject(board.failure)
  return Effect.runPromise(resolveEvent(board.success, channel, "30 seconds"), { signal })
}
// #endregion

// #region park
/**
 * Answer within the timeout, else park: the step machine (`Kernel.start` / `Kernel.resume`)
 * asks each decision over the channel; a player who does not answer in time does not fail the
 * resolution — it is parked in the store as the stored-pending guide's record (the inputs and
 * `Decision.store(rules, log)`), and `answer` from that guide finishes it when the player comes
 * back, after a restart if need be. The finished result keeps its decisions, the record the
 * replay-and-audit guide replays.
 */
export const answerOrPark = (
  store: Store,
  key: string,
  input: Resolver.Input,
  channel: PlayerChannel,
  timeout: Duration.Input
) =>
  Effect.gen(function* () {
    const chooser = channelChooser(channel, timeout)
    let step = Kernel.start(ruleset.rules, input.event, input.ledger, input.view)
    while (Predicate.isTagged(step, "Pending")) {
      const request = step.request
      const answer = yield* Effect.result(chooser.decide(request, step.state))
      if (Result.isFailure(answer)) {
        park(store, key, input, step.state.log, request)
        return Reply.Waiting({ request, text: Decision.describe(request) })
      }
      step = Kernel.resume(step.state, answer.success)
    }
    const settled = settle(store, key, input, step)
    return Result.isFailure(settled) ? yield* Effect.fail(settled.failure) : settled.success
  })
// #endregion
