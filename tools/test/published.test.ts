/**
 * What is published is clean (issue 31, point 6): every public package ships a CHANGELOG.md
 * (listed in `files`, starting with `# <name>`), and its packed package.json names no private
 * workspace package — `@bulwark/testing` is a devDependency of the libraries in the workspace,
 * and .pnpmfile.cjs drops devDependencies when pnpm packs. tools/publint.mjs runs the same checks
 * on every tarball it packs, and checks that a package's dependencies match how it is built: the
 * CLI's tarball shipped tsc's dist/run.js, which imports @effect/platform-node — bundled into the
 * bin and so only a devDependency, not installed for users.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import {
  importProblems,
  packed,
  packedManifestProblems,
  privatePackageNames,
  publicPackages,
  releaseProblems,
  shippedImports
} from "../publint.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")
const read = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))

describe("published packages", () => {
  it("the private packages include @bulwark/testing and no public one", () => {
    const names = privatePackageNames()
    assert.include(names, "@bulwark/testing")
    for (const dir of publicPackages()) assert.notInclude(names, read(dir).name)
  })

  for (const dir of publicPackages())
    it(`${basename(dir)}: ships a CHANGELOG.md that starts with its name`, () => {
      assert.deepStrictEqual(releaseProblems(dir), [])
    })

  it("a package without CHANGELOG.md in files, or with another package's changelog, is caught", () => {
    const dir = join(root, "packages", "mtg")
    const pkg = read(dir)
    assert.deepStrictEqual(
      releaseProblems(dir, { ...pkg, files: pkg.files.filter((f: string) => f !== "CHANGELOG.md") }),
      ['"files" does not list CHANGELOG.md, so it would not ship']
    )
    assert.deepStrictEqual(releaseProblems(dir, { ...pkg, name: "@bulwark/fab" }), [
      'CHANGELOG.md must start with "# @bulwark/fab"'
    ])
  })

  it("a manifest naming a private package or a workspace: range is caught", () => {
    assert.deepStrictEqual(
      packedManifestProblems({
        name: "@bulwark/mtg",
        dependencies: { "@bulwark/core": "workspace:^" },
        devDependencies: { "@bulwark/testing": "0.0.0", effect: "4.1.0" }
      }),
      [
        '"dependencies.@bulwark/core" is still workspace:^',
        '"devDependencies" names the private package @bulwark/testing'
      ]
    )
  })

  it("in the workspace the libraries do name @bulwark/testing (what packing must drop)", () => {
    assert.isAbove(packedManifestProblems(read(join(root, "packages", "mtg"))).length, 0)
  })

  it("packed with the pinned pnpm, packages/mtg's package.json names no private package", async () => {
    const out = mkdtempSync(join(tmpdir(), "bulwark-packed-"))
    try {
      const { manifest } = await packed(join(root, "packages", "mtg"), out)
      assert.strictEqual(manifest.name, "@bulwark/mtg")
      assert.deepStrictEqual(packedManifestProblems(manifest), [])
      assert.isUndefined(manifest.devDependencies)
      assert.strictEqual(
        manifest.dependencies["@bulwark/core"],
        `^${read(join(root, "packages", "core")).version}`
      )
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })

  describe("dependencies match how the package is built", () => {
    /** An unpacked package with these files (path → text). */
    const unpacked = (files: Record<string, string>) => {
      const dir = mkdtempSync(join(tmpdir(), "bulwark-imports-"))
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true })
        writeFileSync(join(dir, path), text)
      }
      return dir
    }
    const cli = {
      name: "@bulwark/cli",
      dependencies: { effect: "^4.1.0", "@bulwark/core": "^0.0.0", "@bulwark/mtg": "^0.0.0" }
    }
    const rulesetPlugin = (name: string) =>
      name === "@bulwark/mtg"
        ? { name, bulwark: { ruleset: { id: "mtg", module: "./dist/index.js" } } }
        : { name }

    it("reads imports as modules do: subpaths are their package, comments and node: built-ins are not imports", async () => {
      const dir = unpacked({
        "dist/main.js": 'import "./chunk.js"\nconst m = await import("./lazy.js")\n',
        "dist/chunk.js":
          '/** @example\n * import { shield } from "@bulwark/fab"\n */\nimport { Schema } from "effect/Schema"\nimport { readFileSync } from "node:fs"\nimport path from "path"\n',
        "dist/lazy.js": 'export * from "@bulwark/core"\nexport { x } from "@scope/pkg/deep/file.js"\n',
        "dist/types.d.ts": 'import type { X } from "typescript-only"\n'
      })
      try {
        const imports = await shippedImports(dir)
        assert.deepStrictEqual([...imports.keys()].sort(), ["@bulwark/core", "@scope/pkg", "effect"])
        assert.deepStrictEqual(imports.get("effect"), ["dist/chunk.js"])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })

    it("a shipped file importing what users do not get is caught (the CLI's tsc dist/run.js importing the bundled @effect/platform-node)", async () => {
      const dir = unpacked({
        "dist/main.js": 'import "effect"\nimport "@bulwark/core"\n',
        "dist/run.js": 'import { NodeServices } from "@effect/platform-node"\n'
      })
      try {
        const imports = await shippedImports(dir)
        assert.deepStrictEqual(importProblems(cli, imports, rulesetPlugin), [
          "dist/run.js imports @effect/platform-node, which is not a dependency or peer dependency"
        ])
        assert.deepStrictEqual(
          importProblems(
            { ...cli, devDependencies: { "@effect/platform-node": "4.1.0" } },
            imports,
            rulesetPlugin
          ),
          [
            "dist/run.js imports @effect/platform-node, which is not a dependency or peer dependency (only a devDependency: users do not get it)"
          ]
        )
        // once the file no longer ships, the manifest matches the build
        rmSync(join(dir, "dist", "run.js"))
        assert.deepStrictEqual(importProblems(cli, await shippedImports(dir), rulesetPlugin), [])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })

    it("a dependency nothing imports is caught unless it is a ruleset plugin; a peer dependency counts as installed", () => {
      const imports = new Map([
        ["effect", ["dist/main.js"]],
        ["@bulwark/core", ["dist/main.js"]]
      ])
      assert.deepStrictEqual(importProblems(cli, imports, rulesetPlugin), [])
      assert.deepStrictEqual(
        importProblems(
          { ...cli, dependencies: { ...cli.dependencies, "@bulwark/scenario": "^0.0.0" } },
          imports,
          rulesetPlugin
        ),
        ['"dependencies.@bulwark/scenario": nothing that ships imports it and it is no ruleset plugin']
      )
      assert.deepStrictEqual(
        importProblems(
          {
            name: "@bulwark/mtg",
            dependencies: { "@bulwark/core": "^0.0.0" },
            peerDependencies: { effect: "^4.1.0" }
          },
          imports,
          rulesetPlugin
        ),
        []
      )
    })
  })
})
