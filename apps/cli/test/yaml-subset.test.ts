/**
 * The fast YAML reader (`YamlSubset`, issue 20 point 2: a 5 MB block-YAML scenario loads in
 * reasonable time and memory) means what the YAML parser means. The law: wherever the subset
 * reader returns a value, the `yaml` parser reads the same text without an error (a repeated key
 * is one) to the same value; everywhere else the subset reader returns nothing and the parser
 * reads the text. It is checked on every bundled scenario, the format-1 fixtures, the examples,
 * the hostile files, hand-written corner cases of the YAML 1.2 core schema and seeded fuzz cases;
 * three mutants (plausible bugs of a hand-written reader) show that it can fail. And problems are
 * located the same whichever reader took the file: on the mistakes corpus, every problem's path,
 * line, column and message is the one the YAML parser's route gives.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { isDeepStrictEqual } from "node:util"
import { YamlSubset } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { parseDocument } from "yaml"
import { corpus, makeCase } from "./fuzz.js"
import * as Registry from "./installed.js"
import { mistakes, problemsOf } from "./mistakes.js"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
const DEPTH = 100

const yamlFiles = (dir: string): Array<{ name: string; text: string }> => {
  const out: Array<{ name: string; text: string }> = []
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f)
      if (statSync(p).isDirectory()) {
        if (f !== "node_modules" && f !== "dist") walk(p)
      } else if (/\.ya?ml$/.test(f))
        out.push({ name: p.slice(root.length + 1), text: readFileSync(p, "utf8") })
    }
  }
  walk(dir)
  return out
}

/** Corner cases of YAML 1.2 (core schema) next to the subset's edges: each is read the same or left to the parser. */
const corners: ReadonlyArray<string> = [
  "a: b # a comment\n",
  "a: b#not a comment\n",
  'a: "b" # c\n',
  'a: "b"#c\n',
  "a: # nothing\nb: 1\n",
  "a:\n",
  "a:\nb:\n  - x\n  -\n  - y\n",
  "a:\n- x\n- y\nb: 2\n",
  "a:\n  - - x\n    - y\n  - z\n",
  "a:\n  - k: 1\n    l: 2\n  - k: 3\n",
  "a:\n  - k: 1\n      l: 2\n",
  "a:\n  - k:\n    - x\n    l: 1\n",
  "a: b\n  c\n",
  "a: [x, y, ]\n",
  "a: { k: 1, }\n",
  "a:\n  - {\n      k: 1,\n      l: [x, # c\n        y],\n    }\n",
  "a:\n  y: {\n  k: 1\n  }\n",
  "a: [x\n  y]\n",
  "a: { id: e1:U }\n",
  "a: [x:y]\n",
  "a: [x: y]\n",
  "a: { k: a:, l: 1 }\n",
  'a: ["k":v]\n',
  "a: b: c\n",
  "a: http://example.org\n",
  "a: b:\n",
  'a: "x\\ty\\u00e9\\"\\\\"\n',
  'a: "\\x41"\n',
  'a: "multi\n  line"\n',
  "a: 'it''s'\n",
  "a: 'x\\n'\n",
  "a: 007\nb: -0\nc: 0o7\nd: 0x1F\ne: +3\n",
  "a: 1.50\nb: -0.5\nc: 1e3\nd: .5\ne: 1.\n",
  "a: .inf\nb: .nan\nc: NaN\nd: -Infinity\n",
  "a: 123456789012345\nb: 1234567890123456\n",
  "a: true\nb: True\nc: TRUE\nd: yes\ne: no\nf: on\n",
  "a: null\nb: Null\nc: ~\nd: NULL\ne: nil\n",
  "true: 1\n",
  "null: 1\n",
  "Yes: 1\n",
  "a: x\u00a0\n",
  "a: [x\u00a0]\n",
  "a: удар\nорк: 1\n",
  "a: Jace's Ruse\n",
  "a: x, y\n",
  "a: x [y]\n",
  "a: &x 1\nb: *x\n",
  "a: !!str 1\n",
  "a: |\n  text\n",
  "a: >\n  text\n",
  "? a\n: 1\n",
  "---\na: 1\n",
  "a: 1\n...\n",
  "%YAML 1.2\n---\na: 1\n",
  "a: 1\na: 2\n",
  "a: { k: 1, k: 2 }\n",
  "__proto__: 1\n",
  "a: { __proto__: 1 }\n",
  "constructor: 1\ntoString: 2\n",
  "a: 1\n b: 2\n",
  " a: 1\n",
  "- a\n",
  "[a]\n",
  "{ a: 1 }\n",
  "",
  "# only a comment\n",
  "a:\tb\n",
  "a: b\r\n",
  "\ufeffa: 1\n",
  "a: [[[[x]]]]\n",
  `a: ${"[".repeat(150)}${"]".repeat(150)}\n`,
  `${Array.from({ length: 120 }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n")} 1\n`,
  `a: "${"x".repeat(2000)}"\n`,
  `${"k".repeat(1100)}: 1\n`,
  "a: \u2028\n",
  'a: "\u2028"\n',
  "a: x # c\n# c\n  # c\nb: y\n\n\n",
  "a:\n  b:\n    c: 1\n  d: 2\ne: 3\n"
]

