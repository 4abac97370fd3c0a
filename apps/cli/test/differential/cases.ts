/**
 * The kernel differential (issue 30, point 5): every bundled scenario, the examples' scenarios,
 * the generated format-1 corpus (migrated to format 2, as `bulwark migrate` reads it) and the
 * seeded fuzz corpus's documents that load, each run as `bulwark check` runs it, reduced to a
 * canonical text: the whole `Ruleset.Outcome` (keys sorted) and the rendered trace of the run.
 *
 * `kernel.json` holds, per case, a hash of its input text and a hash of that canonical text, as
 * the kernel of commit 525208f (before the lean-data rewrite) gave it; `kernel-text.json.gz` holds
 * the canonical texts themselves, so that a failure shows what differs, line by line.
 */
import { createHash } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { gunzipSync } from "node:zlib"
import { Ruleset, Trace } from "@bulwark/core"
import { chooserFor, kernelOptions, Migrate, matchRun, parseScenario, type Scenario } from "@bulwark/scenario"
import { Result } from "effect"
import { generatedCases } from "../format1/generate.js"
import { corpus, isHuge, makeCase } from "../fuzz.js"
import * as Registry from "../installed.js"

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, "..", "..", "..", "..")

/** The frozen hashes, by case key. */
export const hashesFile = join(here, "kernel.json")
/** The frozen canonical texts, by case key (gzipped JSON). */
export const textsFile = join(here, "kernel-text.json.gz")

/** The fuzz corpus's seed (the fuzz test's default) and how many of its cases are run here. */
export const FUZZ_SEED = 20261129
export const FUZZ_CASES = 1500

/** One case: its key, the file name it loads under, its text. */
export interface Case {
  readonly key: string
  readonly name: string
  readonly text: string
}

const scenarioFiles = (dir: string, prefix: string): ReadonlyArray<Case> =>
  readdirSync(dir)
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort()
    .map((f) => ({ key: `${prefix}/${f}`, name: f, text: readFileSync(join(dir, f), "utf8") }))

/** Every case, in a fixed order. */
export const cases = (): ReadonlyArray<Case> => {
  const bundled = Registry.scenarioFolders.flatMap((r) => scenarioFiles(r.scenarios, `bundled/${r.id}`))
  const examples = ["adapter-walkthrough", "guides"].flatMap((e) =>
    scenarioFiles(join(repo, "examples", e, "scenarios"), `examples/${e}`)
  )
  const generated = generatedCases().map((g) => {
    const m = Migrate.migrateText(g.text)
    return {
      key: `generated/${g.ruleset}/${g.index}`,
      name: g.name,
      text: Result.isSuccess(m) ? m.success.text : g.text
    }
  })
  const files = corpus(Registry.scenarioFolders)
  const fuzz = Array.from({ length: FUZZ_CASES }, (_, i) => i)
    .filter((i) => !isHuge(i))
    .map((i) => makeCase(FUZZ_SEED, i, files, Registry.installed))
    .map((c) => ({ key: `fuzz/${c.index}`, name: c.name, text: c.text }))
  return [...bundled, ...examples, ...generated, ...fuzz]
}

/** Deterministic key order, and JSON's missing numbers named. */
const sorted = (v: unknown): unknown => {
  if (v === null || typeof v !== "object") {
    if (typeof v === "number" && !Number.isFinite(v)) return `${v}`
    return v
  }
  if (Array.isArray(v)) return v.map(sorted)
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(v).sort()) {
    const x = (v as Record<string, unknown>)[k]
    if (x !== undefined) out[k] = sorted(x)
  }
  return out
}

/** The rulesets the cases load with: the installed ones and the adapter walkthrough's Duel. */
export const rulesets = async (): Promise<ReadonlyArray<Ruleset.AnyRuleset>> => {
  const duel = new URL("../../../../examples/adapter-walkthrough/src/Duel.ts", import.meta.url).href
  const m = (await import(duel)) as { readonly ruleset: Ruleset.AnyRuleset }
  return [...Registry.installed, m.ruleset]
}

/** How one case ran: not loaded (`undefined`), or the run with the trace on and with it off. */
export interface Ran {
  readonly loaded: Scenario.LoadedScenario
  readonly traced: Ruleset.RunResult | { readonly defect: string }
  readonly untraced: Ruleset.RunResult | { readonly defect: string }
}

const runOnce = (
  loaded: Scenario.LoadedScenario,
  trace: boolean
): Ruleset.RunResult | { readonly defect: string } => {
  try {
    return Ruleset.run(loaded.ruleset.rules, loaded.compiled, chooserFor(loaded), {
      ...kernelOptions(loaded),
      trace
    })
  } catch (err) {
    return { defect: err instanceof Error ? err.message : String(err) }
  }
}

/** Loads and runs one case (twice: with the trace, and with `trace: false`). */
export const run = (c: Case, with_: ReadonlyArray<Ruleset.AnyRuleset>): Ran | undefined => {
  const parsed = parseScenario(c.text, c.name, with_)
  if (Result.isFailure(parsed)) return undefined
  return {
    loaded: parsed.success,
    traced: runOnce(parsed.success, true),
    untraced: runOnce(parsed.success, false)
  }
}

/** The outcome part of a run: the whole `Ruleset.Outcome`, keys sorted, and `ok` of `expect:`. */
export const outcomeText = (loaded: Scenario.LoadedScenario, r: Ran["traced"]): string =>
  "defect" in r
    ? `defect: ${r.defect}`
    : JSON.stringify(sorted({ outcome: r.outcome, ok: matchRun(loaded, r).ok }), null, 1)

/** The canonical text of a case: its outcome, then its rendered trace. */
export const canonical = (c: Case, with_: ReadonlyArray<Ruleset.AnyRuleset>): string => {
  const ran = run(c, with_)
  if (ran === undefined) return "not loaded"
  const trace = "defect" in ran.traced ? "" : Trace.render(ran.traced.trace)
  return `${outcomeText(ran.loaded, ran.traced)}\n--- trace\n${trace}\n`
}

/** A short hash of a text. */
export const hash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 16)

/** One frozen case: the hash of its input and of its canonical text. */
export interface Frozen {
  readonly input: string
  readonly output: string
}

/** The frozen hashes. */
export const frozenHashes = (): Readonly<Record<string, Frozen>> =>
  JSON.parse(readFileSync(hashesFile, "utf8")) as Record<string, Frozen>

/** The frozen canonical texts. */
export const frozenTexts = (): Readonly<Record<string, string>> =>
  JSON.parse(gunzipSync(readFileSync(textsFile)).toString("utf8")) as Record<string, string>
