/**
 * The errors of loading a scenario file. Each is a tagged, serialisable class whose `message` is
 * a complete, human-readable explanation starting with `file:line:column` — never a stack trace.
 * Invisible characters in it (zero-width spaces, bidi controls, non-breaking spaces, …) are shown
 * as `\u{…}` escapes (core `Names.visible`), so two ids that look the same never read the same.
 *
 * @since 0.1.0
 * @module
 */
import { Names } from "@bulwark/core"
import * as Schema from "effect/Schema"

const where = (file: string, line: number, column: number): string =>
  line > 0 ? `${file}:${line}:${column}` : file

/**
 * The file is not well-formed YAML or JSON (or its top level is not a mapping).
 *
 * @example
 * ```ts
 * import { ScenarioError } from "@bulwark/scenario"
 * const e = new ScenarioError.MalformedFile({ file: "a.yaml", line: 3, column: 7, reason: "Nested mappings are not allowed in compact mappings" })
 * e.message // "a.yaml:3:7: malformed YAML: Nested mappings are not allowed in compact mappings"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class MalformedFile extends Schema.TaggedError<MalformedFile>()("MalformedFile", {
  file: Schema.String,
  line: Schema.Number,
  column: Schema.Number,
  reason: Schema.String
}) {
  override get message(): string {
    const text = (): string => {
      const kind = /\.json$/i.test(this.file) ? "JSON" : "YAML"
      return `${where(this.file, this.line, this.column)}: malformed ${kind}: ${this.reason}`
    }
    return Names.visible(text())
  }
}

/**
 * One problem found by a scenario's schema: the path inside the document (`effects[0].kind`),
 * where that path is in the file, and what was expected.
 *
 * @example
 * ```ts
 * import type { ScenarioError } from "@bulwark/scenario"
 * const i: ScenarioError.Issue = { path: "effects[0].kind", line: 12, column: 11, message: "Expected \"shield\" | \"double\", got \"sheild\"" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Issue {
  readonly path: string
  readonly line: number
  readonly column: number
  readonly message: string
}

const IssueSchema = Schema.Struct({
  path: Schema.String,
  line: Schema.Number,
  column: Schema.Number,
  message: Schema.String
})

/**
 * The document does not match the scenario format (the generic keys or the ruleset's
 * vocabulary). Carries every issue at once, each with its path and line.
 *
 * @example
 * ```ts
 * import { ScenarioError } from "@bulwark/scenario"
 * const e = new ScenarioError.SchemaMismatch({
 *   file: "a.yaml",
 *   issues: [{ path: "effcts", line: 4, column: 1, message: "unknown key (Expected no excess property)" }]
 * })
 * e.message // "a.yaml: 1 problem in the scenario:\n  a.yaml:4:1 at effcts: unknown key (Expected no excess property)"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class SchemaMismatch extends Schema.TaggedError<SchemaMismatch>()("SchemaMismatch", {
  file: Schema.String,
  issues: Schema.Array(IssueSchema)
}) {
  override get message(): string {
    const text = (): string => {
      const n = this.issues.length
      return [
        `${this.file}: ${n} problem${n === 1 ? "" : "s"} in the scenario:`,
        ...this.issues.map(
          (i) =>
            `  ${where(this.file, i.line, i.column)} at ${i.path === "" ? "(top level)" : i.path}: ${i.message}`
        )
      ].join("\n")
    }
    return Names.visible(text())
  }
}

/**
 * The ruleset's `compile` rejected the scenario (an unknown id, a duplicate id, …), with the
 * path it named and where that is in the file.
 *
 * @example
 * ```ts
 * import { ScenarioError } from "@bulwark/scenario"
 * new ScenarioError.CompileFailed({ file: "a.yaml", path: "effects[0].on", line: 9, column: 9, reason: "unknown object \"ghost\"" }).message
 * // "a.yaml:9:9: at effects[0].on: unknown object \"ghost\""
 * ```
 * @since 0.1.0
 * @category errors
 */
export class CompileFailed extends Schema.TaggedError<CompileFailed>()("CompileFailed", {
  file: Schema.String,
  path: Schema.String,
  line: Schema.Number,
  column: Schema.Number,
  reason: Schema.String
}) {
  override get message(): string {
    const text = (): string => {
      return `${where(this.file, this.line, this.column)}: at ${this.path === "" ? "(top level)" : this.path}: ${this.reason}`
    }
    return Names.visible(text())
  }
}

