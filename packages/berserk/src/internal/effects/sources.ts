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
import { Errors, Filter, type GameView, Language, type Replacement } from "@bulwark/core"
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
 * - `source`: its source matches this filter — a `from` selector in Берсерк's words (see
 *   {@link fromOf}): card ids, types, cost, any property test, controller, `any`, `not`.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/berserk"
 * // "from creatures of cost ≤ 3"
 * const f: Effects.From = {
 *   source: { _tag: "And", all: [
 *     { _tag: "Prop", prop: "type", op: "eq", value: "creature" },
 *     { _tag: "Prop", prop: "cost", op: "lte", value: 3 }
 *   ] }
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface From {
  readonly kinds?: ReadonlyArray<string> | undefined
  readonly source?: Filter.Filter | undefined
}

export const refuse = (effect: string, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect, path, reason })
}

const oneType = (effect: string, path: string, v: unknown): string => {
  if (Array.isArray(v) && v.length === 1 && typeof v[0] === "string") return v[0]
  return refuse(
    effect,
    path,
    "a card has one type: write types: [creature]; for one of several types, any: [{ types: [a] }, { types: [b] }]"
  )
}

const ONE_TYPE =
  "a card has one type: write types: [creature]; for one of several types, any: [{ subject: { types: [a] } }, { subject: { types: [b] } }]"

/**
 * A selector's `types: [t]` as Берсерк reads it, everywhere in an `if:` or an amount's `count:`
 * (core compiles it as core's test of a `types` list, `{ prop: "types", op: "has" }`): a card has
 * one `type` (the card's «тип»: существо, артефакт, …), so it is `type = t`, as `to` and `from`
 * read it; two types at once can never match and are refused, at `path` (the effect's field the
 * selector is in: `if`, `action`, `amount`).
 */
export const oneTypeIn = (effect: string, v: unknown, path = "if"): unknown => {
  if (Array.isArray(v)) return v.map((x) => oneTypeIn(effect, x, path))
  if (v === null || typeof v !== "object") return v
  const node = v as Readonly<Record<string, unknown>>
  if (node._tag === "Prop" && node.prop === "types" && node.op === "has")
    return { _tag: "Prop", prop: "type", op: "eq", value: node.value }
  const out = Object.fromEntries(Object.entries(node).map(([k, x]) => [k, oneTypeIn(effect, x, path)]))
  if (
    out._tag === "And" &&
    Array.isArray(out.all) &&
    out.all.filter((f) => (f as { prop?: unknown }).prop === "type").length > 1
  )
    refuse(effect, path, ONE_TYPE)
  return out
}

const and = (all: ReadonlyArray<Filter.Filter>): Filter.Filter =>
  all.length === 0 ? { _tag: "Any" } : all.length === 1 ? (all[0] as Filter.Filter) : { _tag: "And", all }

/**
 * The core filter of a selector in Берсерк's words, at `path` (`to`, `from`): a card has one
 * type (`types: [t]` matches a card whose `type` is `t`); `any` and `not` nest these words; every
 * other key is core's ({@link Language.toFilter}: ids, controller, owner, zone, `name`,
 * `keywords`, free `props`, a number comparison such as `cost: { min, max }`, …).
 */
const selectorFilter = (effect: string, sel: Language.Selector, path: string): Filter.Filter => {
  if (typeof sel === "string" || Array.isArray(sel)) return Language.toFilter(sel)
  const { types, any, not, ...rest } = sel as Language.SelectorProps
  const all: Array<Filter.Filter> = []
  if (types !== undefined)
    all.push({ _tag: "Prop", prop: "type", op: "eq", value: oneType(effect, `${path}.types`, types) })
  if (Object.keys(rest).length > 0) {
    try {
      all.push(Language.toFilter(rest))
    } catch (err) {
      const e = err as { path?: string; reason?: string }
      return refuse(effect, `${path}.${e.path ?? ""}`, e.reason ?? String(err))
    }
  }
  if (any !== undefined)
    all.push({
      _tag: "Or",
      any: (any as ReadonlyArray<Language.Selector>).map((s, i) =>
        selectorFilter(effect, s, `${path}.any[${i}]`)
      )
    })
  if (not !== undefined) all.push({ _tag: "Not", filter: selectorFilter(effect, not, `${path}.not`) })
  return and(all)
}

