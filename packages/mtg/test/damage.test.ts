/** CR 120: damage and its results, each test quoting its rule. */
import { GameEvent, GameView } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Results } from "../src/index.js"
import { creature, run, spell } from "./helpers.js"

const players = ["ap", "nap"]
const one = (source: string, to: string, amount: number, extra: Record<string, unknown> = {}) => ({
  event: { id: "e", occurrences: [{ id: "d", source, to, amount, ...extra }] }
})

describe("CR 120 damage results", () => {
  /** CR 120.3a: "Damage dealt to a player by a source without infect causes that player to lose that much life." */
  it("120.3a: life loss", () => {
    const r = run({ players, objects: [spell("s", "ap")], steps: [one("s", "nap", 3)] })
    expect(r.outcome.state["nap"]).toMatchObject({ life: 17, poison: 0 })
  })

  /** CR 120.3b: "Damage dealt to a player by a source with infect causes that source's controller to give the player that many poison counters." */
  it("120.3b: infect to a player gives poison counters, no life loss", () => {
    const r = run({
      players,
      objects: [creature("i", "ap", { keywords: ["infect"] })],
      steps: [one("i", "nap", 2)]
    })
    expect(r.outcome.state["nap"]).toMatchObject({ life: 20, poison: 2 })
  })

  /** CR 120.3c: "Damage dealt to a planeswalker causes that many loyalty counters to be removed from that planeswalker." */
  it("120.3c: loyalty counters removed", () => {
    const r = run({
      players,
      objects: [spell("s", "ap"), { id: "pw", controller: "nap", types: ["Planeswalker"], loyalty: 5 }],
      steps: [one("s", "pw", 3)]
    })
    expect(r.outcome.state["pw"]?.["loyalty"]).toBe(2)
  })

  /** CR 120.3d: "Damage dealt to a creature by a source with wither and/or infect causes that source's controller to put that many -1/-1 counters on that creature." */
  it("120.3d: infect to a creature gives −1/−1 counters, no marked damage", () => {
    const r = run({
      players,
      objects: [
        creature("i", "ap", { keywords: ["infect"] }),
        creature("bear", "nap", { toughness: 3, power: 3 })
      ],
      steps: [one("i", "bear", 2)]
    })
    expect(r.outcome.state["bear"]).toMatchObject({ minus1Counters: 2, damage: 0, toughness: 1 })
  })

  /** CR 120.3e: "Damage dealt to a creature by a source with neither wither nor infect causes that much damage to be marked on that creature." */
  it("120.3e: marked damage", () => {
    const r = run({
      players,
      objects: [spell("s", "ap"), creature("bear", "nap")],
      steps: [one("s", "bear", 1)]
    })
    expect(r.outcome.state["bear"]).toMatchObject({ damage: 1, toughness: 2 })
  })

  /**
   * CR 120.3f: "Damage dealt by a source with lifelink causes that source's controller to gain
   * that much life, in addition to the damage's other results." CR 702.15b: "… or its owner if
   * it has no controller …".
   */
  it("120.3f / 702.15b: lifelink, also from a source without a controller", () => {
    const r = run({
      players,
      objects: [{ id: "ghost", owner: "ap", zone: "graveyard", keywords: ["lifelink"] }],
      steps: [one("ghost", "nap", 4)]
    })
    expect(r.outcome.state["ap"]?.["life"]).toBe(24)
    expect(r.outcome.state["nap"]?.["life"]).toBe(16)
  })

  /** CR 120.3h: "Damage dealt to a battle causes that many defense counters to be removed from that battle." */
  it("120.3h: defense counters removed", () => {
    const r = run({
      players,
      objects: [spell("s", "ap"), { id: "battle", controller: "nap", types: ["Battle"], defense: 5 }],
      steps: [one("s", "battle", 2)]
    })
    expect(r.outcome.state["battle"]?.["defense"]).toBe(3)
  })

  /** CR 702.15e: "If multiple sources with lifelink deal damage at the same time, they cause separate life gain events." */
  it("702.15e: one life gain per lifelink source", () => {
    const view = GameView.make({
      players,
      activePlayer: "ap",
      objects: [
        { id: "a", kind: "object", controller: "ap", props: { keywords: ["lifelink"] } },
        { id: "b", kind: "object", controller: "ap", props: { keywords: ["lifelink"] } }
      ]
    })
    const gains = Results.resultsOf(
      [
        GameEvent.damage({ id: "x", source: "a", recipient: "nap", amount: 1 }),
        GameEvent.damage({ id: "y", source: "b", recipient: "nap", amount: 2 })
      ],
      view
    ).filter((o) => o.family === "lifeGain")
    expect(gains.map((g) => g.amount)).toEqual([1, 2])
  })
})

