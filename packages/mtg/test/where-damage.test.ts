/**
 * Issue 29, point 11: "MTG damage where the rules put it". Damage is dealt only to players,
 * creatures, planeswalkers and battles (CR 120.1a), and the damage marked on a permanent is
 * removed in the cleanup step (120.6, 514.2), which `advance: endOfTurn` passes, as "this turn"
 * effects end there (MTG-30). Each test quotes its rule; the mutants at the end show the
 * expectations fail against the behaviour before issue 29.
 */
import { Chooser, Ruleset } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Game, Rules } from "../src/index.js"
import { compile, creature, mismatches, run, spell } from "./helpers.js"

const players = ["ap", "nap"]
const bolt = (to: string, amount = 2, id = "e") => ({
  event: { id, occurrences: [{ id: "d", source: "bolt", to, amount }] }
})
const rock = { id: "rock", controller: "nap", types: ["Artifact"], name: "Mind Stone" }
const aura = { id: "aura", controller: "nap", types: ["Enchantment"] }

describe("CR 120.1a: damage can be dealt only to players, battles, creatures and planeswalkers", () => {
  /**
   * CR 120.1a: "Damage can't be dealt to an object that's not a battle, a creature, or a
   * planeswalker." 2 damage to a noncreature artifact: the occurrence fails, nothing is dealt,
   * nothing is reported dealt, and the artifact has no damage marked. Before issue 29 the damage
   * was dealt (`dealt: { rock: 2 }`).
   */
  it("to a noncreature artifact: the occurrence fails, nothing dealt or reported", () => {
    const r = run({ players, objects: [rock, spell("bolt", "ap")], steps: [bolt("rock")] })
    const e = r.outcome.events["e"]
    expect(e?.occurrences["d"]).toMatchObject({ status: "failed", amount: 0 })
    expect(e?.dealt).toEqual({})
    expect(e?.happened).toEqual([])
    expect(r.outcome.state["rock"]?.["damage"]).toBeUndefined()
  })

  /** The same for an enchantment; and no prevention effect is used on damage that can't be dealt. */
  it("to an enchantment: fails, and a shield on it stays unused", () => {
    const r = run({
      players,
      objects: [aura, spell("bolt", "ap")],
      effects: [{ kind: "shield", id: "s", controller: "nap", to: "aura", amount: 2 }],
      steps: [bolt("aura")]
    })
    expect(r.outcome.events["e"]?.occurrences["d"]?.status).toBe("failed")
    expect(r.outcome.effects["s"]).toMatchObject({ uses: 0, remaining: 2 })
  })

  /** An artifact creature is a creature: damage is dealt to it; so is a planeswalker, a battle, a player. */
  it("an artifact creature, a planeswalker, a battle and a player are dealt damage", () => {
    const r = run({
      players,
      objects: [
        creature("golem", "nap", { types: ["Artifact", "Creature"], toughness: 4 }),
        { id: "pw", controller: "nap", types: ["Planeswalker"], loyalty: 5 },
        { id: "siege", controller: "nap", types: ["Battle"], defense: 5 },
        spell("bolt", "ap")
      ],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "d1", source: "bolt", to: "golem", amount: 1 },
              { id: "d2", source: "bolt", to: "pw", amount: 1 },
              { id: "d3", source: "bolt", to: "siege", amount: 1 },
              { id: "d4", source: "bolt", to: "nap", amount: 1 }
            ]
          }
        }
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ golem: 1, pw: 1, siege: 1, nap: 1 })
  })

  /** Simultaneous damage: the part to the artifact fails, the part to the creature is dealt. */
  it("one event to an artifact and a creature: only the creature is dealt damage", () => {
    const r = run({
      players,
      objects: [rock, creature("bear", "nap"), spell("bolt", "ap")],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "d1", source: "bolt", to: "rock", amount: 2 },
              { id: "d2", source: "bolt", to: "bear", amount: 2 }
            ]
          }
        }
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ bear: 2 })
    expect(Game.damageFails).toBeTypeOf("function")
  })
})