/**
 * The {@link From} of a `from` selector (the sources, in the same selector language as `to`: card
 * ids, `{ ids, types, cost, controller, strength: { min: 6 }, … }`, `any`, `not`) and `kinds`
 * (the attack's kinds or tags); `undefined` when neither is given. A malformed test is refused
 * with `Errors.InvalidEffect`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.fromOf("e", { types: ["creature"], strength: { min: 6 } }, ["удар"])?.kinds // ["удар"]
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
  return {
    ...(kinds === undefined ? {} : { kinds }),
    ...(from === undefined ? {} : { source: selectorFilter(effect, from, "from") })
  }
}

/**
 * The core filter of a `to` selector in Берсерк's words: a card has one type (`types: [t]`
 * matches a card whose `type` is `t`), `cost: N` or `cost: { min, max }` compares its cost, `any`
 * and `not` nest these words; the other keys are core's
 * ({@link Language.toFilter}). Without a selector: every creature.
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
export const toFilterOf = (effect: string, to: Language.Selector | undefined): Filter.Filter =>
  to === undefined ? isCreature : selectorFilter(effect, to, "to")

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
 * What every wound effect takes (scenario format 3's common fields, from `Language.pick`):
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
 * The predicate arguments of a {@link From} (kinds normalised, the source filter as its JSON
 * text, so that the effect stays plain data), with `not` to negate it.
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
  if (from.source !== undefined) args.source = JSON.stringify(from.source)
  if (not) args.not = true
  return args
}

const parsed = new Map<string, Filter.Filter>()
const sourceFilter = (text: string): Filter.Filter => {
  const hit = parsed.get(text)
  if (hit !== undefined) return hit
  const f = JSON.parse(text) as Filter.Filter
  parsed.set(text, f)
  return f
}

/**
 * Whether an occurrence comes from what the predicate arguments describe (see {@link From}):
 * one of its kinds, and a source matching the source filter — read in `context` (the effect's
 * controller is "you"; without a context, no one is).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Effects } from "@bulwark/berserk"
 * const view = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "orc", kind: "object", controller: "a", props: { type: "creature", cost: 2 } }] })
 * const hit = GameEvent.damage({ id: "h", source: "orc", recipient: "a", amount: 2, kinds: ["strike"] })
 * const from = Effects.fromOf("e", { types: ["creature"], cost: { max: 3 } }, undefined)
 * Effects.comesFrom(view, hit, Effects.fromArgs(from ?? {})) // true
 * ```
 * @since 0.1.0
 * @category filters
 */
export const comesFrom = (
  view: GameView.GameView,
  occurrence: { readonly source?: string | undefined; readonly kinds: ReadonlyArray<string> },
  args: Readonly<Record<string, GameView.Prop>>,
  context?: Filter.Context
): boolean => {
  const kinds = args.kinds
  if (Array.isArray(kinds) && !kinds.some((k) => occurrence.kinds.includes(k))) return false
  const source = args.source
  if (typeof source !== "string") return true
  const ctx: Filter.Context = context ?? { view, controller: "", predicates: {} }
  return Filter.matches(sourceFilter(source), occurrence.source, { ...ctx, view })
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
    const r = comesFrom(view, occ, args, ctx)
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

// a source filter in the card wordings' Russian («от существ, стоимостью ≤ 3»)
const describe = (f: Filter.Filter): string => {
  switch (f._tag) {
    case "Id":
      return f.ids.join("/")
    case "Prop": {
      const prop = f.prop === "cost" ? "стоимостью" : f.prop
      return f.op === "eq" && f.prop === "type"
        ? (typeNames[String(f.value)] ?? String(f.value))
        : f.op === "gte"
          ? `${prop} ≥ ${String(f.value)}`
          : f.op === "lte"
            ? `${prop} ≤ ${String(f.value)}`
            : f.op === "contains"
              ? `${prop} содержит ${JSON.stringify(f.value)}`
              : `${prop} ${f.op} ${JSON.stringify(f.value)}`
    }
    case "And":
      return f.all.map(describe).join(", ")
    case "Or":
      return f.any.map(describe).join(" или ")
    case "Not":
      return `не ${describe(f.filter)}`
    case "ControlledBy":
      return `под контролем ${f.player._tag === "Player" ? f.player.id : f.player._tag.toLowerCase()}`
    case "OwnedBy":
      return `владельца ${f.player._tag === "Player" ? f.player.id : f.player._tag.toLowerCase()}`
    case "InZone":
      return `в зоне ${f.zones.join(" или ")}`
    case "Named":
      return f.name
    case "IsPlayer":
      return "игрока"
    case "Any":
      return "чего угодно"
  }
}

export const fromText = (from: From | undefined): string => {
  if (from === undefined) return ""
  const parts: Array<string> = []
  if (from.kinds !== undefined) parts.push(from.kinds.map((k) => Attack.genitive[k] ?? k).join("/"))
  if (from.source !== undefined) parts.push(describe(from.source))
  return ` от ${parts.join(", ")}`
}

// the card types as the card wordings name the sources («от существ», «от заклинаний»)
const typeNames: Readonly<Record<string, string>> = {
  creature: "существ",
  spell: "заклинаний",
  artifact: "артефактов"
}

/** «1 рану», «2 раны», «5 ран» (after a number, as the card wordings count wounds). */
export const ranGen = (n: string): string => {
  const k = Number(n)
  if (!Number.isInteger(k)) return `${n} ран`
  const m10 = k % 10
  const m100 = k % 100
  return `${n} ${m100 >= 11 && m100 <= 14 ? "ран" : m10 === 1 ? "рану" : m10 >= 2 && m10 <= 4 ? "раны" : "ран"}`
}
