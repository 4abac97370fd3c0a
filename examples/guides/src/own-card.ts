/**
 * docs/guides/own-card.md: a card of your own — a new effect kind — added to an existing ruleset
 * (`@bulwark/mtg`), in code and in scenario files.
 */
// #region imports
import { Errors, Language, Replacement, type Ruleset } from "@bulwark/core"
import { Effects, ruleset as mtg, Scenario } from "@bulwark/mtg"
import { Schema } from "effect"
// #endregion

// #region card
/**
 * The card's options, as a scenario file writes them after `kind: guardianSigil` and as code
 * passes them: the common effect fields of every ruleset (`Language.common` / `Language.pick`).
 */
export const GuardianSigilOptions = Schema.Struct({
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
export const guardianSigil = (c: typeof GuardianSigilOptions.Type): Replacement.Replacement => {
  // a written amount (a number, or an expression counted when it applies) compiled for the core
  const amount = Language.toAmount(c.amount ?? 1, "sigil amount", { id: c.id })
  if (amount === "all" || (typeof amount === "number" && amount < 1))
    throw new Errors.InvalidEffect({ effect: c.id, path: "amount", reason: "the sigil prevents 1 or more" })
  return {
    id: c.id,
    label: `Once each turn, if a source an opponent controls would deal damage to a creature you control, prevent ${Language.amountLabel(amount)} of that damage`,
    controller: c.controller,
    category: Effects.Category.prevention,
    watch: {
      family: "damage",
      subject: Language.toFilter({ types: ["Creature"], controller: "you" }),
      source: Language.toFilter({ controller: "opponent" })
    },
    action: Replacement.prevent(amount, "perEvent"),
    limit: { times: 1, resetsAt: "endOfTurn" },
    rule: "Guardian Sigil (house card); MTG CR 615.1a"
  }
}
// #endregion

// #region vocabulary
/**
 * MTG's words, with one more effect kind: a value of `kind:` whose options are the card's and
 * whose constructor is the card's. Everything else — objects, steps, selectors, errors — is the
 * scenario skeleton's, as for every ruleset.
 */
export const houseLanguage: Language.Language = {
  ...Scenario.language,
  effects: {
    ...Scenario.language.effects,
    guardianSigil: Language.effectKind({
      summary:
        "Guardian Sigil (house card): once each turn, prevent N of an opponent's damage to your creature",
      options: GuardianSigilOptions,
      make: guardianSigil
    })
  }
}
// #endregion

// #region ruleset
/** The MTG ruleset with the house card: the same policies (`rules`), MTG's words and one more. */
export const houseRuleset: Ruleset.Ruleset = {
  ...mtg,
  id: "mtg-house",
  name: "Magic: The Gathering, with house cards",
  language: houseLanguage
}
// #endregion
