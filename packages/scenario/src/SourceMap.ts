/**
 * Where things are in a scenario file: paths inside the document (`effects[0].on`) and their line
 * and column, so that every error can point at the line to fix.
 *
 * @since 0.1.0
 * @module
 */
import {
  isMap,
  isScalar,
  isSeq,
  type LineCounter,
  type Node,
  type Pair,
  type YAMLMap,
  type Document as YamlDocument
} from "yaml"

/**
 * A path inside a scenario document: keys and list indexes.
 *
 * @example
 * ```ts
 * import type { SourceMap } from "@bulwark/scenario"
 * const p: SourceMap.Path = ["effects", 0, "on"]
 * ```
 * @since 0.1.0
 * @category model
 */
export type Path = ReadonlyArray<string | number>

/**
 * A 1-based line and column in a file. Line 0 means "unknown".
 *
 * @example
 * ```ts
 * import type { SourceMap } from "@bulwark/scenario"
 * const p: SourceMap.Position = { line: 3, column: 5 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Position {
  readonly line: number
  readonly column: number
}

/**
 * Formats a path the way error messages and `Ruleset.compile` write them: `effects[0].on`,
 * with quoted keys when they are not plain names (`state["my card"].life`).
 *
 * @example
 * ```ts
 * import { SourceMap } from "@bulwark/scenario"
 * SourceMap.formatPath(["effects", 0, "on"]) // "effects[0].on"
 * ```
 * @since 0.1.0
 * @category paths
 */
export const formatPath = (path: Path): string => {
  let out = ""
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === "" ? seg : `.${seg}`
    else out += `[${JSON.stringify(seg)}]`
  }
  return out
}

/**
 * Parses a path written as `effects[0].on`, `a.b`, `a["x y"]` or `a/b/0` into its segments.
 * Unparseable text yields the segments it could read.
 *
 * @example
 * ```ts
 * import { SourceMap } from "@bulwark/scenario"
 * SourceMap.parsePath("effects[0].on") // ["effects", 0, "on"]
 * ```
 * @since 0.1.0
 * @category paths
 */
export const parsePath = (text: string): Array<string | number> => {
  const out: Array<string | number> = []
  const re = /\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]|\['([^']*)'\]|([^.[\]/]+)/g
  for (const m of text.matchAll(re)) {
    if (m[1] !== undefined) out.push(Number(m[1]))
    else if (m[2] !== undefined) out.push(JSON.parse(`"${m[2]}"`) as string)
    else if (m[3] !== undefined) out.push(m[3])
    else if (m[4] !== undefined) {
      const s = m[4].trim()
      if (s !== "") out.push(/^\d+$/.test(s) ? Number(s) : s)
    }
  }
  return out
}

/**
 * Line and column lookup for one parsed file.
 *
 * @example
 * ```ts
 * import type { SourceMap } from "@bulwark/scenario"
 * const lineOf = (m: SourceMap.SourceMap) => m.positionOf(["effects", 0]).line
 * ```
 * @since 0.1.0
 * @category model
 */
export interface SourceMap {
  /**
   * Where a path is: a map entry's key (or, with `at: "value"`, its value), a list item's start;
   * when the path does not exist (a missing key), the deepest part of it that does.
   */
  readonly positionOf: (path: Path, at?: "key" | "value") => Position
}

/**
 * An empty map: every position is unknown (line 0).
 *
 * @example
 * ```ts
 * import { SourceMap } from "@bulwark/scenario"
 * SourceMap.none.positionOf(["a"]) // { line: 0, column: 0 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const none: SourceMap = { positionOf: () => ({ line: 0, column: 0 }) }

/**
 * Builds the source map of a parsed YAML (or JSON) document; `lineCounter` must be the one
 * given to `parseDocument`.
 *
 * @example
 * ```ts
 * import { LineCounter, parseDocument } from "yaml"
 * import { SourceMap } from "@bulwark/scenario"
 * const lc = new LineCounter()
 * const doc = parseDocument("a:\n  b: 1\n", { lineCounter: lc })
 * SourceMap.fromDocument(doc, lc).positionOf(["a", "b"]) // { line: 2, column: 3 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const fromDocument = (doc: YamlDocument, lineCounter: LineCounter): SourceMap => {
  const at = (offset: number | undefined): Position => {
    if (offset === undefined) return { line: 0, column: 0 }
    const p = lineCounter.linePos(offset)
    return { line: p.line, column: p.col }
  }
  const start = (n: unknown): number | undefined => {
    const r = (n as Node | null | undefined)?.range
    return r === undefined || r === null ? undefined : r[0]
  }
  // each mapping's keys, indexed the first time a path goes through it: a file with thousands of
  // errors in a mapping of thousands of keys is located in linear time, not quadratic
  const indexes = new WeakMap<object, Map<string, Pair>>()
  const pairOf = (map: YAMLMap, seg: string | number): Pair | undefined => {
    let index = indexes.get(map)
    if (index === undefined) {
      index = new Map()
      for (const p of map.items) {
        const k = String(isScalar(p.key) ? p.key.value : p.key)
        if (!index.has(k)) index.set(k, p as Pair)
        // paths come from the document read in NFC (the scenario loader normalises ids)
        const nfc = k.normalize("NFC")
        if (!index.has(nfc)) index.set(nfc, p as Pair)
      }
      indexes.set(map, index)
    }
    const key = String(seg)
    return index.get(key) ?? index.get(key.normalize("NFC"))
  }
  return {
    positionOf: (path, which = "key") => {
      let node: unknown = doc.contents
      let pos = at(start(node) ?? 0)
      for (const [i, seg] of path.entries()) {
        if (isMap(node)) {
          const pair = pairOf(node, seg)
          if (pair === undefined) return pos
          const last = i === path.length - 1
          pos = at(
            last && which === "value"
              ? (start(pair.value) ?? start(pair.key))
              : (start(pair.key) ?? start(pair.value))
          )
          node = pair.value
        } else if (isSeq(node) && typeof seg === "number") {
          const item = node.items[seg]
          if (item === undefined) return pos
          pos = at(start(item))
          node = item
        } else {
          return pos
        }
      }
      return pos
    }
  }
}

/**
 * A source map built the first time a position is asked for, and then kept: a file that loads
 * without an error never pays for locating anything (a 5 MB JSON scenario is read with
 * `JSON.parse`, and its YAML node tree is built only if a problem needs a line and column).
 *
 * @example
 * ```ts
 * import { LineCounter, parseDocument } from "yaml"
 * import { SourceMap } from "@bulwark/scenario"
 * const text = '{"a": {"b": 1}}'
 * const map = SourceMap.lazy(() => {
 *   const lc = new LineCounter()
 *   return SourceMap.fromDocument(parseDocument(text, { lineCounter: lc }), lc)
 * })
 * map.positionOf(["a", "b"]) // { line: 1, column: 8 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const lazy = (build: () => SourceMap): SourceMap => {
  let built: SourceMap | undefined
  return {
    positionOf: (path, at) => {
      built ??= build()
      return built.positionOf(path, at)
    }
  }
}
