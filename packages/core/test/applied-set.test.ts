/**
 * DESIGN invariant 1: "An effect modifies a given original event at most once". The kernel keeps
 * each occurrence's applied effects as a list and, past 8 of them, as a set too; a copied state
 * (the search of `bestForChooser` copies one per answer it tries) must never share that set, or
 * one branch would see effects another branch applied.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, Ledger, type Replacement, Resolver } from "../src/index.js"
import { affected, view } from "./fixtures.js"

// a condition that always holds keeps these effects out of the exact fast path: the chooser
// searches with the kernel, copying the state for every answer it tries
const plusOne = (i: number): Replacement.Replacement => ({
  id: `plus${i}`,
  label: `+1 (${i})`,
  controller: "nap",
  category: "standard",
  condition: { _tag: "All", all: [] },
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Modify", op: "add", value: 1 }
})

describe("applied effects past 8 (at most once per event)", () => {
  it("12 '+1' effects each apply exactly once, whatever the chooser tries: 1 + 12 = 13", () => {
    const effects = Array.from({ length: 12 }, (_, i) => plusOne(i))
    const event = GameEvent.make("e", [
      GameEvent.damage({ id: "i1", source: "src", recipient: "napUnit", amount: 1 })
    ])
    for (const chooser of [Chooser.firstLegal, Chooser.bestForChooser()]) {
      const r = Resolver.resolveSync(affected, event, Ledger.make(effects), view, chooser, { trace: false })
      if (Result.isFailure(r)) throw new Error(r.failure.message)
      const outcome = r.success.outcomes.find((o) => o.id === "i1")
      assert.strictEqual(outcome?.amount, 13)
      assert.strictEqual(outcome?.applied.length, 12)
      assert.strictEqual(new Set(outcome?.applied).size, 12)
    }
  })
})
