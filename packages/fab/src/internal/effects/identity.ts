/**
 * Which object an effect is aimed at (FaB 3.0.9): `aimedAt` binds an effect to the objects it
 * names as they are now (core `Identity.bind`, recorded in the effect's `sameObjects`), so
 * once such an object has become a new one (destroyed, banished, discarded, …) the effect no
 * longer applies to it.
 *
 * @internal
 */
import type { GameView } from "@bulwark/core"
import { type Filter, Identity, type Replacement } from "@bulwark/core"

/**
 * The name under which this ruleset registers core's `Identity.sameObject`, "this is still the
 * object the effect was aimed at" (FaB 3.0.9), read by effects bound before `sameObjects` existed
 * (stored records): its number of zone changes that made a new object
 * (`Identity.ZONE_CHANGES`) is the one in `args[id]` (an id not in `args` always passes).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Effects.PREDICATE_SAME_OBJECT // "fab.sameObject"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_SAME_OBJECT = "fab.sameObject" as const

/**
 * The predicates of this module, for the ruleset's `predicates`.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/fab"
 * Object.keys(Effects.predicates) // ["fab.sameObject"]
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates: Filter.Predicates = { [PREDICATE_SAME_OBJECT]: Identity.sameObject }

/**
 * Binds an effect to the objects it names as they are now, with core's `Identity.bind` (FaB
 * 3.0.9: "If an object enters a zone that is not in the arena and is not the stack zone, … it
 * resets - its previous existence ceases to exist and it becomes a new object with no relation to
 * its previous existence"). An effect that watches named objects — the shielded objects (`to`,
 * `watch.subject` by id) and the sources (`from`, `watch.source` by id: "a source of your
 * choice") — records that each must still be the same object (`sameObjects`), so after it was destroyed,
 * banished, discarded, put into a graveyard or removed (`Rules.commit`) the effect no longer
 * applies to the new object, whether it is dealt the damage or deals it. Heroes (players) and
 * effects that watch no named object are unchanged. Scenario files bind the kinds that name a
 * source or a recipient when the effect is created (`effects:` against the starting view,
 * `addEffects:` against the view at that step).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Effects } from "@bulwark/fab"
 * const view = GameView.make({ players: ["alice", "bob"], activePlayer: "alice", objects: [
 *   { id: "axe", kind: "object", controller: "alice", zone: "arena", props: {} }] })
 * const s = Effects.aimedAt(Effects.preventNext({ id: "s", controller: "bob", from: "axe", amount: 3 }), view)
 * s.sameObjects?.source // { axe: 0 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const aimedAt = (e: Replacement.Replacement, view: GameView.GameView): Replacement.Replacement =>
  Identity.bind(e, view)

/** Binds to the view when there is one (FaB 3.0.9). */
export const at = (
  e: Replacement.Replacement,
  view: GameView.GameView | undefined
): Replacement.Replacement => (view === undefined ? e : aimedAt(e, view))
