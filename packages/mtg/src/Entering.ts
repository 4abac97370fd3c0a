/**
 * Entering the battlefield (CR 614.1c–d, 614.12, 616.1b–g), on the generic mechanism: an object
 * enters as a `zoneChange` with `params: { to: battlefield }`, and every "enters with …", "as
 * [it] enters …" and "enters as …" is a replacement effect on that event (CR 614.1c) — a
 * `kind: replace` that sets the entering's params (`setParams`), or adds events after it
 * (`additional`). What the params mean when the object enters ({@link commit}):
 *
 * - `tapped: true` — it enters tapped ("Rusted Sentinel enters tapped");
 * - `copyOf: <id>` — it enters as a copy of that object: its copiable values become that
 *   object's (CR 707.2: name, types, subtypes, supertypes, colours, keywords, power and
 *   toughness), and it keeps `copyOf` ("Creatures you control enter as a copy of this creature");
 * - `controller: <player>` — it enters under that player's control (616.1b);
 * - `chosen…` (`chosenColor: red`, `chosenType: Elf`) — a choice made as it enters (614.12a:
 *   "that choice is made before the permanent enters the battlefield"), kept as a property of the
 *   permanent ("As this creature enters, choose a color").
 *
 * "Enters with N counters" is an `additional: [{ family: addCounters, … }]` on that entering: the
 * counters are put on it as part of its entering, as an event of their own that "put counters"
 * effects see (CR 122.6: "… putting counters on that object while it's on the battlefield and
 * also to an object that's given counters as it enters the battlefield").
 *
 * CR 614.12: "To determine which replacement effects apply and how they apply, check the
 * characteristics of the permanent as it would exist on the battlefield, taking into account
 * replacement effects that have already modified how it enters the battlefield". Two
 * consequences are kept by conditions every effect on an entering gets ({@link asItEnters}):
 *
 * - an effect from the entering permanent itself (its `source` is the object entering) is one of
 *   that permanent's abilities: once a copy effect has made it enter as a copy of another object,
 *   it no longer has that ability, so the effect no longer applies (616.1e's example: Essence of
 *   the Wild's copy effect is applied first, "as a result, it no longer has the ability that
 *   causes it to enter the battlefield tapped");
 * - a choice is made once: an effect that makes a choice (`chosen…`) no longer applies once that
 *   choice has been made — one `replace` per option ("choose a color": five of them), the
 *   affected permanent's controller choosing which applies (616.1).
 *
 * The tiers of 616.1b–d are read from what an effect does: a `setParams` of `controller` is
 * "control on entering", of `copyOf` "copy on entering", of `face` "back face up"
 * ({@link categoryOf}).
 *
 * A token is created, and then enters (CR 616.1g, "entering the battlefield is an event contained
 * within the event of creating a token"): `createToken` makes its tokens (`<id>/token<n>`, in the
 * zone {@link CREATING}, under its creator's control; with `params.copyOf` as copies of that
 * object, "a token that's a copy of Voice of All"), and their entering is an event contained in
 * the creation, resolved as an event of its own (core `Policy.contains`) once the creation is
 * final — after Doubling Season has doubled it — where the effects on each token's entering
 * apply.
 *
 * Control as it would exist on the battlefield (614.12): a card put onto the battlefield from a
 * hand, library, graveyard or exile has no controller there (CR 108.4); it enters under the
 * control of the player the entering's `controller` param names (the player who puts it there,
 * or a 616.1b effect), otherwise its owner's ({@link controllerAsItEnters}); one coming from the
 * stack under its controller's. Every `controller: …` an effect on an entering watches is read
 * that way ({@link PREDICATE_CONTROLLED_AS_IT_ENTERS}), so "creatures you control enter with …"
 * sees a creature card you put onto the battlefield from your graveyard.
 *
 * A copy's entering abilities (616.1f example, 707.2): an object entering as a copy of another
 * (its entering's `copyOf`, or a token created as a copy) has the original's abilities, its "as
 * it enters" ones among them — an effect from a permanent watching its own entering also watches
 * the entering of a copy of it ({@link PREDICATE_ENTERS_AS_COPY_OF}): a copy of a permanent that
 * "enters tapped" enters tapped. The copy effect is applied first (616.1c), and then the copied
 * ability applies (616.1f: "taking into account only replacement or prevention effects that would
 * now be applicable").
 *
 * "As it enters, choose …" stays one effect per option: the choice among options is the choice
 * among applicable effects of 616.1 (the affected object's controller chooses one), which the
 * engine already asks, scripts, traces and orders by tier; one effect with options would need a
 * decision of another kind (a value chosen inside an effect) in the chooser, the scripted
 * decisions, the trace and the kernels' differential format — not a simple change.
 *
 * Not modelled: the other characteristics "as it would exist on the battlefield" (continuous
 * effects from its own static abilities, 614.12).
 *
 * @since 0.1.0
 * @module
 */
