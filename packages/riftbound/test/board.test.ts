/**
 * Riftbound's board as far as damage needs it (issue 17, points 2 and 3): Might in combat
 * (Assault 807, Shield 814, stunned 423), both sides' combat damage dealt at once (465.2.c.1.a),
 * the Combat Cleanup (323.5, 466.1.a), death replacements in one sequence (370.4, 373.1.a,
 * 373.2), and the events of the game actions in the outcome, with a cost replaced still paid
 * (357.2.a). Each test quotes the rule it checks; each concept has a mutant that the test
 * catches.
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Policy, Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Rules, ruleset } from "../src/index.js"

const load = (text: string) => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return r.success
}

/** Runs a scenario text, optionally with other rules (a mutant); returns the check. */
const run = (text: string, rules?: Policy.Rules) => {
  const loaded = load(text)
  return checkScenario(rules === undefined ? loaded : { ...loaded, ruleset: { ...loaded.ruleset, rules } })
}

const outcome = (text: string, rules?: Policy.Rules): Ruleset.Outcome => run(text, rules).run.outcome

const file = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../scenarios/${name}`, import.meta.url)), "utf8")

const header = `format: 2
ruleset: riftbound
players: [P1, P2]
turn: P1
`

/** A combat of one attacker A against one defender D, with the units' extra properties. */
const combat = (a: string, d: string, assignA: number, assignD: number, extra = "") => `${header}objects:
  - { id: A, controller: P1, types: [unit], ${a} }
  - { id: D, controller: P2, types: [unit], ${d} }
${extra}steps:
  - combatDamage: { id: c1, attackers: [A], defenders: [D], attackersAssign: { D: ${assignA} }, defendersAssign: { A: ${assignD} } }
`

const totals = (o: Ruleset.Outcome) => {
  const q = o.queries.c1 as { attackers: { total: number }; defenders: { total: number } }
  return { attackers: q.attackers.total, defenders: q.defenders.total }
}

const status = (o: Ruleset.Outcome, event: string, occurrence: string) =>
  o.events[event]?.occurrences[occurrence]?.status

describe("Might in combat (807 Assault, 814 Shield, 423 Stun)", () => {
  /**
   * 807.1.c: Assault "is functionally short for "While I am an attacker, I have +X [M].""
   * 814.1.c: Shield "is functionally short for "While I am a defender, I have +X [M]."" (RB-15)
   */
  it("807.1.c / 814.1.c: Assault counts while attacking, Shield while defending (RB-15: 4 and 4)", () => {
    const o = outcome(combat("might: 2, assault: 2", "might: 3, shield: 1", 4, 4))
    assert.isUndefined(o.error)
    assert.deepStrictEqual(totals(o), { attackers: 4, defenders: 4 })
  })

  /** 807.1.d.1: "Assault remains in effect as long as the Unit maintains the Attacker designation." — a defender has none. */
  it("807.1.c: Assault on a defender does nothing, Shield on an attacker does nothing", () => {
    const o = outcome(combat("might: 2, shield: 5", "might: 3, assault: 5", 2, 3))
    assert.isUndefined(o.error)
    assert.deepStrictEqual(totals(o), { attackers: 2, defenders: 3 })
  })

  /** 814.2: "…the Shield Value of all granted Shield keywords is summed." 807.1.b.3: "If X is omitted, it is presumed to be 1." */
  it("814.2 / 807.2: two Shields are summed; an Assault without a value is 1", () => {
    const o = outcome(combat("might: 2, assault: true", "might: 3, shield: [1, 2]", 3, 6))
    assert.isUndefined(o.error)
    assert.deepStrictEqual(totals(o), { attackers: 3, defenders: 6 })
    assert.deepStrictEqual(Rules.keywordValue([2, 3]), 5)
    assert.deepStrictEqual(Rules.keywordValue(undefined), 0)
  })

  /** 465.2: "…using their current Might." — a total other than the summed current Might is refused. */
  it("465.2.c: assigning the printed Might instead of the current one is refused, naming the step", () => {
    const o = outcome(combat("might: 2, assault: 2", "might: 3, shield: 1", 2, 4))
    assert.strictEqual(o.error?.tag, "ScenarioInvalid")
    assert.include(o.error?.message ?? "", "attackersAssign")
  })

  /** 466.7.a: "Remove Attacker and Defender Designation from all Units and Players." — the bonus goes with it. */
  it("466.7.a: after combat the designations and their Might are gone", () => {
    const o = outcome(combat("might: 5, assault: 2", "might: 9, shield: 1", 7, 10))
    assert.isUndefined(o.error)
    assert.strictEqual(o.state.A?.might, 5)
    assert.strictEqual(o.state.D?.might, 9)
    assert.isUndefined(o.state.A?.attacker)
    assert.isUndefined(o.state.D?.defender)
  })

  it("mutant: a bonus that ignores the designation gives a defender its Assault, and the totals catch it", () => {
    const mutant = (o: Parameters<typeof Rules.combatBonus>[0]) =>
      Rules.keywordValue(o?.props.assault) + Rules.keywordValue(o?.props.shield)
    const d = { id: "D", kind: "object" as const, props: { types: ["unit"], might: 3, assault: 5 } }
    assert.strictEqual(Rules.combatBonus(d, "defender"), 0)
    assert.notStrictEqual(mutant(d), Rules.combatBonus(d, "defender"))
  })

  /**
   * 423.1.b: "A Stunned Unit does not contribute its might to damage in the combat damage step."
   * 423.1.c: "A Stunned Unit must still have damage applied to it equal to, or greater than, its
   * full might value to be killed."
   */
  it("423.1.b–c: a stunned attacker adds nothing to the total, and still needs its full Might to die", () => {
    const text = `${header}objects:
  - { id: A1, controller: P1, types: [unit], might: 3 }
  - { id: A2, controller: P1, types: [unit], might: 4, stunned: true }
  - { id: D, controller: P2, types: [unit], might: 9 }
