/**
 * Issue 29, point 3c, in core: objects that change zones become new objects — MTG CR 400.7 ("An
 * object that moves from one zone to another becomes a new object with no memory of or relation
 * to its previous existence"), FaB 3.0.9 ("If an object enters a zone that is not in the arena and
 * is not the stack zone, … it becomes a new object with no relation to its previous existence"),
 * Riftbound 124 ("A Game Object that changes zones to or from a Non-Board Zone becomes a new
 * object for the purposes of tracking that object"). `Identity.bind` binds the recipients and the
 * sources an effect names; the mutant binds recipients only (the behaviour before issue 29).
 */
import { describe, expect, it } from "@effect/vitest"
import { GameEvent, GameView, Identity, Kernel, Ledger, type Policy, type Replacement } from "../src/index.js"
import { affected } from "./fixtures.js"

const view = GameView.make({
  players: ["ap", "nap"],
  activePlayer: "ap",
  objects: [
    { id: "nap", kind: "player", props: { life: 20 } },
    { id: "S", kind: "object", controller: "ap", zone: "battlefield", props: {} }
  ]
})
const rules: Policy.Rules = { ...affected, predicates: Identity.predicates }
/** "Prevent all damage that a source of your choice would deal this turn", S chosen. */
const fog: Replacement.Replacement = {
  id: "fog",
  label: "prevent all damage S would deal",
  controller: "nap",
  category: "prevention",
  watch: { family: "damage", source: { _tag: "Id", ids: ["S"] } },
  action: { _tag: "Prevent", amount: "all", scope: "static" }
}
const prevented = (e: Replacement.Replacement, v: GameView.GameView): number => {
  const step = Kernel.start(
    rules,
    GameEvent.make("e", [GameEvent.damage({ id: "d", source: "S", recipient: "nap", amount: 2 })]),
    Ledger.make([e]),
    v
  )
  if (step._tag !== "Done") throw new Error("expected no decision")
  return step.resolution.prevented["nap"] ?? 0
}
const blinked = Identity.move(
  Identity.move(view, "S", "exile", () => true),
  "S",
  "battlefield",
  () => true
)

describe("Identity: a chosen source that changed zones is a new object", () => {
  it("renewed and move count the zone changes that make a new object", () => {
    expect(Identity.generationOf(view, "S")).toBe(0)
    expect(Identity.generationOf(blinked, "S")).toBe(2)
    expect(
      Identity.generationOf(
        Identity.move(view, "S", "hand", () => false),
        "S"
      )
    ).toBe(0)
    expect(Identity.generationOf(view, "nobody")).toBe(0)
  })

  it("a source bound while it is the same object: its damage is prevented", () => {
    expect(prevented(Identity.bind(fog, view), view)).toBe(2)
  })

  it("the source exiled and returned: the bound effect no longer applies to its damage", () => {
    expect(prevented(Identity.bind(fog, view), blinked)).toBe(0)
  })

  it("a player named is never bound; an effect naming no object is unchanged", () => {
    const toNap: Replacement.Replacement = {
      ...fog,
      watch: { family: "damage", subject: { _tag: "Id", ids: ["nap"] } }
    }
    expect(Identity.bind(toNap, view)).toBe(toNap)
    const any: Replacement.Replacement = { ...fog, watch: { family: "damage" } }
    expect(Identity.bind(any, view)).toBe(any)
  })

  it("subject and source both named: both bound; the effect's own condition is left as it is", () => {
    const condition: Replacement.Replacement["condition"] = { _tag: "AmountIs", op: "gte", value: 1 }
    const both: Replacement.Replacement = {
      ...fog,
      watch: { family: "damage", subject: { _tag: "Id", ids: ["S"] }, source: { _tag: "Id", ids: ["S"] } },
      condition
    }
    const bound = Identity.bind(both, blinked)
    expect(bound.sameObjects).toEqual({ subject: { S: 2 }, source: { S: 2 } })
    expect(bound.condition).toBe(condition)
  })

  it("the trace names why: the effect is not applied, reason newObject", () => {
    const step = Kernel.start(
      rules,
      GameEvent.make("e", [GameEvent.damage({ id: "d", source: "S", recipient: "nap", amount: 2 })]),
      Ledger.make([Identity.bind(fog, view)]),
      blinked
    )
    if (step._tag !== "Done") throw new Error("expected no decision")
    expect(
      step.resolution.trace
        .filter((t) => t._tag === "NotApplied")
        .map((t) => t._tag === "NotApplied" && t.reason)
    ).toEqual(["newObject"])
  })

  it("the older form, a condition with the registered predicate, still works (stored records)", () => {
    const old: Replacement.Replacement = {
      ...fog,
      condition: {
        _tag: "Test",
        on: "source",
        filter: { _tag: "Named", name: Identity.SAME_OBJECT, args: { S: 0 } }
      }
    }
    expect(prevented(old, view)).toBe(2)
    expect(prevented(old, blinked)).toBe(0)
  })

  it("mutant: binding the recipients only (before issue 29) still prevents the new object's damage", () => {
    const subjectsOnly = (e: Replacement.Replacement, v: GameView.GameView) =>
      e.watch.subject === undefined ? e : Identity.bind(e, v)
    expect(prevented(subjectsOnly(fog, view), blinked)).not.toBe(0)
  })
})
