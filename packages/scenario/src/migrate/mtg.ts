/**
 * The mtg ruleset's format-1 scenario words, rewritten in format 2 (see `Migrate`).
 *
 * @since 0.1.0
 */
import type { RulesetMigration } from "../Migrate.js"

/**
 * The mtg migration (not written yet: format-1 mtg files are only marked `format: 2`).
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.migrations["mtg"]?.ruleset // "mtg"
 * ```
 * @since 0.1.0
 * @category migrations
 */
export const migration: RulesetMigration = {
  ruleset: "mtg",
  migrate: () => {},
  mappings: []
}
