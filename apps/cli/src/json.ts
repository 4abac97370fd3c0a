/**
 * `JSON.stringify(value, null, 2)` in slices: the `--json` output of a huge run (an event of
 * 100 000 occurrences: about 200 MB of JSON, seconds of one `JSON.stringify`) is written with a
 * turn of the event loop about every 10 ms, so that a signal stops it between two slices. The
 * text is exactly `JSON.stringify`'s: `toJSON` is called (with its key), a property whose value is
 * `undefined`, a function or a symbol is left out of an object and is `null` in an array, a
 * number that is not finite is `null`, and every string and number is written by
 * `JSON.stringify` itself; a part of at most 1 024 values, and a run of entries of a bigger part
 * holding that many together, is written by one `JSON.stringify` call. The walk keeps its own stack (no recursion, however deep the value).
 *
 * @module
 */
import { Effect } from "effect"

/** How long the walk runs before it gives the event loop a turn, in milliseconds. */
const SLICE_MS = 10

/** One open array or object: its entries, where the walk is in them, and its indentation. */
interface Open {
  readonly array: boolean
  readonly keys: ReadonlyArray<string> | undefined
  readonly values: ReadonlyArray<unknown>
  readonly indent: string
  at: number
  /** Whether an entry has been written (the next one is preceded by a comma). */
  wrote: boolean
}

/** Whether `JSON.stringify` writes anything for a value (after `toJSON`) in an object. */
const isWritten = (v: unknown): boolean => v !== undefined && typeof v !== "function" && typeof v !== "symbol"

/** What `JSON.stringify` writes for a value, after `toJSON`: `undefined` for an object or when it writes nothing. */
const leaf = (v: unknown): string | undefined => {
  if (v === null) return "null"
  if (typeof v === "object") return undefined
  // undefined, a function, a symbol: nothing (an array writes null); a bigint throws, as in JSON.stringify
  return isWritten(v) ? JSON.stringify(v) : undefined
}

const hasToJSON = (v: unknown): boolean =>
  typeof v === "object" && v !== null && typeof (v as { toJSON?: unknown }).toJSON === "function"

const withToJSON = (v: unknown, key: string): unknown =>
  hasToJSON(v) ? (v as { toJSON: (k: string) => unknown }).toJSON(key) : v

/** How many values a part may hold to be written by one `JSON.stringify` (a stretch of microseconds). */
const SMALL = 1024

/**
 * How many values a value holds, counted without recursion and given up past `budget` (so the
 * count of a huge part costs no more than a small one's): a primitive is 1.
 */
const sizeOf = (value: unknown, budget: number): number => {
  let seen = 1
  const stack: Array<unknown> = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v !== "object" || v === null) continue
    if (Array.isArray(v)) {
      seen += v.length
      if (seen > budget) return seen
      for (const x of v) if (typeof x === "object" && x !== null) stack.push(x)
      continue
    }
    for (const k in v) {
      if (++seen > budget) return seen
      const x = (v as Record<string, unknown>)[k]
      if (typeof x === "object" && x !== null) stack.push(x)
    }
  }
  return seen
}

/**
 * How many entries of an open part from its place on are small enough together to be written by
 * one `JSON.stringify` call (at most `small` values in all, none with a `toJSON` of its own, whose
 * key would differ there).
 */
const runOfSmall = (top: Open, small: number): number => {
  let budget = small
  let end = top.at
  while (end < top.values.length) {
    const x = top.values[end]
    if (hasToJSON(x)) break
    const n = sizeOf(x, budget)
    if (n > budget) break
    budget -= n
    end++
  }
  return end - top.at
}

/**
 * `JSON.stringify(part, null, 2)` as written at `depth` (its lines after the first indented by
 * 2 × depth more spaces), without a copy to indent it: the part is wrapped in `depth` arrays, and
 * the wrapping cut off (each wrapper writes `[` and a line break with its inner indentation
 * before, a line break, its own indentation and `]` after).
 */
