/**
 * What can't be done fails, only the part that can happens, and the outcome says what was done.
 *
 * FaB 8.5.6b: "If a player tries to draw a card when there are no cards in their deck, the draw
 * effect fails." FaB 8.5.5b: "If a player tries to discard a card when there are no cards in
 * their hand, the discard effect fails." FaB 8.5.16: "To remove a counter from an object, a
 * specified counter ceases to exist on the object." FaB 1.14.2b: "If a player does not have
 * enough assets and does not gain any additional assets to pay an asset-cost, the cost cannot be
 * paid and the game state is reversed to before the cost is paid." FaB 2.5.3e: "If the life total
 * is calculated to be less than zero, instead it is considered zero." (the damage is still dealt
 * in full). FaB 8.5.4: "To destroy an object, put it into its owner's graveyard." — a destroy, a
 * banish, a put-into-graveyard written without an amount happens once (FAB-23).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effects, Scenario } from "../src/index.js"
import { run } from "./helpers.js"

const players = ["alice", { id: "bob", deck: 1, hand: 1, resources: 0 }]
const one = (
  family: string,
  occurrence: Readonly<Record<string, unknown>>,
  objects: ReadonlyArray<unknown> = []
) =>
  run({
    turn: "alice",
    players,
    objects: [{ id: "S", controller: "alice", zone: "stack", types: ["action"] }, ...objects],
    steps: [{ event: { id: "e", family, occurrences: [{ id: "o", ...occurrence }] } }]
  })
const occ = (r: ReturnType<typeof run>) => r.outcome.events["e"]?.occurrences["o"]

describe("FaB 8.5.6b: draws beyond the deck fail (FAB-22)", () => {
  it("three draws from a deck of one: one is drawn, two fail, the hand grows by exactly one", () => {
    const r = one("draw", { to: "bob", amount: 3 })
    expect([occ(r)?.status, occ(r)?.amount, occ(r)?.notDone]).toEqual(["happened", 1, 2])
    expect([r.outcome.state["bob"]?.["hand"], r.outcome.state["bob"]?.["deck"]]).toEqual([2, 0])
    expect(r.outcome.events["e"]?.happened).toEqual([
      { id: "o", family: "draw", subject: "bob", source: null, amount: 1 }
    ])
  })
})

describe("FaB 8.5.5b: a discard from an empty hand fails; one beyond the hand does only what it can", () => {
  it("bob, with an empty hand, is told to discard: the event fails, nothing moves", () => {
    const r = run({
      turn: "alice",
      players: ["alice", { id: "bob", hand: 0 }],
      steps: [{ event: { id: "e", family: "discard", occurrences: [{ id: "o", to: "bob" }] } }]
    })
    expect([occ(r)?.status, occ(r)?.amount]).toEqual(["failed", 0])
    expect(r.outcome.state["bob"]?.["hand"]).toBe(0)
  })

  it("two discards from a hand of one: one card is discarded, the other fails", () => {
    const r = one("discard", { to: "bob", amount: 2 })
    expect([occ(r)?.status, occ(r)?.amount, occ(r)?.notDone]).toEqual(["happened", 1, 1])
    expect(r.outcome.state["bob"]?.["hand"]).toBe(0)
  })

  it("a card in a hand is discarded to the graveyard (written without an amount: one discard); one in the arena can't be", () => {
    const inHand = one("discard", { to: "c" }, [
      { id: "c", controller: "bob", zone: "hand", types: ["action"] }
    ])
    expect([occ(inHand)?.status, inHand.outcome.state["c"]?.["zone"]]).toEqual(["happened", "graveyard"])
    const inArena = one("discard", { to: "c" }, [{ id: "c", controller: "bob", types: ["action"] }])
    expect([occ(inArena)?.status, inArena.outcome.state["c"]?.["zone"]]).toEqual(["failed", "arena"])
  })
})

describe("FaB 8.5.16: only the counters there are are removed, and the outcome says how many", () => {
  it("five counters removed from an aura with two: two removed, three not done", () => {
    const r = one("removeCounters", { to: "aura", amount: 5 }, [
      { id: "aura", controller: "bob", types: ["aura"], counters: 2 }
    ])
    expect([occ(r)?.amount, occ(r)?.notDone, r.outcome.state["aura"]?.["counters"]]).toEqual([2, 3, 0])
  })
})

describe("FaB 1.14.2b: a payment beyond the player's resources is not made", () => {
  it("2 resources paid by a player who has 0: failed, nothing reported paid", () => {
    const r = one("pay", { to: "bob", amount: 2, kinds: ["cost"] })
    expect([occ(r)?.status, occ(r)?.amount, occ(r)?.notDone, occ(r)?.paid]).toEqual(["failed", 0, 2, false])
  })

  /** Ruling changed by 1.14.2b: a player with 1 resource paying 2 used to end with 0 and the payment reported in full. */
  it("2 resources paid by a player who has 1: the state is reversed, the player keeps the 1", () => {
    const r = run({
      turn: "alice",
      players: ["alice", { id: "bob", resources: 1 }],
      steps: [{ event: { id: "e", family: "pay", occurrences: [{ id: "o", to: "bob", amount: 2 }] } }]
    })
    expect([occ(r)?.status, r.outcome.state["bob"]?.["resources"]]).toEqual(["failed", 1])
  })
})

describe("FaB 2.5.3e: damage beyond a life total is still dealt in full", () => {
  it("25 damage to a hero with 20 life: 25 dealt, life 0, nothing not done", () => {
    const r = run({
      turn: "alice",
      players: ["alice", { id: "bob", life: 20 }],
      objects: [{ id: "S", controller: "alice", zone: "stack", types: ["action"] }],
      steps: [{ event: { id: "e", occurrences: [{ id: "o", source: "S", to: "bob", amount: 25 }] } }]
    })
    expect([occ(r)?.amount, occ(r)?.notDone, r.outcome.state["bob"]?.["life"]]).toEqual([25, undefined, 0])
  })
})

describe("events that happen once need no amount (FAB-23, 8.5.4, 8.5.1, 8.5.15, 8.3.21b)", () => {
  const objects = [
    { id: "ally", controller: "bob", types: ["ally"], life: 2 },
    { id: "aura", controller: "bob", types: ["aura"] }
  ]
  for (const [family, to, zone] of [
    ["destroy", "ally", "graveyard"],
    ["zoneChange", "aura", "banished"],
    ["zoneChange", "aura", "graveyard"],
    ["ceaseToExist", "aura", "removed"]
  ] as const)
    it(`a ${family} written without an amount happens once, exactly as with amount 1 (to ${zone})`, () => {
      const params = family === "zoneChange" ? { params: { to: zone } } : {}
      const bare = one(family, { source: "S", to, ...params }, objects)
      const counted = one(family, { source: "S", to, amount: 1, ...params }, objects)
      expect([occ(bare)?.status, occ(bare)?.amount, bare.outcome.state[to]?.["zone"]]).toEqual([
        "happened",
        1,
        zone
      ])
      expect(bare.outcome).toEqual(counted.outcome)
    })

  it("every family is declared counted or once, and the language's lists are made from that one declaration", () => {
    expect(Object.keys(Effects.familyAmounts).sort()).toEqual(Object.values(Effects.Family).sort())
    expect(Scenario.language.families).toEqual(Object.keys(Effects.familyAmounts))
    expect([...(Scenario.language.amountless ?? [])].sort()).toEqual([
      "ceaseToExist",
      "destroy",
      "discard",
      "hit",
      "pitch",
      "reveal",
      "scheduleDestroy",
      "zoneChange"
    ])
  })
})
