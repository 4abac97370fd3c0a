/**
 * The riftbound format-1 → format-2 migration (`migrate/riftbound.ts`): each row of its mapping
 * table, comments and key order kept, a migrated file migrates to itself, and a whole file
 * before and after. (That the migrated files rule as before is checked against the frozen
 * outcomes in apps/cli/test/format1/migrate-riftbound.test.ts.)
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as Migrate from "../src/Migrate.js"

const base = { ruleset: "riftbound", players: ["A", "B"] }

const data = (doc: Record<string, unknown>): Record<string, unknown> => {
  const r = Migrate.migrateData({ ...base, ...doc }, { to: 2 })
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success as Record<string, unknown>
}
const effect = (e: Record<string, unknown>) =>
  (data({ effects: [{ id: "e", controller: "A", ...e }] }).effects as Array<unknown>)[0]
const step = (s: Record<string, unknown>) => (data({ steps: [s] }).steps as Array<unknown>)[0]

const text = (t: string): string => {
  const r = Migrate.migrateText(t, { to: 2 })
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success.text
}

describe("riftbound migration: each mapping", () => {
  it("format: 2 is added, players and turn stay", () => {
    expect(data({ turn: "B" })).toEqual({ format: 2, ...base, turn: "B" })
  })

  it("units: map → objects with types: [unit], battlefields and other objects after them", () => {
    const d = data({
      units: { U: { controller: "B", might: 3, damage: 1, tank: true } },
      objects: { BF: { type: "battlefield" }, spell: { controller: "A" } }
    })
    expect(d.objects).toEqual([
      { id: "U", controller: "B", types: ["unit"], might: 3, damage: 1, tank: true },
      { id: "BF", types: ["battlefield"] },
      { id: "spell", controller: "A" }
    ])
    expect(d.units).toBeUndefined()
  })

  it("prevent: { unit, value, each } → kind: prevent, to, amount, each", () => {
    expect(effect({ prevent: { unit: "U", value: "all", each: "combat" } })).toEqual({
      kind: "prevent",
      id: "e",
      controller: "A",
      to: "U",
      amount: "all",
      each: "combat"
    })
  })

  it.each(["preventNext", "double", "cantBeDealtDamage"])("%s: U → the kind of that name, to: U", (kind) => {
    expect(effect({ [kind]: "U" })).toEqual({ kind, id: "e", controller: "A", to: "U" })
  })

  it("modify: { unit, op, value } → kind: modify, to, op, value", () => {
    expect(effect({ modify: { unit: "U", op: "sub", value: 1 } })).toEqual({
      kind: "modify",
      id: "e",
      controller: "A",
      to: "U",
      op: "sub",
      value: 1
    })
  })

  it("bonusDamage: { amount, sources, to } → kind: bonusDamage, amount, from, to", () => {
    expect(effect({ bonusDamage: { amount: 1, sources: ["X"], to: "U" } })).toEqual({
      kind: "bonusDamage",
      id: "e",
      controller: "A",
      amount: 1,
      from: ["X"],
      to: "U"
    })
  })

  it("replacement: { watch, action, category, rule } → kind: replacement with those keys", () => {
    const watch = { family: "draw" }
    const action = { _tag: "Modify", op: "add", value: 1 }
    expect(effect({ replacement: { watch, action, category: "replacement", rule: "R" } })).toEqual({
      kind: "replacement",
      id: "e",
      controller: "A",
      watch,
      action,
      category: "replacement",
      rule: "R"
    })
  })

  it("duration: turn | combat → endOfTurn | endOfCombat; optional → may; limit gets per: turn", () => {
    expect(effect({ double: "U", duration: "turn", optional: true, limit: { times: 1 } })).toEqual({
      kind: "double",
      id: "e",
      controller: "A",
      to: "U",
      duration: "endOfTurn",
      may: true,
      limit: { times: 1, per: "turn" }
    })
    expect((effect({ double: "U", duration: "combat" }) as { duration: string }).duration).toBe("endOfCombat")
  })

  it("deal: → an event whose occurrences keep format 1's ids (<deal>:<unit>)", () => {
    expect(
      step({ deal: { id: "e1", to: { U: 3, V: 1 }, source: "X", kinds: ["spell"], preventable: false } })
    ).toEqual({
      event: {
        id: "e1",
        occurrences: [
          { id: "e1:U", to: "U", amount: 3, source: "X", kinds: ["spell"], unpreventable: true },
          { id: "e1:V", to: "V", amount: 1, source: "X", kinds: ["spell"], unpreventable: true }
        ]
      }
    })
  })

  it("event: subject → to; format 1's default id (<event>:<position>) and amount (1) written", () => {
    expect(
      step({
        event: {
          id: "c",
          occurrences: [
            { family: "die", subject: "U" },
            { id: "k", family: "damage", subject: "V", amount: 2 }
          ]
        }
      })
    ).toEqual({
      event: {
        id: "c",
        occurrences: [
          { id: "c:1", family: "die", to: "U", amount: 1 },
          { id: "k", family: "damage", to: "V", amount: 2 }
        ]
      }
    })
  })

  it("preview, minimumLethal, validate, solve → questions of a query step", () => {
    expect(step({ preview: { name: "p", unit: "U", input: 2, order: ["a"] } })).toEqual({
      query: { name: "p", preview: { unit: "U", input: 2, order: ["a"] } }
    })
    expect(step({ minimumLethal: { name: "m", unit: "U" } })).toEqual({
      query: { name: "m", minimumLethal: { unit: "U" } }
    })
    expect(step({ validate: { name: "v", assign: { U: 2 }, total: 2 } })).toEqual({
      query: { name: "v", validate: { assign: { U: 2 }, total: 2 } }
    })
    expect(step({ solve: { name: "s", total: 3, goal: "killMost" } })).toEqual({
      query: { name: "s", solve: { total: 3, goal: "killMost" } }
    })
  })

  it("setUnit: { unit, … } → update: { object, … }", () => {
    expect(step({ setUnit: { unit: "U", might: 4, zone: "base" } })).toEqual({
      update: { object: "U", might: 4, zone: "base" }
    })
  })

  it("combat and advance stay; addEffects' effects are migrated", () => {
    const combat = { combat: { id: "c1", attackers: ["X"], assign: { U: 3 } } }
    expect(step(combat)).toEqual(combat)
    expect(step({ advance: "endOfTurn" })).toEqual({ advance: "endOfTurn" })
    expect(step({ addEffects: [{ id: "d", controller: "A", double: "U" }] })).toEqual({
      addEffects: [{ kind: "double", id: "d", controller: "A", to: "U" }]
    })
  })

  it("expect: state's type: X → types: [X]", () => {
    const d = data({ expect: { state: { U: { type: "unit", damage: 2 } } } })
    expect(d.expect).toEqual({ state: { U: { types: ["unit"], damage: 2 } } })
  })

  it("the mapping table names every format-1 word it rewrites", () => {
    const from = (Migrate.migrations.riftbound?.mappings ?? []).map((m) => m.from).join(" ")
    for (const word of [
      "units",
      "objects",
      "prevent",
      "preventNext",
      "double",
      "modify",
      "cantBeDealtDamage",
      "bonusDamage",
      "replacement",
      "duration",
      "optional",
      "limit",
      "deal",
      "event",
      "preview",
      "minimumLethal",
      "validate",
      "solve",
      "setUnit",
      "combat",
      "advance",
      "addEffects"
    ])
      expect(from, word).toContain(word)
  })
})

const before = `# RB-X · a unit doubled, a Prevent Value, and a combat
ruleset: riftbound
title: "a whole file"
players: [A, B]
turn: A
units:
  # the attacker
  X: { controller: A, might: 3 }
  U:
    controller: B # the defender
    might: 2
objects:
  BF: { type: battlefield }
effects:
  - { id: lotus, controller: A, double: U, duration: turn } # Lotus Trap
  # a Prevent Value of 2
  - id: p
    controller: B
    prevent: { unit: U, value: 2 }
    optional: true
steps:
  - preview: { name: assigned, unit: U, input: 3 }
  - deal: { id: e1, to: { U: 1 } }
  - combat: { id: c1, attackers: [X], assign: { U: 3 } }
  - advance: endOfTurn
decisions: [p]
expect:
  state:
    U: { damage: 2, type: unit }
`

const after = `# RB-X · a unit doubled, a Prevent Value, and a combat

format: 2
ruleset: riftbound
title: "a whole file"
players: [A, B]
turn: A
objects:
  # the attacker
  - { id: X, controller: A, types: [unit], might: 3 }
  - id: U
    controller: B # the defender
    types: [unit]
    might: 2
  - { id: BF, types: [battlefield] }
effects:
  - { kind: double, id: lotus, controller: A, to: U, duration: endOfTurn } # Lotus Trap
  # a Prevent Value of 2
  - kind: prevent
    id: p
    controller: B
    to: U
    amount: 2
    may: true
steps:
  - query: { name: assigned, preview: { unit: U, input: 3 } }
  - event: { id: e1, occurrences: [{ id: e1:U, to: U, amount: 1 }] }
  - combat: { id: c1, attackers: [X], assign: { U: 3 } }
  - advance: endOfTurn
decisions: [p]
expect:
  state:
    U: { damage: 2, types: [unit] }
`

describe("riftbound migration: files", () => {
  it("a whole file, before and after: comments and key order kept", () => {
    expect(text(before)).toBe(after)
  })

  it("a migrated file migrates to itself", () => {
    const r = Migrate.migrateText(after, { to: 2 })
    expect(Result.isSuccess(r) && r.success).toEqual({ changed: false, text: after, from: 2, to: 2 })
  })

  it("every comment of the format-1 file is in the migrated one", () => {
    const comments = (t: string) => t.split("\n").flatMap((l) => l.match(/#.*$/) ?? [])
    expect(comments(text(before))).toEqual(comments(before))
  })
})
