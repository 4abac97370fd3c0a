/**
 * An explicit `format:` says what to do (issue 32, point 9). `format: 1` is `OutdatedFormat`
 * located at the value, naming `bulwark migrate <file>` (before: a schema mismatch "Expected 2,
 * got 1", which told a user nothing about migrating); a format from the future (5) says this
 * version is too old to read it. A file without `format:` keeps what it had: `OutdatedFormat`
 * without a place. Anything that is no format at all (`"2"`, 2.5, 0) stays a schema mismatch.
 * `Migrate.migrateText` reads `format: 1` written out as format 1 (before: "unknown scenario
 * format 1", so the command the error names refused the file).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { parse } from "yaml"
import { Migrate, parseScenario } from "../src/index.js"
import { tiny2 } from "./tiny2.js"

const body = "ruleset: tiny\nplayers: [a, b]\nturn: a\n"
const load = (text: string, file = "case.yaml") => parseScenario(text, file, [tiny2])

describe("an explicit format", () => {
  it("format: 1 is OutdatedFormat at its value, naming bulwark migrate with the file", () => {
    const r = load(`# old\nformat: 1\n${body}`)
    if (Result.isSuccess(r)) return assert.fail("loaded")
    assert.strictEqual(r.failure._tag, "OutdatedFormat")
    assert.isTrue(
      r.failure.message.startsWith("case.yaml:2:9: this file is in scenario format 1"),
      r.failure.message
    )
    assert.include(r.failure.message, "run `bulwark migrate case.yaml`")
    assert.notInclude(r.failure.message, "Expected 2")
  })

  it("in JSON too", () => {
    const r = load(`{\n  "ruleset": "tiny",\n  "format": 1,\n  "players": ["a"]\n}\n`, "case.json")
    if (Result.isSuccess(r)) return assert.fail("loaded")
    assert.strictEqual(r.failure._tag, "OutdatedFormat")
    assert.isTrue(r.failure.message.startsWith("case.json:3:13:"), r.failure.message)
  })

  // issue 28 point 3 ("Old names migrate"): a format-3 file is still read, migrated in memory
  // to format 4 as format-2 files are
  for (const older of [2, 3])
    it(`format: ${older} is read through its migration to the current format`, () => {
      const r = load(`format: ${older}\n${body}`)
      if (Result.isFailure(r)) return assert.fail(r.failure.message)
      assert.strictEqual(r.success.document.format, 4)
    })

  for (const future of [5, 17])
    it(`format: ${future} says this version is too old to read it, located`, () => {
      const r = load(`format: ${future}\n${body}`)
      if (Result.isSuccess(r)) return assert.fail("loaded")
      assert.strictEqual(r.failure._tag, "SchemaMismatch")
      assert.include(r.failure.message, "case.yaml:1:9 at format:")
      assert.include(
        r.failure.message,
        `scenario format ${future} is newer than this version of bulwark reads`
      )
      assert.include(r.failure.message, "upgrade bulwark")
    })

  it("no format: key, in a file that looks like format 1 (its migration rewrites it): OutdatedFormat, no line", () => {
    // `activePlayer:` is MTG's format-1 word (format 2: `turn:`); the ruleset is tiny's words under MTG's id
    const r = parseScenario("ruleset: mtg\nplayers: [a, b]\nactivePlayer: a\n", "case.yaml", [
      { ...tiny2, id: "mtg" }
    ])
    if (Result.isSuccess(r)) return assert.fail("loaded")
    assert.strictEqual(r.failure._tag, "OutdatedFormat")
    assert.strictEqual(
      r.failure.message,
      "case.yaml: this file is in scenario format 1; the current format is 4 — run `bulwark migrate case.yaml` to rewrite it (comments and key order are kept)"
    )
  })

  it("no format: key in a new file (nothing a migration would rewrite): add `format: 4`, at `ruleset:`", () => {
    for (const [text, rulesets] of [
      ["# new\nruleset: mtg\nplayers: [a, b]\nturn: a\n", [{ ...tiny2, id: "mtg" }]],
      [body, [tiny2]] // a ruleset without a migration never had format 1
    ] as const) {
      const r = parseScenario(text, "case.yaml", rulesets)
      if (Result.isSuccess(r)) return assert.fail("loaded")
      assert.strictEqual(r.failure._tag, "SchemaMismatch")
      assert.strictEqual(
        r.failure.message,
        `case.yaml: 1 problem in the scenario:\n  case.yaml:${text.startsWith("#") ? 2 : 1}:1 at format: missing key "format": a scenario file says which format it is written in; add \`format: 4\` (the current format) above \`ruleset:\``
      )
    }
  })

  for (const odd of ['"2"', "2.5", "0", "-1"])
    it(`format: ${odd} is no format: the schema's mismatch, as before`, () => {
      const r = load(`format: ${odd}\n${body}`)
      if (Result.isSuccess(r)) return assert.fail("loaded")
      assert.strictEqual(r.failure._tag, "SchemaMismatch")
      assert.include(r.failure.message, "at format: Expected 4")
    })
})

describe("migrate reads format: 1 written out", () => {
  it("its value becomes 4 (the current format) where it stands, comments kept", () => {
    const r = Migrate.migrateText("# Bolt\nruleset: mtg\nformat: 1 # old\nplayers: [ap]\nactivePlayer: ap\n")
    if (Result.isFailure(r)) return assert.fail(r.failure.reason)
    assert.strictEqual(r.success.from, 1)
    assert.strictEqual(r.success.text, "# Bolt\nruleset: mtg\nformat: 4 # old\nplayers: [ap]\nturn: ap\n")
  })

  it("format 5 is refused as too new, located", () => {
    const r = Migrate.migrateText("ruleset: mtg\nformat: 5\n")
    if (Result.isSuccess(r)) return assert.fail("migrated")
    assert.include(r.failure.reason, "scenario format 5 is newer than this version of bulwark knows")
    assert.deepStrictEqual([r.failure.line, r.failure.column], [2, 9])
  })

  it("a JSON file with format: 1 comes back JSON in format 4", () => {
    const r = Migrate.migrateText(
      '{ "format": 1, "ruleset": "mtg", "players": ["ap"], "activePlayer": "ap" }\n'
    )
    if (Result.isFailure(r)) return assert.fail(r.failure.reason)
    assert.deepStrictEqual(parse(r.success.text), { format: 4, ruleset: "mtg", players: ["ap"], turn: "ap" })
  })
})
