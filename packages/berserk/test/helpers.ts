/**
 * Test helpers: decode a scenario document (as a scenario file would hold it) with the ruleset's
 * schema, compile it, run it, and match an expectation.
 */
import { Chooser, type Decision, Expect, type Kernel, Ruleset, Trace } from "@bulwark/core"
import { Result, Schema } from "effect"
import { ruleset } from "../src/index.js"

export const compileDoc = (doc: unknown) => {
  const scenario = Schema.decodeUnknownSync(ruleset.schema)(doc, { onExcessProperty: "error" })
  return ruleset.compile(scenario)
}

export const runDoc = (
  doc: unknown,
  decisions?: ReadonlyArray<Decision.Answer>,
  options?: Kernel.Options
): Ruleset.RunResult => {
  const compiled = compileDoc(doc)
  if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
  return Ruleset.run(
    ruleset.rules,
    compiled.success,
    decisions === undefined ? Chooser.firstLegal : Chooser.scripted(decisions),
    options
  )
}

/** The mismatches between an expectation and the run's outcome, rendered ("" when it matches). */
export const mismatches = (result: Ruleset.RunResult, expected: Readonly<Record<string, unknown>>): string =>
  Expect.render(Expect.outcome(expected, result.outcome))

export const traceText = (result: Ruleset.RunResult): string => Trace.render(result.trace)

/** The ids of the effects applied, in the order the trace records them. */
export const appliedOrder = (result: Ruleset.RunResult): ReadonlyArray<string> =>
  result.trace.flatMap((r) => (r._tag === "Applied" ? [r.effect] : []))

export const players = { active: "ap", inactive: "ip" } as const
