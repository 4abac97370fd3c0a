/**
 * Rulesets are plugins (issue 31, point 1): the CLI loads code only from installed packages whose
 * package.json declares a ruleset (`"bulwark": { "ruleset": { "id", "module" } }`) and from the
 * modules the user names with `--ruleset`; a scenario file only names a ruleset by id. So
 * checking a folder of untrusted rulings runs none of their code.
 *
 * A temporary project holds: a ruleset package of a team (`@acme/bulwark-ruleset-tiny`, found in
 * the project's node_modules), an installed package that is not a ruleset (`evil`, whose module
 * would leave a mark if it ran), a file `evil.js` next to the scenarios (same mark), and a package
 * whose manifest points outside itself. The CLI looks from the project only (not from its own
 * installation), as a CLI installed there would.
 */
import { spawnSync } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Plugins from "../src/plugins.js"

const here = dirname(fileURLToPath(import.meta.url))
const cliModules = join(here, "..", "node_modules")
const project = realpathSync(mkdtempSync(join(tmpdir(), "bulwark-plugins-")))

/** Writes a file of the project (folders made as needed). */
const put = (path: string, text: string) => {
  const f = join(project, path)
  mkdirSync(dirname(f), { recursive: true })
  writeFileSync(f, text)
  return f
}

/** A module that leaves a mark `pwned-<name>` in the project when it runs, and exports a ruleset. */
const marking = (name: string) => `import { writeFileSync } from "node:fs"
writeFileSync(${JSON.stringify(join(project, `pwned-${name}`))}, "ran")
export { ruleset } from ${JSON.stringify(join(project, "node_modules", "@acme", "bulwark-ruleset-tiny", "index.js"))}
`
const marks = () => readdirSync(project).filter((f) => f.startsWith("pwned-"))

put("package.json", JSON.stringify({ name: "team-project", private: true, type: "module" }))
// the libraries a ruleset imports, as an install would put them in the project
mkdirSync(join(project, "node_modules", "@bulwark"), { recursive: true })
symlinkSync(
  realpathSync(join(cliModules, "@bulwark", "core")),
  join(project, "node_modules", "@bulwark", "core")
)
symlinkSync(realpathSync(join(cliModules, "effect")), join(project, "node_modules", "effect"))
// a team's ruleset: "Tiny 1: Shield N prevents the next N damage to its unit."
put(
  "node_modules/@acme/bulwark-ruleset-tiny/package.json",
  JSON.stringify({
    name: "@acme/bulwark-ruleset-tiny",
    version: "1.2.3",
    type: "module",
    exports: "./index.js",
    bulwark: { ruleset: { id: "tiny", module: "./index.js" } }
  })
)
put(
  "node_modules/@acme/bulwark-ruleset-tiny/index.js",
  `import { GameEvent, Language, Policy } from "@bulwark/core"
import { Schema } from "effect"
const Options = Schema.Struct({ id: Language.common.id, controller: Language.common.controller, to: Language.common.to, amount: Language.common.amount })
export const shield = (o) => ({
  id: o.id, label: "Shield", controller: o.controller, category: "prevention",
  watch: { family: GameEvent.DAMAGE, subject: Language.toFilter(o.to) },
  action: { _tag: "Prevent", amount: Language.toAmount(o.amount, "shield amount", { id: o.id }), scope: "shield" },
  rule: "Tiny 1"
})
export const ruleset = {
  id: "tiny", name: "Tiny", description: "a team's ruleset", rulesVersion: "Tiny rules 1",
  rules: {
    name: "tiny",
    order: Policy.affectedChooses({ name: "tiny", rule: "Tiny 2", tiers: [{ name: "any" }] }),
    assignment: Policy.recipientControllerAllocates("Tiny 3")
  },
  language: {
    turn: "active player", players: { fields: {} }, objects: { fields: {}, defaultZone: "board" },
    effects: { shield: Language.effectKind({ summary: "Shield N", options: Options, make: shield }) },
    boundaries: [], durations: [], families: [GameEvent.DAMAGE]
  },
  coverage: [{ rule: "1", title: "Shield N", status: "implemented" }]
}
`
)
// an installed package that is not a ruleset (no manifest), though its module exports one
put(
  "node_modules/evil/package.json",
  JSON.stringify({ name: "evil", version: "6.6.6", type: "module", exports: "./index.js" })
)
put("node_modules/evil/index.js", marking("evil-package"))
// a ruleset package whose manifest points outside itself
put(
  "node_modules/broken/package.json",
  JSON.stringify({
    name: "broken",
    version: "0.1.0",
    bulwark: { ruleset: { id: "broken", module: "./../../evil.js" } }
  })
)
put("evil.js", marking("evil-file"))
// a ruleset package whose module fails when imported, and one whose module's ruleset has another id
put(
  "node_modules/crashy/package.json",
  JSON.stringify({
    name: "crashy",
    version: "0.1.0",
    type: "module",
    bulwark: { ruleset: { id: "crashy", module: "./index.js" } }
  })
)
put("node_modules/crashy/index.js", 'throw new Error("boom")\n')
put(
  "node_modules/liar/package.json",
  JSON.stringify({
    name: "liar",
    version: "0.1.0",
    type: "module",
    bulwark: { ruleset: { id: "liar", module: "./index.js" } }
  })
)
put(
  "node_modules/liar/index.js",
  `export { ruleset } from ${JSON.stringify(join(project, "node_modules", "@acme", "bulwark-ruleset-tiny", "index.js"))}\n`
)

