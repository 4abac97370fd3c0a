/**
 * Choosers: scripted (answers in order, typed errors naming the request), first-legal, "best for
 * the chooser", asynchronous (the resolution waits and resumes), and replay from a decision log.
 */
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Layer, Result } from "effect"
import { Chooser, Decision, Errors, GameEvent, Kernel, Ledger, Policy, Resolver } from "../src/index.js"
import { affected, dmg, double, plus, shield, view } from "./fixtures.js"

// MTG-09 shape: NAP's "prevent the next 2" and AP's "double that damage"; 3 damage to napUnit.
const ledger = Ledger.make([shield("shield", "nap", ["napUnit"], 2), double("double", "ap")])
const event = GameEvent.make("e", [dmg("i", "napUnit", 3)])
const dealt = (r: { readonly happened: ReadonlyArray<GameEvent.Occurrence> }) =>
  r.happened.reduce((n, o) => n + o.amount, 0)

describe("scripted", () => {
  it("answers in order and records who was asked", () => {
    const r = Resolver.resolveSync(affected, event, ledger, view, Chooser.scripted(["double"]))
    assert.isTrue(Result.isSuccess(r))
    if (Result.isSuccess(r)) {
      assert.strictEqual(dealt(r.success), 4)
      assert.deepStrictEqual(
        r.success.decisions.map((d) => [d.request.chooser, d.answer]),
        [["nap", "double"]]
      )
    }
  })
  it("running out of answers is a MissingDecision naming the request", () => {
    const r = Resolver.resolveSync(affected, event, ledger, view, Chooser.scripted([]))
    assert.isTrue(
      Result.isFailure(r) &&
        r.failure._tag === "MissingDecision" &&
        r.failure.requestId === "d1" &&
        r.failure.chooser === "nap"
    )
  })
  it("an answer that is not an option is an IllegalChoice naming the request and the answer", () => {
    const r = Resolver.resolveSync(affected, event, ledger, view, Chooser.scripted(["nonsense"]))
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) {
      assert.strictEqual(r.failure._tag, "IllegalChoice")
      assert.include(r.failure.message, "d1")
      assert.include(r.failure.message, "nonsense")
    }
  })
  it("an illegal allocation is rejected: 3 points on an occurrence of 2", () => {
    const twoSources = GameEvent.make("e", [
      dmg("x", "napUnit", 2),
      dmg("y", "napUnit", 2, { source: "src2" })
    ])
    const three = Ledger.make([shield("s", "nap", ["napUnit"], 3)])
    const bad = Resolver.resolveSync(affected, twoSources, three, view, Chooser.scripted([{ x: 3 }]))
    assert.isTrue(Result.isFailure(bad) && bad.failure._tag === "IllegalChoice")
    for (const split of Decision.legalAnswers({
      _tag: "Allocate",
      id: "d1",
      chooser: "nap",
      effect: "s",
      label: "",
      points: 3,
      targets: [
        { occurrence: "x", subject: "napUnit", max: 2 },
        { occurrence: "y", subject: "napUnit", max: 2 }
      ],
      rule: ""
    })) {
      const good = Resolver.resolveSync(affected, twoSources, three, view, Chooser.scripted([split]))
      assert.isTrue(Result.isSuccess(good))
      if (Result.isSuccess(good)) assert.strictEqual(dealt(good.success), 1)
    }
  })
})

