/**
 * `bulwark check <dir>` runs scenario files only (issue 16, point 6): a scenario file is a
 * `.yaml`, `.yml` or `.json` file whose top-level mapping has a `ruleset` key; the walk never
 * enters `node_modules`, `dist` or a dot-folder, and names the files it skipped. A file named on
 * the command line is always loaded, and one that is not a scenario gets a clear error.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { parseScenario } from "@bulwark/scenario"
import { findScenarios } from "@bulwark/scenario/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { cli } from "./in-process.js"
import * as Registry from "./installed.js"

const here = dirname(fileURLToPath(import.meta.url))
const passing = readFileSync(join(here, "fixtures", "pass-fail", "a-pass.yaml"), "utf8")
const failing = readFileSync(join(here, "fixtures", "pass-fail", "b-fail.yaml"), "utf8")
const loaded = parseScenario(passing, "a-pass.yaml", Registry.installed)
if (Result.isFailure(loaded)) throw new Error(loaded.failure.message)
const passingJson = JSON.stringify(loaded.success.document, null, 2)

const root = mkdtempSync(join(tmpdir(), "bulwark-walk-"))
const put = (path: string, text: string): string => {
  const f = join(root, path)
  mkdirSync(dirname(f), { recursive: true })
  writeFileSync(f, text)
  return f
}
// what a package folder holds: manifests and configs next to scenarios
put("package.json", JSON.stringify({ name: "x", scripts: { test: "vitest" }, ruleset: undefined }))
put("tsconfig.json", '{\n  "compilerOptions": { "strict": true },\n  "references": [{ "path": "./a" }]\n}\n')
put("pnpm-workspace.yaml", "packages:\n  - packages/*\n")
// a failing scenario where the walk must not go
put("node_modules/dep/scenarios/broken.yaml", failing)
put("sub/node_modules/dep/s.yaml", failing)
put("dist/s.yaml", failing)
put(".cache/s.yaml", failing)
// look-alikes: `ruleset` below the top level, in a string, in a comment
put("sub/nested-key.yaml", "config:\n  ruleset: mtg\n")
put("sub/nested-key.json", '{ "config": { "ruleset": "mtg" }, "list": [{ "ruleset": 1 }] }')
put("sub/in-a-string.json", '{ "note": "\\"ruleset\\": \\"mtg\\"", "other": "x, ruleset: mtg" }')
put("sub/in-a-comment.yaml", "# ruleset: mtg\nname: x\n")
// scenarios: block YAML after comments and a document start, JSON, flow YAML, quoted key
put("sub/deep/a-pass.yaml", passing)
put("sub/b.json", passingJson)
put("sub/c.yml", `---\n${passing}`)
put(
  "sub/d.json",
  passingJson
    .replace('"ruleset": "mtg",', "")
    .replace(/^\{/, '{ "description": "the ruleset key after another",\n  "ruleset": "mtg",')
)
put("sub/e.yaml", passing.replace("ruleset: mtg", '"ruleset": mtg'))
// a byte-order mark, then the key (`format: 2` moved to the end)
put("sub/f.yaml", `\uFEFF${passing.slice(passing.indexOf("ruleset:"))}\nformat: 2\n`)

const rel = (fs: ReadonlyArray<string>) => fs.map((f) => relative(root, f).split("\\").join("/"))

describe("walking folders: scenario files only", () => {
  it("findScenarios: the files with a top-level ruleset key; node_modules, dist, dot-folders never entered", () => {
    const found = findScenarios(root)
    assert.deepStrictEqual(rel(found.scenarios), [
      "sub/b.json",
      "sub/c.yml",
      "sub/d.json",
      "sub/deep/a-pass.yaml",
      "sub/e.yaml",
      "sub/f.yaml"
    ])
    assert.deepStrictEqual(rel(found.skipped), [
      "package.json",
      "pnpm-workspace.yaml",
      "sub/in-a-comment.yaml",
      "sub/in-a-string.json",
      "sub/nested-key.json",
      "sub/nested-key.yaml",
      "tsconfig.json"
    ])
  })

  it.effect("bulwark check <dir>: every scenario passes, the skipped files are named, exit 0", () =>
    Effect.gen(function* () {
      const r = yield* cli(["check", root])
      assert.strictEqual(r.code, 0, r.out)
      assert.include(r.out, "6 passed, 0 failed")
      assert.include(r.out, "skipped 7 files without a top-level `ruleset:` key (not scenarios): ")
      assert.include(r.out, join(root, "package.json"))
      assert.notInclude(r.out, "node_modules")
      assert.notInclude(r.out, "broken")
    })
  )

  it.effect(
    "a file named on the command line is always checked: package.json gets a clear error, exit 2",
    () =>
      Effect.gen(function* () {
        const f = join(root, "package.json")
        const r = yield* cli(["check", f])
        assert.strictEqual(r.code, 2)
        assert.include(r.out, `${f}:1:1: not a scenario file`)
        assert.include(r.out, "no `ruleset:` key")
      })
  )

  it.effect("a folder with no scenario: exit 2, and what was skipped is said", () =>
    Effect.gen(function* () {
      const only = mkdtempSync(join(tmpdir(), "bulwark-walk-none-"))
      writeFileSync(join(only, "package.json"), '{ "name": "x" }')
      const r = yield* cli(["check", only])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, "no scenario files")
      assert.include(
        r.out,
        `skipped 1 file without a top-level \`ruleset:\` key (not scenarios): ${join(only, "package.json")}`
      )
    })
  )
})
