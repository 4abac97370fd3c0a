/**
 * The scenario vocabulary: Russian aliases, protections and armour from card wordings, and clear
 * errors for bad scenarios.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Attack } from "../src/index.js"
import { compileDoc, mismatches, players, runDoc } from "./helpers.js"

const cards = {
  orc: { controller: "ap", cost: 2, strength: 3 },
  C: { controller: "ip", cost: 3 }
}

const errorOf = (doc: unknown): string => {
  const r = compileDoc(doc)
  return Result.isFailure(r) ? r.failure.message : "(compiled)"
}

describe("attack kinds", () => {
  it("Russian names map to the kinds", () => {
    const names = ["удар", "выстрел", "метание", "разряд", "магия", "яд", "заклинание"]
    expect(names.map(Attack.parseKind)).toEqual([
      "strike",
      "shot",
      "throw",
      "discharge",
      "magic",
      "poison",
      "spell"
    ])
    expect(Attack.parseKind("пинок")).toBeUndefined()
  })

  it("kinds imply tags used by card wordings («дальних атак», «немагических атак»)", () => {
    expect(Attack.tagsOf("throw")).toEqual(["throw", "ranged", "nonmagical"])
    expect(Attack.parseTag("дальних атак")).toBe("ranged")
  })

  /**
   * Card wording «-1 от дальних атак» ("-1 from ranged attacks"): a throw and a shot are ranged, a
   * strike is not.
   */
  it("«-1 от дальних атак» applies to throws and shots, not to strikes", () => {
    const r = runDoc({
      players,
      cards,
      effects: [
        {
          id: "shieldBearer",
          controller: "ip",
          on: ["C"],
          prevent: 1,
          scope: "each",
          from: { kinds: ["дальних атак"] }
        }
      ],
      steps: [
        { attack: { id: "a1", kind: "метание", strength: 2, from: "orc", to: "C" } },
        { attack: { id: "a2", kind: "выстрел", strength: 2, from: "orc", to: "C" } },
        { attack: { id: "a3", kind: "удар", strength: 2, from: "orc", to: "C" } }
      ]
    })
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([1, 1, 2])
  })
})

describe("protections («Защита от …»)", () => {
  /**
   * «Защита от выстрелов или разрядов не даёт защиту от метания» (protection from shots or
   * discharges gives no protection from throws); «Защита от магии» covers discharges (magic).
   */
  it("protect by attack kind only", () => {
    const r = runDoc({
      players,
      cards: { ...cards, C: { controller: "ip", protections: ["выстрелов", "магии"] } },
      steps: [
        { attack: { id: "shot", kind: "shot", strength: 2, from: "orc", to: "C" } },
        { attack: { id: "zap", kind: "разряд", strength: 2, from: "orc", to: "C" } },
        { attack: { id: "throw", kind: "throw", strength: 2, from: "orc", to: "C" } }
      ]
    })
    expect(r.resolutions.map((x) => x.outcomes[0]?.status)).toEqual(["replaced", "replaced", "happened"])
    expect(r.outcome.state["C"]?.["wounds"]).toBe(2)
  })
})

describe("armour («Броня N», interpretation)", () => {
  /**
   * «Броня 2»: the first 2 wounds from non-magical attacks each turn are prevented; magic passes;
   * the armour is restored at the end of the turn.
   */
  it("absorbs the first N non-magical wounds each turn", () => {
    const r = runDoc({
      players,
      cards: { ...cards, K: { controller: "ip", armor: 2 } },
      steps: [
        { attack: { id: "a1", kind: "strike", strength: 3, from: "orc", to: "K" } },
        { attack: { id: "a2", kind: "magic", strength: 1, from: "orc", to: "K" } },
        { attack: { id: "a3", kind: "shot", strength: 1, from: "orc", to: "K" } },
        { endOfTurn: true },
        { attack: { id: "a4", kind: "strike", strength: 3, from: "orc", to: "K" } }
      ]
    })
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([1, 1, 1, 1])
    expect(mismatches(r, { effects: { "K:armor": { remaining: 0 } } })).toBe("")
  })
})

