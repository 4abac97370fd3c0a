/**
 * The rules prevention cites (533; `prevent` itself is the generic one, `generic.ts`) and the
 * wound replacements of 534.1.1 (`noWoundsFrom`, `woundsOnlyFrom`, `moreWounds`, `fewerWounds`),
 * with the rule texts that name their ordering slots. A
 * prevention's category says whether it states an amount (533.3: the first or the second group).
 *
 * @internal
 */
import { type Filter, Language, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"
import {
  type Common,
  common,
  commonFields,
  type From,
  fromOf,
  fromText,
  oneTypeIn,
  ranGen,
  refuse,
  subjectFilter
} from "./sources.js"

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

/**
 * X: a number, or an amount determined when the effect is executed (534.2); a `count:` reads
 * `types: [t]` as the card's one type ({@link oneTypeIn}).
 */
const woundAmount = (c: typeof WoundsOptions.Type, what: string): Filter.Value =>
  c.amount === undefined || c.amount === "all"
    ? refuse(c.id, "amount", `${what} needs a number (X)`)
    : (oneTypeIn(c.id, Language.toValue(c.amount, `${what} amount`, { id: c.id }), "amount") as Filter.Value)

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
export const moreWounds = (c: typeof WoundsOptions.Type): Replacement.Replacement =>
  woundChange(c, "moreWounds", "add", "больше")

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
export const fewerWounds = (c: typeof WoundsOptions.Type): Replacement.Replacement =>
  woundChange(c, "fewerWounds", "sub", "меньше")

/** «Получает на X больше / меньше ран» (534.1.1): the one shape of {@link moreWounds} and {@link fewerWounds}. */
const woundChange = (
  c: typeof WoundsOptions.Type,
  kind: string,
  op: "add" | "sub",
  word: string
): Replacement.Replacement => {
  const amount = woundAmount(c, kind)
  const from = fromOf(c.id, c.from, c.kinds)
  return {
    ...common(
      c,
      "replacement",
      RULE_WOUND_REPLACEMENT,
      `Получает на ${ranGen(Language.amountLabel(amount))} ${word}${fromText(from)}`
    ),
    watch: { family: "damage", subject: subjectFilter(c, from) },
    action: { _tag: "Modify", op, value: amount }
  }
}
