import { type Decision, Errors, Ledger } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Result } from "effect"
import { TestClock } from "effect/testing"
import {
  answerOrPark,
  board,
  type PlayerChannel,
  type Prompt,
  resolveEvent,
  resolveWithSignal,
  runScenario
} from "../src/async-chooser.js"
import { Audit, audit } from "../src/replay-audit.js"
import { answer, Reply, type Store, type Stored, table } from "../src/stored-pending.js"

/** A fake client: records what it was asked and closed; answers with `answer` after `delayMs`. */
const client = (
  answer: ((p: Prompt) => string) | undefined,
  schedule: (f: () => void) => void = (f) => f()
) => {
  const asked: Array<Prompt> = []
  const closed: Array<string> = []
  const channel: PlayerChannel = {
    ask: (prompt, reply) => {
      asked.push(prompt)
      if (answer !== undefined) schedule(() => reply(answer(prompt)))
    },
    close: (id) => closed.push(id)
  }
  return { channel, asked, closed }
}

const compiled = () => {
  if (Result.isFailure(board)) throw new Error(board.failure.message)
  return board.success
}

/**
 * CR 616.1 (the affected object's controller chooses): nap is asked, and nap's answer decides —
 * shield first gives (3 − 2) × 2 = 2, double first 3 × 2 − 2 = 4.
 */