steps:
  - combatDamage: { id: c1, attackers: [A1, A2], defenders: [D], attackersAssign: { D: 3 }, defendersAssign: { A1: 3, A2: 6 } }
`
    const o = outcome(text)
    assert.isUndefined(o.error)
    const q = o.queries.c1 as { attackers: { total: number; stunned: ReadonlyArray<string> } }
    assert.strictEqual(q.attackers.total, 3)
    assert.deepStrictEqual(q.attackers.stunned, ["A2"])
    assert.strictEqual(o.state.A2?.zone, "trash")
    // with A2's Might summed (the mutant reading), 3 is not the total: the step is refused
    const summed = outcome(text.replace("attackersAssign: { D: 3 }", "attackersAssign: { D: 7 }"))
    assert.strictEqual(summed.error?.tag, "ScenarioInvalid")
  })

  /** Nothing in 465 reads "exhausted": an exhausted attacker's Might is summed like any other. */
  it("an exhausted unit still contributes its Might (only stunned matters, 423.1.b)", () => {
    const o = outcome(combat("might: 2, exhausted: true", "might: 3", 2, 3))
    assert.isUndefined(o.error)
    assert.deepStrictEqual(totals(o), { attackers: 2, defenders: 3 })
  })
})

describe("both sides' combat damage at once (465.2.c.1.a) and the Combat Cleanup (466.1)", () => {
  /** 465.2.c.1.a: "When all Damage is assigned, it will be Dealt simultaneously." (RB-12) */
  it("465.2.c.1.a: the two assignments are one event: D is dealt A's 4 although A dies of D's 5", () => {
    const o = outcome(file("RB-12.yaml"))
    assert.deepStrictEqual(o.events.c1?.dealt, { D: 4, A: 5 })
    assert.deepStrictEqual(o.events.c1?.happened.map((h) => h.subject).sort(), ["A", "D"])
  })

  /**
   * 428.5.c.2: "If the Cleanup that caused the units to be killed was the Combat Cleanup, the
   * sources of the Combat Damage are attributed the kill action, and their controller is
   * responsible for the kill action." — what a "when you kill a unit" trigger reads: the kill's
   * `source` and `params.killedBy` (a stunned unit deals no combat damage, 423.1.b).
   */
  it("428.5.c.2: a Combat Cleanup kill is attributed to the sources of the combat damage", () => {
    const text = `${header}objects:
  - { id: A1, controller: P1, types: [unit], might: 3 }
  - { id: A2, controller: P1, types: [unit], might: 2 }
  - { id: A3, controller: P1, types: [unit], might: 4, stunned: true }
  - { id: D, controller: P2, types: [unit], might: 5 }
  - { id: Old, controller: P2, types: [unit], might: 2, damage: 2 }
steps:
  - combatDamage: { id: c1, attackers: [A1, A2, A3], defenders: [D], attackersAssign: { D: 5 }, defendersAssign: { A1: 3, A2: 2 } }
