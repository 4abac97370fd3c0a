/**
 * Issue 29, point 3: an effect's named source (and its named unit) that changed zones is a new
 * object. Riftbound 124: "A Game Object that changes zones to or from a Non-Board Zone becomes a
 * new object for the purposes of tracking that object." The zone changes are `Rules.commit`'s
 * (a death: to the trash, 428) and a scenario's `update`, each through core's `Identity.move`; a
 * recall (board to base) is not to or from a Non-Board Zone. The binding is core's
 * `Identity.bind` (`Effects.aimedAt`). A scenario keeps the card's id across its zone changes.
 * The mutant at the end commits a death without `Identity.move`, as before.
 */
import type { Policy, Ruleset } from "@bulwark/core"
import { GameView, Identity } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, Rules, ruleset } from "../src/index.js"

const outcome = (text: string, rules?: Policy.Rules): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  const loaded = r.success
  return checkScenario(rules === undefined ? loaded : { ...loaded, ruleset: { ...loaded.ruleset, rules } })
    .run.outcome
}

/** S (P1's) and U (P2's) on the board; `effect`; `between` before S deals 2 to U. */
const file = (effect: string, between: string) => `format: 2
ruleset: riftbound
players: [P1, P2]
turn: P1
objects:
  - { id: S, controller: P1, types: [unit], might: 3, zone: board }
  - { id: U, controller: P2, types: [unit], might: 6, zone: board }
effects:
  - ${effect}
steps:
${between}  - event: { id: hit, occurrences: [{ id: d, source: S, to: U, amount: 2 }] }
`
/** "Deal 1 Bonus Damage" with S as the named source. */
const bonus = "{ kind: bonusDamage, id: b, controller: P1, from: S, amount: 1 }"
/** "The next time U would be dealt damage, prevent it." */
const shield = "{ kind: preventNext, id: p, controller: P2, to: U }"
/** `id` dies (to the trash). */
const dies = (id: string) => `  - event: { id: kill, occurrences: [{ family: die, to: ${id} }] }\n`
/** `id` dies (to the trash), then an update returns the card, same id, to the board. */
const diesAndReturns = (id: string) =>
  `  - event: { id: kill, occurrences: [{ family: die, to: ${id} }] }\n  - { update: { object: ${id}, zone: board } }\n`

describe("Riftbound 124: a Game Object to or from a Non-Board Zone becomes a new object", () => {
  it("the named source, before: its Bonus Damage applies (3)", () => {
    assert.strictEqual(outcome(file(bonus, "")).state.U?.damage, 3)
  })

  it("the named source died and returned: a new object, no Bonus Damage (2)", () => {
    const o = outcome(file(bonus, diesAndReturns("S")))
    assert.strictEqual(o.events.hit?.occurrences.d?.status, "happened")
    assert.strictEqual(o.state.U?.damage, 2)
  })

  /** The death alone (the commit's move to the trash) makes the new object: its damage from the trash gets no Bonus Damage. */
  it("the named source died: in the trash it is a new object (2)", () => {
    assert.strictEqual(outcome(file(bonus, dies("S"))).state.U?.damage, 2)
  })

  it("the named unit, before: the next damage to it is prevented", () => {
    assert.strictEqual(outcome(file(shield, "")).state.U?.damage, 0)
  })

  it("the named unit died and returned: a new object, dealt the 2", () => {
    assert.strictEqual(outcome(file(shield, diesAndReturns("U"))).state.U?.damage, 2)
  })

  it("an update to the hand and back is a new object too; a recall to base is not (both board zones)", () => {
    const there = (zone: string) =>
      `  - { update: { object: U, zone: ${zone} } }\n  - { update: { object: U, zone: board } }\n`
    assert.strictEqual(outcome(file(shield, there("hand"))).state.U?.damage, 2)
    assert.strictEqual(outcome(file(shield, there("base"))).state.U?.damage, 0)
    const recalled = "  - event: { id: r, occurrences: [{ family: recall, to: U }] }\n"
    assert.strictEqual(outcome(file(shield, recalled)).state.U?.damage, 0)
    assert.isTrue(Rules.makesNewObject("BF1", "trash"))
    assert.isFalse(Rules.makesNewObject("BF1", "base"))
  })

  /**
   * A death replacement names its unit as well (Guardian Angel: "If I would die, kill Guardian
   * Angel instead. Heal me, exhaust me, and recall me"): the unit gone to the hand and back is a
   * new object it does not save — as its generic form (`kind: replace`, `family: die`), bound to
   * what it names, does not. Mutant: without the binding (before issue 28 point 2) the new object
   * is saved (the first assertion fails).
   */
  it("saveFromDeath: the named unit to the hand and back is a new object it does not save", () => {
    const ga = (to: string) => `format: 3
ruleset: riftbound
players: [P1, P2]
turn: P1
objects:
  - { id: U, controller: P2, types: [unit], might: 2, damage: 2 }
  - { id: ga, controller: P2, types: [gear] }
effects:
  - { kind: saveFromDeath, id: ga, controller: P2, source: ga, to: U, killSource: true }
steps:
${to}  - event: { id: e1, occurrences: [{ id: u, family: die, to: U, amount: 1 }] }
`
    const died = (text: string) => outcome(text).events.e1?.occurrences.u?.status
    assert.strictEqual(
      died(ga("  - { update: { object: U, zone: hand } }\n  - { update: { object: U, zone: base } }\n")),
      "happened"
    )
    assert.strictEqual(died(ga("")), "replaced")
  })

  it("the kinds that name a source are bound by core's Identity.bind", () => {
    const view = GameView.make({
      players: ["P1"],
      activePlayer: "P1",
      objects: [{ id: "S", kind: "object", controller: "P1", zone: "board", props: {} }]
    })
    assert.deepStrictEqual(
      Effects.bonusDamage({ id: "b", controller: "P1", from: "S", amount: 1 }, view).sameObjects,
      { source: { S: 0 } }
    )
    // no condition: the binding reads no amount, so no analysis treats it as one (see below)
    assert.isUndefined(
      Effects.bonusDamage({ id: "b", controller: "P1", from: "S", amount: 1 }, view).condition
    )
  })

  /**
   * Mutant: a death committed without `Identity.move` (as before) — S in the trash still gets its
   * Bonus Damage. (Returned to the board, the `update` from the trash makes the new object.)
   */
  it("mutant: a commit without Identity.move keeps the effect on the new object", () => {
    const plain: Policy.Rules["commit"] = (view, o) => {
      const x = view.objects[o.subject]
      return o.family === Rules.Family.die && x !== undefined
        ? GameView.setObject(view, { ...x, zone: "trash" })
        : Rules.commit(view, o)
    }
    assert.strictEqual(
      outcome(file(bonus, dies("S")), { ...ruleset.rules, commit: plain }).state.U?.damage,
      3
    )
  })
})

