/**
 * Issue 16, point 4, for mtg: "the migrated file resolves to the same outcome as the original
 * does today". Every bundled and generated format-1 mtg case (`cases.ts`) is migrated with
 * `Migrate.migrateText`, loaded in format 2 and run; its canonical outcome must equal the one
 * frozen from the format-1 code (`outcomes.json`).
 *
 * One difference is allowed, and only one: a file format 1 refused when compiling
 * (`CompileFailed`, an unknown id) may be refused when decoding in format 2 (`SchemaMismatch`:
 * the skeleton finds unknown ids with a "did you mean"). Both refuse the file; a file that
 * loaded must still load and give the same outcome, and a refused file must still be refused.
 */
import { Migrate } from "@bulwark/scenario"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type CanonicalOutcome, cases, frozen, frozenOutcome, outcomeOf, rulesets } from "./cases.js"

const mtgCases = cases().filter((c) => c.ruleset === "mtg")

const migrated = (text: string): string => {
  const r = Migrate.migrateText(text)
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success.text
}

const same = (got: CanonicalOutcome, want: CanonicalOutcome | undefined): boolean => {
  if (want !== undefined && "load" in want && "load" in got)
    return got.load === want.load || (want.load === "CompileFailed" && got.load === "SchemaMismatch")
  return JSON.stringify(got) === JSON.stringify(want)
}

describe("mtg: format-1 files, migrated, resolve as they did", () => {
  it("covers the bundled files and at least 500 generated ones", () => {
    expect(mtgCases.filter((c) => c.key.startsWith("bundled/")).length).toBeGreaterThanOrEqual(30)
    expect(mtgCases.filter((c) => c.key.startsWith("generated/")).length).toBeGreaterThanOrEqual(500)
  })

  it("every migrated case has its frozen outcome", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    const results = mtgCases.map((c) => ({ key: c.key, got: outcomeOf(migrated(c.text), c.name, with_) }))
    const differ = results.filter((d) => !same(d.got, frozenOutcome(outcomes, d.key)))
    expect(results.filter((d) => !("load" in d.got)).length).toBeGreaterThan(mtgCases.length * 0.9)
    // and the original text is format 1, which mtg no longer reads
    expect(outcomeOf(mtgCases[0]?.text ?? "", "x.yaml", with_)).toEqual({ load: "OutdatedFormat" })
    expect(differ.slice(0, 3).map((d) => ({ ...d, want: frozenOutcome(outcomes, d.key) }))).toEqual([])
    expect(differ.length).toBe(0)
  })

  it("mutant: a migration that drops `combat: true` changes outcomes", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    const combat = mtgCases.filter((c) => /combat: true/.test(c.text))
    expect(combat.length).toBeGreaterThan(20)
    const changed = combat.filter(
      (c) =>
        !same(
          outcomeOf(migrated(c.text.replaceAll("combat: true", "combat: false")), c.name, with_),
          frozenOutcome(outcomes, c.key)
        )
    )
    expect(changed.length).toBeGreaterThan(0)
  })
})
