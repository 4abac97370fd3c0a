/**
 * The one call of the meanings table (`Meanings.hint`) in the loader: an "unknown kind" or
 * "unknown family" problem whose word is another game's word for something this ruleset names
 * gets this ruleset's word as its "did you mean" (in place of the spelling one, which names a
 * word that only looks alike). Any other problem is left as it is.
 *
 * @internal
 */
import * as Meanings from "../../Meanings.js"
import { show, valueAt } from "./text.js"

export const withMeaning = (
  message: string,
  ruleset: string,
  path: ReadonlyArray<string | number>,
  document: unknown
): string => {
  const last = path.at(-1)
  const what = last === "kind" ? "kind" : last === "family" ? "family" : undefined
  const word = what === undefined ? undefined : valueAt(document, path).value
  if (what === undefined || typeof word !== "string") return message
  const prefix = `unknown ${what} ${show(word)}`
  const hint = message.startsWith(prefix) ? Meanings.hint(ruleset, what, word) : undefined
  if (hint === undefined) return message
  return prefix + hint + message.slice(prefix.length).replace(/^ \(did you mean [^;]*?\?\)/, "")
}
