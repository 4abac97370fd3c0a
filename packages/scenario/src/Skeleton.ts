/**
 * The one scenario language (format 2): its skeleton, the same for every ruleset, filled with a
 * ruleset's words (core `Language`).
 *
 * ```yaml
 * format: 2
 * ruleset: mtg
 * players: [ap, { id: nap, life: 20 }]   # a list; an item is an id or { id, …properties }
 * turn: ap                               # whose turn it is (default: the first player)
 * objects:                               # one shape: id, controller, owner, zone, types, properties
 *   - { id: Z, controller: nap, types: [Creature], power: 5, toughness: 5 }
 * effects:                               # told apart by `kind:`; common fields spelled once
 *   - { kind: shield, id: s, controller: nap, to: Z, amount: 2, duration: endOfTurn }
 * steps:                                 # one key per step: the step kind
 *   - event: { id: e, occurrences: [{ id: d, source: src, to: Z, amount: 3 }] }
 *   - advance: endOfTurn
 * ```
 *
 * Core step kinds: `event` (any family), `update` (an object changes outside any event),
 * `advance` (time passes), `addEffects` (effects created now) and `query` (`{ name, <question>:
 * … }`); a ruleset adds its own (`combat`, `attack`, `stateBasedActions`, …).
 *
 * Decoding is discriminated: an effect is decoded with the schema of its `kind` only, a step
 * with the schema of its one key only, a query with the schema of its question only — so one
 * mistake gives one problem, with a "did you mean" where a name is close to a known one.
 *
 * @since 0.1.0
 */
import {
  Errors,
  GameEvent,
  GameView,
  Language,
  Ledger,
  Names,
  type Replacement,
  Ruleset,
  type Words
} from "@bulwark/core"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

/**
 * The value of `format:` that marks a file in the one language.
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * Skeleton.FORMAT // 2
 * ```
 * @since 0.1.0
 * @category model
 */
export const FORMAT = 2 as const

/**
 * The step kinds every ruleset has.
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * Skeleton.coreSteps.includes("event") // true
 * ```
 * @since 0.1.0
 * @category model
 */
export const coreSteps: ReadonlyArray<string> = ["event", "update", "advance", "addEffects", "query"]

/**
 * The keys of the skeleton that the ruleset's words fill (the generic keys — `format`,
 * `ruleset`, `title`, `description`, `decisions`, `strategy`, `budget`, `expect` — are the
 * scenario library's own).
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * Skeleton.bodyKeys // ["players", "turn", "objects", "effects", "steps"]
 * ```
 * @since 0.1.0
 * @category model
 */
export const bodyKeys: ReadonlyArray<string> = ["players", "turn", "objects", "effects", "steps"]

/**
 * Where ids are written in every format-2 file (the ruleset's `idSpaces` add its own): players
 * and objects share one space, effects another (also those added by steps), events another,
 * occurrences one per event, query names another.
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * Skeleton.idSpaces.map((s) => s.name) // ["object", "effect", "event", "occurrence", "query"]
 * ```
 * @since 0.1.0
 * @category model
 */
export const idSpaces: ReadonlyArray<Ruleset.IdSpace> = [
  { name: "object", paths: ["players[*]", "players[*].id", "objects[*].id"] },
  { name: "effect", paths: ["effects[*].id", "steps[*].addEffects[*].id"] },
  { name: "event", paths: ["steps[*].event.id"] },
  { name: "occurrence", paths: ["occurrences[*].id"], within: "steps[*].event" },
  { name: "query", paths: ["steps[*].query.name"] }
]

/**
 * The id spaces of a ruleset's format-2 files: {@link idSpaces} and the ruleset's own, where a
 * ruleset space named like a skeleton space (and scoped alike) adds its paths to it — Riftbound's
 * `combat` step is an event, so `{ name: "event", paths: ["steps[*].combat.id"] }` puts combat
 * ids in the events' space, and a duplicate is still one problem.
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * Skeleton.idSpacesWith([{ name: "event", paths: ["steps[*].combat.id"] }]).find((s) => s.name === "event")?.paths
 * // ["steps[*].event.id", "steps[*].combat.id"]
 * ```
 * @since 0.1.0
 * @category model
 */
export const idSpacesWith = (own: ReadonlyArray<Ruleset.IdSpace>): ReadonlyArray<Ruleset.IdSpace> => {
  const out = idSpaces.map((s) => ({ ...s, paths: [...s.paths] }))
  for (const s of own) {
    const same = out.find((o) => o.name === s.name && o.within === s.within)
    if (same === undefined) out.push({ ...s, paths: [...s.paths] })
    else same.paths.push(...s.paths.filter((p) => !same.paths.includes(p)))
  }
  return out
}