`
    const o = outcome(text)
    assert.isUndefined(o.error)
    const kill = (u: string) => o.events["c1.kill"]?.occurrences[`c1.kill:${u}`]
    assert.strictEqual(kill("D")?.status, "happened")
    assert.strictEqual(kill("D")?.source, "A1")
    assert.deepStrictEqual(kill("D")?.params.killedBy, ["A1", "A2"])
    assert.strictEqual(kill("A1")?.status, "happened")
    assert.deepStrictEqual(kill("A1")?.params.killedBy, ["D"])
    // lethal from before this combat: killed by the cleanup, but not by this combat's damage
    assert.strictEqual(kill("Old")?.status, "happened")
    assert.strictEqual(kill("Old")?.source, null)
    assert.isUndefined(kill("Old")?.params.killedBy)
  })

  /** 323.5: "3b. All Units that have LethalDamage marked on them are killed…"; 142.4.b: lethal damage is non-zero. */
  it("323.5: the cleanup kills the units with lethal damage only — a 0-Might unit with no damage lives", () => {
    const text = `${header}objects:
  - { id: A, controller: P1, types: [unit], might: 0 }
  - { id: A2, controller: P1, types: [unit], might: 3 }
  - { id: D, controller: P2, types: [unit], might: 3 }
steps:
  - combatDamage: { id: c1, attackers: [A, A2], defenders: [D], attackersAssign: { D: 3 }, defendersAssign: { A2: 3 } }
`
    const o = outcome(text)
    assert.isUndefined(o.error)
    assert.strictEqual(status(o, "c1.kill", "c1.kill:A"), "failed")
    assert.strictEqual(o.state.A?.zone, "board")
    assert.strictEqual(status(o, "c1.kill", "c1.kill:A2"), "happened")
    const exact = outcome(combat("might: 2", "might: 2", 2, 2))
    assert.strictEqual(status(exact, "c1.kill", "c1.kill:A"), "happened")
    assert.strictEqual(status(exact, "c1.kill", "c1.kill:D"), "happened")
  })

  it("mutant: a cleanup that kills every unit in the combat (no lethal check) kills D in RB-12", () => {
    const mutant: Policy.Rules = {
      ...Rules.rules,
      fails: (occ, view) => (occ.family === Rules.Family.die ? undefined : Rules.fails(occ, view))
    }
    const check = run(file("RB-12.yaml"), mutant)
    assert.isFalse(check.ok)
    assert.strictEqual(check.run.outcome.state.D?.zone, "trash")
    assert.isTrue(run(file("RB-12.yaml")).ok)
  })

  /** 370.1.a.1: "A unit's death being replaced by Zhonya's Hourglass is the same as the kill action … not occurring." */
  it("323.5 + 370.1.a.1: the cleanup's kill is an event Zhonya's Hourglass replaces", () => {
    const zhonya = `  - { id: zhonya, controller: P1, types: [gear] }
effects:
  - { kind: saveFromDeath, id: zhonya, controller: P1, source: zhonya, to: { types: [unit], controller: you }, killSource: true }
`
    const text = combat("might: 4", "might: 5", 4, 5).replace("steps:", `${zhonya}steps:`)
    const o = outcome(text)
    assert.isUndefined(o.error, o.error?.message)
    assert.strictEqual(status(o, "c1.kill", "c1.kill:A"), "replaced")
    assert.strictEqual(o.state.A?.zone, "base")
    assert.strictEqual(o.state.A?.damage, 0)
    assert.strictEqual(o.state.A?.exhausted, true)
    assert.strictEqual(o.state.zhonya?.zone, "trash")
  })

  /**
   * 466.1.a.1: Insert "3c. Heal all Units." 466.1.a.2: Insert "3d. Recall Attackers present at the
   * Battlefield if Defenders are still present."
   */
  it("466.1.a: both survive — both healed, the attacker recalled to base, the defender stays", () => {
    const prevented = `effects:
  - { kind: prevent, id: p, controller: P1, to: A, amount: all }
