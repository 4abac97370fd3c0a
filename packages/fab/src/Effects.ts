/**
 * Flesh and Blood prevention and replacement effects, built as core {@link Replacement.Replacement}
 * values by small constructor functions.
 *
 * Every keyword (Ward, Spellvoid, Arcane Barrier, Quell, Arcane Shelter, Amp) is a constructor
 * over the core vocabulary — a watch, an action, a category, and optional parts (a "may", a cost
 * resolved first as a sub-event, a condition that tells whether the cost can be paid, additional
 * effects). The resolver never asks "does this have Ward".
 *
 * Rules cited are from the Flesh and Blood Comprehensive Rules (the February 2026 copy described
 * in the package README).
 *
 * @since 0.1.0
 */
import { Amount, type Filter, type Replacement } from "@bulwark/core"

/**
 * The categories (replacement-effect types) of FaB 6.4.7–6.4.11, read by the ordering policy
 * (6.5.3–6.5.7).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.Category.prevention // "prevention"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Category = {
  /** 6.4.7 self-replacement. */
  self: "self",
  /** 6.4.8 identity-replacement. */
  identity: "identity",
  /** 6.4.9 standard-replacement. */
  standard: "standard",
  /** 6.4.10 prevention. */
  prevention: "prevention",
  /** 6.4.11 outcome-replacement. */
  outcome: "outcome"
} as const

/**
 * One of the {@link Category} values.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const c: Effects.Category = "standard"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Category = (typeof Category)[keyof typeof Category]

/**
 * The occurrence families this ruleset uses besides `"damage"`: destroying an object
 * (8.5.4), paying resources (8.5.31), a hit (7.5.5), and scheduling a destruction at the
 * beginning of the end phase (Quell, 8.3.19).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.Family.destroy // "destroy"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Family = {
  damage: "damage",
  destroy: "destroy",
  payResources: "payResources",
  hit: "hit",
  scheduleDestroy: "scheduleDestroy"
} as const

/**
 * The three damage types of FaB 8.5.3b. Generic damage has no type tag; physical ({p}) and
 * arcane damage carry the occurrence kind `"physical"` / `"arcane"`.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const t: Effects.DamageType = "arcane"
 * ```
 * @since 0.1.0
 * @category model
 */
export type DamageType = "generic" | "physical" | "arcane"

