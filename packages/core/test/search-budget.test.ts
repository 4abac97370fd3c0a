/**
 * The best-for-chooser search: its budget, and the structured shape (subtract, multiply, add on
 * one occurrence) it solves in closed form.
 *
 * MTG CR 616.1: "If two or more replacement and/or prevention effects are attempting to modify
 * the way an event affects an object or player, the affected object's controller (or its owner
 * if it has no controller) or the affected player chooses one to apply". With every effect in
 * one tier, that player can reach every order of the effects, so the least damage is the least
 * over all orders — checked here by trying them all (an oracle independent of the engine).
 *
 * Chooser.bestForChooser's contract (its docblock): "each decision may explore `budget` states
 * (default 200 000); past it the chooser throws Errors.SearchBudgetExceeded, which the resolvers
 * report as that typed error: no best-so-far guess, the resolution fails and nothing is applied."
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Result } from "effect"
import {
  Chooser,
  type Decision,
  Errors,
  GameEvent,
  Kernel,
  Ledger,
  Policy,
  type Replacement,
  Resolver
} from "../src/index.js"
import { affected, groups, prng, view } from "./fixtures.js"

/** One tier: the affected object's controller may apply the effects in any order (616.1). */
const free: Policy.Rules = {
  name: "free",
  order: Policy.affectedChooses({ name: "free", rule: "616.1", tiers: [{ name: "any" }] }),
  assignment: affected.assignment
}

const on = { _tag: "Id", ids: ["napUnit"] } as const

const effect = (id: string, action: Replacement.Action, category = "standard"): Replacement.Replacement => ({
  id,
  label: id,
  controller: "nap",
  category: action._tag === "Prevent" && category === "standard" ? "prevention" : category,
  watch: { family: "damage", subject: on },
  action
})

const shieldOf = (id: string, n: number) => effect(id, { _tag: "Prevent", amount: n, scope: "shield" })
const doubler = (id: string) => effect(id, { _tag: "Modify", op: "mul", value: 2 })

/** `s` shields of 1 and `d` doublers on one creature, 20 damage to it. */
const mixed = (s: number, d: number) => {
  const effects = [
    ...Array.from({ length: s }, (_, i) => shieldOf(`s${i}`, 1)),
    ...Array.from({ length: d }, (_, i) => doubler(`d${i}`))
  ]
  const event = GameEvent.make("e", [
    GameEvent.damage({ id: "i", source: "src", recipient: "napUnit", amount: 20 })
  ])
  return { effects, event, ledger: Ledger.make(effects) }
}

/** The structured changes the generator draws from (n: 0–3). */
const actions: ReadonlyArray<(n: number) => Replacement.Action> = [
  (n) => ({ _tag: "Prevent", amount: n, scope: "shield" }),
  (n) => ({ _tag: "Prevent", amount: n + 1, scope: "once" }),
  (n) => ({ _tag: "Prevent", amount: n, scope: "static" }),
  () => ({ _tag: "Prevent", amount: "all", scope: "static" }),
  (n) => ({ _tag: "Modify", op: "sub", value: n }),
  (n) => ({ _tag: "Modify", op: "add", value: n }),
  (n) => ({ _tag: "Modify", op: "add", value: -n }),
  (n) => ({ _tag: "Modify", op: "mul", value: n }),
  () => ({ _tag: "Modify", op: "mul", value: 2 })
]

const generate = (rand: () => number) => {
  const k = 1 + Math.floor(rand() * 6)
  const effects = Array.from({ length: k }, (_, i) => {
    const action = actions[Math.floor(rand() * actions.length)]!(Math.floor(rand() * 4))
    return {
      ...effect(`e${i}`, action, rand() < 0.15 ? "self" : "standard"),
      controller: rand() < 0.6 ? "nap" : "ap"
    }
  })
  const amount = 1 + Math.floor(rand() * 9)
  const preventable = rand() < 0.9
  const event = GameEvent.make("e", [
    GameEvent.damage({ id: "i", source: "src", recipient: "napUnit", amount, preventable })
  ])
  return { effects, event, amount, preventable }
}

const resolve = (
  rules: Policy.Rules,
  effects: ReadonlyArray<Replacement.Replacement>,
  event: GameEvent.GameEvent,
  chooser: Chooser.SyncChooser
) => {
  const r = Resolver.resolveSync(rules, event, Ledger.make(effects), view, chooser, { trace: false })
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return {
    answers: r.success.decisions.map((d) => d.answer),
    dealt: r.success.happened.reduce((n, o) => n + o.amount, 0)
  }
}

