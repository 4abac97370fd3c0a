/**
 * The constructors an adapter or an integrator writes effects and scenarios with, instead of the
 * engine's internal forms: `Filter.id`, `Filter.prop`, `Replacement.prevent`,
 * `Replacement.modify`, `Ruleset.event`. Each makes exactly the internal form, which the schemas
 * accept, and an effect made with them resolves as the one written out (CR 616.1: prevent first
 * (3 − 2) × 2 = 2, double first 3 × 2 − 2 = 4).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import {
  Chooser,
  Filter,
  GameEvent,
  GameView,
  Ledger,
  Policy,
  Replacement,
  Resolver,
  Ruleset
} from "../src/index.js"

const rules: Policy.Rules = {
  name: "demo",
  order: Policy.affectedChooses({ name: "demo", rule: "demo 1", tiers: [{ name: "any" }] }),
  assignment: Policy.recipientControllerAllocates("demo 2")
}

const view = GameView.make({
  players: ["alice", "bob"],
  activePlayer: "alice",
  objects: [
    { id: "bolt", kind: "object", controller: "alice", zone: "stack", props: {} },
    {
      id: "bear",
      kind: "object",
      controller: "bob",
      zone: "battlefield",
      props: { types: ["Creature"], power: 2 }
    },
    {
      id: "wolf",
      kind: "object",
      controller: "bob",
      zone: "battlefield",
      props: { types: ["Creature"], power: 4 }
    }
  ]
})
const ctx = { view, controller: "alice", predicates: {} }

const shield = (action: Replacement.Action, subject: Filter.Filter): Replacement.Replacement => ({
  id: "shield",
  label: "Prevent the next 2 damage to the bear",
  controller: "bob",
  category: "prevention",
  watch: { family: "damage", subject },
  action
})
const doubler = (action: Replacement.Action, subject: Filter.Filter): Replacement.Replacement => ({
  id: "double",
  label: "Damage to creatures is doubled",
  controller: "alice",
  category: "standard",
  watch: { family: "damage", subject },
  action
})
const bolt = GameEvent.make("bolt", [
  GameEvent.damage({ id: "d", source: "bolt", recipient: "bear", amount: 3 })
])

describe("constructors", () => {
  it("Filter.id: the internal Id form; one id, several, none", () => {
    assert.deepStrictEqual(Filter.id("bear"), { _tag: "Id", ids: ["bear"] })
    assert.deepStrictEqual(Filter.id("bear", "wolf"), { _tag: "Id", ids: ["bear", "wolf"] })
    assert.isTrue(Schema.is(Filter.Filter)(Filter.id("bear")))
    assert.isTrue(Filter.matches(Filter.id("bear", "wolf"), "wolf", ctx))
    assert.isFalse(Filter.matches(Filter.id("bear"), "wolf", ctx))
    assert.isFalse(Filter.matches(Filter.id(), "bear", ctx))
  })

  it("Filter.prop: the internal Prop form, with no value key when none is given", () => {
    assert.deepStrictEqual(Filter.prop("types", "has", "Creature"), {
      _tag: "Prop",
      prop: "types",
      op: "has",
      value: "Creature"
    })
    const exists = Filter.prop("power", "exists")
    assert.deepStrictEqual(exists, { _tag: "Prop", prop: "power", op: "exists" })
    assert.isFalse("value" in exists)
    assert.isTrue(Schema.is(Filter.Filter)(exists))
    assert.isTrue(Filter.matches(Filter.prop("power", "gte", 4), "wolf", ctx))
    assert.isFalse(Filter.matches(Filter.prop("power", "gte", 4), "bear", ctx))
    assert.isTrue(Filter.matches(exists, "bear", ctx))
    assert.isFalse(Filter.matches(exists, "bolt", ctx))
  })

  it("Replacement.prevent and Replacement.modify: the internal Prevent and Modify forms", () => {
    assert.deepStrictEqual(Replacement.prevent(2, "shield"), { _tag: "Prevent", amount: 2, scope: "shield" })
    assert.deepStrictEqual(Replacement.prevent("all", "static"), {
      _tag: "Prevent",
      amount: "all",
      scope: "static"
    })
    const half: Filter.Value = { _tag: "Half", of: { _tag: "Amount" }, round: "down" }
    assert.deepStrictEqual(Replacement.prevent(half, "perEvent"), {
      _tag: "Prevent",
      amount: half,
      scope: "perEvent"
    })
    assert.deepStrictEqual(Replacement.modify("mul", 2), { _tag: "Modify", op: "mul", value: 2 })
    assert.deepStrictEqual(Replacement.modify("add", half), { _tag: "Modify", op: "add", value: half })
    for (const a of [Replacement.prevent(2, "shield"), Replacement.modify("atMost", 1)])
      assert.isTrue(Schema.is(Replacement.Action)(a))
    assert.isTrue(Replacement.isPrevention(Replacement.prevent(1, "once")))
    assert.isFalse(Replacement.isPrevention(Replacement.modify("sub", 1)))
    // what the schema can't check is still checked of an effect built with them
    assert.deepStrictEqual(
      Replacement.problems(shield(Replacement.prevent("all", "shield"), Filter.id("bear"))),
      [["action.amount", 'a shield needs a number (use scope "static" for prevent-all)']]
    )
  })

  it("effects made with them resolve as the ones written out (616.1: 2 prevent first, 4 double first)", () => {
    const made = Ledger.make([
      shield(Replacement.prevent(2, "shield"), Filter.id("bear")),
      doubler(Replacement.modify("mul", 2), Filter.prop("types", "has", "Creature"))
    ])
    const written = Ledger.make([
      shield({ _tag: "Prevent", amount: 2, scope: "shield" }, { _tag: "Id", ids: ["bear"] }),
      doubler(
        { _tag: "Modify", op: "mul", value: 2 },
        { _tag: "Prop", prop: "types", op: "has", value: "Creature" }
      )
    ])
    assert.deepStrictEqual(made, written)
    for (const [first, dealt] of [
      ["shield", 2],
      ["double", 4]
    ] as const) {
      const r = Resolver.resolveSync(rules, bolt, made, view, Chooser.scripted([first]))
      assert.isTrue(Result.isSuccess(r) && r.success.dealt["bear"] === dealt, `${first} first`)
    }
  })

  it("Ruleset.event: the internal Event step, run like a compiled scenario's", () => {
    assert.deepStrictEqual(Ruleset.event(bolt), { _tag: "Event", event: bolt })
    const ledger = Ledger.make([shield(Replacement.prevent(2, "shield"), Filter.id("bear"))])
    const run = Ruleset.run(rules, { view, ledger, steps: [Ruleset.event(bolt)] }, Chooser.bestForChooser())
    assert.deepStrictEqual(run.outcome.events["bolt"]?.dealt, { bear: 1 })
  })
})
