import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, Ledger, Resolver } from "../src/index.js"
import { affected, dmg, double, shield, view } from "./fixtures.js"

describe("smoke", () => {
  /** MTG-09 shape: "prevent the next 2" and "double that damage" on 3 damage; the affected controller orders. */
  it("non-commuting order is the chooser's: prevent first 2, double first 4", () => {
    const ledger = Ledger.make([shield("s", "nap", ["napUnit"], 2), double("d", "ap")])
    const event = GameEvent.make("e", [dmg("i", "napUnit", 3)])
    const a = Resolver.resolveSync(affected, event, ledger, view, Chooser.scripted(["s"]))
    const b = Resolver.resolveSync(affected, event, ledger, view, Chooser.scripted(["d"]))
    assert.isTrue(Result.isSuccess(a) && Result.isSuccess(b))
    if (Result.isSuccess(a) && Result.isSuccess(b)) {
      assert.strictEqual(a.success.happened[0]?.amount, 2)
      assert.strictEqual(b.success.happened[0]?.amount, 4)
      assert.strictEqual(a.success.decisions[0]?.request.chooser, "nap")
      const best = Resolver.resolveSync(affected, event, ledger, view, Chooser.bestForChooser())
      assert.isTrue(Result.isSuccess(best) && best.success.decisions[0]?.answer === "s")
    }
  })
})
