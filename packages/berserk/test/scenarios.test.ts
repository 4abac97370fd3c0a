/**
 * Every scenario file of this package (the public BSK-* conformance cases and our own) must load
 * and match its `expect:` block. Each file quotes the rule it checks in its header comment.
 */
import { fileURLToPath } from "node:url"
import { Expect } from "@bulwark/core"
import { checkDirectory } from "@bulwark/scenario/node"
import { describe, expect, it } from "@effect/vitest"
import { ruleset } from "../src/index.js"

const dir = fileURLToPath(new URL("../scenarios", import.meta.url))
const results = checkDirectory(dir, [ruleset])

describe("scenario files", () => {
  it("include every public conformance case BSK-01..BSK-08", () => {
    const names = results.map((r) => r.file.split("/").pop())
    for (const n of ["01", "02", "03", "04", "05", "06", "07", "08"]) expect(names).toContain(`BSK-${n}.yaml`)
  })

  for (const r of results) {
    it(r.file.split("/").pop() ?? r.file, () => {
      if (r._tag === "Invalid") expect.fail(r.error.message)
      else expect(Expect.render(r.result.mismatches)).toBe("")
    })
  }
})
