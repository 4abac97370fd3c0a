/**
 * Where Magic's objects have a controller and where they are dealt damage (`Game.zones`):
 *
 * CR 108.4: "A card doesn’t have a controller unless that card represents a permanent or spell;
 * in those cases, its controller is determined by the rules for permanents or spells."
 * CR 108.4a: "If anything asks for the controller of a card that doesn’t have one (because it’s
 * not a permanent or spell), use its owner instead." (who decides: `GameView.controllerOf`)
 * CR 120.1a: "Damage can’t be dealt to an object that’s not a battle, a creature, or a
 * planeswalker." — a creature card in a graveyard is not a creature.
 */

import { GameView, Zones } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Game, Rules } from "../src/index.js"
import { compile, run, spell } from "./helpers.js"

const artifacts = (zone: string) => ({
  players: ["ap", "nap"],
  turn: "ap",
  objects: [
    { id: "relic", controller: "ap", types: ["Artifact"] },
    { id: "idol", controller: "ap", zone, types: ["Artifact"] },
    { id: "urn", owner: "ap", zone, types: ["Artifact"] },
    spell("shock", "nap")
  ],
  effects: [
    {
      kind: "preventEach",
      id: "ward",
      controller: "ap",
      to: "ap",
      // no `zone: battlefield` (MTG-18 had to write one): "you control" says it (108.4)
      amount: { count: { types: ["Artifact"], controller: "you" } },
      label:
        "If a source would deal damage to you, prevent X of that damage, where X is the number of artifacts you control"
    }
  ],
  steps: [{ event: { id: "e", occurrences: [{ source: "shock", to: "ap", amount: 3 }] } }]
})

describe("CR 108.4: only permanents and spells have controllers", () => {
  for (const zone of ["graveyard", "hand", "library", "exile"])
    it(`"artifacts you control" counts the one on the battlefield, not two in the ${zone}: 1 prevented, 2 dealt`, () => {
      const r = run(artifacts(zone))
      expect(r.outcome.events.e?.prevented).toEqual({ ap: 1 })
      expect(r.outcome.events.e?.dealt).toEqual({ ap: 2 })
    })
  it("on the battlefield all three are yours (X = 3, nothing dealt)", () => {
    expect(run(artifacts("battlefield")).outcome.events.e?.dealt).toEqual({})
  })
  it("a spell on the stack has a controller; a card in a graveyard none, but its owner still decides (108.4a)", () => {
    const v = compile({ ...artifacts("graveyard"), steps: [] }).view
    expect(Zones.controllerOf(Rules.rules.zones, v, "shock")).toBe("nap")
    expect(Zones.controllerOf(Rules.rules.zones, v, "idol")).toBeUndefined()
    expect(GameView.controllerOf(v, "idol")).toBe("ap")
  })
  it("Game.moveTo reads the same control zones: a creature put into exile loses its controller", () => {
    const v = GameView.make({
      players: ["a"],
      activePlayer: "a",
      objects: [{ id: "bear", kind: "object", controller: "a", owner: "a", zone: "battlefield", props: {} }]
    })
    expect(Game.moveTo(v, "bear", "exile").objects.bear?.controller).toBeUndefined()
    expect(Game.moveTo(v, "bear", "stack").objects.bear?.controller).toBe("a")
    expect(Game.zones.control).toEqual(["battlefield", "stack"])
  })
})

describe("CR 120.1a: damage is dealt only to what is on the battlefield", () => {
  const scenario = (zone: string) => ({
    players: ["ap", "nap"],
    turn: "ap",
    objects: [
      { id: "bear", controller: "nap", zone, types: ["Creature"], power: 2, toughness: 2 },
      spell("shock", "ap")
    ],
    effects: [{ kind: "shield", id: "s", controller: "nap", to: "bear", amount: 1 }],
    steps: [{ event: { id: "e", occurrences: [{ source: "shock", to: "bear", amount: 2 }] } }]
  })
  it("a creature card in the graveyard is dealt nothing: the damage fails, the shield is not used", () => {
    const r = run(scenario("graveyard"))
    expect(r.outcome.events.e?.occurrences["e-bear"]).toMatchObject({
      status: "failed",
      amount: 0,
      applied: []
    })
    expect(r.outcome.events.e?.dealt).toEqual({})
    expect(r.outcome.effects.s?.uses).toBe(0)
    expect(r.trace.some((t) => t._tag === "Note" && t.rule === "MTG CR 120.1a")).toBe(true)
  })
  it("control: on the battlefield it is dealt 1 after the shield", () => {
    expect(run(scenario("battlefield")).outcome.events.e?.dealt).toEqual({ bear: 1 })
  })
})
