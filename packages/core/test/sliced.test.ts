/**
 * One big event stays interruptible (issue 32, point 3: "SIGINT / SIGTERM stop any command within
 * a second … in a huge resolution"). `Ruleset`'s step loop resolves each event in slices
 * (`internal/kernel/sliced`): the step machine hands the state back between two stretches of
 * work — before an event is pushed as a frame, between two groups, between two steps — and the
 * loop gives the event loop a turn there.
 *
 * Two laws:
 * - **Pausing changes nothing.** With a slice of 0 ms (a pause at every point the step machine
 *   may pause), a resolution driven to its end gives exactly what `Kernel.start` (which never
 *   pauses) gives: outcomes, summaries, happened, notifications, ledger, view, trace and decisions,
 *   as JSON — on generated worlds, with and without a results stage, trace on and off.
 * - **One event gives turns.** An event of 200 groups whose ordering policy takes 1 ms a group
 *   (at least 200 ms whatever the machine) lets timers run during that one event, and a fiber
 *   running it is interrupted inside the event, not after it. Without the pauses, no turn comes
 *   until the event is resolved: the event is one synchronous stretch.
 *
 * Mutants tried: the pause taken after `next` was cleared and before it was pushed (the results
 * event lost: the law fails on worlds with a results stage); the pause check in the group loop
 * removed (the second test fails: no turn during the event, every group asked before the
 * interruption).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Schema } from "effect"
import { Chooser, GameEvent, GameView, Kernel, Ledger, type Policy, Ruleset } from "../src/index.js"
import * as Sliced from "../src/internal/kernel/sliced.js"
import { affected, turnsDuring, view } from "./fixtures.js"
import { type World, WorldSpec, withResults, worldOf } from "./world.js"

const json = (x: unknown): string =>
  JSON.stringify(x, (_k, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v))

/** Drives a step to its end with the world's chooser; `sliced`: continues every pause at once. */
const drive = (w: World, step: Sliced.Sliced, sliced: boolean): { end: Kernel.Step; pauses: number } => {
  let k = step
  let pauses = 0
  while (k._tag === "Pending" || k._tag === "Paused") {
    if (k._tag === "Paused") {
      pauses++
      k = Sliced.proceed(k.state, 0)
      continue
    }
    const answer = w.chooser(k.request, k.state)
    if (answer === undefined) throw new Error(`no answer to ${k.request.id}`)
    k = sliced ? Sliced.unsafeResumeSliced(k.state, answer, 0) : Kernel.unsafeResume(k.state, answer)
  }
  return { end: k, pauses }
}

const Spec = Schema.Struct({ world: WorldSpec, results: Schema.Boolean, trace: Schema.Boolean })

let paused = 0

describe("a resolution in slices (issue 32)", () => {
  it.prop(
    "pausing at every point gives what the unsliced kernel gives",
    [Spec],
    ([spec]) => {
      const base = worldOf(spec.world)
      const w: World = { ...base, rules: spec.results ? withResults(base.rules) : base.rules }
      const options = { trace: spec.trace }
      const plain = drive(w, Kernel.start(w.rules, w.event, w.ledger, w.view, options), false)
      const sliced = drive(w, Sliced.startSliced(w.rules, w.event, w.ledger, w.view, options, 0), true)
      assert.strictEqual(plain.pauses, 0)
      paused += sliced.pauses
      assert.strictEqual(json(sliced.end), json(plain.end))
    },
    { arbitrary: { runs: 300 } }
  )

  it("paused on those worlds (the law above is not vacuous)", () => {
    assert.isAbove(paused, 300)
  })

  const busy = (ms: number) => {
    const until = performance.now() + ms
    while (performance.now() < until) {
      // a policy that takes its time
    }
  }

  /** An event of 200 damage occurrences to 200 players: 200 groups, the policy asked for each. */
  const slowEvent = (asked: { n: number }) => {
    const players = Array.from({ length: 200 }, (_, i) => `p${i}`)
    const order: Policy.EffectOrder["Service"] = {
      ...affected.order,
      next: (ctx) => {
        asked.n++
        busy(1)
        return affected.order.next(ctx)
      }
    }
    const rules: Policy.Rules = { ...affected, order }
    const event = GameEvent.make(
      "big",
      players.map((p, i) => GameEvent.damage({ id: `d${i}`, source: "src", recipient: p, amount: 1 }))
    )
    const compiled: Ruleset.Compiled = {
      view: GameView.make({ players, activePlayer: "p0", objects: Object.values(view.objects) }),
      ledger: Ledger.make([]),
      steps: [{ _tag: "Event", event }]
    }
    return { rules, compiled }
  }

  it("one slow event: timers run during it, and the outcome is the unsliced run's", async () => {
    const asked = { n: 0 }
    const { rules, compiled } = slowEvent(asked)
    const { value: r, turns } = await turnsDuring(
      Ruleset.runEffectOutcome(rules, compiled).pipe(
        Effect.provideService(Chooser.Chooser, Chooser.fromSync(Chooser.firstLegal))
      )
    )
    assert.isUndefined(r.outcome.error)
    assert.strictEqual(asked.n, 200)
    assert.isAtLeast(turns, 5)
    const event = (compiled.steps[0] as { event: GameEvent.GameEvent }).event
    const plain = Kernel.start(rules, event, compiled.ledger, compiled.view)
    assert.strictEqual(plain._tag, "Done")
    if (plain._tag === "Done") assert.deepStrictEqual(r.outcome.events["big"]?.dealt, plain.resolution.dealt)
    assert.strictEqual(Object.keys(r.outcome.events["big"]?.dealt ?? {}).length, 200)
  })

  it("a fiber resolving one slow event is interrupted inside it, not after it", async () => {
    const asked = { n: 0 }
    const { rules, compiled } = slowEvent(asked)
    const fiber = Effect.runFork(
      Ruleset.runEffectOutcome(rules, compiled).pipe(
        Effect.provideService(Chooser.Chooser, Chooser.fromSync(Chooser.firstLegal))
      )
    )
    setTimeout(() => Effect.runFork(Fiber.interrupt(fiber)), 30)
    await Effect.runPromise(Fiber.await(fiber))
    assert.isAbove(asked.n, 0)
    assert.isBelow(asked.n, 200)
  })
})
