/**
 * `resolve --json` of a huge run is written in slices (`src/json.ts`, issue 32 point 3: a signal
 * stops any command within a second; one `JSON.stringify` of the 200 MB output of a
 * 100 000-occurrence event took 3 s, and SIGTERM waited for it) — and `--json` output stays
 * exact (point 6: "`--json` output stays exact"): the text is `JSON.stringify(value, null, 2)`'s,
 * character for character.
 *
 * Checked on 3 000 generated values (nested arrays and objects, empty ones, strings with control
 * characters, quotes and astral characters, -0, NaN and Infinity, `undefined`, functions and
 * symbols in objects and in arrays, `toJSON` with its key), on the bundled MTG scenarios as
 * parsed documents, and on a value of 300 000 entries, during which the event loop gets turns.
 *
 * Each is written with every part walked entry by entry, with parts of up to 8 values written by
 * one `JSON.stringify` call (indented in place), and with the default (1 024).
 *
 * Mutants tried: an array's `undefined` left out instead of written `null` (fails the generated
 * values); the indentation of a nested object one level short (fails every case); a run of
 * entries cut without taking off its closing line's indentation, and the wrapping of a part cut
 * one indentation short (each fails the generated values, the scenarios and the big value); the
 * turn removed (fails the last test: no turn comes).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { assert, describe, it } from "vitest"
import { stringifyInTurns } from "../src/json.js"

/** A seeded generator (the same values every run). */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x7fffffff
}

const STRINGS = [
  "",
  "a",
  'quote " and \\ back',
  "line\nbreak\r\t",
  "\u001b[31mred",
  "😀 astral",
  "\u2028",
  "NFC é"
]
const NUMBERS = [0, -0, 1, -1.5, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]

const generated = (next: () => number, depth: number): unknown => {
  const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(next() * xs.length)] as A
  const r = next()
  if (depth >= 5 || r < 0.35) {
    return pick<unknown>([null, true, false, undefined, () => 1, Symbol("s"), pick(STRINGS), pick(NUMBERS)])
  }
  const n = Math.floor(next() * 5)
  if (r < 0.6) return Array.from({ length: n }, () => generated(next, depth + 1))
  if (r < 0.65) {
    const inner = generated(next, depth + 1)
    return { toJSON: (key: string) => ({ key, inner }) }
  }
  const o: Record<string, unknown> = {}
  for (let i = 0; i < n; i++)
    o[pick(["a", "b", "é", "with space", "1", "__proto__x", `k${i}`])] = generated(next, depth + 1)
  return o
}

/** The two texts are equal; else the failure shows where they first differ (not a diff of megabytes). */
const same = (got: string, want: string, what: string): void => {
  if (got === want) return
  let k = 0
  while (got[k] === want[k]) k++
  assert.fail(
    `${what}: differs at ${k}: ${JSON.stringify(got.slice(k - 40, k + 40))} instead of ${JSON.stringify(want.slice(k - 40, k + 40))}`
  )
}

describe("--json output written in slices", () => {
  it("is JSON.stringify(value, null, 2) on 3 000 generated values", async () => {
    const next = random(42)
    for (let i = 0; i < 3000; i++) {
      const v = generated(next, 0)
      if (v === undefined || typeof v === "function" || typeof v === "symbol") continue
      const want = JSON.stringify(v, null, 2)
      // every part walked, parts of up to 8 values in one call, and the default
      for (const small of [0, 8, undefined])
        same(await Effect.runPromise(stringifyInTurns(v, small)), want, `value ${i} (small ${small})`)
    }
  })

  it("is JSON.stringify's on the parsed scenarios of a game (deep, real documents)", async () => {
    const dir = join(import.meta.dirname, "..", "..", "..", "packages", "mtg", "scenarios")
    const { parse } = await import("yaml")
    let n = 0
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".yaml"))) {
      const doc = parse(readFileSync(join(dir, f), "utf8"))
      for (const small of [0, 8, undefined])
        same(
          await Effect.runPromise(stringifyInTurns(doc, small)),
          JSON.stringify(doc, null, 2),
          `${f} (small ${small})`
        )
      n++
    }
    assert.isAbove(n, 10)
  })

  it("gives the event loop turns while it writes 300 000 entries", async () => {
    const big = {
      trace: Array.from({ length: 300_000 }, (_, i) => ({ id: `d${i}`, family: "damage", amount: i % 7 }))
    }
    let turns = 0
    let stop = false
    const tick = () => {
      turns++
      if (!stop) setImmediate(tick)
    }
    setImmediate(tick)
    const text = await Effect.runPromise(stringifyInTurns(big))
    stop = true
    same(text, JSON.stringify(big, null, 2), "the big value")
    assert.isAtLeast(turns, 5)
  })
})
