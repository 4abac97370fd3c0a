/**
 * Constructors for Magic's prevention and replacement effects (CR 614, 615), as core
 * `Replacement` values. Each constructor is a small function from the card's parameters to
 * data; none adds behaviour to the resolver.
 *
 * Categories read by the ordering policy (CR 616.1a–e): {@link Category}.
 *
 * @since 0.1.0
 */
import { Amount, type Filter, type GameView, type Replacement } from "@bulwark/core"
import * as Game from "./Game.js"
import * as Results from "./Results.js"

/**
 * The effect categories of this ruleset. The first four are the tiers of CR 616.1a–d (applied
 * before any other); `prevention` and `replacement` are both 616.1e ("any of the applicable
 * replacement and/or prevention effects may be chosen").
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.Category.selfReplacement // "self-replacement"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Category = {
  selfReplacement: "self-replacement",
  controlOnEntering: "control-on-entering",
  copyOnEntering: "copy-on-entering",
  backFaceUp: "back-face-up",
  prevention: "prevention",
  replacement: "replacement"
} as const

/**
 * A category name (see {@link Category}).
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/mtg"
 * const c: Effects.CategoryName = "prevention"
 * ```
 * @since 0.1.0
 * @category model
 */
export type CategoryName = (typeof Category)[keyof typeof Category]

/**
 * Options every constructor takes: the effect's id and controller, and optional label, source,
 * category, duration (`until`, a ledger boundary such as "endOfTurn"), optional-ness ("may"),
 * additional effects, condition, a zone the source must be in, and the rule cited in traces.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/mtg"
 * const c: Effects.Common = { id: "shield", controller: "bob", until: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Common {
  readonly id: string
  readonly controller: string
  readonly label?: string | undefined
  readonly source?: string | undefined
  readonly category?: string | undefined
  readonly until?: string | undefined
  readonly optional?: boolean | undefined
  readonly additional?: ReadonlyArray<Replacement.Template> | undefined
  readonly condition?: Filter.Condition | undefined
  readonly requiresSourceIn?: ReadonlyArray<string> | undefined
  readonly rule?: string | undefined
}

/**
 * A filter or shorthand: an id, a list of ids, or a core filter.
 *
 * @example
 * ```ts
 * import type { Effects } from "@bulwark/mtg"
 * const t: Effects.Target = ["bear", "elf"]
 * ```
 * @since 0.1.0
 * @category model
 */
export type Target = string | ReadonlyArray<string> | Filter.Filter

