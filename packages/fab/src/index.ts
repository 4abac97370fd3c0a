/**
 * `@bulwark/fab`: the Flesh and Blood ruleset for Bulwark (6.4 prevention (6.4.10 a–j), 6.5 ordering, keywords).
 *
 * This package is a skeleton: the ordering and assignment policies arrive in later releases.
 *
 * @packageDocumentation
 */
import { coreName } from "@bulwark/core"

/**
 * The identifier of this ruleset, as written in scenario files and printed by `bulwark rulesets`.
 *
 * @example
 * ```ts
 * import { rulesetId } from "@bulwark/fab"
 * console.log(rulesetId) // "fab"
 * ```
 */
export const rulesetId = "fab" as const

/**
 * The name of the core package this adapter plugs into.
 *
 * @example
 * ```ts
 * import { core } from "@bulwark/fab"
 * console.log(core) // "@bulwark/core"
 * ```
 */
export const core: typeof coreName = coreName
