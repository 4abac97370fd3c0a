/**
 * `@bulwark/mtg`: the Magic: The Gathering ruleset for Bulwark — damage and its results
 * (CR 120), replacement and prevention effects (CR 614, 615), their interaction (CR 616) and
 * protection (CR 702.16), on top of `@bulwark/core`.
 *
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * import { ruleset } from "@bulwark/mtg"
 * ```
 *
 * Modules (import each as a namespace): `Effects` (effect constructors), `Entering` (entering
 * the battlefield: CR 614.12, 616.1b–g), `Protection`
 * (protection's prevention effect, legality helpers, state-based detach), `Results` (CR 120.3
 * results), `Game` (state, commit, state-based actions), `Rules` (the policies), `Scenario`
 * (the ruleset's words for scenario files).
 *
 * @packageDocumentation
 */
import { coreName, type Ruleset } from "@bulwark/core"
import * as Game from "./Game.js"
import * as Rules from "./Rules.js"
import * as Scenario from "./Scenario.js"

export * as Effects from "./Effects.js"
export * as Entering from "./Entering.js"
export * as Game from "./Game.js"
export * as Protection from "./Protection.js"
export * as Results from "./Results.js"
export * as Rules from "./Rules.js"
export * as RuleText from "./RuleText.js"
export * as Scenario from "./Scenario.js"

/**
 * The identifier of this ruleset, as written in scenario files and printed by `bulwark rulesets`.
 *
 * @example
 * ```ts
 * import { rulesetId } from "@bulwark/mtg"
 * console.log(rulesetId) // "mtg"
 * ```
 *
 * @since 0.1.0
 */
export const rulesetId = "mtg" as const

/**
 * The name of the core package this adapter plugs into.
 *
 * @example
 * ```ts
 * import { core } from "@bulwark/mtg"
 * console.log(core) // "@bulwark/core"
 * ```
 *
 * @since 0.1.0
 */
export const core: typeof coreName = coreName

/**
 * The rules coverage table of this ruleset (rule, status, note), also printed in the README.
 *
 * @example
 * ```ts
 * import { coverage } from "@bulwark/mtg"
 * coverage.find((c) => c.rule === "615.7")?.status // "implemented"
 * ```
 *
 * @since 0.1.0
 */
