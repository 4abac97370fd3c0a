/**
 * Gaining action points (FaB 8.5.7, 8.5.7b, 1.13.1, 1.13.2, 4.3.2, 4.3.2b, 8.3.5): a gain of
 * action points is an event a replacement effect can watch and replace; the action phase's action
 * point is not a gain. Each test quotes the rule and can fail: the mutant tried is named beside
 * it.
 */
import type { Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"

const runOf = (text: string): Ruleset.RunResult => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run
}
const outcome = (text: string): Ruleset.Outcome => runOf(text).outcome

// alice is the turn-player; her attack has go again
const file = (effects: string, steps: string) => `format: 3
ruleset: fab
turn: alice
players: [alice, bob]
objects:
  - { id: atk, controller: alice, zone: combatChain, types: [attack], power: 3 }
  - { id: aura, controller: bob, types: [aura] }
${effects}steps:
${steps}`

const gain = (id: string, to: string, amount = 1) =>
  `  - event: { id: ${id}, family: gainActionPoints, occurrences: [{ id: ${id}, source: atk, to: ${to}, amount: ${amount} }] }\n`

const plusOne = `effects:
  - { kind: replace, id: more, controller: alice, family: gainActionPoints, to: alice, plus: 1 }
`

describe("gaining action points (FaB 8.5.7, 1.13.2)", () => {
  /**
   * 8.3.5: 'Go again is a special resolution ability that means "Gain 1 action point."' 8.5.7: "To
   * gain an asset, the player's or object's assets of the given type is increased by the specified
   * amount." alice, who has none written, gains 1, then 2. Mutant tried: the commit not creating an
   * absent `actionPoints` (core's `add` without `create`): alice has none — fails.
   */
  it("8.5.7: the turn-player's action points go up by the amount", () => {
    const o = outcome(file("", gain("g1", "alice") + gain("g2", "alice", 2)))
    assert.strictEqual(o.state.alice?.actionPoints, 3)
    assert.deepStrictEqual(
      o.events.g1?.happened.map((h) => [h.family, h.subject, h.amount]),
      [["gainActionPoints", "alice", 1]]
    )
  })

  /**
   * 8.5.7b: "If a non-turn-player would gain action points, then the gain effect fails." 1.13.2b:
   * "A player cannot gain action points if it is not their action phase." bob is not the
   * turn-player: his gain fails, and an effect that would replace it has nothing to replace.
   * Mutant tried: `fails` not asking whether the player is the turn-player: bob gains 1 — fails.
   */
  it("8.5.7b: a non-turn-player's gain fails", () => {
    const watchBob = `effects:
  - { kind: replace, id: more, controller: bob, family: gainActionPoints, to: bob, plus: 1 }
`
    const o = outcome(file(watchBob, gain("g", "bob")))
    assert.strictEqual(o.events.g?.occurrences.g?.status, "failed")
    assert.deepStrictEqual(o.events.g?.happened, [])
    assert.strictEqual(o.state.bob?.actionPoints, undefined)
    assert.strictEqual(o.effects.more?.uses, 0)
  })

  /**
   * 1.13.1: "An asset is a point of a given type, owned by a player." An aura gains no action
   * points, and the trace says why by this rule (not as if it were a player that is not the
   * turn-player). Mutant tried: the check of the subject's kind left out: the gain still fails
   * (the aura is not the turn-player) but the trace cites 8.5.7b — fails.
   */
  it("1.13.1: an object has no action points to gain", () => {
    const r = runOf(file("", gain("g", "aura")))
    assert.strictEqual(r.outcome.events.g?.occurrences.g?.status, "failed")
    assert.deepStrictEqual(
      r.trace.flatMap((t) => (t._tag === "Note" && t.text.startsWith("g (") ? [t.rule] : [])),
      ["FaB 1.13.1"]
    )
  })

  /**
   * 6.4.9: a standard-replacement effect "(If / The next) [CONDITION], instead [MODIFICATION]". The
   * generic `kind: replace` watches the family `gainActionPoints`: "If you would gain action
   * points, instead gain that much plus 1" — alice gains 2; the named `thatMuchPlus` says the same.
   * Mutant tried: the family `gainActionPoints` taken out of `Effects.Family` (and its amount): the
   * file does not load — fails.
   */
  it("a replace watches a gain of action points and changes it", () => {
    const o = outcome(file(plusOne, gain("g", "alice")))
    assert.strictEqual(o.state.alice?.actionPoints, 2)
    assert.deepStrictEqual(o.events.g?.occurrences.g?.applied, ["more"])
    const named = outcome(
      file(
        "effects:\n  - { kind: thatMuchPlus, id: more, controller: alice, family: gainActionPoints, to: alice, amount: 1 }\n",
        gain("g", "alice")
      )
    )
    assert.strictEqual(named.state.alice?.actionPoints, 2)
  })

  /**
   * 4.3.2: "Second, the turn-player has 1 action point." 4.3.2b: "Replacement effects that modify
   * events when a player gains an action point do not modify or replace when the turn-player gains
   * an action point this way." The `actionPhase` step gives alice 1 action point, and "gain that
   * much plus 1" is not used; go again afterwards is a gain it replaces (1 + 2 = 3). Mutant tried:
   * the step compiled as a `gainActionPoints` event: alice has 2 after it and the effect is used
   * twice — fails.
   */
  it("4.3.2b: the action phase's action point is not a gain", () => {
    const o = outcome(file(plusOne, "  - actionPhase: true\n"))
    assert.strictEqual(o.state.alice?.actionPoints, 1)
    assert.strictEqual(o.effects.more?.uses, 0)
    const then = outcome(file(plusOne, `  - actionPhase: true\n${gain("g", "alice")}`))
    assert.strictEqual(then.state.alice?.actionPoints, 3)
    assert.strictEqual(then.effects.more?.uses, 1)
  })
})
