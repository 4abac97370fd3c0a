/**
 * Flesh and Blood's defaults for the generic effects (core `Generic`) and the two kinds made from
 * them, `prevent` and `replace`: the categories of 6.4.7–6.4.11 (a prevention is `prevention`,
 * 6.4.10; any other replacement `standard`, 6.4.9, unless `category:` names `self`, `identity` or
 * `outcome`); a prevention with a number is a fixed-prevention by default (`scope: once`: "prevent
 * N", the leftover discarded, 6.4.10i); a damage watch with neither `to` nor `from` shields the
 * controller's hero (6.4.10d–e) and its `kinds` are damage types (physical, arcane; 8.5.3b); the
 * costs `destroyThis` and `{ pay: N }` (6.4.1a); the effect bound to the objects it names when it
 * is created (3.0.9); an effect with a `source` works while its source is in the arena (1.7.4: "An
 * ability is functional when its source is public and in the arena"), unless `activeIn` says
 * where.
 *
 * @internal
 */
import { type GameView, Generic, Language } from "@bulwark/core"
import * as Schema from "effect/Schema"
import { at } from "./identity.js"
import { Cost, controllerOf, costParts, kindsOf, RULE_VARIABLE, shown, typed } from "./prevention.js"
import { Category, Family } from "./vocabulary.js"

/** The families of an event that moves its subject out of its zone (destroy, a move — banish, put into a graveyard —, discard, pitch, …). */
const moving: ReadonlySet<string> = new Set([
  Family.destroy,
  Family.zoneChange,
  Family.discard,
  Family.pitch,
  Family.ceaseToExist
])

/**
 * Whether an effect replaces its own source moving zones ("If this would be put into your
 * graveyard from anywhere, instead banish it"): 1.7.4j, "A static ability, with a replacement
 * effect that modifies the event of its source moving zones, is functional when the source meets
 * that condition" — so it is not bound to the arena. The common fields are handed the whole
 * written effect; its `family` and `to` (its source's id, or `self`) say it.
 */
const movesItsSource = (o: Generic.CommonOptions): boolean => {
  const w = o as Generic.CommonOptions & { readonly family?: string; readonly to?: unknown }
  const to = Array.isArray(w.to) && w.to.length === 1 ? w.to[0] : w.to
  // `to: self` is the effect's own source (core `Generic`: "this", whatever object it is now)
  return (
    w.family !== undefined &&
    moving.has(w.family) &&
    to !== undefined &&
    (to === o.source || (to === "self" && o.source !== undefined))
  )
}

/** Whether the view the effect is created in has its source on the stack (1.7.4h). */
const outOfPlay = (source: string, view: GameView.GameView | undefined): boolean =>
  view?.objects[source]?.zone === "stack"

/**
 * Flesh and Blood's defaults for the generic effects (see the module documentation).
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
  // 1.7.4: "An ability is functional when its source is public and in the arena; otherwise, it is
  // non-functional": an effect with a source works while it is in play unless `activeIn` says
  // where — or it replaces its own source moving zones (1.7.4j), or its source is on the stack as
  // it is created (1.7.4h: "functional when its source resolves as a layer on the stack": the
  // effect a resolving card generated lasts)
  common: (o, label, rule, view) => ({
    ...Generic.commonParts(o, label, rule, controllerOf(o)),
    ...(o.source === undefined || movesItsSource(o) || outOfPlay(o.source, view)
      ? {}
      : { requiresSourceInPlay: true })
  }),
  watch: (w, o) => {
    if (w.family !== Family.damage) return w
    kindsOf(o)
    // 6.4.10d–e: a prevention that names neither shields its controller's hero
    return o.kind === "prevent" && o.to === undefined && o.from === undefined && o.controller !== undefined
      ? { ...w, subject: Language.toFilter([o.controller]) }
      : w
  },
  // a fixed prevention of damage (6.4.10i) reads as the card does: "Prevent 3 arcane damage"
  label: (kind, o, action) =>
    kind === "prevent" &&
    action._tag === "Prevent" &&
    action.scope === "once" &&
    action.amount !== "all" &&
    (o.family ?? Family.damage) === Family.damage
      ? `Prevent ${shown(action.amount)} ${typed(o.kinds)}damage`
      : undefined,
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