`
    const o = outcome(combat("might: 5", "might: 9", 5, 9, prevented))
    assert.isUndefined(o.error)
    assert.strictEqual(status(o, "c1.recall", "c1.recall:A"), "happened")
    assert.deepStrictEqual([o.state.A?.zone, o.state.A?.damage], ["base", 0])
    assert.deepStrictEqual([o.state.D?.zone, o.state.D?.damage], ["board", 0])
  })

  it("466.1.a.2: no defender remains — the attacker is not recalled; mutant without that check recalls it", () => {
    const text = combat("might: 5", "might: 2", 5, 2)
    const o = outcome(text)
    assert.isUndefined(o.error)
    assert.strictEqual(status(o, "c1.recall", "c1.recall:A"), "failed")
    assert.strictEqual(o.state.A?.zone, "board")
    const mutant: Policy.Rules = {
      ...Rules.rules,
      fails: (occ, view) => (occ.family === Rules.Family.recall ? undefined : Rules.fails(occ, view))
    }
    assert.strictEqual(outcome(text, mutant).state.A?.zone, "base")
  })

  it("bad input: an assignment to a unit of one's own side is refused with its path", () => {
    const text = combat("might: 2", "might: 2", 1, 1).replace(
      "defendersAssign: { A: 1 }",
      "defendersAssign: { D: 1 }"
    )
    const r = parseScenario(text, "bad.yaml", [ruleset])
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) assert.include(r.failure.message, "defendersAssign")
  })
})

describe("death replacements in one sequence (370.4, 373.1.a, 373.2)", () => {
  /**
   * 373.2: "…each Replacement Effect may only be applied in one sequence, to any number of events
   * that are qualified to be replaced." Example: Soraka and Guardian Angel, both orders (RB-11).
   */
  it("373.2: Soraka first saves the battlefield Recruits; Guardian Angel first, the base Recruits", () => {
    const a = outcome(file("RB-11.yaml"))
    const b = outcome(file("RB-11-guardian-first.yaml"))
    const dead = (o: Ruleset.Outcome) => ["R1", "R2", "R3", "R4"].filter((r) => o.state[r]?.zone === "trash")
    assert.deepStrictEqual(dead(a), ["R3", "R4"])
    assert.deepStrictEqual(dead(b), ["R1", "R2"])
    assert.strictEqual(a.state.soraka?.zone, "base")
    assert.strictEqual(b.state.soraka?.zone, "base")
  })

  it("mutant: without one sequence per effect (373.2), Soraka's effect saves the base Recruits too after Guardian Angel", () => {
    const mutant: Policy.Rules = { ...Rules.rules, order: { ...Rules.order, sequences: undefined } }
    const check = run(file("RB-11.yaml"), mutant)
    assert.isFalse(check.ok)
  })

  /** Soraka: "…if it has less Might than me…" — equal Might does not qualify. */
  it("Soraka's Might comparison is strict: a 3-Might unit next to a 3-Might Soraka dies", () => {
    const text = `${header}objects:
  - { id: soraka, controller: P1, types: [unit], might: 3 }
  - { id: U3, controller: P1, types: [unit], might: 3 }
  - { id: U2, controller: P1, types: [unit], might: 2 }
  - { id: E1, controller: P2, types: [unit], might: 1 }
effects:
  - { kind: saveFromDeath, id: s, controller: P1, source: soraka, to: { types: [unit], controller: you }, other: true, here: true, lessMight: true }
steps:
  - event: { id: k, occurrences: [{ id: k3, family: die, to: U3, amount: 1 }, { id: k2, family: die, to: U2, amount: 1 }, { id: ke, family: die, to: E1, amount: 1 }, { id: ks, family: die, to: soraka, amount: 1 }] }
`
    const o = outcome(text)
    assert.strictEqual(status(o, "k", "k3"), "happened")
    assert.strictEqual(status(o, "k", "k2"), "replaced")
    // "you control": an enemy unit is not saved; "another": Soraka does not save herself
    assert.strictEqual(status(o, "k", "ke"), "happened")
    assert.strictEqual(status(o, "k", "ks"), "happened")
  })

  /** 370.4: "…Soraka's replacement can be applied to any qualifying event that occurs simultaneously with her leaving the board…" */
  it("370.4: Soraka dying at the same time still saves the Recruits with her", () => {
    const o = outcome(file("RB-11.yaml").replace("decisions: [sorakaSaves]", "decisions: [sorakaSaves]"))
    assert.strictEqual(status(o, "cleanup", "dR1"), "replaced")
  })

  it("bad input: saveFromDeath with killSource and no source is refused by the constructor", () => {
    const text = `${header}objects:
  - { id: U, controller: P1, types: [unit], might: 1 }
effects:
  - { kind: saveFromDeath, id: z, controller: P1, to: U, killSource: true }
steps: []
`
    const r = parseScenario(text, "bad.yaml", [ruleset])
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) assert.include(r.failure.message, "source")
  })
})

describe("the game actions' events in the outcome; a cost replaced is still paid (357.2.a)", () => {
  /** What a trigger system reads: family, subject, amount, status, replacedBy of every event. */
  it("every family (die, heal, exhaust, recall, stun) is an event the outcome shows", () => {
    const text = `${header}objects:
  - { id: U, controller: P1, types: [unit], might: 3, damage: 1 }
  - { id: V, controller: P2, types: [unit], might: 2 }
steps:
  - event: { id: e, occurrences: [
      { id: h, family: heal, to: U, amount: 1 }, { id: x, family: exhaust, to: U, amount: 1 },
      { id: s, family: stun, to: V, amount: 1 }, { id: r, family: recall, to: U, amount: 1 },
      { id: d, family: die, to: V, amount: 1 }] }
