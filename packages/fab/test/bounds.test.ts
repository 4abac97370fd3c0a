/**
 * What exists bounds what happens: life and resources never below 0, and damage to what can't be
 * dealt damage fails — each test quoting its rule.
 */
import { GameEvent, GameView, Policy } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Rules } from "../src/index.js"
import { base, run } from "./helpers.js"

const view = GameView.make({
  players: ["alice", "bob"],
  activePlayer: "alice",
  objects: [
    { id: "bob", kind: "player", props: { life: 3, resources: 1 } },
    { id: "ally", kind: "object", controller: "bob", zone: "arena", props: { life: 2 } },
    { id: "helm", kind: "object", controller: "bob", zone: "arena", props: {} },
    { id: "gone", kind: "object", controller: "bob", zone: "banished", props: { life: 2 } }
  ]
})

describe("FaB 2.5.3e: no negative life", () => {
  /** 2.5.3e: "An permanent cannot have a negative life total. If the life total is calculated to be less than zero, instead it is considered zero." */
  it("a hero at 3 dealt 5 and an ally at 2 dealt 4 end at 0; the damage dealt is still 5 and 4", () => {
    const r = run({
      ...base,
      players: ["alice", { id: "bob", life: 3 }],
      objects: [
        ...base.objects.filter((o) => o.id !== "ally"),
        { id: "ally", controller: "bob", types: ["ally"], life: 2 }
      ],
      steps: [
        {
          event: {
            id: "e1",
            occurrences: [
              { source: "S", to: "bob", amount: 5 },
              { source: "S", to: "ally", amount: 4 }
            ]
          }
        }
      ]
    })
    expect(r.outcome.state["bob"]?.["life"]).toBe(0)
    expect(r.outcome.state["ally"]?.["life"]).toBe(0)
    expect(r.outcome.events["e1"]?.dealt).toEqual({ bob: 5, ally: 4 })
  })
})

describe("FaB 1.14.2b: a payment beyond the resources is not made, and resources never go below 0", () => {
  /**
   * 1.14.2b: "If a player does not have enough assets and does not gain any additional assets to
   * pay an asset-cost, the cost cannot be paid and the game state is reversed to before the cost
   * is paid." Ruling changed by 1.14.2b (issue 29, point 8): paying 2 with 1 resource used to
   * leave 0 and be reported as paid in full; now nothing is paid, the player keeps the 1, and the
   * commit says 0 was done.
   */
  it("paying 2 with 1 resource pays nothing: the player keeps the 1, 0 done", () => {
    const o = GameEvent.occurrence({ id: "p", family: "pay", subject: "bob", amount: 2 })
    const r = Rules.commit(view, o)
    expect(Policy.viewOf(r).objects["bob"]?.props["resources"]).toBe(1)
    expect(Policy.doneOf(r, o)).toBe(0)
  })

  it("paying 1 with 1 resource pays it: 0 left, all done", () => {
    const o = GameEvent.occurrence({ id: "p", family: "pay", subject: "bob", amount: 1 })
    const r = Rules.commit(view, o)
    expect(Policy.viewOf(r).objects["bob"]?.props["resources"]).toBe(0)
    expect(Policy.doneOf(r, o)).toBe(1)
  })
})

describe("FaB 8.5.3c and 7.5.2b: nothing to be dealt to", () => {
  /** 8.5.3c: "If a non-living object would be dealt damage, the effect fails." 2.5.1a: "A permanent with the life property is a living object." */
  it("damage to an equipment fails; a hero and an ally in the arena can be dealt damage", () => {
    expect(
      Rules.fails(GameEvent.damage({ id: "d", source: "S", recipient: "helm", amount: 2 }), view)?.rule
    ).toBe("FaB 8.5.3c")
    expect(
      Rules.fails(GameEvent.damage({ id: "d", source: "S", recipient: "ally", amount: 2 }), view)
    ).toBeUndefined()
    expect(
      Rules.fails(GameEvent.damage({ id: "d", source: "S", recipient: "bob", amount: 2 }), view)
    ).toBeUndefined()
    // not damage: nothing to fail
    expect(
      Rules.fails(GameEvent.occurrence({ id: "x", family: "destroy", subject: "helm", amount: 1 }), view)
    ).toBeUndefined()
  })

  /** 7.5.2b: "If the attack-target has ceased to exist or is illegal when the damage is calculated, no damage is dealt, and the event is not generated." */
  it("an attack-target that has left the arena is dealt nothing and no hit is generated", () => {
    const r = run({
      ...base,
      objects: [
        ...base.objects,
        { id: "atk", controller: "alice", zone: "combatChain", types: ["attack"], power: 4 }
      ],
      effects: [{ kind: "preventNext", id: "s", controller: "bob", amount: 2, to: "ally" }],
      steps: [
        { update: { object: "ally", zone: "banished" } },
        { attack: { id: "e1", attack: "atk", target: "ally" } }
      ]
    })
    const o = r.resolutions[0]?.outcomes[0]
    expect(o).toMatchObject({ status: "failed", amount: 0, applied: [] })
    expect(r.resolutions[0]?.happened).toEqual([])
    expect(r.outcome.state["atk"]?.["hit"]).toBe(false)
    const why = r.trace.find((t) => t._tag === "Note" && t.rule === "FaB 7.5.2b")
    expect(why).toBeDefined()
    expect(
      Rules.fails(
        GameEvent.damage({
          id: "d",
          source: "S",
          recipient: "gone",
          amount: 2,
          params: { attackTarget: "gone" }
        }),
        view
      )?.rule
    ).toBe("FaB 7.5.2b")
  })
})
