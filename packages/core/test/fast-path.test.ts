/**
 * The decision-free run (`internal/kernel/fast`, issue 30): a resolution without a trace that
 * asks nothing, of one occurrence per event and plain effects, runs without the step machine's
 * resumable state. The law: whatever it answers is exactly what the general path gives (the
 * same outcomes, summaries, happened, notifications, ledger, view and decisions, as JSON, key
 * order included), and where it gives up the general path's answer stands. Checked on generated
 * worlds (one to four occurrences, plain and non-plain effects, three rulesets with and without
 * a results stage and commit, small step limits), each resolved twice — the second time against
 * the ledger the first returned (shields partly used, once-effects spent).
 *
 * Mutants tried (each fails the generated or the chosen worlds): a shield counted spent only
 * below 0 (`spent = after < 0`); a modifier's change not added to `modified`; the second step
 * of an application not counted against `maxSteps`; a starting player taken without asking
 * when effects of two players could apply.
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { GameEvent, Kernel, Ledger, type Policy, Resolver } from "../src/index.js"
import * as Fast from "../src/internal/kernel/fast.js"
import { affected } from "./fixtures.js"
import { EffectSpec, OccSpec, rulesOf, type World, withResults, worldOf } from "./world.js"

const json = (x: unknown): string =>
  JSON.stringify(x, (_k, v) => (v instanceof Map ? [...v] : v instanceof Set ? [...v] : v))

const FastSpec = Schema.Struct({
  effects: Schema.Array(EffectSpec).check(Schema.isMaxLength(4)),
  // mostly one occurrence: what the run takes on
  occurrences: Schema.Array(OccSpec).check(Schema.isMinLength(1), Schema.isMaxLength(2)),
  rules: Schema.Literals(["affected", "groups", "declare"]),
  results: Schema.Boolean,
  /** A step limit of 1 to 3, else (4 to 9) the kernel's own. */
  maxSteps: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 9 })),
  chooser: Schema.Literals(["first", "best", "last"]),
  /** Every effect made plain (no "may", additional part or condition; a prevention or modifier). */
  plain: Schema.Boolean,
  /** Only the first occurrence (an event of one occurrence: what the run takes on). */
  single: Schema.Boolean,
  /** Only the first effects (at most this many: fewer decisions). */
  most: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 4 }))
})

const PLAIN: ReadonlyArray<EffectSpec["kind"]> = [
  "shield",
  "once",
  "onceAll",
  "static",
  "perEvent",
  "staticAll",
  "add",
  "sub",
  "mul",
  "set",
  "atMost"
]

const plainOf = (e: EffectSpec, i: number): EffectSpec => ({
  ...e,
  kind: PLAIN.includes(e.kind) ? e.kind : (PLAIN[i % PLAIN.length] as EffectSpec["kind"]),
  optional: false,
  additional: false,
  minAmount: 0
})

const worldFrom = (spec: typeof FastSpec.Type): World => {
  const effects = spec.effects.slice(0, spec.most)
  const w = worldOf({
    ...spec,
    effects: spec.plain ? effects.map(plainOf) : effects,
    occurrences: spec.single ? spec.occurrences.slice(0, 1) : spec.occurrences
  })
  const plainRules = rulesOf(spec.rules)
  const withSteps: Policy.Rules = spec.maxSteps > 3 ? plainRules : { ...plainRules, maxSteps: spec.maxSteps }
  return { ...w, rules: spec.results ? withResults(withSteps) : withSteps }
}

let taken = 0
let runs = 0

/** Resolves with the decision-free run allowed and in the general path only; both JSON. */
const both = (
  w: World,
  ledger: Ledger.Ledger
): { fast: string; general: string; next: Ledger.Ledger | undefined } => {
  const options = { trace: false }
  const before = Fast.answered
  const fast = Resolver.resolveSync(w.rules, w.event, ledger, w.view, w.chooser, options)
  runs++
  if (Fast.answered > before) taken++
  const general = Fast.general(() =>
    Resolver.resolveSync(w.rules, w.event, ledger, w.view, w.chooser, options)
  )
  return {
    fast: json(fast),
    general: json(general),
    next: general._tag === "Success" ? general.success.ledger : undefined
  }
}