describe("CR 120.6, 514.2: marked damage is removed in the cleanup step", () => {
  /**
   * CR 120.6: "Damage marked on a creature remains until the cleanup step, even if that permanent
   * stops being a creature." CR 514.2: "Second, the following actions happen simultaneously: all
   * damage marked on permanents (including phased-out permanents) is removed and all "until end
   * of turn" and "this turn" effects end." A 3/3 dealt 2: 2 marked; `advance: endOfTurn` passes
   * the cleanup step: 0 marked, and a "this turn" effect has ended. Before issue 29 the damage
   * stayed marked after the turn's end.
   */
  it("a 3/3 dealt 2: marked until the turn ends, removed at cleanup as the turn's effects end", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { power: 3, toughness: 3 }), spell("bolt", "ap")],
      effects: [{ kind: "shield", id: "s", controller: "nap", to: "nap", amount: 1, duration: "endOfTurn" }],
      steps: [bolt("bear"), { advance: "endOfTurn" }]
    })
    expect(r.outcome.state["bear"]).toMatchObject({ zone: "battlefield", damage: 0 })
    expect(r.outcome.effects["s"]).toMatchObject({ gone: true })
  })

  /** 120.6: the damage remains until then — a second 1 later in the turn is lethal (2 + 1 ≥ 3). */
  it("before the cleanup the damage remains: 2 then 1 on a 3/3 is lethal", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { power: 3, toughness: 3 }), spell("bolt", "ap")],
      steps: [bolt("bear"), bolt("bear", 1, "e2"), { stateBasedActions: true }]
    })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("graveyard")
  })

  /** After the cleanup, 1 more damage the next turn is not lethal: the 2 from before is gone. */
  it("after the cleanup: 2, the turn ends, then 1 on a 3/3 — it survives with 1 marked", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { power: 3, toughness: 3 }), spell("bolt", "ap")],
      steps: [bolt("bear"), { advance: "endOfTurn" }, bolt("bear", 1, "e2"), { stateBasedActions: true }]
    })
    expect(r.outcome.state["bear"]).toMatchObject({ zone: "battlefield", damage: 1 })
  })

  /** Only the turn's end is the cleanup step: the end of combat leaves the damage marked. */
  it("endOfCombat is not the cleanup step: the damage stays", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { power: 3, toughness: 3 }), spell("bolt", "ap")],
      steps: [bolt("bear"), { advance: "endOfCombat" }]
    })
    expect(r.outcome.state["bear"]?.["damage"]).toBe(2)
  })
})

describe("mutants: the behaviour before issue 29 fails these expectations", () => {
  /** Mutant: `fails` without 120.1a — the artifact is dealt 2. */
  it("without 120.1a the artifact is dealt damage", () => {
    const c = compile({ players, objects: [rock, spell("bolt", "ap")], steps: [bolt("rock")] })
    const r = Ruleset.run({ ...Rules.rules, fails: Game.sbaFails }, c, Chooser.firstLegal)
    expect(mismatches(r, { events: { e: { dealt: {} } } })).not.toBe("")
  })

  /** Mutant: the turn's end without the cleanup's damage removal — the 2 stays marked. */
  it("without the cleanup the damage stays", () => {
    const c = compile({
      players,
      objects: [creature("bear", "nap", { power: 3, toughness: 3 }), spell("bolt", "ap")],
      steps: [bolt("bear"), { advance: "endOfTurn" }]
    })
    const steps = c.steps.filter((st) => !(st._tag === "Update" && st.label.startsWith("cleanup step")))
    expect(steps.length).toBe(c.steps.length - 1)
    const r = Ruleset.run(Rules.rules, { ...c, steps }, Chooser.firstLegal)
    expect(mismatches(r, { state: { bear: { damage: 0 } } })).not.toBe("")
  })
})
