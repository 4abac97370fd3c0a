/**
 * Selectors in Flesh and Blood's words (issue 28, point 4): objects have `name` (FaB 2.0.1: "There
 * are 13 properties an object may have: abilities, color strip, cost, defense, intellect, life,
 * name, pitch, power, subtypes, supertypes, text box, and type"), `keywords` and free `props`,
 * and a selector tests them — a name exact or contained, keywords all present.
 */
import { Skeleton } from "@bulwark/scenario"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { Scenario } from "../src/index.js"
import { base, damage, run } from "./helpers.js"

const problem = (s: Record<string, unknown>): string => {
  const c = Skeleton.compileData(Scenario.language, s)
  return Result.isFailure(c) ? c.failure.message : "(it loaded)"
}

const equipment = [
  { id: "skull", controller: "bob", types: ["equipment"], name: "Arcanite Skullcap" },
  { id: "fort", controller: "bob", types: ["equipment"], name: "Arcanite Fortress" },
  { id: "boots", controller: "bob", types: ["equipment"], name: "Nullrune Boots" },
  {
    id: "mask",
    controller: "bob",
    types: ["equipment"],
    name: "Mask of Momentum",
    keywords: ["blade break"]
  },
  {
    id: "vest",
    controller: "bob",
    types: ["equipment"],
    name: "Fyendal's Fighting Spirit",
    keywords: ["battleworn"]
  }
]

describe("FaB: name and keywords in selectors", () => {
  it('"prevent X arcane damage, where X is the number of equipment you control with Arcanite in their name"', () => {
    const arcanite = { count: { types: ["equipment"], controller: "you", name: { contains: "Arcanite" } } }
    const r = run({
      ...base,
      objects: [...base.objects, ...equipment],
      effects: [{ kind: "prevent", id: "p", controller: "bob", amount: arcanite, kinds: ["arcane"] }],
      steps: [damage("e1", "S", "bob", 3, { kinds: ["arcane"] })]
    })
    // two of the five have "Arcanite" in their name: 3 − 2 = 1
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
  })

  /**
   * 2.7.3c: "If an effect identifies an object by a name, it does not identify objects with a
   * moniker that is the same as that name." A name written as a value is the whole name.
   */
  it("the mutant: the name as an exact value (name: Arcanite) counts none of them", () => {
    const r = run({
      ...base,
      objects: [...base.objects, ...equipment],
      effects: [
        {
          kind: "prevent",
          id: "p",
          controller: "bob",
          amount: { count: { types: ["equipment"], name: "Arcanite" } },
          kinds: ["arcane"]
        }
      ],
      steps: [damage("e1", "S", "bob", 3, { kinds: ["arcane"] })]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
  })

  it("keywords: every one listed must be present", () => {
    const count = (keywords: ReadonlyArray<string>) =>
      run({
        ...base,
        objects: [...base.objects, ...equipment],
        effects: [{ kind: "prevent", id: "p", controller: "bob", amount: { count: { keywords } } }],
        steps: [damage("e1", "S", "bob", 3)]
      }).outcome.events.e1?.dealt
    // one has blade break, one battleworn, none both
    expect(count(["blade break"])).toEqual({ bob: 2 })
    expect(count(["blade break", "battleworn"])).toEqual({ bob: 3 })
  })
})

describe("FaB: free properties under props:, known ones under their own key", () => {
  it("an object may carry a property FaB does not list, under props:, and a selector tests it", () => {
    const r = run({
      ...base,
      objects: [...base.objects, { id: "gem", controller: "bob", types: ["item"], props: { charged: true } }],
      effects: [
        { kind: "prevent", id: "p", controller: "bob", amount: { count: { props: { charged: true } } } }
      ],
      steps: [damage("e1", "S", "bob", 3)]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 2 })
  })

  it("a misspelt known property is still an error; a known one under props: too", () => {
    expect(problem({ ...base, objects: [{ id: "x", controller: "bob", powr: 3 }] })).toMatch(
      /objects\[0\].*powr/
    )
    expect(problem({ ...base, objects: [{ id: "x", controller: "bob", props: { power: 3 } }] })).toMatch(
      /objects\[0\]\.props\.power: "power" is a property of its own/
    )
    // update: set: and an object's keys agree: the same known keys, free ones under props:
    expect(problem({ ...base, steps: [{ update: { object: "ally", set: { charged: true } } }] })).toMatch(
      /steps\[0\]\.update\.set\.charged: unknown object property "charged"/
    )
    expect(
      problem({ ...base, steps: [{ update: { object: "ally", set: { props: { charged: true } } } }] })
    ).toBe("(it loaded)")
  })

  it("a damage type is a closed word: kinds: [arcan] is a located error with a suggestion", () => {
    expect(problem({ ...base, steps: [damage("e1", "S", "bob", 3, { kinds: ["arcan"] })] })).toMatch(
      /steps\[0\]\.event\.occurrences\[0\]\.kinds\[0\]: unknown kind "arcan" \(did you mean "arcane"\?\)/
    )
  })
})
