import { describe, expect, it } from "@effect/vitest"
import { core, scripted } from "../src/index.js"

describe("@bulwark/testing", () => {
  it("scripted returns answers in order, then throws", () => {
    const next = scripted([1, 2])
    expect(next()).toBe(1)
    expect(next()).toBe(2)
    expect(() => next()).toThrow(/only 2 were scripted/)
  })

  it("is linked to @bulwark/core", () => {
    expect(core).toBe("@bulwark/core")
  })
})
