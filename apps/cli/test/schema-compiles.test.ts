/**
 * The schema is what compiles (issue 28, point 6): `bulwark schema <game>` accepts exactly the
 * files that load. Over the bundled scenarios, the mistakes corpus (each mistake made in each
 * game's files) and generated files (the fuzz corpus), both directions:
 *
 * 1. every file that loads validates against its game's JSON schema;
 * 2. a file the schema accepts loads, or fails only for one of the reasons a JSON Schema can't
 *    express, listed in `BEYOND_JSON_SCHEMA` below (each a test of the file against itself or
 *    against the game's rules, never a shape).
 *
 * A mutant schema (the occurrence kinds' or the categories' enum dropped, or a selector form
 * dropped) fails it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Ajv2020 } from "ajv/dist/2020.js"
import { Result } from "effect"
import { parse, parseDocument } from "yaml"
import { scenarioJsonSchema } from "../src/schema.js"
import { isHuge, makeCase } from "./fuzz.js"
import * as Registry from "./installed.js"
import { mistakes } from "./mistakes.js"

type Json = Record<string, unknown>

/**
 * Why a file the schema accepts may still not load — what a JSON Schema can't say:
 */
const BEYOND_JSON_SCHEMA: ReadonlyArray<readonly [string, RegExp]> = [
  // ids: a name must be one the file defines (a player, an object, an effect), once
  ["an id the file does not define", /unknown (id|player|object|card|unit|player or object)\b/],
  ["an id defined twice", /already used|duplicate|defined twice|more than once|twice/],
  ["a name in expect: the file does not define", /unknown (event|occurrence|effect|query|name)/],
  // words that depend on the file's own objects or on what a step names
  ["a type or keyword no object of the file has", /unknown (type|keyword) /],
  [
    "update: set: keys depend on whether the target is a player or an object",
    /unknown (player|object) property/
  ],
  // a guard everywhere, on ids in values as on keys (prototype pollution)
  ["a reserved name (__proto__, constructor, prototype) as an id or a key", /is a reserved name/]
]
/**
 * And, by the error's tag: a game rule refusing the situation when it is compiled (a card has one
 * type, Riftbound 465.2.c.4, …: `CompileFailed`), a size limit (`LimitExceeded`), a file that
 * is not the YAML subset (`MalformedFile`), or a format-1 file (`OutdatedFormat`).
 */
const RULE_TAGS = ["CompileFailed", "LimitExceeded", "MalformedFile", "OutdatedFormat"]
const SHAPE_RULES: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "an amount expression's rules (one operator; round with half; of with prop)",
    /operator|`round`|`half`|`of`|`prop`/
  ],
  ["a number range (whole numbers, ≥ 0, safe integers)", /whole number|≥ 0|-\d|integer|safe/],
  ["the scenario YAML subset (anchors, tags, duplicate keys, …)", /YAML|anchor|alias|duplicate key|tag/]
]

const ajv = new Ajv2020({ strict: false, allErrors: false })
const schemas = new Map(Registry.ids.map((id) => [id, scenarioJsonSchema(Registry.find(id) as never)]))
const validators = new Map([...schemas].map(([id, s]) => [id, ajv.compile(s)]))

interface Case {
  readonly name: string
  readonly text: string
}

const bundled = (id: string): ReadonlyArray<Case> => {
  const dir = Registry.scenariosOf(id)
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => ({ name: `${id}/${f}`, text: readFileSync(join(dir, f), "utf8") }))
}

const allBundled = Registry.ids.flatMap(bundled)

const withMistakes = (): ReadonlyArray<Case> =>
  Registry.ids.flatMap((id) => {
    const words = Registry.find(id)?.language
    if (words === undefined) return []
    // each mistake made in the first two files of the game where it can be made (and in MTG-29)
    const files = bundled(id)
    return mistakes.flatMap((m) => {
      const out: Array<Case> = []
      for (const b of files) {
        if (out.length >= 2 && !b.name.includes("MTG-29")) continue
        const doc = parseDocument(b.text)
        if (m.make(doc, words) !== undefined)
          out.push({ name: `${b.name} + ${m.name}`, text: doc.toString({ lineWidth: 0 }) })
      }
      return out
    })
  })

let cached: ReadonlyArray<Case> | undefined
const mistakeCases = (): ReadonlyArray<Case> => {
  cached ??= withMistakes()
  return cached
}

const generated = (n: number): ReadonlyArray<Case> => {
  const files = allBundled.map((f) => ({ name: f.name, text: f.text }))
  return Array.from({ length: n }, (_, i) => i)
    .filter((i) => !isHuge(i))
    .map((i) => makeCase(7, i, files, Registry.installed))
}

/** What a case is: its document as YAML gives it, whether it loads, and why not. */
const verdict = (c: Case) => {
  let doc: unknown
  try {
    doc = parse(c.text, { maxAliasCount: 50 })
  } catch {
    return undefined
  }
  const ruleset = typeof doc === "object" && doc !== null ? (doc as Json).ruleset : undefined
  if (typeof ruleset !== "string" || !validators.has(ruleset)) return undefined
  const r = parseScenario(c.text, "case.yaml", Registry.installed)
  const failure = Result.isFailure(r)
    ? (r.failure as unknown as { _tag: string; message: string })
    : undefined
  return { doc, ruleset, loads: failure === undefined, failure }
}

