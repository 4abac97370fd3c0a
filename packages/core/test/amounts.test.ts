/**
 * Amounts computed when the effect applies (`Filter.Value` expressions in `Prevent.amount`).
 *
 * MTG CR 615.1: "The effect of a prevention effect … [is] determined as the event would occur"
 * — prevention amounts "aren't locked in ahead of time"; FaB 6.4.2a: "any variable values are
 * determined each time a replacement effect could be applied"; Берсерк 534.2. Each test below
 * checks a value against the view as it is when the damage would be dealt.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  Chooser,
  Filter,
  GameEvent,
  GameView,
  type Kernel,
  Language,
  Ledger,
  type Replacement,
  Resolver
} from "../src/index.js"
import { affected, dealt, dmg, ok } from "./fixtures.js"

const artifact = (id: string, controller = "nap"): GameView.GameObject => ({
  id,
  kind: "object",
  controller,
  owner: controller,
  zone: "battlefield",
  props: { types: ["Artifact"] }
})

const world = (artifacts: number, extra: ReadonlyArray<GameView.GameObject> = []) =>
  GameView.make({
    players: ["ap", "nap"],
    activePlayer: "ap",
    objects: [
      { id: "src", kind: "object", controller: "ap", owner: "ap", zone: "battlefield", props: {} },
      ...Array.from({ length: artifacts }, (_, i) => artifact(`art${i}`)),
      artifact("theirs", "ap"),
      ...extra
    ]
  })

const yourArtifacts: Filter.Value = {
  _tag: "Count",
  filter: Language.toFilter({ types: ["Artifact"], controller: "you" })
}

const prevent = (
  amount: Extract<Replacement.Action, { _tag: "Prevent" }>["amount"],
  scope: Replacement.PreventScope = "static"
): Replacement.Replacement => ({
  id: "x",
  label: "prevent X of that damage",
  controller: "nap",
  category: "prevention",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["nap"] } },
  action: { _tag: "Prevent", amount, scope }
})

const hit = (id: string, amount: number) =>
  GameEvent.make(id, [{ ...dmg(`${id}d`, "nap", amount), source: "src" }])

const run = (
  effect: Replacement.Replacement,
  view: GameView.GameView,
  amount: number,
  ledger?: Ledger.Ledger
) =>
  ok(
    Resolver.resolveSync(
      affected,
      hit("e", amount),
      ledger ?? Ledger.make([effect]),
      view,
      Chooser.firstLegal
    )
  )

const notes = (r: Kernel.Resolution): ReadonlyArray<string> =>
  r.trace.flatMap((t) => (t._tag === "Applied" ? t.notes : []))

describe("amounts computed when the effect applies", () => {
  it('MTG 615.1 "X is the number of artifacts you control": counted in the view of each event (2, then 1)', () => {
    const e = prevent(yourArtifacts)
    const first = run(e, world(2), 3)
    assert.strictEqual(dealt(first, "nap"), 1)
    // one artifact is destroyed: the same effect, the same ledger, the view as it is now
    const second = run(e, world(1), 3, first.ledger)
    assert.strictEqual(dealt(second, "nap"), 2)
  })

  it("the trace says the value and how it was obtained", () => {
    assert.include(
      notes(run(prevent(yourArtifacts), world(2), 3)),
      "X = 2 (number of objects: Artifact, controlled by you)"
    )
    const half = run(prevent({ _tag: "Half", of: { _tag: "Amount" }, round: "down" }), world(0), 5)
    assert.include(notes(half), "X = half of the event's amount 5 rounded down = 2")
  })

  it("0 matching objects: X = 0 prevents nothing", () => {
    const r = run(prevent(yourArtifacts), world(0), 3)
    assert.strictEqual(dealt(r, "nap"), 3)
  })

  it("an amount larger than the event prevents the whole event and no more", () => {
    const r = run(prevent(yourArtifacts), world(5), 3)
    assert.strictEqual(dealt(r, "nap"), 0)
    assert.strictEqual(r.outcomes[0]?.prevented, 3)
  })

  it('MTG 615.1 "prevent half that damage, rounded down / up": 5 → 2 / 3 prevented; half of 1 → 0 / 1', () => {
    const down = prevent({ _tag: "Half", of: { _tag: "Amount" }, round: "down" })
    const up = prevent({ _tag: "Half", of: { _tag: "Amount" }, round: "up" })
    assert.strictEqual(dealt(run(down, world(0), 5), "nap"), 3)
    assert.strictEqual(dealt(run(up, world(0), 5), "nap"), 2)
    assert.strictEqual(dealt(run(down, world(0), 1), "nap"), 1)
    assert.strictEqual(dealt(run(up, world(0), 1), "nap"), 0)
  })

  it('"all but 1 of that damage" leaves 1 (and 0 of an event of 0 or 1 is prevented)', () => {
    const e = prevent({ _tag: "AllBut", value: 1 })
    assert.strictEqual(dealt(run(e, world(0), 4), "nap"), 1)
    assert.strictEqual(dealt(run(e, world(0), 1), "nap"), 1)
  })

  it("nested expressions: min(artifacts + 1, all but 2) with their trace", () => {
    const e = prevent({
      _tag: "Arith",
      op: "min",
      values: [
        { _tag: "Arith", op: "plus", values: [yourArtifacts, 1] },
        { _tag: "AllBut", value: 2 }
      ]
    })
    const r = run(e, world(2), 10)
    assert.strictEqual(dealt(r, "nap"), 7)
    assert.include(
      notes(r),
      "X = the least of (2 (number of objects: Artifact, controlled by you) plus 1 = 3, all but 2 of 10 = 8) = 3"
    )
    assert.strictEqual(
      Filter.value(
        { _tag: "Arith", op: "minus", values: [10, 3, { _tag: "Arith", op: "times", values: [2, 2] }] },
        {
          view: world(0),
          controller: "nap",
          predicates: {}
        }
      ),
      3
    )
  })

  it("a property of the source (its power) and a negative result counting as 0", () => {
    const v = world(0, [])
    const withPower = GameView.make({
      players: v.players,
      activePlayer: "ap",
      objects: [
        ...Object.values(v.objects).filter((o) => o.kind === "object" && o.id !== "src"),
        {
          id: "src",
          kind: "object",
          controller: "ap",
          owner: "ap",
          zone: "battlefield",
          props: { power: 2 }
        }
      ]
    })
    assert.strictEqual(
      dealt(run(prevent({ _tag: "PropOf", of: "source", prop: "power" }), withPower, 5), "nap"),
      3
    )
    const negative = prevent({ _tag: "Arith", op: "minus", values: [1, 4] })
    assert.strictEqual(dealt(run(negative, withPower, 5), "nap"), 5)
  })

  it("once and perEvent evaluate X at each application (perEvent: 2, then 1)", () => {
    const e = prevent(yourArtifacts, "perEvent")
    const first = run(e, world(2), 3)
    assert.strictEqual(dealt(first, "nap"), 1)
    assert.strictEqual(dealt(run(e, world(1), 3, first.ledger), "nap"), 2)
    assert.strictEqual(dealt(run(prevent(yourArtifacts, "once"), world(2), 3), "nap"), 1)
  })

  it('a shield ("the next X") fixes X the first time it applies; its remainder then only decreases', () => {
    const e = prevent(yourArtifacts, "shield")
    const first = run(e, world(3), 1)
    assert.strictEqual(dealt(first, "nap"), 0)
    assert.strictEqual(Ledger.stateOf(first.ledger, "x")?.remaining, 2)
    // more artifacts now: the shield has 2 left, not 5 − 1
    const second = run(e, world(5), 4, first.ledger)
    assert.strictEqual(dealt(second, "nap"), 2)
  })

  it("a result that is not a safe integer fails with a typed InvalidEffect naming the effect", () => {
    const huge = prevent({ _tag: "Arith", op: "times", values: [2 ** 40, 2 ** 40] })
    const r = Resolver.resolveSync(affected, hit("e", 3), Ledger.make([huge]), world(0), Chooser.firstLegal)
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) {
      assert.strictEqual(r.failure._tag, "InvalidEffect")
      assert.include(r.failure.message, "x")
    }
  })

  it("the law (X counted at each event) fails for a mutant that caches the first value", () => {
    // the law: the second event prevents exactly the artifacts counted in the second view
    const law = (
      resolve: (
        view: GameView.GameView,
        ledger: Ledger.Ledger,
        effect: Replacement.Replacement
      ) => Kernel.Resolution
    ) => {
      const e = prevent(yourArtifacts)
      const first = resolve(world(2), Ledger.make([e]), e)
      const second = resolve(world(1), first.ledger, e)
      return second.outcomes[0]?.prevented === 1
    }
    const real = (view: GameView.GameView, ledger: Ledger.Ledger) =>
      ok(Resolver.resolveSync(affected, hit("e", 3), ledger, view, Chooser.firstLegal))
    // the mutant locks X in at the first event: later events see the first count
    let cached: number | undefined
    const mutant = (view: GameView.GameView, _ledger: Ledger.Ledger, effect: Replacement.Replacement) => {
      cached ??= Filter.value(yourArtifacts, { view, controller: "nap", predicates: {} })
      const locked = { ...effect, action: { _tag: "Prevent", amount: cached, scope: "static" } } as const
      return ok(Resolver.resolveSync(affected, hit("e", 3), Ledger.make([locked]), view, Chooser.firstLegal))
    }
    assert.isTrue(law(real))
    assert.isFalse(law(mutant))
  })
})

describe("inEvent: the other occurrences of a family to the same subject in the same event", () => {
  /**
   * MTG CR 120.4c: the results of one damage event are one event ("[the defending player loses 5
   * life, the defending player gains 5 life]", CR 120.4 example): a replacement of one result can
   * read the others. `{ inEvent: lifeGain }` sums the batch's other lifeGain occurrences to the
   * same subject. Mutants tried: counting the occurrence itself (the lifeLoss here would add 5 to
   * `inEvent: lifeLoss`), or any subject (bob's gain of 7 would count): each fails.
   */
  it("sums the batch's other occurrences of the family to the subject, not the occurrence itself", () => {
    const view = GameView.make({ players: ["a", "b"], activePlayer: "a" })
    const loss = GameEvent.occurrence({ id: "l", family: "lifeLoss", subject: "a", amount: 5 })
    const batch = [
      loss,
      GameEvent.occurrence({ id: "g1", family: "lifeGain", subject: "a", amount: 2 }),
      GameEvent.occurrence({ id: "g2", family: "lifeGain", subject: "a", amount: 1 }),
      GameEvent.occurrence({ id: "g3", family: "lifeGain", subject: "b", amount: 7 }),
      GameEvent.occurrence({ id: "l2", family: "lifeLoss", subject: "a", amount: 3 })
    ]
    const ctx = { view, controller: "a", predicates: {}, occurrence: loss, batch }
    const gain = Language.toAmount({ inEvent: "lifeGain" }, "x amount") as Filter.Value
    assert.deepStrictEqual(gain, { _tag: "InEvent", family: "lifeGain" })
    assert.strictEqual(Filter.value(gain, ctx), 3)
    assert.strictEqual(Filter.value({ _tag: "InEvent", family: "lifeLoss" }, ctx), 3)
    assert.strictEqual(Filter.value(gain, { ...ctx, batch: undefined }), 0)
    assert.strictEqual(Filter.explain(gain, ctx).how, "3 (lifeGain of the same subject in this event)")
  })
})

