/**
 * The mtg format-1 → format-2 migration (`migrate/mtg.ts`): each mapping of its table, comments
 * kept, idempotent, and a whole file before/after (`before` →
 * `after` below, read line by line against the mapping table when it was written).
 * That the migrated files resolve as the originals did is checked against the frozen outcomes
 * (apps/cli/test/format1/migrate-mtg.test.ts).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"
import { Migrate } from "../src/index.js"

const migrate = (text: string): string => {
  const r = Migrate.migrateText(text, { to: 2 })
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

// a format-1 file with every word the migration rewrites, and what it becomes (kept as text here:
// the formatter would reflow a .yaml fixture)
const before = `# A format-1 mtg file that uses every word the migration rewrites.
ruleset: mtg
title: "every mapping"
players: [ap, { id: nap, life: 7 }]
activePlayer: nap # NAP's turn
objects:
  - { id: bear, controller: nap, types: [Creature], colors: [green], power: 2, toughness: 2 }
  - { id: wall, controller: nap, types: [Creature], colors: [white, blue], power: 0, toughness: 4 }
  - { id: bolt, controller: ap, zone: stack, types: [Instant], colors: [red] }
  - { id: ench, controller: ap, types: [Enchantment] }
effects:
  # a shield until end of turn, for creatures NAP controls
  - kind: shield
    id: s
    controller: nap
    amount: 2
    until: endOfTurn
    to: { types: [Creature], controlledBy: you }
  - { kind: preventEach, id: p, controller: nap, amount: 1, to: { colors: [white, blue], ownedBy: nap } }
  - { kind: preventNextFrom, id: n, controller: nap, source: ench, from: bolt, optional: true }
  - { kind: zoneInstead, id: z, controller: ap, when: { to: graveyard }, to: exile, subject: bear }
  - { kind: raw, effect: { id: r, label: raw, controller: ap, category: replacement, watch: { family: damage }, action: { _tag: Modify, op: add, value: 1 } } }
steps:
  - event:
      id: e1
      damage: # the bolt and a combat hit
        - { source: bolt, to: bear, amount: 3 }
        - { id: hit, source: bear, to: ap, amount: 2, combat: true, kinds: [infect] }
      occurrences:
        - { family: lifeGain, subject: ap }
  - resolve:
      - { kind: shieldEach, id: w, controller: ap, amount: 1, target: wall, sharingColor: true }
      - { kind: shieldEach, id: x, controller: ap, amount: 1, target: bear, objects: [bear, wall] }
  - update: { object: bear, zone: exile }
  - event: { id: e2, destroy: [bear, wall] }
  - stateBasedActions: true
  - query: { name: q, canTarget: { target: wall, source: bolt } }
  - advance: endOfTurn
expect:
  ok: true
`

const after = `# A format-1 mtg file that uses every word the migration rewrites.
format: 2
ruleset: mtg
title: "every mapping"
players: [ap, { id: nap, life: 7 }]
turn: nap # NAP's turn
objects:
  - { id: bear, controller: nap, types: [Creature], colors: [green], power: 2, toughness: 2 }
  - { id: wall, controller: nap, types: [Creature], colors: [white, blue], power: 0, toughness: 4 }
  - { id: bolt, controller: ap, zone: stack, types: [Instant], colors: [red] }
  - { id: ench, controller: ap, types: [Enchantment] }
effects:
  # a shield until end of turn, for creatures NAP controls
  - kind: shield
    id: s
    controller: nap
    amount: 2
    duration: endOfTurn
    to: { types: [Creature], controller: you }
  - { kind: preventEach, id: p, controller: nap, amount: 1, to: { any: [{ colors: [white] }, { colors: [blue] }], owner: nap } }
  - { kind: preventNextFrom, id: n, controller: nap, from: bolt, may: true }
  - { kind: zoneInstead, id: z, controller: ap, when: { to: graveyard }, into: exile, to: bear }
  - { kind: raw, id: r, effect: { label: raw, controller: ap, category: replacement, watch: { family: damage }, action: { _tag: Modify, op: add, value: 1 } } }
steps:
  - event:
      id: e1
      occurrences:
        # the bolt and a combat hit
        - { id: d1, source: bolt, to: bear, amount: 3 }
        - { id: hit, source: bear, to: ap, amount: 2, kinds: [combat, infect] }
        - { id: o1, family: lifeGain, to: ap, amount: 1 }
  - addEffects:
      - { kind: shieldEach, id: w, controller: ap, amount: 1, to: wall, sharingColor: true }
      - { kind: shieldEach, id: x, controller: ap, amount: 1, to: [bear, wall] }
  - update: { object: bear, zone: exile }
  - event:
      id: e2
      occurrences:
        - { id: destroy:bear, family: zoneChange, to: bear, amount: 1, kinds: [destroy], params: { from: exile, to: graveyard } }
        - { id: destroy:wall, family: zoneChange, to: wall, amount: 1, kinds: [destroy], params: { from: battlefield, to: graveyard } }
  - stateBasedActions: true
  - query: { name: q, canTarget: { target: wall, source: bolt } }
  - advance: endOfTurn
expect:
  ok: true
`

describe("mtg migration: a whole file", () => {
  it("gives the fixture, comments and key order kept", () => {
    const out = migrate(before)
    expect(out).toBe(after)
    for (const comment of before.split("\n").flatMap((l) => /#.*/.exec(l) ?? []))
      expect(out).toContain(comment)
    expect(out.startsWith("# A format-1 mtg file")).toBe(true)
  })

  it("is idempotent: a migrated file migrates to itself", () => {
    const r = Migrate.migrateText(after, { to: 2 })
    expect(Result.isSuccess(r) && r.success.changed).toBe(false)
    expect(migrate(after)).toBe(after)
  })

  it("mutant: a file left in format 1 is not the fixture", () => {
    expect(before).not.toBe(after)
  })
})
