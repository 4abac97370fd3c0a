/**
 * Loading and checking scenario files.
 *
 * A scenario is a YAML (or JSON) mapping. The *generic* keys are handled here:
 *
 * - `ruleset` (required): the id of an installed ruleset (`mtg`, `riftbound`, `berserk`, `fab`, …);
 * - `title`, `description`: free text;
 * - `decisions`: scripted answers, in the order the decisions are asked over the whole scenario —
 *   an effect id or player id (string), a yes/no (boolean), or points per occurrence
 *   (`{ i1: 2, i2: 1 }`);
 * - `strategy`: `first` (the first legal option) or `best-for-chooser` (each chooser picks what
 *   minimises the damage dealt to them and their objects);
 * - `budget`: with `strategy: best-for-chooser`, how many states its search may explore per
 *   decision (a whole number ≥ 1; default core's 200 000), or `{ states, seconds }` to set either
 *   or both (seconds: how long one decision's search may run; default core's 5); past either
 *   the run fails with `SearchBudgetExceeded`;
 * - `expect`: the outcome the run must produce (a deep-partial match against `Ruleset.Outcome`).
 *
 * Every other key belongs to the ruleset and is decoded with its `schema` (unknown keys are
 * errors, so typos are caught), then compiled with its `compile`.
 *
 * Which chooser answers the decisions ({@link chooserFor}):
 *
 * | `decisions` | `strategy` | decisions are answered by |
 * |---|---|---|
 * | given | — | the script only; a decision past its end is an error naming it (MissingDecision) |
 * | given | given | the script first, then the strategy for the rest |
 * | — | given | the strategy |
 * | — | — | `first` (every decision still appears in the outcome and the trace) |
 *
 * A script is never silently extended: if you wrote answers, a decision you did not foresee is
 * reported instead of guessed.
 *
 * @since 0.1.0
 * @module
 */
import { Amount, Chooser, Decision, Expect, type Kernel, Names, Ruleset } from "@bulwark/core"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  type Scalar
} from "yaml"
import * as Integrity from "./Integrity.js"
import * as ScenarioError from "./ScenarioError.js"
import * as Skeleton from "./Skeleton.js"
import * as SourceMap from "./SourceMap.js"
import * as YamlSubset from "./YamlSubset.js"

/**
 * A decision strategy: `first` answers every decision with its first legal option;
 * `best-for-chooser` with the option that minimises the damage dealt to the chooser's side,
 * assuming everyone after plays the same way (core `Chooser.bestForChooser`).
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const s: Scenario.Strategy = "best-for-chooser"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Strategy = "first" | "best-for-chooser"

const STRATEGIES = ["first", "best-for-chooser"] as const satisfies ReadonlyArray<Strategy>

/**
 * The strategies, as a list (for CLI flags and schemas).
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * Scenario.strategies // ["first", "best-for-chooser"]
 * ```
 * @since 0.1.0
 * @category model
 */
export const strategies: ReadonlyArray<Strategy> = STRATEGIES

/**
 * Schema of the `expect:` block: each key is a part of core's `Ruleset.Outcome`, matched deep
 * and partially (only what you state is checked).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/scenario"
 * Schema.is(Scenario.ExpectSchema)({ events: { e1: { dealt: { bear: 1 } } } }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const ExpectSchema = Schema.Struct({
  events: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  state: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  effects: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  decisions: Schema.optionalKey(Schema.Array(Schema.Unknown)),
  queries: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  error: Schema.optionalKey(
    Schema.Struct({
      tag: Schema.optionalKey(Schema.String),
      message: Schema.optionalKey(Schema.String),
      step: Schema.optionalKey(Schema.Int)
    })
  )
})

/** A states budget: a whole number ≥ 1. */
const States = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))
/** A time budget in seconds: a number > 0 (at most a day). */
const Seconds = Schema.Finite.check(Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(86_400))

/**
 * Schema of the generic keys of a scenario.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/scenario"
 * Schema.is(Scenario.GenericSchema)({ ruleset: "mtg", strategy: "first" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const GenericSchema = Schema.Struct({
  format: Schema.optionalKey(Schema.Literal(Skeleton.FORMAT)),
  ruleset: Schema.String,
  title: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.String),
  decisions: Schema.optionalKey(Schema.Array(Decision.Answer)),
  strategy: Schema.optionalKey(Schema.Literals(STRATEGIES)),
  budget: Schema.optionalKey(
    Schema.Union([
      States,
      Schema.Struct({ states: Schema.optionalKey(States), seconds: Schema.optionalKey(Seconds) })
    ])
  ),
  expect: Schema.optionalKey(ExpectSchema)
})

/**
 * The keys handled by the scenario library rather than by the ruleset.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * Scenario.genericKeys.includes("expect") // true
 * ```
 * @since 0.1.0
 * @category model
 */
export const genericKeys: ReadonlyArray<string> = Object.keys(GenericSchema.fields)

/**
 * A scenario that parsed, decoded and compiled: ready to run.
 *
 * - `decisions` / `strategy`: as written (`undefined` when absent; see {@link chooserFor});
 * - `document`: the whole parsed document, `sourceMap`: line and column of any path in it.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const label = (s: Scenario.LoadedScenario) => `${s.fileName} (${s.ruleset.id}): ${s.title ?? "untitled"}`
 * ```
 * @since 0.1.0
 * @category model
 */
