/**
 * Bad input gets a clear typed error naming what and where, and nothing is half-applied.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, GameView, Ledger, type Replacement, Resolver } from "../src/index.js"
import { affected, dmg, shield, view } from "./fixtures.js"

const run = (
  effects: ReadonlyArray<Replacement.Replacement>,
  occs: ReadonlyArray<GameEvent.Occurrence>,
  rules = affected
) => Resolver.resolveSync(rules, GameEvent.make("e", occs), { effects, state: {} }, view, Chooser.firstLegal)

describe("typed errors", () => {
  it("an unknown recipient is UnknownId naming the occurrence", () => {
    const r = run([], [dmg("i1", "ghost", 2)])
    assert.isTrue(
      Result.isFailure(r) &&
        r.failure._tag === "UnknownId" &&
        r.failure.message.includes("occurrences[0].subject")
    )
  })
  it("a negative or fractional amount is InvalidEvent naming the path", () => {
    const neg = run([], [{ ...dmg("i1", "napUnit", 2), amount: -1 }])
    assert.isTrue(
      Result.isFailure(neg) &&
        neg.failure._tag === "InvalidEvent" &&
        neg.failure.message.includes("occurrences[0].amount")
    )
    const frac = run([], [{ ...dmg("i1", "napUnit", 2), amount: 1.5 }])
    assert.isTrue(Result.isFailure(frac) && frac.failure._tag === "InvalidEvent")
  })
  it("duplicate occurrence ids are InvalidEvent", () => {
    const r = run([], [dmg("i1", "napUnit", 2), dmg("i1", "apUnit", 2)])
    assert.isTrue(Result.isFailure(r) && r.failure._tag === "InvalidEvent")
  })
  it("a duplicate effect id or a shield without a number is InvalidEffect", () => {
    const s = shield("s", "nap", ["napUnit"], 2)
    const dup = run([s, s], [dmg("i1", "napUnit", 2)])
    assert.isTrue(
      Result.isFailure(dup) &&
        dup.failure._tag === "InvalidEffect" &&
        dup.failure.message.includes("duplicate")
    )
    const allShield = run(
      [{ ...s, action: { _tag: "Prevent", amount: "all", scope: "shield" } }],
      [dmg("i1", "napUnit", 2)]
    )
    assert.isTrue(Result.isFailure(allShield) && allShield.failure._tag === "InvalidEffect")
    assert.throws(() => Ledger.make([s, s]))
  })
  /**
   * A cost is paid once (FaB 1.14.4: "the player must be able to successfully generate and
   * resolve the specified costs"): a cost naming "the source of that damage" while the effect
   * covers damage from two sources names no one object, and is not made from whichever is listed
   * first.
   */
  it("a cost naming the source of damage that has two sources is InvalidEffect naming cost.subject", () => {
    const s = shield("s", "nap", ["napUnit"], 5, { cost: { family: "destroy", subject: "source" } })
    for (const occs of [
      [dmg("i1", "napUnit", 1), dmg("i2", "napUnit", 1, { source: "src2" })],
      [dmg("i2", "napUnit", 1, { source: "src2" }), dmg("i1", "napUnit", 1)]
    ]) {
      const r = run([s], occs)
      assert.isTrue(
        Result.isFailure(r) &&
          r.failure._tag === "InvalidEffect" &&
          r.failure.message.includes("cost.subject") &&
          r.failure.message.includes("src, src2")
      )
    }
    // one source: the cost is made from it
    const one = run([s], [dmg("i1", "napUnit", 1), dmg("i2", "napUnit", 1)])
    assert.isTrue(
      Result.isSuccess(one) && one.success.happened.some((o) => o.family === "destroy" && o.subject === "src")
    )
  })
  it("an effect controlled by someone who is not a player is UnknownId", () => {
    const r = run([shield("s", "napUnit", ["napUnit"], 2)], [dmg("i1", "napUnit", 2)])
    assert.isTrue(Result.isFailure(r) && r.failure._tag === "UnknownId")
  })
  it("a filter naming a missing predicate, or a predicate that throws, is PredicateFailed — the ledger is untouched", () => {
    const named = (name: string): Replacement.Replacement => ({
      ...shield("s", "nap", [], 2),
      watch: { family: "damage", subject: { _tag: "Named", name } }
    })
    const missing = run([named("nope")], [dmg("i1", "napUnit", 2)])
    assert.isTrue(
      Result.isFailure(missing) &&
        missing.failure._tag === "PredicateFailed" &&
        missing.failure.message.includes("nope")
    )
    const throwing = {
      ...affected,
      predicates: {
        boom: () => {
          throw new Error("kaboom")
        }
      }
    }
    const ledger = Ledger.make([named("boom")])
    const before = JSON.stringify(ledger)
    const r = Resolver.resolveSync(
      throwing,
      GameEvent.make("e", [dmg("i1", "napUnit", 2)]),
      ledger,
      view,
      Chooser.firstLegal
    )
    assert.isTrue(
      Result.isFailure(r) && r.failure._tag === "PredicateFailed" && r.failure.message.includes("kaboom")
    )
    assert.strictEqual(JSON.stringify(ledger), before)
  })
  it("an active player who is not in the game is UnknownId, even with no effects", () => {
    const r = Resolver.resolveSync(
      affected,
      GameEvent.make("e", [dmg("i1", "napUnit", 2)]),
      Ledger.empty,
      { ...view, activePlayer: "ghost" },
      Chooser.firstLegal
    )
    assert.isTrue(
      Result.isFailure(r) && r.failure._tag === "UnknownId" && r.failure.message.includes("activePlayer")
    )
  })
  it("ids that are names on Object.prototype are unknown unless the view holds them", () => {
    for (const id of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      const r = run([], [dmg("i1", id, 2)])
      assert.isTrue(Result.isFailure(r) && r.failure._tag === "UnknownId", id)
      const asController = run([shield("s", id, ["napUnit"], 1)], [dmg("i1", "napUnit", 2)])
      assert.isTrue(Result.isFailure(asController) && asController.failure._tag === "UnknownId", id)
    }
    const odd = GameView.make({
      players: ["ap"],
      activePlayer: "ap",
      objects: [{ id: "__proto__", kind: "object", controller: "ap", props: {} }]
    })
    assert.strictEqual(GameView.get(odd, "__proto__")?.controller, "ap")
    assert.strictEqual(Object.getPrototypeOf(odd.objects), Object.prototype)
  })
  it("a chooser that throws is ChooserFailed", () => {
    // shields of 1 and 2 on 2 damage: which applies first changes what is left, so nap is asked
    const two = [shield("a", "nap", ["napUnit"], 1), shield("b", "nap", ["napUnit"], 2)]
    const r = Resolver.resolveSync(
      affected,
      GameEvent.make("e", [dmg("i1", "napUnit", 2)]),
      Ledger.make(two),
      view,
      () => {
        throw new Error("disconnected")
      }
    )
    assert.isTrue(
      Result.isFailure(r) && r.failure._tag === "ChooserFailed" && r.failure.message.includes("disconnected")
    )
  })
})
