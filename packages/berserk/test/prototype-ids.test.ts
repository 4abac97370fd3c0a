/**
 * Regression (found by scenario fuzzing): an id that names a property of `Object.prototype`
 * ("constructor", "toString", …) is an unknown card, reported with its path.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { compile2 } from "./helpers.js"

describe("ids that are Object.prototype names", () => {
  it.each(["constructor", "toString", "hasOwnProperty"])("%s is an unknown card", (id) => {
    const r = compile2({
      players: ["a", "b"],
      objects: [{ id: "orc", controller: "b", types: ["creature"], life: 3 }],
      steps: [{ attack: { id: "a1", kind: "strike", strength: 2, to: id } }]
    })
    expect(Result.isFailure(r) && r.failure.reason).toMatch(/unknown card/)
  })
})