import { Filter, GameEvent, GameView, Policy, type Replacement, Zones } from "@bulwark/core"
import * as Game from "./Game.js"
import { Category } from "./internal/category.js"

/**
 * The zone a token is in between its creation and its entering (CR 616.1g: the entering is an
 * event contained in the creation). Its controller is its creator (CR 111.2: "The player who
 * creates a token is its owner. The token enters the battlefield under that player's control."),
 * so it is a control zone ({@link zones}); it is not in play.
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.CREATING // "creating"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const CREATING = "creating" as const

/**
 * The entering param of "enters tapped": `tapped: true`.
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.TAPPED // "tapped"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const TAPPED = "tapped" as const

/**
 * The entering param of "enters as a copy of [object]": `copyOf: <id>` (CR 707.2, 616.1c). Also
 * the param of a `createToken` that creates copies ("a token that's a copy of Voice of All"), and
 * the property a copy keeps.
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.COPY_OF // "copyOf"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const COPY_OF = "copyOf" as const

/**
 * How the param of a choice made as a permanent enters begins: `chosen` (`chosenColor`,
 * `chosenType`, …; CR 614.12a). The permanent keeps it as a property.
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.CHOSEN // "chosen"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const CHOSEN = "chosen" as const

/**
 * The copiable values an object that enters as a copy takes from the object it copies (CR
 * 707.2: "name, mana cost, color indicator, card type, subtype, supertype, rules text, power,
 * toughness, and/or loyalty"), as this package's properties. Protection is not among them here
 * (its prevention effects are made when the scenario is loaded).
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.COPIABLE.includes("keywords") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const COPIABLE: ReadonlyArray<string> = [
  "name",
  "types",
  "subtypes",
  "supertypes",
  "colors",
  "keywords",
  "basePower",
  "baseToughness",
  "power",
  "toughness"
]

/**
 * Whether an occurrence is an object entering the battlefield: a `zoneChange` whose `to` is the
 * battlefield.
 *
 * @example
 * ```ts
 * import { GameEvent } from "@bulwark/core"
 * import { Entering } from "@bulwark/mtg"
 * Entering.isEntering(GameEvent.occurrence({ id: "z", family: "zoneChange", subject: "c", params: { to: "battlefield" } })) // true
 * ```
 * @since 0.1.0
 * @category getters
 */
export const isEntering = (o: {
  readonly family: string
  readonly params: Readonly<Record<string, GameView.Prop>>
}): boolean => o.family === Game.Family.zoneChange && o.params[Zones.TO] === "battlefield"

