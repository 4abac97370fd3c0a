/**
 * Objects that change zones become new objects: MTG CR 400.7 ("An object that moves from one zone
 * to another becomes a new object with no memory of or relation to its previous existence"), FaB
 * 3.0.9 ("If an object enters a zone that is not in the arena and is not the stack zone, … it
 * resets - its previous existence ceases to exist and it becomes a new object"), Riftbound 124 ("A
 * Game Object that changes zones to or from a Non-Board Zone becomes a new object for the purposes
 * of tracking that object").
 *
 * A scenario keeps an object's id across its zone changes, so identity is a count: each change
 * that makes a new object adds 1 to the object's {@link ZONE_CHANGES} property (the ruleset's
 * `commit` says which changes do, with {@link renewed}). An effect that names objects — the
 * recipients it watches (`watch.subject`) *and* the sources it watches (`watch.source`: "a source
 * of your choice") — is bound to them as they are when it is created ({@link bind}): it gets the
 * record (`sameObjects`) that each must still be the same object, so once one has become a new
 * object the effect no longer applies to it, whether as the one dealt damage or as the one
 * dealing it.
 *
 * @since 0.1.0
 * @module
 */
import type * as Filter from "./Filter.js"
import * as GameView from "./GameView.js"
import { withoutModifiers } from "./internal/modifiers.js"
import type * as Replacement from "./Replacement.js"

/**
 * The property that counts the zone changes that made an object a new object.
 *
 * @example
 * ```ts
 * import { Identity } from "@bulwark/core"
 * Identity.ZONE_CHANGES // "zoneChanges"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const ZONE_CHANGES = "zoneChanges" as const

/**
 * The name of the predicate {@link sameObject} in a ruleset's `predicates` (see {@link predicates}).
 *
 * @example
 * ```ts
 * import { Identity } from "@bulwark/core"
 * Identity.SAME_OBJECT // "sameObject"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const SAME_OBJECT = "sameObject" as const

/**
 * How many times the object has become a new object (0 when never, or not in the view).
 *
 * @example
 * ```ts
 * import { GameView, Identity } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "c", kind: "object", zone: "exile", props: { zoneChanges: 1 } }] })
 * Identity.generationOf(view, "c") // 1
 * ```
 * @since 0.1.0
 * @category getters
 */
export const generationOf = (view: GameView.GameView, id: string): number => {
  const n = view.objects[id]?.props[ZONE_CHANGES]
  return typeof n === "number" ? n : 0
}

/**
 * The object as the new object a zone change makes of it: {@link ZONE_CHANGES} plus 1, and none
 * of the old object's continuous modifiers (`Modifiers`): each modified property is its base again
 * and the records are gone (FaB 3.0.9: "it becomes a new object with no relation to its previous
 * existence"; Riftbound 124.1: "all Temporary Modifications of all kinds cease to be tracked on
 * it"). A ruleset's `commit` calls it for each zone change its rules say makes a new object.
 *
 * @example
 * ```ts
 * import { Identity } from "@bulwark/core"
 * Identity.renewed({ id: "c", kind: "object", zone: "exile", props: {} }).props["zoneChanges"] // 1
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const renewed = (o: GameView.GameObject): GameView.GameObject => {
  const n = o.props[ZONE_CHANGES]
  // the continuous modifiers of the old object are not the new one's (FaB 3.0.9, Riftbound 124.1)
  const props = withoutModifiers(o.props)
  return { ...o, props: { ...props, [ZONE_CHANGES]: (typeof n === "number" ? n : 0) + 1 } }
}

/**
 * The predicate "this is still the object it was": `args` maps ids to the generation
 * ({@link generationOf}) they had when the effect was created; an id not in `args` passes.
 *
 * @example
 * ```ts
 * import { GameView, Identity } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "c", kind: "object", zone: "battlefield", props: { zoneChanges: 2 } }] })
 * Identity.sameObject(view, "c", { view, controller: "a", predicates: {} }, { c: 1 }) // false
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const sameObject: Filter.Predicate = (view, id, _ctx, args) => {
  const at = args[id]
  return typeof at !== "number" || generationOf(view, id) === at
}

/**
 * {@link sameObject} under the name {@link SAME_OBJECT}, for a ruleset's `predicates`.
 *
 * @example
 * ```ts
 * import { Identity } from "@bulwark/core"
 * Object.keys(Identity.predicates) // ["sameObject"]
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates: Filter.Predicates = { [SAME_OBJECT]: sameObject }

/** The objects (not players) among a filter's ids, with their generation now. */
const generations = (
  filter: Filter.Filter | undefined,
  view: GameView.GameView
): Record<string, number> | undefined => {
  if (filter?._tag !== "Id") return undefined
  const out: Record<string, number> = {}
  let any = false
  for (const id of filter.ids) {
    if (view.objects[id]?.kind !== "object") continue
    out[id] = generationOf(view, id)
    any = true
  }
  return any ? out : undefined
}

