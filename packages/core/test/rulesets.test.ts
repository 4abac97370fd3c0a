/**
 * Proof of game-agnosticism: the same events run through three tiny in-test rulesets built only
 * from core's policy builders, and the results differ exactly as each ruleset's rules say.
 *
 * - (a) "affected" — T-a 1: "the affected object's controller chooses which applicable effect
 *   applies next; self-replacement effects first."
 * - (b) "groups" — T-b 1: "effects without an amount before effects with one; within a group the
 *   inactive player's effects, then the active player's; stop when the damage reaches 0."
 * - (c) "declare" — T-c 0/1/2: "the turn player selects a starting player; standard effects before
 *   preventions; each player applies their own effects of a slot; the prevention's controller
 *   declares which points it prevents."
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Chooser, GameEvent, type Kernel, Ledger, type Policy, Resolver } from "../src/index.js"
import { affected, declare, dmg, double, groups, preventAll, shield, view } from "./fixtures.js"

const run = (
  rules: Policy.Rules,
  effects: Parameters<typeof Ledger.make>[0],
  occs: ReadonlyArray<GameEvent.Occurrence>,
  chooser: Chooser.SyncChooser
): Kernel.Resolution => {
  const r = Resolver.resolveSync(rules, GameEvent.make("e", occs), Ledger.make(effects), view, chooser)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}
const dealt = (r: Kernel.Resolution, id: string) =>
  r.happened.filter((o) => o.subject === id && o.family === "damage").reduce((n, o) => n + o.amount, 0)
const noDecisions: Chooser.SyncChooser = () => undefined

describe("one event, three rulesets", () => {
  // NAP's shield "prevent the next 2 damage to napUnit" and AP's "double that damage"; 3 damage to napUnit.
  const effects = [shield("shield", "nap", ["napUnit"], 2), double("double", "ap")]
  const event = [dmg("i", "napUnit", 3)]

  it("(a) the affected object's controller (NAP) chooses: prevent first → (3−2)×2 = 2, double first → 3×2−2 = 4", () => {
    const preventFirst = run(affected, effects, event, Chooser.scripted(["shield"]))
    const doubleFirst = run(affected, effects, event, Chooser.scripted(["double"]))
    assert.strictEqual(dealt(preventFirst, "napUnit"), 2)
    assert.strictEqual(dealt(doubleFirst, "napUnit"), 4)
    assert.deepStrictEqual(
      preventFirst.decisions.map((d) => [d.request._tag, d.request.chooser]),
      [["ChooseEffect", "nap"]]
    )
  })

  it("(b) both effects are in the 'amount' group; the inactive player's (NAP's) shield first, then AP's double: 2, with no question asked", () => {
    const r = run(groups, effects, event, noDecisions)
    assert.strictEqual(dealt(r, "napUnit"), 2)
    assert.strictEqual(r.decisions.length, 0)
  })

  it("(c) standard before prevention: double first (6), then the shield: 4; the turn player (AP) selects the starting player", () => {
    const r = run(declare, effects, event, Chooser.scripted(["nap"]))
    assert.strictEqual(dealt(r, "napUnit"), 4)
    assert.deepStrictEqual(
      r.decisions.map((d) => [d.request._tag, d.request.chooser]),
      [["StartingPlayer", "ap"]]
    )
  })
})

describe("stop at zero versus the affected player's order", () => {
  // AP's "prevent all damage" (no amount) and NAP's "prevent the next 2" (an amount); 5 damage to napUnit.
  const effects = [preventAll("fog", "ap"), shield("shield", "nap", ["napUnit"], 2)]
  const event = [dmg("i", "napUnit", 5)]

  it("(b) the no-amount group goes first even though NAP acts first within a group; at 0 it stops: the shield keeps 2", () => {
    const r = run(groups, effects, event, noDecisions)
    assert.strictEqual(dealt(r, "napUnit"), 0)
    assert.strictEqual(Ledger.remaining(r.ledger, "shield"), 2)
    const notApplied = r.trace.find((t) => t._tag === "NotApplied" && t.effect === "shield")
    assert.strictEqual(notApplied?._tag === "NotApplied" ? notApplied.reason : undefined, "eventAtZero")
  })

  it("(a) NAP may order its own shield first: it is spent (2 prevented), then 'prevent all' takes the rest", () => {
    const r = run(affected, effects, event, Chooser.scripted(["shield"]))
    assert.strictEqual(dealt(r, "napUnit"), 0)
    assert.strictEqual(Ledger.remaining(r.ledger, "shield"), 0)
    assert.isTrue(Ledger.isSpent(r.ledger, "shield"))
  })
})

describe("who divides a prevention that covers several recipients", () => {
  // NAP's "prevent the next 2 damage source src would deal"; src deals 2 to napUnit and 2 to apUnit at once.
  const fromSrc = {
    ...shield("fromSrc", "nap", [], 2),
    watch: { family: "damage", source: { _tag: "Id", ids: ["src"] } }
  } as const
  const event = [dmg("toNap", "napUnit", 2), dmg("toAp", "apUnit", 2)]

  it("(c) the prevention's controller (NAP) declares the points: all on its own unit", () => {
    const r = run(declare, [fromSrc], event, Chooser.scripted([{ toNap: 2, toAp: 0 }]))
    assert.deepStrictEqual([dealt(r, "napUnit"), dealt(r, "apUnit")], [0, 2])
    assert.deepStrictEqual(
      r.decisions.map((d) => [d.request._tag, d.request.chooser]),
      [["Allocate", "nap"]]
    )
  })

  it("(a) per affected object in APNAP order: AP's unit comes first and takes the shield, with no question", () => {
    const r = run(affected, [fromSrc], event, noDecisions)
    assert.deepStrictEqual([dealt(r, "napUnit"), dealt(r, "apUnit")], [2, 0])
  })
})
