/**
 * One vitest suite for an adapter's scenario folder: every file must load and match its
 * `expect:` block (the same check as `bulwark check`), and every public conformance case must
 * have a file. The directory checker is passed in (from `@bulwark/scenario/node`), so this
 * package does not depend on the scenario library.
 *
 * @since 0.1.0
 */
import { Expect } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"

/** What a directory checker reports for one file (the shape of `@bulwark/scenario/node`'s). */
export type Checked =
  | {
      readonly _tag: "Checked"
      readonly file: string
      readonly result: { readonly mismatches: ReadonlyArray<Expect.Mismatch> }
    }
  | { readonly _tag: "Invalid"; readonly file: string; readonly error: { readonly message: string } }

/** Options of {@link scenarioSuite}. */
export interface Options<R> {
  /** The scenario folder (absolute path). */
  readonly dir: string
  readonly ruleset: R
  /** The public cases that must each have a file whose name starts with their id, e.g. `MTG-01`. */
  readonly publicCases: {
    readonly prefix: string
    readonly count: number
    /** Further public cases past `count`, by id (`MTG-27`): a wave whose files arrive out of order. */
    readonly also?: ReadonlyArray<string>
  }
  readonly checkDirectory: (dir: string, rulesets: ReadonlyArray<R>) => ReadonlyArray<Checked>
}

/**
 * Registers the suite.
 *
 * @example
 * ```ts
 * import { fileURLToPath } from "node:url"
 * import { checkDirectory } from "@bulwark/scenario/node"
 * import { ScenarioSuite } from "@bulwark/testing"
 * import { ruleset } from "../src/index.js"
 * ScenarioSuite.scenarioSuite({
 *   dir: fileURLToPath(new URL("../scenarios", import.meta.url)),
 *   ruleset, checkDirectory, publicCases: { prefix: "MTG", count: 15 }
 * })
 * ```
 */
export const scenarioSuite = <R>(options: Options<R>): void => {
  const { dir, prefix, count } = { dir: options.dir, ...options.publicCases }
  const results = options.checkDirectory(dir, [options.ruleset])
  const name = (file: string) => file.slice(dir.length + 1)
  describe("scenario files", () => {
    it(`has a file for each public case ${prefix}-01 … ${prefix}-${String(count).padStart(2, "0")}`, () => {
      const files = results.map((r) => name(r.file))
      const missing: Array<string> = []
      for (let i = 1; i <= count; i++) {
        const id = `${prefix}-${String(i).padStart(2, "0")}`
        if (!files.some((f) => f.startsWith(id))) missing.push(id)
      }
      for (const id of options.publicCases.also ?? [])
        if (!files.some((f) => f === `${id}.yaml` || f.startsWith(`${id}-`) || f.startsWith(`${id}.`)))
          missing.push(id)
      expect(missing).toEqual([])
    })
    for (const r of results) {
      it(name(r.file), () => {
        if (r._tag === "Invalid") expect.fail(r.error.message)
        else expect(Expect.render(r.result.mismatches)).toBe("")
      })
    }
  })
}
