/**
 * One combat, one sum (RB-19): a unit's Might is the same whichever form a combat is stated in —
 * the TypeScript questions (`Combat.preview`, `minimumLethalInput`, `validateAssignment`,
 * `isLegalAssignment`, `solveAssignment`), the scenario questions, the one-sided `combat` step and
 * both sides at once (`combatDamage`). Each test quotes the rule it checks.
 */
import { GameView, Ledger } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Combat, ruleset } from "../src/index.js"

const ok = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`unexpected failure: ${String(r.failure)}`)
  return r.success
}

/** P1's attacker A (Might `might`, Assault `assault`) and P2's defender D of Might `defender`. */
const board = (might: number, assault: number, defender: number, extra: Record<string, boolean> = {}) => ({
  view: GameView.make({
    players: ["P1", "P2"],
    activePlayer: "P1",
    objects: [
      {
        id: "A",
        kind: "object" as const,
        controller: "P1",
        owner: "P1",
        zone: "board",
        props: { types: ["unit"], might, assault, damage: 0, ...extra }
      },
      {
        id: "D",
        kind: "object" as const,
        controller: "P2",
        owner: "P2",
        zone: "board",
        props: { types: ["unit"], might: defender, damage: 0 }
      }
    ]
  }),
  ledger: Ledger.empty
})