export interface LoadedScenario {
  readonly fileName: string
  readonly ruleset: Ruleset.AnyRuleset
  readonly title: string | undefined
  readonly description: string | undefined
  readonly decisions: ReadonlyArray<Decision.Answer> | undefined
  readonly strategy: Strategy | undefined
  /** The states budget of `best-for-chooser` (`budget:` or `budget.states`), `undefined` for core's default. */
  readonly budget: number | undefined
  /**
   * The time budget of `best-for-chooser` per decision, in milliseconds (`budget.seconds`),
   * `undefined` for core's default.
   *
   * @since 0.1.0
   */
  readonly timeBudgetMs?: number | undefined
  readonly expect: Readonly<Record<string, unknown>> | undefined
  readonly compiled: Ruleset.Compiled
  readonly document: Readonly<Record<string, unknown>>
  readonly sourceMap: SourceMap.SourceMap
}

/**
 * The result of checking a scenario: `ok` when the run matched `expect:` (or, without
 * `expect:`, ran without error), the mismatches, and the run itself.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const failed = (r: Scenario.CheckResult) => !r.ok
 * ```
 * @since 0.1.0
 * @category model
 */
export interface CheckResult {
  readonly ok: boolean
  readonly mismatches: ReadonlyArray<Expect.Mismatch>
  readonly run: Ruleset.RunResult
}

