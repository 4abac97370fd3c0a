/**
 * Where a ruleset's objects are in play and where they have a controller, stated once per
 * ruleset (`Policy.Rules.zones`) and applied by core everywhere it reads them.
 *
 * Every game says both things in its own rules:
 *
 * - only some objects have a controller (MTG 108.4: "A card doesn't have a controller unless that
 *   card represents a permanent or spell"; FaB 1.3.1b: "A card does not have a controller unless
 *   it is in the arena or on the stack"): a card in a graveyard, a hand or a deck is not one
 *   "you control", in a selector, a count or a condition;
 * - some zones are *in play* (the battlefield, the arena, the board): what is elsewhere is not
 *   dealt damage, and an effect that comes from a card works while that card is in play.
 *
 * Invariants, for a view and a ruleset's zones:
 *
 * 1. A player controls itself; an object outside {@link Zones.control} has no controller
 *    ({@link controllerOf}); one inside has its `controller`, else its owner (the player it came
 *    in under).
 * 2. An object (or a player) without a `zone` is in play and in a control zone: views built
 *    without zones keep meaning what they meant.
 * 3. Without zones (a ruleset that states none), every zone is both: nothing changes.
 *
 * @since 0.1.0
 * @module
 */
import * as GameView from "./GameView.js"

/**
 * A set of zones: a list of zone names, or every zone except those named (`{ except: [...] }`),
 * for a game whose in-play zones are open-ended (Riftbound's board: the bases and every
 * battlefield, a zone named after its battlefield).
 *
 * @example
 * ```ts
 * import type { Zones } from "@bulwark/core"
 * const battlefield: Zones.ZoneSet = ["battlefield"]
 * const board: Zones.ZoneSet = { except: ["trash", "hand", "deck", "banishment", "chain"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type ZoneSet = ReadonlyArray<string> | { readonly except: ReadonlyArray<string> }

/**
 * Whether a zone is in a {@link ZoneSet}.
 *
 * @example
 * ```ts
 * import { Zones } from "@bulwark/core"
 * Zones.contains(["battlefield"], "graveyard") // false
 * Zones.contains({ except: ["trash"] }, "BF1") // true
 * ```
 * @since 0.1.0
 * @category getters
 */
export const contains = (set: ZoneSet, zone: string): boolean =>
  "except" in set ? !set.except.includes(zone) : (set as ReadonlyArray<string>).includes(zone)

/**
 * A ruleset's zones:
 *
 * - `inPlay`: the zones whose objects are in play (MTG's battlefield, FaB's arena, Riftbound's
 *   board, Берсерк's battlefield and flyers' zone), a {@link ZoneSet}; `inPlayRule` is the rule
 *   that says so, cited when something is refused for not being in play. An effect that comes
 *   from an object and works only while it is in play says `requiresSourceInPlay`;
 * - `control`: the zones whose objects have a controller (usually the in-play zones and the
 *   stack); `controlRule` the rule that says so;
 * - `dealtInPlay`: the event families whose subject must be in play for the occurrence to happen
 *   at all (`damage`: what is not in play is dealt nothing) — an occurrence of one of them to an
 *   object or player that is not in play is `failed` (when the ruleset's own `fails` gives no
 *   more precise reason).
 *
 * @example
 * ```ts
 * import type { Zones } from "@bulwark/core"
 * const zones: Zones.Zones = {
 *   inPlay: ["battlefield"], inPlayRule: "MTG CR 120.1a",
 *   control: ["battlefield", "stack"], controlRule: "MTG CR 108.4",
 *   dealtInPlay: ["damage"]
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Zones {
  readonly inPlay: ZoneSet
  readonly inPlayRule: string
  readonly control: ZoneSet
  readonly controlRule: string
  readonly dealtInPlay?: ReadonlyArray<string> | undefined
}

/**
 * Whether an object (or a player) is in play: it names no zone, or one of `zones.inPlay`
 * (always, without zones).
 *
 * @example
 * ```ts
 * import { Zones } from "@bulwark/core"
 * const zones: Zones.Zones = { inPlay: ["arena"], inPlayRule: "FaB 3.1.1", control: ["arena", "stack"], controlRule: "FaB 1.3.1b" }
 * Zones.isInPlay(zones, { id: "c", kind: "object", zone: "graveyard", props: {} }) // false
 * Zones.isInPlay(zones, { id: "alice", kind: "player", props: {} }) // true
 * ```
 * @since 0.1.0
 * @category getters
 */
