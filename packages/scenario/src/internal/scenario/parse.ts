/**
 * `parseScenario`: text → a loaded scenario, in a fixed order of checks, each failing with a
 * typed, located `ScenarioError` and nothing after it run: the file size; the text read (JSON,
 * then the YAML subset, then the YAML parser); the limits and structural problems; NFC; the
 * format; the ruleset; the generic keys and the ruleset's part (format 2: the skeleton's
 * discriminated decoder; format 1: the ruleset's own schema); duplicate ids; the compile; unknown
 * names and `expect:` ids; the budget.
 *
 * @internal
 */
import type { Language, Ruleset } from "@bulwark/core"
import type * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { LineCounter } from "yaml"
import * as Integrity from "../../Integrity.js"
import * as Migrate from "../../Migrate.js"
import type { Limits, LoadedScenario, ParseOptions } from "../../Scenario.js"
import * as ScenarioError from "../../ScenarioError.js"
import * as Skeleton from "../../Skeleton.js"
import * as SourceMap from "../../SourceMap.js"
import * as YamlSubset from "../../YamlSubset.js"
import { compileSteps } from "../skeleton/compile.js"
import { decodeSteps } from "../skeleton/decode.js"
import { runSteps, runStepsEffect, type Steps } from "../steps.js"
import { looksLikeFormat1 } from "./formatGuess.js"
import { GenericSchema, genericKeys } from "./generic.js"
import { defaultLimits, overLimit, structuralIssues } from "./guards.js"
import { withMeaning } from "./meaning.js"
import { toIssues } from "./schemaIssues.js"
import { isRecord, show, suggest } from "./text.js"
import { firstLine, locate, MAX_DEPTH, readYaml, snippet } from "./yaml.js"

/** A compile's result before it is located: the compiled scenario or the path and reason it failed at. */
type Compiled = Result.Result<Ruleset.Compiled, { readonly path: string; readonly reason: string }>

/** What both formats' compile steps read: the document split into its generic and ruleset parts. */
interface Parts {
  readonly fileName: string
  readonly document: Record<string, unknown>
  readonly sourceMap: SourceMap.SourceMap
  readonly ruleset: Ruleset.AnyRuleset
  readonly rulesetPart: Record<string, unknown>
  readonly generic: Result.Result<typeof GenericSchema.Type, Schema.SchemaError>
  readonly genericIssues: ReadonlyArray<ScenarioError.Issue>
  readonly options: { readonly errors: "all"; readonly onExcessProperty: "error" }
}

/**
 * The text read into a mapping — JSON with `JSON.parse`, YAML in the subset with `YamlSubset`,
 * anything else with the YAML parser — and its source map; `quick` when no YAML node tree was
 * built (the map locates on demand). Fails on a text over the size limit or malformed.
 */
const readDocument = (
  text: string,
  fileName: string,
  limits: Limits
): Result.Result<
  {
    readonly data: Record<string, unknown>
    readonly sourceMap: SourceMap.SourceMap
    readonly quick: boolean
  },
  ScenarioError.ScenarioError
> => {
  if (text.length > limits.fileSize)
    return Result.fail(
      new ScenarioError.LimitExceeded({
        file: fileName,
        line: 0,
        column: 0,
        limit: "fileSize",
        value: text.length,
        max: limits.fileSize,
        what: "characters"
      })
    )
  const lineCounter = new LineCounter()
  const malformed = (offset: number, message: string) => {
    const pos = lineCounter.linePos(offset)
    return Result.fail(
      new ScenarioError.MalformedFile({
        file: fileName,
        line: pos.line,
        column: pos.col,
        reason: firstLine(message) + snippet(text, pos.line, pos.col)
      })
    )
  }
  // a JSON text is read with JSON.parse, and located (a YAML node tree) only if a problem needs it
  const json = Integrity.readJson(text, MAX_DEPTH)
  let data: unknown = json
  let sourceMap = locate(text)
  // YAML in the subset most scenario files are written in is read without a YAML node tree
  // (located, like JSON, only if a problem needs it); anything else goes to the YAML parser
  const isJson = /\.json$/i.test(fileName)
  if (json === undefined && !isJson) data = YamlSubset.read(text, MAX_DEPTH)
  const quick = data !== undefined
  if (!quick) {
    const read = readYaml(text, isJson, lineCounter, malformed)
    if (Result.isFailure(read)) return Result.fail(read.failure)
    data = read.success.data
    sourceMap = read.success.sourceMap
  }
  if (!isRecord(data)) {
    return Result.fail(
      new ScenarioError.MalformedFile({
        file: fileName,
        line: 1,
        column: 1,
        reason: `a scenario must be a mapping of keys (ruleset:, …), got ${data === null ? "an empty document" : show(data)}`
      })
    )
  }
  return Result.succeed({ data, sourceMap, quick })
}