describe("Language.toAmount: the written amount of every ruleset", () => {
  it("compiles each operator", () => {
    assert.deepStrictEqual(Language.toAmount("event", "x amount"), { _tag: "Amount" })
    assert.deepStrictEqual(Language.toAmount({ allBut: 1 }, "x amount"), { _tag: "AllBut", value: 1 })
    assert.deepStrictEqual(Language.toAmount({ prop: "power", of: "source" }, "x amount"), {
      _tag: "PropOf",
      of: "source",
      prop: "power"
    })
    assert.deepStrictEqual(Language.toAmount({ max: [1, { half: "event", round: "up" }] }, "x amount"), {
      _tag: "Arith",
      op: "max",
      values: [1, { _tag: "Half", of: { _tag: "Amount" }, round: "up" }]
    })
    assert.deepStrictEqual(
      Language.toAmount({ count: { types: ["Artifact"], controller: "you" } }, "x amount"),
      yourArtifacts
    )
  })

  it("refuses a malformed expression with a typed InvalidAmount naming the effect", () => {
    const refused = (a: unknown): string => {
      try {
        Language.toAmount(a as Language.WrittenAmount, "preventEach amount", { id: "p" })
      } catch (e) {
        assert.strictEqual((e as { _tag?: string })._tag, "InvalidAmount")
        return (e as Error).message
      }
      return assert.fail("not refused")
    }
    assert.include(refused({ half: "event" }), "`half` needs `round: up` or `round: down`")
    assert.include(refused({ half: 2, plus: [1] }), "one operator, got half and plus")
    assert.include(refused({ prop: "power" }), "`prop` needs `of")
    assert.include(refused({ plus: [] }), 'preventEach "p" amount')
    assert.include(refused({ allBut: "all" }), '"all" inside an expression')
    assert.include(refused(-1), "must be 0 or more")
  })
})

