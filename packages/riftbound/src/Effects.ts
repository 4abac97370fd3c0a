/**
 * Riftbound replacement effects as core data.
 *
 * Each constructor returns a plain core `Replacement` value: Prevent (437) is a shield watching
 * one unit; "Prevent All" is a static prevention that never decreases (437.3.c); "double all
 * damage that would be dealt to it" is a modification; "I don't take damage" replaces the damage
 * with nothing (465.2.c.10); Bonus Damage (712–715) is an addition in the first tier.
 *
 * Every damage effect built here ignores damage of kind `assigned` — combat damage being dealt
 * after it was assigned — because replacement effects apply to the assignment instead and are
 * not applied again when it is dealt (465.2.c.5).
 *
 * @since 0.1.0
 * @module
 */
import {
  Amount,
  Errors,
  Filter,
  type GameView,
  Generic,
  Identity,
  Language,
  type Replacement
} from "@bulwark/core"
import * as Schema from "effect/Schema"
import * as Resources from "./Resources.js"
import { Category, hasType, Kind } from "./Rules.js"

const opt = Schema.optionalKey

/**
 * The fields every Riftbound effect kind has, as scenario files and the constructors spell them
 * (the common ones are core's, `Language.pick`):
 *
 * - `id`, `controller` (required: the controller of the effect's source, 374), `label` (card
 *   text), `rule` (the rule cited; each kind has its own default);
 * - `source`: the object the effect comes from;
 * - `duration`: `endOfTurn` ("this turn") or `endOfCombat` ("this combat");
 * - `limit`: `{ times, per: turn }` — "once each turn" / "N times each turn" (371.1), or
 *   `per: combat`; declining a "may" effect does not use it up (371.2.b);
 * - `next: true`: "The next time …" — one use by the card's own words, used up by its one
 *   application (369.1's Zhonya's Hourglass; over simultaneous events its controller chooses
 *   which it applies to, 373); no `limit` is written beside it;
 * - `may`: a "may" effect (371.2): its controller decides each time;
 * - `cost`: "you may pay …" — `{ pay: N }` (N Energy) or `{ pay: { energy, power } }` paid out of
 *   the controller's Rune Pool ({@link Resources.Cost}), or any event (`{ family, to?, amount? }`)
 *   resolved first; an effect whose Rune Pool cost its controller can't pay is not offered;
 * - `activeIn`: zones the source must be in for the effect to apply (370.3, 370.4);
 * - `condition`: a core condition checked each time it could apply.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/riftbound"
 * Object.keys(Schema.Struct(Effects.commonFields).fields).includes("may") // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const commonFields = {
  ...Language.pick("source", "duration", "limit", "next", "may", "label", "rule"),
  controller: Language.common.controller,
  activeIn: opt(Schema.Array(Schema.NonEmptyString)),
  condition: opt(Filter.Condition),
  cost: opt(Schema.Union([Resources.Cost, Generic.EventSchema]))
}

/**
 * The options every constructor takes. See {@link commonFields}.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/riftbound"
 * const o: Effects.Common = { id: "zilean", controller: "A", may: true, limit: { times: 1, per: "turn" } }
 * ```
 * @since 0.1.0
 * @category options
 */
export type Common = Schema.Struct.Type<typeof commonFields>

const boundaryOf = { turn: "endOfTurn", combat: "endOfCombat" } as const

const bad = (o: { readonly id: string }, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect: o.id, path, reason })
}

const durations: ReadonlyArray<string> = ["endOfTurn", "endOfCombat"]

