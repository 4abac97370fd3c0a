import { Chooser, Errors, Ledger, Policy, Resolver } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Predicate, Queue, Result } from "effect"
import { TestClock } from "effect/testing"
import { Demo, RemoteChooser } from "../src/index.js"

// The resolution, with the ruleset's policies and bob's remote chooser (30 second timeout).
const resolveWith = (connection: RemoteChooser.Connection) =>
  Resolver.resolve(Demo.bolt, Demo.ledger, Demo.view).pipe(
    Effect.provide(Layer.mergeAll(Policy.layer(Demo.rules), RemoteChooser.layer(connection, "30 seconds"))),
    Effect.result
  )

// `it.effect` runs on the TestClock: time only passes when a test adjusts it.
describe("a remote chooser over a queue", () => {
  /**
   * "Prevent the next 2" and "double" on 3 damage, bob orders: the shield first gives
   * (3 − 2) × 2 = 2. Bob's client receives the prompt and answers "shield".
   */
  it.effect("the remote player's answer drives the resolution", () =>
    Effect.gen(function* () {
      const connection = yield* RemoteChooser.connect
      const seen: Array<string> = []
      yield* Effect.forkChild(
        RemoteChooser.simulatedPlayer(connection, (request) => {
          seen.push(
            `${request.chooser}: ${Predicate.isTagged(request, "ChooseEffect") ? "ChooseEffect" : "another decision"}`
          )
          return "shield"
        })
      )
      const r = yield* resolveWith(connection)
      assert.isTrue(Result.isSuccess(r))
      if (Result.isSuccess(r)) {
        assert.deepStrictEqual(
          r.success.happened.map((o) => [o.subject, o.amount]),
          [["bear", 2]]
        )
        assert.strictEqual(Ledger.remaining(r.success.ledger, "shield"), 0)
      }
      assert.deepStrictEqual(seen, ["bob: ChooseEffect"])
    })
  )

  /** A player who thinks for 10 seconds is within the 30 second timeout. */
  it.effect("a slow answer within the timeout is waited for", () =>
    Effect.gen(function* () {
      const connection = yield* RemoteChooser.connect
      const fiber = yield* Effect.forkChild(resolveWith(connection))
      // the test is bob's client: it holds the prompt, so the resolution is waiting for the reply
      // (and its 30 second clock runs) before the test clock moves
      const prompt = yield* Queue.take(connection.prompts)
      yield* TestClock.adjust("10 seconds")
      assert.isUndefined(fiber.pollUnsafe())
      yield* Queue.offer(connection.replies, { requestId: prompt.request.id, answer: "double" })
      const r = yield* Fiber.join(fiber)
      // double first: 3 × 2 − 2 = 4
      assert.isTrue(Result.isSuccess(r) && r.success.happened[0]?.amount === 4)
    })
  )

  /**
   * A player who never answers: after 30 seconds the resolution fails with the typed
   * ChooserFailed naming the decision, and returns no new ledger — the caller's ledger still has
   * the whole shield, and the event can be resolved again another way.
   */
  it.effect("a timeout is a typed ChooserFailed and the caller's ledger is untouched", () =>
    Effect.gen(function* () {
      const connection = yield* RemoteChooser.connect
      const before = structuredClone(Demo.ledger)
      const fiber = yield* Effect.forkChild(resolveWith(connection))
      // bob's client receives the prompt and never answers; only then does the test clock move
      yield* Queue.take(connection.prompts)
      yield* TestClock.adjust("29 seconds")
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 second")
      const r = yield* Fiber.join(fiber)
      assert.isTrue(Result.isFailure(r))
      if (Result.isFailure(r)) {
        assert.instanceOf(r.failure, Errors.ChooserFailed)
        // the tag `Effect.catchTag("ChooserFailed", …)` handles
        assert.isTrue(Predicate.isTagged(r.failure, "ChooserFailed"))
        assert.include(r.failure.message, "bob did not answer within 30s")
      }
      assert.deepStrictEqual(Demo.ledger, before)
      assert.strictEqual(Ledger.remaining(Demo.ledger, "shield"), 2)
      // fall back: resolve the same event from the same, untouched state with a default strategy
      const retry = Resolver.resolveSync(
        Demo.rules,
        Demo.bolt,
        Demo.ledger,
        Demo.view,
        Chooser.bestForChooser()
      )
      assert.isTrue(Result.isSuccess(retry) && retry.success.happened[0]?.amount === 2)
    })
  )

  /** A late reply to an earlier request is not taken as the answer to the current one. */
  it.effect("stale replies are dropped", () =>
    Effect.gen(function* () {
      const connection = yield* RemoteChooser.connect
      yield* Queue.offer(connection.replies, { requestId: "old", answer: "double" })
      yield* Effect.forkChild(RemoteChooser.simulatedPlayer(connection, () => "shield"))
      const r = yield* resolveWith(connection)
      assert.isTrue(Result.isSuccess(r) && r.success.happened[0]?.amount === 2)
    })
  )
})
