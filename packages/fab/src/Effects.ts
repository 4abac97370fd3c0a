/**
 * Flesh and Blood prevention and replacement effects, built as core {@link Replacement.Replacement}
 * values by small constructor functions.
 *
 * Every constructor is an effect kind of the scenario language under the same name, taking the
 * same options (`Effects.ward({ id, source, amount })` is `{ kind: ward, id, source, amount }`),
 * including the same selectors for `to` / `from` (core `Language.Selector`).
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
import type { GameView } from "@bulwark/core"
import { Amount, Errors, type Filter, Generic, Identity, Language, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"

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
 * The zones of the arena, where objects are in play (3.1.1: "The arena is a collection of all
 * the arms, chest, combat chain, head, hero, legs, permanent, and weapon zones"): `arena` (the
 * zone of an object a file puts "in the arena" without naming one, 3.1.2) and each of those
 * zones. Named once: `Rules.zones` is built from it (the keywords of an object work while it is
 * in play there: `requiresSourceInPlay`), and so is {@link canDestroyThis}.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.arena.includes("combatChain") // true
 * Effects.arena.includes("graveyard") // false
 * ```
 * @since 0.1.0
 * @category constants
 */
export const arena: ReadonlyArray<string> = [
  "arena",
  "arms",
  "chest",
  "combatChain",
  "head",
  "hero",
  "legs",
  "permanent",
  "weapon"
]

/**
 * The occurrence families of this ruleset: dealing damage (8.5.3), destroying an object
 * (8.5.4), paying resources (8.5.31), a hit (7.5.5), scheduling a destruction at the beginning
 * of the end phase (Quell, 8.3.19), and the other verbs of 8.5 an `event` step can name, each an
 * event replacement effects see:
 *
 * - `banish` (8.5.1): the object goes to the banished zone;
 * - `putIntoGraveyard` (8.5.15): the object goes to the graveyard, not destroyed (8.5.4a);
 * - `ceaseToExist` (8.3.21b, Ephemeral): the object is removed from the game (zone `removed`);
 * - `gainLife` (8.5.7) and `loseLife` (8.5.12): the life total goes up or down — losing life is
 *   not damage (8.5.3d, 8.5.12b): no damage effect applies to it;
 * - `draw` (8.5.6): the player's `hand` goes up and `deck` down;
 * - `discard` (8.5.5): a card goes from a hand to the graveyard (the subject: the card, or the
 *   player whose `hand` count goes down);
 * - `createToken` (8.5.2): the subject is the player who creates the token(s), the amount how
 *   many (the outcome records it; the view is unchanged);
 * - `putCounters` (8.5.14) / `removeCounters` (8.5.16): counters of the kind `params.counter` on
 *   the subject (the prop `<counter>Counters`).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.Family.loseLife // "loseLife"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Family = {
  damage: "damage",
  destroy: "destroy",
  payResources: "payResources",
  hit: "hit",
  scheduleDestroy: "scheduleDestroy",
  banish: "banish",
  putIntoGraveyard: "putIntoGraveyard",
  ceaseToExist: "ceaseToExist",
  gainLife: "gainLife",
  loseLife: "loseLife",
  draw: "draw",
  discard: "discard",
  createToken: "createToken",
  putCounters: "putCounters",
  removeCounters: "removeCounters"
} as const

/**
 * Whether each family of {@link Family} has a number: a destruction, a banishment, a card put
 * into the graveyard or ceasing to exist, a hit and a scheduled destruction happen to their
 * subject once — one written without an `amount` happens once, exactly as with `amount: 1`
 * (8.5.4 "To destroy an object, put it into its owner's graveyard"; FAB-23) — while damage, life,
 * resources, cards drawn, tokens and counters are counted; a discard is of one card ("To discard a
 * card …", 8.5.5) unless it says how many. The language's `families`
 * and `amountless` are made from it (core `Language.familyAmounts`), and the compiler checks that
 * every family is declared.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.familyAmounts.destroy // "once"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const familyAmounts = {
  damage: "counted",
  destroy: "once",
  payResources: "counted",
  hit: "once",
  scheduleDestroy: "once",
  banish: "once",
  putIntoGraveyard: "once",
  ceaseToExist: "once",
  gainLife: "counted",
  loseLife: "counted",
  draw: "counted",
  discard: "once",
  createToken: "counted",
  putCounters: "counted",
  removeCounters: "counted"
} as const satisfies Record<(typeof Family)[keyof typeof Family], Language.FamilyAmount>

/**
 * The damage types of FaB 8.5.3b that are written as occurrence kinds: physical ({p}) and arcane
 * damage carry the kind `"physical"` / `"arcane"`; generic damage has no kind. An effect's
 * `kinds: [arcane]` only applies to arcane damage (6.4.10c); without `kinds` it applies to all.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.damageKinds // ["physical", "arcane"]
 * ```
 * @since 0.1.0
 * @category constants
 */