describe("amount expressions in a modifier", () => {
  it('Берсерк 534.2 / 534.1.1 "receives X wounds less": the modifier reads X at each event, and the trace says it', () => {
    const less: Replacement.Replacement = {
      id: "less",
      label: "receives X less",
      controller: "nap",
      category: "standard",
      watch: { family: "damage", subject: { _tag: "Id", ids: ["nap"] } },
      action: { _tag: "Modify", op: "sub", value: yourArtifacts }
    }
    const first = run(less, world(2), 4)
    assert.strictEqual(dealt(first, "nap"), 2)
    assert.include(notes(first), "X = 2 (number of objects: Artifact, controlled by you)")
    assert.strictEqual(dealt(run(less, world(1), 4, first.ledger), "nap"), 3)
  })
})

/**
 * FaB 6.4.10g: "If an effect decreases the amount a prevention effect would prevent, the total
 * prevention is determined, the prevention effect's prevention amount is reduced, and then the
 * prevention effect is applied to the event with the decrease." With 6.4.2a ("any variable values
 * are determined each time a replacement effect could be applied"), the decrease's N is an
 * expression computed when it applies to a prevention.
 */
describe("amount expressions in a decrease (ReducePrevention.by)", () => {
  const reducer = (by: number | Filter.Value): Replacement.Replacement => ({
    id: "less",
    label: "the next prevention effect prevents X less",
    controller: "nap",
    category: "prevention",
    watch: { family: "damage", subject: { _tag: "Id", ids: ["nap"] } },
    action: { _tag: "ReducePrevention", by }
  })
  const both = (by: number | Filter.Value) => Ledger.make([reducer(by), prevent(4, "shield")])

  it("6.4.10g with X = your artifacts: counted when the decrease applies (2 → prevents 1 of 3; 1 → 2 of 3)", () => {
    const two = run(prevent(4, "shield"), world(2), 3, both(yourArtifacts))
    assert.strictEqual(dealt(two, "nap"), 2)
    assert.include(notes(two), "X = 2 (number of objects: Artifact, controlled by you)")
    assert.include(notes(two), 'less ("the next prevention effect prevents X less") makes it prevent 2 less')
    assert.strictEqual(dealt(run(prevent(4, "shield"), world(1), 3, both(yourArtifacts)), "nap"), 1)
  })

  it("X larger than the prevention takes it all off (never below 0), X = 0 takes nothing off", () => {
    assert.strictEqual(dealt(run(prevent(4, "shield"), world(5), 3, both(yourArtifacts)), "nap"), 3)
    assert.strictEqual(dealt(run(prevent(4, "shield"), world(0), 3, both(yourArtifacts)), "nap"), 0)
  })

  it("mutant: a decrease locked in ahead of time (2, written when there were 2 artifacts) is caught at 1", () => {
    const real = dealt(run(prevent(4, "shield"), world(1), 3, both(yourArtifacts)), "nap")
    const locked = dealt(run(prevent(4, "shield"), world(1), 3, both(2)), "nap")
    assert.notStrictEqual(locked, real)
  })

  it("a malformed expression in `by` is refused with a typed error naming action.by", () => {
    assert.throws(
      () => both({ _tag: "Count" } as unknown as Filter.Value),
      /invalid effect "less" at action\.by: is not an amount expression/
    )
  })
})
