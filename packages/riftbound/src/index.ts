/**
 * `@bulwark/riftbound`: the Riftbound ruleset for Bulwark (367–375, 437 Prevent, 465 combat assignment).
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
 * import { rulesetId } from "@bulwark/riftbound"
 * console.log(rulesetId) // "riftbound"
 * ```
 */
export const rulesetId = "riftbound" as const

/**
 * The name of the core package this adapter plugs into.
 *
 * @example
 * ```ts
 * import { core } from "@bulwark/riftbound"
 * console.log(core) // "@bulwark/core"
 * ```
 */
export const core: typeof coreName = coreName