export const coverage: ReadonlyArray<Ruleset.Coverage> = [
  {
    rule: "120.1a",
    title: "damage only to creatures, planeswalkers, battles, players",
    status: "partial",
    note: "damage to other objects produces no result"
  },
  { rule: "120.3a", title: "damage to a player: life loss", status: "implemented" },
  { rule: "120.3b", title: "infect damage to a player: poison counters", status: "implemented" },
  {
    rule: "120.3c",
    title: "damage to a planeswalker: loyalty counters removed (at most those it has)",
    status: "implemented"
  },
  { rule: "120.3d", title: "wither/infect damage to a creature: -1/-1 counters", status: "implemented" },
  { rule: "120.3e", title: "damage to a creature: marked damage", status: "implemented" },
  { rule: "120.3f", title: "lifelink: the source's controller gains life", status: "implemented" },
  { rule: "120.3h", title: "damage to a battle: defense counters removed", status: "implemented" },
  {
    rule: "120.4",
    title: "dealt → results (replaceable, with additional effects) → occurs",
    status: "implemented"
  },
  {
    rule: "120.4a",
    title:
      "excess damage dealt elsewhere (creature: marked damage counted; planeswalker, battle; deathtouch)",
    status: "implemented",
    note: "an occurrence's `excessTo`; computed before replacement and prevention (`Game.excessDamage`)"
  },
  { rule: "122.1a", title: "+X/+Y and -X/-Y counters change power and toughness", status: "implemented" },
  {
    rule: "400.7",
    title: "an object that changes zones is a new object",
    status: "implemented",
    note: "`Effects.aimedAt` binds an effect to the objects it names; scenario files bind every effect"
  },
  {
    rule: "120.1a",
    title: "damage only to players, battles, creatures and planeswalkers",
    status: "implemented",
    note: "damage to any other object fails (`Game.damageFails`): nothing is dealt or reported"
  },
  {
    rule: "514.2",
    title: "the cleanup step removes marked damage as the turn's effects end",
    status: "implemented",
    note: "`advance: endOfTurn` (`Game.cleanupDamage`, just before the ledger crosses the boundary)"
  },
  {
    rule: "120.6",
    title: "lethal damage destroys (state-based action)",
    status: "implemented",
    note: "`stateBasedActions` step"
  },
  {
    rule: "704.5f, 704.5i",
    title: "toughness 0 or less, loyalty 0: put into the graveyard, an event replacement effects see",
    status: "implemented",
    note: "a `zoneChange` of the `stateBasedActions` event (regeneration can't replace it); 704.5a/c (a player loses) stay a state write: losing the game is not an event family here"
  },
  {
    rule: "704.5h",
    title: "damage from a source with deathtouch destroys (regeneration can replace it)",
    status: "implemented",
    note: "recorded as `deathtouchDamage` when dealt, cleared after each state-based check"
  },
  {
    rule: "701.8a, 704.5g",
    title: "a destruction is a zone change to the graveyard: replacements of that zone change see it",
    status: "implemented",
    note: "`Game.destroyIsZoneChange` gives every `destroy` its zone change; a `zoneInstead` a destruction satisfies is also `<id>:destroy`"
  },
  { rule: "120.8", title: "0 damage is not dealt", status: "implemented" },
  {
    rule: "614.1a",
    title: '"instead" replacements: modifiers, zone change, life gain → draw, draw → return',
    status: "implemented"
  },
  { rule: "614.5", title: "a replacement applies once per event", status: "implemented" },
  { rule: "614.9", title: "redirection is not prevention", status: "implemented" },
  {
    rule: "614.9",
    title: "the next N damage redirected (the rest stays); a redirect that can't happen does nothing",
    status: "implemented",
    note: "`redirect` with `amount` (a number or an expression computed when it first applies, 615.1); the check in both forms; damage that `cantBeRedirected` is not redirected"
  },
  {
    rule: "614.6, 614.7, 615.6",
    title: "a replaced event never happens; an impossible instruction is ignored",
    status: "implemented"
  },
  {
    rule: "614.8",
    title: "destruction is an event; regeneration replaces it and removes from combat",
    status: "implemented",
    note: "`destroy` and `regenerate` events, the `stateBasedActions` step's destructions too (704.5g, 704.5h); the `regenerate` effect kind is a shield used by the next destruction this turn; in combat is the board's `attacking` / `blocking`, cleared by regeneration"
  },
  {
    rule: "614.1c, 614.12",
    title:
      "entering the battlefield: tapped, as a copy, with counters, choices; the permanent as it would exist",
    status: "partial",
    note: "`Entering`: a `replace` on the zone change to the battlefield (`setParams` tapped / copyOf / controller / chosen…, `additional` counters); a copy loses the permanent's own entering abilities; a choice is made once (614.12a). Not modelled: the controller of a card put onto the battlefield from a zone without control"
  },
  { rule: "614.15", title: "self-replacement effects first", status: "implemented" },
  { rule: "614.16", title: "token creation replacements (doubling)", status: "implemented" },
  {
    rule: "615.5",
    title: "additional effects using the amount prevented; damage they deal has its results",
    status: "implemented"
  },
  { rule: "615.7", title: "shields; the shielded side divides simultaneous damage", status: "implemented" },
  { rule: "615.8", title: "next instance from a source", status: "implemented" },
  { rule: "615.9", title: "source of a player's choice, properties re-checked", status: "implemented" },
  { rule: "615.10", title: "static prevent N of each event; prevent all", status: "implemented" },
  { rule: "615.11", title: "per-creature shields created at resolution", status: "implemented" },
  { rule: "615.12", title: "damage that can't be prevented", status: "implemented" },
  {
    rule: "615.12",
    title: 'a lasting "damage can\'t be prevented" effect; combat-only and noncombat-only prevention',
    status: "implemented",
    note: "`cantBePrevented` (applied before any replacement); `only: combat | noncombat`"
  },
  { rule: "615.12a", title: "a prevention applies to unpreventable damage once", status: "implemented" },
  { rule: "615.13", title: "one prevention notification per application", status: "implemented" },
  { rule: "616.1", title: "affected player/controller chooses; APNAP", status: "implemented" },
  { rule: "616.1a-d", title: "self-replacement, control, copy, back face first", status: "implemented" },
  { rule: "616.1f", title: "re-evaluate after each application", status: "implemented" },
  {
    rule: "616.1g",
    title: "contained events wait for the containing one: a token's entering, inside its creation",
    status: "implemented",
    note: "`Entering.createTokens`: the entering is an event contained in the creation (core `Policy.contains`), resolved once the creation is final"
  },
  { rule: "616.2", title: "effects become applicable after another applies", status: "implemented" },
  { rule: "702.16b", title: "protection: targeting", status: "implemented" },
  { rule: "702.16c", title: "protection: enchanting; Auras to the graveyard (SBA)", status: "implemented" },
  { rule: "702.16d", title: "protection: equipping, fortifying; unattached (SBA)", status: "implemented" },
  {
    rule: "702.16e",
    title: "protection prevents damage (an ordinary 616 prevention effect)",
    status: "implemented"
  },
  { rule: "702.16f", title: "protection: blocking", status: "implemented" },
  { rule: "702.16g-i", title: "several instances; losing one", status: "implemented" },
  { rule: "702.16j", title: "protection from everything", status: "implemented" },
  {
    rule: "702.16k",
    title: "protection from a player (controller, or owner if none)",
    status: "implemented"
  },
  { rule: "702.16m", title: "redundant instances", status: "implemented" },
  { rule: "702.16n", title: '"this effect doesn\'t remove" Auras', status: "implemented" },
  { rule: "702.16p", title: '"doesn\'t remove … already attached"', status: "implemented" },
  {
    rule: "120.4 ex. 2",
    title: "Worship in a batch with life gain",
    status: "implemented",
    note: "the loss is capped so the whole results event ends at exactly 1 (a named value reading the batch)"
  },
  {
    rule: "701.17a–b",
    title: "mill: the top cards of the library into the graveyard, each a zone change; as many as there are",
    status: "implemented",
    note: 'the `mill` step (kind `mill`, read when it happens); "exile it instead" replaces each (MTG-28)'
  },
  {
    rule: "510.1a",
    title: "combat damage equal to its power, read when the damage is dealt",
    status: "implemented",
    note: "an occurrence's `amount: { prop: power, of: source }` (MTG-31); assignment among blockers (510.1c–d) is written by the file"
  }
]

/**
 * The Magic ruleset: its words for the one scenario language (`Scenario.language`) and the rules
 * bundle (`Rules.rules`), for scenario files, the `bulwark` CLI and integrators.
 *
 * @example
 * ```ts
 * import { ruleset } from "@bulwark/mtg"
 * Object.keys(ruleset.language?.effects ?? {}).includes("shield") // true
 * // a scenario file: `format: 4`, `ruleset: mtg`, then players, objects, effects, steps
 * ```
 *
 * @since 0.1.0
 */
export const ruleset: Ruleset.Ruleset = {
  id: rulesetId,
  name: "Magic: The Gathering",
  description:
    "Magic CR 120 (damage and its results), 614 (replacement), 615 (prevention), 616 (interaction) and 702.16 (protection)",
  rulesVersion: Rules.rulesVersion,
  language: Scenario.language,
  rules: Rules.rules,
  coverage,
  words: Rules.words,
  vocabulary: {
    families: Object.values(Game.Family),
    kinds: ["combat", Game.FROM_DAMAGE, "destroy", Game.CANT_BE_REDIRECTED]
  }
}
