/**
 * The Magic ruleset's policies: ordering (CR 616.1), assignment (CR 615.7), results (CR 120.3,
 * 120.4), the `commit` of occurrences to the view, and the named predicates, in one
 * `Policy.Rules` value.
 *
 * @since 0.1.0
 * @module
 */
import { type Filter, type GameView, Policy, Words } from "@bulwark/core"
import * as Effects from "./Effects.js"
import * as Entering from "./Entering.js"
import * as Game from "./Game.js"
import * as Protection from "./Protection.js"
import * as Results from "./Results.js"
import * as RuleText from "./RuleText.js"

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
 * The tiers of CR 616.1 (2025 numbering), after "damage can't be prevented" effects (615.12: not
 * replacement effects, so applied before any of them): self-replacement effects (616.1a, 614.15), then effects
 * that modify under whose control an object enters (616.1b), then copy-as-it-enters effects
 * (616.1c), then back-face-up effects (616.1d), then any (616.1e).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/mtg"
 * Rules.tiers.map((t) => t.name) // ["can't be prevented", "self-replacement", "control on entering", "copy on entering", "back face up", "any"]
 * ```
 * @since 0.1.0
 * @category ordering
 */
export const tiers: ReadonlyArray<Policy.Tier> = [
  {
    name: "can't be prevented",
    categories: [Effects.Category.cantBePrevented],
    rule: "MTG CR 615.12"
  },
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
 * Every named predicate of this ruleset (protection, results, the same object of CR 400.7, and
 * the conditions of CR 614.12 on an entering: `Entering.predicates`).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/mtg"
 * Object.keys(Rules.predicates).length // 8
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates: Filter.Predicates = {
  ...Protection.predicates,
  ...Results.predicates,
  ...Effects.predicates,
  ...Entering.predicates
}

/**
 * The rules text this package implements (also `rules.rulesVersion`, and the ruleset's).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/mtg"
 * console.log(Rules.rulesVersion)
 * ```
 * @since 0.1.0
 * @category constants
 */
export const rulesVersion = "MTG Comprehensive Rules 2025-06-06 (excerpt)"

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
  rulesVersion,
  order,
  assignment,
  results: Results.policy,
  // what happens; a permanent enters as its entering's params say, a token's entering is
  // contained in its creation (CR 614.1c–d, 614.12, 616.1g)
  commit: Entering.commit,
  // CR 120.1a: damage only to players, battles, creatures and planeswalkers; CR 704.5f–i: a
  // state-based destruction or zone change happens only where the rule applies
  fails: Game.fails,
  // CR 108.4 (control; a token being created is its creator's, 111.2) and 120.1a (damage only
  // to what is on the battlefield)
  zones: Entering.zones,
  predicates,
  values: Results.values,
  // order prompts only when the order can matter (a doubler and protection on one creature)
  orderShortcut: true,
  // CR 120.4a: excess damage is dealt elsewhere before replacement and prevention (120.4b);
  // CR 701.8a: a destruction is the zone change battlefield → graveyard
  prepareEvent: Game.prepareEvent
}

const fam = Words.phrases

// "2 −1/−1 counters", "1 loyalty counter" (CR 122.1: a counter's kind is its name; the signs of
// a power/toughness counter are minus signs as printed), "2 counters" when the kind is not known
const counters = (n: number, o?: Words.Occurrence): string => {
  const kind = o?.params?.["counter"]
  const name = typeof kind === "string" ? `${kind.replace(/-/g, "\u2212")} ` : ""
  return `${n} ${name}counter${n === 1 ? "" : "s"}`
}

const by = (o: Words.Occurrence): string => (o.source === undefined ? "" : ` (from ${o.source})`)

/**
 * How Magic reads (core `Words`): the tiers as CR 616.1 names them, the results of damage as
 * CR 120.3 words them ("Z gets 2 damage marked", "ap loses 3 life"), and the sentences of the
 * cited rules ({@link RuleText.sentences}).
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * import { Rules } from "@bulwark/mtg"
 * Words.tier(Rules.words, "any") // "any of the applicable replacement and/or prevention effects"
 * ```
 * @since 0.1.0
 * @category words
 */
