/**
 * An occurrence's amount written as the game's value, read when the event happens (CR 510.1a;
 * MTG-31, its 510.1 part). Each test quotes the rule and can fail: the mutant tried is named
 * beside it.
 */
import type { Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const outcome = (text: string): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

const file = (power: number, before: string) => `format: 3
ruleset: mtg
players: [ap, nap]
objects:
  - { id: A, controller: ap, types: [Creature], power: ${power}, toughness: 3 }
  - { id: B, controller: nap, types: [Creature], power: 1, toughness: 9 }
steps:
${before}  - event:
      id: combat
      occurrences:
        - { id: d, source: A, to: B, amount: { prop: power, of: source }, kinds: [combat] }
`

const boost = (plus: number) =>
  `  - addEffects:\n      - { kind: modifyProperty, id: m, to: A, prop: power, plus: ${plus}, duration: endOfTurn }\n`

describe("combat damage equal to its power (CR 510.1a)", () => {
  /**
   * 510.1a: "Each attacking creature and each blocking creature assigns combat damage equal to
   * its power." Written as its power, a 3-power creature deals 3; after "+2/+0" it deals 5.
   * Mutant tried: the event step without its `at` (the amount read when the file is compiled):
   * the +2/+0 added by a step is not seen and it deals 3 — fails.
   */
  it("510.1a: the power as it is when the damage is dealt: 3, and 5 after +2/+0", () => {
    assert.strictEqual(outcome(file(3, "")).events.combat?.dealt.B, 3)
    const o = outcome(file(3, boost(2)))
    assert.strictEqual(o.events.combat?.dealt.B, 5)
    assert.strictEqual(o.events.combat?.occurrences.d?.amount, 5)
    assert.strictEqual(o.state.B?.damage, 5)
  })

  /**
   * 510.1a: "Creatures that would assign 0 or less damage this way don't assign combat damage at
   * all." A 1-power creature given −3/−0 (power −2) deals nothing, never −2. Mutant tried: no
   * `Math.max(0, …)`: the occurrence's amount is −2 — fails.
   */
  it("510.1a: power below 0 deals 0", () => {
    const o = outcome(file(1, boost(-3)))
    assert.strictEqual(o.events.combat?.occurrences.d?.amount, 0)
    assert.strictEqual(o.state.B?.damage ?? 0, 0)
  })

  /**
   * CR 613.4c (layer 7c: "Effects and counters that modify power and/or toughness") — a +1/+1
   * counter put on after a "+2/+0" effect adds to it: 3 + 2 + 1 = 6. Mutant tried: `withStats`
   * without the modifiers (power recomputed from the base and the counters only): 4 — fails.
   */
  it("613.4c: a +1/+1 counter put on after a +2/+0 effect keeps the +2", () => {
    const counter = `  - event: { id: c, family: addCounters, occurrences: [{ to: A, amount: 1, params: { counter: "+1/+1" } }] }\n`
    const o = outcome(file(3, boost(2) + counter))
    assert.strictEqual(o.events.combat?.dealt.B, 6)
  })

  it("an amount that is no number nor an expression is a located error", () => {
    const r = parseScenario(file(3, "").replace("{ prop: power, of: source }", "{ prop: power }"), "t.yaml", [
      ruleset
    ])
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) assert.include(r.failure.message, "steps[0].event.occurrences[0].amount")
  })
})
