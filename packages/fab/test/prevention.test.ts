/**
 * FaB CR 6.4.10 a–j (Comprehensive Rules, February 2026 copy; the lettering of seed 000:
 * h = "cannot prevent", i = fixed-prevention, j = shielding-prevention). Each test quotes the
 * rule it checks; the expected numbers are worked out from that text.
 */
import { describe, expect, it } from "@effect/vitest"
import { base, damage, oneEvent, run, toBob } from "./helpers.js"

describe("FaB 6.4.10 prevention effects", () => {
  /**
   * 6.4.10a: "for every 1 damage of the given type that would be dealt to the shielded object
   * from the damage source, the 1 damage is prevented and the remaining prevention amount of the
   * effect is reduced by 1. If the prevention amount has been reduced to 0, any remaining damage
   * is dealt as normal."
   */
  it("6.4.10a: a 3-point prevention on 5 damage prevents 3, reaches 0, and 2 are dealt", () => {
    const r = run(oneEvent([{ kind: "preventNext", id: "p", controller: "bob", amount: 3 }], toBob(5)))
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 3 })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 2 })
    expect(r.outcome.effects.p).toMatchObject({ remaining: 0, gone: true })
    expect(r.outcome.state.bob?.life).toBe(18)
  })

  /**
   * 6.4.10b: "If the prevention amount is not explicitly specified, the prevention amount is
   * defined as the amount of damage in the damage event." (Feign Death: "The next time you would
   * be dealt damage this turn, prevent it.")
   */
  it("6.4.10b: Feign Death's amount is the event's damage (7 of 7) and it is then used up", () => {
    const r = run({
      ...base,
      effects: [{ kind: "preventNextTime", id: "fd", controller: "bob" }],
      steps: [damage("e1", "S", "bob", 7), damage("e2", "S", "bob", 1)]
    })
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 7 })
    expect(r.outcome.events.e2?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.effects.fd?.gone).toBe(true)
  })

  /**
   * 6.4.10c: "If the prevention damage type is not specified, the prevention applies to any and
   * all damage types. If the prevention damage type is specified, the prevention only applies to
   * that type of damage."
   */
  it("6.4.10c: an arcane-only shield skips physical damage; an untyped one covers both", () => {
    const damage = {
      id: "e1",
      occurrences: [
        { source: "S", id: "phys", to: "bob", amount: 2, kinds: ["physical"] },
        { source: "S", id: "arc", to: "bob", amount: 2, kinds: ["arcane"] }
      ]
    }
    const typed = run(
      oneEvent([{ kind: "preventNext", id: "p", controller: "bob", amount: 5, kinds: ["arcane"] }], damage)
    )
    expect(typed.outcome.events.e1?.occurrences.phys?.prevented).toBe(0)
    expect(typed.outcome.events.e1?.occurrences.arc?.prevented).toBe(2)
    expect(typed.outcome.effects.p?.remaining).toBe(3)
    const untyped = run(oneEvent([{ kind: "preventNext", id: "p", controller: "bob", amount: 5 }], damage))
    expect(untyped.outcome.events.e1?.prevented).toEqual({ bob: 4 })
    expect(untyped.outcome.effects.p?.remaining).toBe(1)
  })

  /**
   * 6.4.10d: "If the source of the damage event is not specified, the prevention applies to all
   * damage that applies to the specified shielded object(s)."
   */
  it("6.4.10d: 'prevent the next 3 damage to you' covers two different sources", () => {
    const r = run({
      ...base,
      effects: [{ kind: "preventNext", id: "p", controller: "bob", amount: 3, to: "bob" }],
      steps: [damage("e1", "S", "bob", 1), damage("e2", "T", "bob", 1)]
    })
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 1 })
    expect(r.outcome.events.e2?.prevented).toEqual({ bob: 1 })
    expect(r.outcome.effects.p?.remaining).toBe(1)
  })

  /**
   * 6.4.10e: "If the shielded object is not specified, the prevent applies to all damage dealt
   * by the specified source(s) of the damage event."
   */
  it("6.4.10e: 'the next 3 damage S would deal' covers the hero and the ally, not damage from T", () => {
    const r = run({
      ...base,
      effects: [{ kind: "preventNext", id: "p", controller: "bob", amount: 3, from: "S" }],
      steps: [damage("e1", "S", "ally", 1), damage("e2", "S", "bob", 1), damage("e3", "T", "bob", 1)]
    })
    expect(r.outcome.events.e1?.prevented).toEqual({ ally: 1 })
    expect(r.outcome.events.e2?.prevented).toEqual({ bob: 1 })
    expect(r.outcome.events.e3?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.effects.p?.remaining).toBe(1)
  })

  /**
   * 6.4.10f: "If there are two or more types of damage in the event that the prevention can apply
   * to, and/or two or more shielded objects the damage event will deal damage to, the controller
   * of the prevention effect declares each point of damage the effect will prevent."
   */
  it("6.4.10f: two damage types to one hero — the prevention's controller declares the points", () => {
    const r = run(
      oneEvent([{ kind: "preventNext", id: "p", controller: "bob", amount: 2 }], {
        id: "e1",
        occurrences: [
          { source: "S", id: "phys", to: "bob", amount: 2, kinds: ["physical"] },
          { source: "S", id: "arc", to: "bob", amount: 2, kinds: ["arcane"] }
        ]
      }),
      [{ phys: 0, arc: 2 }]
    )
    expect(r.outcome.decisions).toMatchObject([{ kind: "Allocate", chooser: "bob", rule: "FaB 6.4.10f" }])
    expect(r.outcome.events.e1?.occurrences.arc?.amount).toBe(0)
    expect(r.outcome.events.e1?.occurrences.phys?.amount).toBe(2)
  })

  /**
   * 6.4.10f: "[...] the controller of the prevention effect declares each point" — not the
   * damaged player: alice's own "prevent the next 2 damage S would deal" over bob and his ally
   * is declared by alice.
   */
  it("6.4.10f: the declarer is the effect's controller even when another player's objects are damaged", () => {
    const r = run(
      oneEvent([{ kind: "preventNext", id: "p", controller: "alice", amount: 2, from: "S" }], {
        id: "e1",
        occurrences: [
          { source: "S", to: "bob", amount: 2 },
          { source: "S", to: "ally", amount: 2 }
        ]
      }),
      [{ "e1-bob": 2, "e1-ally": 0 }]
    )
    expect(r.outcome.decisions[0]).toMatchObject({ kind: "Allocate", chooser: "alice" })
    expect(r.outcome.events.e1?.dealt).toEqual({ ally: 2 })
  })

  /**
   * 6.4.10g: "If an effect decreases the amount a prevention effect would prevent, the total
   * prevention is determined, the prevention effect's prevention amount is reduced, and then the
   * prevention effect is applied to the event with the decrease."
   */
  it("6.4.10g: a 4-point shield on 3 {p} with 'prevents 1 less' keeps 1, prevents 2; arcane damage is not reduced", () => {
    const r = run({
      ...base,
      effects: [
        { kind: "preventsLess", id: "vambrace", controller: "alice", amount: 1, kinds: ["physical"] },
        { kind: "preventNext", id: "p", controller: "bob", amount: 6 }
      ],
      steps: [
        damage("e1", "S", "bob", 2, { kinds: ["arcane"] }),
        damage("e2", "S", "bob", 3, { kinds: ["physical"] })
      ]
    })
    // e1 (arcane): the decrease watches {p} damage only — 2 prevented, the vambrace stays
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 2 })
    // e2: total prevention 3, the shield's amount reduced by 3 (4 → 1), then 1 less: 2 prevented
    expect(r.outcome.events.e2?.prevented).toEqual({ bob: 2 })
    expect(r.outcome.events.e2?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.effects.p?.remaining).toBe(1)
    expect(r.outcome.effects.vambrace?.gone).toBe(true)
  })

  /**
   * 6.4.10h: "If an effect states that a prevention effect cannot prevent the damage of an event,
   * the prevention effect still applies to the event but its prevention amount is not reduced.
   * Any additional modifications to the event by the prevention effect still occur."
   */
  it("6.4.10h: Ward on damage that can't be prevented — the helm is still destroyed, all 3 dealt", () => {
    const r = run(
      oneEvent(
        [
          { kind: "ward", id: "ward", source: "helm", amount: 1 },
          { kind: "preventNext", id: "p", controller: "bob", amount: 2 }
        ],
        toBob(3, { unpreventable: true })
      )
    )
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
    expect(r.outcome.events.e1?.occurrences["e1-bob"]?.applied).toEqual(["ward", "p"])
    expect(r.outcome.state.helm?.zone).toBe("graveyard")
    expect(r.outcome.effects.p).toMatchObject({ remaining: 2, gone: false })
  })

  /**
   * 6.4.10i: "A fixed-prevention effect is a prevention effect that acts as a one-off effect.
   * [...] After a fixed-prevention effect prevents damage, any remaining prevention amount is not
   * used to prevent a subsequent damage event."
   */
  it("6.4.10i: a fixed 'prevent 5' on 1 damage discards its leftover 4", () => {
    const r = run({
      ...base,
      effects: [{ kind: "prevent", id: "p", controller: "bob", amount: 5 }],
      steps: [damage("e1", "S", "bob", 1), damage("e2", "S", "bob", 4)]
    })
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 1 })
    expect(r.outcome.events.e2?.dealt).toEqual({ bob: 4 })
    expect(r.outcome.effects.p?.gone).toBe(true)
  })

  /**
   * 6.4.10h: "[...] the prevention effect still applies to the event but its prevention amount is
   * not reduced." 6.4.10i: "After a fixed-prevention effect prevents damage, any remaining
   * prevention amount is not used to prevent a subsequent damage event." Read together (README,
   * Interpretations): a fixed prevention that applied to damage that can't be prevented has
   * prevented nothing, so it is not used up and covers the next event.
   */
  it("6.4.10h + 6.4.10i: a fixed 'prevent 3' on damage that can't be prevented stays for the next event", () => {
    const r = run({
      ...base,
      effects: [{ kind: "prevent", id: "p", controller: "bob", amount: 3 }],
      steps: [damage("e1", "S", "bob", 2, { unpreventable: true }), damage("e2", "S", "bob", 4)]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 2 })
    expect(r.outcome.events.e1?.occurrences["e1-bob"]?.applied).toEqual(["p"])
    expect(r.outcome.events.e2?.prevented).toEqual({ bob: 3 })
    expect(r.outcome.events.e2?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.effects.p?.gone).toBe(true)
  })

  /**
   * 6.4.10j: "A shielding-prevention effect [...] prevents a specific amount of damage from any
   * number of events that activate it. [...] If the prevention amount of a shielding-prevention
   * effect is reduced to zero, the effect ceases to exist."
   */
  it("6.4.10j: 'prevent the next 5' spreads over 1, 2, 2 and then ceases to exist", () => {
    const r = run({
      ...base,
      effects: [{ kind: "preventNext", id: "p", controller: "bob", amount: 5 }],
      steps: [
        damage("e1", "S", "bob", 1),
        damage("e2", "S", "bob", 2),
        damage("e3", "S", "bob", 3),
        damage("e4", "S", "bob", 1)
      ]
    })
    expect(r.outcome.events.e3?.prevented).toEqual({ bob: 2 })
    expect(r.outcome.events.e3?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.events.e4?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.effects.p).toMatchObject({ remaining: 0, gone: true })
  })
})
