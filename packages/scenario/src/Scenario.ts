/**
 * Loading and checking scenario files.
 *
 * A scenario is a YAML (or JSON) mapping. The *generic* keys are handled here:
 *
 * - `ruleset` (required): the id of an installed ruleset (`mtg`, `riftbound`, `berserk`, `fab`, …);
 * - `title`, `description`: free text;
 * - `decisions`: scripted answers, in the order the decisions are asked over the whole scenario —
 *   an effect id or player id (string), a yes/no (boolean), or points per occurrence
 *   (`{ i1: 2, i2: 1 }`);
 * - `strategy`: `first` (the first legal option) or `best-for-chooser` (each chooser picks what
 *   minimises the damage dealt to them and their objects);
 * - `budget`: with `strategy: best-for-chooser`, how many states its search may explore per
 *   decision (a whole number ≥ 1; default core's 200 000), or `{ states, seconds }` to set either
 *   or both (seconds: how long one decision's search may run; default core's 5); past either
 *   the run fails with `SearchBudgetExceeded`;
 * - `expect`: the outcome the run must produce (a deep-partial match against `Ruleset.Outcome`).
 *
 * Every other key belongs to the ruleset and is decoded with its `schema` (unknown keys are
 * errors, so typos are caught), then compiled with its `compile`.
 *
 * Which chooser answers the decisions ({@link chooserFor}):
 *
 * | `decisions` | `strategy` | decisions are answered by |
 * |---|---|---|
 * | given | — | the script only; a decision past its end is an error naming it (MissingDecision) |
 * | given | given | the script first, then the strategy for the rest |
 * | — | given | the strategy |
 * | — | — | `first` (every decision still appears in the outcome and the trace) |
 *
 * A script is never silently extended: if you wrote answers, a decision you did not foresee is
 * reported instead of guessed.
 *
 * @since 0.1.0
 * @module
 */
import type { Chooser, Decision, Expect, Kernel, Ruleset } from "@bulwark/core"
import type * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as internalGeneric from "./internal/scenario/generic.js"
import * as internalGuards from "./internal/scenario/guards.js"
import * as internalParse from "./internal/scenario/parse.js"
import * as internalRun from "./internal/scenario/run.js"
import type * as ScenarioError from "./ScenarioError.js"
import type * as SourceMap from "./SourceMap.js"

/**
 * A decision strategy: `first` answers every decision with its first legal option;
 * `best-for-chooser` with the option that minimises the damage dealt to the chooser's side,
 * assuming everyone after plays the same way (core `Chooser.bestForChooser`).
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const s: Scenario.Strategy = "best-for-chooser"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Strategy = "first" | "best-for-chooser"

/**
 * The strategies, as a list (for CLI flags and schemas).
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * Scenario.strategies // ["first", "best-for-chooser"]
 * ```
 * @since 0.1.0
 * @category model
 */
export const strategies: ReadonlyArray<Strategy> = internalGeneric.STRATEGIES

/**
 * Schema of the `expect:` block: each key is a part of core's `Ruleset.Outcome`, matched deep
 * and partially (only what you state is checked).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/scenario"
 * Schema.is(Scenario.ExpectSchema)({ events: { e1: { dealt: { bear: 1 } } } }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const ExpectSchema = internalGeneric.ExpectSchema

/**
 * Schema of the generic keys of a scenario.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/scenario"
 * Schema.is(Scenario.GenericSchema)({ ruleset: "mtg", strategy: "first" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const GenericSchema = internalGeneric.GenericSchema

/**
 * The keys handled by the scenario library rather than by the ruleset.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * Scenario.genericKeys.includes("expect") // true
 * ```
 * @since 0.1.0
 * @category model
 */
export const genericKeys: ReadonlyArray<string> = internalGeneric.genericKeys

