/**
 * Constructors for Magic's prevention and replacement effects (CR 614, 615), as core
 * `Replacement` values. Each constructor is a small function from the card's parameters to
 * data; none adds behaviour to the resolver.
 *
 * Each constructor is an effect kind of scenario files of the same name (`kind: shield` is
 * {@link shield}) and takes the same options, written the same way: `to` / `from` are
 * `Language.Selector`s (an id, a list of ids, or properties such as
 * `{ types: [Creature], controller: you }`), `duration` and `may` are the common fields of every
 * ruleset. Given the view at the moment the effect is created (the second argument, as scenario
 * files do), a constructor checks the ids it names and binds the effect to the objects it names
 * as they are then ({@link aimedAt}, CR 400.7).
 *
 * Categories read by the ordering policy (CR 616.1a–e): {@link Category}.
 *
 * @since 0.1.0
 * @module
 */
import { Amount, Errors, Filter, GameView, Generic, Language, type Replacement } from "@bulwark/core"
import * as Schema from "effect/Schema"
import * as Entering from "./Entering.js"
import * as Game from "./Game.js"
import { Category } from "./internal/category.js"
import { describeTarget, modifyLabel, redirectPossible } from "./internal/parts.js"
import * as Results from "./Results.js"

export { Category, type CategoryName } from "./internal/category.js"
export { generic, prevent, replace } from "./internal/generic.js"
export { aimedAt, PREDICATE_SAME_OBJECT, predicates } from "./internal/identity.js"

import { aimedAt } from "./internal/identity.js"

const Str = Schema.NonEmptyString
const Strs = Schema.Array(Schema.String)
const opt = Schema.optionalKey
const Params = Schema.Record(Schema.String, GameView.Prop)

