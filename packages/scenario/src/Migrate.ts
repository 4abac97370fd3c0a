/**
 * Rewriting scenario files of an older format in the current one (`bulwark migrate`).
 *
 * Format 1 was each game's own language; format 2 is the one language of every ruleset (see
 * {@link Skeleton}); format 3 writes every replacement and prevention effect a named kind does not
 * say in the generic form (`kind: replace`, `kind: prevent`, core `Generic`), with no core
 * `{ _tag: … }` form anywhere (the per-game escape hatches MTG `raw` and `instead`, Riftbound's
 * and FaB's `replacement`, Берсерк's `instead` are rewritten; `migrate/v3.ts`); format 4 names
 * each common event family once (core `Families`: FaB's `gainLife`, `loseLife`, `putCounters`,
 * `payResources`, `banish` and `putIntoGraveyard` are rewritten; `migrate/v4.ts`). A format-1 file
 * goes through every step. A migration edits the parsed YAML document in place — renaming keys,
 * reshaping values — so comments, blank lines and key order survive wherever the structure
 * does. Each ruleset's format-1 words are mapped by its own migration (`migrate/<ruleset>.ts`);
 * the table of what becomes what is {@link mappings}.
 *
 * A migration must not change a ruling: the migrated file resolves to the same outcome as the
 * original did (a property test checks it over every bundled scenario and thousands of
 * generated format-1 files against outcomes frozen before the change).
 *
 * @since 0.1.0
 * @module
 */
import * as Result from "effect/Result"
import { type Document, isMap, isScalar, isSeq, Lexer, LineCounter, parseDocument, type YAMLMap } from "yaml"
import * as berserk from "./migrate/berserk.js"
import * as fab from "./migrate/fab.js"
import * as mtg from "./migrate/mtg.js"
import * as riftbound from "./migrate/riftbound.js"
import * as v3 from "./migrate/v3.js"
import * as v4 from "./migrate/v4.js"
import * as Skeleton from "./Skeleton.js"

/**
 * One ruleset's migration from format 1: edits the document in place (its `contents` is the
 * top-level mapping). `mappings` documents what it does, one line per old word.
 *
 * @example
 * ```ts
 * import type { Migrate } from "@bulwark/scenario"
 * const noop: Migrate.RulesetMigration = { ruleset: "demo", migrate: () => {}, mappings: [] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface RulesetMigration {
  readonly ruleset: string
  readonly migrate: (doc: Document, map: YAMLMap) => void
  readonly mappings: ReadonlyArray<Mapping>
}

/**
 * One line of the old-to-new table: the ruleset (`all` for every one), the format-1 spelling,
 * the format-2 spelling.
 *
 * @example
 * ```ts
 * import type { Migrate } from "@bulwark/scenario"
 * const m: Migrate.Mapping = { ruleset: "mtg", from: "activePlayer: X", to: "turn: X" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Mapping {
  readonly ruleset: string
  readonly from: string
  readonly to: string
}

/**
 * The migrations of the bundled rulesets, by ruleset id.
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Object.keys(Migrate.migrations) // ["mtg", "riftbound", "berserk", "fab"]
 * ```
 * @since 0.1.0
 * @category model
 */
export const migrations: Readonly<Record<string, RulesetMigration>> = {
  mtg: mtg.migration,
  riftbound: riftbound.migration,
  berserk: berserk.migration,
  fab: fab.migration
}

/**
 * The whole old-to-new table (what `docs/scenarios.md` shows).
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.mappings()[0] // { ruleset: "all", from: "(no key)", to: "format: 4" }
 * ```
 * @since 0.1.0
 * @category model
 */
export const mappings = (): ReadonlyArray<Mapping> => [
  { ruleset: "all", from: "(no key)", to: `format: ${Skeleton.FORMAT}` },
  ...Object.values(migrations).flatMap((m) => m.mappings)
]

/**
 * The table of what format 3 changed in format-2 files (the escape hatches and core forms
 * rewritten in the generic form).
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.mappingsV3()[0] // { ruleset: "all", from: "format: 2", to: "format: 3" }
 * ```
 * @since 0.1.0
 * @category model
 */
export const mappingsV3 = (): ReadonlyArray<Mapping> => v3.mappings

/**
 * The table of what format 4 changed in format-3 files (event families named once: each common
 * concept's one name, core `Families`).
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.mappingsV4()[0] // { ruleset: "all", from: "format: 3", to: "format: 4" }
 * ```
 * @since 0.1.0
 * @category model
 */