/**
 * An object with the copiable values of `original` (CR 707.2, {@link COPIABLE}) instead of its
 * own, and `copyOf` naming it; power and toughness recomputed with its counters. A missing
 * original leaves it as it is.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Entering } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "essence", kind: "object", zone: "battlefield", props: { name: "Essence of the Wild", basePower: 6, baseToughness: 6 } },
 *   { id: "sentinel", kind: "object", zone: "stack", props: { name: "Rusted Sentinel", basePower: 3, baseToughness: 4 } }] })
 * Entering.asCopy(view, view.objects["sentinel"]!, "essence").props["name"] // "Essence of the Wild"
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const asCopy = (
  view: GameView.GameView,
  o: GameView.GameObject,
  original: string
): GameView.GameObject => {
  const from = view.objects[original]
  if (from === undefined) return o
  const props: Record<string, GameView.Prop> = { ...o.props }
  for (const k of COPIABLE) {
    const v = from.props[k]
    if (v === undefined) delete props[k]
    else props[k] = v
  }
  props[COPY_OF] = original
  return Game.withStats({ ...o, props })
}

/**
 * The permanent as its entering's params make it (CR 614.1c–d): tapped, a copy, under another
 * player's control, with the choices made as it entered (see the module documentation); without
 * a `controller` param, under `under`'s control when given (the controller it entered under,
 * {@link controllerAsItEnters}: its owner for a card from a hand or a graveyard).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Entering } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "voice", kind: "object", controller: "a", zone: "battlefield", props: {} }] })
 * const o = GameEvent.occurrence({ id: "z", family: "zoneChange", subject: "voice", params: { to: "battlefield", chosenColor: "red" } })
 * Entering.entered(view, o).objects["voice"]?.props["chosenColor"] // "red"
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const entered = (
  view: GameView.GameView,
  o: GameEvent.Occurrence,
  under?: string | undefined
): GameView.GameView => {
  const before = view.objects[o.subject]
  if (before === undefined || before.zone !== "battlefield") return view
  const copyOf = o.params[COPY_OF]
  let x = typeof copyOf === "string" ? asCopy(view, before, copyOf) : before
  const props: Record<string, GameView.Prop> = { ...x.props }
  if (o.params[TAPPED] === true) props[TAPPED] = true
  for (const k in o.params) if (k.startsWith(CHOSEN) && k !== CHOSEN) props[k] = o.params[k] as GameView.Prop
  x = { ...x, props }
  const controller = o.params["controller"]
  if (typeof controller === "string" && view.players.includes(controller)) x = { ...x, controller }
  else if (under !== undefined) x = { ...x, controller: under }
  return GameView.setObject(view, x)
}

/**
 * The tokens a `createToken` makes, and their entering as events contained in the creation (CR
 * 616.1g): `amount` tokens `<id>/token<n>` in the zone {@link CREATING}, owned and controlled by
 * the subject (CR 111.2), named `params.name` (default `Token`), or copies of `params.copyOf`;
 * then a `zoneChange` `<id>:token<n>:enters` (`params: { from: creating, to: battlefield }`) each, to
 * be resolved as an event of their own (core `Policy.contains`).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Entering } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * const c = Entering.createTokens(view, GameEvent.occurrence({ id: "t", family: "createToken", subject: "a", amount: 2 }))
 * c.contained?.map((o) => o.id) // ["t:token1:enters", "t:token2:enters"]
 * ```
 * @since 0.1.0
 * @category state
 */
export const createTokens = (view: GameView.GameView, o: GameEvent.Occurrence): Policy.Committed => {
  const objects: Record<string, GameView.GameObject> = { ...view.objects }
  const name = typeof o.params["name"] === "string" ? o.params["name"] : "Token"
  const copyOf = o.params[COPY_OF]
  const enters: Array<GameEvent.Occurrence> = []
  for (let i = 1; i <= o.amount; i++) {
    const id = `${o.id}/token${i}`
    const token: GameView.GameObject = {
      id,
      kind: "object",
      controller: o.subject,
      owner: o.subject,
      zone: CREATING,
      props: { name, token: true }
    }
    objects[id] = typeof copyOf === "string" ? asCopy(view, token, copyOf) : token
    enters.push(
      GameEvent.occurrence({
        // named after the creation (`<id>:token<n>:enters`), as the other ids a run makes
        id: `${o.id}:token${i}:enters`,
        family: Game.Family.zoneChange,
        subject: id,
        params: { from: CREATING, [Zones.TO]: "battlefield" }
      })
    )
  }
  return Policy.contains({ ...view, objects }, o, enters)
}

