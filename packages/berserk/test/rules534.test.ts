/**
 * Берсерк 534 «Эффект замещения» (replacement): one test (at least) per sentence of the text,
 * each quoting it in Russian with an English translation; and this adapter's interpretation of
 * the order between 534 replacements and 533 prevention.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effects } from "../src/index.js"
import { appliedOrder, mismatches, players, runDoc } from "./helpers.js"

const cards = {
  orc: { controller: "ap", cost: 2, strength: 2 },
  ogre: { controller: "ap", cost: 5, strength: 3 },
  fireball: { controller: "ap", type: "spell", cost: 3 },
  C: { controller: "ip", cost: 3 },
  serk: { controller: "ap", name: "Серк", cost: 4, wounds: 3, closed: true }
}

const doc = (rest: Record<string, unknown>) => ({ players, cards, ...rest })

const serkEffect = {
  id: "serkOpens",
  source: "serk",
  on: ["serk"],
  instead: { of: "heal", do: [{ family: "open" }] },
  optional: true,
  oncePerTurn: true
}

describe("534.1", () => {
  /**
   * 534.1 (sentence 1): «Если особенность имеет вид "[текст 1], вместо этого – [текст 2]", то
   * [текст 2] называется эффектом замещения.»
   * (If a feature reads "[text 1], instead [text 2]", [text 2] is called a replacement effect.) —
   * any event can be watched: "if it would be closed, instead nothing happens".
   */
  it('"[text 1], instead [text 2]" replaces any event', () => {
    const r = runDoc({
      players,
      cards: { C: { controller: "ip", closed: false } },
      effects: [{ id: "neverClosed", controller: "ip", on: ["C"], instead: { of: "close", do: [] } }],
      steps: [{ event: { id: "e1", family: "close", subject: "C" } }]
    })
    expect(mismatches(r, { state: { C: { closed: false } }, events: { e1: { happened: [] } } })).toBe("")
  })

  /**
   * 534.1 (sentence 2): «Эффект замещения ожидает применения конкретного эффекта и заменяет его
   * (полностью или частично) другим.»
   * (A replacement effect waits for a specific effect to apply and replaces it (fully or in part)
   * with another.) — fully: the heal becomes an opening; in part: 3 wounds become 1.
   */
  it("replaces the awaited effect fully or in part", () => {
    const r = runDoc(
      doc({
        effects: [
          serkEffect,
          { id: "minus2", controller: "ip", on: ["C"], fewerWounds: 2, from: { types: ["creature"] } }
        ],
        steps: [
          { heal: { id: "h1", card: "serk", amount: 2 } },
          { attack: { id: "a1", kind: "strike", strength: 3, from: "ogre", to: "C" } }
        ]
      }),
      [true]
    )
    expect(r.outcome.events["h1"]?.happened.map((h) => h.family)).toEqual(["open"])
    expect(r.outcome.events["a1"]?.occurrences["a1"]).toMatchObject({ proposed: 3, modified: -2, amount: 1 })
  })

  /**
   * 534.1 (the example): «ПРИМЕР: Серк имеет текст “Если должен излечиться – вместо этого может
   * открыться (1 раз за ход)”. Открытие Серка – это эффект замещения.»
   * (EXAMPLE: Serk reads "If it should heal, instead it may open (once per turn)". Serk's opening is
   * a replacement effect.) — "may": its controller may decline (it heals, and the once-per-turn use
   * is not spent); "once per turn": the second heal that turn heals; the next turn it may open again.
   */
  it("Серк: may open instead of healing, once per turn", () => {
    const r = runDoc(
      doc({
        effects: [serkEffect],
        steps: [
          { heal: { id: "h1", card: "serk" } },
          { heal: { id: "h2", card: "serk" } },
          { heal: { id: "h3", card: "serk" } },
          { set: { card: "serk", props: { closed: true } } },
          { endOfTurn: true },
          { heal: { id: "h4", card: "serk" } }
        ]
      }),
      [false, true, true]
    )
    expect(r.outcome.decisions.map((d) => [d.kind, d.chooser, d.answer])).toEqual([
      ["UseOptional", "ap", false],
      ["UseOptional", "ap", true],
      ["UseOptional", "ap", true]
    ])
    const families = ["h1", "h2", "h3", "h4"].map((id) => r.outcome.events[id]?.happened.map((h) => h.family))
    expect(families).toEqual([["heal"], ["open"], ["heal"], ["open"]])
    expect(r.outcome.state["serk"]).toMatchObject({ wounds: 1, closed: false })
    expect(Effects.serk({ id: "x", source: "serk", controller: "ap" }).category).toBe("replacement")
  })
})

