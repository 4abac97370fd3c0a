/**
 * The fab migration (format 1 → format 2): a full file before/after, comments kept, each mapping
 * of `migrate/fab.ts`'s table on its own, idempotence, and `Migrate.migrateData`. That the
 * migrated files resolve as the format-1 ones did is checked against frozen outcomes in
 * apps/cli/test/format1/migrate-fab.test.ts.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Migrate } from "../src/index.js"
import { after, before } from "./fixtures/fab.js"

const migrate = (text: string): string => {
  const r = Migrate.migrateText(text, { to: 2 })
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success.text
}

/** One format-1 file of two players and a bolt, with `body` added. */
const file = (body: string) => `ruleset: fab
players: [{ id: alice }, { id: bob }]
objects:
  - { id: bolt, controller: alice, zone: stack }
  - { id: helm, controller: bob }
${body}`

describe("the fab migration", () => {
  it("rewrites a file with every fab word as the fixture says", () => {
    assert.strictEqual(migrate(before), after)
  })

  it("keeps comments: the header, a comment line, and comments after values (also a reshaped step's)", () => {
    const out = migrate(before)
    assert.isTrue(out.startsWith("# A format-1 Flesh and Blood file with every word of the language.\n"))
    for (const c of [
      "# bob's turn",
      "# bob's shield",
      "# the bolt",
      "# melody",
      "# Second line of the header."
    ])
      assert.include(out, c)
  })

  it("is idempotent: a migrated file migrates to itself, unchanged", () => {
    const once = migrate(before)
    const again = Migrate.migrateText(once, { to: 2 })
    assert.isTrue(Result.isSuccess(again) && !again.success.changed && again.success.text === once)
  })

  it("turnPlayer: X → turn: X; a player of only an id is its id; props are flattened", () => {
    const out = migrate(file("turnPlayer: bob\n"))
    assert.include(out, "turn: bob")
    assert.include(out, "players: [alice, bob]")
    assert.include(migrate("ruleset: fab\nplayers:\n  - { id: a, props: { x: 1 } }\n"), "  - { id: a, x: 1 }")
  })

  it("type: → kind:; a keyword without an id gets <source>:<keyword>", () => {
    const out = migrate(file("effects:\n  - { type: arcaneBarrier, source: helm, amount: 2 }\n"))
    assert.include(out, "{ kind: arcaneBarrier, id: helm:arcaneBarrier, source: helm, amount: 2 }")
  })

  it("a replacement's id is written next to its kind", () => {
    const out = migrate(file("effects:\n  - { type: replacement, effect: { id: r, label: x } }\n"))
    assert.include(out, "{ kind: replacement, id: r, effect: { id: r, label: x } }")
  })

  it("you in to / from is the effect's controller: given, or its source's", () => {
    const given = migrate(
      file("effects:\n  - { type: preventNext, id: p, controller: bob, amount: 1, to: you }\n")
    )
    assert.include(given, "to: bob")
    const fromSource = migrate(
      file("effects:\n  - { type: prevent, id: p, source: helm, amount: 1, from: [you, bolt] }\n")
    )
    assert.include(fromSource, "from: [bob, bolt]")
  })

  it("damageType → kinds (generic: no key); until → duration; optional → may", () => {
    const out = migrate(
      file(
        "effects:\n  - { type: preventNext, id: p, controller: bob, amount: 1, damageType: arcane, until: endOfTurn, optional: true }\n  - { type: preventNext, id: q, controller: bob, amount: 1, damageType: generic }\n"
      )
    )
    assert.include(out, "kinds: [arcane], duration: endOfTurn, may: true }")
    assert.include(out, "{ kind: preventNext, id: q, controller: bob, amount: 1 }")
  })

  it("destroyThis: true → cost: destroyThis; pay: N → cost: { pay: N }; both at once is left for format 2 to refuse", () => {
    const out = migrate(
      file(
        "effects:\n  - { type: prevent, id: a, source: helm, amount: 1, destroyThis: true }\n  - { type: prevent, id: b, controller: bob, amount: 1, pay: 2 }\n  - { type: prevent, id: c, source: helm, amount: 1, destroyThis: true, pay: 2 }\n"
      )
    )
    assert.include(out, "{ kind: prevent, id: a, source: helm, amount: 1, cost: destroyThis }")
    assert.include(out, "{ kind: prevent, id: b, controller: bob, amount: 1, cost: { pay: 2 } }")
    assert.include(out, "{ kind: prevent, id: c, source: helm, amount: 1, destroyThis: true, pay: 2 }")
  })

  it("damage: one recipient → an event of one occurrence, its id left to the default <event>-<to>", () => {
    const out = migrate(
      file("steps:\n  - damage: { id: e1, source: bolt, to: bob, amount: 3, unpreventable: true }\n")
    )
    assert.include(
      out,
      "- event: { id: e1, occurrences: [{ source: bolt, to: bob, amount: 3, unpreventable: true }] }"
    )
  })

  it("damage: instances → occurrences, the event's type and unpreventable on each; ids written only where two share a recipient", () => {
    const out = migrate(
      file(
        "steps:\n  - damage:\n      id: e1\n      source: bolt\n      damageType: arcane\n      instances:\n        - { id: x, to: bob, amount: 1 }\n        - { to: helm, amount: 2, damageType: physical }\n"
      )
    )
    assert.include(out, "occurrences:")
    assert.include(out, "{ id: x, source: bolt, to: bob, amount: 1, kinds: [arcane] }")
    assert.include(out, "{ source: bolt, to: helm, amount: 2, kinds: [physical] }")
    const shared = migrate(
      file(
        "steps:\n  - damage: { id: e1, source: bolt, instances: [{ to: bob, amount: 1 }, { to: bob, amount: 2 }] }\n"
      )
    )
    assert.include(
      shared,
      "{ id: e1-bob, source: bolt, to: bob, amount: 1 }, { id: e1-bob, source: bolt, to: bob, amount: 2 }"
    )
  })

  it("a damage step with both forms (or none) is left as written: format 2 refuses it, as format 1 did", () => {
    const out = migrate(
      file(
        "steps:\n  - damage: { id: e1, source: bolt, to: bob, amount: 1, instances: [{ to: bob, amount: 1 }] }\n"
      )
    )
    assert.include(out, "- damage: { id: e1")
  })

  it("destroy: X → update: { object: X, zone: graveyard }; update: { id, props } → update: { object, set }", () => {
    const out = migrate(
      file("steps:\n  - destroy: helm\n  - update: { id: bob, zone: arena, props: { resources: 1 } }\n")
    )
    assert.include(out, "- update: { object: helm, zone: graveyard }")
    assert.include(out, "- update: { object: bob, zone: arena, set: { resources: 1 } }")
  })

  it("attack, advance and beginEndPhase are unchanged", () => {
    const steps =
      "steps:\n  - attack: { id: e1, attack: bolt, target: bob, defense: 1 }\n  - advance: endOfTurn\n  - beginEndPhase: true\n"
    assert.include(migrate(file(steps)), steps)
  })

  it("migrates data too (a program's format-1 object)", () => {
    const r = Migrate.migrateData(
      {
        ruleset: "fab",
        turnPlayer: "a",
        players: [{ id: "a" }],
        effects: [{ type: "ward", source: "a", amount: 1 }]
      },
      { to: 2 }
    )
    assert.deepStrictEqual(Result.isSuccess(r) ? r.success : undefined, {
      format: 2,
      ruleset: "fab",
      turn: "a",
      players: ["a"],
      effects: [{ kind: "ward", id: "a:ward", source: "a", amount: 1 }]
    })
  })

  it("lists one mapping per format-1 word in the table", () => {
    const fab = Migrate.mappings().filter((m) => m.ruleset === "fab")
    for (const w of [
      "turnPlayer",
      "type:",
      "until",
      "optional",
      "destroyThis",
      "pay",
      "damageType",
      "damage:",
      "destroy:",
      "update:"
    ])
      assert.isTrue(
        fab.some((m) => m.from.includes(w)),
        w
      )
  })
})
