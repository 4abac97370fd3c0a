/**
 * Every scenario file of the package, through `@bulwark/scenario` (the same check as
 * `bulwark check packages/mtg/scenarios`), and a file for each public conformance case
 * MTG-01 … MTG-24, and of wave 3 (issue 29): MTG-25, MTG-26, MTG-30. Each file quotes the rules it
 * checks in its header comment.
 */
import { fileURLToPath } from "node:url"
import { checkDirectory } from "@bulwark/scenario/node"
import { ScenarioSuite } from "@bulwark/testing"
import { describe, expect, it } from "@effect/vitest"
import { ruleset } from "../src/index.js"

ScenarioSuite.scenarioSuite({
  dir: fileURLToPath(new URL("../scenarios", import.meta.url)),
  ruleset,
  checkDirectory,
  publicCases: { prefix: "MTG", count: 24, also: ["MTG-27"] }
})

describe("wave 3 public cases", () => {
  const dir = fileURLToPath(new URL("../scenarios", import.meta.url))
  const files = checkDirectory(dir, [ruleset]).map((r) => r.file.slice(dir.length + 1))
  it.each(["MTG-25", "MTG-26", "MTG-30"])("has a file for %s", (id) => {
    expect(files.some((f) => f.startsWith(id))).toBe(true)
  })
})
