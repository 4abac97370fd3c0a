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
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { Ruleset } from "@bulwark/core"
import { Result } from "effect"
import * as Integrity from "./Integrity.js"
import {
  type CheckResult,
  checkScenario,
  defaultLimits,
  type LoadedScenario,
  type ParseOptions,
  parseScenario,
  type RunOptions
} from "./Scenario.js"
import * as ScenarioError from "./ScenarioError.js"

const SCENARIO_FILE = /\.(ya?ml|json)$/i

/**
 * Reads and parses one scenario file (see `parseScenario`); an unreadable file fails with
 * `ScenarioError.FileUnreadable`, a file that is not valid UTF-8 with `ScenarioError.MalformedFile`
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
  let bytes: Uint8Array
  try {
    bytes = readFileSync(path)
  } catch (err) {
    const code = (err as { code?: unknown }).code
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a directory"
          : err instanceof Error
            ? err.message
            : String(err)
    return Result.fail(new ScenarioError.FileUnreadable({ file: path, reason }))
  }
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
  return parseScenario(decoded.text, path, rulesets, options)
}

/**
 * What a walk over directories finds: the scenario files, sorted by path, and the files with a
 * scenario's extension that are not scenarios (no top-level `ruleset` key), so that a caller can
 * say what it skipped rather than drop a file silently.
 *
 * @example
 * ```ts
 * import type { Found } from "@bulwark/scenario/node"
 * const f: Found = { scenarios: ["a.yaml"], skipped: ["package.json"] }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface Found {
  readonly scenarios: ReadonlyArray<string>
  readonly skipped: ReadonlyArray<string>
}

/** Directories a walk never enters: installed packages and build output. */
const NOT_WALKED: ReadonlySet<string> = new Set(["node_modules", "dist"])

/**
 * Finds the scenario files under a directory, recursively. A scenario file is a `.yaml`, `.yml`
 * or `.json` file whose top-level mapping has a `ruleset` key (`ruleset: mtg`); other files with
 * those extensions (`package.json`, `tsconfig.json`, a CI workflow) are listed as skipped. The
 * walk never enters `node_modules`, `dist` or a directory whose name starts with a dot. A path
 * that is a file, or does not exist, is returned as a scenario as is, whatever it holds: a file
 * named explicitly is always loaded, so that a file that is not a scenario gets its error.
 *
 * @example
 * ```ts
 * import { findScenarios } from "@bulwark/scenario/node"
 * const { scenarios, skipped } = findScenarios("packages")
 * console.log(`${scenarios.length} scenarios, ${skipped.length} other files`)
 * ```
 * @since 0.1.0
 * @category loading
 */
export const findScenarios = (dirOrFile: string): Found => {
  let isDir: boolean
  try {
    isDir = statSync(dirOrFile).isDirectory()
  } catch {
    return { scenarios: [dirOrFile], skipped: [] }
  }
  if (!isDir) return { scenarios: [dirOrFile], skipped: [] }
  const scenarios: Array<string> = []
  const skipped: Array<string> = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue
      const p = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!NOT_WALKED.has(entry.name)) walk(p)
      } else if (SCENARIO_FILE.test(entry.name)) (isScenario(p) ? scenarios : skipped).push(p)
    }
  }
  walk(dirOrFile)
  return { scenarios: scenarios.sort(), skipped: skipped.sort() }
}

// A file that can't be read is counted as a scenario: loading it reports why.
const isScenario = (path: string): boolean => {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch {
    return true
  }
  return Integrity.hasRulesetKey(text)
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
