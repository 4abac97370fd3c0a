/**
 * `@bulwark/fab`: the Flesh and Blood ruleset for Bulwark — replacement effects (6.4),
 * prevention (6.4.10 a–j), ordering (6.5), the prevention keywords (Ward, Spellvoid, Arcane
 * Barrier, Quell, Arcane Shelter) and Amp, hero vs ally (8.2.8f) and hits (7.5.5b).
 *
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * import { ruleset } from "@bulwark/fab"
 * ```
 *
 * @packageDocumentation
 */
import { coreName, type Ruleset } from "@bulwark/core"
import * as Effects from "./Effects.js"
import * as Rules from "./Rules.js"
import * as Scenario from "./Scenario.js"

export * as Effects from "./Effects.js"
export * as Rules from "./Rules.js"
export * as RuleText from "./RuleText.js"
export * as Scenario from "./Scenario.js"

/**
 * The identifier of this ruleset, as written in scenario files and printed by `bulwark rulesets`.
 *
 * @example
 * ```ts
 * import { rulesetId } from "@bulwark/fab"
 * console.log(rulesetId) // "fab"
 * ```
 *
 * @since 0.1.0
 */
export const rulesetId = "fab" as const

/**
 * The name of the core package this adapter plugs into.
 *
 * @example
 * ```ts
 * import { core } from "@bulwark/fab"
 * console.log(core) // "@bulwark/core"
 * ```
 *
 * @since 0.1.0
 */
export const core: typeof coreName = coreName

/**
 * The rules text this adapter implements. The copy states no version number; its 6.4.10
 * lettering is h = "cannot prevent", i = fixed-prevention, j = shielding-prevention (older
 * CR 2.x texts lettered these differently).
 *
 * @example
 * ```ts
 * import { rulesVersion } from "@bulwark/fab"
 * rulesVersion.startsWith("Flesh and Blood Comprehensive Rules") // true
 * ```
 *
 * @since 0.1.0
 */
export const rulesVersion: string = Rules.rulesVersion

/**
 * The rules coverage table of this adapter.
 *
 * @example
 * ```ts
 * import { coverage } from "@bulwark/fab"
 * coverage.find((c) => c.rule === "6.4.10f")?.status // "implemented"
 * ```
 *
 * @since 0.1.0
 */