/**
 * Options for running a scenario: `strategy` overrides the file's `strategy:` (the script, if
 * any, still answers first).
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const o: Scenario.RunOptions = { strategy: "best-for-chooser" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface RunOptions {
  readonly strategy?: Strategy | undefined
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const valueAt = (doc: unknown, path: SourceMap.Path): { found: boolean; value: unknown } => {
  let cur: unknown = doc
  for (const seg of path) {
    if (Array.isArray(cur) && typeof seg === "number") cur = cur[seg]
    else if (isRecord(cur) && Object.hasOwn(cur, String(seg))) cur = cur[String(seg)]
    else return { found: false, value: undefined }
  }
  return { found: true, value: cur }
}

// JSON has no NaN or Infinity (it writes null): name them
const NON_FINITE = "\u0000nonfinite:"
const named = (_: string, v: unknown): unknown =>
  typeof v === "number" && !Number.isFinite(v) ? `${NON_FINITE}${Amount.show(v)}` : v

const show = (u: unknown): string => {
  let s: string | undefined
  try {
    s = JSON.stringify(u, named)?.replace(/"\\u0000nonfinite:([^"]*)"/g, "$1")
  } catch {
    // a value that contains itself (a YAML alias inside its own anchor) has no JSON form
    return Array.isArray(u) ? "a list that contains itself" : "a value that contains itself"
  }
  if (s === undefined) return String(u)
  return s.length > 60 ? `${s.slice(0, 57)}...` : s
}

const suggest = (actual: string, options: ReadonlyArray<string>): string => {
  const best = Names.closest(actual, options)
  return best === undefined ? "" : ` (did you mean ${show(best)}?)`
}

interface Discriminated {
  readonly path: ReadonlyArray<string | number>
  readonly key: string
  readonly options: ReadonlyArray<string>
}

// A union of structs none of which matched, all tagged by the same literal key (e.g. `kind`):
// report "unknown kind" at that key instead of listing every member's shape.
const discriminatedFailures = (
  issue: unknown,
  path: ReadonlyArray<string | number>,
  out: Array<Discriminated>
): void => {
  if (typeof issue !== "object" || issue === null) return
  const i = issue as {
    _tag: string
    path?: ReadonlyArray<PropertyKey>
    issue?: unknown
    issues?: ReadonlyArray<unknown>
    ast?: { _tag: string; types?: ReadonlyArray<unknown> }
  }
  if (i._tag === "Pointer") {
    discriminatedFailures(
      i.issue,
      [...path, ...(i.path ?? []).map((p) => (typeof p === "symbol" ? String(p) : p))],
      out
    )
    return
  }
  if (i._tag === "AnyOf" && (i.issues?.length ?? 0) === 0 && i.ast?._tag === "Union") {
    const members = (i.ast.types ?? []) as ReadonlyArray<{
      _tag: string
      propertySignatures?: ReadonlyArray<{ name: PropertyKey; type: { _tag: string; literal?: unknown } }>
    }>
    const literalsOf = (m: (typeof members)[number]): Map<string, string> =>
      new Map(
        (m.propertySignatures ?? [])
          .filter((p) => p.type._tag === "Literal" && typeof p.type.literal === "string")
          .map((p) => [String(p.name), p.type.literal as string] as const)
      )
    if (members.length > 1 && members.every((m) => m._tag === "Objects")) {
      const maps = members.map(literalsOf)
      const first = maps[0] as Map<string, string>
      for (const key of first.keys()) {
        if (maps.every((m) => m.has(key))) {
          out.push({ path, key, options: [...new Set(maps.map((m) => m.get(key) as string))] })
          return
        }
      }
    }
  }
  if (i.issue !== undefined) discriminatedFailures(i.issue, path, out)
  for (const c of i.issues ?? []) discriminatedFailures(c, path, out)
}

// The keys the mapping at each path accepts, read off the schema issues that refused a key there
// (an unexpected key's issue carries the struct it was not part of): for a "did you mean" at any
// depth, not only at the top of the value being decoded.
const acceptedKeys = (
  issue: unknown,
  path: ReadonlyArray<string | number>,
  out: Map<string, ReadonlyArray<string>>
): void => {
  if (typeof issue !== "object" || issue === null) return
  const i = issue as {
    _tag?: string
    path?: ReadonlyArray<PropertyKey>
    issue?: unknown
    issues?: ReadonlyArray<unknown>
    ast?: { propertySignatures?: ReadonlyArray<{ name: PropertyKey }> }
  }
  if (i._tag === "UnexpectedKey" && i.ast?.propertySignatures !== undefined) {
    const names = i.ast.propertySignatures.flatMap((p) => (typeof p.name === "string" ? [p.name] : []))
    out.set(SourceMap.formatPath(path.slice(0, -1)), names)
    return
  }
  const here =
    i._tag === "Pointer" && i.path !== undefined
      ? [...path, ...i.path.map((p) => (typeof p === "symbol" ? String(p) : (p as string | number)))]
      : path
  if (i.issue !== undefined) acceptedKeys(i.issue, here, out)
  for (const c of i.issues ?? []) acceptedKeys(c, here, out)
}

const toIssues = (
  error: Schema.SchemaError,
  doc: unknown,
  sourceMap: SourceMap.SourceMap,
  prefix: ReadonlyArray<string | number> = [],
  keys: ReadonlyArray<string> = []
): Array<ScenarioError.Issue> => {
  const discriminated: Array<Discriminated> = []
  discriminatedFailures(error.issue, prefix, discriminated)
  const byPath = new Map<string, Discriminated>()
  for (const d of discriminated) {
    const k = SourceMap.formatPath(d.path)
    if (!byPath.has(k)) byPath.set(k, d)
  }
  const issues = SchemaIssue.makeFormatterStandardSchemaV1()(error.issue).issues.map((i) => {
    const path = (i.path ?? []).map((p) =>
      typeof p === "object" && p !== null && "key" in p ? (p as { key: PropertyKey }).key : p
    ) as Array<string | number | symbol>
    let clean: Array<string | number> = [
      ...prefix,
      ...path.map((p) => (typeof p === "symbol" ? String(p) : p))
    ]
    let message = i.message
    let at: "key" | "value" = "key"
    const d = byPath.get(SourceMap.formatPath(clean))
    const v = valueAt(doc, clean)
    const tag = isRecord(v.value) ? v.value[d?.key ?? ""] : undefined
    if (d !== undefined && isRecord(v.value)) {
      const expected = d.options.map((o) => show(o)).join(" | ")
      if (tag === undefined) message = `missing key ${show(d.key)} (one of ${expected})`
      else {
        clean = [...clean, d.key]
        at = "value"
        message = `unknown ${d.key} ${show(tag)}${typeof tag === "string" ? suggest(tag, d.options) : ""}; expected one of ${expected}`
      }
    } else if (message === "Expected no excess property") message = `unknown key ${show(clean.at(-1))}`
    else if (message === "Missing key") message = `missing key ${show(clean.at(-1))}`
    else {
      at = "value"
      // a word that is not one of the words allowed here: name the closest
      const words = /^Expected ("[^"]*"(?: \| "[^"]*")+)$/.exec(message)?.[1]
      const hint =
        words !== undefined && typeof v.value === "string"
          ? suggest(
              v.value,
              words.split(" | ").map((w) => w.slice(1, -1))
            )
          : ""
      if (v.found) message = `${message}, got ${show(v.value)}${hint}`
    }
    const pos = sourceMap.positionOf(clean, at)
    return { path: clean, line: pos.line, column: pos.column, message }
  })
  // an unknown key next to a missing one is most likely a typo of it
  const parent = (p: ReadonlyArray<string | number>) => SourceMap.formatPath(p.slice(0, -1))
  const missingIn = new Map<string, Array<string>>()
  for (const m of issues)
    if (m.message.startsWith("missing key")) {
      const k = parent(m.path)
      const list = missingIn.get(k)
      if (list === undefined) missingIn.set(k, [String(m.path.at(-1))])
      else list.push(String(m.path.at(-1)))
    }
  // …and then it is one mistake: the missing key is not reported again
  const typoOf = new Set<string>()
  const accepts = new Map<string, ReadonlyArray<string>>()
  acceptedKeys(error.issue, prefix, accepts)
  const named = issues.map((i) => {
    const last = i.path.at(-1)
    if (!i.message.startsWith("unknown key") || typeof last !== "string")
      return { ...i, path: SourceMap.formatPath(i.path) }
    const missing = missingIn.get(parent(i.path)) ?? []
    const meant = Names.closest(last, missing)
    if (meant !== undefined) typoOf.add(SourceMap.formatPath([...i.path.slice(0, -1), meant]))
    const accepted = accepts.get(parent(i.path))?.filter((k) => k !== last)
    const hint =
      meant !== undefined
        ? suggest(last, missing)
        : accepted !== undefined && accepted.length > 0
          ? suggest(last, accepted)
          : parent(i.path) === SourceMap.formatPath(prefix)
            ? suggest(last, keys)
            : ""
    return { ...i, path: SourceMap.formatPath(i.path), message: `${i.message}${hint}` }
  })
  return named.filter((i) => !(i.message.startsWith("missing key") && typoOf.has(i.path)))
}

// Names that reach a JavaScript object's prototype when used as a key or looked up as an id
// ("constructor", "toString", "__proto__", …): no ruleset can tell them from a real object, so
// they are refused anywhere in a scenario except in free text.
const RESERVED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype))
const FREE_TEXT: ReadonlySet<string> = new Set(["title", "description", "label", "rule", "note", "message"])

/**
 * Problems no schema can report: a reserved name used as a key or a value, a number that is NaN
 * or infinite (also where a schema accepts any value), and a document that contains itself (a YAML alias inside its own anchor), which has no finite form to decode.
 */