describe("docs/guides/async-chooser.md", () => {
  it.effect("nap is asked over the channel and the answer drives the resolution", () =>
    Effect.gen(function* () {
      const c = client(() => "shield")
      const r = yield* resolveEvent(compiled(), c.channel, "30 seconds")
      assert.deepStrictEqual(r.dealt, { Z: 2 })
      assert.strictEqual(c.asked.length, 1)
      assert.strictEqual(c.asked[0]?.request.chooser, "nap")
      assert.sameMembers([...(c.asked[0]?.options ?? [])] as Array<string>, ["shield", "double"])
      assert.include(c.asked[0]?.text ?? "", "nap")
    })
  )
  it.effect("a slow answer within the timeout is waited for", () =>
    Effect.gen(function* () {
      let later: (() => void) | undefined
      const c = client(
        () => "double",
        (f) => {
          later = f
        }
      )
      const fiber = yield* Effect.forkChild(resolveEvent(compiled(), c.channel, "30 seconds"))
      yield* TestClock.adjust("29 seconds")
      assert.isUndefined(fiber.pollUnsafe())
      later?.()
      const r = yield* Fiber.join(fiber)
      assert.deepStrictEqual(r.dealt, { Z: 4 })
      assert.deepStrictEqual(c.closed, [])
    })
  )
  it.effect("no answer within 30 s: a typed ChooserFailed, the question closed, the state untouched", () =>
    Effect.gen(function* () {
      const before = structuredClone(compiled().ledger)
      const c = client(undefined)
      const fiber = yield* Effect.forkChild(Effect.flip(resolveEvent(compiled(), c.channel, "30 seconds")))
      yield* TestClock.adjust("30 seconds")
      const e = yield* Fiber.join(fiber)
      assert.instanceOf(e, Errors.ChooserFailed)
      assert.include(e.message, "nap did not answer within 30s")
      assert.deepStrictEqual(c.closed, [c.asked[0]?.request.id])
      assert.deepStrictEqual(compiled().ledger, before)
      assert.strictEqual(Ledger.remaining(compiled().ledger, "shield"), 2)
    })
  )
  it.effect("cancelling (interrupting the fiber) closes the question", () =>
    Effect.gen(function* () {
      const c = client(undefined)
      const fiber = yield* Effect.forkChild(resolveEvent(compiled(), c.channel, "30 seconds"))
      yield* TestClock.adjust("1 second")
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(c.closed, [c.asked[0]?.request.id])
    })
  )
  it.effect("Ruleset.runEffect: a timeout is handled by tag (falls back to best for the chooser)", () =>
    Effect.gen(function* () {
      const c = client(undefined)
      const fiber = yield* Effect.forkChild(runScenario(compiled(), c.channel, "30 seconds"))
      yield* TestClock.adjust("30 seconds")
      const r = yield* Fiber.join(fiber)
      assert.deepStrictEqual(r.outcome.events["e"]?.dealt, { Z: 2 })
      assert.isUndefined(r.outcome.error)
    })
  )
  it("an AbortSignal cancels a Promise-based resolution and closes the question", async () => {
    const controller = new AbortController()
    const asked: Array<string> = []
    const closed: Array<string> = []
    const channel: PlayerChannel = {
      ask: (p) => {
        asked.push(p.request.id)
        queueMicrotask(() => controller.abort())
      },
      close: (id) => closed.push(id)
    }
    const settled = await resolveWithSignal(channel, controller.signal).then(
      () => "resolved",
      () => "rejected"
    )
    assert.strictEqual(settled, "rejected")
    assert.deepStrictEqual(closed, asked)
  })
  it("an AbortSignal that is never used: the Promise resolves with the answer", async () => {
    const c = client(() => "shield")
    const r = await resolveWithSignal(c.channel, new AbortController().signal)
    assert.deepStrictEqual(r.dealt, { Z: 2 })
  })
  it.effect(
    "one record from the timeout to the audit: ap answers in time, nap does not and is parked; after a restart nap answers; the finished decisions audit as standing",
    () =>
      Effect.gen(function* () {
        const rows = new Map<string, string>()
        const store: Store = {
          get: (k) => rows.get(k),
          set: (k, t) => void rows.set(k, t),
          delete: (k) => void rows.delete(k)
        }
        // CR 616.1 and APNAP (CR 101.4): ap orders on W first, then nap on Z
        const c = client(
          (p) => (p.request.chooser === "ap" ? "double" : undefined) as string,
          (f) => f()
        )
        const silent: PlayerChannel = {
          ask: (p, reply) => (p.request.chooser === "ap" ? c.channel.ask(p, reply) : c.asked.push(p)),
          close: c.channel.close
        }
        const fiber = yield* Effect.forkChild(answerOrPark(store, "g", table(), silent, "30 seconds"))
        yield* TestClock.adjust("30 seconds")
        const parked = yield* Fiber.join(fiber)
        if (!Reply.$is("Waiting")(parked))
          return assert.fail("expected nap's decision parked, the resolution is done")
        assert.strictEqual(parked.request.chooser, "nap")
        const saved = JSON.parse(rows.get("g") ?? "null") as Stored
        assert.deepStrictEqual(Object.keys(saved.decisions), ["format", "ruleset", "rulesVersion", "log"])
        assert.deepStrictEqual(
          saved.decisions.log.map((e: Decision.LogEntry) => [e.request.chooser, e.answer]),
          [["ap", "double"]]
        )
        // a restart: only the text survives
        const after = new Map(rows)
        const done = answer(
          {
            get: (k) => after.get(k),
            set: (k, t) => void after.set(k, t),
            delete: (k) => void after.delete(k)
          },
          "g",
          parked.request.id,
          "napShield"
        )
        assert.isTrue(Result.isSuccess(done))
        if (!Result.isSuccess(done) || !Reply.$is("Done")(done.success)) return assert.fail("not done")
        // ap doubled first on W: 3 × 2 − 2 = 4; nap's shield first on Z: (3 − 2) × 2 = 2
        assert.deepStrictEqual(done.success.dealt, { W: 4, Z: 2 })
        assert.strictEqual(done.success.decisions.log.length, 2)
        const a = audit(
          JSON.parse(
            JSON.stringify({ input: table(), decisions: done.success.decisions, dealt: done.success.dealt })
          )
        )
        assert.isTrue(Audit.$is("Stands")(a), JSON.stringify(a))
      })
  )
})
