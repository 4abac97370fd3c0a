/**
 * The event families every game shares, named once: one name and one meaning each, owned by
 * core. A game's adapter uses these names for these concepts and adds only the families that are
 * its own; it may show its own word for a common family in its trace (FaB "banish" for a
 * `zoneChange` to its banished zone, Берсерк «перемещение» for a `zoneChange`), never in the family
 * name a file writes.
 *
 * The common families ({@link Family}, their meanings in {@link meanings}):
 *
 * | family | what happens to the subject |
 * |---|---|
 * | `damage` | it is dealt damage (the amount) |
 * | `lifeLoss` / `lifeGain` | its life total goes down / up by the amount |
 * | `addCounters` / `removeCounters` | counters of the kind `params.counter` are put on / removed from it |
 * | `zoneChange` | it moves to the zone `params.to` (graveyard, exile / banished, deck or library — `params.position` `top` / `bottom` —, hand, …) |
 * | `draw` / `discard` / `mill` / `reveal` | a player draws / discards / mills / reveals cards |
 * | `createToken` | a player creates the amount of tokens |
 * | `destroy` / `die` / `ceaseToExist` | it is destroyed / dies / ceases to exist |
 * | `heal` | damage on it is removed (the amount) |
 * | `pay` | a player pays a cost (the amount of the game's resource) |
 *
 * The families each game adds of its own (stated by the adapter, not by core, which names no
 * game): MTG `markDamage`, `regenerate`; FaB `hit`, `scheduleDestroy`, `pitch`,
 * `gainActionPoints`; Riftbound `exhaust`, `recall`, `stun`, `score`; Берсерк `open`, `close`.
 * {@link own} tells them apart from the common ones.
 *
 * Why these names: each is the one already used by most of the games that have the concept, so
 * the fewest files change. `lifeLoss`, `lifeGain`, `addCounters`, `removeCounters` and
 * `zoneChange` are MTG's (and the nouns of its rules: "life loss", 119.3; "zone change", 400.1);
 * `removeCounters` is already shared by MTG and FaB. A move is one family with its destination as
 * `params.to`, not a family per destination (FaB's `banish` and `putIntoGraveyard`): core's
 * {@link Zones.destination} and {@link Zones.put} already read `params.to`, an "instead, exile it"
 * replacement is then a `setParams: { to: … }` on the same event (MTG 614.1a), and an effect
 * watching "a card put into a graveyard" is `family: zoneChange, params: { to: graveyard }` in
 * every game. `pay` is Riftbound's, shorter than FaB's `payResources` and not tied to one
 * resource. `discard`, `die`, `heal`, `destroy` and `ceaseToExist` keep their own family (and
 * are not a `zoneChange`) because the rules make them events of their own that effects replace as
 * such ("if you would discard", FaB 8.5.5c; "if it would die", Riftbound 373; "if it would be
 * destroyed", MTG 701.8) — each still puts its subject where `params.to` says when a replacement
 * set it. `mill` is named for the games that make it one event; MTG writes each card milled as a
 * `zoneChange` of kind `mill` (701.17a: "that player puts that many cards from the top of their library into their graveyard").
 *
 * Old names a game or a rulebook uses for a common family are its {@link synonyms}; format-4
 * scenario files write only the common name (`bulwark migrate` rewrites the old ones).
 *
 * @since 0.1.0
 * @module
 */
import * as Zones from "./Zones.js"

/**
 * The common event families, by name ({@link meanings} says what each means).
 *
 * @example
 * ```ts
 * import { Families } from "@bulwark/core"
 * Families.Family.lifeLoss // "lifeLoss"
 * Families.Family.zoneChange // "zoneChange"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Family = {
  damage: "damage",
  lifeLoss: "lifeLoss",
  lifeGain: "lifeGain",
  addCounters: "addCounters",
  removeCounters: "removeCounters",
  zoneChange: Zones.ZONE_CHANGE,
  draw: "draw",
  discard: "discard",
  mill: "mill",
  reveal: "reveal",
  createToken: "createToken",
  destroy: "destroy",
  die: "die",
  heal: "heal",
  ceaseToExist: "ceaseToExist",
  pay: "pay"
} as const

/**
 * The name of a common event family (a value of {@link Family}).
 *
 * @example
 * ```ts
 * import type { Families } from "@bulwark/core"
 * const f: Families.CommonFamily = "lifeGain"
 * ```
 * @since 0.1.0
 * @category model
 */
export type CommonFamily = (typeof Family)[keyof typeof Family]

