/**
 * Берсерк 533 «Эффект предотвращения» (prevention): one test (at least) per sentence of the
 * text, each quoting it in Russian with an English translation.
 */
import { describe, expect, it } from "@effect/vitest"
import { appliedOrder, mismatches, players, runDoc, traceText } from "./helpers.js"

const cards = {
  orc: { controller: "ap", cost: 2, strength: 4 },
  ogre: { controller: "ap", cost: 5, strength: 4 },
  C: { controller: "ip", cost: 3 },
  healer: { controller: "ip", cost: 2, life: 2 }
}

const doc = (rest: Record<string, unknown>) => ({ players, cards, ...rest })

describe("533.1", () => {
  /**
   * 533.1 (sentence 1): «Предотвращение – это эффект, который применяется к наносимым ранам,
   * уменьшая их количественное значение.»
   * (Prevention is an effect applied to the wounds being inflicted, lowering their number.)
   */
  it("prevention lowers the number of wounds being inflicted", () => {
    const r = runDoc(
      doc({
        effects: [{ id: "p1", controller: "ip", on: ["C"], prevent: 1, scope: "each" }],
        steps: [{ attack: { id: "a1", kind: "strike", from: "orc", to: "C" } }]
      })
    )
    expect(r.outcome.state["C"]?.["wounds"]).toBe(3)
    expect(r.outcome.events["a1"]?.notifications).toEqual([{ effect: "p1", amount: 1 }])
  })

  /**
   * 533.1 (sentence 2): «Предотвращение не меняет силу и величину атаки (заклинания, воздействия),
   * а меняет только количественное значение ран, которое должна получить цель.»
   * (Prevention does not change the strength or magnitude of the attack (spell, impact
   * «воздействие»); it changes only the number of wounds the target should receive.)
   */
  it("prevention leaves the attack's strength as it was; only the wounds change", () => {
    const r = runDoc(
      doc({
        effects: [{ id: "p1", controller: "ip", on: ["C"], prevent: 1 }],
        steps: [{ attack: { id: "a1", kind: "удар", from: "orc", to: "C" } }]
      })
    )
    // the attack's object in the view and the occurrence's params both still read 4
    expect(r.outcome.state["a1"]).toMatchObject({ strength: 4, woundsDealt: 3 })
    const occ = r.resolutions[0]?.outcomes.find((o) => o.id === "a1")
    expect(occ?.params["strength"]).toBe(4)
    expect(occ?.amount).toBe(3)
  })
})

describe("533.2", () => {
  /**
   * 533.2: «Предотвращение используется всегда после наложения всех модификаторов атаки
   * (заклинания, воздействия) и применения защит (см. п. 511.5).»
   * (Prevention is always used after all attack (spell, impact «воздействие») modifiers are
   * applied and after protections are applied (see 511.5).) — modifiers first: 3 + 2 = 5, then "prevent the next 4":
   * 1 wound. (Prevention first would give 3 − 3 = 0, + 2 = 2 wounds and a shield left at 1.)
   */
  it("attack modifiers are applied before prevention", () => {
    const r = runDoc(
      doc({
        modifiers: [{ id: "plus2", amount: 2, from: { kinds: ["strike"] } }],
        effects: [{ id: "s4", controller: "ip", on: ["C"], prevent: 4 }],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 3, from: "orc", to: "C" } }]
      })
    )
    expect(
      mismatches(r, { state: { a1: { strength: 5 }, C: { wounds: 1 } }, effects: { s4: { remaining: 0 } } })
    ).toBe("")
  })

  /**
   * 533.2 (protections): «… и применения защит (см. п. 511.5).» (… and after protections are
   * applied.) — a creature with «Защита от выстрелов» and "prevent the next 2 wounds" is shot: the
   * protection applies first, so the shield is not used.
   */
  it("protections are applied before prevention, which is then not used", () => {
    const r = runDoc({
      players,
      cards: { ...cards, C: { controller: "ip", cost: 3, protections: ["выстрелов"] } },
      effects: [{ id: "s2", controller: "ip", on: ["C"], prevent: 2 }],
      steps: [{ attack: { id: "a1", kind: "выстрел", strength: 3, from: "orc", to: "C" } }]
    })
    expect(appliedOrder(r)).toEqual(["C:protection"])
    expect(mismatches(r, { state: { C: { wounds: 0 } }, effects: { s2: { remaining: 2, uses: 0 } } })).toBe(
      ""
    )
  })
})

