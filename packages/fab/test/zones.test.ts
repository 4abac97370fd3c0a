/**
 * Where Flesh and Blood's objects are in play and who has a controller (`Rules.zones`), what is
 * gone (an attack, a hero), and who dealt the damage (`Rules.alsoDealtBy`). Comprehensive Rules,
 * February 2026 copy:
 *
 * 1.3.1b: "A card does not have a controller unless it is in the arena or on the stack. The
 * controller of a card is its owner as it enters the arena or the player who played that card."
 * 3.1.1: "The arena is a collection of all the arms, chest, combat chain, head, hero, legs,
 * permanent, and weapon zones."
 * 7.7.2c: "If the active-attack of the active chain link does not exist or cannot move to the
 * combat chain as a chain link, or the active-attack ceases to exist before damage is
 * calculated, the Close Step begins as a game state action."
 * 8.5.3c: "If a non-living object would be dealt damage, the effect fails."
 * 4.5.1a: "If a player loses a game, and the game does not end, … The player and their hero cease
 * to exist for the remainder of the game."
 * 1.8.9: "An effect fails if the target(s) of the effect cease to exist, …"
 * 8.5.3a: "… If the source is a non-living card, the player that controls the source and the
 * player's hero are also considered to have dealt that damage."
 */

import { Zones } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Rules } from "../src/index.js"
import { base, type Data, run, viewOf } from "./helpers.js"

const auras = (zone: string) => ({
  ...base,
  objects: [
    ...base.objects,
    { id: "a1", controller: "bob", types: ["aura"] },
    { id: "a2", controller: "bob", zone, types: ["aura"] },
    { id: "a3", owner: "bob", zone, types: ["aura"] }
  ],
  effects: [
    {
      kind: "prevent",
      id: "x",
      controller: "bob",
      to: "bob",
      amount: { count: { types: ["aura"], controller: "you" } },
      label: "Prevent X, where X is the number of auras you control"
    }
  ],
  steps: [{ event: { id: "e1", occurrences: [{ source: "S", to: "bob", amount: 3 }] } }]
})

describe("1.3.1b: only a card in the arena or on the stack has a controller", () => {
  for (const zone of ["graveyard", "hand", "deck", "banished", "arsenal", "pitch"])
    it(`"auras you control" counts the aura in the arena, not two in the ${zone}: X = 1, Bob is dealt 2`, () => {
      const r = run(auras(zone))
      expect(r.outcome.events.e1?.prevented).toEqual({ bob: 1 })
      expect(r.outcome.events.e1?.dealt).toEqual({ bob: 2 })
    })
  it("cards on the stack and in each arena zone (3.1.1) are controlled: X = 3, nothing dealt", () => {
    for (const zone of ["stack", "arms", "combatChain", "permanent"])
      expect(run(auras(zone)).outcome.events.e1?.dealt).toEqual({})
  })
  it("a card in the graveyard has no controller in the outcome's state; one in the arena has", () => {
    const r = run(auras("graveyard"))
    expect(r.outcome.state.a1?.controller).toBe("bob")
    expect(r.outcome.state.a2?.controller).toBeUndefined()
  })
  it("Zones.controllerOf with Rules.zones: none in the graveyard, the owner in the arena when no controller is written", () => {
    const v = viewOf({
      ...base,
      objects: [
        { id: "g", owner: "bob", zone: "graveyard" },
        { id: "p", owner: "bob" }
      ]
    })
    expect(Zones.controllerOf(Rules.zones, v, "g")).toBeUndefined()
    expect(Zones.controllerOf(Rules.zones, v, "p")).toBe("bob")
  })
})

const attack = (before: ReadonlyArray<unknown>, effects: ReadonlyArray<unknown> = []): Data => ({
  ...base,
  objects: [
    ...base.objects,
    { id: "atk", controller: "alice", zone: "combatChain", types: ["attack"], power: 4 }
  ],
  effects,
  steps: [...before, { attack: { id: "e1", attack: "atk", target: "bob" } }]
})

describe("7.7.2c: an attack that ceased to exist before damage deals nothing and does not hit", () => {
  for (const [how, step] of [
    ["destroyed", { event: { id: "x", family: "destroy", occurrences: [{ to: "atk", amount: 1 }] } }],
    [
      "banished",
      {
        event: {
          id: "x",
          family: "zoneChange",
          occurrences: [{ to: "atk", amount: 1, params: { to: "banished" } }]
        }
      }
    ],
    ["put back in the hand", { update: { object: "atk", zone: "hand" } }]
  ] as const)
    it(`the attack card ${how} before the damage step: the damage fails, no hit, the shield is not used`, () => {
      const r = run(attack([step], [{ kind: "preventNext", id: "s", controller: "bob", amount: 1 }]))
      const e1 = r.outcome.events.e1
      expect(e1?.occurrences["e1-bob"]).toMatchObject({ status: "failed", amount: 0, applied: [] })
      expect(e1?.happened).toEqual([])
      expect(r.outcome.state.atk?.hit).toBe(false)
      expect(r.outcome.state.bob?.life).toBe(20)
      expect(r.outcome.effects.s?.uses).toBe(0)
      expect(r.trace.some((t) => t._tag === "Note" && t.rule === "FaB 7.7.2c")).toBe(true)
    })
  it("control: the attack still on the combat chain deals its 4 and hits", () => {
    const r = run(attack([]))
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 4 })
    expect(r.outcome.state.atk?.hit).toBe(true)
  })
})

