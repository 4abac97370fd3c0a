import { Chooser, Errors, Ledger } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Game, Loop, Main } from "../src/index.js"

/** The game after turn 1, with turn 2's spells (Rage, Shelter) cast and Bob attacking. */
const beforeTurn2Combat = (): Loop.Game => {
  const afterTurn1 = Loop.playTurn(Loop.begin(Game.start), Main.choosers, Game.spells)
  return { ...afterTurn1, ledger: Ledger.add(afterTurn1.ledger, Game.spells(2)) }
}

/**
 * Alice: 8 life, a 3/3 Vampire with lifelink. Bob: 8 life, a 4/4 Ogre. Each turn the active
 * player's creatures deal combat damage to the other player.
 *
 * CR 120.3a: "Damage dealt to a player by a source without infect causes that player to lose
 * that much life." CR 120.3f: "Damage dealt by a source with lifelink causes that source's
 * controller to gain that much life, in addition to the damage's other results."
 *
 * CR 615.7: "… “Prevent the next 3 damage that would be dealt to any target this turn.” These
 * work like shields. Each 1 damage that would be dealt to the “shielded” permanent or player is
 * prevented. Preventing 1 damage reduces the remaining shield by 1. …"
 *
 * CR 616.1: "If two or more replacement and/or prevention effects are attempting to modify the way
 * an event affects an object or player, the affected object's controller (or its owner if it has
 * no controller) or the affected player chooses one to apply …" 616.1f: "Once the chosen effect
 * has been applied, this process is repeated …"
 *
 * CR 704.5a: "If a player has 0 or less life, that player loses the game."
 *
 * - T1 (Alice): the Vampire deals 3 to Bob: Bob 8 − 3 = 5, Alice 8 + 3 = 11.
 * - T2 (Bob): Bob's Rage (the Ogre deals double damage this turn) and Alice's Shelter (prevent the
 *   next 2 damage to her this turn) both apply to the Ogre's 4 damage to Alice. Alice, the
 *   affected player, chooses the order: Shelter first gives (4 − 2) × 2 = 4, Rage first
 *   4 × 2 − 2 = 6; her chooser (best for the chooser) takes Shelter first. Alice 11 − 4 = 7.
 *   Both effects end with the turn.
 * - T3 (Alice): Bob 5 − 3 = 2, Alice 7 + 3 = 10.
 * - T4 (Bob): no Rage any more: Alice 10 − 4 = 6.
 * - T5 (Alice): Bob 2 − 3 = −1, Alice 6 + 3 = 9; Bob has 0 or less life and loses.
 */
describe("a game loop around @bulwark/mtg", () => {
  it("plays to the end: lifelink, a shield and a doubler ordered by the affected player, 704.5a", () => {
    const printed: Array<string> = []
    const end = Main.main((line) => printed.push(line))
    assert.strictEqual(end.winner, "alice")
    assert.strictEqual(end.turn, 6)
    assert.deepStrictEqual(
      end.reports.map((r) => [r.turn, r.attacker, r.life["alice"], r.life["bob"]]),
      [
        [1, "alice", 11, 5],
        [2, "bob", 7, 5],
        [3, "alice", 10, 2],
        [4, "bob", 6, 2],
        [5, "alice", 9, -1]
      ]
    )
    // the only decision of the game: Alice, the affected (defending) player, applies Shelter first
    assert.deepStrictEqual(
      end.reports.map((r) => r.decisions.map((d) => `${d.chooser}:${d.answer}`)),
      [[], ["alice:shelter"], [], [], []]
    )
    assert.match(end.reports[1]?.decisions[0]?.rule ?? "", /616\.1/)
    assert.strictEqual(end.view.objects["bob"]?.props["lost"], true)
    assert.notStrictEqual(end.view.objects["alice"]?.props["lost"], true)
    // "this turn" effects ended at the end of turn 2: the ledger is empty again
    assert.deepStrictEqual(end.ledger.effects, [])
    // the printed explanation of turn 2 shows the shield's 2 prevented and the doubling after it
    const turn2 = printed.slice(
      printed.indexOf("turn 2: bob attacks"),
      printed.indexOf("turn 3: alice attacks")
    )
    assert.isTrue(turn2.some((l) => /shelter: .* 4→2, prevented 2/.test(l)))
    assert.isTrue(turn2.some((l) => /rage: .* 2→4/.test(l)))
    assert.isTrue(turn2.includes("  alice loses 4 life (CR 120.3a)"))
    assert.isTrue(printed.includes("  bob has 0 or less life and loses the game (CR 704.5a)"))
    assert.strictEqual(printed.at(-1), "alice wins")
  })

  it("the defending player's choice matters: Rage first costs Alice 6 (CR 616.1)", () => {
    const game = beforeTurn2Combat()
    const r = Loop.resolveAttack(game, Chooser.scripted(["rage"]))
    assert.isTrue(Result.isSuccess(r))
    if (Result.isSuccess(r)) {
      // 4 × 2 = 8, then Shelter prevents 2: 6 dealt; Alice 11 − 6 = 5
      assert.strictEqual(Loop.life(r.success.view, "alice"), 5)
      assert.strictEqual(Ledger.remaining(r.success.ledger, "shelter"), 0)
    }
  })

  it("a failed resolution (an illegal scripted answer) leaves the game's state unchanged", () => {
    const game = beforeTurn2Combat()
    const snapshot = structuredClone(game)
    const illegal = Loop.byPlayer({ alice: Chooser.scripted(["no-such-effect"]), bob: Chooser.firstLegal })
    const r = Loop.resolveAttack(game, illegal)
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) assert.instanceOf(r.failure, Errors.IllegalChoice)
    // nothing was mutated: life totals as after turn 1, the shield still at 2
    assert.deepStrictEqual(game, snapshot)
    assert.strictEqual(Loop.life(game.view, "alice"), 11)
    assert.strictEqual(Ledger.remaining(game.ledger, "shelter"), 2)

    // played as a turn: the turn is reported, the life totals don't change, the turn passes
    const afterTurn1 = Loop.playTurn(Loop.begin(Game.start), Main.choosers, Game.spells)
    const next = Loop.playTurn(afterTurn1, illegal, Game.spells)
    const report = next.reports[1]
    assert.strictEqual(report?.error, "IllegalChoice")
    assert.deepStrictEqual(report?.life, { alice: 11, bob: 5 })
    assert.deepStrictEqual(next.view.objects, afterTurn1.view.objects)
    assert.strictEqual(next.view.activePlayer, "alice")
    assert.match(report?.lines[1] ?? "", /IllegalChoice: .* — nothing changed/)
  })
})
