/**
 * The exact fast path of `Chooser.bestForChooser` for a choice on a single occurrence whose
 * applicable effects are plain amount changes, checked against the kernel search it replaces.
 *
 * Chooser.bestForChooser's contract (its docblock): "each decision is answered with the option
 * that minimises the damage dealt to the chooser's own objects (and to them), assuming every
 * later decision is answered the same way by its own chooser. […] Ties keep the first option
 * offered."
 *
 * The same effects with a condition that always holds (`All []`) are outside the fast path, so
 * the strategy searches with the kernel: both must make the same decisions and deal the same
 * damage, for every generated case (seeded, so a failure is reproducible).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  Chooser,
  type Filter,
  GameEvent,
  GameView,
  Kernel,
  Ledger,
  type Policy,
  type Replacement,
  Resolver
} from "../src/index.js"
import { affected, groups, prng, view } from "./fixtures.js"

const always: Filter.Condition = { _tag: "All", all: [] }

const actions: ReadonlyArray<(n: number) => Replacement.Action> = [
  (n) => ({ _tag: "Modify", op: "add", value: n }),
  (n) => ({ _tag: "Modify", op: "sub", value: n }),
  (n) => ({ _tag: "Modify", op: "mul", value: n % 4 }),
  (n) => ({ _tag: "Modify", op: "mul", value: 0.5 + (n % 3) / 2 }), // halving rounds down
  (n) => ({ _tag: "Modify", op: "set", value: n + 1 }),
  (n) => ({ _tag: "Modify", op: "atMost", value: n + 1 }),
  (n) => ({ _tag: "Modify", op: "atLeast", value: n + 2 }),
  (n) => ({ _tag: "Prevent", amount: n, scope: "shield" }),
  (n) => ({ _tag: "Prevent", amount: n, scope: "once" }),
  (n) => ({ _tag: "Prevent", amount: n, scope: "static" }),
  () => ({ _tag: "Prevent", amount: "all", scope: "static" })
]

const generate = (rand: () => number) => {
  const k = 1 + Math.floor(rand() * 6)
  const recipient = rand() < 0.7 ? "napUnit" : "apUnit"
  const effects: Array<Replacement.Replacement> = Array.from({ length: k }, (_, i) => {
    const action = actions[Math.floor(rand() * actions.length)]!(Math.floor(rand() * 4))
    return {
      id: `e${i}`,
      label: `effect ${i}`,
      controller: rand() < 0.5 ? "nap" : "ap",
      category: rand() < 0.15 ? "self" : action._tag === "Prevent" ? "prevention" : "standard",
      watch: { family: "damage", ...(rand() < 0.8 ? { subject: { _tag: "Id", ids: [recipient] } } : {}) },
      action
    }
  })
  const occurrence = GameEvent.damage({
    id: "i1",
    source: "src",
    recipient,
    amount: Math.floor(rand() * 7),
    preventable: rand() < 0.85
  })
  return { effects, event: GameEvent.make("e", [occurrence]) }
}

const run = (
  rules: Policy.Rules,
  effects: ReadonlyArray<Replacement.Replacement>,
  event: GameEvent.GameEvent,
  chooser: Chooser.SyncChooser = Chooser.bestForChooser()
) => {
  // every order asked: the choosers are compared decision by decision (the shortcut that skips an
  // order that can't matter is checked by its own law)
  const r = Resolver.resolveSync(rules, event, Ledger.make(effects), view, chooser, {
    trace: false,
    askEveryOrder: true
  })
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return {
    answers: r.success.decisions.map((d) => d.answer),
    dealt: r.success.happened.map((o) => [o.subject, o.amount])
  }
}

/**
 * Runs `cases` generated cases through each chooser of `fast` and through the kernel search
 * (the same effects with a condition that always holds, outside the fast path); every chooser
 * must make the same decisions and deal the same damage as the search. Returns how many cases
 * asked more than `minAnswers` questions (so a test can check the cases were not trivial).
 */
const agreeWithSearch = (
  rules: Policy.Rules,
  seed: number,
  cases: number,
  fast: ReadonlyArray<() => Chooser.SyncChooser>,
  minAnswers = 0
): number => {
  const rand = prng(seed)
  let withChoices = 0
  for (let n = 0; n < cases; n++) {
    const { effects, event } = generate(rand)
    const slow = run(
      rules,
      effects.map((e) => ({ ...e, condition: always })),
      event
    )
    for (const chooser of fast) {
      const got = run(rules, effects, event, chooser())
      assert.deepStrictEqual(got, slow, `case ${n}: ${JSON.stringify({ effects, event })}`)
    }
    if (slow.answers.length > minAnswers) withChoices++
  }
  return withChoices
}

const best = () => Chooser.bestForChooser()