const structuralIssues = (data: unknown, sourceMap: SourceMap.SourceMap): Array<ScenarioError.Issue> => {
  const out: Array<ScenarioError.Issue> = []
  const onPath = new Set<object>()
  const done = new Set<object>()
  const issue = (path: ReadonlyArray<string | number>, at: "key" | "value", message: string) => {
    const pos = sourceMap.positionOf(path, at)
    out.push({ path: SourceMap.formatPath(path), line: pos.line, column: pos.column, message })
  }
  const go = (v: unknown, path: ReadonlyArray<string | number>, depth: number): void => {
    if (out.length >= 20 || depth > 500) return
    if (typeof v === "string") {
      if (RESERVED.has(v))
        issue(path, "value", `${show(v)} is a reserved name (it can't be used as an id or a key)`)
      return
    }
    // a non-finite number (YAML `.nan`, `.inf`) anywhere, also where a ruleset reads any value
    // (`expect:`): JSON would carry it on as null, so it is named here, where it is written
    if (typeof v === "number" && !Number.isFinite(v)) {
      issue(path, "value", `expected a finite number, got ${Amount.show(v)} (amounts are safe integers)`)
      return
    }
    if (typeof v !== "object" || v === null) return
    if (onPath.has(v)) {
      issue(path, "value", "this value contains itself (a YAML alias inside its own anchor)")
      return
    }
    if (done.has(v)) return
    onPath.add(v)
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) go(v[i], [...path, i], depth + 1)
    else
      for (const k of Object.keys(v)) {
        if (RESERVED.has(k))
          issue([...path, k], "key", `${show(k)} is a reserved name (it can't be used as a key)`)
        else if (!FREE_TEXT.has(k)) go((v as Record<string, unknown>)[k], [...path, k], depth + 1)
      }
    onPath.delete(v)
    done.add(v)
  }
  go(data, [], 0)
  return out
}

/** How much of a long line a snippet shows on each side of the column it points at. */
const SNIPPET_SIDE = 40

const lineAt = (text: string, line: number): string | undefined => {
  let start = 0
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", start)
    if (nl < 0) return undefined
    start = nl + 1
  }
  if (start > text.length) return undefined
  const end = text.indexOf("\n", start)
  const src = text.slice(start, end < 0 ? text.length : end)
  return src.endsWith("\r") ? src.slice(0, -1) : src
}

// The line an error points at, with a caret under the column; a long line (a whole document on
// one line, 40 KB of brackets) is cut to a window around the column, never echoed whole.
const snippet = (text: string, line: number, column: number): string => {
  const src = lineAt(text, line)
  if (src === undefined) return ""
  const col = Math.max(0, column - 1)
  const from = Math.max(0, col - SNIPPET_SIDE)
  const to = Math.min(src.length, col + SNIPPET_SIDE)
  const before = from > 0 ? "…" : ""
  const after = to < src.length ? "…" : ""
  return `\n    ${before}${src.slice(from, to)}${after}\n    ${" ".repeat(before.length + col - from)}^`
}

/**
 * How deeply lists and mappings may nest in a scenario file. No ruleset's language comes close
 * (a filter inside a step inside a list is about 8); a deeper file is refused with the line where
 * it goes too deep instead of overflowing a recursive parser or decoder.
 */
const MAX_DEPTH = 100

const tooDeep = `lists and mappings are nested more than ${MAX_DEPTH} levels deep`

// The first offset at which flow brackets (`[`, `{`) nest deeper than MAX_DEPTH, skipping quoted
// text and comments; used only to locate the problem when the YAML parser itself overflowed.
const deepBracket = (text: string): number | undefined => {
  let depth = 0
  let quote: string | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quote !== undefined) {
      if (c === "\\" && quote === '"') i++
      else if (c === quote) quote = undefined
      continue
    }
    if (c === '"' || (c === "'" && depth > 0)) quote = c
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1] as string))) {
      const nl = text.indexOf("\n", i)
      if (nl < 0) return undefined
      i = nl
    } else if (c === "[" || c === "{") {
      depth++
      if (depth > MAX_DEPTH) return i
    } else if ((c === "]" || c === "}") && depth > 0) depth--
  }
  return undefined
}

