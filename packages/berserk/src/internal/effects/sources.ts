/**
 * Who an effect is about and what it comes from: the `from` selector (`fromOf`, the `From`
 * record and its named predicate `berserk.from`, which `predicates` defines), the recipients
 * (`toFilterOf`), the options every effect kind shares (`CommonOptions`) and `common`, which
 * turns them into the replacement's common fields. Invariants: a card has one type; a `next`
 * effect is one use and takes no `limit`; a limit names when it resets; an effect of a source
 * card works while the card is in play (533.6) unless it names its zones.
 *
 * @internal
 */
import { Amount, Errors, type Filter, type GameView, Language, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"
import * as Attack from "../../Attack.js"

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

export const refuse = (effect: string, path: string, reason: string): never => {
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

export const commonFields = {
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

export const subjectFilter = (c: Common, from: From | undefined, not = false): Filter.Filter => {
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

export const common = (
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

export const fromText = (from: From | undefined): string => {
  if (from === undefined) return ""
  const parts: Array<string> = []
  if (from.kinds !== undefined) parts.push(from.kinds.join("/"))
  if (from.types !== undefined) parts.push(from.types.join("/"))
  if (from.cards !== undefined) parts.push(from.cards.join("/"))
  if (from.maxCost !== undefined) parts.push(`cost ≤ ${from.maxCost}`)
  if (from.minCost !== undefined) parts.push(`cost ≥ ${from.minCost}`)
  return ` from ${parts.join(", ")}`
}
