/**
 * `@bulwark/testing`: private helpers for Bulwark's own tests (scripted choosers, arbitraries,
 * scenario builders, the resolver's laws as generic checkers). Not published.
 *
 * @packageDocumentation
 */
import { coreName } from "@bulwark/core"

export * as CitationSuite from "./CitationSuite.js"
export * as LawSuite from "./LawSuite.js"
export * as Laws from "./Laws.js"
export * as ScenarioSuite from "./ScenarioSuite.js"

/** The core package these helpers are written against. */
export const core: typeof coreName = coreName

/**
 * A scripted answer source: returns the given answers in order, one per call, and throws once
 * they run out, so a test that asks for more decisions than it scripted fails loudly.
 *
 * @example
 * ```ts
 * const next = scripted(["a", "b"])
 * next() // "a"
 * next() // "b"
 * next() // throws
 * ```
 */
export const scripted = <A>(answers: ReadonlyArray<A>): (() => A) => {
  let index = 0
  return () => {
    if (index >= answers.length) {
      throw new Error(`scripted: asked for answer ${index + 1} but only ${answers.length} were scripted`)
    }
    return answers[index++] as A
  }
}
