import { coreName } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { core, coverage, ruleset, rulesetId } from "../src/index.js"

describe("@bulwark/fab", () => {
  it("exposes its ruleset id", () => {
    expect(rulesetId).toBe("fab")
    expect(ruleset.id).toBe("fab")
  })

  it("is linked to @bulwark/core", () => {
    expect(core).toBe(coreName)
    expect(core).toBe("@bulwark/core")
  })

  it("names the rules text it implements and covers 6.4.10 a–j", () => {
    expect(ruleset.rulesVersion).toContain("February 2026")
    for (const l of "abcdefghij") expect(coverage.some((c) => c.rule === `6.4.10${l}`)).toBe(true)
  })
})