/** The final amount of one order, as the rules read: an occurrence at 0 is gone (614.1a, 120.8). */
const finalOf = (order: ReadonlyArray<Replacement.Action>, amount: number, preventable: boolean): number => {
  let a = amount
  for (const x of order) {
    if (a <= 0) return 0
    if (x._tag === "Prevent") {
      if (!preventable) continue
      a = x.amount === "all" ? 0 : Math.max(0, a - (x.amount as number))
    } else if (x._tag === "Modify" && typeof x.value === "number") {
      a = x.op === "add" ? Math.max(0, a + x.value) : x.op === "sub" ? Math.max(0, a - x.value) : a * x.value
    }
  }
  return Math.max(0, a)
}

const permutations = <A>(xs: ReadonlyArray<A>): Array<Array<A>> =>
  xs.length <= 1
    ? [[...xs]]
    : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]))

/** A chooser that decides every choice of effect by the class order `rank` (lower first). */
const byRank =
  (rank: (a: Replacement.Action) => number): Chooser.SyncChooser =>
  (request, state) => {
    if (request._tag !== "ChooseEffect") return Chooser.firstLegal(request, state)
    const action = (id: string) => state.index.byId.get(id)!.action
    let pick = request.options[0]!.effect
    for (const o of request.options) if (rank(action(o.effect)) < rank(action(pick))) pick = o.effect
    return pick
  }

const rightOrder = (a: Replacement.Action): number => {
  if (a._tag === "Prevent") return a.amount === "all" ? 0 : 1
  if (a._tag !== "Modify") return 2
  if (a.op === "mul") return a.value === 0 ? 0 : 3
  return a.op === "sub" || (typeof a.value === "number" && a.value < 0) ? 1 : 4
}

/** The mutant: multiply before subtracting (the "double first" order of MTG-09). */
const doubleFirst = (a: Replacement.Action): number =>
  a._tag === "Modify" && a.op === "mul" && a.value !== 0 ? 0.5 : rightOrder(a)

/**
 * The mutant of the certificate: a chooser that trusts the closed form (the least over every
 * order of the effects still live) without following the ruleset's policy — so it ignores a
 * tier that must apply first, and a choice made by another player.
 */
const uncertified: Chooser.SyncChooser = (request, state) => {
  const c = Kernel.singleOccurrenceChoice(state)
  if (request._tag !== "ChooseEffect" || c === undefined) return Chooser.firstLegal(request, state)
  const live = c.effects.filter((x) => x.blocked === undefined).map((x) => x.effect)
  const { amount, preventable } = c.occurrence
  let pick = request.options[0]!.effect
  let least = Number.POSITIVE_INFINITY
  for (const o of request.options) {
    const first = live.find((e) => e.id === o.effect)!.action
    const rest = live.filter((e) => e.id !== o.effect).map((e) => e.action)
    const v = Math.min(...permutations(rest).map((p) => finalOf([first, ...p], amount, preventable)))
    if (v < least) {
      least = v
      pick = o.effect
    }
  }
  return pick
}

