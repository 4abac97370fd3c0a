/**
 * `bulwark migrate`: rewriting scenario files of an older format in the current one, in place,
 * with `Migrate.migrateText` from `@bulwark/scenario` (comments and key order kept, JSON stays
 * JSON). All or nothing: every file is migrated and its result loaded in memory first; only when
 * none failed is anything written, each file replaced whole (written beside it, then renamed).
 *
 * @module
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs"
import type { Ruleset } from "@bulwark/core"
import { Migrate, parseScenario } from "@bulwark/scenario"
import { loadFile } from "@bulwark/scenario/node"
import { Result } from "effect"

/**
 * What migrating one file gives: `Current` (already in the current format: left byte-identical),
 * `Changed` (the new text, ready to write) or `Failed` (why, located as `file:line:column`).
 */
export type Planned =
  | { readonly _tag: "Current"; readonly file: string }
  | { readonly _tag: "Changed"; readonly file: string; readonly text: string; readonly from: number }
  | { readonly _tag: "Failed"; readonly file: string; readonly message: string }

const located = (file: string, line: number | undefined, column: number | undefined): string =>
  line === undefined ? file : `${file}:${line}:${column ?? 1}`

/**
 * Migrates one file in memory. A file that is unreadable or not UTF-8 fails as loading it
 * would; a file `Migrate.migrateText` refuses fails where it points; a migrated text that does
 * not load as a scenario of the current format (the file was not a valid scenario in its own
 * format either, or the migration is wrong) fails with the loader's message — nothing is
 * written that `check` would refuse.
 */
export const plan = (file: string, rulesets: ReadonlyArray<Ruleset.AnyRuleset>): Planned => {
  let bytes: Uint8Array
  try {
    bytes = readFileSync(file)
  } catch {
    const r = loadFile(file, rulesets)
    return { _tag: "Failed", file, message: Result.isFailure(r) ? r.failure.message : `${file}: unreadable` }
  }
  let text: string
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    const r = loadFile(file, rulesets)
    return {
      _tag: "Failed",
      file,
      message: Result.isFailure(r) ? r.failure.message : `${file}: not valid UTF-8`
    }
  }
  const m = Migrate.migrateText(text)
  if (Result.isFailure(m))
    return {
      _tag: "Failed",
      file,
      message: `${located(file, m.failure.line, m.failure.column)}: can't migrate: ${m.failure.reason.replace(/ at line \d+, column \d+:?$/, "")}`
    }
  if (!m.success.changed) return { _tag: "Current", file }
  const loaded = parseScenario(m.success.text, file, rulesets)
  if (Result.isFailure(loaded))
    return {
      _tag: "Failed",
      file,
      message: `${file}: can't migrate: the file in format ${m.success.to} would not load:\n${loaded.failure.message}`
    }
  return { _tag: "Changed", file, text: m.success.text, from: m.success.from }
}

/** Replaces a file's contents whole: the new text is written beside it, then renamed over it. */
export const replaceFile = (file: string, text: string): void => {
  const tmp = `${file}.migrating`
  try {
    writeFileSync(tmp, text)
    renameSync(tmp, file)
  } catch (err) {
    try {
      unlinkSync(tmp)
    } catch {
      // nothing was written beside it
    }
    throw err
  }
}

/**
 * Writes every changed file (synchronously, one after the other): how many were written, and
 * the error that stopped it, if one did (a file that became unwritable since it was read).
 */
export const replaceAll = (
  changed: ReadonlyArray<Extract<Planned, { _tag: "Changed" }>>
): { readonly done: number; readonly error?: string | undefined } => {
  let done = 0
  for (const p of changed) {
    try {
      replaceFile(p.file, p.text)
    } catch (err) {
      return { done, error: `${p.file}: can't write: ${err instanceof Error ? err.message : String(err)}` }
    }
    done++
  }
  return { done }
}
