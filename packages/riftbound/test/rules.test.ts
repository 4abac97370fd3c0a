/**
 * Replacement effects (367–375), Prevent (437) and damage (417) through the core resolver with
 * the Riftbound policies. Each test quotes the rule it checks.
 */
import { Chooser, GameEvent, GameView, Ledger, type Replacement, Resolver } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, Rules } from "../src/index.js"
import { game } from "./helpers.js"

const ok = <A, E>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(`unexpected failure: ${String(r.failure)}`)
  return r.success
}

const deal = (id: string, to: Readonly<Record<string, number>>, source = "spell") =>
  GameEvent.make(
    id,
    Object.entries(to).map(([unit, n]) =>
      GameEvent.occurrence({ id: `${id}:${unit}`, family: "damage", subject: unit, source, amount: n })
    )
  )

const resolve = (
  ctx: { view: GameView.GameView; ledger: Ledger.Ledger },
  event: GameEvent.GameEvent,
  chooser: Chooser.SyncChooser = Chooser.firstLegal
) => ok(Resolver.resolveSync(Rules.rules, event, ctx.ledger, ctx.view, chooser))

describe("who orders (372–374)", () => {
  /** 372 "…the controller of the object being acted on determines the order the Replacement Effects will apply." */
  it("372: the unit's controller, whoever controls the effects", () => {
    const ctx = game({ U: { controller: "B", might: 5 } }, [
      Effects.double({ id: "aDouble", controller: "A", to: "U" }),
      Effects.prevent({ id: "bPrevent", controller: "B", to: "U", amount: 1 })
    ])
    const r = resolve(ctx, deal("e", { U: 2 }), Chooser.scripted(["bPrevent"]))
    assert.strictEqual(r.decisions[0]?.request.chooser, "B")
    // prevent 1 first, then double: (2 − 1) × 2 = 2
    assert.strictEqual(r.happened[0]?.amount, 2)
  })

  /**
   * 372 "…the controller of the object being acted on determines the order…" — asked only when
   * the order can matter (issue: "double" and "Prevent All" on one unit). Prevent All
   * (437.1.b.1.b: "X can be “All,” which specifies an infinite amount of damage"; 437.3.c: "it
   * remains “All.”") leaves 0 in every order of double, +1 and Prevent All, and nothing in the
   * ledger changes with the order: B is not asked, and the trace says the order doesn't matter.
   * With Prevent 1 instead the order changes what is dealt, so B is asked.
   */
  it("372: an order that can't matter is not asked, over two and over three effects", () => {
    const double = Effects.double({ id: "aDouble", controller: "A", to: "U" })
    const plus = Effects.modify({ id: "aPlus", controller: "A", to: "U", op: "add", value: 1 })
    const all = Effects.prevent({ id: "bAll", controller: "B", to: "U", amount: "all" })
    for (const effects of [
      [double, all],
      [double, plus, all]
    ]) {
      const r = resolve(game({ U: { controller: "B", might: 5 } }, effects), deal("e", { U: 3 }))
      assert.deepStrictEqual(r.decisions, [])
      assert.isTrue(r.trace.some((t) => t._tag === "Note" && t.text.includes("the order doesn't matter")))
      assert.deepStrictEqual(r.happened, [])
    }
    const one = Effects.prevent({ id: "bOne", controller: "B", to: "U", amount: 1 })
    const asked = resolve(
      game({ U: { controller: "B", might: 5 } }, [double, plus, one]),
      deal("e", { U: 3 })
    )
    assert.strictEqual(asked.decisions[0]?.request.chooser, "B")
  })

  /**
   * 372.1 "If it is a player being acted on, that player decides the order…"; 372.2 "If the
   * affected object is an Uncontrolled Battlefield then the Current Turn Player decides the order…"
   */
  it("372.1 / 372.2: a player orders for themselves; the turn player for an uncontrolled battlefield", () => {
    const view = GameView.make({
      players: ["A", "B"],
      activePlayer: "B",
      objects: [
        { id: "BF", kind: "object", owner: "A", props: { types: ["battlefield"] } },
        { id: "held", kind: "object", controller: "A", props: { types: ["battlefield"] } }
      ]
    })
    assert.strictEqual(Rules.chooserOf("A", view), "A")
    assert.strictEqual(Rules.chooserOf("BF", view), "B")
    assert.strictEqual(Rules.chooserOf("held", view), "A")
  })

  /**
   * 373 "If more than one event occurs simultaneously that Replacement Effects could apply to, each
   * event is treated separately…"; 373.1 "If multiple applied Replacement Effects with different
   * controllers would execute simultaneously, they execute in turn order."
   */
  it("373: simultaneous damage to A's and B's units is handled per unit, the turn player's first", () => {
    const ctx = game(
      { a: { controller: "A", might: 5 }, b: { controller: "B", might: 5 } },
      [
        Effects.double({ id: "d1", controller: "A", to: "a" }),
        Effects.modify({ id: "m1", controller: "A", to: "a", op: "add", value: 1 }),
        Effects.double({ id: "d2", controller: "B", to: "b" }),
        Effects.modify({ id: "m2", controller: "B", to: "b", op: "add", value: 1 })
      ],
      "B"
    )
    const r = resolve(ctx, deal("e", { a: 1, b: 1 }))
    assert.deepStrictEqual(
      r.decisions.map((d) => d.request.chooser),
      ["B", "A"]
    )
  })
})

