/**
 * "The next time" is once (Riftbound 369.1: "Zhonya's Hourglass reads "The next time a friendly
 * unit would die, kill this instead. …""; 373): a limit without `resetsAt` counts the effect's
 * uses over its whole life — one use, never restored when time passes — and `next` is a common
 * effect field every ruleset can take.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { Language, Ledger, Replacement } from "../src/index.js"

const once: Replacement.Replacement = {
  id: "z",
  label: "The next time a friendly unit would die, kill this instead",
  controller: "p",
  category: "replacement",
  watch: { family: "die" },
  action: { _tag: "Replace", with: [] },
  limit: { times: 1 }
}

describe("a limit over the effect's whole life", () => {
  it("decodes without resetsAt, and a used one is not restored at any boundary", () => {
    expect(Schema.is(Replacement.Replacement)(once)).toBe(true)
    const l = Ledger.make([once])
    const st = Ledger.stateOf(l, "z")
    if (st === undefined) throw new Error("no state")
    const used = Ledger.withStates(l, new Map([["z", { ...st, uses: 1 }]]))
    expect(Ledger.stateOf(Ledger.advance(Ledger.advance(used, "endOfTurn"), "endOfCombat"), "z")?.uses).toBe(
      1
    )
  })

  it("`next` is a common field: Language.pick gives it", () => {
    const S = Schema.Struct(Language.pick("next"))
    expect(Schema.is(S)({ id: "z", next: true })).toBe(true)
    expect(Schema.is(S)({ id: "z", next: "yes" })).toBe(false)
  })
})
