/**
 * `@bulwark/scenario/node`: reading scenario files from disk (Node only).
 *
 * ```ts
 * import { checkDirectory } from "@bulwark/scenario/node"
 * import { ruleset } from "@bulwark/mtg"
 *
 * for (const r of checkDirectory("packages/mtg/scenarios", [ruleset]))
 *   console.log(r.file, r._tag === "Checked" && r.result.ok ? "PASS" : "FAIL")
 * ```
 *
 * @packageDocumentation
 */
import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  type Stats,
  statSync
} from "node:fs"
import { join } from "node:path"
import type { Ruleset } from "@bulwark/core"
import * as Result from "effect/Result"
import * as Integrity from "./Integrity.js"
import {
  type CheckResult,
  checkScenario,
  defaultLimits,
  type LoadedScenario,
  type ParseOptions,
  parseScenario,
  type RunOptions,
  readDocument
} from "./Scenario.js"
import * as ScenarioError from "./ScenarioError.js"

const SCENARIO_FILE = /\.(ya?ml|json)$/i

/**
 * Reads and parses one scenario file (see `parseScenario`); an unreadable file fails with
 * `ScenarioError.FileUnreadable`, and so does a path that is not a regular file (a FIFO, a
 * socket, a device: opened without blocking and never read, so nothing waits for ever), a file that is not valid UTF-8 with `ScenarioError.MalformedFile`
 * naming the byte offset (and line and column) of the first invalid byte.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { loadFile } from "@bulwark/scenario/node"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>
 * const r = loadFile("scenarios/MTG-09.yaml", rulesets)
 * if (Result.isFailure(r)) console.error(r.failure.message)
 * ```
 * @since 0.1.0
 * @category loading
 */
export const loadFile = (
  path: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: ParseOptions = {}
): Result.Result<LoadedScenario, ScenarioError.ScenarioError> => {
  const read = readFileWithin(path, options)
  return Result.isFailure(read) ? Result.fail(read.failure) : loadBytes(read.success, path, rulesets, options)
}

/** The bytes of a regular file within the size limit (checked before it is read). */
const readFileWithin = (
  path: string,
  options: ParseOptions
): Result.Result<Uint8Array, ScenarioError.ScenarioError> => {
  // the size limit before the file is read: a huge file is refused, not loaded into memory
  const maxSize = options.limits?.fileSize ?? defaultLimits.fileSize
  let size = 0
  try {
    size = statSync(path).size
  } catch {
    // not there or not readable: reading it says why
  }
  if (size > maxSize)
    return Result.fail(
      new ScenarioError.LimitExceeded({
        file: path,
        line: 0,
        column: 0,
        limit: "fileSize",
        value: size,
        max: maxSize,
        what: "bytes"
      })
    )
  return readRegularFile(path)
}

/**
 * What kind of file `stats` describe, in words, for a message: "a FIFO (named pipe)", "a
 * socket", "a character device", "a block device", "a directory", "a regular file".
 *
 * @example
 * ```ts
 * import { statSync } from "node:fs"
 * import { fileKind } from "@bulwark/scenario/node"
 * fileKind(statSync("/dev/null")) // "a character device"
 * ```
 * @since 0.1.0
 * @category loading
 */
export const fileKind = (stats: Stats): string =>
  stats.isFile()
    ? "a regular file"
    : stats.isDirectory()
      ? "a directory"
      : stats.isFIFO()
        ? "a FIFO (named pipe)"
        : stats.isSocket()
          ? "a socket"
          : stats.isCharacterDevice()
            ? "a character device"
            : stats.isBlockDevice()
              ? "a block device"
              : "not a regular file"

const unreadable = (path: string, err: unknown): ScenarioError.FileUnreadable => {
  const code = (err as { code?: unknown }).code
  const reason =
    code === "ENOENT"
      ? "no such file"
      : code === "EISDIR"
        ? "it is a directory"
        : err instanceof Error
          ? err.message
          : String(err)
  return new ScenarioError.FileUnreadable({ file: path, reason })
}

// Opened without blocking (a FIFO's open waits for a writer otherwise), then only read if it is
// a regular file: reading a FIFO, a socket or a device could wait for ever or never end.
const readRegularFile = (path: string): Result.Result<Uint8Array, ScenarioError.FileUnreadable> => {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (err) {
    return Result.fail(unreadable(path, err))
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile())
      return Result.fail(
        new ScenarioError.FileUnreadable({
          file: path,
          reason: stats.isDirectory() ? "it is a directory" : `it is ${fileKind(stats)}, not a regular file`
        })
      )
    return Result.succeed(readFileSync(fd))
  } catch (err) {
    return Result.fail(unreadable(path, err))
  } finally {
    closeSync(fd)
  }
}

