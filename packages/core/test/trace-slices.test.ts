/**
 * `Trace.renderEffect` (issue 32, point 3: a signal stops `bulwark resolve` while it renders the
 * trace of a huge event): the same text as `Trace.render`, rendered with turns of the event loop
 * between slices — also inside one record, since an event's first and last lines list every one
 * of its occurrences (100 000 of them in one line for the hostile files).
 *
 * Mutants tried: the turn inside a record's listing removed (the second test fails: no turn comes
 * while the one listing line of 100 000 occurrences is made); the listing's parts given in
 * reverse order (the first test fails on every trace with two occurrences or more).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { Trace } from "../src/index.js"
import { turnsDuring } from "./fixtures.js"
import { resolveWorld, WorldSpec, worldOf } from "./world.js"

describe("Trace.renderEffect", () => {
  it.prop(
    "gives render's text on generated traces, with and without explain",
    [WorldSpec, Schema.Boolean],
    ([spec, explain]) => {
      const w = worldOf(spec)
      const r = resolveWorld(w)
      if (r._tag !== "Success") return
      const context = { effects: w.ledger.effects, explain }
      assert.strictEqual(
        Effect.runSync(Trace.renderEffect(r.success.trace, context)),
        Trace.render(r.success.trace, context)
      )
    },
    { arbitrary: { runs: 300 } }
  )

  it("gives the event loop turns inside one line that lists 100 000 occurrences", async () => {
    const occurrences = Array.from({ length: 100_000 }, (_, i) => ({
      id: `d${i}`,
      family: "damage",
      subject: `c${i}`,
      source: "src",
      amount: 1
    }))
    const records: ReadonlyArray<Trace.Record> = [
      { _tag: "EventStarted", event: "big", cause: "event", occurrences },
      { _tag: "EventFinished", event: "big", happened: occurrences }
    ]
    const { value: text, turns } = await turnsDuring(Trace.renderEffect(records))
    assert.strictEqual(text, Trace.render(records))
    assert.include(text, "src would deal 1 damage to c99999 [d99999]")
    assert.isAtLeast(turns, 5)
  })
})
