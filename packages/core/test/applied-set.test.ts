/**
 * DESIGN invariant 1: "An effect modifies a given original event at most once". The kernel keeps
 * each occurrence's applied effects as a list and, past 8 of them, as a set too; a copied state
 * (the search of `bestForChooser` copies one per answer it tries) must never share that set, or
 * one branch would see effects another branch applied.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, Ledger, type Replacement, Resolver } from "../src/index.js"
import { affected, view } from "./fixtures.js"

// a condition that always holds keeps these effects out of the exact fast path: the chooser
// searches with the kernel, copying the state for every answer it tries
const plusOne = (i: number): Replacement.Replacement => ({
  id: `plus${i}`,
  label: `+1 (${i})`,
  controller: "nap",
  category: "standard",
  condition: { _tag: "All", all: [] },
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Modify", op: "add", value: 1 }
})

describe("applied effects past 8 (at most once per event)", () => {
  it("12 '+1' effects each apply exactly once, whatever the chooser tries: 1 + 12 = 13", () => {
    const effects = Array.from({ length: 12 }, (_, i) => plusOne(i))
    const event = GameEvent.make("e", [
      GameEvent.damage({ id: "i1", source: "src", recipient: "napUnit", amount: 1 })
    ])
    // the states budget bounds this search, not the clock: a loaded machine (CI, two cores) must
    // not turn this test into a SearchBudgetExceeded (it once took 5.0 s with load 30)
    for (const chooser of [Chooser.firstLegal, Chooser.bestForChooser({ timeBudgetMs: 600_000 })]) {
      const r = Resolver.resolveSync(affected, event, Ledger.make(effects), view, chooser, { trace: false })
      if (Result.isFailure(r)) throw new Error(r.failure.message)
      const outcome = r.success.outcomes.find((o) => o.id === "i1")
      assert.strictEqual(outcome?.amount, 13)
      assert.strictEqual(outcome?.applied.length, 12)
      assert.strictEqual(new Set(outcome?.applied).size, 12)
    }
  })
})

/**
 * The candidate scan skips, for an item alone in its group, the effects already applied to it
 * (they never apply to it again). Only those: MTG 616.1f — "Once the chosen effect has been
 * applied, this process is repeated (taking into account only replacement or prevention effects
 * that would now be applicable)" — so an effect that was not applicable at one step (its
 * condition failed) must be asked again at the next. A scan that skipped every effect it once
 * found blocked would never apply "×2 if the damage is 4 or more" below.
 */
describe("an effect not applicable at one step is asked again at the next (616.1f)", () => {
  const doubleIfBig: Replacement.Replacement = {
    id: "double",
    label: "if 4 or more damage would be dealt, it deals double instead",
    controller: "nap",
    category: "standard",
    condition: { _tag: "AmountIs", op: "gte", value: 4 },
    watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
    action: { _tag: "Modify", op: "mul", value: 2 }
  }
  const plus = (i: number): Replacement.Replacement => ({
    id: `plus${i}`,
    label: `+1 (${i})`,
    controller: "nap",
    category: "standard",
    watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
    action: { _tag: "Modify", op: "add", value: 1 }
  })

  it("3 damage, the doubler and nine '+1': (3 + 1) × 2 + 8 = 16, the doubler applying once it can", () => {
    const event = GameEvent.make("e", [
      GameEvent.damage({ id: "i1", source: "src", recipient: "napUnit", amount: 3 })
    ])
    // the doubler is listed first, so it is scanned (and blocked, at 3) before the +1s; ten
    // effects on one occurrence: the scan skips the applied ones
    const ledger = Ledger.make([doubleIfBig, ...Array.from({ length: 9 }, (_, i) => plus(i))])
    const r = Resolver.resolveSync(affected, event, ledger, view, Chooser.firstLegal, { trace: false })
    if (Result.isFailure(r)) throw new Error(r.failure.message)
    // at 3 the doubler is not applicable: the nine +1s are offered; at 4 it is, listed first
    const offered = r.success.decisions.map((d) =>
      d.request._tag === "ChooseEffect" ? d.request.options.map((o) => o.effect) : []
    )
    assert.deepStrictEqual(
      offered[0],
      Array.from({ length: 9 }, (_, i) => `plus${i}`)
    )
    assert.deepStrictEqual(offered[1]?.[0], "double")
    const outcome = r.success.outcomes.find((o) => o.id === "i1")
    assert.deepStrictEqual(outcome?.applied.slice(0, 2), ["plus0", "double"])
    assert.strictEqual(outcome?.applied.length, 10)
    assert.strictEqual(outcome?.amount, 16)
  })
})

/**
 * DESIGN invariant 1, "An effect modifies a given original event at most once", through a
 * redirection: "the next 1 damage that would be dealt to napUnit is dealt to napAlly instead"
 * (MTG 614.9) moves part of the damage as a new occurrence of the same original event, which
 * keeps the effects already applied to it. Nine "+1 to damage dealt to napUnit or napAlly"
 * applied before the redirection must not apply again to the part moved to napAlly (ten effects
 * relevant to it: the scan's memo of applied effects is made from that inherited list).
 */
describe("a redirected part keeps the effects applied to its original (at most once)", () => {
  it("5 damage, nine '+1' then 'the next 1 to napAlly': napUnit 13, napAlly 1", () => {
    const plusBoth = (i: number): Replacement.Replacement => ({
      id: `plus${i}`,
      label: `+1 (${i})`,
      controller: "nap",
      category: "standard",
      watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit", "napAlly"] } },
      action: { _tag: "Modify", op: "add", value: 1 }
    })
    const redirectOne: Replacement.Replacement = {
      id: "redirect",
      label: "the next 1 damage to napUnit is dealt to napAlly instead",
      controller: "nap",
      category: "standard",
      watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
      action: { _tag: "Redirect", to: "napAlly", amount: 1 }
    }
    const event = GameEvent.make("e", [
      GameEvent.damage({ id: "i1", source: "src", recipient: "napUnit", amount: 5 })
    ])
    const ledger = Ledger.make([...Array.from({ length: 9 }, (_, i) => plusBoth(i)), redirectOne])
    const r = Resolver.resolveSync(affected, event, ledger, view, Chooser.firstLegal, { trace: false })
    if (Result.isFailure(r)) throw new Error(r.failure.message)
    assert.strictEqual(r.success.dealt.napUnit, 13)
    assert.strictEqual(r.success.dealt.napAlly, 1)
    const moved = r.success.outcomes.find((o) => o.subject === "napAlly")
    assert.strictEqual(moved?.applied.length, 10)
  })
})
