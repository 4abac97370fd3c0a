/**
 * A custom asynchronous chooser: every decision is sent to a remote player (a game client over a
 * websocket, say) and the resolution waits for the reply — at most `timeout`. Here the "network"
 * is a pair of Effect queues, and the remote player is simulated by a fiber.
 *
 * A timeout is a typed `Errors.ChooserFailed`; the resolution then returns no new ledger or view,
 * so the caller's state is untouched and the event can be retried or resolved another way.
 */
import { Chooser, Decision, Errors } from "@bulwark/core"
import { Duration, Effect, Option, Queue } from "effect"

/** What the engine sends a client: the request, and a line of text to show. */
export interface Prompt {
  readonly request: Decision.Request
  readonly text: string
}

/** What a client sends back: the id of the request it answers, and the answer. */
export interface Reply {
  readonly requestId: string
  readonly answer: Decision.Answer
}

/** Both directions of one player's connection. */
export interface Connection {
  readonly prompts: Queue.Queue<Prompt>
  readonly replies: Queue.Queue<Reply>
}

/** Opens a connection (two unbounded queues). */
export const connect: Effect.Effect<Connection> = Effect.gen(function* () {
  return { prompts: yield* Queue.unbounded<Prompt>(), replies: yield* Queue.unbounded<Reply>() }
})

/** Takes replies until one answers `requestId` (late replies to earlier requests are dropped). */
const replyTo = (replies: Queue.Queue<Reply>, requestId: string): Effect.Effect<Reply> =>
  Effect.gen(function* () {
    while (true) {
      const reply = yield* Queue.take(replies)
      if (reply.requestId === requestId) return reply
    }
  })

/**
 * The chooser: send the prompt, wait for the matching reply for at most `timeout`. An answer that
 * does not fit the request is not checked here: the kernel rejects it with `Errors.IllegalChoice`.
 */
export const remote = (connection: Connection, timeout: Duration.Input): Chooser.ChooserShape => ({
  decide: (request) =>
    Effect.gen(function* () {
      yield* Queue.offer(connection.prompts, { request, text: Decision.describe(request) })
      const reply = yield* replyTo(connection.replies, request.id).pipe(Effect.timeoutOption(timeout))
      if (Option.isNone(reply)) {
        return yield* new Errors.ChooserFailed({
          requestId: request.id,
          reason: `${request.chooser} did not answer within ${Duration.format(Duration.fromInputUnsafe(timeout))}`
        })
      }
      return reply.value.answer
    })
})

/**
 * A simulated remote player: reads prompts, "thinks" for `delay`, and answers with `strategy`
 * (any synchronous chooser, e.g. `Chooser.firstLegal`). Run it in a fiber; it runs until
 * interrupted.
 */
export const simulatedPlayer = (
  connection: Connection,
  strategy: (request: Decision.Request) => Decision.Answer | undefined,
  delay: Duration.Input = 0
): Effect.Effect<never> =>
  Effect.forever(
    Effect.gen(function* () {
      const prompt = yield* Queue.take(connection.prompts)
      yield* Effect.sleep(delay)
      const answer = strategy(prompt.request)
      if (answer !== undefined)
        yield* Queue.offer(connection.replies, { requestId: prompt.request.id, answer })
    })
  )

/** A player who never answers (a dropped connection). */
export const silentPlayer = (connection: Connection): Effect.Effect<never> =>
  Effect.forever(Queue.take(connection.prompts))

/** The chooser as a layer, ready for `Resolver.resolve`. */
export const layer = (connection: Connection, timeout: Duration.Input) =>
  Chooser.layer(remote(connection, timeout))