export const words: Words.Words = {
  tiers: {
    "can't be prevented":
      "effects that say damage can't be prevented (not replacement effects: applied first)",
    "self-replacement": "self-replacement effects",
    "control on entering": "effects that modify under whose control an object enters",
    "copy on entering": "effects that make an object enter as a copy",
    "back face up": "effects that make a card enter with its back face up",
    any: "any of the applicable replacement and/or prevention effects"
  },
  families: {
    [Game.Family.lifeLoss]: fam(
      (o) => `${o.subject} would lose ${o.amount} life${by(o)}`,
      (o) => `${o.subject} loses ${o.amount} life${by(o)}`,
      (n) => `${n} life`
    ),
    [Game.Family.lifeGain]: fam(
      (o) => `${o.subject} would gain ${o.amount} life${by(o)}`,
      (o) => `${o.subject} gains ${o.amount} life${by(o)}`,
      (n) => `${n} life`
    ),
    [Game.Family.markDamage]: fam(
      (o) => `${o.amount} damage would be marked on ${o.subject}${by(o)}`,
      (o) => `${o.subject} gets ${o.amount} damage marked${by(o)}`,
      (n) => `${n} marked damage`
    ),
    [Game.Family.addCounters]: fam(
      (o) => `${o.subject} would get ${counters(o.amount, o)}${by(o)}`,
      (o) => `${o.subject} gets ${counters(o.amount, o)}${by(o)}`,
      (n) => counters(n)
    ),
    [Game.Family.removeCounters]: fam(
      (o) => `${counters(o.amount, o)} would be removed from ${o.subject}${by(o)}`,
      (o) => `${counters(o.amount, o)} ${o.amount === 1 ? "is" : "are"} removed from ${o.subject}${by(o)}`,
      (n) => counters(n)
    ),
    [Game.Family.zoneChange]: fam(
      (o) => `${o.subject} would change zones`,
      (o) => `${o.subject} changes zones`,
      (n) => `${n} zone change${n === 1 ? "" : "s"}`
    ),
    [Game.Family.draw]: fam(
      (o) => `${o.subject} would draw ${o.amount} card${o.amount === 1 ? "" : "s"}`,
      (o) => `${o.subject} draws ${o.amount} card${o.amount === 1 ? "" : "s"}`,
      (n) => `${n} card${n === 1 ? "" : "s"}`
    ),
    [Game.Family.destroy]: fam(
      (o) => `${o.subject} would be destroyed`,
      (o) =>
        `${o.subject} is destroyed${typeof o.params?.["to"] === "string" && o.params["to"] !== "graveyard" ? ` (put into ${o.params["to"]} instead of the graveyard)` : ""}`,
      (n) => `${n} destruction${n === 1 ? "" : "s"}`
    ),
    [Game.Family.regenerate]: fam(
      (o) => `${o.subject} would regenerate`,
      (o) => `${o.subject} regenerates (its damage is removed and it is tapped)`,
      (n) => `${n} regeneration${n === 1 ? "" : "s"}`
    ),
    [Game.Family.createToken]: fam(
      (o) => `${o.subject} would create ${o.amount} token${o.amount === 1 ? "" : "s"}`,
      (o) => `${o.subject} creates ${o.amount} token${o.amount === 1 ? "" : "s"}`,
      (n) => `${n} token${n === 1 ? "" : "s"}`
    )
  },
  // a rule that says more than one thing (615.7) quotes, for a decision, the sentence of the choice
  rules: {
    ...RuleText.sentences,
    ...Object.fromEntries(
      Object.entries(RuleText.choices).map(([rule, chooses]) => [
        rule,
        { text: RuleText.sentences[rule] ?? chooses, chooses }
      ])
    )
  }
}
