/**
 * Constructors of Берсерк effects as core {@link Replacement.Replacement} values: prevention
 * (533, «Эффект предотвращения»), the wound replacements of 534.1.1 («Не получает ран от …»,
 * «Получает раны только от …», «Получает на X больше/меньше ран от …»), general "instead"
 * replacements (534.1, Серк), protections («Защита от …», 511.5) and armour («Броня N»); and the
 * event families ({@link Family}) with an occurrence constructor each ({@link heal},
 * {@link open}, {@link close}, {@link die}).
 *
 * Each constructor only builds data; the ordering lives in {@link Rules}. The effect's
 * `category` places it in one of the ordering slots: `"protection"`, `"replacement"` or
 * `"prevention"` (split by whether it states an amount, 533.3).
 *
 * @since 0.1.0
 */
import { Amount, Errors, Filter, GameEvent, type GameView, Language, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"
import * as Attack from "./Attack.js"

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
 * but the effect a replacement can await that wounds lead to, see `Rules.results`). Each is an
 * event the `event` step can write and a replacement ({@link instead}) can watch; each has an
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
  damage: "damage",
  heal: "heal",
  open: "open",
  close: "close",
  die: "die"
} as const

/**
 * The families, in order: what the `event` step and {@link instead}'s `of` accept.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.families // ["damage", "heal", "open", "close", "die"]
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
  die: "once"
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
 * The name of the named predicate that tests where wounds come from ("от [текст]"). Rulesets
 * built on these effects must include {@link predicates}.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.FROM // "berserk.from"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const FROM = "berserk.from" as const

/**
 * Where an attack (or another event) comes from — the "[текст]" of «от [текст]» — as the named
 * predicate {@link FROM} reads it. Every stated test must hold:
 *
 * - `kinds`: the attack has one of these kinds or tags (English or Russian, see {@link Attack});
 * - `cards`: its source is one of these cards;
 * - `types`: its source card has one of these types ("creature", "spell", …);
 * - `maxCost` / `minCost`: its source card's cost is at most / at least this.
 *
 * Effects are written with a `from` {@link Language.Selector} and `kinds` (scenario format 2);
 * {@link fromOf} turns them into this.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/berserk"
 * // "from creatures of cost ≤ 3"
 * const f: Effects.From = { types: ["creature"], maxCost: 3 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface From {
  readonly kinds?: ReadonlyArray<string> | undefined
  readonly cards?: ReadonlyArray<string> | undefined
  readonly types?: ReadonlyArray<string> | undefined
  readonly maxCost?: number | undefined
  readonly minCost?: number | undefined
}

const refuse = (effect: string, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect, path, reason })
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const oneType = (effect: string, path: string, v: unknown): string => {
  if (Array.isArray(v) && v.length === 1 && typeof v[0] === "string") return v[0]
  return refuse(
    effect,
    path,
    "a card has one type: write types: [creature]; for one of several types, any: [{ types: [a] }, { types: [b] }]"
  )
}

const costBounds = (effect: string, path: string, v: unknown): { min?: number; max?: number } => {
  if (typeof v === "number") return { min: v, max: v }
  if (isRecord(v) && Object.keys(v).every((k) => k === "min" || k === "max")) {
    const out: { min?: number; max?: number } = {}
    if (v.min !== undefined) out.min = Amount.check(v.min as number, `${path}.min`, { signed: true })
    if (v.max !== undefined) out.max = Amount.check(v.max as number, `${path}.max`, { signed: true })
    return out
  }
  return refuse(effect, path, "a cost is a number or { min, max }")
}

/**
 * The {@link From} of a `from` selector (the sources: card ids, `{ ids, types, cost }`, or `any`
 * of `{ types: [t] }` for one of several types) and `kinds` (the attack's kinds or tags);
 * `undefined` when neither is given. A selector key Берсерк's sources can't be chosen by is
 * refused with `Errors.InvalidEffect`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.fromOf("e", { types: ["creature"], cost: { max: 3 } }, ["удар"])
 * // { kinds: ["удар"], types: ["creature"], maxCost: 3 }
 * ```
 * @since 0.1.0
 * @category filters
 */
