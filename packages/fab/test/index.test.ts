import { coreName } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { core, rulesetId } from "../src/index.js"

describe("@bulwark/fab", () => {
  it("exposes its ruleset id", () => {
    expect(rulesetId).toBe("fab")
  })

  it("is linked to @bulwark/core", () => {
    expect(core).toBe(coreName)
    expect(core).toBe("@bulwark/core")
  })
})
