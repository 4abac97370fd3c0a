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

describe("README quick example", () => {
  /** CR 616.1: "… the affected object's controller … chooses one to apply" — both orders reachable. */
  it("best for the chooser prevents first; a script can double first", async () => {
    const { Chooser, Ruleset } = await import("@bulwark/core")
    const { Result } = await import("effect")
    const { Skeleton } = await import("@bulwark/scenario")
    const { language } = await import("../src/Scenario.js")
    const compiled = Skeleton.compileData(language, {
      players: ["ap", "nap"],
      objects: [
        { id: "Z", controller: "nap", types: ["Creature"], power: 5, toughness: 5 },
        { id: "src", controller: "ap", types: ["Creature"], power: 3, toughness: 3 }
      ],
      effects: [
        { kind: "shield", id: "shield", controller: "nap", to: "Z", amount: 2, duration: "endOfTurn" },
        { kind: "double", id: "double", controller: "ap", to: { types: ["Creature"] } }
      ],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "src", to: "Z", amount: 3 }] } }]
    })
    if (!Result.isSuccess(compiled)) throw new Error("compile failed")
    const best = Ruleset.run(ruleset.rules, compiled.success, Chooser.bestForChooser())
    expect(best.outcome.events["e"]?.dealt).toEqual({ Z: 2 })
    const scripted = Ruleset.run(ruleset.rules, compiled.success, Chooser.scripted(["double"]))
    expect(scripted.outcome.events["e"]?.dealt).toEqual({ Z: 4 })
  })
})