/**
 * Turns a {@link Target} into a core filter.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.toFilter("bear") // { _tag: "Id", ids: ["bear"] }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const toFilter = (t: Target): Filter.Filter =>
  typeof t === "string"
    ? { _tag: "Id", ids: [t] }
    : Array.isArray(t)
      ? { _tag: "Id", ids: t }
      : (t as Filter.Filter)

const build = (
  c: Common,
  dflt: { label: string; category: string; rule: string },
  watch: Replacement.Watch,
  action: Replacement.Action
): Replacement.Replacement => ({
  id: c.id,
  label: c.label ?? dflt.label,
  controller: c.controller,
  ...(c.source === undefined ? {} : { source: c.source }),
  category: c.category ?? dflt.category,
  watch,
  action,
  ...(c.condition === undefined ? {} : { condition: c.condition }),
  ...(c.requiresSourceIn === undefined ? {} : { requiresSourceIn: c.requiresSourceIn }),
  ...(c.optional === undefined ? {} : { optional: c.optional }),
  ...(c.additional === undefined ? {} : { additional: c.additional }),
  ...(c.until === undefined ? {} : { duration: { until: c.until } }),
  rule: c.rule ?? dflt.rule
})

const watchOf = (
  family: string,
  to: Target | undefined,
  from: Target | undefined,
  params?: Readonly<Record<string, GameView.Prop>> | undefined
): Replacement.Watch => ({
  family,
  ...(to === undefined ? {} : { subject: toFilter(to) }),
  ...(from === undefined ? {} : { source: toFilter(from) }),
  ...(params === undefined ? {} : { params })
})

const damageWatch = (to: Target | undefined, from: Target | undefined): Replacement.Watch =>
  watchOf(Game.Family.damage, to, from)

/**
 * CR 615.7: "Prevent the next N damage that would be dealt to [it] this turn" — a shield whose
 * remainder lives in the ledger. When damage from two or more sources would be dealt to the
 * shielded permanent or player at once, its controller chooses which damage the shield prevents
 * (an `Allocate` decision).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const s = Effects.shield({ id: "s", controller: "bob", to: "bear", amount: 3, until: "endOfTurn" })
 * s.action // { _tag: "Prevent", amount: 3, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const shield = (
  c: Common & { readonly to: Target; readonly amount: number; readonly from?: Target | undefined }
): Replacement.Replacement =>
  build(
    c,
    {
      label: `Prevent the next ${Amount.check(c.amount, "shield amount", { id: c.id })} damage that would be dealt to ${describeTarget(c.to)}`,
      category: Category.prevention,
      rule: "MTG CR 615.7"
    },
    damageWatch(c.to, c.from),
    { _tag: "Prevent", amount: c.amount, scope: "shield" }
  )

/**
 * CR 615.11: "Prevent the next N damage that would be dealt to each of [these creatures]" — one
 * shield per creature, created when the spell or ability resolves (the creatures are chosen
 * then; later changes don't add or remove shields). Ids are `<id>:<creature>`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.shieldEach({ id: "wojek", controller: "a", objects: ["t", "w2"], amount: 1 }).map((e) => e.id)
 * // ["wojek:t", "wojek:w2"]
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const shieldEach = (
  c: Common & { readonly objects: ReadonlyArray<string>; readonly amount: number }
): ReadonlyArray<Replacement.Replacement> =>
  c.objects.map((o) =>
    shield({
      ...c,
      amount: Amount.check(c.amount, "shieldEach amount", { id: c.id }),
      id: `${c.id}:${o}`,
      to: o,
      label: c.label ?? `Prevent the next ${c.amount} damage that would be dealt to ${o}`,
      rule: c.rule ?? "MTG CR 615.11"
    })
  )

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
 * prevents the whole next instance of damage from that source, however much it is, then is used
 * up. With `gainLife`, also "You gain life equal to the damage prevented this way" (Awe Strike,
 * CR 615.5: an additional effect whose amount is the damage prevented).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const awe = Effects.preventNextFrom({ id: "awe", controller: "nap", source: "a", gainLife: true })
 * awe.additional // [{ family: "lifeGain", subject: "controller", amount: { _tag: "Prevented" } }]
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const preventNextFrom = (
  c: Common & {
    readonly source: string
    readonly to?: Target | undefined
    readonly gainLife?: boolean | undefined
    /** 615.9: properties the source must still have when it would deal damage. */
    readonly properties?: Filter.Filter | undefined
  }
): Replacement.Replacement => {
  const from: Filter.Filter =
    c.properties === undefined
      ? { _tag: "Id", ids: [c.source] }
      : { _tag: "And", all: [{ _tag: "Id", ids: [c.source] }, c.properties] }
  const gain: ReadonlyArray<Replacement.Template> =
    c.gainLife === true
      ? [{ family: Game.Family.lifeGain, subject: "controller", amount: { _tag: "Prevented" } }]
      : []
  const additional = [...gain, ...(c.additional ?? [])]
  return build(
    { ...c, source: undefined, additional: additional.length === 0 ? undefined : additional },
    {
      label: `The next time ${c.source} would deal damage${c.to === undefined ? "" : ` to ${describeTarget(c.to)}`}, prevent that damage${c.gainLife === true ? "; you gain life equal to the damage prevented this way" : ""}`,
      category: Category.prevention,
      rule: c.properties === undefined ? "MTG CR 615.8" : "MTG CR 615.9 (609.7b)"
    },
    damageWatch(c.to, from),
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
 *   id: "dd", controller: "ap", amount: 1,
 *   to: { _tag: "And", all: [
 *     { _tag: "Prop", prop: "subtypes", op: "has", value: "Cleric" },
 *     { _tag: "ControlledBy", player: { _tag: "You" } }] }
 * })
 * defender.action // { _tag: "Prevent", amount: 1, scope: "static" }
 * ```
 * @since 0.1.0
 * @category prevention
 */
export const preventEach = (
  c: Common & {
    readonly amount: number | "all"
    readonly to?: Target | undefined
    readonly from?: Target | undefined
  }
): Replacement.Replacement =>
  build(
    c,
    {
      label:
        Amount.check(c.amount, "preventEach amount", { id: c.id, allowAll: true }) === "all"
          ? `Prevent all damage that would be dealt${c.to === undefined ? "" : ` to ${describeTarget(c.to)}`}`
          : `If a source would deal damage${c.to === undefined ? "" : ` to ${describeTarget(c.to)}`}, prevent ${c.amount} of that damage`,
      category: Category.prevention,
      rule: "MTG CR 615.10"
    },
    damageWatch(c.to, c.from),
    { _tag: "Prevent", amount: c.amount, scope: "static" }
  )

/**
 * CR 614.1a: a modifier of an event's amount ("it deals double that damage instead", "that much
 * damage plus 2", "you gain twice that much life instead", "twice that many tokens"). `family`
 * defaults to damage.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const furnace = Effects.modify({ id: "f", controller: "ap", op: "mul", value: 2,
 *   to: { _tag: "Prop", prop: "types", op: "has", value: "Creature" } })
 * furnace.action // { _tag: "Modify", op: "mul", value: 2 }
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const modify = (
  c: Common & {
    readonly op: "add" | "sub" | "mul" | "set" | "atMost" | "atLeast"
    readonly value: Filter.Value
    readonly family?: string | undefined
    readonly to?: Target | undefined
    readonly from?: Target | undefined
    readonly params?: Readonly<Record<string, GameView.Prop>> | undefined
  }
): Replacement.Replacement =>
  build(
    c,
    {
      label: modifyLabel(c),
      category: Category.replacement,
      rule: "MTG CR 614.1a"
    },
    watchOf(c.family ?? Game.Family.damage, c.to, c.from, c.params),
    { _tag: "Modify", op: c.op, value: c.value }
  )

/**
 * CR 614.9: a redirection effect ("the damage is dealt to [another] instead"). Not prevention:
 * damage that can't be prevented is still redirected.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.redirect({ id: "r", controller: "a", to: "a", redirectTo: "bear" }).action // { _tag: "Redirect", to: "bear" }
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const redirect = (
  c: Common & {
    readonly redirectTo: string
    readonly to?: Target | undefined
    readonly from?: Target | undefined
  }
): Replacement.Replacement =>
  build(
    c,
    {
      label: `The damage is dealt to ${c.redirectTo} instead`,
      category: Category.replacement,
      rule: "MTG CR 614.9"
    },
    damageWatch(c.to, c.from),
    { _tag: "Redirect", to: c.redirectTo }
  )

/**
 * CR 614.1a on a zone change: "If [a card] would be put into [zone] …, instead put it into
 * [another zone]" (exile instead of the graveyard; shuffle into its owner's library). `when`
 * holds the params the zone change must have (e.g. `{ to: "graveyard" }`, or
 * `{ from: "battlefield", to: "graveyard" }` for "would die").
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const rip = Effects.zoneInstead({ id: "rip", controller: "ap", when: { to: "graveyard" }, to: "exile" })
 * rip.action // { _tag: "SetParams", params: { to: "exile" } }
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const zoneInstead = (
  c: Common & {
    readonly when: Readonly<Record<string, GameView.Prop>>
    readonly to: string
    readonly subject?: Target | undefined
  }
): Replacement.Replacement =>
  build(
    c,
    {
      label: `If ${c.subject === undefined ? "a card" : describeTarget(c.subject)} would be put into ${String(c.when["to"] ?? "a zone")}, instead put it into ${c.to}`,
      category: Category.replacement,
      rule: "MTG CR 614.1a"
    },
    watchOf(Game.Family.zoneChange, c.subject, undefined, c.when),
    { _tag: "SetParams", params: { to: c.to } }
  )

/**
 * CR 614.1a: "If [event] would happen, [other events] instead" — the occurrence is replaced by
 * the templated ones ("If you would gain life, draw that many cards instead"; "If you would draw
 * a card, return a card from your graveyard to your hand instead").
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * const e = Effects.instead({ id: "x", controller: "a", family: "lifeGain", to: "a",
 *   with: [{ family: "draw", subject: "subject", amount: { _tag: "Amount" } }] })
 * e.action._tag // "Replace"
 * ```
 * @since 0.1.0
 * @category replacement
 */
