/**
 * Combat damage assignment (465.2): preview, minimum lethal input, validator, solver, dealing.
 * Each test quotes the rule it checks; expected values are worked out from the rule text.
 */
import { Chooser, GameEvent, Ledger, Resolver, Trace } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { Combat, Effects, Rules } from "../src/index.js"
import { game, info } from "./helpers.js"

const ok = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`unexpected failure: ${String(r.failure)}`)
  return r.success
}

const lotus = (unit: string) =>
  Effects.double({
    id: "lotus",
    controller: "A",
    to: unit,
    label: "Double all damage that would be dealt to it this turn."
  })

describe("preview (465.2.c.4.a, 465.2.c.5, 437.5.a)", () => {
  /**
   * 465.2.c.4.a example: "A unit with 3 [M] … "Double all damage that would be dealt to it this
   * turn." When assigning damage, the assigning player can only choose to assign 1 or 2 damage to
   * this unit—when doing so, the assigned damage is doubled to 2 or 4 damage respectively."
   */
  it("a doubled 3-Might unit: 1 applies as 2 (not lethal), 2 applies as 4 (lethal)", () => {
    const ctx = game({ U: { might: 3 } }, [lotus("U")])
    const one = ok(Combat.preview(ctx, "U", 1))
    const two = ok(Combat.preview(ctx, "U", 2))
    assert.deepStrictEqual([one.applied, one.lethal], [2, false])
    assert.deepStrictEqual([two.applied, two.lethal], [4, true])
    assert.deepStrictEqual(two.effects, ["lotus"])
  })

  /**
   * 465.2.c.5 example: "If they choose to order the replacement effects so that the prevent value
   * is applied first, the unit will prevent 2 of the assigned damage, then the last 1 point of
   * damage will be doubled to 2. The unit will have 4 damage assigned to it. When damage is dealt,
   * the unit will take 2 damage. If they choose the other order, the unit will have 6 damage
   * assigned to it, 2 of which will be prevented. When damage is dealt, the unit will take 4."
   */
  it("Lotus Trap and a Prevent Value of 2 on 3 assigned: the controller's order decides", () => {
    const ctx = game({ U: { might: 2 } }, [
      Effects.prevent({ id: "p", controller: "B", to: "U", amount: 2 }),
      lotus("U")
    ])
    const preventFirst = ok(Combat.preview(ctx, "U", 3, { order: ["p", "lotus"] }))
    const doubleFirst = ok(Combat.preview(ctx, "U", 3, { order: ["lotus", "p"] }))
    assert.deepStrictEqual([preventFirst.applied, preventFirst.prevented, preventFirst.dealt], [4, 2, 2])
    assert.deepStrictEqual([doubleFirst.applied, doubleFirst.prevented, doubleFirst.dealt], [6, 2, 4])
    // without a stated order, the controller (B) orders to take the least damage
    assert.strictEqual(ok(Combat.preview(ctx, "U", 3)).dealt, 2)
    // a unit's declared order (its controller's, 372) is honoured by the ordering policy
    const declared = game({ U: { might: 2, order: ["lotus", "p"] } }, [
      Effects.prevent({ id: "p", controller: "B", to: "U", amount: 2 }),
      lotus("U")
    ])
    assert.strictEqual(ok(Combat.preview(declared, "U", 3)).dealt, 4)
    // an order passed to the preview is the hypothetical being asked about: it wins over the
    // declared one (prevent first: 2 dealt, not 4)
    assert.strictEqual(ok(Combat.preview(declared, "U", 3, { order: ["p", "lotus"] })).dealt, 2)
    // a preview changes nothing: the Prevent Value is still 2
    assert.strictEqual(Ledger.remaining(ctx.ledger, "p"), 2)
  })

  /**
   * 437.5.a "Damage can be assigned to a Unit up to a value that would be Lethal considering the
   * Prevent Value of all Prevent Actions on a Unit". Example: "A unit with 2 [M] … has "prevent the
   * first 3 damage I would take each combat." The unit would need to be assigned 5 damage in order
   * to have lethal damage assigned to it."
   */
  it("prevention counts toward lethal: 4 is not lethal, 5 is", () => {
    const ctx = game({ U: { might: 2 } }, [
      Effects.prevent({ id: "first3", controller: "B", to: "U", amount: 3, resets: "endOfCombat" })
    ])
    assert.deepStrictEqual(ok(Combat.preview(ctx, "U", 4)).lethal, false)
    const five = ok(Combat.preview(ctx, "U", 5))
    assert.deepStrictEqual([five.prevented, five.dealt, five.lethal], [3, 2, true])
  })

  /**
   * 465.2.c.4 example: "… four 3 Might units and those units each have 1 damage already marked on
   * them, that player may not assign more than 2 damage to any of those units." — marked damage
   * counts toward lethal (142.4.b: "Lethal Damage for a Unit is a non-zero amount greater than or
   * equal to that Unit's Might").
   */
  it("marked damage counts: a 3-Might unit with 1 marked is lethal at 2", () => {
    const ctx = game({ U: { might: 3, damage: 1 } })
    assert.strictEqual(ok(Combat.preview(ctx, "U", 1)).lethal, false)
    assert.strictEqual(ok(Combat.preview(ctx, "U", 2)).lethal, true)
  })

  /**
   * 465.2.c.10 example: "Counter Strike says "Choose a unit. The next time that unit would be dealt
   * damage this turn, prevent it." The unit in question has a replacement effect applied to it, but
   * it still can be dealt damage. Thus, it is not exempt from considerations of mandatory
   * assignment." 465.2.c.5 "replacement effects that would apply to the resulting damage are
   * considered to apply to the assignment instead"; 437.1.b.2 "Prevent will always apply to the
   * next damage that would be dealt to a unit"; 437.1.b.1.b "X can be "All," which specifies an
   * infinite amount of damage"; 437.5.b "No amount of damage is ever considered lethal if the
   * Prevent Value is "All."" — Counter Strike prevents all of the next damage, so whatever is
   * assigned, the unit would take 0 (not lethal, 142.4.b: "a non-zero amount"), and it is not exempt.
   */
  it("'prevent the next damage': all of it is prevented, so no input is lethal; not exempt", () => {
    const ctx = game({ U: { might: 2 }, N: { might: 2 } }, [
      Effects.preventNext({ id: "cs", controller: "B", to: "U" })
    ])
    const p = ok(Combat.preview(ctx, "U", 2))
    assert.deepStrictEqual([p.dealt, p.prevented, p.lethal], [0, 2, false])
    assert.isTrue(p.notes.some((n) => n.includes("437.5.b")))
    const m = ok(Combat.minimumLethalInput(ctx, "U"))
    assert.deepStrictEqual(m._tag === "Never" ? [m.rule, m.exempt] : m, ["437.5.b", false])
    // not exempt: once damage is assigned to U it can never be moved on from (465.2.c.3) …
    const both = ok(Combat.validateAssignment(ctx, { total: 3, units: ["U", "N"], assign: { U: 2, N: 1 } }))
    assert.deepStrictEqual(
      both.violations.map((v) => [v.rule, v.unit]),
      [
        ["465.2.c.3", "U"],
        ["465.2.c.3", "N"]
      ]
    )
    // … so U takes the rest after N has lethal, or everything if it is assigned first
    assert.isTrue(
      ok(Combat.validateAssignment(ctx, { total: 3, units: ["U", "N"], assign: { N: 2, U: 1 } })).legal
    )
    assert.isTrue(ok(Combat.validateAssignment(ctx, { total: 3, units: ["U", "N"], assign: { U: 3 } })).legal)
  })
})