/**
 * The ruleset's `commit`: `Game.commit`, with what entering does — an object put onto the
 * battlefield becomes what its entering's params say ({@link entered}) under the control it
 * enters under ({@link controllerAsItEnters}), a token leaves the zone
 * {@link CREATING} for the battlefield (it is the same object: no zone change is counted, CR
 * 111.1), and a `createToken` makes its tokens, whose entering is contained in it
 * ({@link createTokens}).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Policy } from "@bulwark/core"
 * import { Entering } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "sentinel", kind: "object", controller: "a", owner: "a", zone: "stack", props: {} }] })
 * const after = Policy.viewOf(Entering.commit(view, GameEvent.occurrence({ id: "z", family: "zoneChange",
 *   subject: "sentinel", params: { from: "stack", to: "battlefield", tapped: true } })))
 * after.objects["sentinel"]?.props["tapped"] // true
 * ```
 * @since 0.1.0
 * @category state
 */
export const commit = (
  view: GameView.GameView,
  o: GameEvent.Occurrence
): GameView.GameView | Policy.Committed => {
  if (o.family === Game.Family.createToken) return createTokens(view, o)
  if (!isEntering(o)) return Game.commit(view, o)
  const x = view.objects[o.subject]
  // CR 614.12: under whose control it would enter, read where it is now (its owner's from a hand)
  const under = controllerAsItEnters(view, o)
  const moved =
    x?.zone === CREATING
      ? Zones.put(view, o.subject, "battlefield", o.params[Zones.POSITION])
      : Policy.viewOf(Game.commit(view, o))
  return entered(moved, o, under)
}

/**
 * Magic's zones (`Game.zones`) with {@link CREATING} a control zone: a token being created is
 * controlled by its creator (CR 111.2), so "tokens you control" sees it as it enters.
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.zones.control // ["battlefield", "stack", "creating"]
 * ```
 * @since 0.1.0
 * @category state
 */
export const zones: Zones.Zones = {
  ...Game.zones,
  control: [...(Game.zones.control as ReadonlyArray<string>), CREATING],
  controlRule: Game.zones.controlRule
}

/**
 * The named predicate of CR 614.12 for an effect from the entering permanent itself: it holds
 * unless the occurrence is its own source entering as a copy of another object — then the
 * permanent no longer has the ability the effect comes from (616.1e's example).
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.PREDICATE_OWN_ABILITY // "mtg.ownAbilityAsItEnters"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_OWN_ABILITY = "mtg.ownAbilityAsItEnters" as const

/**
 * The named predicate of CR 614.12a's choices: it holds while none of the params in
 * `args.choices` has been set on the occurrence (a choice is made once).
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.PREDICATE_NOT_CHOSEN // "mtg.notChosenYet"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_NOT_CHOSEN = "mtg.notChosenYet" as const

/**
 * The named predicate of CR 614.12's control for an effect on an entering: "check the
 * characteristics of the permanent as it would exist on the battlefield". For the object entering
 * (the occurrence's subject) it holds when the player `args` names (`ref`: `You`, `Opponent`,
 * `Active` or `Player` with `id`) is the one it would enter under the control of
 * ({@link controllerAsItEnters}); for any other object it is core's `ControlledBy`. The
 * `controller: …` of every effect that watches an entering is read this way ({@link asItEnters}).
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.PREDICATE_CONTROLLED_AS_IT_ENTERS // "mtg.controlledAsItEnters"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_CONTROLLED_AS_IT_ENTERS = "mtg.controlledAsItEnters" as const

/**
 * The named predicate of an entering copy's abilities (CR 616.1f example, 707.2: a copy acquires
 * the copiable values of the original, its abilities among them): it holds for the object
 * entering as a copy of `args.of` — its entering's `copyOf` param, or a token created as one —
 * so the original's own "enters tapped", "enters with counters" and "as it enters" apply to the
 * copy too ({@link asItEnters}).
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.PREDICATE_ENTERS_AS_COPY_OF // "mtg.entersAsCopyOf"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_ENTERS_AS_COPY_OF = "mtg.entersAsCopyOf" as const

/**
 * Under whose control the object of an entering would enter the battlefield (CR 614.12: "as it
 * would exist on the battlefield"; 616.1b): the entering's `controller` param (an effect's or the
 * player who puts it there, as the file writes it); otherwise its controller where it is, if it
 * has one there (the stack: the spell's controller); otherwise — a card put onto the battlefield
 * from a hand, library, graveyard or exile, which has no controller there (CR 108.4) — its
 * owner. `undefined` for what the view does not have.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Entering } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a", "b"], activePlayer: "a", objects: [
 *   { id: "bear", kind: "object", owner: "b", zone: "graveyard", props: {} }] })
 * Entering.controllerAsItEnters(view, GameEvent.occurrence({ id: "z", family: "zoneChange", subject: "bear",
 *   params: { from: "graveyard", to: "battlefield" } })) // "b"
 * ```
 * @since 0.1.0
 * @category getters
 */