describe("bestForChooser: the structured shape (subtract, multiply, add)", () => {
  it("deals the least damage over every order the affected controller can choose (616.1), like the exhaustive pass", {
    timeout: 120_000
  }, () => {
    const rand = prng(2026)
    let chose = 0
    for (let n = 0; n < 400; n++) {
      const { effects, event, amount, preventable } = generate(rand)
      const owned = effects.map((e) => ({ ...e, category: "standard" }))
      const least = Math.min(
        ...permutations(owned.map((e) => e.action)).map((p) => finalOf(p, amount, preventable))
      )
      const shaped = resolve(free, owned, event, Chooser.bestForChooser())
      const passes = resolve(free, owned, event, Chooser.bestForChooser({ shapes: false }))
      const where = `case ${n}: ${JSON.stringify({ effects: owned.map((e) => e.action), amount, preventable })}`
      assert.strictEqual(shaped.dealt, least, where)
      assert.deepStrictEqual(shaped, passes, where)
      if (shaped.answers.length > 1) chose++
    }
    assert.isAbove(chose, 100)
  })

  for (const [name, rules] of [
    ["affected chooses (self-replacement tier first)", affected],
    ["slots × players (inactive then active)", groups]
  ] as const) {
    it(`makes the same decisions as the exhaustive pass — ${name}`, { timeout: 120_000 }, () => {
      const rand = prng(name.length * 104729)
      for (let n = 0; n < 400; n++) {
        const { effects, event } = generate(rand)
        const shaped = resolve(rules, effects, event, Chooser.bestForChooser())
        const passes = resolve(rules, effects, event, Chooser.bestForChooser({ shapes: false }))
        assert.deepStrictEqual(shaped, passes, `case ${n}: ${JSON.stringify(effects.map((e) => e.action))}`)
      }
    })
  }

  it("the law can fail: a chooser that doubles before it prevents deals more than the least", {
    timeout: 120_000
  }, () => {
    const rand = prng(2026)
    let caught = 0
    for (let n = 0; n < 400; n++) {
      const { effects, event, amount, preventable } = generate(rand)
      const owned = effects.map((e) => ({ ...e, category: "standard" }))
      const least = Math.min(
        ...permutations(owned.map((e) => e.action)).map((p) => finalOf(p, amount, preventable))
      )
      // the right class order reaches it every time: the closed form the strategy certifies
      assert.strictEqual(resolve(free, owned, event, byRank(rightOrder)).dealt, least)
      if (resolve(free, owned, event, byRank(doubleFirst)).dealt !== least) caught++
    }
    assert.isAbove(caught, 10)
  })

  it("the law can fail: trusting the closed form without following the policy decides otherwise", {
    timeout: 120_000
  }, () => {
    // the same seeds as the two laws above: each law catches it
    for (const [name, rules] of [
      ["affected chooses (self-replacement tier first)", affected],
      ["slots × players (inactive then active)", groups]
    ] as const) {
      const rand = prng(name.length * 104729)
      let caught = 0
      for (let n = 0; n < 400; n++) {
        const { effects, event } = generate(rand)
        const passes = resolve(rules, effects, event, Chooser.bestForChooser({ shapes: false }))
        if (JSON.stringify(resolve(rules, effects, event, uncertified)) !== JSON.stringify(passes)) caught++
      }
      assert.isAbove(caught, 2, name)
    }
  })

  it("16 shields and 16 doublers on one creature are solved in a few states: (20 − 16) × 2^16", () => {
    const { event, ledger } = mixed(16, 16)
    // 32 effects: beyond the passes (at most 30), so without the shape it is the kernel search
    const r = Resolver.resolveSync(free, event, ledger, view, Chooser.bestForChooser({ budget: 2_000 }))
    assert.isTrue(Result.isSuccess(r))
    if (Result.isSuccess(r)) {
      assert.strictEqual(r.success.happened[0]?.amount, 4 * 2 ** 16)
      // every shield first (616.1: the controller's order), then the doublers
      assert.deepStrictEqual(
        r.success.decisions.slice(0, 16).map((d) => String(d.answer)[0]),
        Array.from({ length: 16 }, () => "s")
      )
    }
  })
})

/**
 * Shields, multipliers and additions on one creature, every one its controller's (616.1: they
 * choose the order among them): the board where one decision's certified order answers the
 * decisions after it.
 */
const mixedBoard = (rand: () => number) => {
  const k = 2 + Math.floor(rand() * 6)
  const kinds: ReadonlyArray<(n: number) => Replacement.Action> = [
    (n) => ({ _tag: "Prevent", amount: n, scope: "shield" }),
    (n) => ({ _tag: "Prevent", amount: n + 1, scope: "once" }),
    (n) => ({ _tag: "Modify", op: "mul", value: 2 + (n % 2) }),
    (n) => ({ _tag: "Modify", op: "add", value: n + 1 })
  ]
  const effects = Array.from({ length: k }, (_, i) =>
    effect(`e${i}`, kinds[Math.floor(rand() * kinds.length)]!(Math.floor(rand() * 4)))
  )
  const event = GameEvent.make("e", [
    GameEvent.damage({ id: "i", source: "src", recipient: "napUnit", amount: 1 + Math.floor(rand() * 12) })
  ])
  return { effects, event }
}

/**
 * The mutant of the plans: a chooser that answers each decision with the answer it gave at the
 * same place of the last resolution whenever that answer is offered — a plan not checked
 * against the state it is used in (another board, another amount, other effects left).
 */
const stalePlan = (): Chooser.SyncChooser => {
  const fresh = Chooser.bestForChooser()
  let last: Array<Decision.Answer> = []
  let current: Array<Decision.Answer> = []
  return (request, state) => {
    if (state.log.length === 0 && current.length > 0) {
      last = current
      current = []
    }
    const remembered = last[state.log.length]
    const answer =
      request._tag === "ChooseEffect" && request.options.some((o) => o.effect === remembered)
        ? (remembered as Decision.Answer)
        : fresh(request, state)
    if (answer !== undefined) current.push(answer)
    return answer
  }
}

