/**
 * `@bulwark/riftbound`: the Riftbound ruleset for Bulwark — replacement effects (367–375),
 * Prevent (437), damage (417) and combat damage assignment (465).
 *
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * import { Combat, Effects, ruleset } from "@bulwark/riftbound"
 * ```
 *
 * - {@link ruleset}: the adapter (scenario vocabulary, policies, coverage) for scenario files
 *   and the `bulwark` CLI;
 * - {@link Rules}: the policies (who orders, 372; Bonus Damage first, 437.1.a.1; commit);
 * - {@link Effects}: constructors for Prevent, Prevent All, double, "can't be dealt damage", …;
 * - {@link Combat}: preview, minimum lethal input, validator, solver, and dealing (465.2);
 * - {@link Resources}: a player's Rune Pool (Energy and Power, 317.2.d) and the costs paid from it
 *   ("you may pay …");
 * - {@link Scenario}: the Riftbound words of the one scenario language (format 4).
 *
 * @packageDocumentation
 */
import { coreName, type Ruleset } from "@bulwark/core"
import * as Rules from "./Rules.js"
import * as Scenario from "./Scenario.js"

export * as Combat from "./Combat.js"
export * as Effects from "./Effects.js"
export * as Resources from "./Resources.js"
export * as Rules from "./Rules.js"
export * as RuleText from "./RuleText.js"
export * as Scenario from "./Scenario.js"

/**
 * The identifier of this ruleset, as written in scenario files and printed by `bulwark rulesets`.
 *
 * @example
 * ```ts
 * import { rulesetId } from "@bulwark/riftbound"
 * console.log(rulesetId) // "riftbound"
 * ```
 *
 * @since 0.1.0
 */
export const rulesetId = "riftbound" as const

/**
 * The name of the core package this adapter plugs into.
 *
 * @example
 * ```ts
 * import { core } from "@bulwark/riftbound"
 * console.log(core) // "@bulwark/core"
 * ```
 *
 * @since 0.1.0
 */
export const core: typeof coreName = coreName

/**
 * The rules coverage table: each rule, whether it is implemented, and how.
 *
 * @example
 * ```ts
 * import { coverage } from "@bulwark/riftbound"
 * coverage.filter((c) => c.status === "implemented").length
 * ```
 *
 * @since 0.1.0
 */
