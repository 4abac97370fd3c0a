/**
 * Embedding `@bulwark/mtg` in a game loop. The game owns its state (a `GameView` and a `Ledger`);
 * each turn the active player attacks with every creature, and the combat damage is ONE event
 * (CR 510.2: combat damage is dealt simultaneously). It is resolved with `Resolver.resolveSync`
 * — the fast path, no Effect runtime — using the adapter's `ruleset.rules`, whose results stage
 * and `commit` turn dealt damage into life loss and lifelink life gain (CR 120.3). The loop then
 * performs the adapter's state-based actions (CR 704.5a: a player at 0 or less life loses) and,
 * at the end of the turn, `Ledger.advance` crosses the time boundary, ending "this turn"
 * effects. Each player's decisions are answered by that player's own chooser (a strategy for an
 * AI, a prompt for a human). A failed resolution changes nothing: the game keeps its view and
 * ledger and logs the error.
 */
import { type Chooser, GameEvent, type GameView, Ledger, type Replacement, Resolver } from "@bulwark/core"
import { Game as Mtg, ruleset } from "@bulwark/mtg"
import { Predicate, Result } from "effect"

/** What one turn did, for the game's log and for tests. */
export interface TurnReport {
  readonly turn: number
  readonly attacker: string
  /** The decisions made while resolving the attack: who chose, what, under which rule. */
  readonly decisions: ReadonlyArray<{
    readonly chooser: string
    readonly answer: string
    readonly rule: string
  }>
  /** Life totals after the turn. */
  readonly life: Readonly<Record<string, number>>
  /** The name of the error (`IllegalChoice`, …) when the resolution failed (the turn then changed nothing). */
  readonly error?: string | undefined
  /** A short explanation of the turn, one line per step. */
  readonly lines: ReadonlyArray<string>
}

/** The game's own state. */
export interface Game {
  readonly turn: number
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly reports: ReadonlyArray<TurnReport>
}

/** A new game from a compiled starting point (a view and a ledger). */
export const begin = (start: { readonly view: GameView.GameView; readonly ledger: Ledger.Ledger }): Game => ({
  turn: 1,
  view: start.view,
  ledger: start.ledger,
  reports: []
})

/** Routes each decision to the chooser of the player it is asked of. */
export const byPlayer =
  (choosers: Readonly<Record<string, Chooser.SyncChooser>>): Chooser.SyncChooser =>
  (request, state) =>
    choosers[request.chooser]?.(request, state)

/**
 * Routes each decision by the role of the player it is asked of this turn: the active player
 * attacks, the others defend.
 */
export const byRole =
  (roles: {
    readonly attacker: Chooser.SyncChooser
    readonly defender: Chooser.SyncChooser
  }): Chooser.SyncChooser =>
  (request, state) =>
    (request.chooser === state.view.activePlayer ? roles.attacker : roles.defender)(request, state)

/** The life total of a player. */
export const life = (view: GameView.GameView, player: string): number => Mtg.num(view, player, "life")

const lifeTotals = (view: GameView.GameView): Record<string, number> =>
  Object.fromEntries(view.players.map((p) => [p, life(view, p)]))

/** The creatures `player` controls on the battlefield. */
const creaturesOf = (view: GameView.GameView, player: string) =>
  Object.values(view.objects).filter(
    (o) => o.controller === player && o.zone === "battlefield" && Mtg.has(view, o.id, "types", "Creature")
  )

/** The next player in turn order: the defender this turn, the active player next turn. */
const nextPlayer = (view: GameView.GameView): string =>
  view.players[(view.players.indexOf(view.activePlayer) + 1) % view.players.length] ?? view.activePlayer

/**
 * The attack: every creature of the active player deals combat damage equal to its power to the
 * defending player — one event, one occurrence per creature (CR 510.2).
 */
export const attack = (game: Game): GameEvent.GameEvent => {
  const defender = nextPlayer(game.view)
  return GameEvent.make(
    `turn${game.turn}`,
    creaturesOf(game.view, game.view.activePlayer).map((c) =>
      GameEvent.damage({
        id: `t${game.turn}:${c.id}`,
        source: c.id,
        recipient: defender,
        amount: Mtg.num(game.view, c.id, "power"),
        kinds: ["combat"]
      })
    )
  )
}

/** The players who have not lost (CR 704.5a marks a player at 0 or less life as `lost`). */
export const standing = (view: GameView.GameView): ReadonlyArray<string> =>
  view.players.filter((p) => view.objects[p]?.props["lost"] !== true)

/** The winner: the only player who has not lost. */
export const winner = (view: GameView.GameView): string | undefined => {
  const left = standing(view)
  return left.length === 1 ? left[0] : undefined
}

