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
  readonly rules?: Readonly<Record<string, string | RuleSentences>> | undefined
  /**
   * The sentences of the engine itself (how an application, a skipped effect, a question, an
   * answer read), for a language other than English: every one left out is core's
   * ({@link english}).
   *
   * @since 0.1.0
   */
  readonly texts?: Partial<Texts> | undefined
  /**
   * How a citation reads, by the citation as the rules give it (`"Берсерк 533.3 (prevention with
   * an amount)"` → its words in the player's language); a citation left out reads as given. The
   * rule numbers are always read from the citation as given.
   *
   * @since 0.1.0
   */
  readonly citations?: Readonly<Record<string, string>> | undefined
  /**
   * The phrases of the ruleset's own notes ({@link Phrase}), by key: told the phrase's
   * arguments. A note whose key has no phrase here reads as its text.
   *
   * @since 0.1.0
   */
  readonly notes?: Readonly<Record<string, (args: Readonly<Record<string, string>>) => string>> | undefined
}

/**
 * A rule's sentences, one per situation it is cited in, where one rule says several things
 * (MTG 615.7: how a shield works, and who chooses when two or more sources share it): `applies`
 * for an effect applying or not under it (an application, a skipped effect, an occurrence at 0),
 * `chooses` for a player's choice it gives (a decision), and `text` otherwise (a note) or where
 * the situation has no sentence of its own.
 *
 * @example
 * ```ts
 * import type { Words } from "@bulwark/core"
 * const r: Words.RuleSentences = {
 *   text: "Shields prevent damage.",
 *   chooses: "The shielded player chooses which damage the shield prevents."
 * }
 * ```
 * @since 0.1.0
 * @category rules
 */
export interface RuleSentences {
  readonly text: string
  readonly applies?: string | undefined
  readonly chooses?: string | undefined
}

/**
 * What a citation is cited for ({@link RuleSentences}): an effect applying or not (`applies`),
 * a player's choice (`chooses`), or a note (`text`).
 *
 * @example
 * ```ts
 * import type { Words } from "@bulwark/core"
 * const s: Words.Situation = "chooses"
 * ```
 * @since 0.1.0
 * @category rules
 */
export type Situation = "applies" | "chooses" | "text"

/**
 * A note said by key, so that each language can say it in its own words: `key` names the phrase
 * (core's, {@link Texts.notes}, or a ruleset's, {@link Words.notes}), `args` fills it. The note's
 * `text` is the same note in English, for whoever reads the records without words.
 *
 * @example
 * ```ts
 * import type { Words } from "@bulwark/core"
 * const p: Words.Phrase = { key: "newEffects", args: { effects: "shield" } }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Phrase {
  readonly key: string
  /** The phrase's words: a string, or a phrase of its own (a failure's reason inside a note). */
  readonly args: Readonly<Record<string, string | Phrase>>
  /** The phrase in English, where it stands inside another and no words say it. */
  readonly text?: string | undefined
}

/**
 * The sentences of the engine, one function each (core's in English: {@link english}). A
 * ruleset or an integrator supplies another language's through {@link Words.texts}; `the` is
 * an amount of an occurrence as the changes name it ("the 3 damage to Z"), `arrow` the amount
 * before and after (": 3 → 1").
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.english.reachedZero("orc would deal 0 damage to C") // "orc would deal 0 damage to C: it does not happen"
 * ```
 * @since 0.1.0
 * @category texts
 */
