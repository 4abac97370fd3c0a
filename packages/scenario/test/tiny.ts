/**
 * A tiny in-test ruleset ("tiny"): players, units, two effect kinds (a "prevent the next N"
 * shield and "double that damage"), damage events. The affected object's controller orders the
 * effects (the MTG 616.1 shape), so "prevent 2" and "double" on 3 damage do not commute.
 */
import { Errors, GameEvent, GameView, Ledger, Policy, type Replacement, type Ruleset } from "@bulwark/core"
import { Result, Schema } from "effect"

const Effect = Schema.Union([
  Schema.Struct({
    id: Schema.String,
    kind: Schema.Literal("shield"),
    controller: Schema.String,
    on: Schema.Array(Schema.String),
    amount: Schema.Int
  }),
  Schema.Struct({ id: Schema.String, kind: Schema.Literal("double"), controller: Schema.String })
])

const TinySchema = Schema.Struct({
  players: Schema.Array(Schema.String),
  units: Schema.Array(Schema.Struct({ id: Schema.String, controller: Schema.String })),
  effects: Schema.optionalKey(Schema.Array(Effect)),
  events: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      damage: Schema.Array(
        Schema.Struct({ id: Schema.String, from: Schema.String, to: Schema.String, amount: Schema.Int })
      )
    })
  )
})

type Tiny = typeof TinySchema.Type

const compile = (s: Tiny): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> => {
  const ids = new Set([...s.players, ...s.units.map((u) => u.id)])
  const effects: Array<Replacement.Replacement> = []
  for (const [i, e] of (s.effects ?? []).entries()) {
    for (const [j, id] of (e.kind === "shield" ? e.on : []).entries())
      if (!ids.has(id))
        return Result.fail(
          new Errors.ScenarioInvalid({ path: `effects[${i}].on[${j}]`, reason: `unknown object "${id}"` })
        )
    effects.push(
      e.kind === "shield"
        ? {
            id: e.id,
            label: `Prevent the next ${e.amount} damage`,
            controller: e.controller,
            category: "prevention",
            watch: { family: "damage", subject: { _tag: "Id", ids: e.on } },
            action: { _tag: "Prevent", amount: e.amount, scope: "shield" }
          }
        : {
            id: e.id,
            label: "Double that damage",
            controller: e.controller,
            category: "standard",
            watch: { family: "damage" },
            action: { _tag: "Modify", op: "mul", value: 2 }
          }
    )
  }
  const steps: Array<Ruleset.Step> = []
  for (const [i, ev] of s.events.entries()) {
    for (const [j, d] of ev.damage.entries()) {
      if (!ids.has(d.to))
        return Result.fail(
          new Errors.ScenarioInvalid({
            path: `events[${i}].damage[${j}].to`,
            reason: `unknown object "${d.to}"`
          })
        )
    }
    steps.push({
      _tag: "Event",
      event: GameEvent.make(
        ev.id,
        ev.damage.map((d) =>
          GameEvent.damage({
            id: d.id,
            source: d.from,
            recipient: d.to,
            amount: d.amount,
            preventable: true,
            kinds: []
          })
        )
      )
    })
  }
  return Result.succeed({
    view: GameView.make({
      players: s.players,
      activePlayer: s.players[0] ?? "",
      objects: s.units.map((u) => ({
        id: u.id,
        kind: "object",
        controller: u.controller,
        owner: u.controller,
        zone: "battlefield",
        props: {}
      }))
    }),
    ledger: Ledger.make(effects),
    steps
  })
}

export const tiny: Ruleset.Ruleset<Tiny> = {
  id: "tiny",
  name: "Tiny",
  description: "an in-test ruleset",
  rulesVersion: "T 1",
  schema: TinySchema,
  compile,
  rules: {
    name: "tiny",
    order: Policy.affectedChooses({
      name: "tiny",
      rule: "T 1: the affected object's controller chooses",
      tiers: [{ name: "any" }]
    }),
    assignment: Policy.recipientControllerAllocates("T 2"),
    orderShortcut: true
  },
  coverage: [{ rule: "T 1", title: "order", status: "implemented" }]
}