/** A scenario for the tiny ruleset, naming `ruleset` as given. */
const scenario = (ruleset: string) => `format: 2
ruleset: ${ruleset}
players: [alice, bob]
turn: alice
objects:
  - { id: knight, controller: alice }
  - { id: ogre, controller: bob }
effects:
  - { kind: shield, id: s, controller: bob, to: ogre, amount: 2 }
steps:
  - event: { id: e1, occurrences: [{ source: knight, to: ogre, amount: 3 }] }
expect:
  events:
    e1: { dealt: { ogre: 1 }, prevented: { ogre: 2 } }
`
const rulings = join(project, "rulings", "untrusted")
const files = {
  tiny: put("rulings/untrusted/tiny.yaml", scenario("tiny")),
  relative: put("rulings/untrusted/relative.yaml", scenario("../../evil.js")),
  absolute: put("rulings/untrusted/absolute.yaml", scenario(JSON.stringify(join(project, "evil.js")))),
  url: put("rulings/untrusted/url.yaml", scenario(JSON.stringify(`file://${join(project, "evil.js")}`))),
  installedNotRuleset: put("rulings/untrusted/package.yaml", scenario("evil")),
  brokenManifest: put("rulings/untrusted/broken.yaml", scenario("broken")),
  notInstalled: put("rulings/untrusted/pokemon.yaml", scenario("pokemon"))
}

/**
 * Runs the built `bulwark args…` in the project (a child process: the ruleset it loads from the
 * project and the CLI share one copy of `@bulwark/core`, as in a real install — under the test
 * runner, the CLI's copy would be the runner's own). It also finds the rulesets of its own
 * installation (the four bundled ones).
 */
const cli = (args: ReadonlyArray<string>) =>
  Effect.sync(() => {
    const r = spawnSync(process.execPath, [join(here, "..", "dist", "main.js"), ...args], {
      cwd: project,
      encoding: "utf8"
    })
    return { code: r.status, out: r.stdout.trimEnd(), err: r.stderr.trimEnd() }
  })

/** The lines `check` printed under the FAIL line of `file`. */
const failureOf = (out: string, file: string): string => {
  const lines = out.split("\n")
  const at = lines.indexOf(`FAIL ${file}`)
  assert.isAtLeast(at, 0, `no FAIL line for ${file}:\n${out}`)
  const rest = lines.slice(at + 1)
  const end = rest.findIndex((l) => !l.startsWith("    "))
  return rest.slice(0, end < 0 ? undefined : end).join("\n")
}