describe("minimum lethal input (465.2.c.4.a, 437.5.b, 465.2.c.10)", () => {
  /** 465.2.c.4.a: "The minimum applied value such that the unit would take lethal damage in this way is 4 damage." */
  it("doubled 3-Might unit: input 2, applied 4", () => {
    const m = ok(Combat.minimumLethalInput(game({ U: { might: 3 } }, [lotus("U")]), "U"))
    assert.deepStrictEqual(m, { _tag: "Lethal", input: 2, applied: 4, prevented: 0, dealt: 4 })
  })

  /** 465.2.c.5: "The unit would need to be assigned 5 damage in order to have lethal damage assigned to it." */
  it("2-Might unit preventing the first 3 each combat: input 5", () => {
    const ctx = game({ U: { might: 2 } }, [
      Effects.prevent({ id: "first3", controller: "B", to: "U", amount: 3, resets: "endOfCombat" })
    ])
    assert.deepStrictEqual(ok(Combat.minimumLethalInput(ctx, "U")), {
      _tag: "Lethal",
      input: 5,
      applied: 5,
      prevented: 3,
      dealt: 2
    })
  })

  /**
   * 465.2.c.4.a "the assigning player must choose the minimum applied value such that the unit
   * would take lethal damage" — with a replacement that halves the damage (a `mul 0.5` modify), a
   * 4-Might unit takes 3 from 7 and 4 from 8 (142.4.b: lethal is "greater than or equal to that
   * Unit's Might"), so its minimum lethal input is 8, not "never".
   */
  it("a halved 4-Might unit: input 8 (a reduction by a factor is searched far enough)", () => {
    const ctx = game({ U: { might: 4 } }, [
      Effects.modify({ id: "half", controller: "B", to: "U", op: "mul", value: 0.5 })
    ])
    const m = ok(Combat.minimumLethalInput(ctx, "U"))
    assert.deepStrictEqual(m._tag === "Lethal" ? [m.input, m.dealt] : m, [8, 4])
  })

  /** 142.4.b example: "A unit has 0 [M]. In order to have lethal damage marked on it, it must have at least 1 damage marked on it." */
  it("a 0-Might unit needs 1", () => {
    const m = ok(Combat.minimumLethalInput(game({ U: { might: 0 } }), "U"))
    assert.strictEqual(m._tag === "Lethal" ? m.input : -1, 1)
  })

  /** 437.5.b "No amount of damage is ever considered lethal if the Prevent Value is "All."" */
  it("Prevent All: Never (437.5.b), not exempt", () => {
    const ctx = game({ U: { might: 1 } }, [
      Effects.prevent({ id: "all", controller: "B", to: "U", amount: "all" })
    ])
    const m = ok(Combat.minimumLethalInput(ctx, "U"))
    assert.strictEqual(m._tag, "Never")
    if (m._tag === "Never") assert.deepStrictEqual([m.rule, m.exempt], ["437.5.b", false])
  })

  /**
   * 465.2.c.10 "If a unit cannot be dealt damage, then no amount of damage can be considered
   * lethal. Such a unit is exempt from any considerations of mandatory assignment." (Kayn,
   * Unleashed: "If I have moved twice this turn, I don't take damage.")
   */
  it("can't be dealt damage: Never (465.2.c.10), exempt", () => {
    const ctx = game({ K: { might: 3 } }, [
      Effects.cantBeDealtDamage({ id: "kayn", controller: "B", to: "K" })
    ])
    const m = ok(Combat.minimumLethalInput(ctx, "K"))
    assert.strictEqual(m._tag, "Never")
    if (m._tag === "Never") assert.deepStrictEqual([m.rule, m.exempt], ["465.2.c.10", true])
  })
})

