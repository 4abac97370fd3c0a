/** The scenario vocabulary: decoding, typos, and compile errors that name the path. */
import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { ruleset, Scenario } from "../src/index.js"
import { base } from "./helpers.js"

const decode = (u: unknown) => Schema.decodeUnknownResult(Scenario.Scenario)(u, { onExcessProperty: "error" })

describe("vocabulary", () => {
  it("decodes a scenario and rejects a typo in an effect field", () => {
    expect(Result.isSuccess(decode({ ...base, steps: [] }))).toBe(true)
    const bad = decode({ ...base, effects: [{ type: "ward", source: "helm", amout: 1 }], steps: [] })
    expect(Result.isFailure(bad)).toBe(true)
  })

  /**
   * 8.5.3c: "If a non-living object would be dealt damage, the effect fails." — not a file error:
   * the file compiles, and the damage fails when it resolves (FAB-14).
   */
  it("8.5.3c: damage to a non-living object compiles; the effect fails when it resolves", () => {
    const r = ruleset.compile({
      ...base,
      steps: [{ damage: { id: "e1", source: "S", to: "helm", amount: 1 } }]
    })
    expect(Result.isSuccess(r)).toBe(true)
  })

  it("rejects an unknown id and a raw effect of an unknown category", () => {
    const unknown = ruleset.compile({
      ...base,
      effects: [{ type: "preventNext", id: "p", controller: "bob", amount: 1, to: "ghost" }],
      steps: []
    })
    expect(Result.isFailure(unknown) && unknown.failure.message).toContain("effects[0].to[0]")
    const category = ruleset.compile({
      ...base,
      effects: [
        {
          type: "replacement",
          effect: {
            id: "x",
            label: "",
            controller: "bob",
            category: "weird",
            watch: { family: "damage" },
            action: { _tag: "Modify", op: "add", value: 1 }
          }
        }
      ],
      steps: []
    })
    expect(Result.isFailure(category) && category.failure.message).toContain("effects[0].effect.category")
  })

  it("a keyword's controller defaults to its source's controller", () => {
    const r = ruleset.compile({ ...base, effects: [{ type: "ward", source: "helm", amount: 1 }], steps: [] })
    expect(Result.isSuccess(r) && r.success.ledger.effects[0]?.controller).toBe("bob")
  })
})

describe("a duplicate effect id", () => {
  it("is rejected, and reported at the second effect that uses it", () => {
    const dup = ruleset.compile({
      ...base,
      effects: [
        { type: "preventNext", id: "p", controller: "bob", amount: 1 },
        { type: "preventNext", id: "p", controller: "bob", amount: 2 }
      ],
      steps: []
    })
    expect(Result.isFailure(dup) && dup.failure.message).toContain("duplicate")
    expect(Result.isFailure(dup) && dup.failure.message).toContain("effects[1].id")
  })
})