describe("bestForChooser: single-occurrence fast path", () => {
  for (const [name, rules] of [
    ["affected chooses (tiers)", affected],
    ["slots × players (inactive then active)", groups]
  ] as const) {
    it(`decides as the kernel search does — ${name}`, () => {
      assert.isAbove(agreeWithSearch(rules, name.length * 7919, 400, [best]), 50)
    })
  }

  // Up to `flatPassUpTo` live effects (default 14) the pass runs over flat arrays, above that
  // over the reachable states only: with 0 every case takes the second pass, which must decide
  // exactly as the first and as the kernel search.
  it("decides as the kernel search does with the reachable-states pass (flatPassUpTo: 0)", () => {
    const sparse = () => Chooser.bestForChooser({ flatPassUpTo: 0 })
    assert.isAbove(agreeWithSearch(affected, 4242, 400, [sparse, best]), 50)
  })

  // A policy may carry any progress it likes between steps. This one records which effects are
  // left (one progress per set: 2^k of them), more than the flat pass keeps tables for (16), so
  // the pass starts again over the reachable states — with the same answers as the search.
  it("decides as the kernel search does when the policy has more progresses than the flat pass keeps", () => {
    const manyProgresses: Policy.Rules = {
      name: "many progresses",
      order: {
        name: "many progresses",
        groupKey: (o) => o.subject,
        groupOrder: "asGiven",
        next: (ctx) => {
          if (ctx.candidates.length === 0) return { _tag: "Done", progress: ctx.progress }
          const progress = {
            tier: 0,
            player: ctx.candidates.reduce((m, c) => m | (1 << Number(c.id.slice(1))), 0)
          }
          const chooser = GameView.controllerOf(ctx.view, ctx.affected) ?? "nap"
          return ctx.candidates.length === 1
            ? { _tag: "Apply", effect: ctx.candidates[0]!.id, progress, tier: "any", rule: "T 1" }
            : {
                _tag: "Choose",
                chooser,
                options: ctx.candidates.map((c) => c.id),
                progress,
                tier: "any",
                rule: "T 1"
              }
        }
      },
      assignment: affected.assignment
    }
    assert.isAbove(agreeWithSearch(manyProgresses, 777, 200, [best], 1), 20)
  })

  // Chooser.bestFinalAmount's contract: "the occurrence's final amount when this and every later
  // choice is made as bestForChooser makes it — without finishing the resolution".
  it("bestFinalAmount is the amount the resolution with bestForChooser ends with", () => {
    for (const [rules, seed] of [
      [affected, 11],
      [groups, 12]
    ] as const) {
      const rand = prng(seed)
      let compared = 0
      for (let n = 0; n < 400; n++) {
        const { effects, event } = generate(rand)
        const ledger = Ledger.make(effects)
        const step = Kernel.start(rules, event, ledger, view, { trace: false })
        if (step._tag !== "Pending") continue
        const quick = Chooser.bestFinalAmount(step.state)
        if (quick === undefined) continue
        const r = Resolver.resolveSync(rules, event, ledger, view, Chooser.bestForChooser(), { trace: false })
        if (Result.isFailure(r)) throw new Error(r.failure.message)
        const final = r.success.outcomes.find((o) => o.id === "i1")?.amount ?? 0
        assert.strictEqual(quick, final, `case ${n}: ${JSON.stringify({ effects, event })}`)
        compared++
      }
      assert.isAbove(compared, 40)
    }
  })

  it("bestFinalAmount is undefined outside the single-occurrence case", () => {
    // a condition puts the effects outside the exact pass
    const effects: Array<Replacement.Replacement> = ["a", "b"].map((id) => ({
      id,
      label: id,
      controller: "nap",
      category: "standard",
      condition: always,
      watch: { family: "damage" },
      action: { _tag: "Modify", op: "add", value: 1 }
    }))
    const event = GameEvent.make("e", [
      GameEvent.damage({ id: "i1", source: "src", recipient: "napUnit", amount: 2 })
    ])
    // two "+1"s commute: asked only when every order is asked
    const step = Kernel.start(affected, event, Ledger.make(effects), view, {
      trace: false,
      askEveryOrder: true
    })
    assert.strictEqual(step._tag, "Pending")
    if (step._tag === "Pending") assert.isUndefined(Chooser.bestFinalAmount(step.state))
  })

  it("picks the order that deals least: prevent 2 before doubling 3 leaves 2, not 4", () => {
    // (3 − 2) × 2 = 2, while 3 × 2 − 2 = 4: the orders do not commute (DESIGN §5)
    const effects: Array<Replacement.Replacement> = [
      {
        id: "double",
        label: "double",
        controller: "ap",
        category: "standard",
        watch: { family: "damage" },
        action: { _tag: "Modify", op: "mul", value: 2 }
      },
      {
        id: "shield",
        label: "prevent the next 2",
        controller: "nap",
        category: "prevention",
        watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
        action: { _tag: "Prevent", amount: 2, scope: "shield" }
      }
    ]
    const event = GameEvent.make("e", [
      GameEvent.damage({ id: "i1", source: "src", recipient: "napUnit", amount: 3 })
    ])
    const r = run(affected, effects, event)
    assert.deepStrictEqual(r.answers, ["shield"])
    assert.deepStrictEqual(r.dealt, [["napUnit", 2]])
  })
})