`
    const o = outcome(text)
    const occ = o.events.e?.occurrences ?? {}
    for (const [id, family, subject] of [
      ["h", "heal", "U"],
      ["x", "exhaust", "U"],
      ["s", "stun", "V"],
      ["r", "recall", "U"],
      ["d", "die", "V"]
    ] as const) {
      assert.deepInclude(occ[id], { family, subject, amount: 1, status: "happened", replacedBy: [] }, id)
    }
    assert.deepInclude(o.state.U, { damage: 0, exhausted: true, zone: "base" })
    // V was stunned, then died: in the trash it is a new object whose status is cleared (124.1:
    // "Whenever a Game Object changes zones to or from a Non-Board Zone, all Temporary
    // Modifications of all kinds cease to be tracked on it … Statuses are cleared.")
    assert.deepInclude(o.state.V, { stunned: false, zone: "trash" })
  })

  /**
   * 357.2.a: "Costs that are replaced with other events by replacement effects are still
   * considered paid." (RB-14: Cruel Patron and Zhonya's Hourglass)
   */
  it("357.2.a: the replaced cost is paid and says what replaced it; a cost at 0 is not paid; a non-cost has no paid", () => {
    const o = outcome(file("RB-14.yaml"))
    const cost = o.events.play?.occurrences.cost
    assert.deepInclude(cost, { status: "replaced", paid: true })
    assert.deepStrictEqual(
      cost?.replacedBy.map((id) => o.events.play?.occurrences[id]?.family),
      ["die", "heal", "exhaust", "recall"]
    )
    // the naive reading (paid only if it happened) is the mutant this catches
    assert.notStrictEqual(cost?.status === "happened", cost?.paid)
    const zero = outcome(file("RB-14.yaml").replace("amount: 1, kinds: [cost]", "amount: 0, kinds: [cost]"))
    assert.deepInclude(zero.events.play?.occurrences.cost, { status: "zero", paid: false })
    const plain = outcome(file("RB-14.yaml").replace("amount: 1, kinds: [cost]", "amount: 1"))
    assert.notProperty(plain.events.play?.occurrences.cost ?? {}, "paid")
  })
})

describe("a Cleanup outside combat: the `cleanup` step (323.5, 428.4, 428.5.c)", () => {
  const spell = (
    might: string,
    extra = "",
    cleanup = "  - cleanup: { id: cl, source: spell }\n"
  ) => `${header}objects:
  - { id: U, controller: P2, types: [unit], ${might} }
  - { id: spell, controller: P1, types: [spell] }
${extra}steps:
  - event: { id: bolt, occurrences: [{ id: b, to: U, source: spell, amount: 3 }] }
