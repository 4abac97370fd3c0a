/**
 * A Riftbound player's resources and the costs paid with them.
 *
 * A player's resources are the Energy and Power in their Rune Pool (317.2.d: "Each player's Rune
 * Pool empties. Any unspent Energy and Power are lost."); a card's cost in symbols counts them —
 * "[2]" is 2 Energy (370.1.b.1's example: "[Add] [2]" is "adding [2] Energy to your Rune Pool"),
 * a domain symbol such as "[C]" is Power ("you may pay [1][C]", 428.5.d's example). A scenario
 * player writes them as `energy` and `power` (a player who writes none has an empty pool).
 *
 * A replacement effect that says "you may pay …" is a "may" effect (371.2: "the player has the
 * choice of whether or not to apply it") with a cost: `cost: { pay: N }` (N Energy) or `cost: {
 * pay: { energy, power } }`. Its controller is offered it only when their pool holds the cost
 * ({@link canPay}); paying it is a `pay` event resolved first (a cost replaced is still paid,
 * 357.2.a), which takes the Energy and Power out of the pool ({@link commit}). Declining, or
 * being unable to pay, means the effect does not apply (and, declined, it has not been applied
 * this turn, 371.2.b).
 *
 * Interpretation: the excerpt of the rules names Power by its domains but does not define them;
 * Power is counted here as one number, whatever its domain.
 *
 * @since 0.1.0
 * @module
 */
