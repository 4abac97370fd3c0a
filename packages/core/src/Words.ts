/**
 * A ruleset's words: how its tiers, its event families and its rules read to a player. The trace
 * ({@link Trace.render}), the CLI and the playground speak these words; an adapter supplies them
 * through its ruleset (`Ruleset.words`) and core fills every gap with neutral plain English.
 *
 * - `tiers`: the name the rules give a policy tier, slot or group ("self-replacement effects",
 *   "prevention effects"), by the tier's name in the policy;
 * - `families`: how an occurrence of a family reads, before it happens ("src would deal 3 damage
 *   to Z") and when it happens ("Z gets 2 damage marked"), and how its amount reads ("3 damage");
 * - `groups`: how a group of occurrences ordered together reads when its key is not the affected
 *   object ("the event" for a policy that orders the whole event at once), told the subjects;
 * - `rules`: the sentences of the rules the ruleset cites, by rule number ("615.7"), so that a
 *   citation can show its text next to its number ({@link sentences}).
 *
 * @since 0.1.0
 * @module
 */
import type * as Trace from "./Trace.js"

/**
 * What a family's phrases are told about one occurrence.
 *
 * @example
 * ```ts
 * import type { Words } from "@bulwark/core"
 * const o: Words.Occurrence = { family: "damage", subject: "Z", source: "src", amount: 3 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Occurrence {
  readonly family: string
  readonly subject: string
  readonly source?: string | undefined
  readonly amount: number
  /** The occurrence's parameters (a counter's kind: `{ counter: "-1/-1" }`), when it has any. */
  readonly params?: Readonly<Record<string, unknown>> | undefined
}

/**
 * How one event family reads: `would` before it happens, `does` when it happens, `amount` for a
 * number of it ("3 damage", "2 wounds", "1 life").
 *
 * @example
 * ```ts
 * import type { Words } from "@bulwark/core"
 * const lifeGain: Words.FamilyWords = {
 *   would: (o) => `${o.subject} would gain ${o.amount} life`,
 *   does: (o) => `${o.subject} gains ${o.amount} life`,
 *   amount: (n) => `${n} life`
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface FamilyWords {
  readonly would: (o: Occurrence) => string
  readonly does: (o: Occurrence) => string
  readonly amount: (n: number) => string
}

/**
 * A ruleset's words (every part optional: core's neutral words fill the gaps).
 *
 * @example
 * ```ts
 * import type { Words } from "@bulwark/core"
 * const words: Words.Words = {
 *   tiers: { any: "other replacement and prevention effects" },
 *   rules: { "1.1": "Damage can be prevented." }
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Words {
  readonly tiers?: Readonly<Record<string, string>> | undefined
  readonly families?: Readonly<Record<string, FamilyWords>> | undefined
  readonly groups?: Readonly<Record<string, (subjects: ReadonlyArray<string>) => string>> | undefined
  readonly rules?: Readonly<Record<string, string>> | undefined
}

/**
 * No words of a ruleset's own: every phrase is core's neutral one.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.tier(Words.neutral, "prevention") // "prevention"
 * ```
 * @since 0.1.0
 * @category model
 */
export const neutral: Words = {}

const from = (o: Occurrence): string => (o.source === undefined ? "" : ` from ${o.source}`)

/**
 * Core's words for damage, the family every game has: "src would deal 3 damage to Z", "src deals
 * 2 damage to Z" (without a source: "3 damage would be dealt to Z", "Z is dealt 2 damage").
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.damage.would({ family: "damage", subject: "Z", source: "src", amount: 3 }) // "src would deal 3 damage to Z"
 * ```
 * @since 0.1.0
 * @category words
 */
export const damage: FamilyWords = {
  would: (o) =>
    o.source === undefined
      ? `${o.amount} damage would be dealt to ${o.subject}`
      : `${o.source} would deal ${o.amount} damage to ${o.subject}`,
  does: (o) =>
    o.source === undefined
      ? `${o.subject} is dealt ${o.amount} damage`
      : `${o.source} deals ${o.amount} damage to ${o.subject}`,
  amount: (n) => `${n} damage`
}

/**
 * A family's words from its three phrases: how an occurrence reads before it happens
 * (`would`), when it happens (`does`), and how an amount of it reads (`amount`).
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * const draw = Words.phrases(
 *   (o) => `${o.subject} would draw ${o.amount}`,
 *   (o) => `${o.subject} draws ${o.amount}`,
 *   (n) => `${n} card${n === 1 ? "" : "s"}`
 * )
 * draw.does({ family: "draw", subject: "ap", amount: 2 }) // "ap draws 2"
 * ```
 * @since 0.1.0
 * @category words
 */
export const phrases = (
  would: (o: Occurrence) => string,
  does: (o: Occurrence) => string,
  amount: (n: number) => string
): FamilyWords => ({ would, does, amount })

/**
 * Neutral words for a family a ruleset gives no words of its own: "zoneChange 1 would happen to
 * Z", "zoneChange 1 happens to Z".
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.generic("draw").does({ family: "draw", subject: "ap", amount: 2 }) // "draw 2 happens to ap"
 * ```
 * @since 0.1.0
 * @category words
 */
export const generic = (family: string): FamilyWords => ({
  would: (o) => `${family} ${o.amount} would happen to ${o.subject}${from(o)}`,
  does: (o) => `${family} ${o.amount} happens to ${o.subject}${from(o)}`,
  amount: (n) => `${family} ${n}`
})

