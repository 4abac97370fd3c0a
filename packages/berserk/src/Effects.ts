/**
 * Constructors of Берсерк effects as core {@link Replacement.Replacement} values: prevention
 * (533, «Эффект предотвращения»), the wound replacements of 534.1.1 («Не получает ран от …»,
 * «Получает раны только от …», «Получает на X больше/меньше ран от …»), general "instead"
 * replacements (534.1, Серк), protections («Защита от …», 511.5) and armour («Броня N»).
 *
 * Each constructor only builds data; the ordering lives in {@link Rules}. The effect's
 * `category` places it in one of the ordering slots: `"protection"`, `"replacement"` or
 * `"prevention"` (split by whether it states an amount, 533.3).
 *
 * @since 0.1.0
 */
import { Amount, type Filter, type GameView, type Replacement } from "@bulwark/core"
import * as Attack from "./Attack.js"

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
 * Where an attack (or another event) comes from — the "[текст]" of «от [текст]». Every stated
 * test must hold:
 *
 * - `kinds`: the attack has one of these kinds or tags (English or Russian, see {@link Attack});
 * - `cards`: its source is one of these cards;
 * - `types`: its source card has one of these types ("creature", "spell", …);
 * - `maxCost` / `minCost`: its source card's cost is at most / at least this.
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

/**
 * Which creatures an effect protects or changes: a list of card ids, or `"any"` (every creature,
 * "each creature").
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/berserk"
 * const t: Effects.Target = ["orc"]
 * ```
 * @since 0.1.0
 * @category model
 */
export type Target = ReadonlyArray<string> | "any"

