/**
 * What is reported is what was done, and an event that happens once needs no amount.
 *
 * MTG-27 (CR 609.3, "an effect does only as much as possible"): "Remove five +1/+1 counters from
 * target creature" on a creature with two: two are removed, and the outcome records two.
 * CR 614.6: "Note that the modified event may contain instructions that can’t be carried out, in
 * which case the impossible instruction is simply ignored." — a draw of three from a library of
 * one draws the one card (121.4-style: the other draws can't be done).
 * CR 120.3: damage is dealt in full and processed into its results.
 * FAB-23's rule in this language: a `zoneChange` or a `destroy` written without an amount happens
 * once, exactly as with `amount: 1`.
 */
import { describe, expect, it } from "@effect/vitest"
import { Game } from "../src/index.js"
import { language } from "../src/Scenario.js"
import { creature, run } from "./helpers.js"

const one = (
  family: string,
  occurrence: Readonly<Record<string, unknown>>,
  objects: ReadonlyArray<unknown>
) =>
  run({
    format: 2,
    ruleset: "mtg",
    players: ["ap", "nap"],
    objects,
    steps: [{ event: { id: "e", family, occurrences: [{ id: "o", ...occurrence }] } }]
  })

describe("MTG 609.3 / 614.6: what is removed is what existed (MTG-27)", () => {
  it("five +1/+1 counters removed from a creature with two: 2 removed, 3 not done, the creature a 2/2", () => {
    const r = one("removeCounters", { to: "bear", amount: 5, params: { counter: "+1/+1" } }, [
      creature("bear", "nap", { counters: { "+1/+1": 2 } })
    ])
    expect(r.outcome.events["e"]?.occurrences["o"]).toMatchObject({
      status: "happened",
      amount: 2,
      notDone: 3
    })
    expect(r.outcome.state["bear"]).toMatchObject({ plus1Counters: 0, power: 2, toughness: 2 })
  })

  it("a creature with no counters: nothing is removed and the removal did not happen", () => {
    const r = one("removeCounters", { to: "bear", amount: 1, params: { counter: "+1/+1" } }, [
      creature("bear", "nap")
    ])
    expect(r.outcome.events["e"]?.occurrences["o"]).toMatchObject({ status: "failed", amount: 0, notDone: 1 })
  })

  it("three cards drawn from a library of one: one drawn, two can't be", () => {
    const r = one("draw", { to: "nap", amount: 3 }, [
      { id: "c", owner: "nap", zone: "library", types: ["Instant"] }
    ])
    expect(r.outcome.events["e"]?.occurrences["o"]).toMatchObject({
      status: "happened",
      amount: 1,
      notDone: 2
    })
    expect(r.outcome.state["c"]).toMatchObject({ zone: "hand" })
  })
})

describe("an event that happens once needs no amount (zoneChange, destroy, regenerate)", () => {
  it("a zoneChange written without an amount happens once, exactly as with amount 1", () => {
    const bare = one("zoneChange", { to: "bear", params: { to: "exile" } }, [creature("bear", "nap")])
    const counted = one("zoneChange", { to: "bear", amount: 1, params: { to: "exile" } }, [
      creature("bear", "nap")
    ])
    expect(bare.outcome.events["e"]?.occurrences["o"]).toMatchObject({ status: "happened", amount: 1 })
    expect(bare.outcome.state["bear"]).toMatchObject({ zone: "exile" })
    expect(bare.outcome).toEqual(counted.outcome)
  })

  it("every family is declared counted or once, and the language's lists are made from that one declaration", () => {
    expect(Object.keys(Game.familyAmounts).sort()).toEqual(Object.values(Game.Family).sort())
    expect(language.families).toEqual(Object.keys(Game.familyAmounts))
    expect([...(language.amountless ?? [])].sort()).toEqual(["destroy", "regenerate", "zoneChange"])
  })
})