/** Both directions over the cases, with `validate` (the real schema or a mutant): the broken cases. */
const broken = (
  cases: ReadonlyArray<Case>,
  validate: (ruleset: string, doc: unknown) => boolean
): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const c of cases) {
    const v = verdict(c)
    if (v === undefined) continue
    const valid = validate(v.ruleset, v.doc)
    if (v.loads && !valid)
      out.push(
        `${c.name}: loads, but the schema refuses it: ${JSON.stringify(validators.get(v.ruleset)?.errors?.slice(0, 2))}`
      )
    if (!v.loads && valid && v.failure !== undefined) {
      const why = v.failure.message
      const listed =
        RULE_TAGS.includes(v.failure._tag) ||
        [...BEYOND_JSON_SCHEMA, ...SHAPE_RULES].some(([, re]) => re.test(why))
      if (!listed)
        out.push(`${c.name}: the schema accepts it, but it fails to load for an unlisted reason: ${why}`)
    }
  }
  return out
}

const real = (ruleset: string, doc: unknown) => validators.get(ruleset)?.(doc) === true

describe("the schema is what compiles", () => {
  it("every bundled scenario loads and validates (direction 1 on the files users copy)", () => {
    assert.isAbove(allBundled.length, 100)
    assert.deepStrictEqual(broken(allBundled, real), [])
  })

  it("the mistakes corpus: a mistake the schema can say is refused by both; the others are listed", () => {
    const cases = mistakeCases()
    assert.isAbove(cases.length, 150)
    assert.deepStrictEqual(broken(cases, real), [])
  })

  it("generated files (the fuzz corpus, 150 cases): both directions", () => {
    assert.deepStrictEqual(broken(generated(150), real), [])
  })

  it("the schema lists the selector forms that compile: name contains, keywords, props, a comparison", () => {
    const s = schemas.get("fab") as { $defs: Record<string, Json> }
    const selector = ((s.$defs.Selector?.anyOf ?? []) as Array<Json>).find((b) => b.type === "object") as Json
    const props = selector.properties as Record<string, unknown>
    for (const k of ["name", "keywords", "types", "props", "power", "any", "not", "controller"])
      assert.property(props, k)
    assert.strictEqual(selector.additionalProperties, false)
    assert.isTrue(
      real("fab", {
        format: 4,
        ruleset: "fab",
        players: ["a"],
        effects: [
          {
            kind: "prevent",
            id: "p",
            amount: { count: { name: { contains: "Arcanite" }, power: { min: 6 } } }
          }
        ]
      })
    )
    assert.isFalse(
      real("fab", {
        format: 4,
        ruleset: "fab",
        players: ["a"],
        effects: [{ kind: "prevent", id: "p", amount: { count: { power: { above: 6 } } } }]
      })
    )
  })

  it("mutants: a schema without the occurrence kinds' or the categories' enum, or without a selector form, fails the property", () => {
    // the kinds' enum dropped: `kinds: [comabt]` (MTG-29) validates, yet is refused as an unknown kind
    const mutant = (change: (s: Json) => void) => {
      const compiled = new Map<string, (doc: unknown) => boolean>()
      return (ruleset: string, doc: unknown): boolean => {
        let v = compiled.get(ruleset)
        if (v === undefined) {
          const s = structuredClone(schemas.get(ruleset)) as Json
          change(s)
          const f = new Ajv2020({ strict: false }).compile(s)
          v = (d: unknown) => f(d) === true
          compiled.set(ruleset, v)
        }
        return v(doc)
      }
    }
    const loose = mutant((s) => {
      const drop = (u: unknown): void => {
        if (Array.isArray(u)) u.forEach(drop)
        else if (typeof u === "object" && u !== null) {
          const o = u as Json
          if (o.kinds !== undefined && typeof o.kinds === "object")
            (o.kinds as Json).items = { type: "string" }
          for (const v of Object.values(o)) drop(v)
        }
      }
      drop(s)
    })
    const mtg29 = mistakeCases().filter((c) => c.name.includes("MTG-29") && c.name.includes("comabt"))
    assert.isAbove(mtg29.length, 0)
    assert.isAbove(broken(mtg29, loose).length, 0)
    // the categories' enum dropped: `category: preventionn` validates, yet is refused (point 5)
    const anyCategory = mutant((s) => {
      const drop = (u: unknown): void => {
        if (Array.isArray(u)) u.forEach(drop)
        else if (typeof u === "object" && u !== null) {
          const o = u as Json
          if (typeof o.category === "object" && o.category !== null && "enum" in (o.category as Json))
            o.category = { type: "string", minLength: 1 }
          for (const v of Object.values(o)) drop(v)
        }
      }
      drop(s)
    })
    const categories = mistakeCases().filter((c) => c.name.includes("category:"))
    assert.isAbove(categories.length, 3)
    assert.deepStrictEqual(broken(categories, real), [])
    assert.isAbove(broken(categories, anyCategory).length, 0)
    // `name` dropped from the selector: a bundled file testing names loads but is refused
    const noName = mutant((s) => {
      const defs = s.$defs as Record<string, Json>
      const form = ((defs.Selector?.anyOf ?? []) as Array<Json>).find((b) => b.type === "object") as Json
      delete (form.properties as Json).name
    })
    assert.isAbove(broken(allBundled, noName).length, 0)
  })
})
