/**
 * Regression (found by scenario fuzzing): an id that names a property of `Object.prototype`
 * ("constructor", "toString", …) is an unknown card, reported with its path.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Scenario } from "../src/index.js"

describe("ids that are Object.prototype names", () => {
  it.each(["constructor", "toString", "hasOwnProperty"])("%s is an unknown card", (id) => {
    const r = Scenario.compile({
      players: { active: "a", inactive: "b" },
      cards: { orc: { controller: "b", type: "creature", life: 3 } },
      steps: [{ attack: { id: "a1", kind: "strike", strength: 2, to: id } }]
    })
    expect(Result.isFailure(r) && r.failure.reason).toMatch(/unknown card/)
  })
})
