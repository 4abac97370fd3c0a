/**
 * `bulwark migrate` for Берсерк files (format 1 → 2): each line of the mapping table, comments
 * and key order kept, a migrated file migrates to itself, and a full file before/after
 * (`fixtures/berserk-format1.yaml.txt` → `fixtures/berserk-format2.yaml.txt`, reviewed by hand; `.txt` so that the formatter leaves the bytes as the migration writes them). That the
 * migrated files resolve as the originals did is checked against the frozen format-1 outcomes
 * (apps/cli/test/format1/migrate-berserk.test.ts).
 */
import { readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"
import { Migrate } from "../src/index.js"

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")

const text = (t: string): string => {
  const r = Migrate.migrateText(t, { to: 2 })
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success.text
}

/** Migrates a format-1 body (players and cards given) and returns the data. */
const data = (body: Record<string, unknown>): Record<string, unknown> => {
  const r = Migrate.migrateData(
    {
      ruleset: "berserk",
      players: { active: "ap", inactive: "ip" },
      cards: {},
      ...body
    },
    { to: 2 }
  )
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success as Record<string, unknown>
}
const effect = (e: Record<string, unknown>) => (data({ effects: [e] }).effects as Array<unknown>)[0]
const step = (s: Record<string, unknown>) => (data({ steps: [s] }).steps as Array<unknown>)[0]

describe("berserk: format 1 → 2, each mapping", () => {
  it("players: { active, inactive } → players: [ap, ip], turn: ap", () => {
    const d = data({ players: { active: "x", inactive: "y" } })
    expect(d.players).toEqual(["x", "y"])
    expect(d.turn).toBe("x")
    expect(d.format).toBe(2)
  })

  it("cards → objects with id and types (default creature, type: t → types: [t])", () => {
    const d = data({
      cards: { orc: { controller: "ap", cost: 2 }, bolt: { controller: "ap", type: "spell" } }
    })
    expect(d.objects).toEqual([
      { id: "orc", controller: "ap", types: ["creature"], cost: 2 },
      { id: "bolt", controller: "ap", types: ["spell"] }
    ])
  })

  it("effects told apart by kind: prevent, moreWounds, fewerWounds → amount", () => {
    expect(effect({ id: "s", controller: "ip", on: ["C"], prevent: 2, scope: "each" })).toEqual({
      kind: "prevent",
      id: "s",
      controller: "ip",
      to: ["C"],
      amount: 2,
      scope: "each"
    })
    expect(effect({ id: "m", controller: "ip", moreWounds: 1 })).toEqual({
      kind: "moreWounds",
      id: "m",
      controller: "ip",
      amount: 1
    })
    expect(effect({ id: "f", controller: "ip", fewerWounds: 2 })).toEqual({
      kind: "fewerWounds",
      id: "f",
      controller: "ip",
      amount: 2
    })
  })

  it("noWoundsFrom / woundsOnlyFrom: the form's value becomes kinds and from; a from: beside it (ignored by format 1) goes", () => {
    expect(effect({ id: "n", controller: "ip", noWoundsFrom: { kinds: ["магии"] } })).toEqual({
      kind: "noWoundsFrom",
      id: "n",
      controller: "ip",
      kinds: ["магии"]
    })
    expect(
      effect({ id: "o", controller: "ip", from: { cards: ["x"] }, woundsOnlyFrom: { types: ["creature"] } })
    ).toEqual({ kind: "woundsOnlyFrom", id: "o", controller: "ip", from: { types: ["creature"] } })
  })

  it("instead: { of, do } → of, do", () => {
    expect(
      effect({ id: "x", controller: "ap", on: ["s"], instead: { of: "heal", do: [{ family: "open" }] } })
    ).toEqual({
      kind: "instead",
      id: "x",
      controller: "ap",
      to: ["s"],
      of: "heal",
      do: [{ family: "open" }]
    })
  })

  it("on: any goes (every creature); until → duration; optional → may; oncePerTurn → limit", () => {
    expect(
      effect({
        id: "p",
        controller: "ap",
        on: "any",
        prevent: "all",
        until: "endOfTurn",
        optional: true,
        oncePerTurn: true
      })
    ).toEqual({
      kind: "prevent",
      id: "p",
      controller: "ap",
      amount: "all",
      duration: "endOfTurn",
      may: true,
      limit: { times: 1, per: "turn" }
    })
    expect(effect({ id: "q", controller: "ap", prevent: 1, oncePerTurn: false })).toEqual({
      kind: "prevent",
      id: "q",
      controller: "ap",
      amount: 1
    })
  })

  it("from: kinds → kinds; cards → ids (alone: a list); types; several types → any; costs → cost", () => {
    const from = (f: Record<string, unknown>) => effect({ id: "p", controller: "ap", prevent: 1, from: f })
    expect(from({ kinds: ["удар"] })).toMatchObject({ kinds: ["удар"] })
    expect(from({ kinds: ["удар"] })).not.toHaveProperty("from")
    expect(from({ cards: ["orc"] })).toMatchObject({ from: ["orc"] })
    expect(from({ types: ["spell"] })).toMatchObject({ from: { types: ["spell"] } })
    expect(from({ types: ["spell", "creature"] })).toMatchObject({
      from: { any: [{ types: ["spell"] }, { types: ["creature"] }] }
    })
    expect(from({ cards: ["orc"], maxCost: 3, minCost: 1 })).toMatchObject({
      from: { ids: ["orc"], cost: { max: 3, min: 1 } }
    })
  })

  it("modifiers → effects of kind strengthModifier (amount → value), after the effects, in order", () => {
    const d = data({
      effects: [{ id: "s", controller: "ip", prevent: 1 }],
      modifiers: [
        { id: "rage", amount: 2, on: ["C"], until: "endOfTurn" },
        { id: "weak", amount: -1, from: { kinds: ["strike"] } }
      ]
    })
    expect(d).not.toHaveProperty("modifiers")
    expect((d.effects as Array<{ id: string }>).map((e) => e.id)).toEqual(["s", "rage", "weak"])
    expect((d.effects as Array<unknown>)[1]).toEqual({
      kind: "strengthModifier",
      id: "rage",
      value: 2,
      to: ["C"],
      duration: "endOfTurn"
    })
    expect((d.effects as Array<unknown>)[2]).toEqual({
      kind: "strengthModifier",
      id: "weak",
      value: -1,
      kinds: ["strike"]
    })
    expect(data({ modifiers: [{ id: "m", amount: 1 }] }).effects).toEqual([
      { kind: "strengthModifier", id: "m", value: 1 }
    ])
  })

  it("steps: attack unchanged; heal and event → event (the occurrence keeps the step's id, amount default 1)", () => {
    const attack = {
      attack: { id: "a1", kind: "удар", from: "orc", to: ["C", "D"], strength: 2, tags: ["x"] }
    }
    expect(step(attack)).toEqual(attack)
    expect(step({ heal: { id: "h", card: "s" } })).toEqual({
      event: { id: "h", family: "heal", occurrences: [{ id: "h", to: "s", amount: 1 }] }
    })
    expect(step({ heal: { id: "h", card: "s", amount: 3 } })).toMatchObject({
      event: { occurrences: [{ amount: 3 }] }
    })
    expect(step({ event: { id: "v", family: "open", subject: "s", source: "o", kinds: ["удар"] } })).toEqual({
      event: {
        id: "v",
        family: "open",
        occurrences: [{ id: "v", to: "s", source: "o", amount: 1, kinds: ["удар"] }]
      }
    })
  })

  it("steps: leave, set → update; endOfTurn → advance; addEffects migrated", () => {
    expect(step({ leave: { card: "o" } })).toEqual({ update: { object: "o", zone: "graveyard" } })
    expect(step({ leave: { card: "o", to: "hand" } })).toEqual({ update: { object: "o", zone: "hand" } })
    expect(step({ set: { card: "o", props: { wounds: 1 } } })).toEqual({
      update: { object: "o", set: { wounds: 1 } }
    })
    expect(step({ endOfTurn: true })).toEqual({ advance: "endOfTurn" })
    expect(step({ addEffects: [{ id: "l", controller: "ap", on: ["o"], prevent: 1 }] })).toEqual({
      addEffects: [{ kind: "prevent", id: "l", controller: "ap", to: ["o"], amount: 1 }]
    })
  })

  it("the mappings table names every format-1 word", () => {
    const from = Migrate.mappings()
      .filter((m) => m.ruleset === "berserk")
      .map((m) => m.from)
      .join(" ")
    for (const w of [
      "players",
      "cards",
      "prevent",
      "noWoundsFrom",
      "woundsOnlyFrom",
      "moreWounds",
      "fewerWounds"
    ])
      expect(from).toContain(w)
    for (const w of [
      "instead",
      "modifiers",
      "on:",
      "until",
      "optional",
      "oncePerTurn",
      "heal:",
      "event:",
      "leave:",
      "set:",
      "endOfTurn"
    ])
      expect(from).toContain(w)
  })
})

describe("berserk: the file", () => {
  it("a full file before/after (comments, key order and flow style kept)", () => {
    expect(text(fixture("berserk-format1.yaml.txt"))).toBe(fixture("berserk-format2.yaml.txt"))
  })

  it("keeps every comment of the original", () => {
    const before = fixture("berserk-format1.yaml.txt")
    const after = text(before)
    const comments = [...before.matchAll(/#.*$/gm)].map((m) => m[0])
    expect(comments.length).toBeGreaterThan(3)
    for (const c of comments) expect(after).toContain(c)
  })

  it("is idempotent: a migrated file migrates to itself", () => {
    const once = text(fixture("berserk-format1.yaml.txt"))
    const r = Migrate.migrateText(once, { to: 2 })
    expect(Result.isSuccess(r) && r.success.changed).toBe(false)
    expect(Result.isSuccess(r) && r.success.text).toBe(once)
  })

  it("the migrated fixture has no format-1 word left", () => {
    const d = parse(text(fixture("berserk-format1.yaml.txt"))) as Record<string, unknown>
    expect(Object.keys(d)).not.toContain("cards")
    expect(Object.keys(d)).not.toContain("modifiers")
    const s = JSON.stringify(d)
    for (const w of [
      '"on":',
      '"until":',
      '"optional":',
      '"oncePerTurn":',
      '"heal":',
      '"leave":',
      '"set":{"card"',
      '"endOfTurn":true'
    ])
      expect(s).not.toContain(w)
  })
})
