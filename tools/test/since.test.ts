/**
 * `@since` tags match what changesets will publish (issue 21.5): every `@since X` in a public
 * package's sources is at most its next version (package.json version + the largest pending
 * bump in .changeset/*.md), and every export of a library carries one.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { publicPackages } from "../publint.mjs"
import { nextVersion, pendingBumps, sinceProblems } from "../since-check.mjs"

/** A throwaway package `@x/pkg` at `version` with one source file and the given changesets. */
const fixture = (version: string, source: string, changesets: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), "bulwark-since-"))
  mkdirSync(join(dir, "pkg", "src"), { recursive: true })
  mkdirSync(join(dir, ".changeset"))
  writeFileSync(join(dir, "pkg", "package.json"), JSON.stringify({ name: "@x/pkg", version }))
  writeFileSync(join(dir, "pkg", "src", "a.ts"), source)
  for (const [f, text] of Object.entries(changesets)) writeFileSync(join(dir, ".changeset", f), text)
  return { pkg: join(dir, "pkg"), changesets: join(dir, ".changeset") }
}
const documented = (since: string) => `/**\n * A value.\n *\n * @since ${since}\n */\nexport const a = 1\n`
const change = (bump: string) => `---\n"@x/pkg": ${bump}\n"@x/other": major\n---\n\nA change.\n`

describe("@since and the next version", () => {
  for (const dir of publicPackages())
    it(`${basename(dir)}: every @since is at most the version changesets will publish`, () => {
      assert.deepStrictEqual(sinceProblems(dir), [])
    })

  it("the next version: changesets' bumps (a minor resets the patch, a major both)", () => {
    assert.strictEqual(nextVersion("0.0.0", "minor"), "0.1.0")
    assert.strictEqual(nextVersion("0.0.0", "patch"), "0.0.1")
    assert.strictEqual(nextVersion("0.3.4", "minor"), "0.4.0")
    assert.strictEqual(nextVersion("1.2.3", "major"), "2.0.0")
    assert.strictEqual(nextVersion("1.2.3", undefined), "1.2.3")
  })

  it("the largest pending bump per package wins", () => {
    const f = fixture("0.0.0", "", {
      "a.md": change("patch"),
      "b.md": change("minor"),
      "c.md": change("patch")
    })
    assert.deepStrictEqual([...pendingBumps(f.changesets)].sort(), [
      ["@x/other", "major"],
      ["@x/pkg", "minor"]
    ])
  })

  it("@since 0.2.0 on a 0.1.0 package with only a patch pending is named, with the version it will get", () => {
    const f = fixture("0.1.0", documented("0.2.0"), { "a.md": change("patch") })
    const problems = sinceProblems(f.pkg, { changesets: f.changesets, requireOnExports: true })
    assert.strictEqual(problems.length, 1)
    assert.match(
      problems[0] ?? "",
      /a\.ts:4: "@since 0\.2\.0", but @x\/pkg will publish 0\.1\.1 \(0\.1\.0 \+ patch\)$/
    )
    // with a minor pending, 0.2.0 is exactly the next version
    const g = fixture("0.1.0", documented("0.2.0"), { "a.md": change("minor") })
    assert.deepStrictEqual(sinceProblems(g.pkg, { changesets: g.changesets, requireOnExports: true }), [])
  })

  it("no pending changeset: a tag above the current version is named", () => {
    const f = fixture("0.1.0", documented("0.1.1"), {})
    assert.match(sinceProblems(f.pkg, { changesets: f.changesets })[0] ?? "", /no pending changeset/)
  })

  it("a library export without @since, or without a doc comment, is named", () => {
    const f = fixture("0.0.0", "/** A value. */\nexport const a = 1\n\nexport function b() {}\n", {
      "a.md": change("minor")
    })
    const problems = sinceProblems(f.pkg, { changesets: f.changesets, requireOnExports: true })
    assert.strictEqual(problems.length, 2, problems.join("\n"))
    assert.match(
      problems[0] ?? "",
      /src\/a\.ts:2: its doc comment has no @since \(next: 0\.1\.0\): export const a = 1$/
    )
    assert.match(
      problems[1] ?? "",
      /src\/a\.ts:4: exported without a doc comment: export function b\(\) \{\}$/
    )
  })

  it("src/internal/: exports need no doc comment (not on the API site), but a tag there is still checked", () => {
    const f = fixture("0.0.0", documented("0.1.0"), { "a.md": change("minor") })
    mkdirSync(join(f.pkg, "src", "internal", "kernel"), { recursive: true })
    writeFileSync(
      join(f.pkg, "src", "internal", "kernel", "b.ts"),
      "export const b = 1\n\n/** @since 0.2.0 */\nexport const c = 2\n"
    )
    const problems = sinceProblems(f.pkg, { changesets: f.changesets, requireOnExports: true })
    assert.strictEqual(problems.length, 1, problems.join("\n"))
    assert.match(
      problems[0] ?? "",
      /src\/internal\/kernel\/b\.ts:3: "@since 0\.2\.0", but @x\/pkg will publish 0\.1\.0/
    )
  })
})
