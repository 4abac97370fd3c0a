/**
 * Results bounded by what exists, counters that change power and toughness, objects that changed
 * zones, and damage dealt by a prevention's additional part — each test quoting its rule.
 */
import { describe, expect, it } from "@effect/vitest"
import { creature, run, spell } from "./helpers.js"

const players = ["ap", "nap"]

describe("CR 120.3c: counters removed are bounded by the counters there are", () => {
  /** CR 120.3c: "Damage dealt to a planeswalker causes that many loyalty counters to be removed from that planeswalker." */
  it("5 damage to a planeswalker with 3 loyalty removes 3, and the result records 3", () => {
    const r = run({
      players,
      objects: [spell("s", "ap"), { id: "pw", controller: "nap", types: ["Planeswalker"], loyalty: 3 }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "pw", amount: 5 }] } }]
    })
    expect(r.outcome.state["pw"]?.["loyalty"]).toBe(0)
    const removed = r.resolutions[0]?.outcomes.find((o) => o.id === "d:loyalty")
    expect(removed).toMatchObject({ family: "removeCounters", amount: 3, status: "happened" })
    // the damage itself was dealt in full
    expect(r.resolutions[0]?.outcomes.find((o) => o.id === "d")?.amount).toBe(5)
  })

  /** CR 120.3h: "Damage dealt to a battle causes that many defense counters to be removed from that battle." */
  it("the same for a battle's defense counters", () => {
    const r = run({
      players,
      objects: [spell("s", "ap"), { id: "b", controller: "nap", types: ["Battle"], defense: 2 }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "b", amount: 4 }] } }]
    })
    expect(r.outcome.state["b"]?.["defense"]).toBe(0)
    expect(r.resolutions[0]?.outcomes.find((o) => o.id === "d:defense")?.amount).toBe(2)
  })
})

describe("CR 122.1a / 613.4c: every +X/+Y or −X/−Y counter changes power and toughness", () => {
  /**
   * CR 122.1a: "A +X/+Y counter on a creature or on a nonland permanent that will become a
   * creature adds X to that object's power and Y to that object's toughness. Similarly, -X/-Y
   * counters subtract from power and toughness." CR 613.4c: layer 7c, "effects and counters that
   * modify power and/or toughness".
   */
  it("+1/+0 and −0/−1 counters, on the board and when put on by an event", () => {
    const r = run({
      players,
      objects: [creature("c", "nap", { power: 2, toughness: 2, counters: { "+1/+0": 2 } })],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "o1", family: "addCounters", to: "c", amount: 1, params: { counter: "-0/-1" } }
            ]
          }
        }
      ]
    })
    expect(r.outcome.state["c"]).toMatchObject({ power: 4, toughness: 1 })
  })
})

describe("CR 400.7: an object that changes zones is a new object", () => {
  /** CR 400.7: "An object that moves from one zone to another becomes a new object with no memory of or relation to its previous existence." */
  it("a shield aimed at C does not apply to C once it has been exiled and returned; it applies when C stayed", () => {
    const board = {
      players,
      objects: [creature("C", "nap", { power: 3, toughness: 3 }), spell("s", "ap")],
      effects: [{ kind: "shield", id: "sh", controller: "nap", to: "C", amount: 3 }]
    }
    const hit = { event: { id: "e", occurrences: [{ id: "d", source: "s", to: "C", amount: 2 }] } }
    const moved = run({
      ...board,
      steps: [
        { update: { object: "C", zone: "exile" } },
        { update: { object: "C", zone: "battlefield", controller: "nap" } },
        hit
      ]
    })
    expect(moved.outcome.state["C"]?.["damage"]).toBe(2)
    expect(moved.resolutions[0]?.outcomes.find((o) => o.id === "d")?.applied).toEqual([])
    const stayed = run({ ...board, steps: [hit] })
    expect(stayed.outcome.state["C"]?.["damage"]).toBe(0)
  })
})

describe("CR 615.5: damage dealt by a prevention's additional part is real damage", () => {
  /**
   * CR 615.5: "…The prevention takes place at the time the original event would have happened;
   * the rest of the effect takes place immediately afterward." CR 120.3a: "Damage dealt to a
   * player by a source without infect causes that player to lose that much life."
   */
  it("the reflected 2 is prevented by 1 by AP's own shield; AP is dealt 1 and loses 1 life", () => {
    const r = run({
      players,
      objects: [creature("C", "nap", { power: 3, toughness: 3 }), creature("beast", "ap", { power: 4 })],
      effects: [
        {
          kind: "shield",
          id: "reflect",
          controller: "nap",
          source: "C",
          to: "C",
          amount: 2,
          additional: [
            { family: "damage", subject: { id: "ap" }, source: "self", amount: { _tag: "Prevented" } }
          ]
        },
        { kind: "shield", id: "aps", controller: "ap", to: "ap", amount: 1 }
      ],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "beast", to: "C", amount: 4 }] } }]
    })
    expect(r.outcome.state["C"]?.["damage"]).toBe(2)
    expect(r.outcome.state["ap"]?.["life"]).toBe(19)
    const reflected = r.resolutions[0]?.outcomes.find((o) => o.family === "damage" && o.subject === "ap")
    expect(reflected).toMatchObject({ proposed: 2, prevented: 1, amount: 1, status: "happened" })
  })
})
