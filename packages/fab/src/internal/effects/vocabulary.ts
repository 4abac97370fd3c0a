/**
 * The words FaB effects are written in: the replacement-effect categories of 6.4.7–6.4.11
 * (`Category`, read by the ordering policy of 6.5.3–6.5.7), the arena zones, the event families
 * with how each counts its amount, and the damage kinds. Constants only.
 *
 * @internal
 */
import { Families, type Language } from "@bulwark/core"

/**
 * The categories (replacement-effect types) of FaB 6.4.7–6.4.11, read by the ordering policy
 * (6.5.3–6.5.7).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.Category.prevention // "prevention"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Category = {
  /** 6.4.7 self-replacement. */
  self: "self",
  /** 6.4.8 identity-replacement. */
  identity: "identity",
  /** 6.4.9 standard-replacement. */
  standard: "standard",
  /** 6.4.10 prevention. */
  prevention: "prevention",
  /** 6.4.11 outcome-replacement. */
  outcome: "outcome"
} as const

/**
 * One of the {@link Category} values.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const c: Effects.Category = "standard"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Category = (typeof Category)[keyof typeof Category]

/**
 * The zones of the arena, where objects are in play (3.1.1: "The arena is a collection of all
 * the arms, chest, combat chain, head, hero, legs, permanent, and weapon zones"): `arena` (the
 * zone of an object a file puts "in the arena" without naming one, 3.1.2) and each of those
 * zones. Named once: `Rules.zones` is built from it (the keywords of an object work while it is
 * in play there: `requiresSourceInPlay`), and so is {@link canDestroyThis}.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.arena.includes("combatChain") // true
 * Effects.arena.includes("graveyard") // false
 * ```
 * @since 0.1.0
 * @category constants
 */
export const arena: ReadonlyArray<string> = [
  "arena",
  "arms",
  "chest",
  "combatChain",
  "head",
  "hero",
  "legs",
  "permanent",
  "weapon"
]

/**
 * The occurrence families of this ruleset: dealing damage (8.5.3), destroying an object
 * (8.5.4), paying resources (`pay`, 8.5.31), a hit (7.5.5), scheduling a destruction at the beginning
 * of the end phase (Quell, 8.3.19), and the other verbs of 8.5 an `event` step can name, each an
 * event replacement effects see:
 *
 * - `zoneChange` (core `Families`): the object goes to the zone its `params.to` names — a banish
 *   (8.5.1) is a `zoneChange` to `banished`, a putting into a graveyard (8.5.15; not a destroy,
 *   8.5.4a) one to `graveyard`, at `params.position` (`top` / `bottom`) for a deck; the trace
 *   says "banished" and "put into the graveyard", FaB's own words;
 * - `ceaseToExist` (8.3.21b, Ephemeral): the object is removed from the game (zone `removed`);
 * - `lifeGain` (8.5.7) and `lifeLoss` (8.5.12): the life total goes up or down — losing life is
 *   not damage (8.5.3d, 8.5.12b): no damage effect applies to it;
 * - `draw` (8.5.6): the player's `hand` goes up and `deck` down;
 * - `discard` (8.5.5): a card goes from a hand to the graveyard (the subject: the card, or the
 *   player whose `hand` count goes down);
 * - `createToken` (8.5.2): the subject is the player who creates the token(s), the amount how
 *   many (the outcome records it; the view is unchanged);
 * - `addCounters` (8.5.14) / `removeCounters` (8.5.16): counters of the kind `params.counter` on
 *   the subject (the prop `<counter>Counters`);
 * - `reveal` (8.5.17): a private card is made public, then private again — it stays where it is
 *   (8.5.17c); revealing a public one fails (8.5.17d);
 * - `pitch` (8.5.44, 1.14.3): a card is put into its owner's pitch zone and the owner gains
 *   resources equal to its pitch value; a card without the pitch property can't be pitched
 *   (1.14.3a), and cards pitched by one instruction are pitched all or none (8.5.44a);
 * - `gainActionPoints` (8.5.7, 1.13.2): the player's `actionPoints` go up; a non-turn-player's
 *   gain fails (8.5.7b).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.Family.lifeLoss // "lifeLoss"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Family = {
  damage: Families.Family.damage,
  destroy: Families.Family.destroy,
  pay: Families.Family.pay,
  hit: "hit",
  scheduleDestroy: "scheduleDestroy",
  zoneChange: Families.Family.zoneChange,
  ceaseToExist: Families.Family.ceaseToExist,
  lifeGain: Families.Family.lifeGain,
  lifeLoss: Families.Family.lifeLoss,
  draw: Families.Family.draw,
  discard: Families.Family.discard,
  createToken: Families.Family.createToken,
  addCounters: Families.Family.addCounters,
  removeCounters: Families.Family.removeCounters,
  reveal: Families.Family.reveal,
  pitch: "pitch",
  gainActionPoints: "gainActionPoints"
} as const

/**
 * Whether each family of {@link Family} has a number: a destruction, a move (a banishment, a card put
 * into the graveyard), ceasing to exist, a hit and a scheduled destruction happen to their
 * subject once — one written without an `amount` happens once, exactly as with `amount: 1`
 * (8.5.4 "To destroy an object, put it into its owner's graveyard"; FAB-23) — while damage, life,
 * resources, cards drawn, tokens, counters and action points are counted; a discard is of one card
 * ("To discard a card …", 8.5.5) unless it says how many; a reveal ("To reveal a private object
 * …", 8.5.17) and a pitch ("To pitch a card …", 8.5.44) are of their one card. The language's `families`
 * and `amountless` are made from it (core `Language.familyAmounts`), and the compiler checks that
 * every family is declared.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.familyAmounts.destroy // "once"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const familyAmounts = {
  damage: "counted",
  destroy: "once",
  pay: "counted",
  hit: "once",
  scheduleDestroy: "once",
  zoneChange: "once",
  ceaseToExist: "once",
  lifeGain: "counted",
  lifeLoss: "counted",
  draw: "counted",
  discard: "once",
  createToken: "counted",
  addCounters: "counted",
  removeCounters: "counted",
  reveal: "once",
  pitch: "once",
  gainActionPoints: "counted"
} as const satisfies Record<(typeof Family)[keyof typeof Family], Language.FamilyAmount>

/**
 * The damage types of FaB 8.5.3b that are written as occurrence kinds: physical ({p}) and arcane
 * damage carry the kind `"physical"` / `"arcane"`; generic damage has no kind. An effect's
 * `kinds: [arcane]` only applies to arcane damage (6.4.10c); without `kinds` it applies to all.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.damageKinds // ["physical", "arcane"]
 * ```
 * @since 0.1.0
 * @category constants
 */
export const damageKinds: ReadonlyArray<string> = ["physical", "arcane"]