export const damageKinds: ReadonlyArray<string> = ["physical", "arcane"]

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

const invalid = (effect: string, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect, path, reason })
}

const controllerOf = (o: { readonly id: string; readonly controller?: string | undefined }): string =>
  o.controller ?? invalid(o.id, "controller", "missing (and no source to take it from)")

const kindsOf = (o: { readonly id: string; readonly kinds?: ReadonlyArray<string> | undefined }) => {
  for (const [i, k] of (o.kinds ?? []).entries())
    if (!damageKinds.includes(k))
      invalid(o.id, `kinds[${i}]`, `${JSON.stringify(k)} is not a damage type (physical, arcane; FaB 8.5.3b)`)
  return o.kinds ?? []
}

/** N: a number, or an amount computed when the effect applies (6.4.2a) where `computed` allows it. */
const count = (
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

const shown = (n: number | Filter.Value): string => Language.amountLabel(n)

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
      { _tag: "InZone", zones: arena },
      { _tag: "Prop", prop: "indestructible", op: "ne", value: true }
    ]
  }
}

const costParts = (
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
    cost: { family: Family.payResources, subject: "controller", source: "self", amount: cost.pay },
    costPayable: canPay(cost.pay)
  }
}

const build = (
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
const RULE_VARIABLE = "FaB 6.4.2a"

const typed = (kinds: ReadonlyArray<string> | undefined): string =>
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

/**
 * Schema of what a keyword constructor takes (and {@link amp}): the object with the keyword
 * (`source`), its controller (default: the source's controller), and N (`amount`).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/fab"
 * Schema.is(Effects.KeywordOptions)({ id: "helm:ward", source: "helm", amount: 1 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const KeywordOptions = Schema.Struct(Language.pick("controller", "source", "amount", "label"))

/**
 * What a keyword constructor takes. Keyword effects are static abilities: they work only while
 * their source is in the arena, and each application prevents N of that event's damage (core
 * scope `perEvent`, never used up; the ones that destroy their source are gone with it).
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const k: Effects.KeywordOptions = { id: "helm:ward", source: "helm", controller: "bob", amount: 1 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type KeywordOptions = typeof KeywordOptions.Type

const keyword = (
  k: KeywordOptions,
  name: string,
  rule: string,
  extra: Partial<PreventNextTimeOptions>
): Replacement.Replacement => {
  // a keyword that pays N{r} needs N as a number: the availability (`canPay`), the cost and the
  // prevention would each evaluate an expression at a different moment (before / after paying),
  // and "pay X to prevent X" needs one X for the three
  const amount = count(k, name, extra.cost === undefined || extra.cost === "destroyThis")
  if (k.source === undefined) invalid(k.id, "source", `${name} is a keyword of an object: give its source`)
  return {
    ...build(
      { ...k, ...extra },
      // a static ability: "prevent N of that damage" each time it applies, never used up
      { _tag: "Prevent", amount, scope: "perEvent" },
      `${name} ${shown(amount)}`,
      rule
    ),
    // 1.7.4: "An ability is functional when its source is public and in the arena" (Rules.zones)
    requiresSourceInPlay: true
  }
}

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
  keyword(k, "Ward", "FaB 8.3.20", { cost: "destroyThis" })

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
  keyword(k, "Arcane Shelter", "FaB 8.3.37", { cost: "destroyThis", kinds: ["arcane"] })

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
  keyword(k, "Spellvoid", "FaB 8.3.15", { cost: "destroyThis", kinds: ["arcane"], may: true })

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
    cost: { pay: typeof k.amount === "number" ? k.amount : 0 },
    kinds: ["arcane"],
    may: true
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
    cost: { pay: typeof k.amount === "number" ? k.amount : 0 },
    may: true,
    additional: [{ family: Family.scheduleDestroy, to: "self", from: "self", amount: 1 }]
  })

/**
 * Amp N (8.5.47): "the next time an event the player controls would deal arcane damage this
 * turn, instead it deals that much arcane damage plus N." A standard-replacement (6.4.9) on
 * arcane damage from a source its controller controls; it applies once (a limit of one use that
 * resets at `endOfTurn`, and it ends at `endOfTurn`). Takes {@link KeywordOptions}; `source` is
 * optional.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.amp({ id: "amp", controller: "alice", amount: 1 }).action // { _tag: "Modify", op: "add", value: 1 }
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const amp = (o: KeywordOptions): Replacement.Replacement => {
  const amount = count(o, "amp")
  return {
    id: o.id,
    label: o.label ?? `Amp ${shown(amount)}`,
    controller: controllerOf(o),
    ...(o.source === undefined ? {} : { source: o.source }),
    category: Category.standard,
    watch: {
      family: Family.damage,
      source: { _tag: "ControlledBy", player: { _tag: "You" } },
      kinds: { anyOf: ["arcane"] }
    },
    action: { _tag: "Modify", op: "add", value: amount },
    limit: { times: 1, resetsAt: "endOfTurn" },
    duration: { until: "endOfTurn" },
    rule: "FaB 8.5.47"
  }
}

/**
 * Schema of what {@link preventsLess} takes.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/fab"
 * Schema.is(Effects.PreventsLessOptions)({ id: "v", controller: "alice", amount: 1, kinds: ["physical"] }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const PreventsLessOptions = Schema.Struct(
  Language.pick("controller", "source", "amount", "kinds", "duration", "label")
)

/**
 * What {@link preventsLess} takes. See the {@link PreventsLessOptions} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const o: Effects.PreventsLessOptions = { id: "v", controller: "alice", amount: 1 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type PreventsLessOptions = typeof PreventsLessOptions.Type

/**
 * "The next prevention effect that prevents [type] damage this turn prevents N less of that
 * damage" (Vambrace of Determination): the prevention's full amount is spent first, then the
 * decrease applies (6.4.10g). N is a number or an amount written as an expression, determined
 * when the decrease applies to a prevention (6.4.2a: "any variable values are determined each
 * time a replacement effect could be applied to an event"); `all` is refused.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.preventsLess({ id: "vambrace", controller: "alice", amount: 1, kinds: ["physical"] }).action
 * // { _tag: "ReducePrevention", by: 1 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const preventsLess = (o: PreventsLessOptions): Replacement.Replacement => {
  const kinds = kindsOf(o)
  const amount = count(o, "preventsLess")
  return {
    id: o.id,
    label:
      o.label ??
      `The next prevention effect that prevents ${typed(kinds)}damage prevents ${shown(amount)} less`,
    controller: controllerOf(o),
    ...(o.source === undefined ? {} : { source: o.source }),
    category: Category.prevention,
    watch: { family: Family.damage, ...(kinds.length === 0 ? {} : { kinds: { anyOf: kinds } }) },
    action: { _tag: "ReducePrevention", by: amount },
    ...(o.duration === undefined ? {} : { duration: { until: o.duration } }),
    rule: typeof amount === "object" ? `FaB 6.4.10g; ${RULE_VARIABLE}` : "FaB 6.4.10g"
  }
}

/**
 * Schema of what {@link ephemeral} takes: the object with Ephemeral (`source`, required) and its
 * controller (default: the source's controller).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/fab"
 * Schema.is(Effects.EphemeralOptions)({ id: "helm:ephemeral", source: "helm" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EphemeralOptions = Schema.Struct(Language.pick("controller", "source", "label"))

/**
 * What {@link ephemeral} takes. See the {@link EphemeralOptions} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const o: Effects.EphemeralOptions = { id: "helm:ephemeral", source: "helm", controller: "bob" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type EphemeralOptions = typeof EphemeralOptions.Type

/**
 * Ephemeral (8.3.21): "If this would be put into a graveyard from anywhere, instead it ceases to
 * exist." A standard-replacement (6.4.9) of its source's own events: a `destroy` (8.5.4: "To
 * destroy an object, put it into its owner's graveyard") or a `putIntoGraveyard` becomes a
 * `ceaseToExist` (8.3.21b: the card is removed from the game). Two effects, as core watches one
 * family each: `<id>` (the destroy) and `<id>:graveyard` (any other putting into a graveyard).
 * Its source need not be in the arena ("from anywhere"). A cost whose destroy it replaces is
 * still paid (1.14.4c: "if the events of any effects are replaced and cannot be successfully
 * resolved, the cost is still considered paid"): Ward still prevents (FAB-15).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.ephemeral({ id: "eph", source: "helm", controller: "bob" }).map((e) => e.watch.family)
 * // ["destroy", "putIntoGraveyard"]
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const ephemeral = (o: EphemeralOptions): ReadonlyArray<Replacement.Replacement> => {
  const source = o.source ?? invalid(o.id, "source", "Ephemeral is a keyword of an object: give its source")
  const controller = controllerOf(o)
  const one = (id: string, family: string): Replacement.Replacement => ({
    id,
    label:
      o.label ?? "Ephemeral: if this would be put into a graveyard from anywhere, instead it ceases to exist",
    controller,
    source,
    category: Category.standard,
    watch: { family, subject: Language.toFilter(source) },
    action: { _tag: "Replace", with: [{ family: Family.ceaseToExist, subject: "subject", amount: 1 }] },
    rule: "FaB 8.3.21"
  })
  return [one(o.id, Family.destroy), one(`${o.id}:graveyard`, Family.putIntoGraveyard)]
}

/**
 * Schema of what {@link thatMuchPlus} takes: the `family` it watches (one of {@link Family},
 * default `damage`), `to` (whose events; default the controller's hero, "you"), `from`,
 * `kinds` (damage types, for damage only), N (`amount`), `duration`, `label`, `rule`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/fab"
 * Schema.is(Effects.ThatMuchPlusOptions)({ id: "g", controller: "bob", family: "gainLife", amount: 1 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const ThatMuchPlusOptions = Schema.Struct(
  Language.pick(
    "controller",
    "source",
    "to",
    "from",
    "family",
    "amount",
    "kinds",
    "duration",
    "label",
    "rule"
  )
)

/**
 * What {@link thatMuchPlus} takes. See the {@link ThatMuchPlusOptions} schema.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/fab"
 * const o: Effects.ThatMuchPlusOptions = { id: "g", controller: "bob", family: "gainLife", amount: 1 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type ThatMuchPlusOptions = typeof ThatMuchPlusOptions.Type

const families: ReadonlyArray<string> = Object.values(Family)

/**
 * A standard-replacement (6.4.9: "(If / The next) [CONDITION], instead [MODIFICATION]") that
 * makes an event of any family bigger: "If you would gain life, instead gain that much plus N"
 * (FAB-16) — `{ family: gainLife, amount: N }` — or "… deals that much damage plus N". It watches
 * only its family: a gain-life replacement does not see damage or life loss. An event of 0 does
 * not occur and is not modified (1.9.1b: "If an event comprises an instruction to do nothing, the
 * event does not occur. It cannot be modified by replacement effects").
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const e = Effects.thatMuchPlus({ id: "g", controller: "bob", family: "gainLife", amount: 1 })
 * e.action // { _tag: "Modify", op: "add", value: 1 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const thatMuchPlus = (o: ThatMuchPlusOptions, view?: GameView.GameView): Replacement.Replacement =>
  at(thatMuchPlusOf(o), view)

const thatMuchPlusOf = (o: ThatMuchPlusOptions): Replacement.Replacement => {
  const family = o.family ?? Family.damage
  if (!families.includes(family))
    invalid(o.id, "family", `${JSON.stringify(family)} is not a FaB event family (${families.join(", ")})`)
  if (family !== Family.damage && o.kinds !== undefined && o.kinds.length > 0)
    invalid(o.id, "kinds", `damage types only apply to damage, not to ${family} (FaB 8.5.3b)`)
  const kinds = kindsOf(o)
  const amount = count(o, "thatMuchPlus")
  const controller = controllerOf(o)
  const to = o.to ?? (o.from === undefined ? [controller] : undefined)
  return {
    id: o.id,
    label: o.label ?? `If you would ${family}, instead ${family} that much plus ${amount}`,
    controller,
    ...(o.source === undefined ? {} : { source: o.source }),
    category: Category.standard,
    watch: {
      family,
      ...(to === undefined ? {} : { subject: Language.toFilter(to) }),
      ...(o.from === undefined ? {} : { source: Language.toFilter(o.from) }),
      ...(kinds.length === 0 ? {} : { kinds: { anyOf: kinds } })
    },
    action: { _tag: "Modify", op: "add", value: amount },
    ...(o.duration === undefined ? {} : { duration: { until: o.duration } }),
    rule: o.rule ?? "FaB 6.4.9"
  }
}

/**
 * The name under which this ruleset registers core's `Identity.sameObject`, "this is still the
 * object the effect was aimed at" (FaB 3.0.9): its number of zone changes that made a new object
 * (`Identity.ZONE_CHANGES`) is the one in `args[id]` (an id not in `args` always passes).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.PREDICATE_SAME_OBJECT // "fab.sameObject"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_SAME_OBJECT = "fab.sameObject" as const

/**
 * The predicates of this module, for the ruleset's `predicates`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Object.keys(Effects.predicates) // ["fab.sameObject"]
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates: Filter.Predicates = { [PREDICATE_SAME_OBJECT]: Identity.sameObject }

/**
 * Binds an effect to the objects it names as they are now, with core's `Identity.bind` (FaB
 * 3.0.9: "If an object enters a zone that is not in the arena and is not the stack zone, … it
 * resets - its previous existence ceases to exist and it becomes a new object with no relation to
 * its previous existence"). An effect that watches named objects — the shielded objects (`to`,
 * `watch.subject` by id) and the sources (`from`, `watch.source` by id: "a source of your
 * choice") — gets the condition that each is still the same object, so after it was destroyed,
 * banished, discarded, put into a graveyard or removed (`Rules.commit`) the effect no longer
 * applies to the new object, whether it is dealt the damage or deals it. Heroes (players) and
 * effects that watch no named object are unchanged. Scenario files bind the kinds that name a
 * source or a recipient when the effect is created (`effects:` against the starting view,
 * `addEffects:` against the view at that step).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Effects } from "@bulwark/fab"
 * const view = GameView.make({ players: ["alice", "bob"], activePlayer: "alice", objects: [
 *   { id: "axe", kind: "object", controller: "alice", zone: "arena", props: {} }] })
 * const s = Effects.aimedAt(Effects.preventNext({ id: "s", controller: "bob", from: "axe", amount: 3 }), view)
 * s.condition?._tag // "Test"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const aimedAt = (e: Replacement.Replacement, view: GameView.GameView): Replacement.Replacement =>
  Identity.bind(e, view, PREDICATE_SAME_OBJECT)

/** Binds to the view when there is one (FaB 3.0.9). */
const at = (e: Replacement.Replacement, view: GameView.GameView | undefined): Replacement.Replacement =>
  view === undefined ? e : aimedAt(e, view)

/**
 * Flesh and Blood's defaults for the generic effects (core `Generic`): its categories, the slots
 * of 6.5 (a prevention is `prevention`, 6.4.10; any other replacement `standard`, 6.4.9, unless
 * `category:` names `self`, `identity` or `outcome`); a prevention with a number is a
 * fixed-prevention by default (`scope: once`: "prevent N", the leftover discarded, 6.4.10i); a
 * damage watch with neither `to` nor `from` shields the controller's hero (6.4.10d–e) and its
 * `kinds` are damage types (physical, arcane; 8.5.3b); the costs `destroyThis` and `{ pay: N }`
 * (6.4.1a); the effect bound to the objects it names when it is created.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.generic.categories // ["self", "identity", "standard", "prevention", "outcome"]
 * ```
 * @since 0.1.0
 * @category generic
 */
export const generic: Generic.Defaults = {
  categories: Object.values(Category),
  category: (kind) => (kind === "prevent" ? Category.prevention : Category.standard),
  scope: (amount) => (amount === "all" ? "each" : "once"),
  common: (o, label, rule) => {
    if (o.next === true && o.limit !== undefined)
      invalid(o.id, "limit", 'next: true is one use by its own words ("the next time …"): write no limit')
    return {
      id: o.id,
      label: o.label ?? label,
      controller: controllerOf(o),
      ...(o.source === undefined ? {} : { source: o.source }),
      ...(o.may === true ? { optional: true } : {}),
      ...(o.duration === undefined ? {} : { duration: { until: o.duration } }),
      ...(o.next === true ? { limit: { times: 1 } } : {}),
      ...(o.limit === undefined
        ? {}
        : {
            limit: {
              times: o.limit.times,
              ...(o.limit.per === undefined
                ? {}
                : { resetsAt: o.limit.per === "turn" ? "endOfTurn" : o.limit.per })
            }
          }),
      rule: o.rule ?? rule
    }
  },
  watch: (w, o) => {
    if (w.family !== Family.damage) return w
    kindsOf(o)
    // 6.4.10d–e: a prevention that names neither shields its controller's hero
    return o.kind === "prevent" && o.to === undefined && o.from === undefined && o.controller !== undefined
      ? { ...w, subject: Language.toFilter([o.controller]) }
      : w
  },
  cost: (cost, o) => (Schema.is(Cost)(cost) ? costParts(o.id, cost, o.source) : undefined),
  finish: (e, view) => at(e, view),
  rule: (kind, action) =>
    kind === "replace"
      ? "FaB 6.4.9"
      : action._tag === "Prevent" && typeof action.amount === "object"
        ? `FaB 6.4.10i; ${RULE_VARIABLE}`
        : "FaB 6.4.10i"
}

/**
 * Any prevention effect — the generic `kind: prevent` (core `Generic.PreventOptions`) with FaB's
 * defaults ({@link generic}). With a number and no `scope`, a fixed-prevention effect "[CONDITION],
 * prevent N": a one-off; the leftover of its amount is discarded after the event that activates
 * it (6.4.10i).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const melody = Effects.prevent({ id: "melody", controller: "bob", source: "melody", amount: 4, cost: "destroyThis" })
 * melody.cost // { family: "destroy", subject: "self", source: "self", amount: 1 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevent: Generic.PreventConstructor = Generic.prevent(generic)

/**
 * Any replacement effect — the generic `kind: replace` (core `Generic.ReplaceOptions`) with FaB's
 * defaults ({@link generic}); its `category` is one of FaB's (6.4.7–6.4.11), `standard` by default.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.replace({ id: "x", controller: "bob", plus: 1 }).category // "standard"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const replace: Generic.ReplaceConstructor = Generic.replace(generic)
