/**
 * `@bulwark/berserk`: the Берсерк (Berserk) ruleset for Bulwark (533 prevention, 534 replacement).
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
 * import { rulesetId } from "@bulwark/berserk"
 * console.log(rulesetId) // "berserk"
 * ```
 */
export const rulesetId = "berserk" as const

/**
 * The name of the core package this adapter plugs into.
 *
 * @example
 * ```ts
 * import { core } from "@bulwark/berserk"
 * console.log(core) // "@bulwark/core"
 * ```
 */
export const core: typeof coreName = coreName