describe("CR 120.4 the damage sequence", () => {
  /**
   * CR 120.4c: "Third, damage that's been dealt is processed into its results, as modified by
   * replacement effects that interact with those results (such as life loss or counters)." A
   * life-gain doubler doubles lifelink's gain even when the damage became −1/−1 counters.
   */
  it("120.4c: Boon Reflection doubles lifelink gain from wither damage", () => {
    const r = run({
      players,
      objects: [
        creature("w", "ap", { keywords: ["wither", "lifelink"] }),
        creature("bear", "nap", { toughness: 5 })
      ],
      effects: [
        {
          kind: "double",
          id: "boon",
          controller: "ap",
          family: "lifeGain",
          to: { player: true, controller: "you" }
        }
      ],
      steps: [one("w", "bear", 3)]
    })
    expect(r.outcome.state["ap"]?.["life"]).toBe(26)
    expect(r.outcome.state["bear"]).toMatchObject({ minus1Counters: 3, damage: 0 })
  })

  /**
   * Worship: "If you control a creature, damage that would reduce your life total to less than 1
   * reduces it to 1 instead." (CR 120.4 example 2) At 2 life, 5 damage would leave −3: it leaves 1.
   */
  it("120.4c: Worship applies to the results when the life total would drop below 1", () => {
    const r = run({
      players: ["ap", { id: "nap", life: 2 }],
      objects: [spell("s", "ap"), creature("guard", "nap")],
      effects: [{ kind: "lifeFloor", id: "worship", controller: "nap" }],
      steps: [one("s", "nap", 5)]
    })
    expect(r.outcome.state["nap"]?.["life"]).toBe(1)
    expect(r.outcome.effects["worship"]?.uses).toBe(1)
    // the damage itself was dealt in full (120.4b); only its result was replaced
    expect(r.outcome.events["e"]?.dealt).toEqual({ nap: 5 })
  })

  /**
   * CR 120.4 example 2, without Awe Strike: "That player is at 2 life, and is being attacked by
   * two unblocked 5/5 creatures. … The damage event starts out as [10 damage is dealt to the
   * defending player]." Worship: "damage that would reduce your life total to less than 1
   * reduces it to 1 instead." Two sources at once are one damage event: the player ends at 1,
   * not at 0 (Worship must not cap each source's loss at life − 1 separately).
   */
  it("120.4c: Worship against two unblocked attackers at once leaves exactly 1 life", () => {
    const r = run({
      players: ["ap", { id: "nap", life: 2 }],
      objects: [
        creature("A", "ap", { power: 5 }),
        creature("B", "ap", { power: 5 }),
        creature("guard", "nap")
      ],
      effects: [{ kind: "lifeFloor", id: "worship", controller: "nap" }],
      steps: [
        {
          event: {
            id: "combat",
            occurrences: [
              { id: "a", source: "A", to: "nap", amount: 5, kinds: ["combat"] },
              { id: "b", source: "B", to: "nap", amount: 5, kinds: ["combat"] }
            ]
          }
        }
      ]
    })
    expect(r.outcome.events["combat"]?.dealt).toEqual({ nap: 10 })
    expect(r.outcome.state["nap"]?.["life"]).toBe(1)
  })

  /**
   * Worship: "damage that would reduce your life total to less than 1 reduces it to 1 instead";
   * CR 120.4 example 2 judges the whole results event ("[the defending player loses 5 life, the
   * defending player gains 5 life]"). At 2 life, [lose 7, gain 5] would leave 0: Worship applies
   * and the life total becomes 1: the loss is capped at 2 − 1 + 5 = 6, not at life − 1 = 1 (which
   * would end at 6 — more life than [lose 6, gain 5], which Worship leaves alone at 1).
   */
  it("120.4c: Worship with life gain in the same event leaves 1 life", () => {
    const r = run({
      players: ["ap", { id: "nap", life: 2 }],
      objects: [
        creature("A", "ap", { power: 7 }),
        creature("L", "nap", { power: 5, keywords: ["lifelink"] }),
        creature("guard", "nap")
      ],
      effects: [{ kind: "lifeFloor", id: "worship", controller: "nap" }],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "a", source: "A", to: "nap", amount: 7 },
              { id: "l", source: "L", to: "ap", amount: 5 }
            ]
          }
        }
      ]
    })
    expect(r.outcome.state["nap"]?.["life"]).toBe(1)
  })

  /** Worship: "If you control a creature, …" — without a creature it does nothing. */
  it("120.4c: Worship needs a creature", () => {
    const r = run({
      players: ["ap", { id: "nap", life: 2 }],
      objects: [spell("s", "ap")],
      effects: [{ kind: "lifeFloor", id: "worship", controller: "nap" }],
      steps: [one("s", "nap", 5)]
    })
    expect(r.outcome.state["nap"]?.["life"]).toBe(-3)
  })

  /**
   * CR 120.6: "If the total damage marked on a creature is greater than or equal to its
   * toughness, that creature has been dealt lethal damage and is destroyed as a state-based
   * action."
   */
  it("120.6: lethal damage destroys as a state-based action", () => {
    const r = run({
      players,
      objects: [spell("s", "ap"), creature("small", "nap"), creature("big", "nap", { toughness: 3 })],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "a", source: "s", to: "small", amount: 2 },
              { id: "b", source: "s", to: "big", amount: 2 }
            ]
          }
        },
        { stateBasedActions: true }
      ]
    })
    expect(r.outcome.state["small"]?.["zone"]).toBe("graveyard")
    expect(r.outcome.state["big"]).toMatchObject({ zone: "battlefield", damage: 2 })
  })

  /**
   * CR 120.8: "… replacement effects that would increase the damage dealt by that source, or
   * would have that source deal that damage to a different object or player, have no event to
   * replace, so they have no effect."
   */
  it("120.8: 0 damage: neither +2 nor a redirection applies, nothing is dealt", () => {
    const r = run({
      players,
      objects: [creature("zero", "ap", { power: 0 }), creature("guard", "nap")],
      effects: [
        { kind: "modify", id: "plus", controller: "ap", op: "add", value: 2 },
        { kind: "redirect", id: "redirect", controller: "nap", to: "nap", redirectTo: "guard" }
      ],
      steps: [one("zero", "nap", 0)]
    })
    expect(r.outcome.events["e"]?.happened).toEqual([])
    expect(r.outcome.effects["plus"]?.uses).toBe(0)
    expect(r.outcome.effects["redirect"]?.uses).toBe(0)
  })

  /** CR 704.5c: "If a player has ten or more poison counters, that player loses the game." */
  it("704.5c: ten poison counters", () => {
    const r = run({
      players: ["ap", { id: "nap", poison: 8 }],
      objects: [creature("i", "ap", { keywords: ["infect"] })],
      steps: [one("i", "nap", 2), { stateBasedActions: true }]
    })
    expect(r.outcome.state["nap"]).toMatchObject({ poison: 10, lost: true })
  })
})
