/**
 * Magic's defaults for the generic effects (core `Generic`) and the two kinds made from them.
 *
 * @internal
 */
import { Errors, GameView, Generic, type Replacement } from "@bulwark/core"
import * as Entering from "../Entering.js"
import * as Game from "../Game.js"
import { Category } from "./category.js"
import { aimedAt } from "./identity.js"
import { redirectPossible } from "./parts.js"

const refuse = (id: string, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect: id, path, reason })
}

/**
 * Magic's defaults for the generic effects (core `Generic`): its categories (616.1's order reads
 * them) — a prevention is `prevention`, "can't be prevented" its own tier, any other replacement
 * `replacement`; the controller taken from the source when not written; a redirection as
 * `redirect` makes it (CR 614.9: it does nothing when the damage can't be redirected from or to
 * what it names, and damage that can't be redirected is not watched); the effect bound to the
 * objects it names when it is created (CR 400.7, {@link aimedAt}); on an entering, CR 614.12's
 * conditions and 616.1b–d's tiers (`Entering.asItEnters`, `Entering.categoryOf`).
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
  // 616.1b–d: an effect that sets under whose control, as a copy of what or with which face an
  // object enters is in that tier (Entering.categoryOf)
  category: (kind, action) =>
    kind === "prevent"
      ? Category.prevention
      : action._tag === "Unpreventable"
        ? Category.cantBePrevented
        : (Entering.categoryOf(action) ?? Category.replacement),
  common: (o, label, rule, view) =>
    Generic.commonParts(
      o,
      label,
      rule,
      o.controller ??
        (o.source === undefined || view === undefined ? undefined : GameView.controllerOf(view, o.source)) ??
        refuse(o.id, "controller", "controller is required (or a source with a controller)")
    ),
  // damage that can't be redirected is not watched by a redirection (`Game.CANT_BE_REDIRECTED`)
  watch: (w, o) =>
    o.action?._tag === "Redirect"
      ? { ...w, kinds: { ...w.kinds, noneOf: [...(w.kinds?.noneOf ?? []), Game.CANT_BE_REDIRECTED] } }
      : w,
  finish: (e, view) => {
    // CR 614.9: "If one of those permanents is no longer on the battlefield when the damage would
    // be redirected, or is no longer a battle, creature, or planeswalker …, the effect does nothing"
    const possible = e.action._tag === "Redirect" ? redirectPossible(e.action.to) : undefined
    const checked: Replacement.Replacement =
      possible === undefined
        ? e
        : {
            ...e,
            condition: e.condition === undefined ? possible : { _tag: "All", all: [possible, e.condition] }
          }
    // CR 614.12: on an entering, the permanent's own abilities and its choices (Entering.asItEnters)
    const entering = Entering.asItEnters(checked)
    return view === undefined ? entering : aimedAt(entering, view)
  },
  rule: (kind, action) =>
    kind === "prevent" ? "MTG CR 615.1" : action._tag === "Redirect" ? "MTG CR 614.9" : "MTG CR 614.1a"
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