/**
 * Parses the bytes of a scenario file read by the caller (from a pipe, say): as {@link loadFile}
 * does after reading, bytes that are not valid UTF-8 fail with `ScenarioError.MalformedFile`
 * naming the byte offset (and line and column) of the first invalid byte; `path` names the file
 * in messages.
 *
 * @example
 * ```ts
 * import { loadBytes } from "@bulwark/scenario/node"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>
 * const r = loadBytes(new TextEncoder().encode("format: 4\nruleset: mtg\n"), "stdin", rulesets)
 * ```
 * @since 0.1.0
 * @category loading
 */
export const loadBytes = (
  bytes: Uint8Array,
  path: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: ParseOptions = {}
): Result.Result<LoadedScenario, ScenarioError.ScenarioError> => {
  const text = textOf(bytes, path)
  return Result.isFailure(text)
    ? Result.fail(text.failure)
    : parseScenario(text.success, path, rulesets, options)
}

/** The UTF-8 text of `bytes`, or `MalformedFile` naming the first invalid byte. */
const textOf = (bytes: Uint8Array, path: string): Result.Result<string, ScenarioError.MalformedFile> => {
  const decoded = Integrity.decodeUtf8(bytes)
  if (decoded._tag === "Invalid")
    return Result.fail(
      new ScenarioError.MalformedFile({
        file: path,
        line: decoded.line,
        column: decoded.column,
        reason: `invalid UTF-8 at byte offset ${decoded.offset} (a scenario file must be UTF-8 text)`
      })
    )
  return Result.succeed(decoded.text)
}

/**
 * A scenario file read and checked, not yet decoded: its bytes and its document (see
 * {@link readFileDocument}).
 *
 * @example
 * ```ts
 * import type { ReadDocument } from "@bulwark/scenario/node"
 * const r: ReadDocument = { bytes: new Uint8Array(), document: { format: 4, ruleset: "mtg" } }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface ReadDocument {
  readonly bytes: Uint8Array
  readonly document: Record<string, unknown>
}

/**
 * The first half of {@link loadFile}, on plain data only: the file read (the same size limit and
 * refusal of what is not a regular file), its bytes checked as UTF-8 and its text read and
 * checked (`Scenario.readDocument`). The result can be posted to another thread (the bytes
 * transferred, the document copied) and finished there: `Scenario.loadDocument(document, text,
 * path, rulesets)` with `text` the bytes decoded gives what `loadFile` gives. Fails as `loadFile`
 * does on those steps.
 *
 * @example
 * ```ts
 * import { readFileDocument } from "@bulwark/scenario/node"
 * const r = readFileDocument("scenarios/MTG-09.yaml")
 * ```
 * @since 0.1.0
 * @category loading
 */
export const readFileDocument = (
  path: string,
  options: ParseOptions = {}
): Result.Result<ReadDocument, ScenarioError.ScenarioError> => {
  const read = readFileWithin(path, options)
  return Result.isFailure(read) ? Result.fail(read.failure) : readBytesDocument(read.success, path, options)
}

/**
 * {@link readFileDocument} for bytes the caller read (from a pipe, say), as {@link loadBytes}.
 *
 * @example
 * ```ts
 * import { readBytesDocument } from "@bulwark/scenario/node"
 * const r = readBytesDocument(new TextEncoder().encode("format: 4\nruleset: mtg\n"), "stdin")
 * ```
 * @since 0.1.0
 * @category loading
 */
export const readBytesDocument = (
  bytes: Uint8Array,
  path: string,
  options: ParseOptions = {}
): Result.Result<ReadDocument, ScenarioError.ScenarioError> => {
  const text = textOf(bytes, path)
  if (Result.isFailure(text)) return Result.fail(text.failure)
  const document = readDocument(text.success, path, options)
  return Result.isFailure(document)
    ? Result.fail(document.failure)
    : Result.succeed({ bytes, document: document.success })
}