export const mappingsV4 = (): ReadonlyArray<Mapping> => v4.mappings

/**
 * What migrating one text gave: `changed` (false when the file is already current), the new
 * text, and the format it was in.
 *
 * @example
 * ```ts
 * import type { Migrate } from "@bulwark/scenario"
 * const report = (m: Migrate.Migrated) => (m.changed ? `format ${m.from} → ${m.to}` : "up to date")
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Migrated {
  readonly changed: boolean
  readonly text: string
  readonly from: number
  readonly to: number
  /**
   * Where a path of the migrated text came from in the original text (line and column, 1-based,
   * a byte-order mark not counted, as the loader counts): the node at that path, or the nearest
   * one above it that the migration kept. So that a problem found in the migrated text can be
   * shown where it is in the file on disk. Absent when nothing changed.
   */
  readonly origin?: (path: ReadonlyArray<string | number>) => {
    readonly line: number
    readonly column: number
  }
}

/**
 * Why a text could not be migrated: not YAML, not a scenario (no `ruleset:`), a ruleset without
 * a migration, a format this version doesn't know, or a ruleset migration that failed on this
 * file. `line` and `column` (1-based) say where, when {@link migrateText} knows.
 *
 * @example
 * ```ts
 * import type { Migrate } from "@bulwark/scenario"
 * const e: Migrate.MigrateError = { reason: "no migration for the ruleset \"chess\"", line: 1, column: 10 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface MigrateError {
  readonly reason: string
  readonly line?: number
  readonly column?: number
}

// Where a node of the document starts, when the text's line counter is known.
const at = (
  node: unknown,
  lines: LineCounter | undefined
): { readonly line?: number; readonly column?: number } => {
  const range = (node as { range?: ReadonlyArray<number> } | undefined)?.range
  if (lines === undefined || range === undefined || range[0] === undefined) return {}
  const pos = lines.linePos(range[0])
  return { line: pos.line, column: pos.col }
}

/**
 * Migrates a document in place; returns the format it was in (`4`, the current one, means
 * nothing was done).
 *
 * @example
 * ```ts
 * import { parseDocument } from "yaml"
 * import { Migrate } from "@bulwark/scenario"
 * const doc = parseDocument("ruleset: mtg\nplayers: [a]\nactivePlayer: a\n")
 * Migrate.migrateDocument(doc) // Result.succeed(1); String(doc) now starts "format: 4\nruleset: mtg"
 * ```
 * @since 0.1.0
 * @category migrating
 */
export const migrateDocument = (
  doc: Document,
  options: MigrateOptions = {}
): Result.Result<number, MigrateError> => migrateLocated(doc, undefined, options.to ?? Skeleton.FORMAT)

