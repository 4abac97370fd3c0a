import { Chooser } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Predicate, Result } from "effect"
import { bestTarget, board, simulate } from "../src/sync-loop.js"

/**
 * The arithmetic follows the rules the guide cites: CR 615.10 (the static "prevent 1" is never
 * used up), 615.7 (the turn's shield of 2), 614.1a (the doubler) and 616.1 (nap, the affected
 * player, orders them). With every prevention first: (4 − 1 − 2) × 2 = 2 a turn.
 */
describe("docs/guides/sync-loop.md", () => {
  it("nap ordering well (prevention first) takes 2 a turn and loses on turn 3 (CR 704.5a at 0 life)", () => {
    const s = simulate(Chooser.bestForChooser())
    assert.deepStrictEqual(s.damageByTurn, [2, 2, 2])
    assert.isTrue(s.lost)
  })
  it("nap letting the doubler go first takes 4 × 2 − 1 − 2 = 5 and loses on turn 2", () => {
    // scripted: the doubler first, then whatever is left (first legal)
    const doubleFirst: Chooser.SyncChooser = (request, state) =>
      Predicate.isTagged(request, "ChooseEffect") && request.options.some((o) => o.effect === "double")
        ? "double"
        : Chooser.firstLegal(request, state)
    const s = simulate(doubleFirst)
    assert.deepStrictEqual(s.damageByTurn, [5, 5])
    assert.isTrue(s.lost)
  })
  it("the lookahead commits nothing and prefers the target that takes more", () => {
    if (Result.isFailure(board)) return assert.fail(board.failure.message)
    const { view, ledger } = board.success
    const before = structuredClone({ view, ledger })
    // the doubler applies to players only, the static prevention to nap only: (4 − 1) × 2 = 6 to
    // nap, 4 to the dragon itself
    assert.deepStrictEqual(bestTarget(view, ledger, ["nap", "dragon"]), { target: "nap", damage: 6 })
    assert.deepStrictEqual(structuredClone({ view, ledger }), before)
  })
})
