/**
 * Duel: a tiny made-up card game, built from scratch as a Bulwark ruleset. It is the code of the
 * guide docs/writing-an-adapter.md: every region between `// #region` and `// #endregion` is
 * quoted there, and a test checks that the guide and this file agree.
 */
// #region imports

import { Errors, GameEvent, GameView, Language, Policy, Replacement, type Ruleset } from "@bulwark/core"
import { Schema } from "effect"
// #endregion

// #region effects
/**
 * The options of every Duel effect, as a scenario file writes them after `kind:` and as code
 * passes them to the constructor: its id, its controller, the unit it is on (`to`, a selector)
 * and N. They are the common fields of every ruleset, taken from `Language.common` (here all
 * required; `Language.pick` gives the optional ones).
 */
export const EffectOptions = Schema.Struct({
  id: Language.common.id,
  controller: Language.common.controller,
  to: Language.common.to,
  amount: Language.common.amount
})

/** The options of a Duel effect constructor. */
export type EffectOptions = typeof EffectOptions.Type

/** "Shield N: prevent the next N damage that would be dealt to this unit." (Duel 3.1) */
export const shield = (o: EffectOptions): Replacement.Replacement => ({
  id: o.id,
  label: `Shield ${Language.amountLabel(o.amount)}: prevent the next ${Language.amountLabel(o.amount)} damage`,
  controller: o.controller,
  category: "prevention",
  watch: { family: GameEvent.DAMAGE, subject: Language.toFilter(o.to) },
  action: Replacement.prevent(Language.toAmount(o.amount, "shield amount", { id: o.id }), "shield"),
  rule: "Duel 3.1"
})

/** "Armor N: prevent N of each damage that would be dealt to this unit." (Duel 3.2) */
export const armor = (o: EffectOptions): Replacement.Replacement => ({
  id: o.id,
  label: `Armor ${Language.amountLabel(o.amount)}: prevent ${Language.amountLabel(o.amount)} of each damage`,
  controller: o.controller,
  category: "prevention",
  watch: { family: GameEvent.DAMAGE, subject: Language.toFilter(o.to) },
  action: Replacement.prevent(Language.toAmount(o.amount, "armor amount", { id: o.id }), "static"),
  rule: "Duel 3.2"
})

/** "Rage N: damage this unit would deal is increased by N." (Duel 3.3) Here `to` is the raging unit. */
export const rage = (o: EffectOptions): Replacement.Replacement => {
  if (o.amount === "all")
    throw new Errors.InvalidEffect({ effect: o.id, path: "amount", reason: "Rage N needs a number, not all" })
  return {
    id: o.id,
    label: `Rage ${Language.amountLabel(o.amount)}: its damage is increased by ${Language.amountLabel(o.amount)}`,
    controller: o.controller,
    category: "modifier",
    watch: { family: GameEvent.DAMAGE, source: Language.toFilter(o.to) },
    action: Replacement.modify("add", Language.toValue(o.amount, "rage amount", { id: o.id })),
    rule: "Duel 3.3"
  }
}
// #endregion

// #region rules
/**
 * Duel's policies. Modifiers apply before preventions (Duel 4.2); within a tier the damaged
 * unit's controller picks the order (Duel 4.1); that player also divides a shield between
 * simultaneous hits (Duel 4.3). Damage lowers a unit's health; at 0 it is destroyed (Duel 5).
 */
export const rules: Policy.Rules = {
  name: "duel",
  order: Policy.affectedChooses({
    name: "duel",
    rule: "Duel 4.1: the damaged unit's controller orders the effects",
    tiers: [
      { name: "modifiers", categories: ["modifier"], rule: "Duel 4.2: modifiers apply first" },
      { name: "preventions", categories: ["prevention"] }
    ]
  }),
  assignment: Policy.recipientControllerAllocates("Duel 4.3: the shielded unit's controller divides"),
  commit: (view, occurrence) => {
    const unit = view.objects[occurrence.subject]
    if (occurrence.family !== GameEvent.DAMAGE || unit === undefined || unit.kind !== "object") return view
    const health = Math.max(0, Number(unit.props["health"] ?? 0) - occurrence.amount)
    return GameView.setObject(view, {
      ...unit,
      zone: health === 0 ? "discard" : "board",
      props: { ...unit.props, health }
    })
  }
}
// #endregion

// #region language
/**
 * Duel's words for the one scenario language: its units have a `health` and stand on the
 * `board`; its effect kinds are `shield`, `armor` and `rage`, each built by the constructor of
 * the same name. Everything else — players, `turn`, objects, `event` steps, selectors, ids,
 * "did you mean" — is the scenario skeleton's.
 */
export const language: Language.Language = {
  turn: "active player",
  players: { fields: {} },
  objects: { fields: { health: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) }, defaultZone: "board" },
  effects: {
    shield: Language.effectKind({ summary: "Shield N (Duel 3.1)", options: EffectOptions, make: shield }),
    armor: Language.effectKind({ summary: "Armor N (Duel 3.2)", options: EffectOptions, make: armor }),
    rage: Language.effectKind({ summary: "Rage N (Duel 3.3)", options: EffectOptions, make: rage })
  },
  boundaries: ["endOfTurn"],
  durations: [],
  families: [GameEvent.DAMAGE]
}
// #endregion

// #region ruleset
/** The Duel ruleset: what scenario files, the CLI and integrators use. */
export const ruleset: Ruleset.Ruleset = {
  id: "duel",
  name: "Duel",
  description: "A tiny example game: shields, armor and rage",
  rulesVersion: "Duel rules 1.0",
  language,
  rules,
  coverage: [
    { rule: "3.1", title: "Shield N", status: "implemented" },
    { rule: "3.2", title: "Armor N", status: "implemented" },
    { rule: "3.3", title: "Rage N", status: "implemented" },
    { rule: "4.1–4.3", title: "ordering and dividing shields", status: "implemented" },
    { rule: "5", title: "health and destruction", status: "implemented" }
  ]
}
// #endregion
