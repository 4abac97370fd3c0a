/**
 * The kernel does not ask `Policy.affectedChooses` when nothing can apply in a group (issue 30,
 * point 3: its `next` answers `Done` with the progress it was given; `Policy.isDoneWhenEmpty`),
 * and asks every other policy as before — a policy of one's own may move its progress on an
 * empty group, and a group can be taken up again when an occurrence joins it.
 */
import { assert, describe, it } from "@effect/vitest"
import { Chooser, GameEvent, Ledger, Policy, Resolver } from "../src/index.js"
import { affected, dealt, dmg, ok, shield, view } from "./fixtures.js"

const event = GameEvent.make("e", [dmg("a", "napUnit", 3)])
const ledger = Ledger.make([shield("s", "nap", ["napUnit"], 2)])

/** The rules with the same `next`, counting the calls with no candidate. */
const counting = () => {
  let empty = 0
  const next: Policy.OrderingPolicy["next"] = (ctx) => {
    if (ctx.candidates.length === 0) empty++
    return affected.order.next(ctx)
  }
  const rules = { ...affected, order: { ...affected.order, next } }
  return { rules, empty: () => empty }
}

describe("a group with nothing left to apply", () => {
  it("affectedChooses answers Done with the progress it was given, so it is not asked", () => {
    assert.isTrue(Policy.isDoneWhenEmpty(affected.order))
    const progress = { tier: 1, player: 0 }
    assert.deepStrictEqual(
      affected.order.next({
        view,
        group: "g",
        affected: "napUnit",
        candidates: [],
        progress,
        startingPlayer: undefined
      }),
      { _tag: "Done", progress }
    )
  })

  it("a policy of one's own is asked, and both give the same resolution", () => {
    const own = counting()
    assert.isFalse(Policy.isDoneWhenEmpty(own.rules.order))
    const a = ok(Resolver.resolveSync(own.rules, event, ledger, view, Chooser.firstLegal))
    // the shield applied, then the group had nothing left: the own policy was asked then
    assert.isAtLeast(own.empty(), 1)
    const b = ok(Resolver.resolveSync(affected, event, ledger, view, Chooser.firstLegal))
    assert.strictEqual(dealt(a, "napUnit"), 1)
    assert.deepStrictEqual(b.outcomes, a.outcomes)
    assert.deepStrictEqual(b.trace, a.trace)
  })

  it("a spread policy keeps the mark only with the same next (mutant: a marked policy whose next differs)", () => {
    assert.isTrue(Policy.isDoneWhenEmpty({ ...affected.order, name: "renamed" }))
    assert.isFalse(Policy.isDoneWhenEmpty({ ...affected.order, next: (ctx) => affected.order.next(ctx) }))
  })
})