describe("applying replacement effects (370–371)", () => {
  /** 370.2 "A Replacement Effect can only be applied once to an event, or to any Game Actions or events that replace that event." */
  it("370.2: two doubles on 1 damage give 4, each applied once", () => {
    const ctx = game({ U: { might: 9 } }, [
      Effects.double({ id: "d1", controller: "A", to: "U" }),
      Effects.double({ id: "d2", controller: "B", to: "U" })
    ])
    assert.strictEqual(resolve(ctx, deal("e", { U: 1 })).happened[0]?.amount, 4)
  })

  /**
   * 371.1 "These Replacement Effects may only be applied to the specified number of events each
   * turn." 371.2.b "If they do not, it has not been applied this turn." (Zilean: declining does not
   * use up "once each turn".)
   */
  it("371: a declined 'may' does not use up 'once each turn'", () => {
    const e: Replacement.Replacement = Effects.modify({
      id: "once",
      controller: "B",
      to: "U",
      op: "add",
      value: 1,
      may: true,
      limit: { times: 1, per: "turn" }
    })
    const ctx0 = game({ U: { might: 9 } }, [e])
    const declined = resolve(ctx0, deal("e1", { U: 1 }), Chooser.scripted([false]))
    assert.strictEqual(declined.happened[0]?.amount, 1)
    const ctx1 = { view: declined.view, ledger: declined.ledger }
    const used = resolve(ctx1, deal("e2", { U: 1 }), Chooser.scripted([true]))
    assert.strictEqual(used.happened[0]?.amount, 2)
    const ctx2 = { view: used.view, ledger: used.ledger }
    const third = resolve(ctx2, deal("e3", { U: 1 }))
    assert.strictEqual(third.happened[0]?.amount, 1)
    const nextTurn = resolve(
      { view: used.view, ledger: Ledger.advance(used.ledger, "endOfTurn") },
      deal("e4", { U: 1 }),
      Chooser.scripted([true])
    )
    assert.strictEqual(nextTurn.happened[0]?.amount, 2)
  })

  /**
   * 371.2.a "When an event the Replacement Effect could apply to occurs, the player who controls
   * the Replacement Effect may choose to apply it to the event." — A's "may" effect on B's unit:
   * A decides whether it applies (B only orders, 372).
   */
  it("371.2.a: the effect's controller, not the unit's, decides whether a 'may' applies", () => {
    const ctx = game({ U: { controller: "B", might: 9 } }, [
      Effects.modify({ id: "aMay", controller: "A", to: "U", op: "add", value: 1, may: true })
    ])
    const r = resolve(ctx, deal("e", { U: 1 }), Chooser.scripted([true]))
    assert.deepStrictEqual(
      r.decisions.map((d) => [d.request._tag, d.request.chooser]),
      [["UseOptional", "A"]]
    )
    assert.strictEqual(r.happened[0]?.amount, 2)
  })

  /**
   * 370.3 "If a Game Object has a Replacement Effect that is active in a specific zone, it is
   * evaluated and subsequently applied if it enters that zone before an event occurs that it
   * could replace." — so while its source is not in that zone, it does not apply.
   */
  it("370.3: an effect active on the board does nothing while its source is in the trash", () => {
    const ctx = game({ U: { might: 9 }, S: { might: 1 } }, [
      Effects.modify({
        id: "sor",
        controller: "B",
        to: "U",
        op: "sub",
        value: 1,
        source: "S",
        activeIn: ["board"]
      })
    ])
    assert.strictEqual(resolve(ctx, deal("e", { U: 2 })).happened[0]?.amount, 1)
    const s = ctx.view.objects.S as GameView.GameObject
    const away = { ...ctx, view: GameView.setObject(ctx.view, { ...s, zone: "trash" }) }
    assert.strictEqual(resolve(away, deal("e", { U: 2 })).happened[0]?.amount, 2)
  })

  /**
   * 370.4 (the same zone rule for "in play"): the generic form's `activeIn: inPlay` is active
   * while its source is on the board, at any battlefield or its base — zones no list of names
   * closes — and not while it is in the trash. Mutant: written `activeIn: [base]`, it would not
   * apply at a battlefield (the first assertion fails).
   */
  it("370.4: activeIn: inPlay is active at a battlefield, not in the trash", () => {
    const ctx = game({ U: { might: 9 }, S: { might: 1 } }, [
      Effects.replace({ id: "sor", controller: "B", to: "U", minus: 1, source: "S", activeIn: "inPlay" })
    ])
    const s = ctx.view.objects.S as GameView.GameObject
    const at = { ...ctx, view: GameView.setObject(ctx.view, { ...s, zone: "Ravenbloom" }) }
    assert.strictEqual(resolve(at, deal("e", { U: 2 })).happened[0]?.amount, 1)
    const away = { ...ctx, view: GameView.setObject(ctx.view, { ...s, zone: "trash" }) }
    assert.strictEqual(resolve(away, deal("e", { U: 2 })).happened[0]?.amount, 2)
  })
})

