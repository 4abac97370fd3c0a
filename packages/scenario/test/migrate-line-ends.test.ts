/**
 * `Migrate.migrateText` keeps a file's line ends: users keep rulings as files, and a file saved
 * on Windows (every line ending in CRLF) must not come back with its line ends changed, which
 * would show as a change of every line in their version control. A file of mixed line ends is
 * written with LF; a file already in the current format is left byte for byte.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"
import { Migrate } from "../src/index.js"

const migrated = (text: string): string => {
  const r = Migrate.migrateText(text, { to: 2 })
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  expect(r.success.changed).toBe(true)
  return r.success.text
}

const formatOne = ["# Bolt at the bear", "ruleset: mtg", "players: [ap, nap]", "activePlayer: nap", ""]

describe("migrate keeps the line ends", () => {
  it("a CRLF file comes back CRLF on every line, with the same content as its LF twin", () => {
    const crlf = migrated(formatOne.join("\r\n"))
    const lf = migrated(formatOne.join("\n"))
    expect(crlf).toContain("\r\n")
    // no line end is left bare
    expect(/(^|[^\r])\n/.test(crlf)).toBe(false)
    expect(crlf).toBe(lf.replace(/\n/g, "\r\n"))
    expect(parse(crlf)).toEqual(parse(lf))
    expect(parse(crlf)).toMatchObject({ format: 2, turn: "nap" })
  })

  it("an LF file stays LF", () => {
    expect(migrated(formatOne.join("\n"))).not.toContain("\r")
  })

  it("a file of mixed line ends is written with LF", () => {
    const mixed = `${formatOne.slice(0, 2).join("\r\n")}\r\n${formatOne.slice(2).join("\n")}`
    expect(migrated(mixed)).not.toContain("\r")
  })

  it("a CRLF JSON file stays JSON, with CRLF line ends and a string's line break still an escape", () => {
    const json = [
      "{",
      '  "ruleset": "mtg",',
      '  "description": "two\\nlines",',
      '  "players": ["ap"]',
      "}",
      ""
    ].join("\r\n")
    const out = migrated(json)
    expect(/(^|[^\r])\n/.test(out)).toBe(false)
    expect(JSON.parse(out)).toMatchObject({ format: 2, description: "two\nlines" })
  })

  it("a CRLF file already in the current format is left as it was", () => {
    const current = "format: 2\r\nruleset: mtg\r\nplayers: [ap]\r\n"
    const r = Migrate.migrateText(current, { to: 2 })
    expect(Result.isSuccess(r) && r.success.changed).toBe(false)
    expect(Result.isSuccess(r) && r.success.text).toBe(current)
  })
})
