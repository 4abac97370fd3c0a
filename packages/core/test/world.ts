/**
 * Generated worlds for the resolver's property laws: a small game (two players, a few objects),
 * a ledger of generated effects, a batch of generated damage occurrences, a ruleset and a
 * chooser. Everything is derived from a plain, shrinkable Schema value.
 */
import { Schema } from "effect"
import {
  Chooser,
  GameEvent,
  GameView,
  type Kernel,
  Ledger,
  type Policy,
  type Replacement,
  Resolver
} from "../src/index.js"
import { affected, declare, groups, view } from "./fixtures.js"

const Small = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 6 }))

export const EffectSpec = Schema.Struct({
  kind: Schema.Literals([
    "shield",
    "once",
    "onceAll",
    "static",
    "perEvent",
    "staticAll",
    "add",
    "sub",
    "mul",
    "set",
    "atMost",
    "redirect",
    "replaceNothing",
    "replaceSame",
    "reduce"
  ]),
  n: Small,
  controller: Schema.Literals(["ap", "nap"]),
  target: Schema.Literals(["any", "napUnit", "nap", "apUnit"]),
  category: Schema.Literals(["self", "standard", "prevention"]),
  optional: Schema.Boolean,
  additional: Schema.Boolean,
  minAmount: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 }))
})
export type EffectSpec = typeof EffectSpec.Type

export const OccSpec = Schema.Struct({
  to: Schema.Literals(["napUnit", "nap", "apUnit", "napAlly"]),
  amount: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 9 })),
  preventable: Schema.Boolean,
  source: Schema.Literals(["src", "src2"])
})
export type OccSpec = typeof OccSpec.Type

export const WorldSpec = Schema.Struct({
  effects: Schema.Array(EffectSpec).check(Schema.isMaxLength(6)),
  occurrences: Schema.Array(OccSpec).check(Schema.isMinLength(1), Schema.isMaxLength(4)),
  rules: Schema.Literals(["affected", "groups", "declare"]),
  chooser: Schema.Literals(["first", "best", "last"])
})
export type WorldSpec = typeof WorldSpec.Type

export const rulesOf = (name: WorldSpec["rules"]): Policy.Rules =>
  name === "affected" ? affected : name === "groups" ? groups : declare

const actionOf = (s: EffectSpec): Replacement.Action => {
  switch (s.kind) {
    case "shield":
      return { _tag: "Prevent", amount: s.n, scope: "shield" }
    case "once":
      return { _tag: "Prevent", amount: s.n, scope: "once" }
    case "onceAll":
      return { _tag: "Prevent", amount: "all", scope: "once" }
    case "static":
      return { _tag: "Prevent", amount: s.n, scope: "static" }
    case "perEvent":
      return { _tag: "Prevent", amount: s.n, scope: "perEvent" }
    case "staticAll":
      return { _tag: "Prevent", amount: "all", scope: "static" }
    case "add":
      return { _tag: "Modify", op: "add", value: s.n }
    case "sub":
      return { _tag: "Modify", op: "sub", value: s.n }
    case "mul":
      return { _tag: "Modify", op: "mul", value: Math.min(s.n, 3) }
    case "set":
      return { _tag: "Modify", op: "set", value: s.n }
    case "atMost":
      return { _tag: "Modify", op: "atMost", value: s.n }
    case "redirect":
      return { _tag: "Redirect", to: s.target === "any" ? "napAlly" : s.target }
    case "replaceNothing":
      return { _tag: "Replace", with: [] }
    case "replaceSame":
      // adversarial: replaced by an occurrence it also watches
      return {
        _tag: "Replace",
        with: [{ family: "damage", subject: "subject", source: "source", amount: { _tag: "Amount" } }]
      }
    case "reduce":
      return { _tag: "ReducePrevention", by: Math.max(1, s.n) }
  }
}