describe("validator (465.2.c, c.3, c.4, c.6–c.10, 815, 826, 766)", () => {
  const four = (min: number) => ["U1", "U2", "U3", "U4"].map((id) => info(id, min))
  const units = ["U1", "U2", "U3", "U4"]

  /**
   * 465.2.c.3 example: "If a player has 5 damage to distribute among four 3 Might units, they may
   * not choose to assign 2 damage to one of the units and 1 damage to each of the remaining 3.
   * They must assign at least 3 damage to one, and the remaining 2 to another."
   */
  it("465.2.c.3: 2/1/1/1 is illegal, 3/2/0/0 is legal", () => {
    const bad = Combat.check(four(3), { total: 5, units, assign: { U1: 2, U2: 1, U3: 1, U4: 1 } })
    assert.isFalse(bad.legal)
    assert.deepStrictEqual(
      bad.violations.map((v) => v.rule),
      ["465.2.c.3", "465.2.c.3", "465.2.c.3", "465.2.c.3"]
    )
    assert.isTrue(Combat.check(four(3), { total: 5, units, assign: { U1: 3, U2: 2 } }).legal)
  })

  /** 465.2.c.4 example: with 1 damage marked on each, "that player may not assign more than 2 damage to any of those units." */
  it("465.2.c.4: 2/2/1/0 legal, 3/2/0/0 illegal (U1 over lethal while others remain)", () => {
    const ctx = game({
      U1: { might: 3, damage: 1 },
      U2: { might: 3, damage: 1 },
      U3: { might: 3, damage: 1 },
      U4: { might: 3, damage: 1 }
    })
    assert.isTrue(
      ok(Combat.validateAssignment(ctx, { total: 5, units, assign: { U1: 2, U2: 2, U3: 1 } })).legal
    )
    const bad = ok(Combat.validateAssignment(ctx, { total: 5, units, assign: { U1: 3, U2: 2 } }))
    assert.deepStrictEqual(
      bad.violations.map((v) => [v.rule, v.unit]),
      [["465.2.c.4", "U1"]]
    )
  })

  /** 465.2.c "each player assigns an amount of damage equal to their summed Might among the other's Units." */
  it("465.2.c: the split must add up to the total", () => {
    const v = Combat.check(four(2), { total: 5, units, assign: { U1: 2, U2: 2 } })
    assert.deepStrictEqual(
      v.violations.map((x) => x.rule),
      ["465.2.c"]
    )
  })

  /** 465.2.c.4.a: with doubling, "the assigning player can only choose to assign 1 or 2 damage to this unit". */
  it("465.2.c.4.a: 3 to a doubled 3-Might unit while another remains is rejected", () => {
    const ctx = game({ U: { might: 3 }, V: { might: 3 } }, [lotus("U")])
    const v = ok(Combat.validateAssignment(ctx, { total: 5, units: ["U", "V"], assign: { U: 3, V: 2 } }))
    assert.deepStrictEqual(
      v.violations.map((x) => [x.rule, x.unit]),
      [["465.2.c.4.a", "U"]]
    )
  })

  /**
   * 465.2.c.6 example: "a unit with Tank ("I must be assigned combat damage first."); a unit with
   * Backline ("I must be assigned combat damage last."); and another unit without any abilities.
   * That player must assign combat damage first to the unit with Tank, then to the unit with no
   * abilities, then to the unit with Backline."
   */
  it("465.2.c.6: Tank first, then the plain unit, then Backline", () => {
    const us = [info("T", 2, { tank: true }), info("N", 2), info("B", 2, { backline: true })]
    const ids = ["T", "N", "B"]
    assert.isTrue(Combat.check(us, { total: 5, units: ids, assign: { T: 2, N: 2, B: 1 } }).legal)
    const skipTank = Combat.check(us, { total: 2, units: ids, assign: { N: 2 } })
    assert.deepStrictEqual(
      skipTank.violations.map((x) => [x.rule, x.unit]),
      [["815.1.b", "N"]]
    )
    const backlineEarly = Combat.check(us, { total: 3, units: ids, assign: { T: 2, B: 1 } })
    assert.deepStrictEqual(
      backlineEarly.violations.map((x) => [x.rule, x.unit]),
      [["826.3", "B"]]
    )
  })

  /**
   * 465.2.c.7 example: "two units with Tank … and one unit with no abilities. That player chooses
   * one of the units with Tank and assigns combat damage to it. Then they must assign any
   * remaining damage first to the other unit with Tank, then to the unit with no abilities."
   */
  it("465.2.c.7: two Tanks in either order, then the plain unit", () => {
    const us = [info("T1", 2, { tank: true }), info("T2", 2, { tank: true }), info("N", 2)]
    const ids = ["T1", "T2", "N"]
    assert.isTrue(Combat.check(us, { total: 3, units: ids, assign: { T2: 2, T1: 1 } }).legal)
    assert.isTrue(Combat.check(us, { total: 3, units: ids, assign: { T1: 2, T2: 1 } }).legal)
    assert.isFalse(Combat.check(us, { total: 3, units: ids, assign: { T1: 2, N: 1 } }).legal)
  })

  /**
   * 465.2.c.8 example: "Caitlyn, Patrolling with the Backline ability … has been given the Tank
   * ability … they may choose to assign damage to Caitlyn first, fulfilling the Tank requirement,
   * or last, fulfilling the Backline requirement. They can't choose to apply damage to Caitlyn in
   * between the other two units, because that wouldn't fulfill either requirement."
   */
  it("465.2.c.8: Caitlyn (Tank and Backline) first or last, never in between", () => {
    const us = [info("C", 2, { tank: true, backline: true }), info("N1", 2), info("N2", 2)]
    const ids = ["C", "N1", "N2"]
    const first = Combat.check(us, { total: 3, units: ids, assign: { C: 2, N1: 1 } })
    assert.isTrue(first.legal)
    assert.strictEqual(first.roles.C, "tank")
    const last = Combat.check(us, { total: 5, units: ids, assign: { N1: 2, N2: 2, C: 1 } })
    assert.isTrue(last.legal)
    assert.strictEqual(last.roles.C, "backline")
    // damage running out on Caitlyn after N1 puts her between N1 and N2: neither requirement
    // holds, and the violation names 465.2.c.8 (not only Tank's 815.1.b, which she need not apply)
    const between = Combat.check(us, { total: 3, units: ids, assign: { N1: 2, C: 1 } })
    assert.isFalse(between.legal)
    assert.deepStrictEqual(
      between.violations.map((v) => v.rule),
      ["465.2.c.8"]
    )
  })

  /**
   * 465.2.c.9 example: "Two copies of Caitlyn … A player assigning damage to these two Caitlyns and
   * one unit with no abilities could choose to fulfill both Caitlyns' Tank requirements by
   * assigning them both damage before the other unit."
   */
  it("465.2.c.9: each Caitlyn's role is chosen individually; both as Tanks first is legal", () => {
    const us = [
      info("C1", 2, { tank: true, backline: true }),
      info("C2", 2, { tank: true, backline: true }),
      info("N", 2)
    ]
    const v = Combat.check(us, { total: 5, units: ["C1", "C2", "N"], assign: { C1: 2, C2: 2, N: 1 } })
    assert.isTrue(v.legal)
    assert.deepStrictEqual([v.roles.C1, v.roles.C2], ["tank", "tank"])
  })

  /**
   * 465.2.c.10: "While Kayn can't take damage, it is ignored for the purposes of assigning lethal
   * damage in combat."
   */
  it("465.2.c.10: Kayn is ignored; damage on Kayn before the others have lethal is a violation", () => {
    const ctx = game({ K: { might: 3, tank: true }, N: { might: 2 } }, [
      Effects.cantBeDealtDamage({ id: "kayn", controller: "B", to: "K" })
    ])
    assert.isTrue(ok(Combat.validateAssignment(ctx, { total: 2, units: ["K", "N"], assign: { N: 2 } })).legal)
    const v = ok(Combat.validateAssignment(ctx, { total: 2, units: ["K", "N"], assign: { K: 2 } }))
    assert.deepStrictEqual(
      v.violations.map((x) => [x.rule, x.unit]),
      [["465.2.c.10", "K"]]
    )
  })

  /** 766 example: "You ignore Backline while assigning combat damage here." — Backline units are assigned as if they didn't have it. */
  it("766: with Backline ignored, a Backline unit may be assigned first", () => {
    const us = [info("B", 2, { backline: true }), info("N", 2)]
    const p = { total: 3, units: ["B", "N"], assign: { B: 2, N: 1 } }
    assert.isFalse(Combat.check(us, p).legal)
    assert.isTrue(Combat.check(us, { ...p, ignoreBackline: true }).legal)
  })

  /** "returning every violation": a proposal breaking several rules reports each with its rule. */
  it("reports every violation", () => {
    const us = [info("T", 2, { tank: true }), info("N1", 2), info("N2", 2)]
    const v = Combat.check(us, { total: 9, units: ["T", "N1", "N2"], assign: { N1: 3, N2: 1, X: 1 } })
    // X is not a unit here; 5 ≠ 9; N1 over lethal while others remain; N1 and N2 before the Tank
    assert.deepStrictEqual(v.violations.map((x) => x.rule).sort(), [
      "465.2.c",
      "465.2.c",
      "465.2.c.4",
      "815.1.b",
      "815.1.b"
    ])
  })
})

