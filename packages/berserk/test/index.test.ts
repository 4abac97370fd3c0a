import { coreName } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { core, coverage, Effects, Rules, ruleset, rulesetId } from "../src/index.js"

describe("@bulwark/berserk", () => {
  it("exposes its ruleset id", () => {
    expect(rulesetId).toBe("berserk")
    expect(ruleset.id).toBe(rulesetId)
  })

  it("is linked to @bulwark/core", () => {
    expect(core).toBe(coreName)
    expect(core).toBe("@bulwark/core")
  })

  it("covers every rule of 533 and 534 in its coverage table", () => {
    const rules = coverage.map((c) => c.rule)
    for (const r of [
      "533.1",
      "533.2",
      "533.3",
      "533.4",
      "533.5",
      "533.6",
      "534.1",
      "534.1.1",
      "534.2",
      "534.3"
    ])
      expect(rules).toContain(r)
  })

  /**
   * 533.2 (attack modifiers, then protections, before prevention), 533.3 («не имеющие количественного значения» before
   * «имеющие количественное значение»), and the README's interpretations 1–2 for replacements:
   * the slots a reader of the README expects, in that order.
   */
  it("orders attack modifiers, protections, replacements, prevention without and with an amount, inactive player first", () => {
    expect(ruleset.rules.order.name).toBe("berserk")
    expect(Rules.slots.map((s) => s.name)).toEqual([
      "attack modifiers",
      "protections",
      "replacements without an amount",
      "replacements with an amount",
      "prevention without an amount",
      "prevention with an amount"
    ])
    expect(ruleset.rules.predicates?.[Effects.FROM]).toBeTypeOf("function")
  })
})
