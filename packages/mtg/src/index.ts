/**
 * `@bulwark/mtg`: the Magic: The Gathering ruleset for Bulwark (CR 120, 614–616, 702.16 protection).
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
 * import { rulesetId } from "@bulwark/mtg"
 * console.log(rulesetId) // "mtg"
 * ```
 */
export const rulesetId = "mtg" as const

/**
 * The name of the core package this adapter plugs into.
 *
 * @example
 * ```ts
 * import { core } from "@bulwark/mtg"
 * console.log(core) // "@bulwark/core"
 * ```
 */
export const core: typeof coreName = coreName