describe("legal allocations", () => {
  const allocate = (points: number, maxes: ReadonlyArray<number>): Decision.Request => ({
    _tag: "Allocate",
    id: "d1",
    chooser: "nap",
    effect: "s",
    label: "",
    points,
    targets: maxes.map((max, i) => ({ occurrence: `t${i}`, subject: "napUnit", max })),
    rule: ""
  })
  it("every split, the first target's share largest first, each share within its maximum", () => {
    // by hand: 3 points over maxima 2, 1, 2
    assert.deepStrictEqual(Decision.legalAnswers(allocate(3, [2, 1, 2])), [
      { t0: 2, t1: 1, t2: 0 },
      { t0: 2, t1: 0, t2: 1 },
      { t0: 1, t1: 1, t2: 1 },
      { t0: 1, t1: 0, t2: 2 },
      { t0: 0, t1: 1, t2: 2 }
    ])
    assert.deepStrictEqual(Decision.legalAnswers(allocate(6, [2, 1, 2])), [])
    assert.deepStrictEqual(Decision.legalAnswers(allocate(3, [2, 1, 2]), 2).length, 2)
  })
  it("100 000 targets: the first split is listed without a stack overflow and checks as legal", () => {
    // before: one recursive call per target overflowed the stack past about 12 000 targets
    const request = allocate(
      7,
      Array.from({ length: 100_000 }, () => 1)
    )
    const [first] = Decision.legalAnswers(request, 1)
    if (first === undefined || typeof first !== "object") return assert.fail("no split listed")
    assert.strictEqual(first.t6, 1)
    assert.strictEqual(first.t7, 0)
    assert.strictEqual(first.t99999, 0)
    assert.strictEqual(Decision.check(request, first), undefined)
    const wrong = Decision.check(request, { nope: 1 })
    assert.include(wrong, "nope is not one of t0, t1")
    assert.include(wrong, "(99980 more)")
  })
})

describe("first-legal and best-for-chooser", () => {
  it("first-legal takes the first option offered (the shield, first in the ledger)", () => {
    const r = Resolver.resolveSync(affected, event, ledger, view, Chooser.firstLegal)
    assert.isTrue(Result.isSuccess(r) && dealt(r.success) === 2)
  })
  it("best-for-chooser minimises damage to the chooser's own objects: prevent first (2, not 4)", () => {
    const reversed = Ledger.make([double("double", "ap"), shield("shield", "nap", ["napUnit"], 2)])
    const r = Resolver.resolveSync(affected, event, reversed, view, Chooser.bestForChooser())
    assert.isTrue(Result.isSuccess(r))
    if (Result.isSuccess(r)) {
      assert.strictEqual(dealt(r.success), 2)
      assert.strictEqual(r.success.decisions[0]?.answer, "shield")
    }
  })
  it("best-for-chooser is exact over several non-commuting effects: +1, ×2, −1, −2", () => {
    const minus = (id: string, n: number) => ({
      ...plus(id, "nap", n),
      action: { _tag: "Modify", op: "sub", value: n } as const
    })
    const effects = Ledger.make([plus("p1", "ap", 1), double("x2", "ap"), minus("m1", 1), minus("m2", 2)])
    // on 4: subtract first, then double, then add: (4 − 1 − 2) × 2 + 1 = 3; every other order is worse
    const four = GameEvent.make("e", [dmg("i", "napUnit", 4)])
    const r = Resolver.resolveSync(affected, four, effects, view, Chooser.bestForChooser())
    assert.isTrue(Result.isSuccess(r))
    if (Result.isSuccess(r)) assert.strictEqual(dealt(r.success), 3)
    // on 3: 3 − 1 − 2 = 0, and damage at 0 is not dealt, so the +1 and ×2 have nothing to modify
    const zero = Resolver.resolveSync(affected, event, effects, view, Chooser.bestForChooser())
    assert.isTrue(Result.isSuccess(zero) && dealt(zero.success) === 0 && zero.success.happened.length === 0)
  })
})

describe("asynchronous chooser", () => {
  const rules = Policy.layer(affected)
  it.effect("the resolution waits for a remote answer and resumes with nothing lost", () =>
    Effect.gen(function* () {
      // the answer comes later from another fiber (the remote player), not from a timer: the
      // resolution suspends on the reply and resumes when it arrives
      const remote: Chooser.ChooserShape = {
        decide: (request) =>
          Effect.gen(function* () {
            const reply = yield* Deferred.make<Decision.Answer>()
            yield* Effect.forkChild(
              Deferred.succeed(reply, request._tag === "ChooseEffect" ? "double" : true)
            )
            return yield* Deferred.await(reply)
          })
      }
      const r = yield* Resolver.resolve(event, ledger, view).pipe(
        Effect.provide(Layer.mergeAll(rules, Chooser.layer(remote)))
      )
      assert.strictEqual(dealt(r), 4)
      assert.strictEqual(r.decisions.length, 1)
    })
  )
  it.effect("a chooser that fails gives a typed error, and the caller's ledger is unchanged", () =>
    Effect.gen(function* () {
      const before = JSON.stringify(ledger)
      const failing: Chooser.ChooserShape = {
        decide: (r) => Effect.fail(new Errors.ChooserFailed({ requestId: r.id, reason: "timed out" }))
      }
      const e = yield* Effect.flip(
        Resolver.resolve(event, ledger, view).pipe(
          Effect.provide(Layer.mergeAll(rules, Chooser.layer(failing)))
        )
      )
      assert.strictEqual(e._tag, "ChooserFailed")
      assert.strictEqual(JSON.stringify(ledger), before)
    })
  )
  it("a pending state can be stored and resumed later, more than once, with different answers", () => {
    const step = Kernel.start(affected, event, ledger, view)
    assert.strictEqual(step._tag, "Pending")
    if (step._tag !== "Pending") return
    const a = Kernel.resume(step.state, "shield")
    const b = Kernel.resume(step.state, "double")
    assert.isTrue(
      a._tag === "Done" && b._tag === "Done" && dealt(a.resolution) === 2 && dealt(b.resolution) === 4
    )
  })
})

