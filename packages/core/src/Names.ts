/**
 * Names as people write them: ids, families and kinds in scenario files and in messages.
 *
 * - {@link visible}: a message shows invisible characters (zero-width spaces and joiners, bidi
 *   controls, non-breaking and other unusual spaces, control characters, a byte-order mark) as
 *   `\u{…}` escapes, so `"bear"` and `"bear\u{200B}"` never look the same;
 * - {@link normalize}: ids are compared in Unicode NFC (`"café"` typed with a combining accent is
 *   the same id as the precomposed one);
 * - {@link closest}: the "did you mean" of an unknown name, by edit distance.
 *
 * @since 0.1.0
 * @module
 */

// Characters that print as nothing or as a plain space, or that reorder text: C0/C1 controls
// (but not the line feed and tab a message may contain), soft hyphen, combining grapheme
// joiner, Arabic letter mark, Hangul fillers, Mongolian vowel separator, the unusual spaces,
// zero-width characters, bidi embeddings, overrides and isolates, word joiner and invisible
// operators, variation selectors, the byte-order mark and the interlinear annotation marks.
const RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0xa0],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180e],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb]
]

const isInvisible = (cp: number): boolean => RANGES.some(([a, b]) => cp >= a && cp <= b)

/**
 * Replaces every invisible character of `text` with a `\u{XXXX}` escape (line feeds and tabs
 * are kept).
 *
 * @example
 * ```ts
 * import { Names } from "@bulwark/core"
 * Names.visible("bear\u200B") // "bear\\u{200B}"
 * Names.visible("a\u00A0b") // "a\\u{A0}b"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const visible = (text: string): string => {
  let out = ""
  for (const c of text) {
    const cp = c.codePointAt(0) ?? 0
    out += isInvisible(cp) ? `\\u{${cp.toString(16).toUpperCase()}}` : c
  }
  return out
}

/**
 * Whether `text` contains a character {@link visible} would escape.
 *
 * @example
 * ```ts
 * import { Names } from "@bulwark/core"
 * Names.hasInvisible("bear\u200B") // true
 * ```
 * @since 0.1.0
 * @category guards
 */
export const hasInvisible = (text: string): boolean => {
  for (const c of text) if (isInvisible(c.codePointAt(0) ?? 0)) return true
  return false
}

/**
 * The form ids are compared in: Unicode NFC.
 *
 * @example
 * ```ts
 * import { Names } from "@bulwark/core"
 * Names.normalize("cafe\u0301") === "caf\u00E9" // true
 * ```
 * @since 0.1.0
 * @category normalising
 */
export const normalize = (name: string): string => name.normalize("NFC")

/**
 * The edit distance (Levenshtein: insertions, deletions, substitutions) between two strings.
 *
 * @example
 * ```ts
 * import { Names } from "@bulwark/core"
 * Names.distance("damgae", "damage") // 2
 * ```
 * @since 0.1.0
 * @category matching
 */
export const distance = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] as number
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        prev + (a[i - 1] === b[j - 1] ? 0 : 1)
      )
      prev = tmp
    }
  }
  return row[b.length] as number
}

/**
 * The option closest to `name` (case-insensitive edit distance), when it is close enough to be a
 * likely typo: at most 2 edits, or a third of the option's length. `undefined` otherwise.
 *
 * @example
 * ```ts
 * import { Names } from "@bulwark/core"
 * Names.closest("damgae", ["damage", "draw"]) // "damage"
 * Names.closest("addCounter", ["addCounters", "removeCounters"]) // "addCounters"
 * Names.closest("xyz", ["damage"]) // undefined
 * ```
 * @since 0.1.0
 * @category matching
 */
export const closest = (name: string, options: Iterable<string>): string | undefined => {
  let best: string | undefined
  let bestD = Number.POSITIVE_INFINITY
  const lower = name.toLowerCase()
  for (const o of options) {
    const d = distance(lower, o.toLowerCase())
    if (d < bestD) {
      bestD = d
      best = o
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined
}

/**
 * `' (did you mean "x"?)'` for the {@link closest} option, or `""`.
 *
 * @example
 * ```ts
 * import { Names } from "@bulwark/core"
 * Names.didYouMean("damgae", ["damage"]) // ' (did you mean "damage"?)'
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const didYouMean = (name: string, options: Iterable<string>): string => {
  const c = closest(name, options)
  return c === undefined ? "" : ` (did you mean ${JSON.stringify(c)}?)`
}