// The first node nested deeper than MAX_DEPTH in a parsed document (iterative: no recursion).
const deepNode = (root: unknown): Node | undefined => {
  const stack: Array<[unknown, number]> = [[root, 0]]
  while (stack.length > 0) {
    const [n, d] = stack.pop() as [unknown, number]
    if (isMap(n) || isSeq(n)) {
      if (d > MAX_DEPTH) return n
      for (let i = n.items.length - 1; i >= 0; i--) {
        const item = n.items[i]
        if (isPair(item)) {
          stack.push([item.value, d + 1])
          stack.push([item.key, d + 1])
        } else stack.push([item, d + 1])
      }
    }
  }
  return undefined
}

// The first alias (`*name`) of a document, in document order (iterative: no recursion).
const firstAlias = (root: unknown): Node | undefined => {
  const stack: Array<unknown> = [root]
  while (stack.length > 0) {
    const n = stack.pop()
    if (isAlias(n)) return n
    if (isMap(n))
      for (let i = n.items.length - 1; i >= 0; i--) {
        const pair = n.items[i]
        stack.push(pair?.value, pair?.key)
      }
    else if (isSeq(n)) for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i])
  }
  return undefined
}

// Duplicate keys in one mapping (the YAML `uniqueKeys` check, in linear time: the parser's own
// check compares each key with every earlier one, which takes seconds on a mapping of 10 000).
const duplicateKey = (root: unknown): Node | undefined => {
  const stack: Array<unknown> = [root]
  let first: Node | undefined
  while (stack.length > 0) {
    const n = stack.pop()
    if (isMap(n)) {
      const seen = new Set<unknown>()
      for (const pair of n.items) {
        const k = isScalar(pair.key) ? pair.key.value : pair.key
        if (seen.has(k)) {
          const node = pair.key as Node
          if (first === undefined || (node.range?.[0] ?? 0) < (first.range?.[0] ?? 0)) first = node
          break
        }
        seen.add(k)
        stack.push(pair.value)
      }
    } else if (isSeq(n)) for (const item of n.items) stack.push(item)
  }
  return first
}

const firstLine = (s: string): string => s.split("\n")[0] ?? s

/** Locates paths in `text` on demand: the YAML node tree is built the first time one is asked for. */
const locate = (text: string): SourceMap.SourceMap =>
  SourceMap.lazy(() => {
    try {
      const lineCounter = new LineCounter()
      const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false })
      return SourceMap.fromDocument(doc, lineCounter)
    } catch {
      return SourceMap.none
    }
  })

/**
 * YAML text (or JSON that `Integrity.readJson` left to YAML) → its value and source map; `json`:
 * the file is named `.json`, so an unquoted `NaN` or `Infinity` is a number JSON lacks.
 */
const readYaml = (
  text: string,
  json: boolean,
  lineCounter: LineCounter,
  malformed: (offset: number, message: string) => Result.Result<never, ScenarioError.MalformedFile>
): Result.Result<
  { readonly data: unknown; readonly sourceMap: SourceMap.SourceMap },
  ScenarioError.MalformedFile
> => {
  let doc: ReturnType<typeof parseDocument>
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false })
  } catch (err) {
    // the parser's own recursion overflowed: the file is nested too deeply
    if (!(err instanceof RangeError)) throw err
    return malformed(deepBracket(text) ?? 0, tooDeep)
  }
  const yamlError = doc.errors[0]
  if (yamlError !== undefined && /call stack/i.test(yamlError.message))
    return malformed(deepBracket(text) ?? yamlError.pos[0], tooDeep)
  const deep = yamlError === undefined ? deepNode(doc.contents) : undefined
  if (deep !== undefined) return malformed(deep.range?.[0] ?? 0, tooDeep)
  const dup = yamlError === undefined ? duplicateKey(doc.contents) : undefined
  if (dup !== undefined) return malformed(dup.range?.[0] ?? 0, "Map keys must be unique")
  if (yamlError !== undefined) {
    return malformed(yamlError.pos[0], yamlError.message)
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 1000 })
  } catch (err) {
    // too many aliases (a "billion laughs"): point at the first alias
    return malformed(
      firstAlias(doc.contents)?.range?.[0] ?? 0,
      err instanceof Error ? err.message : String(err)
    )
  }
  if (json) {
    const token = nonJsonNumber(doc.contents)
    if (token !== undefined)
      return malformed(
        token.range?.[0] ?? 0,
        `${String(token.value)} is not a JSON number (JSON has no NaN or Infinity; amounts are safe integers)`
      )
  }
  return Result.succeed({ data, sourceMap: SourceMap.fromDocument(doc, lineCounter) })
}

// An unquoted `NaN` or `Infinity` in a JSON file: YAML reads it as a string, but it is meant as
// a number JSON does not have (iterative: no recursion).
const nonJsonNumber = (root: unknown): Scalar | undefined => {
  const stack: Array<unknown> = [root]
  while (stack.length > 0) {
    const n = stack.pop()
    if (isScalar(n)) {
      if (n.type === "PLAIN" && typeof n.value === "string" && /^[+-]?(?:NaN|Infinity)$/.test(n.value))
        return n
    } else if (isMap(n))
      for (let i = n.items.length - 1; i >= 0; i--) {
        const pair = n.items[i]
        stack.push(pair?.value, pair?.key)
      }
    else if (isSeq(n)) for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i])
  }
  return undefined
}

