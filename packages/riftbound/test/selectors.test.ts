/**
 * Selectors in Riftbound's words (issue 28, point 4): an object may have a `name`, `keywords`
 * and any free property under `props`, as in every game; a selector tests them ("units named …",
 * "units with Assault"), and a number property by a comparison.
 */
import { Chooser, Ruleset } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const doc = (more: Readonly<Record<string, unknown>>) => ({
  format: 2,
  ruleset: "riftbound",
  players: ["A", "B"],
  turn: "A",
  objects: [
    {
      id: "yasuo",
      controller: "B",
      types: ["unit"],
      might: 5,
      name: "Yasuo, Unforgiven",
      keywords: ["Assault"]
    },
    { id: "poro", controller: "B", types: ["unit"], might: 2, name: "Poro", props: { snack: true } },
    { id: "jinx", controller: "A", types: ["unit"], might: 3, name: "Jinx, Loose Cannon" }
  ],
  ...more
})
const problem = (d: Readonly<Record<string, unknown>>): string => {
  const c = Skeleton.compileData(ruleset.language as never, d)
  return Result.isFailure(c) ? c.failure.message : "(it loaded)"
}
const run = (d: Readonly<Record<string, unknown>>) => {
  const c = Skeleton.compileData(ruleset.language as never, d)
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return Ruleset.run(ruleset.rules, c.success, Chooser.firstLegal)
}
const both = {
  event: {
    id: "e",
    occurrences: [
      { source: "jinx", to: "yasuo", amount: 2 },
      { source: "jinx", to: "poro", amount: 1 }
    ]
  }
}

describe("Riftbound: name, keywords and free props in selectors", () => {
  it('"prevent all damage to units named Yasuo": to: { name: { contains: Yasuo } }', () => {
    const r = run(
      doc({
        effects: [
          { kind: "prevent", id: "p", controller: "B", to: { name: { contains: "Yasuo" } }, amount: "all" }
        ],
        steps: [both]
      })
    )
    expect(r.outcome.events.e?.dealt).toEqual({ poro: 1 })
  })

  it("keywords: [Assault] and a free property (props: { snack: true })", () => {
    const kw = run(
      doc({
        effects: [
          { kind: "prevent", id: "p", controller: "B", to: { keywords: ["Assault"] }, amount: "all" }
        ],
        steps: [both]
      })
    )
    expect(kw.outcome.events.e?.dealt).toEqual({ poro: 1 })
    const free = run(
      doc({
        effects: [
          { kind: "prevent", id: "p", controller: "B", to: { props: { snack: true } }, amount: "all" }
        ],
        steps: [both]
      })
    )
    expect(free.outcome.events.e?.dealt).toEqual({ yasuo: 2 })
  })

  it("a number comparison: to: { might: { min: 3 } } (the mutant, might: 3, misses a Might of 5)", () => {
    const dealt = (to: unknown) =>
      run(doc({ effects: [{ kind: "prevent", id: "p", controller: "B", to, amount: "all" }], steps: [both] }))
        .outcome.events.e?.dealt
    expect(dealt({ might: { min: 3 } })).toEqual({ poro: 1 })
    expect(dealt({ might: 3 })).toEqual({ yasuo: 2, poro: 1 })
  })

  it("a known property under props: is an error; update: set: agrees with the object's keys", () => {
    expect(
      problem(
        doc({ objects: [{ id: "u", controller: "B", types: ["unit"], might: 1, props: { might: 3 } }] })
      )
    ).toMatch(/objects\[0\]\.props\.might: "might" is a property of its own/)
    expect(problem(doc({ steps: [{ update: { object: "poro", set: { snak: true } } }] }))).toMatch(
      /steps\[0\]\.update\.set\.snak: unknown object property "snak"/
    )
    expect(problem(doc({ steps: [{ update: { object: "poro", set: { props: { snack: false } } } }] }))).toBe(
      "(it loaded)"
    )
  })

  it("an occurrence kind is a closed word: kinds: [combt] is a located error with a suggestion", () => {
    expect(
      problem(
        doc({
          steps: [
            { event: { id: "e", occurrences: [{ source: "jinx", to: "poro", amount: 1, kinds: ["combt"] }] } }
          ]
        })
      )
    ).toMatch(
      /steps\[0\]\.event\.occurrences\[0\]\.kinds\[0\]: unknown kind "combt" \(did you mean "combat"\?\)/
    )
  })
})