export const fromOf = (
  effect: string,
  from: Language.Selector | undefined,
  kinds: ReadonlyArray<string> | undefined
): From | undefined => {
  if (from === undefined && kinds === undefined) return undefined
  const out: {
    kinds?: ReadonlyArray<string>
    cards?: ReadonlyArray<string>
    types?: ReadonlyArray<string>
    maxCost?: number
    minCost?: number
  } = kinds === undefined ? {} : { kinds }
  if (typeof from === "string") return { ...out, cards: [from] }
  if (Array.isArray(from)) return { ...out, cards: [...(from as ReadonlyArray<string>)] }
  if (from === undefined) return out
  for (const [k, v] of Object.entries(from)) {
    if (v === undefined) continue
    if (k === "ids") out.cards = [...(v as ReadonlyArray<string>)]
    else if (k === "types") out.types = [...(out.types ?? []), oneType(effect, "from.types", v)]
    else if (k === "any" && Array.isArray(v))
      out.types = [
        ...(out.types ?? []),
        ...v.map((item, i) =>
          isRecord(item) && Object.keys(item).length === 1
            ? oneType(effect, `from.any[${i}].types`, item.types)
            : refuse(effect, `from.any[${i}]`, "from: any lists one of several types: { types: [t] }")
        )
      ]
    else if (k === "cost") {
      const b = costBounds(effect, "from.cost", v)
      if (b.max !== undefined) out.maxCost = b.max
      if (b.min !== undefined) out.minCost = b.min
    } else
      refuse(
        effect,
        `from.${k}`,
        "the sources of wounds are chosen by card ids, ids, types, cost or any (of types)"
      )
  }
  return out
}

/**
 * The core filter of a `to` selector in Берсерк's words: a card has one type (`types: [t]`
 * matches a card whose `type` is `t`), `cost: N` or `cost: { min, max }` compares its cost; the
 * other keys are core's ({@link Language.toFilter}). Without a selector: every creature.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.toFilterOf("e", ["orc"]) // { _tag: "Id", ids: ["orc"] }
 * Effects.toFilterOf("e", undefined) === Effects.isCreature // true
 * ```
 * @since 0.1.0
 * @category filters
 */
export const toFilterOf = (effect: string, to: Language.Selector | undefined): Filter.Filter => {
  if (to === undefined) return isCreature
  if (typeof to === "string" || Array.isArray(to)) return Language.toFilter(to)
  const { types, cost, any, ...rest } = to as Language.SelectorProps
  const all: Array<Filter.Filter> = []
  if (types !== undefined)
    all.push({ _tag: "Prop", prop: "type", op: "eq", value: oneType(effect, "to.types", types) })
  if (cost !== undefined) {
    const b = costBounds(effect, "to.cost", cost)
    if (b.min !== undefined) all.push({ _tag: "Prop", prop: "cost", op: "gte", value: b.min })
    if (b.max !== undefined) all.push({ _tag: "Prop", prop: "cost", op: "lte", value: b.max })
  }
  if (any !== undefined)
    all.push({ _tag: "Or", any: (any as ReadonlyArray<Language.Selector>).map((s) => toFilterOf(effect, s)) })
  if (Object.keys(rest).length > 0) all.push(Language.toFilter(rest))
  if (all.length === 0) return { _tag: "Any" }
  return all.length === 1 ? (all[0] as Filter.Filter) : { _tag: "And", all }
}

/**
 * The zones an effect's source must be in for it to apply (by default, when it has a source: in
 * play, {@link inPlay} — 533.6, and 112 "they work while their source is in a suitable zone").
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.ActiveZones.fields.activeZones !== undefined // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const ActiveZones = Schema.Struct({
  activeZones: Schema.optionalKey(Schema.Array(Schema.NonEmptyString))
})

const commonFields = {
  ...Language.pick(
    "controller",
    "source",
    "to",
    "from",
    "kinds",
    "duration",
    "limit",
    "next",
    "may",
    "label",
    "rule"
  ),
  ...ActiveZones.fields
}

/**
 * What every wound effect takes (scenario format 2's common fields, from `Language.pick`):
 *
 * - `id`, `controller` (the player who controls it — who orders it, 533.3; default: its
 *   source's controller), `source` (the card it comes from), `label` (the card text, shown in
 *   traces), `rule` (overrides the citation);
 * - `to`: the creatures it watches (a selector; default: every creature); `from` and `kinds`:
 *   where the wounds come from (see {@link fromOf});
 * - `duration`: a time boundary that ends it (`endOfTurn`);
 * - `activeZones`: the zones its source must be in for it to apply (see {@link ActiveZones});
 * - `may` («может»), `limit` (`{ times: 1, per: turn }`: «1 раз за ход»).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Effects.CommonOptions)({ id: "fog", controller: "ap", kinds: ["strike"], duration: "endOfTurn" })
 * ```
 * @since 0.1.0
 * @category options
 */