/** Seeded fuzz cases (the fuzzer's generator, its CI seed): mutated bundled scenarios and generated files. */
const fuzzed = (n: number): Array<{ name: string; text: string }> => {
  const files = corpus(Registry.scenarioFolders)
  return Array.from({ length: n }, (_, i) => {
    const c = makeCase(20, i, files, Registry.installed)
    return { name: `${c.name} (${c.how})`, text: c.text }
  })
}

type Reader = (text: string) => unknown

/** The law for one text: a value from `read` is the parser's value of an error-free document. */
const lawBreak = (read: Reader, text: string): string | undefined => {
  const fast = read(text)
  if (fast === undefined) return undefined
  const doc = parseDocument(text)
  if (doc.errors.length > 0) return `read a text the YAML parser refuses: ${doc.errors[0]?.message}`
  const full: unknown = doc.toJS()
  if (!isDeepStrictEqual(fast, full))
    return `read ${JSON.stringify(fast)?.slice(0, 300)}, the YAML parser ${JSON.stringify(full)?.slice(0, 300)}`
  return undefined
}

const breaks = (read: Reader, texts: ReadonlyArray<{ name: string; text: string }>): Array<string> =>
  texts.flatMap((t) => {
    const b = lawBreak(read, t.text)
    return b === undefined ? [] : [`${t.name}: ${b}`]
  })

const subset: Reader = (text) => YamlSubset.read(text, DEPTH)

const bundled = [
  ...yamlFiles(join(root, "packages")).filter((f) => /[\\/]scenarios[\\/]/.test(f.name)),
  ...yamlFiles(join(root, "apps", "cli", "test", "format1")),
  ...yamlFiles(join(root, "examples"))
]
const hostile = yamlFiles(join(root, "apps", "cli", "test", "hostile"))
const cornerCases = corners.map((text, i) => ({
  name: `corner ${i}: ${JSON.stringify(text).slice(0, 60)}`,
  text
}))

describe("the subset reader means what the YAML parser means", () => {
  it("there are files to compare, and most bundled scenarios are in the subset", () => {
    assert.isAbove(bundled.length, 100)
    const taken = bundled.filter((f) => subset(f.text) !== undefined).length
    assert.isAbove(taken, bundled.length / 2, `only ${taken} of ${bundled.length} read by the subset`)
  })

  it("every bundled scenario, format-1 fixture and example", () =>
    assert.deepStrictEqual(breaks(subset, bundled), []))

  it("every hostile file", () => assert.deepStrictEqual(breaks(subset, hostile), []))

  it("every corner case, and the subset takes the plain ones", () => {
    assert.deepStrictEqual(breaks(subset, cornerCases), [])
    // not vacuous: the ordinary forms are read by the subset itself
    for (const text of [corners[0], corners[6], corners[7], corners[15], corners[18], corners[29]])
      assert.isDefined(subset(text as string), JSON.stringify(text))
  })

  it("1 000 seeded fuzz cases", () => {
    const cases = fuzzed(1_000).filter((c) => !c.name.includes(".json"))
    assert.isAbove(cases.filter((c) => subset(c.text) !== undefined).length, 50)
    assert.deepStrictEqual(breaks(subset, cases), [])
  })
})

describe("the law catches a broken subset reader", () => {
  const all = [...bundled, ...cornerCases]

  it("one that reads a comment after a plain value as part of it", () => {
    // the mutant: ` #` is not seen as the start of a comment
    const mutant: Reader = (text) => subset(text.replace(/ #/g, " \\#"))
    assert.isNotEmpty(breaks(mutant, all))
  })

  it("one that trims every kind of whitespace from a plain value (YAML keeps a no-break space)", () => {
    const mutant: Reader = (text) => subset(text.replace(/\u00a0+$/gm, ""))
    assert.isNotEmpty(breaks(mutant, cornerCases))
  })

  it("one that keeps the last of two repeated keys, as JSON.parse does", () => {
    const mutant: Reader = (text) => {
      const fast = subset(text)
      if (fast !== undefined) return fast
      const doc = parseDocument(text, { uniqueKeys: false })
      return doc.errors.length === 0 ? doc.toJS() : undefined
    }
    assert.isNotEmpty(breaks(mutant, cornerCases))
  })
})

describe("problems are located the same whichever reader took the file", () => {
  const texts: Array<{ name: string; text: string }> = []
  for (const id of Registry.ids) {
    const words = Registry.find(id)?.language
    if (words === undefined) continue
    const files = yamlFiles(Registry.scenariosOf(id))
    for (const m of mistakes)
      for (const f of files) {
        const doc = parseDocument(f.text)
        if (m.make(doc, words) !== undefined) {
          texts.push({ name: `${id}: ${m.name} (${f.name})`, text: doc.toString({ lineWidth: 0 }) })
          break
        }
      }
  }
  // the same text, ending with a document end marker (`...`): the subset leaves it to the parser
  const viaParser = (text: string) => `${text}...\n`
  const fast = texts.filter((t) => subset(t.text) !== undefined)

  it("the mistakes corpus is mostly read by the subset, and the marked copies by the parser", () => {
    assert.isAbove(fast.length, texts.length / 2, `${fast.length} of ${texts.length}`)
    for (const t of fast) assert.isUndefined(subset(viaParser(t.text)), t.name)
  })

  for (const t of fast)
    it(t.name, () => {
      const ps = problemsOf(t.text, Registry.installed)
      assert.isNotEmpty(ps)
      assert.deepStrictEqual(ps, problemsOf(viaParser(t.text), Registry.installed))
    })
})
