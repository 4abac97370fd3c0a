/**
 * FaB CR 6.5 (ordering) and 6.4.1–6.4.5 (replacement effects), Comprehensive Rules, February 2026
 * copy. Each test quotes the rule it checks.
 */
import type { Replacement } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { base, damage, type Effect, oneEvent, run, toBob } from "./helpers.js"

const raw = (effect: Replacement.Replacement): Effect => ({ kind: "replacement", id: effect.id, effect })
const modify = (id: string, controller: string, category: string, op: "add" | "mul", value: number): Effect =>
  raw({
    id,
    label: `${op} ${value}`,
    controller,
    category,
    watch: { family: "damage" },
    action: { _tag: "Modify", op, value }
  })

/** The watch "if bob would be dealt damage". */
const damageToBob: Replacement.Watch = { family: "damage", subject: { _tag: "Id", ids: ["bob"] } }

const three = {
  turn: "a",
  players: ["a", "b", "c"],
  objects: [{ id: "S", controller: "a", zone: "stack" }]
} as const

describe("FaB 6.5 replacement effect interactions", () => {
  /**
   * 6.5.1: "If there are two or more replacement effects that could replace an event with a
   * modified event, then effects are applied based on an order determined by the turn-player and
   * then an order determined by each controlling player."
   */
  it("6.5.1: with effects of two players, the turn-player decides first", () => {
    const r = run(
      oneEvent(
        [
          { kind: "preventNext", id: "pa", controller: "alice", amount: 1, to: "bob" },
          { kind: "preventNext", id: "pb", controller: "bob", amount: 1 }
        ],
        toBob(3)
      ),
      ["bob"]
    )
    expect(r.outcome.decisions[0]).toMatchObject({ kind: "StartingPlayer", chooser: "alice", answer: "bob" })
  })

  /**
   * 6.5.2: "[...] each player in clockwise order applies their active replacement effects of that
   * type one-by-one [...]; starting with the selected player [...]"
   */
  it("6.5.2: three players' standard effects apply clockwise from the selected player (c, a, b)", () => {
    const r = run(
      {
        ...three,
        effects: [
          modify("fa", "a", "standard", "add", 1),
          modify("fb", "b", "standard", "mul", 2),
          modify("fc", "c", "standard", "add", 3)
        ],
        steps: [damage("e1", "S", "b", 1)]
      },
      ["c"]
    )
    // ((1 + 3) + 1) × 2 = 10
    expect(r.outcome.events.e1?.occurrences["e1-b"]).toMatchObject({
      applied: ["fc", "fa", "fb"],
      amount: 10
    })
  })

  /**
   * 6.5.2a: "The turn-player does not determine the order of effects they do not control, only
   * the first player to apply replacement effects."
   */
  it("6.5.2a: bob, not the turn-player, orders bob's two preventions", () => {
    const r = run(
      oneEvent(
        [
          { kind: "preventNext", id: "p1", controller: "bob", amount: 1 },
          { kind: "preventNext", id: "p2", controller: "bob", amount: 1 }
        ],
        // 1 damage: the shield bob puts first is used, the other is kept (the order matters)
        toBob(1)
      ),
      ["p2"]
    )
    expect(r.outcome.decisions).toMatchObject([{ kind: "ChooseEffect", chooser: "bob", answer: "p2" }])
    expect(r.outcome.events.e1?.occurrences["e1-bob"]?.applied).toEqual(["p2"])
    expect(r.outcome.effects["p1"]?.remaining).toBe(1)
  })

  /**
   * 6.5.2: "each player in clockwise order applies their active replacement effects of that type
   * one-by-one". With 3 damage both of bob's "prevent the next 1" shields are used whatever the
   * order, so bob is not asked and the trace says the order doesn't matter; asking every order
   * (`askEveryOrder`) asks bob, with the same outcome.
   */
  it("6.5.2: an order that can't matter is not asked", () => {
    const s = oneEvent(
      [
        { kind: "preventNext", id: "p1", controller: "bob", amount: 1 },
        { kind: "preventNext", id: "p2", controller: "bob", amount: 1 }
      ],
      toBob(3)
    )
    const r = run(s)
    expect(r.outcome.decisions).toEqual([])
    expect(r.trace.some((t) => t._tag === "Note" && t.text.includes("the order doesn't matter"))).toBe(true)
    const asked = run(s, ["p2"], { askEveryOrder: true })
    expect(asked.outcome.decisions).toMatchObject([{ kind: "ChooseEffect", chooser: "bob", answer: "p2" }])
    expect(asked.outcome.events.e1?.occurrences["e1-bob"]?.amount).toBe(1)
    expect(r.outcome.events.e1?.occurrences["e1-bob"]?.amount).toBe(1)
  })

  /**
   * 6.5.2b: "The selected player is determined once per event and does not change."
   */
  it("6.5.2b: one selection per event, over every slot; a new event asks again", () => {
    const r = run(
      {
        ...base,
        effects: [
          { kind: "amp", id: "amp", controller: "alice", amount: 1 },
          modify("double", "alice", "standard", "mul", 2),
          { kind: "preventNext", id: "p", controller: "bob", amount: 9 }
        ],
        steps: [damage("e1", "S", "bob", 1, { kinds: ["arcane"] }), damage("e2", "S", "bob", 1)]
      },
      ["bob", "amp", "alice"]
    )
    const kinds = r.outcome.decisions.map((d) => `${d.kind}:${d.chooser}`)
    expect(kinds).toEqual(["StartingPlayer:alice", "ChooseEffect:alice", "StartingPlayer:alice"])
  })

  /**
   * 6.5.2: "[...] each player in clockwise order applies their active replacement effects of that
   * type one-by-one until they do not control any more active replacement effects of that type;
   * starting with the selected player and ending when there are no more active replacement
   * effects of that type to apply." The slot ends when no effect of its type is left to apply,
   * not after one pass over the players: an effect of alice's that becomes active only after
   * bob's prevention (6.4.2a, 6.4.6) brings the turn back to alice within the prevention slot.
   */
  it("6.5.2: a prevention that becomes active after the next player's applies is still applied (the slot goes round again)", () => {
    const r = run(
      oneEvent(
        [
          { kind: "preventNext", id: "pa", controller: "alice", amount: 1, to: "bob" },
          { kind: "preventNext", id: "pb", controller: "bob", amount: 2 },
          raw({
            id: "small",
            label: "If bob would be dealt 3 or less damage, prevent 1 of it",
            controller: "alice",
            category: "prevention",
            watch: damageToBob,
            condition: { _tag: "AmountIs", op: "lte", value: 3 },
            action: { _tag: "Prevent", amount: 1, scope: "once" }
          })
        ],
        toBob(5)
      ),
      ["alice"]
    )
    // alice: pa (5 → 4; "small" is not active at 4); bob: pb (4 → 2); "small" is now active and
    // no other prevention is left, so the slot comes back round to alice: 2 → 1
    expect(r.outcome.events.e1?.occurrences["e1-bob"]).toMatchObject({
      applied: ["pa", "pb", "small"],
      amount: 1
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
  })

  /**
   * 6.5.3–6.5.6 are numbered steps ("Second, … Third, … Fourth, … Fifth, the event occurs"):
   * nothing sends the procedure back to a step already done. A standard-replacement that only
   * becomes active after a prevention (6.4.6: "The modified event may cause other replacement
   * effects to be active") does not apply: its slot (6.5.4) has passed.
   */
  it("6.5.4/6.5.5: a standard-replacement made active by a prevention does not apply (its slot has passed)", () => {
    const r = run(
      oneEvent(
        [
          { kind: "preventNext", id: "pb", controller: "bob", amount: 2 },
          raw({
            id: "soft",
            label: "If bob would be dealt 3 or less damage, instead he is dealt that much minus 1",
            controller: "bob",
            category: "standard",
            watch: damageToBob,
            condition: { _tag: "AmountIs", op: "lte", value: 3 },
            action: { _tag: "Modify", op: "add", value: -1 }
          })
        ],
        toBob(5)
      )
    )
    // standard slot: "soft" is not active at 5; prevention slot: 5 → 3; the standard slot is over
    expect(r.outcome.events.e1?.occurrences["e1-bob"]).toMatchObject({ applied: ["pb"], amount: 3 })
  })

  /**
   * 6.5.3: "Self-replacement and Identity-replacement: Second, each player applies any self- or
   * identity- replacement effects they control." 6.5.4: "Standard-replacement: Third, [...]"
   */
  it("6.5.3–6.5.4: bob's self-replacement applies before alice's standard one, whoever starts", () => {
    const r = run(
      oneEvent(
        [modify("std", "alice", "standard", "mul", 2), modify("self", "bob", "self", "add", 1)],
        toBob(1)
      ),
      ["alice"]
    )
    // (1 + 1) × 2 = 4, not 1 × 2 + 1 = 3
    expect(r.outcome.events.e1?.occurrences["e1-bob"]).toMatchObject({
      applied: ["self", "std"],
      amount: 4
    })
  })

  /**
   * 6.5.4: "Standard-replacement: Third, each player applies any active standard-replacement
   * effects they control." 6.5.5: "Prevention: Fourth, each player applies any active prevention
   * effects they control."
   */
  it("6.5.4–6.5.5: Amp (standard) before a prevention even when the prevention's controller starts", () => {
    const r = run(
      oneEvent(
        [
          { kind: "preventNext", id: "p", controller: "bob", amount: 2 },
          { kind: "amp", id: "amp", controller: "alice", amount: 1 }
        ],
        toBob(2, { kinds: ["arcane"] })
      ),
      ["bob"]
    )
    // 2 + 1 = 3, then 2 prevented: 1 dealt
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.events.e1?.occurrences["e1-bob"]?.applied).toEqual(["amp", "p"])
  })

  /**
   * 6.5.5: "Prevention: Fourth, each player applies any active prevention effects they control."
   * With 6.5.2, the selected player's preventions go first: the order changes which shield is
   * spent.
   */
  it("6.5.5: the selected player's prevention applies first (two 2-point shields on 3 damage)", () => {
    const effects: ReadonlyArray<Effect> = [
      { kind: "preventNext", id: "pa", controller: "alice", amount: 2, to: "bob" },
      { kind: "preventNext", id: "pb", controller: "bob", amount: 2 }
    ]
    const damage = toBob(3)
    const aliceFirst = run(oneEvent(effects, damage), ["alice"])
    expect(aliceFirst.outcome.effects.pa?.remaining).toBe(0)
    expect(aliceFirst.outcome.effects.pb?.remaining).toBe(1)
    const bobFirst = run(oneEvent(effects, damage), ["bob"])
    expect(bobFirst.outcome.effects.pa?.remaining).toBe(1)
    expect(bobFirst.outcome.effects.pb?.remaining).toBe(0)
  })

  /**
   * 6.5.6: "Event: Fifth, the event occurs." The damage is dealt after every prevention: the
   * hero loses the final amount of life (8.5.3: "that object loses {h} equal to the damage dealt").
   */
  it("6.5.6: the event occurs with its final amount (life 20 → 18 after 5 − 3)", () => {
    const r = run(oneEvent([{ kind: "preventNext", id: "p", controller: "bob", amount: 3 }], toBob(5)))
    expect(r.outcome.events.e1?.happened).toMatchObject([{ family: "damage", subject: "bob", amount: 2 }])
    expect(r.outcome.state.bob?.life).toBe(18)
  })

  /**
   * 6.5.7: "Outcome-replacement: Sixth, each player applies any active outcome-replacement
   * effects they control." — after the preventions: an outcome "+1" never sees damage that was
   * prevented to 0.
   */
  it("6.5.7: an outcome-replacement applies after prevention (2 prevented to 0 stays 0)", () => {
    const r = run(
      oneEvent(
        [
          modify("out", "alice", "outcome", "add", 1),
          { kind: "preventNext", id: "p", controller: "bob", amount: 2 }
        ],
        toBob(2)
      ),
      ["alice"]
    )
    expect(r.outcome.events.e1?.happened).toEqual([])
    expect(r.outcome.events.e1?.occurrences["e1-bob"]?.applied).toEqual(["p"])
  })

  /**
   * 6.5.8: "Event: Seventh, and finally, the event is complete." Once complete, the event's
   * results stand: a later effect or event does not change it, and the next event starts afresh.
   */
  it("6.5.8: a completed event is final — the next one is resolved on its own", () => {
    const r = run({
      ...base,
      effects: [],
      steps: [
        damage("e1", "S", "bob", 2),
        { addEffects: [{ kind: "preventNextTime", id: "fd", controller: "bob" }] },
        damage("e2", "S", "bob", 2)
      ]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 2 })
    expect(r.outcome.events.e2?.prevented).toEqual({ bob: 2 })
    expect(r.outcome.state.bob?.life).toBe(18)
  })
})

describe("FaB 6.4 replacement effects", () => {
  /**
   * 6.4.1a: "Sub-events occur when the event is replaced, before the original event, and may
   * also be replaced by replacement effects."
   */
  it("6.4.1a: Ward's destruction is a sub-event that happens first — and can itself be replaced", () => {
    const first = run(oneEvent([{ kind: "ward", id: "ward", source: "helm", amount: 1 }], toBob(3)))
    expect(first.outcome.events.e1?.happened.map((h) => h.family)).toEqual(["destroy", "damage"])
    const saved = run(
      oneEvent(
        [
          { kind: "ward", id: "ward", source: "helm", amount: 1 },
          raw({
            id: "save",
            label: "If the helm would be destroyed, instead it isn't",
            controller: "bob",
            category: "standard",
            watch: { family: "destroy", subject: { _tag: "Id", ids: ["helm"] } },
            action: { _tag: "Replace", with: [] }
          })
        ],
        toBob(3)
      )
    )
    expect(saved.outcome.state.helm?.zone).toBe("arena")
    expect(saved.outcome.events.e1?.dealt).toEqual({ bob: 2 })
  })

  /**
   * 6.4.2a: "The condition of replacement and any variable values are determined each time a
   * replacement effect could be applied to an event."
   */
  it("6.4.2a: 'if 3 or more damage' is checked after Amp made 2 into 3", () => {
    const r = run(
      oneEvent(
        [
          { kind: "amp", id: "amp", controller: "alice", amount: 1 },
          raw({
            id: "big",
            label: "If you would be dealt 3 or more damage, prevent 1 of it",
            controller: "bob",
            category: "prevention",
            watch: damageToBob,
            condition: { _tag: "AmountIs", op: "gte", value: 3 },
            action: { _tag: "Prevent", amount: 1, scope: "perEvent" }
          })
        ],
        toBob(2, { kinds: ["arcane"] })
      ),
      ["alice"]
    )
    expect(r.outcome.events.e1?.occurrences["e1-bob"]).toMatchObject({
      applied: ["amp", "big"],
      amount: 2
    })
  })

  /**
   * 6.4.3: "A replacement effect must exist before an event occurs to replace it. If a replacement
   * effect is generated after an event occurs, it does not retroactively replace that event."
   */
  it("6.4.3: an effect created after an event does not change it", () => {
    const r = run({
      ...base,
      effects: [],
      steps: [
        damage("e1", "S", "bob", 3),
        { addEffects: [{ kind: "preventNext", id: "late", controller: "bob", amount: 5 }] }
      ]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
    expect(r.outcome.effects.late).toMatchObject({ remaining: 5, uses: 0 })
  })

  /**
   * 6.4.5: "A replacement effect can only replace an event once per original event." Arcane
   * Barrier 1 is never used up, yet it prevents only 1 of a 3-arcane event.
   */
  it("6.4.5: a never-used-up static prevention applies once to an event (Arcane Barrier 1 on 3)", () => {
    const r = run(
      oneEvent(
        [{ kind: "arcaneBarrier", id: "barrier", source: "helm", amount: 1 }],
        toBob(3, { kinds: ["arcane"] })
      ),
      [true]
    )
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 2 })
    expect(r.outcome.effects.barrier).toMatchObject({ uses: 1, gone: false })
  })
})