describe("solver (465.2.c.3–c.10)", () => {
  /** 465.2.c.3–c.4: each unit gets exactly its lethal in turn; the last gets the rest. */
  it("legal: units in the order given, Tank first", () => {
    const us = [info("N", 3), info("T", 2, { tank: true }), info("S", 1)]
    const s = Combat.solveWith(us, 6, "legal")
    assert.deepStrictEqual(s.assign, { T: 2, N: 3, S: 1 })
    assert.deepStrictEqual(s.sequence, ["T", "N", "S"])
    assert.isTrue(Combat.check(us, { total: 6, units: ["N", "T", "S"], assign: s.assign }).legal)
  })

  /** killMost: with 3 damage among 3-, 1- and 1-Might units, killing both small ones is best. */
  it("killMost: cheapest lethal first", () => {
    const us = [info("big", 3), info("s1", 1), info("s2", 1)]
    assert.strictEqual(Combat.solveWith(us, 3, "legal").kills, 1)
    const best = Combat.solveWith(us, 3, "killMost")
    assert.deepStrictEqual([best.kills, best.assign], [2, { s1: 1, s2: 1, big: 1 }])
  })

  /** 815.1.b / 437.5.b: a Tank with Prevent All must be assigned lethal first, which never happens: it takes everything. */
  it("a Tank with Prevent All soaks all the damage", () => {
    const us = [info("T", "never", { tank: true }), info("N", 1)]
    const s = Combat.solveWith(us, 4, "killMost")
    assert.deepStrictEqual([s.assign, s.kills], [{ T: 4 }, 0])
    assert.isTrue(Combat.check(us, { total: 4, units: ["T", "N"], assign: s.assign }).legal)
  })

  /** Several defending controllers (2v2): Tank constrains only units of the same controller (815.1.b). */
  it("killMost across two controllers", () => {
    const us = [
      info("bT", 5, { tank: true }),
      info("b1", 1),
      info("c1", 1, { controller: "C" }),
      info("c2", 2, { controller: "C" })
    ]
    const s = Combat.solveWith(us, 4, "killMost")
    assert.strictEqual(s.kills, 2)
    assert.deepStrictEqual([s.assign.c1, s.assign.c2], [1, 2])
    assert.isTrue(Combat.check(us, { total: 4, units: us.map((u) => u.id), assign: s.assign }).legal)
  })

  /** In a game: the RB-02 units — the best assignment kills two. */
  it("solveAssignment in a game", () => {
    const ctx = game({
      U1: { might: 3, damage: 1 },
      U2: { might: 3, damage: 1 },
      U3: { might: 3, damage: 1 }
    })
    const s = ok(Combat.solveAssignment(ctx, { total: 5, units: ["U1", "U2", "U3"], goal: "killMost" }))
    assert.deepStrictEqual([s.kills, s.assign], [2, { U1: 2, U2: 2, U3: 1 }])
  })

  const UnitArb = Schema.Struct({
    min: Schema.Union([
      Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 6 })),
      Schema.Literal("never")
    ]),
    tank: Schema.Boolean,
    backline: Schema.Boolean,
    exempt: Schema.Boolean,
    controller: Schema.Literals(["B", "C"])
  })

  /**
   * Property: whatever the units and the total, the solver's output passes the validator — also
   * for a side with nothing to assign among. 465.1: "If both Attacking and Defending units remain
   * at this battlefield, the following Tasks become Outstanding" — with no unit left to assign
   * among, nothing is assigned: the amount to assign is 0, and neither the solver nor the
   * validator reports an error.
   */
  it.prop(
    "solver output always passes the validator, also with no unit to assign among (465.1)",
    [
      Schema.Array(UnitArb).check(Schema.isMaxLength(6)),
      Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 20 })),
      Schema.Boolean
    ],
    ([specs, total, killMost]) => {
      const us = specs.map((s, i) =>
        info(`u${i}`, s.exempt ? "never" : s.min, {
          tank: s.tank,
          backline: s.backline,
          exempt: s.exempt,
          controller: s.controller
        })
      )
      const sol = Combat.solveWith(us, total, killMost ? "killMost" : "legal")
      const v = Combat.check(us, { total, units: us.map((u) => u.id), assign: sol.assign })
      if (!v.legal) throw new Error(`${JSON.stringify({ us, total, sol, v: v.violations })}`)
    }
  )
})

