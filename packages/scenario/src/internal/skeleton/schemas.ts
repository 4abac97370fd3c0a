/**
 * The schemas a ruleset's words make of the skeleton: the player, object, event-occurrence and
 * update schemas (`build`, built once per `Language` and cached by identity), the check that the
 * words fit the skeleton (`wordProblems`, which `build` runs and refuses to build past), and the
 * whole-document schema for JSON Schema export (`documentSchema`, describing the same documents
 * the discriminated decoder accepts).
 *
 * @internal
 */
import { GameView, Language } from "@bulwark/core"
import * as Schema from "effect/Schema"

export const Id = Schema.NonEmptyString
export const Ids = Schema.Array(Schema.NonEmptyString)
export const opt: typeof Schema.optionalKey = Schema.optionalKey

export const coreSteps: ReadonlyArray<string> = ["event", "update", "advance", "addEffects", "query"]

/**
 * The keys every object has in every game, the skeleton's: `name`, `keywords` (what selectors
 * test as `name:` and `keywords:`) and `props`, the free properties a game does not list (under
 * a key of their own, so a misspelt known key is still an error).
 */
export const skeletonObjectKeys: ReadonlyArray<string> = [
  "id",
  "controller",
  "owner",
  "zone",
  "types",
  "name",
  "keywords",
  "props"
]

/** Free properties: any name, a property value each. */
export const FreeProps = Schema.Record(Schema.String, GameView.Prop)

/** The schemas of one ruleset's skeleton, built once. */
export interface Built {
  readonly player: Schema.Codec<unknown, unknown>
  readonly object: Schema.Codec<unknown, unknown>
  readonly objectKeys: ReadonlyArray<string>
  readonly event: Schema.Codec<unknown, unknown>
  readonly update: Schema.Codec<unknown, unknown>
  readonly stepKinds: ReadonlyArray<string>
}

export const wordProblems = (language: Language.Language): ReadonlyArray<string> => {
  const out: Array<string> = []
  const common = Language.common as Readonly<Record<string, unknown>>
  for (const [kind, k] of Object.entries(language.effects)) {
    const fields = (k.options as { fields?: Record<string, unknown> }).fields
    if (fields === undefined) {
      out.push(`effect kind ${kind}: its options are not a Schema.Struct`)
      continue
    }
    if (!("id" in fields)) out.push(`effect kind ${kind}: no id field`)
    if ("kind" in fields) out.push(`effect kind ${kind}: "kind" is the discriminator, not an option`)
    for (const [name, f] of Object.entries(fields)) {
      if (!(name in common)) continue
      const inner = (f as { schema?: unknown }).schema ?? f
      if (inner !== common[name] && f !== common[name])
        out.push(`effect kind ${kind}: field ${name} is not Language.common.${name} (use Language.pick)`)
    }
  }
  for (const key of Object.keys(language.objects.fields))
    if (skeletonObjectKeys.includes(key))
      out.push(`object property ${key} is the skeleton's (every game has it)`)
  for (const s of Object.keys(language.steps ?? {}))
    if (coreSteps.includes(s)) out.push(`step kind ${s} is a core step kind`)
  for (const q of Object.keys(language.queries ?? {}))
    if (q === "name") out.push(`query kind "name" is the query's name key`)
  return out
}

const cache = new WeakMap<Language.Language, Built>()

export const build = (language: Language.Language): Built => {
  const hit = cache.get(language)
  if (hit !== undefined) return hit
  const problems = wordProblems(language)
  if (problems.length > 0)
    throw new Error(`these words don't fit the scenario skeleton: ${problems.join("; ")}`)
  const objectFields = {
    id: Id,
    controller: opt(Id),
    owner: opt(Id),
    zone: opt(Id),
    types: opt(Ids),
    name: opt(Schema.String),
    keywords: opt(Ids),
    props: opt(FreeProps),
    ...language.objects.fields
  }
  const occurrence = Schema.Struct({
    id: opt(Id),
    family: opt(Id),
    source: opt(Id),
    to: Id,
    // a number, or the game's value read when the event happens ({ prop: power, of: source })
    amount: opt(
      Schema.Union([Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)), Language.AmountExprSchema])
    ),
    kinds: opt(Ids),
    unpreventable: opt(Schema.Boolean),
    params: opt(Schema.Record(Schema.String, GameView.Prop)),
    ...(language.occurrences?.fields ?? {})
  })
  const built: Built = {
    player: Schema.Union([Id, Schema.Struct({ id: Id, ...language.players.fields })]) as Schema.Codec<
      unknown,
      unknown
    >,
    object: Schema.Struct(objectFields) as unknown as Schema.Codec<unknown, unknown>,
    objectKeys: Object.keys(objectFields),
    event: Schema.Struct({
      id: Id,
      family: opt(Id),
      occurrences: Schema.Array(occurrence)
    }) as unknown as Schema.Codec<unknown, unknown>,
    update: Schema.Struct({
      object: Id,
      // the object's (or player's) properties, free ones under `props` (checked by name later)
      set: opt(Schema.Record(Schema.String, Schema.Union([GameView.Prop, FreeProps]))),
      unset: opt(Ids),
      zone: opt(Id),
      controller: opt(Id),
      ...(language.update?.fields ?? {})
    }) as unknown as Schema.Codec<unknown, unknown>,
    stepKinds: [...coreSteps, ...Object.keys(language.steps ?? {})]
  }
  cache.set(language, built)
  return built
}

export const documentSchema = (
  language: Language.Language,
  generic: Schema.Struct.Fields
): Schema.Codec<unknown, unknown> => {
  const b = build(language)
  const kinds = Object.entries(language.effects).map(([kind, k]) =>
    Schema.Struct({
      kind: Schema.Literal(kind),
      ...((k.options as unknown as { fields: Schema.Struct.Fields }).fields ?? {})
    }).annotate({ description: k.summary })
  )
  const effect =
    kinds.length === 0 ? Schema.Never : kinds.length === 1 ? (kinds[0] as Schema.Top) : Schema.Union(kinds)
  const questions = Object.entries(language.queries ?? {}).map(([q, k]) =>
    Schema.Struct({ name: Id, [q]: k.schema as Schema.Top }).annotate({ description: k.summary })
  )
  const query =
    questions.length === 0
      ? Schema.Never
      : questions.length === 1
        ? (questions[0] as Schema.Top)
        : Schema.Union(questions)
  const steps: Array<Schema.Top> = [
    Schema.Struct({ event: b.event as Schema.Top }).annotate({ description: "an event of any family" }),
    Schema.Struct({ update: b.update as Schema.Top }).annotate({
      description: "an object changes outside any event"
    }),
    Schema.Struct({ advance: Schema.Literals(language.boundaries as ReadonlyArray<string>) }).annotate({
      description: "time passes"
    }),
    Schema.Struct({ addEffects: Schema.Array(effect) }).annotate({ description: "effects created now" }),
    Schema.Struct({ query }).annotate({ description: "ask the ruleset a question" }),
    ...Object.entries(language.steps ?? {}).map(([s, k]) =>
      Schema.Struct({ [s]: k.schema as Schema.Top }).annotate({ description: k.summary })
    )
  ]
  return Schema.Struct({
    ...generic,
    players: Schema.Array(b.player as Schema.Top),
    turn: opt(Id),
    objects: opt(Schema.Array(b.object as Schema.Top)),
    effects: opt(Schema.Array(effect)),
    steps: opt(Schema.Array(Schema.Union(steps)))
  }) as unknown as Schema.Codec<unknown, unknown>
}
