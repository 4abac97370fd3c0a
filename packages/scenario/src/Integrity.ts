/**
 * The checks that keep a scenario from losing anything silently: ids in NFC (and two keys of one
 * mapping that are equal in NFC), duplicate ids of each kind the ruleset declares
 * (`Ruleset.idSpaces`), families and kinds nothing knows (`Ruleset.unknownNames`), and invalid
 * UTF-8. Internal to the package: `parseScenario` and `loadFile` run them.
 */
import { Names, Ruleset } from "@bulwark/core"
import type * as ScenarioError from "./ScenarioError.js"
import * as SourceMap from "./SourceMap.js"

type Issue = ScenarioError.Issue
type Seg = string | number

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const issueAt = (
  sourceMap: SourceMap.SourceMap,
  path: ReadonlyArray<Seg>,
  at: "key" | "value",
  message: string
): Issue => {
  const pos = sourceMap.positionOf(path, at)
  return { path: SourceMap.formatPath(path), line: pos.line, column: pos.column, message }
}

const place = (sourceMap: SourceMap.SourceMap, path: ReadonlyArray<Seg>, at: "key" | "value"): string => {
  const pos = sourceMap.positionOf(path, at)
  return `${SourceMap.formatPath(path)}${pos.line > 0 ? ` (line ${pos.line})` : ""}`
}

/**
 * Every key and string of the document in NFC. Two keys of one mapping that become equal are an
 * issue naming both (one of the two would otherwise be dropped). The document is returned as is
 * when the text is already NFC (the usual case).
 *
 * @since 0.1.0
 */
export const normalizeDocument = (
  text: string,
  data: Record<string, unknown>,
  sourceMap: SourceMap.SourceMap
): { readonly data: Record<string, unknown>; readonly issues: ReadonlyArray<Issue> } => {
  if (text.normalize("NFC") === text) return { data, issues: [] }
  const issues: Array<Issue> = []
  const memo = new Map<object, unknown>()
  const go = (v: unknown, path: ReadonlyArray<Seg>, depth: number): unknown => {
    if (typeof v === "string") return Names.normalize(v)
    if (typeof v !== "object" || v === null || depth > 500) return v
    const done = memo.get(v)
    if (done !== undefined) return done
    if (Array.isArray(v)) {
      const out: Array<unknown> = []
      memo.set(v, out)
      for (let i = 0; i < v.length; i++) out.push(go(v[i], [...path, i], depth + 1))
      return out
    }
    const out: Record<string, unknown> = {}
    memo.set(v, out)
    const from = new Map<string, string>()
    for (const [k, x] of Object.entries(v)) {
      const nk = Names.normalize(k)
      const other = from.get(nk)
      if (other !== undefined) {
        issues.push(
          issueAt(
            sourceMap,
            [...path, k],
            "key",
            `key ${JSON.stringify(k)} is the same as ${place(sourceMap, [...path, other], "key")} in Unicode NFC; ids are compared in NFC, so one of them would be lost`
          )
        )
        continue
      }
      from.set(nk, k)
      out[nk] = go(x, [...path, k], depth + 1)
    }
    return out
  }
  return { data: go(data, [], 0) as Record<string, unknown>, issues }
}

type Pattern = ReadonlyArray<{ readonly key: string } | { readonly any: true }>

const parsePattern = (text: string): Pattern =>
  text === ""
    ? []
    : text
        .replace(/\[\*\]/g, ".*")
        .split(".")
        .filter((s) => s !== "")
        .map((s) => (s === "*" ? { any: true as const } : { key: s }))

/** The ids a pattern finds below `root` (at `base`): each with its path and whether it is a key. */
const collect = (
  root: unknown,
  base: ReadonlyArray<Seg>,
  pattern: Pattern
): Array<{ readonly id: string; readonly path: ReadonlyArray<Seg>; readonly at: "key" | "value" }> => {
  const out: Array<{ id: string; path: ReadonlyArray<Seg>; at: "key" | "value" }> = []
  const go = (v: unknown, path: ReadonlyArray<Seg>, i: number, viaKey: boolean): void => {
    if (i === pattern.length) {
      if (typeof v === "string") out.push({ id: v, path, at: "value" })
      else if (viaKey) out.push({ id: String(path.at(-1)), path, at: "key" })
      return
    }
    const seg = pattern[i] as Pattern[number]
    if ("key" in seg) {
      if (isRecord(v) && Object.hasOwn(v, seg.key)) go(v[seg.key], [...path, seg.key], i + 1, false)
      return
    }
    if (Array.isArray(v)) for (let j = 0; j < v.length; j++) go(v[j], [...path, j], i + 1, false)
    else if (isRecord(v)) for (const k of Object.keys(v)) go(v[k], [...path, k], i + 1, true)
  }
  go(root, base, 0, false)
  return out
}