/**
 * What a walk over directories finds: the scenario files, sorted by path; the files with a
 * scenario's extension that are not scenarios (no top-level `ruleset` key), so that a caller can
 * say what it skipped rather than drop a file silently; and what the walk did not read or enter,
 * each with the reason (see {@link Refused}).
 *
 * @example
 * ```ts
 * import type { Found } from "@bulwark/scenario/node"
 * const f: Found = { scenarios: ["a.yaml"], skipped: ["package.json"], refused: [] }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface Found {
  readonly scenarios: ReadonlyArray<string>
  readonly skipped: ReadonlyArray<string>
  readonly refused: ReadonlyArray<Refused>
}

/**
 * A path the walk did not read or enter, and why: a FIFO, a socket or a device with a scenario's
 * extension (or a link to one), a broken link, a link to a folder already walked (a loop, or a
 * second way to the same folder), a folder that can't be listed, a file too large to tell
 * within {@link WalkOptions.scanBytes}.
 *
 * @example
 * ```ts
 * import type { Refused } from "@bulwark/scenario/node"
 * const r: Refused = { path: "in.yaml", reason: "a FIFO (named pipe), not a regular file" }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface Refused {
  readonly path: string
  readonly reason: string
}

/**
 * One entry of a walk ({@link walkScenarios}), in the order the walk meets them (each folder's
 * entries sorted by name).
 *
 * @example
 * ```ts
 * import type { WalkEntry } from "@bulwark/scenario/node"
 * const e: WalkEntry = { _tag: "Scenario", path: "a.yaml" }
 * ```
 * @since 0.1.0
 * @category loading
 */
export type WalkEntry =
  | { readonly _tag: "Scenario"; readonly path: string }
  | { readonly _tag: "Skipped"; readonly path: string }
  | ({ readonly _tag: "Refused" } & Refused)

/**
 * How a walk reads files. `scanBytes`: how much of a file (at most) is read to tell whether it is
 * a scenario — a file larger than that whose first `scanBytes` bytes hold no top-level
 * `ruleset:` key is refused, naming the limit ({@link SCAN_BYTES} by default; the `bulwark`
 * command reads it from `BULWARK_SCAN_BYTES`).
 *
 * @example
 * ```ts
 * import type { WalkOptions } from "@bulwark/scenario/node"
 * const o: WalkOptions = { scanBytes: 4 * 1024 * 1024 }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface WalkOptions {
  readonly scanBytes?: number | undefined
}

/**
 * The default {@link WalkOptions.scanBytes}: 1 MiB. A scenario names its ruleset near the top;
 * a 600 MB data file is never read whole to find out it isn't one.
 *
 * @example
 * ```ts
 * import { SCAN_BYTES } from "@bulwark/scenario/node"
 * SCAN_BYTES // 1048576
 * ```
 * @since 0.1.0
 * @category loading
 */
export const SCAN_BYTES = 1024 * 1024

/** Directories a walk never enters: installed packages and build output. */
const NOT_WALKED: ReadonlySet<string> = new Set(["node_modules", "dist"])

