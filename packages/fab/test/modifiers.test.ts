/**
 * "gets +N{p}" as core's one modifier of a number property (`modifyProperty`, issue 28 point 7):
 * the attack's damage reads the modified power. Each test quotes the rule and can fail.
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

const file = (modifiers: string) => `format: 2
ruleset: fab
players: [alice, bob]
objects:
  - { id: sword, controller: alice, zone: combatChain, types: [attack], power: 3 }
${modifiers}steps:
  - attack: { id: e1, attack: sword, target: bob }
  - advance: endOfTurn
`

describe('"gets +N{p}" (1.4.3d)', () => {
  /**
   * 1.4.3d: "Ironsong Determination has the text "Target weapon gets +1{p} and dominate until end
   * of turn," ... A weapon with 3{p} would be modified to have 4{p}, and its attack-proxies would
   * also have 4{p}."
   */
  it("1.4.3d: a 3{p} attack that gets +1{p} deals 4 (7.5.2: power − defense)", () => {
    const o = outcome(
      file(
        "effects:\n  - { kind: modifyProperty, id: ironsong, to: sword, prop: power, plus: 1, duration: endOfTurn }\n"
      )
    )
    assert.strictEqual(o.events.e1?.dealt.bob, 4)
    // "until end of turn": the +1 ends with it
    assert.strictEqual(o.state.sword?.power, 3)
    // without the modifier: 3 — the test can tell the difference
    assert.strictEqual(outcome(file("")).events.e1?.dealt.bob, 3)
  })

  it("a modifier added by a step (a card played before the damage step) counts too", () => {
    const o = outcome(
      file("").replace(
        "steps:\n",
        "steps:\n  - addEffects:\n      - { kind: modifyProperty, id: steel, to: sword, prop: power, plus: 3, duration: endOfTurn }\n"
      )
    )
    assert.strictEqual(o.events.e1?.dealt.bob, 6)
  })
})
