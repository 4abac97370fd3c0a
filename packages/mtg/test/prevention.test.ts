/** CR 615: prevention effects, each test quoting the rule it checks. */
import { describe, expect, it } from "@effect/vitest"
import { creature, mismatches, run, shieldedFromTwo, spell } from "./helpers.js"

const players = ["ap", "nap"]

describe("CR 615 prevention", () => {
  /**
   * CR 615.7: "If damage would be dealt to the shielded permanent or player by two or more
   * applicable sources at the same time, the player or the controller of the permanent chooses
   * which damage the shield prevents. Once the shield has been reduced to 0, any remaining
   * damage is dealt normally."
   */
  it("615.7: the shielded creature's controller divides the shield; the rest is dealt", () => {
    const r = run(shieldedFromTwo({ shield: 3, x: 3, y: 2, toughness: 9 }), { decisions: [{ x: 1, y: 2 }] })
    expect(r.outcome.decisions[0]).toMatchObject({ kind: "Allocate", chooser: "nap", rule: "MTG CR 615.7" })
    // 3 + 2 = 5 damage, 3 prevented: 2 from X and 0 from Y are dealt
    expect(r.outcome.events["e"]?.dealt).toEqual({ B: 2 })
    expect(r.outcome.effects["s"]?.remaining).toBe(0)
  })

  /**
   * CR 615.7: "Such effects count only the amount of damage; the number of events or sources
   * dealing it doesn't matter." A shield larger than the damage needs no decision.
   */
  it("615.7: a shield that covers everything asks nothing and keeps its remainder", () => {
    const r = run(shieldedFromTwo({ shield: 5, x: 2, y: 2 }))
    expect(r.outcome.decisions).toEqual([])
    expect(r.outcome.events["e"]?.dealt).toEqual({})
    expect(r.outcome.effects["s"]?.remaining).toBe(1)
  })

  /**
   * CR 615.8: "These effects prevent the next instance of damage from that source, regardless of
   * how much damage that is. Once an instance of damage from that source has been prevented, any
   * subsequent instances of damage that would be dealt by that source are dealt normally."
   */
  it("615.8: the next instance from a source, whatever its size, then used up", () => {
    const r = run({
      players,
      objects: [creature("S", "ap", { power: 9 }), creature("other", "ap")],
      effects: [{ kind: "preventNextFrom", id: "n", controller: "nap", from: "S", to: "nap" }],
      steps: [
        {
          event: {
            id: "e1",
            occurrences: [
              { id: "o", source: "other", to: "nap", amount: 1 },
              { id: "s", source: "S", to: "nap", amount: 9 }
            ]
          }
        },
        { event: { id: "e2", occurrences: [{ id: "s2", source: "S", to: "nap", amount: 4 }] } }
      ]
    })
    expect(r.outcome.events["e1"]?.dealt).toEqual({ nap: 1 })
    expect(r.outcome.events["e2"]?.dealt).toEqual({ nap: 4 })
    expect(r.outcome.state["nap"]?.["life"]).toBe(15)
  })

  /**
   * CR 615.9: "When the source would deal damage, the shield rechecks the source's properties.
   * If the properties no longer match, the damage isn't prevented or replaced and the shield
   * isn't used up."
   */
  it("615.9: a chosen red source that turned blue is not prevented and the shield stays", () => {
    const r = run({
      players,
      objects: [creature("S", "ap", { colors: ["red"], power: 3 })],
      effects: [
        {
          kind: "preventNextFrom",
          id: "cop",
          controller: "nap",
          from: "S",
          to: "nap",
          properties: { colors: ["red"] }
        }
      ],
      steps: [
        { update: { object: "S", set: { colors: ["blue"] } } },
        { event: { id: "blue", occurrences: [{ id: "b", source: "S", to: "nap", amount: 3 }] } },
        { update: { object: "S", set: { colors: ["red"] } } },
        { event: { id: "red", occurrences: [{ id: "r", source: "S", to: "nap", amount: 3 }] } }
      ]
    })
    expect(r.outcome.events["blue"]?.dealt).toEqual({ nap: 3 })
    expect(r.outcome.events["red"]?.dealt).toEqual({})
    expect(r.outcome.effects["cop"]).toMatchObject({ spent: true, uses: 1 })
  })

  /**
   * CR 615.10: "Such an effect prevents only the indicated amount of damage in any applicable
   * damage event at any given time. It will apply separately to damage from other applicable
   * events that would happen at the same time, or at a different time."
   */
  it("615.10: a static 'prevent 1' applies to each event and is never used up", () => {
    const r = run({
      players,
      objects: [spell("a", "ap"), spell("b", "ap")],
      effects: [{ kind: "preventEach", id: "p1", controller: "nap", amount: 1, to: "nap" }],
      steps: [
        {
          event: {
            id: "e1",
            occurrences: [
              { id: "a", source: "a", to: "nap", amount: 3 },
              { id: "b", source: "b", to: "nap", amount: 3 }
            ]
          }
        },
        { event: { id: "e2", occurrences: [{ id: "c", source: "a", to: "nap", amount: 1 }] } }
      ]
    })
    expect(r.outcome.events["e1"]?.dealt).toEqual({ nap: 4 })
    expect(r.outcome.events["e2"]?.dealt).toEqual({})
    expect(r.outcome.effects["p1"]).toMatchObject({ spent: false, remaining: null })
  })

  /**
   * CR 615.11: "Such an effect creates a prevention shield for each applicable creature when the
   * spell or ability that generates that effect resolves."
   */
  it("615.11: shields are made for the creatures sharing a colour at resolution", () => {
    const r = run({
      players,
      objects: [
        creature("T", "ap", { colors: ["white", "blue"] }),
        creature("U", "nap", { colors: ["blue"] }),
        creature("G", "nap", { colors: ["green"] })
      ],
      steps: [
        {
          addEffects: [
            { kind: "shieldEach", id: "w", controller: "ap", amount: 1, to: "T", sharingColor: true }
          ]
        }
      ]
    })
    expect(Object.keys(r.outcome.effects).sort()).toEqual(["w:T", "w:U"])
  })

  /**
   * CR 615.12: "Those effects won't prevent any damage, but any additional effects they have will
   * take place. Existing damage prevention shields won't be reduced by damage that can't be
   * prevented."
   */
  it("615.12: unpreventable damage keeps the shield and still runs the additional effect", () => {
    const r = run({
      players,
      objects: [spell("s", "ap")],
      effects: [
        {
          kind: "shield",
          id: "s",
          controller: "nap",
          to: "nap",
          amount: 2,
          additional: [{ family: "lifeGain", subject: "controller", amount: 1 }]
        }
      ],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [{ id: "d", source: "s", to: "nap", amount: 3, unpreventable: true }]
          }
        }
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ nap: 3 })
    expect(r.outcome.effects["s"]?.remaining).toBe(2)
    expect(r.outcome.state["nap"]?.["life"]).toBe(18) // 20 − 3 + 1
  })

  /**
   * CR 615.12a: "A prevention effect is applied to any particular unpreventable damage event
   * just once. It won't invoke itself repeatedly trying to prevent that damage."
   */
  it("615.12a: applied once to unpreventable damage", () => {
    const r = run({
      players,
      objects: [creature("c", "nap", { toughness: 0, counters: { "+1/+1": 3 } }), spell("s", "ap")],
      effects: [
        {
          kind: "preventEach",
          id: "phantom",
          controller: "nap",
          source: "c",
          amount: "all",
          to: "c",
          additional: [{ family: "removeCounters", subject: "self", amount: 1, params: { counter: "+1/+1" } }]
        }
      ],
      steps: [
        {
          event: { id: "e", occurrences: [{ id: "d", source: "s", to: "c", amount: 2, unpreventable: true }] }
        }
      ]
    })
    expect(r.outcome.effects["phantom"]?.uses).toBe(1)
    expect(r.outcome.state["c"]?.["plus1Counters"]).toBe(2)
  })

  /**
   * CR 615.5: "Some prevention effects also include an additional effect, which may refer to the
   * amount of damage that was prevented. … the rest of the effect takes place immediately
   * afterward."
   */
  it("615.5: 'gain life equal to the damage prevented this way'", () => {
    const r = run({
      players,
      objects: [creature("A", "ap", { power: 4 })],
      effects: [{ kind: "preventNextFrom", id: "awe", controller: "nap", from: "A", gainLife: true }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "A", to: "nap", amount: 4 }] } }]
    })
    expect(r.outcome.state["nap"]?.["life"]).toBe(24)
  })

  /**
   * CR 615.13: "Such an ability triggers each time a prevention effect is applied to one or more
   * simultaneous damage events and prevents some or all of that damage."
   */
  it("615.13: one notification per application, not per damage instance", () => {
    const r = run(shieldedFromTwo({ shield: 10, x: 2, y: 3, toughness: 9 }))
    expect(r.outcome.events["e"]?.notifications).toEqual([{ effect: "s", amount: 5 }])
  })

  /**
   * CR 615.10 with "prevent all": "Prevent all damage that would be dealt to [it]" is its own
   * variant, not a large shield: it has no remainder and prevents any amount.
   */
  it("prevent all is a variant of its own, never a number", () => {
    const r = run({
      players,
      objects: [spell("s", "ap")],
      effects: [{ kind: "preventEach", id: "fog", controller: "nap", amount: "all", to: "nap" }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "nap", amount: 1000000 }] } }]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({})
    expect(r.outcome.effects["fog"]).toEqual({ remaining: null, uses: 1, spent: false, gone: false })
    expect(mismatches(r, { state: { nap: { life: 20 } } })).toBe("")
  })
})