const atDepth = (part: unknown, depth: number): string => {
  let wrapped = part
  for (let k = 0; k < depth; k++) wrapped = [wrapped]
  const text = JSON.stringify(wrapped, null, 2)
  let head = 0
  let tail = 0
  for (let k = 0; k < depth; k++) {
    head += 2 + 2 * (k + 1)
    tail += 2 + 2 * k
  }
  return text.slice(head, text.length - tail)
}

/** The entries `from` … `to` of an open part as one part of the same kind, for one `JSON.stringify`. */
const partOf = (top: Open, from: number, to: number): unknown => {
  if (top.array) return top.values.slice(from, to)
  // no prototype: a key `__proto__` is a key like any other
  const part: Record<string, unknown> = Object.create(null)
  for (let i = from; i < to; i++) part[top.keys?.[i] as string] = top.values[i]
  return part
}

/**
 * `JSON.stringify(value, null, 2)`, with turns of the event loop between slices of about 10 ms
 * (looked at every 1 024 values). `small`: how many values a part written by one `JSON.stringify`
 * call may hold (the tests walk every part with 0).
 */
export const stringifyInTurns = (value: unknown, small = SMALL): Effect.Effect<string> =>
  Effect.gen(function* () {
    const out: Array<string> = []
    const stack: Array<Open> = []
    let turned = performance.now()
    let work = 0
    /** Writes a value (after `toJSON`) at `indent`, or opens it. */
    const write = (v: unknown, indent: string): void => {
      const text = leaf(v)
      if (text !== undefined) {
        out.push(text)
        return
      }
      if (typeof v !== "object" || v === null) {
        out.push("null")
        return
      }
      // a small part in one call (its lines indented as the part's place wants; a JSON text has
      // no line break inside a string), a big one entry by entry
      // (not a value toJSON returned that has a toJSON of its own: JSON.stringify calls one only)
      if (!hasToJSON(v) && sizeOf(v, small) <= small) {
        out.push(atDepth(v, indent.length / 2))
        work += 1024
        return
      }
      if (Array.isArray(v)) {
        if (v.length === 0) out.push("[]")
        else {
          out.push("[")
          stack.push({ array: true, keys: undefined, values: v, indent, at: 0, wrote: false })
        }
        return
      }
      const keys = Object.keys(v)
      const values = keys.map((k) => (v as Record<string, unknown>)[k])
      out.push("{")
      stack.push({ array: false, keys, values, indent, at: 0, wrote: false })
    }
    write(withToJSON(value, ""), "")
    for (;;) {
      const top = stack[stack.length - 1]
      if (top === undefined) break
      // a look at the clock every 1 024 values written, counted by value or by part
      if (++work >= 1024) {
        work = 0
        if (performance.now() - turned > SLICE_MS) {
          yield* Effect.yieldNow
          turned = performance.now()
        }
      }
      if (top.at >= top.values.length) {
        stack.pop()
        if (top.wrote) out.push(`\n${top.indent}${top.array ? "]" : "}"}`)
        else out.push(top.array ? "]" : "}")
        continue
      }
      // a run of small entries in one call: its lines, without the brackets, indented in place
      const run = small > 0 ? runOfSmall(top, small) : 0
      if (run >= 2) {
        const text = atDepth(partOf(top, top.at, top.at + run), top.indent.length / 2)
        top.at += run
        work += 1024
        // an object's run of entries JSON.stringify writes nothing for
        if (text === "{}") continue
        // the entries' lines, indented in place, without the run's own brackets
        out.push(top.wrote ? ",\n" : "\n")
        out.push(text.slice(2, text.length - 2 - top.indent.length))
        top.wrote = true
        continue
      }
      const i = top.at++
      const key = top.array ? String(i) : (top.keys?.[i] as string)
      const v = withToJSON(top.values[i], key)
      // an object leaves out what JSON.stringify writes nothing for; an array writes null
      if (!top.array && !isWritten(v)) continue
      const inner = `${top.indent}  `
      out.push(top.wrote ? `,\n${inner}` : `\n${inner}`)
      top.wrote = true
      if (!top.array) out.push(`${JSON.stringify(key)}: `)
      write(top.array && !isWritten(v) ? null : v, inner)
    }
    return out.join("")
  })
