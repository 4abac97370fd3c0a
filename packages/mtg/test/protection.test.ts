/** CR 702.16 protection, each test quoting its rule. */
import { GameView } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Protection } from "../src/index.js"
import { creature, run, spell } from "./helpers.js"

const players = ["ap", "nap"]
const hit = (id: string, pairs: ReadonlyArray<readonly [string, string, number]>) => ({
  event: {
    id,
    occurrences: pairs.map(([source, to, amount], i) => ({ id: `${id}${i + 1}`, source, to, amount }))
  }
})

const view = (objects: ReadonlyArray<GameView.GameObject>) =>
  GameView.make({ players, activePlayer: "ap", objects })
const obj = (id: string, props: Record<string, GameView.Prop>, extra: Partial<GameView.GameObject> = {}) =>
  ({
    id,
    kind: "object",
    controller: "ap",
    owner: "ap",
    zone: "battlefield",
    props,
    ...extra
  }) as GameView.GameObject

describe("CR 702.16 protection", () => {
  /**
   * CR 702.16a: "If the quality is a card type, subtype, or supertype, the ability applies to
   * sources that are permanents with that card type … and to any sources not on the battlefield
   * that are of that card type …"
   */
  it("702.16a: protection from creatures covers a creature card in a graveyard", () => {
    const r = run({
      players,
      objects: [
        creature("P", "nap", { protection: ["types:Creature"] }),
        { id: "card", owner: "ap", zone: "graveyard", types: ["Creature"] },
        spell("s", "ap")
      ],
      steps: [
        hit("e", [
          ["card", "P", 2],
          ["s", "P", 1]
        ])
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ P: 1 })
  })

  /** CR 702.16b: "… can't be targeted by spells with the stated quality and can't be targeted by abilities from a source with the stated quality." */
  it("702.16b: targeting", () => {
    const v = view([
      obj("P", { protection: ["colors:black"] }),
      obj("doom", { colors: ["black"] }, { zone: "stack" }),
      obj("vampire", { colors: ["black"], types: ["Creature"] }),
      obj("shock", { colors: ["red"] }, { zone: "stack" })
    ])
    expect(Protection.canTarget(v, { target: "P", source: "doom" })).toBe(false)
    expect(Protection.canTarget(v, { target: "P", source: "vampire" })).toBe(false)
    expect(Protection.canTarget(v, { target: "P", source: "shock" })).toBe(true)
  })

  /** CR 702.16c: "… can't be enchanted by Auras that have the stated quality. Such Auras attached to the permanent … will be put into their owners' graveyards as a state-based action." */
  it("702.16c: enchanting, and the Aura goes to its owner's graveyard", () => {
    const v = view([
      obj("P", { protection: ["colors:blue"] }),
      obj(
        "aura",
        { subtypes: ["Aura"], colors: ["blue"], attachedTo: "P" },
        { controller: "nap", owner: "nap" }
      )
    ])
    expect(Protection.canEnchant(v, { aura: "aura", permanent: "P" })).toBe(false)
    const after = Protection.detachIllegal(v)
    expect(after.objects["aura"]).toMatchObject({ zone: "graveyard", owner: "nap" })
    expect(after.objects["aura"]?.props["attachedTo"]).toBeUndefined()
  })

  /** CR 702.16d: "Such Equipment or Fortifications become unattached from that permanent as a state-based action, but remain on the battlefield." */
  it("702.16d: equipment and fortifications: can't attach, unattached but stay", () => {
    const v = view([
      obj("P", { protection: ["types:Artifact"] }),
      obj("sword", { types: ["Artifact"], subtypes: ["Equipment"], attachedTo: "P" }),
      obj("fort", { types: ["Artifact"], subtypes: ["Fortification"] })
    ])
    expect(Protection.canEquip(v, { equipment: "sword", permanent: "P" })).toBe(false)
    expect(Protection.canFortify(v, { fortification: "fort", permanent: "P" })).toBe(false)
    const after = Protection.detachIllegal(v)
    expect(after.objects["sword"]?.zone).toBe("battlefield")
    expect(after.objects["sword"]?.props["attachedTo"]).toBeUndefined()
  })

  /** CR 702.16e: "Any damage that would be dealt by sources that have the stated quality to a permanent or player with protection is prevented." */
  it("702.16e: a player with protection from red", () => {
    const r = run({
      players: ["ap", { id: "nap", protection: ["red"] }],
      objects: [spell("bolt", "ap", ["red"]), spell("spike", "ap", ["blue"])],
      steps: [
        hit("e", [
          ["bolt", "nap", 3],
          ["spike", "nap", 1]
        ])
      ]
    })
    expect(r.outcome.state["nap"]?.["life"]).toBe(19)
  })

  /** CR 702.16f: "Attacking creatures with protection can't be blocked by creatures that have the stated quality." */
  it("702.16f: blocking", () => {
    const v = view([
      obj("P", { protection: ["colors:green"] }),
      obj("elf", { colors: ["green"] }),
      obj("goblin", { colors: ["red"] })
    ])
    expect(Protection.canBlock(v, { attacker: "P", blocker: "elf" })).toBe(false)
    expect(Protection.canBlock(v, { attacker: "P", blocker: "goblin" })).toBe(true)
  })

  /**
   * CR 702.16g: ""Protection from [quality A] and from [quality B]" is shorthand for "protection
   * from [quality A]" and "protection from [quality B]"; it behaves as two separate protection
   * abilities." Losing one leaves the other.
   */
  it("702.16g: two abilities; losing one leaves the other", () => {
    const r = run({
      players,
      objects: [
        creature("P", "nap", { protection: ["red", "blue"] }),
        spell("r", "ap", ["red"]),
        spell("b", "ap", ["blue"])
      ],
      steps: [
        { update: { object: "P", loseProtection: ["red"] } },
        hit("e", [
          ["r", "P", 1],
          ["b", "P", 1]
        ])
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ P: 1 })
    expect(r.outcome.events["e"]?.occurrences["e1"]?.status).toBe("happened")
  })

  /** CR 702.16h: ""Protection from each [characteristic]" is shorthand for … each possible quality …; it behaves as multiple separate protection abilities." */
  it("702.16h: all colors is five abilities; losing green lets green damage through", () => {
    const r = run({
      players,
      objects: [
        creature("P", "nap", { protection: ["all colors"] }),
        spell("g", "ap", ["green"]),
        spell("w", "ap", ["white"]),
        spell("c", "ap", [])
      ],
      steps: [
        { update: { object: "P", loseProtection: ["green"] } },
        hit("e", [
          ["g", "P", 1],
          ["w", "P", 1],
          ["c", "P", 1]
        ])
      ]
    })
    expect(Protection.parse("all colors")).toHaveLength(5)
    expect(r.outcome.events["e"]?.dealt).toEqual({ P: 2 })
  })

  /** CR 702.16i: ""Protection from each [set of characteristics, qualities, or players]" is shorthand for "protection from [A]," "protection from [B]," and so on …" */
  it("702.16i: protection from each of a set", () => {
    const r = run({
      players: ["ap", "nap", "third"],
      objects: [
        creature("P", "nap", { protection: ["player:ap", "types:Artifact"] }),
        creature("c", "ap"),
        { id: "golem", controller: "third", types: ["Artifact", "Creature"] },
        creature("t", "third")
      ],
      steps: [
        hit("e", [
          ["c", "P", 1],
          ["golem", "P", 1],
          ["t", "P", 1]
        ])
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ P: 1 })
  })

  /** CR 702.16j: "All damage that would be dealt to such a permanent or player is prevented." */
  it("702.16j: protection from everything: even colourless damage", () => {
    const r = run({
      players,
      objects: [
        creature("E", "nap", { protection: ["everything"] }),
        { id: "rock", controller: "ap", types: ["Artifact"] }
      ],
      steps: [hit("e", [["rock", "E", 4]])]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({})
    const v = view([obj("E", { protection: ["everything"] }), obj("x", {})])
    expect(Protection.canTarget(v, { target: "E", source: "x" })).toBe(false)
  })

  /**
   * CR 702.16k: "Such a permanent or player can't be targeted by spells or abilities the specified
   * player controls …" (control only, unlike damage).
   */
  it("702.16k: targeting looks at the controller only", () => {
    const v = GameView.make({
      players: ["q", "r"],
      activePlayer: "q",
      objects: [
        { id: "P", kind: "object", controller: "r", props: { protection: ["player:q"] } },
        { id: "mine", kind: "object", controller: "q", props: {} },
        { id: "stolen", kind: "object", owner: "q", controller: "r", props: {} }
      ]
    })
    expect(Protection.canTarget(v, { target: "P", source: "mine" })).toBe(false)
    expect(Protection.canTarget(v, { target: "P", source: "stolen" })).toBe(true)
  })

  /** CR 702.16m: "Multiple instances of protection from the same quality on the same permanent or player are redundant." */
  it("702.16m: two instances of red: one effect, no question, and losing one still protects", () => {
    const r = run({
      players,
      objects: [creature("P", "nap", { protection: ["red", "red"] }), spell("r", "ap", ["red"])],
      steps: [
        hit("e1", [["r", "P", 1]]),
        { update: { object: "P", loseProtection: ["red"] } },
        hit("e2", [["r", "P", 1]])
      ]
    })
    expect(Object.keys(r.outcome.effects)).toEqual(["P:protection:colors:red"])
    expect(r.outcome.decisions).toEqual([])
    expect(r.outcome.events["e2"]?.dealt).toEqual({})
  })

  /**
   * CR 702.16n: "… say "this effect doesn't remove" either that specific Aura or all Auras. This
   * means that the specified Auras aren't put into their owners' graveyards as a state-based
   * action. If the creature has other instances of protection from the same quality, those
   * instances affect Auras as normal."
   */
  it("702.16n: 'doesn't remove' Auras, unless another instance of the same quality", () => {
    const kept = view([
      obj("P", { protection: ["colors:white|keep:auras"] }),
      obj("aura", { subtypes: ["Aura"], colors: ["white"], attachedTo: "P" })
    ])
    expect(Protection.illegalAttachments(kept)).toEqual([])
    const other = view([
      obj("P", { protection: ["colors:white|keep:auras", "colors:white"] }),
      obj("aura", { subtypes: ["Aura"], colors: ["white"], attachedTo: "P" })
    ])
    expect(Protection.illegalAttachments(other).map((x) => x.attachment)).toEqual(["aura"])
  })

  /**
   * CR 702.16p: "… any objects with the stated quality that are already attached to that creature
   * (including the Aura giving that creature protection) will not be put into their owners'
   * graveyards as a state-based action. Other permanents with the stated quality can't become
   * attached to the creature."
   */
  it("702.16p: Benevolent Blessing keeps what was already attached, nothing new attaches", () => {
    const r = run({
      players,
      objects: [
        creature("P", "ap"),
        {
          id: "blessing",
          controller: "ap",
          types: ["Enchantment"],
          subtypes: ["Aura"],
          colors: ["white"],
          attachedTo: "P"
        },
        { id: "newAura", controller: "ap", types: ["Enchantment"], subtypes: ["Aura"], colors: ["white"] }
      ],
      steps: [
        { update: { object: "P", gainProtection: [{ from: "white", doesntRemove: ["blessing"] }] } },
        { query: { name: "newAuraAllowed", canEnchant: { aura: "newAura", permanent: "P" } } },
        { stateBasedActions: true }
      ]
    })
    expect(r.outcome.queries["newAuraAllowed"]).toBe(false)
    expect(r.outcome.state["blessing"]).toMatchObject({ zone: "battlefield", attachedTo: "P" })
  })

  it("rejects an unknown protection quality with its path", () => {
    expect(() => run({ players, objects: [creature("P", "nap", { protection: ["purple"] })] })).toThrow(
      /objects\[0\].*unknown protection quality "purple"/
    )
  })
})