describe("534.1.1", () => {
  /**
   * 534.1.1: «Эффекты вида "Не получает ран от [текст]" и "Получает раны только от [текст]", а
   * также “Получает на X больше/меньше ран от [текст]” также являются эффектами замещения.»
   * (Effects of the form "Receives no wounds from [text]" and "Receives wounds only from [text]",
   * and also "Receives X more/fewer wounds from [text]", are replacement effects too.)
   */
  it("the four wound forms are replacements, not prevention", () => {
    const forms = [
      Effects.noWoundsFrom({ id: "a", controller: "ip", from: { types: ["spell"] } }),
      Effects.woundsOnlyFrom({ id: "b", controller: "ip", from: { types: ["creature"] } }),
      Effects.moreWounds({ id: "c", controller: "ip", amount: 1 }),
      Effects.fewerWounds({ id: "d", controller: "ip", amount: 1 })
    ]
    expect(forms.map((f) => [f.category, f.action._tag])).toEqual([
      ["replacement", "Replace"],
      ["replacement", "Replace"],
      ["replacement", "Modify"],
      ["replacement", "Modify"]
    ])
  })

  /** 534.1.1 «Не получает ран от заклинаний»: a spell's wounds → 0; the shield is not used. */
  it('"receives no wounds from spells": nothing is prevented, no prevention is used', () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "noSpells", controller: "ip", on: ["C"], noWoundsFrom: { types: ["spell"] } },
          { id: "shield", controller: "ip", on: ["C"], prevent: 2 }
        ],
        steps: [{ attack: { id: "a1", kind: "заклинание", strength: 3, from: "fireball", to: "C" } }]
      })
    )
    expect(
      mismatches(r, {
        state: { C: { wounds: 0 }, a1: { strength: 3, woundsDealt: 0 } },
        events: { a1: { occurrences: { a1: { status: "replaced", prevented: 0 } }, notifications: [] } },
        effects: { shield: { remaining: 2, uses: 0 } }
      })
    ).toBe("")
  })

  /** 534.1.1 «Получает раны только от существ»: a spell → 0 wounds, a creature's strike → normal. */
  it('"receives wounds only from creatures"', () => {
    const r = runDoc(
      doc({
        effects: [{ id: "only", controller: "ip", on: ["C"], woundsOnlyFrom: { types: ["creature"] } }],
        steps: [
          { attack: { id: "a1", kind: "spell", strength: 2, from: "fireball", to: "C" } },
          { attack: { id: "a2", kind: "strike", from: "orc", to: "C" } },
          { attack: { id: "a3", kind: "poison", strength: 1, to: "C" } }
        ]
      })
    )
    expect(r.resolutions.map((x) => x.outcomes[0]?.status)).toEqual(["replaced", "happened", "replaced"])
    expect(r.outcome.state["C"]?.["wounds"]).toBe(2)
  })

  /** 534.1.1 «Получает на 1 рану больше от ударов» and «на 2 раны меньше от существ стоимостью ≤ 3». */
  it('"X more / fewer wounds from …" with a source filter', () => {
    const r = runDoc(
      doc({
        cards: { ...cards, D: { controller: "ip", cost: 3 } },
        effects: [
          { id: "plus1", controller: "ap", on: ["C"], moreWounds: 1, from: { kinds: ["удар"] } },
          {
            id: "minus2",
            controller: "ip",
            on: ["D"],
            fewerWounds: 2,
            from: { types: ["creature"], maxCost: 3 }
          }
        ],
        steps: [
          { attack: { id: "a1", kind: "strike", strength: 2, from: "orc", to: "C" } },
          { attack: { id: "a2", kind: "shot", strength: 2, from: "orc", to: "C" } },
          { attack: { id: "b1", kind: "strike", strength: 3, from: "orc", to: "D" } },
          { attack: { id: "b2", kind: "strike", strength: 3, from: "ogre", to: "D" } }
        ]
      })
    )
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([3, 2, 1, 3])
  })
})

