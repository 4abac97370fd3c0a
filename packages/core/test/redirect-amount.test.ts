/**
 * The additive kernel words of the redirection and "can't be prevented" effects: a `Redirect`
 * with an `amount` ("the next N damage that would be dealt to A is dealt to B instead" — N used
 * up like a shield, the rest stays with A), the `Unpreventable` action (a lasting "damage can't
 * be prevented" effect: preventions still apply and prevent 0, a shield keeps its amount), and
 * `Rules.prepareEvent` (the ruleset changes an event before any effect sees it). Each has a
 * negative control: the same case without the new part gives the other result.
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { Chooser, type Filter, GameEvent, Ledger, type Policy, Replacement, Resolver } from "../src/index.js"
import { affected, dealt, dmg, ok, shield, view } from "./fixtures.js"

const resolve = (
  effects: ReadonlyArray<Replacement.Replacement>,
  occs: ReadonlyArray<GameEvent.Occurrence>,
  rules: Policy.Rules = affected,
  ledger: Ledger.Ledger = Ledger.make(effects)
) => ok(Resolver.resolveSync(rules, GameEvent.make("e", occs), ledger, view, Chooser.firstLegal))

const redirect = (amount?: number): Replacement.Replacement => ({
  id: "r",
  label: `The next ${amount ?? "all"} damage to napUnit is dealt to napAlly instead`,
  controller: "nap",
  category: "standard",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action:
    amount === undefined ? { _tag: "Redirect", to: "napAlly" } : { _tag: "Redirect", to: "napAlly", amount }
})

describe("Redirect with an amount", () => {
  it("3 damage, N = 2: 1 stays, 2 move; the remainder is 0 and the effect is used up", () => {
    const r = resolve([redirect(2)], [dmg("a", "napUnit", 3)])
    assert.strictEqual(dealt(r, "napUnit"), 1)
    assert.strictEqual(dealt(r, "napAlly"), 2)
    assert.strictEqual(Ledger.remaining(r.ledger, "r"), 0)
    assert.isTrue(Ledger.isSpent(r.ledger, "r"))
    const a = r.outcomes.find((o) => o.id === "a")
    assert.deepStrictEqual([a?.proposed, a?.modified, a?.amount], [3, -2, 1])
  })

  it("the remainder carries to the next event; without the amount (the control) all 3 move", () => {
    const first = resolve([redirect(2)], [dmg("a", "napUnit", 1)])
    assert.strictEqual(Ledger.remaining(first.ledger, "r"), 1)
    const second = resolve([redirect(2)], [dmg("b", "napUnit", 3)], affected, first.ledger)
    assert.strictEqual(dealt(second, "napUnit"), 2)
    assert.strictEqual(dealt(second, "napAlly"), 1)
    const all = resolve([redirect()], [dmg("a", "napUnit", 3)])
    assert.strictEqual(dealt(all, "napAlly"), 3)
    assert.strictEqual(Ledger.remaining(all.ledger, "r"), undefined)
  })

  it("the trace says how much moved and where", () => {
    const r = ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e", [dmg("a", "napUnit", 3)]),
        Ledger.make([redirect(2)]),
        view,
        Chooser.firstLegal,
        {
          trace: true
        }
      )
    )
    const applied = r.trace.find((t) => t._tag === "Applied")
    const change = applied?._tag === "Applied" ? applied.changes[0] : undefined
    assert.strictEqual(change?.redirected, 2)
    assert.strictEqual(change?.redirectedTo, "napAlly")
    assert.deepStrictEqual([change?.before, change?.after], [3, 1])
  })

  it("Ledger.initialState gives it its amount", () => {
    assert.deepStrictEqual(Ledger.initialState(redirect(4)), { remaining: 4, uses: 0, spent: false })
    assert.deepStrictEqual(Ledger.initialState(redirect()), { uses: 0, spent: false })
  })
})

/**
 * Issue 17, point 1: amounts are usable "wherever an amount appears … redirection" — MTG 615.1:
 * "the amount … isn't locked in ahead of time". A redirection's N as an expression is computed
 * the first time it applies (as a shield's), then its remainder lives in the ledger.
 */