export const coverage: ReadonlyArray<Ruleset.Coverage> = [
  { rule: "370.1", title: "replacement effects apply to qualifying events", status: "implemented" },
  {
    rule: "370.2",
    title: "a replacement effect applies once to an event and to every event replacing it",
    status: "implemented",
    note: "core invariant"
  },
  {
    rule: "370.3 / 370.4",
    title: "zone of the effect's source",
    status: "implemented",
    note: "`activeIn`: checked against the view before the event's results are committed"
  },
  {
    rule: "371.1 / 371.2",
    title: "once / N times each turn; declining a may does not use it up",
    status: "implemented",
    note: "`limit: { times, per: turn }` + `may`, reset at endOfTurn"
  },
  {
    rule: "371.2 / 317.2.d",
    title:
      '"you may pay …": a cost paid out of the Rune Pool (Energy and Power); the pool empties at the Expiration Step',
    status: "implemented",
    note: "`Resources`: players' `energy` / `power`, `cost: { pay: N }` or `{ pay: { energy, power } }`, offered only when payable; `advance: endOfTurn` empties the pools"
  },
  { rule: "372", title: "the controller of the object acted on orders", status: "implemented" },
  { rule: "372.1", title: "a player acted on orders their own", status: "implemented" },
  { rule: "372.2", title: "uncontrolled battlefield: the turn player orders", status: "implemented" },
  {
    rule: "373 / 373.1",
    title: "simultaneous events handled separately, in turn order",
    status: "implemented",
    note: "one group per affected object, groups in turn order from the turn player; one limited effect over several of a player's simultaneous events: that player chooses which it applies to (RB-10)"
  },
  {
    rule: "373.1.a",
    title: "a replacement's game actions are performed before the simultaneous unmodified events",
    status: "implemented",
    note: "Rules.replacementsFirst; die, heal, exhaust and recall are events (Rules.Family)"
  },
  {
    rule: "373.2",
    title: "one sequence per effect over simultaneous events",
    status: "partial",
    note: "an effect applies to each qualifying simultaneous event of its group at once"
  },
  { rule: "374", title: "an effect's controller controls its source", status: "implemented" },
  { rule: "375", title: "inherited modifications", status: "not-covered" },
  { rule: "417.1.b–d", title: "dealing marks damage on each unit", status: "implemented" },
  {
    rule: "417.1.e.1 / 437.4",
    title: "fully prevented damage is not dealt and fires nothing",
    status: "implemented"
  },
  {
    rule: "437.1.a.1 / 715.4.a / 714",
    title: "Bonus Damage counted before Prevent; instances summed",
    status: "implemented",
    note: "Bonus Damage is the first tier, applied without an ordering question"
  },
  {
    rule: "437.2–437.3.b",
    title: "Prevent Value tracked on the unit, reduced, expires at 0",
    status: "implemented"
  },
  { rule: "437.3.c", title: "Prevent All never decreases", status: "implemented" },
  { rule: "437.5.a", title: "lethal counts the Prevent Value", status: "implemented" },
  { rule: "437.5.b", title: "Prevent All: never lethal", status: "implemented" },
  { rule: "465.2.c", title: "assign the summed Might among the other side's units", status: "implemented" },
  { rule: "465.2.c.3", title: "lethal in full before moving on", status: "implemented" },
  { rule: "465.2.c.4", title: "no more than lethal while others remain", status: "implemented" },
  { rule: "465.2.c.4.a", title: "minimum applied lethal input", status: "implemented" },
  {
    rule: "465.2.c.5",
    title: "replacements apply at assignment, not again when dealt",
    status: "implemented",
    note: "the dealing step (465.2.d) replaces each assignment by damage of kind `assigned`"
  },
  { rule: "465.2.c.6–c.7 / 815 / 826", title: "Tank first, Backline last", status: "implemented" },
  {
    rule: "465.2.c.8–c.9",
    title: "Tank and Backline on one unit: the assigner picks",
    status: "implemented"
  },
  { rule: "465.2.c.10", title: "a unit that can't be dealt damage is exempt", status: "implemented" },
  {
    rule: "465.2.c.10 (Counter Strike)",
    title: "lethal threshold under 'prevent the next damage'",
    status: "interpretation",
    note: "all of that damage is prevented, so no amount assigned is lethal (437.5.b); not exempt; see README"
  },
  { rule: "766", title: "ignore Backline", status: "implemented", note: "`ignoreBackline`" },
  {
    rule: "466",
    title: "combat cleanup (heal, kill, recall)",
    status: "partial",
    note: "`advance: endOfCombat` heals all units (466.1.a.1) and `endOfTurn` too (317.2.b); a unit with lethal damage is left for its kill (323.5); recall not covered"
  },
  {
    rule: "323.4–323.5",
    title: "a Cleanup kills the units with lethal damage (a replaceable death)",
    status: "partial",
    note: "`combatDamage` (Combat Cleanup, `<id>.kill`) and the `cleanup` step (after a spell, `<id>`); 323.4 death triggers not performed (out of scope): the deaths are in the outcome"
  }
]

/**
 * The Riftbound ruleset: its words of the one scenario language ({@link Scenario.language}), the
 * policies ({@link Rules.rules}) and the coverage table.
 *
 * @example
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * import { Skeleton } from "@bulwark/scenario"
 * import { Result } from "effect"
 * import { ruleset } from "@bulwark/riftbound"
 * const compiled = Skeleton.compileData(ruleset.language!, {
 *   players: ["A", "B"],
 *   objects: [{ id: "U", controller: "B", types: ["unit"], might: 6 }],
 *   effects: [{ kind: "prevent", id: "p", controller: "B", to: "U", amount: 5 }],
 *   steps: [{ event: { id: "e1", occurrences: [{ to: "U", amount: 3 }] } }]
 * })
 * if (Result.isSuccess(compiled)) {
 *   const run = Ruleset.run(ruleset.rules, compiled.success, Chooser.firstLegal)
 *   console.log(run.outcome.effects["p"]?.remaining) // 2
 * }
 * ```
 *
 * @since 0.1.0
 */
export const ruleset: Ruleset.Ruleset = {
  id: rulesetId,
  name: "Riftbound",
  description:
    "Riftbound replacement effects (367–375), Prevent (437), damage (417) and combat damage assignment (465)",
  rulesVersion: Rules.rulesVersion,
  language: Scenario.language,
  rules: Rules.rules,
  coverage,
  words: Rules.words,
  // a combat step is an event: its id is one of the events' ids
  idSpaces: [{ name: "event", paths: ["steps[*].combat.id"] }],
  vocabulary: { families: Scenario.language.families, kinds: Object.values(Rules.Kind) }
}
