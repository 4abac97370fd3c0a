/**
 * docs/guides/own-card.md: a card of your own — a new effect kind — added to an existing ruleset
 * (`@bulwark/mtg`), in code and in scenario files.
 */
// #region imports
import type { Replacement, Ruleset } from "@bulwark/core"
import { Effects, ruleset as mtg, Scenario } from "@bulwark/mtg"
import { Schema } from "effect"
// #endregion

// #region card
/**
 * Guardian Sigil (a house card): "Once each turn, if a source an opponent controls would deal
 * damage to a creature you control, prevent N of that damage."
 *
 * A card is a value of the core vocabulary, never a new branch in the engine: what it watches
 * (filters evaluated when it could apply), what it does (prevent N each time it applies), how
 * often (`limit`, reset at a time boundary), and the category the ruleset's ordering reads
 * (MTG CR 616.1: a prevention effect, ordered by the affected creature's controller).
 */
export const guardianSigil = (c: {
  readonly id: string
  readonly controller: string
  readonly amount?: number
}): Replacement.Replacement => {
  const amount = c.amount ?? 1
  return {
    id: c.id,
    label: `Once each turn, if a source an opponent controls would deal damage to a creature you control, prevent ${amount} of that damage`,
    controller: c.controller,
    category: Effects.Category.prevention,
    watch: {
      family: "damage",
      subject: {
        _tag: "And",
        all: [
          { _tag: "Prop", prop: "types", op: "has", value: "Creature" },
          { _tag: "ControlledBy", player: { _tag: "You" } }
        ]
      },
      source: { _tag: "ControlledBy", player: { _tag: "Opponent" } }
    },
    action: { _tag: "Prevent", amount, scope: "perEvent" },
    limit: { times: 1, resetsAt: "endOfTurn" },
    rule: "Guardian Sigil (house card); MTG CR 615.1a"
  }
}
// #endregion

// #region vocabulary
/** The card as a scenario entry: `{ kind: guardianSigil, id, controller, amount }`. */
const SigilEntry = Schema.Struct({
  kind: Schema.Literal("guardianSigil"),
  id: Schema.NonEmptyString,
  controller: Schema.NonEmptyString,
  amount: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)))
})

/** MTG's scenario vocabulary, with one more effect kind. */
const HouseScenario = Schema.Struct({
  ...Scenario.Scenario.fields,
  effects: Schema.optionalKey(Schema.Array(Schema.Union([Scenario.EffectEntry, SigilEntry])))
})
type HouseScenario = typeof HouseScenario.Type
type HouseEntry = NonNullable<HouseScenario["effects"]>[number]

const isSigil = (e: HouseEntry): e is typeof SigilEntry.Type => e.kind === "guardianSigil"
// #endregion

// #region ruleset
/**
 * The MTG ruleset with the house card: the same policies (`rules`), the same compiler — the new
 * kind is rewritten into MTG's own `kind: raw` (a core effect as is) before MTG compiles it.
 */
export const houseRuleset: Ruleset.Ruleset<HouseScenario> = {
  ...mtg,
  id: "mtg-house",
  name: "Magic: The Gathering, with house cards",
  schema: HouseScenario,
  compile: ({ effects, ...rest }) =>
    mtg.compile({
      ...rest,
      ...(effects === undefined
        ? {}
        : {
            effects: effects.map((e) => (isSigil(e) ? { kind: "raw" as const, effect: guardianSigil(e) } : e))
          })
    })
}
// #endregion