describe("dealing (465.2.c.5, 465.2.d)", () => {
  /**
   * 465.2.c.5 example: "they assign 2 damage to it; 1 damage that doubles to 2 damage as it is
   * assigned to the unit. When that damage is dealt, it doesn't get doubled again—the doubling is
   * considered to have already happened during damage assignment."
   */
  it("assigned 2 to D1 and 1 to D2 (doubled): both take 2", () => {
    const ctx = game({ D1: { might: 2 }, D2: { might: 2 } }, [lotus("D2")])
    const r = ok(Combat.resolveAssignment({ ...ctx, chooser: Chooser.firstLegal }, "c1", { D1: 2, D2: 1 }))
    assert.strictEqual(r.view.objects.D1?.props.damage, 2)
    assert.strictEqual(r.view.objects.D2?.props.damage, 2)
    assert.strictEqual(r.view.objects.D2?.props.lethal, true)
    assert.isTrue(Trace.render(r.trace).includes("465.2.d"))
  })

  /** 465.2.c.5: dealing already-applied amounts (kind `assigned`) does not apply the unit's replacements again. */
  it("dealEvent: damage of kind `assigned` is not doubled again", () => {
    const ctx = game({ D2: { might: 2 } }, [lotus("D2")])
    const r = ok(
      Resolver.resolveSync(
        Rules.rules,
        Combat.dealEvent("deal", { D2: 2 }),
        ctx.ledger,
        ctx.view,
        Chooser.firstLegal
      )
    )
    assert.strictEqual(r.view.objects.D2?.props.damage, 2)
    // the same damage as a plain Deal action is doubled
    const plain = ok(
      Resolver.resolveSync(
        Rules.rules,
        GameEvent.make("e", [GameEvent.occurrence({ id: "i", family: "damage", subject: "D2", amount: 2 })]),
        ctx.ledger,
        ctx.view,
        Chooser.firstLegal
      )
    )
    assert.strictEqual(plain.view.objects.D2?.props.damage, 4)
  })

  /** 437.3 + 465.2.c.5: the Prevent Value used at assignment stays used; it is not used again when dealt. */
  it("the Prevent Value consumed at assignment stays consumed", () => {
    const ctx = game({ U: { might: 5 } }, [Effects.prevent({ id: "p", controller: "B", to: "U", amount: 2 })])
    const r = ok(Combat.resolveAssignment(ctx, "c1", { U: 5 }))
    assert.strictEqual(r.view.objects.U?.props.damage, 3)
    assert.strictEqual(Ledger.remaining(r.ledger, "p"), 0)
    assert.isTrue(Ledger.isSpent(r.ledger, "p"))
  })
})

