/**
 * The ledger's time boundaries, the `expect:` matcher, and the generic scenario runner.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { Chooser, Expect, GameEvent, GameView, Ledger, Ruleset } from "../src/index.js"
import { affected, dmg, double, shield, view } from "./fixtures.js"

describe("Ledger", () => {
  it('"prevent the first 3 damage each combat": spent in one combat, restored at the end of combat', () => {
    const l = Ledger.make([{ ...shield("s", "nap", ["napUnit"], 3), resetsAt: "endOfCombat" }])
    const spent = { ...l, state: { s: { remaining: 0, uses: 1, spent: true } } }
    const next = Ledger.advance(spent, "endOfCombat")
    assert.strictEqual(Ledger.remaining(next, "s"), 3)
    assert.isFalse(Ledger.isSpent(next, "s"))
    assert.strictEqual(Ledger.remaining(Ledger.advance(spent, "endOfTurn"), "s"), 0)
  })
  it('"this turn": the effect ends at the end of the turn, and not before', () => {
    const l = Ledger.make([{ ...shield("s", "nap", ["napUnit"], 3), duration: { until: "endOfTurn" } }])
    assert.strictEqual(Ledger.advance(l, "endOfCombat").effects.length, 1)
    assert.strictEqual(Ledger.advance(l, "endOfTurn").effects.length, 0)
  })
  it("add and remove return new ledgers", () => {
    const l0 = Ledger.make([shield("a", "nap", ["napUnit"], 1)])
    const l1 = Ledger.add(l0, [shield("b", "nap", ["napUnit"], 2)])
    assert.deepStrictEqual(
      [l0.effects.length, l1.effects.length, Ledger.remove(l1, ["a"]).effects.length],
      [1, 2, 1]
    )
    assert.throws(() => Ledger.add(l1, [shield("a", "nap", ["napUnit"], 1)]))
  })
})

describe("Expect", () => {
  it("matches partially, reports every difference with its path", () => {
    assert.deepStrictEqual(Expect.match({ a: { b: 1 } }, { a: { b: 1, c: 2 }, d: 3 }), [])
    assert.deepStrictEqual(Expect.match({ a: { b: 1, x: 2 } }, { a: { b: 2 } }), [
      { path: "a.b", expected: 1, actual: 2 },
      { path: "a.x", expected: 2, actual: "(missing)" }
    ])
    assert.deepStrictEqual(Expect.match({ l: [1, 2] }, { l: [1, 2, 3] }).length, 1)
    assert.deepStrictEqual(
      Expect.match({ "odd key": { message: "two" } }, { "odd key": { message: "one two three" } }),
      []
    )
    assert.strictEqual(Expect.render(Expect.match({ a: 1 }, { a: 2 })), "at a: expected 1, got 2")
  })
})

describe("Ruleset.run", () => {
  const compiled: Ruleset.Compiled = {
    view,
    ledger: Ledger.make([shield("s", "nap", ["napUnit"], 4)]),
    steps: [
      { _tag: "Event", event: GameEvent.make("first", [dmg("a", "napUnit", 3)]) },
      { _tag: "AddEffects", effects: [double("d", "ap")] },
      {
        _tag: "Update",
        label: "napUnit turns red",
        apply: (v) =>
          GameView.setObject(v, {
            ...(v.objects["napUnit"] as GameView.GameObject),
            props: { colors: ["red"] }
          })
      },
      { _tag: "Event", event: GameEvent.make("second", [dmg("b", "napUnit", 3)]) },
      { _tag: "Advance", boundary: "endOfTurn" },
      {
        _tag: "Query",
        name: "remaining",
        run: (ctx) => Result.succeed(Ledger.remaining(ctx.ledger, "s") ?? null)
      }
    ]
  }
  it("threads the ledger and view through the steps and builds the outcome", () => {
    const r = Ruleset.run(affected, compiled, Chooser.scripted(["s"]))
    const problems = Expect.outcome(
      {
        events: {
          first: { dealt: {}, prevented: { napUnit: 3 } },
          second: { dealt: { napUnit: 4 }, prevented: { napUnit: 1 } }
        },
        state: { napUnit: { colors: ["red"] } },
        effects: { s: { remaining: 0, spent: true, gone: true }, d: { uses: 1 } },
        decisions: [{ kind: "ChooseEffect", chooser: "nap", answer: "s" }],
        queries: { remaining: 0 }
      },
      r.outcome
    )
    assert.deepStrictEqual(problems, [])
  })
  it("a failing step ends the run with `error`, which fails a check that did not expect it", () => {
    const r = Ruleset.run(affected, compiled, Chooser.scripted([]))
    assert.strictEqual(r.outcome.error?.tag, "MissingDecision")
    assert.strictEqual(r.outcome.error?.step, 3)
    assert.strictEqual(Expect.outcome({}, r.outcome).length, 1)
    assert.deepStrictEqual(
      Expect.outcome({ error: { tag: "MissingDecision", message: "d1" } }, r.outcome),
      []
    )
  })
  it.effect("runEffect and runEffectOutcome give the same outcome with a chooser service", () =>
    Effect.gen(function* () {
      const sync = Ruleset.run(affected, compiled, Chooser.scripted(["s"]))
      const chooser = Chooser.fromSync(Chooser.scripted(["s"]))
      const viaEffect = yield* Ruleset.runEffect(affected, compiled).pipe(
        Effect.provideService(Chooser.Chooser, chooser)
      )
      const viaOutcome = yield* Ruleset.runEffectOutcome(affected, compiled).pipe(
        Effect.provideService(Chooser.Chooser, chooser)
      )
      assert.deepStrictEqual(viaEffect.outcome, sync.outcome)
      assert.deepStrictEqual(viaOutcome.outcome, sync.outcome)
    })
  )
  it.effect("runEffect fails in the error channel with the typed error; runEffectOutcome records it", () =>
    Effect.gen(function* () {
      const chooser = Chooser.fromSync(Chooser.scripted([]))
      const failed = yield* Ruleset.runEffect(affected, compiled).pipe(
        Effect.provideService(Chooser.Chooser, chooser),
        Effect.flip
      )
      assert.strictEqual(failed._tag, "MissingDecision")
      // handled by tag, as an Effect error is
      const handled = yield* Ruleset.runEffect(affected, compiled).pipe(
        Effect.map(() => "ran"),
        Effect.catchTag("MissingDecision", (e) => Effect.succeed(`asked ${e.chooser}`)),
        Effect.provideService(Chooser.Chooser, chooser)
      )
      assert.strictEqual(handled, "asked nap")
      const recorded = yield* Ruleset.runEffectOutcome(affected, compiled).pipe(
        Effect.provideService(Chooser.Chooser, chooser)
      )
      assert.deepStrictEqual(recorded.outcome.error, {
        tag: "MissingDecision",
        message: failed.message,
        step: 3
      })
    })
  )
  it.effect("runEffect: an effect added by a step that is invalid fails with InvalidEffect", () =>
    Effect.gen(function* () {
      const bad: Ruleset.Compiled = {
        ...compiled,
        steps: [{ _tag: "AddEffects", effects: [{ ...double("d", "ap"), id: "s" }] }]
      }
      const failed = yield* Ruleset.runEffect(affected, bad).pipe(
        Effect.provideService(Chooser.Chooser, Chooser.fromSync(Chooser.firstLegal)),
        Effect.flip
      )
      assert.strictEqual(failed._tag, "InvalidEffect")
    })
  )
})