describe("534.2", () => {
  /**
   * 534.2 (sentence 1): «Эффект замещения может быть применён только в момент выполнения
   * особенности (после наложения всех модификаторов и проверки защит).»
   * (A replacement effect can be applied only when the feature is executed (after all modifiers
   * are applied and protections are checked).) — a protection from shots beats "1 more wound from
   * shots"; a −1 modifier takes a strike of 1 to 0 before "1 more wound from strikes" could see it.
   */
  it("applies after modifiers and protections", () => {
    const r = runDoc({
      players,
      cards: {
        ...cards,
        C: { controller: "ip", cost: 3, protections: ["shot"] },
        D: { controller: "ip", cost: 3 }
      },
      modifiers: [{ id: "weak", amount: -1, on: ["D"] }],
      effects: [
        { id: "plusShot", controller: "ap", on: ["C"], moreWounds: 1, from: { kinds: ["shot"] } },
        { id: "plusStrike", controller: "ap", on: ["D"], moreWounds: 1, from: { kinds: ["strike"] } }
      ],
      steps: [
        { attack: { id: "a1", kind: "shot", strength: 2, from: "orc", to: "C" } },
        { attack: { id: "a2", kind: "strike", strength: 1, from: "orc", to: "D" } }
      ]
    })
    expect(appliedOrder(r)).toEqual(["C:protection", "weak"])
    expect(mismatches(r, { state: { C: { wounds: 0 }, D: { wounds: 0 }, a2: { strength: 0 } } })).toBe("")
  })

  /**
   * 534.2 (sentence 1), «только в момент выполнения особенности» (only at the moment the feature
   * executes): whether a replacement applies is judged then, not when it was created. «Получает на
   * 2 раны меньше от существ стоимостью 3 или меньше» applies to the orc (cost 2), and no longer
   * once the orc's cost is 4 at the moment of the second strike: 3 − 2 = 1, then 3.
   */
  it("is judged at the moment the feature executes", () => {
    const r = runDoc(
      doc({
        effects: [{ id: "minus2", controller: "ip", on: ["C"], fewerWounds: 2, from: { maxCost: 3 } }],
        steps: [
          { attack: { id: "a1", kind: "strike", strength: 3, from: "orc", to: "C" } },
          { set: { card: "orc", props: { cost: 4 } } },
          { attack: { id: "a2", kind: "strike", strength: 3, from: "orc", to: "C" } }
        ]
      })
    )
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([1, 3])
    expect(r.outcome.state["C"]?.["wounds"]).toBe(4)
  })

  /**
   * 534.2 (sentence 2): «Эффекты замещения не влияют на уже выполненные игродействия.»
   * (Replacement effects do not affect game actions already performed.) — "receives no wounds from
   * strikes" created after a strike leaves its wounds in place and only stops the next one.
   */
  it("is never retroactive", () => {
    const r = runDoc(
      doc({
        steps: [
          { attack: { id: "a1", kind: "strike", strength: 3, from: "orc", to: "C" } },
          { addEffects: [{ id: "stone", controller: "ip", on: ["C"], noWoundsFrom: { kinds: ["strike"] } }] },
          { attack: { id: "a2", kind: "strike", strength: 3, from: "orc", to: "C" } }
        ]
      })
    )
    expect(
      mismatches(r, { state: { C: { wounds: 3 }, a1: { woundsDealt: 3 }, a2: { woundsDealt: 0 } } })
    ).toBe("")
  })
})

