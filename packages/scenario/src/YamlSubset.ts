/**
 * A fast reader for the YAML that scenario files are usually written in, which leaves everything
 * else to the full `yaml` parser. `parseScenario` reads a text with it first; when it returns
 * `undefined` the text goes to the full parser, which reads (or refuses, located) anything YAML
 * allows. Where it returns a value, that value is the one the full parser gives (`toJS` of its
 * document, YAML 1.2 core schema), so a file means the same whichever reader took it; positions
 * are worked out by the full parser, and only when a problem needs one.
 *
 * The subset: a block mapping at the top; block mappings and sequences indented with spaces
 * (compact forms included: `- id: a`, a sequence at its key's indentation); flow sequences and
 * mappings (`[a, b]`, `{ id: a, to: b }`, also over several lines and with a trailing comma);
 * plain scalars that start with a letter or `_` and stay on their line, decimal integers of up to
 * 15 digits and decimals, `true`/`false`/`null`/`~`; double-quoted strings with JSON's escapes
 * and single-quoted strings, each on one line; comments. Anything else — tabs, carriage returns,
 * a byte order mark, anchors, aliases, tags, block scalars (`|`, `>`), multi-line scalars,
 * document markers and directives, complex keys, a repeated key, a `__proto__` key, keys the core
 * schema would not read as their text (`null:`, `True:`), other numbers (`007`, `0x1F`, `.5`,
 * `1e3`), nesting deeper than asked — sends the whole text to the full parser.
 *
 * @since 0.1.0
 * @module
 */

/** Thrown inside the reader when the text leaves the subset; never escapes {@link read}. */
const OUTSIDE: unique symbol = Symbol("outside the subset")

const outside = (): never => {
  throw OUTSIDE
}

const SPACE = 0x20
const NL = 0x0a
const HASH = 0x23
const DASH = 0x2d
const COLON = 0x3a
const DQUOTE = 0x22
const SQUOTE = 0x27
const BACKSLASH = 0x5c
const COMMA = 0x2c

const PLAIN_KEY = /[\p{L}_][\p{L}\p{N}_-]*/uy
// words the core schema reads as null or a boolean: as a key, `null:` would be "" and `True:` "true"
const CORE_WORD = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/
const INTEGER = /^(?:0|-?[1-9][0-9]{0,14})$/
const DECIMAL = /^-?(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/
const LETTER_FIRST = /^[\p{L}_]/u
const WHITE_LAST = /\s$/
const JSON_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4})/y

/** A character a quoted scalar may hold: not a control character, and no Unicode line break or BOM. */
const quotable = (c: number): boolean =>
  c >= SPACE && c !== 0x7f && c !== 0x85 && c !== 0x2028 && c !== 0x2029 && c !== 0xfeff

/**
 * A plain string the core schema keeps as it is written: it starts with a letter or `_` (no
 * indicator, sign or digit), holds only characters a quoted scalar may hold and does not end in
 * whitespace of any kind (YAML trims only spaces; a reader that trims more would differ).
 */
const plainString = (s: string): boolean => {
  if (!LETTER_FIRST.test(s) || WHITE_LAST.test(s)) return false
  for (let i = 0; i < s.length; i++) if (!quotable(s.charCodeAt(i))) return false
  return true
}