/**
 * The loader's limits, checked before a file is decoded or run (so a huge or hostile file is
 * refused at once with a {@link ScenarioError.LimitExceeded} naming the limit, never half-way
 * through a resolution):
 *
 * - `fileSize`: characters of the text (default 128 Mi; a 1 000 000-occurrence file is about 57 Mi);
 * - `occurrencesPerEvent`: occurrences in one step's event (default 200 000);
 * - `effects`: effects at the top level (default 10 000);
 * - `steps`: steps (default 10 000).
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const roomy: Partial<Scenario.Limits> = { occurrencesPerEvent: 1_000_000 }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface Limits {
  readonly fileSize: number
  readonly occurrencesPerEvent: number
  readonly effects: number
  readonly steps: number
}

/**
 * The default {@link Limits}.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * Scenario.defaultLimits.occurrencesPerEvent // 200000
 * ```
 * @since 0.1.0
 * @category loading
 */
export const defaultLimits: Limits = {
  fileSize: 128 * 1024 * 1024,
  occurrencesPerEvent: 200_000,
  effects: 10_000,
  steps: 10_000
}

/**
 * Options of {@link parseScenario}: `limits` raises (or lowers) any of the {@link Limits}.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const options: Scenario.ParseOptions = { limits: { effects: 50_000 } }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface ParseOptions {
  readonly limits?: Partial<Limits> | undefined
}

/** The line of a top-level `key:` (1 when it is not found: a flow-style or JSON document). */
const topLevelLine = (text: string, key: string): number => {
  const m = new RegExp(`^"?${key}"?\\s*:`, "m").exec(text)
  if (m === null) return 1
  let line = 1
  for (let i = 0; i < m.index; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** Above this many characters, a limit's position is the top-level key's line (no YAML node tree). */
const LOCATE_LIMIT_UP_TO = 1 << 20

/** The first limit `data` is over, if any (counts only: nothing is decoded). */
const overLimit = (
  data: Record<string, unknown>,
  text: string,
  fileName: string,
  limits: Limits,
  sourceMap: SourceMap.SourceMap
): ScenarioError.LimitExceeded | undefined => {
  const at = (path: SourceMap.Path, key: string) =>
    text.length <= LOCATE_LIMIT_UP_TO
      ? sourceMap.positionOf(path)
      : { line: topLevelLine(text, key), column: 1 }
  const effects = data.effects
  if (Array.isArray(effects) && effects.length > limits.effects) {
    const pos = at(["effects"], "effects")
    return new ScenarioError.LimitExceeded({
      file: fileName,
      ...pos,
      limit: "effects",
      value: effects.length,
      max: limits.effects,
      what: "effects"
    })
  }
  const steps = data.steps
  if (!Array.isArray(steps)) return undefined
  if (steps.length > limits.steps) {
    const pos = at(["steps"], "steps")
    return new ScenarioError.LimitExceeded({
      file: fileName,
      ...pos,
      limit: "steps",
      value: steps.length,
      max: limits.steps,
      what: "steps"
    })
  }
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]
    if (!isRecord(step)) continue
    for (const [kind, body] of Object.entries(step)) {
      if (!isRecord(body) || !Array.isArray(body.occurrences)) continue
      const n = body.occurrences.length
      if (n <= limits.occurrencesPerEvent) continue
      const pos = at(["steps", i, kind, "occurrences"], "steps")
      const id = typeof body.id === "string" ? ` ${body.id}` : ""
      return new ScenarioError.LimitExceeded({
        file: fileName,
        ...pos,
        limit: "occurrencesPerEvent",
        value: n,
        max: limits.occurrencesPerEvent,
        what: `occurrences in the ${kind}${id} of steps[${i}]`
      })
    }
  }
  return undefined
}

/**
 * Parses, decodes and compiles a scenario. `fileName` is used in error messages only (nothing
 * is read from disk; see `@bulwark/scenario/node` for files). YAML and JSON are both accepted:
 * JSON means what it means as YAML 1.2 and positions are reported the same way, but a JSON text
 * is read with `JSON.parse` and its YAML node tree is built only when a problem needs a line and
 * column (a repeated key, nesting too deep or a token JSON lacks, such as `NaN`, sends the text
 * to the YAML reader, which locates each of them).
 *
 * Fails with a {@link ScenarioError.ScenarioError}: malformed text (line and column), an
 * unknown or missing `ruleset:`, schema problems (all of them, each with its path and line), or
 * a `compile` failure (its path and line).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { parseScenario } from "@bulwark/scenario"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>
 * const r = parseScenario("ruleset: mtg\nplayers: [a, b]\n", "demo.yaml", rulesets)
 * if (Result.isFailure(r)) console.error(r.failure.message)
 * ```
 * @since 0.1.0
 * @category loading
 */