describe("Redirect with a computed amount", () => {
  const computed = (
    amount: Extract<Replacement.Action, { _tag: "Redirect" }>["amount"]
  ): Replacement.Replacement => ({
    ...redirect(),
    action: { _tag: "Redirect", to: "napAlly", amount }
  })
  const half = computed({ _tag: "Half", of: { _tag: "Amount" }, round: "up" })

  it("half of the damage, rounded up, moves: 5 → 3 to napAlly, 2 stay; the remainder is 0", () => {
    const r = resolve([half], [dmg("a", "napUnit", 5)])
    assert.strictEqual(dealt(r, "napUnit"), 2)
    assert.strictEqual(dealt(r, "napAlly"), 3)
    assert.strictEqual(Ledger.remaining(r.ledger, "r"), 0)
    assert.isTrue(Ledger.isSpent(r.ledger, "r"))
  })

  it("fixed the first time it applies: N = 2 from 2 damage, then the remainder is 0 for the next event", () => {
    const first = resolve([half], [dmg("a", "napUnit", 1)])
    // half of 1, rounded up: 1 moves, the remainder is 0
    assert.strictEqual(dealt(first, "napAlly"), 1)
    assert.strictEqual(Ledger.remaining(first.ledger, "r"), 0)
    const second = resolve([half], [dmg("b", "napUnit", 4)], affected, first.ledger)
    assert.strictEqual(dealt(second, "napUnit"), 4)
  })

  it("mutant: N computed again at each event (no remainder kept) moves 2 of the 4", () => {
    const first = resolve([half], [dmg("a", "napUnit", 1)])
    const forgetful = Ledger.make([half])
    assert.strictEqual(Ledger.remaining(first.ledger, "r"), 0)
    const second = resolve([half], [dmg("b", "napUnit", 4)], affected, forgetful)
    assert.notStrictEqual(dealt(second, "napUnit"), 4)
    assert.strictEqual(dealt(second, "napAlly"), 2)
  })

  it("mutant: the same effect without its amount moves all 5", () => {
    const r = resolve([redirect()], [dmg("a", "napUnit", 5)])
    assert.notStrictEqual(dealt(r, "napAlly"), 3)
  })

  it("Ledger.initialState has no remainder until it applies; a bad expression is refused", () => {
    assert.deepStrictEqual(Ledger.initialState(half), { uses: 0, spent: false })
    const bad = computed({ _tag: "Nope" } as unknown as Filter.Value)
    assert.isTrue(Replacement.problems(bad).some(([path]) => path === "action.amount"))
    assert.isTrue(Schema.is(Replacement.Action)(half.action))
  })
})

describe("Unpreventable", () => {
  const cant: Replacement.Replacement = {
    id: "cant",
    label: "Damage can't be prevented",
    controller: "ap",
    category: "self",
    watch: { family: "damage" },
    action: { _tag: "Unpreventable" }
  }

  it("applied first (its own tier), the shield applies, prevents 0 and keeps its amount; without it, 2 are prevented", () => {
    const r = resolve([shield("s", "nap", ["napUnit"], 2), cant], [dmg("a", "napUnit", 3)])
    assert.strictEqual(dealt(r, "napUnit"), 3)
    assert.strictEqual(Ledger.remaining(r.ledger, "s"), 2)
    assert.deepStrictEqual(r.outcomes.find((o) => o.id === "a")?.applied, ["cant", "s"])
    const control = resolve([shield("s", "nap", ["napUnit"], 2)], [dmg("a", "napUnit", 3)])
    assert.strictEqual(dealt(control, "napUnit"), 1)
  })
})