/**
 * A scenario that parsed, decoded and compiled: ready to run.
 *
 * - `decisions` / `strategy`: as written (`undefined` when absent; see {@link chooserFor});
 * - `document`: the whole parsed document, `sourceMap`: line and column of any path in it.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const label = (s: Scenario.LoadedScenario) => `${s.fileName} (${s.ruleset.id}): ${s.title ?? "untitled"}`
 * ```
 * @since 0.1.0
 * @category model
 */
export interface LoadedScenario {
  readonly fileName: string
  readonly ruleset: Ruleset.AnyRuleset
  readonly title: string | undefined
  readonly description: string | undefined
  readonly decisions: ReadonlyArray<Decision.Answer> | undefined
  readonly strategy: Strategy | undefined
  /** The states budget of `best-for-chooser` (`budget:` or `budget.states`), `undefined` for core's default. */
  readonly budget: number | undefined
  /**
   * The time budget of `best-for-chooser` per decision, in milliseconds (`budget.seconds`),
   * `undefined` for core's default.
   *
   * @since 0.1.0
   */
  readonly timeBudgetMs?: number | undefined
  readonly expect: Readonly<Record<string, unknown>> | undefined
  readonly compiled: Ruleset.Compiled
  readonly document: Readonly<Record<string, unknown>>
  readonly sourceMap: SourceMap.SourceMap
}

/**
 * The result of checking a scenario: `ok` when the run matched `expect:` (or, without
 * `expect:`, ran without error), the mismatches, and the run itself.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const failed = (r: Scenario.CheckResult) => !r.ok
 * ```
 * @since 0.1.0
 * @category model
 */
export interface CheckResult {
  readonly ok: boolean
  readonly mismatches: ReadonlyArray<Expect.Mismatch>
  readonly run: Ruleset.RunResult
}

/**
 * Options for running a scenario: `strategy` overrides the file's `strategy:` (the script, if
 * any, still answers first).
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const o: Scenario.RunOptions = { strategy: "best-for-chooser" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface RunOptions {
  readonly strategy?: Strategy | undefined
}

/**
 * The loader's limits, checked before a file is decoded or run (so a huge or hostile file is
 * refused at once with a {@link ScenarioError.LimitExceeded} naming the limit, never half-way
 * through a resolution):
 *
 * - `fileSize`: characters of the text (default 128 Mi; a 1 000 000-occurrence file is about 57 Mi);
 * - `occurrencesPerEvent`: occurrences in one step's event (default 200 000);
 * - `effects`: effects at the top level (default 10 000);
 * - `steps`: steps (default 10 000).
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const roomy: Partial<Scenario.Limits> = { occurrencesPerEvent: 1_000_000 }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface Limits {
  readonly fileSize: number
  readonly occurrencesPerEvent: number
  readonly effects: number
  readonly steps: number
}

/**
 * The default {@link Limits}.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * Scenario.defaultLimits.occurrencesPerEvent // 200000
 * ```
 * @since 0.1.0
 * @category loading
 */
export const defaultLimits: Limits = internalGuards.defaultLimits

/**
 * Options of {@link parseScenario}: `limits` raises (or lowers) any of the {@link Limits}.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/scenario"
 * const options: Scenario.ParseOptions = { limits: { effects: 50_000 } }
 * ```
 * @since 0.1.0
 * @category loading
 */
export interface ParseOptions {
  readonly limits?: Partial<Limits> | undefined
}

/**
 * Parses, decodes and compiles a scenario. `fileName` is used in error messages only (nothing
 * is read from disk; see `@bulwark/scenario/node` for files). YAML and JSON are both accepted:
 * JSON means what it means as YAML 1.2 and positions are reported the same way, but a JSON text
 * is read with `JSON.parse` and its YAML node tree is built only when a problem needs a line and
 * column (a repeated key, nesting too deep or a token JSON lacks, such as `NaN`, sends the text
 * to the YAML reader, which locates each of them).
 *
 * Fails with a {@link ScenarioError.ScenarioError}: malformed text (line and column), an
 * unknown or missing `ruleset:`, schema problems (all of them, each with its path and line), or
 * a `compile` failure (its path and line).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { parseScenario } from "@bulwark/scenario"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>
 * const r = parseScenario("ruleset: mtg\nplayers: [a, b]\n", "demo.yaml", rulesets)
 * if (Result.isFailure(r)) console.error(r.failure.message)
 * ```
 * @function
 * @since 0.1.0
 * @category loading
 */
