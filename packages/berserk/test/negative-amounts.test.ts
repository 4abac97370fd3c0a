/**
 * Amounts below 0. Берсерк 534.1.1 (as bundled in `RuleText`): «Эффекты вида "Не получает ран от
 * [текст]" и "Получает раны только от [текст]", а также “Получает на X больше/меньше ран от
 * [текст]” также являются эффектами замещения.» The direction is in the words ("X more" / "X
 * fewer"), so X is a count: computed below 0 it counts as 0 (in core, for every game) — “X fewer
 * wounds” with X = −103 never adds wounds; and 533.4 («…уменьшило бы количество ран до
 * отрицательного значения…»): wounds never go below 0. A negative X written in a file is refused.
 * (Берсерк's own `strengthModifier` stays signed: an attack modifier is written "+1" or "−1".)
 */
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { RuleText, ruleset } from "../src/index.js"

const file = (kind: string, amount: string) => `format: 2
ruleset: berserk
players: [ap, ip]
turn: ap
objects:
  - { id: orc, controller: ap, types: [creature], cost: 2 }
  - { id: guard, controller: ip, types: [creature], cost: 3 }
effects:
  - { kind: ${kind}, id: x, controller: ip, to: [guard], kinds: [strike], amount: ${amount} }
steps:
  - attack: { id: a, kind: strike, strength: 4, from: orc, to: guard }
`

const dealt = (kind: string, amount: string) => {
  const loaded = parseScenario(file(kind, amount), "case.yaml", [ruleset])
  if (Result.isFailure(loaded)) throw new Error(loaded.failure.message)
  return checkScenario(loaded.success).run.outcome.events.a?.dealt
}

describe("amounts below 0 (Берсерк 534.1.1, 533.4)", () => {
  it("the quoted rules are the bundled ones", () => {
    expect(RuleText.sentences["534.1.1"]).toContain("Получает на X больше/меньше ран")
    expect(RuleText.sentences["533.4"]).toContain("до отрицательного значения")
  })
  it("“X fewer wounds” with X computed as 1 − 104 takes nothing off and adds nothing: 4 stays 4 (before: 107)", () => {
    expect(dealt("fewerWounds", "{ minus: [1, 104] }")).toEqual({ guard: 4 })
  })
  it("“X more wounds” with X computed as 1 − 104 adds nothing: 4 stays 4 (before: 0)", () => {
    expect(dealt("moreWounds", "{ minus: [1, 104] }")).toEqual({ guard: 4 })
    expect(dealt("moreWounds", "{ minus: [3, 1] }")).toEqual({ guard: 6 })
  })
  it("a literal `amount: -3` is refused with its line", () => {
    const loaded = parseScenario(file("fewerWounds", "-3"), "case.yaml", [ruleset])
    if (Result.isSuccess(loaded)) return expect.fail("a negative X loaded")
    expect(loaded.failure._tag).toBe("SchemaMismatch")
    expect(loaded.failure.message).toContain("case.yaml:9:")
  })
})
