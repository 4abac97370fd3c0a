import { Chooser, coreName, Ruleset } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { core, coverage, ruleset, rulesetId, Scenario } from "../src/index.js"

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

/**
 * The README's quick example, as the README writes it. 6.5.2: the turn-player selects the
 * starting player; 6.5.4 the standard-replacement (Amp 1) applies before any prevention, so 3
 * arcane damage meets bob's "prevent the next 2": 1 is dealt.
 */
describe("the README's quick example", () => {
  it("deals 1 after Amp (3) and the shield (−2); alice selects, bob orders and declines to pay", () => {
    const compiled = Skeleton.compileData(Scenario.language, {
      turn: "alice",
      players: ["alice", { id: "bob", resources: 1 }],
      objects: [
        { id: "bolt", controller: "alice", zone: "stack", types: ["action"] },
        { id: "robe", controller: "bob", types: ["equipment"] }
      ],
      effects: [
        { kind: "amp", id: "amp", controller: "alice", amount: 1 },
        { kind: "preventNext", id: "shield", controller: "bob", amount: 2 },
        { kind: "arcaneBarrier", id: "barrier", source: "robe", amount: 1 }
      ],
      steps: [
        { event: { id: "e1", occurrences: [{ source: "bolt", to: "bob", amount: 2, kinds: ["arcane"] }] } }
      ]
    })
    if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
    const run = Ruleset.run(ruleset.rules, compiled.success, Chooser.scripted(["bob", "shield", false]))
    expect(run.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(run.outcome.decisions.map((d) => `${d.kind}:${d.chooser}`)).toEqual([
      "StartingPlayer:alice",
      "ChooseEffect:bob",
      "UseOptional:bob"
    ])
  })
})
