/**
 * Writes `outcomes.json`: the canonical outcome (`cases.ts` `outcomeOf`) of every frozen
 * format-1 case on the code of the day it runs. Run it once, before the scenario compilers
 * change (see README.md in this folder); after that, the file is the baseline and is never
 * rewritten.
 */
import { writeFileSync } from "node:fs"
import { type CanonicalOutcome, cases, outcomeOf, outcomesFile, rulesets } from "./cases.js"

/** How the cases went, per ruleset: how many, how many loaded, the load error tags. */
export interface FreezeSummary {
  readonly [ruleset: string]: {
    readonly cases: number
    readonly loaded: number
    readonly runErrors: Readonly<Record<string, number>>
    readonly loadErrors: Readonly<Record<string, number>>
  }
}

/** Computes every case's outcome, in case order. */
export const computeOutcomes = async (): Promise<Record<string, CanonicalOutcome>> => {
  const with_ = await rulesets()
  const out: Record<string, CanonicalOutcome> = {}
  for (const c of cases()) out[c.key] = outcomeOf(c.text, c.name, with_)
  return out
}

/** Counts loads and errors per ruleset (`bundled/` and `generated/` apart). */
export const summarize = (outcomes: Readonly<Record<string, CanonicalOutcome>>): FreezeSummary => {
  const s: Record<
    string,
    { cases: number; loaded: number; runErrors: Record<string, number>; loadErrors: Record<string, number> }
  > = {}
  for (const [key, o] of Object.entries(outcomes)) {
    const group = key.split("/").slice(0, 2).join("/")
    s[group] ??= { cases: 0, loaded: 0, runErrors: {}, loadErrors: {} }
    const g = s[group]
    g.cases++
    if ("load" in o) g.loadErrors[o.load] = (g.loadErrors[o.load] ?? 0) + 1
    else {
      g.loaded++
      if (o.error !== undefined) g.runErrors[o.error] = (g.runErrors[o.error] ?? 0) + 1
    }
  }
  return s
}

/** Writes `outcomes.json` (one case a line, keys sorted) and returns the summary. */
export const freeze = async (): Promise<FreezeSummary> => {
  const outcomes = await computeOutcomes()
  const lines = Object.entries(outcomes).map(([k, o]) => `${JSON.stringify(k)}:${JSON.stringify(o)}`)
  writeFileSync(outcomesFile, `{\n${lines.join(",\n")}\n}\n`)
  return summarize(outcomes)
}
