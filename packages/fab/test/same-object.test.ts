/**
 * Issue 29, point 3: an effect's chosen source (and its shielded object) that changed zones is a
 * new object. FaB 3.0.9: "If an object enters a zone that is not in the arena and is not the stack
 * zone, or a public object becomes a private object, it resets - its previous existence ceases to
 * exist and it becomes a new object with no relation to its previous existence." The zone changes
 * are `Rules.commit`'s (destroy 8.5.4, banish 8.5.1, put into a graveyard 8.5.15, discard 8.5.5)
 * and a scenario's `update`, each through core's `Identity.move`; the binding is core's
 * `Identity.bind` (`Effects.aimedAt`). A scenario keeps the card's id across its zone changes.
 * The mutant at the end commits the zone changes without `Identity.move`, as before.
 */
import { Chooser, GameEvent, GameView, type Policy, Ruleset } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Effects, Rules, ruleset } from "../src/index.js"
import { compile, type Data, run } from "./helpers.js"

const players = ["alice", { id: "bob", life: 20 }]
const objects = [
  { id: "axe", controller: "alice", zone: "arena", types: ["weapon"] },
  { id: "ally", controller: "bob", zone: "arena", types: ["ally"], life: 4 }
]
/** "Prevent the next 5 damage that a source of your choice would deal this turn", the axe chosen. */
const fromAxe = {
  kind: "preventNext",
  id: "p",
  controller: "bob",
  from: "axe",
  amount: 5,
  duration: "endOfTurn"
}
/** "Prevent the next 5 damage that would be dealt to target ally this turn". */
const toAlly = {
  kind: "preventNext",
  id: "p",
  controller: "bob",
  to: "ally",
  amount: 5,
  duration: "endOfTurn"
}
const hit = (id: string, source: string, to: string) => ({
  event: { id, occurrences: [{ id: "d", source, to, amount: 2 }] }
})
/** `family` moves `id` out of the arena, then an `update` returns the card (the same id) to it. */
// FaB 8.5.1 (banish) and 8.5.15 (put into a graveyard) are a zoneChange to that zone (core Families)
const moves: Readonly<Record<string, string>> = { banish: "banished", putIntoGraveyard: "graveyard" }
const away = (how: string, id: string) => [
  {
    event: {
      id: `${how}-${id}`,
      family: how in moves ? "zoneChange" : how,
      occurrences: [
        { id: "z", source: "axe", to: id, ...(how in moves ? { params: { to: moves[how] } } : {}) }
      ]
    }
  },
  { update: { object: id, zone: "arena" } }
]
const file = (effect: Data, steps: ReadonlyArray<Data>): Data => ({
  turn: "alice",
  players,
  objects,
  effects: [effect],
  steps
})

describe("FaB 3.0.9: an object that changes zones becomes a new object", () => {
  it("before any zone change, the chosen source's damage is prevented, twice", () => {
    const r = run(file(fromAxe, [hit("one", "axe", "bob"), hit("two", "axe", "bob")]))
    expect(r.outcome.events.two?.dealt).toEqual({})
    expect(r.outcome.state.bob?.life).toBe(20)
  })

  for (const family of ["destroy", "banish", "putIntoGraveyard"])
    it(`the chosen source ${family} and returned: its damage is dealt (a new object)`, () => {
      const r = run(file(fromAxe, [...away(family, "axe"), hit("two", "axe", "bob")]))
      expect(r.outcome.events.two?.occurrences.d).toMatchObject({
        status: "happened",
        amount: 2,
        applied: []
      })
      expect(r.outcome.state.bob?.life).toBe(18)
    })

  it("the shielded ally, before: its damage is prevented", () => {
    const r = run(file(toAlly, [hit("two", "axe", "ally")]))
    expect(r.outcome.events.two?.dealt).toEqual({})
    expect(r.outcome.state.ally?.life).toBe(4)
  })

  it("the shielded ally banished and returned: it is a new ally, dealt the 2", () => {
    const r = run(file(toAlly, [...away("banish", "ally"), hit("two", "axe", "ally")]))
    expect(r.outcome.events.two?.dealt).toEqual({ ally: 2 })
    expect(r.outcome.state.ally?.life).toBe(2)
  })

  it("an update to the graveyard and back is a zone change too; to the stack is not", () => {
    const there = (zone: string) => [
      { update: { object: "axe", zone } },
      { update: { object: "axe", zone: "arena" } },
      hit("two", "axe", "bob")
    ]
    expect(run(file(fromAxe, there("graveyard"))).outcome.state.bob?.life).toBe(18)
    expect(run(file(fromAxe, there("stack"))).outcome.state.bob?.life).toBe(20)
  })

  it("a card discarded from hand is a new object (8.5.5)", () => {
    const view = GameView.make({
      players: ["a"],
      activePlayer: "a",
      objects: [{ id: "c", kind: "object", controller: "a", zone: "hand", props: {} }]
    })
    const after = Rules.commit(
      view,
      GameEvent.occurrence({ id: "x", family: Effects.Family.discard, subject: "c", amount: 1 })
    ) as GameView.GameView
    expect(after.objects.c?.zone).toBe("graveyard")
    expect(Rules.makesNewObject("hand", "graveyard")).toBe(true)
    expect(Rules.makesNewObject("arena", "combatChain")).toBe(false)
  })

  it("the kinds that name a source are bound by core's Identity.bind", () => {
    const c = compile(file(fromAxe, []))
    expect(c.ledger.effects.find((e) => e.id === "p")?.sameObjects).toEqual({ source: { axe: 0 } })
    // the older form, a condition with the predicate, still resolves (stored records may hold it)
    expect(Object.keys(ruleset.rules.predicates ?? {})).toContain(Effects.PREDICATE_SAME_OBJECT)
  })

  /** Mutant: the zone changes committed without `Identity.move` (as before) — the returned axe's damage is still prevented. */
  it("mutant: a commit without Identity.move keeps preventing the new object's damage", () => {
    const plain: Policy.Rules["commit"] = (view, o) => {
      const dest = o.params?.["to"]
      const to =
        o.family === "destroy"
          ? "graveyard"
          : o.family === "zoneChange" && typeof dest === "string"
            ? dest
            : undefined
      const x = o.subject === undefined ? undefined : view.objects[o.subject]
      return to === undefined || x === undefined
        ? Rules.commit(view, o)
        : GameView.setObject(view, { ...x, zone: to })
    }
    const r = Ruleset.run(
      { ...ruleset.rules, commit: plain },
      compile(file(fromAxe, [...away("destroy", "axe"), hit("two", "axe", "bob")])),
      Chooser.firstLegal
    )
    expect(r.outcome.state.bob?.life).not.toBe(18)
  })
})