export const CommonOptions = Schema.Struct(commonFields)

/**
 * The options of every wound effect. See {@link CommonOptions}.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/berserk"
 * const c: Effects.Common = { id: "fog", controller: "ap", kinds: ["strike"], duration: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Common = typeof CommonOptions.Type

/**
 * The filter for "a creature" (any card whose `type` is `"creature"`).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.isCreature._tag // "Prop"
 * ```
 * @since 0.1.0
 * @category filters
 */
export const isCreature: Filter.Filter = { _tag: "Prop", prop: "type", op: "eq", value: "creature" }

/**
 * The predicate arguments of a {@link From} (kinds normalised), with `not` to negate it.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.fromArgs({ kinds: ["выстрелов"] }) // { kinds: ["shot"] }
 * ```
 * @since 0.1.0
 * @category filters
 */
export const fromArgs = (from: From, not = false): Readonly<Record<string, GameView.Prop>> => {
  const args: Record<string, GameView.Prop> = {}
  if (from.kinds !== undefined) args.kinds = from.kinds.map(Attack.parseTag)
  if (from.cards !== undefined) args.cards = [...from.cards]
  if (from.types !== undefined) args.types = [...from.types]
  if (from.maxCost !== undefined) args.maxCost = from.maxCost
  if (from.minCost !== undefined) args.minCost = from.minCost
  if (not) args.not = true
  return args
}

/**
 * Whether an occurrence comes from what the predicate arguments describe (see {@link From}).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Effects } from "@bulwark/berserk"
 * const view = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "orc", kind: "object", controller: "a", props: { type: "creature", cost: 2 } }] })
 * const hit = GameEvent.damage({ id: "h", source: "orc", recipient: "a", amount: 2, kinds: ["strike"] })
 * Effects.comesFrom(view, hit, { types: ["creature"], maxCost: 3 }) // true
 * ```
 * @since 0.1.0
 * @category filters
 */
export const comesFrom = (
  view: GameView.GameView,
  occurrence: { readonly source?: string | undefined; readonly kinds: ReadonlyArray<string> },
  args: Readonly<Record<string, GameView.Prop>>
): boolean => {
  const kinds = args.kinds
  if (Array.isArray(kinds) && !kinds.some((k) => occurrence.kinds.includes(k))) return false
  const src = occurrence.source === undefined ? undefined : view.objects[occurrence.source]
  const cards = args.cards
  if (Array.isArray(cards) && (occurrence.source === undefined || !cards.includes(occurrence.source)))
    return false
  const types = args.types
  if (Array.isArray(types)) {
    const t = src?.props.type
    if (typeof t !== "string" || !types.includes(t)) return false
  }
  const cost = src?.props.cost
  const maxCost = args.maxCost
  if (typeof maxCost === "number" && !(typeof cost === "number" && cost <= maxCost)) return false
  const minCost = args.minCost
  if (typeof minCost === "number" && !(typeof cost === "number" && cost >= minCost)) return false
  return true
}

/**
 * The named predicates these effects use: {@link FROM} reads the occurrence being tested (its
 * kinds and its source card), whatever id it is applied to.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * typeof Effects.predicates[Effects.FROM] // "function"
 * ```
 * @since 0.1.0
 * @category filters
 */
export const predicates: Filter.Predicates = {
  [FROM]: (view, _id, ctx, args) => {
    const occ = ctx.occurrence
    if (occ === undefined) return false
    const r = comesFrom(view, occ, args)
    return args.not === true ? !r : r
  }
}

const subjectFilter = (c: Common, from: From | undefined, not = false): Filter.Filter => {
  const t = toFilterOf(c.id, c.to)
  if (from === undefined) return t
  return { _tag: "And", all: [t, { _tag: "Named", name: FROM, args: fromArgs(from, not) }] }
}