${cleanup}`

  /**
   * 323.5: "3b. All Units that have LethalDamage marked on them are killed and placed in their
   * owners' Trash." 428.5.c: the kill is "attributed to the spell or ability that resolved
   * immediately prior to that Cleanup that dealt damage". (RB-12-spell-lethal)
   */
  it("323.5: the spell's 3 damage on a 3-Might unit is lethal — the cleanup kills it, attributed to the spell", () => {
    const o = outcome(file("RB-12-spell-lethal.yaml"))
    assert.isUndefined(o.error, o.error?.message)
    assert.strictEqual(status(o, "cl", "cl:U"), "happened")
    assert.deepStrictEqual(o.events.cl?.happened, [
      { id: "cl:U", family: "die", subject: "U", source: "spell", amount: 1 }
    ])
    assert.strictEqual(o.state.U?.zone, "trash")
    assert.strictEqual(status(o, "cl", "cl:V"), "failed")
    assert.strictEqual(o.state.V?.zone, "board")
  })

  /** 323.5 kills only units with lethal damage; 142.4.b: lethal damage is non-zero. */
  it("323.5: 2 damage on a 3-Might unit is not lethal, nor is a 0-Might unit with none — both live", () => {
    const o = outcome(
      spell("might: 4", "", "  - cleanup: { id: cl }\n").replace(
        "  - { id: spell",
        "  - { id: Z, controller: P2, types: [unit], might: 0 }\n  - { id: spell"
      )
    )
    assert.isUndefined(o.error, o.error?.message)
    assert.strictEqual(status(o, "cl", "cl:U"), "failed")
    assert.strictEqual(status(o, "cl", "cl:Z"), "failed")
    assert.deepStrictEqual([o.state.U?.zone, o.state.Z?.zone], ["board", "board"])
  })

  it("mutant: a cleanup that kills without the lethal check (323.5) kills V in RB-12-spell-lethal", () => {
    const mutant: Policy.Rules = {
      ...Rules.rules,
      fails: (occ, view) => (occ.family === Rules.Family.die ? undefined : Rules.fails(occ, view))
    }
    const check = run(file("RB-12-spell-lethal.yaml"), mutant)
    assert.isFalse(check.ok)
    assert.strictEqual(check.run.outcome.state.V?.zone, "trash")
    assert.isTrue(run(file("RB-12-spell-lethal.yaml")).ok)
  })

  /** Zhonya's Hourglass: "If a friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall it." */
  it("323.5 + 370.1.a.1: the cleanup's kill is one replaceable die event — Zhonya's Hourglass saves the unit", () => {
    const o = outcome(file("RB-12-spell-lethal-zhonya.yaml"))
    assert.isUndefined(o.error, o.error?.message)
    assert.strictEqual(status(o, "cl", "cl:U"), "replaced")
    assert.deepStrictEqual(o.events.cl?.occurrences["cl:U"]?.replacedBy, [
      "cl:U#1",
      "cl:U#2",
      "cl:U#3",
      "cl:U#4"
    ])
    assert.deepStrictEqual([o.state.U?.zone, o.state.U?.damage, o.state.U?.exhausted], ["base", 0, true])
    assert.strictEqual(o.state.zhonya?.zone, "trash")
  })

  it("no `cleanup` step, no kill: an `event` step alone leaves the lethal unit on the board (files keep their meaning)", () => {
    const o = outcome(spell("might: 3", "", ""))
    assert.isUndefined(o.error, o.error?.message)
    assert.deepStrictEqual([o.state.U?.zone, o.state.U?.damage, o.state.U?.lethal], ["board", 3, true])
    assert.isUndefined(o.events.cl)
  })

  it("`units` limits the cleanup to the units named; a unit already in the trash is not looked at (428.2.a)", () => {
    const text = spell(
      "might: 3",
      "",
      "  - cleanup: { id: cl, units: [W] }\n  - cleanup: { id: cl2 }\n"
    ).replace(
      "  - { id: spell",
      "  - { id: W, controller: P2, types: [unit], might: 1, damage: 1 }\n  - { id: T, controller: P2, types: [unit], might: 1, damage: 1, zone: trash }\n  - { id: spell"
    )
    const o = outcome(text)
    assert.isUndefined(o.error, o.error?.message)
    assert.deepStrictEqual(Object.keys(o.events.cl?.occurrences ?? {}), ["cl:W"])
    assert.strictEqual(status(o, "cl", "cl:W"), "happened")
    // the second cleanup sees U (lethal) and W (already in the trash: fails, 428.2.a); not T
    assert.strictEqual(status(o, "cl2", "cl2:U"), "happened")
    assert.strictEqual(status(o, "cl2", "cl2:W"), "failed")
    assert.isUndefined(o.events.cl2?.occurrences["cl2:T"])
    assert.strictEqual(o.state.U?.zone, "trash")
  })

  it("bad input: an unknown unit or source is refused with its path", () => {
    for (const [step, path] of [
      ["  - cleanup: { id: cl, units: [nobody] }\n", "steps[1].cleanup.units"],
      ["  - cleanup: { id: cl, source: nothing }\n", "steps[1].cleanup.source"]
    ] as const) {
      const r = parseScenario(spell("might: 3", "", step), "bad.yaml", [ruleset])
      assert.isTrue(Result.isFailure(r), step)
      if (Result.isFailure(r)) assert.include(r.failure.message, path)
    }
  })
})

describe("the cleanups of time passing: kill (323.5), then heal (317.2.b, 466.1.a.1), as events", () => {
  /** A spell deals 3 to U (Might 3) and 1 to V (Might 3); W (Might 2) is untouched; then `after`. */
  const turn = (after = "  - advance: endOfTurn\n", extra = "", objects = "") => `${header}objects:
  - { id: U, controller: P2, types: [unit], might: 3 }
  - { id: V, controller: P2, types: [unit], might: 3 }
  - { id: W, controller: P2, types: [unit], might: 2 }
  - { id: spell, controller: P1, types: [spell] }
${objects}${extra}steps:
  - event: { id: bolt, occurrences: [{ id: bU, to: U, source: spell, amount: 3 }, { id: bV, to: V, source: spell, amount: 1 }] }
