/**
 * The event families of Берсерк and their occurrence constructors (`heal`, `open`, `close`,
 * `die`, `zoneChange`; wounds are core `GameEvent.damage`), and the zones where a card is in play (`inPlay`).
 * An occurrence always names its id and the card it happens to (refused otherwise).
 *
 * @internal
 */
import { Families, GameEvent, type GameView, type Language } from "@bulwark/core"
import { refuse } from "./sources.js"

/**
 * The zones where a card is in play: the battlefield (`battlefield`, «зона битвы») and the
 * flyers' zone (`flyers`, where flying creatures are). 533.6: "Если карта – источник Эффекта
 * Предотвращения покидает активную зону (как правило, зону битвы), то эффект предотвращения от
 * этой карты не применяется" — *as a rule* the battlefield: a flyer in the flyers' zone is in
 * play as much. Named once: `Rules.zones` is built from it, and a card's effects — its written
 * effects, its armour («Броня») and protections alike — work while it is in play there
 * (`requiresSourceInPlay`), not from a graveyard or a hand.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.inPlay // ["battlefield", "flyers"]
 * ```
 * @since 0.1.0
 * @category constants
 */
export const inPlay: ReadonlyArray<string> = ["battlefield", "flyers"]

/**
 * The event families of Берсерк, as 533–534 name them: wounds (`damage`, «раны», 533.1), healing
 * (`heal`, «излечиться») and opening (`open`, «открыться», 534.1's Серк), with closing (`close`,
 * «закрыться») beside opening, and a creature's death (`die`, «гибель»: not named in 533–534,
 * but the effect a replacement can await that wounds lead to, see `Rules.results`), and a card
 * put into another zone (`zoneChange`, core `Zones.ZONE_CHANGE`: where to in `params.to`, what
 * 534.1's "instead put it into its owner's deck" creates). Each is an
 * event the `event` step can write and a replacement (the generic `replace`) can watch; each has an
 * occurrence constructor of the same name ({@link heal}, {@link open}, {@link close},
 * {@link die}; wounds: core `GameEvent.damage`).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.Family.die // "die"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Family = {
  damage: Families.Family.damage,
  heal: Families.Family.heal,
  open: "open",
  close: "close",
  die: Families.Family.die,
  zoneChange: Families.Family.zoneChange
} as const

/**
 * The families, in order: what the `event` step and the generic `replace`'s `family` accept.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.families // ["damage", "heal", "open", "close", "die", "zoneChange"]
 * ```
 * @since 0.1.0
 * @category constants
 */
export const families: ReadonlyArray<string> = Object.values(Family)

/**
 * Whether each family of {@link Family} has a number: wounds and healing are counted, while an
 * opening, a closing and a death happen to their card once — one written without an `amount`
 * happens once, exactly as with `amount: 1`. The scenario language's `families` and
 * `amountless` are made from it (core `Language.familyAmounts`), and the compiler checks that
 * every family is declared.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.familyAmounts.die // "once"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const familyAmounts = {
  damage: "counted",
  heal: "counted",
  open: "once",
  close: "once",
  die: "once",
  zoneChange: "once"
} as const satisfies Record<(typeof Family)[keyof typeof Family], Language.FamilyAmount>

/**
 * What an occurrence constructor of a family takes: `id`, `subject` (the card), `source` (the
 * card it comes from), `amount` (default 1; a heal's number of wounds) and `params`.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/berserk"
 * const o: Effects.OccurrenceInput = { id: "h1", subject: "serk", amount: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface OccurrenceInput {
  readonly id: string
  readonly subject: string
  readonly source?: string | undefined
  readonly amount?: number | undefined
  readonly params?: Readonly<Record<string, GameView.Prop>> | undefined
}

const occurrenceOf =
  (family: string) =>
  (input: OccurrenceInput): GameEvent.Occurrence => {
    if (input.id === "") return refuse(family, "id", "an occurrence needs an id")
    if (input.subject === "") return refuse(input.id, "subject", `a ${family} needs the card it happens to`)
    return GameEvent.occurrence({
      id: input.id,
      family,
      subject: input.subject,
      ...(input.source === undefined ? {} : { source: input.source }),
      ...(input.amount === undefined ? {} : { amount: input.amount }),
      ...(input.params === undefined ? {} : { params: input.params })
    })
  }

/**
 * A heal («излечиться на X»): the card would lose `amount` wounds (default 1). Серк's effect
 * awaits it (534.1).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.heal({ id: "h1", subject: "serk", amount: 2 }).family // "heal"
 * ```
 * @since 0.1.0
 * @category events
 */
export const heal: (input: OccurrenceInput) => GameEvent.Occurrence = occurrenceOf(Family.heal)

/**
 * An opening («открыться»): the card would open (534.1: what Серк does instead of healing).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.open({ id: "o1", subject: "serk" }).family // "open"
 * ```
 * @since 0.1.0
 * @category events
 */
export const open: (input: OccurrenceInput) => GameEvent.Occurrence = occurrenceOf(Family.open)

/**
 * A closing («закрыться»): the card would close.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.close({ id: "c1", subject: "orc" }).family // "close"
 * ```
 * @since 0.1.0
 * @category events
 */
export const close: (input: OccurrenceInput) => GameEvent.Occurrence = occurrenceOf(Family.close)

/**
 * A death («гибель»): the card would go from the battlefield to the graveyard. Wounds that
 * reach a card's `life` make one (`Rules.results`); a replacement can await it (534.1).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.die({ id: "d1", subject: "orc", source: "ogre" }).family // "die"
 * ```
 * @since 0.1.0
 * @category events
 */
export const die: (input: OccurrenceInput) => GameEvent.Occurrence = occurrenceOf(Family.die)

/**
 * A card put into another zone: `params.to` names it (core `Zones.TO`, with `Zones.POSITION`:
 * `bottom` or `top`), e.g. «вместо этого положите его в колоду владельца» (instead put it into its
 * owner's deck) replacing a death (534.1).
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.zoneChange({ id: "z1", subject: "orc", params: { to: "deck" } }).family // "zoneChange"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const zoneChange: (input: OccurrenceInput) => GameEvent.Occurrence = occurrenceOf(Family.zoneChange)