export const isInPlay = (zones: Zones | undefined, o: GameView.GameObject): boolean =>
  zones === undefined || o.zone === undefined || contains(zones.inPlay, o.zone)

/**
 * Whether an object can have a controller where it is: a player always; an object that names no
 * zone or one of `zones.control` (always, without zones).
 *
 * @example
 * ```ts
 * import { Zones } from "@bulwark/core"
 * const zones: Zones.Zones = { inPlay: ["arena"], inPlayRule: "FaB 3.1.1", control: ["arena", "stack"], controlRule: "FaB 1.3.1b" }
 * Zones.hasController(zones, { id: "c", kind: "object", zone: "stack", props: {} }) // true
 * Zones.hasController(zones, { id: "c", kind: "object", zone: "hand", props: {} }) // false
 * ```
 * @since 0.1.0
 * @category getters
 */
export const hasController = (zones: Zones | undefined, o: GameView.GameObject): boolean =>
  o.kind === "player" || zones === undefined || o.zone === undefined || contains(zones.control, o.zone)

/**
 * The controller of a player or object in the rules' sense: a player itself; an object in a
 * control zone its `controller`, else its owner; an object anywhere else has none (`undefined`).
 * Without zones, `GameView.controllerOf` (controller, else owner). For who *decides* for an
 * object that has no controller (its owner, MTG 108.4a), use `GameView.controllerOf`.
 *
 * @example
 * ```ts
 * import { GameView, Zones } from "@bulwark/core"
 * const zones: Zones.Zones = { inPlay: ["arena"], inPlayRule: "FaB 3.1.1", control: ["arena", "stack"], controlRule: "FaB 1.3.1b" }
 * const view = GameView.make({ players: ["bob"], activePlayer: "bob", objects: [
 *   { id: "aura", kind: "object", controller: "bob", owner: "bob", zone: "graveyard", props: {} }] })
 * Zones.controllerOf(zones, view, "aura") // undefined
 * GameView.controllerOf(view, "aura") // "bob"
 * ```
 * @since 0.1.0
 * @category getters
 */
export const controllerOf = (
  zones: Zones | undefined,
  view: GameView.GameView,
  id: string
): string | undefined => {
  const o = GameView.get(view, id)
  if (o === undefined) return undefined
  if (!hasController(zones, o)) return undefined
  return o.kind === "player" ? o.id : (o.controller ?? o.owner)
}

/**
 * Why an occurrence can't happen because its subject is not in play (its family is one of
 * `zones.dealtInPlay` and the subject, an object or a player, is in a zone not in play), or
 * `undefined`. The kernel asks it after the ruleset's own `fails` (whose reason, more precise,
 * wins).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Zones } from "@bulwark/core"
 * const zones: Zones.Zones = { inPlay: ["arena"], inPlayRule: "FaB 8.5.3c", control: ["arena", "stack"],
 *   controlRule: "FaB 1.3.1b", dealtInPlay: ["damage"] }
 * const view = GameView.make({ players: ["a", "c"], activePlayer: "a", objects: [
 *   { id: "c", kind: "player", zone: "removed", props: { life: 20 } }] })
 * Zones.notInPlay(zones, GameEvent.damage({ id: "d", source: "a", recipient: "c", amount: 2 }), view)?.rule
 * // "FaB 8.5.3c"
 * ```
 * @since 0.1.0
 * @category getters
 */
