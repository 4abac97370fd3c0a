/**
 * The kinds of each ruleset's format-1 language, read off the adapters' schemas (so that a kind
 * the schema has and the generator lacks is noticed) — or, for a ruleset that has moved to
 * format 2, as its format-1 schema had them —, and the kinds one scenario document uses.
 */
import { Scenario } from "@bulwark/scenario"

/**
 * The berserk format-1 kinds, as its schema had them before berserk moved to format 2 (its
 * `EffectInput` forms and `StepInput` keys; format 1 never changes).
 */
const berserkFormat1 = {
  effects: ["prevent", "noWoundsFrom", "woundsOnlyFrom", "moreWounds", "fewerWounds", "instead"],
  steps: ["attack", "heal", "event", "leave", "set", "endOfTurn", "addEffects"]
}

/** Per ruleset: the effect kinds, the step kinds, and further kinds (mtg queries and families). */
export interface Kinds {
  readonly effects: ReadonlyArray<string>
  readonly steps: ReadonlyArray<string>
  readonly other: ReadonlyArray<string>
}

/** Every kind of every ruleset's format-1 language, from the schemas. */
export const schemaKinds: Readonly<Record<string, Kinds>> = {
  // mtg moved to format 2 (its format-1 schema is gone): its format-1 kinds, as that schema had them
  mtg: {
    effects: [
      "shield",
      "shieldEach",
      "preventNextFrom",
      "preventEach",
      "modify",
      "double",
      "redirect",
      "zoneInstead",
      "instead",
      "lifeFloor",
      "raw"
    ],
    steps: ["event", "advance", "resolve", "update", "stateBasedActions", "query"],
    other: [
      ...["canTarget", "canEnchant", "canEquip", "canFortify", "canBlock", "illegalAttachments", "sba"].map(
        (k) => `query.${k}`
      ),
      ...[
        "zoneChange",
        "lifeGain",
        "lifeLoss",
        "draw",
        "createToken",
        "addCounters",
        "removeCounters",
        "markDamage"
      ].map((f) => `occurrence.${f}`),
      "event.damage",
      "event.destroy"
    ]
  },
  // fab reads format 2 now: its format-1 kinds, as its format-1 schema had them (frozen)
  fab: {
    effects: [
      "preventNextTime",
      "prevent",
      "preventNext",
      "ward",
      "arcaneShelter",
      "spellvoid",
      "arcaneBarrier",
      "quell",
      "amp",
      "preventsLess",
      "replacement"
    ],
    steps: ["damage", "attack", "advance", "beginEndPhase", "addEffects", "destroy", "update"],
    other: []
  },
  berserk: { ...berserkFormat1, other: ["modifiers"] },
  // riftbound speaks format 2 now: its format-1 kinds, as its format-1 schema (removed) listed them
  riftbound: {
    effects: [
      "prevent",
      "preventNext",
      "double",
      "modify",
      "cantBeDealtDamage",
      "bonusDamage",
      "replacement"
    ],
    steps: [
      "deal",
      "event",
      "combat",
      "preview",
      "minimumLethal",
      "validate",
      "solve",
      "advance",
      "addEffects",
      "setUnit"
    ],
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
