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
    ).toThrow(/Arcane Barrier takes a number/)
    // 8.3.19 "you may pay N{r} to prevent N of that damage": the same N paid and prevented
    expect(() => Effects.quell({ id: "q", source: "helm", controller: "bob", amount: yourAuras })).toThrow(
      /invalid effect "q" at amount: Quell takes a number/
    )
    expect(() => Effects.preventsLess({ id: "v", controller: "alice", amount: "all" })).toThrow(
      /preventsLess prevents a number of damage, not "all"/
    )
    expect(() => Effects.prevent({ id: "p", controller: "bob", amount: { plus: [] } })).toThrow(
      /invalid amount for prevent "p" amount/
    )
    expect(Effects.prevent({ id: "p", controller: "bob", amount: yourAuras }).rule).toBe(
      "FaB 6.4.10i; FaB 6.4.2a"
    )
  })
})

/**
 * 6.4.10g: "If an effect decreases the amount a prevention effect would prevent, the total
 * prevention is determined, the prevention effect's prevention amount is reduced, and then the
 * prevention effect is applied to the event with the decrease." With 6.4.2a, a decrease of X is
 * determined when it applies to the prevention, not when it was written.
 */
describe("FaB 6.4.10g a decrease of X, determined when it applies (6.4.2a)", () => {
  const less = (amount: unknown) => ({ kind: "preventsLess", id: "less", controller: "bob", amount })

  it("X = your auras, counted at the event: 2 auras when written, 1 when it applies → prevents 1 less", () => {
    const r = run({
      ...base,
      objects: [...base.objects, ...auras(2)],
      effects: [less(yourAuras), { kind: "preventNext", id: "p", controller: "bob", amount: 4 }],
      steps: [{ update: { object: "aura1", zone: "graveyard" } }, damage("e1", "S", "bob", 3)]
    })
    // total prevention 3 (shield 4 → 1), then 1 less: 2 prevented, 1 dealt
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 2 })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.effects.p?.remaining).toBe(1)
    expect(r.outcome.effects.less?.gone).toBe(true)
  })

  it("X = half of the event rounded up: 3 damage → prevents 2 less of a 3-point prevention", () => {
    const r = run({
      ...base,
      effects: [
        less({ half: "event", round: "up" }),
        { kind: "preventNext", id: "p", controller: "bob", amount: 3 }
      ],
      steps: [damage("e1", "S", "bob", 3)]
    })
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 1 })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 2 })
  })

  it("X = 0 (no auras): the decrease is used on the prevention and takes nothing off", () => {
    const r = run({
      ...base,
      effects: [less(yourAuras), { kind: "preventNext", id: "p", controller: "bob", amount: 4 }],
      steps: [damage("e1", "S", "bob", 3)]
    })
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 3 })
  })

  it("6.4.10g with 6.4.10f: X (1 aura) is determined before the division, so 3 of the 4 points are declared", () => {
    const r = run(
      {
        ...base,
        objects: [...base.objects, ...auras(1)],
        effects: [less(yourAuras), { kind: "preventNext", id: "p", controller: "bob", amount: 4 }],
        steps: [
          {
            event: {
              id: "e1",
              occurrences: [
                { source: "S", id: "phys", to: "bob", amount: 2, kinds: ["physical"] },
                { source: "S", id: "arc", to: "bob", amount: 2, kinds: ["arcane"] }
              ]
            }
          }
        ]
      },
      [{ phys: 1, arc: 2 }]
    )
    expect(r.outcome.decisions).toMatchObject([{ kind: "Allocate", chooser: "bob" }])
    expect(r.outcome.events.e1?.occurrences.phys?.amount).toBe(1)
    expect(r.outcome.events.e1?.occurrences.arc?.amount).toBe(0)
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 3 })
  })

  it("mutant: a decrease whose X is locked in when written (2 auras) prevents 2 less, not 1", () => {
    const locked = Effects.preventsLess({ id: "less", controller: "bob", amount: 2 })
    const r = run({
      ...base,
      objects: [...base.objects, ...auras(2)],
      effects: [
        { kind: "replacement", id: "less", effect: locked },
        { kind: "preventNext", id: "p", controller: "bob", amount: 4 }
      ],
      steps: [{ update: { object: "aura1", zone: "graveyard" } }, damage("e1", "S", "bob", 3)]
    })
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 1 })
    expect(Effects.preventsLess({ id: "less", controller: "alice", amount: yourAuras }).rule).toBe(
      "FaB 6.4.10g; FaB 6.4.2a"
    )
  })
})