export const parseScenario = (
  text: string,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  parseOptions: ParseOptions = {}
): Result.Result<LoadedScenario, ScenarioError.ScenarioError> => {
  const limits: Limits = { ...defaultLimits, ...parseOptions.limits }
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
  const over = overLimit(data, text, fileName, limits, sourceMap)
  if (over !== undefined) return Result.fail(over)
  const structural = structuralIssues(data, sourceMap)
  if (structural.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: structural }))
  // ids are compared in NFC: the whole document is read in NFC (two keys equal in NFC are refused)
  const nfc = Integrity.normalizeDocument(text, data, sourceMap)
  if (nfc.issues.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: nfc.issues }))
  const document: Record<string, unknown> = nfc.data
  // an explicit older format says what to run; a newer one says this version can't read it
  const stated = formatProblem(document.format, fileName, sourceMap)
  if (stated !== undefined) return Result.fail(stated)
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
  const format = document.format
  const language = ruleset.language
  if (format === undefined && (language !== undefined || ruleset.schema === undefined))
    return Result.fail(
      new ScenarioError.OutdatedFormat({ file: fileName, format: 1, current: Skeleton.FORMAT })
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
  let compiled: Result.Result<Ruleset.Compiled, { readonly path: string; readonly reason: string }>
  // a format this version doesn't know: that is the problem (its words can't be read)
  if (format !== undefined && format !== Skeleton.FORMAT && genericIssues.length > 0)
    return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: genericIssues }))
  if (format === Skeleton.FORMAT && language !== undefined) {
    const body = Skeleton.decode(language, rulesetPart, (error, prefix, keys) =>
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
            message: p.message + hint
          }
        })
      : []
    const issues = [...genericIssues, ...bodyIssues].sort((x, y) => x.line - y.line || x.column - y.column)
    if (issues.length > 0 || Result.isFailure(generic) || Result.isFailure(body))
      return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues }))
    const duplicates = Integrity.duplicateIds(
      document,
      sourceMap,
      Skeleton.idSpacesWith(ruleset.idSpaces ?? [])
    )
    if (duplicates.length > 0)
      return Result.fail(new ScenarioError.SchemaMismatch({ file: fileName, issues: duplicates }))
    try {
      compiled = Skeleton.compile(language, body.success)
    } catch (err) {
      compiled = Result.fail({
        path: "",
        reason: `the ${ruleset.id} ruleset failed to compile this scenario: ${err instanceof Error ? err.message : String(err)}`
      })
    }
  } else {
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
  }
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
    // the YAML node tree is not kept for the run: located again if a later problem asks
    sourceMap: quick ? sourceMap : locate(text)
  })
}

/**
 * `format: 1` (a whole number below the current format): `OutdatedFormat` located at the value,
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
        message: `scenario format ${format} is newer than this version of bulwark reads (format ${Skeleton.FORMAT} and, through \`bulwark migrate\`, format 1): upgrade bulwark (@bulwark/cli, @bulwark/scenario and the rulesets) to read it`
      }
    ]
  })
}

const strategyChooser = (strategy: Strategy, loaded: LoadedScenario): Chooser.SyncChooser =>
  strategy === "first"
    ? Chooser.firstLegal
    : Chooser.bestForChooser({ budget: loaded.budget, timeBudgetMs: loaded.timeBudgetMs })

/**
 * The strategy that answers a scenario's decisions after its script (see the table in this
 * module's description): `options.strategy`, else the file's `strategy:`, else `first` when the
 * file has no `decisions:`; `undefined` when only a script answers.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * Scenario.strategyFor(loaded, { strategy: "best-for-chooser" }) // "best-for-chooser"
 * ```
 * @since 0.1.0
 * @category running
 */
export const strategyFor = (loaded: LoadedScenario, options: RunOptions = {}): Strategy | undefined =>
  options.strategy ?? loaded.strategy ?? (loaded.decisions === undefined ? "first" : undefined)

/**
 * The chooser a scenario runs with (see the table in this module's description): the script
 * first; after it, the strategy if one is given (by `options` or the file), an error if only a
 * script was given, and `first` if neither was.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * import { Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * const run = Ruleset.run(loaded.ruleset.rules, loaded.compiled, Scenario.chooserFor(loaded))
 * ```
 * @since 0.1.0
 * @category running
 */
export const chooserFor = (loaded: LoadedScenario, options: RunOptions = {}): Chooser.SyncChooser => {
  const script = loaded.decisions ?? []
  const strategy = strategyFor(loaded, options)
  const rest = strategy === undefined ? undefined : strategyChooser(strategy, loaded)
  if (script.length === 0 && rest !== undefined) return rest
  return (request, state) => {
    const i = state.log.length
    if (i < script.length) return script[i]
    return rest === undefined ? undefined : rest(request, state)
  }
}

/**
 * The kernel options a scenario runs with. A prompt whose every order gives the same outcome is
 * no longer asked (core `Kernel.Options.askEveryOrder`); a file written before that may answer
 * such a prompt in its `decisions:` or list it under `expect.decisions`. Such a file keeps its
 * meaning: when it answers or lists more decisions than a run with the shortcut asks, it is run
 * asking every order, as it was written (both runs reach the same outcomes; the file's answers
 * pick one of them). Remove the answer and the listed decision to use the shortcut.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * import { Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * const run = Ruleset.run(loaded.ruleset.rules, loaded.compiled, Scenario.chooserFor(loaded),
 *   Scenario.kernelOptions(loaded))
 * ```
 * @since 0.1.0
 * @category running
 */
