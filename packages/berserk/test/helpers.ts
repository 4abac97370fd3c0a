/**
 * Test helpers: compile a scenario document (as a scenario file would hold it) with the ruleset's
 * words (`Skeleton.compileData`), run it, and match an expectation.
 */
import { Chooser, type Decision, Expect, type Kernel, type Language, Ruleset, Trace } from "@bulwark/core"
import { Migrate, Skeleton } from "@bulwark/scenario"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

/** The ruleset's words. */
export const language = ruleset.language as Language.Language

/** Compiles a format-2 document (read through `Migrate.migrateData`, format 2 → 3, as a file is). */
export const compile2 = (doc: Readonly<Record<string, unknown>>) => {
  const up = Migrate.migrateData({ format: 2, ruleset: "berserk", ...doc })
  if (Result.isFailure(up)) throw new Error(up.failure.reason)
  return Skeleton.compileData(language, up.success as Readonly<Record<string, unknown>>)
}

/**
 * Compiles a document: format 2 as it is; a format-1 document (no `format:`) is first migrated
 * with `Migrate.migrateData` — the large resolution suites (rules533, rules534) still write
 * their data in format 1 and go through the migration, which is itself checked against the
 * frozen format-1 outcomes (apps/cli/test/format1/migrate-berserk.test.ts).
 */
export const compileDoc = (doc: unknown) => {
  const d = doc as Record<string, unknown>
  if (d.format === 2) return compile2(d)
  const migrated = Migrate.migrateData({ ruleset: "berserk", ...d })
  if (Result.isFailure(migrated)) throw new Error(migrated.failure.reason)
  return compile2(migrated.success as Record<string, unknown>)
}

export const runDoc = (
  doc: unknown,
  decisions?: ReadonlyArray<Decision.Answer>,
  options?: Kernel.Options
): Ruleset.RunResult => {
  const compiled = compileDoc(doc)
  if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
  return Ruleset.run(
    ruleset.rules,
    compiled.success,
    decisions === undefined ? Chooser.firstLegal : Chooser.scripted(decisions),
    options
  )
}

/** The mismatches between an expectation and the run's outcome, rendered ("" when it matches). */
export const mismatches = (result: Ruleset.RunResult, expected: Readonly<Record<string, unknown>>): string =>
  Expect.render(Expect.outcome(expected, result.outcome))

export const traceText = (result: Ruleset.RunResult): string => Trace.render(result.trace)

/** The ids of the effects applied, in the order the trace records them. */
export const appliedOrder = (result: Ruleset.RunResult): ReadonlyArray<string> =>
  result.trace.flatMap((r) => (r._tag === "Applied" ? [r.effect] : []))

export const players = { active: "ap", inactive: "ip" } as const