export const coverage: ReadonlyArray<Ruleset.Coverage> = [
  { rule: "6.4.1a", title: "sub-events happen first and can be replaced", status: "implemented" },
  { rule: "6.4.2a", title: "conditions and values determined each time", status: "implemented" },
  { rule: "6.4.3", title: "no retroactive replacement", status: "implemented" },
  { rule: "6.4.5", title: "once per original event and its descendants", status: "implemented" },
  {
    rule: "6.4.7–6.4.11",
    title: "self, identity, standard, prevention, outcome kinds",
    status: "partial",
    note: "categories ordered by 6.5; outcome-replacement is applied before the event is committed"
  },
  { rule: "6.4.10a", title: "per-point prevention with a tracked amount", status: "implemented" },
  { rule: "6.4.10b", title: "no amount: the event's damage", status: "implemented" },
  { rule: "6.4.10c", title: "damage types; typed prevention ignores others", status: "implemented" },
  { rule: "6.4.10d", title: "unspecified source", status: "implemented" },
  { rule: "6.4.10e", title: "unspecified shielded object", status: "implemented" },
  { rule: "6.4.10f", title: "the prevention's controller declares each point", status: "implemented" },
  { rule: "6.4.10g", title: "decreases apply after the full amount is spent", status: "implemented" },
  {
    rule: "6.4.10h",
    title: "cannot prevent: applies, keeps its amount, other parts happen",
    status: "implemented"
  },
  { rule: "6.4.10i", title: "fixed-prevention: leftover discarded", status: "implemented" },
  { rule: "6.4.10j", title: "shielding-prevention: remainder carries over", status: "implemented" },
  { rule: "6.5.1–6.5.8", title: "starting player, slots, each controller orders", status: "implemented" },
  {
    rule: "1.14.4b",
    title: "a cost that can't be paid is not paid; resources never below 0",
    status: "implemented"
  },
  { rule: "2.5.3e", title: "no negative life total (the damage dealt stays whole)", status: "implemented" },
  {
    rule: "7.5.2b",
    title: "an attack-target that ceased to exist: no damage, no hit-event",
    status: "implemented",
    note: "`Rules.fails`: the occurrence is `failed`, the trace says why"
  },
  { rule: "7.5.5b", title: "a fully prevented hit is not a hit", status: "implemented" },
  {
    rule: "7.7.2c",
    title: "an active-attack that ceased to exist before damage: no damage, no hit",
    status: "implemented",
    note: "`Rules.fails`: the attack's damage is `failed` when its attack is no longer in the arena"
  },
  {
    rule: "1.3.1b",
    title: "only cards in the arena or on the stack have a controller",
    status: "implemented",
    note: "`Rules.zones`: `controller: you` never matches a card in a graveyard, hand, deck, banished zone"
  },
  {
    rule: "8.5.3a",
    title: "a non-living card's damage is also dealt by its controller and their hero",
    status: "implemented",
    note: "`Rules.alsoDealtBy`: an effect watching damage from a hero (`from: bob`) sees their cards' damage"
  },
  {
    rule: "1.8.9",
    title: "a hero removed from the game is dealt nothing",
    status: "implemented",
    note: "core's zones: damage to what is not in play fails (a player whose zone is `removed`)"
  },
  { rule: "8.2.8f", title: "damage to an ally is not damage to its hero", status: "implemented" },
  { rule: "8.3.8", title: "Arcane Barrier", status: "implemented" },
  { rule: "8.3.15", title: "Spellvoid (8.3.15a: can't destroy, can't apply)", status: "implemented" },
  {
    rule: "8.3.19",
    title: "Quell",
    status: "implemented",
    note: "the delayed destruction marks the source; the beginEndPhase step destroys it in a destroy event (8.5.4) replacement effects see (Ephemeral)"
  },
  { rule: "8.3.20", title: "Ward", status: "implemented" },
  { rule: "8.3.37", title: "Arcane Shelter", status: "implemented" },
  { rule: "8.5.3b–f", title: "generic, physical, arcane damage", status: "implemented" },
  {
    rule: "8.5.3c",
    title: "damage to a non-living object fails",
    status: "implemented",
    note: "at resolution (`Rules.fails`), not as a file error"
  },
  {
    rule: "7.5.2",
    title: "power minus the defending cards' summed defense",
    status: "partial",
    note: "the attack step's defenders and power; one attack-target per step (7.5.2c not covered)"
  },
  {
    rule: "8.5 verbs",
    title:
      "banish, destroy, put into a graveyard, cease to exist, gain / lose life, draw, create a token, counters, pay",
    status: "partial",
    note: "event families committed by Rules.commit, discard and draw among them; other verbs (pitch, equip, …) have none; tokens are not added to the view"
  },
  {
    rule: "8.5.5b–c",
    title: "discarding from an empty hand fails; a discard put elsewhere by a replacement is still a discard",
    status: "implemented",
    note: "the discard goes where its `to` says (core Zones.destination, at `position`): a `replace` with `setParams: { to: deck, position: bottom }` (FAB-21)"
  },
  { rule: "8.5.3d", title: "life loss is not damage (8.5.12b: nor a hit)", status: "implemented" },
  { rule: "8.3.21", title: "Ephemeral", status: "implemented" },
  { rule: "1.14.4c", title: "a cost whose event is replaced is still paid", status: "implemented" },
  { rule: "1.9.1b", title: "an event of 0 does not occur and is not modified", status: "implemented" },
  {
    rule: "8.5.47",
    title: "Amp",
    status: "interpretation",
    note: "+N to every instance of the next arcane event"
  }
]

/**
 * The Flesh and Blood ruleset: its words for the one scenario language ({@link Scenario.language})
 * and the policies ({@link Rules.rules}).
 *
 * @example
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * import { Skeleton } from "@bulwark/scenario"
 * import { Result } from "effect"
 * import { ruleset, Scenario } from "@bulwark/fab"
 * const compiled = Skeleton.compileData(Scenario.language, {
 *   players: ["alice", "bob"],
 *   objects: [{ id: "bolt", controller: "alice", zone: "stack" }],
 *   effects: [{ kind: "preventNextTime", id: "feignDeath", controller: "bob" }],
 *   steps: [{ event: { id: "e1", occurrences: [{ source: "bolt", to: "bob", amount: 3 }] } }]
 * })
 * if (Result.isSuccess(compiled)) {
 *   const { outcome } = Ruleset.run(ruleset.rules, compiled.success, Chooser.firstLegal)
 *   outcome.events["e1"]?.prevented // { bob: 3 }
 * }
 * ```
 *
 * @since 0.1.0
 */
export const ruleset: Ruleset.Ruleset = {
  id: rulesetId,
  name: "Flesh and Blood",
  description:
    "Flesh and Blood: replacement and prevention effects (CR 6.4, 6.4.10 a–j), their ordering (6.5), the prevention keywords and Amp",
  rulesVersion,
  language: Scenario.language,
  rules: Rules.rules,
  coverage,
  words: Rules.words,
  // the skeleton's id spaces cover players, objects, effects, events and occurrences; an
  // attack step's id is an event id too
  idSpaces: [{ name: "event", paths: ["steps[*].event.id", "steps[*].attack.id"] }],
  vocabulary: { families: Object.values(Effects.Family), kinds: [...Effects.damageKinds] }
}
