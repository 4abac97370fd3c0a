/**
 * Magic's defaults for the generic effects (core `Generic`) and the two kinds made from them.
 *
 * @internal
 */
import { Errors, GameView, Generic } from "@bulwark/core"
import { Category } from "./category.js"
import { aimedAt } from "./identity.js"

const refuse = (id: string, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect: id, path, reason })
}

/**
 * Magic's defaults for the generic effects (core `Generic`): its categories (616.1's order reads
 * them) — a prevention is `prevention`, "can't be prevented" its own tier, any other replacement
 * `replacement`; the controller taken from the source when not written; the effect bound to the
 * objects it names when it is created (CR 400.7, {@link aimedAt}).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.generic.categories.includes("prevention") // true
 * ```
 * @since 0.1.0
 * @category generic
 */
export const generic: Generic.Defaults = {
  categories: Object.values(Category),
  category: (kind, action) =>
    kind === "prevent"
      ? Category.prevention
      : action._tag === "Unpreventable"
        ? Category.cantBePrevented
        : Category.replacement,
  common: (o, label, rule, view) => {
    if (o.next === true && o.limit !== undefined)
      refuse(o.id, "limit", 'next: true is one use by its own words ("the next time …"): write no limit')
    return {
      id: o.id,
      label: o.label ?? label,
      controller:
        o.controller ??
        (o.source === undefined || view === undefined ? undefined : GameView.controllerOf(view, o.source)) ??
        refuse(o.id, "controller", "controller is required (or a source with a controller)"),
      ...(o.source === undefined ? {} : { source: o.source }),
      ...(o.may === undefined ? {} : { optional: o.may }),
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
  finish: (e, view) => (view === undefined ? e : aimedAt(e, view)),
  rule: { replace: "MTG CR 614.1a", prevent: "MTG CR 615.1" }
}

/**
 * The generic replacement effect (`kind: replace`, core `Generic.ReplaceOptions`) with Magic's
 * defaults ({@link generic}).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * // "If you would gain life, draw that many cards instead" (MTG-11)
 * Effects.replace({ id: "x", controller: "a", family: "lifeGain", to: "a", instead: [{ family: "draw", amount: "event" }] }).action
 * // { _tag: "Replace", with: [{ family: "draw", amount: { _tag: "Amount" } }] }
 * ```
 * @since 0.1.0
 * @category generic
 */
export const replace: Generic.ReplaceConstructor = Generic.replace(generic)

/**
 * The generic prevention effect (`kind: prevent`, core `Generic.PreventOptions`) with Magic's
 * defaults ({@link generic}).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.prevent({ id: "s", controller: "b", to: "bear", amount: 2, scope: "next" }).action
 * // { _tag: "Prevent", amount: 2, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category generic
 */
export const prevent: Generic.PreventConstructor = Generic.prevent(generic)
