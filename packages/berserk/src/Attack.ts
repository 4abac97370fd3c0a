/**
 * Attacks («атаки»): their kinds, the tags each kind implies, the Russian names scenario authors
 * may write, and the protection icons («Защита от …») that make a creature immune to a kind.
 *
 * An attack (a strike «удар», a shot «выстрел», a throw «метание», a discharge «разряд», magic
 * «магия», poison «яд», a spell «заклинание») is one damage occurrence per target: the wounds it
 * would inflict are the occurrence's `amount`; its kind and implied tags are the occurrence's
 * `kinds`; its strength («сила атаки») is kept in the occurrence's params and on the attack's own
 * object in the view, where prevention never touches it (533.1).
 *
 * @since 0.1.0
 * @module
 */

/**
 * The attack kinds this adapter knows.
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.kinds.includes("shot") // true
 * ```
 * @since 0.1.0
 * @category constants
 */
export const kinds = ["strike", "shot", "throw", "discharge", "magic", "poison", "spell"] as const

/**
 * One attack kind: strike «удар», shot «выстрел», throw «метание», discharge «разряд»,
 * magic «магия» (magic strike «магический удар»), poison «яд», spell «заклинание».
 *
 * @example
 * ```ts
 * import type { Attack } from "@bulwark/berserk"
 * const k: Attack.Kind = "discharge"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Kind = (typeof kinds)[number]

/**
 * Russian names of the attack kinds (nominative, and the genitive plural used in card wordings
 * such as «Защита от выстрелов», «-1 от ударов»), mapped to the English kind.
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.russianNames["выстрел"] // "shot"
 * Attack.russianNames["разрядов"] // "discharge"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const russianNames: Readonly<Record<string, Kind>> = {
  удар: "strike",
  ударов: "strike",
  выстрел: "shot",
  выстрелов: "shot",
  метание: "throw",
  метания: "throw",
  разряд: "discharge",
  разрядов: "discharge",
  магия: "magic",
  магии: "magic",
  "магический удар": "magic",
  "магических ударов": "magic",
  яд: "poison",
  отравление: "poison",
  отравления: "poison",
  заклинание: "spell",
  заклинаний: "spell"
}

/**
 * The kinds and implied tags in Russian as the card wordings name what they come from (the
 * genitive plural of «Защита от выстрелов», «-1 от ударов», «-1 от дальних атак»).
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.genitive["shot"] // "выстрелов"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const genitive: Readonly<Record<string, string>> = {
  strike: "ударов",
  shot: "выстрелов",
  throw: "метания",
  discharge: "разрядов",
  magic: "магии",
  poison: "отравления",
  spell: "заклинаний",
  melee: "ближних ударов",
  ranged: "дальних атак",
  nonmagical: "немагических атак",
  retaliation: "ответных ударов"
}

/**
 * The tag of a retaliation («ответный удар»): the strike the attacked creature deals back to
 * its attacker in the same attack step (see the `attack` step's `retaliation` in
 * {@link Scenario}). A retaliation is a strike (`strike`, `melee`, `nonmagical`) with this tag
 * too, so a card that reads it — Килсус «Не получает ран от ответных ударов» (does not receive
 * wounds from retaliations) — writes `kinds: [ответных ударов]` (or `[retaliation]`).
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.tagsOf("strike", [Attack.RETALIATION]) // ["strike", "melee", "nonmagical", "retaliation"]
 * Attack.parseTag("ответных ударов") // "retaliation"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const RETALIATION = "retaliation"

/**
 * Russian names of the implied tags, for card wordings such as «-1 от дальних атак» (ranged
 * attacks) or «-1 от немагических атак» (non-magical attacks), and of a retaliation («ответный
 * удар», «Не получает ран от ответных ударов»).
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.russianTags["дальних атак"] // "ranged"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const russianTags: Readonly<Record<string, string>> = {
  "ближних ударов": "melee",
  "ближний удар": "melee",
  "дальних атак": "ranged",
  "дальняя атака": "ranged",
  "магических атак": "magic",
  "немагических атак": "nonmagical",
  "ответный удар": "retaliation",
  "ответных ударов": "retaliation"
}

/**
 * The tags each kind implies, next to the kind itself: strikes are melee; shots, throws and
 * discharges are ranged; discharges, magic and spells are magic; strikes, shots and throws are
 * non-magical. Poison implies nothing. (An interpretation from the card wordings; see the README.)
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.implied.discharge // ["ranged", "magic"]
 * ```
 * @since 0.1.0
 * @category constants
 */
export const implied: Readonly<Record<Kind, ReadonlyArray<string>>> = {
  strike: ["melee", "nonmagical"],
  shot: ["ranged", "nonmagical"],
  throw: ["ranged", "nonmagical"],
  discharge: ["ranged", "magic"],
  magic: ["magic"],
  poison: [],
  spell: ["magic"]
}

/**
 * Normalises a kind written in English or Russian; `undefined` when it is not a kind.
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.parseKind("удар") // "strike"
 * Attack.parseKind("shot") // "shot"
 * Attack.parseKind("hug") // undefined
 * ```
 * @since 0.1.0
 * @category parsing
 */
export const parseKind = (text: string): Kind | undefined => {
  const t = text.trim().toLowerCase()
  if ((kinds as ReadonlyArray<string>).includes(t)) return t as Kind
  return russianNames[t]
}

/**
 * Normalises a kind or tag (for `from.kinds` filters and protections): a kind in English or
 * Russian, a tag in English ("ranged", "melee", "magic", "nonmagical") or Russian; any other
 * string is kept as it is (a scenario's own tag).
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.parseTag("выстрелов") // "shot"
 * Attack.parseTag("дальних атак") // "ranged"
 * ```
 * @since 0.1.0
 * @category parsing
 */
export const parseTag = (text: string): string => {
  const k = parseKind(text)
  if (k !== undefined) return k
  const t = text.trim().toLowerCase()
  return russianTags[t] ?? t
}

/**
 * The occurrence kinds of an attack: its kind, the implied tags, and any extra tags, without
 * duplicates.
 *
 * @example
 * ```ts
 * import { Attack } from "@bulwark/berserk"
 * Attack.tagsOf("shot") // ["shot", "ranged", "nonmagical"]
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const tagsOf = (kind: Kind, extra: ReadonlyArray<string> = []): ReadonlyArray<string> => [
  ...new Set([kind, ...implied[kind], ...extra.map(parseTag)])
]
