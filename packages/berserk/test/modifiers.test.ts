/**
 * Strength modifiers as core's one modifier of a number property (issue 28 point 7): a card's
 * «+N к силе» (`modifyProperty` on the card: its attacks start from the modified strength) and an
 * attack modifier (`strengthModifier`, 533.2: applied when the attack is built, before prevention)
 * that may double (`times: 2`). Each test can fail: the numbers are the rules' arithmetic.
 */
import type { Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { Result } from "effect"
import { assert, describe, it } from "vitest"
import { ruleset } from "../src/index.js"

const outcome = (text: string): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

const file = (effects: string) => `format: 2
ruleset: berserk
players: [ap, ip]
turn: ap
objects:
  - { id: orc, controller: ap, types: [creature], cost: 2, strength: 3 }
  - { id: target, controller: ip, types: [creature], cost: 3, life: 10 }
effects:
${effects}steps:
  - attack: { id: a1, kind: удар, from: orc, to: target }
`

const strengthOf = (o: Ruleset.Outcome) => o.state.a1?.strength

describe("strength modifiers (533.2)", () => {
  /** 533.2 (as BSK-02 reads it): modifiers are applied first, when the attack is built, then prevention. */
  it("a card's «+1 к силе» (modifyProperty on the card) makes its strike 4", () => {
    const o = outcome(file("  - { kind: modifyProperty, id: rage, to: orc, prop: strength, plus: 1 }\n"))
    assert.strictEqual(strengthOf(o), 4)
    assert.strictEqual(o.state.orc?.strength, 4)
  })

  it("an attack modifier that doubles: 3 → 6, and +2 after it: 8 (each added to the strength as it is then)", () => {
    const doubled = outcome(file("  - { kind: strengthModifier, id: twice, times: 2, kinds: [удар] }\n"))
    assert.strictEqual(strengthOf(doubled), 6)
    const both = outcome(
      file(
        "  - { kind: strengthModifier, id: twice, times: 2, kinds: [удар] }\n  - { kind: strengthModifier, id: plus2, value: 2, kinds: [удар] }\n"
      )
    )
    assert.strictEqual(strengthOf(both), 8)
    // in the other order: (3 + 2) × 2 = 10 — the order written is the order applied
    const other = outcome(
      file(
        "  - { kind: strengthModifier, id: plus2, value: 2, kinds: [удар] }\n  - { kind: strengthModifier, id: twice, times: 2, kinds: [удар] }\n"
      )
    )
    assert.strictEqual(strengthOf(other), 10)
  })

  it("a strength modifier with neither a value nor a factor is refused, naming the effect", () => {
    const r = parseScenario(file("  - { kind: strengthModifier, id: nothing, kinds: [удар] }\n"), "t.yaml", [
      ruleset
    ])
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) assert.match(r.failure.message, /effects\[0\][\s\S]*needs a `value`/)
  })
})