export const parseScenario: (
  text: string,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  parseOptions?: ParseOptions
) => Result.Result<LoadedScenario, ScenarioError.ScenarioError> = internalParse.parseScenario

/**
 * The first half of {@link parseScenario}, which works on plain data only: `text` read into a
 * document (JSON, the YAML subset or the YAML parser), checked against the {@link Limits}, for
 * the structural problems no schema can report and in NFC. The document is plain data (no
 * cycle, no function, no reserved key): it can be posted to another thread (a worker parses a
 * huge file while the main thread stays free for signals) and finished there with
 * {@link loadDocument}. Fails as {@link parseScenario} does on those checks.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Scenario } from "@bulwark/scenario"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>
 * const text = "format: 4\nruleset: mtg\nplayers: [a, b]\n"
 * const read = Scenario.readDocument(text, "demo.yaml")
 * const loaded = Result.flatMap(read, (doc) => Scenario.loadDocument(doc, text, "demo.yaml", rulesets))
 * ```
 * @since 0.1.0
 * @category loading
 */
export const readDocument = (
  text: string,
  fileName: string,
  parseOptions?: ParseOptions
): Result.Result<Record<string, unknown>, ScenarioError.ScenarioError> =>
  Result.map(internalParse.checkText(text, fileName, parseOptions), (c) => c.document)

/**
 * The second half of {@link parseScenario}: a document {@link readDocument} returned (here or in
 * another thread) → the loaded scenario — the ruleset found, the document decoded, checked and
 * compiled. `text` is the text it was read from: problems are located in it (a YAML node tree
 * is built only when a problem needs a line and column). `readDocument` then `loadDocument`
 * gives what `parseScenario` gives.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Scenario } from "@bulwark/scenario"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>, doc: Record<string, unknown>, text: string
 * const r = Scenario.loadDocument(doc, text, "demo.yaml", rulesets)
 * if (Result.isFailure(r)) console.error(r.failure.message)
 * ```
 * @function
 * @since 0.1.0
 * @category loading
 */
export const loadDocument: (
  document: Record<string, unknown>,
  text: string,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
) => Result.Result<LoadedScenario, ScenarioError.ScenarioError> = internalParse.loadDocument

/**
 * {@link loadDocument} as an effect that gives the event loop a turn every few milliseconds
 * while it decodes and compiles: the same loaded scenario or the same error, but a program can
 * stop it (interrupt the fiber, e.g. on a signal) while it works through a huge document, where
 * `loadDocument` runs to its end in one synchronous stretch. Decoding and compiling pause every
 * few hundred objects, effects, steps and occurrences of an event.
 *
 * @example
 * ```ts
 * import { Effect, Result } from "effect"
 * import { Scenario } from "@bulwark/scenario"
 * import type { Ruleset } from "@bulwark/core"
 * declare const rulesets: ReadonlyArray<Ruleset.AnyRuleset>, doc: Record<string, unknown>, text: string
 * const program = Effect.map(Scenario.loadDocumentEffect(doc, text, "huge.yaml", rulesets), (r) =>
 *   Result.isFailure(r) ? r.failure.message : r.success.title
 * )
 * ```
 * @function
 * @since 0.1.0
 * @category loading
 */
export const loadDocumentEffect: (
  document: Record<string, unknown>,
  text: string,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
) => Effect.Effect<Result.Result<LoadedScenario, ScenarioError.ScenarioError>> =
  internalParse.loadDocumentEffect

/**
 * The strategy that answers a scenario's decisions after its script (see the table in this
 * module's description): `options.strategy`, else the file's `strategy:`, else `first` when the
 * file has no `decisions:`; `undefined` when only a script answers.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * Scenario.strategyFor(loaded, { strategy: "best-for-chooser" }) // "best-for-chooser"
 * ```
 * @function
 * @since 0.1.0
 * @category running
 */
