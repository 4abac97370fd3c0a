/**
 * A declined "may" effect is considered, not applied. Riftbound 371.2.b: "If a Replacement Effect
 * is optional and its controller chooses not to apply it, that effect has not been applied" — so
 * an occurrence's `applied` (the effects that applied to it) does not list it, while it is still
 * not offered again for that event (each effect is considered once per event).
 *
 * Mutant tried: reporting `item.applied` as it is (a declined effect listed) fails the first test.
 */
import { assert, describe, it } from "@effect/vitest"
import { Chooser, GameEvent, Ledger, type Replacement, Resolver } from "../src/index.js"
import { affected, dealt, dmg, ok, shield, view } from "./fixtures.js"

const may = (id: string, amount: number): Replacement.Replacement => ({
  ...shield(id, "nap", ["napUnit"], amount),
  optional: true
})

const resolve = (effects: ReadonlyArray<Replacement.Replacement>, answers: ReadonlyArray<unknown>) =>
  ok(
    Resolver.resolveSync(
      affected,
      GameEvent.make("e", [dmg("a", "napUnit", 3)]),
      Ledger.make(effects),
      view,
      Chooser.scripted(answers)
    )
  )

describe("a declined 'may' is not applied (Riftbound 371.2.b)", () => {
  it("the occurrence's applied lists the effect used, not the one declined", () => {
    const r = resolve([may("used", 1), may("declined", 1)], ["used", true, false])
    assert.strictEqual(dealt(r, "napUnit"), 2)
    const o = r.outcomes.find((x) => x.subject === "napUnit")
    assert.deepStrictEqual(o?.applied, ["used"])
    // it was asked once and not again
    assert.strictEqual(r.decisions.filter((d) => d.request._tag === "UseOptional").length, 2)
  })

  it("declined alone: nothing applied, nothing prevented", () => {
    const r = resolve([may("declined", 2)], [false])
    assert.strictEqual(dealt(r, "napUnit"), 3)
    assert.deepStrictEqual(r.outcomes.find((x) => x.subject === "napUnit")?.applied, [])
  })
})
