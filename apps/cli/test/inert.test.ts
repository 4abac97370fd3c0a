/**
 * Terminal output is inert (issue 32, point 6): a title, an id or a label with a carriage return
 * and ESC sequences reaches the terminal escaped (`\u{D}`, `\u{1B}`), so nothing can move the
 * cursor, clear the line or overprint `check`'s FAIL with a PASS; a line break in a title can't
 * start a forged result line of its own. `--json` stays exact: the same strings, as JSON escapes
 * them.
 *
 * And internal errors (point 10): a defect — a bug, not bad input — exits 70, not 1 (which means
 * "checks failed"), with how to report it and no stack trace unless `BULWARK_DEBUG` is set.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestConsole } from "effect/testing"
import { INTERNAL_ERROR, Interaction, type InteractionShape, runCli } from "../src/cli.js"
import { STACK } from "./fuzz.js"

const here = dirname(fileURLToPath(import.meta.url))
const failing = readFileSync(join(here, "fixtures", "pass-fail", "b-fail.yaml"), "utf8")
const dir = mkdtempSync(join(tmpdir(), "bulwark-inert-"))

// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never be printed raw
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

/** A failing scenario whose title would overprint its FAIL with a green PASS, and forge a line. */
const TITLE = "ok\r\u001b[2K\u001b[32mPASS all good\nPASS forged.yaml"
const LABEL = "\u001b]0;pwned\u0007If a source would deal damage"
const hostile = join(dir, "hostile.yaml")
writeFileSync(
  hostile,
  failing
    .replace(/^title: .*$/m, `title: ${JSON.stringify(TITLE)}`)
    .replace('label: "If a source would deal damage', `label: ${JSON.stringify(LABEL).slice(0, -1)}`)
)

const nonInteractive: InteractionShape = { interactive: false, ask: () => Effect.die("not interactive") }
const cli = (args: ReadonlyArray<string>, interaction: InteractionShape = nonInteractive) =>
  Effect.gen(function* () {
    const code = yield* runCli(args).pipe(Effect.provideService(Interaction, interaction))
    const out = (yield* TestConsole.logLines).join("\n")
    const err = (yield* TestConsole.errorLines).join("\n")
    return { code, out, err }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

describe("terminal output is inert", () => {
  it("the hostile file loads (the strings are legal in a title and a label)", () => {
    assert.include(readFileSync(hostile, "utf8"), "\\u001b[2K")
  })

  it.effect(
    "check: the FAIL line shows the title escaped, on one line; nothing raw reaches the terminal",
    () =>
      Effect.gen(function* () {
        const r = yield* cli(["check", hostile])
        assert.strictEqual(r.code, 1)
        assert.notMatch(r.out, CONTROL)
        const lines = r.out.split("\n")
        assert.strictEqual(
          lines[0],
          `FAIL ${hostile} — ok\\u{D}\\u{1B}[2K\\u{1B}[32mPASS all good\\nPASS forged.yaml`
        )
        // no forged result line
        assert.deepStrictEqual(
          lines.filter((l) => /^(PASS|FAIL) /.test(l)),
          [lines[0]]
        )
        assert.strictEqual(lines.at(-1), "0 passed, 1 failed")
      })
  )

  it.effect("resolve: header, trace and labels escaped", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", hostile])
      assert.notMatch(r.out, CONTROL)
      assert.notMatch(r.err, CONTROL)
      assert.include(r.out, "\\u{1B}]0;pwned\\u{7}If a source would deal damage")
      assert.include(r.out, `━━ ${hostile} — ok\\u{D}\\u{1B}[2K`)
    })
  )

  it.effect("resolve --json: exact, the strings as JSON escapes them", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", hostile, "--json"])
      const parsed = JSON.parse(r.out) as { title: string }
      assert.strictEqual(parsed.title, TITLE)
      assert.include(r.out, JSON.stringify(TITLE))
    })
  )

  it.effect("an error message naming a file whose name holds ESC: escaped", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", join(dir, "no\u001b[2Jsuch.yaml")])
      assert.strictEqual(r.code, 2)
      assert.notMatch(r.err, CONTROL)
      assert.include(r.err, "no\\u{1B}[2Jsuch.yaml")
    })
  )
})

describe("internal errors", () => {
  /** A decision asked at the "terminal", whose prompt dies: a defect, as a bug would be. */
  const dying: InteractionShape = {
    interactive: true,
    ask: () => Effect.die(new Error("boom in the prompt"))
  }
  // MTG-09 without its scripted answer: the order of the two effects is asked
  const decision = join(dir, "asks.yaml")
  writeFileSync(
    decision,
    readFileSync(join(here, "fixtures", "mtg-09.yaml"), "utf8").replace("decisions: [shield]\n", "")
  )

  it.effect("a defect exits 70 (not 1) with how to report it and no stack trace", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", decision, "--ask"], dying)
      assert.strictEqual(INTERNAL_ERROR, 70)
      assert.strictEqual(r.code, 70)
      assert.include(
        r.err,
        "bulwark: internal error (a bug in bulwark, not a problem with your files): boom in the prompt"
      )
      assert.include(r.err, "please report it at https://github.com/bulwark-engine/bulwark/issues")
      assert.include(r.err, "BULWARK_DEBUG=1")
      assert.notMatch(r.err, STACK)
    })
  )

  it.effect("BULWARK_DEBUG=1 adds the stack trace", () =>
    Effect.gen(function* () {
      process.env.BULWARK_DEBUG = "1"
      try {
        const r = yield* cli(["resolve", decision, "--ask"], dying)
        assert.strictEqual(r.code, 70)
        assert.match(r.err, STACK)
      } finally {
        delete process.env.BULWARK_DEBUG
      }
    })
  )
})
