import { coreName } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { core, coverage, ruleset, rulesetId } from "../src/index.js"

describe("@bulwark/mtg", () => {
  it("exposes its ruleset id", () => {
    expect(rulesetId).toBe("mtg")
    expect(ruleset.id).toBe("mtg")
  })

  it("is linked to @bulwark/core", () => {
    expect(core).toBe(coreName)
    expect(core).toBe("@bulwark/core")
  })

  it("has a coverage table with every rule the issue lists", () => {
    const rules = coverage.map((c) => c.rule)
    for (const r of [
      "120.3a",
      "120.3f",
      "120.4",
      "120.8",
      "614.9",
      "615.7",
      "615.12",
      "616.1",
      "702.16e",
      "702.16k"
    ])
      expect(rules).toContain(r)
    expect(ruleset.coverage).toBe(coverage)
  })
})
