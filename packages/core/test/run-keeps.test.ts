/**
 * What a run keeps (issue 32, point 1: 1 000 000 occurrences over 1 000 events under 1.5 GB).
 * By default a `RunResult` holds every event's resolution and outcome; `resolutions: false` keeps
 * no resolution (each holds its own outcomes, ledger and view), and `keepEvent` builds and keeps
 * only the outcomes of the events it names — what `bulwark check` passes, so a long run holds
 * one ledger and one view, not one per event. The run is the same run: the kept outcomes, the
 * final state, effects, decisions, ledger and view equal the full run's. Structural checks, no
 * memory or time measured (docs/performance.md has the numbers).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { Chooser, GameEvent, Language, Ledger, Ruleset } from "../src/index.js"
import { affected, dmg, shield, view } from "./fixtures.js"

const events = ["e1", "e2", "e3", "e4"]
const compiled: Ruleset.Compiled = {
  view,
  // two shields on one recipient: its controller orders them (a decision in the log)
  ledger: Ledger.make([shield("s1", "nap", ["napUnit"], 1), shield("s2", "nap", ["napUnit"], 2)]),
  steps: events.map((id, i) => ({
    _tag: "Event" as const,
    event: GameEvent.make(id, [dmg(`${id}-a`, "napUnit", 2 + i), dmg(`${id}-b`, "apUnit", 1)])
  }))
}

describe("what a run keeps", () => {
  const full = Ruleset.run(affected, compiled, Chooser.firstLegal)

  it("by default: every event's resolution and outcome", () => {
    assert.isUndefined(full.outcome.error, full.outcome.error?.message)
    assert.strictEqual(full.resolutions.length, events.length)
    assert.deepStrictEqual(Object.keys(full.outcome.events), events)
    assert.isAbove(full.outcome.decisions.length, 0)
  })

  it("resolutions: false and keepEvent: no resolution, only the named event's outcome, the same run", () => {
    const lean = Ruleset.run(affected, compiled, Chooser.firstLegal, {
      resolutions: false,
      keepEvent: (id) => id === "e2"
    })
    assert.strictEqual(lean.resolutions.length, 0)
    assert.deepStrictEqual(Object.keys(lean.outcome.events), ["e2"])
    assert.deepStrictEqual(lean.outcome.events["e2"], full.outcome.events["e2"])
    const { events: _, ...rest } = lean.outcome
    const { events: __, ...fullRest } = full.outcome
    assert.deepStrictEqual(rest, fullRest)
    assert.deepStrictEqual(lean.ledger, full.ledger)
    assert.deepStrictEqual(lean.view, full.view)
    assert.deepStrictEqual(lean.trace, full.trace)
  })

  it("runEffectOutcome takes the same options", async () => {
    const r = await Effect.runPromise(
      Ruleset.runEffectOutcome(affected, compiled, {
        trace: false,
        resolutions: false,
        keepEvent: () => false
      }).pipe(Effect.provideService(Chooser.Chooser, Chooser.fromSync(Chooser.firstLegal)))
    )
    assert.strictEqual(r.resolutions.length, 0)
    assert.deepStrictEqual(r.outcome.events, {})
    assert.deepStrictEqual(r.trace, [])
    assert.deepStrictEqual(r.outcome.state, full.outcome.state)
  })
})

describe("occurrences written without kinds or params share them", () => {
  it("Language.occurrence: one empty list and one empty mapping for all, not two objects each", () => {
    const a = Language.occurrence({ id: "a", family: "damage", to: "x", amount: 1 })
    const b = Language.occurrence({ id: "b", family: "damage", to: "y", amount: 2 })
    assert.deepStrictEqual([a.kinds, a.params], [[], {}])
    assert.strictEqual(a.kinds, b.kinds)
    assert.strictEqual(a.params, b.params)
    const c = Language.occurrence({ id: "c", family: "damage", to: "y", amount: 2, kinds: ["combat"] })
    assert.deepStrictEqual(c.kinds, ["combat"])
  })
})
