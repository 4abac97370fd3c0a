/**
 * Which format a file without `format:` is in: format 1 when the format-1 migration of its
 * ruleset would rewrite something in it (beyond adding `format:`); otherwise it is most likely
 * a new file in the current format that does not say so (or a ruleset that never had format 1).
 *
 * @internal
 */
import * as Result from "effect/Result"
import * as Migrate from "../../Migrate.js"
import { isRecord } from "./text.js"

export const looksLikeFormat1 = (document: Readonly<Record<string, unknown>>): boolean => {
  const ruleset = document.ruleset
  if (typeof ruleset !== "string" || !Object.hasOwn(Migrate.migrations, ruleset)) return false
  const migrated = Migrate.migrateData(document)
  // a file its migration can't read: the advice stays `bulwark migrate` (it says why)
  if (Result.isFailure(migrated) || !isRecord(migrated.success)) return true
  const { format: _, ...rest } = migrated.success
  return JSON.stringify(rest) !== JSON.stringify(document)
}
