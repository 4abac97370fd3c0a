/**
 * The docs' front matter is front matter (issue 21.5: docs/guides/installing.md began with
 * `---` and then `## title: Installing Bulwark`, a front matter block that a Markdown formatter
 * had read as a heading; TypeDoc then showed neither the title nor a clean page). biome.json
 * parses front matter (`markdown.parser.frontmatter`), so formatting keeps it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, expect, it } from "@effect/vitest"

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

/**
 * The API site renders a namespace export's overview (issue 31, point 5): for `export * as
 * Kernel from "./Kernel.js"` TypeDoc takes the file's first comment as the namespace's page text
 * only when it carries `@module`; without it the Kernel page was a bare list and the algorithm
 * told at the top of Kernel.ts was nowhere on the site.
 */
const namespaceModules = (): Array<string> =>
  ["core", "scenario", "mtg", "riftbound", "berserk", "fab"].flatMap((p) => {
    const index = readFileSync(join(root, "packages", p, "src", "index.ts"), "utf8")
    return [...index.matchAll(/export \* as \w+ from "\.\/([^"]+)\.js"/g)].map((m) =>
      join("packages", p, "src", `${m[1]}.ts`)
    )
  })

/** Why TypeDoc would not render this file's first comment as its module overview, or undefined. */
const overviewProblem = (text: string): string | undefined => {
  if (!text.startsWith("/**")) return "does not start with a /** comment"
  const first = text.slice(0, text.indexOf("*/"))
  return /^\s*\*\s*@module\b/m.test(first) ? undefined : "its first comment has no @module tag"
}

describe("namespace overviews on the API site", () => {
  it("a first comment without @module is caught", () => {
    expect(overviewProblem("/**\n * The kernel.\n *\n * @since 0.1.0\n */\nimport x from 'y'\n")).toBe(
      "its first comment has no @module tag"
    )
    expect(overviewProblem("/**\n * The kernel.\n * @module\n */\n")).toBeUndefined()
    // a later comment's @module is not the file's overview
    expect(overviewProblem("/** one */\n/**\n * @module\n */\n")).toBe("its first comment has no @module tag")
  })

  it("Kernel, Chooser and Resolver are namespace exports of core", () => {
    const names = namespaceModules()
    for (const m of ["Kernel", "Chooser", "Resolver"])
      expect(names).toContain(join("packages", "core", "src", `${m}.ts`))
  })

  for (const file of namespaceModules())
    it(`${file}: its overview is rendered (@module)`, () => {
      expect(overviewProblem(readFileSync(join(root, file), "utf8"))).toBeUndefined()
    })
})
