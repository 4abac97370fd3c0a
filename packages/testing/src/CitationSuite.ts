/**
 * One vitest suite for an adapter's rule sentences: every rule the adapter cites — in a string
 * of its sources that starts with its citation prefix ("MTG CR 615.7", "FaB 6.5.5"), or in the
 * traces of its scenario files — has a sentence bundled (or is listed as unavailable, with a
 * reason), and every bundled sentence is of a rule it cites (short quotations of the cited rules
 * only).
 *
 * @since 0.1.0
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Words } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"

/** Options of {@link citationSuite}. */
export interface Options {
  /** The adapter's `src` folder (absolute path; its `.ts` files at any depth are read). */
  readonly src: string
  /** How the adapter's citations start ("MTG", "Riftbound", "Берсерк", "FaB"). */
  readonly prefix: string
  /** The bundled sentences, by rule number. */
  readonly sentences: Readonly<Record<string, string>>
  /** Cited rules no copy of which exists, each with the reason. */
  readonly unavailable?: Readonly<Record<string, string>> | undefined
  /** Strings that start with the prefix but cite nothing (the ruleset's name, its rules version). */
  readonly notCitations?: ReadonlyArray<string> | undefined
  /** Citations seen at run time (the rules of the scenario files' traces and decisions). */
  readonly traced?: ReadonlyArray<string> | undefined
}

/**
 * The string literals (double-quoted or template) of a source text that start with `prefix`.
 *
 * @example
 * ```ts
 * import { CitationSuite } from "@bulwark/testing"
 * CitationSuite.literals('rule: "MTG CR 615.7", label: "x"', "MTG") // ["MTG CR 615.7"]
 * ```
 */
export const literals = (text: string, prefix: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const s = m[1] ?? m[2] ?? ""
    if (s.startsWith(prefix)) out.push(s)
  }
  return out
}

/** Every citation of an adapter: its sources' prefixed strings and the traced ones. */
export const citations = (options: Options): ReadonlyArray<string> => {
  const skip = new Set(options.notCitations ?? [])
  const found = new Set<string>()
  for (const f of readdirSync(options.src, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .sort())
    for (const s of literals(readFileSync(join(options.src, f), "utf8"), options.prefix))
      if (!skip.has(s)) found.add(s)
  for (const s of options.traced ?? []) found.add(s)
  return [...found]
}

/** The cited rules with neither a sentence nor an entry in `unavailable`, with a citation naming each. */
export const withoutText = (
  options: Options,
  cited: ReadonlyArray<string> = citations(options)
): ReadonlyArray<{ readonly rule: string; readonly citation: string }> => {
  const out: Array<{ rule: string; citation: string }> = []
  for (const citation of cited)
    for (const rule of Words.citedRules(citation))
      if (
        options.sentences[rule] === undefined &&
        options.unavailable?.[rule] === undefined &&
        !out.some((o) => o.rule === rule)
      )
        out.push({ rule, citation })
  return out
}

/** The bundled sentences of rules nothing cites. */
export const uncited = (
  options: Options,
  cited: ReadonlyArray<string> = citations(options)
): ReadonlyArray<string> => {
  const rules = new Set(cited.flatMap((c) => Words.citedRules(c)))
  return Object.keys(options.sentences).filter((r) => !rules.has(r))
}

/**
 * Registers the suite.
 *
 * @example
 * ```ts
 * import { fileURLToPath } from "node:url"
 * import { CitationSuite } from "@bulwark/testing"
 * import { RuleText } from "../src/index.js"
 * CitationSuite.citationSuite({
 *   src: fileURLToPath(new URL("../src", import.meta.url)),
 *   prefix: "MTG", sentences: RuleText.sentences
 * })
 * ```
 */
export const citationSuite = (options: Options): void => {
  const cited = citations(options)
  describe("rule sentences", () => {
    it("the sources cite rules (the prefix finds them)", () => {
      expect(cited.length).toBeGreaterThan(0)
    })
    it("every cited rule has its sentence bundled", () => {
      expect(withoutText(options, cited)).toEqual([])
    })
    it("every bundled sentence is of a cited rule", () => {
      expect(uncited(options, cited)).toEqual([])
    })
    it("no bundled sentence is empty", () => {
      expect(Object.entries(options.sentences).filter(([, t]) => t.trim() === "")).toEqual([])
    })
    it("a rule is either bundled or unavailable, not both", () => {
      expect(
        Object.keys(options.unavailable ?? {}).filter((r) => options.sentences[r] !== undefined)
      ).toEqual([])
    })
    it("the check fails when a cited rule loses its sentence (mutant)", () => {
      const rule = Words.citedRules(
        cited.find((c) => Words.citedRules(c).some((r) => options.sentences[r])) ?? ""
      )
        .filter((r) => options.sentences[r] !== undefined)
        .at(0)
      expect(rule).toBeDefined()
      const { [rule ?? ""]: _dropped, ...rest } = options.sentences
      expect(withoutText({ ...options, sentences: rest }, cited).map((o) => o.rule)).toContain(rule)
    })
  })
}