/** The installed ruleset the document's `ruleset:` names, or `UnknownRuleset` located at it. */
const findRuleset = (
  document: Readonly<Record<string, unknown>>,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  sourceMap: SourceMap.SourceMap
): Result.Result<Ruleset.AnyRuleset, ScenarioError.UnknownRuleset> => {
  const installed = rulesets.map((r) => r.id)
  const rulesetId = document.ruleset
  const rulesetPos = () => sourceMap.positionOf(["ruleset"])
  if (typeof rulesetId !== "string") {
    return Result.fail(
      new ScenarioError.UnknownRuleset({
        file: fileName,
        ruleset: rulesetId === undefined ? null : show(rulesetId),
        installed,
        line: rulesetId === undefined ? 1 : rulesetPos().line,
        column: rulesetId === undefined ? 1 : rulesetPos().column
      })
    )
  }
  const ruleset = rulesets.find((r) => r.id === rulesetId)
  if (ruleset === undefined) {
    return Result.fail(
      new ScenarioError.UnknownRuleset({
        file: fileName,
        ruleset: rulesetId,
        installed,
        line: rulesetPos().line,
        column: rulesetPos().column
      })
    )
  }
  return Result.succeed(ruleset)
}

/** Format 2: the ruleset's part decoded by the skeleton, duplicate ids refused, then compiled. */
function* compileFormat2(
  parts: Parts,
  language: Language.Language
): Steps<Result.Result<Compiled, ScenarioError.ScenarioError>> {
  const { fileName, document, sourceMap, ruleset, rulesetPart, generic, genericIssues } = parts
  let compiled: Compiled
  const body = yield* decodeSteps(language, rulesetPart, (error, prefix, keys) =>
    toIssues(error, document, sourceMap, prefix, keys).map((i) => ({
      path: SourceMap.parsePath(i.path),
      at: "value" as const,
      message: i.message,
      line: i.line,
      column: i.column
    }))
  )
  const bodyIssues: Array<ScenarioError.Issue> = Result.isFailure(body)
    ? body.failure.map((p) => {
        const located = p as Skeleton.Problem & { line?: number; column?: number }
        const pos =
          located.line === undefined
            ? sourceMap.positionOf(p.path, p.at)
            : { line: located.line, column: located.column ?? 0 }
        const unknownKey = p.message.startsWith("unknown key")
        const hint =
          unknownKey && p.path.length === 1 && !p.message.includes("did you mean")
            ? suggest(String(p.path[0]), [...genericKeys, ...Skeleton.bodyKeys])
            : ""
        return {
          path: SourceMap.formatPath(p.path),
          line: pos.line,
          column: pos.column,
          message: withMeaning(p.message, ruleset.id, p.path, document) + hint
        }
      })
    : []
  const issues = [...genericIssues, ...bodyIssues].sort((x, y) => x.line - y.line || x.column - y.column)
  if (issues.length > 0 || Result.isFailure(generic) || Result.isFailure(body))
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues }))
  yield
  const duplicates = Integrity.duplicateIds(
    document,
    sourceMap,
    Skeleton.idSpacesWith(ruleset.idSpaces ?? [])
  )
  if (duplicates.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: duplicates }))
  yield
  try {
    compiled = yield* compileSteps(language, body.success)
  } catch (err) {
    compiled = Result.fail({
      path: "",
      reason: `the ${ruleset.id} ruleset failed to compile this scenario: ${err instanceof Error ? err.message : String(err)}`
    })
  }
  return Result.succeed(compiled)
}

