/**
 * Every scenario file of the package, through `@bulwark/scenario` (the same path as
 * `bulwark check packages/fab/scenarios`), and the public conformance cases FAB-01..FAB-11 are
 * all there.
 */
import { readdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Expect } from "@bulwark/core"
import { checkDirectory } from "@bulwark/scenario/node"
import { describe, expect, it } from "@effect/vitest"
import { ruleset } from "../src/index.js"

const dir = fileURLToPath(new URL("../scenarios", import.meta.url))

describe("scenario files", () => {
  const results = checkDirectory(dir, [ruleset])

  it("has a file for each public case FAB-01 … FAB-11", () => {
    const files = readdirSync(dir)
    for (let i = 1; i <= 11; i++) {
      const id = `FAB-${String(i).padStart(2, "0")}`
      expect(
        files.some((f) => f.startsWith(id)),
        id
      ).toBe(true)
    }
  })

  for (const r of results) {
    it(r.file.slice(dir.length + 1), () => {
      if (r._tag === "Invalid") expect.fail(r.error.message)
      else expect(Expect.render(r.result.mismatches)).toBe("")
    })
  }
})
