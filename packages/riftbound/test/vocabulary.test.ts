/** The scenario vocabulary: typos are errors, unknown ids are reported with their path. */

import { parseScenario } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset, Vocabulary } from "../src/index.js"

describe("scenario vocabulary", () => {
  it("rejects an unknown effect key (a typo)", () => {
    const text = [
      "ruleset: riftbound",
      "players: [A, B]",
      "units: { U: { controller: B, might: 2 } }",
      "effects:",
      "  - { id: p, controller: B, prevnt: { unit: U, value: 2 } }",
      "steps: []"
    ].join("\n")
    const r = parseScenario(text, "typo.yaml", [ruleset])
    expect(Result.isFailure(r)).toBe(true)
    // the typo itself is named, not some other problem of the document
    expect(Result.isFailure(r) && r.failure._tag).toBe("SchemaMismatch")
    expect(Result.isFailure(r) ? r.failure.message : "").toContain(
      'at effects[0].prevnt: unknown key "prevnt"'
    )
  })

  it("reports an unknown unit with its path", () => {
    const r = Vocabulary.compile({
      players: ["A", "B"],
      units: { U: { controller: "B", might: 2 } },
      steps: [{ deal: { id: "e1", to: { W: 2 } } }]
    })
    expect(Result.isFailure(r) ? r.failure.path : "").toBe("steps[0].deal.to")
  })

  it("adds the dealing step (465.2.d) to the ledger only when there is combat", () => {
    const base = { players: ["A", "B"], units: { U: { controller: "B", might: 2 } } }
    const noCombat = Vocabulary.compile({ ...base, steps: [] })
    const combat = Vocabulary.compile({ ...base, steps: [{ combat: { id: "c1", assign: { U: 2 } } }] })
    expect(Result.isSuccess(noCombat) && noCombat.success.ledger.effects.map((e) => e.id)).toEqual([])
    expect(Result.isSuccess(combat) && combat.success.ledger.effects.map((e) => e.id)).toEqual(["465.2.d"])
  })
})