describe("rulesets are plugins: a scenario file names a ruleset, never the code to load", () => {
  it.effect("checking a folder of untrusted rulings runs none of their code; each gets a typed error", () =>
    Effect.gen(function* () {
      const r = yield* cli(["check", rulings])
      assert.deepStrictEqual(marks(), [], "a module named by a scenario file ran")
      assert.strictEqual(r.code, 2, r.err)
      assert.include(r.out, `PASS ${files.tiny}`)
      assert.include(r.out, "1 passed, 6 failed")
      assert.notMatch(r.err, /internal error|\n\s+at /)
      // a path (relative, absolute, a URL) is not a ruleset id: the typed UnknownRuleset, and why
      for (const f of [files.relative, files.absolute, files.url]) {
        const text = failureOf(r.out, f)
        assert.match(text, /unknown ruleset ".*evil\.js"; installed rulesets: .*\btiny\b/)
        assert.include(text, "code is never loaded from a path or a package a file names")
      }
      // an installed package that is no ruleset is not loaded, and the message says so
      assert.include(
        failureOf(r.out, files.installedNotRuleset),
        'the installed package "evil" is not a ruleset (its package.json has no "bulwark.ruleset" manifest)'
      )
      // a manifest pointing outside its package is refused before anything runs
      assert.include(failureOf(r.out, files.brokenManifest), "is outside the package")
      // not installed: which package to install
      assert.include(
        failureOf(r.out, files.notInstalled),
        "by convention @bulwark/pokemon (npm install --save-dev @bulwark/pokemon) or bulwark-ruleset-pokemon"
      )
    })
  )

  it("discovery reads package.json files only: it finds the declared ruleset and runs nothing", () => {
    const d = Plugins.discover({ cwd: project, self: undefined })
    assert.deepStrictEqual(marks(), [])
    assert.deepStrictEqual(
      d.candidates.map((c) => [c.id, c.source.package, c.source.version, c.source.via]),
      [
        ["tiny", "@acme/bulwark-ruleset-tiny", "1.2.3", "project"],
        ["crashy", "crashy", "0.1.0", "project"],
        ["liar", "liar", "0.1.0", "project"]
      ]
    )
    assert.isTrue(d.others.has("evil"))
    // a manifest's own problems are found without running anything; a module's only when loaded
    assert.deepStrictEqual(
      d.problems.map((p) => p.id),
      ["broken"]
    )
  })

  it.effect("bulwark rulesets lists where each came from, and the package that can't be used (exit 2)", () =>
    Effect.gen(function* () {
      const r = yield* cli(["rulesets"])
      assert.include(r.out, "tiny       Tiny\n")
      assert.include(r.out, "package: @acme/bulwark-ruleset-tiny 1.2.3 (installed in the project)")
      assert.include(r.out, `path: ${join(project, "node_modules", "@acme", "bulwark-ruleset-tiny")}`)
      assert.include(r.out, "can't be used:\n  broken ")
      assert.strictEqual(r.code, 2)
      assert.include(r.err, "is outside the package")
      // a module that fails, a module whose ruleset has another id: named, and the rest still works
      assert.include(r.err, "importing it failed: boom")
      assert.include(r.err, 'its manifest declares the id "liar" but')
      assert.match(r.out, /^mtg /m)
      assert.deepStrictEqual(marks(), [])
    })
  )

  it.effect("--ruleset <module> is the one way to load a module that no manifest declares", () =>
    Effect.gen(function* () {
      const r = yield* cli(["--ruleset", "./evil.js", "rulesets"])
      // the user named it: it ran, and it replaces the installed ruleset of the same id
      assert.deepStrictEqual(marks(), ["pwned-evil-file"])
      assert.include(r.out, "package: (a module file) (named with --ruleset)")
      assert.include(
        r.out,
        "shadowed (an earlier package declares the same id; not loaded):\n  tiny       @acme/bulwark-ruleset-tiny 1.2.3"
      )
      const missing = yield* cli(["--ruleset", "./nope.js", "rulesets"])
      assert.strictEqual(missing.code, 2)
      assert.include(missing.err, "--ruleset ./nope.js: no such file or folder")
      const notRuleset = yield* cli(["--ruleset", "evil", "rulesets"])
      assert.strictEqual(notRuleset.code, 2)
      assert.include(notRuleset.err, "declares no ruleset")
      const twice = yield* cli(["--ruleset", "./evil.js", "--ruleset", "evil.js", "rulesets"])
      assert.strictEqual(twice.code, 2)
      assert.include(twice.err, 'its ruleset has the id "tiny", as the one of')
      // after the command name too, as every flag
      const after = yield* cli(["check", "--ruleset", "./evil.js", files.tiny])
      assert.strictEqual(after.code, 0, after.err)
      assert.include(after.out, "1 passed, 0 failed")
    })
  )
})

describe("the bundled rulesets come through the same manifests", () => {
  it("every ruleset the CLI finds from its own installation is declared by a package manifest", () => {
    const d = Plugins.discover({ cwd: project, self: join(here, "..", "src", "plugins.ts") })
    const fromCli = d.candidates.filter((c) => c.source.via === "cli")
    assert.isNotEmpty(fromCli)
    for (const c of fromCli) {
      assert.isDefined(c.source.package)
      assert.isTrue(existsSync(c.source.module), c.source.module)
    }
  })
})
