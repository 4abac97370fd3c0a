/**
 * The mtg format-1 → format-2 migration (`migrate/mtg.ts`): each mapping of its table, comments
 * kept, idempotent, and a whole file before/after (fixtures/mtg-format1.yaml →
 * fixtures/mtg-format2.yaml, read line by line against the mapping table when it was written).
 * That the migrated files resolve as the originals did is checked against the frozen outcomes
 * (apps/cli/test/format1/migrate-mtg.test.ts).
 */
import { readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"
import { Migrate } from "../src/index.js"

const migrate = (text: string): string => {
  const r = Migrate.migrateText(text)
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success.text
}

/** Migrates a format-1 body (YAML lines after `ruleset: mtg`) and parses the result. */
const body = (yaml: string): Record<string, unknown> =>
  parse(migrate(`ruleset: mtg\nplayers: [ap, nap]\n${yaml}`)) as Record<string, unknown>

const effect0 = (yaml: string): unknown => (body(`effects:\n  - ${yaml}\n`)["effects"] as Array<unknown>)[0]
const step0 = (yaml: string): unknown => (body(`steps:\n  - ${yaml}\n`)["steps"] as Array<unknown>)[0]

describe("mtg migration: each mapping", () => {
  it("format: 2 and activePlayer → turn", () => {
    const b = body("activePlayer: nap\n")
    expect(b["format"]).toBe(2)
    expect(b["turn"]).toBe("nap")
    expect(b).not.toHaveProperty("activePlayer")
  })

  it("until → duration, optional → may", () => {
    expect(effect0("{ kind: double, id: d, controller: ap, until: endOfTurn, optional: true }")).toEqual({
      kind: "double",
      id: "d",
      controller: "ap",
      duration: "endOfTurn",
      may: true
    })
  })

  it("selectors: controlledBy → controller, ownedBy → owner; one colour stays, two become any:", () => {
    expect(
      effect0(
        "{ kind: double, id: d, controller: ap, to: { controlledBy: you, ownedBy: nap, colors: [red] } }"
      )
    ).toMatchObject({ to: { controller: "you", owner: "nap", colors: ["red"] } })
    expect(effect0("{ kind: double, id: d, controller: ap, from: { colors: [red, green] } }")).toMatchObject({
      from: { any: [{ colors: ["red"] }, { colors: ["green"] }] }
    })
    expect(effect0("{ kind: double, id: d, controller: ap, to: { colors: [] } }")).toMatchObject({
      to: { any: [] }
    })
  })

  it("event: damage, occurrences and destroy become one occurrences list, with format 1's ids", () => {
    expect(
      step0(
        "event: { id: e, damage: [{ source: s, to: a, amount: 1, combat: true }, { source: s, to: b, amount: 2, combat: false }], occurrences: [{ family: draw, subject: ap }], destroy: [a] }"
      )
    ).toEqual({
      event: {
        id: "e",
        occurrences: [
          { id: "d1", source: "s", to: "a", amount: 1, kinds: ["combat"] },
          { id: "d2", source: "s", to: "b", amount: 2 },
          { id: "o1", family: "draw", to: "ap", amount: 1 },
          {
            id: "destroy:a",
            family: "zoneChange",
            to: "a",
            amount: 1,
            kinds: ["destroy"],
            params: { from: "battlefield", to: "graveyard" }
          }
        ]
      }
    })
  })

  it("a destroy's from is the object's zone as the update steps leave it", () => {
    const b = body(
      "objects:\n  - { id: c, zone: hand }\nsteps:\n  - event: { id: e1, destroy: [c] }\n  - update: { object: c, zone: battlefield }\n  - event: { id: e2, destroy: [c] }\n"
    )
    const from = (i: number) =>
      (b["steps"] as Array<{ event?: { occurrences: Array<{ params: { from: string } }> } }>)[i]?.event
        ?.occurrences[0]?.params.from
    expect([from(0), from(2)]).toEqual(["hand", "battlefield"])
  })

  it("resolve → addEffects, with its effects migrated", () => {
    expect(step0("resolve: [{ kind: double, id: d, controller: ap, until: endOfTurn }]")).toEqual({
      addEffects: [{ kind: "double", id: "d", controller: "ap", duration: "endOfTurn" }]
    })
  })

  it("shieldEach: target → to; objects win over target and sharingColor", () => {
    expect(
      effect0("{ kind: shieldEach, id: w, controller: ap, amount: 1, target: t, sharingColor: true }")
    ).toEqual({ kind: "shieldEach", id: "w", controller: "ap", amount: 1, to: "t", sharingColor: true })
    expect(
      effect0(
        "{ kind: shieldEach, id: w, controller: ap, amount: 1, target: t, sharingColor: true, objects: [a, b] }"
      )
    ).toEqual({ kind: "shieldEach", id: "w", controller: "ap", amount: 1, to: ["a", "b"] })
  })

  it("preventNextFrom: the source format 1 ignored is removed", () => {
    expect(effect0("{ kind: preventNextFrom, id: n, controller: ap, source: x, from: bolt }")).toEqual({
      kind: "preventNextFrom",
      id: "n",
      controller: "ap",
      from: "bolt"
    })
  })

  it("zoneInstead: to → into, subject → to", () => {
    expect(
      effect0("{ kind: zoneInstead, id: z, controller: ap, when: { to: graveyard }, to: exile, subject: c }")
    ).toEqual({
      kind: "zoneInstead",
      id: "z",
      controller: "ap",
      when: { to: "graveyard" },
      into: "exile",
      to: "c"
    })
  })

  it("raw: the effect's id moves up", () => {
    expect(effect0("{ kind: raw, effect: { id: r, label: x } }")).toEqual({
      kind: "raw",
      id: "r",
      effect: { label: "x" }
    })
  })

  it("steps format 2 spells the same way are kept", () => {
    for (const s of [
      "stateBasedActions: true",
      "advance: endOfTurn",
      "query: { name: q, canTarget: { target: a, source: b } }",
      "update: { object: a, gainProtection: [red] }"
    ])
      expect(step0(s)).toEqual((parse(`- ${s}`) as Array<unknown>)[0])
  })

  it("the table names every rewrite", () => {
    const from = (Migrate.migrations["mtg"]?.mappings ?? []).map((m) => m.from)
    for (const word of [
      "activePlayer",
      "until",
      "optional",
      "controlledBy",
      "colors",
      "damage",
      "destroy",
      "resolve",
      "shieldEach",
      "preventNextFrom",
      "zoneInstead",
      "raw"
    ])
      expect(from.some((f) => f.includes(word))).toBe(true)
  })
})

describe("mtg migration: a whole file", () => {
  const before = readFileSync(new URL("fixtures/mtg-format1.yaml", import.meta.url), "utf8")
  const after = readFileSync(new URL("fixtures/mtg-format2.yaml", import.meta.url), "utf8")

  it("gives the fixture, comments and key order kept", () => {
    const out = migrate(before)
    expect(out).toBe(after)
    for (const comment of before.split("\n").flatMap((l) => /#.*/.exec(l) ?? []))
      expect(out).toContain(comment)
    expect(out.startsWith("# A format-1 mtg file")).toBe(true)
  })

  it("is idempotent: a migrated file migrates to itself", () => {
    const r = Migrate.migrateText(after)
    expect(Result.isSuccess(r) && r.success.changed).toBe(false)
    expect(migrate(after)).toBe(after)
  })

  it("mutant: a file left in format 1 is not the fixture", () => {
    expect(before).not.toBe(after)
  })
})