export const kernelOptions = (loaded: LoadedScenario, options: RunOptions = {}): Kernel.Options => {
  // a ruleset without the shortcut asks every order anyway: nothing to decide, no extra run
  if (loaded.ruleset.rules.orderShortcut !== true) return {}
  const listed = (loaded.expect as { decisions?: ReadonlyArray<unknown> } | undefined)?.decisions
  const stated = Math.max(loaded.decisions?.length ?? 0, Array.isArray(listed) ? listed.length : 0)
  if (stated === 0) return {}
  let asked: number
  try {
    asked = Ruleset.run(loaded.ruleset.rules, loaded.compiled, chooserFor(loaded, options), { trace: false })
      .outcome.decisions.length
  } catch {
    return {}
  }
  return asked < stated ? { askEveryOrder: true } : {}
}

/**
 * Describes how a scenario's decisions are answered, e.g. `"scripted (2 answers)"`,
 * `"scripted (1 answer), then best-for-chooser"`, `"first (default)"`.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * console.log(`decisions: ${Scenario.describeStrategy(loaded)}`)
 * ```
 * @since 0.1.0
 * @category running
 */
export const describeStrategy = (loaded: LoadedScenario, options: RunOptions = {}): string => {
  const n = loaded.decisions?.length
  const script = n === undefined ? undefined : `scripted (${n} answer${n === 1 ? "" : "s"})`
  const strategy = options.strategy ?? loaded.strategy
  if (script === undefined) return strategy ?? "first (default)"
  return strategy === undefined ? script : `${script}, then ${strategy}`
}

const defect = (loaded: LoadedScenario, err: unknown): Ruleset.RunResult => ({
  outcome: {
    events: {},
    state: {},
    effects: {},
    decisions: [],
    queries: {},
    error: { tag: "Defect", message: err instanceof Error ? err.message : String(err), step: 0 }
  },
  resolutions: [],
  trace: [],
  ledger: loaded.compiled.ledger,
  view: loaded.compiled.view
})

/**
 * Matches a finished run against the scenario's `expect:` block (core `Expect.outcome`).
 * Without `expect:`, the run is ok when it ended without error. Use it when you ran the
 * scenario yourself (e.g. with core `Ruleset.runEffect` and an interactive chooser).
 *
 * Two more mismatches, whatever `expect:` says: a scripted answer the run refused as illegal is
 * reported at `decisions[i]` with its file, line and column; and when the run ended without
 * error, scripted answers that no decision asked for are a mismatch at the first unused one (a
 * script longer than the run is a ruling that no longer describes it).
 *
 * @example
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * import { matchRun, type Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * const run = Ruleset.run(loaded.ruleset.rules, loaded.compiled, Chooser.firstLegal)
 * const { ok, mismatches } = matchRun(loaded, run)
 * ```
 * @since 0.1.0
 * @category running
 */
export const matchRun = (loaded: LoadedScenario, run: Ruleset.RunResult): CheckResult => {
  const error = run.outcome.error
  const base: ReadonlyArray<Expect.Mismatch> =
    loaded.expect === undefined
      ? error === undefined
        ? []
        : [{ path: "error", expected: "(no error)", actual: `${error.tag}: ${error.message}` }]
      : Expect.outcome(loaded.expect, run.outcome)
  const script = loaded.decisions ?? []
  const used = run.outcome.decisions.length
  const at = (i: number): string => {
    const pos = loaded.sourceMap.positionOf(["decisions", i], "value")
    return pos.line > 0 ? `${loaded.fileName}:${pos.line}:${pos.column}` : loaded.fileName
  }
  // a scripted answer the run refused: point at its line
  const mismatches = base.map((m) =>
    m.path === "error" && error?.tag === "IllegalChoice" && used < script.length
      ? { path: `decisions[${used}]`, expected: "(a legal answer)", actual: `${at(used)}: ${error.message}` }
      : m
  )
  // scripted answers no decision asked for: the script does not describe this run
  if (error === undefined && used < script.length) {
    const left = script.length - used
    mismatches.push({
      path: `decisions[${used}]`,
      expected: `${script.length} decision${script.length === 1 ? "" : "s"} to answer (the script's length)`,
      actual: `${used} asked; ${left} scripted answer${left === 1 ? " was" : "s were"} never used, from ${at(used)}: ${script
        .slice(used)
        .map((a) => show(a))
        .join(", ")}`
    })
  }
  return { ok: mismatches.length === 0, mismatches, run }
}

/**
 * Runs a loaded scenario (core `Ruleset.run` with {@link chooserFor}) and matches its `expect:`
 * block ({@link matchRun}). Without `expect:`, the scenario is ok when it ran without error.
 * Never throws: a bug in a ruleset becomes an outcome error tagged `Defect`.
 *
 * @example
 * ```ts
 * import { Expect } from "@bulwark/core"
 * import { checkScenario, type Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * const result = checkScenario(loaded)
 * if (!result.ok) console.log(Expect.render(result.mismatches))
 * ```
 * @since 0.1.0
 * @category running
 */
export const checkScenario = (loaded: LoadedScenario, options: RunOptions = {}): CheckResult => {
  let run: Ruleset.RunResult
  try {
    run = Ruleset.run(
      loaded.ruleset.rules,
      loaded.compiled,
      chooserFor(loaded, options),
      kernelOptions(loaded, options)
    )
  } catch (err) {
    run = defect(loaded, err)
  }
  return matchRun(loaded, run)
}
