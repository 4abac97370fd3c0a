import { Chooser, Errors, Expect, Ruleset } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Duel } from "../src/index.js"

/** A format-2 scenario written as data: the two units, then the test's effects and steps. */
const scenario = (extra: object) => ({
  players: ["alice", "bob"],
  turn: "alice",
  objects: [
    { id: "knight", controller: "alice", health: 5 },
    { id: "ogre", controller: "bob", health: 4 }
  ],
  ...extra
})

const runWith = (data: Record<string, unknown>, chooser: ReturnType<typeof Chooser.scripted>) => {
  const compiled = Skeleton.compileData(Duel.language, data)
  if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
  return Ruleset.run(Duel.ruleset.rules, compiled.success, chooser)
}

/** An attack: one event whose hits (`[from, to, amount]`) are simultaneous. */
const attack = (id: string, hits: ReadonlyArray<readonly [string, string, number]>) => ({
  event: {
    id,
    occurrences: hits.map(([from, to, amount], j) => ({ id: `${id}.${j + 1}`, source: from, to, amount }))
  }
})

describe("Duel", () => {
  /**
   * Duel 3.1: "Shield N: prevent the next N damage that would be dealt to this unit."
   * Duel 4.3: "the shielded unit's controller divides". Shield 3 against two simultaneous hits
   * of 2: bob splits the 3 points 2 + 1, so 1 damage is dealt and the shield is used up.
   */
  it("a shield is divided by the shielded unit's controller across one attack", () => {
    const r = runWith(
      scenario({
        effects: [{ kind: "shield", id: "s", controller: "bob", to: "ogre", amount: 3 }],
        steps: [
          attack("a1", [
            ["knight", "ogre", 2],
            ["knight", "ogre", 2]
          ])
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
        effects: [{ kind: "armor", id: "plate", controller: "alice", to: "knight", amount: 1 }],
        steps: [
          attack("a1", [
            ["ogre", "knight", 2],
            ["ogre", "knight", 3]
          ])
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
          { kind: "armor", id: "plate", controller: "alice", to: "knight", amount: 1 },
          { kind: "rage", id: "fury", controller: "bob", to: "ogre", amount: 2 }
        ],
        steps: [attack("a1", [["ogre", "knight", 1]])]
      }),
      Chooser.scripted([])
    )
    assert.deepStrictEqual(r.outcome.events["a1"]?.dealt, { knight: 2 })
    assert.deepStrictEqual(r.outcome.events["a1"]?.occurrences["a1.1"]?.applied, ["fury", "plate"])
  })

  /** Duel 5: "a unit whose health reaches 0 is destroyed." Health 4 takes 4: it goes to the discard. */
  it("a unit at 0 health is destroyed", () => {
    const r = runWith(scenario({ steps: [attack("a1", [["knight", "ogre", 4]])] }), Chooser.scripted([]))
    const ogre = r.outcome.state["ogre"]
    assert.deepStrictEqual([ogre?.["health"], ogre?.["zone"]], [0, "discard"])
  })

  it("the skeleton names the path of an unknown unit, with a did-you-mean", () => {
    const r = Skeleton.compileData(
      Duel.language,
      scenario({ steps: [attack("a1", [["knight", "orge", 1]])] })
    )
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) {
      assert.strictEqual(r.failure.path, "steps[0].event.occurrences[0].to")
      assert.include(r.failure.reason, 'did you mean "ogre"')
    }
  })

  /** Issue 16, point 2: every `kind:` a Duel file can name is the constructor of the same name. */
  it("every effect kind is built by the exported constructor of the same name", () => {
    const exported: Record<string, unknown> = { ...Duel }
    for (const [kind, k] of Object.entries(Duel.language.effects))
      assert.strictEqual(k.make, exported[kind], kind)
    assert.deepStrictEqual(Object.keys(Duel.language.effects), ["shield", "armor", "rage"])
  })

  /** Duel 3.3 says "increased by N": Rage needs a number, and its constructor refuses `all`. */
  it("rage refuses amount all with a typed error", () => {
    assert.throws(
      () => Duel.rage({ id: "r", controller: "bob", to: "ogre", amount: "all" }),
      Errors.InvalidEffect
    )
  })
})