/**
 * The fields every effect kind of this ruleset takes besides its own: the common fields
 * `controller`, `source`, `duration`, `next` ("The next time …": one use, used up by its one
 * application), `may`, `label`, `rule` (`Language.pick`), and the MTG ones:
 * `category` (one of {@link Category}), `additional` (what happens as well, MTG 615.5), `condition`
 * and `requiresSourceIn` (a zone the source must be in).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/mtg"
 * Object.keys(Schema.Struct(Effects.commonFields).fields).includes("duration") // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const commonFields = {
  ...Language.pick("controller", "source", "duration", "next", "may", "label", "rule"),
  // a closed word (issue 28, point 5: MTG-29): a misspelt category is refused, not ordinary
  category: opt(Schema.Literals(Object.values(Category))),
  additional: opt(Schema.Array(Generic.EventSchema)),
  condition: opt(Filter.Condition),
  requiresSourceIn: opt(Strs)
}

/**
 * Options every constructor takes (see {@link commonFields}).
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/mtg"
 * const c: Effects.Common = { id: "shield", controller: "bob", duration: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Common = Schema.Struct.Type<typeof commonFields>

const ModifyOp = Schema.Literals(["add", "sub", "mul", "set", "atMost", "atLeast"])

/**
 * The option of the prevention kinds (and `cantBePrevented`) that limits them to combat damage
 * ("prevent all combat damage that would be dealt this turn", a fog) or to noncombat damage:
 * `only: combat` watches damage of kind `combat`, `only: noncombat` damage without it.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/mtg"
 * Schema.is(Effects.Only)("combat") // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const Only = Schema.Literals(["combat", "noncombat"])

const only = { only: opt(Only) }

/**
 * The options of each constructor, as schemas (the effect kinds' `options`): the
 * {@link commonFields} and the kind's own —
 *
 * - `shield`: `to` and `amount` (required), `from`, `only`;
 * - `shieldEach`: `amount`, `to` (the creatures, by id), `sharingColor` (then `to` is one id and
 *   the creatures are those that share a colour with it when the effect is created), `only`;
 * - `preventNextFrom`: `from` (the source, required), `to`, `gainLife`, `properties` (a selector
 *   the source must still match, 615.9), `only`;
 * - `preventEach`: `amount` (a number or `all`, required), `to`, `from`, `only`;
 * - `cantBePrevented`: `to`, `from`, `only` (the damage it makes unpreventable), with a `duration`;
 *   `only` (see {@link Only}): `combat` or `noncombat` damage only;
 * - `modify`: `op`, `value`, `family` (default damage), `to`, `from`, `params`;
 * - `double`: `family` (default damage), `to`, `from`;
 * - `redirect`: `redirectTo` (required), `to`, `from`, `amount` (the next N damage only);
 * - `zoneInstead`: `when` (the params the zone change must have), `into` (the zone instead), `to`,
 *   `family` (default `zoneChange`; `destroy`: "if it would be destroyed, exile it instead");
 * - `regenerate`: `to` (required: the permanents, by id; one shield each), `duration` (default
 *   `endOfTurn`);
 * - `lifeFloor`: `floor` (default 1), `ifYouControl` (default: a creature);
 * - the generic `replace` and `prevent` (core `Generic`) take their own options (any other
 *   replacement or prevention effect).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Effects } from "@bulwark/mtg"
 * Schema.is(Effects.Options.shield)({ id: "s", controller: "b", to: { types: ["Creature"] }, amount: 2 }) // true
 * Schema.is(Effects.Options.zoneInstead)({ id: "rip", controller: "a", when: { to: "graveyard" }, into: "exile" }) // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const Options = {
  shield: Schema.Struct({ ...commonFields, ...Language.pick("to", "from", "amount"), ...only }),
  shieldEach: Schema.Struct({
    ...commonFields,
    ...Language.pick("to", "amount"),
    ...only,
    sharingColor: opt(Schema.Boolean)
  }),
  preventNextFrom: Schema.Struct({
    ...commonFields,
    ...Language.pick("to", "from"),
    ...only,
    gainLife: opt(Schema.Boolean),
    properties: opt(Language.SelectorSchema)
  }),
  preventEach: Schema.Struct({ ...commonFields, ...Language.pick("to", "from", "amount"), ...only }),
  cantBePrevented: Schema.Struct({ ...commonFields, ...Language.pick("to", "from"), ...only }),
  modify: Schema.Struct({
    ...commonFields,
    ...Language.pick("to", "from", "family"),
    op: ModifyOp,
    value: Language.ValueSchema,
    params: opt(Params)
  }),
  double: Schema.Struct({ ...commonFields, ...Language.pick("to", "from", "family") }),
  redirect: Schema.Struct({
    ...commonFields,
    ...Language.pick("to", "from", "amount"),
    redirectTo: Str
  }),
  zoneInstead: Schema.Struct({
    ...commonFields,
    ...Language.pick("to", "family"),
    when: Params,
    into: Str
  }),
  regenerate: Schema.Struct({ ...commonFields, ...Language.pick("to") }),
  lifeFloor: Schema.Struct({
    ...commonFields,
    floor: opt(Amount.SignedSchema),
    ifYouControl: opt(Language.SelectorSchema)
  })
}

const refuse = (id: string, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect: id, path, reason })
}

/** With a view: every id the selector names exists (players and objects). */
const known = (
  view: GameView.GameView | undefined,
  id: string,
  path: string,
  s: Language.Selector | undefined
): void => {
  if (view === undefined || s === undefined) return
  for (const x of Language.selectorIds(s))
    if (!Object.hasOwn(view.objects, x)) refuse(id, path, `unknown player or object ${JSON.stringify(x)}`)
}

const need = <A>(id: string, what: string, a: A | undefined): A =>
  a === undefined ? refuse(id, what, `${what} is required`) : a

const filterOf = (s: Language.Selector | undefined): Filter.Filter | undefined =>
  s === undefined ? undefined : Language.toFilter(s)

/** CR 614.12's conditions on an entering (`Entering.asItEnters`); bound to the view when there is one (CR 400.7). */
const at = (e: Replacement.Replacement, view: GameView.GameView | undefined): Replacement.Replacement =>
  view === undefined ? Entering.asItEnters(e) : aimedAt(Entering.asItEnters(e), view)

