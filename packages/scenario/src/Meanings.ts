/**
 * One table of what the games' words mean, for a "did you mean" by meaning across games: a
 * file of one ruleset that names another game's word for the same thing (`preventNext`, FaB's
 * shielding prevention, in an MTG file) is told this game's word (`shield`). Each row is one
 * meaning with each bundled ruleset's own words for it (effect kinds or event families, as the
 * rulesets spell them — the CLI's tests check every word against the installed rulesets, and
 * that the prevention rows' kinds build the prevention they say). A ruleset not in a row simply
 * has no word for that meaning; a word in no row gets the spelling suggestion only.
 *
 * @since 0.1.0
 * @module
 */
import { Families } from "@bulwark/core"
import { show } from "./internal/scenario/text.js"
import * as v4 from "./migrate/v4.js"

/**
 * One meaning: what it is (`says`), whether its words are effect kinds (`kind:`) or event
 * families (`family:`), and each ruleset's words for it, by ruleset id.
 *
 * @example
 * ```ts
 * import type { Meanings } from "@bulwark/scenario"
 * const m: Meanings.Meaning = { what: "family", says: "a card is turned sideways (tapped)", words: { riftbound: ["exhaust"], berserk: ["close"] } }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Meaning {
  readonly what: "kind" | "family"
  readonly says: string
  readonly words: Readonly<Record<string, ReadonlyArray<string>>>
}

/**
 * The meanings of the bundled rulesets' words that another game says with another word.
 *
 * @example
 * ```ts
 * import { Meanings } from "@bulwark/scenario"
 * Meanings.meanings.find((m) => m.words.mtg?.includes("shield"))?.words.fab // ["preventNext"]
 * ```
 * @since 0.1.0
 * @category model
 */
export const meanings: ReadonlyArray<Meaning> = [
  {
    what: "kind",
    says: "prevent the next N damage to it, what is left of N carrying over to later damage",
    words: { mtg: ["shield"], fab: ["preventNext"], riftbound: ["prevent"], berserk: ["prevent"] }
  },
  {
    what: "kind",
    says: "the next time it would be dealt damage, prevent all of that damage (once)",
    words: { fab: ["preventNextTime"], riftbound: ["preventNext"] }
  },
  {
    what: "kind",
    says: "add to or take from the amount of an event",
    words: {
      mtg: ["modify"],
      riftbound: ["modify"],
      fab: ["thatMuchPlus"],
      berserk: ["moreWounds", "fewerWounds"]
    }
  },
  {
    what: "family",
    says: "a card is turned sideways (tapped)",
    words: { riftbound: ["exhaust"], berserk: ["close"] }
  }
]

/**
 * What a word of other games means in this one: for each meaning where another ruleset spells
 * it `word` and this ruleset has words of its own, this ruleset's words, the rulesets that say
 * `word` and what it means. Empty when `word` is this ruleset's own word for that meaning or no
 * other game's word.
 *
 * @example
 * ```ts
 * import { Meanings } from "@bulwark/scenario"
 * Meanings.translate("mtg", "kind", "preventNext").map((t) => t.words) // [["shield"]]
 * Meanings.translate("mtg", "kind", "preventNext")[0]?.from // ["fab"]
 * ```
 * @since 0.1.0
 * @category suggesting
 */
export const translate = (
  ruleset: string,
  what: Meaning["what"],
  word: string
): ReadonlyArray<{
  readonly words: ReadonlyArray<string>
  readonly from: ReadonlyArray<string>
  readonly says: string
}> => {
  const ownOf = (m: Meaning): ReadonlyArray<string> =>
    Object.hasOwn(m.words, ruleset) ? (m.words[ruleset] ?? []) : []
  // a word of this ruleset's own (for any meaning) means what it means here
  if (meanings.some((m) => m.what === what && ownOf(m).includes(word))) return []
  return meanings.flatMap((m) => {
    const own = ownOf(m)
    if (m.what !== what || own.length === 0) return []
    const from = Object.entries(m.words).flatMap(([id, ws]) =>
      id !== ruleset && ws.includes(word) ? [id] : []
    )
    return from.length === 0 ? [] : [{ words: own, from, says: m.says }]
  })
}

const either = (words: ReadonlyArray<string>): string =>
  words.length <= 1
    ? words.map(show).join("")
    : `${words.slice(0, -1).map(show).join(", ")} or ${show(words.at(-1) ?? "")}`

/**
 * The "did you mean" by meaning of an unknown kind or family, as the suffix of its message
 * (`' (did you mean "shield"? "preventNext" is fab's word for it: …)'`), or `undefined` when
 * the word is no other game's word for something this ruleset names.
 *
 * @example
 * ```ts
 * import { Meanings } from "@bulwark/scenario"
 * Meanings.hint("mtg", "family", "loseLife")
 * // ' (did you mean "lifeLoss"? "loseLife" is its name before format 4: the subject\'s life total goes down by the amount)'
 * Meanings.hint("mtg", "kind", "sheild") // undefined
 * ```
 * @since 0.1.0
 * @category suggesting
 */
export const hint = (ruleset: string, what: Meaning["what"], word: string): string | undefined => {
  // a common family's name before format 4 (core `Families`: one name per concept in every game)
  const old = what === "family" ? v4.renamedFamily(word) : undefined
  if (old !== undefined)
    return ` (did you mean ${show(old.family)}${old.to === undefined ? "" : ` with \`params: { to: ${old.to} }\``}? ${show(word)} is its name before format 4: ${Families.meanings[old.family]})`
  const found = translate(ruleset, what, word)
  if (found.length === 0) return undefined
  const words = [...new Set(found.flatMap((f) => f.words))]
  const why = found.map(
    (f) =>
      `${show(word)} is ${f.from.map((g) => `${g}'s`).join(" and ")} word for ${found.length === 1 ? "it" : either(f.words)}: ${f.says}`
  )
  return ` (did you mean ${either(words)}? ${why.join("; ")})`
}
