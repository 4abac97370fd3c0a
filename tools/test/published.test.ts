/**
 * What is published is clean (issue 31, point 6): every public package ships a CHANGELOG.md
 * (listed in `files`, starting with `# <name>`), and its packed package.json names no private
 * workspace package — `@bulwark/testing` is a devDependency of the libraries in the workspace,
 * and .pnpmfile.cjs drops devDependencies when pnpm packs. tools/publint.mjs runs the same checks
 * on every tarball it packs.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import {
  packed,
  packedManifestProblems,
  privatePackageNames,
  publicPackages,
  releaseProblems
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
})
