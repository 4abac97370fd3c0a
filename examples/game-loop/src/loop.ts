/**
 * Embedding a ruleset in a game loop. The game owns its state (a `GameView` and a `Ledger`);
 * each turn it builds the turn's damage as ONE event (simultaneous damage is one batch),
 * resolves it with `Resolver.resolveSync` — the fast path, no Effect runtime — and keeps the new
 * view and ledger. At the end of each turn `Ledger.advance` crosses the time boundary, ending
 * "this turn" effects and resetting "each turn" shields. Each player's decisions are answered by
 * that player's own chooser (a strategy for an AI, a prompt for a human).
 */
import { type Chooser, GameEvent, GameView, Ledger, type Policy, Resolver, Trace } from "@bulwark/core"
import { Result } from "effect"

/** The game's own state. */
export interface Game {
  readonly turn: number
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly log: ReadonlyArray<string>
}

/** Routes each decision to the chooser of the player it is asked of. */
export const byPlayer =
  (choosers: Readonly<Record<string, Chooser.SyncChooser>>): Chooser.SyncChooser =>
  (request, state) =>
    choosers[request.chooser]?.(request, state)

/** Units on the board controlled by `player`. */
const unitsOf = (view: GameView.GameView, player: string) =>
  Object.values(view.objects).filter(
    (o) => o.kind === "object" && o.controller === player && o.zone === "board"
  )

/** The active player's units each hit the first enemy unit: one event, one occurrence per hit. */
export const attack = (game: Game): GameEvent.GameEvent => {
  const me = game.view.activePlayer
  const hits: Array<GameEvent.Occurrence> = []
  for (const unit of unitsOf(game.view, me)) {
    const enemy = game.view.players.filter((p) => p !== me).flatMap((p) => unitsOf(game.view, p))[0]
    if (enemy === undefined) break
    hits.push(
      GameEvent.damage({
        id: `t${game.turn}:${unit.id}`,
        source: unit.id,
        recipient: enemy.id,
        amount: Number(unit.props["power"] ?? 0)
      })
    )
  }
  return GameEvent.make(`turn${game.turn}`, hits)
}

/** The winner: the only player with units left on the board. */
export const winner = (view: GameView.GameView): string | undefined => {
  const alive = view.players.filter((p) => unitsOf(view, p).length > 0)
  return alive.length === 1 ? alive[0] : undefined
}

/**
 * One turn: cast this turn's spells (new effects), resolve the attack, end the turn. A failed
 * resolution changes nothing (the game keeps its view and ledger) and is logged.
 */
export const playTurn = (
  game: Game,
  rules: Policy.Rules,
  chooser: Chooser.SyncChooser,
  spells: (game: Game) => Ledger.Ledger["effects"] = () => []
): Game => {
  const cast = spells(game)
  let ledger = cast.length === 0 ? game.ledger : Ledger.add(game.ledger, cast)
  let view = game.view
  const log = [...game.log]
  const event = attack({ ...game, ledger })
  const r = Resolver.resolveSync(rules, event, ledger, view, chooser)
  if (Result.isFailure(r)) {
    log.push(`turn ${game.turn}: ${r.failure._tag}: ${r.failure.message}`)
  } else {
    view = r.success.view
    ledger = r.success.ledger
    for (const h of r.success.happened)
      log.push(`turn ${game.turn}: ${h.source} deals ${h.amount} to ${h.subject}`)
    if (r.success.happened.length === 0)
      log.push(
        `turn ${game.turn}: no damage (${Trace.render(r.success.trace).split("\n").length} trace lines)`
      )
  }
  // end of turn: "this turn" effects end, "each turn" shields reset; the other player is active
  ledger = Ledger.advance(ledger, "endOfTurn")
  const next = GameView.turnOrderFrom(view, view.activePlayer)[1] ?? view.activePlayer
  return { turn: game.turn + 1, view: { ...view, activePlayer: next }, ledger, log }
}

/** Plays turns until someone wins or `maxTurns` is reached. */
export const play = (
  start: Game,
  rules: Policy.Rules,
  chooser: Chooser.SyncChooser,
  spells?: (game: Game) => Ledger.Ledger["effects"],
  maxTurns = 20
): Game & { readonly winner: string | undefined } => {
  let game = start
  while (winner(game.view) === undefined && game.turn <= maxTurns)
    game = playTurn(game, rules, chooser, spells)
  return { ...game, winner: winner(game.view) }
}