const build = (
  c: Common,
  view: GameView.GameView | undefined,
  dflt: { label: string; category: string; rule: string },
  watch: Replacement.Watch,
  action: Replacement.Action
): Replacement.Replacement => {
  const controller =
    c.controller ??
    (c.source === undefined || view === undefined ? undefined : GameView.controllerOf(view, c.source)) ??
    refuse(c.id, "controller", "controller is required (or a source with a controller)")
  return at(
    {
      id: c.id,
      label: c.label ?? dflt.label,
      controller,
      ...(c.source === undefined ? {} : { source: c.source }),
      category: c.category ?? dflt.category,
      watch,
      action,
      ...(c.condition === undefined ? {} : { condition: c.condition }),
      ...(c.requiresSourceIn === undefined ? {} : { requiresSourceIn: c.requiresSourceIn }),
      ...(c.may === undefined ? {} : { optional: c.may }),
      ...(c.additional === undefined
        ? {}
        : { additional: c.additional.map((t, i) => Generic.template(t, `additional[${i}]`, { id: c.id })) }),
      ...(c.duration === undefined ? {} : { duration: { until: c.duration } }),
      // "The next time …" (614.8-style wording): one use, used up by its one application
      ...(c.next === true ? { limit: { times: 1 } } : {}),
      rule: c.rule ?? dflt.rule
    },
    view
  )
}

const watchOf = (
  family: string,
  to: Language.Selector | undefined,
  from: Language.Selector | undefined,
  params?: Readonly<Record<string, GameView.Prop>> | undefined
): Replacement.Watch => {
  const subject = filterOf(to)
  const source = filterOf(from)
  return {
    family,
    ...(subject === undefined ? {} : { subject }),
    ...(source === undefined ? {} : { source }),
    ...(params === undefined ? {} : { params })
  }
}

const damageWatch = (
  to: Language.Selector | undefined,
  from: Language.Selector | undefined,
  limit?: typeof Only.Type | undefined
): Replacement.Watch => {
  const w = watchOf(Game.Family.damage, to, from)
  if (limit === undefined) return w
  return { ...w, kinds: limit === "combat" ? { anyOf: ["combat"] } : { noneOf: ["combat"] } }
}

/** " combat" / " noncombat" in a label. */
const onlyWord = (limit: typeof Only.Type | undefined): string => (limit === undefined ? "" : ` ${limit}`)

