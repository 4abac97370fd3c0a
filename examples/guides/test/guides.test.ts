import { existsSync, readdirSync, readFileSync } from "node:fs"
import { assert, describe, it } from "@effect/vitest"
import { blocksOf } from "../../../tools/guide-snippets.mjs"

const root = new URL("../../../", import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), "utf8")

/** The guides without a program of their own: the installation notes and the road to a new game. */
const WITHOUT_CODE = ["installing.md", "adding-a-game.md"]

/** Every page of docs/guides/. */
const pages = readdirSync(new URL("docs/guides/", root))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/guides/${f}`)

/** The guides with code: every page of docs/guides/ but those without a program. */
const guides = pages.filter((p) => !WITHOUT_CODE.some((f) => p.endsWith(`/${f}`)))

const REPO = "https://github.com/bulwark-engine/bulwark/blob/main/"
const GUIDES = ["sync-loop", "async-chooser", "stored-pending", "replay-audit", "own-card"]

/**
 * The guides' code is the code of examples/guides/src, which this package type-checks and tests.
 * If a block differs: `node tools/guide-snippets.mjs --write <guide>`. docs/programs.md holds each
 * guide's whole program, for the API site (issue 31, point 6).
 */
describe("docs/guides", () => {
  it("has the five guides", () => {
    assert.sameMembers(
      guides,
      GUIDES.map((g) => `docs/guides/${g}.md`)
    )
  })
  for (const guide of guides) {
    describe(guide, () => {
      const blocks = blocksOf(guide)
      it("shows TypeScript only as blocks included from a tested file", () => {
        const tsBlocks = (read(guide).match(/^```(ts|typescript)$/gm) ?? []).length
        assert.isAbove(tsBlocks, 0)
        assert.strictEqual(blocks.length, tsBlocks, "a ```ts block without an include marker is not tested")
        for (const b of blocks) assert.match(b.file, /^examples\/guides\/src\//)
      })
      for (const b of blocks) {
        it(`block ${b.file}#${b.region ?? "(whole file)"} is the file's code`, () => {
          assert.strictEqual(b.inGuide, b.inFile)
        })
      }
    })
  }
  describe("docs/programs.md", () => {
    const blocks = blocksOf("docs/programs.md")
    it("holds each guide's whole program, so the API site has every line a guide quotes", () => {
      assert.sameOrderedMembers(
        blocks.map((b) => `${b.file}#${b.region ?? "(whole file)"}`),
        GUIDES.map((g) => `examples/guides/src/${g}.ts#(whole file)`)
      )
      for (const g of GUIDES) assert.include(read("docs/programs.md"), `](guides/${g}.md)`)
    })
    for (const b of blocks)
      it(`${b.file} is the file's code`, () => {
        assert.strictEqual(b.inGuide, b.inFile)
      })
  })
  for (const page of pages)
    it(`${page} links files of the repository with absolute URLs that exist (the page is read on npm too)`, () => {
      for (const m of read(page).matchAll(/\]\((https:\/\/github\.com\/[^)]+)\)/g)) {
        const url = String(m[1])
        assert.isTrue(url.startsWith(REPO), url)
        assert.isTrue(
          existsSync(new URL(url.slice(REPO.length).replace(/#.*$/, ""), root)),
          `${url} points at nothing`
        )
      }
    })
})

/** npm shows a package's README: its first screen must lead to every guide. */
describe("package READMEs link the guides on their first screen", () => {
  const readmes = [
    "packages/core/README.md",
    "packages/scenario/README.md",
    "packages/mtg/README.md",
    "packages/riftbound/README.md",
    "packages/berserk/README.md",
    "packages/fab/README.md",
    "apps/cli/README.md"
  ]
  for (const readme of readmes) {
    it(readme, () => {
      const firstScreen = read(readme).split("\n").slice(0, 30).join("\n")
      for (const g of GUIDES) assert.include(firstScreen, `](${REPO}docs/guides/${g}.md)`, `${readme}: ${g}`)
    })
  }
  it("the core and mtg quick examples are the tested files", () => {
    for (const [readme, file] of [
      ["packages/core/README.md", "examples/guides/src/readme/core.ts"],
      ["packages/mtg/README.md", "examples/guides/src/readme/mtg.ts"]
    ] as const) {
      const block = blocksOf(readme).find((b) => b.file === file)
      assert.isDefined(block, `${readme} includes ${file}`)
      assert.strictEqual(block?.inGuide, block?.inFile)
    }
  })
})