describe("534.3", () => {
  /**
   * 534.3: «Эффект, который был заменён эффектом замещения, не считается выполненным (нанесённым
   * на карту).»
   * (An effect replaced by a replacement effect counts as not performed (not inflicted on the
   * card).) — the replaced heal is not among what happened and changes nothing; the replaced wounds
   * are not dealt.
   */
  it("a replaced effect counts as not having happened", () => {
    const r = runDoc(
      doc({
        effects: [
          serkEffect,
          { id: "noSpells", controller: "ip", on: ["C"], noWoundsFrom: { types: ["spell"] } }
        ],
        steps: [
          { heal: { id: "h1", card: "serk", amount: 2 } },
          { attack: { id: "a1", kind: "spell", strength: 3, from: "fireball", to: "C" } }
        ]
      }),
      [true]
    )
    const h1 = r.outcome.events["h1"]
    expect(h1?.occurrences["h1"]?.status).toBe("replaced")
    expect(h1?.happened.some((h) => h.family === "heal")).toBe(false)
    expect(r.outcome.state["serk"]?.["wounds"]).toBe(3)
    expect(r.outcome.events["a1"]?.dealt).toEqual({})
    expect(r.outcome.events["a1"]?.happened).toEqual([])
  })
})

describe("interpretation: 534 replacements before 533 prevention", () => {
  /**
   * Not in the text. 533.2: «Предотвращение используется всегда после наложения всех модификаторов
   * …» (prevention always comes after all modifiers); so a wound replacement such as «Получает на 1
   * рану больше от ударов» acts on the wounds being received before prevention does. A strike of 2,
   * "+1 wound from strikes" and "prevent the next 2 wounds": 2 + 1 = 3, − 2 = 1 wound. (The other
   * order would prevent 2 first, stop at 0 (533.3), and deal nothing.)
   */
  it("a wound replacement acts before prevention, and the trace cites the interpretation", () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "shield2", controller: "ip", on: ["C"], prevent: 2 },
          { id: "plus1", controller: "ap", on: ["C"], moreWounds: 1, from: { kinds: ["strike"] } }
        ],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 2, from: "orc", to: "C" } }]
      })
    )
    expect(appliedOrder(r)).toEqual(["plus1", "shield2"])
    expect(r.outcome.state["C"]?.["wounds"]).toBe(1)
    const applied = r.trace.find((t) => t._tag === "Applied" && t.effect === "plus1")
    expect(applied?._tag === "Applied" ? applied.rule : "").toContain("interpretation: before 533 prevention")
  })

  /**
   * "Receives 2 fewer wounds" and "prevent the next 3 wounds" on a strike of 4: the replacement
   * first (4 → 2), then the shield prevents 2 and keeps 1.
   */
  it("a shield is spent on what the replacement left", () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "shield3", controller: "ip", on: ["C"], prevent: 3 },
          { id: "minus2", controller: "ip", on: ["C"], fewerWounds: 2 }
        ],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 4, from: "orc", to: "C" } }]
      })
    )
    expect(mismatches(r, { state: { C: { wounds: 0 } }, effects: { shield3: { remaining: 1 } } })).toBe("")
  })
})