${after}`

  const happened = (o: Ruleset.Outcome, event: string) =>
    (o.events[event]?.happened ?? []).map((h) => `${h.family} ${h.subject}`)

  /**
   * 317.2.a "Invoke an Ending Special Cleanup." 323.5 "3b. All Units that have LethalDamage marked
   * on them…are killed and placed in their owners' Trash." — before 317.2.b's "3c. Heal all Units."
   */
  it("317.2.a + 323.5: a unit with lethal damage at the end of the turn dies, before the heal", () => {
    const o = outcome(file("RB-X8-expiration-kill-heal.yaml"))
    assert.isUndefined(o.error, o.error?.message)
    assert.deepStrictEqual(happened(o, "endOfTurn.kill"), ["die U"])
    assert.strictEqual(o.state.U?.zone, "trash")
    // the heal comes after the kill: U is in the trash then, and is not healed
    assert.strictEqual(status(o, "endOfTurn.heal", "endOfTurn.heal:U"), "failed")
    assert.deepStrictEqual(Object.keys(o.events), ["bolt", "endOfTurn.kill", "endOfTurn.heal"])
  })

  /**
   * 317.2.b Insert "3c. Heal all Units." 418.1.a "If Damage is cleared for any reason it is
   * considered Healing." 418.2 "More than one Unit can be Healed at the same time."
   */
  it("317.2.b + 418.1.a: the damaged unit is healed by a heal event the outcome shows; an undamaged one is not (418.1)", () => {
    const o = outcome(
      turn(
        "  - advance: endOfTurn\n",
        "",
        "  - { id: X, controller: P1, types: [unit], might: 4, damage: 2 }\n"
      )
    )
    assert.isUndefined(o.error, o.error?.message)
    // one event, both damaged units healed at once (418.2)
    assert.deepStrictEqual(happened(o, "endOfTurn.1.heal"), ["heal V", "heal X"])
    assert.deepInclude(o.events["endOfTurn.1.heal"]?.occurrences["endOfTurn.1.heal:V"], {
      family: "heal",
      subject: "V",
      status: "happened",
      replacedBy: []
    })
    assert.deepInclude(o.state.V, { zone: "board", damage: 0, lethal: false })
    assert.deepInclude(o.state.X, { zone: "board", damage: 0 })
    // 418.1 "Damage being cleared from Units is Healing": W has none to clear
    assert.strictEqual(status(o, "endOfTurn.1.heal", "endOfTurn.1.heal:W"), "failed")
  })

  /** 418.1.a: the heal is an event — a replacement effect watching heals sees the cleanup's. */
  it("418.1.a: a replacement of V's heal (exhaust it instead) applies to the Expiration Step's heal", () => {
    const instead = `effects:
  - kind: replacement
    id: noHeal
    controller: P2
    label: "If V would be healed, exhaust it instead"
    watch: { family: heal, subject: { _tag: Id, ids: [V] } }
    action: { _tag: Replace, with: [{ family: exhaust, subject: subject }] }
`
    const o = outcome(turn("  - advance: endOfTurn\n", instead))
    assert.isUndefined(o.error, o.error?.message)
    const heal = o.events["endOfTurn.1.heal"]?.occurrences["endOfTurn.1.heal:V"]
    assert.strictEqual(heal?.status, "replaced")
    assert.deepStrictEqual(
      heal?.replacedBy.map((id) => o.events["endOfTurn.1.heal"]?.occurrences[id]?.family),
      ["exhaust"]
    )
    assert.deepInclude(o.state.V, { damage: 1, exhausted: true })
    assert.strictEqual(o.effects.noHeal?.uses, 1)
  })

  /**
   * Zhonya's Hourglass: "If a friendly unit would die, kill this instead. Heal that unit, exhaust
   * it, and recall it." 370.1.a.1: replacing the death is replacing the kill. 317.2.c: "3d. All
   * 'this turn' effects expire" comes after 3b, so a "this turn" save still applies to the kill.
   */
  it("323.5 + 370.1.a.1: Zhonya's Hourglass replaces the end-of-turn kill — also when it lasts only this turn (317.2.c)", () => {
    for (const duration of ["", ", duration: endOfTurn"]) {
      const zhonya = `effects:
  - { kind: saveFromDeath, id: zhonya, controller: P2, source: zhonya, to: { types: [unit], controller: you }, killSource: true${duration} }
`
      const o = outcome(
        turn("  - advance: endOfTurn\n", zhonya, "  - { id: zhonya, controller: P2, types: [gear] }\n")
      )
      assert.isUndefined(o.error, o.error?.message)
      assert.strictEqual(status(o, "endOfTurn.1.kill", "endOfTurn.1.kill:U"), "replaced", duration)
      assert.deepInclude(o.state.U, { zone: "base", damage: 0, exhausted: true })
      assert.strictEqual(o.state.zhonya?.zone, "trash")
      // the Hourglass healed U already: the cleanup's heal finds no damage on it (418.1)
      assert.strictEqual(status(o, "endOfTurn.1.heal", "endOfTurn.1.heal:U"), "failed")
      assert.strictEqual(status(o, "endOfTurn.1.heal", "endOfTurn.1.heal:V"), "happened")
    }
  })

  /**
   * 466.1.a "Invoke a Combat Special Cleanup." — a `combatDamage` step performs it (kill, heal,
   * recall) and ends the combat: one Cleanup per combat, no second kill or heal.
   */
  it("466.1.a: one Combat Cleanup per combatDamage step — its kill, heal and recall, no second one", () => {
    const prevent6 = `effects:
  - { kind: prevent, id: p, controller: P1, to: A, amount: 6 }
