/**
 * Duel: a tiny made-up card game, built from scratch as a Bulwark ruleset. It is the code of the
 * guide docs/writing-an-adapter.md: every region between `// #region` and `// #endregion` is
 * quoted there, and a test checks that the guide and this file agree.
 */
// #region imports

import { Errors, GameEvent, GameView, Ledger, Policy, type Replacement, type Ruleset } from "@bulwark/core"
import { Result, Schema } from "effect"
// #endregion

// #region effects
/** The input of every Duel effect constructor: an id, the unit it is on, its controller and N. */
export interface EffectInput {
  readonly id: string
  readonly controller: string
  readonly unit: string
  readonly amount: number
}

/** "Shield N: prevent the next N damage that would be dealt to this unit." (Duel 3.1) */
export const shield = (e: EffectInput): Replacement.Replacement => ({
  id: e.id,
  label: `Shield ${e.amount}: prevent the next ${e.amount} damage to ${e.unit}`,
  controller: e.controller,
  category: "prevention",
  watch: { family: GameEvent.DAMAGE, subject: { _tag: "Id", ids: [e.unit] } },
  action: { _tag: "Prevent", amount: e.amount, scope: "shield" },
  rule: "Duel 3.1"
})

/** "Armor N: prevent N of each damage that would be dealt to this unit." (Duel 3.2) */
export const armor = (e: EffectInput): Replacement.Replacement => ({
  id: e.id,
  label: `Armor ${e.amount}: prevent ${e.amount} of each damage to ${e.unit}`,
  controller: e.controller,
  category: "prevention",
  watch: { family: GameEvent.DAMAGE, subject: { _tag: "Id", ids: [e.unit] } },
  action: { _tag: "Prevent", amount: e.amount, scope: "static" },
  rule: "Duel 3.2"
})

/** "Rage N: damage this unit would deal is increased by N." (Duel 3.3) */
export const rage = (e: EffectInput): Replacement.Replacement => ({
  id: e.id,
  label: `Rage ${e.amount}: damage from ${e.unit} is increased by ${e.amount}`,
  controller: e.controller,
  category: "modifier",
  watch: { family: GameEvent.DAMAGE, source: { _tag: "Id", ids: [e.unit] } },
  action: { _tag: "Modify", op: "add", value: e.amount },
  rule: "Duel 3.3"
})
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

// #region schema
const Id = Schema.NonEmptyString
const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The part of a scenario file that Duel decodes (every key but the generic ones). */
export const DuelScenario = Schema.Struct({
  players: Schema.Array(Id),
  active: Id,
  units: Schema.Array(Schema.Struct({ id: Id, controller: Id, health: Count })),
  effects: Schema.Array(
    Schema.Struct({ id: Id, kind: Schema.Literals(["shield", "armor", "rage"]), unit: Id, amount: Count })
  ),
  attacks: Schema.Array(
    Schema.Struct({ id: Id, hits: Schema.Array(Schema.Struct({ from: Id, to: Id, amount: Count })) })
  )
})

/** A decoded Duel scenario. */
export type DuelScenario = typeof DuelScenario.Type
// #endregion

// #region compile
const constructors = { shield, armor, rage } as const

/** Turns a decoded scenario into core data: a view, a ledger and one event step per attack. */
export const compile = (s: DuelScenario): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> => {
  const invalid = (path: string, reason: string) => Result.fail(new Errors.ScenarioInvalid({ path, reason }))
  if (!s.players.includes(s.active)) return invalid("active", `"${s.active}" is not one of the players`)
  const units = new Map(s.units.map((u) => [u.id, u] as const))
  const effects: Array<Replacement.Replacement> = []
  for (const [i, e] of s.effects.entries()) {
    const unit = units.get(e.unit)
    if (unit === undefined) return invalid(`effects[${i}].unit`, `unknown unit "${e.unit}"`)
    effects.push(
      constructors[e.kind]({ id: e.id, controller: unit.controller, unit: e.unit, amount: e.amount })
    )
  }
  const problem = Ledger.validate(effects)
  if (problem !== undefined) return invalid("effects", problem.message)
  const steps: Array<Ruleset.Step> = []
  for (const [i, attack] of s.attacks.entries()) {
    const hits: Array<GameEvent.Occurrence> = []
    for (const [j, hit] of attack.hits.entries()) {
      for (const key of ["from", "to"] as const) {
        if (!units.has(hit[key]))
          return invalid(`attacks[${i}].hits[${j}].${key}`, `unknown unit "${hit[key]}"`)
      }
      hits.push(
        GameEvent.damage({
          id: `${attack.id}.${j + 1}`,
          source: hit.from,
          recipient: hit.to,
          amount: hit.amount
        })
      )
    }
    steps.push({ _tag: "Event", event: GameEvent.make(attack.id, hits) })
  }
  const view = GameView.make({
    players: s.players,
    activePlayer: s.active,
    objects: s.units.map((u) => ({
      id: u.id,
      kind: "object",
      controller: u.controller,
      owner: u.controller,
      zone: "board",
      props: { health: u.health }
    }))
  })
  return Result.succeed({ view, ledger: Ledger.make(effects), steps })
}
// #endregion

// #region ruleset
/** The Duel ruleset: what scenario files, the CLI and integrators use. */
export const ruleset: Ruleset.Ruleset<DuelScenario> = {
  id: "duel",
  name: "Duel",
  description: "A tiny example game: shields, armor and rage",
  rulesVersion: "Duel rules 1.0",
  schema: DuelScenario,
  compile,
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
