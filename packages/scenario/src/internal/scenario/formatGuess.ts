/**
 * Which format a file without `format:` is in. A body the skeleton decodes (format 2's shapes and
 * words) is a new file that only forgot to say so; otherwise it is format 1 when the format-1
 * migration of its ruleset would rewrite something in it (beyond adding `format:`). A ruleset
 * without a migration never had format 1.
 *
 * @internal
 */
import type { Language } from "@bulwark/core"
import * as Result from "effect/Result"
import * as Migrate from "../../Migrate.js"
import * as Skeleton from "../../Skeleton.js"
import { genericKeys } from "./generic.js"
import { isRecord } from "./text.js"

export const looksLikeFormat1 = (
  document: Readonly<Record<string, unknown>>,
  language: Language.Language | undefined
): boolean => {
  const ruleset = document.ruleset
  if (typeof ruleset !== "string" || !Object.hasOwn(Migrate.migrations, ruleset)) return false
  if (language !== undefined) {
    const body = Object.fromEntries(Object.entries(document).filter(([k]) => !genericKeys.includes(k)))
    const refused = () => [{ path: [], at: "value" as const, message: "refused" }]
    if (Result.isSuccess(Skeleton.decode(language, body, refused))) return false
  }
  const migrated = Migrate.migrateData(document)
  // a file its migration can't read: the advice stays `bulwark migrate` (it says why)
  if (Result.isFailure(migrated) || !isRecord(migrated.success)) return true
  const { format: _, ...rest } = migrated.success
  return JSON.stringify(rest) !== JSON.stringify(document)
}
