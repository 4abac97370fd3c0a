/**
 * What an integrator reads and passes in: a resolution's `dealt` / `prevented` summaries (the
 * same as a scenario outcome's), the source of every happened occurrence, and the one entry
 * point for outside data (`Resolver.decodeInput`), so that no `"3"`, `NaN` or `1e308` reaches a
 * resolution on any path.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  Chooser,
  Errors,
  Expect,
  GameEvent,
  Kernel,
  Ledger,
  type Replacement,
  Resolver,
  Ruleset
} from "../src/index.js"
import { affected, dmg, double, ok, shield, view } from "./fixtures.js"

const redirect = (id: string, controller: string, to: string): Replacement.Replacement => ({
  id,
  label: `The damage is dealt to ${to} instead`,
  controller,
  category: "standard",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Redirect", to }
})

describe("Resolution summaries", () => {
  it("dealt / prevented per recipient: a 2-point shield on 3 damage deals 1 and prevents 2", () => {
    const r = ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e", [dmg("a", "napUnit", 3), dmg("b", "apUnit", 2)]),
        Ledger.make([shield("s", "nap", ["napUnit"], 2)]),
        view,
        Chooser.firstLegal
      )
    )
    assert.deepStrictEqual(r.dealt, { napUnit: 1, apUnit: 2 })
    assert.deepStrictEqual(r.prevented, { napUnit: 2 })
  })
  it("redirected damage counts for its new recipient", () => {
    const r = ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e", [dmg("a", "napUnit", 3)]),
        Ledger.make([redirect("r", "nap", "napAlly")]),
        view,
        Chooser.firstLegal
      )
    )
    assert.deepStrictEqual(r.dealt, { napAlly: 3 })
  })
  it("are the summaries a scenario outcome reports for the same event (one definition)", () => {
    const event = GameEvent.make("e", [dmg("a", "napUnit", 3)])
    const ledger = Ledger.make([shield("s", "nap", ["napUnit"], 2), double("d", "ap")])
    const direct = ok(Resolver.resolveSync(affected, event, ledger, view, Chooser.scripted(["d"])))
    const run = Ruleset.run(
      affected,
      { view, ledger, steps: [{ _tag: "Event", event }] },
      Chooser.scripted(["d"])
    )
    // double first: 3 × 2 − 2 = 4 dealt, 2 prevented
    assert.deepStrictEqual([direct.dealt, direct.prevented], [{ napUnit: 4 }, { napUnit: 2 }])
    assert.deepStrictEqual(run.outcome.events["e"]?.dealt, direct.dealt)
    assert.deepStrictEqual(run.outcome.events["e"]?.prevented, direct.prevented)
  })
  it("are plain enumerable data (JSON)", () => {
    const r = ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e", [dmg("a", "napUnit", 3)]),
        Ledger.empty,
        view,
        Chooser.firstLegal
      )
    )
    const json = JSON.parse(JSON.stringify(r)) as { dealt: unknown; prevented: unknown }
    assert.deepStrictEqual([json.dealt, json.prevented], [{ napUnit: 3 }, {}])
  })
})

describe("happened carries its source", () => {
  const event = GameEvent.make("e", [dmg("a", "napUnit", 3, { source: "src2" })])
  const run = Ruleset.run(
    affected,
    { view, ledger: Ledger.empty, steps: [{ _tag: "Event", event }] },
    Chooser.firstLegal
  )
  it("in a resolution and in a scenario outcome", () => {
    const r = ok(Resolver.resolveSync(affected, event, Ledger.empty, view, Chooser.firstLegal))
    assert.strictEqual(r.happened[0]?.source, "src2")
    assert.deepStrictEqual(run.outcome.events["e"]?.happened, [
      { id: "a", family: "damage", subject: "napUnit", source: "src2", amount: 3 }
    ])
  })
  it("so an expectation naming the source matches, and a wrong source is reported at its path", () => {
    assert.deepStrictEqual(
      Expect.outcome({ events: { e: { happened: [{ source: "src2" }] } } }, run.outcome),
      []
    )
    assert.deepStrictEqual(
      Expect.outcome({ events: { e: { happened: [{ source: "src" }] } } }, run.outcome).map((p) => p.path),
      ["events.e.happened[0].source"]
    )
  })
})

describe("no path lets a bad number reach run time", () => {
  const oneShot = (amount: unknown) =>
    GameEvent.make("e", [{ ...dmg("a", "napUnit", 3), amount: amount as number }])
  for (const bad of [1e308, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 2.5, -1, "3"]) {
    it(`Kernel.start refuses an occurrence amount of ${typeof bad === "string" ? JSON.stringify(bad) : bad}`, () => {
      const step = Kernel.start(affected, oneShot(bad), Ledger.empty, view)
      assert.strictEqual(step._tag, "Failed")
      if (step._tag === "Failed") {
        assert.strictEqual(step.error._tag, "InvalidEvent")
        assert.include(step.error.message, "occurrences[0].amount")
      }
    })
  }
  for (const bad of [1e308, Number.NaN, 2.5, "3"]) {
    it(`Ledger.make refuses a shield of ${typeof bad === "string" ? JSON.stringify(bad) : bad} (an effect built in code)`, () => {
      const e = shield("s", "nap", ["napUnit"], bad as number)
      const err = Ledger.validate([e])
      assert.strictEqual(err?._tag, "InvalidEffect")
      assert.strictEqual(err?.path, "action.amount")
      assert.throws(() => Ledger.make([e]))
    })
  }
  for (const bad of [1e308, Number.NaN, Number.NEGATIVE_INFINITY, "2"]) {
    it(`Ledger.make refuses a modifier of ${typeof bad === "string" ? JSON.stringify(bad) : bad}`, () => {
      const e: Replacement.Replacement = {
        ...double("d", "ap"),
        action: { _tag: "Modify", op: "add", value: bad as number }
      }
      assert.strictEqual(Ledger.validate([e])?.path, "action.value")
    })
  }
  it("a fractional multiplier stays allowed (halving is a rule in some games)", () => {
    const e: Replacement.Replacement = {
      ...double("d", "ap"),
      action: { _tag: "Modify", op: "mul", value: 0.5 }
    }
    assert.isUndefined(Ledger.validate([e]))
  })
})

describe("Resolver.decodeInput", () => {
  const event = GameEvent.make("e", [dmg("a", "napUnit", 3)])
  const effects = [shield("s", "nap", ["napUnit"], 2), double("d", "ap")]
  /** What a server receives: the input as JSON text, parsed. */
  const wire = (x: unknown): Record<string, unknown> =>
    JSON.parse(JSON.stringify(x)) as Record<string, unknown>
  const good = wire({ event, view, effects })

  it("decodes JSON of an event, effects and a view into input that resolves as the originals do", () => {
    const input = Resolver.decodeInput(good)
    assert.isTrue(Result.isSuccess(input))
    if (Result.isFailure(input)) return
    const fromWire = ok(
      Resolver.resolveSync(
        affected,
        input.success.event,
        input.success.ledger,
        input.success.view,
        Chooser.scripted(["s"])
      )
    )
    const direct = ok(
      Resolver.resolveSync(affected, event, Ledger.make(effects), view, Chooser.scripted(["s"]))
    )
    assert.deepStrictEqual(fromWire.outcomes, direct.outcomes)
    assert.deepStrictEqual(fromWire.dealt, { napUnit: 2 })
  })
  it("takes a stored ledger (with its state) instead of effects", () => {
    const used = ok(
      Resolver.resolveSync(affected, event, Ledger.make(effects), view, Chooser.scripted(["s"]))
    )
    const input = Resolver.decodeInput(wire({ event, view, ledger: used.ledger }))
    assert.isTrue(Result.isSuccess(input))
    if (Result.isSuccess(input)) assert.strictEqual(Ledger.remaining(input.success.ledger, "s"), 0)
  })

  const occurrenceAmount = (amount: unknown) => {
    const raw = wire({ event, view, effects })
    const occurrences = (raw["event"] as { occurrences: Array<Record<string, unknown>> }).occurrences
    occurrences[0] = { ...occurrences[0], amount }
    return raw
  }
  const failure = (input: unknown) => {
    const r = Resolver.decodeInput(input)
    if (Result.isSuccess(r)) return assert.fail("expected a failure")
    return r.failure
  }
  // NaN and 1e308 can't come through JSON.parse; a program can still hand them over
  for (const [bad, shown] of [
    ["3", '"3"'],
    [Number.NaN, "NaN"],
    [1e308, "1e+308"],
    [2.5, "2.5"]
  ] as const) {
    it(`refuses an amount of ${shown}, naming where`, () => {
      const e = failure(occurrenceAmount(bad))
      assert.instanceOf(e, Errors.InvalidInput)
      assert.strictEqual((e as Errors.InvalidInput).path, "event.occurrences[0].amount")
      assert.include(e.message, `got ${shown}`)
    })
  }
  it("refuses a bad number inside an effect, naming the effect's index", () => {
    const raw = wire({ event, view, effects })
    ;(raw["effects"] as Array<{ action: Record<string, unknown> }>)[0]!.action["amount"] = "2"
    const e = failure(raw)
    assert.strictEqual((e as Errors.InvalidInput).path, "effects[0].action.amount")
  })
  it("refuses an unknown key, and neither or both of effects and ledger", () => {
    assert.strictEqual((failure({ ...good, extra: 1 }) as Errors.InvalidInput).path, "extra")
    const { effects: _e, ...none } = good
    assert.include(failure(none).message, "exactly one")
    assert.include(failure({ ...good, ledger: { effects: [], state: {} } }).message, "exactly one")
  })
  it("checks what the schemas can't: an id the view does not know, a duplicate effect id", () => {
    const ghost = wire({ event: GameEvent.make("e", [dmg("a", "ghost", 1)]), view, effects })
    assert.strictEqual(failure(ghost)._tag, "UnknownId")
    assert.strictEqual(
      failure(wire({ event, view, effects: [effects[0], effects[0]] }))._tag,
      "InvalidEffect"
    )
  })
})
