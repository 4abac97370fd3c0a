/**
 * A long run stays interruptible (issue 32, point 3): `Ruleset.runEffect` and
 * `runEffectOutcome` give the event loop a turn every few milliseconds between steps, so a
 * signal handler or a timeout can run (and interrupt the fiber) during a run without any
 * decision — the `bulwark` command's Ctrl-C relies on it. `Ruleset.run` (synchronous) gives the
 * same outcome.
 *
 * Deterministic: each of the 60 steps busies itself for 3 ms, so the run lasts at least 180 ms
 * whatever the machine, and at least a few turns must have come (one every 10 ms is promised).
 * Without the turns, none comes: the run is one synchronous stretch.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { Chooser, type GameView, Ledger, Ruleset } from "../src/index.js"
import { affected, turnsDuring, view } from "./fixtures.js"

const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // a step that takes its time
  }
}

const compiled: Ruleset.Compiled = {
  view,
  ledger: Ledger.make([]),
  steps: Array.from({ length: 60 }, (_, i) => ({
    _tag: "Update" as const,
    label: `slow step ${i}`,
    apply: (v: GameView.GameView) => {
      busy(3)
      return v
    }
  }))
}

describe("a long run gives the event loop turns", () => {
  it("runEffectOutcome: timers run during the run, and the outcome is run's", async () => {
    const { value: r, turns } = await turnsDuring(
      Ruleset.runEffectOutcome(affected, compiled).pipe(
        Effect.provideService(Chooser.Chooser, Chooser.fromSync(Chooser.firstLegal))
      )
    )
    assert.isAtLeast(turns, 5)
    assert.deepStrictEqual(r.outcome, Ruleset.run(affected, compiled, Chooser.firstLegal).outcome)
  })

  it("a fiber running it is interrupted between steps, not at the end", async () => {
    let applied = 0
    const counting: Ruleset.Compiled = {
      ...compiled,
      steps: compiled.steps.map((s) =>
        s._tag === "Update"
          ? {
              ...s,
              apply: (v: GameView.GameView) => {
                applied++
                return s.apply(v)
              }
            }
          : s
      )
    }
    const fiber = Effect.runFork(
      Ruleset.runEffectOutcome(affected, counting).pipe(
        Effect.provideService(Chooser.Chooser, Chooser.fromSync(Chooser.firstLegal))
      )
    )
    setTimeout(() => Effect.runFork(Fiber.interrupt(fiber)), 30)
    await Effect.runPromise(Fiber.await(fiber))
    assert.isBelow(applied, 60)
  })
})