export const instead = (
  c: Common & {
    readonly family: string
    readonly with: ReadonlyArray<Replacement.Template>
    readonly to?: Target | undefined
    readonly from?: Target | undefined
    readonly params?: Readonly<Record<string, GameView.Prop>> | undefined
  }
): Replacement.Replacement =>
  build(
    c,
    {
      label: `If ${c.family} would happen, ${c.with.map((t) => t.family).join(" and ") || "nothing"} instead`,
      category: Category.replacement,
      rule: "MTG CR 614.1a"
    },
    watchOf(c.family, c.to, c.from, c.params),
    { _tag: "Replace", with: c.with }
  )

/**
 * Worship (CR 120.4 example 2): "If you control a creature, damage that would reduce your life
 * total to less than 1 reduces it to 1 instead." A replacement of the *results* of damage: it
 * watches the life loss that damage causes (`fromDamage`), applies only if the whole results
 * event (life loss and life gain together, read from the batch by the named predicate
 * `Results.PREDICATE_LIFE_BELOW`) would leave you below `floor`, and then caps the loss so that
 * the whole event leaves you at exactly `floor` (the named value `Results.VALUE_LIFE_FLOOR_LOSS`,
 * which also reads the batch: life − floor + the event's other life changes). The results policy
 * sums a player's life loss from one batch into one occurrence, so the cap applies once.
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
  c: Common & { readonly floor?: number | undefined; readonly ifYouControl?: Filter.Filter | undefined }
): Replacement.Replacement => {
  const floor = c.floor ?? 1
  const youControl: Filter.Filter = c.ifYouControl ?? {
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
      ...(c.condition === undefined ? [] : [c.condition])
    ]
  }
  return build(
    { ...c, condition },
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

function describeTarget(t: Target): string {
  if (typeof t === "string") return t
  if (Array.isArray(t)) return t.join(", ")
  const f = t as Filter.Filter
  if (f._tag === "Id") return f.ids.join(" or ")
  if (f._tag === "IsPlayer") return "a player"
  if (f._tag === "Prop" && f.op === "has" && typeof f.value === "string") return `each ${f.value}`
  return "each object it names"
}

/** The text of a modification, in the cards' words ("it deals double that damage instead"). */
function modifyLabel(c: {
  readonly op: "add" | "sub" | "mul" | "set" | "atMost" | "atLeast"
  readonly value: Filter.Value
  readonly family?: string | undefined
  readonly to?: Target | undefined
}): string {
  const v = typeof c.value === "number" ? String(c.value) : "X"
  if (c.family !== undefined && c.family !== Game.Family.damage) {
    const how = {
      mul: `${v} times that`,
      add: `that plus ${v}`,
      sub: `that minus ${v}`,
      set: v,
      atMost: `at most ${v}`,
      atLeast: `at least ${v}`
    }[c.op]
    return `If ${c.family} ${c.to === undefined ? "" : `of ${describeTarget(c.to)} `}would happen, ${how} instead`
  }
  const how = {
    mul: v === "2" ? "double that damage" : v === "3" ? "triple that damage" : `${v} times that damage`,
    add: `that damage plus ${v}`,
    sub: `that damage minus ${v}`,
    set: `${v} damage`,
    atMost: `at most ${v} damage`,
    atLeast: `at least ${v} damage`
  }[c.op]
  return `If a source would deal damage${c.to === undefined ? "" : ` to ${describeTarget(c.to)}`}, it deals ${how} instead`
}

