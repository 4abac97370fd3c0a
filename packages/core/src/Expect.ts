/**
 * Matching an expected outcome (a scenario's `expect:` block) against an actual one.
 *
 * The match is a deep *partial* match: every key stated in the expectation must be present and
 * equal in the actual value; keys not stated are not checked. Lists must have the same length
 * and match element by element. It never passes vacuously: an empty mapping (`dealt: {}`) or
 * list below the top level means "exactly nothing" (the actual value is absent, empty, or a
 * mapping whose every entry is 0 or empty), and an expected `0` matches an absent entry (a
 * recipient expected at 0 matches one that was dealt nothing). Under a key named `message`, an expected string matches when the
 * actual message contains it. Every difference is reported with its path and both values.
 *
 * @since 0.1.0
 * @module
 */
import type * as Ruleset from "./Ruleset.js"

/**
 * One difference between the expectation and the outcome.
 *
 * @example
 * ```ts
 * import type { Expect } from "@bulwark/core"
 * const m: Expect.Mismatch = { path: "events.e1.dealt.bear", expected: 1, actual: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Mismatch {
  readonly path: string
  readonly expected: unknown
  readonly actual: unknown
}

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const join = (path: string, key: string | number): string =>
  typeof key === "number"
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$-]*$/.test(key)
      ? path === ""
        ? key
        : `${path}.${key}`
      : `${path}[${JSON.stringify(key)}]`

// "nothing": absent, 0, or an empty list or mapping (or a mapping of nothing)
const isNothing = (u: unknown): boolean =>
  u === undefined ||
  u === 0 ||
  (Array.isArray(u) && u.length === 0) ||
  (isRecord(u) && Object.values(u).every(isNothing))

const go = (expected: unknown, actual: unknown, path: string, key: string, out: Array<Mismatch>): void => {
  if (Array.isArray(expected)) {
    if (expected.length === 0 && actual === undefined) return
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push({ path, expected, actual: actual === undefined ? "(missing)" : actual })
      return
    }
    for (let i = 0; i < expected.length; i++) go(expected[i], actual[i], join(path, i), String(i), out)
    return
  }
  if (isRecord(expected)) {
    // an empty mapping means "exactly nothing", never "anything"
    if (path !== "" && Object.keys(expected).length === 0) {
      if (!isNothing(actual)) out.push({ path, expected, actual })
      return
    }
    if (!isRecord(actual)) {
      out.push({ path, expected, actual: actual === undefined ? "(missing)" : actual })
      return
    }
    for (const [k, v] of Object.entries(expected)) go(v, actual[k], join(path, k), k, out)
    return
  }
  if (key === "message" && typeof expected === "string" && typeof actual === "string") {
    if (!actual.includes(expected)) out.push({ path, expected: `(contains) ${expected}`, actual })
    return
  }
  // an amount expected at 0 matches an entry that is absent (a recipient dealt nothing)
  if (expected === 0 && actual === undefined) return
  if (expected !== actual) out.push({ path, expected, actual: actual === undefined ? "(missing)" : actual })
}

/**
 * Compares an expectation with an actual value. Returns every mismatch; empty means it matches.
 *
 * @example
 * ```ts
 * import { Expect } from "@bulwark/core"
 * Expect.match({ dealt: { bear: 1 } }, { dealt: { bear: 2, elf: 3 } })
 * // [{ path: "dealt.bear", expected: 1, actual: 2 }]
 * ```
 * @since 0.1.0
 * @category matching
 */
export const match = (expected: unknown, actual: unknown): ReadonlyArray<Mismatch> => {
  const out: Array<Mismatch> = []
  go(expected, actual, "", "", out)
  return out
}

/**
 * Matches an `expect:` block against a scenario outcome. An outcome with an `error` fails
 * unless the expectation states an `error` too.
 *
 * @example
 * ```ts
 * import { Expect, type Ruleset } from "@bulwark/core"
 * declare const outcome: Ruleset.Outcome
 * const problems = Expect.outcome({ effects: { shield: { remaining: 0 } } }, outcome)
 * ```
 * @since 0.1.0
 * @category matching
 */
export const outcome = (
  expected: Readonly<Record<string, unknown>>,
  actual: Ruleset.Outcome
): ReadonlyArray<Mismatch> => {
  const out = [...match(expected, actual)]
  if (actual.error !== undefined && expected["error"] === undefined) {
    out.unshift({
      path: "error",
      expected: "(no error)",
      actual: `${actual.error.tag}: ${actual.error.message}`
    })
  }
  return out
}

/**
 * Renders mismatches as text, one per line.
 *
 * @example
 * ```ts
 * import { Expect } from "@bulwark/core"
 * Expect.render([{ path: "dealt.bear", expected: 1, actual: 2 }]) // "at dealt.bear: expected 1, got 2"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const render = (mismatches: ReadonlyArray<Mismatch>): string =>
  mismatches
    .map(
      (m) =>
        `at ${m.path === "" ? "(root)" : m.path}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`
    )
    .join("\n")