/**
 * Options of a migration: `to`, the format to write (default the current one; `2` stops after
 * the format 1 → 2 step, `3` after the format 2 → 3 step, as the tests of those steps read them).
 *
 * @example
 * ```ts
 * import type { Migrate } from "@bulwark/scenario"
 * const o: Migrate.MigrateOptions = { to: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface MigrateOptions {
  readonly to?: 2 | 3 | 4
}

const migrateLocated = (
  doc: Document,
  lines: LineCounter | undefined,
  to: 2 | 3 | 4
): Result.Result<number, MigrateError> => {
  const map = doc.contents
  if (!isMap(map))
    return Result.fail({
      reason: "not a scenario: the document is not a mapping",
      ...(lines === undefined ? {} : { line: 1, column: 1 })
    })
  const format = map.get("format")
  if (format === Skeleton.FORMAT) return Result.succeed(Skeleton.FORMAT)
  if ((format === 2 || format === 3) && format >= to) return Result.succeed(format)
  // `format: 1` written out is format 1, `format: 2` format 2, `format: 3` format 3 (the value
  // becomes the target where it stands)
  if (format !== undefined && format !== 1 && format !== 2 && format !== 3)
    return Result.fail({
      reason:
        typeof format === "number" && Number.isSafeInteger(format) && format > Skeleton.FORMAT
          ? `scenario format ${format} is newer than this version of bulwark knows (it reads formats 1, 2, 3 and ${Skeleton.FORMAT}): upgrade bulwark to read it`
          : `unknown scenario format ${JSON.stringify(format)} (this version knows 1, 2, 3 and ${Skeleton.FORMAT})`,
      ...at(map.get("format", true), lines)
    })
  const from = format === 2 || format === 3 ? format : 1
  const ruleset = map.get("ruleset")
  if (typeof ruleset !== "string")
    return Result.fail({
      reason: "not a scenario: no `ruleset:` key",
      ...(lines === undefined ? {} : { line: 1, column: 1 })
    })
  const m = Object.hasOwn(migrations, ruleset) ? migrations[ruleset] : undefined
  if (m === undefined && from === 1)
    return Result.fail({
      reason: `no migration for the ruleset ${JSON.stringify(ruleset)} (known: ${Object.keys(migrations).join(", ")})`,
      ...at(map.get("ruleset", true), lines)
    })
  try {
    if (from === 1) m?.migrate(doc, map)
  } catch (err) {
    return Result.fail({
      reason: `the ${ruleset} migration could not rewrite this file: ${err instanceof Error ? err.message : String(err)}`,
      ...(lines === undefined ? {} : { line: 1, column: 1 })
    })
  }
  try {
    if (to >= 3 && from <= 2) v3.migrate(doc, map)
  } catch (err) {
    return Result.fail({
      reason: `the format 3 migration could not rewrite this file (nothing was changed): ${err instanceof Error ? err.message : String(err)}`,
      ...(lines === undefined ? {} : { line: 1, column: 1 })
    })
  }
  try {
    if (to === 4) v4.migrate(doc, map)
  } catch (err) {
    return Result.fail({
      reason: `the format 4 migration could not rewrite this file (nothing was changed): ${err instanceof Error ? err.message : String(err)}`,
      ...(lines === undefined ? {} : { line: 1, column: 1 })
    })
  }
  const stated = map.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === "format")
  if (stated !== undefined) {
    if (isScalar(stated.value)) stated.value.value = to
    else stated.value = doc.createNode(to)
    return Result.succeed(from)
  }
  const marker = doc.createPair(doc.createNode("format"), to)
  // the file's header comment stays at the top, above `format: 2`
  const first = map.items[0]?.key
  if (isScalar(first) && first.commentBefore != null && isScalar(marker.key)) {
    marker.key.commentBefore = first.commentBefore
    first.commentBefore = null
  }
  map.items.unshift(marker)
  return Result.succeed(from)
}

// `[ a, b ]` → `[a, b]` as files write lists (maps keep `{ a: 1 }`)
const unpad = (text: string): string => {
  // tokens of the text (their concatenation is the text, apart from one-character control
  // tokens the lexer adds): only the spaces just inside a flow sequence's brackets go, never
  // anything inside a scalar, a quoted string or a comment
  const tokens = [...new Lexer().lex(text)].filter(
    (t) => !(t.length === 1 && t < " " && t !== "\n" && t !== "\t")
  )
  let out = ""
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string
    if (t === " " && (tokens[i - 1] === "[" || tokens[i + 1] === "]")) continue
    out += t
  }
  return out
}

/** The byte-order mark some editors write at the start of a UTF-8 file. */
const BOM = "\uFEFF"

/**
 * How a JSON text is indented: the whitespace before its first indented line (two spaces, four,
 * a tab), or `""` when it is written on one line.
 */
const jsonIndent = (text: string): string => {
  const m = /\n([ \t]+)\S/.exec(text)
  return m === null ? "" : (m[1] as string).slice(0, 10)
}

// The node at a path of the document (or the nearest one above it with a place in the source).
const originOf = (doc: Document, lines: LineCounter) => (path: ReadonlyArray<string | number>) => {
  let node: unknown = doc.contents
  let best = (node as { range?: ReadonlyArray<number> } | null)?.range?.[0] ?? 0
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === seg)
      if (pair === undefined) break
      const at = (pair.key as { range?: ReadonlyArray<number> } | null)?.range?.[0]
      if (at !== undefined) best = at
      node = pair.value
    } else if (isSeq(node) && typeof seg === "number") {
      node = node.items[seg]
    } else break
    const at = (node as { range?: ReadonlyArray<number> } | null)?.range?.[0]
    if (at !== undefined) best = at
  }
  const pos = lines.linePos(best)
  return { line: pos.line, column: pos.col }
}

/**
 * Migrates a file's text: YAML keeps its comments and key order; a JSON file (text starting with
 * `{`) stays JSON, indented as it was (two spaces, four, a tab, or on one line) and ending as it
 * did (with a line end or without); a file whose every line ends in CRLF keeps CRLF (any other
 * file is written with LF); a byte-order mark at the start stays there. A failure's `line` and
 * `column` point into the text as given (a byte-order mark not counted, as the loader counts).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Migrate } from "@bulwark/scenario"
 * const r = Migrate.migrateText("# Bolt\nruleset: mtg\nplayers: [a]\n")
 * if (Result.isSuccess(r)) r.success.text // "# Bolt\nformat: 4\nruleset: mtg\nplayers: [a]\n"
 * ```
 * @since 0.1.0
 * @category migrating
 */
