/**
 * Small helpers of the skeleton's decoder and compiler: how a value is shown in a message, the
 * "did you mean" suffix, a problem's path as text (`formatPath`: `effects[0].kind`) and back
 * (`parsePath`), and the field names of a struct schema (`fieldsOf`). Pure functions of their
 * arguments.
 *
 * @internal
 */
import { Names } from "@bulwark/core"

export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

export const show = (u: unknown): string => {
  const s = JSON.stringify(u)
  if (s === undefined) return String(u)
  return s.length > 60 ? `${s.slice(0, 57)}...` : s
}

export const didYouMean = (actual: string, options: ReadonlyArray<string>): string => {
  const best = Names.closest(actual, options)
  return best === undefined ? "" : ` (did you mean ${show(best)}?)`
}

export const formatPath = (path: ReadonlyArray<string | number>): string =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("")

export const fieldsOf = (s: unknown): ReadonlyArray<string> => {
  const fields =
    (typeof s === "object" || typeof s === "function") && s !== null
      ? (s as { fields?: unknown }).fields
      : undefined
  return isRecord(fields) ? Object.keys(fields) : []
}

export const parsePath = (p: string): Array<string | number> => {
  const out: Array<string | number> = []
  for (const m of p.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    out.push(m[2] !== undefined ? Number(m[2]) : (m[1] as string))
  return out
}