const limitOf = (c: Common): { times: number; resetsAt?: string } | undefined => {
  // «в следующий раз» ("the next time …"): one use by the card's own words, never restored
  if (c.next === true)
    return c.limit === undefined
      ? { times: 1 }
      : refuse(c.id, "limit", "next: true is one use by its own words («в следующий раз»): write no limit")
  if (c.limit === undefined) return undefined
  if (c.limit.per === undefined)
    return refuse(c.id, "limit.per", "a limit resets at a time: per: turn («1 раз за ход»)")
  return { times: c.limit.times, resetsAt: c.limit.per === "turn" ? "endOfTurn" : c.limit.per }
}

const common = (
  c: Common,
  category: string,
  rule: string,
  label: string
): Omit<Replacement.Replacement, "watch" | "action"> => {
  if (c.controller === undefined) return refuse(c.id, "controller", "needs a controller (or a source card)")
  const limit = limitOf(c)
  return {
    id: c.id,
    label: c.label ?? label,
    controller: c.controller,
    category,
    rule: c.rule ?? rule,
    ...(c.source === undefined
      ? {}
      : c.activeZones === undefined
        ? // 533.6, 112: it works while its source is in play (the battlefield or the flyers' zone)
          { source: c.source, requiresSourceInPlay: true }
        : { source: c.source, requiresSourceIn: c.activeZones }),
    ...(c.duration === undefined ? {} : { duration: { until: c.duration } }),
    ...(c.may === true ? { optional: true } : {}),
    ...(limit === undefined ? {} : { limit })
  }
}

// the card types as the card wordings name the sources («от существ», «от заклинаний»)
const typeNames: Readonly<Record<string, string>> = {
  creature: "существ",
  spell: "заклинаний",
  artifact: "артефактов"
}

// a default label's sources, in the card wordings' Russian («от ударов», «от существ стоимостью ≤ 3»)
const fromText = (from: From | undefined): string => {
  if (from === undefined) return ""
  const parts: Array<string> = []
  if (from.kinds !== undefined) parts.push(from.kinds.map((k) => Attack.genitive[k] ?? k).join("/"))
  if (from.types !== undefined) parts.push(from.types.map((t) => typeNames[t] ?? t).join("/"))
  if (from.cards !== undefined) parts.push(from.cards.join("/"))
  if (from.maxCost !== undefined) parts.push(`стоимостью ≤ ${from.maxCost}`)
  if (from.minCost !== undefined) parts.push(`стоимостью ≥ ${from.minCost}`)
  return ` от ${parts.join(", ")}`
}

// «1 рана», «2 раны», «5 ран» (genitive after a number)
const ranGen = (n: string): string => {
  const k = Number(n)
  if (!Number.isInteger(k)) return `${n} ран`
  const m10 = k % 10
  const m100 = k % 100
  return `${n} ${m100 >= 11 && m100 <= 14 ? "ран" : m10 === 1 ? "рану" : m10 >= 2 && m10 <= 4 ? "раны" : "ран"}`
}

/**
 * How long a prevention lasts (533.4):
 *
 * - `next`: "the next N wounds" — partial use keeps the rest for later attacks (a core shield);
 *   with `"all"`, "all wounds of the next attack";
 * - `each`: "-N от …" — N of each attack it watches, never used up; with `"all"`, "prevent all
 *   wounds from …";
 * - `once`: N from one attack, the rest discarded (its text forbids repeated use).
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/berserk"
 * const s: Effects.PreventionScope = "next"
 * ```
 * @since 0.1.0
 * @category model
 */
export type PreventionScope = "next" | "each" | "once"

