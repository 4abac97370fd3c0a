/**
 * `@bulwark/scenario`: scenario files for Bulwark — parse a YAML or JSON scenario with
 * line-precise errors, compile it with its ruleset, run it and check its `expect:` block.
 *
 * This entry point has no Node imports (it runs in a browser); file-system helpers live in
 * `@bulwark/scenario/node`.
 *
 * ```ts
 * import { Result } from "effect"
 * import { checkScenario, parseScenario } from "@bulwark/scenario"
 * import { ruleset } from "@bulwark/mtg"
 *
 * const loaded = parseScenario(text, "MTG-09.yaml", [ruleset])
 * if (Result.isSuccess(loaded)) console.log(checkScenario(loaded.success).ok)
 * ```
 *
 * @packageDocumentation
 */

export * as Meanings from "./Meanings.js"
export * as Migrate from "./Migrate.js"
export * as Scenario from "./Scenario.js"
export {
  type CheckResult,
  checkScenario,
  chooserFor,
  defaultLimits,
  describeStrategy,
  kernelOptions,
  type Limits,
  type LoadedScenario,
  matchRun,
  type ParseOptions,
  parseScenario,
  type RunOptions,
  type Strategy,
  strategyFor
} from "./Scenario.js"
export * as ScenarioError from "./ScenarioError.js"
export * as Skeleton from "./Skeleton.js"
export * as SourceMap from "./SourceMap.js"
export * as YamlSubset from "./YamlSubset.js"

import type * as Errors from "./ScenarioError.js"

/**
 * Every error of loading a scenario (the same union as `ScenarioError.ScenarioError`).
 *
 * @example
 * ```ts
 * import type { LoadError } from "@bulwark/scenario"
 * const report = (e: LoadError) => `${e._tag}: ${e.message}`
 * ```
 * @since 0.1.0
 * @category errors
 */
export type LoadError = Errors.ScenarioError
