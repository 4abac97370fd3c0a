/**
 * FaB 6.4.2a: "The condition of replacement and any variable values are determined each time a
 * replacement effect could be applied to an event." Amounts written as expressions (`{ count: …
 * }`, `{ half: event, round: … }`, …) in the amount options of FaB's constructors.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effects } from "../src/index.js"
import { base, damage, run } from "./helpers.js"

const auras = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `aura${i}`, controller: "bob", types: ["aura"] }))
const yourAuras = { count: { types: ["aura"], controller: "you", zone: "arena" } }

describe("FaB 6.4.2a variable values determined each time", () => {
  it("6.4.2a: Spellvoid X (X = your auras) reads X when it applies, not when it was written", () => {
    const r = run(
      {
        ...base,
        objects: [...base.objects, ...auras(2)],
        effects: [{ kind: "spellvoid", id: "v", source: "helm", amount: yourAuras }],
        steps: [
          damage("e1", "S", "bob", 3, { kinds: ["arcane"] }),
          { update: { object: "aura1", zone: "graveyard" } }
        ]
      },
      [true]
    )
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.state.helm?.zone).toBe("graveyard")
  })

  it("6.4.2a: a fixed prevention of X reads X at the event: 0 auras → prevents 0", () => {
    const r = run({
      ...base,
      effects: [{ kind: "prevent", id: "p", controller: "bob", amount: yourAuras }],
      steps: [damage("e1", "S", "bob", 3)]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
  })

  it('6.4.10j with X: "prevent the next X" fixes X the first time it applies (3 auras → a shield of 3)', () => {
    const r = run({
      ...base,
      objects: [...base.objects, ...auras(3)],
      effects: [{ kind: "preventNext", id: "s", controller: "bob", amount: yourAuras }],
      steps: [
        damage("e1", "S", "bob", 1),
        { update: { object: "aura2", zone: "graveyard" } },
        damage("e2", "S", "bob", 3)
      ]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({})
    // 2 left of the 3 counted at the first event (not 2 auras − 1)
    expect(r.outcome.events.e2?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.effects.s?.remaining).toBe(0)
  })

  it("8.5.47 Amp X with X = half of the event rounded up: 3 arcane → plus 2", () => {
    const r = run({
      ...base,
      effects: [{ kind: "amp", id: "amp", controller: "alice", amount: { half: "event", round: "up" } }],
      steps: [damage("e1", "S", "bob", 3, { kinds: ["arcane"] })]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 5 })
  })

  it("what a trigger reads is in the outcome: the destroy that paid Spellvoid, the damage dealt, the prevention notice", () => {
    const r = run(
      {
        ...base,
        objects: [...base.objects, ...auras(2)],
        effects: [{ kind: "spellvoid", id: "v", source: "helm", amount: yourAuras }],
        steps: [damage("e1", "S", "bob", 3, { kinds: ["arcane"] })]
      },
      [true]
    )
    const e = r.outcome.events.e1
    expect(e?.happened).toEqual([
      { id: "v:cost#1", family: "destroy", subject: "helm", source: "helm", amount: 1 },
      { id: expect.any(String), family: "damage", subject: "bob", source: "S", amount: 1 }
    ])
    expect(e?.notifications).toEqual([{ effect: "v", amount: 2 }])
    expect(e?.prevented).toEqual({ bob: 2 })
  })

  it("constructors refuse an expression where a number is needed, and a malformed one, when called", () => {
    expect(() =>
      Effects.arcaneBarrier({ id: "b", source: "helm", controller: "bob", amount: yourAuras })
    ).toThrow(/takes a number/)
    expect(() => Effects.preventsLess({ id: "v", controller: "alice", amount: { allBut: 1 } })).toThrow(
      /takes a number/
    )
    expect(() => Effects.prevent({ id: "p", controller: "bob", amount: { plus: [] } })).toThrow(
      /invalid amount for prevent "p" amount/
    )
    expect(Effects.prevent({ id: "p", controller: "bob", amount: yourAuras }).rule).toBe(
      "FaB 6.4.10i; FaB 6.4.2a"
    )
  })
})
