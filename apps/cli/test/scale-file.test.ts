/**
 * A 5 MB scenario file (issue 20, point 2), as JSON and as block YAML: it loads and passes
 * through `bulwark check`, and a problem near its end is still located at its line and column —
 * in JSON, which is read with `JSON.parse` and located only when a problem needs it, and in YAML.
 * And the JSON reader means what the YAML reader means: every bundled scenario written as JSON
 * loads to the same document and the same check result. These check capacity and locations, not
 * speed (the time and memory are measured by hand, README "Guarantees"); the generous timeouts
 * only keep a loaded CI machine from failing them.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { TestConsole } from "effect/testing"
import { Interaction, type InteractionShape, runCli } from "../src/cli.js"
import * as Registry from "./installed.js"
import { fiveMegabytes, scenario, toYaml } from "./scale.js"

const capacity = 600_000
const dir = mkdtempSync(join(tmpdir(), "bulwark-5mb-"))
const nonInteractive: InteractionShape = { interactive: false, ask: () => Effect.die("not interactive") }
const cli = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const before = (yield* TestConsole.logLines).length
    const code = yield* runCli(args).pipe(Effect.provideService(Interaction, nonInteractive))
    return { code, out: (yield* TestConsole.logLines).slice(before).join("\n") }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

const formats = {
  json: (n: number) => JSON.stringify(scenario("mtg", n, 2_000), null, 1),
  yaml: (n: number) => toYaml(scenario("mtg", n, 2_000))
} as const

/** The 1-based line and column where `needle` starts, searching from the end. */
const whereLast = (text: string, needle: string): { line: number; column: number } => {
  const at = text.lastIndexOf(needle)
  const before = text.slice(0, at)
  return { line: before.split("\n").length, column: at - before.lastIndexOf("\n") }
}

describe("a 5 MB scenario file", () => {
  for (const format of ["json", "yaml"] as const) {
    const n = fiveMegabytes[format]
    const text = formats[format](n)
    const last = `c${n - 1}`
    const to = format === "json" ? `"to": "${last}"` : `to: "${last}"`

    it.effect(
      `${format}: over 5 MB, loads and passes through bulwark check`,
      () =>
        Effect.gen(function* () {
          assert.isAbove(text.length, 5_000_000)
          const file = join(dir, `big.${format}`)
          writeFileSync(file, text)
          const r = yield* cli(["check", file])
          assert.strictEqual(r.code, 0, r.out.slice(0, 500))
          assert.include(r.out, "1 passed, 0 failed")
        }),
      capacity
    )

    it(`${format}: an unknown id in the last occurrence is located at its line and column`, {
      timeout: capacity
    }, () => {
      const bad =
        text.slice(0, text.lastIndexOf(to)) +
        to.replace(last, "ghost") +
        text.slice(text.lastIndexOf(to) + to.length)
      const pos = whereLast(bad, to.replace(last, "ghost"))
      const r = parseScenario(bad, `big.${format}`, Registry.installed)
      if (Result.isSuccess(r)) return assert.fail("loaded")
      assert.strictEqual(r.failure._tag, "SchemaMismatch")
      // at the id itself: its line, and the column of the value (the quote after `to: `)
      const value = pos.column + to.indexOf(last) - 1
      assert.include(
        r.failure.message,
        `big.${format}:${pos.line}:${value} at steps[0].event.occurrences[${n - 1}].to: unknown id "ghost"`
      )
    })

    it(`${format}: a wrong type in the last occurrence is located at its line`, { timeout: capacity }, () => {
      const amount = format === "json" ? '"amount": 3' : "amount: 3"
      const at = text.lastIndexOf(amount)
      const bad = `${text.slice(0, at)}${amount.replace("3", '"three"')}${text.slice(at + amount.length)}`
      const pos = whereLast(bad, amount.replace("3", '"three"'))
      const r = parseScenario(bad, `big.${format}`, Registry.installed)
      if (Result.isSuccess(r)) return assert.fail("loaded")
      assert.strictEqual(r.failure._tag, "SchemaMismatch")
      assert.match(
        r.failure.message,
        new RegExp(
          `big\\.${format}:${pos.line}:\\d+ at steps\\[0\\]\\.event\\.occurrences\\[${n - 1}\\]\\.amount`
        )
      )
    })
  }
})

describe("the JSON reader means what the YAML reader means", () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "packages")
  const bundled = readdirSync(root).flatMap((p) => {
    const d = join(root, p, "scenarios")
    try {
      return readdirSync(d)
        .filter((f) => f.endsWith(".yaml"))
        .map((f) => join(d, f))
    } catch {
      return []
    }
  })

  it("there are bundled scenarios to compare", () => assert.isAbove(bundled.length, 40))

  for (const file of bundled)
    it(`${file.split(/[\\/]/).slice(-3).join("/")} as JSON: the same document and check result`, () => {
      const fromYaml = parseScenario(readFileSync(file, "utf8"), "s.yaml", Registry.installed)
      if (Result.isFailure(fromYaml)) return assert.fail(fromYaml.failure.message)
      const json = JSON.stringify(fromYaml.success.document, null, 2)
      for (const name of ["s.json", "json-text.yaml"]) {
        const fromJson = parseScenario(json, name, Registry.installed)
        if (Result.isFailure(fromJson)) return assert.fail(fromJson.failure.message)
        assert.deepStrictEqual(fromJson.success.document, fromYaml.success.document)
        const a = checkScenario(fromYaml.success)
        const b = checkScenario(fromJson.success)
        assert.strictEqual(b.ok, a.ok)
        assert.deepStrictEqual(b.mismatches, a.mismatches)
        assert.deepStrictEqual(b.run.outcome, a.run.outcome)
      }
    })
})
