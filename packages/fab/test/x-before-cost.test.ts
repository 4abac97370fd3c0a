/**
 * A variable X is determined when the effect could apply — before its cost is paid.
 *
 * FaB 6.4.2a: "The condition of replacement and any variable values are determined each time a
 * replacement effect could be applied to an event." FaB 8.3.15 (example): "Arcanite Fortress has
 * the text "Spellvoid X, where X is the number of equipment you control with Arcanite in their
 * name." The value of X for Spellvoid is determined each time the replacement effect of Spellvoid
 * could be applied." — FAB-17: the equipment destroyed as the cost is counted (X = 2).
 */
import { describe, expect, it } from "@effect/vitest"
import { run } from "./helpers.js"

const spellvoidX = (objects: ReadonlyArray<unknown>, amount = 5) =>
  run(
    {
      turn: "alice",
      players: ["alice", "bob"],
      objects: [{ id: "bolt", controller: "alice", zone: "stack", types: ["action"] }, ...objects],
      effects: [
        {
          kind: "spellvoid",
          id: "void",
          source: "E",
          amount: { count: { types: ["equipment"], controller: "you", zone: "arena" } }
        }
      ],
      steps: [
        {
          event: {
            id: "e1",
            occurrences: [{ id: "d1", source: "bolt", to: "bob", amount, kinds: ["arcane"] }]
          }
        }
      ]
    },
    [true]
  ).outcome

describe("FaB 6.4.2a / 8.3.15: X is determined before the cost is paid (FAB-17)", () => {
  it("E and one other equipment: destroying E, X = 2 (E counted), 2 prevented, 3 dealt", () => {
    const o = spellvoidX([
      { id: "E", controller: "bob", types: ["equipment"] },
      { id: "helm", controller: "bob", types: ["equipment"] }
    ])
    expect([o.events["e1"]?.prevented, o.events["e1"]?.dealt]).toEqual([{ bob: 2 }, { bob: 3 }])
    expect(o.state["E"]?.["zone"]).toBe("graveyard")
  })

  it("E alone: X = 1 (E itself), 1 prevented, 4 dealt", () => {
    const o = spellvoidX([{ id: "E", controller: "bob", types: ["equipment"] }])
    expect(o.events["e1"]?.prevented).toEqual({ bob: 1 })
  })
})
