/**
 * The `perEvent` prevention scope: "prevent N of that damage" each time it applies, never used
 * up, N for the whole event (FaB 8.3.8 Arcane Barrier: "If you would be dealt arcane damage, you
 * may pay N{r} to prevent N of that damage"; FaB 6.4.10f: the prevention's controller declares
 * each point when the event has several occurrences it could cover).
 */
import { assert, describe, it } from "@effect/vitest"
import { Chooser, GameEvent, Ledger, Resolver } from "../src/index.js"
import { affected, dealt, declare, dmg, ok, shield, view } from "./fixtures.js"

const barrier = {
  ...shield("b", "nap", ["napUnit", "napAlly"], 2),
  label: "prevent 2 of that damage (each time)",
  action: { _tag: "Prevent", amount: 2, scope: "perEvent" }
} as const

describe("perEvent prevention", () => {
  it("prevents N of each event it applies to and is never used up (3 → 1 dealt, twice)", () => {
    const first = ok(
      Resolver.resolveSync(
        declare,
        GameEvent.make("e1", [dmg("a", "napUnit", 3)]),
        Ledger.make([barrier]),
        view,
        Chooser.firstLegal
      )
    )
    assert.strictEqual(dealt(first, "napUnit"), 1)
    assert.isFalse(Ledger.isSpent(first.ledger, "b"))
    const second = ok(
      Resolver.resolveSync(
        declare,
        GameEvent.make("e2", [dmg("b", "napUnit", 3)]),
        first.ledger,
        view,
        Chooser.firstLegal
      )
    )
    assert.strictEqual(dealt(second, "napUnit"), 1)
    assert.isFalse(Ledger.isSpent(second.ledger, "b"))
  })

  it("is N for the whole event, divided by the allocator (not N per occurrence like static)", () => {
    const r = ok(
      Resolver.resolveSync(
        declare,
        GameEvent.make("e", [dmg("x", "napUnit", 2), dmg("y", "napAlly", 2)]),
        Ledger.make([barrier]),
        view,
        Chooser.scripted([{ x: 1, y: 1 }])
      )
    )
    assert.strictEqual(r.decisions[0]?.request._tag, "Allocate")
    assert.strictEqual(r.decisions[0]?.request.chooser, "nap")
    assert.strictEqual(dealt(r, "napUnit"), 1)
    assert.strictEqual(dealt(r, "napAlly"), 1)
  })

  it("is N per group: with a policy that groups per affected object, each group gets its own N", () => {
    const both = {
      ...barrier,
      watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit", "apUnit"] } }
    } as const
    const r = ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e", [dmg("x", "napUnit", 3), dmg("y", "apUnit", 3)]),
        Ledger.make([both]),
        view,
        Chooser.firstLegal
      )
    )
    assert.deepStrictEqual(
      r.outcomes.map((o) => [o.id, o.prevented]),
      [
        ["x", 2],
        ["y", 2]
      ]
    )
    assert.strictEqual(r.decisions.length, 0)
  })

  it("on damage that can't be prevented it still applies and prevents 0", () => {
    const r = ok(
      Resolver.resolveSync(
        declare,
        GameEvent.make("e", [dmg("a", "napUnit", 3, { preventable: false })]),
        Ledger.make([barrier]),
        view,
        Chooser.firstLegal
      )
    )
    assert.strictEqual(dealt(r, "napUnit"), 3)
    assert.deepStrictEqual(r.outcomes[0]?.applied, ["b"])
  })
})