describe("solver and validator on games (property)", () => {
  const EffectKind = Schema.Literals(["none", "prevent", "preventAll", "double", "cant", "next", "plus1"])
  const UnitSpec = Schema.Struct({
    might: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 })),
    damage: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 })),
    tank: Schema.Boolean,
    backline: Schema.Boolean,
    effect: EffectKind,
    value: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 }))
  })
  const effectFor = (unit: string, kind: typeof EffectKind.Type, value: number) => {
    const c = { id: `${kind}-${unit}`, controller: "A" }
    switch (kind) {
      case "none":
        return []
      case "prevent":
        return [Effects.prevent({ ...c, controller: "B", to: unit, amount: value })]
      case "preventAll":
        return [Effects.prevent({ ...c, controller: "B", to: unit, amount: "all" })]
      case "double":
        return [Effects.double({ ...c, to: unit })]
      case "cant":
        return [Effects.cantBeDealtDamage({ ...c, controller: "B", to: unit })]
      case "next":
        return [Effects.preventNext({ ...c, controller: "B", to: unit })]
      case "plus1":
        return [Effects.modify({ ...c, to: unit, op: "add", value: 1 })]
    }
  }

  /**
   * 465.2.c.4.a "…the assigning player must choose the minimum applied value such that the unit
   * would take lethal damage": the minimum lethal input is lethal and no smaller input is; and the
   * solver's assignment of a game always passes the validator.
   */
  it.prop(
    "minimum lethal input is the least lethal input; solved assignments are legal",
    [
      Schema.Array(UnitSpec).check(Schema.isMinLength(1), Schema.isMaxLength(4)),
      Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10 })),
      Schema.Boolean
    ],
    ([specs, total, killMost]) => {
      const units: Record<string, { might: number; damage: number; tank: boolean; backline: boolean }> = {}
      const effects = specs.flatMap((s, i) => {
        units[`u${i}`] = { might: s.might, damage: s.damage, tank: s.tank, backline: s.backline }
        return effectFor(`u${i}`, s.effect, s.value)
      })
      const ctx = game(units, effects)
      const ids = Object.keys(units)
      for (const id of ids) {
        const m = ok(Combat.minimumLethalInput(ctx, id))
        if (m._tag === "Lethal") {
          if (!ok(Combat.preview(ctx, id, m.input)).lethal) throw new Error(`${id}: ${m.input} not lethal`)
          for (let x = 0; x < m.input; x++)
            if (ok(Combat.preview(ctx, id, x)).lethal) throw new Error(`${id}: ${x} < ${m.input} is lethal`)
        }
      }
      const sol = ok(
        Combat.solveAssignment(ctx, { total, units: ids, goal: killMost ? "killMost" : "legal" })
      )
      const v = ok(Combat.validateAssignment(ctx, { total, units: ids, assign: sol.assign }))
      if (!v.legal) throw new Error(JSON.stringify({ specs, total, sol, v: v.violations }))
    }
  )
})