/**
 * The named predicate "this is still the object the effect was aimed at": its number of zone
 * changes (`Game.ZONE_CHANGES`) is the one in `args[id]` (an id not in `args` always passes).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Effects.PREDICATE_SAME_OBJECT // "mtg.sameObject"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_SAME_OBJECT = "mtg.sameObject" as const

/**
 * The predicates of this module, for the ruleset's `predicates`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/mtg"
 * Object.keys(Effects.predicates) // ["mtg.sameObject"]
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates: Filter.Predicates = {
  [PREDICATE_SAME_OBJECT]: (view, id, _ctx, args) => {
    const at = args[id]
    return typeof at !== "number" || Game.num(view, id, Game.ZONE_CHANGES) === at
  }
}

/**
 * Binds an effect to the objects it names as they are now (CR 400.7: "An object that moves from
 * one zone to another becomes a new object with no memory of or relation to its previous
 * existence"). An effect that watches named objects (`subject` by id) gets the condition that each
 * is still the same object — it has not changed zones since — so after a zone change it no longer
 * applies to what is now a new object (the trace says its condition is not met). Players and
 * effects that watch no named object are unchanged. Scenario files bind every effect when it is
 * created (`effects:` against the starting view, `resolve:` against the view at that step); code
 * that builds effects itself calls this with the view of the moment the effect is created.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Effects } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["ap", "nap"], activePlayer: "ap", objects: [
 *   { id: "c", kind: "object", controller: "nap", zone: "battlefield", props: {} }] })
 * const s = Effects.aimedAt(Effects.shield({ id: "s", controller: "nap", to: "c", amount: 3 }), view)
 * s.condition?._tag // "Test"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const aimedAt = (e: Replacement.Replacement, view: GameView.GameView): Replacement.Replacement => {
  const subj = e.watch.subject
  if (subj?._tag !== "Id") return e
  const args: Record<string, number> = {}
  let any = false
  for (const id of subj.ids) {
    if (view.objects[id]?.kind !== "object") continue
    args[id] = Game.num(view, id, Game.ZONE_CHANGES)
    any = true
  }
  if (!any) return e
  const same: Filter.Condition = {
    _tag: "Test",
    on: "subject",
    filter: { _tag: "Named", name: PREDICATE_SAME_OBJECT, args }
  }
  return { ...e, condition: e.condition === undefined ? same : { _tag: "All", all: [same, e.condition] } }
}
