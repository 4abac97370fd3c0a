/**
 * The laws can fail: each deliberately broken resolver below reproduces a failure mode seen in
 * other engines (DESIGN §5), and the matching law reports it. The same laws hold for the real
 * resolver on the same worlds (checked here too, so each mutant is a true negative control).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Decision, GameEvent, type Kernel, Policy, Resolver } from "../src/index.js"
import * as Laws from "./laws.js"
import {
  type EffectSpec,
  reflectingWorldOf,
  resolveWorld,
  type World,
  type WorldSpec,
  worldOf
} from "./world.js"

const spec = (
  effects: ReadonlyArray<Partial<EffectSpec>>,
  occurrences: WorldSpec["occurrences"],
  rules: WorldSpec["rules"] = "affected"
): WorldSpec => ({
  effects: effects.map((e) => ({
    kind: "shield",
    n: 2,
    controller: "nap",
    target: "napUnit",
    category: "prevention",
    optional: false,
    additional: false,
    minAmount: 0,
    ...e
  })),
  occurrences,
  rules,
  chooser: "first"
})

const ok = (r: Result.Result<Kernel.Resolution, unknown>): Kernel.Resolution => {
  if (Result.isFailure(r)) throw new Error("resolution failed")
  return r.success
}

const hit = (
  to: "napUnit" | "nap" | "apUnit" | "napAlly",
  amount: number,
  preventable = true,
  source: "src" | "src2" = "src"
) => ({ to, amount, preventable, source })

describe("each law catches a broken resolver", () => {
  it("1. a resolver that re-runs replacement on the modified event applies an effect twice", () => {
    const w = worldOf(spec([{ kind: "static", n: 1 }], [hit("napUnit", 3)]))
    const good = ok(resolveWorld(w))
    assert.deepStrictEqual(Laws.atMostOnce(w, good), [])
    // the mutant: resolve, then resolve what happened again as if it were the same event
    const second = ok(
      Resolver.resolveSync(w.rules, GameEvent.make("ev", good.happened), good.ledger, w.view, w.chooser)
    )
    const broken: Kernel.Resolution = { ...second, trace: [...good.trace, ...second.trace] }
    assert.isAbove(Laws.atMostOnce(w, broken).length, 0)
  })

  it("2. a resolver that does not re-check conditions after an application applies a stale effect", () => {
    // the shield takes 4 down to 1; the +2 needs at least 3 ("if it would deal 3 or more")
    const w = worldOf(
      spec(
        [
          { kind: "shield", n: 3, category: "self" },
          { kind: "add", n: 2, category: "standard", controller: "ap", minAmount: 3 }
        ],
        [hit("napUnit", 4)]
      )
    )
    const good = ok(resolveWorld(w))
    assert.deepStrictEqual(Laws.reEvaluated(w, good), [])
    // the mutant checks the condition only once, at the start: modelled by resolving without it
    const stale = { ...w.ledger, effects: w.ledger.effects.map(({ condition: _c, ...e }) => e) }
    const broken = ok(Resolver.resolveSync(w.rules, w.event, stale, w.view, w.chooser))
    assert.isAbove(Laws.reEvaluated(w, broken).length, 0)
  })

  it("3. a modifier that resurrects damage prevented to 0 is caught", () => {
    const w = worldOf(
      spec(
        [
          { kind: "staticAll", category: "self" },
          { kind: "add", n: 2, controller: "ap", category: "standard" }
        ],
        [hit("napUnit", 3)]
      )
    )
    const good = ok(resolveWorld(w))
    assert.deepStrictEqual(Laws.zeroStaysZero(w, good), [])
    assert.strictEqual(good.happened.length, 0)
    // the mutant lets the +2 apply after the prevention brought the damage to 0
    const broken: Kernel.Resolution = {
      ...good,
      trace: [
        ...good.trace,
        {
          _tag: "Applied",
          effect: "e1",
          label: "+2",
          group: "napUnit",
          tier: "any",
          chosenBy: "only candidate",
          rule: "",
          changes: [{ occurrence: "o0", subject: "napUnit", before: 0, after: 2, prevented: 0 }],
          notes: []
        }
      ],
      happened: [GameEvent.damage({ id: "o0", source: "src", recipient: "napUnit", amount: 2 })]
    }
    assert.isAbove(Laws.zeroStaysZero(w, broken).length, 0)
  })

  it('4. a resolver that lets "can\'t be prevented" cancel a shield, or prevents it anyway, is caught', () => {
    const w = worldOf(spec([{ kind: "shield", n: 3, additional: true }], [hit("napUnit", 4, false)]))
    const good = ok(resolveWorld(w))
    assert.deepStrictEqual(Laws.unpreventable(w, good), [])
    assert.strictEqual(good.happened.find((o) => o.family === "damage")?.amount, 4)
    // the mutant treats unpreventable damage as preventable
    const asPreventable = GameEvent.make(
      "ev",
      w.event.occurrences.map((o) => ({ ...o, preventable: true }))
    )
    const broken = ok(Resolver.resolveSync(w.rules, asPreventable, w.ledger, w.view, w.chooser))
    assert.isAbove(Laws.unpreventable(w, broken).length, 0)
  })

  it("5. a resolver that processes simultaneous damage instance by instance spends one shield twice", () => {
    const w = worldOf(
      spec([{ kind: "shield", n: 3 }], [hit("napUnit", 2, true, "src"), hit("napUnit", 2, true, "src2")])
    )
    const good = ok(Resolver.resolveSync(w.rules, w.event, w.ledger, w.view, () => ({ o0: 2, o1: 1 })))
    assert.deepStrictEqual(Laws.batch(w, good), [])
    // the mutant consults the original shield for each instance separately
    const parts = w.event.occurrences.map((o) =>
      ok(Resolver.resolveSync(w.rules, GameEvent.make("ev", [o]), w.ledger, w.view, w.chooser))
    )
    const broken: Kernel.Resolution = {
      ...good,
      trace: parts.flatMap((p) => p.trace),
      notifications: parts.flatMap((p) => p.notifications)
    }
    assert.isAbove(Laws.batch(w, broken).length, 0)
  })

  it("6. a resolver that asks the wrong player is caught", () => {
    const w = worldOf(
      spec(
        [
          { kind: "shield", n: 2 },
          { kind: "mul", n: 2, controller: "ap", target: "any", category: "standard" }
        ],
        [hit("napUnit", 3)]
      )
    )
    const good = ok(resolveWorld(w))
    assert.deepStrictEqual(Laws.rightChooser(w, good), [])
    assert.strictEqual(good.decisions[0]?.request.chooser, "nap")
    const wrong = {
      ...w.rules,
      order: Policy.affectedChooses({
        name: "wrong",
        rule: "the active player always chooses",
        tiers: [{ name: "any" }],
        chooserOf: (_s, v) => v.activePlayer
      })
    }
    const broken = ok(Resolver.resolveSync(wrong, w.event, w.ledger, w.view, w.chooser))
    assert.isAbove(Laws.rightChooser(w, broken).length, 0)
  })

  it("7. a resolver that depends on something other than its inputs is caught by replay", () => {
    const w = worldOf(
      spec(
        [
          { kind: "shield", n: 2 },
          { kind: "mul", n: 2, controller: "ap", target: "any", category: "standard" }
        ],
        [hit("napUnit", 3)]
      )
    )
    const a = ok(Resolver.resolveSync(w.rules, w.event, w.ledger, w.view, () => "e0"))
    const b = ok(Resolver.resolveSync(w.rules, w.event, w.ledger, w.view, () => "e1"))
    // a different (e.g. random) answer gives a different result, so replay must use the log
    assert.notDeepEqual(a.happened, b.happened)
    const replayed = ok(Resolver.replay(w.rules, w.event, w.ledger, w.view, a.decisions))
    assert.deepStrictEqual(replayed.happened, a.happened)
  })

  it("8. an unbounded replacement loop is stopped with a typed error, not a hang", () => {
    const w: World = worldOf(spec([{ kind: "replaceSame", target: "any" }], [hit("napUnit", 3)]))
    assert.isTrue(Result.isSuccess(resolveWorld(w)))
    const tooSmall = { ...w.rules, maxSteps: 1 }
    const r = Resolver.resolveSync(tooSmall, w.event, w.ledger, w.view, w.chooser)
    assert.isTrue(Result.isFailure(r) && r.failure._tag === "InvariantBreach")
  })

  it("9. a resolver whose books do not balance is caught", () => {
    const w = worldOf(spec([{ kind: "shield", n: 2 }], [hit("napUnit", 3)]))
    const good = ok(resolveWorld(w))
    assert.deepStrictEqual(Laws.accounting(w, good), [])
    const broken: Kernel.Resolution = {
      ...good,
      outcomes: good.outcomes.map((o) => ({ ...o, prevented: o.prevented + 1 }))
    }
    assert.isAbove(Laws.accounting(w, broken).length, 0)
  })

  it("10. a resolver that deals a prevention's additional damage without its results (MTG 615.5, 120.3) is caught", () => {
    // "Prevent the next 2 damage to napUnit. If damage is prevented this way, this deals that much
    // damage to you": the 2 reflected damage must make nap lose 2 life like any other damage
    const w = reflectingWorldOf(spec([{ kind: "shield", n: 2, additional: true }], [hit("napUnit", 3)]))
    const good = ok(resolveWorld(w))
    assert.deepStrictEqual(Laws.dealtAgreesWithState(w.rules)(w, good), [])
    const results = w.rules.results
    if (results === undefined) throw new Error("the reflecting world has results")
    // the mutant: follow-up damage shows as dealt but is never turned into its results
    const skips = {
      ...w.rules,
      results: {
        ...results,
        results: (dealt: ReadonlyArray<GameEvent.Occurrence>, v: typeof w.view) =>
          results.results(
            dealt.filter((d) => !d.id.includes(":additional")),
            v
          )
      }
    }
    const broken = ok(Resolver.resolveSync(skips, w.event, w.ledger, w.view, w.chooser))
    assert.isTrue(broken.happened.some((h) => h.family === "damage" && h.subject === "nap"))
    assert.isAbove(Laws.dealtAgreesWithState(w.rules)(w, broken).length, 0)
    // and one whose view is not what happened (a commit skipped)
    const stale: Kernel.Resolution = { ...good, view: w.view }
    assert.isAbove(Laws.dealtAgreesWithState(w.rules)(w, stale).length, 0)
  })

  /**
   * MTG CR 615.7: "If damage would be dealt to the shielded permanent or player by two or more
   * applicable sources at the same time, the player or the controller of the permanent chooses
   * which damage the shield prevents." Riftbound 373: "Replacement Effects with the same
   * controller are applied in the order of their controller's choosing."
   */
  it("11. a resolver where the occurrence listed first takes a shared shield is caught by the permutation law", () => {
    // one shield of 3 over everything of nap's; 2 to nap's unit and 2 to nap, one event
    const w = worldOf(spec([{ kind: "shield", n: 3, target: "any" }], [hit("napUnit", 2), hit("nap", 2)]))
    assert.deepStrictEqual(Laws.permutation(w), [])
    // both divisions are nap's to choose, in either order of the occurrences
    const outcomes = [...(Laws.reachable(w.rules, w.event, w.ledger) ?? [])].map((k) => k.split("\n")[0])
    assert.sameMembers(outcomes, ["o0|event|damage|napUnit|1", "o1|event|damage|nap|1"])
    // the mutant: the ordering policy does not say who chooses for an affected object, so
    // nothing links the two groups and the first group listed takes the shield (the old kernel)
    const { chooserOf: _c, ...order } = w.rules.order
    const mutant: Policy.Rules = { ...w.rules, order }
    assert.isAbove(Laws.permutation(w, mutant).length, 0)
  })

  /**
   * DESIGN §5: "order prompts skipped for effects that do not commute ((3−2)×2 ≠ 3×2−2);
   * identical effects auto-chosen when the choice mattered". MTG 616.1: the affected object's
   * controller "chooses one to apply".
   */
  it("12. a shortcut that skips an order prompt whose order matters is caught", () => {
    // a shield of 2 and a doubler on 3 damage: prevent first → 2, double first → 4
    const w = worldOf(
      spec(
        [
          { kind: "shield", n: 2 },
          { kind: "mul", n: 2, controller: "ap", category: "standard" }
        ],
        [hit("napUnit", 3)]
      )
    )
    assert.deepStrictEqual(Laws.shortcut(w), [])
    // the mutant skips every order prompt (takes the first option, as if the order didn't matter)
    const skipAll = Laws.reachable(
      w.rules,
      w.event,
      w.ledger,
      200,
      { askEveryOrder: false },
      (r) => (r._tag === "ChooseEffect" ? [r.options[0]?.effect ?? ""] : Decision.legalAnswers(r, 16)),
      false
    )
    assert.isAbove(Laws.shortcut(w, skipAll).length, 0)
  })
})