/**
 * What each common family means: what happens to the occurrence's subject, what its amount
 * counts and which params it reads. One meaning per name, the same in every game.
 *
 * @example
 * ```ts
 * import { Families } from "@bulwark/core"
 * Families.meanings.zoneChange
 * // "the subject moves to the zone params.to names (graveyard, exile / banished, deck / library, hand, …), at params.position (top / bottom) in it; it happens once"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const meanings: Readonly<Record<CommonFamily, string>> = {
  damage: "the subject (a player or an object) is dealt damage: the amount, of the occurrence's kinds",
  lifeLoss: "the subject's life total goes down by the amount",
  lifeGain: "the subject's life total goes up by the amount",
  addCounters: "the amount of counters of the kind params.counter are put on the subject",
  removeCounters: "the amount of counters of the kind params.counter are removed from the subject",
  zoneChange:
    "the subject moves to the zone params.to names (graveyard, exile / banished, deck / library, hand, …), at params.position (top / bottom) in it; it happens once",
  draw: "the subject (a player) draws the amount of cards",
  discard:
    "the subject (a player, or a card in a hand) discards: the card goes to params.to, by default the graveyard",
  mill: "the subject (a player) puts the amount of cards from the top of their deck into their graveyard",
  reveal: "the subject (a card) is revealed: made public, then private again, staying where it is",
  createToken: "the subject (a player) creates the amount of tokens",
  destroy: "the subject is destroyed: put into its owner's graveyard (or params.to), once",
  die: "the subject dies (leaves play to the graveyard, or params.to), once",
  heal: "the amount of damage on the subject is removed",
  ceaseToExist: "the subject ceases to exist (leaves the game), once",
  pay: "the subject (a player) pays a cost: the amount of the game's resource, params saying which"
}

/**
 * Old names games and rulebooks use for a common family, each with the common name it means:
 * `loseLife` is `lifeLoss`, `gainLife` is `lifeGain`, `putCounters` is `addCounters`,
 * `payResources` is `pay`. A move named by its destination is a `zoneChange` with that
 * destination: {@link movedTo} says where.
 *
 * @example
 * ```ts
 * import { Families } from "@bulwark/core"
 * Families.synonyms.loseLife // "lifeLoss"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const synonyms: Readonly<Record<string, CommonFamily>> = {
  loseLife: Family.lifeLoss,
  gainLife: Family.lifeGain,
  putCounters: Family.addCounters,
  payResources: Family.pay
}

/**
 * Whether a family name is a common one ({@link Family}).
 *
 * @example
 * ```ts
 * import { Families } from "@bulwark/core"
 * Families.isCommon("lifeGain") // true
 * Families.isCommon("gainLife") // false
 * Families.isCommon("hit") // false
 * ```
 * @since 0.1.0
 * @category getters
 */
export const isCommon = (family: string): family is CommonFamily => Object.hasOwn(meanings, family)

/**
 * The families of a ruleset's list that are its own: every one that is not common. An adapter's
 * own families are the words only its game has (a hit, stun, wounds, open / close, pitch, action
 * points, a score).
 *
 * @example
 * ```ts
 * import { Families } from "@bulwark/core"
 * Families.own(["damage", "lifeGain", "markDamage", "regenerate"]) // ["markDamage", "regenerate"]
 * ```
 * @since 0.1.0
 * @category getters
 */
export const own = (families: ReadonlyArray<string>): ReadonlyArray<string> =>
  families.filter((f) => !isCommon(f))

/**
 * The families of a ruleset's list that name a common concept with another word (a key of
 * {@link synonyms}): what a ruleset must not do. Empty for every bundled ruleset.
 *
 * @example
 * ```ts
 * import { Families } from "@bulwark/core"
 * Families.misnamed(["damage", "loseLife"]) // ["loseLife"]
 * ```
 * @since 0.1.0
 * @category getters
 */
export const misnamed = (families: ReadonlyArray<string>): ReadonlyArray<string> =>
  families.filter((f) => Object.hasOwn(synonyms, f))

/**
 * A move written as a family of its own destination, as a `zoneChange` with `params.to`: the
 * game's zone it goes to, given the game's zone names (`{ banish: "banished", putIntoGraveyard:
 * "graveyard" }` for FaB's old `banish` / `putIntoGraveyard`). `undefined` for any other family.
 *
 * @example
 * ```ts
 * import { Families } from "@bulwark/core"
 * Families.movedTo({ banish: "banished" }, "banish") // { family: "zoneChange", to: "banished" }
 * Families.movedTo({ banish: "banished" }, "draw") // undefined
 * ```
 * @since 0.1.0
 * @category getters
 */
export const movedTo = (
  moves: Readonly<Record<string, string>>,
  family: string
): { readonly family: typeof Zones.ZONE_CHANGE; readonly to: string } | undefined => {
  const to = Object.hasOwn(moves, family) ? moves[family] : undefined
  return to === undefined ? undefined : { family: Zones.ZONE_CHANGE, to }
}