describe("turns", () => {
  /** `endOfTurn` ends "this turn" effects and makes the other player active (533.3 reads AP/IP). */
  it("ends this-turn effects and swaps the active player", () => {
    const r = runDoc({
      players,
      cards,
      effects: [
        { id: "fog", controller: "ap", prevent: "all", until: "endOfTurn" },
        { id: "ipEach", controller: "ip", on: "any", prevent: 1, scope: "each" },
        { id: "apEach", controller: "ap", on: "any", prevent: 1, scope: "each" }
      ],
      steps: [
        { attack: { id: "a1", kind: "strike", from: "orc", to: "C" } },
        { endOfTurn: true },
        { attack: { id: "a2", kind: "strike", strength: 5, from: "orc", to: "C" } }
      ]
    })
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([0, 3])
    // after the turn ends, "ap" is the inactive player: its effect goes first
    expect(r.resolutions[1]?.outcomes[0]?.applied).toEqual(["apEach", "ipEach"])
    expect(r.outcome.effects["fog"]?.gone).toBe(true)
  })
})

describe("scenario errors", () => {
  it("an unknown key is an error (a typo in a form name)", () => {
    expect(() =>
      compileDoc({ players, cards, effects: [{ id: "x", controller: "ip", prevnet: 2 }], steps: [] })
    ).toThrow(/excess property/)
  })

  it("an effect needs exactly one form", () => {
    expect(errorOf({ players, cards, effects: [{ id: "x", controller: "ip" }], steps: [] })).toContain(
      "effects[0]: an effect needs one of"
    )
    expect(
      errorOf({
        players,
        cards,
        effects: [{ id: "x", controller: "ip", prevent: 1, moreWounds: 1 }],
        steps: []
      })
    ).toContain("exactly one form, got prevent and moreWounds")
  })

  it("unknown cards, kinds and missing strengths name their path", () => {
    expect(
      errorOf({
        players,
        cards,
        effects: [{ id: "x", controller: "ip", on: ["ghost"], prevent: 1 }],
        steps: []
      })
    ).toBe('effects[0].on[0]: unknown card "ghost"')
    expect(
      errorOf({ players, cards, steps: [{ attack: { id: "a", kind: "hug", from: "orc", to: "C" } }] })
    ).toContain('steps[0].attack.kind: unknown attack kind "hug"')
    expect(errorOf({ players, cards, steps: [{ attack: { id: "a", kind: "strike", to: "C" } }] })).toContain(
      "steps[0].attack.strength"
    )
    expect(errorOf({ players, cards, effects: [{ id: "x", prevent: 1 }], steps: [] })).toContain(
      "effects[0].controller"
    )
  })

  it("ids must be unique", () => {
    expect(
      errorOf({
        players,
        cards,
        steps: [
          { attack: { id: "a", kind: "strike", from: "orc", to: "C" } },
          { attack: { id: "a", kind: "strike", from: "orc", to: "C" } }
        ]
      })
    ).toContain("steps[1].attack.id")
    expect(
      errorOf({
        players,
        cards,
        effects: [
          { id: "x", controller: "ip", prevent: 1 },
          { id: "x", controller: "ip", prevent: 2 }
        ],
        steps: []
      })
    ).toContain("duplicate effect id")
  })

  it("an attack on several creatures is one event with one occurrence (and one attack object) per target", () => {
    const r = runDoc({
      players,
      cards: { ...cards, D: { controller: "ip" } },
      effects: [{ id: "s", controller: "ip", on: ["C"], prevent: 1 }],
      steps: [{ attack: { id: "storm", kind: "discharge", strength: 2, from: "orc", to: ["C", "D"] } }]
    })
    expect(r.outcome.events["storm"]?.dealt).toEqual({ C: 1, D: 2 })
    expect(r.outcome.state["storm:C"]).toMatchObject({ strength: 2, woundsDealt: 1 })
  })
})
