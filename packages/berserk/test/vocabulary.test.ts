/**
 * The scenario words (format 2): Russian aliases, protections and armour from card wordings, and
 * clear errors for bad scenarios.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Attack, Effects } from "../src/index.js"
import { compile2, mismatches, runDoc } from "./helpers.js"

const base = { format: 2, players: ["ap", "ip"], turn: "ap" } as const
const orc = { id: "orc", controller: "ap", types: ["creature"], cost: 2, strength: 3 }
const C = { id: "C", controller: "ip", types: ["creature"], cost: 3 }
const objects = [orc, C]

const errorOf = (doc: Readonly<Record<string, unknown>>): string => {
  const r = compile2({ ...base, ...doc })
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
      ...base,
      objects,
      effects: [
        {
          kind: "prevent",
          id: "shieldBearer",
          controller: "ip",
          to: ["C"],
          amount: 1,
          scope: "each",
          kinds: ["дальних атак"]
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
      ...base,
      objects: [orc, { id: "C", controller: "ip", types: ["creature"], protections: ["выстрелов", "магии"] }],
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
      ...base,
      objects: [...objects, { id: "K", controller: "ip", types: ["creature"], armor: 2 }],
      steps: [
        { attack: { id: "a1", kind: "strike", strength: 3, from: "orc", to: "K" } },
        { attack: { id: "a2", kind: "magic", strength: 1, from: "orc", to: "K" } },
        { attack: { id: "a3", kind: "shot", strength: 1, from: "orc", to: "K" } },
        { advance: "endOfTurn" },
        { attack: { id: "a4", kind: "strike", strength: 3, from: "orc", to: "K" } }
      ]
    })
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([1, 1, 1, 1])
    expect(mismatches(r, { effects: { "K:armor": { remaining: 0 } } })).toBe("")
  })
})

describe("turns", () => {
  /**
   * 533.3: «… сначала эффекты соответствующей группы применяет Неактивный игрок в выбранном им
   * порядке, затем – Активный игрок …» (first the inactive player applies their effects of the
   * group, then the active player). `advance: endOfTurn` ends "this turn" effects and makes the
   * other player active, so the order of the players' effects turns round with it.
   */
  it("ends this-turn effects and swaps the active player", () => {
    const r = runDoc({
      ...base,
      objects,
      effects: [
        { kind: "prevent", id: "fog", controller: "ap", amount: "all", duration: "endOfTurn" },
        { kind: "prevent", id: "ipEach", controller: "ip", amount: 1, scope: "each" },
        { kind: "prevent", id: "apEach", controller: "ap", amount: 1, scope: "each" }
      ],
      steps: [
        { attack: { id: "a1", kind: "strike", from: "orc", to: "C" } },
        { advance: "endOfTurn" },
        { attack: { id: "a2", kind: "strike", strength: 5, from: "orc", to: "C" } }
      ]
    })
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([0, 3])
    // after the turn ends, "ap" is the inactive player: its effect goes first
    expect(r.resolutions[1]?.outcomes[0]?.applied).toEqual(["apEach", "ipEach"])
    expect(r.outcome.effects["fog"]?.gone).toBe(true)
  })
})

describe("strength modifiers («модификатор атаки», 533.2)", () => {
  /**
   * 533.2: «Предотвращение используется всегда после наложения всех модификаторов атаки
   * (заклинания, воздействия) и применения защит (см. п. 511.5).» (Prevention is always used
   * after all attack modifiers are applied and protections are applied.) A modifier lasting `endOfTurn` is gone after the turn ends; one added by a step
   * applies to the attacks after it; modifiers add up in the order written.
   */
  it("apply when the attack is built, while they last, in the order written", () => {
    const r = runDoc({
      ...base,
      objects,
      effects: [
        { kind: "strengthModifier", id: "rage", value: 2, from: ["orc"], duration: "endOfTurn" },
        { kind: "strengthModifier", id: "weak", value: -1, to: ["C"], kinds: ["удар"] }
      ],
      steps: [
        { attack: { id: "a1", kind: "удар", from: "orc", to: "C" } },
        { advance: "endOfTurn" },
        { attack: { id: "a2", kind: "удар", from: "orc", to: "C" } },
        { addEffects: [{ kind: "strengthModifier", id: "late", value: 3 }] },
        { attack: { id: "a3", kind: "выстрел", from: "orc", to: "C" } }
      ]
    })
    expect(["a1", "a2", "a3"].map((a) => r.outcome.state[a]?.["strength"])).toEqual([4, 2, 6])
    // an attack modifier is a replacement (category attackModifier): in the ledger, gone at the end of its turn
    expect(r.outcome.effects["rage"]?.gone).toBe(true)
    expect(["a1", "a2", "a3"].map((a) => r.outcome.events[a]?.dealt?.["C"])).toEqual([4, 2, 6])
  })
})

