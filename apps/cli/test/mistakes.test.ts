/**
 * One mistake, one problem (issue 16, point 3) over the four real rulesets: every kind of
 * mistake in `mistakes.ts`, made in a bundled scenario of each game (the first one where it can
 * be made), gives exactly one problem, at the path of the mistake, on its line, with a "did you
 * mean" naming the right word where the wrong one is a typo of it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { parseDocument } from "yaml"
import * as Registry from "./installed.js"
import { linesOf, mistakes, type Problem, problemsOf } from "./mistakes.js"

/** Every installed ruleset (none listed by hand). */
const IDS = Registry.ids

const bundled = (id: string): ReadonlyArray<{ readonly file: string; readonly text: string }> => {
  const dir = Registry.scenariosOf(id)
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => ({ file: f, text: readFileSync(join(dir, f), "utf8") }))
}

describe("one mistake, one problem, in every ruleset's files", () => {
  const applied = new Map<string, Array<string>>()
  for (const id of IDS) {
    const ruleset = Registry.find(id)
    const words = ruleset?.language
    it(`${id} speaks the one language`, () => assert.isDefined(words, `${id} has no language yet`))
    if (ruleset === undefined || words === undefined) continue
    const bases = bundled(id).filter((b) => problemsOf(b.text, Registry.installed).length === 0)
    it(`${id}: its bundled scenarios load (the mistakes are made in them)`, () =>
      assert.isAbove(bases.length, 0))
    for (const m of mistakes) {
      let found: { file: string; text: string; expected: ReturnType<typeof m.make> & object } | undefined
      for (const b of bases) {
        const doc = parseDocument(b.text)
        const expected = m.make(doc, words)
        if (expected !== undefined) {
          found = { file: b.file, text: doc.toString({ lineWidth: 0 }), expected }
          break
        }
      }
      if (found === undefined) continue
      const list = applied.get(m.name) ?? []
      list.push(id)
      applied.set(m.name, list)
      const { file, text, expected } = found
      it(`${id}: ${m.name} (${file})`, () => {
        const ps = problemsOf(text, Registry.installed)
        const shown = ps.map((p) => `${p.path} ${p.line}:${p.column}: ${p.message}`).join("\n")
        assert.strictEqual(ps.length, 1, `expected one problem, got ${ps.length}:\n${shown}`)
        const p = ps[0] as Problem
        assert.strictEqual(p.path, expected.path, shown)
        const lines = linesOf(text, expected.path)
        if (lines.length > 0) assert.include(lines, p.line, `line of ${expected.path}: ${shown}`)
        else assert.isAbove(p.line, 0, shown)
        assert.isAbove(p.column, 0, shown)
        if (expected.suggests !== undefined)
          assert.include(p.message, `did you mean ${JSON.stringify(expected.suggests)}?`, shown)
        if (expected.says !== undefined) assert.include(p.message, expected.says, shown)
      })
    }
  }
  it("at least 20 kinds of mistake, each made in at least one ruleset, most in every ruleset", () => {
    assert.isAtLeast(mistakes.length, 20)
    for (const m of mistakes) assert.isDefined(applied.get(m.name), `never made: ${m.name}`)
    for (const id of IDS) {
      const n = [...applied.values()].filter((ids) => ids.includes(id)).length
      assert.isAtLeast(n, 20, `${id}: only ${n} kinds of mistake could be made in its files`)
    }
  })
})
