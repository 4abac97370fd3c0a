/**
 * The checks that run on a parsed document before anything is decoded: the loader's limits
 * (`overLimit`, counts only, so a huge file is refused before any work proportional to it) and
 * the structural problems no schema can report (`structuralIssues`: reserved names, non-finite
 * numbers, a document that contains itself). Both stop at the first problems they find.
 *
 * @internal
 */
import { Amount } from "@bulwark/core"
import type { Limits } from "../../Scenario.js"
import * as ScenarioError from "../../ScenarioError.js"
import * as SourceMap from "../../SourceMap.js"
import { isRecord, show } from "./text.js"

export const defaultLimits: Limits = {
  fileSize: 128 * 1024 * 1024,
  occurrencesPerEvent: 200_000,
  effects: 10_000,
  steps: 10_000
}

// Names that reach a JavaScript object's prototype when used as a key or looked up as an id
// ("constructor", "toString", "__proto__", …): no ruleset can tell them from a real object, so
// they are refused anywhere in a scenario except in free text.
const RESERVED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype))
const FREE_TEXT: ReadonlySet<string> = new Set(["title", "description", "label", "rule", "note", "message"])

/**
 * Problems no schema can report: a reserved name used as a key or a value, a number that is NaN
 * or infinite (also where a schema accepts any value), and a document that contains itself (a YAML alias inside its own anchor), which has no finite form to decode.
 */
export const structuralIssues = (
  data: unknown,
  sourceMap: SourceMap.SourceMap
): Array<ScenarioError.Issue> => {
  const out: Array<ScenarioError.Issue> = []
  const onPath = new Set<object>()
  const done = new Set<object>()
  const issue = (path: ReadonlyArray<string | number>, at: "key" | "value", message: string) => {
    const pos = sourceMap.positionOf(path, at)
    out.push({ path: SourceMap.formatPath(path), line: pos.line, column: pos.column, message })
  }
  const go = (v: unknown, path: ReadonlyArray<string | number>, depth: number): void => {
    if (out.length >= 20 || depth > 500) return
    if (typeof v === "string") {
      if (RESERVED.has(v))
        issue(path, "value", `${show(v)} is a reserved name (it can't be used as an id or a key)`)
      return
    }
    // a non-finite number (YAML `.nan`, `.inf`) anywhere, also where a ruleset reads any value
    // (`expect:`): JSON would carry it on as null, so it is named here, where it is written
    if (typeof v === "number" && !Number.isFinite(v)) {
      issue(path, "value", `expected a finite number, got ${Amount.show(v)} (amounts are safe integers)`)
      return
    }
    if (typeof v !== "object" || v === null) return
    if (onPath.has(v)) {
      issue(path, "value", "this value contains itself (a YAML alias inside its own anchor)")
      return
    }
    if (done.has(v)) return
    onPath.add(v)
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) go(v[i], [...path, i], depth + 1)
    else
      for (const k of Object.keys(v)) {
        if (RESERVED.has(k))
          issue([...path, k], "key", `${show(k)} is a reserved name (it can't be used as a key)`)
        else if (!FREE_TEXT.has(k)) go((v as Record<string, unknown>)[k], [...path, k], depth + 1)
      }
    onPath.delete(v)
    done.add(v)
  }
  go(data, [], 0)
  return out
}

/** The line of a top-level `key:` (1 when it is not found: a flow-style or JSON document). */
const topLevelLine = (text: string, key: string): number => {
  const m = new RegExp(`^"?${key}"?\\s*:`, "m").exec(text)
  if (m === null) return 1
  let line = 1
  for (let i = 0; i < m.index; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** Above this many characters, a limit's position is the top-level key's line (no YAML node tree). */
const LOCATE_LIMIT_UP_TO = 1 << 20

/** The first limit `data` is over, if any (counts only: nothing is decoded). */
export const overLimit = (
  data: Record<string, unknown>,
  text: string,
  fileName: string,
  limits: Limits,
  sourceMap: SourceMap.SourceMap
): ScenarioError.LimitExceeded | undefined => {
  const at = (path: SourceMap.Path, key: string) =>
    text.length <= LOCATE_LIMIT_UP_TO
      ? sourceMap.positionOf(path)
      : { line: topLevelLine(text, key), column: 1 }
  const effects = data.effects
  if (Array.isArray(effects) && effects.length > limits.effects) {
    const pos = at(["effects"], "effects")
    return new ScenarioError.LimitExceeded({
      file: fileName,
      ...pos,
      limit: "effects",
      value: effects.length,
      max: limits.effects,
      what: "effects"
    })
  }
  const steps = data.steps
  if (!Array.isArray(steps)) return undefined
  if (steps.length > limits.steps) {
    const pos = at(["steps"], "steps")
    return new ScenarioError.LimitExceeded({
      file: fileName,
      ...pos,
      limit: "steps",
      value: steps.length,
      max: limits.steps,
      what: "steps"
    })
  }
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]
    if (!isRecord(step)) continue
    for (const [kind, body] of Object.entries(step)) {
      if (!isRecord(body) || !Array.isArray(body.occurrences)) continue
      const n = body.occurrences.length
      if (n <= limits.occurrencesPerEvent) continue
      const pos = at(["steps", i, kind, "occurrences"], "steps")
      const id = typeof body.id === "string" ? ` ${body.id}` : ""
      return new ScenarioError.LimitExceeded({
        file: fileName,
        ...pos,
        limit: "occurrencesPerEvent",
        value: n,
        max: limits.occurrencesPerEvent,
        what: `occurrences in the ${kind}${id} of steps[${i}]`
      })
    }
  }
  return undefined
}