// what the second of two equal ids names: a player's id is in the object space (players and
// objects share one, `Skeleton.idSpaces`), but the message says what the duplicate is
const kindOf = (space: Ruleset.IdSpace, path: ReadonlyArray<Seg>): string =>
  path[0] === "players" && space.paths.some((p) => p.startsWith("players")) ? "player" : space.name

/**
 * Two equal ids in one id space of the ruleset: an issue at the second, naming the first (path
 * and line). Ids are compared as written (the document is already NFC).
 *
 * @since 0.1.0
 */
export const duplicateIds = (
  data: Record<string, unknown>,
  sourceMap: SourceMap.SourceMap,
  spaces: ReadonlyArray<Ruleset.IdSpace>
): ReadonlyArray<Issue> => {
  const issues: Array<Issue> = []
  for (const space of spaces) {
    const scopes =
      space.within === undefined ? [{ path: [] as ReadonlyArray<Seg>, value: data as unknown }] : []
    if (space.within !== undefined)
      for (const s of collectNodes(data, parsePattern(space.within))) scopes.push(s)
    for (const scope of scopes) {
      const seen = new Map<string, { path: ReadonlyArray<Seg>; at: "key" | "value" }>()
      for (const p of space.paths)
        for (const found of collect(scope.value, scope.path, parsePattern(p))) {
          const first = seen.get(found.id)
          if (first === undefined) {
            seen.set(found.id, found)
            continue
          }
          issues.push(
            issueAt(
              sourceMap,
              found.path,
              found.at,
              `duplicate ${kindOf(space, found.path)} id ${JSON.stringify(found.id)}: also at ${place(sourceMap, first.path, first.at)}`
            )
          )
        }
    }
  }
  return issues
}

const collectNodes = (
  root: unknown,
  pattern: Pattern
): Array<{ readonly path: ReadonlyArray<Seg>; readonly value: unknown }> => {
  const out: Array<{ path: ReadonlyArray<Seg>; value: unknown }> = []
  const go = (v: unknown, path: ReadonlyArray<Seg>, i: number): void => {
    if (i === pattern.length) {
      out.push({ path, value: v })
      return
    }
    const seg = pattern[i] as Pattern[number]
    if ("key" in seg) {
      if (isRecord(v) && Object.hasOwn(v, seg.key)) go(v[seg.key], [...path, seg.key], i + 1)
    } else if (Array.isArray(v)) for (let j = 0; j < v.length; j++) go(v[j], [...path, j], i + 1)
    else if (isRecord(v)) for (const k of Object.keys(v)) go(v[k], [...path, k], i + 1)
  }
  go(root, [], 0)
  return out
}

/**
 * Where the document writes `name` as a family (a `family:` key) or a kind (in a list); else the
 * first place it writes `name` at all (a ruleset's own field that names a family, like Берсерк
 * `instead`'s `of:`), so the problem still points at the word.
 */
const findName = (data: unknown, name: string, what: "family" | "kind"): ReadonlyArray<Seg> | undefined => {
  let found: ReadonlyArray<Seg> | undefined
  let anywhere: ReadonlyArray<Seg> | undefined
  const seen = new Set<object>()
  const go = (v: unknown, path: ReadonlyArray<Seg>, key: Seg | undefined, depth: number): void => {
    if (found !== undefined || depth > 500) return
    if (typeof v === "string") {
      if (v !== name) return
      if (what === "family" ? key === "family" : typeof key === "number") found = path
      else anywhere ??= path
      return
    }
    if (typeof v !== "object" || v === null || seen.has(v)) return
    seen.add(v)
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) go(v[i], [...path, i], i, depth + 1)
    else for (const [k, x] of Object.entries(v)) go(x, [...path, k], k, depth + 1)
  }
  go(data, [], undefined, 0)
  return found ?? anywhere
}