export const migrateText = (
  original: string,
  options: MigrateOptions = {}
): Result.Result<Migrated, MigrateError> => {
  const target = options.to ?? Skeleton.FORMAT
  const bom = original.startsWith(BOM) ? BOM : ""
  const text = original.slice(bom.length)
  const lines = new LineCounter()
  const doc = parseDocument(text, {
    lineCounter: lines,
    keepSourceTokens: false,
    uniqueKeys: false
  })
  const bad = doc.errors[0]
  if (bad !== undefined) {
    const pos = bad.linePos?.[0]
    return Result.fail({
      reason: `not valid YAML: ${bad.message.split("\n")[0]}`,
      ...(pos === undefined ? {} : { line: pos.line, column: pos.col })
    })
  }
  const formatNode = isMap(doc.contents) ? doc.contents.get("format", true) : undefined
  const range = isScalar(formatNode) ? (formatNode.range ?? undefined) : undefined
  const stated = isScalar(formatNode) ? formatNode.value : undefined
  const before = range === undefined ? undefined : JSON.stringify(doc.toJS())
  const r = migrateLocated(doc, lines, target)
  if (Result.isFailure(r)) return Result.fail(r.failure)
  if (r.success === target || r.success === Skeleton.FORMAT)
    return Result.succeed({ changed: false, text: original, from: r.success, to: r.success })
  // a migration that changed nothing but the stated format (a file without the words it
  // rewrites) changes only that value in the text: the rest stays byte for byte as written
  if (range !== undefined && before !== undefined) {
    const after = doc.toJS() as Record<string, unknown>
    if (JSON.stringify({ ...after, format: stated }) === before)
      return Result.succeed({
        changed: true,
        text: bom + text.slice(0, range[0]) + String(target) + text.slice(range[1]),
        from: r.success,
        to: target,
        origin: originOf(doc, lines)
      })
  }
  const json = text.trimStart().startsWith("{")
  const out = json
    ? `${JSON.stringify(doc.toJS(), null, jsonIndent(text))}${/\n\s*$/.test(text) ? "\n" : ""}`
    : unpad(doc.toString({ lineWidth: 0 }))
  // a file whose every line ends in CRLF keeps them (the writer ends lines in LF); a file of
  // mixed endings is written in LF. A JSON file's strings write their line breaks as escapes,
  // so only the layout's line ends change
  const crlf = text.includes("\r\n") && !/(^|[^\r])\n/.test(text)
  return Result.succeed({
    changed: true,
    text: bom + (crlf ? out.replace(/\r?\n/g, "\r\n") : out),
    from: r.success,
    to: target,
    origin: originOf(doc, lines)
  })
}

/**
 * Migrates a scenario written as data (a test's or a program's object) in format 1 or 2 to the
 * current format.
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.migrateData({ ruleset: "mtg", players: ["a"], activePlayer: "a" })
 * // Result.succeed({ format: 4, ruleset: "mtg", players: ["a"], turn: "a" })
 * ```
 * @since 0.1.0
 * @category migrating
 */
export const migrateData = (
  data: unknown,
  options: MigrateOptions = {}
): Result.Result<unknown, MigrateError> => {
  const doc = parseDocument(JSON.stringify(data))
  const r = migrateDocument(doc, options)
  return Result.isFailure(r) ? Result.fail(r.failure) : Result.succeed(doc.toJS())
}

/**
 * Helpers for writing a ruleset migration: rename a key of a mapping where it stands (its
 * comments stay with it), and read a scalar key.
 *
 * @example
 * ```ts
 * import { parseDocument, type YAMLMap } from "yaml"
 * import { Migrate } from "@bulwark/scenario"
 * const doc = parseDocument("activePlayer: a # AP\n")
 * Migrate.renameKey(doc.contents as YAMLMap, "activePlayer", "turn")
 * String(doc) // "turn: a # AP\n"
 * ```
 * @since 0.1.0
 * @category helpers
 */
export const renameKey = (map: YAMLMap, from: string, to: string): boolean => {
  for (const pair of map.items) {
    if (isScalar(pair.key) && pair.key.value === from) {
      pair.key.value = to
      return true
    }
    if (pair.key === from) {
      ;(pair as { key: unknown }).key = to
      return true
    }
  }
  return false
}