describe("replay", () => {
  it("a pending resolution is stored as JSON (inputs and answers so far) and restored to the same decision", () => {
    const three = Ledger.make([
      shield("a", "nap", ["napUnit"], 1),
      shield("b", "nap", ["napUnit"], 1),
      double("d", "ap")
    ])
    const first = Kernel.start(affected, event, three, view)
    assert.strictEqual(first._tag, "Pending")
    if (first._tag !== "Pending") return
    const afterOne = Kernel.resume(first.state, "a")
    assert.strictEqual(afterOne._tag, "Pending")
    if (afterOne._tag !== "Pending") return
    // what a server keeps while it waits on the player
    const saved = JSON.parse(JSON.stringify({ event, ledger: three, view, log: afterOne.state.log }))
    const restored = Kernel.restore(affected, saved.event, saved.ledger, saved.view, saved.log)
    assert.isTrue(restored._tag === "Pending")
    if (restored._tag !== "Pending") return
    assert.deepStrictEqual(restored.request, afterOne.request)
    const a = Kernel.resume(restored.state, "b")
    const b = Kernel.resume(afterOne.state, "b")
    assert.isTrue(a._tag === "Done" && b._tag === "Done")
    if (a._tag === "Done" && b._tag === "Done") assert.deepStrictEqual(a.resolution, b.resolution)
  })

  it("reproduces the same result and trace from the decision log", () => {
    const first = Resolver.resolveSync(affected, event, ledger, view, Chooser.scripted(["double"]))
    assert.isTrue(Result.isSuccess(first))
    if (!Result.isSuccess(first)) return
    const again = Resolver.replay(affected, event, ledger, view, first.success.decisions)
    assert.isTrue(Result.isSuccess(again))
    if (Result.isSuccess(again)) assert.deepStrictEqual(again.success, first.success)
  })
  it("a log that does not fit (another chooser) is an error naming the decision", () => {
    const first = Resolver.resolveSync(affected, event, ledger, view, Chooser.scripted(["double"]))
    if (!Result.isSuccess(first)) return assert.fail("first resolution failed")
    const forged = first.success.decisions.map((d) => ({ ...d, request: { ...d.request, chooser: "ap" } }))
    const r = Resolver.replay(affected, event, ledger, view, forged)
    assert.isTrue(
      Result.isFailure(r) && r.failure._tag === "InvariantBreach" && r.failure.message.includes("d1")
    )
  })
  it("an illegal answer in a log of several is reported as the IllegalChoice it is", () => {
    const three = Ledger.make([
      shield("a", "nap", ["napUnit"], 1),
      shield("b", "nap", ["napUnit"], 1),
      double("d", "ap")
    ])
    const first = Resolver.resolveSync(affected, event, three, view, Chooser.scripted(["a", "b"]))
    if (!Result.isSuccess(first)) return assert.fail(first.failure.message)
    assert.isAtLeast(first.success.decisions.length, 2)
    const forged = first.success.decisions.map((d, i) => (i === 0 ? { ...d, answer: "nothing-offered" } : d))
    const r = Resolver.replay(affected, event, three, view, forged)
    assert.isTrue(
      Result.isFailure(r) && r.failure._tag === "IllegalChoice",
      Result.isFailure(r) ? r.failure.message : "ok"
    )
  })
})