/**
 * 465.2.c.4.a: "the assigning player must choose the minimum applied value such that the unit
 * would take lethal damage". `minimumLethalInput` searches with a quick check (the controller's
 * best order solved without finishing each preview) when the chooser is the default one; with a
 * chooser given it runs whole previews. Both must find the same minimum, for every generated
 * unit (Might 1–7, marked damage, 1–5 effects among +N, −N, ×2, Prevent N, Prevent All and
 * "prevent the next damage", a third with a conditional +2), with the same applied, prevented
 * and dealt values.
 */
describe("minimum lethal input: the quick check and whole previews agree (465.2.c.4.a)", () => {
  it("gives the same answer for 300 generated units", () => {
    let seed = 20261129
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const pick = (n: number) => Math.floor(rand() * n)
    let lethal = 0
    for (let n = 0; n < 300; n++) {
      const effects = Array.from({ length: 1 + pick(5) }, (_, j) => {
        const common = { id: `e${j}`, controller: rand() < 0.5 ? "A" : "B", to: "U" }
        switch (pick(7)) {
          case 0:
            return Effects.modify({ ...common, op: "add", value: 1 + pick(3) })
          case 1:
            return Effects.modify({ ...common, op: "sub", value: 1 + pick(2) })
          case 2:
            return Effects.double(common)
          case 3:
            return Effects.prevent({ ...common, amount: 1 + pick(3) })
          case 4:
            return Effects.modify({ ...common, op: "mul", value: 2 })
          case 5:
            return rand() < 0.3 ? Effects.prevent({ ...common, amount: "all" }) : Effects.double(common)
          default:
            return rand() < 0.3
              ? Effects.preventNext(common)
              : Effects.modify({ ...common, op: "add", value: 2 })
        }
      })
      // a third of the units get a conditional effect ("if 3 or more would be dealt, +2"): no
      // longer monotone, so the search tries inputs one by one
      if (n % 3 === 0)
        effects.push({
          ...Effects.modify({ id: "big", controller: "A", to: "U", op: "add", value: 2 }),
          condition: { _tag: "AmountIs", op: "gte", value: 3 }
        })
      const ctx = game({ U: { might: 1 + pick(7), damage: pick(3) } }, effects)
      const quick = ok(Combat.minimumLethalInput(ctx, "U"))
      const whole = ok(Combat.minimumLethalInput({ ...ctx, chooser: Chooser.bestForChooser() }, "U"))
      assert.deepStrictEqual(quick, whole, `case ${n}: ${JSON.stringify(effects.map((e) => e.action))}`)
      if (quick._tag === "Lethal") lethal++
    }
    assert.isAbove(lethal, 150)
  })
})
