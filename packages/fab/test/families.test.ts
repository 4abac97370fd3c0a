/**
 * Event families named once (issue 28, point 3): "Core owns the common families with one name
 * and one meaning each … a game adds only what is its own (… pitch, action points …) and may show
 * its own word in the trace." FaB's 8.5 verbs use core's names: 8.5.7a gain life is `lifeGain`,
 * 8.5.12a lose life `lifeLoss`, 8.5.14 put counters `addCounters`, 8.5.31 pay `pay`; 8.5.1 "To
 * banish an object, the instructed player moves the object to its owner's banished zone" and
 * 8.5.15 putting into a graveyard are a `zoneChange` to `banished` / `graveyard`, and the trace
 * still says "banished".
 */
import { Families, Words } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Effects, Rules, Scenario } from "../src/index.js"

describe("FaB families: the common ones by core's name, FaB's own besides", () => {
  it("no FaB family is another word for a common one", () => {
    expect(Families.misnamed(Scenario.language.families)).toEqual([])
    expect(Families.own(Scenario.language.families)).toEqual([
      "hit",
      "scheduleDestroy",
      "pitch",
      "gainActionPoints"
    ])
    for (const f of ["lifeGain", "lifeLoss", "addCounters", "removeCounters", "pay", "zoneChange"])
      expect(Scenario.language.families).toContain(f)
  })

  it("8.5.1: a zoneChange to the banished zone puts it there, and the trace says 'banished'", () => {
    const o = { family: Effects.Family.zoneChange, subject: "axe", amount: 1, params: { to: "banished" } }
    const w = Words.family(Rules.words, Effects.Family.zoneChange)
    expect(w.would(o)).toBe("axe would be banished")
    expect(w.does({ ...o, source: "S" })).toBe("axe is banished (from S)")
    expect(w.does({ ...o, params: { to: "graveyard" } })).toBe("axe is put into the graveyard")
    expect(w.does({ ...o, params: { to: "deck", position: "bottom" } })).toBe(
      "axe is put into the deck (bottom)"
    )
    expect(w.does({ ...o, params: {} })).toBe("axe is moved")
  })
})
