#!/usr/bin/env node
// Creates a new ruleset adapter: `pnpm new-ruleset <name> [--title "Display Name"]`.
//
// Writes packages/<name> (@bulwark/<name>): the adapter skeleton (a `Ruleset.Ruleset` with the
// hooks every game needs: one effect constructor and its words for the one scenario language — a
// `language` with that effect kind —, ordering and assignment policies, a `commit` that marks
// dealt damage, `words` and the rules text `--explain` quotes), the package.json manifest that
// makes the `bulwark` CLI find it once installed (`"bulwark": { "ruleset": { id, module } }`),
// scenarios/ with one format-2 scenario, a unit test and a test that checks every scenario file,
// a README and docs/games/<name>.md, and wires it into the TypeScript project references
// (tsconfig.json), the typedoc site (typedoc.json, docs/package.json) and changesets
// (.changeset/<name>-ruleset.md). nx picks the package up from its package.json scripts. Nothing
// outside packages/<name> needs an edit for the CLI to run its scenarios. Run `pnpm install`
// afterwards. docs/guides/adding-a-game.md walks from here to a published package.
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(process.env.BULWARK_ROOT ?? join(here, ".."))

const args = process.argv.slice(2)
const name = args.find((a) => !a.startsWith("--"))
const titleAt = args.indexOf("--title")
if (name === undefined || !/^[a-z][a-z0-9-]{1,30}$/.test(name)) {
  console.error(
    'usage: pnpm new-ruleset <name> [--title "Display Name"]   (name: lower-case, e.g. "lorcana")'
  )
  process.exit(2)
}
const title = (titleAt >= 0 ? args[titleAt + 1] : undefined) ?? name.charAt(0).toUpperCase() + name.slice(1)
const pkg = `@bulwark/${name}`
const dir = join(root, "packages", name)
if (existsSync(dir)) {
  console.error(`packages/${name} already exists`)
  process.exit(1)
}
const caseId = name.toUpperCase().replace(/-/g, "")
/** @param {string} text */
const fill = (text) => text.replaceAll("__NAME__", name).replaceAll("__TITLE__", title)
/** @param {unknown} value */
const json = (value) => `${JSON.stringify(value, null, 2)}\n`
/** @type {Array<string>} */
const written = []
/** @param {string} path @param {string} text */
const write = (path, text) => {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  written.push(relative(root, path))
}