const bytesText = (n: number): string =>
  n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`

/**
 * Walks a directory for scenario files, one {@link WalkEntry} at a time, so that a caller can
 * report progress and stop between entries (the `bulwark` command gives the event loop a turn
 * every few entries, so Ctrl-C stops a walk over a huge folder). The rules are
 * {@link findScenarios}'s; a path that is not a directory is yielded as a scenario.
 *
 * @example
 * ```ts
 * import { walkScenarios } from "@bulwark/scenario/node"
 * for (const e of walkScenarios("packages")) if (e._tag === "Refused") console.log(e.path, e.reason)
 * ```
 * @since 0.1.0
 * @category loading
 */
export function* walkScenarios(
  dirOrFile: string,
  options: WalkOptions = {}
): Generator<WalkEntry, void, void> {
  let root: Stats
  try {
    root = statSync(dirOrFile)
  } catch {
    yield { _tag: "Scenario", path: dirOrFile }
    return
  }
  if (!root.isDirectory()) {
    yield { _tag: "Scenario", path: dirOrFile }
    return
  }
  const scanBytes = options.scanBytes ?? SCAN_BYTES
  // each folder entered, by device and inode: a link back up (a loop) or to a folder already
  // walked is refused, never walked twice
  const entered = new Map<string, string>()
  // depth-first, each folder's entries in name order; a stack, not recursion (deep trees)
  const stack: Array<{ readonly path: string; readonly stats: Stats }> = [{ path: dirOrFile, stats: root }]
  while (stack.length > 0) {
    const { path: dir, stats } = stack.pop() as { readonly path: string; readonly stats: Stats }
    const key = `${stats.dev}:${stats.ino}`
    const first = entered.get(key)
    if (first !== undefined) {
      yield {
        _tag: "Refused",
        path: dir,
        reason: `the folder ${first} again, reached through a link (a loop, or a second way to it): walked once, not again`
      }
      continue
    }
    entered.set(key, dir)
    let entries: Array<Dirent>
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (err) {
      yield { _tag: "Refused", path: dir, reason: `the folder can't be listed: ${errorText(err)}` }
      continue
    }
    entries.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
    const folders: Array<{ readonly path: string; readonly stats: Stats }> = []
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue
      const p = join(dir, entry.name)
      const named = SCENARIO_FILE.test(entry.name)
      if (entry.isDirectory()) {
        if (NOT_WALKED.has(entry.name)) continue
        try {
          folders.push({ path: p, stats: statSync(p) })
        } catch (err) {
          yield { _tag: "Refused", path: p, reason: `the folder can't be read: ${errorText(err)}` }
        }
        continue
      }
      if (entry.isSymbolicLink()) {
        let target: Stats
        try {
          target = statSync(p)
        } catch (err) {
          const code = (err as { code?: unknown }).code
          yield {
            _tag: "Refused",
            path: p,
            reason:
              code === "ELOOP"
                ? "a link that loops (links pointing at each other)"
                : code === "ENOENT"
                  ? "a broken link (its target does not exist)"
                  : `a link whose target can't be read: ${errorText(err)}`
          }
          continue
        }
        if (target.isDirectory()) {
          if (!NOT_WALKED.has(entry.name)) folders.push({ path: p, stats: target })
        } else if (named) {
          if (target.isFile()) yield classify(p, scanBytes)
          else yield { _tag: "Refused", path: p, reason: `a link to ${fileKind(target)}, not a regular file` }
        }
        continue
      }
      if (!named) continue
      if (entry.isFile()) yield classify(p, scanBytes)
      else
        yield {
          _tag: "Refused",
          path: p,
          reason: `${special(entry)}, not a regular file`
        }
    }
    // popped in name order
    for (let i = folders.length - 1; i >= 0; i--) stack.push(folders[i] as (typeof folders)[number])
  }
}

const special = (entry: Dirent): string =>
  entry.isFIFO()
    ? "a FIFO (named pipe)"
    : entry.isSocket()
      ? "a socket"
      : entry.isCharacterDevice()
        ? "a character device"
        : entry.isBlockDevice()
          ? "a block device"
          : "not a regular file"

const errorText = (err: unknown): string => {
  const code = (err as { code?: unknown }).code
  if (code === "EACCES" || code === "EPERM") return "permission denied"
  return err instanceof Error ? err.message : String(err)
}

/**
 * Whether a regular file is a scenario, from at most `scanBytes` of it. Opened without blocking
 * and checked again once open (it may have been swapped for a FIFO since the listing). A file
 * that can't be opened is counted as a scenario: loading it reports why.
 */
const classify = (path: string, scanBytes: number): WalkEntry => {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch {
    return { _tag: "Scenario", path }
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) return { _tag: "Refused", path, reason: `${fileKind(stats)}, not a regular file` }
    const buffer = Buffer.alloc(Math.min(stats.size, scanBytes))
    let n = 0
    while (n < buffer.length) {
      const got = readSync(fd, buffer, n, buffer.length - n, n)
      if (got === 0) break
      n += got
    }
    if (Integrity.hasRulesetKey(buffer.toString("utf8", 0, n))) return { _tag: "Scenario", path }
    if (stats.size > scanBytes)
      return {
        _tag: "Refused",
        path,
        reason: `no top-level \`ruleset:\` key in its first ${bytesText(scanBytes)} (it is ${bytesText(stats.size)}; read more of each file with BULWARK_SCAN_BYTES=<bytes>)`
      }
    return { _tag: "Skipped", path }
  } catch {
    return { _tag: "Scenario", path }
  } finally {
    closeSync(fd)
  }
}