/**
 * Resolves the turn's attack against the game's view and ledger. On success, the new view (after
 * state-based actions) and ledger, the decisions made, and an explanation; on failure, the
 * typed error — the game passed in is untouched either way.
 */
export const resolveAttack = (game: Game, chooser: Chooser.SyncChooser) => {
  const r = Resolver.resolveSync(ruleset.rules, attack(game), game.ledger, game.view, chooser)
  if (Result.isFailure(r)) return Result.fail(r.failure)
  const res = r.success
  const lines: Array<string> = []
  for (const t of res.trace) {
    if (Predicate.isTagged(t, "Decided"))
      lines.push(`${t.request.chooser} chose ${JSON.stringify(t.answer)} (${t.request.rule})`)
    else if (Predicate.isTagged(t, "Applied"))
      for (const c of t.changes)
        lines.push(
          `${t.effect}: ${c.occurrence} ${c.before}→${c.after}${c.prevented > 0 ? `, prevented ${c.prevented}` : ""} (${t.rule})`
        )
  }
  for (const h of res.happened) {
    if (h.family === GameEvent.DAMAGE) lines.push(`${h.source} deals ${h.amount} damage to ${h.subject}`)
    else if (h.family === Mtg.Family.lifeLoss) lines.push(`${h.subject} loses ${h.amount} life (CR 120.3a)`)
    else if (h.family === Mtg.Family.lifeGain) lines.push(`${h.subject} gains ${h.amount} life (CR 120.3f)`)
  }
  const view = Mtg.performDamageActions(res.view)
  const left = standing(view)
  for (const p of standing(res.view))
    if (!left.includes(p)) lines.push(`${p} has 0 or less life and loses the game (CR 704.5a)`)
  return Result.succeed({
    view,
    ledger: res.ledger,
    decisions: res.decisions.map((d) => ({
      chooser: d.request.chooser,
      answer: typeof d.answer === "string" ? d.answer : JSON.stringify(d.answer),
      rule: d.request.rule
    })),
    lines
  })
}

/**
 * One turn: cast this turn's spells (new effects in the ledger), resolve the attack, end the
 * turn (`Ledger.advance(ledger, "endOfTurn")`) and pass the turn to the next player. A failed
 * resolution keeps the view and ledger the turn had before combat and is reported.
 */
export const playTurn = (
  game: Game,
  chooser: Chooser.SyncChooser,
  spells: (turn: number) => ReadonlyArray<Replacement.Replacement> = () => []
): Game => {
  const cast = spells(game.turn)
  const before: Game = cast.length === 0 ? game : { ...game, ledger: Ledger.add(game.ledger, cast) }
  const attacker = game.view.activePlayer
  const head = `turn ${game.turn}: ${attacker} attacks`
  const r = resolveAttack(before, chooser)
  const after = Result.isSuccess(r) ? { ...before, view: r.success.view, ledger: r.success.ledger } : before
  const report: TurnReport = Result.isSuccess(r)
    ? {
        turn: game.turn,
        attacker,
        decisions: r.success.decisions,
        life: lifeTotals(after.view),
        lines: [head, ...r.success.lines.map((l) => `  ${l}`)]
      }
    : {
        turn: game.turn,
        attacker,
        decisions: [],
        life: lifeTotals(after.view),
        error: r.failure.name,
        lines: [head, `  ${r.failure.name}: ${r.failure.message} — nothing changed`]
      }
  // end of turn: "until end of turn" effects end; the next player becomes the active player
  return {
    turn: game.turn + 1,
    view: { ...after.view, activePlayer: nextPlayer(after.view) },
    ledger: Ledger.advance(after.ledger, "endOfTurn"),
    reports: [...game.reports, report]
  }
}

/** Plays turns until someone wins or `maxTurns` is reached. */
export const play = (
  start: Game,
  chooser: Chooser.SyncChooser,
  spells?: (turn: number) => ReadonlyArray<Replacement.Replacement>,
  maxTurns = 20
): Game & { readonly winner: string | undefined } => {
  let game = start
  while (winner(game.view) === undefined && game.turn <= maxTurns) game = playTurn(game, chooser, spells)
  return { ...game, winner: winner(game.view) }
}

/** The game's transcript: each turn's explanation, then the life totals after it. */
export const transcript = (game: Game): string =>
  game.reports
    .flatMap((r) => [
      ...r.lines,
      `  life: ${Object.entries(r.life)
        .map(([p, n]) => `${p} ${n}`)
        .join(", ")}`
    ])
    .join("\n")
