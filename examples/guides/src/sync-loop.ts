/**
 * docs/guides/sync-loop.md: the engine inside a synchronous AI or simulation loop — the fast
 * path (`Resolver.resolveSync`), no Effect runtime, the game's state threaded by hand.
 */
// #region imports
import { Chooser, GameEvent, type GameView, Ledger, Resolver } from "@bulwark/core"
import { Effects, Game, ruleset, Scenario } from "@bulwark/mtg"
import { Skeleton } from "@bulwark/scenario"
import { Result } from "effect"

// #endregion

// #region board
/**
 * ap's 4-power dragon attacks nap (6 life) every turn. nap has "prevent 1 damage that would be
 * dealt to you" for the whole game (CR 615.10: static, never used up); ap has "damage dealt to a
 * player is doubled". nap chooses the order (CR 616.1): preventing first leaves (4 − 1) × 2 = 6,
 * doubling first 4 × 2 − 1 = 7 — and with a fresh shield each turn it matters more.
 */
const start = Skeleton.compileData(Scenario.language, {
  players: ["ap", { id: "nap", life: 6 }],
  objects: [{ id: "dragon", controller: "ap", types: ["Creature"], power: 4, toughness: 4 }],
  effects: [
    { kind: "preventEach", id: "ward", controller: "nap", to: "nap", amount: 1 },
    { kind: "double", id: "double", controller: "ap", to: { player: true } }
  ]
})

/** nap casts "prevent the next 2 damage that would be dealt to you this turn" each turn. */
const shieldFor = (turn: number) =>
  Effects.shield({ id: `shield${turn}`, controller: "nap", to: "nap", amount: 2, duration: "endOfTurn" })

/** The dragon's combat damage, one event per turn. */
const attack = (turn: number, target: string) =>
  GameEvent.make(`combat${turn}`, [
    GameEvent.damage({ id: `hit${turn}`, source: "dragon", recipient: target, amount: 4, kinds: ["combat"] })
  ])
// #endregion

// #region loop
/** What a simulated game gives back: the damage nap took each turn, and who won. */
export interface Simulation {
  readonly damageByTurn: ReadonlyArray<number>
  readonly lost: boolean
}

/**
 * Plays turns until nap has lost or `maxTurns` have passed. Each resolution is a pure function
 * of its inputs: the loop keeps the returned view and ledger, performs the state-based actions
 * (CR 704.5a: a player at 0 life loses) and crosses the end of the turn. `trace: false` skips
 * building the explanation, which a simulation does not read.
 */
export const simulate = (nap: Chooser.SyncChooser, maxTurns = 10): Simulation => {
  if (Result.isFailure(start)) throw start.failure
  let view = start.success.view
  let ledger = start.success.ledger
  const damageByTurn: Array<number> = []
  for (let turn = 1; turn <= maxTurns && view.objects["nap"]?.props["lost"] !== true; turn++) {
    ledger = Ledger.add(ledger, [shieldFor(turn)])
    const r = Resolver.resolveSync(ruleset.rules, attack(turn, "nap"), ledger, view, nap, { trace: false })
    if (Result.isFailure(r)) throw r.failure // a typed error; view and ledger are unchanged
    damageByTurn.push(r.success.dealt["nap"] ?? 0)
    view = Game.performDamageActions(r.success.view)
    ledger = Ledger.advance(r.success.ledger, "endOfTurn")
  }
  return { damageByTurn, lost: view.objects["nap"]?.props["lost"] === true }
}
// #endregion

// #region lookahead
/**
 * An AI's lookahead: resolve each candidate without committing anything (the inputs are never
 * changed) and keep the best. Here ap asks "how much damage would each target take, if the
 * defender orders the effects as well as they can?".
 */
export const bestTarget = (
  view: GameView.GameView,
  ledger: Ledger.Ledger,
  targets: ReadonlyArray<string>
): { readonly target: string; readonly damage: number } | undefined => {
  let best: { target: string; damage: number } | undefined
  for (const target of targets) {
    const r = Resolver.resolveSync(ruleset.rules, attack(0, target), ledger, view, Chooser.bestForChooser(), {
      trace: false
    })
    if (Result.isFailure(r)) continue
    const damage = r.success.dealt[target] ?? 0
    if (best === undefined || damage > best.damage) best = { target, damage }
  }
  return best
}
// #endregion

/** The compiled starting board (for the tests). */
export const board = start