/**
 * What every effect constructor takes.
 *
 * - `id`, `controller` (the player who controls it — who orders it, 533.3), `source` (the card it
 *   comes from), `label` (the card text, shown in traces), `rule` (overrides the citation);
 * - `on`: the creatures it watches (default `"any"`); `from`: where the wounds come from;
 * - `until`: a time boundary that ends it ("endOfTurn");
 * - `activeZones`: the zones its source must be in for it to apply (default `["battlefield"]`
 *   when it has a source: 533.6, and 112 "they work while their source is in a suitable zone");
 * - `optional` ("может"), `oncePerTurn` ("1 раз за ход").
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/berserk"
 * const c: Effects.Common = { id: "fog", controller: "ap", from: { kinds: ["strike"] }, until: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Common {
  readonly id: string
  readonly controller: string
  readonly source?: string | undefined
  readonly label?: string | undefined
  readonly rule?: string | undefined
  readonly on?: Target | undefined
  readonly from?: From | undefined
  readonly until?: string | undefined
  readonly activeZones?: ReadonlyArray<string> | undefined
  readonly optional?: boolean | undefined
  readonly oncePerTurn?: boolean | undefined
}

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

const targetFilter = (on: Target | undefined): Filter.Filter =>
  on === undefined || on === "any" ? isCreature : { _tag: "Id", ids: [...on] }

const subjectFilter = (on: Target | undefined, from: From | undefined, not = false): Filter.Filter => {
  const t = targetFilter(on)
  if (from === undefined) return t
  return { _tag: "And", all: [t, { _tag: "Named", name: FROM, args: fromArgs(from, not) }] }
}

const common = (
  c: Common,
  category: string,
  rule: string,
  label: string
): Omit<Replacement.Replacement, "watch" | "action"> => ({
  id: c.id,
  label: c.label ?? label,
  controller: c.controller,
  category,
  rule: c.rule ?? rule,
  ...(c.source === undefined ? {} : { source: c.source, requiresSourceIn: c.activeZones ?? ["battlefield"] }),
  ...(c.until === undefined ? {} : { duration: { until: c.until } }),
  ...(c.optional === true ? { optional: true } : {}),
  ...(c.oncePerTurn === true ? { limit: { times: 1, resetsAt: "endOfTurn" } } : {})
})

const fromText = (from: From | undefined): string => {
  if (from === undefined) return ""
  const parts: Array<string> = []
  if (from.kinds !== undefined) parts.push(from.kinds.join("/"))
  if (from.types !== undefined) parts.push(from.types.join("/"))
  if (from.cards !== undefined) parts.push(from.cards.join("/"))
  if (from.maxCost !== undefined) parts.push(`cost ≤ ${from.maxCost}`)
  if (from.minCost !== undefined) parts.push(`cost ≥ ${from.minCost}`)
  return ` from ${parts.join(", ")}`
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
 * A prevention effect («Эффект предотвращения», 533): it lowers the wounds an attack would
 * inflict, never the attack's strength (533.1). `amount: "all"` has no amount (first group of
 * 533.3); a number has one (second group). See {@link PreventionScope} for `scope` (default:
 * `"next"` for a number, `"each"` for `"all"`).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * // "Prevent the next 4 wounds dealt to the orc"
 * const shield = Effects.prevention({ id: "s", controller: "ip", on: ["orc"], amount: 4 })
 * shield.action // { _tag: "Prevent", amount: 4, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevention = (
  c: Common & { readonly amount: number | "all"; readonly scope?: PreventionScope | undefined }
): Replacement.Replacement => {
  Amount.check(c.amount, "prevention amount", { id: c.id, allowAll: true })
  const scope = c.scope ?? (c.amount === "all" ? "each" : "next")
  const core: Replacement.PreventScope =
    scope === "each" ? "static" : scope === "once" || c.amount === "all" ? "once" : "shield"
  const label =
    c.amount === "all"
      ? `Prevent all wounds${scope === "each" ? "" : " of the next attack"}${fromText(c.from)}`
      : scope === "next"
        ? `Prevent the next ${c.amount} wounds${fromText(c.from)}`
        : scope === "each"
          ? `-${c.amount}${fromText(c.from)}`
          : `Prevent ${c.amount} wounds of the next attack${fromText(c.from)}`
  const rule = `${c.amount === "all" ? RULE_PREVENT_ALL : RULE_PREVENT_N}${c.source === undefined ? "" : "; 533.6: only while its source is in the active zone"}`
  return {
    ...common(c, "prevention", rule, label),
    watch: { family: "damage", subject: subjectFilter(c.on, c.from) },
    action: { _tag: "Prevent", amount: c.amount, scope: core }
  }
}

/**
 * «Не получает ран от [текст]» — "receives no wounds from X" (534.1.1): a replacement, not a
 * prevention: the wounds are replaced by nothing, so no prevention effect is used on them.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.noWoundsFrom({ id: "ward", controller: "ip", on: ["orc"], from: { types: ["spell"] } })
 * e.action // { _tag: "Replace", with: [] }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const noWoundsFrom = (c: Common & { readonly from: From }): Replacement.Replacement => ({
  ...common(c, "replacement", RULE_WOUND_REPLACEMENT, `Receives no wounds${fromText(c.from)}`),
  watch: { family: "damage", subject: subjectFilter(c.on, c.from) },
  action: { _tag: "Replace", with: [] }
})

/**
 * «Получает раны только от [текст]» — "receives wounds only from X" (534.1.1): wounds from
 * anything else are replaced by nothing.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.woundsOnlyFrom({ id: "only", controller: "ip", on: ["orc"], from: { types: ["creature"] } })
 * e.category // "replacement"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const woundsOnlyFrom = (c: Common & { readonly from: From }): Replacement.Replacement => ({
  ...common(c, "replacement", RULE_WOUND_REPLACEMENT, `Receives wounds only${fromText(c.from)}`),
  watch: { family: "damage", subject: subjectFilter(c.on, c.from, true) },
  action: { _tag: "Replace", with: [] }
})

/**
 * «Получает на X больше ран от [текст]» — "receives X more wounds from …" (534.1.1).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.moreWounds({ id: "m", controller: "ap", on: ["orc"], amount: 1, from: { kinds: ["strike"] } })
 * e.action // { _tag: "Modify", op: "add", value: 1 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const moreWounds = (c: Common & { readonly amount: number }): Replacement.Replacement => ({
  ...common(
    c,
    "replacement",
    RULE_WOUND_REPLACEMENT,
    `Receives ${Amount.check(c.amount, "moreWounds amount", { id: c.id })} more wounds${fromText(c.from)}`
  ),
  watch: { family: "damage", subject: subjectFilter(c.on, c.from) },
  action: { _tag: "Modify", op: "add", value: c.amount }
})

/**
 * «Получает на X меньше ран от [текст]» — "receives X fewer wounds from …" (534.1.1). A
 * replacement, not a prevention: it is applied before prevention (see the README) and uses up
 * nothing.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.fewerWounds({ id: "f", controller: "ip", on: ["orc"], amount: 2,
 *   from: { types: ["creature"], maxCost: 3 } })
 * e.action // { _tag: "Modify", op: "sub", value: 2 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const fewerWounds = (c: Common & { readonly amount: number }): Replacement.Replacement => ({
  ...common(
    c,
    "replacement",
    RULE_WOUND_REPLACEMENT,
    `Receives ${Amount.check(c.amount, "fewerWounds amount", { id: c.id })} fewer wounds${fromText(c.from)}`
  ),
  watch: { family: "damage", subject: subjectFilter(c.on, c.from) },
  action: { _tag: "Modify", op: "sub", value: c.amount }
})

/**
 * «[текст 1], вместо этого – [текст 2]» (534.1): when an event of family `of` would happen to a
 * watched card, the events of `with` happen instead (an empty list: nothing happens). The
 * replaced event counts as not having happened (534.3).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * // "if it would be healed, instead it is opened"
 * const e = Effects.instead({ id: "x", controller: "ap", on: ["serk"], of: "heal",
 *   with: [{ family: "open", subject: "subject" }] })
 * e.action._tag // "Replace"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const instead = (
  c: Common & { readonly of: string; readonly with: ReadonlyArray<Replacement.Template> }
): Replacement.Replacement => ({
  ...common(
    c,
    "replacement",
    `Берсерк 534.1, 534.3 (${REPLACEMENT_ORDER})`,
    `If it would ${c.of}, instead ${c.with.map((t) => t.family).join(", ") || "nothing"}`
  ),
  watch: { family: c.of, subject: subjectFilter(c.on, c.from) },
  action: { _tag: "Replace", with: [...c.with] }
})

/**
 * The 534.1 example, Серк: «Если должен излечиться – вместо этого может открыться (1 раз за
 * ход)» — "if it should heal, instead it may open (once per turn)".
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const e = Effects.serk({ id: "serk:open", card: "serk", controller: "ap" })
 * e.optional // true
 * e.limit // { times: 1, resetsAt: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const serk = (input: {
  readonly id: string
  readonly card: string
  readonly controller: string
}): Replacement.Replacement =>
  instead({
    id: input.id,
    controller: input.controller,
    source: input.card,
    on: [input.card],
    of: "heal",
    with: [{ family: "open", subject: "subject" }],
    optional: true,
    oncePerTurn: true,
    label: "Если должен излечиться – вместо этого может открыться (1 раз за ход)",
    rule: `Берсерк 534.1 (example: Серк), 534.3 (${REPLACEMENT_ORDER})`
  })

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
    label: `Защита от: ${kinds.join(", ")}`,
    controller: input.controller,
    source: input.card,
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
  requiresSourceIn: ["battlefield"],
  category: "prevention",
  rule: "Берсерк: Броня N (interpretation: prevention with an amount, restored each turn; 533.3 second group)",
  watch: { family: "damage", subject: { _tag: "Id", ids: [input.card] }, kinds: { anyOf: ["nonmagical"] } },
  action: { _tag: "Prevent", amount: input.amount, scope: "shield" },
  resetsAt: "endOfTurn"
})
