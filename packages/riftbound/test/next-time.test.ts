/**
 * "The next time" is once. Riftbound 369.1: "Example: Zhonya's Hourglass reads "The next time a
 * friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall it."" 373:
 * "Example: Two units controlled by the same player die in the same cleanup. That player also
 * controls Zhonya's Hourglass. They must decide which event to apply Zhonya's Hourglass to
 * first." — written with the card's own words (`next: true`), the Hourglass saves one of the two
 * (its controller choosing which) and is used up; no `limit` is written (RB-17).
 */
import { Chooser, Errors, Ledger, Ruleset } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, ruleset, Scenario } from "../src/index.js"

const zhonya = (extra: Readonly<Record<string, unknown>> = {}) => ({
  kind: "saveFromDeath",
  id: "zhonya",
  controller: "P1",
  source: "zhonya",
  to: { types: ["unit"], controller: "you" },
  killSource: true,
  ...extra
})

const run = (effect: Readonly<Record<string, unknown>>, answer: Readonly<Record<string, number>>) => {
  const c = Skeleton.compileData(Scenario.language, {
    format: 2,
    ruleset: "riftbound",
    players: ["P1", "P2"],
    turn: "P1",
    objects: [
      { id: "U1", controller: "P1", types: ["unit"], might: 2, damage: 2 },
      { id: "U2", controller: "P1", types: ["unit"], might: 3, damage: 3 },
      { id: "zhonya", controller: "P1", types: ["gear"] }
    ],
    effects: [effect],
    steps: [{ cleanup: { id: "cl" } }]
  })
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return Ruleset.run(ruleset.rules, c.success, Chooser.scripted([answer]))
}

describe('Riftbound 369.1 / 373: "the next time" is once', () => {
  it("next: true is one use of its own (a limit of 1 that never resets), worded as the card", () => {
    const e = Effects.saveFromDeath({
      id: "z",
      controller: "P1",
      source: "zhonya",
      to: { types: ["unit"] },
      killSource: true,
      next: true
    })
    expect(e.limit).toEqual({ times: 1 })
    expect(e.label.startsWith("The next time")).toBe(true)
    // "kill this instead" uses its source up: one use too (README Interpretations 14)
    const kills = Effects.saveFromDeath({
      id: "z",
      controller: "P1",
      source: "zhonya",
      to: { types: ["unit"] },
      killSource: true
    })
    expect(kills.limit).toEqual({ times: 1 })
    // Soraka's "If another unit … would die, … instead": one sequence over any number (373.2)
    const soraka = Effects.saveFromDeath({
      id: "s",
      controller: "P1",
      source: "soraka",
      to: { types: ["unit"] },
      other: true
    })
    expect(soraka.limit).toBeUndefined()
  })

  for (const saved of ["U1", "U2"] as const) {
    const died = saved === "U1" ? "U2" : "U1"
    it(`two units die in the same cleanup: P1 chooses ${saved}; ${saved} is saved, ${died} dies, the Hourglass dies once`, () => {
      const r = run(zhonya({ next: true }), { [`cl:${saved}`]: 1, [`cl:${died}`]: 0 })
      expect(r.outcome.decisions.map((d) => [d.kind, d.chooser])).toEqual([["Allocate", "P1"]])
      expect(r.outcome.state[saved]).toMatchObject({ zone: "base", exhausted: true, damage: 0 })
      expect(r.outcome.state[died]).toMatchObject({ zone: "trash" })
      const deaths = r.outcome.events["cl"]?.happened.filter((h) => h.family === "die").map((h) => h.subject)
      expect(deaths).toEqual(["zhonya", died])
      expect(r.outcome.effects["zhonya"]).toMatchObject({ uses: 1 })
    })
  }

  it("a limit written beside next: true is refused (the words already say once)", () => {
    expect(() =>
      Effects.saveFromDeath({
        id: "z",
        controller: "P1",
        source: "zhonya",
        to: "U1",
        next: true,
        limit: { times: 1, per: "turn" }
      })
    ).toThrow(Errors.InvalidEffect)
  })

  it("a one-use limit never resets when time passes (core Ledger.advance)", () => {
    const e = Effects.saveFromDeath({ id: "z", controller: "P1", source: "zhonya", to: "U1", next: true })
    const base = Ledger.make([e])
    const st = Ledger.stateOf(base, "z")
    if (st === undefined) throw new Error("no state")
    const used = Ledger.withStates(base, new Map([["z", { ...st, uses: 1 }]]))
    expect(Ledger.stateOf(Ledger.advance(Ledger.advance(used, "endOfTurn"), "endOfCombat"), "z")?.uses).toBe(
      1
    )
  })
})
