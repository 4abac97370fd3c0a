/**
 * Issue 29, point 3c: "an effect's chosen *source* that changed zones is a new object (MTG 400.7;
 * MTG-26) — last round covered recipients only". CR 400.7: "An object that moves from one zone to
 * another becomes a new object with no memory of or relation to its previous existence." The
 * binding is core's (`Identity.bind`): the sources an effect watches by id are bound as its
 * recipients are. The mutant at the end binds recipients only, as before issue 29.
 */
import { Chooser, Identity, type Replacement, Ruleset } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Effects, Rules } from "../src/index.js"
import { compile, creature, mismatches, run } from "./helpers.js"

const players = ["ap", "nap"]
/** "Prevent all damage that a source of your choice would deal this turn", S chosen. */
const circle = {
  kind: "preventEach",
  id: "circle",
  controller: "nap",
  from: "S",
  amount: "all",
  duration: "endOfTurn"
}
const hit = (id: string) => ({ event: { id, occurrences: [{ id: "d", source: "S", to: "nap", amount: 2 }] } })
const blink = [
  { update: { object: "S", zone: "exile" } },
  { update: { object: "S", zone: "battlefield", controller: "ap" } }
]
const board = { players, objects: [creature("S", "ap")], effects: [circle] }

describe("CR 400.7: a chosen source that changed zones is a new object", () => {
  /** The chosen source, still the same object: its damage is prevented, both times. */
  it("the same S deals 2 twice: both prevented", () => {
    const r = run({ ...board, steps: [hit("first"), hit("second")] })
    expect(r.outcome.events["second"]?.dealt).toEqual({})
    expect(r.outcome.state["nap"]?.["life"]).toBe(20)
  })

  /** S exiled and returned: the new object's 2 damage is dealt; the effect's condition is not met. */
  it("S exiled and returned: its damage is dealt (MTG-26)", () => {
    const r = run({ ...board, steps: [hit("first"), ...blink, hit("second")] })
    expect(r.outcome.events["first"]?.dealt).toEqual({})
    expect(r.outcome.events["second"]?.occurrences["d"]).toMatchObject({
      status: "happened",
      amount: 2,
      applied: []
    })
    expect(r.outcome.state["nap"]?.["life"]).toBe(18)
  })

  /** A source and a recipient both named: either one's zone change ends the effect for it. */
  it("a shield from S to C: C returned, or S returned, and it no longer applies", () => {
    const shield = {
      kind: "shield",
      id: "s",
      controller: "nap",
      to: "C",
      from: "S",
      amount: 5,
      duration: "endOfTurn"
    }
    const objects = [creature("S", "ap"), creature("C", "nap", { toughness: 5 })]
    const toC = { event: { id: "e", occurrences: [{ id: "d", source: "S", to: "C", amount: 2 }] } }
    const base = run({ players, objects, effects: [shield], steps: [toC] })
    expect(base.outcome.events["e"]?.dealt).toEqual({})
    const cMoved = run({
      players,
      objects,
      effects: [shield],
      steps: [
        { update: { object: "C", zone: "exile" } },
        { update: { object: "C", zone: "battlefield", controller: "nap" } },
        toC
      ]
    })
    expect(cMoved.outcome.events["e"]?.dealt).toEqual({ C: 2 })
    const sMoved = run({ players, objects, effects: [shield], steps: [...blink, toC] })
    expect(sMoved.outcome.events["e"]?.dealt).toEqual({ C: 2 })
  })

  /** The binding is core's: `Effects.aimedAt` is `Identity.bind` (`sameObjects`). */
  it("Effects.aimedAt binds the source by its generation", () => {
    const c = compile({ ...board, steps: [] })
    const e = c.ledger.effects.find((x) => x.id === "circle") as Replacement.Replacement
    expect(e.sameObjects).toEqual({ source: { S: 0 } })
    // the older form, a condition with the predicate, still resolves (stored records may hold it)
    expect(Effects.predicates[Effects.PREDICATE_SAME_OBJECT]).toBe(Identity.sameObject)
    expect(Object.keys(Rules.predicates)).toContain(Effects.PREDICATE_SAME_OBJECT)
  })

  /** Mutant: recipients only, as before issue 29 — the returned S's damage is still prevented. */
  it("mutant: binding the recipients only prevents the new object's damage", () => {
    const c = compile({ ...board, steps: [hit("first"), ...blink, hit("second")] })
    const { sameObjects: _b, ...circleUnbound } = c.ledger.effects.find(
      (e) => e.id === "circle"
    ) as Replacement.Replacement
    const ledger = {
      ...c.ledger,
      effects: c.ledger.effects.map((e) => (e.id === "circle" ? circleUnbound : e))
    }
    const r = Ruleset.run(Rules.rules, { ...c, ledger }, Chooser.firstLegal)
    expect(mismatches(r, { events: { second: { dealt: { nap: 2 } } } })).not.toBe("")
  })
})
