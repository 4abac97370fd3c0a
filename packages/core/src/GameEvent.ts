/**
 * Events as data.
 *
 * A {@link GameEvent} is a batch of simultaneous {@link Occurrence}s. One spell dealing damage to
 * five creatures is one event with five occurrences; first-strike and regular combat damage are
 * two events. Damage is the family `"damage"` (the subject is the recipient), but any family can
 * be declared by a ruleset ("zoneChange", "draw", "lifeGain", "heal", "createToken", …) and the
 * same resolver replaces it, including replacing an occurrence by one of another family
 * (life gain → draw).
 *
 * An occurrence whose amount is 0 does not happen: nothing can resurrect it.
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import * as Amount from "./Amount.js"
import * as GameView from "./GameView.js"

/**
 * The family of damage occurrences.
 *
 * @example
 * ```ts
 * import { GameEvent } from "@bulwark/core"
 * GameEvent.DAMAGE // "damage"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const DAMAGE = "damage" as const

/**
 * Schema of one occurrence.
 *
 * - `family`: what happens ("damage", "lifeGain", "zoneChange", …);
 * - `subject`: the affected player or object (for damage, the recipient);
 * - `source`: where it comes from, if anywhere;
 * - `amount`: a non-negative integer (damage, cards, life; 1 for events without a quantity);
 * - `kinds`: an open set of tags (damage kinds such as combat, arcane, physical, strike);
 * - `preventable`: `false` for damage that can't be prevented;
 * - `params`: anything else the ruleset needs (a zone change's `to`, say).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { GameEvent } from "@bulwark/core"
 * Schema.decodeUnknownSync(GameEvent.Occurrence)({
 *   id: "i1", family: "damage", subject: "bear", source: "bolt", amount: 3,
 *   kinds: [], preventable: true, params: {}
 * })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Occurrence = Schema.Struct({
  id: Schema.NonEmptyString,
  family: Schema.NonEmptyString,
  subject: Schema.NonEmptyString,
  source: Schema.optionalKey(Schema.String),
  amount: Amount.Schema,
  kinds: Schema.Array(Schema.String),
  preventable: Schema.Boolean,
  params: Schema.Record(Schema.String, GameView.Prop)
})

/**
 * One thing that would happen. See the {@link Occurrence} schema.
 *
 * @example
 * ```ts
 * import { GameEvent } from "@bulwark/core"
 * const o: GameEvent.Occurrence = GameEvent.damage({ id: "i1", source: "bolt", recipient: "bear", amount: 3 })
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Occurrence extends Schema.Schema.Type<typeof Occurrence> {}

/**
 * Schema of a batch of simultaneous occurrences.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { GameEvent } from "@bulwark/core"
 * Schema.is(GameEvent.GameEvent)({ id: "e1", occurrences: [] }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const GameEvent = Schema.Struct({
  id: Schema.NonEmptyString,
  occurrences: Schema.Array(Occurrence)
})

/**
 * A batch of simultaneous occurrences. See the {@link GameEvent} schema.
 *
 * @example
 * ```ts
 * import { GameEvent } from "@bulwark/core"
 * const pyroclasm: GameEvent.GameEvent = GameEvent.make("pyroclasm", [
 *   GameEvent.damage({ id: "a", source: "pyro", recipient: "bear", amount: 2 }),
 *   GameEvent.damage({ id: "b", source: "pyro", recipient: "elf", amount: 2 })
 * ])
 * ```
 * @since 0.1.0
 * @category model
 */
export interface GameEvent extends Schema.Schema.Type<typeof GameEvent> {}

/**
 * Builds an event from its occurrences.
 *
 * @example
 * ```ts
 * import { GameEvent } from "@bulwark/core"
 * GameEvent.make("e1", []).occurrences.length // 0
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const make = (id: string, occurrences: ReadonlyArray<Occurrence>): GameEvent => ({ id, occurrences })

/** The kinds and params of an occurrence that has none: one shared, frozen value each. */
const NO_KINDS: ReadonlyArray<string> = Object.freeze([])
const NO_PARAMS: Readonly<Record<string, GameView.Prop>> = Object.freeze({})

/**
 * Builds a damage occurrence.
 *
 * @example
 * ```ts
 * import { GameEvent } from "@bulwark/core"
 * const hit = GameEvent.damage({
 *   id: "i1", source: "dragon", recipient: "bob", amount: 4, kinds: ["combat"], preventable: false
 * })
 * hit.family // "damage"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const damage = (input: {
  readonly id: string
  readonly source: string
  readonly recipient: string
  readonly amount: number
  readonly kinds?: ReadonlyArray<string>
  readonly preventable?: boolean
  readonly params?: Readonly<Record<string, GameView.Prop>>
}): Occurrence => ({
  id: input.id,
  family: DAMAGE,
  subject: input.recipient,
  source: input.source,
  amount: Amount.check(input.amount, "GameEvent.damage amount", { id: input.id }),
  kinds: input.kinds ?? NO_KINDS,
  preventable: input.preventable ?? true,
  params: input.params ?? NO_PARAMS
})

/**
 * Builds an occurrence of any family.
 *
 * @example
 * ```ts
 * import { GameEvent } from "@bulwark/core"
 * const dies = GameEvent.occurrence({
 *   id: "z1", family: "zoneChange", subject: "bear", params: { from: "battlefield", to: "graveyard" }
 * })
 * dies.amount // 1
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const occurrence = (input: {
  readonly id: string
  readonly family: string
  readonly subject: string
  readonly source?: string
  readonly amount?: number
  readonly kinds?: ReadonlyArray<string>
  readonly preventable?: boolean
  readonly params?: Readonly<Record<string, GameView.Prop>>
}): Occurrence => {
  const given = input.amount ?? 1
  // a safe integer ≥ 0 is `Amount.check`'s answer, without the options it is handed
  const amount =
    Number.isSafeInteger(given) && given >= 0
      ? given
      : Amount.check(given, "GameEvent.occurrence amount", { id: input.id })
  // two literals, not `{ ...base, source }`: a spread gives each occurrence a hidden class of its
  // own (about 150 bytes more each, 150 MB over a million occurrences); the key order is kept
  if (input.source === undefined)
    return {
      id: input.id,
      family: input.family,
      subject: input.subject,
      amount,
      kinds: input.kinds ?? NO_KINDS,
      preventable: input.preventable ?? true,
      params: input.params ?? NO_PARAMS
    }
  return {
    id: input.id,
    family: input.family,
    subject: input.subject,
    amount,
    kinds: input.kinds ?? NO_KINDS,
    preventable: input.preventable ?? true,
    params: input.params ?? NO_PARAMS,
    source: input.source
  }
}
