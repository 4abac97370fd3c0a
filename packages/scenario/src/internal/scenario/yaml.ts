/**
 * Reading YAML text the fast readers left to the YAML parser (`readYaml`), and locating paths
 * in a text on demand (`locate`). Every hostile shape is refused with a located `MalformedFile`
 * and never overflows or hangs: nesting deeper than `MAX_DEPTH`, alias bombs, duplicate keys (in
 * linear time), and in a `.json` file an unquoted `NaN` or `Infinity`. The tree walks here are
 * iterative (no recursion); a long line is shown as a window around the column (`snippet`).
 *
 * @internal
 */
import * as Result from "effect/Result"
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  type Scalar
} from "yaml"
import type * as ScenarioError from "../../ScenarioError.js"
import * as SourceMap from "../../SourceMap.js"

/** How much of a long line a snippet shows on each side of the column it points at. */
const SNIPPET_SIDE = 40

const lineAt = (text: string, line: number): string | undefined => {
  let start = 0
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", start)
    if (nl < 0) return undefined
    start = nl + 1
  }
  if (start > text.length) return undefined
  const end = text.indexOf("\n", start)
  const src = text.slice(start, end < 0 ? text.length : end)
  return src.endsWith("\r") ? src.slice(0, -1) : src
}

// The line an error points at, with a caret under the column; a long line (a whole document on
// one line, 40 KB of brackets) is cut to a window around the column, never echoed whole.
export const snippet = (text: string, line: number, column: number): string => {
  const src = lineAt(text, line)
  if (src === undefined) return ""
  const col = Math.max(0, column - 1)
  const from = Math.max(0, col - SNIPPET_SIDE)
  const to = Math.min(src.length, col + SNIPPET_SIDE)
  const before = from > 0 ? "…" : ""
  const after = to < src.length ? "…" : ""
  return `\n    ${before}${src.slice(from, to)}${after}\n    ${" ".repeat(before.length + col - from)}^`
}

/**
 * How deeply lists and mappings may nest in a scenario file. No ruleset's language comes close
 * (a filter inside a step inside a list is about 8); a deeper file is refused with the line where
 * it goes too deep instead of overflowing a recursive parser or decoder.
 */
export const MAX_DEPTH = 100

const tooDeep = `lists and mappings are nested more than ${MAX_DEPTH} levels deep`

// The first offset at which flow brackets (`[`, `{`) nest deeper than MAX_DEPTH, skipping quoted
// text and comments; used only to locate the problem when the YAML parser itself overflowed.
const deepBracket = (text: string): number | undefined => {
  let depth = 0
  let quote: string | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quote !== undefined) {
      if (c === "\\" && quote === '"') i++
      else if (c === quote) quote = undefined
      continue
    }
    if (c === '"' || (c === "'" && depth > 0)) quote = c
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1] as string))) {
      const nl = text.indexOf("\n", i)
      if (nl < 0) return undefined
      i = nl
    } else if (c === "[" || c === "{") {
      depth++
      if (depth > MAX_DEPTH) return i
    } else if ((c === "]" || c === "}") && depth > 0) depth--
  }
  return undefined
}

// The first node nested deeper than MAX_DEPTH in a parsed document (iterative: no recursion).
const deepNode = (root: unknown): Node | undefined => {
  const stack: Array<[unknown, number]> = [[root, 0]]
  while (stack.length > 0) {
    const [n, d] = stack.pop() as [unknown, number]
    if (isMap(n) || isSeq(n)) {
      if (d > MAX_DEPTH) return n
      for (let i = n.items.length - 1; i >= 0; i--) {
        const item = n.items[i]
        if (isPair(item)) {
          stack.push([item.value, d + 1])
          stack.push([item.key, d + 1])
        } else stack.push([item, d + 1])
      }
    }
  }
  return undefined
}

// The first alias (`*name`) of a document, in document order (iterative: no recursion).
const firstAlias = (root: unknown): Node | undefined => {
  const stack: Array<unknown> = [root]
  while (stack.length > 0) {
    const n = stack.pop()
    if (isAlias(n)) return n
    if (isMap(n))
      for (let i = n.items.length - 1; i >= 0; i--) {
        const pair = n.items[i]
        stack.push(pair?.value, pair?.key)
      }
    else if (isSeq(n)) for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i])
  }
  return undefined
}

