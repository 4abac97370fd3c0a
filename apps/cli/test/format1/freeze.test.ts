/**
 * The frozen format-1 baseline (issue 16, point 4: "freeze today's outcomes as fixtures before
 * you change the compilers").
 *
 * - The generator covers the languages: every effect kind and every step kind of every
 *   ruleset's format-1 schema (read off the schema, see `kinds.ts`) is used by at least 20
 *   generated files that load; a mutant (the cases without one kind) shows the count can fail.
 * - Today's code reproduces `outcomes.json` for every case (bundled and generated); a mutant
 *   (each bundled file with one amount changed) shows the comparison can fail. The migration
 *   property test replaces "today's code on the format-1 text" by "load(migrate(text))".
 *
 * `FREEZE_FORMAT1=write` rewrites `outcomes.json` instead (README.md in this folder).
 */
import { createRequire } from "node:module"
import { Migrate, parseScenario } from "@bulwark/scenario"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type Case, cases, frozen, frozenOutcome, installed, outcomeOf, rulesets } from "./cases.js"
import { freeze, summarize } from "./freeze.js"
import { casesPerRuleset, generatedCases, generatedRulesets } from "./generate.js"
import { allKinds, kindsUsed, schemaKinds } from "./kinds.js"

const writing = process.env.FREEZE_FORMAT1 === "write"

type Loaded = { readonly ruleset: string; readonly kinds: ReadonlySet<string> }

/**
 * The rulesets that have moved to format 2 (they have a `language`): today's code reads their
 * format-1 files through `bulwark migrate`, and `migrate-<ruleset>.test.ts` compares the outcomes.
 */
const moved = new Set(installed.filter((r) => r.language !== undefined).map((r) => r.id))

// the YAML library the scenario library reads files with (the CLI does not depend on it itself)
const { parse } = createRequire(import.meta.resolve("@bulwark/scenario"))("yaml") as {
  readonly parse: (text: string) => unknown
}

/** A case's text as today's code reads it: migrated for a ruleset that has moved to format 2. */
const today = (c: { readonly ruleset: string; readonly text: string }): string => {
  if (!moved.has(c.ruleset)) return c.text
  const r = Migrate.migrateText(c.text)
  return Result.isSuccess(r) ? r.success.text : c.text
}

/** The kinds each generated file that loads uses (parsed once, shared by the tests below). */
let loadedKinds: Promise<ReadonlyArray<Loaded>> | undefined
const generatedKinds = (): Promise<ReadonlyArray<Loaded>> => {
  loadedKinds ??= rulesets().then((with_) =>
    generatedCases().flatMap((c) => {
      const loaded = parseScenario(today(c), c.name, with_)
      return Result.isFailure(loaded)
        ? []
        : [{ ruleset: c.ruleset, kinds: kindsUsed(c.ruleset, parse(c.text) as Record<string, unknown>) }]
    })
  )
  return loadedKinds
}

/** How many loaded files use each kind, per ruleset. */
const coverage = (files: ReadonlyArray<Loaded>): Record<string, Record<string, number>> => {
  const out: Record<string, Record<string, number>> = {}
  // a ruleset that moved to format 2 is counted over its files as migrated (`today`)
  for (const r of generatedRulesets) out[r] = Object.fromEntries(allKinds(r).map((k) => [k, 0]))
  for (const f of files) {
    const counts = out[f.ruleset] ?? {}
    for (const k of f.kinds) if (k in counts) counts[k] = (counts[k] ?? 0) + 1
  }
  return out
}

const under = (cov: Record<string, Record<string, number>>, min: number): ReadonlyArray<string> =>
  Object.entries(cov).flatMap(([r, ks]) =>
    Object.entries(ks)
      .filter(([, n]) => n < min)
      .map(([k, n]) => `${r} ${k}: ${n}`)
  )