/**
 * Finds the scenario files under a directory, recursively. A scenario file is a `.yaml`, `.yml`
 * or `.json` file whose top-level mapping has a `ruleset` key (`ruleset: mtg`) within its first
 * `scanBytes` bytes ({@link SCAN_BYTES}, 1 MiB, by default); other files with those extensions
 * (`package.json`, `tsconfig.json`, a CI workflow) are listed as skipped. The walk never enters
 * `node_modules`, `dist` or a directory whose name starts with a dot, and never blocks: only
 * regular files are opened (without blocking), and only `scanBytes` of each is read. What it
 * leaves out otherwise is listed in `refused` with the reason: a FIFO, a socket or a device
 * with a scenario's extension (or a link to one), a broken or looping link, a folder that can't
 * be listed, a file larger than `scanBytes` without the key in that much. Links to folders are
 * followed, each folder walked once (a link back up, or a second way to a folder, is refused).
 * A path that is a file, or does not exist, is returned as a scenario as is, whatever it holds:
 * a file named explicitly is always loaded, so that a file that is not a scenario gets its error.
 *
 * @example
 * ```ts
 * import { findScenarios } from "@bulwark/scenario/node"
 * const { scenarios, skipped, refused } = findScenarios("packages")
 * console.log(`${scenarios.length} scenarios, ${skipped.length + refused.length} other files`)
 * ```
 * @since 0.1.0
 * @category loading
 */
export const findScenarios = (dirOrFile: string, options: WalkOptions = {}): Found => {
  const scenarios: Array<string> = []
  const skipped: Array<string> = []
  const refused: Array<Refused> = []
  for (const e of walkScenarios(dirOrFile, options))
    if (e._tag === "Scenario") scenarios.push(e.path)
    else if (e._tag === "Skipped") skipped.push(e.path)
    else refused.push({ path: e.path, reason: e.reason })
  return {
    scenarios: scenarios.sort(),
    skipped: skipped.sort(),
    refused: refused.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0))
  }
}

/**
 * Lists the scenario files under a directory, recursively, sorted by path (see
 * {@link findScenarios}: files without a top-level `ruleset` key, `node_modules`, `dist` and
 * dot-directories are left out); a file path is returned as is. A path that does not exist
 * yields itself (so that loading it reports the problem).
 *
 * @example
 * ```ts
 * import { scenarioFiles } from "@bulwark/scenario/node"
 * console.log(scenarioFiles("packages/mtg/scenarios"))
 * ```
 * @since 0.1.0
 * @category loading
 */
export const scenarioFiles = (dirOrFile: string): ReadonlyArray<string> => findScenarios(dirOrFile).scenarios

/**
 * The result of checking one file: `Checked` (it loaded; see `result.ok`) or `Invalid` (it
 * could not be loaded).
 *
 * @example
 * ```ts
 * import type { FileResult } from "@bulwark/scenario/node"
 * const passed = (r: FileResult) => r._tag === "Checked" && r.result.ok
 * ```
 * @since 0.1.0
 * @category model
 */
export type FileResult =
  | {
      readonly _tag: "Checked"
      readonly file: string
      readonly scenario: LoadedScenario
      readonly result: CheckResult
    }
  | { readonly _tag: "Invalid"; readonly file: string; readonly error: ScenarioError.ScenarioError }

/**
 * Loads and checks one file.
 *
 * @example
 * ```ts
 * import { checkFile } from "@bulwark/scenario/node"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>
 * const r = checkFile("scenarios/MTG-09.yaml", rulesets)
 * ```
 * @since 0.1.0
 * @category running
 */
export const checkFile = (
  path: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: RunOptions = {}
): FileResult => {
  const loaded = loadFile(path, rulesets)
  if (Result.isFailure(loaded)) return { _tag: "Invalid", file: path, error: loaded.failure }
  return {
    _tag: "Checked",
    file: path,
    scenario: loaded.success,
    result: checkScenario(loaded.success, options)
  }
}

/**
 * Checks every scenario file under a directory (recursively, sorted; see {@link scenarioFiles})
 * or a single file, returning one result per file.
 *
 * @example
 * ```ts
 * import { checkDirectory } from "@bulwark/scenario/node"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>
 * const results = checkDirectory("packages/mtg/scenarios", rulesets)
 * const failed = results.filter((r) => r._tag === "Invalid" || !r.result.ok)
 * ```
 * @since 0.1.0
 * @category running
 */
export const checkDirectory = (
  dirOrFile: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: RunOptions = {}
): ReadonlyArray<FileResult> => scenarioFiles(dirOrFile).map((f) => checkFile(f, rulesets, options))