/**
 * The law of the plans: one `bestForChooser` reused board after board (each board twice and once
 * more with another amount, so the plan of a resolution is offered to the next one too) decides exactly as the exhaustive pass
 * (`shapes: false`) and as the structured shape certified afresh at every decision
 * (`Chooser.unplanned`), on generated boards in the three orderings.
 */
const planDisagreements = (chooser: () => Chooser.SyncChooser, seed: number): number => {
  let disagreements = 0
  for (const [name, rules] of [
    ["free", free],
    ["affected", affected],
    ["groups", groups]
  ] as const) {
    const rand = prng(seed + name.length)
    const planned = chooser()
    for (let n = 0; n < 150; n++) {
      const { effects, event } = n % 2 === 0 ? mixedBoard(rand) : generate(rand)
      const first = event.occurrences[0] as GameEvent.Occurrence
      const other = GameEvent.make("e", [{ ...first, amount: 1 + Math.floor(rand() * 12) }])
      for (const e of [event, event, other]) {
        const got = resolve(rules, effects, e, planned)
        const passes = resolve(rules, effects, e, Chooser.bestForChooser({ shapes: false }))
        if (JSON.stringify(got) !== JSON.stringify(passes)) disagreements++
      }
    }
  }
  return disagreements
}

describe("bestForChooser: one certified order answers the decisions after it (plans)", () => {
  it("a chooser reused board after board decides as the exhaustive pass (616.1: the affected controller's order)", {
    timeout: 120_000
  }, () => {
    assert.strictEqual(
      planDisagreements(() => Chooser.bestForChooser(), 19),
      0
    )
  })

  it("the same answers as certifying every decision afresh (Chooser.unplanned), with more than one decision", () => {
    const rand = prng(1919)
    let several = 0
    for (let n = 0; n < 200; n++) {
      const { effects, event } = mixedBoard(rand)
      const planned = resolve(free, effects, event, Chooser.bestForChooser())
      const afresh = Chooser.unplanned(() => resolve(free, effects, event, Chooser.bestForChooser()))
      assert.deepStrictEqual(planned, afresh, `case ${n}`)
      if (planned.answers.length > 2) several++
    }
    assert.isAbove(several, 50)
  })

  it("the law can fail: a plan replayed without checking the state decides otherwise", {
    timeout: 120_000
  }, () => {
    assert.isAbove(planDisagreements(stalePlan, 19), 5)
  })
})