/**
 * The occurrence kinds of a damage type: `[]` for generic damage, `["physical"]`, `["arcane"]`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.kindsOf("arcane") // ["arcane"]
 * Effects.kindsOf("generic") // []
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const kindsOf = (type: DamageType | undefined): ReadonlyArray<string> =>
  type === undefined || type === "generic" ? [] : [type]

/**
 * A cost of a prevention effect, resolved first as a sub-event (6.4.1a): destroy the effect's
 * source ("destroy this to prevent …") or pay N resources ({r}).
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const c: Effects.Cost = { _tag: "Pay", amount: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Cost = { readonly _tag: "DestroyThis" } | { readonly _tag: "Pay"; readonly amount: number }

/**
 * What a prevention effect constructor takes.
 *
 * - `to`: the shielded object(s) (player ids are heroes); `from`: the damage source(s). When
 *   neither is given the shielded object is the controller's hero ("you"). Giving only `from`
 *   shields every recipient (6.4.10e); giving only `to` covers every source (6.4.10d).
 * - `damageType`: a typed prevention only prevents that type (6.4.10c, 8.5.3f); `generic` or
 *   absent prevents every type.
 * - `cost`, `optional`, `additional`, `until` (a ledger boundary such as `"endOfTurn"`).
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const o: Effects.PreventionOptions = { id: "fd", controller: "bob", label: "Feign Death" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface PreventionOptions {
  readonly id: string
  readonly controller: string
  readonly source?: string | undefined
  readonly label?: string | undefined
  readonly to?: ReadonlyArray<string> | undefined
  readonly from?: ReadonlyArray<string> | undefined
  readonly damageType?: DamageType | undefined
  readonly optional?: boolean | undefined
  readonly cost?: Cost | undefined
  readonly additional?: ReadonlyArray<Replacement.Template> | undefined
  readonly until?: string | undefined
  readonly rule?: string | undefined
}

const ids = (xs: ReadonlyArray<string>): Filter.Filter => ({ _tag: "Id", ids: xs })

/**
 * The watch of a damage effect: shielded objects, sources and damage type (6.4.10c–e).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.damageWatch({ controller: "bob", damageType: "arcane" })
 * // { family: "damage", subject: { _tag: "Id", ids: ["bob"] }, kinds: { anyOf: ["arcane"] } }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const damageWatch = (o: {
  readonly controller: string
  readonly to?: ReadonlyArray<string> | undefined
  readonly from?: ReadonlyArray<string> | undefined
  readonly damageType?: DamageType | undefined
}): Replacement.Watch => {
  const to = o.to ?? (o.from === undefined ? [o.controller] : undefined)
  const kinds = kindsOf(o.damageType)
  return {
    family: Family.damage,
    ...(to === undefined ? {} : { subject: ids(to) }),
    ...(o.from === undefined ? {} : { source: ids(o.from) }),
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
export const canPay = (amount: number): Filter.Condition => ({
  _tag: "Exists",
  filter: {
    _tag: "And",
    all: [
      { _tag: "IsPlayer" },
      { _tag: "ControlledBy", player: { _tag: "You" } },
      { _tag: "Prop", prop: "resources", op: "gte", value: amount }
    ]
  }
})

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
      { _tag: "InZone", zones: ["arena"] },
      { _tag: "Prop", prop: "indestructible", op: "ne", value: true }
    ]
  }
}

const costParts = (
  cost: Cost | undefined
): Pick<Replacement.Replacement, "cost" | "costPayable"> | Record<string, never> => {
  if (cost === undefined) return {}
  // the cost is an effect of the prevention's own ability: its source is the effect's source
  // (1.8.1a), not the card that deals the damage
  if (cost._tag === "DestroyThis")
    return {
      cost: { family: Family.destroy, subject: "self", source: "self", amount: 1 },
      costPayable: canDestroyThis
    }
  Amount.check(cost.amount, "pay cost amount")
  return {
    cost: { family: Family.payResources, subject: "controller", source: "self", amount: cost.amount },
    costPayable: canPay(cost.amount)
  }
}

const build = (
  o: PreventionOptions,
  action: Replacement.Action,
  defaultLabel: string,
  rule: string
): Replacement.Replacement => ({
  id: o.id,
  label: o.label ?? defaultLabel,
  controller: o.controller,
  ...(o.source === undefined ? {} : { source: o.source }),
  category: Category.prevention,
  watch: damageWatch(o),
  action,
  ...(o.optional === true ? { optional: true } : {}),
  ...costParts(o.cost),
  ...(o.additional === undefined ? {} : { additional: o.additional }),
  ...(o.until === undefined ? {} : { duration: { until: o.until } }),
  rule: o.rule ?? rule
})

const typed = (t: DamageType | undefined): string => (t === undefined || t === "generic" ? "" : `${t} `)

/**
 * "The next time you would be dealt damage, prevent it" (Feign Death): no amount stated, so the
 * amount is the damage of the event (6.4.10b); used up after one event.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const feignDeath = Effects.preventNextTime({ id: "fd", controller: "bob", until: "endOfTurn" })
 * feignDeath.action // { _tag: "Prevent", amount: "all", scope: "once" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventNextTime = (o: PreventionOptions): Replacement.Replacement =>
  build(
    o,
    { _tag: "Prevent", amount: "all", scope: "once" },
    `The next time you would be dealt ${typed(o.damageType)}damage, prevent it`,
    "FaB 6.4.10b"
  )

/**
 * A fixed-prevention effect, "[CONDITION], prevent N": a one-off; the leftover of its amount is
 * discarded after the event that activates it (6.4.10i).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const melody = Effects.prevent({ id: "melody", controller: "bob", source: "melody", cost: { _tag: "DestroyThis" } }, 4)
 * melody.cost // { family: "destroy", subject: "self", source: "self", amount: 1 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevent = (o: PreventionOptions, amount: number): Replacement.Replacement =>
  build(
    o,
    {
      _tag: "Prevent",
      amount: Amount.check(amount, "prevent amount", { id: o.id }),
      scope: "once"
    },
    `Prevent ${amount} ${typed(o.damageType)}damage`,
    "FaB 6.4.10i"
  )

/**
 * A shielding-prevention effect, "prevent the next N": the remainder carries over to later
 * events and the effect ceases to exist at 0 (6.4.10j).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const shield = Effects.preventNext({ id: "s", controller: "bob" }, 4)
 * shield.action // { _tag: "Prevent", amount: 4, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventNext = (o: PreventionOptions, amount: number): Replacement.Replacement =>
  build(
    o,
    {
      _tag: "Prevent",
      amount: Amount.check(amount, "preventNext amount", { id: o.id }),
      scope: "shield"
    },
    `Prevent the next ${amount} ${typed(o.damageType)}damage`,
    "FaB 6.4.10j"
  )

/**
 * What a keyword constructor takes: the object with the keyword (`source`), its controller, and
 * N. Keyword effects are static abilities: they work only while their source is in the arena,
 * and each application prevents N of that event's damage (core scope `perEvent`, never used
 * up; the ones that destroy their source are gone with it).
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const k: Effects.KeywordOptions = { id: "helm:ward", source: "helm", controller: "bob", amount: 1 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface KeywordOptions {
  readonly id: string
  readonly source: string
  readonly controller: string
  readonly amount: number
  readonly label?: string | undefined
}

const keyword = (
  k: KeywordOptions,
  name: string,
  rule: string,
  extra: Partial<PreventionOptions>
): Replacement.Replacement => ({
  ...build(
    { id: k.id, controller: k.controller, source: k.source, label: k.label, ...extra },
    // a static ability: "prevent N of that damage" each time it applies, never used up
    {
      _tag: "Prevent",
      amount: Amount.check(k.amount, `${name} amount`, { id: k.id }),
      scope: "perEvent"
    },
    `${name} ${k.amount}`,
    rule
  ),
  requiresSourceIn: ["arena"]
})

/**
 * Ward N (8.3.20): "If you would be dealt damage, destroy this to prevent N of that damage."
 * Mandatory; the destruction is a sub-event resolved first (6.4.1a).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const ward = Effects.ward({ id: "helm:ward", source: "helm", controller: "bob", amount: 1 })
 * ward.optional // undefined: Ward is not a "may"
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const ward = (k: KeywordOptions): Replacement.Replacement =>
  keyword(k, "Ward", "FaB 8.3.20", { cost: { _tag: "DestroyThis" } })

/**
 * Arcane Shelter N (8.3.37): "If you would be dealt arcane damage, destroy this to prevent N of
 * that damage." Mandatory.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.arcaneShelter({ id: "a", source: "cloak", controller: "bob", amount: 2 }).watch.kinds
 * // { anyOf: ["arcane"] }
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const arcaneShelter = (k: KeywordOptions): Replacement.Replacement =>
  keyword(k, "Arcane Shelter", "FaB 8.3.37", { cost: { _tag: "DestroyThis" }, damageType: "arcane" })

/**
 * Spellvoid N (8.3.15): "If you would be dealt arcane damage, you may destroy this to prevent N
 * of that damage." Optional; unavailable if this can't be destroyed (8.3.15a).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.spellvoid({ id: "v", source: "hood", controller: "bob", amount: 2 }).optional // true
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const spellvoid = (k: KeywordOptions): Replacement.Replacement =>
  keyword(k, "Spellvoid", "FaB 8.3.15", {
    cost: { _tag: "DestroyThis" },
    damageType: "arcane",
    optional: true
  })

/**
 * Arcane Barrier N (8.3.8): "If you would be dealt arcane damage, you may pay N{r} to prevent N
 * of that damage." Optional; unavailable while its controller has fewer than N resources.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.arcaneBarrier({ id: "b", source: "robe", controller: "bob", amount: 2 }).cost
 * // { family: "payResources", subject: "controller", source: "self", amount: 2 }
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const arcaneBarrier = (k: KeywordOptions): Replacement.Replacement =>
  keyword(k, "Arcane Barrier", "FaB 8.3.8", {
    cost: { _tag: "Pay", amount: k.amount },
    damageType: "arcane",
    optional: true
  })

/**
 * Quell N (8.3.19): "If you would be dealt damage, you may pay N{r} to prevent N of that damage.
 * If you do, destroy this at the beginning of the end phase." The delayed destruction is an
 * additional effect that marks the source (`destroyAtEndPhase`); the scenario step
 * `beginEndPhase` destroys marked objects.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.quell({ id: "q", source: "plate", controller: "bob", amount: 1 }).additional?.[0]?.family
 * // "scheduleDestroy"
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const quell = (k: KeywordOptions): Replacement.Replacement =>
  keyword(k, "Quell", "FaB 8.3.19", {
    cost: { _tag: "Pay", amount: k.amount },
    optional: true,
    additional: [{ family: Family.scheduleDestroy, subject: "self", source: "self", amount: 1 }]
  })

/**
 * Amp N (8.5.47): "the next time an event the player controls would deal arcane damage this
 * turn, instead it deals that much arcane damage plus N." A standard-replacement (6.4.9) on
 * arcane damage from a source its controller controls; it applies once (a limit of one use that
 * resets at `endOfTurn`, and it ends at `endOfTurn`).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.amp({ id: "amp", controller: "alice", amount: 1 }).action // { _tag: "Modify", op: "add", value: 1 }
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const amp = (o: {
  readonly id: string
  readonly controller: string
  readonly amount: number
  readonly source?: string | undefined
  readonly label?: string | undefined
}): Replacement.Replacement => ({
  id: o.id,
  label: o.label ?? `Amp ${Amount.check(o.amount, "amp amount", { id: o.id })}`,
  controller: o.controller,
  ...(o.source === undefined ? {} : { source: o.source }),
  category: Category.standard,
  watch: {
    family: Family.damage,
    source: { _tag: "ControlledBy", player: { _tag: "You" } },
    kinds: { anyOf: ["arcane"] }
  },
  action: { _tag: "Modify", op: "add", value: o.amount },
  limit: { times: 1, resetsAt: "endOfTurn" },
  duration: { until: "endOfTurn" },
  rule: "FaB 8.5.47"
})

/**
 * "The next prevention effect that prevents [type] damage this turn prevents N less of that
 * damage" (Vambrace of Determination): the prevention's full amount is spent first, then the
 * decrease applies (6.4.10g).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.preventsLess({ id: "vambrace", controller: "alice", amount: 1, damageType: "physical" }).action
 * // { _tag: "ReducePrevention", by: 1 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventsLess = (o: {
  readonly id: string
  readonly controller: string
  readonly amount: number
  readonly damageType?: DamageType | undefined
  readonly source?: string | undefined
  readonly label?: string | undefined
  readonly until?: string | undefined
}): Replacement.Replacement => {
  const kinds = kindsOf(o.damageType)
  Amount.check(o.amount, "preventsLess amount", { id: o.id })
  return {
    id: o.id,
    label:
      o.label ??
      `The next prevention effect that prevents ${typed(o.damageType)}damage prevents ${o.amount} less`,
    controller: o.controller,
    ...(o.source === undefined ? {} : { source: o.source }),
    category: Category.prevention,
    watch: { family: Family.damage, ...(kinds.length === 0 ? {} : { kinds: { anyOf: kinds } }) },
    action: { _tag: "ReducePrevention", by: o.amount },
    ...(o.until === undefined ? {} : { duration: { until: o.until } }),
    rule: "FaB 6.4.10g"
  }
}