const reader = (text: string, maxDepth: number) => {
  const n = text.length
  const at = (i: number): number => (i < n ? text.charCodeAt(i) : -1)
  const endOfLine = (i: number): boolean => i >= n || text.charCodeAt(i) === NL
  const skipSpaces = (i: number): number => {
    while (i < n && text.charCodeAt(i) === SPACE) i++
    return i
  }
  /** The end of `[i, end)` without its trailing spaces (only spaces: YAML keeps other whitespace). */
  const trimSpaces = (i: number, end: number): number => {
    while (end > i && text.charCodeAt(end - 1) === SPACE) end--
    return end
  }
  const columnOf = (i: number): number => i - (text.lastIndexOf("\n", i - 1) + 1)
  const isDash = (i: number): boolean =>
    at(i) === DASH && (endOfLine(i + 1) || text.charCodeAt(i + 1) === SPACE)

  /** The start of the next line that holds more than spaces and a comment, from a line start; -1 at the end. */
  const nextLine = (i: number): number => {
    while (i < n) {
      const k = skipSpaces(i)
      if (k >= n) return -1
      const c = text.charCodeAt(k)
      if (c === NL) i = k + 1
      else if (c === HASH) {
        const nl = text.indexOf("\n", k)
        i = nl < 0 ? n : nl + 1
      } else return i
    }
    return -1
  }

  /** After a value on a line: only spaces and a comment may follow; the start of the next content line. */
  const restOfLine = (i: number): number => {
    const k = skipSpaces(i)
    if (k < n && text.charCodeAt(k) !== NL) {
      if (text.charCodeAt(k) !== HASH || k === i) outside()
      const nl = text.indexOf("\n", k)
      return nl < 0 ? -1 : nextLine(nl + 1)
    }
    return k >= n ? -1 : nextLine(k + 1)
  }

  /** A double-quoted scalar on one line with JSON's escapes: its value and the index after it. */
  const doubleQuoted = (i: number): [string, number] => {
    let escaped = false
    for (let k = i + 1; k < n; k++) {
      const c = text.charCodeAt(k)
      if (c === DQUOTE)
        return [escaped ? (JSON.parse(text.slice(i, k + 1)) as string) : text.slice(i + 1, k), k + 1]
      if (c === BACKSLASH) {
        JSON_ESCAPE.lastIndex = k
        if (!JSON_ESCAPE.test(text)) outside()
        escaped = true
        k = JSON_ESCAPE.lastIndex - 1
      } else if (!quotable(c)) outside()
    }
    return outside()
  }

  /** A single-quoted scalar on one line (`''` is a quote): its value and the index after it. */
  const singleQuoted = (i: number): [string, number] => {
    let out = ""
    let from = i + 1
    for (let k = i + 1; k < n; k++) {
      const c = text.charCodeAt(k)
      if (c === SQUOTE) {
        out += text.slice(from, k)
        if (at(k + 1) !== SQUOTE) return [out, k + 1]
        from = k + 1
        k++
      } else if (!quotable(c)) outside()
    }
    return outside()
  }

  const quoted = (i: number): [string, number] | undefined => {
    const c = at(i)
    return c === DQUOTE ? doubleQuoted(i) : c === SQUOTE ? singleQuoted(i) : undefined
  }

  /** What the core schema makes of a plain scalar, when it is one the subset knows. */
  const plain = (s: string): unknown => {
    if (INTEGER.test(s) || DECIMAL.test(s)) return Number(s)
    if (CORE_WORD.test(s))
      return s === "~" || s[0] === "n" || s[0] === "N" ? null : s[0] === "t" || s[0] === "T"
    if (!plainString(s)) return outside()
    if (s.includes(": ") || s.endsWith(":")) return outside()
    return s
  }

  /** A key and the index after its `:` (which a space or the line's end follows); `undefined` if none starts at `i`. */
  const key = (i: number, flow: boolean): [string, number] | undefined => {
    let k: string
    let e: number
    const q = quoted(i)
    if (q !== undefined) [k, e] = q
    else {
      PLAIN_KEY.lastIndex = i
      if (!PLAIN_KEY.test(text)) return undefined
      e = PLAIN_KEY.lastIndex
      k = text.slice(i, e)
    }
    if (at(e) !== COLON) return undefined
    // the core schema reads `null:` as the key "" and `True:` as "true"; YAML caps implicit keys
    if ((q === undefined && CORE_WORD.test(k)) || e - i > 1000) return outside()
    if (!(endOfLine(e + 1) || text.charCodeAt(e + 1) === SPACE)) return flow ? outside() : undefined
    if (k === "__proto__") return outside()
    return [k, e + 1]
  }

  const setKey = (obj: Record<string, unknown>, k: string, v: unknown): void => {
    if (Object.hasOwn(obj, k)) outside()
    obj[k] = v
  }

  /**
   * Spaces, line breaks and comments between the tokens of a flow collection; every line it
   * goes on to must be indented more than `col`, the column of the block entries around it.
   */
  const skipFlow = (i: number, col: number): number => {
    for (;;) {
      i = skipSpaces(i)
      const c = at(i)
      if (c === HASH && text.charCodeAt(i - 1) === SPACE) {
        i = text.indexOf("\n", i)
        if (i < 0) return outside()
      } else if (c === NL) {
        const k = skipSpaces(i + 1)
        if (k - (i + 1) <= col && !endOfLine(k)) outside()
        i = k
      } else return i
    }
  }

  /** One item of a flow collection: its value and the index after it. */
  const flowItem = (i: number, col: number, depth: number): [unknown, number] => {
    const c = at(i)
    if (c === 0x5b) return flowSeq(i, col, depth)
    if (c === 0x7b) return flowMap(i, col, depth)
    const q = quoted(i)
    if (q !== undefined) return q
    let k = i
    for (; k < n; k++) {
      const d = text.charCodeAt(k)
      if (d === COMMA || d === 0x5d || d === 0x7d || d === 0x5b || d === 0x7b || d === NL) break
      if (d === HASH && text.charCodeAt(k - 1) === SPACE) break
    }
    const e = trimSpaces(i, k)
    if (e === i) outside()
    return [plain(text.slice(i, e)), e]
  }

  const flowSeq = (i: number, col: number, depth: number): [unknown, number] => {
    if (depth > maxDepth) outside()
    const out: Array<unknown> = []
    let j = skipFlow(i + 1, col)
    while (at(j) !== 0x5d) {
      const [v, e] = flowItem(j, col, depth + 1)
      out.push(v)
      j = skipFlow(e, col)
      const c = at(j)
      if (c === COMMA) j = skipFlow(j + 1, col)
      else if (c !== 0x5d) outside()
    }
    return [out, j + 1]
  }

  const flowMap = (i: number, col: number, depth: number): [unknown, number] => {
    if (depth > maxDepth) outside()
    const out: Record<string, unknown> = {}
    let j = skipFlow(i + 1, col)
    while (at(j) !== 0x7d) {
      const k = key(j, true) ?? outside()
      const [v, e] = flowItem(skipSpaces(k[1]), col, depth + 1)
      setKey(out, k[0], v)
      j = skipFlow(e, col)
      const c = at(j)
      if (c === COMMA) j = skipFlow(j + 1, col)
      else if (c !== 0x7d) outside()
    }
    return [out, j + 1]
  }

  /** A value on the rest of a line (a scalar or a flow collection) and the index after it. */
  const inline = (i: number, col: number, depth: number): [unknown, number] => {
    const c = at(i)
    if (c === 0x5b) return flowSeq(i, col, depth)
    if (c === 0x7b) return flowMap(i, col, depth)
    const q = quoted(i)
    if (q !== undefined) return q
    let end = text.indexOf("\n", i)
    if (end < 0) end = n
    for (let k = i + 1; k < end; k++)
      if (text.charCodeAt(k) === HASH && text.charCodeAt(k - 1) === SPACE) {
        end = k
        break
      }
    const e = trimSpaces(i, end)
    return [plain(text.slice(i, e)), e]
  }

  /**
   * The value after a key's `:` or an item's `-` at `i`, in a collection whose entries are at
   * column `col`: its value and the start of the next content line (-1 at the end).
   */
  const valueAfter = (i: number, col: number, depth: number, inMap: boolean): [unknown, number] => {
    const j = skipSpaces(i)
    if (endOfLine(j) || (text.charCodeAt(j) === HASH && j > i)) {
      const next = restOfLine(i)
      if (next < 0) return [null, -1]
      const k = skipSpaces(next)
      const ind = k - next
      if (ind > col) return block(k, ind, depth)
      if (inMap && ind === col && isDash(k)) return blockSeq(k, ind, depth)
      return [null, next]
    }
    if (!inMap) {
      if (isDash(j)) return blockSeq(j, columnOf(j), depth)
      if (key(j, false) !== undefined) return blockMap(j, columnOf(j), depth)
    } else if (isDash(j)) outside()
    const [v, e] = inline(j, col, depth)
    const next = restOfLine(e)
    if (next >= 0 && skipSpaces(next) - next > col) outside()
    return [v, next]
  }

  const block = (k: number, col: number, depth: number): [unknown, number] =>
    isDash(k) ? blockSeq(k, col, depth) : blockMap(k, col, depth)

  const blockMap = (start: number, col: number, depth: number): [unknown, number] => {
    if (depth > maxDepth) outside()
    const out: Record<string, unknown> = {}
    let i = start
    for (;;) {
      const [k, after] = key(i, false) ?? outside()
      const [v, next] = valueAfter(after, col, depth + 1, true)
      setKey(out, k, v)
      if (next < 0) return [out, -1]
      const ind = skipSpaces(next) - next
      if (ind < col) return [out, next]
      if (ind > col) outside()
      i = next + ind
    }
  }

  const blockSeq = (start: number, col: number, depth: number): [unknown, number] => {
    if (depth > maxDepth) outside()
    const out: Array<unknown> = []
    let i = start
    for (;;) {
      const [v, next] = valueAfter(i + 1, col, depth + 1, false)
      out.push(v)
      if (next < 0) return [out, -1]
      const k = skipSpaces(next)
      const ind = k - next
      if (ind === col && isDash(k)) i = k
      else if (ind <= col) return [out, next]
      else outside()
    }
  }

  return (): Record<string, unknown> => {
    const first = nextLine(0)
    if (first < 0 || text.charCodeAt(first) === SPACE) outside()
    const [doc, next] = blockMap(first, 0, 0)
    if (next >= 0) outside()
    return doc as Record<string, unknown>
  }
}

/**
 * Reads `text` when it is written in the subset (see the module's description) and nests no
 * deeper than `maxDepth`: the value the full `yaml` parser would give. `undefined` when it is not:
 * then the full parser must read it (and report its problems, located).
 *
 * @example
 * ```ts
 * import { YamlSubset } from "@bulwark/scenario"
 * YamlSubset.read("ruleset: mtg\nplayers: [ap, nap]\n", 100) // { ruleset: "mtg", players: ["ap", "nap"] }
 * YamlSubset.read("a: &x 1\nb: *x\n", 100) // undefined (anchors are left to the full parser)
 * ```
 * @since 0.1.0
 * @category reading
 */
export const read = (text: string, maxDepth: number): Record<string, unknown> | undefined => {
  if (text.includes("\t") || text.includes("\r") || text.charCodeAt(0) === 0xfeff) return undefined
  try {
    return reader(text, maxDepth)()
  } catch (e) {
    if (e === OUTSIDE) return undefined
    throw e
  }
}
