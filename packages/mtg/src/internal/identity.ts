/**
 * Binding an effect to the objects it names (CR 400.7), with core's `Identity`.
 *
 * @internal
 */
import { type Filter, type GameView, Identity, type Replacement } from "@bulwark/core"

/**
 * The name under which this ruleset registers core's `Identity.sameObject`, "this is still the
 * object the effect was aimed at": its number of zone changes (`Game.ZONE_CHANGES`) is the one in
 * `args[id]` (an id not in `args` always passes) — read by effects bound before `sameObjects`
 * existed (stored records).
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
export const predicates: Filter.Predicates = { [PREDICATE_SAME_OBJECT]: Identity.sameObject }

/**
 * Binds an effect to the objects it names as they are now (CR 400.7: "An object that moves from
 * one zone to another becomes a new object with no memory of or relation to its previous
 * existence"), with core's `Identity.bind`. An effect that watches named objects — the recipients
 * (`to`, `watch.subject` by id) and the sources (`from`, `watch.source` by id: "a source of your
 * choice") — records that each must still be the same object — it has not changed zones
 * since (`sameObjects`) — so after a zone change it no longer applies to what is now a new object, whether it is
 * dealt the damage or deals it (the trace says it named what has become a new object). Before issue 29 only
 * the recipients were bound (MTG-26). Players and
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
 * s.sameObjects?.subject // { c: 0 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const aimedAt = (e: Replacement.Replacement, view: GameView.GameView): Replacement.Replacement =>
  Identity.bind(e, view)
