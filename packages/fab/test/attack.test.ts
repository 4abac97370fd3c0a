/**
 * The attack's damage from power against the defending cards' summed defense (FaB CR 7.5.2,
 * issue 17 point 5), Comprehensive Rules, February 2026 copy:
 *
 * 7.5.2: "If the power of the attack is greater than the sum total defense value of the defending
 * cards for the attack-target, the attack deals {p} damage (physical damage) to the attack-target
 * equal to the difference." Example: "If the power of the attack is 6, and there are two
 * defending cards with a defense 3 and 2 respectively then the sum total defense value of the
 * defending cards is 5. … the attack-target is dealt 6-5=1 {p} damage."
 */
import { describe, expect, it } from "@effect/vitest"
import { base, compile, type Data, run } from "./helpers.js"

const objects = [
  ...base.objects,
  { id: "atk", controller: "alice", zone: "combatChain", types: ["attack"], power: 6 },
  { id: "d3", controller: "bob", zone: "combatChain", types: ["defenseReaction"], defense: 3 },
  { id: "d2", controller: "bob", zone: "combatChain", types: ["equipment"], defense: 2 },
  { id: "d0", controller: "bob", zone: "combatChain", types: ["action"], defense: 0 },
  { id: "bare", controller: "bob", zone: "combatChain", types: ["action"] }
]

const attack = (a: Record<string, unknown>, effects: ReadonlyArray<unknown> = [], more: Data = {}): Data => ({
  ...base,
  objects,
  effects,
  steps: [{ attack: { id: "e1", attack: "atk", target: "bob", ...a } }],
  ...more
})

describe("7.5.2: power against the defending cards' summed defense", () => {
  it("the rule's example: power 6 against defenders of 3 and 2 deals 6 − 5 = 1 {p} damage, a hit", () => {
    const r = run(attack({ defenders: ["d3", "d2"] }))
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.events.e1?.occurrences["e1-bob"]).toMatchObject({ proposed: 1, kinds: ["physical"] })
    expect(r.outcome.state.atk?.hit).toBe(true)
    // mutant: counting only the first defender deals 3 — the check above would fail
    expect(run(attack({ defenders: ["d3"] })).outcome.events.e1?.dealt).toEqual({ bob: 3 })
  })

  it("then prevention: the difference is the damage a shield reduces; on-hit only if damage is dealt (7.5.5b)", () => {
    const shield = { kind: "preventNext", id: "s", controller: "bob", amount: 1 }
    const r = run(attack({ defenders: ["d3", "d2"] }, [shield]))
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 1 })
    expect(r.outcome.events.e1?.dealt).toEqual({})
    expect(r.outcome.state.atk?.hit).toBe(false)
  })

  it("defense equal to or above the power: no damage is dealt, no hit-event, the shield untouched", () => {
    // "greater than": power 5 against 3 + 2 + 0 is not greater, nothing is dealt
    const equal = run(
      attack({ defenders: ["d3", "d2", "d0"], power: 5 }, [
        { kind: "preventNext", id: "s", controller: "bob", amount: 2 }
      ])
    )
    expect(equal.outcome.events.e1?.happened).toEqual([])
    expect(equal.outcome.state.atk?.hit).toBe(false)
    expect(equal.outcome.effects.s?.remaining).toBe(2)
    const above = run(attack({ defenders: ["d3", "d2"], power: 2 }))
    expect(above.outcome.events.e1?.happened).toEqual([])
    expect(above.outcome.events.e1?.occurrences).toEqual({})
    expect(above.outcome.state.bob?.life).toBe(20)
  })

  it("`power` is the attack's power now (after modifications); no defenders: the whole power", () => {
    expect(run(attack({ power: 8, defenders: ["d2"] })).outcome.events.e1?.dealt).toEqual({ bob: 6 })
    expect(run(attack({ defenders: [] })).outcome.events.e1?.dealt).toEqual({ bob: 6 })
    expect(run(attack({})).outcome.events.e1?.dealt).toEqual({ bob: 6 })
  })

  it("the existing total `defense` keeps its meaning", () => {
    expect(run(attack({ defense: 5 })).outcome.events.e1?.dealt).toEqual({ bob: 1 })
  })

  it("bad input is a located file error: unknown defender, one without defense, twice, or both spellings", () => {
    expect(() => compile(attack({ defenders: ["ghost"] }))).toThrow(
      /steps\[0\]\.attack\.defenders\[0\].*unknown/
    )
    expect(() => compile(attack({ defenders: ["d3", "bare"] }))).toThrow(/defenders\[1\].*no defense/)
    expect(() => compile(attack({ defenders: ["d3", "d3"] }))).toThrow(/defenders\[1\].*once/)
    expect(() => compile(attack({ defenders: ["d3"], defense: 1 }))).toThrow(/defenders.*not both/)
  })

  it("a defending card's defense as an update step leaves it when the attack's damage is calculated", () => {
    const r = run({
      ...base,
      objects,
      steps: [
        { update: { object: "d3", set: { defense: 1 } } },
        { attack: { id: "e1", attack: "atk", target: "bob", defenders: ["d3", "d2"] } }
      ]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
  })
})