/**
 * The `ruleset:` key is missing or names no installed ruleset.
 *
 * @example
 * ```ts
 * import { ScenarioError } from "@bulwark/scenario"
 * new ScenarioError.UnknownRuleset({ file: "a.yaml", ruleset: "mgt", installed: ["mtg", "fab"], line: 1, column: 10 }).message
 * // "a.yaml:1:10: unknown ruleset \"mgt\"; installed rulesets: mtg, fab"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class UnknownRuleset extends Schema.TaggedError<UnknownRuleset>()("UnknownRuleset", {
  file: Schema.String,
  ruleset: Schema.NullOr(Schema.String),
  installed: Schema.Array(Schema.String),
  line: Schema.Number,
  column: Schema.Number
}) {
  override get message(): string {
    const text = (): string => {
      const list = this.installed.length === 0 ? "(none)" : this.installed.join(", ")
      return this.ruleset === null
        ? `${where(this.file, this.line, this.column)}: not a scenario file (a scenario names its ruleset at the top level): no \`ruleset:\` key; installed rulesets: ${list}`
        : `${where(this.file, this.line, this.column)}: unknown ruleset ${JSON.stringify(this.ruleset)}; installed rulesets: ${list}`
    }
    return Names.visible(text())
  }
}

/**
 * The file could not be read (it does not exist, or is not readable).
 *
 * @example
 * ```ts
 * import { ScenarioError } from "@bulwark/scenario"
 * new ScenarioError.FileUnreadable({ file: "nope.yaml", reason: "no such file" }).message // "nope.yaml: cannot read the file: no such file"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class FileUnreadable extends Schema.TaggedError<FileUnreadable>()("FileUnreadable", {
  file: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    const text = (): string => {
      return `${this.file}: cannot read the file: ${this.reason}`
    }
    return Names.visible(text())
  }
}

/**
 * The file is written in an older scenario format (format 1: each game's own language, before
 * `format: 2`). Nothing is guessed: `bulwark migrate <file>` rewrites it in the current format,
 * keeping its comments and key order. A file that says `format: 1` is located at that value
 * (`line`, `column`); a file without `format:` has no place to point at.
 *
 * @example
 * ```ts
 * import { ScenarioError } from "@bulwark/scenario"
 * new ScenarioError.OutdatedFormat({ file: "old.yaml", format: 1, current: 2 }).message
 * // "old.yaml: this file is in scenario format 1; the current format is 2 — run `bulwark migrate old.yaml` to rewrite it (comments and key order are kept)"
 * new ScenarioError.OutdatedFormat({ file: "old.yaml", format: 1, current: 2, line: 2, column: 9 }).message
 * // "old.yaml:2:9: this file is in scenario format 1; the current format is 2 — run `bulwark migrate old.yaml` …"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class OutdatedFormat extends Schema.TaggedError<OutdatedFormat>()("OutdatedFormat", {
  file: Schema.String,
  format: Schema.Number,
  current: Schema.Number,
  /** Where `format:`'s value is (absent when the file has no `format:` key). */
  line: Schema.optionalKey(Schema.Number),
  column: Schema.optionalKey(Schema.Number)
}) {
  override get message(): string {
    const at = this.line === undefined ? this.file : where(this.file, this.line, this.column ?? 1)
    return Names.visible(
      `${at}: this file is in scenario format ${this.format}; the current format is ${this.current} — run \`bulwark migrate ${this.file}\` to rewrite it (comments and key order are kept)`
    )
  }
}

/**
 * The file is over one of the loader's limits ({@link LimitExceeded.limit}: `fileSize`,
 * `occurrencesPerEvent`, `effects` or `steps`; see `Scenario.defaultLimits`), checked before it is
 * decoded or run: `value` is what the file has, `max` the limit. The message names the limit and
 * how to raise it.
 *
 * @example
 * ```ts
 * import { ScenarioError } from "@bulwark/scenario"
 * new ScenarioError.LimitExceeded({ file: "big.yaml", line: 9, column: 7, limit: "effects", value: 20001, max: 10000, what: "effects" }).message
 * // "big.yaml:9:7: 20001 effects, over the limit of 10000 (limit `effects`; raise it with BULWARK_LIMITS=effects=<n> for the CLI, or parseScenario's `limits` option)"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class LimitExceeded extends Schema.TaggedError<LimitExceeded>()("LimitExceeded", {
  file: Schema.String,
  line: Schema.Number,
  column: Schema.Number,
  limit: Schema.Literals(["fileSize", "occurrencesPerEvent", "effects", "steps"]),
  value: Schema.Number,
  max: Schema.Number,
  /** What was counted, in words ("occurrences in event e0", "characters"). */
  what: Schema.String
}) {
  override get message(): string {
    return Names.visible(
      `${where(this.file, this.line, this.column)}: ${this.value} ${this.what}, over the limit of ${this.max} (limit \`${this.limit}\`; raise it with BULWARK_LIMITS=${this.limit}=<n> for the CLI, or parseScenario's \`limits\` option)`
    )
  }
}

/**
 * Every error of loading a scenario.
 *
 * @example
 * ```ts
 * import type { ScenarioError } from "@bulwark/scenario"
 * const tagOf = (e: ScenarioError.ScenarioError): string => e._tag
 * ```
 * @since 0.1.0
 * @category errors
 */
export type ScenarioError =
  | MalformedFile
  | SchemaMismatch
  | CompileFailed
  | UnknownRuleset
  | FileUnreadable
  | OutdatedFormat
  | LimitExceeded