import { Amount, Filter, type GameEvent, GameView, type Policy, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"

const opt = Schema.optionalKey

/**
 * The family of the event that pays a cost out of a player's Rune Pool: its subject is the
 * player, its `params` the `energy` and `power` paid, its amount their sum.
 *
 * @example
 * ```ts
 * import { Resources } from "@bulwark/riftbound"
 * Resources.PAY // "pay"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const PAY = "pay"

/**
 * The props of a player that hold their resources: `energy` and `power` (their Rune Pool).
 *
 * @example
 * ```ts
 * import { Resources } from "@bulwark/riftbound"
 * Resources.pool // ["energy", "power"]
 * ```
 * @since 0.1.0
 * @category constants
 */
export const pool: ReadonlyArray<"energy" | "power"> = ["energy", "power"]

/**
 * A player's resources as a scenario file writes them: `energy` and `power`, each a whole number
 * ≥ 0 (317.2.d: the Rune Pool's Energy and Power).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Resources } from "@bulwark/riftbound"
 * Schema.is(Schema.Struct(Resources.playerFields))({ energy: 2, power: 1 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const playerFields = {
  energy: opt(Amount.Schema),
  power: opt(Amount.Schema)
}

/**
 * Schema of a Riftbound cost paid from the Rune Pool: `{ pay: N }` — N Energy ("[N]") — or `{
 * pay: { energy?, power? } }` ("[1][C]": `{ energy: 1, power: 1 }`).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Resources } from "@bulwark/riftbound"
 * Schema.is(Resources.Cost)({ pay: 2 }) // true
 * Schema.is(Resources.Cost)({ pay: { energy: 1, power: 1 } }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Cost = Schema.Struct({
  pay: Schema.Union([Amount.Schema, Schema.Struct({ energy: opt(Amount.Schema), power: opt(Amount.Schema) })])
})

/**
 * A Riftbound cost. See the {@link Cost} schema.
 *
 * @example
 * ```ts
 * import type { Resources } from "@bulwark/riftbound"
 * const c: Resources.Cost = { pay: { energy: 1, power: 1 } }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Cost = typeof Cost.Type

/**
 * The Energy and Power a cost asks for.
 *
 * @example
 * ```ts
 * import { Resources } from "@bulwark/riftbound"
 * Resources.amounts({ pay: 2 }) // { energy: 2, power: 0 }
 * ```
 * @since 0.1.0
 * @category model
 */
export const amounts = (cost: Cost): { readonly energy: number; readonly power: number } =>
  typeof cost.pay === "number"
    ? { energy: cost.pay, power: 0 }
    : { energy: cost.pay.energy ?? 0, power: cost.pay.power ?? 0 }

/**
 * The condition "the effect's controller can pay": a player controlled by the effect's
 * controller ("you") whose pool holds at least `energy` Energy and `power` Power. An effect whose
 * cost can't be paid is not offered (core's `costPayable`).
 *
 * @example
 * ```ts
 * import { Resources } from "@bulwark/riftbound"
 * Resources.canPay(1, 1)._tag // "Exists"
 * ```
 * @since 0.1.0
 * @category costs
 */
export const canPay = (energy: number, power: number): Filter.Condition =>
  Filter.youHaveAtLeast({ energy, power })

/**
 * A cost's parts of a core effect: the `pay` event its controller resolves first (from the
 * effect's own source, `self`), and the condition that they can pay it ({@link canPay}).
 *
 * @example
 * ```ts
 * import { Resources } from "@bulwark/riftbound"
 * Resources.costParts({ pay: 2 }).cost
 * // { family: "pay", subject: "controller", source: "self", amount: 2, params: { energy: 2, power: 0 } }
 * ```
 * @since 0.1.0
 * @category costs
 */
export const costParts = (cost: Cost): Required<Pick<Replacement.Replacement, "cost" | "costPayable">> => {
  const { energy, power } = amounts(cost)
  return {
    cost: {
      family: PAY,
      subject: "controller",
      source: "self",
      amount: energy + power,
      params: { energy, power }
    },
    costPayable: canPay(energy, power)
  }
}

const num = (v: unknown): number => (typeof v === "number" ? v : 0)

/**
 * How a `pay` event changes the game: the Energy and Power it names (`params.energy`,
 * `params.power`; without them, its amount in Energy) leave the player's Rune Pool. A player
 * whose pool holds less pays nothing (the cost cannot be paid: the event is done 0 times, with
 * the reason).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Policy } from "@bulwark/core"
 * import { Resources } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "A", kind: "player", props: { energy: 2 } }] })
 * const after = Resources.commit(view, GameEvent.occurrence({ id: "c", family: "pay", subject: "A", amount: 1 }))
 * Policy.viewOf(after).objects["A"]?.props["energy"] // 1
 * ```
 * @since 0.1.0
 * @category game
 */
export const commit = (
  view: GameView.GameView,
  occurrence: GameEvent.Occurrence
): GameView.GameView | Policy.Committed => {
  const player = view.objects[occurrence.subject]
  if (player === undefined) return view
  const energy = typeof occurrence.params.energy === "number" ? occurrence.params.energy : occurrence.amount
  const power = num(occurrence.params.power)
  const has = { energy: num(player.props.energy), power: num(player.props.power) }
  if (has.energy < energy || has.power < power)
    return {
      _tag: "Committed",
      view,
      done: 0,
      why: {
        reason: `${occurrence.subject}'s Rune Pool holds ${has.energy} Energy and ${has.power} Power, less than the ${energy} Energy and ${power} Power asked: the cost cannot be paid`,
        rule: "Riftbound 317.2.d"
      }
    }
  const props = { ...player.props }
  if (energy > 0) props.energy = has.energy - energy
  if (power > 0) props.power = has.power - power
  return GameView.setObject(view, { ...player, props })
}

/**
 * Whether any player of the view has resources written (`energy` or `power`).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Resources } from "@bulwark/riftbound"
 * Resources.tracked(GameView.make({ players: ["A"], activePlayer: "A" })) // false
 * ```
 * @since 0.1.0
 * @category game
 */
export const tracked = (view: GameView.GameView): boolean =>
  view.players.some((p) => pool.some((k) => view.objects[p]?.props[k] !== undefined))

/**
 * The Expiration Step's "3e. Each player's Rune Pool empties. Any unspent Energy and Power are
 * lost." (317.2.d): every player's `energy` and `power` that the view holds become 0.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Resources } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "A", kind: "player", props: { energy: 2, power: 1 } }] })
 * Resources.emptyPools(view).objects["A"]?.props // { energy: 0, power: 0 }
 * ```
 * @since 0.1.0
 * @category game
 */
export const emptyPools = (view: GameView.GameView): GameView.GameView =>
  GameView.batch(view, (d) => {
    let out = d
    for (const p of d.players) {
      const o = out.objects[p]
      if (o === undefined || !pool.some((k) => num(o.props[k]) !== 0)) continue
      const props = { ...o.props }
      for (const k of pool) if (props[k] !== undefined) props[k] = 0
      out = GameView.setObject(out, { ...o, props })
    }
    return out
  })
