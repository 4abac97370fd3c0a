import { Chooser, Expect, Ruleset } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { Duel } from "../src/index.js"

const base = {
  players: ["alice", "bob"],
  active: "alice",
  units: [
    { id: "knight", controller: "alice", health: 5 },
    { id: "ogre", controller: "bob", health: 4 }
  ]
}

const scenario = (extra: object): Duel.DuelScenario =>
  Schema.decodeUnknownSync(Duel.DuelScenario)({ ...base, effects: [], attacks: [], ...extra })

const runWith = (s: Duel.DuelScenario, chooser: ReturnType<typeof Chooser.scripted>) => {
  const compiled = Duel.ruleset.compile(s)
  if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
  return Ruleset.run(Duel.ruleset.rules, compiled.success, chooser)
}

describe("Duel", () => {
  /**
   * Duel 3.1: "Shield N: prevent the next N damage that would be dealt to this unit."
   * Duel 4.3: "the shielded unit's controller divides". Shield 3 against two simultaneous hits
   * of 2: bob splits the 3 points 2 + 1, so 1 damage is dealt and the shield is used up.
   */
  it("a shield is divided by the shielded unit's controller across one attack", () => {
    const r = runWith(
      scenario({
        effects: [{ id: "s", kind: "shield", unit: "ogre", amount: 3 }],
        attacks: [
          {
            id: "a1",
            hits: [
              { from: "knight", to: "ogre", amount: 2 },
              { from: "knight", to: "ogre", amount: 2 }
            ]
          }
        ]
      }),
      Chooser.scripted([{ "a1.1": 2, "a1.2": 1 }])
    )
    const mismatches = Expect.outcome(
      {
        events: { a1: { dealt: { ogre: 1 }, prevented: { ogre: 3 } } },
        effects: { s: { remaining: 0, gone: true } },
        decisions: [{ kind: "Allocate", chooser: "bob" }],
        state: { ogre: { health: 3, zone: "board" } }
      },
      r.outcome
    )
    assert.deepStrictEqual(mismatches, [])
  })

  /**
   * Duel 3.2: "Armor N: prevent N of each damage that would be dealt to this unit." Armor 1
   * against hits of 2 and 3 prevents 1 of each: 1 + 2 = 3 dealt, and the armor stays.
   */
  it("armor prevents N of each hit and is never used up", () => {
    const r = runWith(
      scenario({
        effects: [{ id: "plate", kind: "armor", unit: "knight", amount: 1 }],
        attacks: [
          {
            id: "a1",
            hits: [
              { from: "ogre", to: "knight", amount: 2 },
              { from: "ogre", to: "knight", amount: 3 }
            ]
          }
        ]
      }),
      Chooser.scripted([])
    )
    assert.deepStrictEqual(r.outcome.events["a1"]?.dealt, { knight: 3 })
    assert.deepStrictEqual(r.outcome.effects["plate"], {
      remaining: null,
      uses: 1,
      spent: false,
      gone: false
    })
    assert.strictEqual(r.outcome.state["knight"]?.["health"], 2)
  })

  /**
   * Duel 3.3: "Rage N: damage this unit would deal is increased by N." Duel 4.2: "modifiers apply
   * first". Rage 2 and Armor 1 on a hit of 1: modifiers first gives (1 + 2) − 1 = 2 dealt; armor
   * first would bring the hit to 0, and damage at 0 does not happen (so 0 would be dealt).
   */
  it("modifiers apply before preventions", () => {
    const r = runWith(
      scenario({
        effects: [
          { id: "plate", kind: "armor", unit: "knight", amount: 1 },
          { id: "fury", kind: "rage", unit: "ogre", amount: 2 }
        ],
        attacks: [{ id: "a1", hits: [{ from: "ogre", to: "knight", amount: 1 }] }]
      }),
      Chooser.scripted([])
    )
    assert.deepStrictEqual(r.outcome.events["a1"]?.dealt, { knight: 2 })
    assert.deepStrictEqual(r.outcome.events["a1"]?.occurrences["a1.1"]?.applied, ["fury", "plate"])
  })

  /** Duel 5: "a unit whose health reaches 0 is destroyed." Health 4 takes 4: it goes to the discard. */
  it("a unit at 0 health is destroyed", () => {
    const r = runWith(
      scenario({ attacks: [{ id: "a1", hits: [{ from: "knight", to: "ogre", amount: 4 }] }] }),
      Chooser.scripted([])
    )
    assert.deepStrictEqual(r.outcome.state["ogre"], { health: 0, zone: "discard", controller: "bob" })
  })

  it("compile names the path of an unknown unit", () => {
    const r = Duel.ruleset.compile(
      scenario({ attacks: [{ id: "a1", hits: [{ from: "knight", to: "dragon", amount: 1 }] }] })
    )
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) assert.strictEqual(r.failure.path, "attacks[0].hits[0].to")
  })
})