describe("Серк (534.1)", () => {
  /**
   * 534.1, the example: «Серк имеет текст “Если должен излечиться – вместо этого может открыться
   * (1 раз за ход)”. Открытие Серка – это эффект замещения.» (Serk reads "If it should heal,
   * instead it may open (once per turn)". Serk's opening is a replacement effect.) — the `serk`
   * kind alone: its controller (AP, the card's) is asked once; the second heal that turn heals.
   */
  it("Серк as its own kind: heal → may open, once per turn (534.1)", () => {
    const r = runDoc(
      {
        ...base,
        objects: [{ id: "serk", controller: "ap", types: ["creature"], wounds: 3, closed: true }],
        effects: [{ kind: "serk", id: "serk:open", source: "serk" }],
        steps: [
          { event: { id: "h1", family: "heal", occurrences: [{ id: "h1", to: "serk", amount: 1 }] } },
          { event: { id: "h2", family: "heal", occurrences: [{ id: "h2", to: "serk", amount: 1 }] } }
        ]
      },
      [true]
    )
    expect(["h1", "h2"].map((id) => r.outcome.events[id]?.happened.map((h) => h.family))).toEqual([
      ["open"],
      ["heal"]
    ])
    expect(r.outcome.decisions.map((d) => d.chooser)).toEqual(["ap"])
  })
})

describe("scenario errors", () => {
  it("an unknown kind is one problem with a did-you-mean (a typo in a kind)", () => {
    expect(
      errorOf({ objects, effects: [{ kind: "prevnet", id: "x", controller: "ip", amount: 2 }] })
    ).toMatch(/unknown kind "prevnet" \(did you mean "prevent"\?\)/)
  })

  it("a kind refuses an option it doesn't have (format 1's form keys)", () => {
    expect(
      errorOf({ objects, effects: [{ kind: "prevent", id: "x", controller: "ip", prevent: 1 }] })
    ).toMatch(/prevent/)
    // the generic prevent: without an amount, it prevents all (533.3's first group)
    expect(
      errorOf({ objects, effects: [{ kind: "prevent", id: "x", controller: "ip", scope: "never" }] })
    ).toMatch(/scope/)
  })

  it("unknown cards, kinds and missing strengths name their path", () => {
    expect(
      errorOf({
        objects,
        effects: [{ kind: "prevent", id: "x", controller: "ip", to: ["ghost"], amount: 1 }]
      })
    ).toMatch(/effects\[0\]\.to\[0\]: unknown id "ghost"/)
    expect(
      errorOf({ objects, steps: [{ attack: { id: "a", kind: "hug", from: "orc", to: "C" } }] })
    ).toContain('steps[0].attack.kind: unknown attack kind "hug"')
    expect(errorOf({ objects, steps: [{ attack: { id: "a", kind: "strike", to: "C" } }] })).toContain(
      "steps[0].attack.strength"
    )
    expect(errorOf({ objects, effects: [{ kind: "prevent", id: "x", amount: 1 }] })).toContain(
      "needs a controller"
    )
  })

  it("a Берсерк source selector takes the selectors a target takes; a card has one type", () => {
    // 534.1.1 "[текст]": any selector — a zone too (the source is tested where it is)
    expect(Effects.fromOf("x", { zone: "hand" }, undefined)?.source).toEqual({
      _tag: "InZone",
      zones: ["hand"]
    })
    expect(() => Effects.fromOf("x", { types: ["creature", "spell"] }, undefined)).toThrow(/one type/)
    expect(Effects.fromOf("x", { any: [{ types: ["creature"] }, { types: ["spell"] }] }, ["удар"])).toEqual({
      kinds: ["удар"],
      source: {
        _tag: "Or",
        any: [
          { _tag: "Prop", prop: "type", op: "eq", value: "creature" },
          { _tag: "Prop", prop: "type", op: "eq", value: "spell" }
        ]
      }
    })
    expect(errorOf({ objects: [{ id: "X", controller: "ip", types: ["creature", "spell"] }] })).toContain(
      "a card has one type"
    )
  })

  it("an effect without a controller gets its source card's", () => {
    const r = compile2({
      ...base,
      objects,
      effects: [{ kind: "prevent", id: "x", source: "C", to: ["C"], amount: 1 }]
    })
    expect(Result.isSuccess(r) && r.success.ledger.effects[0]?.controller).toBe("ip")
  })

  it("ids must be unique", () => {
    expect(
      errorOf({
        objects,
        steps: [
          { attack: { id: "a", kind: "strike", from: "orc", to: "C" } },
          { attack: { id: "a", kind: "strike", from: "orc", to: "C" } }
        ]
      })
    ).toContain("steps[1].attack.id")
  })

  it("an attack on several creatures is one event with one occurrence (and one attack object) per target", () => {
    const r = runDoc({
      ...base,
      objects: [...objects, { id: "D", controller: "ip", types: ["creature"] }],
      effects: [{ kind: "prevent", id: "s", controller: "ip", to: ["C"], amount: 1 }],
      steps: [{ attack: { id: "storm", kind: "discharge", strength: 2, from: "orc", to: ["C", "D"] } }]
    })
    expect(r.outcome.events["storm"]?.dealt).toEqual({ C: 1, D: 2 })
    expect(r.outcome.state["storm:C"]).toMatchObject({ strength: 2, woundsDealt: 1 })
  })
})