/**
 * The rule cited by prevention without an amount (the first group of 533.3).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_PREVENT_ALL.startsWith("Берсерк 533.3") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_PREVENT_ALL = "Берсерк 533.3 (prevention without an amount: first group)"

/**
 * The rule cited by prevention with an amount (the second group of 533.3; partial use, 533.4).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_PREVENT_N.includes("533.4") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_PREVENT_N = "Берсерк 533.3–533.4 (prevention with an amount: second group)"

/**
 * This adapter's reading of where 534 replacements go, which the text does not say (see the
 * README, "Interpretations" 1–2): after protections, before 533 prevention, and among themselves
 * in the order 533.3 gives prevention — those without an amount before those with one, the
 * inactive player's first, then the active player's, each in the order they choose.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.REPLACEMENT_ORDER.includes("as 533.3 orders prevention") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const REPLACEMENT_ORDER =
  "interpretation: before 533 prevention; among themselves as 533.3 orders prevention: without an amount first, the inactive player's first"

/**
 * The rule cited by the wound replacements of 534.1.1, with this adapter's interpretation of
 * their order ({@link REPLACEMENT_ORDER}).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_WOUND_REPLACEMENT.includes("interpretation: before 533 prevention") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_WOUND_REPLACEMENT = `Берсерк 534.1.1, 534.2 (${REPLACEMENT_ORDER})`

/**
 * What a prevention with a source card adds to its citation: it works only while that card is in
 * the active zone (533.6).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_SOURCE.includes("533.6") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_SOURCE = "; 533.6: only while its source is in the active zone"

/**
 * The rule cited by "[текст 1], вместо этого – [текст 2]" replacements ({@link instead}).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_INSTEAD.startsWith("Берсерк 534.1, 534.3") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_INSTEAD = `Берсерк 534.1, 534.3 (${REPLACEMENT_ORDER})`

/**
 * The rule cited by Серк's replacement ({@link serk}), 534.1's example.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_SERK.includes("Серк") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_SERK = `Берсерк 534.1 (example: Серк), 534.3 (${REPLACEMENT_ORDER})`

/**
 * The rule cited by armour («Броня N», {@link armor}).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_ARMOR.includes("Броня N") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_ARMOR =
  "Берсерк: Броня N (interpretation: prevention with an amount, restored each turn; 533.3 second group)"

/**
 * The rule cited by protections.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_PROTECTION.includes("511.5") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_PROTECTION = "Берсерк 511.5 via 533.2 / 534.2 (protections are checked first)"

/**
 * The options of {@link prevent}: the {@link CommonOptions}, `amount` (a number, or `all`: no
 * amount) and `scope` (see {@link PreventionScope}).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Effects.PreventOptions)({ id: "s", controller: "ip", to: ["orc"], amount: 4 })
 * ```
 * @since 0.1.0
 * @category options
 */
export const PreventOptions = Schema.Struct({
  ...commonFields,
  ...Language.pick("amount"),
  scope: Schema.optionalKey(Schema.Literals(["next", "each", "once"]))
})

/**
 * A prevention effect («Эффект предотвращения», 533): it lowers the wounds an attack would
 * inflict, never the attack's strength (533.1). `amount: "all"` has no amount (first group of
 * 533.3); a number has one (second group). See {@link PreventionScope} for `scope` (default:
 * `"next"` for a number, `"each"` for `"all"`). Without an amount: `Errors.InvalidEffect`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * // "Prevent the next 4 wounds dealt to the orc"
 * const shield = Effects.prevent({ id: "s", controller: "ip", to: ["orc"], amount: 4 })
 * shield.action // { _tag: "Prevent", amount: 4, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevent = (c: typeof PreventOptions.Type): Replacement.Replacement => {
  const amount =
    c.amount === undefined
      ? refuse(c.id, "amount", "a prevention needs an amount (a number, or all)")
      : Language.toAmount(c.amount, "prevention amount", { id: c.id })
  const from = fromOf(c.id, c.from, c.kinds)
  const scope = c.scope ?? (amount === "all" ? "each" : "next")
  const core: Replacement.PreventScope =
    scope === "each" ? "static" : scope === "once" || amount === "all" ? "once" : "shield"
  const n = Language.amountLabel(amount)
  const label =
    amount === "all"
      ? `Предотвратить все раны${scope === "each" ? "" : " следующей атаки"}${fromText(from)}`
      : scope === "next"
        ? `Предотвратить следующие ${ranGen(n)}${fromText(from)}`
        : scope === "each"
          ? `-${n}${fromText(from)}`
          : `Предотвратить ${ranGen(n)} следующей атаки${fromText(from)}`
  const rule = `${amount === "all" ? RULE_PREVENT_ALL : RULE_PREVENT_N}${c.source === undefined ? "" : RULE_SOURCE}`
  return {
    ...common(c, "prevention", rule, label),
    watch: { family: "damage", subject: subjectFilter(c, from) },
    action: { _tag: "Prevent", amount, scope: core }
  }
}

const sources = (c: Common, what: string): From =>
  fromOf(c.id, c.from, c.kinds) ??
  refuse(c.id, "from", `${what} needs from or kinds (where the wounds come from)`)

/**
 * «Не получает ран от [текст]» — "receives no wounds from X" (534.1.1): a replacement, not a
 * prevention: the wounds are replaced by nothing, so no prevention effect is used on them. X is
 * `from` (the sources) and `kinds` (the attack's kinds); without either: `Errors.InvalidEffect`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.noWoundsFrom({ id: "ward", controller: "ip", to: ["orc"], from: { types: ["spell"] } })
 * e.action // { _tag: "Replace", with: [] }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const noWoundsFrom = (c: Common): Replacement.Replacement => {
  const from = sources(c, "noWoundsFrom")
  return {
    ...common(c, "replacement", RULE_WOUND_REPLACEMENT, `Не получает ран${fromText(from)}`),
    watch: { family: "damage", subject: subjectFilter(c, from) },
    action: { _tag: "Replace", with: [] }
  }
}

/**
 * «Получает раны только от [текст]» — "receives wounds only from X" (534.1.1): wounds from
 * anything else are replaced by nothing. X is `from` and `kinds`, as for {@link noWoundsFrom}.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.woundsOnlyFrom({ id: "only", controller: "ip", to: ["orc"], from: { types: ["creature"] } })
 * e.category // "replacement"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const woundsOnlyFrom = (c: Common): Replacement.Replacement => {
  const from = sources(c, "woundsOnlyFrom")
  return {
    ...common(c, "replacement", RULE_WOUND_REPLACEMENT, `Получает раны только${fromText(from)}`),
    watch: { family: "damage", subject: subjectFilter(c, from, true) },
    action: { _tag: "Replace", with: [] }
  }
}

/**
 * The options of {@link moreWounds} and {@link fewerWounds}: the {@link CommonOptions} and
 * `amount` (X, a number).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Effects.WoundsOptions)({ id: "m", controller: "ap", amount: 1, kinds: ["strike"] })
 * ```
 * @since 0.1.0
 * @category options
 */
