/**
 * Selectors in Magic's words (issue 28, points 4 and 5): objects have `name`, `keywords` and free
 * `props`; `from:` takes the same selectors as `to:`; the closed words a file names (occurrence
 * kinds, zones, types, keywords) are checked where they appear, with a "did you mean".
 */
import { Skeleton } from "@bulwark/scenario"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { language } from "../src/Scenario.js"
import { creature, run } from "./helpers.js"

const players = ["ap", "nap"]
const problem = (s: Record<string, unknown>): string => {
  const c = Skeleton.compileData(language, s)
  return Result.isFailure(c) ? c.failure.message : "(it loaded)"
}

describe("MTG: from: and to: take one selector language", () => {
  /**
   * A ruling of the form "Prevent all damage that sources your opponents control would deal to
   * you this turn": `from: { controller: opponent }`.
   */
  it("\"damage from opponents' sources\": only the opponent's source is prevented", () => {
    const r = run({
      players,
      objects: [creature("ogre", "ap"), creature("bear", "nap")],
      effects: [
        {
          kind: "preventEach",
          id: "fog",
          controller: "nap",
          to: "nap",
          from: { controller: "opponent" },
          amount: "all"
        }
      ],
      steps: [
        { event: { id: "e1", occurrences: [{ source: "ogre", to: "nap", amount: 3 }] } },
        { event: { id: "e2", occurrences: [{ source: "bear", to: "nap", amount: 2 }] } }
      ]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({})
    expect(r.outcome.events.e2?.dealt).toEqual({ nap: 2 })
  })

  it('"prevent all damage that would be dealt to creatures with flying": to: { keywords: [Flying] }', () => {
    const r = run({
      players,
      objects: [
        creature("ogre", "ap"),
        creature("bird", "nap", { keywords: ["Flying"] }),
        creature("bear", "nap")
      ],
      effects: [
        { kind: "preventEach", id: "p", controller: "nap", to: { keywords: ["Flying"] }, amount: "all" }
      ],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { source: "ogre", to: "bird", amount: 1 },
              { source: "ogre", to: "bear", amount: 1 }
            ]
          }
        }
      ]
    })
    expect(r.outcome.events.e?.dealt).toEqual({ bear: 1 })
  })

  it("a name exact or contained: to: { name: { contains: Bears } } is not to: { name: Bears }", () => {
    const scenario = (to: unknown) =>
      run({
        players,
        objects: [creature("ogre", "ap"), creature("bear", "nap", { name: "Grizzly Bears" })],
        effects: [{ kind: "preventEach", id: "p", controller: "nap", to, amount: "all" }],
        steps: [{ event: { id: "e", occurrences: [{ source: "ogre", to: "bear", amount: 2 }] } }]
      }).outcome.events.e?.dealt
    expect(scenario({ name: { contains: "Bears" } })).toEqual({})
    expect(scenario({ name: "Grizzly Bears" })).toEqual({})
    // the mutant: an exact name that is only a part of it matches nothing
    expect(scenario({ name: "Bears" })).toEqual({ bear: 2 })
  })

  it("a free property under props: is set by update: set: props: and tested by a selector's props:", () => {
    const r = run({
      players,
      objects: [creature("ogre", "ap"), creature("bear", "nap")],
      effects: [
        { kind: "preventEach", id: "p", controller: "nap", to: { props: { marked: true } }, amount: "all" }
      ],
      steps: [
        { event: { id: "e1", occurrences: [{ source: "ogre", to: "bear", amount: 1 }] } },
        { update: { object: "bear", set: { props: { marked: true } } } },
        { event: { id: "e2", occurrences: [{ source: "ogre", to: "bear", amount: 1 }] } }
      ]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bear: 1 })
    expect(r.outcome.events.e2?.dealt).toEqual({})
  })

  it("update: set: names known properties only; a free one goes under props:", () => {
    const base = { players, objects: [creature("bear", "nap")] }
    expect(problem({ ...base, steps: [{ update: { object: "bear", set: { powr: 3 } } }] })).toMatch(
      /steps\[0\]\.update\.set\.powr: unknown object property "powr" \(did you mean "power"\?\)/
    )
    expect(problem({ ...base, steps: [{ update: { object: "nap", set: { lost: true } } }] })).toMatch(
      /unknown player property "lost".*props/
    )
    expect(problem({ ...base, objects: [creature("bear", "nap", { props: { power: 3 } })] })).toMatch(
      /objects\[0\]\.props\.power: "power" is a property of its own/
    )
  })
})

describe("MTG-29: typos never change a ruling", () => {
  const fog = {
    players,
    objects: [creature("ogre", "ap"), creature("bear", "nap")],
    effects: [{ kind: "preventEach", id: "fog", controller: "nap", only: "combat", amount: "all" }]
  }
  it("kinds: [comabt] beside a combat fog is a located error with a suggestion", () => {
    const msg = problem({
      ...fog,
      steps: [
        { event: { id: "e", occurrences: [{ source: "ogre", to: "bear", amount: 2, kinds: ["comabt"] }] } }
      ]
    })
    expect(msg).toMatch(
      /steps\[0\]\.event\.occurrences\[0\]\.kinds\[0\]: unknown kind "comabt" \(did you mean "combat"\?\)/
    )
  })
  it("a zone, a family, a type a selector names: each a located error with a suggestion", () => {
    expect(problem({ ...fog, objects: [creature("bear", "nap", { zone: "graveyrd" })] })).toMatch(
      /objects\[0\]\.zone: unknown zone "graveyrd" \(did you mean "graveyard"\?\)/
    )
    expect(
      problem({
        ...fog,
        steps: [{ event: { id: "e", family: "lifeLose", occurrences: [{ to: "nap", amount: 1 }] } }]
      })
    ).toMatch(/steps\[0\]\.event\.family: unknown family "lifeLose" \(did you mean "lifeLoss"\?\)/)
    expect(
      problem({
        ...fog,
        effects: [
          { kind: "preventEach", id: "p", controller: "nap", to: { types: ["Creatur"] }, amount: "all" }
        ]
      })
    ).toMatch(/effects\[0\]\.to\.types\[0\]: unknown type "Creatur" \(did you mean "Creature"\?\)/)
    expect(
      problem({
        ...fog,
        effects: [
          { kind: "preventEach", id: "p", controller: "nap", to: { keywords: ["Flyng"] }, amount: "all" }
        ],
        objects: [creature("bird", "nap", { keywords: ["Flying"] })]
      })
    ).toMatch(/effects\[0\]\.to\.keywords\[0\]: unknown keyword "Flyng" \(did you mean "Flying"\?\)/)
  })
  it("the words spelt right load (the check refuses only what is not a word)", () => {
    expect(
      problem({
        ...fog,
        steps: [
          { event: { id: "e", occurrences: [{ source: "ogre", to: "bear", amount: 2, kinds: ["combat"] }] } }
        ]
      })
    ).toBe("(it loaded)")
  })
})