describe("533.3", () => {
  /**
   * 533.3 (sentence 1): «Эффекты предотвращения применяются в следующем порядке: ● эффекты
   * предотвращения, не имеющие количественного значения; ● эффекты предотвращения, имеющие
   * количественное значение.»
   * (Prevention effects apply in this order: prevention effects without an amount; then prevention
   * effects with an amount.) — the active player's "prevent all" comes before the inactive
   * player's shield.
   */
  it("prevention without an amount goes before prevention with an amount", () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "shield2", controller: "ip", on: ["C"], prevent: 2 },
          { id: "fog", controller: "ap", prevent: "all", from: { kinds: ["strike"] }, until: "endOfTurn" }
        ],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 5, from: "orc", to: "C" } }]
      })
    )
    expect(appliedOrder(r)).toEqual(["fog"])
    expect(mismatches(r, { state: { C: { wounds: 0 } }, effects: { shield2: { remaining: 2 } } })).toBe("")
  })

  /**
   * 533.3 (sentence 2): «Для каждой группы эффектов они применяются по очереди, при этом сначала
   * эффекты соответствующей группы применяет Неактивный игрок в выбранном им порядке, затем –
   * Активный игрок в выбранном им порядке.»
   * (Within each group the effects apply one by one: first the inactive player applies their
   * effects of that group in the order they choose, then the active player in the order they
   * choose.)
   */
  it("the inactive player's effects first, in the order that player chooses, then the active player's", () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "apEach1", controller: "ap", on: "any", prevent: 1, scope: "each" },
          { id: "apShield1", controller: "ap", on: "any", prevent: 1 },
          { id: "ipShield2", controller: "ip", on: ["C"], prevent: 2 },
          { id: "ipEach1", controller: "ip", on: ["C"], prevent: 1, scope: "each" }
        ],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 9, from: "orc", to: "C" } }]
      }),
      ["ipEach1", "apShield1"],
      // every order of these ends the same (all four apply in full), so they are asked only
      // when every order is asked
      { askEveryOrder: true }
    )
    expect(appliedOrder(r)).toEqual(["ipEach1", "ipShield2", "apShield1", "apEach1"])
    expect(r.outcome.decisions.map((d) => [d.chooser, d.answer])).toEqual([
      ["ip", "ipEach1"],
      ["ap", "apShield1"]
    ])
    expect(r.outcome.state["C"]?.["wounds"]).toBe(4)
  })

  /**
   * 533.3 (sentence 2) again: «… в выбранном им порядке» (in the order they choose). When every
   * order a player could choose ends the same — 9 wounds, each effect prevents in full whatever
   * its place — nobody is asked and the trace says the order doesn't matter; with 2 wounds it
   * matters (the 2-point shield first leaves the 1-point one unused, or the other way round
   * leaves 1 point of the shield), so the inactive player is asked.
   */
  it("«в выбранном им порядке»: asked only when the order can matter", () => {
    const effects = [
      { id: "apEach1", controller: "ap", on: "any", prevent: 1, scope: "each" },
      { id: "apShield1", controller: "ap", on: "any", prevent: 1 },
      { id: "ipShield2", controller: "ip", on: ["C"], prevent: 2 },
      { id: "ipEach1", controller: "ip", on: ["C"], prevent: 1, scope: "each" }
    ]
    const attack = (strength: number) => [
      { attack: { id: "a1", kind: "strike", strength, from: "orc", to: "C" } }
    ]
    const same = runDoc(doc({ effects, steps: attack(9) }))
    expect(same.outcome.decisions).toEqual([])
    expect(traceText(same)).toContain("the order doesn't matter")
    expect(same.outcome.state["C"]?.["wounds"]).toBe(4)
    const matters = runDoc(doc({ effects, steps: attack(2) }), ["ipEach1"])
    expect(matters.outcome.decisions.map((d) => [d.chooser, d.answer])).toEqual([["ip", "ipEach1"]])
    expect(matters.outcome.state["C"]?.["wounds"]).toBe(0)
  })

  /**
   * 533.3 (sentence 3): «Применение эффектов прекращается в тот момент, когда количество ран,
   * которое должна получить цель, снижается до нуля.»
   * (Application stops as soon as the number of wounds the target should receive drops to zero.)
   */
  it("stops as soon as the wounds reach zero: later effects are not applied and keep their amounts", () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "ip3", controller: "ip", on: ["C"], prevent: 3 },
          { id: "ap2", controller: "ap", on: "any", prevent: 2 }
        ],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 2, from: "orc", to: "C" } }]
      })
    )
    expect(appliedOrder(r)).toEqual(["ip3"])
    expect(r.trace).toContainEqual(
      expect.objectContaining({ _tag: "NotApplied", effect: "ap2", reason: "eventAtZero" })
    )
    expect(mismatches(r, { effects: { ip3: { remaining: 1 }, ap2: { remaining: 2, uses: 0 } } })).toBe("")
  })

  /**
   * 533.3 (sentence 4): «В противном случае эффекты применяются все и уменьшают количество ран до
   * минимально возможного уровня.»
   * (Otherwise all the effects apply and lower the wounds as far as possible.)
   */
  it("otherwise every effect applies", () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "ip1", controller: "ip", on: ["C"], prevent: 1, scope: "each" },
          { id: "ip2", controller: "ip", on: ["C"], prevent: 2 },
          { id: "ap1", controller: "ap", on: "any", prevent: 1 }
        ],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 6, from: "orc", to: "C" } }]
      })
    )
    expect([...appliedOrder(r)].sort()).toEqual(["ap1", "ip1", "ip2"])
    expect(r.outcome.state["C"]?.["wounds"]).toBe(2)
  })
})

