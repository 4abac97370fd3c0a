/**
 * Where a Берсерк card is in play (`Rules.zones`: the battlefield and the flyers' zone) and what
 * works there: its written effects, its armour («Броня») and its protections alike.
 *
 * 533.6: «Если карта – источник Эффекта Предотвращения покидает активную зону (как правило, зону
 * битвы), то эффект предотвращения от этой карты не применяется.»
 * (If the card that is the source of a prevention effect leaves the active zone (as a rule, the
 * battlefield), the prevention effect of that card does not apply.)
 * 112 (постоянные способности): «Не играются. Они работают, пока источник находится в подходящей
 * зоне.» (They are not played. They work while their source is in a suitable zone.)
 * 112 (активируемые способности): «Активируются игроком, контролирующий источник способности.»
 * (Activated by the player who controls the source of the ability.)
 */
import { Zones } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Rules } from "../src/index.js"
import { compile2, runDoc } from "./helpers.js"

const doc = (card: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  format: 2,
  players: ["ap", "ip"],
  turn: "ap",
  objects: [
    { id: "orc", controller: "ap", types: ["creature"], cost: 2, strength: 2 },
    { id: "c", ...card }
  ],
  steps: [{ attack: { id: "e", kind: "удар", from: "orc", to: "c" } }],
  ...more
})

const woundsOf = (card: Record<string, unknown>, more?: Record<string, unknown>) => {
  const r = runDoc(doc(card, more))
  return r.outcome.events.e?.occurrences.e?.amount
}

describe("533.6: Броня works where the creature is in play", () => {
  it("a flyer in the flyers' zone with Броня 1: a strike of 2 gives it 1 wound", () => {
    expect(woundsOf({ controller: "ip", life: 3, armor: 1, zone: "flyers" })).toBe(1)
  })
  it("on the battlefield as before: 1 wound", () => {
    expect(woundsOf({ controller: "ip", life: 3, armor: 1 })).toBe(1)
  })
  for (const zone of ["graveyard", "hand"])
    it(`the same armour on a card in the ${zone} does nothing: 2 wounds`, () => {
      expect(woundsOf({ owner: "ip", life: 3, armor: 1, zone })).toBe(2)
    })
})

describe("built-in properties follow the zone rule of written effects (533.6, 112)", () => {
  it("a protection («Защита от ударов») works in the flyers' zone, not in the graveyard", () => {
    expect(woundsOf({ controller: "ip", life: 3, protections: ["ударов"], zone: "flyers" })).toBe(0)
    expect(woundsOf({ owner: "ip", life: 3, protections: ["ударов"], zone: "graveyard" })).toBe(2)
  })
  it("a written prevention with a source in the flyers' zone applies; with its source in the hand it does not", () => {
    const shieldFrom = (zone: string) =>
      woundsOf(
        { controller: "ip", life: 3 },
        {
          objects: [
            { id: "orc", controller: "ap", types: ["creature"], cost: 2, strength: 2 },
            { id: "c", controller: "ip", types: ["creature"], life: 3 },
            { id: "healer", controller: "ip", types: ["creature"], life: 2, zone }
          ],
          effects: [
            {
              kind: "prevent",
              id: "p",
              controller: "ip",
              source: "healer",
              to: ["c"],
              amount: 1,
              scope: "each"
            }
          ]
        }
      )
    expect(shieldFrom("flyers")).toBe(1)
    expect(shieldFrom("hand")).toBe(2)
  })
  it("a flyer whose wounds reach its life dies (the death of a creature in play): it goes to the graveyard", () => {
    const r = runDoc(doc({ controller: "ip", life: 2, zone: "flyers" }))
    expect(r.outcome.state.c?.zone).toBe("graveyard")
  })
})

describe("who controls a card: one in play, not one in a graveyard or a hand (112)", () => {
  it("Zones.controllerOf with Rules.zones", () => {
    const c = compile2({
      players: ["ap", "ip"],
      objects: [
        { id: "f", controller: "ip", zone: "flyers" },
        { id: "g", controller: "ip", zone: "graveyard" }
      ],
      steps: []
    })
    if (c._tag === "Failure") throw new Error(c.failure.message)
    expect(Zones.controllerOf(Rules.zones, c.success.view, "f")).toBe("ip")
    expect(Zones.controllerOf(Rules.zones, c.success.view, "g")).toBeUndefined()
  })
})