export const WoundsOptions = Schema.Struct({ ...commonFields, ...Language.pick("amount") })

/** X: a number, or an amount determined when the effect is executed (534.2). */
const woundAmount = (c: typeof WoundsOptions.Type, what: string): Filter.Value =>
  c.amount === undefined || c.amount === "all"
    ? refuse(c.id, "amount", `${what} needs a number (X)`)
    : Language.toValue(c.amount, `${what} amount`, { id: c.id })

/**
 * «Получает на X больше ран от [текст]» — "receives X more wounds from …" (534.1.1).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.moreWounds({ id: "m", controller: "ap", to: ["orc"], amount: 1, kinds: ["strike"] })
 * e.action // { _tag: "Modify", op: "add", value: 1 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const moreWounds = (c: typeof WoundsOptions.Type): Replacement.Replacement => {
  const amount = woundAmount(c, "moreWounds")
  const from = fromOf(c.id, c.from, c.kinds)
  return {
    ...common(
      c,
      "replacement",
      RULE_WOUND_REPLACEMENT,
      `Получает на ${ranGen(Language.amountLabel(amount))} больше${fromText(from)}`
    ),
    watch: { family: "damage", subject: subjectFilter(c, from) },
    action: { _tag: "Modify", op: "add", value: amount }
  }
}

/**
 * «Получает на X меньше ран от [текст]» — "receives X fewer wounds from …" (534.1.1). A
 * replacement, not a prevention: it is applied before prevention (see the README) and uses up
 * nothing.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.fewerWounds({ id: "f", controller: "ip", to: ["orc"], amount: 2,
 *   from: { types: ["creature"], cost: { max: 3 } } })
 * e.action // { _tag: "Modify", op: "sub", value: 2 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const fewerWounds = (c: typeof WoundsOptions.Type): Replacement.Replacement => {
  const amount = woundAmount(c, "fewerWounds")
  const from = fromOf(c.id, c.from, c.kinds)
  return {
    ...common(
      c,
      "replacement",
      RULE_WOUND_REPLACEMENT,
      `Получает на ${ranGen(Language.amountLabel(amount))} меньше${fromText(from)}`
    ),
    watch: { family: "damage", subject: subjectFilter(c, from) },
    action: { _tag: "Modify", op: "sub", value: amount }
  }
}

/**
 * What happens instead (534.1 «вместо этого»): an event of `family` (with `amount`, default the
 * replaced event's) happening to `subject`: `subject` (the default: the card the replaced event
 * would have happened to), `self` (the effect's source) or a card id.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Effects.InsteadEvent)({ family: "open" })
 * ```
 * @since 0.1.0
 * @category options
 */