describe("533.4", () => {
  /**
   * 533.4 (sentence 1): «Эффект предотвращения может быть использован частично, если полное
   * использование эффекта уменьшило бы количество ран до отрицательного значения.»
   * (A prevention effect may be used in part if using it in full would take the wounds below zero.)
   */
  it("is used in part rather than taking the wounds below zero", () => {
    const r = runDoc(
      doc({
        effects: [{ id: "s5", controller: "ip", on: ["C"], prevent: 5 }],
        steps: [{ attack: { id: "a1", kind: "strike", strength: 3, from: "orc", to: "C" } }]
      })
    )
    expect(
      mismatches(r, { state: { C: { wounds: 0 } }, effects: { s5: { remaining: 2, spent: false } } })
    ).toBe("")
    expect(r.outcome.events["a1"]?.occurrences["a1"]?.prevented).toBe(3)
  })

  /**
   * 533.4 (sentence 2): «Неиспользованное значение сохраняется для последующего применения эффекта
   * (если повторное применение этого эффекта предотвращения не противоречит его тексту).»
   * (The unused amount is kept for a later application of the effect (if applying it again does
   * not contradict its text).) — "prevent 3 wounds of the next attack" (`scope: once`) may not be
   * used again: its rest is lost; "the next 3 wounds" keeps it.
   */
  it("keeps the unused amount unless the text forbids using it again", () => {
    const r = runDoc(
      doc({
        cards: { ...cards, D: { controller: "ip", cost: 3 } },
        effects: [
          { id: "once3", controller: "ip", on: ["C"], prevent: 3, scope: "once" },
          { id: "next3", controller: "ip", on: ["D"], prevent: 3, scope: "next" }
        ],
        steps: [
          { attack: { id: "a1", kind: "strike", strength: 1, from: "orc", to: "C" } },
          { attack: { id: "a2", kind: "strike", strength: 2, from: "orc", to: "C" } },
          { attack: { id: "b1", kind: "strike", strength: 1, from: "orc", to: "D" } },
          { attack: { id: "b2", kind: "strike", strength: 2, from: "orc", to: "D" } }
        ]
      })
    )
    expect(
      mismatches(r, { state: { C: { wounds: 2 }, D: { wounds: 0 } }, effects: { once3: { spent: true } } })
    ).toBe("")
  })

  /**
   * 533.4 (sentence 3, the example): «Например, если карта может предотвратить "следующие 4 раны",
   * а в результате атаки предотвратила 2 раны, то ещё 2 раны она может предотвратить от следующей
   * атаки и т.п.»
   * (For example, if a card can prevent "the next 4 wounds" and an attack made it prevent 2, it can
   * prevent 2 more from the next attack, and so on.)
   */
  it("the example: the next 4 wounds, 2 from one attack, 2 from the next", () => {
    const r = runDoc(
      doc({
        effects: [{ id: "next4", controller: "ip", on: ["C"], prevent: 4 }],
        steps: [
          { attack: { id: "a1", kind: "strike", strength: 2, from: "orc", to: "C" } },
          { attack: { id: "a2", kind: "strike", strength: 3, from: "orc", to: "C" } }
        ]
      })
    )
    const prevented = r.resolutions.map((x) => x.outcomes[0]?.prevented)
    expect(prevented).toEqual([2, 2])
    expect(
      mismatches(r, { state: { C: { wounds: 1 } }, effects: { next4: { remaining: 0, spent: true } } })
    ).toBe("")
  })
})