const common = (o: Common, label: string, rule: string) => {
  if (o.duration !== undefined && !durations.includes(o.duration))
    bad(o, "duration", `expected endOfTurn or endOfCombat, got ${JSON.stringify(o.duration)}`)
  const per = o.limit?.per
  if (o.next === true && o.limit !== undefined)
    bad(
      o,
      "limit",
      'an effect with next: true is one use by its own words ("The next time …"): write no limit'
    )
  if (o.limit !== undefined && (per === undefined || !(per in boundaryOf)))
    bad(
      o,
      "limit.per",
      `a Riftbound limit counts uses each turn or each combat (371.1): write per: turn or per: combat${per === undefined ? "" : `, got ${JSON.stringify(per)}`}`
    )
  return {
    id: o.id,
    label: o.label ?? label,
    controller: o.controller,
    ...(o.source === undefined ? {} : { source: o.source }),
    ...(o.duration === undefined ? {} : { duration: { until: o.duration } }),
    ...(o.limit === undefined
      ? {}
      : { limit: { times: o.limit.times, resetsAt: boundaryOf[per as keyof typeof boundaryOf] } }),
    // "The next time …" (369.1's Zhonya's Hourglass): used up by its one application, no reset
    ...(o.next === true ? { limit: { times: 1 } } : {}),
    ...(o.may === true ? { optional: true } : {}),
    ...(o.activeIn === undefined ? {} : { requiresSourceIn: o.activeIn }),
    ...(o.condition === undefined ? {} : { condition: o.condition }),
    ...costOf(o),
    rule: o.rule ?? rule
  }
}

/** A cost's parts: one paid out of the Rune Pool (`Resources`), or any event resolved first. */
const costOf = (o: Common): Pick<Replacement.Replacement, "cost" | "costPayable"> =>
  o.cost === undefined
    ? {}
    : Schema.is(Resources.Cost)(o.cost)
      ? Resources.costParts(o.cost)
      : { cost: Generic.template(o.cost, "cost", { id: o.id }) }

/** `to` as a label reads it: an id, a list of ids, or "each unit matching …". */
const named = (to: Language.Selector): string =>
  typeof to === "string"
    ? to
    : Array.isArray(to)
      ? to.join(", ")
      : `each object matching ${JSON.stringify(to)}`

const needTo = (o: { readonly id: string; readonly to?: Language.Selector | undefined }, kind: string) =>
  o.to === undefined ? bad(o, "to", `${kind} needs \`to\`: the unit it watches`) : o.to

/**
 * What a unit's damage effects watch: damage that would be dealt to what `to` selects, except
 * damage being dealt after assignment (465.2.c.5).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.damageTo("U").kinds // { noneOf: ["assigned"] }
 * ```
 * @since 0.1.0
 * @category watches
 */
export const damageTo = (to: Language.Selector): Replacement.Watch => ({
  family: "damage",
  subject: Language.toFilter(to),
  kinds: { noneOf: [Kind.assigned] }
})

/** Whether a source is a unit or gear (392), or unknown (no view it is created in). */
const permanent = (source: string, view: GameView.GameView | undefined): boolean =>
  view === undefined || hasType(view.objects[source], "unit") || hasType(view.objects[source], "gear")

/**
 * Riftbound's defaults for the generic effects (core `Generic`): its categories (`prevent` for a
 * prevention, `replacement` for any other replacement; `bonus`, `cantBeDealtDamage` and `deal`
 * name the rules' own tiers), its common fields (durations `endOfTurn` / `endOfCombat`, limits
 * per turn or combat, 371.1), an effect whose `source` is a unit or gear active while its source is
 * on the board (368.1, 370.3, 392: only Delayed Abilities work off the board) unless `activeIn`
 * says where, and
 * every damage watch ignoring damage of kind `assigned` — combat
 * damage being dealt after it was assigned (465.2.c.5: replacements apply to the assignment and
 * are not applied again).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.generic.category("prevent", { _tag: "Prevent", amount: 2, scope: "shield" }) // "prevent"
 * ```
 * @since 0.1.0
 * @category generic
 */