export const notInPlay = (
  zones: Zones | undefined,
  occurrence: { readonly family: string; readonly subject: string },
  view: GameView.GameView
): { readonly reason: string; readonly rule: string } | undefined => {
  if (zones?.dealtInPlay === undefined || !zones.dealtInPlay.includes(occurrence.family)) return undefined
  const o = GameView.get(view, occurrence.subject)
  if (o === undefined || isInPlay(zones, o)) return undefined
  return {
    reason: `${occurrence.subject} is not in play (${o.kind === "player" ? "the player is" : "it is"} in ${o.zone}): nothing happens to it`,
    rule: zones.inPlayRule
  }
}

/**
 * The event family of an object put from one zone into another (MTG 400.1's zone change; an
 * "instead put it into its owner's deck" of Берсерк 534.1): `zoneChange`, its subject the object,
 * where it goes its {@link TO} param (and {@link POSITION}), happening once. A ruleset that has it
 * commits it with {@link destination} and {@link put}.
 *
 * @example
 * ```ts
 * import { Zones } from "@bulwark/core"
 * Zones.ZONE_CHANGE // "zoneChange"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const ZONE_CHANGE = "zoneChange" as const

/**
 * The param of an occurrence that moves an object (a zone change, a discard, a death) naming
 * where it goes: `to`. A replacement effect changes it with `setParams` ("exile it instead", MTG
 * 614.1a; "put it on the bottom of your deck instead", FaB 8.5.5c) or creates a move to another
 * zone with `instead:` (Берсерк 534.1: "instead put it into its owner's deck"). With
 * {@link POSITION}: where in that zone (`bottom`, `top`).
 *
 * @example
 * ```ts
 * import { Zones } from "@bulwark/core"
 * Zones.TO // "to"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const TO = "to" as const

/**
 * The param of an occurrence that moves an object naming where in the zone it goes: `bottom` or
 * `top` (a deck, a library: the view's order of objects is the zone's order, first on top).
 * Without it, the object keeps its place in the view's order.
 *
 * @example
 * ```ts
 * import { Zones } from "@bulwark/core"
 * Zones.POSITION // "position"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const POSITION = "position" as const

/**
 * Where an occurrence that moves its subject puts it: its `to` param ({@link TO}) when it names
 * one (what a replacement effect set), else the family's usual zone (`usual`: a discard's
 * graveyard).
 *
 * @example
 * ```ts
 * import { GameEvent, Zones } from "@bulwark/core"
 * const o = GameEvent.occurrence({ id: "d", family: "discard", subject: "c", amount: 1, params: { to: "deck" } })
 * Zones.destination(o, "graveyard") // "deck"
 * ```
 * @since 0.1.0
 * @category getters
 */
export const destination = (
  o: { readonly params: Readonly<Record<string, GameView.Prop>> },
  usual: string
): string => {
  const to = o.params[TO]
  return typeof to === "string" && to !== "" ? to : usual
}

/**
 * The view with an object put into `zone` at `position` ({@link POSITION}): `bottom` puts it
 * last in the view's order of objects, `top` first (the zone's order, first on top); anything
 * else keeps its place. Only the zone changes: a game that makes a new object on a zone change
 * (MTG 400.7, FaB 3.0.9) moves it its own way first and then places it with this. A missing
 * object leaves the view as it is.
 *
 * @example
 * ```ts
 * import { GameView, Zones } from "@bulwark/core"
 * const view = GameView.make({ players: ["bob"], activePlayer: "bob", objects: [
 *   { id: "c", kind: "object", owner: "bob", zone: "hand", props: {} },
 *   { id: "d", kind: "object", owner: "bob", zone: "deck", props: {} }] })
 * Object.keys(Zones.put(view, "c", "deck", "bottom").objects).at(-1) // "c"
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const put = (
  view: GameView.GameView,
  id: string,
  zone: string,
  position?: GameView.Prop | undefined
): GameView.GameView => {
  const o = view.objects[id]
  if (o === undefined) return view
  const moved: GameView.GameObject = { ...o, zone }
  if (position !== "bottom" && position !== "top") return GameView.setObject(view, moved)
  const { [id]: _old, ...rest } = view.objects
  const objects = position === "bottom" ? { ...rest, [id]: moved } : { [id]: moved, ...rest }
  return { ...view, objects }
}
