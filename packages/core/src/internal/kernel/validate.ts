/**
 * Input checks of a resolution, as `Kernel.start` does them before it runs: occurrence amounts
 * and ids, the ids the event names, the active player, the effects and the players and objects
 * they name.
 *
 * @internal
 */
import * as Amount from "../../Amount.js"
import * as Errors from "../../Errors.js"
import type * as GameEvent from "../../GameEvent.js"
import * as GameView from "../../GameView.js"
import type * as Ledger from "../../Ledger.js"
import { bypass, type Prepared, prepared } from "./prepared.js"

export const validate = (
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView
): Errors.InvalidEvent | Errors.InvalidEffect | Errors.UnknownId | undefined =>
  validateWith(event, ledger, view, prepared(ledger.effects))

/** {@link validate} with the effects list's prepared entry (`Kernel.start` looks it up once for both). */
export const validateWith = (
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  p: Prepared
): Errors.InvalidEvent | Errors.InvalidEffect | Errors.UnknownId | undefined => {
  if (event.occurrences.length <= 8 || bypass) {
    // a small event is checked directly: cheaper than two lookups
    const error = validateEvent(event, view)
    return error !== undefined ? error : validateEffects(ledger, view, p)
  }
  let byView = checkedEvents.get(event)
  if (byView === undefined) {
    byView = new WeakMap()
    checkedEvents.set(event, byView)
  }
  let found = byView.get(view)
  if (found === undefined) {
    found = { error: validateEvent(event, view) }
    byView.set(view, found)
  }
  if (found.error !== undefined) return found.error
  return validateEffects(ledger, view, p)
}

/**
 * The event's part of {@link validate} for events of more than 8 occurrences, per (event, view)
 * pair: both are immutable values, and a search or a game AI resolves the same event against many
 * ledgers.
 */
const checkedEvents = new WeakMap<
  GameEvent.GameEvent,
  WeakMap<GameView.GameView, { readonly error: Errors.InvalidEvent | Errors.UnknownId | undefined }>
>()

const validateEvent = (
  event: GameEvent.GameEvent,
  view: GameView.GameView
): Errors.InvalidEvent | Errors.UnknownId | undefined => {
  const seen = event.occurrences.length > 1 ? new Set<string>() : undefined
  for (let i = 0; i < event.occurrences.length; i++) {
    const o = event.occurrences[i] as GameEvent.Occurrence
    if (seen?.has(o.id) === true)
      return new Errors.InvalidEvent({
        event: event.id,
        path: `occurrences[${i}].id`,
        reason: `duplicate occurrence id ${JSON.stringify(o.id)}`
      })
    seen?.add(o.id)
    const bad = Number.isSafeInteger(o.amount) && o.amount >= 0 ? undefined : Amount.problem(o.amount)
    if (bad !== undefined) {
      return new Errors.InvalidEvent({ event: event.id, path: `occurrences[${i}].amount`, reason: bad })
    }
    if (GameView.get(view, o.subject) === undefined)
      return new Errors.UnknownId({ id: o.subject, where: `event ${event.id}, occurrences[${i}].subject` })
    if (o.source !== undefined && GameView.get(view, o.source) === undefined) {
      return new Errors.UnknownId({ id: o.source, where: `event ${event.id}, occurrences[${i}].source` })
    }
  }
  if (!view.players.includes(view.activePlayer)) {
    return new Errors.UnknownId({
      id: view.activePlayer,
      where: "view.activePlayer (not one of view.players)"
    })
  }
  return undefined
}

const validateEffects = (
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  p: Prepared
): Errors.InvalidEffect | Errors.UnknownId | undefined => {
  if (p.invalid !== undefined) return p.invalid
  // the ids effects name, each checked once (not once per effect); on a failure the loop below
  // names the first effect at fault
  let named = p.named.get(view)
  if (named === undefined) {
    named = true
    for (const c of p.controllers) if (GameView.get(view, c)?.kind !== "player") named = false
    for (const t of p.targets) if (GameView.get(view, t) === undefined) named = false
    p.named.set(view, named)
  }
  if (named) return undefined
  for (const e of ledger.effects) {
    if (GameView.get(view, e.controller)?.kind !== "player") {
      return new Errors.UnknownId({
        id: e.controller,
        where: `effect ${e.id}, controller (not a player in the game)`
      })
    }
    if (e.action._tag === "Redirect" && GameView.get(view, e.action.to) === undefined) {
      return new Errors.UnknownId({ id: e.action.to, where: `effect ${e.id}, action.to` })
    }
  }
  return undefined
}