export const generic: Generic.Defaults = {
  categories: Object.values(Category),
  category: (kind) => (kind === "prevent" ? Category.prevent : Category.replacement),
  common: (o, label, rule, view) => ({
    ...common(
      o.controller === undefined ? bad(o, "controller", "needs a controller (374)") : (o as Common),
      label,
      rule
    ),
    // 368.1 / 370.3 / 392: a unit's or gear's Passive Ability is active on the board unless it
    // says a zone ("active in a specific zone"); only Delayed Abilities work "regardless of whether
    // the source … is still on the board" — so one whose source is a unit or gear works while it
    // is in play (any source, without the view it is created in)
    ...(o.source === undefined || !permanent(o.source, view) ? {} : { requiresSourceInPlay: true })
  }),
  // "you may pay …": a cost paid out of the controller's Rune Pool (317.2.d), offered only when
  // they can pay it; any other cost is an event (core's)
  cost: (cost) => (Schema.is(Resources.Cost)(cost) ? Resources.costParts(cost) : undefined),
  watch: (w) =>
    w.family === "damage"
      ? { ...w, kinds: { ...w.kinds, noneOf: [...(w.kinds?.noneOf ?? []), Kind.assigned] } }
      : w,
  // Prevent (437) says whom it shields: "Prevent the next N damage that would be dealt to [unit]"
  label: (kind, o, action) =>
    kind === "prevent" &&
    action._tag === "Prevent" &&
    o.to !== undefined &&
    (o.family ?? "damage") === "damage"
      ? action.amount === "all"
        ? `Prevent all damage that would be dealt to ${named(o.to)}`
        : action.scope === "shield"
          ? `Prevent the next ${Language.amountLabel((o as Generic.PreventOptions).amount ?? "all")} damage that would be dealt to ${named(o.to)}`
          : undefined
      : undefined,
  // bound to the objects it names when it is created (124)
  finish: (e, view) => (view === undefined ? e : aimedAt(e, view)),
  rule: (kind, action) =>
    kind === "replace"
      ? "Riftbound 367–375: a replacement effect"
      : action._tag === "Prevent" && action.amount === "all"
        ? "Riftbound 437.1.b.1.b / 437.3.c: Prevent All never decreases"
        : "Riftbound 437.2–437.3: the Prevent Value tracked on the unit"
}

/**
 * Prevent (437) and any other prevention — the generic `kind: prevent` (core
 * `Generic.PreventOptions`) with Riftbound's defaults ({@link generic}). "Prevent the next X
 * damage that would be dealt to [unit]": the Prevent Value is a core shield on the unit (scope
 * `next`, the default for a number): damage is reduced by it (437.2), it is reduced by what it
 * prevents (437.3, 437.3.b), and at 0 it expires (437.3.a). `amount: all` is Prevent All (scope
 * `each`, the default for `all`): it never decreases (437.3.c) and no amount of damage is ever
 * lethal (437.5.b). `resets: endOfCombat` restores the value at the end of each combat ("prevent
 * the first 3 damage I would take each combat", 465.2.c.5 example).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * const p = Effects.prevent({ id: "p", controller: "B", to: "U", amount: 2 })
 * p.action // { _tag: "Prevent", amount: 2, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevent: Generic.PreventConstructor = Generic.prevent(generic)

/**
 * Any replacement effect — the generic `kind: replace` (core `Generic.ReplaceOptions`) with
 * Riftbound's defaults ({@link generic}): on players (372.1), battlefields (372.2), or events
 * other than damage ("draw one more", "score one more").
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.replace({ id: "x", controller: "A", family: "draw", to: "A", plus: 1 }).action
 * // { _tag: "Modify", op: "add", value: 1 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const replace: Generic.ReplaceConstructor = Generic.replace(generic)

/**
 * The options of {@link preventNext}, {@link double} and {@link cantBeDealtDamage}: the
 * {@link commonFields} and `to` (the unit).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/riftbound"
 * Schema.is(Effects.UnitOptions)({ id: "lotus", controller: "A", to: "U" }) // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const UnitOptions = Schema.Struct({ ...commonFields, ...Language.pick("to") })

/**
 * The options of a kind that watches a unit. See the {@link UnitOptions} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/riftbound"
 * const o: Effects.UnitOptions = { id: "lotus", controller: "A", to: "U", duration: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category options
 */
export type UnitOptions = typeof UnitOptions.Type

