/**
 * The "tiny" in-test ruleset in the one scenario language (format 2): its words only — units with
 * a `might`, a `shield` ("prevent the next N damage to …") and a `double` ("double that damage")
 * effect kind, a `ping` step kind and a `lifeOf` question. The skeleton does the rest.
 */
import { Language, Policy, type Replacement, type Ruleset } from "@bulwark/core"
import { Result, Schema } from "effect"

const ShieldOptions = Schema.Struct({ ...Language.pick("controller", "to", "amount", "duration", "label") })
const DoubleOptions = Schema.Struct({ ...Language.pick("controller", "to", "label") })

/** "Prevent the next N damage that would be dealt to …" */
export const shield = (o: typeof ShieldOptions.Type): Replacement.Replacement => {
  if (o.amount === undefined) throw new Error("a shield needs an amount")
  return {
    id: o.id,
    label: o.label ?? `Prevent the next ${o.amount} damage`,
    controller: o.controller ?? "",
    category: "prevention",
    watch: { family: "damage", ...(o.to === undefined ? {} : { subject: Language.toFilter(o.to) }) },
    action: {
      _tag: "Prevent",
      amount: Language.toAmount(o.amount, "shield amount", { id: o.id }),
      scope: "shield"
    },
    ...(o.duration === undefined ? {} : { duration: { until: o.duration } })
  }
}

/** "Double that damage." */
export const double = (o: typeof DoubleOptions.Type): Replacement.Replacement => ({
  id: o.id,
  label: o.label ?? "Double that damage",
  controller: o.controller ?? "",
  category: "standard",
  watch: { family: "damage", ...(o.to === undefined ? {} : { subject: Language.toFilter(o.to) }) },
  action: { _tag: "Modify", op: "mul", value: 2 }
})

export const language: Language.Language = {
  turn: "active player",
  players: { fields: { life: Schema.optionalKey(Schema.Int) } },
  objects: { fields: { might: Schema.optionalKey(Schema.Int) }, defaultZone: "board" },
  effects: {
    shield: Language.effectKind({
      summary: "Prevent the next N damage",
      options: ShieldOptions,
      make: shield
    }),
    double: Language.effectKind({ summary: "Double that damage", options: DoubleOptions, make: double })
  },
  steps: {
    ping: Language.stepKind({
      summary: "1 damage from a unit to a unit",
      schema: Schema.Struct({
        id: Schema.NonEmptyString,
        from: Schema.NonEmptyString,
        to: Schema.NonEmptyString
      }),
      compile: (v, ctx) => {
        if (ctx.view.objects[v.to] === undefined)
          ctx.invalid(`${ctx.path}.to`, `unknown unit ${JSON.stringify(v.to)}`)
        return [
          {
            _tag: "Event",
            event: {
              id: v.id,
              occurrences: [
                Language.occurrence({
                  id: `${v.id}-${v.to}`,
                  family: "damage",
                  to: v.to,
                  source: v.from,
                  amount: 1
                })
              ]
            }
          }
        ]
      }
    })
  },
  queries: {
    lifeOf: Language.queryKind({
      summary: "a player's life",
      schema: Schema.NonEmptyString,
      compile: (player) => (ctx) => Result.succeed(ctx.view.objects[player]?.props.life ?? null)
    })
  },
  boundaries: ["endOfTurn"],
  durations: ["endOfTurn"],
  families: ["damage"]
}

export const tiny2: Ruleset.Ruleset = {
  id: "tiny",
  name: "Tiny",
  description: "an in-test ruleset",
  rulesVersion: "T 1",
  language,
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
