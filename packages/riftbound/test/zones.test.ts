/**
 * Riftbound's board, named once (`Rules.zones`) and read by every rule and effect, not only the
 * cleanups. Core Rules, last updated 2026-07-16:
 *
 * 141.1.a.1: "Units are at one of several Locations while on the Board: a Battlefield or their
 * Base."
 * 141.1.b.2: "They retain the properties of being a Unit, but are not on the Board and thus
 * cannot take actions or be affected by spells, abilities, or game actions that target Units on
 * the Board."
 * 191.3: "For Permanents and Runes, when they Enter the Board, that player is assigned as that
 * Game Object's Controller."
 * 370.3: "If a Game Object has a Replacement Effect that is active in a specific zone, it is
 * evaluated and subsequently applied if it enters that zone before an event occurs that it could
 * replace."
 */
import type { Policy, Ruleset } from "@bulwark/core"
import { Zones } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Rules, ruleset } from "../src/index.js"

const outcome = (text: string, rules?: Policy.Rules): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  const loaded = r.success
  return checkScenario(rules === undefined ? loaded : { ...loaded, ruleset: { ...loaded.ruleset, rules } })
    .run.outcome
}

const header = `format: 2
ruleset: riftbound
players: [P1, P2]
turn: P1
`

/** Guardian Angel on a unit U at `zone`, the angel at `angelZone`; U dies (a kill event). */
const angel = (zone: string, angelZone = zone) => `${header}objects:
  - { id: BF1, types: [battlefield] }
  - { id: U, controller: P1, types: [unit], might: 2, damage: 2, zone: ${zone} }
  - { id: angel, controller: P1, types: [gear], zone: ${angelZone} }
effects:
  - { kind: saveFromDeath, id: ga, controller: P1, source: angel, to: U, killSource: true }
steps:
  - event: { id: k, occurrences: [{ family: die, to: U }] }
`

describe("141.1.a.1, 370.3: an effect of an object at a battlefield works (it is on the board)", () => {
  for (const zone of ["BF1", "board", "base"])
    it(`Guardian Angel at ${zone}: the angel dies instead, U is healed, exhausted and recalled`, () => {
      const o = outcome(angel(zone))
      assert.strictEqual(o.events.k?.occurrences["k-U"]?.status, "replaced")
      assert.strictEqual(o.state.angel?.zone, "trash")
      assert.deepStrictEqual([o.state.U?.zone, o.state.U?.damage, o.state.U?.exhausted], ["base", 0, true])
    })
  it("Guardian Angel in the trash does not work (141.1.b.2): U dies", () => {
    const o = outcome(angel("BF1", "trash"))
    assert.strictEqual(o.events.k?.occurrences["k-U"]?.status, "happened")
    assert.strictEqual(o.state.U?.zone, "trash")
  })
  it("mutant: with the board as the two zone names of before (board, base), Guardian Angel at BF1 does nothing", () => {
    const narrow: Policy.Rules = { ...Rules.rules, zones: { ...Rules.zones, inPlay: ["board", "base"] } }
    const o = outcome(angel("BF1"), narrow)
    assert.strictEqual(o.effects.ga?.uses, 0)
    assert.strictEqual(o.state.angel?.zone, "BF1")
  })
})

describe("141.1.b.2: a unit in the trash is not on the board", () => {
  it("it is dealt nothing: the damage fails; a unit at a battlefield is dealt its 2", () => {
    const o = outcome(`${header}objects:
  - { id: S, controller: P2, zone: chain, types: [spell] }
  - { id: T, controller: P1, types: [unit], might: 3, zone: trash }
  - { id: F, controller: P1, types: [unit], might: 3, zone: BF1 }
steps:
  - event: { id: e, occurrences: [{ source: S, to: T, amount: 2 }, { source: S, to: F, amount: 2 }] }
`)
    assert.strictEqual(o.events.e?.occurrences["e-T"]?.status, "failed")
    assert.deepStrictEqual(o.events.e?.dealt, { F: 2 })
  })
  it("no input is lethal for it: the minimum lethal input of a unit in the trash is Never", () => {
    // the closed form (plain amount changes, answered by arithmetic) read no zone: with nothing
    // bound to the unit it answered `Lethal` at its Might; the kernel's answer is the rule's
    const o = outcome(`${header}objects:
  - { id: T, controller: P1, types: [unit], might: 3, zone: trash }
  - { id: F, controller: P1, types: [unit], might: 3, zone: BF1 }
steps:
  - query: { name: t, minimumLethal: { unit: T } }
  - query: { name: f, minimumLethal: { unit: F } }
`)
    assert.strictEqual((o.queries?.t as { _tag: string } | undefined)?._tag, "Never")
    assert.deepStrictEqual(o.queries?.f, { _tag: "Lethal", input: 3, applied: 3, dealt: 3, prevented: 0 })
  })
  it("a combat's default targets are the other side's units at a battlefield, a zone named after it included", () => {
    const o = outcome(`${header}objects:
  - { id: A, controller: P1, types: [unit], might: 2, zone: BF1 }
  - { id: D, controller: P2, types: [unit], might: 3, zone: BF1 }
  - { id: H, controller: P2, types: [unit], might: 3, zone: base }
steps:
  - combat: { id: c1, attackers: [A], assign: { D: 2 } }
`)
    assert.deepStrictEqual(o.events.c1?.dealt, { D: 2 })
  })
})