/**
 * CR 615.7: "Prevent the next N damage that would be dealt to [it] this turn" — a shield whose
 * remainder lives in the ledger. When damage from two or more sources would be dealt to the
 * shielded permanent or player at once, its controller chooses which damage the shield prevents
 * (an `Allocate` decision).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const s = Effects.shield({ id: "s", controller: "bob", to: "bear", amount: 3, duration: "endOfTurn" })
 * s.action // { _tag: "Prevent", amount: 3, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const shield = (o: typeof Options.shield.Type, view?: GameView.GameView): Replacement.Replacement => {
  const to = need(o.id, "to", o.to)
  const amount = Language.toAmount(need(o.id, "amount", o.amount), "shield amount", {
    id: o.id,
    allowAll: false
  })
  known(view, o.id, "from", o.from)
  return build(
    o,
    view,
    {
      label: `Prevent the next ${Language.amountLabel(amount)}${onlyWord(o.only)} damage that would be dealt to ${describeTarget(to)}`,
      category: Category.prevention,
      rule: "MTG CR 615.7"
    },
    damageWatch(to, o.from, o.only),
    { _tag: "Prevent", amount, scope: "shield" }
  )
}

/**
 * CR 615.11: "Prevent the next N damage that would be dealt to each of [these creatures]" — one
 * shield per creature, created when the spell or ability resolves (the creatures are chosen
 * then; later changes don't add or remove shields). `to` names the creatures; with
 * `sharingColor`, `to` is one creature and the shields go to it and to every creature on the
 * battlefield that shares a colour with it in the view given (Wojek Apothecary). Ids are
 * `<id>:<creature>`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.shieldEach({ id: "wojek", controller: "a", to: ["t", "w2"], amount: 1 }).map((e) => e.id)
 * // ["wojek:t", "wojek:w2"]
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const shieldEach = (
  o: typeof Options.shieldEach.Type,
  view?: GameView.GameView
): ReadonlyArray<Replacement.Replacement> => {
  const to = need(o.id, "to", o.to)
  const amount = Language.toAmount(need(o.id, "amount", o.amount), "shieldEach amount", {
    id: o.id,
    allowAll: false
  })
  if (typeof to === "object" && !Array.isArray(to) && Object.keys(to).some((k) => k !== "ids"))
    refuse(o.id, "to", "shieldEach names its creatures by id (an id, a list, or { ids })")
  const ids = Language.selectorIds(to)
  let objects = ids
  if (o.sharingColor === true) {
    if (ids.length !== 1) refuse(o.id, "to", "with sharingColor, `to` is one creature")
    if (view === undefined)
      refuse(o.id, "sharingColor", "sharingColor needs the view the effect is created in")
    objects = sharingColorWith(view as GameView.GameView, ids[0] as string)
  }
  const { sharingColor: _, ...rest } = o
  return objects.map((x) =>
    shield(
      {
        ...rest,
        amount: o.amount as Language.WrittenAmount,
        id: `${o.id}:${x}`,
        to: x,
        label:
          o.label ?? `Prevent the next ${Language.amountLabel(amount)} damage that would be dealt to ${x}`,
        rule: o.rule ?? "MTG CR 615.11"
      },
      view
    )
  )
}

/**
 * The creatures that share a colour with `target` now (the target included), for
 * {@link shieldEach} (Wojek Apothecary, CR 615.11 example).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Effects } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "t", kind: "object", zone: "battlefield", props: { types: ["Creature"], colors: ["white"] } },
 *   { id: "r", kind: "object", zone: "battlefield", props: { types: ["Creature"], colors: ["red"] } }] })
 * Effects.sharingColorWith(view, "t") // ["t"]
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const sharingColorWith = (view: GameView.GameView, target: string): ReadonlyArray<string> => {
  const colorsOf = (id: string): ReadonlyArray<string> => {
    const c = view.objects[id]?.props["colors"]
    return Array.isArray(c) ? c : []
  }
  const mine = colorsOf(target)
  const out: Array<string> = [target]
  for (const o of Object.values(view.objects)) {
    if (o.id === target || o.zone !== "battlefield" || !Game.has(view, o.id, "types", "Creature")) continue
    if (colorsOf(o.id).some((c) => mine.includes(c))) out.push(o.id)
  }
  return out
}

/**
 * CR 615.8: "The next time [source] would deal damage [to …] this turn, prevent that damage" —
 * prevents the whole next instance of damage from that source (`from`), however much it is, then
 * is used up. With `gainLife`, also "You gain life equal to the damage prevented this way" (Awe
 * Strike, CR 615.5: an additional effect whose amount is the damage prevented). With
 * `properties`, 615.9: properties the source must still have when it would deal damage.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const awe = Effects.preventNextFrom({ id: "awe", controller: "nap", from: "a", gainLife: true })
 * awe.additional // [{ family: "lifeGain", subject: "controller", amount: { _tag: "Prevented" } }]
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const preventNextFrom = (
  o: typeof Options.preventNextFrom.Type,
  view?: GameView.GameView
): Replacement.Replacement => {
  const source = need(o.id, "from", o.from)
  known(view, o.id, "properties", o.properties)
  const from = Language.toFilter(source)
  const props = filterOf(o.properties)
  const gain: ReadonlyArray<Generic.EventTemplate> =
    o.gainLife === true ? [{ family: Game.Family.lifeGain, to: "controller", amount: "prevented" }] : []
  const additional = [...gain, ...(o.additional ?? [])]
  const { additional: _a, ...c } = o
  return build(
    { ...c, ...(additional.length === 0 ? {} : { additional }) },
    view,
    {
      label: `The next time ${describeTarget(source)} would deal damage${o.to === undefined ? "" : ` to ${describeTarget(o.to)}`}, prevent that damage${o.gainLife === true ? "; you gain life equal to the damage prevented this way" : ""}`,
      category: Category.prevention,
      rule: props === undefined ? "MTG CR 615.8" : "MTG CR 615.9 (609.7b)"
    },
    {
      ...damageWatch(o.to, undefined, o.only),
      source: props === undefined ? from : { _tag: "And", all: [from, props] }
    },
    { _tag: "Prevent", amount: "all", scope: "once" }
  )
}

/**
 * CR 615.10: a static "prevent N of that damage" ("If a source would deal damage to a Cleric
 * creature you control, prevent 1 of that damage"): it applies separately to each damage event
 * and is never used up. With `amount: "all"`, "prevent all damage …" — its own variant, never a
 * large number. Optional `additional` effects (Phantom Centaur: "Remove a +1/+1 counter from
 * [it]") still happen when the damage can't be prevented (615.12).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const defender = Effects.preventEach({
 *   id: "dd", controller: "ap", amount: 1, to: { subtypes: ["Cleric"], controller: "you" }
 * })
 * defender.action // { _tag: "Prevent", amount: 1, scope: "static" }
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const preventEach = (
  o: typeof Options.preventEach.Type,
  view?: GameView.GameView
): Replacement.Replacement => {
  const amount = Language.toAmount(need(o.id, "amount", o.amount), "preventEach amount", { id: o.id })
  known(view, o.id, "from", o.from)
  return build(
    o,
    view,
    {
      label:
        amount === "all"
          ? `Prevent all${onlyWord(o.only)} damage that would be dealt${o.to === undefined ? "" : ` to ${describeTarget(o.to)}`}`
          : `If a source would deal${onlyWord(o.only)} damage${o.to === undefined ? "" : ` to ${describeTarget(o.to)}`}, prevent ${Language.amountLabel(amount)} of that damage`,
      category: Category.prevention,
      // an amount computed when it applies: "they aren't locked in ahead of time"
      rule: typeof amount === "object" ? "MTG CR 615.10, 615.1" : "MTG CR 615.10"
    },
    damageWatch(o.to, o.from, o.only),
    { _tag: "Prevent", amount, scope: "static" }
  )
}

/**
 * CR 615.12: a lasting "damage can't be prevented" effect ("Damage can't be prevented this
 * turn"), for the damage it watches (`to`, `from`, `only`; default: all damage) while it lasts
 * (`duration`). "If unpreventable damage would be dealt, any applicable prevention effects are
 * still applied to it. Those effects won't prevent any damage, but any additional effects they
 * have will take place. Existing damage prevention shields won't be reduced by damage that can't
 * be prevented." It is not a replacement effect: the ordering policy applies it before any
 * other (its own tier, category `cant-be-prevented`). Redirection and modification are not
 * prevention and still apply.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const e = Effects.cantBePrevented({ id: "flare", controller: "ap", duration: "endOfTurn" })
 * e.action // { _tag: "Unpreventable" }
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const cantBePrevented = (
  o: typeof Options.cantBePrevented.Type,
  view?: GameView.GameView
): Replacement.Replacement => {
  known(view, o.id, "from", o.from)
  return build(
    o,
    view,
    {
      label: `${o.only === undefined ? "Damage" : o.only === "combat" ? "Combat damage" : "Noncombat damage"}${o.to === undefined ? "" : ` that would be dealt to ${describeTarget(o.to)}`} can't be prevented`,
      category: Category.cantBePrevented,
      rule: "MTG CR 615.12"
    },
    damageWatch(o.to, o.from, o.only),
    { _tag: "Unpreventable" }
  )
}

/**
 * CR 614.1a: a modifier of an event's amount ("that much damage plus 2", "you gain twice that
 * much life instead", "twice that many tokens"). `family` defaults to damage.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const furnace = Effects.modify({ id: "f", controller: "ap", op: "mul", value: 2, to: { types: ["Creature"] } })
 * furnace.action // { _tag: "Modify", op: "mul", value: 2 }
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const modify = (o: typeof Options.modify.Type, view?: GameView.GameView): Replacement.Replacement =>
  build(
    o,
    view,
    { label: modifyLabel(o), category: Category.replacement, rule: "MTG CR 614.1a" },
    watchOf(o.family ?? Game.Family.damage, o.to, o.from, o.params),
    { _tag: "Modify", op: o.op, value: Language.toValue(o.value, "modify value", { id: o.id }) }
  )

/**
 * CR 614.1a: "it deals double that damage instead" (Furnace of Rath; with `family`, "twice that
 * much life", "twice that many tokens") — {@link modify} with `op: mul`, `value: 2`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.double({ id: "d", controller: "ap", to: { types: ["Creature"] } }).action
 * // { _tag: "Modify", op: "mul", value: 2 }
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const double = (o: typeof Options.double.Type, view?: GameView.GameView): Replacement.Replacement =>
  modify({ ...o, label: o.label ?? "it deals double that damage instead", op: "mul", value: 2 }, view)

/**
 * CR 614.9: a redirection effect ("the damage is dealt to [another] instead"). Not prevention:
 * damage that can't be prevented is still redirected. With `amount`, "the next N damage that
 * would be dealt to [it] this turn is dealt to [another] instead": N is used up like a shield's
 * amount (its remainder is the effect's `remaining`), only that much moves and the rest stays
 * (core's `Redirect` with an amount). "If one of those permanents is no longer on the
 * battlefield when the damage would be redirected, or is no longer a battle, creature, or
 * planeswalker when the damage would be redirected, the effect does nothing. If damage would be
 * redirected to or from a player who has left the game, the effect does nothing": the condition
 * of both forms (nothing redirected, nothing used up; before issue 17 the form without an
 * `amount` did not check it, which was wrong by the rule). Damage that can't be redirected (kind
 * `Game.CANT_BE_REDIRECTED`) is not watched. `amount: all` is the same as no amount. The amount
 * may be an expression (`Language.AmountSchema`, as a `shield`'s): it is computed the first time
 * the effect applies (CR 615.1: "aren't locked in ahead of time"), then used up like a number.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.redirect({ id: "r", controller: "a", to: "a", redirectTo: "bear" }).action // { _tag: "Redirect", to: "bear" }
 * Effects.redirect({ id: "r", controller: "a", to: "A", redirectTo: "B", amount: 2 }).action
 * // { _tag: "Redirect", to: "B", amount: 2 }
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const redirect = (
  o: typeof Options.redirect.Type,
  view?: GameView.GameView
): Replacement.Replacement => {
  known(view, o.id, "redirectTo", o.redirectTo)
  const written =
    o.amount === undefined ? "all" : Language.toAmount(o.amount, "redirect amount", { id: o.id })
  const amount = written === "all" ? undefined : written
  const possible = redirectPossible(o.redirectTo)
  const w = damageWatch(o.to, o.from)
  // 614.9's check is on both forms: a redirect that can't happen does nothing
  const condition: Filter.Condition =
    o.condition === undefined ? possible : { _tag: "All", all: [possible, o.condition] }
  return build(
    { ...o, condition },
    view,
    {
      label:
        amount === undefined
          ? `The damage is dealt to ${o.redirectTo} instead`
          : `The next ${Language.amountLabel(amount)} damage that would be dealt${o.to === undefined ? "" : ` to ${describeTarget(o.to)}`} is dealt to ${o.redirectTo} instead`,
      category: Category.replacement,
      rule: "MTG CR 614.9"
    },
    { ...w, kinds: { noneOf: [Game.CANT_BE_REDIRECTED] } },
    amount === undefined
      ? { _tag: "Redirect", to: o.redirectTo }
      : { _tag: "Redirect", to: o.redirectTo, amount }
  )
}

/** CR 614.1a on a zone change, as one effect on `family` (see {@link zoneInstead}). */
const zoneInsteadOn = (
  o: typeof Options.zoneInstead.Type,
  view: GameView.GameView | undefined,
  family: string
): Replacement.Replacement =>
  build(
    o,
    view,
    {
      label: `If ${o.to === undefined ? "a card" : describeTarget(o.to)} would be put into ${String(o.when["to"] ?? "a zone")}, instead put it into ${o.into}`,
      category: Category.replacement,
      rule: "MTG CR 614.1a"
    },
    watchOf(family, o.to, undefined, o.when),
    { _tag: "SetParams", params: { to: o.into } }
  )

