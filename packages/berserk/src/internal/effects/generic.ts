/**
 * Берсерк's defaults for the generic effects (core `Generic`): `kind: prevent` is 533's
 * prevention (category `prevention`; 533.3 groups it by whether it states an amount), `kind:
 * replace` 534's replacement (category `replacement`); `from` and `kinds` are where the wounds
 * come from, read as the other kinds read them (the sources' filter, `FROM`); a card's effect
 * works while its source is in play (533.6, 112) unless `activeIn` says where.
 *
 * @internal
 */
import type { Generic, Replacement } from "@bulwark/core"
import { REPLACEMENT_ORDER, RULE_PREVENT_ALL, RULE_PREVENT_N } from "./prevention.js"
import { type Common, common, fromOf, subjectFilter } from "./sources.js"

const categories = ["protection", "replacement", "prevention"]

/**
 * The defaults (see the module documentation).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.generic.categories // ["protection", "replacement", "prevention"]
 * ```
 * @since 0.1.0
 * @category generic
 */
export const generic: Generic.Defaults = {
  categories,
  category: (kind) => (kind === "prevent" ? "prevention" : "replacement"),
  common: (o, label, rule) => {
    const { category: _c, ...rest } = common(o as Common, "prevention", rule, label)
    return rest
  },
  watch: (w, o) => {
    const kinds = w.kinds?.anyOf
    const from = fromOf(o.id, o.from, kinds === undefined || kinds.length === 0 ? undefined : kinds)
    const watch: Replacement.Watch = {
      family: w.family,
      subject: subjectFilter({ id: o.id, to: o.to } as Common, from)
    }
    return w.params === undefined ? watch : { ...watch, params: w.params }
  },
  rule: (kind, action, o) =>
    kind === "replace"
      ? `Берсерк 534.1, 534.3 (${REPLACEMENT_ORDER})`
      : `${action._tag === "Prevent" && action.amount === "all" ? RULE_PREVENT_ALL : RULE_PREVENT_N}${o.source === undefined ? "" : "; 533.6: only while its source is in the active zone"}`
}
