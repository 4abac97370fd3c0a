/**
 * Prevention effects (6.4.10): the options they share (`preventionFields`: what is protected,
 * from what, a cost), `damageWatch`, the payable costs (`canPay`, `canDestroyThis`: a cost is
 * resolved first as a sub-event, and only offered when it can be paid), and the constructors
 * `preventNextTime` and `preventNext` (the generic `prevent` is in `generic.ts`). An amount may be computed when the effect
 * applies (6.4.2a) only where its constructor allows it.
 *
 * @internal
 */
import type { GameView } from "@bulwark/core"
import { Amount, Errors, Filter, Generic, Language, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"
import { at } from "./identity.js"
import { arena, Category, damageKinds, Family } from "./vocabulary.js"

const opt = Schema.optionalKey

/**
 * Schema of a prevention's cost, resolved first as a sub-event (6.4.1a): `destroyThis` (destroy
 * the effect's source, "destroy this to prevent …") or `{ pay: N }` (pay N resources, {r}).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/fab"
 * Schema.is(Effects.Cost)({ pay: 2 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Cost = Schema.Union([Schema.Literal("destroyThis"), Schema.Struct({ pay: Amount.Schema })])

/**
 * A prevention's cost. See the {@link Cost} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const c: Effects.Cost = { pay: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Cost = typeof Cost.Type

const preventionFields = {
  ...Language.pick("controller", "source", "to", "from", "kinds", "duration", "may", "label", "rule"),
  cost: opt(Cost),
  additional: opt(Schema.Array(Generic.EventSchema))
}

/**
 * Schema of what {@link preventNextTime} takes (the `preventNextTime` kind's options).
 *
 * - `to`: the shielded object(s) (player ids are heroes); `from`: the damage source(s). When
 *   neither is given the shielded object is the controller's hero ("you"). Giving only `from`
 *   shields every recipient (6.4.10e); giving only `to` covers every source (6.4.10d).
 * - `kinds`: a typed prevention only prevents that type (6.4.10c, 8.5.3f); absent prevents every
 *   type.
 * - `controller` (default: the source's controller), `cost`, `may`, `additional`, `duration`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/fab"
 * Schema.is(Effects.PreventNextTimeOptions)({ id: "fd", controller: "bob", duration: "endOfTurn" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const PreventNextTimeOptions = Schema.Struct(preventionFields)

/**
 * What {@link preventNextTime} takes. See the {@link PreventNextTimeOptions} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const o: Effects.PreventNextTimeOptions = { id: "fd", controller: "bob", label: "Feign Death" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type PreventNextTimeOptions = typeof PreventNextTimeOptions.Type

/**
 * Schema of what {@link preventNext} takes: {@link PreventNextTimeOptions}
 * and the prevention `amount`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/fab"
 * Schema.is(Effects.PreventionOptions)({ id: "s", controller: "bob", amount: 3, cost: { pay: 1 } }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const PreventionOptions = Schema.Struct({ ...preventionFields, ...Language.pick("amount") })

/**
 * What {@link preventNext} takes. See the {@link PreventionOptions} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const o: Effects.PreventionOptions = { id: "s", controller: "bob", amount: 3, kinds: ["arcane"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type PreventionOptions = typeof PreventionOptions.Type

export const invalid = (effect: string, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect, path, reason })
}

export const controllerOf = (o: { readonly id: string; readonly controller?: string | undefined }): string =>
  o.controller ?? invalid(o.id, "controller", "missing (and no source to take it from)")

export const kindsOf = (o: { readonly id: string; readonly kinds?: ReadonlyArray<string> | undefined }) => {
  for (const [i, k] of (o.kinds ?? []).entries())
    if (!damageKinds.includes(k))
      invalid(o.id, `kinds[${i}]`, `${JSON.stringify(k)} is not a damage type (physical, arcane; FaB 8.5.3b)`)
  return o.kinds ?? []
}

/** N: a number, or an amount computed when the effect applies (6.4.2a) where `computed` allows it. */
export const count = (
  o: { readonly id: string; readonly amount?: Language.WrittenAmount | undefined },
  name: string,
  computed = true
): number | Filter.Value => {
  if (o.amount === undefined) return invalid(o.id, "amount", `${name} needs an amount`)
  if (o.amount === "all") return invalid(o.id, "amount", `${name} prevents a number of damage, not "all"`)
  if (typeof o.amount !== "number" && !computed)
    return invalid(o.id, "amount", `${name} takes a number, not an amount computed when it applies`)
  return Language.toAmount(o.amount, `${name} amount`, { id: o.id, allowAll: false }) as number | Filter.Value
}

export const shown = (n: number | Filter.Value): string => Language.amountLabel(n)

/**
 * The watch of a damage effect: shielded objects, sources and damage types (6.4.10c–e). Without
 * `to` and `from`, the shielded object is the controller's hero.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.damageWatch({ controller: "bob", kinds: ["arcane"] })
 * // { family: "damage", subject: { _tag: "Id", ids: ["bob"] }, kinds: { anyOf: ["arcane"] } }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const damageWatch = (o: {
  readonly controller: string
  readonly to?: Language.Selector | undefined
  readonly from?: Language.Selector | undefined
  readonly kinds?: ReadonlyArray<string> | undefined
}): Replacement.Watch => {
  const to = o.to ?? (o.from === undefined ? [o.controller] : undefined)
  const kinds = o.kinds ?? []
  return {
    family: Family.damage,
    ...(to === undefined ? {} : { subject: Language.toFilter(to) }),
    ...(o.from === undefined ? {} : { source: Language.toFilter(o.from) }),
    ...(kinds.length === 0 ? {} : { kinds: { anyOf: kinds } })
  }
}

/**
 * The condition "the effect's controller has at least N resources" (a pay cost that can't be
 * paid makes an optional prevention unavailable, 8.3.15a by analogy; 8.5.31).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.canPay(2)._tag // "Exists"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const canPay = (amount: number): Filter.Condition => Filter.youHaveAtLeast({ resources: amount })

/**
 * The condition "this can be destroyed": the effect's source is in the arena and is not
 * `indestructible` (8.3.15a: "If the controlling player cannot destroy the object with
 * Spellvoid, they cannot apply the optional prevention effect").
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.canDestroyThis._tag // "Test"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const canDestroyThis: Filter.Condition = {
  _tag: "Test",
  on: "self",
  filter: {
    _tag: "And",
    all: [
      { _tag: "InZone", zones: arena },
      { _tag: "Prop", prop: "indestructible", op: "ne", value: true }
    ]
  }
}

export const costParts = (
  id: string,
  cost: Cost | undefined,
  source: string | undefined
): Pick<Replacement.Replacement, "cost" | "costPayable"> | Record<string, never> => {
  if (cost === undefined) return {}
  // the cost is an effect of the prevention's own ability: its source is the effect's source
  // (1.8.1a), not the card that deals the damage
  if (cost === "destroyThis") {
    if (source === undefined) invalid(id, "cost", "destroyThis needs a source to destroy")
    return {
      cost: { family: Family.destroy, subject: "self", source: "self", amount: 1 },
      costPayable: canDestroyThis
    }
  }
  Amount.check(cost.pay, "pay cost amount", { id })
  return {
    cost: { family: Family.pay, subject: "controller", source: "self", amount: cost.pay },
    costPayable: canPay(cost.pay)
  }
}

export const build = (
  o: PreventNextTimeOptions,
  action: Replacement.Action,
  defaultLabel: string,
  rule: string
): Replacement.Replacement => {
  const controller = controllerOf(o)
  const kinds = kindsOf(o)
  return {
    id: o.id,
    label: o.label ?? defaultLabel,
    controller,
    ...(o.source === undefined ? {} : { source: o.source }),
    category: Category.prevention,
    watch: damageWatch({ controller, to: o.to, from: o.from, kinds }),
    action,
    ...(o.may === true ? { optional: true } : {}),
    ...costParts(o.id, o.cost, o.source),
    ...(o.additional === undefined
      ? {}
      : { additional: o.additional.map((t, i) => Generic.template(t, `additional[${i}]`, { id: o.id })) }),
    ...(o.duration === undefined ? {} : { duration: { until: o.duration } }),
    rule:
      o.rule ??
      (action._tag === "Prevent" && typeof action.amount === "object" ? `${rule}; ${RULE_VARIABLE}` : rule)
  }
}

/** An amount computed when the effect applies: "any variable values are determined each time". */
export const RULE_VARIABLE = "FaB 6.4.2a"

export const typed = (kinds: ReadonlyArray<string> | undefined): string =>
  kinds === undefined || kinds.length === 0 ? "" : `${kinds.join(" or ")} `

/**
 * "The next time you would be dealt damage, prevent it" (Feign Death): no amount stated, so the
 * amount is the damage of the event (6.4.10b); used up after one event.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const feignDeath = Effects.preventNextTime({ id: "fd", controller: "bob", duration: "endOfTurn" })
 * feignDeath.action // { _tag: "Prevent", amount: "all", scope: "once" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventNextTime = (
  o: PreventNextTimeOptions,
  view?: GameView.GameView
): Replacement.Replacement =>
  at(
    build(
      o,
      { _tag: "Prevent", amount: "all", scope: "once" },
      `The next time you would be dealt ${typed(o.kinds)}damage, prevent it`,
      "FaB 6.4.10b"
    ),
    view
  )

/**
 * A shielding-prevention effect, "prevent the next N": the remainder carries over to later
 * events and the effect ceases to exist at 0 (6.4.10j).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const shield = Effects.preventNext({ id: "s", controller: "bob", amount: 4 })
 * shield.action // { _tag: "Prevent", amount: 4, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventNext = (o: PreventionOptions, view?: GameView.GameView): Replacement.Replacement => {
  const amount = count(o, "preventNext")
  return at(
    build(
      o,
      { _tag: "Prevent", amount, scope: "shield" },
      `Prevent the next ${shown(amount)} ${typed(o.kinds)}damage`,
      "FaB 6.4.10j"
    ),
    view
  )
}
