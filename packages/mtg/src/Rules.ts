/**
 * The Magic ruleset's policies: ordering (CR 616.1), assignment (CR 615.7), results (CR 120.3,
 * 120.4), the `commit` of occurrences to the view, and the named predicates, in one
 * `Policy.Rules` value.
 *
 * @since 0.1.0
 */
import { type GameView, Policy } from "@bulwark/core"
import * as Effects from "./Effects.js"
import * as Game from "./Game.js"
import * as Protection from "./Protection.js"
import * as Results from "./Results.js"

/**
 * Who chooses for an affected object or player (CR 616.1): "the affected object's controller
 * (or its owner if it has no controller) or the affected player". An object with neither falls
 * back to the active player. This is core's default chooser (`Policy.defaultChooserOf`).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a", "b"], activePlayer: "a", objects: [
 *   { id: "card", kind: "object", owner: "b", zone: "graveyard", props: {} }] })
 * Rules.chooserOf("card", view) // "b"
 * ```
 * @since 0.1.0
 * @category ordering
 */
export const chooserOf: (affected: string, view: GameView.GameView) => string = Policy.defaultChooserOf

/**
 * The tiers of CR 616.1 (2025 numbering): self-replacement effects (616.1a, 614.15), then effects
 * that modify under whose control an object enters (616.1b), then copy-as-it-enters effects
 * (616.1c), then back-face-up effects (616.1d), then any (616.1e).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/mtg"
 * Rules.tiers.map((t) => t.name) // ["self-replacement", "control on entering", "copy on entering", "back face up", "any"]
 * ```
 * @since 0.1.0
 * @category ordering
 */
export const tiers: ReadonlyArray<Policy.Tier> = [
  {
    name: "self-replacement",
    categories: [Effects.Category.selfReplacement],
    rule: "MTG CR 616.1a (614.15)"
  },
  { name: "control on entering", categories: [Effects.Category.controlOnEntering], rule: "MTG CR 616.1b" },
  { name: "copy on entering", categories: [Effects.Category.copyOnEntering], rule: "MTG CR 616.1c" },
  { name: "back face up", categories: [Effects.Category.backFaceUp], rule: "MTG CR 616.1d" },
  { name: "any", rule: "MTG CR 616.1e" }
]

/**
 * The ordering policy: per affected object (or player), its chooser picks among the applicable
 * effects of the first non-empty tier, one at a time, re-evaluating after each (616.1f); groups
 * are taken in APNAP order (616.1, 101.4).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/mtg"
 * Rules.order.groupOrder // "apnap"
 * ```
 * @since 0.1.0
 * @category ordering
 */
export const order: Policy.OrderingPolicy = Policy.affectedChooses({
  name: "MTG 616.1: the affected player or controller chooses",
  rule: "MTG CR 616.1",
  tiers,
  chooserOf,
  linkedRule: "MTG CR 615.7, 616.1"
})

/**
 * The assignment policy (CR 615.7): "If damage would be dealt to the shielded permanent or player
 * by two or more applicable sources at the same time, the player or the controller of the
 * permanent chooses which damage the shield prevents."
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/mtg"
 * Rules.assignment.rule // "MTG CR 615.7"
 * ```
 * @since 0.1.0
 * @category assignment
 */
export const assignment: Policy.AssignmentPolicy = Policy.recipientControllerAllocates("MTG CR 615.7")

/**
 * Every named predicate of this ruleset (protection, results).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/mtg"
 * Object.keys(Rules.predicates).length // 3
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates = { ...Protection.predicates, ...Results.predicates }

/**
 * The whole rules bundle, as core's resolver and `Ruleset.run` take it.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Kernel, Ledger } from "@bulwark/core"
 * import { Effects, Rules } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["ap", "nap"], activePlayer: "ap", objects: [
 *   { id: "nap", kind: "player", props: { life: 20 } },
 *   { id: "bolt", kind: "object", controller: "ap", owner: "ap", zone: "stack", props: { colors: ["red"] } }] })
 * const ledger = Ledger.make([Effects.shield({ id: "s", controller: "nap", to: "nap", amount: 2 })])
 * const step = Kernel.start(Rules.rules, GameEvent.make("bolt", [
 *   GameEvent.damage({ id: "d", source: "bolt", recipient: "nap", amount: 3 })]), ledger, view)
 * if (step._tag === "Done") step.resolution.view.objects["nap"]?.props["life"] // 19
 * ```
 * @since 0.1.0
 * @category rules
 */
export const rules: Policy.Rules = {
  name: "mtg",
  order,
  assignment,
  results: Results.policy,
  commit: Game.commit,
  predicates,
  values: Results.values,
  // order prompts only when the order can matter (a doubler and protection on one creature)
  orderShortcut: true
}