/**
 * A problem found while decoding, before it is located in the file: its path (segments) and
 * message; `at` says whether it points at the key or the value.
 *
 * @example
 * ```ts
 * import type { Skeleton } from "@bulwark/scenario"
 * const p: Skeleton.Problem = { path: ["effects", 0, "kind"], at: "value", message: "unknown kind \"sheild\"" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Problem {
  readonly path: ReadonlyArray<string | number>
  readonly at: "key" | "value"
  readonly message: string
}

/**
 * Turns a schema failure of the value at `prefix` into problems (the scenario loader passes
 * its own, which knows the document and how to phrase schema issues); `keys` are the keys the
 * value's mapping accepts, for a "did you mean" on an unknown one.
 *
 * @example
 * ```ts
 * import type { Skeleton } from "@bulwark/scenario"
 * const none: Skeleton.SchemaProblems = () => []
 * ```
 * @since 0.1.0
 * @category model
 */
export type SchemaProblems = (
  error: Schema.SchemaError,
  prefix: ReadonlyArray<string | number>,
  keys: ReadonlyArray<string>
) => ReadonlyArray<Problem>

/**
 * A decoded format-2 body (the ruleset's part of the file), ready to compile.
 *
 * @example
 * ```ts
 * import type { Skeleton } from "@bulwark/scenario"
 * const players = (b: Skeleton.Body) => b.players.map((p) => p.id)
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Body {
  readonly players: ReadonlyArray<Language.ObjectEntry>
  readonly turn: string | undefined
  readonly objects: ReadonlyArray<Language.ObjectEntry>
  readonly effects: ReadonlyArray<DecodedEffect>
  readonly steps: ReadonlyArray<DecodedStep>
}

/**
 * One decoded effect: its kind and options (everything but `kind`), and its path.
 *
 * @example
 * ```ts
 * import type { Skeleton } from "@bulwark/scenario"
 * const e: Skeleton.DecodedEffect = { kind: "shield", options: { id: "s", amount: 2 }, path: "effects[0]" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface DecodedEffect {
  readonly kind: string
  readonly options: Readonly<Record<string, unknown>>
  readonly path: string
}

/**
 * One decoded step: its kind (the key), its decoded value, and its path.
 *
 * @example
 * ```ts
 * import type { Skeleton } from "@bulwark/scenario"
 * const s: Skeleton.DecodedStep = { kind: "advance", value: "endOfTurn", path: "steps[0]" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface DecodedStep {
  readonly kind: string
  readonly value: unknown
  readonly path: string
}

const Id = Schema.NonEmptyString
const Ids = Schema.Array(Schema.NonEmptyString)
const opt = Schema.optionalKey

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const show = (u: unknown): string => {
  const s = JSON.stringify(u)
  if (s === undefined) return String(u)
  return s.length > 60 ? `${s.slice(0, 57)}...` : s
}

const didYouMean = (actual: string, options: ReadonlyArray<string>): string => {
  const best = Names.closest(actual, options)
  return best === undefined ? "" : ` (did you mean ${show(best)}?)`
}

const formatPath = (path: ReadonlyArray<string | number>): string =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("")

/** The schemas of one ruleset's skeleton, built once. */
interface Built {
  readonly player: Schema.Codec<unknown, unknown>
  readonly object: Schema.Codec<unknown, unknown>
  readonly objectKeys: ReadonlyArray<string>
  readonly event: Schema.Codec<unknown, unknown>
  readonly update: Schema.Codec<unknown, unknown>
  readonly stepKinds: ReadonlyArray<string>
}

const fieldsOf = (s: unknown): ReadonlyArray<string> => {
  const fields =
    (typeof s === "object" || typeof s === "function") && s !== null
      ? (s as { fields?: unknown }).fields
      : undefined
  return isRecord(fields) ? Object.keys(fields) : []
}

/**
 * The mistakes a ruleset's words can make against the skeleton: a kind that spells a common
 * field with its own schema, a ruleset step or query named like a core one. Empty when the words
 * fit; the scenario library refuses to use words that don't (a test runs it over every ruleset).
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * import type { Language } from "@bulwark/core"
 * declare const words: Language.Language
 * Skeleton.wordProblems(words) // [] when every kind spells the common fields as core does
 * ```
 * @since 0.1.0
 * @category validation
 */
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
  for (const s of Object.keys(language.steps ?? {}))
    if (coreSteps.includes(s)) out.push(`step kind ${s} is a core step kind`)
  for (const q of Object.keys(language.queries ?? {}))
    if (q === "name") out.push(`query kind "name" is the query's name key`)
  return out
}