/** Format 1, for a ruleset that has not moved to the one language yet: its own schema and `compile`. */
const compileFormat1 = (
  parts: Parts,
  format: unknown
): Result.Result<Compiled, ScenarioError.ScenarioError> => {
  const { fileName, document, sourceMap, ruleset, rulesetPart, generic, genericIssues, options } = parts
  let compiled: Compiled
  if (format === Skeleton.FORMAT || ruleset.schema === undefined || ruleset.compile === undefined) {
    const pos = sourceMap.positionOf(["format"])
    return Result.fail(
      new ScenarioError.CompileFailed({
        file: fileName,
        path: "format",
        line: pos.line,
        column: pos.column,
        reason: `the ${ruleset.id} ruleset does not speak scenario format ${Skeleton.FORMAT} yet (it has no \`language\`)`
      })
    )
  }
  // format 1, for a ruleset that has not moved to the one language yet
  let decoded: Result.Result<unknown, Schema.SchemaError>
  try {
    decoded = Schema.decodeUnknownResult(ruleset.schema)(rulesetPart, options)
  } catch (err) {
    return Result.fail(
      new ScenarioError.CompileFailed({
        file: fileName,
        path: "",
        line: 0,
        column: 0,
        reason: `the ${ruleset.id} schema failed: ${err instanceof Error ? err.message : String(err)}`
      })
    )
  }
  const issues = [
    ...genericIssues,
    ...(Result.isFailure(decoded) ? toIssues(decoded.failure, document, sourceMap) : [])
  ].sort((x, y) => x.line - y.line || x.column - y.column)
  if (issues.length > 0 || Result.isFailure(generic) || Result.isFailure(decoded)) {
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues }))
  }
  const duplicates = Integrity.duplicateIds(document, sourceMap, ruleset.idSpaces ?? [])
  if (duplicates.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: duplicates }))
  try {
    compiled = ruleset.compile(decoded.success)
  } catch (err) {
    compiled = Result.fail({
      path: "",
      reason: `the ${ruleset.id} ruleset failed to compile this scenario: ${err instanceof Error ? err.message : String(err)}`
    })
  }
  return Result.succeed(compiled)
}

/** A document read and checked (the first half of {@link parseScenario}), with its source map. */
interface Checked {
  readonly document: Record<string, unknown>
  readonly sourceMap: SourceMap.SourceMap
  /** No YAML node tree was built: the source map locates on demand, and is kept for the run. */
  readonly quick: boolean
}

/**
 * The first half of {@link parseScenario}, on plain data only: the text read into a document,
 * the limits, the structural problems and NFC. What it returns is plain data (mappings, lists,
 * strings, numbers, booleans, null: no cycle, no reserved key), so it can be posted to another
 * thread as it is.
 */
export const checkText = (
  text: string,
  fileName: string,
  parseOptions: ParseOptions = {}
): Result.Result<Checked, ScenarioError.ScenarioError> => {
  const limits: Limits = { ...defaultLimits, ...parseOptions.limits }
  const read = readDocument(text, fileName, limits)
  if (Result.isFailure(read)) return Result.fail(read.failure)
  const { data, quick } = read.success
  const sourceMap = read.success.sourceMap
  const over = overLimit(data, text, fileName, limits, sourceMap)
  if (over !== undefined) return Result.fail(over)
  const structural = structuralIssues(data, sourceMap)
  if (structural.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: structural }))
  // ids are compared in NFC: the whole document is read in NFC (two keys equal in NFC are refused)
  const nfc = Integrity.normalizeDocument(text, data, sourceMap)
  if (nfc.issues.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: nfc.issues }))
  // formats 2 and 3 are migrated here already (plain data to plain data, so in the worker that reads a
  // big file, not in the thread that must answer a signal); one that can't be is left for
  // `compileDocument` to report, after its ruleset is checked
  const up =
    (nfc.data.format === 2 || nfc.data.format === 3) && typeof nfc.data.ruleset === "string"
      ? Migrate.migrateData(nfc.data)
      : undefined
  const document = up !== undefined && Result.isSuccess(up) && isRecord(up.success) ? up.success : nfc.data
  return Result.succeed({ document, sourceMap, quick })
}

