/**
 * Берсерк 119.5.1: «Если способность, снимающее Х маркеров, направлено на карту, у которой менее Х
 * таких маркеров, то с карты снимаются все маркеры, указанные в тексте способности.» (If an ability
 * that removes X markers targets a card with fewer than X such markers, all the markers named in
 * its text are removed.) A heal removes at most the wounds there are, and the outcome says how
 * many it removed (BSK-11). Opening, closing and dying happen once: written without an amount,
 * exactly as with `amount: 1`.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effects } from "../src/index.js"
import { language, runDoc } from "./helpers.js"

const doc = (wounds: number, step: Readonly<Record<string, unknown>>) => ({
  format: 2,
  players: ["ap", "ip"],
  turn: "ap",
  objects: [{ id: "orc", controller: "ap", types: ["creature"], name: "Орк", cost: 3, wounds }],
  steps: [{ event: step }]
})
const heal = (wounds: number, amount: number) =>
  runDoc(doc(wounds, { id: "h", family: "heal", occurrences: [{ id: "h", to: "orc", amount }] })).outcome

describe("Берсерк 119.5.1: a heal removes at most the wounds there are (BSK-11)", () => {
  it("1 wound healed for 2: 0 wounds, 1 removed, 1 not done", () => {
    const o = heal(1, 2)
    expect(o.events["h"]?.occurrences["h"]).toMatchObject({ status: "happened", amount: 1, notDone: 1 })
    expect(o.state["orc"]).toMatchObject({ wounds: 0 })
  })

  /** Ruling changed by 119.5.1: a heal of an unwounded creature used to be reported as happened with 2. */
  it("no wounds healed for 2: nothing removed, the heal reported as removing 0 (failed)", () => {
    const o = heal(0, 2)
    expect(o.events["h"]?.occurrences["h"]).toMatchObject({ status: "failed", amount: 0, notDone: 2 })
    expect(o.events["h"]?.happened).toEqual([])
  })

  it("3 wounds healed for 2: all of it done", () => {
    const o = heal(3, 2)
    expect(o.events["h"]?.occurrences["h"]?.notDone).toBeUndefined()
    expect(o.state["orc"]).toMatchObject({ wounds: 1 })
  })
})

describe("opening, closing and dying happen once: no amount needed", () => {
  it("a death written without an amount happens once, exactly as with amount 1", () => {
    const bare = runDoc(doc(0, { id: "d", family: "die", occurrences: [{ id: "d", to: "orc" }] })).outcome
    const counted = runDoc(
      doc(0, { id: "d", family: "die", occurrences: [{ id: "d", to: "orc", amount: 1 }] })
    ).outcome
    expect(bare.events["d"]?.occurrences["d"]).toMatchObject({ status: "happened", amount: 1 })
    expect(bare.state["orc"]).toMatchObject({ zone: "graveyard" })
    expect(bare).toEqual(counted)
  })

  it("every family is declared counted or once, and the language's lists are made from that one declaration", () => {
    expect(Object.keys(Effects.familyAmounts).sort()).toEqual(Object.values(Effects.Family).sort())
    expect(language.families).toEqual(Object.keys(Effects.familyAmounts))
    expect([...(language.amountless ?? [])].sort()).toEqual(["close", "die", "open", "zoneChange"])
  })
})

/**
 * «В следующий раз» ("the next time …") is once: 534.1 «Эффект замещения ожидает применения
 * конкретного эффекта и заменяет его (полностью или частично) другим.» — a replacement written
 * `next: true` replaces the next such effect only (no `limit` written).
 */
describe("next: true is one use by the card's own words", () => {
  const twoHeals = (extra: Readonly<Record<string, unknown>>) =>
    runDoc({
      format: 2,
      players: ["ap", "ip"],
      turn: "ap",
      objects: [
        { id: "serk", controller: "ap", types: ["creature"], name: "Серк", cost: 4, wounds: 3, closed: true }
      ],
      effects: [
        {
          kind: "instead",
          id: "opens",
          source: "serk",
          to: ["serk"],
          of: "heal",
          do: [{ family: "open" }],
          ...extra
        }
      ],
      steps: [
        { event: { id: "h1", family: "heal", occurrences: [{ id: "h1", to: "serk", amount: 1 }] } },
        { event: { id: "h2", family: "heal", occurrences: [{ id: "h2", to: "serk", amount: 1 }] } }
      ]
    }).outcome

  it("the next heal is replaced, the one after it happens", () => {
    const o = twoHeals({ next: true })
    expect([o.events["h1"]?.occurrences["h1"]?.status, o.events["h2"]?.occurrences["h2"]?.status]).toEqual([
      "replaced",
      "happened"
    ])
    expect(o.effects["opens"]).toMatchObject({ uses: 1 })
  })

  it("without next, both heals are replaced", () => {
    const o = twoHeals({})
    expect([o.events["h1"]?.occurrences["h1"]?.status, o.events["h2"]?.occurrences["h2"]?.status]).toEqual([
      "replaced",
      "replaced"
    ])
  })
})
