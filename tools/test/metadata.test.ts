/**
 * Every public package tells npm users where the project is: `repository` (with the package's
 * `directory`), `homepage`, `bugs` and `keywords` (issue 21.5). tools/publint.mjs runs the same
 * check before packing.
 */
import { readFileSync } from "node:fs"
import { basename, dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { metadataProblems, publicPackages } from "../publint.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")
const read = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))

describe("package metadata", () => {
  it("the public packages are the six libraries and the CLI", () => {
    assert.deepStrictEqual(
      publicPackages()
        .map((d) => read(d).name)
        .sort(),
      [
        "@bulwark/berserk",
        "@bulwark/cli",
        "@bulwark/core",
        "@bulwark/fab",
        "@bulwark/mtg",
        "@bulwark/riftbound",
        "@bulwark/scenario"
      ]
    )
  })

  for (const dir of publicPackages())
    it(`${basename(dir)}: repository with directory, homepage, bugs, keywords`, () => {
      assert.deepStrictEqual(metadataProblems(dir), [])
    })

  it("a package.json without them gets one problem per field", () => {
    const dir = join(root, "packages", "mtg")
    const bare = { ...read(dir) }
    for (const k of ["repository", "homepage", "bugs", "keywords"]) delete bare[k]
    const problems = metadataProblems(dir, bare)
    assert.strictEqual(problems.length, 4, problems.join("\n"))
    for (const k of ["repository", "homepage", "bugs", "keywords"])
      assert.isTrue(
        problems.some((p) => p.startsWith(`"${k}"`)),
        k
      )
  })

  it("a copied repository entry with another package's directory, another URL or empty keywords", () => {
    const dir = join(root, "packages", "fab")
    const pkg = read(dir)
    const problems = metadataProblems(dir, {
      ...pkg,
      repository: { ...pkg.repository, directory: "packages/mtg" },
      bugs: { url: "https://example.org/issues" },
      keywords: []
    })
    assert.deepStrictEqual(problems, [
      '"repository.directory" must be "packages/fab", got "packages/mtg"',
      `"bugs" is "https://example.org/issues", but packages/core says "${pkg.bugs.url}"`,
      '"keywords" must be a non-empty list of words, got []'
    ])
    assert.deepStrictEqual(metadataProblems(dir, { ...pkg, homepage: "http://example.org" }), [
      '"homepage" must be an https URL, got "http://example.org"'
    ])
  })
})