export const InsteadEvent = Schema.Struct({
  family: Schema.NonEmptyString,
  amount: Schema.optionalKey(Amount.Schema),
  subject: Schema.optionalKey(Schema.NonEmptyString)
})

/**
 * The options of {@link instead}: the {@link CommonOptions}, `of` (the family of the event it
 * replaces: `heal`, `damage`, …) and `do` (what happens instead, see {@link InsteadEvent}; an
 * empty list: nothing).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Effects.InsteadOptions)({ id: "x", controller: "ap", to: ["serk"], of: "heal", do: [{ family: "open" }] })
 * ```
 * @since 0.1.0
 * @category options
 */
export const InsteadOptions = Schema.Struct({
  ...commonFields,
  of: Schema.NonEmptyString,
  do: Schema.Array(InsteadEvent)
})

// the families as the card wordings say them («Если должен излечиться – вместо этого открыться»)
const insteadVerbs: Readonly<Record<string, string>> = {
  damage: "получить раны",
  heal: "излечиться",
  open: "открыться",
  close: "закрыться",
  die: "погибнуть"
}

/**
 * «[текст 1], вместо этого – [текст 2]» (534.1): when an event of family `of` would happen to a
 * watched card, the events of `do` happen instead (an empty list: nothing happens). The
 * replaced event counts as not having happened (534.3).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * // "if it would be healed, instead it is opened"
 * const e = Effects.instead({ id: "x", controller: "ap", to: ["serk"], of: "heal", do: [{ family: "open" }] })
 * e.action._tag // "Replace"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const instead = (c: typeof InsteadOptions.Type): Replacement.Replacement => {
  const from = fromOf(c.id, c.from, c.kinds)
  const templates: ReadonlyArray<Replacement.Template> = c.do.map((d) => ({
    family: d.family,
    subject:
      d.subject === undefined || d.subject === "subject" || d.subject === "self"
        ? (d.subject ?? "subject")
        : { id: d.subject },
    ...(d.amount === undefined ? {} : { amount: d.amount })
  }))
  return {
    ...common(
      c,
      "replacement",
      RULE_INSTEAD,
      `Если должен ${insteadVerbs[c.of] ?? c.of} – вместо этого ${templates.map((t) => insteadVerbs[t.family] ?? t.family).join(", ") || "ничего"}`
    ),
    watch: { family: c.of, subject: subjectFilter(c, from) },
    action: { _tag: "Replace", with: [...templates] }
  }
}

/**
 * The options of {@link serk}: `source` (Серк itself, the card the effect watches and comes
 * from), `controller` (default: the card's controller), `label`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Effects.SerkOptions)({ id: "serk:open", source: "serk", controller: "ap" })
 * ```
 * @since 0.1.0
 * @category options
 */
export const SerkOptions = Schema.Struct({ ...Language.pick("controller", "source", "label") })

/**
 * The 534.1 example, Серк: «Если должен излечиться – вместо этого может открыться (1 раз за
 * ход)» — "if it should heal, instead it may open (once per turn)". Without a `source`:
 * `Errors.InvalidEffect`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.serk({ id: "serk:open", source: "serk", controller: "ap" })
 * e.optional // true
 * e.limit // { times: 1, resetsAt: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const serk = (input: typeof SerkOptions.Type): Replacement.Replacement => {
  const card = input.source ?? refuse(input.id, "source", "Серк's effect needs its card (source)")
  return instead({
    id: input.id,
    ...(input.controller === undefined ? {} : { controller: input.controller }),
    source: card,
    to: [card],
    of: "heal",
    do: [{ family: "open", subject: "subject" }],
    may: true,
    limit: { times: 1, per: "turn" },
    label: input.label ?? "Если должен излечиться – вместо этого может открыться (1 раз за ход)",
    rule: RULE_SERK
  })
}

/**
 * The options of {@link strengthModifier}: `value` (added to the attack's strength; below 0
 * lowers it), `to` (the attacks' targets it matches: card ids or a selector; default every
 * target), `from` and `kinds` (the attacker and the attack's kinds, see {@link fromOf}),
 * `duration`, `label`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Effects.StrengthModifierOptions)({ id: "rage", value: 2, kinds: ["strike"] })
 * ```
 * @since 0.1.0
 * @category options
 */
export const StrengthModifierOptions = Schema.Struct({
  ...Language.pick("to", "from", "kinds", "duration", "label"),
  value: Amount.SignedSchema
})

