/**
 * The docs' front matter is front matter (issue 21.5: docs/guides/installing.md began with
 * `---` and then `## title: Installing Bulwark`, a front matter block that a Markdown formatter
 * had read as a heading; TypeDoc then showed neither the title nor a clean page). biome.json
 * parses front matter (`markdown.parser.frontmatter`), so formatting keeps it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")

/** Problems with a Markdown file's front matter; none when it has none or a well-formed one. */
const frontMatterProblems = (text: string): Array<string> => {
  if (!text.startsWith("---")) return []
  const lines = text.split(/\r?\n/)
  const end = lines.indexOf("---", 1)
  if (lines[0] !== "---" || end < 0) return ["starts with --- but no closing --- line"]
  const body = lines.slice(1, end)
  if (body.length === 0) return ["empty front matter"]
  return body
    .map((l, i) => (/^[A-Za-z][\w-]*:\s*\S/.test(l) ? undefined : `line ${i + 2}: not "key: value": ${l}`))
    .filter((p): p is string => p !== undefined)
}

const markdown = (dir: string): Array<string> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md") && !f.includes("node_modules"))
    .map((f) => join(dir, f))

describe("docs front matter", () => {
  it("the mangled form is caught", () => {
    assert.deepStrictEqual(
      frontMatterProblems("---\n\n## title: Installing Bulwark\n\n# Installing Bulwark\n"),
      ["starts with --- but no closing --- line"]
    )
    assert.deepStrictEqual(frontMatterProblems("---\n## title: X\n---\n"), [
      'line 2: not "key: value": ## title: X'
    ])
    assert.deepStrictEqual(
      frontMatterProblems("---\ntitle: Installing Bulwark\n---\n\n# Installing Bulwark\n"),
      []
    )
  })

  it("installing.md has its title", () => {
    assert.isTrue(
      readFileSync(join(root, "docs", "guides", "installing.md"), "utf8").startsWith(
        "---\ntitle: Installing Bulwark\n---\n"
      )
    )
  })

  for (const file of markdown(join(root, "docs")))
    it(relative(root, file), () => {
      assert.deepStrictEqual(frontMatterProblems(readFileSync(file, "utf8")), [])
    })
})
