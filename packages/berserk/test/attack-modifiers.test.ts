/**
 * Attack modifiers as replacements (issue 28). Берсерк 533.2: «Предотвращение используется
 * всегда после наложения всех модификаторов атаки (заклинания, воздействия) и применения защит
 * (см. п. 511.5).» (Prevention is always used after all attack (spell, impact) modifiers have
 * been applied and protections have been applied.) — a `strengthModifier` is a replacement of
 * the attack's wounds in the category `attackModifier`, which the ordering policy applies before
 * every other group, in the order written, no player choosing: the group order beats the player
 * order (the inactive player's prevention still comes after the active player's modifiers).
 */
import type { Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { Effects, Rules, RuleText, ruleset } from "../src/index.js"

const run = (effects: string, strength = 3): Ruleset.RunResult => {
  const r = parseScenario(
    `format: 4
ruleset: berserk
players: [ap, ip]
turn: ap
objects:
  - { id: orc, controller: ap, types: [creature], cost: 2, strength: ${strength} }
  - { id: target, controller: ip, types: [creature], cost: 3, life: 20 }
effects:
${effects}steps:
  - attack: { id: a1, kind: удар, from: orc, to: target }
`,
    "test.yaml",
    [ruleset]
  )
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run
}

const applied = (r: Ruleset.RunResult): ReadonlyArray<string> =>
  r.trace.flatMap((x) => (x._tag === "Applied" ? [x.effect] : []))

const dealt = (r: Ruleset.RunResult): number | undefined => r.outcome.events["a1"]?.dealt?.["target"]

const times2 = "  - { kind: strengthModifier, id: twice, times: 2, kinds: [удар] }\n"
const plus1 = "  - { kind: strengthModifier, id: plus1, value: 1, kinds: [удар] }\n"

describe("533.2: attack modifiers first, in the order written", () => {
  it("the quoted rule is the bundled one, and the policy's first group cites it", () => {
    expect(RuleText.sentences["533.2"]).toContain("после наложения всех модификаторов атаки")
    expect(Rules.slots[0]?.name).toBe("attack modifiers")
    expect(Rules.slots[0]?.rule).toBe(Effects.RULE_ATTACK_MODIFIER)
    expect(Effects.RULE_ATTACK_MODIFIER).toContain("533.2")
  })

  it("×2 then +1 deals 7, +1 then ×2 deals 8: the order written, no player asked", () => {
    const a = run(times2 + plus1)
    const b = run(plus1 + times2)
    expect([dealt(a), dealt(b)]).toEqual([7, 8])
    expect([a.outcome.state["a1"]?.["strength"], b.outcome.state["a1"]?.["strength"]]).toEqual([7, 8])
    expect(applied(a)).toEqual(["twice", "plus1"])
    expect(applied(b)).toEqual(["plus1", "twice"])
    expect([a.outcome.decisions, b.outcome.decisions]).toEqual([[], []])
  })

  it("the modifiers come before the inactive player's prevention (the group order beats the player order)", () => {
    const r = run(
      `  - { kind: prevent, id: shield, controller: ip, to: [target], amount: 4 }\n${plus1}${times2}`
    )
    // (3 + 1) × 2 = 8, then 4 prevented: 4 — prevention after the modifiers would not see 8 otherwise
    expect(applied(r)).toEqual(["plus1", "twice", "shield"])
    expect(dealt(r)).toBe(4)
    expect(r.outcome.events["a1"]?.occurrences["a1"]).toMatchObject({
      proposed: 8,
      modified: 0,
      prevented: 4
    })
  })

  it("a card's «+1 к силе» (modifyProperty) is in the view: the wounds start from it", () => {
    const r = run(`  - { kind: modifyProperty, id: rage, to: orc, prop: strength, plus: 1 }\n${times2}`)
    // (3 + 1) × 2 = 8: the card's modifier first, then the attack's
    expect(dealt(r)).toBe(8)
    expect(r.outcome.events["a1"]?.occurrences["a1"]?.proposed).toBe(8)
    expect(applied(r)).toEqual(["twice"])
  })

  it("the generic form (kind: replace, category: attackModifier) is the same", () => {
    const generic = run(
      "  - { kind: replace, id: twice, category: attackModifier, kinds: [удар], times: 2 }\n  - { kind: replace, id: plus1, category: attackModifier, kinds: [удар], plus: 1 }\n"
    )
    const named = run(times2 + plus1)
    expect(generic.outcome.events).toEqual(named.outcome.events)
    expect(generic.outcome.state).toEqual(named.outcome.state)
  })
})

describe("533.2: an attack modifier is arithmetic on the attack's strength (core `first`)", () => {
  const plus2 = "  - { kind: strengthModifier, id: plus2, value: 2, kinds: [удар] }\n"
  const minus5 = "  - { kind: strengthModifier, id: minus5, value: -5, kinds: [удар] }\n"
  const plus3 = "  - { kind: strengthModifier, id: plus3, value: 3, kinds: [удар] }\n"

  it("«+2 к удару» on a card of strength 0 deals 2: the attack's strength is 2, and its wounds", () => {
    const r = run(plus2, 0)
    expect(dealt(r)).toBe(2)
    expect(r.outcome.state["a1"]?.["strength"]).toBe(2)
    expect(r.outcome.events["a1"]?.occurrences["a1"]).toMatchObject({ proposed: 2, modified: 0 })
    expect(applied(r)).toEqual(["plus2"])
  })

  it("3, then −5, then +3 deals 1, as the strength the attack shows: no stop at 0 on the way", () => {
    const r = run(minus5 + plus3)
    expect([dealt(r), r.outcome.state["a1"]?.["strength"]]).toEqual([1, 1])
    expect(applied(r)).toEqual(["minus5", "plus3"])
  })

  it("3, then −5 deals nothing, and a prevention after it is not used", () => {
    const r = run(`${minus5}  - { kind: prevent, id: shield, controller: ip, to: [target], amount: 4 }\n`)
    expect(dealt(r) ?? 0).toBe(0)
    expect(applied(r)).toEqual(["minus5"])
  })
})