describe("the decision-free run gives what the general path gives (issue 30)", () => {
  it.prop(
    "on generated worlds, and again on the ledgers they return",
    [FastSpec],
    ([spec]) => {
      const w = worldFrom(spec)
      const first = both(w, w.ledger)
      assert.strictEqual(first.fast, first.general)
      if (first.next !== undefined) {
        const second = both(w, first.next)
        assert.strictEqual(second.fast, second.general)
      }
    },
    { arbitrary: { runs: 400 } }
  )

  it("on chosen worlds: a shield used up exactly, a modifier then a shield, a starting player", () => {
    const effect = (kind: EffectSpec["kind"], n: number, controller: "ap" | "nap" = "nap"): EffectSpec => ({
      kind,
      n,
      controller,
      target: "napUnit",
      category: "standard",
      optional: false,
      additional: false,
      minAmount: 0
    })
    const specs: ReadonlyArray<typeof FastSpec.Type> = [
      [effect("shield", 3)],
      [effect("add", 2, "ap"), effect("shield", 4)],
      [effect("once", 2), effect("sub", 1)]
    ].flatMap((effects) =>
      (["affected", "groups", "declare"] as const).flatMap((rules) =>
        [false, true].map((results) => ({
          effects,
          occurrences: [{ to: "napUnit", amount: 3, preventable: true, source: "src" }],
          rules,
          results,
          maxSteps: 9,
          chooser: "first",
          plain: true,
          single: true,
          most: 4
        }))
      )
    )
    for (const spec of specs) {
      const w = worldFrom(spec)
      const before = Fast.answered
      const first = both(w, w.ledger)
      assert.strictEqual(first.fast, first.general)
      if (first.next !== undefined) {
        const second = both(w, first.next)
        assert.strictEqual(second.fast, second.general)
      }
      if (spec.effects.length === 1) assert.isAbove(Fast.answered, before, json(spec))
    }
  })

  it("is taken on a good share of them, and not on all (the law above is not vacuous)", () => {
    assert.isAbove(runs, 0)
    assert.isAbove(taken, runs / 4, `taken ${taken} of ${runs}`)
    assert.isBelow(taken, runs)
  })

  it("answers a single shield, and gives up on a decision and on a trace", () => {
    const shield = {
      id: "s",
      label: "Prevent the next 3 damage to napUnit",
      controller: "nap",
      category: "prevention",
      watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
      action: { _tag: "Prevent", amount: 3, scope: "shield" }
    } as const
    const w = worldOf({
      effects: [],
      occurrences: [{ to: "napUnit", amount: 5, preventable: true, source: "src" }],
      rules: "affected",
      chooser: "first"
    })
    const event = GameEvent.make("e", [
      GameEvent.damage({ id: "i", source: "src", recipient: "napUnit", amount: 5 })
    ])
    const one = Ledger.make([shield])
    const at = (f: () => unknown): number => {
      const before = Fast.answered
      f()
      return Fast.answered - before
    }
    const r = Kernel.start(affected, event, one, w.view, { trace: false })
    assert.strictEqual(r._tag, "Done")
    if (r._tag === "Done") {
      assert.deepStrictEqual(r.resolution.dealt, { napUnit: 2 })
      assert.strictEqual(Ledger.remaining(r.resolution.ledger, "s"), 0)
    }
    assert.strictEqual(
      at(() => Kernel.start(affected, event, one, w.view, { trace: false })),
      1
    )
    // with the trace on, the general path runs
    assert.strictEqual(
      at(() => Kernel.start(affected, event, one, w.view)),
      0
    )
    // two shields of one controller: a decision (the affected player chooses the order)
    const two = Ledger.make([shield, { ...shield, id: "t" }])
    const step = Kernel.start(affected, event, two, w.view, { trace: false })
    assert.strictEqual(step._tag, "Pending")
    assert.strictEqual(
      at(() => Kernel.start(affected, event, two, w.view, { trace: false })),
      0
    )
  })
})
