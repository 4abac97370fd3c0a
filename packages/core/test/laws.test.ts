/**
 * The nine invariants of the resolver (DESIGN §2), each a named property test over generated
 * worlds: two players, generated effects (shields, fixed and static preventions, prevent-all,
 * modifiers, redirection, replacement — including effects that replace an event with one they
 * also watch —, prevention decreases, optional effects, additional effects, amount conditions),
 * a generated batch, one of three tiny rulesets and one of three choosers.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Kernel, Resolver } from "../src/index.js"
import * as Laws from "./laws.js"
import { deepFreeze, reflectingWorldOf, resolveWorld, type World, WorldSpec, worldOf } from "./world.js"

const runs = { arbitrary: { runs: 300, seed: 20261129 } }

const resolved = (spec: typeof WorldSpec.Type) => {
  const w = worldOf(spec)
  const r = resolveWorld(w)
  if (Result.isFailure(r)) throw new Error(`resolution failed: ${r.failure.message}`)
  return [w, r.success] as const
}

const holds = (law: Laws.Law) => (spec: typeof WorldSpec.Type) => {
  const [w, r] = resolved(spec)
  const v = law(w, r)
  if (v.length > 0) throw new Error(v.join("\n"))
}

describe("resolver invariants", () => {
  it.prop(
    "1. an effect modifies an original event at most once (MTG 614.5, FaB 6.4.5, Riftbound 370.2)",
    [WorldSpec],
    ([spec]) => holds(Laws.atMostOnce)(spec),
    runs
  )

  it.prop(
    "2. candidates are recomputed against the modified event after each application (MTG 616.1e–f, 616.2)",
    [WorldSpec],
    ([spec]) => holds(Laws.reEvaluated)(spec),
    runs
  )

  it.prop(
    "3. damage at 0 is not dealt and nothing resurrects it (MTG 120.8, Riftbound 417.1.e.1)",
    [WorldSpec],
    ([spec]) => holds(Laws.zeroStaysZero)(spec),
    runs
  )

  it.prop(
    "4. unpreventable damage: preventions prevent 0, keep their amount, additional parts happen (MTG 615.12, FaB 6.4.10h)",
    [WorldSpec],
    ([spec]) => holds(Laws.unpreventable)(spec),
    runs
  )

  it.prop(
    "5. simultaneous damage is one batch: shields per batch, static prevention per occurrence, one notice per application (MTG 615.13)",
    [WorldSpec],
    ([spec]) => holds(Laws.batch)(spec),
    runs
  )

  it.prop(
    "6. the chooser of every decision comes from the ruleset's policy and is recorded",
    [WorldSpec],
    ([spec]) => holds(Laws.rightChooser)(spec),
    runs
  )

  it.prop(
    "7. choices are inputs: the same inputs and decision log replay to the same result and trace",
    [WorldSpec],
    ([spec]) => {
      const [w, r] = resolved(spec)
      const again = resolveWorld(worldOf(spec))
      assert.isTrue(Result.isSuccess(again))
      if (Result.isSuccess(again)) assert.deepStrictEqual(again.success, r)
      const replayed = Resolver.replay(w.rules, w.event, w.ledger, w.view, r.decisions)
      assert.isTrue(Result.isSuccess(replayed))
      if (Result.isSuccess(replayed)) {
        assert.deepStrictEqual(replayed.success.happened, r.happened)
        assert.deepStrictEqual(replayed.success.trace, r.trace)
        assert.deepStrictEqual(replayed.success.ledger, r.ledger)
      }
    },
    runs
  )

  it.prop(
    "8. termination: every resolution finishes within its step bound, even with self-replacing effects",
    [WorldSpec],
    ([spec]) => {
      const w = worldOf({
        ...spec,
        effects: [
          ...spec.effects,
          {
            kind: "replaceSame",
            n: 0,
            controller: "nap",
            target: "any",
            category: "standard",
            optional: false,
            additional: false,
            minAmount: 0
          }
        ]
      })
      const r = resolveWorld(w)
      if (Result.isFailure(r)) throw new Error(r.failure.message)
    },
    runs
  )

  it.prop(
    "9. accounting: proposed + modifications − prevented = dealt, and nothing is negative",
    [WorldSpec],
    ([spec]) => holds(Laws.accounting)(spec),
    runs
  )

  it.prop(
    "10. dealt and state agree: what happened is what changed the view, and all dealt damage — also a prevention's additional part's (MTG 615.5 \"the rest of the effect takes place immediately afterward\") — has its results (MTG 120.3)",
    [WorldSpec],
    ([spec]) => {
      const w = reflectingWorldOf(spec)
      const r = resolveWorld(w)
      if (Result.isFailure(r)) throw new Error(`resolution failed: ${r.failure.message}`)
      const v = [...Laws.dealtAgreesWithState(w.rules)(w, r.success), ...Laws.accounting(w, r.success)]
      if (v.length > 0) throw new Error(v.join("\n"))
    },
    runs
  )

  it.prop(
    "inputs are never mutated (deep-frozen event, ledger and view)",
    [WorldSpec],
    ([spec]) => {
      const w: World = deepFreeze(worldOf(spec))
      const r = resolveWorld(w)
      assert.isTrue(Result.isSuccess(r))
    },
    runs
  )

  it.prop(
    '11. permutation: the order occurrences and effects are written in changes no reachable outcome — MTG 615.7 "the player or the controller of the permanent chooses which damage the shield prevents", Riftbound 373',
    [WorldSpec],
    ([spec]) => {
      const v = Laws.permutation(worldOf(spec))
      if (v.length > 0) throw new Error(v.join("\n"))
    },
    runs
  )

  it.prop(
    "12. order prompts only when the order can matter: the same reachable outcomes with and without the shortcut (MTG 616.1)",
    [WorldSpec],
    ([spec]) => {
      const v = Laws.shortcut(worldOf(spec))
      if (v.length > 0) throw new Error(v.join("\n"))
    },
    runs
  )

  it.prop(
    "a trace-less resolution gives the same result",
    [WorldSpec],
    ([spec]) => {
      const w = worldOf(spec)
      const a = resolveWorld(w)
      const b = resolveWorld(worldOf(spec), { trace: false })
      assert.isTrue(Result.isSuccess(a) && Result.isSuccess(b))
      if (Result.isSuccess(a) && Result.isSuccess(b)) {
        assert.deepStrictEqual(b.success.happened, a.success.happened)
        assert.deepStrictEqual(b.success.ledger, a.success.ledger)
        assert.strictEqual(b.success.trace.length, 0)
      }
    },
    runs
  )

  it.prop(
    "a pending state is not changed by resuming it",
    [WorldSpec],
    ([spec]) => {
      const w = worldOf(spec)
      const step = Kernel.start(w.rules, w.event, w.ledger, w.view)
      if (step._tag !== "Pending") return
      // every field of the state but `base`, the kernel's memo of the base ledger's effect
      // states (filled as they are read; the ledger is immutable, so reading it again gives
      // the same values: prepared.test.ts checks that memo against cold resolutions)
      const state = step.state
      const show = (): string =>
        JSON.stringify(state, function (this: unknown, k, v) {
          if (this === state && k === "base") return undefined
          return v instanceof Map
            ? [...v]
            : v instanceof Set
              ? [...v]
              : typeof v === "function"
                ? undefined
                : v
        })
      const before = show()
      const answer = w.chooser(step.request, step.state)
      if (answer !== undefined) Kernel.resume(step.state, answer)
      const after = show()
      assert.strictEqual(after, before)
    },
    runs
  )
})
