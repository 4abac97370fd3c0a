/**
 * Scale: large batches, many effects and long decision logs resolve without stack overflow, and
 * with the same results as small ones.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, GameView, Ledger, type Replacement, Resolver } from "../src/index.js"
import { affected } from "./fixtures.js"

const objects = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    kind: "object" as const,
    controller: i % 2 === 0 ? "ap" : "nap",
    zone: "battlefield",
    props: {}
  }))

const shieldOn = (i: number, amount: number): Replacement.Replacement => ({
  id: `s${i}`,
  label: `Prevent the next ${amount} damage to c${i}`,
  controller: i % 2 === 0 ? "ap" : "nap",
  category: "prevention",
  watch: { family: "damage", subject: { _tag: "Id", ids: [`c${i}`] } },
  action: { _tag: "Prevent", amount, scope: "shield" }
})

// These check capacity (no stack overflow, linear structures), not speed: speed is measured by
// `pnpm bench`. No timeout of their own: the shared hang guard (tools/vitest.shared.ts) applies.
const capacity = {}

describe("scale", () => {
  it(
    "a 100 000-occurrence event with a static prevention and a shield on every tenth recipient, no question asked",
    capacity,
    () => {
      const n = 100_000
      const view = GameView.make({
        players: ["ap", "nap"],
        activePlayer: "ap",
        objects: [{ id: "wipe", kind: "object", controller: "ap", props: {} }, ...objects(n)]
      })
      const each: Replacement.Replacement = {
        id: "each",
        label: "Prevent 1 of each damage to a creature",
        controller: "nap",
        category: "self",
        watch: { family: "damage" },
        action: { _tag: "Prevent", amount: 1, scope: "static" }
      }
      const shields = Array.from({ length: n / 10 }, (_, k) => shieldOn(k * 10, 5))
      const event = GameEvent.make(
        "wipe",
        Array.from({ length: n }, (_, i) =>
          GameEvent.damage({ id: `i${i}`, source: "wipe", recipient: `c${i}`, amount: 3 })
        )
      )
      // per affected object; the static prevention is in the first tier, the shield in the next: no decisions
      const r = Resolver.resolveSync(
        affected,
        event,
        Ledger.make([each, ...shields]),
        view,
        () => undefined,
        {
          trace: false
        }
      )
      assert.isTrue(Result.isSuccess(r))
      if (Result.isSuccess(r)) {
        // shielded recipients take 0, the others 3 − 1 = 2
        const total = r.success.happened.reduce((s, o) => s + o.amount, 0)
        assert.strictEqual(total, (n - n / 10) * 2)
      }
    }
  )

  it(
    "a 100 000-occurrence event on two creatures of one player, three shields each dividing its points (an Allocate over 100 000 occurrences)",
    capacity,
    () => {
      // before: the allocation's answers were listed by a recursion one frame per target (12 000
      // occurrences overflowed the stack) and each answer checked with a search per entry
      const n = 100_000
      const view = GameView.make({
        players: ["ap", "nap"],
        activePlayer: "ap",
        objects: [
          { id: "wipe", kind: "object", controller: "ap", props: {} },
          ...objects(2).map((o) => ({ ...o, controller: "nap" }))
        ]
      })
      const shields = [5, 6, 7].map(
        (amount, k): Replacement.Replacement => ({
          id: `s${k}`,
          label: `Prevent the next ${amount} damage to creatures you control`,
          controller: "nap",
          category: "prevention",
          watch: { family: "damage", subject: { _tag: "Id", ids: ["c0", "c1"] } },
          action: { _tag: "Prevent", amount, scope: "shield" }
        })
      )
      const event = GameEvent.make(
        "wipe",
        Array.from({ length: n }, (_, i) =>
          GameEvent.damage({ id: `i${i}`, source: "wipe", recipient: `c${i % 2}`, amount: 1 })
        )
      )
      const r = Resolver.resolveSync(affected, event, Ledger.make(shields), view, Chooser.firstLegal, {
        trace: false
      })
      if (Result.isFailure(r)) return assert.fail(r.failure.message)
      const allocations = r.success.decisions.filter((d) => d.request._tag === "Allocate")
      assert.isAbove(allocations.length, 0)
      for (const d of allocations)
        assert.isAtLeast(d.request._tag === "Allocate" ? d.request.targets.length : 0, 2)
      // 5 + 6 + 7 points prevented, one each, the rest dealt
      const total = r.success.happened.reduce((s, o) => s + o.amount, 0)
      assert.strictEqual(total, n - 18)
    }
  )

  it(
    "1 000 active effects on one occurrence, each applied once, the affected player choosing every time",
    capacity,
    () => {
      const view = GameView.make({
        players: ["ap", "nap"],
        activePlayer: "ap",
        objects: [{ id: "src", kind: "object", controller: "ap", props: {} }, ...objects(1)]
      })
      const plusOnes = Array.from(
        { length: 1000 },
        (_, i): Replacement.Replacement => ({
          id: `p${i}`,
          label: "+1",
          controller: "ap",
          category: "standard",
          watch: { family: "damage" },
          action: { _tag: "Modify", op: "add", value: 1 }
        })
      )
      const r = Resolver.resolveSync(
        affected,
        GameEvent.make("e", [GameEvent.damage({ id: "i", source: "src", recipient: "c0", amount: 1 })]),
        Ledger.make(plusOnes),
        view,
        Chooser.firstLegal,
        // "+1"s commute: the last few would not be asked without this
        { trace: false, askEveryOrder: true }
      )
      assert.isTrue(Result.isSuccess(r))
      if (Result.isSuccess(r)) {
        assert.strictEqual(r.success.happened[0]?.amount, 1001)
        assert.strictEqual(r.success.decisions.length, 999)
      }
    }
  )

  it("a 10 000-decision log resolves and replays", capacity, () => {
    const n = 10_000
    const view = GameView.make({
      players: ["ap", "nap"],
      activePlayer: "ap",
      objects: [{ id: "src", kind: "object", controller: "ap", props: {} }, ...objects(n)]
    })
    const effects = Array.from({ length: n }, (_, i) => [
      shieldOn(i, 1),
      { ...shieldOn(i, 2), id: `t${i}` }
    ]).flat()
    const event = GameEvent.make(
      "e",
      Array.from({ length: n }, (_, i) =>
        GameEvent.damage({ id: `i${i}`, source: "src", recipient: `c${i}`, amount: 2 })
      )
    )
    const ledger = Ledger.make(effects)
    const r = Resolver.resolveSync(affected, event, ledger, view, Chooser.firstLegal, { trace: false })
    assert.isTrue(Result.isSuccess(r))
    if (!Result.isSuccess(r)) return
    assert.strictEqual(r.success.decisions.length, n)
    const again = Resolver.replay(affected, event, ledger, view, r.success.decisions, { trace: false })
    assert.isTrue(Result.isSuccess(again))
    if (Result.isSuccess(again)) assert.deepStrictEqual(again.success.happened, r.success.happened)
  })
})