/**
 * The families and kinds the compiled effects name and nothing knows, located in the document.
 *
 * @since 0.1.0
 */
export const unknownNameIssues = (
  compiled: Ruleset.Compiled,
  vocabulary: Ruleset.Vocabulary,
  data: Record<string, unknown>,
  sourceMap: SourceMap.SourceMap
): ReadonlyArray<Issue> =>
  Ruleset.unknownNames(compiled, vocabulary).map((u) => {
    const path = findName(data, u.name, u.what) ?? []
    const known = u.what === "family" ? vocabulary.families : vocabulary.kinds
    const hint =
      u.suggestion === undefined
        ? `; known: ${known.map((k) => JSON.stringify(k)).join(", ")}`
        : ` (did you mean ${JSON.stringify(u.suggestion)}?)`
    return issueAt(
      sourceMap,
      path,
      "value",
      `unknown event ${u.what} ${JSON.stringify(u.name)} (effect ${JSON.stringify(u.effect)}, ${u.where}): no event of this scenario and no rule of the ruleset has it, so it would never match${hint}`
    )
  })

/**
 * Decodes a file's bytes as UTF-8, or names the byte offset (and line and column) of the first
 * invalid sequence. A byte-order mark at the start is dropped.
 *
 * @since 0.1.0
 */
export const decodeUtf8 = (
  bytes: Uint8Array
):
  | { readonly _tag: "Text"; readonly text: string }
  | { readonly _tag: "Invalid"; readonly offset: number; readonly line: number; readonly column: number } => {
  try {
    return { _tag: "Text", text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) }
  } catch {
    const offset = firstInvalid(bytes)
    let line = 1
    let lineStart = 0
    for (let i = 0; i < offset; i++)
      if (bytes[i] === 0x0a) {
        line++
        lineStart = i + 1
      }
    const column = new TextDecoder("utf-8").decode(bytes.subarray(lineStart, offset)).length + 1
    return { _tag: "Invalid", offset, line, column }
  }
}

const firstInvalid = (b: Uint8Array): number => {
  let i = 0
  while (i < b.length) {
    const c = b[i] as number
    let n: number
    let min: number
    if (c < 0x80) {
      i++
      continue
    } else if (c >= 0xc2 && c <= 0xdf) {
      n = 1
      min = 0x80
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 2
      min = 0x800
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3
      min = 0x10000
    } else return i
    let cp = c & (n === 1 ? 0x1f : n === 2 ? 0x0f : 0x07)
    for (let k = 1; k <= n; k++) {
      const x = b[i + k]
      if (x === undefined || (x & 0xc0) !== 0x80) return i
      cp = (cp << 6) | (x & 0x3f)
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i
    i += n + 1
  }
  return b.length
}

/**
 * The number of object members (`"key": value`) written in a JSON text: every string token
 * followed, after blanks, by a colon. One pass, no allocation.
 */
const jsonMembers = (text: string): number => {
  let n = 0
  const len = text.length
  for (let i = 0; i < len; i++) {
    if (text.charCodeAt(i) !== 0x22) continue
    // skip the string (backslash escapes included)
    i++
    while (i < len) {
      const c = text.charCodeAt(i)
      if (c === 0x5c) i += 2
      else if (c === 0x22) break
      else i++
    }
    let j = i + 1
    while (j < len) {
      const c = text.charCodeAt(j)
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break
      j++
    }
    if (text.charCodeAt(j) === 0x3a) n++
  }
  return n
}

/**
 * The members of every object of a parsed JSON value, and whether it nests deeper than
 * `maxDepth` (iterative: no recursion).
 */
const shape = (root: unknown, maxDepth: number): { readonly members: number; readonly tooDeep: boolean } => {
  let members = 0
  const stack: Array<unknown> = [root]
  const depths: Array<number> = [0]
  while (stack.length > 0) {
    const v = stack.pop()
    const d = depths.pop() as number
    if (typeof v !== "object" || v === null) continue
    if (d > maxDepth) return { members, tooDeep: true }
    if (Array.isArray(v)) {
      for (const x of v)
        if (typeof x === "object" && x !== null) {
          stack.push(x)
          depths.push(d + 1)
        }
    } else
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue
        members++
        const x = (v as Record<string, unknown>)[k]
        if (typeof x === "object" && x !== null) {
          stack.push(x)
          depths.push(d + 1)
        }
      }
  }
  return { members, tooDeep: false }
}