// the project's URLs, as the core package names them (tools/publint.mjs checks them)
const corePackage = JSON.parse(readFileSync(join(root, "packages", "core", "package.json"), "utf8"))
// ── the package ──────────────────────────────────────────────────────────────────────────────
write(
  join(dir, "package.json"),
  json({
    name: pkg,
    version: "0.0.0",
    description: `${title} ruleset for Bulwark`,
    type: "module",
    license: "MIT",
    homepage: corePackage.homepage,
    repository: { ...corePackage.repository, directory: `packages/${name}` },
    bugs: corePackage.bugs,
    keywords: ["bulwark", name, "tcg", "rules-engine", "damage-prevention", "replacement-effects"],
    sideEffects: false,
    exports: {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./package.json": "./package.json"
    },
    types: "./dist/index.d.ts",
    // the manifest: `bulwark` finds the ruleset through it once the package is installed
    bulwark: { ruleset: { id: name, module: "./dist/index.js" } },
    files: ["dist", "src", "scenarios", "!dist/.tsbuildinfo", "README.md", "CHANGELOG.md"],
    scripts: {
      build: "tsc -b",
      typecheck: "tsc -p tsconfig.test.json",
      lint: "biome check .",
      test: "vitest run"
    },
    dependencies: { "@bulwark/core": "workspace:^" },
    peerDependencies: { effect: "^4.1.0" },
    devDependencies: { "@bulwark/scenario": "workspace:*", effect: "4.1.0" },
    publishConfig: { access: "public" }
  })
)
write(
  join(dir, "tsconfig.json"),
  json({
    extends: "../../tsconfig.base.json",
    compilerOptions: { rootDir: "src", outDir: "dist", tsBuildInfoFile: "dist/.tsbuildinfo" },
    include: ["src"],
    references: [{ path: "../core" }]
  })
)
write(
  join(dir, "tsconfig.test.json"),
  json({
    extends: "../../tsconfig.base.json",
    compilerOptions: {
      composite: false,
      incremental: false,
      declaration: false,
      declarationMap: false,
      noEmit: true,
      rootDir: "."
    },
    include: ["src", "test"]
  })
)
write(
  join(dir, "vitest.config.ts"),
  `import "../../tools/node20-polyfills.ts"
import { defineConfig } from "vitest/config"
import { projectConfig } from "../../tools/vitest.shared.ts"

export default defineConfig(projectConfig())
`
)
write(
  join(dir, "src", "Ruleset.ts"),
  fill(readFileSync(join(here, "new-ruleset", "template.ts.txt"), "utf8"))
)
write(
  join(dir, "src", "index.ts"),
  fill(`/**
 * \`@bulwark/__NAME__\`: the __TITLE__ ruleset for Bulwark.
 *
 * \`\`\`ts
 * import { ruleset } from "@bulwark/__NAME__"
 * \`\`\`
 *
 * @packageDocumentation
 */
export { commit, language, rules, rulesText, ruleset, ShieldOptions, shield, words } from "./Ruleset.js"
`)
)
write(
  join(dir, "scenarios", `${caseId}-01.yaml`),
  fill(`# __TITLE__ 1.1: "Shield N: prevent the next N damage that would be dealt to this unit."
# (replace with a real rule of your game, quoted, and its number)
format: 2
ruleset: __NAME__
title: A shield prevents the next N damage
players: [alice, bob]
turn: alice
objects:
  - { id: knight, controller: alice }
  - { id: ogre, controller: bob, health: 4 }
effects:
  - { kind: shield, id: s, controller: bob, to: ogre, amount: 2 }
steps:
  - event:
      id: e1
      occurrences:
        - { source: knight, to: ogre, amount: 3 }
expect:
  events:
    e1: { dealt: { ogre: 1 }, prevented: { ogre: 2 } }
  effects:
    s: { remaining: 0, gone: true }
  # __TITLE__ 3.1: "Damage dealt to a unit is marked on it."
  state:
    ogre: { damage: 1, zone: battlefield }
`)
)
write(
  join(dir, "test", "ruleset.test.ts"),
  fill(`import { Chooser, Ruleset, Words } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as Exports from "../src/index.js"
import { language, ruleset, words } from "../src/index.js"

/** A scenario written as data, in the same language as a scenario file (format 2). */
const scenario = (extra: object) => ({
  players: ["alice", "bob"],
  turn: "alice",
  objects: [
    { id: "knight", controller: "alice" },
    { id: "ogre", controller: "bob" }
  ],
  ...extra
})

describe("__NAME__", () => {
  /**
   * __TITLE__ 1.1: "Shield N: prevent the next N damage that would be dealt to this unit."
   * Shield 2 against 3 damage: 2 prevented, 1 dealt, the shield is used up.
   */
  it("a shield prevents the next N damage", () => {
    const compiled = Skeleton.compileData(
      language,
      scenario({
        effects: [{ kind: "shield", id: "s", controller: "bob", to: "ogre", amount: 2 }],
        steps: [{ event: { id: "e1", occurrences: [{ source: "knight", to: "ogre", amount: 3 }] } }]
      })
    )
    assert.isTrue(Result.isSuccess(compiled))
    if (Result.isFailure(compiled)) return
    const run = Ruleset.run(ruleset.rules, compiled.success, Chooser.firstLegal)
    assert.deepStrictEqual(run.outcome.events["e1"]?.dealt, { ogre: 1 })
    assert.deepStrictEqual(run.outcome.events["e1"]?.prevented, { ogre: 2 })
    // every rule the trace cites has its sentence in the words: what \`--explain\` quotes
    const cited = Words.citations(run.trace)
    assert.isNotEmpty(cited)
    for (const c of cited) assert.isNotEmpty(Words.sentences(words, c), c)
  })

  /**
   * __TITLE__ 3.1: "Damage dealt to a unit is marked on it. A unit with marked damage equal to or
   * greater than its health is destroyed." 2 then 3 damage to a unit with health 4: 2 marked,
   * then 5 ≥ 4, so it is destroyed (it goes to the discard zone).
   */
  it("dealt damage is marked, and a unit whose damage reaches its health is destroyed", () => {
    const compiled = Skeleton.compileData(
      language,
      scenario({
        objects: [
          { id: "knight", controller: "alice" },
          { id: "ogre", controller: "bob", health: 4 }
        ],
        steps: [
          { event: { id: "e1", occurrences: [{ source: "knight", to: "ogre", amount: 2 }] } },
          { event: { id: "e2", occurrences: [{ source: "knight", to: "ogre", amount: 3 }] } }
        ]
      })
    )
    assert.isTrue(Result.isSuccess(compiled))
    if (Result.isFailure(compiled)) return
    const run = Ruleset.run(ruleset.rules, compiled.success, Chooser.firstLegal)
    assert.strictEqual(run.outcome.state["ogre"]?.["damage"], 5)
    assert.strictEqual(run.outcome.state["ogre"]?.["zone"], "discard")
  })

  it("the skeleton names the path of an unknown unit", () => {
    const r = Skeleton.compileData(
      language,
      scenario({ effects: [{ kind: "shield", id: "s", controller: "bob", to: "ghost", amount: 1 }] })
    )
    assert.isTrue(Result.isFailure(r) && r.failure.path === "effects[0].to")
  })

  it("every effect kind is built by the exported constructor of the same name", () => {
    const exported: Record<string, unknown> = { ...Exports }
    for (const [kind, k] of Object.entries(language.effects)) assert.strictEqual(k.make, exported[kind], kind)
  })
})
`)
)
write(
  join(dir, "test", "scenarios.test.ts"),
  fill(`import { fileURLToPath } from "node:url"
import { checkDirectory } from "@bulwark/scenario/node"
import { assert, describe, it } from "@effect/vitest"
import { ruleset } from "../src/index.js"

/** Every scenario file under scenarios/ passes, exactly as \`bulwark check\` runs it. */
describe("scenarios/", () => {
  const results = checkDirectory(fileURLToPath(new URL("../scenarios", import.meta.url)), [ruleset])

  it("has scenario files", () => {
    assert.isAbove(results.length, 0)
  })

  for (const r of results) {
    it(r.file.replace(/^.*scenarios\\//, ""), () => {
      if (r._tag === "Invalid") assert.fail(r.error.message)
      else assert.deepStrictEqual(r.result.mismatches, [])
    })
  }
})
`)
)
// the first release's notes, written by hand (CONTRIBUTING.md, "The first release")
write(
  join(dir, "CHANGELOG.md"),
  fill(`# @bulwark/__NAME__

## 0.1.0

First release: the __TITLE__ ruleset for Bulwark, with its bundled scenarios.
`)
)
write(
  join(dir, "README.md"),
  fill(`# @bulwark/__NAME__

The __TITLE__ ruleset for Bulwark: __TITLE__'s damage prevention and replacement rules on top of
\`@bulwark/core\`.

\`\`\`sh
npm install @bulwark/core @bulwark/__NAME__ effect
\`\`\`

\`\`\`ts
import { Chooser, Ruleset } from "@bulwark/core"
import { ruleset, shield } from "@bulwark/__NAME__"
\`\`\`

The package declares its ruleset in its package.json (\`"bulwark": { "ruleset": { "id": "__NAME__",
"module": "./dist/index.js" } }\`), so the \`bulwark\` CLI finds it once it is installed next to
the CLI:

\`\`\`sh
npm install --save-dev @bulwark/cli @bulwark/__NAME__
npx bulwark rulesets            # lists __NAME__ with its package, version and path
npx bulwark check scenarios/    # scenario files that say \`ruleset: __NAME__\`
\`\`\`

## Rules coverage

| rule | what                          | module            | test                     |
| ---- | ----------------------------- | ----------------- | ------------------------ |
| 1.1  | Shield N (prevent the next N) | \`src/Ruleset.ts\` | \`test/ruleset.test.ts\` |
| 2.1–2.2 | ordering, dividing a shield | \`src/Ruleset.ts\` | \`test/ruleset.test.ts\` |
| 3.1  | marked damage, destruction    | \`src/Ruleset.ts\` | \`test/ruleset.test.ts\` |

## Interpretations

None yet.
`)
)
write(
  join(root, "docs", "games", `${name}.md`),
  fill(`# __TITLE__

How __TITLE__'s prevention and replacement rules map onto Bulwark: the ordering policy (who
chooses which effect applies next), the assignment policy (who divides a shield), the words it
adds to the one scenario language (its effect kinds: \`shield\`), and what differs from the other
games.

## Interpretations

None yet.
`)
)
write(join(root, ".changeset", `${name}-ruleset.md`), `---\n"${pkg}": minor\n---\n\nNew ruleset: ${title}.\n`)

