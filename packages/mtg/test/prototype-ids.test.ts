/**
 * Regression (found by scenario fuzzing): an id that names a property of `Object.prototype`
 * ("constructor", "toString", …) is an unknown id, reported with its path — it used to pass the
 * id check, because `view.objects["constructor"]` is not `undefined`.
 */

import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

describe("ids that are Object.prototype names", () => {
  it.each(["constructor", "toString", "hasOwnProperty"])("%s is an unknown id", (id) => {
    const r = Skeleton.compileData(ruleset.language ?? ({ effects: {} } as never), {
      players: ["ap", "nap"],
      effects: [{ kind: "shield", id: "s", controller: "nap", to: id, amount: 2 }]
    })
    expect(Result.isFailure(r) && r.failure.path).toBe("effects[0].to")
  })
})
