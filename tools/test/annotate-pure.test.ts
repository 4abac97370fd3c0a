/**
 * The build step that marks calls made at import `/*#__PURE__*\/` (issue 31.4: the libraries
 * tree-shake with esbuild): what it annotates, what it refuses, and the source map it shifts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { annotateFile, shiftMappings, sites } from "../annotate-pure.mjs"

const annotated = (text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), "bulwark-pure-")), "a.js")
  writeFileSync(file, text)
  const r = annotateFile(file, true)
  return { ...r, text: readFileSync(file, "utf8") }
}

describe("annotate-pure", () => {
  it("marks the calls of top-level initializers, extends clauses and static fields", () => {
    const r = annotated(
      [
        "export const A = S.Struct({ a: S.optional(S.String) })",
        "export class E extends S.TaggedErrorClass()('E', {}) { static layer = L.succeed(1) }",
        "const cache = new WeakMap()"
      ].join("\n")
    )
    assert.strictEqual(
      r.text,
      [
        "export const A = /*#__PURE__*/ S.Struct({ a: /*#__PURE__*/ S.optional(S.String) })",
        "export class E extends /*#__PURE__*/ S.TaggedErrorClass()('E', {}) { static layer = /*#__PURE__*/ L.succeed(1) }",
        "const cache = /*#__PURE__*/ new WeakMap()"
      ].join("\n")
    )
    assert.deepStrictEqual(r.work, [])
  })

  it("leaves calls inside functions and already marked calls alone, and is idempotent", () => {
    const text =
      "export const f = (x) => g(x)\nexport const B = /*#__PURE__*/ h()\nfunction k() { return m() }\n"
    assert.deepStrictEqual(sites("a.js", text).offsets, [])
    const once = annotated("export const C = h(1)\n").text
    assert.strictEqual(annotated(once).text, once)
  })

  it("reports a top-level statement (work at import) instead of annotating it", () => {
    const r = annotated("register(1)\nexport const D = 1\n")
    assert.strictEqual(r.text, "register(1)\nexport const D = 1\n")
    assert.strictEqual(r.work.length, 1)
    assert.match(r.work[0] ?? "", /a\.js:1: register\(1\)/)
  })

  it("shifts a source map's generated columns past each insertion on its line", () => {
    // line 0: segments at columns 0, 10 and 20 (each a delta, first field); one insertion of 14 at 10
    const mappings = "AAAA,UAAU,UAAU;AACA"
    // columns 0, 24 (10 + 14), 34 (20 + 14): deltas 0, 24, 10; line 1 untouched
    assert.strictEqual(shiftMappings(mappings, [[0, 10]], 14), "AAAA,wBAAU,UAAU;AACA")
  })
})
