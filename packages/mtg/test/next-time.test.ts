/**
 * "The next time" is once, in MTG's words too. CR 614.9: "Some effects replace damage dealt to
 * one battle, creature, planeswalker, or player with the same damage dealt to another …; such
 * effects are called redirection effects." Card text (Jade Monolith-style): "The next time a
 * source would deal damage to you this turn, that damage is dealt to [the bear] instead." — with
 * `next: true` (the card's own words, no `limit`), it redirects the first damage only; the second
 * is dealt to the player. Without it, the same redirect applies to every damage (a static "If …
 * would, … instead").
 */
import { describe, expect, it } from "@effect/vitest"
import { Effects } from "../src/index.js"
import { creature, run, spell } from "./helpers.js"

const twice = (extra: Readonly<Record<string, unknown>>) =>
  run({
    format: 2,
    ruleset: "mtg",
    players: [
      { id: "ap", life: 20 },
      { id: "nap", life: 20 }
    ],
    objects: [creature("bear", "nap", { toughness: 5 }), spell("bolt", "ap")],
    effects: [
      {
        kind: "redirect",
        id: "r",
        controller: "nap",
        to: "nap",
        redirectTo: "bear",
        duration: "endOfTurn",
        ...extra
      }
    ],
    steps: [
      { event: { id: "e1", occurrences: [{ id: "d1", source: "bolt", to: "nap", amount: 2 }] } },
      { event: { id: "e2", occurrences: [{ id: "d2", source: "bolt", to: "nap", amount: 2 }] } }
    ]
  }).outcome

describe("MTG: next: true makes a kind one use by its own words", () => {
  it("the next time damage would be dealt to you, it is dealt to the bear: the first only", () => {
    const o = twice({ next: true })
    expect([o.events["e1"]?.dealt, o.events["e2"]?.dealt]).toEqual([{ bear: 2 }, { nap: 2 }])
    expect(o.effects["r"]).toMatchObject({ uses: 1 })
  })

  it("without next, the redirect applies to both", () => {
    const o = twice({})
    expect([o.events["e1"]?.dealt, o.events["e2"]?.dealt]).toEqual([{ bear: 2 }, { bear: 2 }])
  })

  it("the constructor turns next: true into a one-use limit that never resets", () => {
    expect(Effects.redirect({ id: "r", controller: "nap", redirectTo: "bear", next: true }).limit).toEqual({
      times: 1
    })
  })
})
