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
 */
import { Amount, type Filter, type Replacement } from "@bulwark/core"
import { Category, Kind } from "./Rules.js"

/**
 * Options shared by every constructor.
 *
 * - `id`, `controller` (the controller of the effect's source, 374), `label` (card text);
 * - `source`: the object the effect comes from;
 * - `duration`: `"turn"` (ends at `endOfTurn`) or `"combat"` (ends at `endOfCombat`);
 * - `limit`: "once each turn" / "N times each turn" (371.1); declining a "may" effect does not
 *   use it up (371.2.b);
 * - `optional`: a "may" effect (371.2): its controller decides each time;
 * - `activeIn`: zones the source must be in for the effect to apply (370.3, 370.4);
 * - `condition`: a core condition checked each time it could apply.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/riftbound"
 * const o: Effects.Common = { id: "zilean", controller: "A", optional: true, limit: { times: 1 } }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Common {
  readonly id: string
  readonly controller: string
  readonly label?: string | undefined
  readonly source?: string | undefined
  readonly duration?: "turn" | "combat" | undefined
  readonly limit?: { readonly times: number } | undefined
  readonly optional?: boolean | undefined
  readonly activeIn?: ReadonlyArray<string> | undefined
  readonly condition?: Filter.Condition | undefined
}

const boundary = { turn: "endOfTurn", combat: "endOfCombat" } as const

const common = (o: Common, label: string, rule: string) => ({
  id: o.id,
  label: o.label ?? label,
  controller: o.controller,
  ...(o.source === undefined ? {} : { source: o.source }),
  ...(o.duration === undefined ? {} : { duration: { until: boundary[o.duration] } }),
  ...(o.limit === undefined ? {} : { limit: { times: o.limit.times, resetsAt: "endOfTurn" } }),
  ...(o.optional === true ? { optional: true } : {}),
  ...(o.activeIn === undefined ? {} : { requiresSourceIn: o.activeIn }),
  ...(o.condition === undefined ? {} : { condition: o.condition }),
  rule
})

/**
 * What a unit's damage effects watch: damage that would be dealt to that unit, except damage
 * being dealt after assignment (465.2.c.5).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.damageTo("U").kinds // { noneOf: ["assigned"] }
 * ```
 * @since 0.1.0
 * @category watches
 */
export const damageTo = (unit: string): Replacement.Watch => ({
  family: "damage",
  subject: { _tag: "Id", ids: [unit] },
  kinds: { noneOf: [Kind.assigned] }
})