describe("533.5", () => {
  /**
   * 533.5: «Эффект предотвращения является постоянной особенностью, которая применяется в момент
   * своей актуальности (см. п. 511.7).»
   * (A prevention effect is a constant feature, applied at the moment it becomes relevant (see
   * 511.7).) — nobody activates it (no decision is asked), and it is evaluated when the wounds
   * would be inflicted: "-2 from creatures of cost ≤ 3" stops applying to the orc once its cost is 4.
   */
  it("applies by itself when relevant, judged against the game as it is then", () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "cheap", controller: "ip", on: ["C"], prevent: 2, scope: "each", from: { maxCost: 3 } }
        ],
        steps: [
          { attack: { id: "a1", kind: "strike", strength: 3, from: "orc", to: "C" } },
          { set: { card: "orc", props: { cost: 4 } } },
          { attack: { id: "a2", kind: "strike", strength: 3, from: "orc", to: "C" } }
        ]
      })
    )
    expect(r.outcome.decisions).toEqual([])
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([1, 3])
  })
})

describe("533.6", () => {
  /**
   * 533.6: «Если карта – источник Эффекта Предотвращения покидает активную зону (как правило, зону
   * битвы), то эффект предотвращения от этой карты не применяется.»
   * (If the card that is the source of a prevention effect leaves the active zone (as a rule, the
   * battlefield), the prevention effect from that card does not apply.)
   */
  it("does not apply once its source left the battlefield, and the trace says why", () => {
    const r = runDoc(
      doc({
        effects: [{ id: "guard", source: "healer", on: ["C"], prevent: 1, scope: "each" }],
        steps: [
          { attack: { id: "a1", kind: "strike", strength: 3, from: "orc", to: "C" } },
          { leave: { card: "healer" } },
          { attack: { id: "a2", kind: "strike", strength: 3, from: "orc", to: "C" } }
        ]
      })
    )
    expect(r.resolutions.map((x) => x.outcomes[0]?.amount)).toEqual([2, 3])
    expect(r.resolutions[1]?.trace).toContainEqual(
      expect.objectContaining({ _tag: "NotApplied", effect: "guard", reason: "sourceLeftZone" })
    )
    const notApplied = r.resolutions[1]?.trace.find((t) => t._tag === "NotApplied" && t.effect === "guard")
    expect(notApplied?._tag === "NotApplied" ? notApplied.rule : "").toContain("533.6")
  })

  /**
   * 533.6, with a creature that dies: its wounds reach its life, so it leaves the battlefield and
   * its "prevent the next 5 wounds" dealt to C no longer applies to the next attack (whatever amount
   * it has left).
   */
  it("a source that died stops preventing", () => {
    const r = runDoc(
      doc({
        effects: [{ id: "aegis", source: "healer", on: ["C"], prevent: 5 }],
        steps: [
          { attack: { id: "kill", kind: "shot", strength: 2, from: "orc", to: "healer" } },
          { attack: { id: "a2", kind: "strike", strength: 3, from: "orc", to: "C" } }
        ]
      })
    )
    expect(
      mismatches(r, {
        state: { healer: { zone: "graveyard" }, C: { wounds: 3 } },
        effects: { aegis: { remaining: 5 } }
      })
    ).toBe("")
  })

  /** 533.6 names only the effects "from that card": a prevention from another source still applies. */
  it("other cards' effects keep applying", () => {
    const r = runDoc(
      doc({
        effects: [
          { id: "guard", source: "healer", on: ["C"], prevent: 1, scope: "each" },
          { id: "own", controller: "ip", on: ["C"], prevent: 1, scope: "each" }
        ],
        steps: [
          { leave: { card: "healer" } },
          { attack: { id: "a1", kind: "strike", strength: 3, from: "ogre", to: "C" } }
        ]
      })
    )
    expect(appliedOrder(r)).toEqual(["own"])
  })
})