describe("interpretation: the order among 534 replacements (by analogy with 533.3)", () => {
  /**
   * 533.3 orders only prevention: «… сначала эффекты соответствующей группы применяет Неактивный
   * игрок в выбранном им порядке, затем – Активный игрок в выбранном им порядке.» (… first the
   * inactive player applies the effects of that group in the order they choose, then the active
   * player in the order they choose.) 534 gives no order. Reading: replacements follow the same
   * player order — not "the affected creature's controller orders them all", which is MTG 616.1
   * and has no support in this text. The readings differ on the active player's creature: a strike
   * of 1 at AP's creature A, IP's «Получает на 2 раны больше» and AP's «Получает на 2 раны
   * меньше». IP's first: 1 + 2 = 3, then − 2 = 1 wound. (Were AP, A's controller, to order both,
   * AP would put −2 first: 1 − 2 → 0, application stops, 0 wounds.) Nobody is asked: each player
   * has one effect. The trace cites the interpretation.
   */
  it("the inactive player's replacements before the active player's, whoever controls the creature", () => {
    const r = runDoc({
      players,
      cards: { orc: { controller: "ap", cost: 2, strength: 1 }, A: { controller: "ap", cost: 3 } },
      effects: [
        { id: "apMinus2", controller: "ap", on: ["A"], fewerWounds: 2 },
        { id: "ipPlus2", controller: "ip", on: ["A"], moreWounds: 2 }
      ],
      steps: [{ attack: { id: "a1", kind: "strike", from: "orc", to: "A" } }]
    })
    expect(appliedOrder(r)).toEqual(["ipPlus2", "apMinus2"])
    expect(r.outcome.decisions).toEqual([])
    expect(r.outcome.state["A"]?.["wounds"]).toBe(1)
    const applied = r.trace.find((t) => t._tag === "Applied" && t.effect === "ipPlus2")
    expect(applied?._tag === "Applied" ? applied.rule : "").toContain(
      "as 533.3 orders prevention: without an amount first, the inactive player's first"
    )
  })

  /**
   * The same player orders their own replacements (533.3: «в выбранном им порядке», in the order
   * they choose): IP has «на 2 больше» and «на 2 меньше» on C, a strike of 1. IP puts −2 first:
   * 1 − 2 → 0 and application stops (533.3, read for replacements too), so +2 never applies.
   */
  it("each player orders their own replacements, and application stops at 0", () => {
    const r = runDoc(
      doc({
        cards: { ...cards, orc: { controller: "ap", cost: 2, strength: 1 } },
        effects: [
          { id: "ipPlus2", controller: "ip", on: ["C"], moreWounds: 2 },
          { id: "ipMinus2", controller: "ip", on: ["C"], fewerWounds: 2 }
        ],
        steps: [{ attack: { id: "a1", kind: "strike", from: "orc", to: "C" } }]
      }),
      ["ipMinus2"]
    )
    expect(r.outcome.decisions.map((d) => [d.chooser, d.answer])).toEqual([["ip", "ipMinus2"]])
    expect(appliedOrder(r)).toEqual(["ipMinus2"])
    expect(mismatches(r, { state: { C: { wounds: 0 } }, effects: { ipPlus2: { uses: 0 } } })).toBe("")
  })

  /**
   * The analogy is taken whole: as 533.3 puts prevention «не имеющие количественного значения»
   * (without an amount) before those «имеющие количественное значение» (with one), replacements
   * without an amount («Не получает ран от …», «Получает раны только от …», "instead …") come
   * before those with one («на X больше/меньше»), whoever controls them. Wounds come out the same
   * either way; what changes is that an effect with a limit is not used up on wounds that are then
   * replaced by nothing. AP's "creatures receive no wounds from strikes this turn" and IP's «C
   * получает на 1 рану больше от ударов (1 раз за ход)»: AP's goes first, the strike inflicts
   * nothing, IP's keeps its use for the turn.
   */
  it("replacements without an amount before those with one, so a limited one is not used up", () => {
    const r = runDoc(
      doc({
        effects: [
          {
            id: "plusOnce",
            controller: "ip",
            on: ["C"],
            moreWounds: 1,
            from: { kinds: ["strike"] },
            oncePerTurn: true
          },
          {
            id: "noStrikes",
            controller: "ap",
            on: "any",
            noWoundsFrom: { kinds: ["strike"] },
            until: "endOfTurn"
          }
        ],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 2, from: "orc", to: "C" } }]
      })
    )
    expect(appliedOrder(r)).toEqual(["noStrikes"])
    expect(mismatches(r, { state: { C: { wounds: 0 } }, effects: { plusOnce: { uses: 0 } } })).toBe("")
  })
})
