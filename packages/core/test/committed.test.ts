/**
 * What is reported is what was done: a ruleset's `commit` may say it did less than an
 * occurrence's amount (`Policy.Committed`), and the outcome records what it did.
 *
 * MTG CR 614.6: "Note that the modified event may contain instructions that can’t be carried out,
 * in which case the impossible instruction is simply ignored." (MTG-27, CR 609.3: "Remove five
 * +1/+1 counters" from a creature with two: two are removed, and the outcome records two.)
 * FaB 8.5.6b: "If a player tries to draw a card when there are no cards in their deck, the draw
 * effect fails." Берсерк 119.5.1: "Если способность, снимающее Х маркеров, направлено на карту, у
 * которой менее Х таких маркеров, то с карты снимаются все маркеры, указанные в тексте
 * способности."
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, GameView, type Kernel, Ledger, Policy, Resolver, Ruleset } from "../src/index.js"
import { affected } from "./fixtures.js"

/** A tiny ruleset whose `removeCounters` removes only the counters there are, and says so. */
const counters: Policy.Rules = {
  ...affected,
  commit: (v, o) => {
    const x = v.objects[o.subject]
    if (o.family !== "removeCounters" || x === undefined) return v
    const there = typeof x.props["counters"] === "number" ? x.props["counters"] : 0
    const after = GameView.setObject(v, {
      ...x,
      props: { ...x.props, counters: Math.max(0, there - o.amount) }
    })
    return there >= o.amount
      ? after
      : Policy.committed(after, there, { reason: `only ${there} there`, rule: "T 614.6" })
  }
}

const board = (n: number) =>
  GameView.make({
    players: ["ap", "nap"],
    activePlayer: "ap",
    objects: [
      { id: "ap", kind: "player", props: {} },
      { id: "nap", kind: "player", props: {} },
      { id: "bear", kind: "object", controller: "nap", zone: "battlefield", props: { counters: n } },
      { id: "elk", kind: "object", controller: "nap", zone: "battlefield", props: { counters: 3 } }
    ]
  })

const remove = (id: string, subject: string, amount: number) =>
  GameEvent.occurrence({ id, family: "removeCounters", subject, amount })

const run = (occs: ReadonlyArray<GameEvent.Occurrence>, n: number, rules = counters): Kernel.Resolution => {
  const r = Resolver.resolveSync(
    rules,
    GameEvent.make("ev", occs),
    Ledger.empty,
    board(n),
    Chooser.firstLegal
  )
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

describe("the outcome records what the commit did (MTG 614.6, FaB 8.5.6b, Берсерк 119.5.1)", () => {
  it("five counters removed from a creature with two: the outcome says 2, 3 not done, and happened says 2", () => {
    const r = run([remove("x", "bear", 5)], 2)
    const o = r.outcomes[0] as Kernel.Outcome
    assert.strictEqual(o.status, "happened")
    assert.strictEqual(o.amount, 2)
    assert.strictEqual(o.notDone, 3)
    assert.deepStrictEqual(
      r.happened.map((h) => [h.id, h.amount]),
      [["x", 2]]
    )
    assert.strictEqual(r.view.objects["bear"]?.props["counters"], 0)
    assert.isTrue(
      r.trace.some((t) => t._tag === "Note" && t.rule === "T 614.6" && t.text.includes("2 of 5 done"))
    )
  })

  it("in one batch, only the occurrence done short changes: the other keeps its amount and no notDone", () => {
    const r = run([remove("x", "bear", 5), remove("y", "elk", 2)], 2)
    const [x, y] = r.outcomes as [Kernel.Outcome, Kernel.Outcome]
    assert.deepStrictEqual([x.amount, x.notDone], [2, 3])
    assert.deepStrictEqual([y.amount, y.notDone, y.status], [2, undefined, "happened"])
    assert.strictEqual(r.view.objects["elk"]?.props["counters"], 1)
  })

  it("nothing there to remove: the occurrence did not happen (failed, all of it not done), and is not in happened", () => {
    const r = run([remove("x", "bear", 2)], 0)
    const o = r.outcomes[0] as Kernel.Outcome
    assert.deepStrictEqual([o.status, o.amount, o.notDone], ["failed", 0, 2])
    assert.deepStrictEqual(r.happened, [])
  })

  it("a commit that returns a bare view did all of it (damage beyond a life total is dealt in full)", () => {
    const r = run([remove("x", "bear", 2)], 5)
    const o = r.outcomes[0] as Kernel.Outcome
    assert.deepStrictEqual([o.amount, o.notDone], [2, undefined])
  })

  it("a done above the amount or below 0 is clamped to 0 … amount", () => {
    const over: Policy.Rules = { ...affected, commit: (v) => Policy.committed(v, 9) }
    const under: Policy.Rules = { ...affected, commit: (v) => Policy.committed(v, -1) }
    assert.strictEqual((run([remove("x", "bear", 2)], 2, over).outcomes[0] as Kernel.Outcome).amount, 2)
    assert.strictEqual(
      (run([remove("x", "bear", 2)], 2, under).outcomes[0] as Kernel.Outcome).status,
      "failed"
    )
  })

  it("a scenario outcome lists notDone, and a cost only partly done is not paid (FaB 1.14.2b)", () => {
    const step = (occ: GameEvent.Occurrence): Ruleset.Step => ({
      _tag: "Event",
      event: GameEvent.make("ev", [occ])
    })
    const compiled: Ruleset.Compiled = {
      view: board(2),
      ledger: Ledger.empty,
      steps: [
        step(
          GameEvent.occurrence({
            id: "x",
            family: "removeCounters",
            subject: "bear",
            amount: 5,
            kinds: ["cost"]
          })
        )
      ]
    }
    const x = Ruleset.run(counters, compiled, Chooser.firstLegal).outcome.events["ev"]?.occurrences["x"]
    assert.deepStrictEqual([x?.amount, x?.notDone, x?.paid], [2, 3, false])
    const full = Ruleset.run(counters, { ...compiled, view: board(5) }, Chooser.firstLegal).outcome.events[
      "ev"
    ]
    assert.deepStrictEqual([full?.occurrences["x"]?.notDone, full?.occurrences["x"]?.paid], [undefined, true])
  })
})
