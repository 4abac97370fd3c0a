/**
 * docs/guides/own-card.md: a card of your own — a new effect kind — added to an existing ruleset
 * (`@bulwark/mtg`), in code and in scenario files.
 */
// #region imports
import { Errors, Language, type Replacement, type Ruleset } from "@bulwark/core"
import { Effects, ruleset as mtg, Scenario } from "@bulwark/mtg"
import { Schema } from "effect"
// #endregion

// #region card
/** Its options: `{ id, controller, amount }` — the common fields as every kind spells them. */
export const SigilOptions = Schema.Struct({
  ...Language.pick("amount"),
  controller: Language.common.controller
})

/**
 * Guardian Sigil (a house card): "Once each turn, if a source an opponent controls would deal
 * damage to a creature you control, prevent N of that damage."
 *
 * A card is a value of the core vocabulary, never a new branch in the engine: what it watches
 * (filters evaluated when it could apply), what it does (prevent N each time it applies), how
 * often (`limit`, reset at a time boundary), and the category the ruleset's ordering reads
 * (MTG CR 616.1: a prevention effect, ordered by the affected creature's controller).
 */
export const guardianSigil = (c: typeof SigilOptions.Type): Replacement.Replacement => {
  const amount = c.amount ?? 1
  if (amount === "all" || amount < 1)
    throw new Errors.InvalidEffect({ effect: c.id, path: "amount", reason: "a number, at least 1" })
  return {
    id: c.id,
    label: `Once each turn, if a source an opponent controls would deal damage to a creature you control, prevent ${amount} of that damage`,
    controller: c.controller,
    category: Effects.Category.prevention,
    watch: {
      family: "damage",
      subject: Language.toFilter({ types: ["Creature"], controller: "you" }),
      source: Language.toFilter({ controller: "opponent" })
    },
    action: { _tag: "Prevent", amount, scope: "perEvent" },
    limit: { times: 1, resetsAt: "endOfTurn" },
    rule: "Guardian Sigil (house card); MTG CR 615.1a"
  }
}
// #endregion

// #region vocabulary
/**
 * The MTG ruleset with the house card: the same policies (`rules`), the same words, and one more
 * effect kind — `kind: guardianSigil` in a file is `guardianSigil` in code, with the same options.
 */
export const houseRuleset: Ruleset.Ruleset = {
  ...mtg,
  id: "mtg-house",
  name: "Magic: The Gathering, with house cards",
  language: {
    ...Scenario.language,
    effects: {
      ...Scenario.language.effects,
      guardianSigil: Language.effectKind({
        summary: "Guardian Sigil: once each turn, prevent N of an opponent's damage to your creature",
        options: SigilOptions,
        make: guardianSigil
      })
    }
  }
}
// #endregion