describe("bestForChooser: the budget", () => {
  it("fails with SearchBudgetExceeded naming the budget and the decision, the same way every run", () => {
    const { event, ledger } = mixed(6, 6)
    const once = () =>
      Resolver.resolveSync(free, event, ledger, view, Chooser.bestForChooser({ shapes: false, budget: 500 }))
    const r = once()
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) {
      const e = r.failure
      assert.strictEqual(e._tag, "SearchBudgetExceeded")
      if (e._tag === "SearchBudgetExceeded") {
        assert.strictEqual(e.budget, 500)
        assert.strictEqual(e.requestId, "d1")
        assert.isAbove(e.explored, 500)
        assert.include(e.message, "budget of 500")
      }
      assert.deepStrictEqual(once(), r)
    }
  })

  it("the same board within a larger budget resolves, to the closed form's amount", () => {
    const { event, ledger } = mixed(6, 6)
    const r = Resolver.resolveSync(
      free,
      event,
      ledger,
      view,
      Chooser.bestForChooser({ shapes: false, budget: 1_000_000 })
    )
    assert.isTrue(Result.isSuccess(r))
    if (Result.isSuccess(r)) assert.strictEqual(r.success.happened[0]?.amount, (20 - 6) * 2 ** 6)
  })

  it("bestForChooserEffect fails the same way, and yields while it searches", async () => {
    // 14 effects: 2^14 states of the flat pass, over a budget of 5 000
    const { event, ledger } = mixed(7, 7)
    const seen: Array<number> = []
    const shape = Chooser.bestForChooserEffect({
      shapes: false,
      budget: 5_000,
      sliceSize: 100,
      onProgress: (n) => seen.push(n)
    })
    const exit = await Effect.runPromiseExit(
      Resolver.resolve(event, ledger, view).pipe(
        Effect.provide(Policy.layer(free)),
        Effect.provide(Chooser.layer(shape))
      )
    )
    assert.isTrue(Exit.isFailure(exit))
    const sync = Resolver.resolveSync(
      free,
      event,
      ledger,
      view,
      Chooser.bestForChooser({ shapes: false, budget: 5_000 })
    )
    if (Exit.isFailure(exit) && Result.isFailure(sync)) {
      assert.include(String(exit.cause), "SearchBudgetExceeded")
      assert.include(String(exit.cause), sync.failure.message)
    }
    // progress at every slice, growing
    assert.isAbove(seen.length, 3)
    assert.deepStrictEqual(
      [...seen].sort((a, b) => a - b),
      seen
    )
  })

  it("bestForChooserEffect answers as bestForChooser does", async () => {
    const { event, ledger } = mixed(3, 3)
    const sync = Resolver.resolveSync(free, event, ledger, view, Chooser.bestForChooser({ shapes: false }))
    const live = await Effect.runPromise(
      Resolver.resolve(event, ledger, view).pipe(
        Effect.provide(Policy.layer(free)),
        Effect.provide(Chooser.layer(Chooser.bestForChooserEffect({ shapes: false, sliceSize: 7 })))
      )
    )
    assert.isTrue(Result.isSuccess(sync))
    if (Result.isSuccess(sync)) assert.deepStrictEqual(live.decisions, sync.success.decisions)
  })

  it("bestFinalAmount has the budget too", () => {
    const { event, ledger } = mixed(6, 6)
    const step = Kernel.start(free, event, ledger, view)
    assert.strictEqual(step._tag, "Pending")
    if (step._tag === "Pending") {
      assert.strictEqual(Chooser.bestFinalAmount(step.state), (20 - 6) * 2 ** 6)
      let thrown: unknown
      try {
        Chooser.bestFinalAmount(step.state, { shapes: false, budget: 10 })
      } catch (e) {
        thrown = e
      }
      assert.isTrue(thrown instanceof Errors.SearchBudgetExceeded && thrown.budget === 10)
    }
  })

  // the time budget read through an injected clock: each reading is 1 s later, so the search is
  // over any time budget after a few steps, whatever the machine (no test depends on timing)
  const ticking = () => {
    let t = 0
    return () => (t += 1_000)
  }

  it("the time budget: a search still within its states budget fails with SearchBudgetExceeded once its clock passes timeBudgetMs", () => {
    // before: only states were counted, so a board whose states are slow ran on (400 effects: 150 s)
    const { event, ledger } = mixed(7, 7)
    const r = Resolver.resolveSync(
      free,
      event,
      ledger,
      view,
      Chooser.bestForChooser({ shapes: false, budget: 1_000_000, timeBudgetMs: 3_500, now: ticking() })
    )
    if (Result.isSuccess(r)) return assert.fail("the search finished")
    const e = r.failure
    assert.instanceOf(e, Errors.SearchBudgetExceeded)
    if (!(e instanceof Errors.SearchBudgetExceeded)) return
    assert.strictEqual(e.timeBudgetMs, 3_500)
    assert.strictEqual(e.elapsedMs, 4_000)
    assert.isBelow(e.explored, 1_000_000)
    assert.include(e.message, "time budget of 3500 ms")
  })

  it("the time budget in bestForChooserEffect and bestFinalAmount too", async () => {
    const { event, ledger } = mixed(7, 7)
    const options = { shapes: false, timeBudgetMs: 2_500 } as const
    const exit = await Effect.runPromiseExit(
      Resolver.resolve(event, ledger, view).pipe(
        Effect.provide(Policy.layer(free)),
        Effect.provide(Chooser.layer(Chooser.bestForChooserEffect({ ...options, now: ticking() })))
      )
    )
    assert.isTrue(Exit.isFailure(exit) && String(exit.cause).includes("time budget of 2500 ms"))
    const step = Kernel.start(free, event, ledger, view)
    if (step._tag !== "Pending") return assert.fail("no decision")
    assert.throws(
      () => Chooser.bestFinalAmount(step.state, { ...options, now: ticking() }),
      /time budget of 2500 ms/
    )
  })

  it("a search that finishes within both budgets answers as without a clock (the clock never changes an answer)", () => {
    const { event, ledger } = mixed(3, 3)
    const plain = Resolver.resolveSync(free, event, ledger, view, Chooser.bestForChooser({ shapes: false }))
    let t = 0
    const slow = Resolver.resolveSync(
      free,
      event,
      ledger,
      view,
      Chooser.bestForChooser({ shapes: false, timeBudgetMs: 1e12, now: () => (t += 1_000) })
    )
    assert.deepStrictEqual(slow, plain)
  })

  it("refuses a time budget that is not a number > 0", () => {
    for (const timeBudgetMs of [0, -1, Number.NaN])
      assert.throws(() => Chooser.bestForChooser({ timeBudgetMs }), RangeError)
  })

  it("refuses a budget that is not a whole number ≥ 1", () => {
    for (const budget of [0, -1, 1.5, Number.NaN])
      assert.throws(() => Chooser.bestForChooser({ budget }), RangeError)
  })
})