/**
 * "The next time [unit] would be dealt damage this turn, prevent it" (Counter Strike, 465.2.c.10
 * example): all of the next damage event, then used up (437.1.b.2). In combat it prevents all of
 * the damage assigned to the unit, so no amount assigned is lethal (437.5.b, read with 437.1.b.1.b
 * and 465.2.c.5), but the unit can still be dealt damage, so it is not exempt from mandatory
 * assignment (465.2.c.10); see the README's Interpretations.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.preventNext({ id: "cs", controller: "B", to: "U" }).action // { _tag: "Prevent", amount: "all", scope: "once" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventNext = (o: UnitOptions, view?: GameView.GameView): Replacement.Replacement =>
  at(preventNextOf(o), view)

const preventNextOf = (o: UnitOptions): Replacement.Replacement => {
  const to = needTo(o, "preventNext")
  return {
    ...common(
      o,
      `The next time ${named(to)} would be dealt damage, prevent it`,
      "Riftbound 437.1.b.2 / 465.2.c.10: prevents the next damage; the unit can still be dealt damage"
    ),
    category: Category.prevent,
    watch: damageTo(to),
    action: { _tag: "Prevent", amount: "all", scope: "once" }
  }
}

/**
 * "Double all damage that would be dealt to it this turn" (Lotus Trap): a replacement effect
 * that doubles the damage. In combat it applies to the assignment (465.2.c.4.a, 465.2.c.5).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.double({ id: "lotus", controller: "A", to: "U", duration: "endOfTurn" }).action // { _tag: "Modify", op: "mul", value: 2 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const double = (o: UnitOptions, view?: GameView.GameView): Replacement.Replacement =>
  at(doubleOf(o), view)

const doubleOf = (o: UnitOptions): Replacement.Replacement => {
  const to = needTo(o, "double")
  return {
    ...common(
      o,
      `Double all damage that would be dealt to ${named(to)}`,
      "Riftbound 369 / 465.2.c.5: a replacement effect (Lotus Trap)"
    ),
    category: Category.replacement,
    watch: damageTo(to),
    action: { _tag: "Modify", op: "mul", value: 2 }
  }
}

/**
 * The options of {@link modify}: the {@link commonFields}, `to` (the unit), `op` (`add` | `sub`
 * | `mul`) and `value`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/riftbound"
 * Schema.is(Effects.ModifyOptions)({ id: "m", controller: "A", to: "U", op: "add", value: 1 }) // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const ModifyOptions = Schema.Struct({
  ...commonFields,
  ...Language.pick("to"),
  op: Schema.Literals(["add", "sub", "mul"]),
  // a whole number ≥ 0 or an amount computed when it applies (below 0 it counts as 0, 714.2)
  value: Language.AmountSchema
})

/**
 * The options of {@link modify}. See the {@link ModifyOptions} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/riftbound"
 * const o: Effects.ModifyOptions = { id: "m", controller: "A", to: "U", op: "sub", value: 1 }
 * ```
 * @since 0.1.0
 * @category options
 */
export type ModifyOptions = typeof ModifyOptions.Type