describe("Rules.prepareEvent", () => {
  const halve: Policy.EventPreparation = {
    rule: "T-p 1",
    apply: (occs) => ({
      occurrences: occs.flatMap((o) =>
        o.amount < 2
          ? [o]
          : [
              { ...o, amount: o.amount - 1 },
              { ...o, id: `${o.id}:rest`, subject: "nap", amount: 1 }
            ]
      ),
      notes: ["one of it goes to nap"]
    })
  }

  it("changes the event before effects see it, with a note citing its rule; a cost's event is left alone", () => {
    const rules: Policy.Rules = { ...affected, prepareEvent: halve }
    const r = ok(
      Resolver.resolveSync(
        rules,
        GameEvent.make("e", [dmg("a", "napUnit", 3)]),
        Ledger.make([shield("s", "nap", ["napUnit"], 2)]),
        view,
        Chooser.firstLegal,
        {
          trace: true
        }
      )
    )
    assert.strictEqual(dealt(r, "napUnit"), 0)
    assert.strictEqual(dealt(r, "nap"), 1)
    assert.isTrue(r.trace.some((t) => t._tag === "Note" && t.rule === "T-p 1"))
    const control = resolve([shield("s", "nap", ["napUnit"], 2)], [dmg("a", "napUnit", 3)])
    assert.strictEqual(dealt(control, "napUnit"), 1)
    assert.strictEqual(dealt(control, "nap"), 0)
  })
})

/**
 * Issue 29, point 6 (MTG-25). MTG CR 614.9: "Some effects replace damage dealt to one battle,
 * creature, planeswalker, or player with the same damage dealt to another …"; CR 616.1: "the
 * affected object's controller (or its owner if it has no controller) or the affected player
 * chooses"; as CR 615.7 for a shield: "If damage would be dealt to the shielded permanent or
 * player by two or more applicable sources at the same time, the player or the controller of the
 * permanent chooses which damage the shield prevents." "The next 2 damage that would be dealt to
 * creatures you control is dealt to you instead" over 2 to each of two of them at once: their
 * controller divides the 2 (an `Allocate` request, nobody else asked); the effect is used up.
 * Before issue 29 the first occurrence by id took it all and nobody was asked.
 */
describe("Redirect with an amount over simultaneous damage: the affected player divides it", () => {
  const both: Replacement.Replacement = {
    ...redirect(2),
    watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit", "napAlly"] } },
    action: { _tag: "Redirect", to: "nap", amount: 2 }
  }
  const event = GameEvent.make("e", [dmg("a", "napUnit", 2), dmg("b", "napAlly", 2)])
  const asked: Array<{ chooser: string; points: number; targets: ReadonlyArray<string> }> = []
  const answering =
    (answer: Record<string, number>): Chooser.SyncChooser =>
    (request, state) => {
      if (request._tag === "Allocate") {
        asked.push({
          chooser: request.chooser,
          points: request.points,
          targets: request.targets.map((t) => t.occurrence)
        })
        return answer
      }
      return Chooser.firstLegal(request, state)
    }
  const run = (answer: Record<string, number>) =>
    ok(Resolver.resolveSync(affected, event, Ledger.make([both]), view, answering(answer)))

  it("the controller of both is asked once, for 2 points over a and b", () => {
    asked.length = 0
    run({ a: 2, b: 0 })
    assert.deepStrictEqual(asked, [{ chooser: "nap", points: 2, targets: ["a", "b"] }])
  })

  it("each division is applied as answered; the effect is used up either way", () => {
    for (const [answer, unit, ally] of [
      [{ a: 2, b: 0 }, 0, 2],
      [{ a: 0, b: 2 }, 2, 0],
      [{ a: 1, b: 1 }, 1, 1]
    ] as const) {
      const r = run(answer)
      assert.deepStrictEqual([dealt(r, "napUnit"), dealt(r, "napAlly"), dealt(r, "nap")], [unit, ally, 2])
      assert.isTrue(Ledger.isSpent(r.ledger, "r"))
    }
  })

  it("N covers all of it (the control): nothing to divide, nobody asked, all 4 move", () => {
    asked.length = 0
    const four = { ...both, action: { _tag: "Redirect" as const, to: "nap", amount: 4 } }
    const r = ok(Resolver.resolveSync(affected, event, Ledger.make([four]), view, answering({})))
    assert.deepStrictEqual(asked, [])
    assert.strictEqual(dealt(r, "nap"), 4)
  })
})