/**
 * A text read with `JSON.parse` when that gives exactly what the YAML reader would: the text is
 * a JSON object, no mapping repeats a key (`JSON.parse` would keep the last one silently) and
 * nothing nests deeper than `maxDepth`. Otherwise `undefined`, and the YAML reader (which locates
 * every one of those problems) reads it. `JSON.parse` is some hundred times faster than building
 * a YAML node tree: a 5 MB JSON scenario loads in a fraction of the time and memory.
 *
 * @since 0.1.0
 */
export const readJson = (text: string, maxDepth: number): Record<string, unknown> | undefined => {
  let i = 0
  while (i < text.length && /\s/.test(text[i] as string)) i++
  if (text[i] !== "{") return undefined
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined
  const s = shape(data, maxDepth)
  if (s.tooDeep || s.members !== jsonMembers(text)) return undefined
  return data as Record<string, unknown>
}

const isBlank = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
const RULESET = "ruleset"

/**
 * Whether a text's top-level mapping has a `ruleset` key, the mark of a scenario file, without
 * parsing it: a block mapping's key at the start of a line (`ruleset: mtg`, quoted or not), or a
 * key of the outermost `{…}` of a JSON or flow text. One pass over the text, no allocation per
 * character: a walk over a folder of big `package.json` files costs little.
 *
 * @since 0.1.0
 */
export const hasRulesetKey = (text: string): boolean => {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  // the first character that is not a blank, a comment line or a `---` document start
  for (;;) {
    while (i < text.length && isBlank(text.charCodeAt(i))) i++
    if (text.startsWith("#", i) || text.startsWith("---", i) || text.startsWith("%", i)) {
      const nl = text.indexOf("\n", i)
      if (nl < 0) return false
      i = nl + 1
    } else break
  }
  if (text[i] !== "{") return /^\uFEFF?(?:ruleset|"ruleset"|'ruleset')[ \t]*:(?:[ \t\r\n]|$)/m.test(text)
  let depth = 0
  let atKey = false
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (isBlank(c)) continue
    if (depth === 1 && atKey) {
      atKey = false
      const q = text[i]
      const quoted = q === '"' || q === "'"
      const start = quoted ? i + 1 : i
      if (text.startsWith(RULESET, start) && (!quoted || text[start + RULESET.length] === q)) {
        let j = start + RULESET.length + (quoted ? 1 : 0)
        while (j < text.length && isBlank(text.charCodeAt(j))) j++
        if (text[j] === ":") return true
      }
    }
    if (c === 0x22 || c === 0x27) {
      // a quoted string: skip it (backslash escapes in double quotes)
      const q = c
      i++
      while (i < text.length && text.charCodeAt(i) !== q)
        i += q === 0x22 && text.charCodeAt(i) === 0x5c ? 2 : 1
    } else if (c === 0x23 && isBlank(text.charCodeAt(i - 1))) {
      const nl = text.indexOf("\n", i)
      if (nl < 0) return false
      i = nl
    } else if (c === 0x7b || c === 0x5b) {
      depth++
      atKey = depth === 1 && c === 0x7b
    } else if (c === 0x7d || c === 0x5d) {
      depth--
      if (depth <= 0) return false
    } else if (c === 0x2c && depth === 1) atKey = true
  }
  return false
}

/**
 * What a scenario has, by kind of id, for `expect:` to name: its players and objects (those of
 * the starting view, those its update steps add — a ruleset's step that puts an attack in the
 * view — and every subject and source of its events), its effects (the starting ledger's and
 * those `addEffects` steps add), its events and their occurrences, and its queries.
 */