export const effectOf = (s: EffectSpec, i: number): Replacement.Replacement => {
  const base: Replacement.Replacement = {
    id: `e${i}`,
    label: `${s.kind} ${s.n} (${s.target})`,
    controller: s.controller,
    category:
      s.kind === "shield" ||
      s.kind === "once" ||
      s.kind.startsWith("static") ||
      s.kind === "onceAll" ||
      s.kind === "perEvent"
        ? "prevention"
        : s.category,
    watch:
      s.target === "any"
        ? { family: "damage" }
        : { family: "damage", subject: { _tag: "Id", ids: [s.target] } },
    action: actionOf(s)
  }
  return {
    ...base,
    ...(s.optional ? { optional: true } : {}),
    ...(s.additional ? { additional: [{ family: "note", subject: "controller", amount: 1 }] } : {}),
    ...(s.minAmount > 1 ? { condition: { _tag: "AmountIs", op: "gte", value: s.minAmount } as const } : {})
  }
}

export interface World {
  readonly spec: WorldSpec
  readonly rules: Policy.Rules
  readonly event: GameEvent.GameEvent
  readonly ledger: Ledger.Ledger
  readonly view: typeof view
  readonly chooser: Chooser.SyncChooser
}

const lastLegal: Chooser.SyncChooser = (request) => {
  switch (request._tag) {
    case "ChooseEffect":
      return request.options[request.options.length - 1]?.effect
    case "StartingPlayer":
      return request.options[request.options.length - 1]
    case "UseOptional":
      return false
    case "Allocate": {
      // everything on the last targets first
      let left = request.points
      const out: Record<string, number> = {}
      for (const t of [...request.targets].reverse()) {
        const v = Math.min(t.max, left)
        out[t.occurrence] = v
        left -= v
      }
      return out
    }
  }
}

export const chooserOf = (name: WorldSpec["chooser"]): Chooser.SyncChooser =>
  name === "first" ? Chooser.firstLegal : name === "best" ? Chooser.bestForChooser() : lastLegal

export const worldOf = (spec: WorldSpec): World => ({
  spec,
  rules: rulesOf(spec.rules),
  event: GameEvent.make(
    "ev",
    spec.occurrences.map((o, i) =>
      GameEvent.damage({
        id: `o${i}`,
        source: o.source,
        recipient: o.to,
        amount: o.amount,
        preventable: o.preventable
      })
    )
  ),
  ledger: Ledger.make(spec.effects.map(effectOf)),
  view,
  chooser: chooserOf(spec.chooser)
})

export const resolveWorld = (w: World, options: Kernel.Options = {}) =>
  Resolver.resolveSync(w.rules, w.event, w.ledger, w.view, w.chooser, options)

/** Deep-freezes a value so that any mutation by the code under test throws. */
export const deepFreeze = <A>(a: A): A => {
  if (typeof a === "object" && a !== null && !Object.isFrozen(a)) {
    Object.freeze(a)
    for (const v of Object.values(a)) deepFreeze(v)
  }
  return a
}

/**
 * A ruleset with results (dealt damage makes its recipient lose that much `life`, committed to
 * the view), for the dealt-and-state law (MTG 120.3 in miniature).
 */
export const withResults = (rules: Policy.Rules): Policy.Rules => ({
  ...rules,
  results: {
    rule: "T 120.3: dealt damage makes its recipient lose that much life",
    results: (dealt) =>
      dealt.map((d) =>
        GameEvent.occurrence({ id: `${d.id}:loss`, family: "lifeLoss", subject: d.subject, amount: d.amount })
      )
  },
  commit: (v, o) => {
    if (o.family !== "lifeLoss") return v
    const x = v.objects[o.subject]
    if (x === undefined) return v
    const life = typeof x.props["life"] === "number" ? x.props["life"] : 0
    return GameView.setObject(v, { ...x, props: { ...x.props, life: life - o.amount } })
  }
})

/**
 * The world with results, and every additional effect made a reflection: "…this deals that much
 * damage to you" (its amount the damage prevented, its recipient the effect's controller, its
 * source the damage's), as MTG 615.5's additional parts do; it can't be prevented, so two
 * reflections can't bounce damage between them forever.
 */
export const reflectingWorldOf = (spec: WorldSpec): World => {
  const w = worldOf(spec)
  return {
    ...w,
    rules: withResults(w.rules),
    ledger: Ledger.make(
      w.ledger.effects.map((e) =>
        e.additional === undefined
          ? e
          : {
              ...e,
              additional: [
                {
                  family: "damage",
                  subject: "controller",
                  source: "source",
                  amount: { _tag: "Prevented" },
                  // can't be prevented, so two reflections can't bounce damage back and forth forever
                  preventable: false
                }
              ]
            }
      )
    )
  }
}