// Duplicate keys in one mapping (the YAML `uniqueKeys` check, in linear time: the parser's own
// check compares each key with every earlier one, which takes seconds on a mapping of 10 000).
const duplicateKey = (root: unknown): Node | undefined => {
  const stack: Array<unknown> = [root]
  let first: Node | undefined
  while (stack.length > 0) {
    const n = stack.pop()
    if (isMap(n)) {
      const seen = new Set<unknown>()
      for (const pair of n.items) {
        const k = isScalar(pair.key) ? pair.key.value : pair.key
        if (seen.has(k)) {
          const node = pair.key as Node
          if (first === undefined || (node.range?.[0] ?? 0) < (first.range?.[0] ?? 0)) first = node
          break
        }
        seen.add(k)
        stack.push(pair.value)
      }
    } else if (isSeq(n)) for (const item of n.items) stack.push(item)
  }
  return first
}

export const firstLine = (s: string): string => s.split("\n")[0] ?? s

/** Locates paths in `text` on demand: the YAML node tree is built the first time one is asked for. */
export const locate = (text: string): SourceMap.SourceMap =>
  SourceMap.lazy(() => {
    try {
      const lineCounter = new LineCounter()
      const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false })
      return SourceMap.fromDocument(doc, lineCounter)
    } catch {
      return SourceMap.none
    }
  })

/**
 * YAML text (or JSON that `Integrity.readJson` left to YAML) → its value and source map; `json`:
 * the file is named `.json`, so an unquoted `NaN` or `Infinity` is a number JSON lacks.
 */
export const readYaml = (
  text: string,
  json: boolean,
  lineCounter: LineCounter,
  malformed: (offset: number, message: string) => Result.Result<never, ScenarioError.MalformedFile>
): Result.Result<
  { readonly data: unknown; readonly sourceMap: SourceMap.SourceMap },
  ScenarioError.MalformedFile
> => {
  let doc: ReturnType<typeof parseDocument>
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false })
  } catch (err) {
    // the parser's own recursion overflowed: the file is nested too deeply
    if (!(err instanceof RangeError)) throw err
    return malformed(deepBracket(text) ?? 0, tooDeep)
  }
  const yamlError = doc.errors[0]
  if (yamlError !== undefined && /call stack/i.test(yamlError.message))
    return malformed(deepBracket(text) ?? yamlError.pos[0], tooDeep)
  const deep = yamlError === undefined ? deepNode(doc.contents) : undefined
  if (deep !== undefined) return malformed(deep.range?.[0] ?? 0, tooDeep)
  const dup = yamlError === undefined ? duplicateKey(doc.contents) : undefined
  if (dup !== undefined) return malformed(dup.range?.[0] ?? 0, "Map keys must be unique")
  if (yamlError !== undefined) {
    return malformed(yamlError.pos[0], yamlError.message)
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 1000 })
  } catch (err) {
    // too many aliases (a "billion laughs"): point at the first alias
    return malformed(
      firstAlias(doc.contents)?.range?.[0] ?? 0,
      err instanceof Error ? err.message : String(err)
    )
  }
  if (json) {
    const token = nonJsonNumber(doc.contents)
    if (token !== undefined)
      return malformed(
        token.range?.[0] ?? 0,
        `${String(token.value)} is not a JSON number (JSON has no NaN or Infinity; amounts are safe integers)`
      )
  }
  return Result.succeed({ data, sourceMap: SourceMap.fromDocument(doc, lineCounter) })
}

// An unquoted `NaN` or `Infinity` in a JSON file: YAML reads it as a string, but it is meant as
// a number JSON does not have (iterative: no recursion).
const nonJsonNumber = (root: unknown): Scalar | undefined => {
  const stack: Array<unknown> = [root]
  while (stack.length > 0) {
    const n = stack.pop()
    if (isScalar(n)) {
      if (n.type === "PLAIN" && typeof n.value === "string" && /^[+-]?(?:NaN|Infinity)$/.test(n.value))
        return n
    } else if (isMap(n))
      for (let i = n.items.length - 1; i >= 0; i--) {
        const pair = n.items[i]
        stack.push(pair?.value, pair?.key)
      }
    else if (isSeq(n)) for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i])
  }
  return undefined
}
