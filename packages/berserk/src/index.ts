/**
 * `@bulwark/berserk`: the Берсерк (Berserk) ruleset for Bulwark — 533 «Эффект предотвращения»
 * (prevention) and 534 «Эффект замещения» (replacement), with protections («Защита от …») and
 * attack modifiers ordered before them.
 *
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * import { Skeleton } from "@bulwark/scenario"
 * import { ruleset } from "@bulwark/berserk"
 * import { Result } from "effect"
 *
 * const compiled = Skeleton.compileData(ruleset.language!, {
 *   players: ["ap", "ip"],
 *   turn: "ap",
 *   objects: [
 *     { id: "orc", controller: "ap", types: ["creature"], strength: 4 },
 *     { id: "guard", controller: "ip", types: ["creature"] }
 *   ],
 *   effects: [{ kind: "prevent", id: "shield", controller: "ip", to: ["guard"], amount: 1 }],
 *   steps: [{ attack: { id: "a1", kind: "удар", from: "orc", to: "guard" } }]
 * })
 * if (Result.isSuccess(compiled)) {
 *   const { outcome } = Ruleset.run(ruleset.rules, compiled.success, Chooser.firstLegal)
 *   outcome.state["guard"]?.["wounds"] // 3
 *   outcome.state["a1"]?.["strength"] // 4 (533.1: prevention does not change the attack)
 * }
 * ```
 *
 * @packageDocumentation
 */
import { coreName, type Ruleset } from "@bulwark/core"
import * as Attack from "./Attack.js"
import * as Effects from "./Effects.js"
import * as Lang from "./Lang.js"
import * as Rules from "./Rules.js"
import * as Scenario from "./Scenario.js"

export * as Attack from "./Attack.js"
export * as Effects from "./Effects.js"
export * as Lang from "./Lang.js"
export * as Rules from "./Rules.js"
export * as RuleText from "./RuleText.js"
export * as Scenario from "./Scenario.js"

/**
 * The identifier of this ruleset, as written in scenario files and printed by `bulwark rulesets`.
 *
 * @example
 * ```ts
 * import { rulesetId } from "@bulwark/berserk"
 * console.log(rulesetId) // "berserk"
 * ```
 *
 * @since 0.1.0
 */
export const rulesetId = "berserk" as const

/**
 * The name of the core package this adapter plugs into.
 *
 * @example
 * ```ts
 * import { core } from "@bulwark/berserk"
 * console.log(core) // "@bulwark/core"
 * ```
 *
 * @since 0.1.0
 */
export const core: typeof coreName = coreName

/**
 * The rules coverage table: each rule of the text this adapter implements, and how.
 *
 * @example
 * ```ts
 * import { coverage } from "@bulwark/berserk"
 * coverage.find((c) => c.rule === "533.3")?.status // "implemented"
 * ```
 *
 * @since 0.1.0
 */
export const coverage: ReadonlyArray<Ruleset.Coverage> = [
  {
    rule: "533.1",
    title: "Prevention lowers wounds, never the attack's strength",
    status: "implemented",
    note: "strength lives on the attack's object and in the occurrence params"
  },
  {
    rule: "533.2",
    title: "Prevention after every attack modifier and protection",
    status: "implemented",
    note: "attack modifiers are the first ordering group (in the order written), then protections"
  },
  {
    rule: "533.3",
    title: "Without an amount, then with an amount; inactive player, then active; stop at 0",
    status: "implemented"
  },
  {
    rule: "533.4",
    title: 'Partial use; the rest kept for later ("the next 4 wounds")',
    status: "implemented"
  },
  { rule: "533.5", title: "Prevention is a constant feature, applied when relevant", status: "implemented" },
  {
    rule: "533.6",
    title: "A prevention whose source left the active zone does not apply",
    status: "implemented"
  },
  { rule: "534.1", title: '"[text 1], instead [text 2]" replacements (Серк)', status: "implemented" },
  {
    rule: "534.1.1",
    title: "No wounds from / wounds only from / X more or fewer wounds from",
    status: "implemented"
  },
  {
    rule: "534.2",
    title: "Replacements when the feature executes, after modifiers and protections; never retroactive",
    status: "implemented"
  },
  {
    rule: "534.3",
    title: "A replaced event counts as not having happened",
    status: "implemented",
    note: "the outcome's occurrence is replaced (replacedBy: what happened instead) and is not among what happened"
  },
  {
    rule: "гибель",
    title: "A creature whose wounds reach its life dies: an event a replacement can await (534.1)",
    status: "interpretation",
    note: "basic rules, not 533–534; Rules.results makes the die event after the wounds"
  },
  {
    rule: "534 vs 533",
    title: "Replacements before prevention",
    status: "interpretation",
    note: "not in the text; see the README"
  },
  {
    rule: "534 order",
    title:
      "Replacements among themselves in 533.3's order: without an amount first; inactive, then active player",
    status: "interpretation",
    note: "534 orders nothing; not the affected creature's controller (no support in the text); see the README"
  },
  {
    rule: "511.5",
    title: "Protections as immunities by attack kind",
    status: "interpretation",
    note: "the text of 511.5 is not available; modelled from the card wordings"
  },
  {
    rule: "Броня N",
    title: "Armour as prevention of the first N non-magical wounds each turn",
    status: "interpretation"
  },
  {
    rule: "534.1 (destination)",
    title:
      "«если должно погибнуть, вместо этого положите его в колоду владельца»: a death replaced by a zone change",
    status: "implemented",
    note: "`instead: [{ family: zoneChange, params: { to: deck } }]` (BSK-13): the death is replaced, not performed (534.3)"
  }
]

/**
 * The Берсерк ruleset: its words of the one scenario language (`language`, see
 * {@link Scenario}), policies and coverage (the adapter contract of `@bulwark/core`), and how it
 * reads to the player: in Russian (`words`, `lang: "ru"`), or in English (`translations.en`).
 *
 * @example
 * ```ts
 * import { ruleset } from "@bulwark/berserk"
 * ruleset.id // "berserk"
 * ```
 *
 * @since 0.1.0
 */
export const ruleset: Ruleset.Ruleset = {
  id: rulesetId,
  name: "Берсерк (Berserk)",
  description:
    "Берсерк 533 «Эффект предотвращения» and 534 «Эффект замещения», with protections and attack modifiers",
  rulesVersion: Rules.rulesVersion,
  language: Scenario.language,
  rules: Rules.rules,
  coverage,
  // the player's language: Russian, and English for `--lang en`
  words: Lang.russian,
  lang: "ru",
  translations: { en: Lang.english },
  idSpaces: [{ name: "attack or event", paths: ["steps[*].attack.id", "steps[*].event.id"] }],
  vocabulary: {
    families: [...Effects.families],
    kinds: [...Attack.kinds, ...Object.values(Attack.implied).flat(), ...Object.values(Attack.russianTags)]
  }
}