export const parseScenario = (
  text: string,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  parseOptions: ParseOptions = {}
): Result.Result<LoadedScenario, ScenarioError.ScenarioError> => {
  const checked = checkText(text, fileName, parseOptions)
  if (Result.isFailure(checked)) return Result.fail(checked.failure)
  const { document, sourceMap, quick } = checked.success
  // the YAML node tree is not kept for the run: located again if a later problem asks
  return compileDocument(document, sourceMap, quick ? sourceMap : () => locate(text), fileName, rulesets)
}

/**
 * The second half of {@link parseScenario}: a document {@link checkText} returned → a loaded
 * scenario. `sourceMap` locates its problems; `kept` is the source map the loaded scenario keeps
 * (or makes it).
 */
export const compileDocument = (
  read: Record<string, unknown>,
  sourceMap: SourceMap.SourceMap,
  kept: SourceMap.SourceMap | (() => SourceMap.SourceMap),
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
): Result.Result<LoadedScenario, ScenarioError.ScenarioError> =>
  runSteps(compileDocumentSteps(read, sourceMap, kept, fileName, rulesets))

/** {@link compileDocument}, as work that pauses while it decodes and compiles a big document. */
function* compileDocumentSteps(
  read: Record<string, unknown>,
  sourceMap: SourceMap.SourceMap,
  kept: SourceMap.SourceMap | (() => SourceMap.SourceMap),
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
): Steps<Result.Result<LoadedScenario, ScenarioError.ScenarioError>> {
  // an explicit older format says what to run; a newer one says this version can't read it
  // (formats 2 and 3 are read through their migration, below)
  if (read.format !== 2 && read.format !== 3) {
    const stated = formatProblem(read.format, fileName, sourceMap)
    if (stated !== undefined) return Result.fail(stated)
  }
  const found = findRuleset(read, fileName, rulesets, sourceMap)
  if (Result.isFailure(found)) return Result.fail(found.failure)
  let document = read
  // formats 2 and 3 are still read: migrated in memory to the current format (what `bulwark
  // migrate` writes), so format 2's escape hatches and core forms load in their generic form and
  // format 3's old family names in their one name; one the migration can't write is a problem
  // located at `format:`
  const stated = document.format
  if (stated === 2 || stated === 3) {
    const up = Migrate.migrateData(document)
    if (Result.isFailure(up) || !isRecord(up.success)) {
      const pos = sourceMap.positionOf(["format"], "value")
      return Result.fail(
        new ScenarioError.SchemaMismatch({
          file: fileName,
          issues: [
            {
              path: "format",
              line: pos.line,
              column: pos.column,
              message: `a format-${stated} file is read through its migration to format ${Skeleton.FORMAT}, which failed: ${Result.isFailure(up) ? up.failure.reason : "not a mapping"}`
            }
          ]
        })
      )
    }
    document = up.success
  }
  const ruleset = found.success
  const format = document.format
  const language = ruleset.language
  if (format === undefined && (language !== undefined || ruleset.schema === undefined))
    return Result.fail(
      looksLikeFormat1(document, language)
        ? new ScenarioError.OutdatedFormat({ file: fileName, format: 1, current: Skeleton.FORMAT })
        : new ScenarioError.SchemaMismatch({
            file: fileName,
            issues: [
              {
                path: "format",
                ...sourceMap.positionOf(["ruleset"], "key"),
                message: `missing key "format": a scenario file says which format it is written in; add \`format: ${Skeleton.FORMAT}\` (the current format) above \`ruleset:\``
              }
            ]
          })
    )
  const genericPart: Record<string, unknown> = {}
  const rulesetPart: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(document)) {
    if (genericKeys.includes(k)) genericPart[k] = v
    else rulesetPart[k] = v
  }
  const options = { errors: "all", onExcessProperty: "error" } as const
  const generic = Schema.decodeUnknownResult(GenericSchema)(genericPart, options)
  const genericIssues = Result.isFailure(generic) ? toIssues(generic.failure, document, sourceMap) : []
  // a format this version doesn't know: that is the problem (its words can't be read)
  if (format !== undefined && format !== Skeleton.FORMAT && genericIssues.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: genericIssues }))
  const parts: Parts = {
    fileName,
    document,
    sourceMap,
    ruleset,
    rulesetPart,
    generic,
    genericIssues,
    options
  }
  const stepped =
    format === Skeleton.FORMAT && language !== undefined
      ? yield* compileFormat2(parts, language)
      : compileFormat1(parts, format)
  if (Result.isFailure(stepped)) return Result.fail(stepped.failure)
  const compiled = stepped.success
  yield
  if (Result.isFailure(compiled)) {
    const pos = sourceMap.positionOf(SourceMap.parsePath(compiled.failure.path))
    return Result.fail(
      new ScenarioError.CompileFailed({
        file: fileName,
        path: compiled.failure.path,
        line: pos.line,
        column: pos.column,
        reason: compiled.failure.reason
      })
    )
  }
  if (Result.isFailure(generic))
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: genericIssues }))
  if (ruleset.vocabulary !== undefined) {
    const unknown = Integrity.unknownNameIssues(compiled.success, ruleset.vocabulary, document, sourceMap)
    if (unknown.length > 0)
      return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: unknown }))
  }
  const unknownIds = Integrity.unknownExpectIds(compiled.success, document.expect, sourceMap)
  if (unknownIds.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: unknownIds }))
  const g = generic.success
  if (g.budget !== undefined && g.strategy !== "best-for-chooser") {
    const pos = sourceMap.positionOf(["budget"])
    return Result.fail(
      new ScenarioError.CompileFailed({
        file: fileName,
        path: "budget",
        line: pos.line,
        column: pos.column,
        reason:
          "`budget:` is the search budget of `strategy: best-for-chooser`; add that strategy or remove the budget"
      })
    )
  }
  return Result.succeed({
    fileName,
    ruleset,
    title: g.title,
    description: g.description,
    decisions: g.decisions,
    strategy: g.strategy,
    budget: typeof g.budget === "object" ? g.budget.states : g.budget,
    timeBudgetMs:
      typeof g.budget === "object" && g.budget.seconds !== undefined ? g.budget.seconds * 1000 : undefined,
    expect: g.expect,
    compiled: compiled.success,
    document,
    sourceMap: typeof kept === "function" ? kept() : kept
  })
}

