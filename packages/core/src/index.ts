/**
 * `@bulwark/core`: game-agnostic prevention and replacement primitives and the one resolver.
 *
 * @packageDocumentation
 */

/**
 * The package's semantic name, used by adapters to check they run against a compatible core.
 *
 * @example
 * ```ts
 * import { coreName } from "@bulwark/core"
 * console.log(coreName) // "@bulwark/core"
 * ```
 */
export const coreName = "@bulwark/core" as const
