import { fileURLToPath } from "node:url"
import { checkDirectory } from "@bulwark/scenario/node"
import { assert, describe, it } from "@effect/vitest"
import { Predicate } from "effect"
import { Duel } from "../src/index.js"

/** Every scenario file under scenarios/ passes, exactly as `bulwark check` runs it. */
describe("scenarios/", () => {
  const results = checkDirectory(fileURLToPath(new URL("../scenarios", import.meta.url)), [Duel.ruleset])

  it("has scenario files", () => {
    assert.isAbove(results.length, 0)
  })

  for (const r of results) {
    it(r.file.replace(/^.*scenarios\//, ""), () => {
      if (Predicate.isTagged(r, "Invalid")) assert.fail(r.error.message)
      else assert.deepStrictEqual(r.result.mismatches, [])
    })
  }
})
