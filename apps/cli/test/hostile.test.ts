/**
 * The hostile files in test/hostile/ (deep nesting, alias bombs and cycles, prototype names,
 * wrong types, truncation, random bytes, NaN and Infinity written in block and flow style, last
 * in a flow mapping, in `expect:`, and as JSON's missing tokens; JSON files read by the JSON
 * fast path and still located: a repeated key, deep nesting, a wrong type, an unknown id, …), each with its expected error class, line and words
 * in test/hostile/manifest.json. `bulwark check` and `bulwark resolve` on each: exit 2, the error
 * class the loader reports, a message line that names the file and the line, no line longer
 * than 200 characters (no echo of a 40 KB line), no stack trace and no raw control character
 * (the escape-*.yaml files put carriage returns and ESC sequences in keys, ids and the ruleset).
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { loadFile } from "@bulwark/scenario/node"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { TestConsole } from "effect/testing"
import { Interaction, type InteractionShape, runCli } from "../src/cli.js"
import { STACK } from "./fuzz.js"
import * as Registry from "./installed.js"

const dir = join(dirname(fileURLToPath(import.meta.url)), "hostile")
const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Record<
  string,
  { readonly error: string; readonly line: number; readonly says: string }
>
// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never be printed raw
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/
const nonInteractive: InteractionShape = { interactive: false, ask: () => Effect.die("not interactive") }

const cli = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const code = yield* runCli(args).pipe(Effect.provideService(Interaction, nonInteractive))
    const out = (yield* TestConsole.logLines).join("\n")
    const err = (yield* TestConsole.errorLines).join("\n")
    return { code, text: `${out}\n${err}` }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

describe("hostile files", () => {
  it("every file in test/hostile has an entry in its manifest, and every entry a file", () => {
    const files = readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f) && f !== "manifest.json")
    assert.deepStrictEqual(files.sort(), Object.keys(manifest).sort())
  })

  for (const [name, expected] of Object.entries(manifest)) {
    const file = join(dir, name)
    it(`${name}: ${expected.error} at line ${expected.line}`, () => {
      // read as the CLI reads it: the bytes, so a file that is not UTF-8 is refused as such
      const r = loadFile(file, Registry.installed)
      if (Result.isSuccess(r)) return assert.fail("the file loaded")
      assert.strictEqual(r.failure._tag, expected.error)
      assert.include(r.failure.message, expected.says)
    })
    for (const command of ["check", "resolve"])
      it.effect(`bulwark ${command} ${name}: exit 2, one located line, no stack trace`, () =>
        Effect.gen(function* () {
          const r = yield* cli([command, file])
          assert.strictEqual(r.code, 2)
          const located = r.text.split("\n").filter((l) => l.includes(`${file}:${expected.line}:`))
          assert.isAbove(located.length, 0, r.text.slice(0, 500))
          assert.include(r.text, expected.says)
          assert.notMatch(r.text, STACK)
          // inert: no control character reaches the terminal raw (line feeds only)
          assert.notMatch(r.text, CONTROL)
          for (const l of r.text.split("\n"))
            assert.isAtMost(l.length, 200 + file.length * 2, l.slice(0, 300))
        })
      )
  }
})
