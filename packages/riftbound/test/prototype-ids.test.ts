/**
 * Regression (found by scenario fuzzing): an id that names a property of `Object.prototype`
 * ("constructor", "hasOwnProperty", …) is an unknown unit, reported with its path — as a combat
 * attacker it used to pass the check and crash the run ("reading 'might'").
 */
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Scenario } from "../src/index.js"

describe("ids that are Object.prototype names", () => {
  it.each(["constructor", "toString", "hasOwnProperty"])("%s is an unknown unit", (id) => {
    const r = Skeleton.compileData(Scenario.language, {
      players: ["A", "B"],
      objects: [
        { id: "X", controller: "A", types: ["unit"], might: 3 },
        { id: "U", controller: "B", types: ["unit"], might: 2 }
      ],
      steps: [{ combat: { id: "c1", attackers: [id], assign: { U: 2 } } }]
    })
    expect(Result.isFailure(r) && r.failure.path).toBe("steps[0].combat.attackers")
  })
})
