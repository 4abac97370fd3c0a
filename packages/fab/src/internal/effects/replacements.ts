/**
 * The other replacement effects: `preventsLess`, `ephemeral` and `thatMuchPlus` (an event's amount
 * plus N, for any of FaB's families).
 *
 * @internal
 */
// biome-ignore lint/correctness/noUnusedImports: the .d.ts names Filter in the inferred type of ReplacementOptions
import type { Filter, GameView } from "@bulwark/core"
import { Language, type Replacement, Zones } from "@bulwark/core"
import * as Schema from "effect/Schema"
import { at } from "./identity.js"
import { controllerOf, count, invalid, kindsOf, RULE_VARIABLE, shown, typed } from "./prevention.js"
import { Category, Family } from "./vocabulary.js"

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
 * destroy an object, put it into its owner's graveyard") or a `zoneChange` to the graveyard becomes a
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
 * // ["destroy", "zoneChange"]
 * ```
 * @since 0.1.0
 * @category keywords
 */
export const ephemeral = (o: EphemeralOptions): ReadonlyArray<Replacement.Replacement> => {
  const source = o.source ?? invalid(o.id, "source", "Ephemeral is a keyword of an object: give its source")
  const controller = controllerOf(o)
  const one = (id: string, family: string, params?: Record<string, string>): Replacement.Replacement => ({
    id,
    label:
      o.label ?? "Ephemeral: if this would be put into a graveyard from anywhere, instead it ceases to exist",
    controller,
    source,
    category: Category.standard,
    watch: { family, subject: Language.toFilter(source), ...(params === undefined ? {} : { params }) },
    action: { _tag: "Replace", with: [{ family: Family.ceaseToExist, subject: "subject", amount: 1 }] },
    rule: "FaB 8.3.21"
  })
  return [one(o.id, Family.destroy), one(`${o.id}:graveyard`, Family.zoneChange, { [Zones.TO]: "graveyard" })]
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
 * Schema.is(Effects.ThatMuchPlusOptions)({ id: "g", controller: "bob", family: "lifeGain", amount: 1 }) // true
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
 * const o: Effects.ThatMuchPlusOptions = { id: "g", controller: "bob", family: "lifeGain", amount: 1 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type ThatMuchPlusOptions = typeof ThatMuchPlusOptions.Type

const families: ReadonlyArray<string> = Object.values(Family)

/**
 * A standard-replacement (6.4.9: "(If / The next) [CONDITION], instead [MODIFICATION]") that
 * makes an event of any family bigger: "If you would gain life, instead gain that much plus N"
 * (FAB-16) — `{ family: lifeGain, amount: N }` — or "… deals that much damage plus N". It watches
 * only its family: a gain-life replacement does not see damage or life loss. An event of 0 does
 * not occur and is not modified (1.9.1b: "If an event comprises an instruction to do nothing, the
 * event does not occur. It cannot be modified by replacement effects").
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * const e = Effects.thatMuchPlus({ id: "g", controller: "bob", family: "lifeGain", amount: 1 })
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