describe("191.3: a card has a controller on the board and on the chain, not in the trash", () => {
  it('"prevent X, X the units you control": V, the unit at a battlefield and the one at base count (3), not the one in the trash', () => {
    const o = outcome(`${header}objects:
  - { id: S, controller: P2, zone: chain, types: [spell] }
  - { id: V, controller: P1, types: [unit], might: 5 }
  - { id: W, controller: P1, types: [unit], might: 1, zone: BF1 }
  - { id: X, controller: P1, types: [unit], might: 1, zone: base }
  - { id: Y, controller: P1, types: [unit], might: 1, zone: trash }
effects:
  - { kind: prevent, id: p, controller: P1, to: V, amount: { count: { types: [unit], controller: you } } }
steps:
  - event: { id: e, occurrences: [{ source: S, to: V, amount: 4 }] }
`)
    assert.deepStrictEqual(o.events.e?.prevented, { V: 3 })
    const o2 = outcome(`${header}objects:
  - { id: S, controller: P2, zone: chain, types: [spell] }
  - { id: V, controller: P1, types: [unit], might: 5 }
  - { id: Y, controller: P1, types: [unit], might: 1, zone: trash }
effects:
  - { kind: prevent, id: p, controller: P1, to: V, amount: { count: { types: [unit], controller: you } } }
steps:
  - event: { id: e, occurrences: [{ source: S, to: V, amount: 4 }] }
`)
    // V itself only: 1 prevented, 3 dealt (the unit in the trash is nobody's)
    assert.deepStrictEqual(o2.events.e?.dealt, { V: 3 })
    assert.strictEqual(o2.state.Y?.controller, undefined)
  })
  it("Zones.controllerOf: a spell on the chain has its controller; a card in the trash none", () => {
    const view = {
      players: ["P1"],
      activePlayer: "P1",
      objects: {
        s: { id: "s", kind: "object" as const, controller: "P1", zone: "chain", props: {} },
        t: { id: "t", kind: "object" as const, controller: "P1", zone: "trash", props: {} }
      }
    }
    assert.strictEqual(Zones.controllerOf(Rules.zones, view, "s"), "P1")
    assert.strictEqual(Zones.controllerOf(Rules.zones, view, "t"), undefined)
  })
})

// 368.1: "Passive Abilities can be Replacement Effects." 370.3: "If a Game Object has a
// Replacement Effect that is active in a specific zone, it is evaluated and subsequently applied
// if it enters that zone before an event occurs that it could replace." 392: "Delayed Abilities
// are not associated with Units or Gear; […] they are executed when their condition and/or
// specified time occurs regardless of whether the source of the Delayed Ability is still on the
// board or not." — a unit's or gear's own effect works while it is on the board.
describe("368.1, 370.3, 392: a generic effect with a source works while its source is on the board", () => {
  const shield = (zone: string, extra = "") => `${header}objects:
  - { id: BF1, types: [battlefield] }
  - { id: U, controller: P2, types: [unit], might: 5, zone: BF1 }
  - { id: X, controller: P1, types: [unit], might: 5, zone: BF1 }
  - { id: gear, controller: P2, types: [gear], zone: ${zone} }
effects:
  - { kind: prevent, id: p, controller: P2, source: gear, to: U, amount: 2${extra} }
steps:
  - event: { id: e1, occurrences: [{ source: X, to: U, amount: 3 }] }
`
  for (const zone of ["base", "BF1"])
    it(`the gear at ${zone}: it prevents 2 of 3`, () =>
      assert.deepStrictEqual(outcome(shield(zone)).events.e1?.dealt, { U: 1 }))
  for (const zone of ["trash", "hand", "banishment"])
    it(`the gear in the ${zone}, without activeIn: it does not apply, all 3 are dealt`, () =>
      assert.deepStrictEqual(outcome(shield(zone)).events.e1?.dealt, { U: 3 }))
  it("activeIn: [trash] (the card says where) works from the trash", () =>
    assert.deepStrictEqual(outcome(shield("trash", ", activeIn: [trash]")).events.e1?.dealt, { U: 1 }))
})