/** The zone change a destruction is (CR 701.8a), as `Game.destroyIsZoneChange` writes it. */
const DESTRUCTION: Readonly<Record<string, GameView.Prop>> = { from: "battlefield", to: "graveyard" }

/**
 * CR 614.1a on a zone change: "If [a card] would be put into [zone] …, instead put it into
 * [another zone]" (exile instead of the graveyard; shuffle into its owner's library). `when`
 * holds the params the zone change must have (e.g. `{ to: "graveyard" }`, or
 * `{ from: "battlefield", to: "graveyard" }` for "would die"); `into` is the zone instead; `to`
 * the cards it watches (default: every card); `family` the events it watches (default
 * `zoneChange`; `destroy`: "if it would be destroyed, exile it instead").
 *
 * A destruction is a zone change (CR 701.8a, "To destroy a permanent, move it from the
 * battlefield to its owner's graveyard"), so an effect on zone changes (no `family`, or
 * `zoneChange`) whose `when` a destruction satisfies — only `from` and `to`, `from` the
 * battlefield or absent, `to` the graveyard or absent — is two effects, as core watches one family
 * each: `<id>` on zone changes and `<id>:destroy` on destructions (whose params are the zone
 * change, see `Game.destroyIsZoneChange`). Rest in Peace ("If a card would be put into a
 * graveyard from anywhere, exile it instead") then exiles a creature destroyed for lethal damage
 * (704.5g) as it exiles one that dies of 0 toughness (704.5f). Any other `when` (`to: hand`) or
 * `family` is the one effect.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const [rip, ripDestroy] = Effects.zoneInstead({ id: "rip", controller: "ap", when: { to: "graveyard" }, into: "exile" })
 * rip?.action // { _tag: "SetParams", params: { to: "exile" } }
 * ripDestroy?.watch.family // "destroy"
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const zoneInstead = (
  o: typeof Options.zoneInstead.Type,
  view?: GameView.GameView
): ReadonlyArray<Replacement.Replacement> => {
  const family = o.family ?? Game.Family.zoneChange
  const e = zoneInsteadOn(o, view, family)
  const seesDestroy =
    family === Game.Family.zoneChange &&
    Object.entries(o.when).every(([k, v]) => Object.hasOwn(DESTRUCTION, k) && DESTRUCTION[k] === v)
  return seesDestroy ? [e, { ...zoneInsteadOn(o, view, Game.Family.destroy), id: `${e.id}:destroy` }] : [e]
}

/**
 * A regeneration shield, CR 614.8: "“Regenerate [permanent]” means “The next time [permanent]
 * would be destroyed this turn, instead remove all damage marked on it and its controller taps
 * it. If it's an attacking or blocking creature, remove it from combat.”" One effect per
 * permanent `to` names (by id: `"troll"` or `[a, b]`), each used by the next destruction of its
 * permanent only (`limit: 1`), for this turn unless `duration` says otherwise: a second
 * destruction the same turn is not regenerated by the same shield, while two shields on one
 * creature regenerate it twice. What regenerating does is the `regenerate` event (damage
 * removed, tapped, out of combat: see `Game.commit`). A destruction by a state-based
 * 704.5f/704.5i zone change (toughness 0, loyalty 0) is not a destruction: the shield stays.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const [shield] = Effects.regenerate({ id: "regen", controller: "nap", to: "troll" })
 * shield?.limit // { times: 1, resetsAt: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const regenerate = (
  o: typeof Options.regenerate.Type,
  view?: GameView.GameView
): ReadonlyArray<Replacement.Replacement> => {
  const to = need(o.id, "to", o.to)
  if (typeof to !== "string" && !Array.isArray(to))
    refuse(
      o.id,
      "to",
      "name the permanents by id (a string or a list): each gets its own shield, used by its next destruction (CR 614.8)"
    )
  const ids = Language.selectorIds(to)
  if (ids.length === 0) refuse(o.id, "to", "names no permanent")
  if (new Set(ids).size !== ids.length) refuse(o.id, "to", "names a permanent twice")
  known(view, o.id, "to", to)
  const until = o.duration ?? "endOfTurn"
  return ids.map((p) => ({
    ...build(
      { ...o, id: ids.length === 1 ? o.id : `${o.id}:${p}`, duration: until },
      view,
      { label: `Regenerate ${p}`, category: Category.replacement, rule: "MTG CR 614.8" },
      watchOf(Game.Family.destroy, p, undefined),
      { _tag: "Replace", with: [{ family: Game.Family.regenerate, subject: "subject" }] }
    ),
    limit: { times: 1, resetsAt: until }
  }))
}

/**
 * Worship (CR 120.4 example 2): "If you control a creature, damage that would reduce your life
 * total to less than 1 reduces it to 1 instead." A replacement of the *results* of damage: it
 * watches the life loss that damage causes (`fromDamage`), applies only if the whole results
 * event (life loss and life gain together, read from the batch by the named predicate
 * `Results.PREDICATE_LIFE_BELOW`) would leave you below `floor`, and then caps the loss so that
 * the whole event leaves you at exactly `floor` (the named value `Results.VALUE_LIFE_FLOOR_LOSS`,
 * which also reads the batch: life − floor + the event's other life changes). The results policy
 * sums a player's life loss from one batch into one occurrence, so the cap applies once.
 * `ifYouControl` (default `{ types: [Creature] }`) is what you must control.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.lifeFloor({ id: "worship", controller: "nap" }).watch.family // "lifeLoss"
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const lifeFloor = (
  o: typeof Options.lifeFloor.Type,
  view?: GameView.GameView
): Replacement.Replacement => {
  known(view, o.id, "ifYouControl", o.ifYouControl)
  const floor = o.floor ?? 1
  const youControl: Filter.Filter = filterOf(o.ifYouControl) ?? {
    _tag: "Prop",
    prop: "types",
    op: "has",
    value: "Creature"
  }
  const condition: Filter.Condition = {
    _tag: "All",
    all: [
      {
        _tag: "Exists",
        filter: {
          _tag: "And",
          all: [
            youControl,
            { _tag: "ControlledBy", player: { _tag: "You" } },
            { _tag: "InZone", zones: ["battlefield"] }
          ]
        }
      },
      {
        _tag: "Test",
        on: "subject",
        filter: { _tag: "Named", name: Results.PREDICATE_LIFE_BELOW, args: { floor } }
      },
      ...(o.condition === undefined ? [] : [o.condition])
    ]
  }
  return build(
    { ...o, condition },
    view,
    {
      label: `If you control a creature, damage that would reduce your life total to less than ${floor} reduces it to ${floor} instead`,
      category: Category.replacement,
      rule: "MTG CR 120.4c (Worship)"
    },
    {
      family: Game.Family.lifeLoss,
      subject: {
        _tag: "And",
        all: [{ _tag: "IsPlayer" }, { _tag: "ControlledBy", player: { _tag: "You" } }]
      },
      kinds: { anyOf: [Game.FROM_DAMAGE] }
    },
    {
      _tag: "Modify",
      op: "atMost",
      value: { _tag: "Named", name: Results.VALUE_LIFE_FLOOR_LOSS, args: { floor } }
    }
  )
}