const outcome = (text: string) => {
  const r = parseScenario(text, "one-combat.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

/** Every scenario form of one combat of A (Might `might`, Assault `assault`) against D. */
const scenario = (might: number, assault: number, defender: number, stunned = false) => {
  const unit = `{ id: A, controller: P1, types: [unit], might: ${might}, assault: ${assault}${stunned ? ", stunned: true" : ""} }`
  const sum = stunned ? 0 : might + assault
  return outcome(`format: 3
ruleset: riftbound
players: [P1, P2]
turn: P1
objects:
  - ${unit}
  - { id: D, controller: P2, types: [unit], might: ${defender} }
  - { id: A2, controller: P1, types: [unit], might: ${might}, assault: ${assault}${stunned ? ", stunned: true" : ""} }
  - { id: D2, controller: P2, types: [unit], might: ${defender} }
steps:
  - query: { name: lethal, minimumLethal: { unit: A, role: attacker } }
  - query: { name: preview, preview: { unit: A, input: 1, role: attacker } }
  - query: { name: check, validate: { attackers: [A], units: [D], assign: { D: ${sum} } } }
  - query: { name: split, solve: { attackers: [A], units: [D] } }
  - combat: { id: one, attackers: [A], units: [D], assign: { D: ${sum} } }
  - combatDamage: { id: both, attackers: [A2], defenders: [D2], attackersAssign: { D2: ${sum} }, defendersAssign: { A2: ${defender} } }
`)
}

const field = (o: ReturnType<typeof outcome>, name: string, key: string): unknown =>
  (o.queries[name] as Record<string, unknown>)[key]

describe("one combat, one sum in TypeScript (RB-19)", () => {
  /**
   * 807.1.c: Assault "is functionally short for "While I am an attacker, I have +X [M]."" 465.2:
   * "Attackers and Defenders resolve Combat Damage … using their current Might." 465.2.a: "Sum
   * the Might of all Attacking Units."
   */
  it("807.1.c / 465.2.a: Might 3 + Assault 2 counts as 5 in every question given its role or the attackers", () => {
    const ctx = board(3, 2, 9)
    const m = ok(Combat.minimumLethalInput(ctx, "A", { role: "attacker" }))
    assert.strictEqual(m._tag === "Lethal" ? m.input : undefined, 5)
    assert.strictEqual(ok(Combat.preview(ctx, "A", 4, { role: "attacker" })).needed, 5)
    assert.strictEqual(ok(Combat.preview(ctx, "A", 4, { role: "attacker" })).lethal, false)
    assert.strictEqual(ok(Combat.preview(ctx, "A", 5, { role: "attacker" })).lethal, true)
    const v = ok(Combat.validateAssignment(ctx, { attackers: ["A"], units: ["D"], assign: { D: 5 } }))
    assert.deepStrictEqual([v.total, v.legal], [5, true])
    // the total is worked out from the attackers: 3 (Might without Assault) is short of it
    const short = ok(Combat.validateAssignment(ctx, { attackers: ["A"], units: ["D"], assign: { D: 3 } }))
    assert.deepStrictEqual([short.total, short.legal], [5, false])
    assert.strictEqual(
      ok(Combat.isLegalAssignment(ctx, { attackers: ["A"], units: ["D"], assign: { D: 5 } })),
      true
    )
    assert.strictEqual(
      ok(Combat.isLegalAssignment(ctx, { attackers: ["A"], units: ["D"], assign: { D: 3 } })),
      false
    )
    const s = ok(Combat.solveAssignment(ctx, { attackers: ["A"], units: ["D"] }))
    assert.deepStrictEqual([s.total, s.assign], [5, { D: 5 }])
    // the view itself is not changed by a question: A is Might 3 out of combat
    assert.strictEqual(ctx.view.objects.A?.props.might, 3)
    assert.strictEqual(ok(Combat.preview(ctx, "A", 4)).needed, 3)
  })

  /** 814.1.c: Shield "is functionally short for "While I am a defender, I have +X [M]."" */
  it("814.1.c: a defender's Shield counts when the question gives the role or the proposal the attackers", () => {
    const ctx = {
      ...board(4, 0, 3),
      view: GameView.setObject(board(4, 0, 3).view, {
        id: "D",
        kind: "object",
        controller: "P2",
        owner: "P2",
        zone: "board",
        props: { types: ["unit"], might: 3, shield: 1, damage: 0 }
      })
    }
    const m = ok(Combat.minimumLethalInput(ctx, "D", { role: "defender" }))
    assert.strictEqual(m._tag === "Lethal" ? m.input : undefined, 4)
    const v = ok(Combat.validateAssignment(ctx, { attackers: ["A"], units: ["D"], assign: { D: 4 } }))
    assert.strictEqual(v.units.D?.min, 4)
    // Shield is not Assault: as an attacker the same unit is Might 3
    const asAttacker = ok(Combat.minimumLethalInput(ctx, "D", { role: "attacker" }))
    assert.strictEqual(asAttacker._tag === "Lethal" ? asAttacker.input : undefined, 3)
  })

  /**
   * 423.1.b: "A Stunned Unit does not contribute its might to damage in the combat damage step."
   */
  it("423.1.b: a stunned attacker adds nothing to the total worked out from the attackers", () => {
    const ctx = board(3, 2, 9, { stunned: true })
    assert.strictEqual(Combat.summedMight(Combat.inCombat(ctx.view, ["A"]), ["A"]), 0)
    const v = ok(Combat.validateAssignment(ctx, { attackers: ["A"], units: ["D"], assign: {} }))
    assert.deepStrictEqual([v.total, v.legal], [0, true])
    assert.strictEqual(ok(Combat.solveAssignment(ctx, { attackers: ["A"], units: ["D"] })).total, 0)
  })
})

describe("one combat, one sum in scenario files (RB-19)", () => {
  /**
   * 465.2: "Attackers and Defenders resolve Combat Damage … using their current Might." 807.1.c:
   * Assault is "While I am an attacker, I have +X [M]." The same sum in every form, for every
   * Might and Assault tried.
   */
  it("465.2.a / 807.1.c: every form reads Might + Assault, for Might 0–4 and Assault 0–3", () => {
    for (let might = 0; might <= 4; might++)
      for (let assault = 0; assault <= 3; assault++) {
        const sum = might + assault
        const o = scenario(might, assault, 9)
        const at = `Might ${might}, Assault ${assault}`
        const lethal = o.queries.lethal as { input?: number }
        assert.strictEqual(lethal.input, Math.max(1, sum), `${at}: minimumLethal`)
        assert.strictEqual(field(o, "preview", "needed"), Math.max(1, sum), `${at}: preview`)
        assert.strictEqual(field(o, "check", "total"), sum, `${at}: validate`)
        assert.strictEqual(field(o, "check", "legal"), true, `${at}: validate`)
        assert.strictEqual(field(o, "split", "total"), sum, `${at}: solve`)
        assert.strictEqual(field(o, "one", "total"), sum, `${at}: combat`)
        assert.strictEqual(
          (field(o, "both", "attackers") as { total: number }).total,
          sum,
          `${at}: combatDamage`
        )
      }
  })

  /**
   * 423.1.b: "A Stunned Unit does not contribute its might to damage in the combat damage step."
   * The one-sided `combat` step and the questions given the attackers agree with `combatDamage`.
   */
  it("423.1.b: a stunned Might 3 + Assault 2 attacker adds 0 in the combat step, validate, solve and combatDamage", () => {
    const o = scenario(3, 2, 9, true)
    assert.strictEqual(field(o, "check", "total"), 0)
    assert.strictEqual(field(o, "split", "total"), 0)
    assert.strictEqual(field(o, "one", "total"), 0)
    assert.strictEqual((field(o, "both", "attackers") as { total: number }).total, 0)
    // 423.1.c: "A Stunned Unit must still have damage applied to it equal to, or greater than,
    // its full might value to be killed": its threshold as an attacker is still 5
    assert.strictEqual((o.queries.lethal as { input?: number }).input, 5)
  })
})
