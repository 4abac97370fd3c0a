/**
 * The kinds of each ruleset's format-1 language, read off the adapters' schemas (so that a kind
 * the schema has and the generator lacks is noticed), and the kinds one scenario document uses.
 */
import { Scenario as BerserkScenario } from "@bulwark/berserk"
import { Scenario as FabScenario } from "@bulwark/fab"
import { Scenario as MtgScenario } from "@bulwark/mtg"
import { Vocabulary as RiftboundScenario } from "@bulwark/riftbound"
import { Scenario } from "@bulwark/scenario"

// the introspection the schemas allow: a union has `members`, a struct `fields`, a literal `literal`
interface StructLike {
  readonly fields: Readonly<Record<string, { readonly literal?: unknown }>>
}
interface UnionLike {
  readonly members: ReadonlyArray<StructLike>
}
const members = (u: unknown): ReadonlyArray<StructLike> => (u as UnionLike).members
const fieldsOf = (s: unknown): ReadonlyArray<string> => Object.keys((s as StructLike).fields)

/** The literal of the tag field `tag` of every member of a union of structs. */
const tagged = (u: unknown, tag: string): ReadonlyArray<string> =>
  members(u).map((m) => String(m.fields[tag]?.literal))

/** The key only one member of a union of structs has (the others share the rest). */
const ownKeys = (u: unknown): ReadonlyArray<string> => {
  const ms = members(u).map((m) => Object.keys(m.fields))
  return ms.map((keys) => {
    const own = keys.filter((k) => ms.filter((o) => o.includes(k)).length === 1)
    if (own.length !== 1) throw new Error(`a union member without exactly one own key: ${keys.join(", ")}`)
    return own[0] as string
  })
}

/**
 * The berserk keys an effect may carry whatever it does (target, source, duration, answers):
 * every other key of `EffectInput` is a form of the effect (`prevent`, `moreWounds`, …).
 */
const berserkQualifiers = new Set([
  ...fieldsOf(BerserkScenario.ModifierInput),
  "controller",
  "source",
  "rule",
  "activeZones",
  "optional",
  "oncePerTurn",
  "scope"
])

/** Per ruleset: the effect kinds, the step kinds, and further kinds (mtg queries and families). */
export interface Kinds {
  readonly effects: ReadonlyArray<string>
  readonly steps: ReadonlyArray<string>
  readonly other: ReadonlyArray<string>
}

/** Every kind of every ruleset's format-1 language, from the schemas. */
export const schemaKinds: Readonly<Record<string, Kinds>> = {
  mtg: {
    effects: tagged(MtgScenario.EffectEntry, "kind"),
    steps: ownKeys(MtgScenario.StepEntry),
    other: [
      ...fieldsOf(MtgScenario.QueryEntry)
        .filter((k) => k !== "name")
        .map((k) => `query.${k}`),
      ...MtgScenario.EventFamily.literals.map((f) => `occurrence.${f}`),
      "event.damage",
      "event.destroy"
    ]
  },
  fab: { effects: tagged(FabScenario.EffectSpec, "type"), steps: ownKeys(FabScenario.Step), other: [] },
  berserk: {
    effects: fieldsOf(BerserkScenario.EffectInput).filter((k) => !berserkQualifiers.has(k)),
    steps: ownKeys(BerserkScenario.StepInput),
    other: ["modifiers"]
  },
  riftbound: {
    effects: ownKeys(RiftboundScenario.EffectSpec),
    steps: ownKeys(RiftboundScenario.StepSpec),
    other: []
  }
}

type Doc = Readonly<Record<string, unknown>>
const isDoc = (u: unknown): u is Doc => typeof u === "object" && u !== null && !Array.isArray(u)
const list = (u: unknown): ReadonlyArray<unknown> => (Array.isArray(u) ? u : [])

/** The effect entries of a document: top-level `effects` and those added or resolved by steps. */
const effectEntries = (doc: Doc): ReadonlyArray<Doc> =>
  [
    ...list(doc.effects),
    ...list(doc.steps).flatMap((s) => (isDoc(s) ? [...list(s.addEffects), ...list(s.resolve)] : []))
  ].filter(isDoc)

/** The kinds one (loaded) document of a ruleset uses, in the names of {@link schemaKinds}. */
export const kindsUsed = (ruleset: string, doc: Doc): Set<string> => {
  const k = schemaKinds[ruleset]
  const out = new Set<string>()
  if (k === undefined) return out
  const steps = list(doc.steps).filter(isDoc)
  for (const s of steps) for (const key of Object.keys(s)) if (k.steps.includes(key)) out.add(`step.${key}`)
  for (const e of effectEntries(doc)) {
    if (ruleset === "mtg" && typeof e.kind === "string") out.add(`effect.${e.kind}`)
    else if (ruleset === "fab" && typeof e.type === "string") out.add(`effect.${e.type}`)
    else for (const key of Object.keys(e)) if (k.effects.includes(key)) out.add(`effect.${key}`)
  }
  if (ruleset === "mtg")
    for (const s of steps) {
      if (isDoc(s.query)) for (const key of Object.keys(s.query)) out.add(`query.${key}`)
      if (isDoc(s.event)) {
        if (s.event.damage !== undefined) out.add("event.damage")
        if (s.event.destroy !== undefined) out.add("event.destroy")
        for (const o of list(s.event.occurrences)) if (isDoc(o)) out.add(`occurrence.${String(o.family)}`)
      }
    }
  if (ruleset === "berserk" && list(doc.modifiers).length > 0) out.add("modifiers")
  if (Array.isArray(doc.decisions)) out.add("answers.scripted")
  if (typeof doc.strategy === "string") out.add(`answers.${doc.strategy}`)
  if (!Array.isArray(doc.decisions) && doc.strategy === undefined) out.add("answers.default")
  if (steps.length >= 3) out.add("steps.three-or-more")
  return out
}

/** How a file answers its decisions: a script, a strategy, or neither (core's `first`). */
const answerKinds = [
  "answers.scripted",
  ...Scenario.strategies.map((x) => `answers.${x}`),
  "answers.default",
  "steps.three-or-more"
]

/** Every kind name of a ruleset, as {@link kindsUsed} writes them. */
export const allKinds = (ruleset: string): ReadonlyArray<string> => {
  const k = schemaKinds[ruleset]
  if (k === undefined) return []
  return [
    ...k.effects.map((e) => `effect.${e}`),
    ...k.steps.map((s) => `step.${s}`),
    ...k.other,
    ...answerKinds
  ]
}
