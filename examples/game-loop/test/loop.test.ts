import { Chooser, Ledger } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Game, Loop } from "../src/index.js"

const start: Loop.Game = { turn: 1, view: Game.start, ledger: Game.startLedger, log: [] }
const choosers = Loop.byPlayer({ alice: Chooser.bestForChooser(), bob: Chooser.firstLegal })
// bob casts Frenzy on turn 2
const spells = (g: Loop.Game) => (g.turn === 2 ? [Game.frenzy] : [])

/**
 * Knight: power 2, health 6, Ward "prevent the first 2 damage each turn". Ogre: power 3, health 5.
 * T1 knight hits ogre 2 (ogre 3). T2 ogre with Frenzy (+2) hits knight 5, ward prevents 2 (knight 3).
 * T3 knight hits ogre 2 (ogre 1). T4 ogre hits 3, the ward was reset at end of turn, prevents 2;
 * Frenzy ended with turn 2 (knight 2). T5 knight hits 2: the ogre reaches 0 and is destroyed.
 */
describe("a game loop around the resolver", () => {
  it("plays to the end, carrying the ledger between turns", () => {
    const end = Loop.play(start, Game.rules, choosers, spells)
    assert.strictEqual(end.winner, "alice")
    assert.strictEqual(end.turn, 6)
    assert.deepStrictEqual(end.log, [
      "turn 1: knight deals 2 to ogre",
      "turn 2: ogre deals 3 to knight",
      "turn 3: knight deals 2 to ogre",
      "turn 4: ogre deals 1 to knight",
      "turn 5: knight deals 2 to ogre"
    ])
    assert.deepStrictEqual(end.view.objects["ogre"]?.props, { power: 3, health: 0 })
    assert.strictEqual(end.view.objects["ogre"]?.zone, "graveyard")
    assert.strictEqual(end.view.objects["knight"]?.props["health"], 2)
    // Frenzy lasted one turn; the ward is still there, reset to 2
    assert.deepStrictEqual(
      end.ledger.effects.map((e) => e.id),
      ["ward"]
    )
    assert.strictEqual(Ledger.remaining(end.ledger, "ward"), 2)
  })

  it("a failed resolution keeps the game's state", () => {
    // a "may" effect and a chooser with no answers: the resolution fails with a typed error
    const noAnswers = Chooser.scripted([])
    const next = Loop.playTurn(start, Game.rules, noAnswers, () => [
      { ...Game.frenzy, id: "frenzy2", watch: { family: "damage" }, optional: true }
    ])
    assert.match(next.log[0] ?? "", /^turn 1: MissingDecision/)
    assert.deepStrictEqual(next.view.objects, start.view.objects)
  })
})