export const strategyFor: (loaded: LoadedScenario, options?: RunOptions) => Strategy | undefined =
  internalRun.strategyFor

/**
 * The chooser a scenario runs with (see the table in this module's description): the script
 * first; after it, the strategy if one is given (by `options` or the file), an error if only a
 * script was given, and `first` if neither was.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * import { Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * const run = Ruleset.run(loaded.ruleset.rules, loaded.compiled, Scenario.chooserFor(loaded))
 * ```
 * @function
 * @since 0.1.0
 * @category running
 */
export const chooserFor: (loaded: LoadedScenario, options?: RunOptions) => Chooser.SyncChooser =
  internalRun.chooserFor

/**
 * The kernel options a scenario runs with. A prompt whose every order gives the same outcome is
 * no longer asked (core `Kernel.Options.askEveryOrder`); a file written before that may answer
 * such a prompt in its `decisions:` or list it under `expect.decisions`. Such a file keeps its
 * meaning: when it answers or lists more decisions than a run with the shortcut asks, it is run
 * asking every order, as it was written (both runs reach the same outcomes; the file's answers
 * pick one of them). Remove the answer and the listed decision to use the shortcut.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * import { Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * const run = Ruleset.run(loaded.ruleset.rules, loaded.compiled, Scenario.chooserFor(loaded),
 *   Scenario.kernelOptions(loaded))
 * ```
 * @function
 * @since 0.1.0
 * @category running
 */
export const kernelOptions: (loaded: LoadedScenario, options?: RunOptions) => Kernel.Options =
  internalRun.kernelOptions

/**
 * Describes how a scenario's decisions are answered, e.g. `"scripted (2 answers)"`,
 * `"scripted (1 answer), then best-for-chooser"`, `"first (default)"`.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * console.log(`decisions: ${Scenario.describeStrategy(loaded)}`)
 * ```
 * @function
 * @since 0.1.0
 * @category running
 */
export const describeStrategy: (loaded: LoadedScenario, options?: RunOptions) => string =
  internalRun.describeStrategy

/**
 * Matches a finished run against the scenario's `expect:` block (core `Expect.outcome`).
 * Without `expect:`, the run is ok when it ended without error. Use it when you ran the
 * scenario yourself (e.g. with core `Ruleset.runEffect` and an interactive chooser).
 *
 * Two more mismatches, whatever `expect:` says: a scripted answer the run refused as illegal is
 * reported at `decisions[i]` with its file, line and column; and when the run ended without
 * error, scripted answers that no decision asked for are a mismatch at the first unused one (a
 * script longer than the run is a ruling that no longer describes it).
 *
 * @example
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * import { matchRun, type Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * const run = Ruleset.run(loaded.ruleset.rules, loaded.compiled, Chooser.firstLegal)
 * const { ok, mismatches } = matchRun(loaded, run)
 * ```
 * @function
 * @since 0.1.0
 * @category running
 */
export const matchRun: (loaded: LoadedScenario, run: Ruleset.RunResult) => CheckResult = internalRun.matchRun

/**
 * Runs a loaded scenario (core `Ruleset.run` with {@link chooserFor}) and matches its `expect:`
 * block ({@link matchRun}). Without `expect:`, the scenario is ok when it ran without error.
 * Never throws: a bug in a ruleset becomes an outcome error tagged `Defect`.
 *
 * @example
 * ```ts
 * import { Expect } from "@bulwark/core"
 * import { checkScenario, type Scenario } from "@bulwark/scenario"
 * declare const loaded: Scenario.LoadedScenario
 * const result = checkScenario(loaded)
 * if (!result.ok) console.log(Expect.render(result.mismatches))
 * ```
 * @function
 * @since 0.1.0
 * @category running
 */
export const checkScenario: (loaded: LoadedScenario, options?: RunOptions) => CheckResult =
  internalRun.checkScenario