/**
 * Adds to, subtracts from or multiplies the damage that would be dealt to a unit (any other
 * "instead" replacement on the amount).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.modify({ id: "m", controller: "A", to: "U", op: "add", value: 1 }).category // "replacement"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const modify = (o: ModifyOptions, view?: GameView.GameView): Replacement.Replacement =>
  at(modifyOf(o), view)

const modifyOf = (o: ModifyOptions): Replacement.Replacement => {
  const to = needTo(o, "modify")
  return {
    ...common(
      o,
      `${o.op === "mul" ? "Multiply" : o.op === "add" ? "Increase" : "Reduce"} damage dealt to ${named(to)} (${o.op} ${Language.amountLabel(o.value)})`,
      "Riftbound 369–370: a replacement effect"
    ),
    category: Category.replacement,
    watch: damageTo(to),
    action: {
      _tag: "Modify",
      op: o.op,
      value: typeof o.value === "number" ? o.value : Language.toValue(o.value, "modify value", { id: o.id })
    }
  }
}

/**
 * "I don't take damage" / "can't be dealt damage" (Kayn, Unleashed; 465.2.c.10): the damage is
 * replaced by nothing. No amount is ever lethal, and in combat the unit is exempt from any
 * considerations of mandatory assignment.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.cantBeDealtDamage({ id: "kayn", controller: "B", to: "K" }).action // { _tag: "Replace", with: [] }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const cantBeDealtDamage = (o: UnitOptions, view?: GameView.GameView): Replacement.Replacement =>
  at(cantBeDealtDamageOf(o), view)

const cantBeDealtDamageOf = (o: UnitOptions): Replacement.Replacement => {
  const to = needTo(o, "cantBeDealtDamage")
  return {
    ...common(
      o,
      `${named(to)} doesn't take damage`,
      "Riftbound 465.2.c.10: a unit that cannot be dealt damage"
    ),
    category: Category.cantBeDealtDamage,
    watch: damageTo(to),
    action: { _tag: "Replace", with: [] }
  }
}

/**
 * The options of {@link bonusDamage}: the {@link commonFields}, `amount` (a whole number or an
 * amount computed when the Deal action happens, e.g. `{ count: … }`), `from` (the sources whose
 * damage it adds to; default: the sources its controller controls) and `to` (only damage to these).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/riftbound"
 * Schema.is(Effects.BonusDamageOptions)({ id: "annie", controller: "A", amount: 1, from: ["bolt"] }) // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const BonusDamageOptions = Schema.Struct({ ...commonFields, ...Language.pick("amount", "from", "to") })

/**
 * The options of {@link bonusDamage}. See the {@link BonusDamageOptions} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/riftbound"
 * const o: Effects.BonusDamageOptions = { id: "annie", controller: "A", amount: 1 }
 * ```
 * @since 0.1.0
 * @category options
 */
export type BonusDamageOptions = typeof BonusDamageOptions.Type

/**
 * Bonus Damage (417.4–417.5, 712–715): "Your spells and abilities deal N Bonus Damage". It is
 * part of the Deal action, so it is added before any replacement or Prevent sees the damage
 * (437.1.a.1, 715.4.a). By default it watches damage from sources controlled by the effect's
 * controller and not combat damage; `from` restricts it to given sources, `to` to given units.
 * An amount written as an expression (`{ count: … }`, `{ minus: […] }`, …) is computed at each
 * Deal action it is granted to (713), and one that would be negative adds nothing (714.2: "If, for
 * any reason, Bonus Damage would be a negative number, then no Bonus Damage is applied"). `all`
 * is refused: Bonus Damage is a number.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.bonusDamage({ id: "annie", controller: "A", amount: 1 }).category // "bonus"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const bonusDamage = (o: BonusDamageOptions, view?: GameView.GameView): Replacement.Replacement =>
  at(bonusDamageOf(o), view)

const bonusDamageOf = (o: BonusDamageOptions): Replacement.Replacement => {
  const amount =
    o.amount === undefined
      ? bad(o, "amount", "bonusDamage needs `amount`: a whole number or an amount expression")
      : typeof o.amount === "number"
        ? Amount.check(o.amount, "bonusDamage amount", { id: o.id })
        : (Language.toAmount(o.amount, "bonusDamage amount", { id: o.id, allowAll: false }) as Filter.Value)
  return {
    ...common(
      o,
      `Deal ${Language.amountLabel(amount)} Bonus Damage`,
      "Riftbound 417.5 / 712–715: Bonus Damage"
    ),
    category: Category.bonus,
    watch: {
      family: "damage",
      ...(o.to === undefined ? {} : { subject: Language.toFilter(o.to) }),
      source:
        o.from === undefined ? { _tag: "ControlledBy", player: { _tag: "You" } } : Language.toFilter(o.from),
      kinds: { noneOf: [Kind.combat, Kind.assigned] }
    },
    action: {
      _tag: "Modify",
      op: "add",
      // 714.1–714.2: never negative, so it can only increase the damage — a written number is
      // ≥ 0, and core counts a value computed below 0 as 0 (the floor is core's, for every game)
      value: amount
    }
  }
}

/**
 * The id of the {@link dealAssigned} effect.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.DEAL_ID // "465.2.d"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const DEAL_ID = "465.2.d"

/**
 * The rules' own step: when all combat damage is assigned, it is dealt (465.2.c.1.a, 465.2.d).
 * It replaces each `assignment` occurrence, once every replacement effect has applied to it, by
 * the same amount of damage of kind `assigned`, which inherits the effects already applied and
 * which the unit's effects do not watch — so nothing is applied again when it is dealt
 * (465.2.c.5). {@link Combat} and a scenario's `combat` step add it to the ledger.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.dealAssigned("A").id // "465.2.d"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const dealAssigned = (turnPlayer: string): Replacement.Replacement => ({
  id: DEAL_ID,
  label: "Combat damage is dealt equal to the amount assigned",
  controller: turnPlayer,
  category: Category.deal,
  watch: { family: "damage", kinds: { allOf: [Kind.assignment] } },
  action: {
    _tag: "Replace",
    with: [
      {
        family: "damage",
        subject: "subject",
        source: "source",
        amount: { _tag: "Amount" },
        kinds: [Kind.combat, Kind.assigned]
      }
    ]
  },
  rule: "Riftbound 465.2.c.1.a / 465.2.d: assigned damage is dealt; replacements applied at assignment are not applied again (465.2.c.5)"
})

/**
 * Options of {@link saveFromDeath}: the common fields, `to` (the units whose death it replaces),
 * `killSource` ("kill this instead": Zhonya's Hourglass, Guardian Angel), `next` ("The next time
 * … would die": the card's own words make it one use — 369.1's Zhonya's Hourglass saves one of
 * two simultaneous deaths, its controller choosing which, 373), and the qualifiers
 * Soraka, Wanderer's text reads relative to the effect's `source` — `other` ("another unit"),
 * `here` (in the source's zone when the effect could apply), `lessMight` ("if it has less Might
 * than me": strictly less).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * const o: Effects.SaveFromDeathOptions = { id: "zhonya", controller: "A", source: "zhonya",
 *   to: { types: ["unit"], controller: "you" }, killSource: true }
 * ```
 * @since 0.1.0
 * @category options
 */