/**
 * Prevent (437): "Prevent the next X damage that would be dealt to [unit]". The Prevent Value is
 * tracked on the unit (a core shield): damage is reduced by it (437.2), it is reduced by what it
 * prevents (437.3, 437.3.b), and at 0 it expires (437.3.a). `value: "all"` is Prevent All: it
 * never decreases (437.3.c) and no amount of damage is ever lethal (437.5.b). `each: "combat"`
 * restores the value at the end of each combat ("prevent the first 3 damage I would take each
 * combat", 465.2.c.5 example).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * const p = Effects.prevent({ id: "p", controller: "B", unit: "U", value: 2 })
 * p.action // { _tag: "Prevent", amount: 2, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevent = (
  o: Common & {
    readonly unit: string
    readonly value: number | "all"
    readonly each?: "turn" | "combat" | undefined
  }
): Replacement.Replacement => ({
  ...common(
    o,
    Amount.check(o.value, "prevent value", { id: o.id, allowAll: true }) === "all"
      ? `Prevent all damage that would be dealt to ${o.unit}`
      : `Prevent the next ${o.value} damage that would be dealt to ${o.unit}`,
    o.value === "all"
      ? "Riftbound 437.1.b.1.b / 437.3.c: Prevent All never decreases"
      : "Riftbound 437.2–437.3: the Prevent Value tracked on the unit"
  ),
  category: Category.prevent,
  watch: damageTo(o.unit),
  action:
    o.value === "all"
      ? { _tag: "Prevent", amount: "all", scope: "static" }
      : { _tag: "Prevent", amount: o.value, scope: "shield" },
  ...(o.each === undefined ? {} : { resetsAt: boundary[o.each] })
})

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
 * Effects.preventNext({ id: "cs", controller: "B", unit: "U" }).action // { _tag: "Prevent", amount: "all", scope: "once" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventNext = (o: Common & { readonly unit: string }): Replacement.Replacement => ({
  ...common(
    o,
    `The next time ${o.unit} would be dealt damage, prevent it`,
    "Riftbound 437.1.b.2 / 465.2.c.10: prevents the next damage; the unit can still be dealt damage"
  ),
  category: Category.prevent,
  watch: damageTo(o.unit),
  action: { _tag: "Prevent", amount: "all", scope: "once" }
})

/**
 * "Double all damage that would be dealt to it this turn" (Lotus Trap): a replacement effect
 * that doubles the damage. In combat it applies to the assignment (465.2.c.4.a, 465.2.c.5).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.double({ id: "lotus", controller: "A", unit: "U", duration: "turn" }).action // { _tag: "Modify", op: "mul", value: 2 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const double = (o: Common & { readonly unit: string }): Replacement.Replacement => ({
  ...common(
    o,
    `Double all damage that would be dealt to ${o.unit}`,
    "Riftbound 369 / 465.2.c.5: a replacement effect (Lotus Trap)"
  ),
  category: Category.replacement,
  watch: damageTo(o.unit),
  action: { _tag: "Modify", op: "mul", value: 2 }
})

/**
 * Adds to or subtracts from the damage that would be dealt to a unit (any other "instead"
 * replacement on the amount).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.modify({ id: "m", controller: "A", unit: "U", op: "add", value: 1 }).category // "replacement"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const modify = (
  o: Common & { readonly unit: string; readonly op: "add" | "sub" | "mul"; readonly value: number }
): Replacement.Replacement => ({
  ...common(
    o,
    `${o.op === "mul" ? "Multiply" : o.op === "add" ? "Increase" : "Reduce"} damage dealt to ${o.unit} (${o.op} ${o.value})`,
    "Riftbound 369–370: a replacement effect"
  ),
  category: Category.replacement,
  watch: damageTo(o.unit),
  action: { _tag: "Modify", op: o.op, value: o.value }
})

/**
 * "I don't take damage" / "can't be dealt damage" (Kayn, Unleashed; 465.2.c.10): the damage is
 * replaced by nothing. No amount is ever lethal, and in combat the unit is exempt from any
 * considerations of mandatory assignment.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.cantBeDealtDamage({ id: "kayn", controller: "B", unit: "K" }).action // { _tag: "Replace", with: [] }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const cantBeDealtDamage = (o: Common & { readonly unit: string }): Replacement.Replacement => ({
  ...common(o, `${o.unit} doesn't take damage`, "Riftbound 465.2.c.10: a unit that cannot be dealt damage"),
  category: Category.cantBeDealtDamage,
  watch: damageTo(o.unit),
  action: { _tag: "Replace", with: [] }
})

/**
 * Bonus Damage (417.4–417.5, 712–715): "Your spells and abilities deal N Bonus Damage". It is
 * part of the Deal action, so it is added before any replacement or Prevent sees the damage
 * (437.1.a.1, 715.4.a). By default it watches damage from sources controlled by the effect's
 * controller and not combat damage; `sources` restricts it to given source ids, `to` to one unit.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * Effects.bonusDamage({ id: "annie", controller: "A", amount: 1 }).category // "bonus"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const bonusDamage = (
  o: Common & {
    readonly amount: number
    readonly sources?: ReadonlyArray<string> | undefined
    readonly to?: string | undefined
  }
): Replacement.Replacement => ({
  ...common(
    o,
    `Deal ${Amount.check(o.amount, "bonusDamage amount", { id: o.id })} Bonus Damage`,
    "Riftbound 417.5 / 712–715: Bonus Damage"
  ),
  category: Category.bonus,
  watch: {
    family: "damage",
    ...(o.to === undefined ? {} : { subject: { _tag: "Id", ids: [o.to] } }),
    source:
      o.sources === undefined
        ? { _tag: "ControlledBy", player: { _tag: "You" } }
        : { _tag: "Id", ids: [...o.sources] },
    kinds: { noneOf: [Kind.combat, Kind.assigned] }
  },
  action: { _tag: "Modify", op: "add", value: Math.max(0, o.amount) }
})

/**
 * Any other replacement effect, written as core data (watch, action, category). A damage watch
 * gets `kinds.noneOf: ["assigned"]` added (465.2.c.5). Use it for effects on players (372.1) or
 * battlefields (372.2), or events other than damage.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/riftbound"
 * const e = Effects.custom({ id: "x", controller: "A", category: "replacement",
 *   watch: { family: "draw", subject: { _tag: "Id", ids: ["A"] } }, action: { _tag: "Modify", op: "add", value: 1 } })
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const custom = (
  o: Common & {
    readonly category?: string | undefined
    readonly watch: Replacement.Watch
    readonly action: Replacement.Action
    readonly rule?: string | undefined
  }
): Replacement.Replacement => {
  const w = o.watch
  const watch: Replacement.Watch =
    w.family === "damage"
      ? { ...w, kinds: { ...w.kinds, noneOf: [...(w.kinds?.noneOf ?? []), Kind.assigned] } }
      : w
  return {
    ...common(o, `${o.id}`, o.rule ?? "Riftbound 367–375: a replacement effect"),
    category: o.category ?? Category.replacement,
    watch,
    action: o.action
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
 * (465.2.c.5). {@link Combat} and compiled scenarios add it to the ledger for combat.
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
