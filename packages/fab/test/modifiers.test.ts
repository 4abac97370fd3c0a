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

const defended = (modifiers: string, steps = "") => `format: 4
ruleset: fab
turn: alice
players: [alice, bob]
objects:
  - { id: sword, controller: alice, zone: combatChain, types: [weapon], power: 3 }
  - { id: block, controller: bob, zone: combatChain, types: [block], defense: 2 }
${modifiers}steps:
  - attack: { id: e1, attack: sword, target: bob, defenders: [block] }
${steps}`

describe("2.9.3 / 2.3.3: the attack's damage reads the modified power and defense", () => {
  /**
   * 2.9.3: "The power of an object can be modified. The term "power" or the symbol {p} refers to
   * the modified power of an object." A doubling (`times: 2`) of a 3{p} weapon that already got
   * +1{p}: it increases by its current power, 4 (core Modifiers: fixed when added), 8{p} − 2{d}.
   */
  it("2.9.3: +1{p} then double: 8{p} − 2{d} deals 6", () => {
    const o = outcome(
      defended(`effects:
  - { kind: modifyProperty, id: ironsong, to: sword, prop: power, plus: 1, duration: endOfTurn }
  - { kind: modifyProperty, id: dbl, to: sword, prop: power, times: 2, duration: endOfTurn }
`)
    )
    assert.strictEqual(o.events.e1?.dealt.bob, 6)
    // the order matters: doubled first (+3), then +1: 7{p}, 5 dealt — the test can tell
    const other = outcome(
      defended(`effects:
  - { kind: modifyProperty, id: dbl, to: sword, prop: power, times: 2, duration: endOfTurn }
  - { kind: modifyProperty, id: ironsong, to: sword, prop: power, plus: 1, duration: endOfTurn }
`)
    )
    assert.strictEqual(other.events.e1?.dealt.bob, 5)
  })

  /**
   * 2.3.3: "The defense of an object can be modified. The term "defense" or the symbol {d} refers
   * to the modified defense of an object." (Flic Flak: "it gains +2{d}".) 7.5.2: power − the sum
   * total defense: 3 − (2 + 2) is not greater than 0, nothing is dealt; once "until end of turn"
   * has ended, 3 − 2 = 1.
   */
  it("2.3.3: a defending card that gains +2{d} until end of turn: 0 dealt, 1 after the turn", () => {
    const o = outcome(
      defended(
        "effects:\n  - { kind: modifyProperty, id: flic, to: block, prop: defense, plus: 2, duration: endOfTurn }\n",
        "  - advance: endOfTurn\n  - attack: { id: e2, attack: sword, target: bob, defenders: [block] }\n"
      )
    )
    assert.strictEqual(o.events.e1?.dealt.bob ?? 0, 0)
    assert.strictEqual(o.events.e2?.dealt.bob, 1)
    assert.strictEqual(o.state.block?.defense, 2)
  })

  /**
   * 2.9.3 with a duration: a "this turn" +3{p} ends at `endOfTurn`; an attack after that deals
   * its base power again (3 − 2 = 1), while one before it dealt 6 − 2 = 4.
   */
  it("2.9.3: a modifier until end of turn no longer counts after it", () => {
    const o = outcome(
      defended(
        "effects:\n  - { kind: modifyProperty, id: steel, to: sword, prop: power, plus: 3, duration: endOfTurn }\n",
        "  - advance: endOfTurn\n  - attack: { id: e2, attack: sword, target: bob, defenders: [block] }\n"
      )
    )
    assert.strictEqual(o.events.e1?.dealt.bob, 4)
    assert.strictEqual(o.events.e2?.dealt.bob, 1)
  })
})