export const SaveFromDeathOptions = Schema.Struct({
  ...commonFields,
  ...Language.pick("to"),
  killSource: opt(Schema.Boolean),
  other: opt(Schema.Boolean),
  here: opt(Schema.Boolean),
  lessMight: opt(Schema.Boolean)
})

/**
 * The type of {@link SaveFromDeathOptions}.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/riftbound"
 * const o: Effects.SaveFromDeathOptions = { id: "ga", controller: "A", source: "ga", to: "soraka", killSource: true }
 * ```
 * @since 0.1.0
 * @category options
 */
export type SaveFromDeathOptions = typeof SaveFromDeathOptions.Type

/**
 * A death replacement as Riftbound's cards word it: "If a friendly unit would die, kill this
 * instead. Heal that unit, exhaust it, and recall it" (Zhonya's Hourglass, 370.1.a.1), "If I would
 * die, kill Guardian Angel instead. Heal me, exhaust me, and recall me" (Guardian Angel), "If
 * another unit you control here would die, if it has less Might than me, instead heal it, exhaust
 * it, and recall it" (Soraka, Wanderer, 373.2). The death (`die`) is replaced by the source's
 * death (with `killSource`), then the unit's heal, exhaust and recall — game actions performed
 * before the simultaneous unmodified events (373.1.a). By default the effect is active while its
 * source is on the board (`requiresSourceInPlay`: at its base or at any battlefield, the in-play
 * zones of `Rules.zones`; 370.3–370.4); `activeIn` names other zones. Given the view it is
 * created in, the units it names by id are bound to the objects they are then (124, {@link aimedAt}):
 * one that went to or from a Non-Board Zone since is a new object it does not save.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * const zhonya = Effects.saveFromDeath({ id: "zhonya", controller: "A", source: "zhonya",
 *   to: { types: ["unit"], controller: "you" }, killSource: true })
 * zhonya.action // { _tag: "Replace", with: [die self, heal, exhaust, recall] }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const saveFromDeath = (o: SaveFromDeathOptions, view?: GameView.GameView): Replacement.Replacement =>
  at(saveFromDeathOf(o), view)

const saveFromDeathOf = (o: SaveFromDeathOptions): Replacement.Replacement => {
  const to = needTo(o, "saveFromDeath")
  if (
    (o.killSource === true || o.other === true || o.here === true || o.lessMight === true) &&
    o.source === undefined
  )
    bad(
      o,
      "source",
      "saveFromDeath with killSource, other, here or lessMight needs `source`: the object they refer to"
    )
  const qualifiers: Array<Filter.Filter> = [Language.toFilter(to)]
  if (o.other === true) qualifiers.push({ _tag: "Named", name: "other" })
  if (o.here === true) qualifiers.push({ _tag: "Named", name: "here" })
  if (o.lessMight === true) qualifiers.push({ _tag: "Named", name: "lessMight" })
  const subject: Filter.Filter =
    qualifiers.length === 1 ? (qualifiers[0] as Filter.Filter) : { _tag: "And", all: qualifiers }
  const c = common(
    o,
    `${o.next === true ? "The next time" : "If"} ${named(to)} would die, ${o.killSource === true ? `kill ${o.source} instead. Heal it, exhaust it, and recall it` : "instead heal it, exhaust it, and recall it"}`,
    o.next === true
      ? 'Riftbound 369.1 / 373: "the next time": one use; over simultaneous deaths its controller chooses which it saves'
      : "Riftbound 370.1.a.1 / 373.1.a: the death is replaced by game actions performed before the simultaneous unmodified events"
  )
  return {
    ...c,
    // 370.3–370.4: active while its source is on the board — at its base or at any battlefield
    ...(o.activeIn === undefined && o.source !== undefined ? { requiresSourceInPlay: true } : {}),
    // "kill this instead" uses its source up: once it is in the trash, a simultaneous death that
    // happens after it is not reached (373.1.a, 370.4; README Interpretations 14) — one use
    // unless a limit is written
    ...(o.killSource === true && c.limit === undefined ? { limit: { times: 1 } } : {}),
    category: Category.replacement,
    watch: { family: "die", subject },
    action: {
      _tag: "Replace",
      with: [
        // "kill this": an active kill of its own (428.1.a.1), not the death it replaces — it
        // does not inherit that death's kinds (a cleanup's, a cost's)
        ...(o.killSource === true ? [{ family: "die", subject: "self" as const, kinds: [] }] : []),
        { family: "heal", subject: "subject" },
        { family: "exhaust", subject: "subject" },
        { family: "recall", subject: "subject" }
      ]
    }
  }
}

/**
 * Binds an effect to the objects it names as they are now, with core's `Identity.bind` (124: "A
 * Game Object that changes zones to or from a Non-Board Zone becomes a new object for the
 * purposes of tracking that object"). An effect that watches named objects — the unit it protects
 * or changes damage to (`to`, `watch.subject` by id) and the sources (`from`, `watch.source` by
 * id) — records that each must still be the same object (`sameObjects`), so once it died (to the trash) or
 * otherwise went to or from a Non-Board Zone (`Rules.commit`, an `update`), the effect no longer
 * applies to the new object, dealt the damage or dealing it. A recall (board to base) keeps it
 * the same object. Players and effects that watch no named object are unchanged. The kinds
 * `prevent`, `preventNext`, `double`, `modify`, `cantBeDealtDamage`, `bonusDamage` and
 * `saveFromDeath` are bound
 * when the scenario creates them (`effects:` against the starting view, `addEffects:` at that
 * step).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Effects } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A", objects: [
 *   { id: "U", kind: "object", controller: "B", zone: "board", props: {} }] })
 * const s = Effects.aimedAt(Effects.preventNext({ id: "s", controller: "B", to: "U" }), view)
 * s.sameObjects?.subject // { U: 0 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const aimedAt = (e: Replacement.Replacement, view: GameView.GameView): Replacement.Replacement =>
  Identity.bind(e, view)

/** Binds to the view when there is one (124). */
const at = (e: Replacement.Replacement, view: GameView.GameView | undefined): Replacement.Replacement =>
  view === undefined ? e : aimedAt(e, view)