const cache = new WeakMap<Language.Language, Built>()

const build = (language: Language.Language): Built => {
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
    ...language.objects.fields
  }
  const occurrence = Schema.Struct({
    id: opt(Id),
    family: opt(Id),
    source: opt(Id),
    to: Id,
    amount: opt(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
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
      set: opt(Schema.Record(Schema.String, GameView.Prop)),
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

type At = <A>(
  schema: Schema.Codec<A, unknown>,
  value: unknown,
  prefix: ReadonlyArray<string | number>
) => A | undefined

const decodeEffect = (
  language: Language.Language,
  e: unknown,
  path: ReadonlyArray<string | number>,
  at: At,
  problems: Array<Problem>
): DecodedEffect | undefined => {
  const kinds = Object.keys(language.effects)
  const expected = kinds.map((k) => show(k)).join(" | ")
  if (!isRecord(e)) {
    problems.push({
      path,
      at: "value",
      message: `an effect is a mapping with a kind: (${expected}), got ${show(e)}`
    })
    return undefined
  }
  const kind = e.kind
  if (kind === undefined) {
    problems.push({ path, at: "value", message: `missing key "kind" (one of ${expected})` })
    return undefined
  }
  const k =
    typeof kind === "string" && Object.hasOwn(language.effects, kind) ? language.effects[kind] : undefined
  if (k === undefined || typeof kind !== "string") {
    problems.push({
      path: [...path, "kind"],
      at: "value",
      message: `unknown kind ${show(kind)}${typeof kind === "string" ? didYouMean(kind, kinds) : ""}; expected one of ${expected}`
    })
    return undefined
  }
  const { kind: _, ...rest } = e
  const options = at(k.options, rest, path)
  return options === undefined
    ? undefined
    : { kind, options: options as Record<string, unknown>, path: formatPath(path) }
}

const decodeOptions = { errors: "all", onExcessProperty: "error" } as const

const atWith =
  (schemaProblems: SchemaProblems, problems: Array<Problem>): At =>
  (schema, value, prefix) => {
    const r = Schema.decodeUnknownResult(schema)(value, decodeOptions)
    if (Result.isSuccess(r)) return r.success
    problems.push(...schemaProblems(r.failure, prefix, fieldsOf(schema)))
    return undefined
  }

/**
 * Decodes the ruleset's part of a format-2 document (`players`, `turn`, `objects`, `effects`,
 * `steps`), discriminated: each effect by its `kind`, each step by its key, each query by its
 * question. Returns the decoded body, or every problem found (one per mistake).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Skeleton } from "@bulwark/scenario"
 * import type { Language } from "@bulwark/core"
 * declare const words: Language.Language
 * const r = Skeleton.decode(words, { players: ["a"], effects: [{ kind: "sheild", id: "s" }] }, () => [])
 * // Result.fail([{ path: ["effects", 0, "kind"], message: "unknown kind \"sheild\" (did you mean \"shield\"?) …" }])
 * ```
 * @since 0.1.0
 * @category decoding
 */
export const decode = (
  language: Language.Language,
  body: Readonly<Record<string, unknown>>,
  schemaProblems: SchemaProblems
): Result.Result<Body, ReadonlyArray<Problem>> => {
  const b = build(language)
  const problems: Array<Problem> = []
  const at = atWith(schemaProblems, problems)
  const list = (key: string, required: boolean): ReadonlyArray<unknown> => {
    const v = body[key]
    if (v === undefined) {
      // a typo of the key is already its problem (an unknown key, "did you mean" this one)
      const typo = Object.keys(body).some((k) => !bodyKeys.includes(k) && Names.closest(k, bodyKeys) === key)
      if (required && !typo) problems.push({ path: [key], at: "key", message: `missing key ${show(key)}` })
      return []
    }
    if (!Array.isArray(v)) {
      problems.push({ path: [key], at: "value", message: `expected a list, got ${show(v)}` })
      return []
    }
    return v
  }
  for (const k of Object.keys(body))
    if (!bodyKeys.includes(k))
      problems.push({ path: [k], at: "key", message: `unknown key ${show(k)}${didYouMean(k, bodyKeys)}` })
  const players: Array<Language.ObjectEntry> = []
  list("players", true).forEach((p, i) => {
    const d = at(b.player, p, ["players", i])
    if (d !== undefined) players.push(typeof d === "string" ? { id: d } : (d as Language.ObjectEntry))
  })
  let turn: string | undefined
  if (body.turn !== undefined) turn = at(Id, body.turn, ["turn"])
  const objects: Array<Language.ObjectEntry> = []
  list("objects", false).forEach((o, i) => {
    const d = at(b.object, o, ["objects", i])
    if (d !== undefined) objects.push(d as Language.ObjectEntry)
  })
  const effect = (e: unknown, path: ReadonlyArray<string | number>) =>
    decodeEffect(language, e, path, at, problems)
  const effects: Array<DecodedEffect> = []
  list("effects", false).forEach((e, i) => {
    const d = effect(e, ["effects", i])
    if (d !== undefined) effects.push(d)
  })
  const steps: Array<DecodedStep> = []
  list("steps", false).forEach((s, i) => {
    const path = ["steps", i] as const
    const expected = b.stepKinds.map((k) => show(k)).join(" | ")
    const keys = isRecord(s) ? Object.keys(s) : []
    if (!isRecord(s) || keys.length !== 1) {
      problems.push({
        path,
        at: "value",
        message: `a step is a mapping with one key, its kind (${expected}), got ${keys.length > 1 ? `the keys ${keys.map((k) => show(k)).join(", ")}` : show(s)}`
      })
      return
    }
    const kind = keys[0] as string
    const value = s[kind]
    const here = [...path, kind]
    if (!b.stepKinds.includes(kind)) {
      problems.push({
        path: here,
        at: "key",
        message: `unknown step kind ${show(kind)}${didYouMean(kind, b.stepKinds)}; expected one of ${expected}`
      })
      return
    }
    const before = problems.length
    let decoded: unknown
    switch (kind) {
      case "event":
        decoded = at(b.event, value, here)
        break
      case "update":
        decoded = at(b.update, value, here)
        break
      case "advance":
        decoded = at(Id, value, here)
        break
      case "addEffects": {
        if (!Array.isArray(value)) {
          problems.push({
            path: here,
            at: "value",
            message: `expected a list of effects, got ${show(value)}`
          })
          break
        }
        const out: Array<DecodedEffect> = []
        value.forEach((e, j) => {
          const d = effect(e, [...here, j])
          if (d !== undefined) out.push(d)
        })
        decoded = out
        break
      }
      case "query": {
        const questions = Object.keys(language.queries ?? {})
        const expectedQ = questions.map((q) => show(q)).join(" | ")
        if (!isRecord(value)) {
          problems.push({
            path: here,
            at: "value",
            message: `expected { name, <question>: … }, got ${show(value)}`
          })
          break
        }
        const name = at(Id, value.name, [...here, "name"])
        const asked = Object.keys(value).filter((k) => k !== "name")
        if (value.name === undefined)
          problems.push({ path: here, at: "value", message: `missing key "name"` })
        if (asked.length !== 1) {
          problems.push({
            path: here,
            at: "value",
            message: `a query asks one question (${expectedQ || "this ruleset has none"}), got ${asked.length === 0 ? "none" : asked.map((q) => show(q)).join(", ")}`
          })
          break
        }
        const q = asked[0] as string
        const kindQ = Object.hasOwn(language.queries ?? {}, q) ? language.queries?.[q] : undefined
        if (kindQ === undefined) {
          problems.push({
            path: [...here, q],
            at: "key",
            message: `unknown question ${show(q)}${didYouMean(q, questions)}; expected one of ${expectedQ}`
          })
          break
        }
        const args = at(kindQ.schema, value[q], [...here, q])
        if (name !== undefined && args !== undefined) decoded = { name, question: q, args }
        break
      }
      default: {
        const k = language.steps?.[kind]
        if (k !== undefined) decoded = at(k.schema, value, here)
      }
    }
    if (problems.length === before && decoded !== undefined)
      steps.push({ kind, value: decoded, path: formatPath(path) })
  })
  if (problems.length > 0) return Result.fail(problems)
  const decodedBody: Body = { players, turn, objects, effects, steps }
  const names = namesProblems(language, decodedBody, b)
  return names.length > 0 ? Result.fail(names) : Result.succeed(decodedBody)
}

const parsePath = (p: string): Array<string | number> => {
  const out: Array<string | number> = []
  for (const m of p.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    out.push(m[2] !== undefined ? Number(m[2]) : (m[1] as string))
  return out
}

// Unknown ids, unknown selector properties, unknown durations, boundaries and families: each a
// problem at its place with a "did you mean".
const namesProblems = (language: Language.Language, body: Body, b: Built): ReadonlyArray<Problem> => {
  const out: Array<Problem> = []
  const players = body.players.map((p) => p.id)
  const ids = [...players, ...body.objects.map((o) => o.id)]
  const idSet = new Set(ids)
  const playerSet = new Set(players)
  const id = (
    path: ReadonlyArray<string | number>,
    v: unknown,
    what = "id",
    among: ReadonlyArray<string> = ids
  ) => {
    if (typeof v !== "string" || (what === "player" ? playerSet : idSet).has(v)) return
    out.push({ path, at: "value", message: `unknown ${what} ${show(v)}${didYouMean(v, among)}` })
  }
  const name = (
    path: ReadonlyArray<string | number>,
    v: unknown,
    what: string,
    among: ReadonlyArray<string>
  ) => {
    if (typeof v !== "string" || among.includes(v)) return
    out.push({
      path,
      at: "value",
      message: `unknown ${what} ${show(v)}${didYouMean(v, among)}; expected one of ${among.map((x) => show(x)).join(" | ")}`
    })
  }
  const playerWords = ["you", "opponent", "active"]
  const selectorProps = [...Language.selectorKeys, ...b.objectKeys.filter((k) => k !== "id")]
  const selector = (path: ReadonlyArray<string | number>, s: unknown): void => {
    if (typeof s === "string") {
      id(path, s)
      return
    }
    if (Array.isArray(s)) {
      s.forEach((x, i) => {
        id([...path, i], x)
      })
      return
    }
    if (!isRecord(s)) return
    for (const [k, v] of Object.entries(s)) {
      const here = [...path, k]
      if (!selectorProps.includes(k))
        out.push({
          path: here,
          at: "key",
          message: `unknown selector key ${show(k)}${didYouMean(k, selectorProps)}`
        })
      else if (k === "ids" && Array.isArray(v)) for (const [i, x] of v.entries()) id([...here, i], x)
      else if ((k === "controller" || k === "owner") && typeof v === "string" && !playerWords.includes(v))
        id(here, v, "player", [...playerWords, ...players])
      else if (k === "any" && Array.isArray(v)) for (const [i, x] of v.entries()) selector([...here, i], x)
      else if (k === "not") selector(here, v)
    }
  }
  // the selectors inside an amount computed when the effect applies (`{ count: … }`, nested)
  const amount = (path: ReadonlyArray<string | number>, a: unknown): void => {
    if (!isRecord(a)) return
    for (const [k, v] of Object.entries(a)) {
      if (k === "count") selector([...path, k], v)
      else if (Array.isArray(v))
        v.forEach((x, i) => {
          amount([...path, k, i], x)
        })
      else amount([...path, k], v)
    }
  }
  if (body.turn !== undefined) id(["turn"], body.turn, "player", players)
  body.objects.forEach((o, i) => {
    id(["objects", i, "controller"], o.controller, "player", players)
    id(["objects", i, "owner"], o.owner, "player", players)
  })
  const effect = (e: DecodedEffect) => {
    const p = parsePath(e.path)
    const o = e.options
    id([...p, "controller"], o.controller, "player", players)
    id([...p, "source"], o.source)
    if (o.to !== undefined) selector([...p, "to"], o.to)
    if (o.from !== undefined) selector([...p, "from"], o.from)
    amount([...p, "amount"], o.amount)
    name([...p, "duration"], o.duration, "duration", language.durations)
  }
  body.effects.forEach(effect)
  for (const s of body.steps) {
    const p = parsePath(s.path)
    if (s.kind === "advance") name([...p, "advance"], s.value, "boundary", language.boundaries)
    else if (s.kind === "addEffects") (s.value as ReadonlyArray<DecodedEffect>).forEach(effect)
    else if (s.kind === "update") {
      const u = s.value as Record<string, unknown>
      id([...p, "update", "object"], u.object)
      id([...p, "update", "controller"], u.controller, "player", players)
    } else if (s.kind === "event") {
      const ev = s.value as { family?: string; occurrences: ReadonlyArray<Record<string, unknown>> }
      name([...p, "event", "family"], ev.family, "family", language.families)
      ev.occurrences.forEach((o, j) => {
        const q = [...p, "event", "occurrences", j]
        id([...q, "to"], o.to)
        id([...q, "source"], o.source)
        name([...q, "family"], o.family, "family", language.families)
      })
    }
  }
  return out
}

const objectOf = (
  entry: Language.ObjectEntry,
  kind: "player" | "object",
  defaultZone: string
): GameView.GameObject => {
  const { id, controller, owner, zone, ...props } = entry
  const clean: Record<string, GameView.Prop> = {}
  for (const [k, v] of Object.entries(props)) if (v !== undefined) clean[k] = v as GameView.Prop
  if (kind === "player") return { id, kind, props: clean }
  return {
    id,
    kind,
    ...(controller === undefined ? {} : { controller }),
    ...((owner ?? controller) === undefined ? {} : { owner: (owner ?? controller) as string }),
    zone: zone ?? defaultZone,
    props: { types: [], ...clean }
  }
}

/**
 * The default occurrence ids of an event: `<event>-<to>`, and `<event>-<to>-2`, `-3`, … when
 * several occurrences share a recipient; an occurrence that names its `id` keeps it.
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * Skeleton.occurrenceIds("e", [{ to: "a" }, { to: "b" }, { to: "a" }, { id: "x", to: "c" }])
 * // ["e-a", "e-b", "e-a-2", "x"]
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const occurrenceIds = (
  event: string,
  occurrences: ReadonlyArray<{ readonly id?: string | undefined; readonly to: string }>
): ReadonlyArray<string> => {
  const seen = new Map<string, number>()
  return occurrences.map((o) => {
    if (o.id !== undefined) return o.id
    const n = (seen.get(o.to) ?? 0) + 1
    seen.set(o.to, n)
    return n === 1 ? `${event}-${o.to}` : `${event}-${o.to}-${n}`
  })
}

const errorText = (err: unknown): string => {
  if (err instanceof Errors.ScenarioInvalid) return err.reason
  if (typeof err === "object" && err !== null && "message" in err)
    return String((err as { message: unknown }).message)
  return String(err)
}

/**
 * Compiles a decoded body into core data: the starting view (players, `turn`, objects, then the
 * ruleset's `prepare`), the ledger (the effects objects bring with them, then each effect built
 * by its kind's constructor, then the effects the state derives) and the steps (around an
 * `advance`, what the ruleset says happens then). An effect that names a `source` and no
 * `controller` gets its source's controller, when its kind has a `controller` option. A
 * constructor that refuses its options (a typed error) becomes a problem at that effect.
 * Constructors and ruleset steps see the view as the updates before them leave it and the
 * effects written before them (`CompileContext`).
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * import type { Language } from "@bulwark/core"
 * declare const words: Language.Language
 * declare const body: Skeleton.Body
 * const compiled = Skeleton.compile(words, body) // Result<Ruleset.Compiled, Errors.ScenarioInvalid>
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const compile = (
  language: Language.Language,
  body: Body
): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> =>
  Ruleset.attempt(() => {
    const playerIds = body.players.map((p) => p.id)
    const players = body.players.map((p) => (language.players.make ?? ((e) => objectOf(e, "player", "")))(p))
    const objects = body.objects.map((o) =>
      (language.objects.make ?? ((e) => objectOf(e, "object", language.objects.defaultZone)))(o)
    )
    let view = GameView.make({
      players: playerIds,
      activePlayer: body.turn ?? playerIds[0] ?? "",
      objects: [...players, ...objects]
    })
    if (language.prepare !== undefined) view = language.prepare(view)
    // the view as the update steps so far leave it (events are not replayed when compiling)
    let tracked = view
    const makeEffect = (e: DecodedEffect): ReadonlyArray<Replacement.Replacement> => {
      const k = language.effects[e.kind] as Language.EffectKind
      // `controller` defaults to the source's controller (a common field's meaning)
      const source = e.options.source
      const options =
        e.options.controller === undefined &&
        typeof source === "string" &&
        fieldsOf(k.options).includes("controller") &&
        GameView.controllerOf(tracked, source) !== undefined
          ? { ...e.options, controller: GameView.controllerOf(tracked, source) }
          : e.options
      try {
        const made = k.make(options, tracked)
        return Array.isArray(made) ? made : [made as Replacement.Replacement]
      } catch (err) {
        return Ruleset.invalid(e.path, errorText(err))
      }
    }
    const present = new Set<string>()
    const checked = (
      made: ReadonlyArray<Replacement.Replacement>,
      path: string
    ): ReadonlyArray<Replacement.Replacement> => {
      const bad = Ledger.validate(
        made,
        [...present].map((id) => ({ id }) as Replacement.Replacement)
      )
      if (bad !== undefined) Ruleset.invalid(`${path} (${bad.effect})`, `${bad.path}: ${bad.reason}`)
      for (const e of made) present.add(e.id)
      return made
    }
    const derived = (): ReadonlyArray<Replacement.Replacement> =>
      (language.derived?.(tracked) ?? []).filter((e) => !present.has(e.id))
    const brought = checked(
      language.objects.effects === undefined ? [] : body.objects.flatMap(language.objects.effects),
      "objects"
    )
    const fileEffects = checked(body.effects.flatMap(makeEffect), "effects")
    const initial = checked(derived(), "effects")
    // effects a ruleset's step puts into the starting ledger (Riftbound 465.2.d), each id once
    const extra: Array<Replacement.Replacement> = []
    const startWith = (effects: ReadonlyArray<Replacement.Replacement>) => {
      for (const e of effects) if (!present.has(e.id) && !extra.some((f) => f.id === e.id)) extra.push(e)
    }
    // the effects written so far and still lasting, as decoded (for ruleset steps)
    let written: Array<Language.WrittenEffect & { readonly duration?: unknown }> = body.effects.map((e) => ({
      kind: e.kind,
      options: e.options,
      duration: e.options.duration
    }))
    const ctxAt = (path: string): Language.CompileContext => ({
      view,
      current: tracked,
      written: written.map(({ kind, options }) => ({ kind, options })),
      path,
      invalid: Ruleset.invalid,
      startWith,
      effects: (entries, p) => {
        const problems: Array<Problem> = []
        const at = atWith(
          (_e, prefix) => [{ path: prefix, at: "value", message: "does not fit its kind's options" }],
          problems
        )
        const decoded = entries.map((e, i) => decodeEffect(language, e, [...parsePath(p), i], at, problems))
        if (problems.length > 0)
          return Ruleset.invalid(
            formatPath(problems[0]?.path ?? []),
            problems[0]?.message ?? "invalid effect"
          )
        return decoded.flatMap((e) => (e === undefined ? [] : makeEffect(e)))
      }
    })
    const steps: Array<Ruleset.Step> = []
    const push = (step: Ruleset.Step): void => {
      if (step._tag === "Update") tracked = step.apply(tracked)
      steps.push(step)
    }
    for (const s of body.steps) {
      const path = `${s.path}.${s.kind}`
      switch (s.kind) {
        case "event": {
          const ev = s.value as {
            id: string
            family?: string
            occurrences: ReadonlyArray<Record<string, unknown> & { id?: string; to: string }>
          }
          const ids = occurrenceIds(ev.id, ev.occurrences)
          const family = ev.family ?? GameEvent.DAMAGE
          const occurrences = ev.occurrences.map((o, j) => {
            const fam = (o.family as string | undefined) ?? family
            // an occurrence that names no amount: once for a family without a number (a death),
            // otherwise 0
            const once = language.amountless?.includes(fam) === true
            const entry = {
              ...o,
              id: ids[j] as string,
              family: fam,
              amount: (o.amount as number | undefined) ?? (once ? 1 : 0)
            } as Language.OccurrenceEntry
            const make = language.occurrences?.make
            return make === undefined
              ? Language.occurrence(entry)
              : make(entry, ctxAt(`${path}.occurrences[${j}]`))
          })
          push({ _tag: "Event", event: GameEvent.make(ev.id, occurrences) })
          break
        }
        case "advance": {
          const boundary = s.value as string
          const around = language.advance?.(boundary, ctxAt(path))
          for (const step of around?.before ?? []) push(step)
          push({ _tag: "Advance", boundary })
          written = written.filter((w) => w.duration !== boundary)
          for (const step of around?.after ?? []) push(step)
          break
        }
        case "addEffects": {
          const added = s.value as ReadonlyArray<DecodedEffect>
          push({ _tag: "AddEffects", effects: checked(added.flatMap(makeEffect), path) })
          for (const e of added)
            written.push({ kind: e.kind, options: e.options, duration: e.options.duration })
          break
        }
        case "update": {
          const { object, set, unset, zone, controller, ...own } = s.value as {
            object: string
            set?: Record<string, GameView.Prop>
            unset?: ReadonlyArray<string>
            zone?: string
            controller?: string
          } & Record<string, unknown>
          const whole = language.update?.view
          const apply = (v: GameView.GameView): GameView.GameView => {
            if (whole !== undefined) return whole(v, s.value as { object: string })
            const o = GameView.get(v, object)
            if (o === undefined) return v
            const props: Record<string, GameView.Prop> = { ...o.props, ...(set ?? {}) }
            for (const u of unset ?? []) delete props[u]
            let next: GameView.GameObject = {
              ...o,
              ...(zone === undefined ? {} : { zone }),
              ...(controller === undefined ? {} : { controller }),
              props
            }
            if (language.update?.apply !== undefined && Object.keys(own).length > 0)
              next = language.update.apply(next, own, v)
            return GameView.setObject(v, next)
          }
          const said = [
            zone === undefined ? "" : `to ${zone}`,
            controller === undefined ? "" : `controller ${controller}`,
            set === undefined ? "" : `set ${JSON.stringify(set)}`,
            unset === undefined ? "" : `unset ${unset.join(", ")}`
          ].filter((x) => x !== "")
          const label = language.update?.label?.(s.value as { object: string }, tracked)
          const phrase: Words.Phrase | undefined =
            label === undefined
              ? {
                  key: "update",
                  args: {
                    object,
                    ...(zone === undefined ? {} : { zone }),
                    ...(controller === undefined ? {} : { controller }),
                    ...(set === undefined ? {} : { set: JSON.stringify(set) }),
                    ...(unset === undefined ? {} : { unset: unset.join(", ") })
                  }
                }
              : language.update?.phrase?.(s.value as { object: string }, tracked)
          push({
            _tag: "Update",
            label: label ?? `update ${object}${said.length === 0 ? "" : `: ${said.join("; ")}`}`,
            apply,
            ...(phrase === undefined ? {} : { phrase })
          })
          const fresh = checked(derived(), path)
          if (fresh.length > 0) push({ _tag: "AddEffects", effects: fresh })
          break
        }
        case "query": {
          const q = s.value as { name: string; question: string; args: unknown }
          const kind = language.queries?.[q.question] as Language.QueryKind
          push({
            _tag: "Query",
            name: q.name,
            run: kind.compile(q.args, ctxAt(`${path}.${q.question}`))
          })
          break
        }
        default: {
          const k = language.steps?.[s.kind] as Language.StepKind
          for (const step of k.compile(s.value, ctxAt(path))) push(step)
        }
      }
    }
    return { view, ledger: Ledger.make([...brought, ...fileEffects, ...initial, ...extra]), steps }
  })

/**
 * The schema of a whole format-2 document of this ruleset, for JSON Schema export and editors:
 * the generic keys (`generic`, as the scenario library passes them), then `players`, `turn`,
 * `objects`, `effects` (a union of the kinds, each tagged by its `kind:` literal) and `steps` (a
 * union of one-key mappings). Decoding uses {@link decode}, which reports one problem per
 * mistake; this schema describes the same documents.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Skeleton } from "@bulwark/scenario"
 * import type { Language } from "@bulwark/core"
 * declare const words: Language.Language
 * const json = Schema.toJsonSchemaDocument(Skeleton.documentSchema(words, {}))
 * ```
 * @since 0.1.0
 * @category schemas
 */
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

const GENERIC: ReadonlyArray<string> = [
  "format",
  "ruleset",
  "title",
  "description",
  "decisions",
  "strategy",
  "budget",
  "expect"
]

/**
 * Decodes and compiles a format-2 scenario written as data (a test's or a program's object,
 * not a file): the generic keys are ignored, the first problem is the error.
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * import type { Language } from "@bulwark/core"
 * declare const words: Language.Language
 * const compiled = Skeleton.compileData(words, { players: ["a", "b"], steps: [{ advance: "endOfTurn" }] })
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const compileData = (
  language: Language.Language,
  data: Readonly<Record<string, unknown>>
): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> => {
  const body: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(data)) if (!GENERIC.includes(k)) body[k] = v
  const r = decode(language, body, (error, prefix) => [
    { path: prefix, at: "value", message: error.message.split("\n").join(" ") }
  ])
  if (Result.isFailure(r)) {
    const first = r.failure[0]
    return Result.fail(
      new Errors.ScenarioInvalid({
        path: formatPath(first?.path ?? []),
        reason: r.failure.map((p) => `${formatPath(p.path)}: ${p.message}`).join("; ")
      })
    )
  }
  return compile(language, r.success)
}