// ── wiring (each edit is a plain text insertion, so the files keep their formatting) ─────────
/** @param {string} file @param {(text: string) => string} change */
const edit = (file, change) => {
  const path = join(root, file)
  const before = readFileSync(path, "utf8")
  const after = change(before)
  if (after === before) throw new Error(`could not wire ${name} into ${file}`)
  writeFileSync(path, after)
  written.push(`${file} (edited)`)
}
edit("tsconfig.json", (s) =>
  s.replace(
    /(\n(\s*)\{ "path": "packages\/[^"]+" \},?\n)(?![\s\S]*\{ "path": "packages\/)/,
    (/** @type {string} */ _m, /** @type {string} */ line, /** @type {string} */ indent) => {
      const withComma = line.endsWith(",\n") ? line : `${line.slice(0, -1)},\n`
      return `${withComma}${indent}{ "path": "packages/${name}" }${line.endsWith(",\n") ? "," : ""}\n`
    }
  )
)
edit("typedoc.json", (s) =>
  s.replace(/("entryPoints": \[[^\]]*?)("packages\/[^"]+")(\s*\])/, `$1$2, "packages/${name}"$3`)
)
edit("docs/package.json", (s) =>
  s.replace(
    /("devDependencies": \{[^}]*?)(\n\s*)("@bulwark\/[^"]+": "workspace:\*")(\n)/,
    `$1$2$3,$2"${pkg}": "workspace:*"$4`
  )
)

// format the new files with the repository's Biome settings
const biome = join(root, "node_modules", ".bin", "biome")
if (existsSync(biome)) {
  execFileSync(
    biome,
    [
      "check",
      "--write",
      `packages/${name}`,
      `docs/games/${name}.md`,
      "tsconfig.json",
      "typedoc.json",
      "docs/package.json"
    ],
    {
      cwd: root,
      stdio: "ignore"
    }
  )
} else console.log("(run `pnpm install` and then `pnpm exec biome check --write` to format the new files)")

console.log(`created ${pkg}:\n  ${written.join("\n  ")}`)
console.log(`next: pnpm install && pnpm exec nx run-many -t build typecheck lint test -p ${pkg}`)
