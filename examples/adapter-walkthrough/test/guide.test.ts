import { assert, describe, it } from "@effect/vitest"
import { blocksOf } from "../../../tools/guide-snippets.mjs"

/**
 * docs/writing-an-adapter.md quotes src/Duel.ts region by region. If this fails, the guide and
 * the code drifted apart: run `node tools/guide-snippets.mjs --write docs/writing-an-adapter.md`.
 */
describe("docs/writing-an-adapter.md", () => {
  const blocks = blocksOf("docs/writing-an-adapter.md")

  it("quotes every region of src/Duel.ts", () => {
    const regions = blocks.filter((b) => b.file.endsWith("src/Duel.ts")).map((b) => b.region)
    assert.deepStrictEqual(regions, ["imports", "effects", "rules", "language", "ruleset"])
  })

  for (const b of blocks) {
    it(`block ${b.file}#${b.region ?? "(whole file)"} is the file's code`, () => {
      assert.strictEqual(b.inGuide, b.inFile)
    })
  }
})
