/**
 * `@bulwark/core`: game-agnostic prevention and replacement primitives and the one resolver.
 *
 * Import each module as a namespace:
 *
 * ```ts
 * import { GameEvent, GameView, Ledger, Policy, Resolver, Chooser } from "@bulwark/core"
 * ```
 *
 * @packageDocumentation
 */

/**
 * The package's name, used by adapters to check they run against a compatible core.
 *
 * @example
 * ```ts
 * import { coreName } from "@bulwark/core"
 * console.log(coreName) // "@bulwark/core"
 * ```
 *
 * @since 0.1.0
 */
export const coreName = "@bulwark/core" as const

export * as Amount from "./Amount.js"
export * as Chooser from "./Chooser.js"
export * as Decision from "./Decision.js"
export * as Errors from "./Errors.js"
export * as Expect from "./Expect.js"
export * as Families from "./Families.js"
export * as Filter from "./Filter.js"
export * as GameEvent from "./GameEvent.js"
export * as GameView from "./GameView.js"
export * as Generic from "./Generic.js"
export * as Identity from "./Identity.js"
export * as Kernel from "./Kernel.js"
export * as Language from "./Language.js"
export * as Ledger from "./Ledger.js"
export * as Modifiers from "./Modifiers.js"
export * as Names from "./Names.js"
export * as Policy from "./Policy.js"
export * as Replacement from "./Replacement.js"
export * as Resolver from "./Resolver.js"
export * as Ruleset from "./Ruleset.js"
export * as Trace from "./Trace.js"
export * as Words from "./Words.js"
export * as Zones from "./Zones.js"
