/**
 * The one scenario language (format 4): its skeleton, the same for every ruleset, filled with a
 * ruleset's words (core `Language`).
 *
 * ```yaml
 * format: 4
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
 * @module
 */
import type { Errors, Language, Ruleset } from "@bulwark/core"
import type * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import * as internalCompile from "./internal/skeleton/compile.js"
import * as internalDecode from "./internal/skeleton/decode.js"
import * as internalSchemas from "./internal/skeleton/schemas.js"

/**
 * The value of `format:` that marks a file in the one language.
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * Skeleton.FORMAT // 4
 * ```
 * @since 0.1.0
 * @category model
 */
export const FORMAT = 4 as const

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
export const coreSteps: ReadonlyArray<string> = internalSchemas.coreSteps

/**
 * The keys every object has in every game, the skeleton's: `id`, `controller`, `owner`, `zone`,
 * `types`, `name`, `keywords` (what selectors test as `name:` and `keywords:`) and `props`, the
 * free properties a game does not list (under a key of their own, so that a misspelt known key
 * is still an error). A game's object properties are the others.
 *
 * @example
 * ```ts
 * import { Skeleton } from "@bulwark/scenario"
 * Skeleton.objectKeys.includes("keywords") // true
 * ```
 * @since 0.1.0
 * @category model
 */
export const objectKeys: ReadonlyArray<string> = internalSchemas.skeletonObjectKeys

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
export const bodyKeys: ReadonlyArray<string> = internalDecode.bodyKeys

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
  /** The `id:` written beside the step's kind, if any (see `Language.CompileContext` `step`). */
  readonly id?: string
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
 * @function
 * @since 0.1.0
 * @category validation
 */
export const wordProblems: (language: Language.Language) => ReadonlyArray<string> =
  internalSchemas.wordProblems

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
 * @function
 * @since 0.1.0
 * @category decoding
 */
export const decode: (
  language: Language.Language,
  body: Readonly<Record<string, unknown>>,
  schemaProblems: SchemaProblems
) => Result.Result<Body, ReadonlyArray<Problem>> = internalDecode.decode

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
 * @function
 * @since 0.1.0
 * @category compiling
 */
export const occurrenceIds: (
  event: string,
  occurrences: ReadonlyArray<{ readonly id?: string | undefined; readonly to: string }>
) => ReadonlyArray<string> = internalCompile.occurrenceIds

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
 * @function
 * @since 0.1.0
 * @category compiling
 */
export const compile: (
  language: Language.Language,
  body: Body
) => Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> = internalCompile.compile

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
 * @function
 * @since 0.1.0
 * @category schemas
 */
export const documentSchema: (
  language: Language.Language,
  generic: Schema.Struct.Fields
) => Schema.Codec<unknown, unknown> = internalSchemas.documentSchema

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
 * @function
 * @since 0.1.0
 * @category compiling
 */
export const compileData: (
  language: Language.Language,
  data: Readonly<Record<string, unknown>>
) => Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> = internalCompile.compileData