export const controllerAsItEnters = (
  view: GameView.GameView,
  o: { readonly subject: string; readonly params: Readonly<Record<string, GameView.Prop>> }
): string | undefined => {
  const c = o.params["controller"]
  if (typeof c === "string" && view.players.includes(c)) return c
  const x = view.objects[o.subject]
  if (x === undefined) return undefined
  if (x.zone === CREATING || Zones.hasController(Game.zones, x)) return x.controller ?? x.owner
  return x.owner ?? x.controller
}

// the player a predicate's `args` name (`ref`: You, Opponent, Active, or Player with `id`), as core reads a PlayerRef
const playerOf = (
  args: Readonly<Record<string, GameView.Prop>>,
  ctx: Filter.Context
): ReadonlyArray<string> => {
  const ref = args["ref"]
  if (ref === "You" || ref === "Active" || ref === "Opponent") return Filter.players({ _tag: ref }, ctx)
  return typeof args["id"] === "string" ? Filter.players({ _tag: "Player", id: args["id"] }, ctx) : []
}

/**
 * The predicates of this module, for the ruleset's `predicates`.
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Object.keys(Entering.predicates).length // 4
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates: Filter.Predicates = {
  [PREDICATE_OWN_ABILITY]: (_view, _id, ctx) => {
    const o = ctx.occurrence
    if (o === undefined || ctx.self === undefined || o.subject !== ctx.self) return true
    const copy = o.params[COPY_OF]
    return typeof copy !== "string" || copy === ctx.self
  },
  [PREDICATE_NOT_CHOSEN]: (_view, _id, ctx, args) => {
    const choices = args["choices"]
    const params = ctx.occurrence?.params
    return !Array.isArray(choices) || params === undefined || choices.every((k) => params[k] === undefined)
  },
  [PREDICATE_CONTROLLED_AS_IT_ENTERS]: (view, id, ctx, args) => {
    const o = ctx.occurrence
    const c =
      o !== undefined && o.subject === id && isEntering(o)
        ? controllerAsItEnters(view, o)
        : Zones.controllerOf(ctx.zones, view, id)
    return c !== undefined && playerOf(args, ctx).includes(c)
  },
  [PREDICATE_ENTERS_AS_COPY_OF]: (view, id, ctx, args) => {
    const o = ctx.occurrence
    if (o === undefined || o.subject !== id || !isEntering(o) || typeof args["of"] !== "string") return false
    const copy = o.params[COPY_OF] ?? view.objects[id]?.props[COPY_OF]
    return copy === args["of"] && id !== args["of"]
  }
}

/** A watch's `controller: …` read as the object would exist on the battlefield (CR 614.12). */
const controlAsItEnters = (f: Filter.Filter): Filter.Filter => {
  switch (f._tag) {
    case "ControlledBy":
      return {
        _tag: "Named",
        name: PREDICATE_CONTROLLED_AS_IT_ENTERS,
        args: f.player._tag === "Player" ? { ref: "Player", id: f.player.id } : { ref: f.player._tag }
      }
    case "And":
      return { _tag: "And", all: f.all.map(controlAsItEnters) }
    case "Or":
      return { _tag: "Or", any: f.any.map(controlAsItEnters) }
    case "Not":
      return { _tag: "Not", filter: controlAsItEnters(f.filter) }
    default:
      return f
  }
}

/** Whether a filter says something about control (and so is read as it would be on entering). */
const readsControl = (f: Filter.Filter): boolean =>
  f._tag === "ControlledBy" ||
  (f._tag === "And" && f.all.some(readsControl)) ||
  (f._tag === "Or" && f.any.some(readsControl)) ||
  (f._tag === "Not" && readsControl(f.filter))

