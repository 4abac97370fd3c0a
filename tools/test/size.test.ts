/**
 * The size check of the lint step (issue 30 point 2): "No source file over 1 000 lines and no
 * function over 150 lines in packages/*\/src and apps/*\/src (a check in the lint step, so it stays
 * true)". The limits are tested at their edge on throwaway files, for every kind of function the
 * check counts, and the repository itself is checked.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import {
  checkedDirs,
  functionsOf,
  lineCount,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  PENDING,
  sizeProblems
} from "../size-check.mjs"

/** A throwaway directory holding `files` (name → text); the problems the check finds in it. */
const check = (files: Record<string, string>): Array<string> => {
  const dir = mkdtempSync(join(tmpdir(), "bulwark-size-"))
  mkdirSync(join(dir, "src"))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "src", name), text)
  return sizeProblems([join(dir, "src")], { base: dir, pending: new Set() })
}

/** `n` lines of statements (each its own line). */
const statements = (n: number): string =>
  Array.from({ length: n }, (_, i) => `  const v${i} = ${i}`).join("\n")

/** Functions of exactly `lines` lines (from the line they start on to the line they end on), by kind. */
const kinds = {
  "a function declaration": (lines: number) => `export function f() {\n${statements(lines - 2)}\n}\n`,
  "an arrow function": (lines: number) => `export const f = () => {\n${statements(lines - 2)}\n}\n`,
  "a class method": (lines: number) => `export class C {\n  m() {\n${statements(lines - 2)}\n  }\n}\n`,
  "an object method": (lines: number) => `export const o = {\n  m() {\n${statements(lines - 2)}\n  }\n}\n`,
  "a function expression": (lines: number) => `export const f = function () {\n${statements(lines - 2)}\n}\n`
} as const

describe("size check", () => {
  it("limits: files at most 1000 lines, functions at most 150", () => {
    assert.strictEqual(MAX_FILE_LINES, 1000)
    assert.strictEqual(MAX_FUNCTION_LINES, 150)
  })

  it("a file of 1001 lines fails; one of 1000 passes", () => {
    const lines = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `export const v${i} = ${i}`).join("\n")}\n`
    assert.strictEqual(lineCount(lines(1001)), 1001)
    assert.deepStrictEqual(check({ "big.ts": lines(1001) }), [
      "src/big.ts:1: the file has 1001 lines (at most 1000): split it by concept"
    ])
    assert.deepStrictEqual(check({ "ok.ts": lines(1000) }), [])
  })

  it("lines are counted as wc -l counts them, and a last line without a newline counts", () => {
    assert.strictEqual(lineCount(""), 0)
    assert.strictEqual(lineCount("a\n"), 1)
    assert.strictEqual(lineCount("a\nb"), 2)
    assert.strictEqual(lineCount("a\n\n"), 2)
  })

  for (const [kind, make] of Object.entries(kinds))
    it(`${kind} of 151 lines fails; one of 150 passes`, () => {
      const counted = functionsOf(make(151)).map((f) => f.lines)
      assert.include(counted, 151)
      const problems = check({ "long.ts": make(151) })
      assert.strictEqual(problems.length, 1)
      assert.match(problems[0] ?? "", /^src\/long\.ts:\d+: function \S+ has 151 lines \(at most 150\)/)
      assert.deepStrictEqual(check({ "ok.ts": make(150) }), [])
    })

  it("names the function and the line it starts on", () => {
    const text = `// a comment\n\nexport const parse = (s: string) => {\n${statements(149)}\n}\n`
    assert.deepStrictEqual(functionsOf(text), [{ name: "parse", line: 3, lines: 151 }])
  })

  it("a function inside another counts for itself and for the one around it", () => {
    const text = `export const outer = () => {\n  const inner = () => {\n${statements(149)}\n  }\n  return inner\n}\n`
    const found = functionsOf(text)
    assert.deepStrictEqual(
      found.map((f) => [f.name, f.lines]),
      [
        ["outer", 154],
        ["inner", 151]
      ]
    )
  })

  it("only the pending splits are skipped, and no split is pending", () => {
    assert.deepStrictEqual([...PENDING], [])
    const dir = mkdtempSync(join(tmpdir(), "bulwark-size-"))
    mkdirSync(join(dir, "src"))
    writeFileSync(join(dir, "src", "wip.ts"), kinds["an arrow function"](151))
    assert.deepStrictEqual(
      sizeProblems([join(dir, "src")], { base: dir, pending: new Set(["src/wip.ts"]) }),
      []
    )
    assert.strictEqual(sizeProblems([join(dir, "src")], { base: dir, pending: new Set() }).length, 1)
  })

  it("the repository: no file over 1000 lines, no function over 150 (packages/*/src, apps/*/src)", () => {
    const dirs = checkedDirs()
    assert.isTrue(dirs.some((d) => d.endsWith(join("packages", "core", "src"))))
    assert.isTrue(dirs.some((d) => d.endsWith(join("apps", "cli", "src"))))
    assert.deepStrictEqual(sizeProblems(dirs), [])
  })
})
