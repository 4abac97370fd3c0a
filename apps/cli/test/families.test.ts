/**
 * Event families named once, across the four games (issue 28, point 3): "Core owns the common
 * families with one name and one meaning each (damage, life loss, life gain, counters put /
 * removed, a move between zones with its destination …, draw, discard, mill, reveal, create
 * token, destroy, die, heal, cease to exist, pay); a game adds only what is its own (a hit, stun,
 * wounds, open / close, pitch, action points, Riftbound's score …)". No bundled ruleset names a
 * common concept with a word of its own, and each one's own families are exactly these.
 */
import { Families } from "@bulwark/core"
import { describe, expect, it } from "vitest"
import { installed as rulesets } from "./installed.js"

const own: Readonly<Record<string, ReadonlyArray<string>>> = {
  mtg: ["markDamage", "regenerate"],
  fab: ["hit", "scheduleDestroy", "pitch", "gainActionPoints"],
  riftbound: ["exhaust", "recall", "stun", "score"],
  berserk: ["open", "close"]
}

describe("the four games' families: the common ones by core's name", () => {
  for (const r of rulesets)
    it(`${r.id}: no other word for a common family, and only its own besides`, () => {
      const families = r.language?.families ?? []
      expect(families.length).toBeGreaterThan(0)
      expect(Families.misnamed(families)).toEqual([])
      expect([...Families.own(families)].sort()).toEqual([...(own[r.id] ?? [])].sort())
    })

  it("the four games are all checked", () => {
    expect(rulesets.map((r) => r.id).sort()).toEqual(["berserk", "fab", "mtg", "riftbound"])
  })
})
