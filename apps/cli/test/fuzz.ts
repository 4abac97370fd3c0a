/**
 * Scenario fuzzing: seeded generators of broken scenario files — every bundled scenario (format 2)
 * mutated (wrong types, missing fields, key typos, unknown keys and ids, huge numbers,
 * NaN/Infinity, negative amounts, deep nesting, duplicate ids, YAML anchor/alias cycles and
 * bombs, truncation, random bytes, swapped rulesets, prototype keys; and, in the grammar of
 * format 2, an effect's `kind` or a step's kind swapped for another of the ruleset's, the
 * `format:` dropped or changed) and format-2 documents generated from scratch — and the oracle that says whether the loader handled one well: it never throws, a
 * failure is a typed error that names the file and a path or line, and a scenario that loads
 * runs without a defect.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario, type Scenario, Skeleton } from "@bulwark/scenario"
import { Result } from "effect"

// ---------------------------------------------------------------------------------------------
// seeded randomness

/** A small seeded PRNG (mulberry32): the same seed gives the same cases on every machine. */
export const prng = (seed: number) => {
  let a = seed >>> 0
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number): number => Math.floor(next() * n)
  const pick = <A>(xs: ReadonlyArray<A>): A => xs[int(xs.length)] as A
  return { next, int, pick, chance: (p: number) => next() < p }
}
export type Rng = ReturnType<typeof prng>

// ---------------------------------------------------------------------------------------------
// the corpus: every bundled scenario

