/**
 * Every pending changeset can be versioned: `changeset version` (and `changeset status`) refuse
 * the whole release when one changeset mixes a private package with public ones ("Mixed
 * changesets that contain both ignored and not ignored packages are not allowed") — one did, and
 * nothing caught it until `changeset status` was run by hand.
 */
import { assert, describe, it } from "@effect/vitest"
import { allChangesetProblems, changesetProblems, workspacePackages } from "../changesets.mjs"

const packages = workspacePackages()

describe("pending changesets", () => {
  it("the workspace's packages are known, private ones as private", () => {
    assert.strictEqual(packages.get("@bulwark/core"), false)
    assert.strictEqual(packages.get("@bulwark/testing"), true)
    assert.strictEqual(packages.get("@bulwark/playground"), true)
  })

  it("every pending changeset can be versioned", () => {
    assert.deepStrictEqual(allChangesetProblems(), [])
  })

  it("a good changeset has no problem", () => {
    assert.deepStrictEqual(
      changesetProblems(
        "ok.md",
        '---\n"@bulwark/core": minor\n"@bulwark/fab": patch\n---\n\ntext\n',
        packages
      ),
      []
    )
    // only private packages: changesets skips it, no error
    assert.deepStrictEqual(
      changesetProblems("p.md", '---\n"@bulwark/playground": minor\n---\n\nx\n', packages),
      []
    )
  })

  it("the changeset that blocked the release: a private package beside public ones", () => {
    const problems = changesetProblems(
      "mixed.md",
      '---\n"@bulwark/core": patch\n"@bulwark/fab": patch\n"@bulwark/testing": patch\n---\n\ntext\n',
      packages
    )
    assert.strictEqual(problems.length, 1, problems.join("\n"))
    assert.include(
      problems[0],
      "mixed.md: mixes private @bulwark/testing with public @bulwark/core, @bulwark/fab"
    )
  })

  it("an unknown package, a wrong bump, no front matter", () => {
    assert.deepStrictEqual(changesetProblems("u.md", '---\n"@bulwark/cor": minor\n---\n', packages), [
      'u.md: "@bulwark/cor" is not a package of the workspace'
    ])
    assert.deepStrictEqual(changesetProblems("b.md", '---\n"@bulwark/core": feature\n---\n', packages), [
      'b.md: "@bulwark/core" has bump "feature"; expected major, minor or patch'
    ])
    assert.strictEqual(changesetProblems("n.md", "just text\n", packages).length, 1)
  })
})