export interface Texts {
  /** An event as given (`own`, its id shown) or derived by the kernel ("the results of e"). */
  readonly event: (id: string) => string
  readonly results: (of: string) => string
  readonly cost: (of: string) => string
  readonly additional: (of: string) => string
  readonly eventStarted: (event: string, occurrences: string) => string
  readonly candidates: (group: string, tier: string, candidates: string) => string
  readonly onlyCandidate: string
  readonly orderDoesNotMatter: string
  /**
   * How an effect the policy applies before any choice was applied (`OrderingPolicy.first`);
   * English when not given.
   *
   * @since 0.1.0
   */
  readonly firstInOrder?: string | undefined
  readonly chose: (chooser: string) => string
  readonly applied: (effect: string, label: string, how: string, changes: string) => string
  readonly changesNothing: string
  readonly shield: string
  readonly redirection: string
  readonly usedUp: (what: string, before: number) => string
  readonly left: (what: string, before: number, after: number) => string
  readonly notApplied: (effect: string, group: string, reason: string) => string
  readonly reasons: { readonly [K in Trace.Reason]: string }
  readonly reachedZero: (occurrence: string) => string
  readonly finished: (event: string, happened: string) => string
  readonly nothingHappens: string
  readonly the: (amount: string, subject: string) => string
  readonly redirectsPart: (n: number, the: string, to: string) => string
  readonly redirects: (the: string, to: string) => string
  readonly unpreventable: (the: string) => string
  readonly replacedWithNothing: (the: string) => string
  readonly replaced: (the: string, by: string) => string
  readonly prevents: (n: number | "all", the: string) => string
  readonly multiplies: (the: string, k: number) => string
  readonly adds: (the: string, n: number) => string
  readonly reduces: (the: string, n: number) => string
  readonly sets: (the: string, n: number) => string
  readonly atMost: (the: string, n: number) => string
  readonly atLeast: (the: string, n: number) => string
  readonly raises: (the: string) => string
  readonly lowers: (the: string) => string
  readonly changes: (the: string) => string
  /** A change of the event's params ("exile it instead": `to: exile`), `params` as `key: value` pairs. */
  readonly withParams: (the: string, params: string) => string
  readonly yes: (chooser: string) => string
  readonly no: (chooser: string) => string
  readonly allocated: (points: number, occurrence: string) => string
  readonly nothing: string
  readonly theEvent: string
  readonly theEventAffecting: (subjects: string) => string
  /** "a, b and c" / "a, b or c". */
  readonly and: (xs: ReadonlyArray<string>) => string
  readonly or: (xs: ReadonlyArray<string>) => string
  readonly chooseEffect: (chooser: string, group: string, options: string) => string
  readonly option: (effect: string, label: string) => string
  readonly useOptional: (chooser: string, effect: string, label: string) => string
  readonly allocateOccurrences: (chooser: string, effect: string, label: string, targets: string) => string
  readonly allocatePoints: (
    chooser: string,
    points: number,
    effect: string,
    label: string,
    targets: string
  ) => string
  readonly target: (occurrence: string, subject: string, source: string | undefined) => string
  readonly atMostEach: (target: string, max: number) => string
  readonly startingPlayer: (chooser: string, options: string) => string
  /**
   * A detail of an application as the kernel gives it, in English (how an amount was worked out:
   * "X = 2 (number of objects: …)"): a language can give it in its own words, or shorten it.
   */
  readonly detail: (note: string) => string
  /** How a run's outcome reads in a summary (the CLI's "Result:"). */
  readonly outcome: OutcomeTexts
  /** The phrases of core's own notes, by {@link Phrase} key. */
  readonly notes: Readonly<Record<string, (args: Readonly<Record<string, string>>) => string>>
}

/**
 * How a run's outcome reads in a summary ({@link Texts.outcome}): per event what was dealt and
 * prevented (`amounts`: "C 5, D 1", or `none`), what else happened, the effects' states, the
 * decisions, the queries and the error.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.english.outcome.event("e", "Z 3", "none") // "event e: dealt Z 3; prevented none"
 * ```
 * @since 0.1.0
 * @category texts
 */
export interface OutcomeTexts {
  readonly title: string
  readonly none: string
  readonly event: (id: string, dealt: string, prevented: string) => string
  readonly alsoHappened: (what: string) => string
  readonly effects: string
  readonly remaining: (n: number) => string
  readonly used: (n: number) => string
  readonly usedUp: string
  readonly gone: string
  readonly noDecisions: string
  readonly decisions: string
  readonly decision: (id: string, chooser: string, kind: string, rule: string, answer: string) => string
  readonly query: (name: string, answer: string) => string
  readonly error: (step: number, tag: string, message: string) => string
}

const joined =
  (word: string) =>
  (xs: ReadonlyArray<string>): string =>
    xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} ${word} ${xs[xs.length - 1]}`

/**
 * Core's sentences, in English: the trace, the questions and the answers as every ruleset
 * speaks them unless its words give {@link Words.texts} of another language.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.english.theEventAffecting("bob") // "the event affecting bob"
 * ```
 * @since 0.1.0
 * @category texts
 */
