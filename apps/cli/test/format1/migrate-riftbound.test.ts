/**
 * Issue 16, point 4, for the riftbound ruleset: every frozen format-1 riftbound file (the bundled
 * copies and the generated cases), migrated with `Migrate.migrateText`, resolves to the outcome
 * frozen on the format-1 code ("a migration that changes a ruling is a lost ruling").
 *
 * One representation differs on purpose and is mapped before comparing: format 1 gave every
 * object a `type` prop (`unit`, `battlefield`, …; `object` when the file named none); format 2's
 * objects carry the skeleton's `types` list (`types: [unit]`, `[]` when none), which selectors
 * read (`to: { types: [unit] }`). The frozen states are read with `type: X` as `types: [X]`.
 *
 * And one refusal moved: an unknown id (a `to:` naming no unit) was refused by the format-1
 * compiler (`CompileFailed`); format 2 finds unknown ids while decoding, one problem each with a
 * "did you mean" (`SchemaMismatch`). Either way the file is refused before it runs; a frozen
 * `CompileFailed` accepts a `SchemaMismatch`, and nothing else.
 *
 * And one rules fix came after the freeze (issue 17): `advance: endOfTurn | endOfCombat` runs
 * the Special Cleanup's kill (323.5: units with lethal damage marked are killed) and heal
 * (317.2.b, 466.1.a.1) as events `<boundary>.<n>.kill` / `.heal`. Those events are left out,
 * and a unit they killed is read in the zone it was frozen in; nothing else is.
 */
import { Migrate } from "@bulwark/scenario"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type CanonicalOutcome, cases, frozen, frozenOutcome, outcomeOf, rulesets, sorted } from "./cases.js"

const riftbound = () => cases().filter((c) => c.ruleset === "riftbound")

/** A frozen (format-1) outcome in format 2's representation of object types. */
const asFormat2 = (o: CanonicalOutcome | undefined): CanonicalOutcome | undefined => {
  if (o === undefined || "load" in o) return o
  const state: Record<string, unknown> = {}
  for (const [id, props] of Object.entries(o.state as Record<string, Record<string, unknown>>)) {
    const { type, ...rest } = props
    state[id] = type === undefined ? rest : { ...rest, types: type === "object" ? [] : [type] }
  }
  return sorted({ ...o, state }) as CanonicalOutcome
}

const cleanupEvent = /^(endOfTurn|endOfCombat)\.\d+\.(kill|heal)$/

/** An outcome without the Special Cleanup's events, its deaths read in their frozen zones. */
const beforeCleanupEvents = (o: CanonicalOutcome, want: CanonicalOutcome | undefined): CanonicalOutcome => {
  if ("load" in o || want === undefined || "load" in want) return o
  const events = o.events as Record<
    string,
    { occurrences: Record<string, { family: string; subject: string; status: string }> }
  >
  const state = { ...(o.state as Record<string, Record<string, unknown>>) }
  const frozenState = want.state as Record<string, Record<string, unknown>>
  for (const [id, e] of Object.entries(events))
    if (cleanupEvent.test(id))
      for (const x of Object.values(e.occurrences))
        if (x.family === "die" && x.status === "happened" && state[x.subject] !== undefined)
          state[x.subject] = { ...state[x.subject], zone: frozenState[x.subject]?.zone }
  const kept = Object.fromEntries(Object.entries(events).filter(([id]) => !cleanupEvent.test(id)))
  return sorted({ ...o, events: kept, state }) as CanonicalOutcome
}

/** Whether a format-2 outcome is the frozen one (see the module documentation). */
const same = (outcome: CanonicalOutcome, want: CanonicalOutcome | undefined): boolean => {
  const got = beforeCleanupEvents(outcome, want)
  const w = asFormat2(want)
  if (w !== undefined && "load" in w && w.load === "CompileFailed" && "load" in got)
    return got.load === "CompileFailed" || got.load === "SchemaMismatch"
  return JSON.stringify(got) === JSON.stringify(w)
}

const migrated = (text: string): string => {
  const r = Migrate.migrateText(text)
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success.text
}

const differing = async (rewrite: (text: string) => string): Promise<ReadonlyArray<string>> => {
  const with_ = await rulesets()
  const outcomes = frozen()
  return riftbound()
    .filter((c) => !same(outcomeOf(rewrite(migrated(c.text)), c.name, with_), frozenOutcome(outcomes, c.key)))
    .map((c) => c.key)
}

describe("riftbound: load(migrate(format 1)) reproduces the frozen outcomes", () => {
  it("covers every bundled riftbound file and at least 400 generated ones", () => {
    const all = riftbound()
    expect(all.filter((c) => c.key.startsWith("bundled/")).length).toBeGreaterThanOrEqual(25)
    expect(all.filter((c) => c.key.startsWith("generated/")).length).toBeGreaterThanOrEqual(400)
  })

  it("gives every case its frozen outcome", async () => {
    expect(await differing((t) => t)).toEqual([])
  }, 300_000)

  it("mutant: without the occurrence ids format 1 derived, outcomes change", async () => {
    // the skeleton's default ids (`<event>-<unit>`) instead of format 1's (`<event>:<unit>`)
    const withoutIds = (t: string) => t.replace(/\{ id: "?[^,"]+:[^,"]+"?, to: /g, "{ to: ")
    expect((await differing(withoutIds)).length).toBeGreaterThan(100)
  }, 300_000)
})
