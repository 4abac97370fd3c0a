/**
 * A ruleset's families and those that happen once come from one declaration
 * (`Language.familyAmounts`), so a family can't be left out of `amountless` by accident (FAB-23:
 * "An effect destroys Bob's ally … Each is written without an amount, as a person would write
 * 'destroy it': each happens once, exactly as it does with an explicit count of 1, in every
 * game's language").
 */
import { describe, expect, it } from "@effect/vitest"
import { Language } from "../src/index.js"

describe("Language.familyAmounts", () => {
  it("lists every declared family in order, and the `once` ones as amountless", () => {
    const f = Language.familyAmounts({ damage: "counted", destroy: "once", draw: "counted", banish: "once" })
    expect(f.families).toEqual(["damage", "destroy", "draw", "banish"])
    expect(f.amountless).toEqual(["destroy", "banish"])
  })

  it("a declaration with no `once` family has no amountless family", () => {
    expect(Language.familyAmounts({ damage: "counted" }).amountless).toEqual([])
  })
})