/**
 * What an effect on an entering watches (CR 614.12): a `controller: …` read as the object would
 * exist on the battlefield; and an ability of the permanent itself (its source, watching its own
 * entering) is also the ability of what enters as a copy of it (CR 707.2, 616.1f example).
 */
const watchAsItEnters = (e: Replacement.Replacement): Replacement.Replacement => {
  const subject = e.watch.subject
  if (subject === undefined) return e
  const own =
    e.source !== undefined && subject._tag === "Id" && subject.ids.length === 1 && subject.ids[0] === e.source
  if (own)
    return {
      ...e,
      watch: {
        ...e.watch,
        subject: {
          _tag: "Or",
          any: [
            subject,
            { _tag: "Named", name: PREDICATE_ENTERS_AS_COPY_OF, args: { of: e.source as string } }
          ]
        }
      }
    }
  return readsControl(subject) ? { ...e, watch: { ...e.watch, subject: controlAsItEnters(subject) } } : e
}

/** The choices an effect makes as a permanent enters: the `chosen…` params it sets. */
const choicesOf = (e: Replacement.Replacement): ReadonlyArray<string> =>
  e.action._tag === "SetParams"
    ? Object.keys(e.action.params).filter((k) => k.startsWith(CHOSEN) && k !== CHOSEN)
    : []

/**
 * An effect on an entering with CR 614.12's conditions (see the module documentation): one from
 * a source gets {@link PREDICATE_OWN_ABILITY}, one that makes a choice {@link PREDICATE_NOT_CHOSEN}.
 * Any other effect is returned as it is. Every constructor of `Effects` and the generic kinds
 * apply it once, as they build an effect.
 *
 * @example
 * ```ts
 * import { Effects, Entering } from "@bulwark/mtg"
 * // "Rusted Sentinel enters tapped": an ability of the permanent itself
 * const tapped = Effects.replace({ id: "t", controller: "a", source: "sentinel", family: "zoneChange", to: "sentinel",
 *   params: { to: "battlefield" }, setParams: { tapped: true } })
 * JSON.stringify(tapped.condition).includes(Entering.PREDICATE_OWN_ABILITY) // true
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const asItEnters = (e: Replacement.Replacement): Replacement.Replacement => {
  if (e.watch.family !== Game.Family.zoneChange || e.watch.params?.[Zones.TO] !== "battlefield") return e
  return withConditions(watchAsItEnters(e))
}

/** CR 614.12's conditions of {@link asItEnters}. */
const withConditions = (e: Replacement.Replacement): Replacement.Replacement => {
  const added: Array<Filter.Condition> = []
  if (e.source !== undefined)
    added.push({ _tag: "Test", on: "subject", filter: { _tag: "Named", name: PREDICATE_OWN_ABILITY } })
  const choices = choicesOf(e)
  if (choices.length > 0)
    added.push({
      _tag: "Test",
      on: "subject",
      filter: { _tag: "Named", name: PREDICATE_NOT_CHOSEN, args: { choices } }
    })
  if (added.length === 0) return e
  const all = e.condition === undefined ? added : [...added, e.condition]
  return { ...e, condition: all.length === 1 ? (all[0] as Filter.Condition) : { _tag: "All", all } }
}

/**
 * The category of CR 616.1b–d an effect's action gives it, or `undefined`: a `setParams` of
 * `controller` (616.1b, "would modify under whose control an object would enter"), of `copyOf`
 * (616.1c, "would cause an object to become a copy of another object as it enters"), of `face`
 * (616.1d, "would cause a card to enter the battlefield with its back face up").
 *
 * @example
 * ```ts
 * import { Entering } from "@bulwark/mtg"
 * Entering.categoryOf({ _tag: "SetParams", params: { copyOf: "essence" } }) // "copy-on-entering"
 * ```
 * @since 0.1.0
 * @category ordering
 */
export const categoryOf = (action: Replacement.Action): string | undefined => {
  if (action._tag !== "SetParams") return undefined
  if (action.params["controller"] !== undefined) return Category.controlOnEntering
  if (action.params[COPY_OF] !== undefined) return Category.copyOnEntering
  if (action.params["face"] !== undefined) return Category.backFaceUp
  return undefined
}
