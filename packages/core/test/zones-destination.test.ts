/**
 * A zone move with a destination (issue 28 point 7: the same thing in MTG 614.1a "exile it
 * instead", FaB 8.5.5c "put it on the bottom of your deck instead" and Берсерк 534.1 "instead put
 * it into its owner's deck"): `Zones.destination`, `Zones.put`; and an event read when it happens
 * (`Ruleset.Step` `at`: MTG 510.1a "combat damage equal to its power", 701.17a "the top cards").
 * Each test can fail: the mutant tried is named beside it.
 */
import { assert, describe, it } from "@effect/vitest"
import { Chooser, GameEvent, GameView, Ledger, Ruleset, Zones } from "../src/index.js"
import { affected, dmg, view } from "./fixtures.js"

const deck = GameView.make({
  players: ["bob"],
  activePlayer: "bob",
  objects: [
    { id: "top", kind: "object", owner: "bob", zone: "deck", props: {} },
    { id: "c", kind: "object", owner: "bob", zone: "hand", props: {} },
    { id: "bottom", kind: "object", owner: "bob", zone: "deck", props: {} }
  ]
})

const inDeck = (v: GameView.GameView) =>
  Object.values(v.objects)
    .filter((o) => o.zone === "deck")
    .map((o) => o.id)

describe("Zones.destination", () => {
  /** Mutant tried: `destination` returning `usual` always — the replaced `to` is lost. */
  it("the occurrence's `to` when it names one (a replacement set it), else the family's usual zone", () => {
    const o = (params: Record<string, string>) =>
      GameEvent.occurrence({ id: "d", family: "discard", subject: "c", amount: 1, params })
    assert.strictEqual(Zones.destination(o({ to: "deck" }), "graveyard"), "deck")
    assert.strictEqual(Zones.destination(o({}), "graveyard"), "graveyard")
    assert.strictEqual(Zones.destination(o({ to: "" }), "graveyard"), "graveyard")
  })
})

describe("Zones.put", () => {
  /** Mutant tried: `bottom` and `top` swapped — the order is reversed. */
  it("bottom: last in the view's order; top: first; no position: its place kept", () => {
    assert.deepStrictEqual(inDeck(Zones.put(deck, "c", "deck", "bottom")), ["top", "bottom", "c"])
    assert.deepStrictEqual(inDeck(Zones.put(deck, "c", "deck", "top")), ["c", "top", "bottom"])
    assert.deepStrictEqual(inDeck(Zones.put(deck, "c", "deck")), ["top", "c", "bottom"])
    assert.strictEqual(Zones.put(deck, "nobody", "deck", "bottom"), deck)
  })
})

describe("an event read when it happens (Step.at)", () => {
  /**
   * The step's `at` is called with the view as the steps before it leave it: the event's amount
   * is apUnit's power as an update step before it set it (5; the compiled event says 0). Mutant tried: the runner resolving
   * `step.event` (the compiled one, amount 0) instead of `at`'s — napUnit is dealt 0 — fails.
   */
  it("the runner resolves the event `at` reads from the current view", () => {
    const compiled: Ruleset.Compiled = {
      view,
      ledger: Ledger.make([]),
      steps: [
        {
          _tag: "Update",
          label: "apUnit gets power 5",
          apply: (v) => {
            const o = v.objects["apUnit"] as GameView.GameObject
            return GameView.setObject(v, { ...o, props: { ...o.props, power: 5 } })
          }
        },
        {
          _tag: "Event",
          event: GameEvent.make("e2", [dmg("b", "napUnit", 0)]),
          at: (v) => {
            const power = v.objects["apUnit"]?.props["power"]
            return GameEvent.make("e2", [dmg("b", "napUnit", typeof power === "number" ? power : 0)])
          }
        }
      ]
    }
    const r = Ruleset.run(affected, compiled, Chooser.firstLegal)
    assert.isUndefined(r.outcome.error, r.outcome.error?.message)
    assert.strictEqual(r.outcome.events["e2"]?.dealt["napUnit"], 5)
  })

  it("an `at` that throws stops the run at that step, as an error in the outcome", () => {
    const compiled: Ruleset.Compiled = {
      view,
      ledger: Ledger.make([]),
      steps: [
        {
          _tag: "Event",
          event: GameEvent.make("e", []),
          at: () => {
            throw new Error("no such card")
          }
        }
      ]
    }
    const r = Ruleset.run(affected, compiled, Chooser.firstLegal)
    assert.strictEqual(r.outcome.error?.message, "no such card")
    assert.strictEqual(r.outcome.error?.step, 0)
  })
})
