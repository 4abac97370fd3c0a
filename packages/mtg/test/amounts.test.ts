/**
 * CR 615.1: amounts computed when the prevention applies. "Like replacement effects (see rule
 * 614), prevention effects apply continuously as events happen—they aren’t locked in ahead of
 * time."
 */
import { describe, expect, it } from "@effect/vitest"
import { Effects } from "../src/index.js"
import { run, spell } from "./helpers.js"

const players = ["ap", "nap"]
const artifact = (id: string, controller = "nap") => ({ id, controller, types: ["Artifact"] })
const yourArtifacts = { count: { types: ["Artifact"], controller: "you", zone: "battlefield" } }

describe("CR 615.1 amounts counted when the prevention applies", () => {
  it("615.1: X = the artifacts you control is counted at each event (2, then 1 after one is destroyed)", () => {
    const r = run({
      players,
      objects: [spell("s", "ap"), artifact("a1"), artifact("a2"), artifact("mine", "ap")],
      effects: [{ kind: "preventEach", id: "x", controller: "nap", to: "nap", amount: yourArtifacts }],
      steps: [
        { event: { id: "e1", occurrences: [{ id: "d1", source: "s", to: "nap", amount: 3 }] } },
        { update: { object: "a2", zone: "graveyard" } },
        { event: { id: "e2", occurrences: [{ id: "d2", source: "s", to: "nap", amount: 3 }] } }
      ]
    })
    expect(r.outcome.events["e1"]?.dealt).toEqual({ nap: 1 })
    expect(r.outcome.events["e2"]?.dealt).toEqual({ nap: 2 })
  })

  it("615.1: 0 artifacts → X = 0, nothing prevented; more artifacts than damage → all of it, no more", () => {
    const none = run({
      players,
      objects: [spell("s", "ap")],
      effects: [{ kind: "preventEach", id: "x", controller: "nap", to: "nap", amount: yourArtifacts }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "nap", amount: 3 }] } }]
    })
    expect(none.outcome.events["e"]?.dealt).toEqual({ nap: 3 })
    const many = run({
      players,
      objects: [spell("s", "ap"), ...["a", "b", "c", "d", "e"].map((id) => artifact(id))],
      effects: [{ kind: "preventEach", id: "x", controller: "nap", to: "nap", amount: yourArtifacts }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "nap", amount: 3 }] } }]
    })
    expect(many.outcome.events["e"]?.dealt).toEqual({})
    expect(many.outcome.events["e"]?.prevented).toEqual({ nap: 3 })
  })

  it('615.1 "prevent half that damage": of 1, rounded down 0 and rounded up 1; of two events, each its own half', () => {
    const half = (round: "up" | "down") =>
      run({
        players,
        objects: [spell("s", "ap")],
        effects: [
          { kind: "preventEach", id: "h", controller: "nap", to: "nap", amount: { half: "event", round } }
        ],
        steps: [
          { event: { id: "one", occurrences: [{ id: "d", source: "s", to: "nap", amount: 1 }] } },
          { event: { id: "seven", occurrences: [{ id: "d2", source: "s", to: "nap", amount: 7 }] } }
        ]
      })
    expect(half("down").outcome.events["one"]?.dealt).toEqual({ nap: 1 })
    expect(half("up").outcome.events["one"]?.dealt).toEqual({})
    expect(half("down").outcome.events["seven"]?.dealt).toEqual({ nap: 4 })
    expect(half("up").outcome.events["seven"]?.dealt).toEqual({ nap: 3 })
  })

  it("614.1a with a computed value: that damage plus the number of artifacts you control", () => {
    const r = run({
      players,
      objects: [spell("s", "ap"), artifact("a1", "ap"), artifact("a2", "ap")],
      effects: [
        {
          kind: "modify",
          id: "m",
          controller: "ap",
          op: "add",
          value: { count: { types: ["Artifact"], controller: "you" } }
        }
      ],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "nap", amount: 1 }] } }]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ nap: 3 })
  })

  it("the constructors take the expression and refuse a malformed one when called (typed InvalidAmount)", () => {
    const e = Effects.preventEach({ id: "x", controller: "nap", to: "nap", amount: { allBut: 1 } })
    expect(e.action).toEqual({ _tag: "Prevent", amount: { _tag: "AllBut", value: 1 }, scope: "static" })
    expect(e.label).toBe("If a source would deal damage to nap, prevent X of that damage")
    expect(() => Effects.preventEach({ id: "x", controller: "nap", amount: { half: "event" } })).toThrow(
      /invalid amount for preventEach "x" amount: `half` needs `round/
    )
    expect(() => Effects.shield({ id: "s", controller: "nap", to: "nap", amount: "all" })).toThrow(
      /not "all"/
    )
  })
})
