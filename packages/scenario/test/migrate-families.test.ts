/**
 * Format 3 → format 4 (`migrate/v4.ts`): event families named once (issue 28, point 3: "Core
 * owns the common families with one name and one meaning each … Old names migrate."). Each old
 * FaB name is rewritten where a file names a family — an event step, an occurrence, what an
 * effect watches, `instead:` events, the expectations — FaB 8.5.1's banish and 8.5.15's putting
 * into a graveyard as a `zoneChange` with its destination; comments stay; a file without old
 * names changes only its `format:` value; a family the migration can't write stops it (all or
 * nothing).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Migrate } from "../src/index.js"

const migrate = (text: string): string => {
  const r = Migrate.migrateText(text)
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success.text
}

const fab = (body: string) => `format: 3
ruleset: fab
players: [alice, bob]
${body}`

describe("format 4: FaB's old family names become the common ones", () => {
  for (const [old, name] of [
    ["gainLife", "lifeGain"],
    ["loseLife", "lifeLoss"],
    ["putCounters", "addCounters"],
    ["payResources", "pay"]
  ] as const)
    it(`${old} → ${name}, in an event step and in the expectations`, () => {
      const out = migrate(
        fab(`steps:
  - event: { id: e, family: ${old}, occurrences: [{ id: o, to: bob, amount: 2 }] }
expect:
  events:
    e: { happened: [{ family: ${old}, subject: bob, amount: 2 }] }
`)
      )
      assert.strictEqual(
        out,
        fab(`steps:
  - event: { id: e, family: ${name}, occurrences: [{ id: o, to: bob, amount: 2 }] }
expect:
  events:
    e: { happened: [{ family: ${name}, subject: bob, amount: 2 }] }
`).replace("format: 3", "format: 4")
      )
    })

  it("a named kind's watched family is renamed (FAB-16's thatMuchPlus on gainLife)", () => {
    const out = migrate(
      fab("effects:\n  - { kind: thatMuchPlus, id: g, controller: bob, family: gainLife, amount: 1 }\n")
    )
    assert.include(out, "{ kind: thatMuchPlus, id: g, controller: bob, family: lifeGain, amount: 1 }")
  })

  it("banish / putIntoGraveyard → zoneChange with params.to, in a watch, instead:, an occurrence and an event", () => {
    const out = migrate(
      fab(`effects:
  - kind: replace
    id: mark
    family: putIntoGraveyard
    to: mark
    instead: [{ family: banish }]
steps:
  - event: { id: e1, occurrences: [{ id: a, family: putIntoGraveyard, to: mark, params: { why: test } }] }
  - event: { id: e2, family: banish, occurrences: [{ id: b, to: aura }, { id: c, family: destroy, to: ally }] }
expect:
  events:
    e1: { happened: [{ family: banish, subject: mark, amount: 1 }] }
`)
    )
    assert.strictEqual(
      out,
      `format: 4
ruleset: fab
players: [alice, bob]
effects:
  - kind: replace
    id: mark
    family: zoneChange
    params: { to: graveyard }
    to: mark
    instead: [{ family: zoneChange, params: { to: banished } }]
steps:
  - event: { id: e1, occurrences: [{ id: a, family: zoneChange, to: mark, params: { why: test, to: graveyard } }] }
  - event: { id: e2, family: zoneChange, occurrences: [{ id: b, to: aura, params: { to: banished } }, { id: c, family: destroy, to: ally }] }
expect:
  events:
    e1: { happened: [{ family: zoneChange, subject: mark, amount: 1 }] }
`
    )
  })

  it("keeps comments: the header, a comment line and one after a rewritten value's line", () => {
    const out = migrate(`# Drain and potion (FAB-16)
format: 3 # the format
ruleset: fab
players: [alice, bob]
steps:
  # bob loses 2
  - event: { id: lose, family: loseLife, occurrences: [{ to: bob, amount: 2 }] } # drain
`)
    assert.strictEqual(
      out,
      `# Drain and potion (FAB-16)
format: 4 # the format
ruleset: fab
players: [alice, bob]
steps:
  # bob loses 2
  - event: { id: lose, family: lifeLoss, occurrences: [{ to: bob, amount: 2 }] } # drain
`
    )
  })

  it("a file without old names changes only its format value, byte for byte (layout kept)", () => {
    const text = `format: 3
ruleset: mtg
players: [ap, nap]
effects:
  - {
      kind: shield,
      id: s,
      controller: nap,
      to: nap,
      amount: 2,
    }
`
    assert.strictEqual(migrate(text), text.replace("format: 3", "format: 4"))
    // only FaB had its own words for common families: an MTG `family: loseLife` is left alone
    // (it was never an MTG family; the loader says so)
    const mtg =
      "format: 3\nruleset: mtg\nsteps:\n  - event: { id: e, family: loseLife, occurrences: [{ to: a }] }\n"
    assert.strictEqual(migrate(mtg), mtg.replace("format: 3", "format: 4"))
  })

  it("all or nothing: a named kind watching a move by its old name can't say its destination", () => {
    const r = Migrate.migrateText(
      fab("effects:\n  - { kind: thatMuchPlus, id: g, controller: bob, family: banish, amount: 1 }\n")
    )
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r))
      assert.match(r.failure.reason, /format 4 migration could not rewrite.*thatMuchPlus.*banish/)
  })

  it("a format-4 file is left as it is; the table lists each rename", () => {
    const text = "format: 4\nruleset: fab\n"
    const r = Migrate.migrateText(text)
    assert.isTrue(Result.isSuccess(r) && !r.success.changed && r.success.text === text)
    assert.deepStrictEqual(
      Migrate.mappingsV4().map((m) => m.from),
      [
        "format: 3",
        "family: loseLife",
        "family: gainLife",
        "family: putCounters",
        "family: payResources",
        "family: banish",
        "family: putIntoGraveyard"
      ]
    )
  })

  it("migrateData (a program's format-3 data) gives the same as the text", () => {
    const r = Migrate.migrateData({
      format: 3,
      ruleset: "fab",
      steps: [{ event: { id: "e", family: "banish", occurrences: [{ to: "x" }] } }]
    })
    assert.deepStrictEqual(Result.isSuccess(r) ? r.success : r, {
      format: 4,
      ruleset: "fab",
      steps: [
        { event: { id: "e", family: "zoneChange", occurrences: [{ to: "x", params: { to: "banished" } }] } }
      ]
    })
  })
})