export const english: Texts = {
  event: (id) => `event ${id}`,
  results: (of) => `the results of ${of}`,
  cost: (of) => `the cost of ${of}`,
  additional: (of) => `the additional events of ${of}`,
  eventStarted: (event, occurrences) => `${event}: ${occurrences}`,
  candidates: (group, tier, candidates) => `effects that can apply to ${group} now (${tier}): ${candidates}`,
  onlyCandidate: "the only one that can apply",
  orderDoesNotMatter: "the order doesn't matter",
  firstInOrder: "applied first, in ledger order",
  chose: (chooser) => `${chooser} chose`,
  applied: (effect, label, how, changes) => `${effect} "${label}" (${how}): ${changes}`,
  changesNothing: "changes nothing",
  shield: "the shield",
  redirection: "the redirection",
  usedUp: (what, before) => `${what} is used up (${before} → 0)`,
  left: (what, before, after) => `${what} has ${after} left (${before} → ${after})`,
  notApplied: (effect, group, reason) => `${effect} does not apply to ${group}: ${reason}`,
  reasons: {
    filterFailed: "it does not apply to this event",
    conditionFailed: "its condition is not met now",
    newObject: "what it named has become a new object (it changed zones)",
    alreadyApplied: "it already applied to this event",
    eventAtZero: "the event is at 0 and does not happen",
    sourceLeftZone: "its source left the zone it must be in",
    spent: "it is used up",
    limitReached: "its use limit is reached",
    costUnpayable: "its cost can't be paid",
    declined: "its controller declined it",
    notReached: "the order moved past its slot",
    sequenceEnded: "its one sequence over these simultaneous events is over"
  },
  reachedZero: (occurrence) => `${occurrence}: it does not happen`,
  finished: (event, happened) => `${event}: ${happened}`,
  nothingHappens: "nothing happens",
  the: (amount, subject) => `the ${amount} to ${subject}`,
  redirectsPart: (n, the, to) => `redirects ${n} of ${the} to ${to}`,
  redirects: (the, to) => `redirects ${the} to ${to}`,
  unpreventable: (the) => `makes ${the} unpreventable`,
  replacedWithNothing: (the) => `replaces ${the} with nothing`,
  replaced: (the, by) => `replaces ${the}: instead, ${by}`,
  prevents: (n, the) => `prevents ${n} of ${the}`,
  multiplies: (the, k) => `${k === 2 ? "doubles" : k === 3 ? "triples" : `multiplies by ${k}`} ${the}`,
  adds: (the, n) => `adds ${n} to ${the}`,
  reduces: (the, n) => `reduces ${the} by ${n}`,
  sets: (the, n) => `sets ${the} to ${n}`,
  atMost: (the, n) => `limits ${the} to at most ${n}`,
  atLeast: (the, n) => `raises ${the} to at least ${n}`,
  raises: (the) => `raises ${the}`,
  lowers: (the) => `lowers ${the}`,
  changes: (the) => `changes ${the}`,
  withParams: (the, params) => `makes ${the} happen with ${params} instead`,
  yes: (chooser) => `yes: ${chooser} applies it`,
  no: (chooser) => `no: ${chooser} declines it`,
  allocated: (points, occurrence) => `${points} to ${occurrence}`,
  nothing: "nothing",
  theEvent: "the event",
  theEventAffecting: (subjects) => `the event affecting ${subjects}`,
  and: joined("and"),
  or: joined("or"),
  chooseEffect: (chooser, group, options) =>
    `${chooser} chooses which effect applies next to ${group}: ${options}`,
  option: (effect, label) => `${effect} "${label}"`,
  useOptional: (chooser, effect, label) => `${chooser} may apply ${effect} "${label}"`,
  allocateOccurrences: (chooser, effect, label, targets) =>
    `${chooser} chooses which one ${effect} "${label}" applies to: ${targets}`,
  allocatePoints: (chooser, points, effect, label, targets) =>
    `${chooser} divides the ${points} of ${effect} "${label}" among ${targets}`,
  target: (occurrence, subject, source) =>
    `${occurrence} (to ${subject}${source === undefined ? "" : ` from ${source}`})`,
  atMostEach: (target, max) => `${target}, at most ${max}`,
  startingPlayer: (chooser, options) =>
    `${chooser} selects the player who starts applying effects: ${options}`,
  detail: (note) => note,
  outcome: {
    title: "Result:",
    none: "none",
    event: (id, dealt, prevented) => `event ${id}: dealt ${dealt}; prevented ${prevented}`,
    alsoHappened: (what) => `also happened: ${what}`,
    effects: "effects afterwards:",
    remaining: (n) => `remaining ${n}`,
    used: (n) => `used ${n}×`,
    usedUp: "used up",
    gone: "gone",
    noDecisions: "decisions: none asked",
    decisions: "decisions:",
    decision: (id, chooser, kind, rule, answer) => `${id} asked of ${chooser} (${kind}, ${rule}): ${answer}`,
    query: (name, answer) => `query ${name}: ${answer}`,
    error: (step, tag, message) => `error at step ${step}: ${tag}: ${message}`
  },
  notes: {
    results: () => "dealt damage is processed into its results, which can be replaced in turn",
    newEffects: (a) => `new effects: ${a["effects"] ?? ""}`,
    timePasses: (a) => `time passes: ${a["boundary"] ?? ""}`,
    doesNotHappen: (a) =>
      `${a["occurrence"] ?? ""} (${a["family"] ?? ""} to ${a["subject"] ?? ""}) does not happen: ${a["reason"] ?? ""}`,
    linked: (a) =>
      `one limited effect could apply to ${a["names"] ?? ""}: the effects on them are ordered together, by the one player who chooses for them all`,
    sequence: (a) =>
      `effects could apply to ${a["names"] ?? ""}, simultaneous events of one player: the effects on them are ordered together by that player, each applying in one sequence`,
    sameOutcome: (a) =>
      `every order of ${a["options"] ?? ""} gives the same outcome: the order doesn't matter, so ${a["chooser"] ?? ""} is not asked`,
    preventsZero: (a) =>
      `${a["effect"] ?? ""} would prevent 0 now: using it or not changes nothing, so ${a["controller"] ?? ""} is not asked`,
    update: (a) => {
      const said = [
        a["zone"] === undefined ? "" : `to ${a["zone"]}`,
        a["controller"] === undefined ? "" : `controller ${a["controller"]}`,
        a["set"] === undefined ? "" : `set ${a["set"]}`,
        a["unset"] === undefined ? "" : `unset ${a["unset"]}`
      ].filter((x) => x !== "")
      return `update ${a["object"] ?? ""}${said.length === 0 ? "" : `: ${said.join("; ")}`}`
    },
    partlyDone: (a) =>
      `${a["occurrence"] ?? ""} (${a["family"] ?? ""} to ${a["subject"] ?? ""}): ${a["done"] ?? ""} of ${a["amount"] ?? ""} done: ${a["reason"] ?? ""}`
  }
}

