/**
 * The JSDoc examples run (issue 30 point 7): "The JSDoc examples are type-checked today but their
 * stated results are not: run them and assert what their `// →` comments claim, so an example
 * can't drift from the code." The rule for what a comment claims is tested on its own, and a
 * throwaway package shows a wrong claim failing with its file and line, and a right one passing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, assert, describe, it } from "@effect/vitest"
import { checkPackage, claimOf, claimsOf } from "../doc-examples.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")
const made: Array<string> = []
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true })
})

/** A throwaway package (inside the repository, so it finds the repository's tsconfig and types) with one source file. */
const fixture = (source: string): string => {
  const cache = join(root, "node_modules", ".cache")
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(join(cache, "doc-examples-"))
  made.push(dir)
  mkdirSync(join(dir, "src"))
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "@x/claims", version: "0.0.0", type: "module" })
  )
  writeFileSync(join(dir, "src", "a.ts"), source)
  return dir
}

/** A source file whose one export has `example` (lines of code) as its `@example`. */
const documented = (example: ReadonlyArray<string>) =>
  `/**\n * A value.\n *\n * @example\n * \`\`\`ts\n${example.map((l) => ` * ${l}`).join("\n")}\n * \`\`\`\n */\nexport const a = 1\n`

describe("doc examples: stated results", () => {
  it("a claim is a JSON-ish literal after an optional →, optionally with a remark (in parentheses, or after a colon)", () => {
    assert.deepStrictEqual(claimOf("// 2")?.value, 2)
    assert.deepStrictEqual(claimOf("// → true")?.value, true)
    assert.deepStrictEqual(claimOf('// ["e-a", "e-b"]')?.value, ["e-a", "e-b"])
    assert.deepStrictEqual(claimOf('// { id: "s", amount: -2, to: null }')?.value, {
      id: "s",
      amount: -2,
      to: null
    })
    assert.deepStrictEqual(claimOf("// undefined (anchors are left to the full parser)")?.text, "undefined")
    assert.deepStrictEqual(claimOf("// false: `half` needs `round`")?.value, false)
    assert.deepStrictEqual(claimOf('// "A": the turn player orders')?.value, "A")
    assert.isTrue(Number.isNaN(claimOf("// NaN")?.value as number))
  })

  it("any other comment is prose and claims nothing", () => {
    for (const prose of [
      "// Result.fail([{ path: [] }])",
      "// [] when every kind spells the common fields as core does",
      "// Result<Ruleset.Compiled, Errors.ScenarioInvalid>",
      "// the shield is used up",
      "// f(1)",
      "// [...xs]",
      "//"
    ])
      assert.isUndefined(claimOf(prose), prose)
  })

  it("a claim follows a top-level expression statement, on its line or alone on the next", () => {
    const code = [
      "const x = 1 // 1",
      "x + 1 // 2",
      "Array.of(x, x)",
      "// [1, 1]",
      "x // the value",
      "console.log(x) // 1"
    ].join("\n")
    assert.deepStrictEqual(
      claimsOf(code).map((c) => [c.line, code.slice(c.start, c.end), c.value]),
      [
        [1, "x + 1", 2],
        [3, "Array.of(x, x)", [1, 1]],
        [5, "x", 1]
      ]
    )
  })

  it("a wrong claim fails with the file and line of the claim; a right one passes", async () => {
    const wrong = fixture(documented(["const n = 1 + 1", "n // 2", "n * 2 // 5"]))
    const r = await checkPackage(wrong)
    assert.isFalse(r.ok)
    assert.strictEqual(r.claims, 2)
    // the snippet's first line is line 6 of a.ts, its third line 8
    assert.strictEqual(
      r.output,
      `${relative(root, join(wrong, "src", "a.ts"))}:8: the example says 5, it evaluates to 4`
    )
    const right = fixture(
      documented(["const n = 1 + 1", "n // 2", "n * 2 // 4", "const o = { a: [n] }", "o // { a: [2] }"])
    )
    const ok = await checkPackage(right)
    assert.strictEqual(ok.output, "")
    assert.isTrue(ok.ok)
    assert.strictEqual(ok.claims, 3)
  })

  it("an example that throws fails with its file and line; one with `declare` is not run", async () => {
    const throws = fixture(documented(["const f = (): number => { throw new Error('no') }", "f() // 1"]))
    const r = await checkPackage(throws)
    assert.isFalse(r.ok)
    assert.strictEqual(r.output, `${relative(root, join(throws, "src", "a.ts"))}:6: the example throws: no`)
    const declared = fixture(documented(["declare const n: number", "n // 2"]))
    const d = await checkPackage(declared)
    assert.isTrue(d.ok)
    assert.strictEqual(d.claims, 0)
    assert.strictEqual(d.unrun, 1)
  })
})