describe("Prevent (437) and Deal (417)", () => {
  /**
   * 437.2 "…replaced with an event where it deals that much damage reduced by the Prevent Value";
   * 437.3 "…reduce the Prevent Value … by the prevented amount"; 437.3.a "If the Prevent Value is 0
   * or less, then Prevent is no longer being tracked on the Unit in question, and the effect expires."
   */
  it("437.2–437.3: Prevent 5 on 3, 4, 1 — takes 0, 2, 1", () => {
    let ctx = game({ U: { might: 6 } }, [Effects.prevent({ id: "p", controller: "B", to: "U", amount: 5 })])
    const taken: Array<number> = []
    for (const n of [3, 4, 1]) {
      const r = resolve(ctx, deal(`e${n}`, { U: n }))
      taken.push(r.happened.reduce((s, o) => s + o.amount, 0))
      ctx = { view: r.view, ledger: r.ledger }
    }
    assert.deepStrictEqual(taken, [0, 2, 1])
    assert.isTrue(Ledger.isSpent(ctx.ledger, "p"))
    assert.strictEqual(ctx.view.objects.U?.props.damage, 3)
  })

  /** 437.3.c "If the Prevent Value is "All" then it remains "All."" */
  it("437.3.c: Prevent All stays", () => {
    let ctx = game({ U: { might: 2 } }, [
      Effects.prevent({ id: "all", controller: "B", to: "U", amount: "all" })
    ])
    for (const n of [5, 9]) {
      const r = resolve(ctx, deal(`e${n}`, { U: n }))
      assert.strictEqual(r.happened.length, 0)
      ctx = { view: r.view, ledger: r.ledger }
    }
    assert.isFalse(Ledger.isSpent(ctx.ledger, "all"))
  })

  /**
   * 715.4.a example: "A unit has prevent 3 applied to them. The unit is located at the Void Gate
   * battlefield. An opponent targets the unit with Hextech Ray. Hextech Ray deals 4 damage to the
   * unit, including the Bonus Damage from Void Gate, which the prevent effect will prevent 3 of.
   * The unit takes 1 damage." (437.1.a.1 "Prevent includes any applied Bonus Damage…")
   */
  it("437.1.a.1 / 715.4.a: Bonus Damage is counted before Prevent, without a choice", () => {
    const ctx = game({ U: { might: 5 } }, [
      Effects.prevent({ id: "p3", controller: "B", to: "U", amount: 3 }),
      Effects.bonusDamage({ id: "voidGate", controller: "A", amount: 1 })
    ])
    const r = resolve(ctx, deal("ray", { U: 3 }), () => undefined)
    assert.strictEqual(r.happened[0]?.amount, 1)
    assert.strictEqual(r.decisions.length, 0)
  })

  /**
   * 714 "If more than one instance of Bonus Damage is applied or granted to a Deal action, all
   * instances are summed and applied once." — a sum has no order, so nobody is asked to order
   * them: 1 + (1 + 2) = 4, no decision.
   */
  it("714: several instances of Bonus Damage are summed, without an order to choose", () => {
    const ctx = game({ U: { might: 9 } }, [
      Effects.bonusDamage({ id: "annie", controller: "A", amount: 1 }),
      Effects.bonusDamage({ id: "tome", controller: "A", amount: 2 })
    ])
    const r = resolve(ctx, deal("e", { U: 1 }), () => undefined)
    assert.strictEqual(r.decisions.length, 0)
    assert.strictEqual(r.happened[0]?.amount, 4)
  })

  /**
   * 417.1.e.1 example: "A unit reads "when I take damage, give me +2 [M] this turn." A spell is
   * played that Prevents the next 3 damage the unit would take. If a player plays Hextech Ray
   * targeting the unit, it will take no damage and its triggered ability will not trigger. If that
   * player had played Void Seeker instead, it would be Dealt 1 and trigger its ability."
   */
  it("417.1.e.1: fully prevented damage fires no 'takes damage' trigger; 1 dealt does", () => {
    const mk = () => {
      const ctx = game({ U: { might: 5 } }, [
        Effects.prevent({ id: "p", controller: "B", to: "U", amount: 3 })
      ])
      const u = ctx.view.objects.U as GameView.GameObject
      return {
        ...ctx,
        view: GameView.setObject(ctx.view, { ...u, props: { ...u.props, whenDamagedMight: 2 } })
      }
    }
    const ray = resolve(mk(), deal("ray", { U: 3 }))
    assert.deepStrictEqual(
      [ray.happened.length, ray.view.objects.U?.props.tookDamage, ray.view.objects.U?.props.might],
      [0, undefined, 5]
    )
    const seeker = resolve(mk(), deal("seeker", { U: 4 }))
    assert.deepStrictEqual(
      [
        seeker.view.objects.U?.props.damage,
        seeker.view.objects.U?.props.tookDamage,
        seeker.view.objects.U?.props.might
      ],
      [1, 1, 7]
    )
  })

  /** 142.4.b "Lethal Damage for a Unit is a non-zero amount greater than or equal to that Unit's Might." */
  it("142.4.b: lethal is non-zero and at least the Might", () => {
    assert.isTrue(Rules.isLethal(3, 3))
    assert.isFalse(Rules.isLethal(3, 2))
    assert.isFalse(Rules.isLethal(0, 0))
    assert.isTrue(Rules.isLethal(0, 1))
    assert.isTrue(Rules.isLethal(-2, 1))
  })
})

describe("cleanups heal (143.3.b, 317.2.b, 466.1.a.1, 323.5)", () => {
  const unit = (id: string, might: number, damage: number): GameView.GameObject => ({
    id,
    kind: "object",
    controller: "B",
    zone: "board",
    props: { types: ["unit"], might, damage, lethal: Rules.isLethal(might, damage) }
  })
  /**
   * 317.2.b / 466.1.a.1: Insert "3c. Heal all Units." — 323.5: "3b. All Units that have
   * LethalDamage marked on themare killed and placed in their owners' Trash." (before 3c): a unit
   * with lethal damage is killed by the cleanup, not healed.
   */
  it("heals every unit without lethal damage; a unit with lethal damage keeps it for its kill", () => {
    const view = GameView.make({
      players: ["A", "B"],
      activePlayer: "A",
      objects: [unit("hurt", 5, 2), unit("dying", 2, 2), unit("fresh", 3, 0)]
    })
    const after = Rules.healAll(view)
    assert.deepStrictEqual(
      ["hurt", "dying", "fresh"].map((id) => [
        after.objects[id]?.props.damage,
        after.objects[id]?.props.lethal
      ]),
      [
        [0, false],
        [2, true],
        [0, false]
      ]
    )
  })
})