/**
 * The identity binding `Effects.aimedAt` adds (`sameObjects`) reads nothing the damage's amount
 * changes, so it keeps the minimum-lethal search a binary search (465.2.c.4.a: "the minimum applied value such that the
 * unit would take lethal damage"; 437.5.a: lethal counts the Prevent Value). Found by the fuzz
 * corpus: a unit of Might 2^32 with a bound "prevent the first 3" made the search try every input
 * up to its bound, one preview each — it never finished. The answer is the damage needed plus 3.
 */
describe("124's identity binding and the minimum lethal input", () => {
  it("a unit of Might 2^32 with a bound prevention: least lethal input 2^32 + 3, found by bisection", () => {
    const text = `format: 2
ruleset: riftbound
players: [A, B]
turn: A
objects:
  - { id: U, controller: B, types: [unit], might: 4294967296 }
effects:
  - { kind: prevent, id: first3, controller: B, to: U, amount: 3, each: combat }
steps:
  - query: { name: min, minimumLethal: { unit: U } }
`
    const r = parseScenario(text, "big.yaml", [ruleset])
    if (Result.isFailure(r)) return assert.fail(r.failure.message)
    // the effect carries the identity binding: this is the shape that took the slow path
    assert.isDefined(r.success.compiled.ledger.effects[0]?.sameObjects)
    const q = checkScenario(r.success).run.outcome.queries?.min as { _tag: string; input: number } | undefined
    assert.deepStrictEqual(q && { _tag: q._tag, input: q.input }, { _tag: "Lethal", input: 4294967296 + 3 })
  })
})

/**
 * The binding reads only identity, so the combat's own reading of the effects (the closed form and
 * the structured chooser, which certify the controller's best order without asking) treats a bound
 * effect as an unbound one: 465.2.c.5 ("the controller of the unit dealt damage chooses the order")
 * is not asked where every order ends the same. Found by the format-1 comparison: written as a
 * condition, the binding made five generated combats ask an order nobody had to choose.
 */
describe("124's binding and the combat's order", () => {
  const combat = `format: 2
ruleset: riftbound
players: [A, B]
turn: A
objects:
  - { id: X, controller: A, types: [unit], might: 3 }
  - { id: V, controller: B, types: [unit], might: 4 }
  - { id: spell, controller: A }
effects:
  - { kind: prevent, id: p, controller: B, to: V, amount: 1 }
  - { kind: modify, id: m, controller: A, source: spell, to: V, op: mul, value: 1 }
steps:
  - combat: { id: c1, attackers: [X], units: [V], assign: { V: 3 } }
`
  const loaded = () => {
    const r = parseScenario(combat, "combat.yaml", [ruleset])
    if (Result.isFailure(r)) throw new Error(r.failure.message)
    return r.success
  }

  it("bound effects on V: nobody is asked; V is dealt 3 − 1", () => {
    const l = loaded()
    assert.isDefined(l.compiled.ledger.effects.find((e) => e.id === "p")?.sameObjects)
    const o = checkScenario(l).run.outcome
    assert.deepStrictEqual(o.decisions, [])
    assert.deepStrictEqual(o.events.c1?.dealt, { V: 2 })
  })

  it("mutant: the binding as a condition (its first form) — the combat asks the order", () => {
    const l = loaded()
    const asCondition = l.compiled.ledger.effects.map(({ sameObjects, ...e }) =>
      sameObjects?.subject === undefined
        ? e
        : {
            ...e,
            condition: {
              _tag: "Test" as const,
              on: "subject" as const,
              filter: { _tag: "Named" as const, name: "sameObject", args: sameObjects.subject }
            }
          }
    )
    const rules = {
      ...l.ruleset.rules,
      predicates: { ...l.ruleset.rules.predicates, ...Identity.predicates }
    }
    const o = checkScenario({
      ...l,
      ruleset: { ...l.ruleset, rules },
      compiled: { ...l.compiled, ledger: { ...l.compiled.ledger, effects: asCondition } }
    }).run.outcome
    assert.isAbove(o.decisions.length, 0)
  })
})
