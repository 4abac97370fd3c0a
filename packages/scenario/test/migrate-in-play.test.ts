/**
 * Format 2 → 3 (issue 28): a core effect that works only while its source is in play
 * (`requiresSourceInPlay`, FaB 1.7.4: "An ability is functional when its source is public and in
 * the arena"; Riftbound 370.4) becomes the generic form's `activeIn: inPlay`, no longer a refusal.
 * Mutant: dropping the line leaves `activeIn` out (the first expectation fails).
 */
import { describe, expect, it } from "vitest"
import { effect } from "../src/migrate/v3.js"

const ward = {
  controller: "bob",
  source: "helm",
  category: "prevention",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["bob"] } },
  action: { _tag: "Prevent", amount: 1, scope: "perEvent" }
}

describe("requiresSourceInPlay in format 3", () => {
  it("is activeIn: inPlay", () => {
    expect(effect("ward", { ...ward, requiresSourceInPlay: true })).toMatchObject({
      kind: "prevent",
      id: "ward",
      activeIn: "inPlay"
    })
  })

  it("a zone list written wins, as in core", () => {
    expect(effect("ward", { ...ward, requiresSourceInPlay: true, requiresSourceIn: ["arms"] })).toMatchObject(
      {
        activeIn: ["arms"]
      }
    )
  })
})
