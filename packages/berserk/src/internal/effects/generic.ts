/**
 * Берсерк's defaults for the generic effects (core `Generic`): `kind: prevent` is 533's
 * prevention (category `prevention`; 533.3 groups it by whether it states an amount), `kind:
 * replace` 534's replacement (category `replacement`); `from` and `kinds` are where the wounds
 * come from, read as the other kinds read them (the sources' filter, `FROM`); a card's effect
 * works while its source is in play (533.6, 112) unless `activeIn` says where; a `types: [t]` in
 * `if:` is the card's one `type`, as in `to` and `from`.
 *
 * @internal
 */
import { type Generic, Language, type Replacement } from "@bulwark/core"
import { REPLACEMENT_ORDER, RULE_PREVENT_ALL, RULE_PREVENT_N, RULE_SOURCE } from "./prevention.js"
import { type Common, common, fromOf, fromText, oneTypeIn, ranGen, subjectFilter } from "./sources.js"

/**
 * The rule cited by "[текст 1], вместо этого – [текст 2]" replacements (the generic `replace`).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.RULE_INSTEAD.startsWith("Берсерк 534.1, 534.3") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RULE_INSTEAD = `Берсерк 534.1, 534.3 (${REPLACEMENT_ORDER})`

// the families as the card wordings say them («Если должен излечиться – вместо этого открыться»)
const insteadVerbs: Readonly<Record<string, string>> = {
  damage: "получить раны",
  heal: "излечиться",
  open: "открыться",
  close: "закрыться",
  die: "погибнуть",
  zoneChange: "переместиться"
}

/** Where the wounds come from, as the other kinds read `from` and `kinds` (for the label). */
const fromWritten = (o: Generic.ReplaceOptions | Generic.PreventOptions) =>
  fromOf(o.id, o.from, o.kinds === undefined || o.kinds.length === 0 ? undefined : o.kinds)

/**
 * The label in the card wordings' Russian: a prevention «Предотвратить следующие N ран …» (533),
 * an "instead" replacement «Если должен … – вместо этого …» (534.1); other replacements keep
 * core's label.
 */
const label = (
  kind: "replace" | "prevent",
  o: Generic.ReplaceOptions | Generic.PreventOptions,
  action: Replacement.Action
): string | undefined => {
  const from = fromText(fromWritten(o))
  if (kind === "prevent" && action._tag === "Prevent") {
    if (action.amount === "all")
      return `Предотвратить все раны${action.scope === "static" ? "" : " следующей атаки"}${from}`
    const n = Language.amountLabel((o as Generic.PreventOptions).amount ?? "all")
    return action.scope === "shield"
      ? `Предотвратить следующие ${ranGen(n)}${from}`
      : action.scope === "static"
        ? `-${n}${from}`
        : `Предотвратить ${ranGen(n)} следующей атаки${from}`
  }
  if (action._tag === "Replace") {
    const of = o.family ?? "damage"
    const instead = action.with.map((t) => insteadVerbs[t.family] ?? t.family).join(", ") || "ничего"
    return `Если должен ${insteadVerbs[of] ?? of} – вместо этого ${instead}`
  }
  return undefined
}

const categories = ["attackModifier", "protection", "replacement", "prevention"]

/**
 * The defaults (see the module documentation).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * Effects.generic.categories // ["attackModifier", "protection", "replacement", "prevention"]
 * ```
 * @since 0.1.0
 * @category generic
 */
export const generic: Generic.Defaults = {
  categories,
  category: (kind) => (kind === "prevent" ? "prevention" : "replacement"),
  common: (o, label, rule, view) => {
    // an attack modifier (533.2) is no player's to order (it applies in the order written): it
    // is the active player's when written without a controller
    const modifier = (o as { readonly category?: string }).category === "attackModifier"
    const w =
      modifier && o.controller === undefined && o.source === undefined
        ? { ...o, controller: view?.activePlayer ?? "" }
        : o
    const { category: _c, ...rest } = common(w as Common, "prevention", rule, label)
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
  label,
  // `if:` and the amounts (`count:`) compiled by core: their `types` tests read as the card's one `type`
  finish: (e): Replacement.Replacement =>
    ({
      ...e,
      action: oneTypeIn(e.id, e.action, "action"),
      ...(e.condition === undefined ? {} : { condition: oneTypeIn(e.id, e.condition) })
    }) as Replacement.Replacement,
  rule: (kind, action, o) =>
    kind === "replace"
      ? RULE_INSTEAD
      : `${action._tag === "Prevent" && action.amount === "all" ? RULE_PREVENT_ALL : RULE_PREVENT_N}${o.source === undefined ? "" : RULE_SOURCE}`
}