/**
 * Binds an effect to the objects it names, as they are in `view` (the moment it is created): the
 * recipients it watches by id (`watch.subject`) and the sources it watches by id (`watch.source`,
 * "a source of your choice") are recorded with their generation in the effect's `sameObjects`.
 * After a zone change that made a new object of one, the effect no longer applies to damage dealt
 * to it or by it (the trace's reason `newObject`; see {@link stillSame}). Players, and effects
 * that name no object, are unchanged.
 *
 * The binding reads only identity, never the event: it holds or fails the same for any amount
 * and in any order of application, so the kernel's order shortcut, the chooser's single-event
 * solver and a ruleset's closed forms treat a bound effect as they treat an unbound one. (At first
 * it was written as a `condition` with the predicate {@link sameObject}; that form still
 * works where the predicate is registered, as stored records may hold it.)
 *
 * @example
 * ```ts
 * import { GameView, Identity, type Replacement } from "@bulwark/core"
 * const view = GameView.make({ players: ["ap", "nap"], activePlayer: "ap", objects: [
 *   { id: "s", kind: "object", controller: "ap", zone: "battlefield", props: {} }] })
 * const fog: Replacement.Replacement = { id: "p", label: "prevent", controller: "nap", category: "prevention",
 *   watch: { family: "damage", source: { _tag: "Id", ids: ["s"] } }, action: { _tag: "Prevent", amount: "all", scope: "static" } }
 * Identity.bind(fog, view).sameObjects // { source: { s: 0 } }
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const bind = (e: Replacement.Replacement, view: GameView.GameView): Replacement.Replacement => {
  const subject = generations(e.watch.subject, view)
  const source = generations(e.watch.source, view)
  if (subject === undefined && source === undefined) return e
  return {
    ...e,
    sameObjects: {
      ...e.sameObjects,
      ...(subject === undefined ? {} : { subject }),
      ...(source === undefined ? {} : { source })
    }
  }
}

/**
 * Whether the occurrence's subject and source are still the objects an effect was bound to
 * ({@link bind}): each one named in `bound` has the generation recorded there. An id the binding
 * does not name (a player, another object) passes.
 *
 * @example
 * ```ts
 * import { GameView, Identity } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "c", kind: "object", zone: "battlefield", props: { zoneChanges: 1 } }] })
 * Identity.stillSame(view, { subject: { c: 0 } }, { subject: "c" }) // false
 * Identity.stillSame(view, { subject: { c: 1 } }, { subject: "c" }) // true
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const stillSame = (
  view: GameView.GameView,
  bound: NonNullable<Replacement.Replacement["sameObjects"]>,
  occ: { readonly subject: string; readonly source?: string | undefined }
): boolean => {
  const s = bound.subject?.[occ.subject]
  if (s !== undefined && generationOf(view, occ.subject) !== s) return false
  const src = occ.source === undefined ? undefined : bound.source?.[occ.source]
  return src === undefined || generationOf(view, occ.source as string) === src
}

/**
 * Moves an object to `zone` as a new object ({@link renewed}) when `makesNew(from, to)` says the
 * rules make one of it, otherwise just changes its zone; the view unchanged when the object is
 * not in it.
 *
 * @example
 * ```ts
 * import { GameView, Identity } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "c", kind: "object", zone: "battlefield", props: {} }] })
 * Identity.move(view, "c", "exile", (from, to) => from !== to).objects["c"]?.props["zoneChanges"] // 1
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const move = (
  view: GameView.GameView,
  id: string,
  zone: string,
  makesNew: (from: string | undefined, to: string) => boolean
): GameView.GameView => {
  const o = view.objects[id]
  if (o === undefined) return view
  const moved: GameView.GameObject = { ...o, zone }
  return GameView.setObject(view, makesNew(o.zone, zone) ? renewed(moved) : moved)
}
