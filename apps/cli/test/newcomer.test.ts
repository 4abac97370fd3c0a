/**
 * Errors a newcomer meets at the command line (issue 31, point 8): `bulwark resolve a.yaml
 * b.yaml` (what a shell glob gives) says in one line that `resolve` takes one file and `check`
 * takes many, instead of the whole help; `check` names a file that could not be loaded once, on
 * its FAIL line (before: "FAIL nope.yaml" then "nope.yaml: cannot read the file"), and a file
 * with one problem prints that problem's located line, not a header naming the file again.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { resolveManyText } from "../src/cli.js"
import { cli } from "./in-process.js"
import * as Registry from "./installed.js"

const here = dirname(fileURLToPath(import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "bulwark-newcomer-"))
const a = join(dir, "a.yaml")
const b = join(dir, "b.yaml")
writeFileSync(a, readFileSync(join(here, "fixtures", "mtg-09.yaml"), "utf8"))
writeFileSync(b, readFileSync(join(here, "fixtures", "mtg-09.yaml"), "utf8"))

describe("resolve with many files", () => {
  it.effect("says resolve takes one file and check takes many, exit 2, no help", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", a, b])
      assert.strictEqual(r.code, 2)
      assert.strictEqual(
        r.err,
        `bulwark resolve takes one scenario file, got 2: ${a} ${b}\n  to run several files (or folders) as tests, use: bulwark check ${a} ${b}`
      )
      assert.notInclude(r.out, "USAGE")
    })
  )

  it("flags and their values are not files; one file, or --help, is left to the command", () => {
    assert.isUndefined(resolveManyText(["resolve", "--strategy", "first", "a.yaml"]))
    assert.isUndefined(resolveManyText(["resolve", "--lang", "en", "a.yaml", "--json"]))
    assert.isUndefined(resolveManyText(["resolve", "a.yaml", "b.yaml", "--help"]))
    assert.isUndefined(resolveManyText(["check", "a.yaml", "b.yaml"]))
    assert.isDefined(resolveManyText(["--ruleset", "x.js", "resolve", "a.yaml", "b.yaml"]))
  })
})

describe("a path printed once", () => {
  it.effect("resolve: a file with one problem prints that problem's located line alone", () =>
    Effect.gen(function* () {
      const bad = join(dir, "bad.yaml")
      writeFileSync(bad, readFileSync(a, "utf8").replace(/kind: shield\b/, "kind: preventNext"))
      const r = yield* cli(["resolve", bad])
      assert.strictEqual(r.code, 2)
      assert.match(
        r.err,
        /^.*bad\.yaml:\d+:\d+: at effects\[\d+\]\.kind: unknown kind "preventNext" \(did you mean "shield"\?/
      )
      assert.strictEqual(r.err.split(bad).length - 1, 1, r.err)
    })
  )

  it.effect("check: the FAIL line names the file, the message does not name it again", () =>
    Effect.gen(function* () {
      const nope = join(dir, "nope.yaml")
      const r = yield* cli(["check", nope])
      assert.include(r.out, `FAIL ${nope}\n    cannot read the file:`)
      assert.strictEqual(r.out.split(nope).length - 1, 1, r.out)
    })
  )

  it.effect(
    "check: a file with one located problem is one FAIL line, the path once (as an editor opens it)",
    () =>
      Effect.gen(function* () {
        const bad = join(dir, "bad-check.yaml")
        writeFileSync(bad, readFileSync(a, "utf8").replace(/kind: shield\b/, "kind: preventNext"))
        const r = yield* cli(["check", bad])
        const line = r.out.split("\n").find((l) => l.startsWith("FAIL "))
        assert.match(
          line ?? "",
          /^FAIL .*bad-check\.yaml:\d+:\d+: at effects\[\d+\]\.kind: unknown kind "preventNext"/
        )
        assert.strictEqual(r.out.split(bad).length - 1, 1, r.out)
      })
  )
})

describe("a file without format: — format 1, or a new file that forgot the key", () => {
  const tagOf = (text: string, file: string): string => {
    const r = parseScenario(text, file, Registry.installed)
    if (Result.isSuccess(r)) return "loaded"
    return r.failure.message.includes("add `format: 4`") ? "add format: 4" : r.failure._tag
  }
  it("every bundled format-4 scenario without its format: line is told to add `format: 4`", () => {
    let n = 0
    for (const { scenarios } of Registry.scenarioFolders)
      for (const f of readdirSync(scenarios).filter((x) => /\.ya?ml$/.test(x))) {
        const text = readFileSync(join(scenarios, f), "utf8")
        if (!/^format: 4$/m.test(text)) continue
        n++
        assert.strictEqual(tagOf(text.replace(/^format: 4\n/m, ""), f), "add format: 4", f)
      }
    assert.isAbove(n, 20)
  })
  it("every bundled format-1 file (the frozen copies) is still told to run `bulwark migrate`", () => {
    const root = join(here, "format1", "bundled")
    let n = 0
    for (const g of readdirSync(root))
      for (const f of readdirSync(join(root, g)).filter((x) => /\.ya?ml$/.test(x))) {
        const text = readFileSync(join(root, g, f), "utf8")
        const id = /^ruleset: (\S+)/m.exec(text)?.[1]
        if (id === undefined || Registry.find(id) === undefined) continue
        n++
        assert.strictEqual(tagOf(text, f), "OutdatedFormat", `${g}/${f}`)
      }
    assert.isAbove(n, 20)
  })
})