/**
 * The words for a family: the ruleset's, else core's for damage, else {@link generic}.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.family({}, "damage").amount(3) // "3 damage"
 * ```
 * @since 0.1.0
 * @category words
 */
export const family = (words: Words, name: string): FamilyWords =>
  words.families?.[name] ?? (name === "damage" ? damage : generic(name))

/**
 * The rules' name of a tier: the ruleset's word for it, else the tier's own name.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.tier({ tiers: { any: "other effects" } }, "any") // "other effects"
 * ```
 * @since 0.1.0
 * @category words
 */
export const tier = (words: Words, name: string): string => words.tiers?.[name] ?? name

const and = (xs: ReadonlyArray<string>): string =>
  xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`

/**
 * How a group of occurrences reads ("effects that can apply to … now"): the ruleset's words for
 * it, told the subjects of the event when they are known; else, for the key `"event"` (core's
 * key when a policy orders the whole event at once), "the event" and whom it affects; else the
 * key itself, which is the affected object or player ("Z").
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.group({}, "Z") // "Z"
 * Words.group({}, "event", ["bob"]) // "the event affecting bob"
 * ```
 * @since 0.1.0
 * @category words
 */
export const group = (words: Words, name: string, subjects: ReadonlyArray<string> = []): string => {
  const own = words.groups?.[name]
  if (own !== undefined) return own(subjects)
  if (name !== "event") return name
  return subjects.length === 0 ? "the event" : `the event affecting ${and(subjects)}`
}

/**
 * A name written as one identifier, as words: `endOfCombat` → "end of combat", `end_of_turn` →
 * "end of turn"; a name with spaces, or in capitals ("MTG"), is left as it is.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.spaced("endOfCombat") // "end of combat"
 * ```
 * @since 0.1.0
 * @category words
 */
export const spaced = (name: string): string =>
  /\s/.test(name) || !/^[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)*$/.test(name)
    ? name
    : name
        .replace(/[_-]+/g, " ")
        .replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)

// a rule number: "616.1e", "465.2.c.10", "6.4.10j", "533.3", "702.16k", "372" — not a year
// ("2025"), a version ("v1.4") or a bare small number ("2 damage")
const RULE =
  /(?<![\w.])(\d{1,3}[a-z]?(?:\.(?:\d+[a-z]?|[a-z](?![a-z])))*)(?![\d\w])(?:[–-](\d+[a-z]?(?:\.(?:\d+[a-z]?|[a-z](?![a-z])))*|[a-z](?![a-z])))?/g

/**
 * The rule numbers a citation names, in order, each once: "MTG CR 120.3, 120.4c" → `120.3`,
 * `120.4c`; a range names both ends ("437.2–437.3", "465.2.c.4–5" → `465.2.c.4`, `465.2.c.5`);
 * a number without a dot counts when it has three digits ("Riftbound 372"). The words around the
 * numbers (the game's prefix, an explanation) are ignored.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.citedRules("Riftbound 437.2–437.3: the Prevent Value tracked on the unit") // ["437.2", "437.3"]
 * ```
 * @since 0.1.0
 * @category rules
 */
export const citedRules = (citation: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  const add = (n: string) => {
    if (!out.includes(n)) out.push(n)
  }
  for (const m of citation.matchAll(RULE)) {
    const n = m[1] ?? ""
    if (!n.includes(".") && !/^\d{3}$/.test(n)) continue
    add(n)
    const end = m[2]
    if (end !== undefined) add(end.includes(".") || !n.includes(".") ? end : n.replace(/[^.]+$/, end))
  }
  return out
}

/**
 * One cited rule with its sentence.
 *
 * @example
 * ```ts
 * import type { Words } from "@bulwark/core"
 * const s: Words.Sentence = { rule: "1.1", text: "Damage can be prevented." }
 * ```
 * @since 0.1.0
 * @category rules
 */
export interface Sentence {
  readonly rule: string
  readonly text: string
}

/**
 * The sentences of the rules a citation names, from the ruleset's bundled rules text; a rule the
 * ruleset bundles no sentence for is left out.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.sentences({ rules: { "1.1": "Damage can be prevented." } }, "Demo 1.1, 1.2")
 * // [{ rule: "1.1", text: "Damage can be prevented." }]
 * ```
 * @since 0.1.0
 * @category rules
 */
export const sentences = (words: Words, citation: string | undefined): ReadonlyArray<Sentence> => {
  if (citation === undefined || words.rules === undefined) return []
  const out: Array<Sentence> = []
  for (const rule of citedRules(citation)) {
    const text = words.rules[rule]
    if (text !== undefined) out.push({ rule, text })
  }
  return out
}

/**
 * Every citation in a trace: the rules of decisions, applications, skipped effects, occurrences
 * at 0 and notes, each once, in order.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.citations([{ _tag: "Note", text: "hi", rule: "Demo 1.1" }]) // ["Demo 1.1"]
 * ```
 * @since 0.1.0
 * @category rules
 */
export const citations = (records: ReadonlyArray<Trace.Record>): ReadonlyArray<string> => {
  const out = new Set<string>()
  for (const r of records) {
    const rule =
      r._tag === "Decided"
        ? r.request.rule
        : r._tag === "Applied" || r._tag === "NotApplied" || r._tag === "ReachedZero" || r._tag === "Note"
          ? r.rule
          : undefined
    if (rule !== undefined) out.add(rule)
  }
  return [...out]
}
