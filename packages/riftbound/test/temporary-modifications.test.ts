/**
 * Riftbound 124.1: "Whenever a Game Object changes zones to or from a Non-Board Zone, all
 * Temporary Modifications of all kinds cease to be tracked on it in all capacities. Examples:
 * Damage is cleared. Counters are removed. Granted Keywords are no longer granted. Statuses are
 * cleared." — and 458.1: "Unless otherwise stated by the source of the Recall, Damage and
 * statuses of a permanent will all remain unaffected by a Recall." `Rules.moveTo` is the one zone
 * change of the ruleset (a death's commit, a scenario's `update: { zone }`).
 */
import { GameView, Modifiers } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Combat, Rules } from "../src/index.js"

/** U (Might 3, Assault 2, Shield 1), designated an attacker, stunned, with 2 damage and +2 Might this turn. */
const board = () => {
  const view = GameView.make({
    players: ["A", "B"],
    activePlayer: "A",
    objects: [
      {
        id: "U",
        kind: "object",
        controller: "B",
        zone: "board",
        props: { types: ["unit"], might: 3, assault: 2, shield: 1, damage: 2, stunned: true, lethal: false }
      }
    ]
  })
  const attacking = Combat.designate(view, [["U", "attacker"]], true) // 807.1.c: 3 + 2
  return Modifiers.add(attacking, { id: "rally", to: ["U"], prop: "might", plus: 2, duration: "endOfTurn" })
}

describe("124.1: a new object keeps no Temporary Modification", () => {
  it("the board as built: Might 3 + Assault 2 + 2 this turn = 7, 2 damage, stunned", () => {
    const u = board().objects.U
    assert.deepStrictEqual(
      [u?.props.might, u?.props.damage, u?.props.stunned, u?.props.attacker],
      [7, 2, true, true]
    )
  })

  for (const zone of ["hand", "trash", "deck", "banishment"])
    it(`to the ${zone} (a Non-Board Zone): Might 3, no damage, not stunned, not an attacker, no modifier`, () => {
      const v = Rules.moveTo(board(), "U", zone)
      const u = v.objects.U
      assert.strictEqual(u?.zone, zone)
      assert.strictEqual(u?.props.might, 3)
      assert.strictEqual(u?.props.damage, 0)
      assert.strictEqual(u?.props.stunned, false)
      assert.isUndefined(u?.props.attacker)
      assert.strictEqual(u?.props.lethal, false)
      assert.deepStrictEqual(Modifiers.of(v, "U"), [])
      // and back on the board: still the new object, nothing comes back
      const back = Rules.moveTo(v, "U", "board").objects.U
      assert.deepStrictEqual([back?.props.might, back?.props.damage], [3, 0])
    })

  it("458.1: a recall (the battlefield to its base, both on the board) keeps damage, status and Might", () => {
    const u = Rules.moveTo(board(), "U", "base").objects.U
    assert.deepStrictEqual([u?.zone, u?.props.might, u?.props.damage, u?.props.stunned], ["base", 7, 2, true])
    assert.strictEqual(Modifiers.of(Rules.moveTo(board(), "U", "base"), "U").length, 1)
  })

  it("a unit with no damage or stun marked gets none written", () => {
    const view = GameView.make({
      players: ["A"],
      activePlayer: "A",
      objects: [{ id: "G", kind: "object", controller: "A", zone: "board", props: { types: ["gear"] } }]
    })
    const g = Rules.moveTo(view, "G", "trash").objects.G
    assert.deepStrictEqual(Object.keys(g?.props ?? {}).sort(), ["types", "zoneChanges"])
  })
})