/**
 * `format: 1` (a whole number below the current format; formats 2 and 3 were migrated in memory before):
 * `OutdatedFormat` located at the value,
 * naming `bulwark migrate`. A whole number above it: a located issue saying this version is too
 * old to read the file. Anything else (no key, the current format, a value that is no format at
 * all) is left to the schema.
 */
const formatProblem = (
  format: unknown,
  fileName: string,
  sourceMap: SourceMap.SourceMap
): ScenarioError.OutdatedFormat | ScenarioError.SchemaMismatch | undefined => {
  if (typeof format !== "number" || !Number.isSafeInteger(format) || format < 1 || format === Skeleton.FORMAT)
    return undefined
  const pos = sourceMap.positionOf(["format"], "value")
  if (format < Skeleton.FORMAT)
    return new ScenarioError.OutdatedFormat({
      file: fileName,
      format,
      current: Skeleton.FORMAT,
      line: pos.line,
      column: pos.column
    })
  return new ScenarioError.SchemaMismatch({
    file: fileName,
    issues: [
      {
        path: "format",
        line: pos.line,
        column: pos.column,
        message: `scenario format ${format} is newer than this version of bulwark reads (format ${Skeleton.FORMAT}, formats 2 and 3 and, through \`bulwark migrate\`, format 1): upgrade bulwark (@bulwark/cli, @bulwark/scenario and the rulesets) to read it`
      }
    ]
  })
}

/** {@link compileDocument} for a document {@link checkText} returned elsewhere (another thread): located in `text`. */
export const loadDocument = (
  document: Record<string, unknown>,
  text: string,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
): Result.Result<LoadedScenario, ScenarioError.ScenarioError> => {
  const sourceMap = locate(text)
  return compileDocument(document, sourceMap, sourceMap, fileName, rulesets)
}

/**
 * {@link loadDocument} as an effect that gives the event loop a turn every few milliseconds
 * while it decodes and compiles (`runStepsEffect`): the same result; interrupting it stops the
 * work at the next turn.
 */
export const loadDocumentEffect = (
  document: Record<string, unknown>,
  text: string,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
): Effect.Effect<Result.Result<LoadedScenario, ScenarioError.ScenarioError>> =>
  runStepsEffect(() => {
    const sourceMap = locate(text)
    return compileDocumentSteps(document, sourceMap, sourceMap, fileName, rulesets)
  })
