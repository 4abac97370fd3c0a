/**
 * Riftbound's game actions have no number: 428.1 "Killing is the action of a Permanent going to
 * the trash from the board."; 418.1 "Damage being cleared from Units is Healing." An `event`
 * occurrence of `die`, `heal`, `exhaust`, `recall` or `stun` that names no `amount` happens once
 * (the language's `amountless` families, read by the skeleton). Before: the skeleton's default
 * amount 0 made a kill written without `amount` `zero`, and the unit silently stayed on the board.
 */
import { Chooser, type Language, Ruleset } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Rules, ruleset, Scenario } from "../src/index.js"

const run = (steps: ReadonlyArray<unknown>, language: Language.Language = Scenario.language) => {
  const c = Skeleton.compileData(language, {
    format: 2,
    ruleset: "riftbound",
    players: ["A", "B"],
    turn: "A",
    objects: [
      { id: "U", controller: "B", types: ["unit"], might: 3, damage: 1 },
      { id: "V", controller: "B", types: ["unit"], might: 3 }
    ],
    steps
  })
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return Ruleset.run(ruleset.rules, c.success, Chooser.firstLegal)
}

const steps = [
  { event: { id: "k", family: "die", occurrences: [{ id: "k", to: "V" }] } },
  { event: { id: "h", family: "heal", occurrences: [{ id: "h", to: "U" }] } }
]

describe("Riftbound game actions written without an amount (428.1, 418.1)", () => {
  it("428.1: a kill that names no amount happens: the unit goes to the trash; 418.1: a heal clears the damage", () => {
    const r = run(steps)
    expect(r.outcome.events["k"]?.occurrences["k"]).toMatchObject({
      family: "die",
      status: "happened",
      amount: 1
    })
    expect(r.outcome.events["h"]?.occurrences["h"]).toMatchObject({ family: "heal", status: "happened" })
    expect(r.outcome.state["V"]).toMatchObject({ zone: "trash" })
    expect(r.outcome.state["U"]).toMatchObject({ damage: 0 })
  })

  it("every game action of Rules.Family is amountless, damage is not", () => {
    expect([...(Scenario.language.amountless ?? [])].sort()).toEqual(Object.values(Rules.Family).sort())
    expect(Scenario.language.amountless).not.toContain("damage")
  })

  it("mutant: without `amountless` the kill written without amount is 0 and the unit stays on the board", () => {
    const { amountless: _, ...without } = Scenario.language
    const r = run(steps, without)
    expect(r.outcome.events["k"]?.occurrences["k"]?.status).toBe("zero")
    expect(r.outcome.state["V"]).toMatchObject({ zone: "board" })
  })
})
