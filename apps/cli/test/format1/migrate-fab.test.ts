/**
 * Issue 16, point 4, for Flesh and Blood: every bundled and generated format-1 fab file, migrated
 * with `Migrate.migrateText`, resolves to the outcome frozen on the format-1 compiler
 * (`outcomes.json`). A file that failed to load still fails to load: its error may now be a
 * `SchemaMismatch` where format 1 said `CompileFailed`, because the skeleton finds unknown ids
 * while decoding, before anything compiles (the tag is not a ruling; which files fail is). A
 * mutant (each migrated bundled file with its first amount changed) shows the comparison can fail.
 *
 * One difference is issue 17's: `beginEndPhase` destroys what Quell marked in a `destroy` event
 * (FaB 8.3.19, 8.5.4; id `steps[N].beginEndPhase`, so that Ephemeral sees it) where format 1 wrote
 * the state directly; {@link withoutEndPhase} takes that event out before the comparison (the
 * state is compared as it is) and the test checks such events were there.
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

type Events = Record<string, { occurrences: Record<string, { family: string; status: string }> }>

/** The outcome without the `beginEndPhase` destroy events of issue 17, and how many it took out. */
const withoutEndPhase = (
  o: CanonicalOutcome
): { readonly outcome: CanonicalOutcome; readonly taken: number } => {
  if ("load" in o) return { outcome: o, taken: 0 }
  let taken = 0
  const events = Object.entries(o.events as unknown as Events).filter(([id, e]) => {
    if (!/^steps\[\d+\]\.beginEndPhase$/.test(id)) return true
    // only the end phase's destructions are in it
    for (const x of Object.values(e.occurrences)) expect(x.family, id).toBe("destroy")
    taken++
    return false
  })
  return { outcome: { ...o, events: Object.fromEntries(events) } as unknown as CanonicalOutcome, taken }
}

/**
 * The cases whose generic effect has a source that leaves the arena before the damage (an `update`
 * moves it to the graveyard): format 1 let the effect work from there; FaB 1.7.4 ("An ability is
 * functional when its source is public and in the arena; otherwise, it is non-functional") makes
 * it work only while its source is in the arena, the generic effects' default now (branch
 * `fixes`). generated/fab/166: Bob's `prevent` from the robe no longer prevents once the robe is in
 * the graveyard. Each must differ from its frozen outcome (checked below).
 */
const sourceLeftTheArena: ReadonlyArray<string> = ["generated/fab/166"]

/**
 * Issue 28, point 3 (event families named once): FaB's families that name a common concept have
 * core's one name since format 4 (`payResources` is `pay`, `gainLife` `lifeGain`, …, a banish a
 * `zoneChange`); the frozen outcomes name them as format 1 did. The same ruling, another name:
 * {@link renamed} writes the frozen outcome's family names in format 4 before the comparison, and
 * says how many it renamed (the test checks some were: a cost paid, FAB-06).
 */
const OLD_NAMES: Readonly<Record<string, string>> = {
  payResources: "pay",
  gainLife: "lifeGain",
  loseLife: "lifeLoss",
  putCounters: "addCounters",
  banish: "zoneChange",
  putIntoGraveyard: "zoneChange"
}
const renamed = (
  o: CanonicalOutcome | undefined
): { readonly outcome: CanonicalOutcome | undefined; readonly n: number } => {
  if (o === undefined) return { outcome: o, n: 0 }
  let n = 0
  const text = JSON.stringify(o).replace(/"family":"(\w+)"/g, (all, f: string) => {
    const to = OLD_NAMES[f]
    if (to === undefined) return all
    n++
    return `"family":"${to}"`
  })
  return { outcome: JSON.parse(text) as CanonicalOutcome, n }
}

describe("fab: load(migrate(format-1 file)) = the frozen outcome", () => {
  it("holds for every bundled and generated fab case", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    const all = fab()
    expect(all.length).toBeGreaterThan(500)
    let taken = 0
    let names = 0
    const differ = all.flatMap((c) => {
      const stripped = withoutEndPhase(outcomeOf(migrated(c.text), c.name, with_))
      taken += stripped.taken
      const want = renamed(frozenOutcome(outcomes, c.key))
      names += want.n
      return same(stripped.outcome, want.outcome)
        ? []
        : [{ key: c.key, got: stripped.outcome, want: want.outcome }]
    })
    expect(differ.map((d) => d.key)).toEqual(sourceLeftTheArena)
    // the frozen outcomes named old families: the renaming was needed, and is all that differs
    expect(names).toBeGreaterThan(0)
    // the end-phase events taken out were there: the comparison did not pass by having none
    expect(taken).toBeGreaterThan(0)
  })

  it("loads every fab case that loaded in format 1 (no ruling lost to a load error)", async () => {
    const with_ = await rulesets()
    const outcomes = frozen()
    const loaded = fab().filter((c) => !("load" in (frozenOutcome(outcomes, c.key) ?? { load: "" })))
    expect(loaded.length).toBeGreaterThan(450)
    const failing = loaded.filter((c) => "load" in outcomeOf(migrated(c.text), c.name, with_))
    expect(failing.map((c) => c.key)).toEqual([])
  })

  it("mutant: without `withDeclinedListed`, FAB-10 (Arcane Barrier declined) differs from its frozen outcome", async () => {
    // format 1 listed the declined barrier in `applied` (and FAB-10's `expect:` said so); today
    // it is not applied (FaB 1.8.3a, Riftbound 371.2.b), which the named normalization puts back
    const with_ = await rulesets()
    const outcomes = frozen()
    const c = fab().find((x) => x.key === "bundled/fab/FAB-10.yaml")
    expect(c).toBeDefined()
    const text = migrated(c?.text ?? "")
    const want = frozenOutcome(outcomes, c?.key ?? "")
    expect(same(outcomeOf(text, c?.name ?? "", with_), want)).toBe(true)
    const raw = outcomeOf(text, c?.name ?? "", with_, false) as { readonly ok: boolean }
    expect(same(raw as CanonicalOutcome, want)).toBe(false)
    expect(raw.ok).toBe(false)
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