/**
 * An attack modifier («модификатор атаки»), checked when its options are built: `value` is added
 * to the strength of every attack it matches, when the attack is built — before protections,
 * replacements and prevention (533.2). It is not a replacement: the resolver never applies it,
 * so it is not in the ledger (the constructor returns no replacement); the `attack` step reads it
 * (see {@link modifies}). A value that is not a whole number: `Errors.InvalidEffect`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.strengthModifier({ id: "rage", value: 2, kinds: ["strike"] }) // []
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const strengthModifier = (
  o: typeof StrengthModifierOptions.Type
): ReadonlyArray<Replacement.Replacement> => {
  if (!Number.isSafeInteger(o.value)) refuse(o.id, "value", "a strength modifier adds a whole number")
  fromOf(o.id, o.from, o.kinds)
  toFilterOf(o.id, o.to)
  return []
}

/**
 * Whether a strength modifier applies to an attack: its target matches `to` (every target when
 * absent) and the attack comes from `from` / `kinds` (533.2: applied when the attack is built).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Effects } from "@bulwark/berserk"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * Effects.modifies(view, { id: "rage", value: 2, kinds: ["strike"] }, { target: "orc", kinds: ["strike"] }) // true
 * ```
 * @since 0.1.0
 * @category filters
 */
export const modifies = (
  view: GameView.GameView,
  m: typeof StrengthModifierOptions.Type,
  attack: {
    readonly target: string
    readonly source?: string | undefined
    readonly kinds: ReadonlyArray<string>
  }
): boolean => {
  if (m.to !== undefined) {
    const ok = Filter.matches(toFilterOf(m.id, m.to), attack.target, {
      view,
      controller: "",
      predicates: {}
    })
    if (!ok) return false
  }
  const from = fromOf(m.id, m.from, m.kinds)
  return from === undefined || comesFrom(view, { source: attack.source, kinds: attack.kinds }, fromArgs(from))
}

/**
 * A protection icon («Защита от выстрелов», «Защита от магии», …, 511.5): the creature is immune
 * to attacks of the given kinds or tags — they inflict no wounds on it. Modelled as a
 * replacement by nothing in the first ordering slot, so it is checked before any replacement
 * (534.2) and any prevention (533.2), and prevention effects are not used on such an attack.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const zov = Effects.protection({ card: "guard", controller: "ip", kinds: ["выстрелов"] })
 * zov.watch.kinds // { anyOf: ["shot"] }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const protection = (input: {
  readonly card: string
  readonly controller: string
  readonly kinds: ReadonlyArray<string>
  readonly id?: string | undefined
}): Replacement.Replacement => {
  const kinds = [...new Set(input.kinds.map(Attack.parseTag))]
  return {
    id: input.id ?? `${input.card}:protection`,
    label: `Защита от ${kinds.map((k) => Attack.genitive[k] ?? k).join(", ")}`,
    controller: input.controller,
    source: input.card,
    // a built-in property follows the zone rule of written effects: in play only (533.6, 112)
    requiresSourceInPlay: true,
    category: "protection",
    rule: RULE_PROTECTION,
    watch: { family: "damage", subject: { _tag: "Id", ids: [input.card] }, kinds: { anyOf: kinds } },
    action: { _tag: "Replace", with: [] }
  }
}

/**
 * «Броня N» (armour): this adapter's interpretation — the first N wounds the creature would
 * receive from non-magical attacks each turn are prevented (a prevention with an amount, restored
 * at the end of each turn). See the README, "Interpretations".
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const a = Effects.armor({ card: "knight", controller: "ip", amount: 2 })
 * a.resetsAt // "endOfTurn"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const armor = (input: {
  readonly card: string
  readonly controller: string
  readonly amount: number
  readonly id?: string | undefined
}): Replacement.Replacement => ({
  id: input.id ?? `${input.card}:armor`,
  label: `Броня ${Amount.check(input.amount, "armor amount", { id: input.card })}`,
  controller: input.controller,
  source: input.card,
  // a built-in property follows the zone rule of written effects: in play only (533.6)
  requiresSourceInPlay: true,
  category: "prevention",
  rule: RULE_ARMOR,
  watch: { family: "damage", subject: { _tag: "Id", ids: [input.card] }, kinds: { anyOf: ["nonmagical"] } },
  action: { _tag: "Prevent", amount: input.amount, scope: "shield" },
  resetsAt: "endOfTurn"
})
