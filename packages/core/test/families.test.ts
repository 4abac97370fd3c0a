/**
 * Event families named once (issue 28, point 3): "Core owns the common families with one name
 * and one meaning each (damage, life loss, life gain, counters put / removed, a move between
 * zones with its destination — graveyard, exile / banish, deck top / bottom, hand — draw,
 * discard, mill, reveal, create token, destroy, die, heal, cease to exist, pay); a game adds only
 * what is its own (a hit, stun, wounds, open / close, pitch, action points, Riftbound's score …)".
 */
import { describe, expect, it } from "@effect/vitest"
import { Families, Zones } from "../src/index.js"

describe("Families", () => {
  it("names each concept of the issue's list once, each with a meaning", () => {
    expect(Object.values(Families.Family)).toEqual([
      "damage",
      "lifeLoss",
      "lifeGain",
      "addCounters",
      "removeCounters",
      "zoneChange",
      "draw",
      "discard",
      "mill",
      "reveal",
      "createToken",
      "destroy",
      "die",
      "heal",
      "ceaseToExist",
      "pay"
    ])
    expect(Object.keys(Families.meanings).sort()).toEqual(Object.values(Families.Family).sort())
    for (const m of Object.values(Families.meanings)) expect(m.length).toBeGreaterThan(20)
  })

  it("a move is one family with its destination (MTG CR 400.1; Zones.TO): zoneChange reads params.to", () => {
    expect(Families.Family.zoneChange).toBe(Zones.ZONE_CHANGE)
    expect(Families.meanings.zoneChange).toContain(`params.${Zones.TO}`)
    expect(Families.movedTo({ banish: "banished", putIntoGraveyard: "graveyard" }, "banish")).toEqual({
      family: "zoneChange",
      to: "banished"
    })
    expect(Families.movedTo({ banish: "banished" }, "putIntoGraveyard")).toBeUndefined()
    expect(Families.movedTo({ banish: "banished" }, "toString")).toBeUndefined()
  })

  it("a game's own families are the ones core does not name (a hit, stun, open / close, pitch, a score)", () => {
    expect(Families.own(["damage", "hit", "lifeGain", "pitch", "score", "open", "zoneChange"])).toEqual([
      "hit",
      "pitch",
      "score",
      "open"
    ])
    expect(Families.isCommon("lifeLoss")).toBe(true)
    expect(Families.isCommon("loseLife")).toBe(false)
    expect(Families.isCommon("hasOwnProperty")).toBe(false)
  })

  it("an old word for a common concept is a synonym of its one name, never a common family", () => {
    expect(Families.synonyms).toEqual({
      loseLife: "lifeLoss",
      gainLife: "lifeGain",
      putCounters: "addCounters",
      payResources: "pay"
    })
    for (const [old, name] of Object.entries(Families.synonyms)) {
      expect(Families.isCommon(old)).toBe(false)
      expect(Families.isCommon(name)).toBe(true)
    }
    expect(Families.misnamed(["damage", "loseLife", "hit", "payResources"])).toEqual([
      "loseLife",
      "payResources"
    ])
  })
})
