import { coreName } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { core, rulesetId } from "../src/index.js"

describe("@bulwark/berserk", () => {
  it("exposes its ruleset id", () => {
    expect(rulesetId).toBe("berserk")
  })

  it("is linked to @bulwark/core", () => {
    expect(core).toBe(coreName)
    expect(core).toBe("@bulwark/core")
  })
})
