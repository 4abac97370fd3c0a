/**
 * How the loader shows values in its messages: `show` (short JSON, NaN and Infinity named, a
 * value that contains itself described instead of thrown on), `suggest` (the "did you mean"
 * suffix) and `valueAt` (the value at a path of the parsed document, if any). Pure functions.
 *
 * @internal
 */
import { Amount, Names } from "@bulwark/core"
import type * as SourceMap from "../../SourceMap.js"

export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

export const valueAt = (doc: unknown, path: SourceMap.Path): { found: boolean; value: unknown } => {
  let cur: unknown = doc
  for (const seg of path) {
    if (Array.isArray(cur) && typeof seg === "number") cur = cur[seg]
    else if (isRecord(cur) && Object.hasOwn(cur, String(seg))) cur = cur[String(seg)]
    else return { found: false, value: undefined }
  }
  return { found: true, value: cur }
}

// JSON has no NaN or Infinity (it writes null): name them
export const NON_FINITE = "\u0000nonfinite:"
export const named = (_: string, v: unknown): unknown =>
  typeof v === "number" && !Number.isFinite(v) ? `${NON_FINITE}${Amount.show(v)}` : v

export const show = (u: unknown): string => {
  let s: string | undefined
  try {
    s = JSON.stringify(u, named)?.replace(/"\\u0000nonfinite:([^"]*)"/g, "$1")
  } catch {
    // a value that contains itself (a YAML alias inside its own anchor) has no JSON form
    return Array.isArray(u) ? "a list that contains itself" : "a value that contains itself"
  }
  if (s === undefined) return String(u)
  return s.length > 60 ? `${s.slice(0, 57)}...` : s
}

export const suggest = (actual: string, options: ReadonlyArray<string>): string => {
  const best = Names.closest(actual, options)
  return best === undefined ? "" : ` (did you mean ${show(best)}?)`
}
