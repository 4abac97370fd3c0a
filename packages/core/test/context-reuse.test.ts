/**
 * The kernel hands the ordering policy a new context at every step, except a policy that keeps
 * nothing of its context once it has answered (`Policy.keepsNoContext`: the built-in
 * `affectedChooses`), which is handed one object refilled at every step (issue 30, point 3: one
 * allocation less per step). A policy of one's own may keep every context it was given.
 */
import { assert, describe, it } from "@effect/vitest"
import { Chooser, GameEvent, Ledger, Policy, Resolver } from "../src/index.js"
import { affected, dealt, dmg, ok, plus, shield, view } from "./fixtures.js"

const event = GameEvent.make("e", [dmg("a", "napUnit", 3)])
const ledger = Ledger.make([shield("s", "nap", ["napUnit"], 2), plus("p", "nap", 1)])

describe("the ordering policy's context", () => {
  it("affectedChooses keeps nothing of it; a policy of one's own is not assumed to", () => {
    assert.isTrue(Policy.keepsNoContext(affected.order))
    assert.isTrue(Policy.keepsNoContext({ ...affected.order, name: "renamed" }))
    assert.isFalse(Policy.keepsNoContext({ ...affected.order, next: (ctx) => affected.order.next(ctx) }))
  })

  it("a policy of one's own keeps each context intact (mutant: one refilled object for every policy)", () => {
    const kept: Array<Policy.OrderContext> = []
    const seen: Array<string> = []
    const next: Policy.OrderingPolicy["next"] = (ctx) => {
      kept.push(ctx)
      seen.push(`${ctx.group}:${ctx.affected}:${ctx.candidates.map((c) => c.id).join(",")}`)
      return affected.order.next(ctx)
    }
    const own = { ...affected, order: { ...affected.order, next } }
    const a = ok(Resolver.resolveSync(own, event, ledger, view, Chooser.firstLegal))
    // the shield and the +1 both applied, one step each, then the group had nothing left
    assert.isAtLeast(kept.length, 3)
    assert.strictEqual(new Set(kept).size, kept.length)
    assert.deepStrictEqual(
      kept.map((c) => `${c.group}:${c.affected}:${c.candidates.map((e) => e.id).join(",")}`),
      seen
    )
    for (const c of kept) assert.strictEqual(c.view, view)
    // the same resolution as with the built-in policy (handed one refilled context)
    const b = ok(Resolver.resolveSync(affected, event, ledger, view, Chooser.firstLegal))
    assert.strictEqual(dealt(b, "napUnit"), dealt(a, "napUnit"))
    assert.deepStrictEqual(b.outcomes, a.outcomes)
    assert.deepStrictEqual(b.trace, a.trace)
  })
})
