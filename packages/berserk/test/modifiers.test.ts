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

// the file above in format 4, with a second attack after the end of the turn when `after` is set
const two = (
  effects: string,
  first = "  - attack: { id: a1, kind: удар, from: orc, to: target }\n"
) => `format: 4
ruleset: berserk
players: [ap, ip]
turn: ap
objects:
  - { id: orc, controller: ap, types: [creature], cost: 2, strength: 3 }
  - { id: target, controller: ip, types: [creature], cost: 3, strength: 2, life: 20 }
effects:
${effects}steps:
${first}  - advance: endOfTurn
  - attack: { id: a2, kind: удар, from: orc, to: target }
`

describe("modifyProperty of a card's strength (core Modifiers), read by its attacks", () => {
  /**
   * «Существа в строю с Гномьим королем получают +1 к удару» (10067, berserk-notes.md 4.1), 533.2:
   * «Предотвращение используется всегда после наложения всех модификаторов атаки»: the card's
   * strength 3 +1 is 4 — its strike starts from 4, and the view's card says 4 (the attack's
   * baseStrength is 3, before any modifier).
   */
  it("plus: +1 to the card's strength, the strike is 4", () => {
    const o = outcome(two("  - { kind: modifyProperty, id: king, to: orc, prop: strength, plus: 1 }\n"))
    assert.strictEqual(o.state.a1?.strength, 4)
    assert.strictEqual(o.state.a1?.baseStrength, 3)
    assert.strictEqual(o.state.a2?.strength, 4)
    assert.strictEqual(o.state.orc?.strength, 4)
  })

  /**
   * «Сила удваивается» (core Modifiers: a doubling adds the strength as it is when it is added,
   * and keeps that amount): doubled then +1 is 3 × 2 + 1 = 7; +1 then doubled is (3 + 1) × 2 = 8.
   */
  it("times: the doubling adds the strength as it is then — 7 one way, 8 the other", () => {
    const doubleFirst = outcome(
      two(
        "  - { kind: modifyProperty, id: dbl, to: orc, prop: strength, times: 2 }\n  - { kind: modifyProperty, id: p1, to: orc, prop: strength, plus: 1 }\n"
      )
    )
    assert.strictEqual(doubleFirst.state.a1?.strength, 7)
    const plusFirst = outcome(
      two(
        "  - { kind: modifyProperty, id: p1, to: orc, prop: strength, plus: 1 }\n  - { kind: modifyProperty, id: dbl, to: orc, prop: strength, times: 2 }\n"
      )
    )
    assert.strictEqual(plusFirst.state.a1?.strength, 8)
    assert.strictEqual(plusFirst.state.target?.wounds, 16)
  })

  /**
   * «… получает эту особенность до конца боя» (10032 Дегаска, berserk-notes.md 4.1): a modifier
   * with a duration ends at that boundary — the strike before the end of the turn is 5, the one
   * after it 3 — and the doubling's amount stays as it was (3, not half of 5).
   */
  it("duration: +2 until the end of the turn ends there; a lasting doubling keeps its amount", () => {
    const o = outcome(
      two(
        "  - { kind: modifyProperty, id: rage, to: orc, prop: strength, plus: 2, duration: endOfTurn }\n  - { kind: modifyProperty, id: dbl, to: orc, prop: strength, times: 2 }\n"
      )
    )
    // (3 + 2) × 2 = 10, then the +2 ends: 10 − 2 = 8 (the doubling added 5 and keeps it)
    assert.strictEqual(o.state.a1?.strength, 10)
    assert.strictEqual(o.state.a2?.strength, 8)
    assert.strictEqual(o.state.orc?.strength, 8)
    assert.strictEqual(o.state.orc?.["modifier:rage"], undefined)
  })

  /** 533.2 and the retaliation («ответный удар»): the attacked creature's strike back starts from its modified strength. */
  it("the retaliation reads the defender's modified strength; an attack with its own strength does not", () => {
    const o = outcome(
      two(
        "  - { kind: modifyProperty, id: dbl, to: target, prop: strength, times: 2 }\n  - { kind: modifyProperty, id: p1, to: orc, prop: strength, plus: 1 }\n",
        "  - attack: { id: a1, kind: удар, from: orc, to: target, retaliation: true }\n  - attack: { id: s1, kind: выстрел, strength: 2, from: orc, to: target }\n"
      )
    )
    assert.strictEqual(o.state["a1:retaliation"]?.strength, 4)
    assert.strictEqual(o.state.orc?.wounds, 4)
    assert.strictEqual(o.state.s1?.strength, 2)
  })

  /**
   * 533.2: attack modifiers are applied when the attack is built, from the card's strength as its
   * own modifiers leave it: «+2 к удару» (kinds: [удар]) written before the card's doubling still
   * comes after it — 3 × 2 + 2 = 8.
   */
  it("an attack modifier (kinds) comes after the card's modifiers, whatever the order written", () => {
    const o = outcome(
      two(
        "  - { kind: strengthModifier, id: plus2, value: 2, kinds: [удар] }\n  - { kind: modifyProperty, id: dbl, to: orc, prop: strength, times: 2 }\n"
      )
    )
    assert.strictEqual(o.state.a1?.strength, 8)
    assert.strictEqual(o.state.a1?.baseStrength, 3)
  })

  /**
   * 533.2, «модификатор атаки»: `strengthModifier` changes the attacks, not the card — from the orc,
   * ×2 +1 until the end of the turn: its strike is 7, the one after the end of the turn 3, and the
   * card's strength stays 3 (so it has no generic form as `modifyProperty`: apps/cli/test/expansion).
   */
  it("strengthModifier from [orc] changes the orc's attacks until its duration ends, not the orc", () => {
    const o = outcome(
      two("  - { kind: strengthModifier, id: m, from: [orc], value: 1, times: 2, duration: endOfTurn }\n")
    )
    assert.strictEqual(o.state.a1?.strength, 7)
    assert.strictEqual(o.state.a2?.strength, 3)
    assert.strictEqual(o.state.orc?.strength, 3)
    assert.strictEqual(o.state.orc?.["modifier:m"], undefined)
  })

  /** Added by a step (`addEffects`): it counts from there on — the strike before it is 3, the one after it 5. */
  it("a strength modifier added by a step counts from there on", () => {
    const o = outcome(`format: 4
ruleset: berserk
players: [ap, ip]
turn: ap
objects:
  - { id: orc, controller: ap, types: [creature], cost: 2, strength: 3 }
  - { id: target, controller: ip, types: [creature], cost: 3, life: 20 }
steps:
  - attack: { id: a1, kind: удар, from: orc, to: target }
  - addEffects: [{ kind: strengthModifier, id: m, from: orc, value: 2 }]
  - attack: { id: a2, kind: удар, from: orc, to: target }
`)
    assert.strictEqual(o.state.a1?.strength, 3)
    assert.strictEqual(o.state.a2?.strength, 5)
    assert.strictEqual(o.state.target?.wounds, 8)
  })
})