/** Every bundled scenario file of the given rulesets (their packages' `scenarios/` folders), named `<id>/<file>`. */
export const corpus = (
  rulesets: ReadonlyArray<{ readonly id: string; readonly scenarios: string }>
): ReadonlyArray<{ readonly name: string; readonly text: string }> => {
  const out: Array<{ name: string; text: string }> = []
  for (const { id: pkg, scenarios: dir } of rulesets) {
    let files: Array<string>
    try {
      files = readdirSync(dir).sort()
    } catch {
      continue
    }
    for (const f of files)
      if (/\.(ya?ml|json)$/.test(f))
        out.push({ name: `${pkg}/${f}`, text: readFileSync(join(dir, f), "utf8") })
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// data-level mutations (on the decoded document, written back as YAML flow / JSON text)

type Json = null | boolean | number | string | Array<Json> | { [k: string]: Json }
type Slot = { readonly parent: Array<Json> | { [k: string]: Json }; readonly key: string | number }

const isObj = (u: unknown): u is { [k: string]: Json } =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const slots = (root: Json): Array<Slot> => {
  const out: Array<Slot> = []
  const go = (v: Json, depth: number) => {
    if (depth > 40) return
    if (Array.isArray(v))
      v.forEach((x, i) => {
        out.push({ parent: v, key: i })
        go(x, depth + 1)
      })
    else if (isObj(v))
      for (const k of Object.keys(v)) {
        out.push({ parent: v, key: k })
        go(v[k] as Json, depth + 1)
      }
  }
  go(root, 0)
  return out
}

const containers = (root: Json): Array<Array<Json> | { [k: string]: Json }> => {
  const out: Array<Array<Json> | { [k: string]: Json }> = []
  const go = (v: Json, depth: number) => {
    if (depth > 40) return
    if (Array.isArray(v)) {
      out.push(v)
      for (const x of v) go(x, depth + 1)
    } else if (isObj(v)) {
      out.push(v)
      for (const x of Object.values(v)) go(x, depth + 1)
    }
  }
  go(root, 0)
  return out
}

const get = (s: Slot): Json =>
  (Array.isArray(s.parent) ? s.parent[s.key as number] : s.parent[s.key as string]) as Json
const set = (s: Slot, v: Json) => {
  if (Array.isArray(s.parent)) s.parent[s.key as number] = v
  else s.parent[s.key as string] = v
}

// special numbers have no JSON form: they travel as marker strings, turned into YAML scalars
const SPECIAL: Readonly<Record<string, string>> = {
  "\u0000nan": ".nan",
  "\u0000inf": ".inf",
  "\u0000-inf": "-.inf"
}

const WRONG: ReadonlyArray<Json> = [42, -1, 0, "x", "", true, false, null, [], {}, [1, 2], { a: 1 }, "ghost"]
/** A fresh copy of a wrong value (the constants must never be shared into a document). */
const wrong = (rng: Rng): Json => structuredClone(rng.pick(WRONG))

const HUGE: ReadonlyArray<Json> = [
  1e308,
  -1e308,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  -1,
  -7,
  -0,
  0.5,
  2.5,
  1e-300,
  4294967296,
  "\u0000nan",
  "\u0000inf",
  "\u0000-inf"
]
const NASTY_STRINGS: ReadonlyArray<string> = [
  "ghost",
  "",
  " ",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "x".repeat(5000),
  "ünïcödé 🃏",
  "a\nb",
  "$ref",
  "null",
  "0"
]

const nested = (depth: number, leaf: Json, obj: boolean): Json => {
  let v = leaf
  for (let i = 0; i < depth; i++) v = obj ? { n: v } : [v]
  return v
}

const typo = (rng: Rng, k: string): string => {
  if (k.length < 2) return `${k}x`
  const i = rng.int(k.length - 1)
  switch (rng.int(4)) {
    case 0:
      return k.slice(0, i) + (k[i + 1] ?? "") + (k[i] ?? "") + k.slice(i + 2)
    case 1:
      return k.slice(0, i) + k.slice(i + 1)
    case 2:
      return `${k}s`
    default:
      return k.toUpperCase()
  }
}

/** The names of the data mutations, in the order {@link mutateData} numbers them. */
export const dataMutations = [
  "wrongType",
  "deleteKey",
  "typoKey",
  "unknownKey",
  "hugeNumber",
  "numberAsString",
  "unknownId",
  "duplicateElement",
  "deepNesting",
  "swapRuleset",
  "protoKey",
  "emptyContainer",
  "negateNumbers",
  "hugeArray",
  "swapKind",
  "swapStepKind",
  "swapFormat"
] as const

/** The effect kinds and step kinds of a ruleset's language (format 2's words), by ruleset id. */
type Words = ReadonlyMap<
  string,
  { readonly kinds: ReadonlyArray<string>; readonly steps: ReadonlyArray<string> }
>

const wordsOf = (rulesets: ReadonlyArray<Ruleset.AnyRuleset>): Words =>
  new Map(
    rulesets.map((r) => [
      r.id,
      {
        kinds: Object.keys(r.language?.effects ?? {}),
        steps: [...Skeleton.coreSteps, ...Object.keys(r.language?.steps ?? {})]
      }
    ])
  )

const mutateData = (rng: Rng, doc: Json, rulesetIds: ReadonlyArray<string>, words: Words): string => {
  const kind = rng.pick(dataMutations)
  const own = words.get(isObj(doc) && typeof doc.ruleset === "string" ? doc.ruleset : "")
  const ss = slots(doc)
  const s = ss.length === 0 ? undefined : rng.pick(ss)
  switch (kind) {
    case "wrongType":
      if (s) set(s, wrong(rng))
      break
    case "deleteKey":
      if (s) {
        if (Array.isArray(s.parent)) s.parent.splice(s.key as number, 1)
        else delete s.parent[s.key as string]
      }
      break
    case "typoKey": {
      const objs = containers(doc).filter(isObj)
      const o = objs.length === 0 ? undefined : rng.pick(objs)
      const keys = o === undefined ? [] : Object.keys(o)
      if (o !== undefined && keys.length > 0) {
        const k = rng.pick(keys)
        const v = o[k] as Json
        delete o[k]
        o[typo(rng, k)] = v
      }
      break
    }
    case "unknownKey": {
      const objs = containers(doc).filter(isObj)
      if (objs.length > 0) rng.pick(objs)[rng.pick(["bogus", "extra", "kindd", "amont"])] = wrong(rng)
      break
    }
    case "hugeNumber": {
      const nums = ss.filter((x) => typeof get(x) === "number")
      const t = nums.length > 0 && rng.chance(0.8) ? rng.pick(nums) : s
      if (t) set(t, rng.pick(HUGE))
      break
    }
    case "numberAsString": {
      const nums = ss.filter((x) => typeof get(x) === "number")
      if (nums.length > 0) {
        const t = rng.pick(nums)
        set(t, String(get(t)))
      }
      break
    }
    case "unknownId": {
      const strs = ss.filter((x) => typeof get(x) === "string")
      if (strs.length > 0) set(rng.pick(strs), rng.pick(NASTY_STRINGS))
      break
    }
    case "duplicateElement": {
      const arrays = containers(doc).filter((c): c is Array<Json> => Array.isArray(c) && c.length > 0)
      if (arrays.length > 0) {
        const a = rng.pick(arrays)
        a.push(rng.pick(a)) // shared: the text is written out anyway
      }
      break
    }
    case "deepNesting":
      if (s) set(s, nested(rng.pick([20, 200, 2000]), wrong(rng), rng.chance(0.5)))
      break
    case "swapRuleset":
      if (isObj(doc)) {
        const r = rng.int(4)
        if (r === 0) delete doc.ruleset
        else doc.ruleset = r === 1 ? rng.pick(["chess", "MTG", "", "mtg "]) : rng.pick(rulesetIds)
      }
      break
    case "protoKey": {
      const objs = containers(doc).filter(isObj)
      if (objs.length > 0)
        Object.defineProperty(rng.pick(objs), rng.pick(["__proto__", "constructor", "toString"]), {
          value: wrong(rng),
          enumerable: true,
          configurable: true,
          writable: true
        })
      break
    }
    case "emptyContainer": {
      const cs = ss.filter((x) => typeof get(x) === "object" && get(x) !== null)
      if (cs.length > 0) {
        const t = rng.pick(cs)
        set(t, Array.isArray(get(t)) ? [] : {})
      }
      break
    }
    case "negateNumbers":
      for (const x of ss) if (typeof get(x) === "number" && rng.chance(0.5)) set(x, -(get(x) as number) - 1)
      break
    case "hugeArray": {
      const arrays = containers(doc).filter((c): c is Array<Json> => Array.isArray(c) && c.length > 0)
      if (arrays.length > 0) {
        const a = rng.pick(arrays)
        const e = rng.pick(a)
        for (let i = 0; i < 40; i++) a.push(e)
      }
      break
    }
    case "swapKind": {
      // an effect (also one a step adds) of another of the ruleset's kinds, or a near miss
      const effects = containers(doc).filter((c) => isObj(c) && typeof c.kind === "string" && "id" in c)
      if (effects.length > 0 && own !== undefined && own.kinds.length > 0) {
        const e = rng.pick(effects) as { [k: string]: Json }
        e.kind = rng.chance(0.8) ? rng.pick(own.kinds) : typo(rng, String(e.kind))
      }
      break
    }
    case "swapStepKind": {
      // a step's value under another step kind of the ruleset (event ↔ advance ↔ its own…)
      const steps = isObj(doc) && Array.isArray(doc.steps) ? doc.steps.filter(isObj) : []
      if (steps.length > 0 && own !== undefined) {
        const st = rng.pick(steps)
        const k = Object.keys(st)[0]
        if (k !== undefined) {
          const v = st[k] as Json
          delete st[k]
          st[rng.chance(0.85) ? rng.pick(own.steps) : typo(rng, k)] = v
        }
      }
      break
    }
    case "swapFormat":
      if (isObj(doc)) {
        const r = rng.int(4)
        if (r === 0) delete doc.format
        else doc.format = rng.pick([1, 4, "2", 2.5, 0])
      }
      break
  }
  return kind
}

/** Writes a document as YAML flow text (JSON with the special-number markers as YAML scalars). */
const toYaml = (doc: Json): string => {
  let text = JSON.stringify(doc) ?? "null"
  for (const [marker, yaml] of Object.entries(SPECIAL)) text = text.split(JSON.stringify(marker)).join(yaml)
  return text
}

// ---------------------------------------------------------------------------------------------
// text-level mutations

const NOISE = [..."\t\r\n :-[]{},&*!%@`|>'\"#?\u0000\u0085\u00a0\ufeff\u2028é🃏"]

/** The names of the text mutations. */
export const textMutations = [
  "truncate",
  "randomChars",
  "duplicateLine",
  "deleteLine",
  "aliasCycle",
  "aliasBomb",
  "aliasDuplicate",
  "crlfBom",
  "tabs",
  "yamlTags",
  "multiDocument",
  "randomBytes",
  "deepFlow",
  "empty"
] as const

const mutateText = (rng: Rng, text: string): { text: string; kind: string } => {
  const kind = rng.pick(textMutations)
  const lines = text.split("\n")
  switch (kind) {
    case "truncate":
      return { kind, text: text.slice(0, rng.int(text.length + 1)) }
    case "randomChars": {
      const cs = [...text]
      const n = 1 + rng.int(6)
      for (let i = 0; i < n && cs.length > 0; i++) {
        const at = rng.int(cs.length)
        if (rng.chance(0.5)) cs[at] = rng.pick(NOISE)
        else cs.splice(at, 0, rng.pick(NOISE))
      }
      return { kind, text: cs.join("") }
    }
    case "duplicateLine": {
      const i = rng.int(lines.length)
      lines.splice(i, 0, lines[i] ?? "")
      return { kind, text: lines.join("\n") }
    }
    case "deleteLine":
      lines.splice(rng.int(lines.length), 1)
      return { kind, text: lines.join("\n") }
    case "aliasCycle":
      return {
        kind,
        text: `${text}\n${rng.pick(["bogus", "effects", "steps", "players"])}: &cyc [1, *cyc]\n`
      }
    case "aliasBomb": {
      const rows = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
      for (let i = 1; i < 10; i++)
        rows.push(
          `a${i}: &a${i} [${Array(9)
            .fill(`*a${i - 1}`)
            .join(",")}]`
        )
      return { kind, text: `${text}\n${rows.join("\n")}\n` }
    }
    case "aliasDuplicate": {
      // a list item anchored and aliased again: the same effect (same id) twice
      const i = lines.findIndex((l) => /^\s*- /.test(l))
      if (i < 0) return { kind, text }
      const line = lines[i] as string
      const indent = line.slice(0, line.indexOf("-"))
      lines[i] = line.replace("- ", "- &dup ")
      lines.splice(i + 1, 0, `${indent}- *dup`)
      return { kind, text: lines.join("\n") }
    }
    case "crlfBom":
      return { kind, text: `\ufeff${text.replace(/\n/g, "\r\n")}` }
    case "tabs":
      return { kind, text: text.replace(/^( {2})+/gm, (m) => "\t".repeat(m.length / 2)) }
    case "yamlTags":
      return {
        kind,
        text: `${text}\n${rng.pick([
          "when: !!timestamp 2001-12-14t21:59:43.10-05:00",
          "blob: !!binary R0lGODlhDAAMAIQAAP",
          "fn: !!js/function 'function () { return 1 }'",
          "s: !!set { a, b }",
          "o: !!omap [ a: 1, b: 2 ]",
          "c: !custom { x: 1 }",
          "n: !!int 0x7fffffffffffffffff",
          "f: !!float 1e400"
        ])}\n`
      }
    case "multiDocument":
      return { kind, text: `${text}\n---\n${text}` }
    case "randomBytes": {
      let s = ""
      const n = rng.int(300)
      for (let i = 0; i < n; i++) s += String.fromCharCode(rng.int(rng.chance(0.9) ? 128 : 0x10000))
      return { kind, text: s }
    }
    case "deepFlow": {
      const n = rng.pick([500, 2000, 10_000])
      const open = rng.chance(0.5) ? "[" : "{a: "
      const close = open === "[" ? "]" : "}"
      return { kind, text: `${text}\nbogus: ${open.repeat(n)}1${close.repeat(n)}\n` }
    }
    case "empty":
      return { kind, text: rng.pick(["", "---", "~", "null", "[]", "42", "'just a string'", "---\n...\n"]) }
  }
}

// ---------------------------------------------------------------------------------------------
// documents generated from scratch

const KEYS = [
  "format",
  "ruleset",
  "players",
  "turn",
  "objects",
  "effects",
  "steps",
  "expect",
  "decisions",
  "strategy",
  "title",
  "kind",
  "id",
  "amount",
  "to",
  "from",
  "source",
  "controller",
  "types",
  "zone",
  "duration",
  "may",
  "family",
  "kinds",
  "event",
  "occurrences",
  "advance",
  "update",
  "object",
  "set",
  "addEffects",
  "query",
  "name"
]

const randomValue = (rng: Rng, depth: number, rulesetIds: ReadonlyArray<string>): Json => {
  const r = rng.int(depth > 4 ? 4 : 7)
  switch (r) {
    case 0:
      return rng.pick(HUGE.filter((h) => typeof h === "number"))
    case 1:
      return rng.pick(NASTY_STRINGS.filter((x) => x.length < 100))
    case 2:
      return rng.pick([true, false, null])
    case 3:
      return rng.pick([...rulesetIds, "ap", "nap", "alice", "bob", "A", "B"])
    case 4:
    case 5: {
      const n = rng.int(4)
      return Array.from({ length: n }, () => randomValue(rng, depth + 1, rulesetIds))
    }
    default: {
      const o: { [k: string]: Json } = {}
      const n = rng.int(5)
      for (let i = 0; i < n; i++) o[rng.pick(KEYS)] = randomValue(rng, depth + 1, rulesetIds)
      return o
    }
  }
}

const generated = (rng: Rng, rulesetIds: ReadonlyArray<string>): Json => {
  // format 2 most of the time, so that the ruleset's part is read at all
  const o: { [k: string]: Json } = rng.chance(0.9)
    ? { format: 2, ruleset: rng.pick(rulesetIds) }
    : { ruleset: rng.pick(rulesetIds) }
  const n = 1 + rng.int(6)
  for (let i = 0; i < n; i++) o[rng.pick(KEYS)] = randomValue(rng, 1, rulesetIds)
  return o
}

// ---------------------------------------------------------------------------------------------
// cases

/** One fuzz case: a file name, its text, and how it was made (for the failure message). */
export interface Case {
  readonly index: number
  readonly name: string
  readonly text: string
  readonly how: string
}

/**
 * Huge events: one case in HUGE_EVERY (at index HUGE_AT modulo it: never one the loader test runs
 * with "best for the chooser", always one the CLI runs, in process and under the watchdog) is a
 * bundled scenario with an event and effects, its first event blown up to 12 500–20 000
 * occurrences (past the size that overflowed the stack before) spread over the same recipients,
 * each effect copied up to three times (more shields and divisions), split over one to four
 * events; `expect:` and `decisions:` dropped, `strategy: first`. Few, so that CI stays fast.
 */
const HUGE_EVERY = 2400
const HUGE_AT = 20

/** Whether the `i`-th case is a huge event (see {@link HUGE_EVERY}). */
export const isHuge = (i: number): boolean => i % HUGE_EVERY === HUGE_AT

/** The bundled documents with effects and an `event` step with occurrences (parsed once). */
let eventful: ReadonlyArray<{ readonly name: string; readonly doc: Json }> | undefined

const hugeEvent = (
  rng: Rng,
  files: ReadonlyArray<{ readonly name: string; readonly text: string }>,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
): { readonly text: string; readonly how: string } | undefined => {
  eventful ??= files.flatMap((f) => {
    const parsed = parseScenario(f.text, f.name, rulesets)
    if (Result.isFailure(parsed)) return []
    const doc = parsed.success.document as Json
    if (!isObj(doc) || !Array.isArray(doc.effects) || doc.effects.length === 0 || !Array.isArray(doc.steps))
      return []
    const has = doc.steps.some((s) => isObj(s) && isObj(s.event) && Array.isArray(s.event.occurrences))
    return has ? [{ name: f.name, doc }] : []
  })
  if (eventful.length === 0) return undefined
  const src = rng.pick(eventful)
  const doc = structuredClone(src.doc) as { [k: string]: Json }
  delete doc.expect
  delete doc.decisions
  delete doc.budget
  doc.strategy = "first"
  const steps = doc.steps as Array<Json>
  const at = steps.findIndex((s) => isObj(s) && isObj(s.event) && Array.isArray(s.event.occurrences))
  const event = (steps[at] as { [k: string]: { [k: string]: Json } }).event as { [k: string]: Json }
  const template = event.occurrences as Array<Json>
  const n = 12_500 + rng.int(7_500)
  const parts = 1 + rng.int(4)
  const copies = 1 + rng.int(3)
  doc.effects = (doc.effects as Array<Json>).flatMap((e) =>
    Array.from({ length: copies }, (_, c) =>
      c === 0 || !isObj(e) ? e : { ...e, id: `${String(e.id)}-c${c}` }
    )
  )
  const per = Math.ceil(n / parts)
  const events = Array.from({ length: parts }, (_, p) => ({
    event: {
      ...event,
      id: p === 0 ? (event.id ?? "huge") : `${String(event.id ?? "huge")}-p${p}`,
      occurrences: Array.from({ length: Math.min(per, n - p * per) }, (_, k) => {
        const o = template[k % template.length]
        return isObj(o) ? { ...o, id: `h${p}-${k}` } : o
      })
    }
  }))
  steps.splice(at, 1, ...(events as Array<Json>))
  return {
    text: toYaml(doc),
    how: `${src.name} + huge event (${n} occurrences in ${parts} event(s), effects ×${copies})`
  }
}

/**
 * The `i`-th case of a seeded run: a bundled scenario with one to three data mutations and
 * sometimes a text mutation, or (one case in eight) a document generated from scratch, or (a
 * few: {@link isHuge}) a bundled scenario with a huge event.
 */
export const makeCase = (
  seed: number,
  i: number,
  files: ReadonlyArray<{ readonly name: string; readonly text: string }>,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
): Case => {
  const rng = prng(Math.imul(seed, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca77))
  const ids = rulesets.map((r) => r.id)
  const words = wordsOf(rulesets)
  const json = rng.chance(0.1)
  const huge = isHuge(i) ? hugeEvent(rng, files, rulesets) : undefined
  if (huge !== undefined) return { index: i, name: `fuzz-${i}.yaml`, ...huge }
  if (rng.chance(0.125)) {
    return {
      index: i,
      name: `fuzz-${i}.${json ? "json" : "yaml"}`,
      text: json ? JSON.stringify(generated(rng, ids)) : toYaml(generated(rng, ids)),
      how: "generated"
    }
  }
  const src = rng.pick(files)
  const how: Array<string> = [src.name]
  let text = src.text
  if (rng.chance(0.75)) {
    const parsed = parseScenario(src.text, src.name, rulesets)
    const doc = Result.isSuccess(parsed) ? (structuredClone(parsed.success.document) as Json) : ({} as Json)
    const n = 1 + rng.int(3)
    for (let k = 0; k < n; k++) how.push(mutateData(rng, doc, ids, words))
    text = json ? (JSON.stringify(doc) ?? "null") : toYaml(doc)
  }
  if (!json && rng.chance(0.35)) {
    const t = mutateText(rng, text)
    how.push(t.kind)
    text = t.text
  }
  return { index: i, name: `fuzz-${i}.${json ? "json" : "yaml"}`, text, how: how.join(" + ") }
}

// ---------------------------------------------------------------------------------------------
// the oracle

/** How a case went: `loaded` (and ran), or the tag of the typed error it got. */
export type Verdict = { readonly status: "loaded" | "error"; readonly tag: string; readonly message: string }

/** A line of a JavaScript stack trace ("    at f (/x.js:1:2)" or "    at /x.js:1:2"). */
export const STACK = /^\s+at (?:[^\n]* \()?[^\n ()]+:\d+:\d+\)?$/m

/**
 * Runs a case through `parseScenario` and, when it loads, `checkScenario` (with the file's own
 * strategy, or "best for the chooser" when asked), and returns the problems: a throw, an error
 * without the file name or a path/line, a stack trace in a message, a ruleset crash caught by
 * the loader's safety net, or a defect while running.
 */
export const judge = (
  c: Case,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: Scenario.RunOptions = {},
  /** The case is valid by construction (a huge event): it must load and run without any error. */
  mustResolve = false
): { readonly problems: ReadonlyArray<string>; readonly verdict: Verdict } => {
  const problems: Array<string> = []
  let parsed: ReturnType<typeof parseScenario>
  try {
    parsed = parseScenario(c.text, c.name, rulesets)
  } catch (err) {
    return {
      problems: [
        `parseScenario threw: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`
      ],
      verdict: { status: "error", tag: "THROWN", message: String(err) }
    }
  }
  if (Result.isFailure(parsed)) {
    const e = parsed.failure
    let message = ""
    try {
      message = e.message
    } catch (err) {
      problems.push(`the error's message threw: ${String(err)}`)
    }
    // OutdatedFormat: a mutation that drops `format: 2` makes a format-2 file read as format 1
    if (
      !["MalformedFile", "SchemaMismatch", "CompileFailed", "UnknownRuleset", "OutdatedFormat"].includes(
        e._tag
      )
    )
      problems.push(`unexpected error tag ${e._tag}`)
    if (!message.startsWith(c.name))
      problems.push(`the message does not start with the file name: ${message}`)
    if (STACK.test(message)) problems.push(`a stack trace in the message: ${message}`)
    if (e._tag === "SchemaMismatch" && e.issues.length === 0)
      problems.push("a schema mismatch without issues")
    if (e._tag === "SchemaMismatch")
      for (const i of e.issues)
        if (typeof i.path !== "string" || i.message.length === 0)
          problems.push(`an issue without a path: ${i}`)
    if (e._tag === "CompileFailed" && /failed to compile this scenario|schema failed/.test(e.reason))
      problems.push(`the ruleset crashed (caught by the loader): ${e.reason}`)
    if (e._tag === "CompileFailed" && e.path === "")
      problems.push(`a compile error without a path: ${e.reason}`)
    if (mustResolve) problems.push(`a valid file was refused: ${message.slice(0, 300)}`)
    return { problems, verdict: { status: "error", tag: e._tag, message } }
  }
  try {
    const r = checkScenario(parsed.success, options)
    const error = r.run.outcome.error
    if (error?.tag === "Defect") problems.push(`a defect while running: ${error.message}`)
    if (error !== undefined && STACK.test(error.message))
      problems.push(`a stack trace in a run error: ${error.message}`)
    if (mustResolve && error !== undefined) problems.push(`the run failed: ${error.tag}: ${error.message}`)
  } catch (err) {
    problems.push(
      `checkScenario threw: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`
    )
  }
  return { problems, verdict: { status: "loaded", tag: "loaded", message: "" } }
}