/**
 * The engine's sentences in the words given: their {@link Words.texts}, core's English
 * ({@link english}) for every one they leave out.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.texts({ texts: { nothing: "ничего" } }).nothing // "ничего"
 * ```
 * @since 0.1.0
 * @category texts
 */
export const texts = (words: Words): Texts => {
  const own = words.texts
  if (own === undefined) return english
  return { ...english, ...own, notes: { ...english.notes, ...own.notes } }
}

/**
 * A note in the words given: its {@link Phrase} in the ruleset's notes, else in core's
 * ({@link Texts.notes}), else its text as recorded.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.note({}, "new effects: s", { key: "newEffects", args: { effects: "s" } }) // "new effects: s"
 * ```
 * @since 0.1.0
 * @category texts
 */
export const note = (words: Words, text: string, phrase: Phrase | undefined): string => {
  if (phrase === undefined) return text
  const say = words.notes?.[phrase.key] ?? texts(words).notes[phrase.key]
  if (say === undefined) return text
  const args: Record<string, string> = {}
  for (const [k, v] of Object.entries(phrase.args))
    args[k] = typeof v === "string" ? v : note(words, v.text ?? v.key, v)
  return say(args)
}

/**
 * How a citation reads in the words given ({@link Words.citations}), else as given.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * Words.citation({ citations: { scenario: "сценарий" } }, "scenario") // "сценарий"
 * ```
 * @since 0.1.0
 * @category rules
 */
export const citation = (words: Words, rule: string): string => words.citations?.[rule] ?? rule

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
  const t = texts(words)
  return subjects.length === 0 ? t.theEvent : t.theEventAffecting(t.and(subjects))
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
 * ruleset bundles no sentence for is left out. Of a rule with a sentence per situation
 * ({@link RuleSentences}), the one for `situation` (what the citation is cited for).
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
export const sentences = (
  words: Words,
  citation: string | undefined,
  situation: Situation = "text"
): ReadonlyArray<Sentence> => {
  if (citation === undefined || words.rules === undefined) return []
  const out: Array<Sentence> = []
  for (const rule of citedRules(citation)) {
    const given = words.rules[rule]
    if (given === undefined) continue
    const text =
      typeof given === "string" ? given : situation === "text" ? given.text : (given[situation] ?? given.text)
    out.push({ rule, text })
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
