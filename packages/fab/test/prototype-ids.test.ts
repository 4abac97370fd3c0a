/**
 * Regression (found by scenario fuzzing): an id that names a property of `Object.prototype`
 * ("constructor", "toString", …) is an unknown id, reported with its path — it used to pass the
 * id check and crash the compiler ("Cannot read properties of undefined (reading 'life')").
 */
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Scenario } from "../src/index.js"
import { damage } from "./helpers.js"

describe("ids that are Object.prototype names", () => {
  it.each(["constructor", "toString", "hasOwnProperty"])("%s is an unknown id", (id) => {
    const r = Skeleton.compileData(Scenario.language, {
      players: ["alice", "bob"],
      objects: [{ id: "S", controller: "alice", zone: "stack", types: ["action"] }],
      steps: [damage("e1", "S", id, 2)]
    })
    expect(Result.isFailure(r) && r.failure.reason).toMatch(/unknown id/)
  })
})