describe.skipIf(writing)("the format-1 generator", () => {
  it("reads every ruleset's kinds off its schema", () => {
    // the schemas name these; a kind the generator would not know of is counted below
    expect(schemaKinds.mtg?.effects).toContain("raw")
    expect(schemaKinds.fab?.steps).toContain("beginEndPhase")
    expect(schemaKinds.berserk?.effects).toEqual([
      "prevent",
      "noWoundsFrom",
      "woundsOnlyFrom",
      "moreWounds",
      "fewerWounds",
      "instead"
    ])
    expect(schemaKinds.riftbound?.effects).toContain("cantBeDealtDamage")
    for (const r of generatedRulesets) {
      expect(schemaKinds[r]?.effects.length).toBeGreaterThan(3)
      expect(schemaKinds[r]?.steps.length).toBeGreaterThan(3)
    }
  })

  it("writes at least 2 000 files, 400 per ruleset, the same text every time", () => {
    const all = generatedCases()
    expect(all.length).toBeGreaterThanOrEqual(2000)
    for (const r of generatedRulesets)
      expect(all.filter((c) => c.ruleset === r).length).toBeGreaterThanOrEqual(400)
    expect(casesPerRuleset).toBeGreaterThanOrEqual(400)
    expect(generatedCases().map((c) => c.text)).toEqual(all.map((c) => c.text))
  })

  it("uses every effect kind and step kind of every ruleset in at least 20 files that load", async () => {
    expect(under(coverage(await generatedKinds()), 20)).toEqual([])
  })

  it("mutant: without the files that use one kind, the coverage check fails", async () => {
    const mutant = (await generatedKinds()).filter(
      (f) => !(f.ruleset === "mtg" && f.kinds.has("effect.shield"))
    )
    expect(under(coverage(mutant), 20)).toContain("mtg effect.shield: 0")
  })

  it("loads at least 85% of the generated files of every ruleset", () => {
    const s = summarize(frozen())
    for (const r of generatedRulesets) {
      const g = s[`generated/${r}`]
      expect(g?.cases).toBe(casesPerRuleset)
      expect((g?.loaded ?? 0) / casesPerRuleset).toBeGreaterThanOrEqual(0.85)
    }
  })
})

describe.skipIf(writing)("today's code on the frozen format-1 cases", () => {
  it("reproduces outcomes.json for every bundled and generated case", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    expect(Object.keys(outcomes).sort()).toEqual(
      cases()
        .map((c) => c.key)
        .sort()
    )
    // the rulesets that moved to format 2 are compared by migrate-<ruleset>.test.ts
    const all = cases().filter((c) => !moved.has(c.ruleset))
    const differ = all.filter(
      (c) => !isDeepEqual(outcomeOf(c.text, c.name, with_), frozenOutcome(outcomes, c.key))
    )
    expect(differ.map((c) => c.key)).toEqual([])
  })

  it("mutant: a bundled file with one amount changed no longer reproduces its outcome", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    // a moved ruleset's file is mutated after its migration (its format-1 text no longer loads)
    const textOf = (c: Case): string => {
      const m = moved.has(c.ruleset) ? Migrate.migrateText(c.text) : undefined
      return m !== undefined && Result.isSuccess(m) ? m.success.text : c.text
    }
    const mutated: Array<Case> = cases()
      .filter((c) => c.key.startsWith("bundled/") && /amount: \d+/.test(textOf(c)))
      .map((c) => ({
        ...c,
        text: textOf(c).replace(/amount: (\d+)/, (_, n: string) => `amount: ${Number(n) + 3}`)
      }))
    expect(mutated.length).toBeGreaterThan(50)
    const same = mutated.filter((c) =>
      isDeepEqual(outcomeOf(c.text, c.name, with_), frozenOutcome(outcomes, c.key))
    )
    // nearly every one changes; a few may not (an amount that is prevented in full either way)
    expect(same.length).toBeLessThan(mutated.length / 4)
  })
})

const isDeepEqual = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

it.runIf(writing)("writes outcomes.json", async () => {
  console.log(JSON.stringify(await freeze(), null, 1))
})
