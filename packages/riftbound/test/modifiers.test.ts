/**
 * Continuous modifiers of a unit's Might (issue 28 point 7): "+N Might this turn" and Double
 * (432.1) as core's one `modifyProperty` kind, and one Might for one combat whichever way it is
 * stated (RB-19). Each test quotes the rule it checks and can fail.
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
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

const file = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../scenarios/${name}`, import.meta.url)), "utf8")

const header = `format: 2
ruleset: riftbound
players: [P1, P2]
turn: P1
`

const q = (o: Ruleset.Outcome, name: string) => o.queries[name] as Record<string, unknown>

describe("Double (432.1)", () => {
  /**
   * 432.1: "Doubling is the act of increasing a numeric attribute by an amount equal to that
   * attribute's current value." 432.1.a's example: "Its current Might is 5, so it gets +5 Might
   * this turn, for a current Might of 10. After combat, Shield no longer applies, but the +5 Might
   * from Last Stand does, so the unit's Might is 8."
   */
  it("432.1.a: a Shield 2 defender of base Might 3 doubled is 10 in combat and 8 after (RB-16)", () => {
    const o = outcome(file("RB-16.yaml"))
    assert.strictEqual(q(o, "inShowdown").needed, 10)
    assert.strictEqual((q(o, "c1").defenders as { total: number }).total, 10)
    assert.strictEqual(q(o, "afterCombat").needed, 8)
  })

  it("432.1: the increase is the value when it doubles — doubled before Shield applies, it is +3 (6 in combat... 8 with Shield, 6 after)", () => {
    // the same file with the Double cast before D is a defender: its current Might is then 3
    const text = file("RB-16.yaml").replace(
      / {2}- update: \{ object: D, inCombat: defender \}\n( {2}- addEffects:\n.*\n)/,
      "$1  - update: { object: D, inCombat: defender }\n"
    )
    assert.notStrictEqual(text, file("RB-16.yaml"))
    const o = outcome(text.replace("defendersAssign: { A: 10 }", "defendersAssign: { A: 8 }"))
    assert.strictEqual((q(o, "c1").defenders as { total: number }).total, 8)
    assert.strictEqual(q(o, "afterCombat").needed, 6)
  })

  /** 317.2.c (the Expiration Step): "3d. All "this turn" effects expire" — the +5 with them. */
  it('317.2.c: "this turn" modifiers end at the end of the turn (RB-16: D back to 3)', () => {
    const o = outcome(file("RB-16.yaml"))
    assert.strictEqual(o.state.D?.might, 3)
    assert.isUndefined(o.state.D?.["modifier:lastStand"])
  })
})

describe('"+N Might this turn"', () => {
  /** 465.2: "... resolve Combat Damage ... using their current Might." 807.1.c: Assault +X while attacking. */
  it("465.2 / 807.1.c: +2 Might on an attacker with Might 3 and Assault 1 assigns 6 (RB-16)", () => {
    const o = outcome(file("RB-16.yaml"))
    assert.strictEqual((q(o, "c1").attackers as { total: number }).total, 6)
  })

  /** 142.4.b: lethal damage is damage marked at least the unit's Might — its current Might. */
  it("142.4.b: a unit with 3 damage and Might 3 is no longer lethal at +2 Might", () => {
    const text = `${header}objects:
  - { id: U, controller: P1, types: [unit], might: 3, damage: 3 }
effects:
  - { kind: modifyProperty, id: g, to: U, prop: might, plus: 2, duration: endOfTurn }
steps: []
`
    const o = outcome(text)
    assert.strictEqual(o.state.U?.might, 5)
    assert.strictEqual(o.state.U?.lethal, false)
    // without the modifier it is lethal: the test can tell
    assert.strictEqual(outcome(text.replace(/effects:\n.*\n/, "")).state.U?.lethal, true)
  })

  it("a modifier of an object that is not there is refused, naming the effect", () => {
    const r = parseScenario(
      `${header}objects:
  - { id: U, controller: P1, types: [unit], might: 3 }
effects:
  - { kind: modifyProperty, id: g, to: X, prop: might, plus: 2 }
steps: []
`,
      "test.yaml",
      [ruleset]
    )
    const loaded = Result.isSuccess(r) ? checkScenario(r.success) : undefined
    const message = Result.isFailure(r) ? r.failure.message : JSON.stringify(loaded?.run.outcome.error)
    assert.match(message, /effects\[0\]\.to: unknown id "X"/)
  })
})

describe("one combat, one sum (RB-19)", () => {
  /**
   * 807.1.c: Assault "is functionally short for "While I am an attacker, I have +X [M]."" 465.2.a:
   * "Sum the Might of all Attacking Units." — the same 5 in every form.
   */
  it("807.1.c / 465.2.a: Might 3 + Assault 2 is 5 in the questions, the one-sided step and both sides", () => {
    const o = outcome(file("RB-19.yaml"))
    assert.deepStrictEqual(q(o, "lethalA"), { ...q(o, "lethalA"), _tag: "Lethal", input: 5 })
    assert.strictEqual(q(o, "fourToA").needed, 5)
    assert.strictEqual(q(o, "check").total, 5)
    assert.strictEqual(q(o, "split").total, 5)
    assert.strictEqual(q(o, "one").total, 5)
    assert.strictEqual((q(o, "both").attackers as { total: number }).total, 5)
  })

  it("mutant: the questions asked without the unit's role read Might 3", () => {
    const text = file("RB-19.yaml").replaceAll(", role: attacker", "")
    assert.notStrictEqual(text, file("RB-19.yaml"))
    const o = outcome(text)
    assert.strictEqual((q(o, "lethalA") as { input: number }).input, 3)
    assert.strictEqual(q(o, "fourToA").needed, 3)
  })

  /** 814.1.c: Shield "is functionally short for "While I am a defender, I have +X [M]."" */
  it("814.1.c: validate given the attackers puts the units in combat — a Shield 1 defender needs 4", () => {
    const o = outcome(`${header}objects:
  - { id: A, controller: P1, types: [unit], might: 4 }
  - { id: D, controller: P2, types: [unit], might: 3, shield: 1 }
steps:
  - query: { name: v, validate: { attackers: [A], units: [D], assign: { D: 4 } } }
  - query: { name: m, minimumLethal: { unit: D, role: defender } }
`)
    assert.strictEqual(q(o, "v").total, 4)
    assert.strictEqual(q(o, "v").legal, true)
    assert.strictEqual((q(o, "v").units as Record<string, { min: number }>).D?.min, 4)
    assert.strictEqual((q(o, "m") as { input: number }).input, 4)
  })
})
