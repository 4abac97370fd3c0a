/**
 * Issue 16, point 4, for Flesh and Blood: every bundled and generated format-1 fab file, migrated
 * with `Migrate.migrateText`, resolves to the outcome frozen on the format-1 compiler
 * (`outcomes.json`). A file that failed to load still fails to load: its error may now be a
 * `SchemaMismatch` where format 1 said `CompileFailed`, because the skeleton finds unknown ids
 * while decoding, before anything compiles (the tag is not a ruling; which files fail is). A
 * mutant (each migrated bundled file with its first amount changed) shows the comparison can fail.
 */
import { Migrate } from "@bulwark/scenario"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type CanonicalOutcome, cases, frozen, frozenOutcome, outcomeOf, rulesets } from "./cases.js"

const fab = () => cases().filter((c) => c.ruleset === "fab")

const migrated = (text: string): string => {
  const r = Migrate.migrateText(text)
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success.text
}

/**
 * The same outcome; a load error may have moved from compiling to decoding (an unknown id is a
 * `SchemaMismatch` in format 2, where the format-1 compiler said `CompileFailed`), never to a
 * file that loads.
 */
const same = (a: CanonicalOutcome, b: CanonicalOutcome | undefined): boolean => {
  if (b === undefined) return false
  if ("load" in b)
    return "load" in a && (a.load === b.load || (b.load === "CompileFailed" && a.load === "SchemaMismatch"))
  return JSON.stringify(a) === JSON.stringify(b)
}

describe("fab: load(migrate(format-1 file)) = the frozen outcome", () => {
  it("holds for every bundled and generated fab case", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    const all = fab()
    expect(all.length).toBeGreaterThan(500)
    const differ = all.flatMap((c) => {
      const got = outcomeOf(migrated(c.text), c.name, with_)
      const want = frozenOutcome(outcomes, c.key)
      return same(got, want) ? [] : [{ key: c.key, got, want }]
    })
    expect(differ).toEqual([])
  })

  it("loads every fab case that loaded in format 1 (no ruling lost to a load error)", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    const loaded = fab().filter((c) => !("load" in (frozenOutcome(outcomes, c.key) ?? { load: "" })))
    expect(loaded.length).toBeGreaterThan(450)
    const failing = loaded.filter((c) => "load" in outcomeOf(migrated(c.text), c.name, with_))
    expect(failing.map((c) => c.key)).toEqual([])
  })

  it("mutant: a migrated bundled file with one amount changed no longer gives its outcome", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    const mutated = fab()
      .filter((c) => c.key.startsWith("bundled/"))
      .map((c) => ({
        ...c,
        text: migrated(c.text).replace(/amount: (\d+)/, (_, n: string) => `amount: ${Number(n) + 3}`)
      }))
    const unchanged = mutated.filter((c) =>
      same(outcomeOf(c.text, c.name, with_), frozenOutcome(outcomes, c.key))
    )
    expect(unchanged.length).toBeLessThan(mutated.length / 4)
  })
})
