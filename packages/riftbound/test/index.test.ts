import { coreName } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { core, rulesetId } from "../src/index.js"

describe("@bulwark/riftbound", () => {
  it("exposes its ruleset id", () => {
    expect(rulesetId).toBe("riftbound")
  })

  it("is linked to @bulwark/core", () => {
    expect(core).toBe(coreName)
    expect(core).toBe("@bulwark/core")
  })
})