const idsOf = (
  compiled: Ruleset.Compiled
): {
  readonly objects: ReadonlySet<string>
  readonly effects: ReadonlySet<string>
  readonly events: ReadonlyMap<string, ReadonlySet<string>>
  readonly queries: ReadonlySet<string>
} => {
  const objects = new Set(Object.keys(compiled.view.objects))
  for (const p of compiled.view.players) objects.add(p)
  const effects = new Set(compiled.ledger.effects.map((e) => e.id))
  const events = new Map<string, Set<string>>()
  const queries = new Set<string>()
  let view = compiled.view
  for (const step of compiled.steps) {
    switch (step._tag) {
      case "Event": {
        const occurrences = events.get(step.event.id) ?? new Set<string>()
        events.set(step.event.id, occurrences)
        for (const o of step.event.occurrences) {
          occurrences.add(o.id)
          objects.add(o.subject)
          if (o.source !== undefined) objects.add(o.source)
        }
        break
      }
      case "AddEffects":
        for (const e of step.effects) effects.add(e.id)
        break
      case "Update":
        // an update step is a pure function of the view: the objects it adds exist in the run
        try {
          view = step.apply(view)
          for (const id of Object.keys(view.objects)) objects.add(id)
        } catch {
          // it fails in the run as well, where it is reported
        }
        break
      case "Query":
        queries.add(step.name)
        break
      case "Advance":
        break
    }
  }
  return { objects, effects, events, queries }
}

/**
 * Every id `expect:` names under a mapping keyed by ids that the scenario does not have, located
 * at the key with a "did you mean": `state` (players and objects), `effects`, `queries`, `events`
 * and, under each event, `dealt` and `prevented` (players and objects) and `occurrences` (the
 * event's own, or one the run makes from an occurrence or an effect of the scenario — that id
 * followed by `:` or `#` and more: `a:lifeLoss`, `ward:cost#1`, `cost#2`; what follows is checked
 * by the run, as a mismatch). Checked whatever the
 * expected value, so `dealt: { z: 0 }` for a `z` that does not exist is refused rather than
 * passing because an absent recipient counts as 0.
 *
 * @since 0.1.0
 */
export const unknownExpectIds = (
  compiled: Ruleset.Compiled,
  expect: unknown,
  sourceMap: SourceMap.SourceMap
): ReadonlyArray<Issue> => {
  if (!isRecord(expect)) return []
  const ids = idsOf(compiled)
  const issues: Array<Issue> = []
  const check = (
    map: unknown,
    path: ReadonlyArray<Seg>,
    known: (id: string) => boolean,
    among: Iterable<string>,
    what: string
  ): void => {
    if (!isRecord(map)) return
    for (const id of Object.keys(map)) {
      if (known(id)) continue
      issues.push(
        issueAt(
          sourceMap,
          [...path, id],
          "key",
          `unknown id ${JSON.stringify(id)}${Names.didYouMean(id, among)}: not ${what}`
        )
      )
    }
  }
  const objects = (id: string) => ids.objects.has(id)
  check(expect["state"], ["expect", "state"], objects, ids.objects, "a player or object of this scenario")
  check(
    expect["effects"],
    ["expect", "effects"],
    (id) => ids.effects.has(id),
    ids.effects,
    "an effect of this scenario"
  )
  check(
    expect["queries"],
    ["expect", "queries"],
    (id) => ids.queries.has(id),
    ids.queries,
    "a query of this scenario"
  )
  const events = expect["events"]
  check(
    events,
    ["expect", "events"],
    (id) => ids.events.has(id),
    ids.events.keys(),
    "an event of this scenario"
  )
  if (!isRecord(events)) return issues.sort((x, y) => x.line - y.line || x.column - y.column)
  const occurrenceIds = new Set([...ids.events.values()].flatMap((o) => [...o]))
  // an id the run makes from an occurrence or an effect: that id, then `:` or `#` and more
  const derived = (id: string): boolean => {
    for (let i = 1; i < id.length; i++) {
      if (id[i] !== ":" && id[i] !== "#") continue
      const root = id.slice(0, i)
      if (occurrenceIds.has(root) || ids.effects.has(root)) return true
    }
    return false
  }
  for (const [event, expected] of Object.entries(events)) {
    const occurrences = ids.events.get(event)
    if (occurrences === undefined || !isRecord(expected)) continue
    for (const key of ["dealt", "prevented"])
      check(
        expected[key],
        ["expect", "events", event, key],
        objects,
        ids.objects,
        "a player or object of this scenario"
      )
    check(
      expected["occurrences"],
      ["expect", "events", event, "occurrences"],
      (id) => occurrences.has(id) || derived(id),
      occurrences,
      `an occurrence of the event ${JSON.stringify(event)}`
    )
  }
  return issues.sort((x, y) => x.line - y.line || x.column - y.column)
}
