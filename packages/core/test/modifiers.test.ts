/**
 * Modifiers: continuous modifiers of a number property, one layer for every game (issue 28
 * point 7). The rules quoted are the games' own: Riftbound 432.1 (Double: "increasing a numeric
 * attribute by an amount equal to that attribute's current value"), FaB 1.6 ("gains +N power"),
 * Берсерк's «+N к силе». Each test can fail: the values are the rules' arithmetic, not read back.
 */

import { assert, describe, it } from "@effect/vitest"
import { Chooser, Errors, GameView, Identity, Modifiers, Ruleset } from "../src/index.js"
import { affected } from "./fixtures.js"

const view = (props: Record<string, GameView.Prop>) =>
  GameView.make({ players: ["A", "B"], activePlayer: "A", objects: [{ id: "U", kind: "object", props }] })

describe("Modifiers", () => {
  /**
   * Riftbound 432.1.a's example: "Since Shield applies, its current Might is 5 ... it gets +5 Might
   * this turn, for a current Might of 10. After combat, Shield no longer applies, but the +5 Might
   * from Last Stand does, so the unit's Might is 8."
   */
  it("432.1: doubling adds the current value, fixed when it doubles (5 → 10; Shield gone → 8)", () => {
    // Shield 2 applies: the view holds 5 (3 base + 2)
    const inCombat = view({ might: 5 })
    const doubled = Modifiers.add(inCombat, {
      id: "lastStand",
      to: ["U"],
      prop: "might",
      times: 2,
      duration: "endOfTurn"
    })
    assert.strictEqual(Modifiers.value(doubled, "U", "might"), 10)
    // Shield ends: 2 taken away by whoever added it; the +5 stays
    const o = doubled.objects.U as GameView.GameObject
    const afterCombat = GameView.setObject(doubled, {
      ...o,
      props: { ...o.props, might: (o.props.might as number) - 2 }
    })
    assert.strictEqual(Modifiers.value(afterCombat, "U", "might"), 8)
    // the modifier's record says what it added
    assert.deepStrictEqual(Modifiers.of(afterCombat, "U"), [
      { id: "lastStand", prop: "might", delta: 5, until: "endOfTurn" }
    ])
    // and at the end of the turn it ends: 3
    assert.strictEqual(Modifiers.value(Modifiers.advance(afterCombat, "endOfTurn"), "U", "might"), 3)
  })

  it('"+N this turn" adds N and ends at its boundary, not at another', () => {
    const v = Modifiers.add(view({ power: 3 }), {
      id: "g",
      to: ["U"],
      prop: "power",
      plus: 2,
      duration: "endOfTurn"
    })
    assert.strictEqual(Modifiers.value(v, "U", "power"), 5)
    assert.strictEqual(Modifiers.baseOf(v, "U", "power"), 3)
    assert.strictEqual(Modifiers.value(Modifiers.advance(v, "endOfCombat"), "U", "power"), 5)
    assert.strictEqual(Modifiers.value(Modifiers.advance(v, "endOfTurn"), "U", "power"), 3)
  })

  it("a modifier without a duration lasts; a negative plus lowers the value", () => {
    const v = Modifiers.add(view({ strength: 4 }), { id: "w", to: ["U"], prop: "strength", plus: -1 })
    assert.strictEqual(Modifiers.value(Modifiers.advance(v, "endOfTurn"), "U", "strength"), 3)
  })

  it("two doublings: each adds the value as it is then (3 → 6 → 12)", () => {
    const once = Modifiers.add(view({ might: 3 }), { id: "d1", to: ["U"], prop: "might", times: 2 })
    const twice = Modifiers.add(once, { id: "d2", to: ["U"], prop: "might", times: 2 })
    assert.strictEqual(Modifiers.value(twice, "U", "might"), 12)
    assert.strictEqual(Modifiers.baseOf(twice, "U", "might"), 3)
  })

  it("adding the same id again replaces that modifier, not stacks it", () => {
    const v = Modifiers.add(view({ might: 3 }), { id: "g", to: ["U"], prop: "might", plus: 2 })
    assert.strictEqual(
      Modifiers.value(Modifiers.add(v, { id: "g", to: ["U"], prop: "might", plus: 2 }), "U", "might"),
      5
    )
  })

  it("a modifier of an object not in the view is a typed error naming the effect", () => {
    assert.throws(
      () => Modifiers.add(view({}), { id: "g", to: ["X"], prop: "might", plus: 1 }),
      Errors.InvalidEffect
    )
    assert.throws(
      () => Modifiers.fromOptions({ id: "g", to: "U", prop: "might" }, view({ might: 1 })),
      /needs `plus` or `times`/
    )
  })

  it("a selector `to` picks the objects by their properties", () => {
    const v = GameView.make({
      players: ["A"],
      activePlayer: "A",
      objects: [
        { id: "U", kind: "object", controller: "A", props: { might: 1 } },
        { id: "W", kind: "object", controller: "B", props: { might: 1 } }
      ]
    })
    assert.deepStrictEqual(
      Modifiers.fromOptions({ id: "g", to: { controller: "B" }, prop: "might", plus: 1 }, v).to,
      ["W"]
    )
  })

  it("a scenario run's `advance` ends the modifiers that last until then (Ruleset)", () => {
    const v = Modifiers.add(view({ might: 3 }), {
      id: "g",
      to: ["U"],
      prop: "might",
      plus: 2,
      duration: "endOfTurn"
    })
    const compiled: Ruleset.Compiled = {
      view: v,
      ledger: { effects: [], state: {} },
      steps: [{ _tag: "Advance", boundary: "endOfTurn" }]
    }
    assert.strictEqual(Ruleset.run(affected, compiled, Chooser.firstLegal).outcome.state.U?.might, 3)
    // a step that crosses another boundary leaves it
    const other = { ...compiled, steps: [{ _tag: "Advance" as const, boundary: "endOfCombat" }] }
    assert.strictEqual(Ruleset.run(affected, other, Chooser.firstLegal).outcome.state.U?.might, 5)
  })

  /**
   * FaB 3.0.9: "If an object enters a zone that is not in the arena and is not the stack zone … it
   * resets - its previous existence ceases to exist and it becomes a new object with no relation
   * to its previous existence" (Endless Arrow loses the "go again" it was given). Riftbound 124.1:
   * "Whenever a Game Object changes zones to or from a Non-Board Zone, all Temporary Modifications
   * of all kinds cease to be tracked on it in all capacities."
   */
  it("a new object (a zone change that makes one) keeps none of the old one's modifiers", () => {
    let v = Modifiers.add(view({ power: 3, defense: 2 }), {
      id: "g",
      to: ["U"],
      prop: "power",
      plus: 2,
      duration: "endOfTurn"
    })
    v = Modifiers.add(v, { id: "d", to: ["U"], prop: "power", times: 2 })
    v = Modifiers.add(v, { id: "w", to: ["U"], prop: "defense", plus: -1 })
    assert.strictEqual(Modifiers.value(v, "U", "power"), 10) // (3 + 2) × 2
    const moved = Identity.move(v, "U", "hand", () => true)
    assert.strictEqual(Modifiers.value(moved, "U", "power"), 3)
    assert.strictEqual(Modifiers.value(moved, "U", "defense"), 2)
    assert.deepStrictEqual(Modifiers.of(moved, "U"), [])
    assert.strictEqual(Identity.generationOf(moved, "U"), 1)
    // ending the turn afterwards takes nothing more away from the new object
    assert.strictEqual(Modifiers.value(Modifiers.advance(moved, "endOfTurn"), "U", "power"), 3)
    // a zone change that makes no new object keeps them (FaB: within the arena; Riftbound: board to base)
    const same = Identity.move(v, "U", "base", () => false)
    assert.strictEqual(Modifiers.value(same, "U", "power"), 10)
    assert.strictEqual(Modifiers.of(same, "U").length, 3)
  })

  /**
   * FaB 3.0.9b's example (Bull's Eye Bracers): "It gets +1{p} until end of turn" — a modifier given
   * after the move is the new object's own.
   */
  it("a modifier added after the zone change stays on the new object", () => {
    const moved = Identity.move(view({ power: 3 }), "U", "arsenal", () => true)
    const v = Modifiers.add(moved, {
      id: "bracers",
      to: ["U"],
      prop: "power",
      plus: 1,
      duration: "endOfTurn"
    })
    assert.strictEqual(Modifiers.value(v, "U", "power"), 4)
    assert.strictEqual(Modifiers.value(Modifiers.advance(v, "endOfTurn"), "U", "power"), 3)
  })
})
