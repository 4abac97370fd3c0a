/**
 * The keyword effects (Ward, Arcane Shelter, Spellvoid, Arcane Barrier, Quell, Amp), each a
 * constructor over the core vocabulary through `keyword`: a watch, an action, a category and the
 * optional parts (a "may", a cost). The resolver never asks "does this have Ward".
 *
 * @internal
 */
import { Language, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"
import { build, controllerOf, count, invalid, type PreventNextTimeOptions, shown } from "./prevention.js"
import { Category, Family } from "./vocabulary.js"

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

export const keyword = (
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
 * // { family: "pay", subject: "controller", source: "self", amount: 2 }
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