`
    const o = outcome(combat("might: 5", "might: 9", 5, 9, prevent6))
    assert.isUndefined(o.error, o.error?.message)
    assert.deepStrictEqual(Object.keys(o.events), ["c1", "c1.kill", "c1.heal", "c1.recall"])
    assert.deepStrictEqual(happened(o, "c1.heal"), ["heal A", "heal D"])
    assert.deepStrictEqual(happened(o, "c1.kill"), [])
    assert.deepInclude(o.state.A, { zone: "base", damage: 0 })
  })

  /** 466.1.a, 323.5: after a `combat` step, `advance: endOfCombat` is the Combat Cleanup: the lethal units die. (RB-03) */
  it("466.1.a + 323.5: advance endOfCombat kills RB-03's units with lethal damage, then heals", () => {
    const o = outcome(file("RB-03.yaml"))
    assert.isUndefined(o.error, o.error?.message)
    assert.deepStrictEqual(happened(o, "endOfCombat.kill"), ["die U", "die W"])
    assert.deepStrictEqual(happened(o, "endOfCombat.heal"), [])
    assert.deepStrictEqual([o.state.U?.zone, o.state.W?.zone], ["trash", "trash"])
  })

  it("nothing damaged: every kill and heal fails cleanly; no unit on the board: no cleanup event at all", () => {
    const quiet = `${header}objects:
  - { id: W, controller: P2, types: [unit], might: 2 }
steps:
  - advance: endOfTurn
`
    const o = outcome(quiet)
    assert.isUndefined(o.error, o.error?.message)
    assert.deepStrictEqual([happened(o, "endOfTurn.0.kill"), happened(o, "endOfTurn.0.heal")], [[], []])
    assert.deepStrictEqual(
      [
        status(o, "endOfTurn.0.kill", "endOfTurn.0.kill:W"),
        status(o, "endOfTurn.0.heal", "endOfTurn.0.heal:W")
      ],
      ["failed", "failed"]
    )
    assert.deepInclude(o.state.W, { zone: "board", damage: 0 })
    const none = outcome(`${header}objects:
  - { id: T, controller: P2, types: [unit], might: 1, damage: 1, zone: trash }
steps:
  - advance: endOfTurn
  - advance: endOfCombat
`)
    assert.isUndefined(none.error, none.error?.message)
    assert.deepStrictEqual(none.events, {})
    assert.deepInclude(none.state.T, { zone: "trash", damage: 1 })
  })

  it("two turns end: each has its own cleanup events, and the second finds nothing to do", () => {
    const o = outcome(turn("  - advance: endOfTurn\n  - advance: endOfTurn\n"))
    assert.isUndefined(o.error, o.error?.message)
    assert.deepStrictEqual(happened(o, "endOfTurn.1.kill"), ["die U"])
    assert.deepStrictEqual(happened(o, "endOfTurn.1.heal"), ["heal V"])
    assert.deepStrictEqual([happened(o, "endOfTurn.2.kill"), happened(o, "endOfTurn.2.heal")], [[], []])
  })

  it("mutant: a cleanup whose heal ignores the damage check heals an undamaged unit — the outcome shows it", () => {
    const mutant: Policy.Rules = {
      ...Rules.rules,
      fails: (occ, view) => (occ.family === Rules.Family.heal ? undefined : Rules.fails(occ, view))
    }
    const o = outcome(file("RB-X8-expiration-kill-heal.yaml"), mutant)
    assert.include(happened(o, "endOfTurn.heal"), "heal W")
    assert.isFalse(run(file("RB-X8-expiration-kill-heal.yaml"), mutant).ok)
  })
})

describe("the Combat Cleanup looks at every unit (323.5, 466.1.a.1)", () => {
  /**
   * 323.5 "3b. All Units that have LethalDamage marked on them…are killed" — not only the
   * combat's — before 466.1.a.1's "3c. Heal all Units.": a unit elsewhere with lethal damage
   * dies in the Combat Cleanup, it is not healed.
   */
  it("323.5: a lethal unit outside the combat dies in the Combat Cleanup instead of being healed", () => {
    const o = outcome(
      combat("might: 5", "might: 9", 5, 9, "").replace(
        "steps:",
        "  - { id: L, controller: P2, types: [unit], might: 2, damage: 2 }\nsteps:"
      )
    )
    assert.isUndefined(o.error, o.error?.message)
    assert.strictEqual(status(o, "c1.kill", "c1.kill:L"), "happened")
    assert.strictEqual(status(o, "c1.heal", "c1.heal:L"), "failed")
    assert.deepInclude(o.state.L, { zone: "trash" })
  })
})
