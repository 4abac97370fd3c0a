/**
 * docs/guides/stored-pending.md: a resolution that waits on a player is stored (as JSON) and
 * resumed after the server restarts.
 */
// #region imports
import { Decision, Errors, type GameView, Kernel, Resolver } from "@bulwark/core"
import { ruleset, Scenario } from "@bulwark/mtg"
import { Skeleton } from "@bulwark/scenario"
import { Data, Predicate, Result, Schema } from "effect"
// #endregion

// #region record
/**
 * What the server stores for a resolution that waits on a player. A live `Kernel.State` holds
 * functions and is not data; its inputs and the answers so far are, and they bring it back
 * exactly (`Kernel.restore`).
 */
export interface Stored {
  readonly input: Resolver.Input
  /**
   * The answers so far as core's one record type (`Decision.store`): `{ format: 1, ruleset,
   * rulesVersion, log }`. `Kernel.restore` refuses it under another ruleset or rules version.
   */
  readonly decisions: Decision.Stored
  /** The decision it waits on, to show again when the player reconnects. */
  readonly waitingOn: Decision.Request
}

/** Any key-value store that keeps text across restarts (a database table, Redis, a file). */
export interface Store {
  readonly get: (key: string) => string | undefined
  readonly set: (key: string, text: string) => void
  readonly delete: (key: string) => void
}

/** What the server tells the game: wait on a player, or the resolution is done. */
export type Reply = Data.TaggedEnum<{
  Waiting: { readonly request: Decision.Request; readonly text: string }
  Done: {
    readonly dealt: Readonly<Record<string, number>>
    readonly view: GameView.GameView
    /** Every decision of the finished resolution, the record an audit replays. */
    readonly decisions: Decision.Stored
  }
}>

/** Its constructors, `Reply.Waiting({ … })` and `Reply.Done({ … })`, and `Reply.$is` / `Reply.$match`. */
export const Reply = Data.taggedEnum<Reply>()

/** Why a step was refused: a typed error of the engine (bad stored data included). */
export type Refused = Errors.ResolveError
// #endregion

// #region step
/** Stores the record of a resolution that waits on a player (JSON text). */
export const park = (
  store: Store,
  key: string,
  input: Resolver.Input,
  log: ReadonlyArray<Decision.LogEntry>,
  waitingOn: Decision.Request
): void => {
  const stored: Stored = { input, decisions: Decision.store(ruleset.rules, log), waitingOn }
  store.set(key, JSON.stringify(stored))
}

/** Stores a pending step, or clears the record when the resolution is done. */
export const settle = (
  store: Store,
  key: string,
  input: Resolver.Input,
  step: Kernel.Step
): Result.Result<Reply, Refused> => {
  if (Predicate.isTagged(step, "Failed")) return Result.fail(step.error)
  if (Predicate.isTagged(step, "Done")) {
    store.delete(key)
    const { dealt, view, decisions } = step.resolution
    return Result.succeed(Reply.Done({ dealt, view, decisions: Decision.store(ruleset.rules, decisions) }))
  }
  park(store, key, input, step.state.log, step.request)
  return Result.succeed(Reply.Waiting({ request: step.request, text: Decision.describe(step.request) }))
}

/** Starts resolving an event for a game; if a player must decide, the resolution is stored. */
export const begin = (store: Store, key: string, input: Resolver.Input): Result.Result<Reply, Refused> =>
  settle(store, key, input, Kernel.start(ruleset.rules, input.event, input.ledger, input.view))
// #endregion

// #region answer
const decodeAnswer = Schema.decodeUnknownResult(Decision.Answer)

/**
 * A player's answer arrives — maybe after a restart, in another process. The stored record is
 * decoded and validated like any outside input (`Resolver.decodeInput`), the pending step is
 * restored from its log, checked to be the decision the player answers, and resumed. An illegal
 * answer is a typed `IllegalChoice` and the record stays as it was, so the player can answer
 * again.
 */
export const answer = (
  store: Store,
  key: string,
  requestId: string,
  raw: unknown
): Result.Result<Reply, Refused> => {
  const text = store.get(key)
  if (text === undefined)
    return Result.fail(new Errors.InvalidInput({ path: key, reason: "no pending resolution" }))
  const stored = (JSON.parse(text) ?? {}) as Partial<Stored>
  const input = Resolver.decodeInput(stored.input)
  if (Result.isFailure(input)) return Result.fail(input.failure)
  const { event, ledger, view } = input.success
  // decoded too: a malformed log is InvalidInput naming where, another ruleset or rules
  // version IncompatibleRecord
  const pending = Kernel.restore(ruleset.rules, event, ledger, view, stored.decisions as Decision.Stored)
  if (!Predicate.isTagged(pending, "Pending")) return settle(store, key, input.success, pending)
  if (pending.request.id !== requestId)
    return Result.fail(
      new Errors.InvalidInput({
        path: "requestId",
        reason: `waiting on ${pending.request.id}, not ${requestId}`
      })
    )
  const decoded = decodeAnswer(raw)
  if (Result.isFailure(decoded))
    return Result.fail(new Errors.InvalidInput({ path: "answer", reason: String(decoded.failure) }))
  return settle(store, key, input.success, Kernel.resume(pending.state, decoded.success))
}
// #endregion

// #region board
/**
 * Bolt-like damage to two creatures at once: nap's Z (nap's shield, ap's doubler) and ap's W
 * (ap's own shield, the same doubler). Each affected controller orders the effects on their
 * creature (CR 616.1), active player first (APNAP, CR 101.4): two decisions, two players.
 */
export const table = (): Resolver.Input => {
  const compiled = Skeleton.compileData(Scenario.language, {
    players: ["ap", "nap"],
    objects: [
      { id: "Z", controller: "nap", types: ["Creature"], power: 5, toughness: 5 },
      { id: "W", controller: "ap", types: ["Creature"], power: 5, toughness: 5 },
      { id: "src", controller: "ap", types: ["Creature"], power: 3, toughness: 3 }
    ],
    effects: [
      { kind: "shield", id: "napShield", controller: "nap", to: "Z", amount: 2 },
      { kind: "shield", id: "apShield", controller: "ap", to: "W", amount: 2 },
      { kind: "double", id: "double", controller: "ap", to: { types: ["Creature"] } }
    ],
    steps: [
      {
        event: {
          id: "e",
          occurrences: [
            { id: "toZ", source: "src", to: "Z", amount: 3 },
            { id: "toW", source: "src", to: "W", amount: 3 }
          ]
        }
      }
    ]
  })
  if (Result.isFailure(compiled)) throw compiled.failure
  const [step] = compiled.success.steps
  if (!Predicate.isTagged(step, "Event")) throw new Error("no event")
  return { event: step.event, ledger: compiled.success.ledger, view: compiled.success.view }
}
// #endregion