describe("8.5.3c, 1.8.9: a hero removed from the game is dealt nothing", () => {
  const three = (before: ReadonlyArray<unknown>): Data => ({
    ...base,
    players: ["alice", "bob", "carol"],
    steps: [
      ...before,
      {
        event: {
          id: "e1",
          occurrences: [
            { source: "S", to: "carol", amount: 3 },
            { source: "S", to: "bob", amount: 3 }
          ]
        }
      }
    ]
  })
  it("carol, removed from the game (she lost, 4.5.1a), is dealt nothing; bob is dealt 3", () => {
    const r = run(three([{ update: { object: "carol", zone: "removed" } }]))
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
    expect(r.outcome.events.e1?.occurrences["e1-carol"]?.status).toBe("failed")
    expect(r.outcome.state.carol?.life).toBe(20)
    expect(r.trace.some((t) => t._tag === "Note" && t.rule === "FaB 8.5.3c, 1.8.9")).toBe(true)
  })
  it("control: carol still in the game is dealt 3", () => {
    expect(run(three([])).outcome.events.e1?.dealt).toEqual({ bob: 3, carol: 3 })
  })
  it("an ally no longer in the arena is dealt nothing (core's rule for what is not in play)", () => {
    const r = run({
      ...base,
      steps: [
        { update: { object: "ally", zone: "graveyard" } },
        { event: { id: "e1", occurrences: [{ source: "S", to: "ally", amount: 2 }] } }
      ]
    })
    expect(r.outcome.events.e1?.occurrences["e1-ally"]?.status).toBe("failed")
    expect(r.outcome.state.ally?.life).toBe(4)
  })
})

describe("8.5.3a: a non-living card's damage is also dealt by its controller and their hero", () => {
  const fromBob = (source: string, more: ReadonlyArray<unknown> = []): Data => ({
    ...base,
    turn: "bob",
    objects: [
      ...base.objects,
      ...more,
      { id: "card", controller: "bob", zone: "combatChain", types: ["attack"], power: 3 },
      { id: "gy", owner: "bob", zone: "graveyard", types: ["action"] }
    ],
    effects: [
      {
        kind: "preventNext",
        id: "byHero",
        controller: "alice",
        to: "alice",
        from: "bob",
        amount: 2,
        label: "Prevent the next 2 damage that would be dealt to you by Bob's hero"
      }
    ],
    steps: [{ event: { id: "e1", occurrences: [{ source, to: "alice", amount: 3 }] } }]
  })
  it("Bob's attack action card deals 3 to Alice: Bob's hero also dealt it, the prevention applies, Alice is dealt 1", () => {
    expect(run(fromBob("card")).outcome.events.e1?.dealt).toEqual({ alice: 1 })
  })
  it("Bob's hero's own damage: the prevention applies (the source itself)", () => {
    expect(run(fromBob("bob")).outcome.events.e1?.dealt).toEqual({ alice: 1 })
  })
  it("Bob's ally, a living object, dealt its damage alone: the prevention does not apply", () => {
    expect(run(fromBob("ally")).outcome.events.e1?.dealt).toEqual({ alice: 3 })
  })
  it("an action card of Alice's: not Bob's, the prevention does not apply", () => {
    expect(run(fromBob("S")).outcome.events.e1?.dealt).toEqual({ alice: 3 })
  })
  it("a card in Bob's graveyard has no controller (1.3.1b): no one else dealt its damage", () => {
    expect(run(fromBob("gy")).outcome.events.e1?.dealt).toEqual({ alice: 3 })
  })
})

// 1.7.4: "An ability is functional when its source is public and in the arena; otherwise, it is
// non-functional, with the following exceptions: […]" 1.7.4j: "A static ability, with a
// replacement effect that modifies the event of its source moving zones, is functional when the
// source meets that condition."
describe("1.7.4: a generic effect with a source works while its source is in the arena", () => {
  const shieldOn = (zone: string, extra: Record<string, unknown> = {}): Data => ({
    ...base,
    objects: [...base.objects, { id: "robe", controller: "bob", zone, types: ["equipment"] }],
    effects: [
      { kind: "prevent", id: "p", controller: "bob", source: "robe", to: "bob", amount: 2, ...extra }
    ],
    steps: [{ event: { id: "e1", occurrences: [{ source: "S", to: "bob", amount: 3 }] } }]
  })
  it("in the arena: it prevents 2 of 3", () =>
    expect(run(shieldOn("arena")).outcome.events.e1?.dealt).toEqual({ bob: 1 }))
  for (const zone of ["graveyard", "hand", "banished"])
    it(`in the ${zone}, without activeIn: it is non-functional, all 3 are dealt`, () =>
      expect(run(shieldOn(zone)).outcome.events.e1?.dealt).toEqual({ bob: 3 }))
  it("activeIn: [graveyard] (the card says where) works from the graveyard", () =>
    expect(run(shieldOn("graveyard", { activeIn: ["graveyard"] })).outcome.events.e1?.dealt).toEqual({
      bob: 1
    }))
  it("1.7.4j: a replacement of its own source moving zones works from the hand", () => {
    const r = run({
      ...base,
      objects: [...base.objects, { id: "mark", controller: "bob", zone: "hand", types: ["action"] }],
      effects: [
        {
          kind: "replace",
          id: "m",
          source: "mark",
          family: "putIntoGraveyard",
          to: "mark",
          instead: [{ family: "banish" }]
        }
      ],
      steps: [{ event: { id: "e1", occurrences: [{ id: "a", family: "putIntoGraveyard", to: "mark" }] } }]
    })
    expect(r.outcome.events.e1?.occurrences.a?.status).toBe("replaced")
    expect(r.outcome.state.mark?.zone).toBe("banished")
  })
})
