/**
 * The general replacements: Серк's opening (534.1, written with the generic `replace`)
 * (`serk`), strength modifiers and `modifies`, protections («Защита от …», 511.5, checked first)
 * and armour («Броня N»).
 *
 * @internal
 */
import { Amount, Filter, type GameView, Generic, Language, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"
import * as Attack from "../../Attack.js"
import { strengthModifier as expandModifier } from "./expansions.js"
import { generic } from "./generic.js"
import { REPLACEMENT_ORDER, RULE_PROTECTION } from "./prevention.js"
import { comesFrom, fromArgs, fromOf, refuse, toFilterOf } from "./sources.js"

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
  return Generic.replace(generic)({
    id: input.id,
    ...(input.controller === undefined ? {} : { controller: input.controller }),
    source: card,
    to: [card],
    family: "heal",
    instead: [{ family: "open" }],
    may: true,
    limit: { times: 1, per: "turn" },
    label: input.label ?? "Если должен излечиться – вместо этого может открыться (1 раз за ход)",
    rule: RULE_SERK
  })
}

/**
 * The options of {@link strengthModifier}: `value` (added to the attack's strength; below 0
 * lowers it), `times` (the strength multiplied: `times: 2` doubles it, before `value` is added —
 * core `Modifiers`' arithmetic), `to` (the attacks' targets it matches: card ids or a selector; default every
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
  value: Schema.optionalKey(Amount.SignedSchema),
  times: Schema.optionalKey(Amount.Schema)
})

/**
 * The rule cited by attack modifiers ({@link strengthModifier}): 533.2, applied before every
 * other group, in the order written.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_ATTACK_MODIFIER.startsWith("Берсерк 533.2") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_ATTACK_MODIFIER =
  "Берсерк 533.2 («Предотвращение используется всегда после наложения всех модификаторов атаки»): attack modifiers first, in the order written"

/**
 * An attack modifier («модификатор атаки»): a replacement of the wounds of every attack it
 * matches, in the category `attackModifier`, which the ordering policy applies before
 * protections, replacements and prevention (533.2), in the order written — `times` multiplies
 * the attack's strength, then `value` is added (core `Modifiers`' arithmetic). It is its generic
 * form (`kind: replace`, `category: attackModifier`, `times`, then `plus` / `minus`): with both,
 * two effects, `<id>:times` and `<id>`. Its controller is the active player of the `view` it is
 * written in (no player orders it). A value that is not a whole number, or neither `value`
 * nor `times`: `Errors.InvalidEffect`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * const [e] = Effects.strengthModifier({ id: "rage", value: 2, kinds: ["strike"] })
 * e?.category // "attackModifier"
 * e?.action // { _tag: "Modify", op: "add", value: 2 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const strengthModifier = (
  o: typeof StrengthModifierOptions.Type,
  view?: GameView.GameView
): ReadonlyArray<Replacement.Replacement> => {
  if (o.value === undefined && o.times === undefined)
    refuse(o.id, "value", "a strength modifier needs a `value` to add or a factor (`times`)")
  if (o.value !== undefined && !Number.isSafeInteger(o.value))
    refuse(o.id, "value", "a strength modifier adds a whole number")
  fromOf(o.id, o.from, o.kinds)
  toFilterOf(o.id, o.to)
  return expandModifier(o).map((f) => Generic.replace(generic)(f as Generic.ReplaceOptions, view))
}

/**
 * Whether a strength modifier applies to an attack: its target matches `to` (every target when
 * absent) and the attack comes from `from` / `kinds` — what the attack step reads for the
 * strength it shows (the resolver applies the modifier itself, category `attackModifier`, 533.2).
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
