/**
 * The adapter contract: what a ruleset package exports so that scenario files, the `bulwark`
 * CLI and integrators can use it without knowing the game.
 *
 * A ruleset decodes its own scenario vocabulary (a Schema), compiles it into plain core data —
 * a view, a ledger and a list of {@link Step}s — and supplies its {@link Policy.Rules}. The
 * generic runner ({@link run}) resolves the steps in order, threading the ledger and view from
 * one to the next, and builds the {@link Outcome} that a scenario's `expect:` block is matched
 * against.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import * as Chooser from "./Chooser.js"
import type * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import type * as GameEvent from "./GameEvent.js"
import type * as GameView from "./GameView.js"
import * as Sliced from "./internal/kernel/sliced.js"
import { applySimple, finishRun, newAcc, offset, record } from "./internal/run.js"
import type * as Kernel from "./Kernel.js"
import type * as Language from "./Language.js"
import type * as Ledger from "./Ledger.js"
import * as Names from "./Names.js"
import type * as Policy from "./Policy.js"
import type * as Trace from "./Trace.js"
import * as Words from "./Words.js"

/**
 * JSON data, as found in outcomes and query answers.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const j: Ruleset.Json = { dealt: { bear: 1 }, tags: ["a"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [k: string]: Json }

/**
 * What a query step can use: the view and ledger at that point, and the scenario's chooser.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const lifeOf = (ctx: Ruleset.QueryContext, id: string) => ctx.view.objects[id]?.props["life"]
 * ```
 * @since 0.1.0
 * @category model
 */
export interface QueryContext {
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly chooser: Chooser.SyncChooser
  readonly rules: Policy.Rules
}

/**
 * One step of a compiled scenario:
 *
 * - `Event`: resolve an event (the ledger and view carry over to the next step);
 * - `Advance`: cross a time boundary (`Ledger.advance`, and `Modifiers.advance` ends the modifiers
 *   that last until it);
 * - `AddEffects`: effects created now (a spell resolving);
 * - `Update`: the game changes outside any event (a creature changes colour, leaves play);
 * - `Query`: ask the ruleset something (legality, an assignment preview); the answer is put in the
 *   outcome under `queries.<name>`.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const s: Ruleset.Step = { _tag: "Advance", boundary: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Step =
  | {
      readonly _tag: "Event"
      readonly event: GameEvent.GameEvent
      /**
       * A check the rules make whether or not there is anything to do (MTG 704: state-based
       * actions): when none of its occurrences happens and no effect applied, it leaves nothing in
       * the trace.
       */
      readonly quiet?: boolean | undefined
      /**
       * The event as the game is when the step runs, read from the view then (not when the file
       * is loaded): an occurrence's amount written as the game's value ("damage equal to its
       * power", MTG 510.1a) or the cards an instruction names ("the top three cards of the
       * library", MTG 701.17a). `event` is what it gives on the compiled view (same id, same
       * families): what is checked before the run.
       */
      readonly at?: ((view: GameView.GameView, rules: Policy.Rules) => GameEvent.GameEvent) | undefined
    }
  | { readonly _tag: "Advance"; readonly boundary: string }
  | { readonly _tag: "AddEffects"; readonly effects: Ledger.Ledger["effects"] }
  | {
      readonly _tag: "Update"
      readonly label: string
      readonly apply: (view: GameView.GameView) => GameView.GameView
      /** The label by key, so that each language says it in its own words (`label`: in English). */
      readonly phrase?: Words.Phrase | undefined
      /** A check with nothing to do leaves no note: the label is noted only when `apply` changed the view. */
      readonly quiet?: boolean | undefined
    }
  | {
      readonly _tag: "Query"
      readonly name: string
      readonly run: (ctx: QueryContext) => Result.Result<Json, Errors.ResolveError | Errors.ScenarioInvalid>
    }

/**
 * The step "resolve this event" (`Event`, see {@link Step}), for a scenario compiled by hand;
 * the ledger and view it leaves carry over to the next step.
 *
 * @example
 * ```ts
 * import { Chooser, GameEvent, GameView, Ledger, Policy, Ruleset } from "@bulwark/core"
 * const rules: Policy.Rules = {
 *   name: "demo",
 *   order: Policy.affectedChooses({ name: "demo", rule: "demo 1", tiers: [{ name: "any" }] }),
 *   assignment: Policy.recipientControllerAllocates("demo 2")
 * }
 * const view = GameView.make({ players: ["a", "b"], activePlayer: "a",
 *   objects: [{ id: "bolt", kind: "object", controller: "a", zone: "stack", props: {} }] })
 * const hit = GameEvent.make("hit", [GameEvent.damage({ id: "d", source: "bolt", recipient: "b", amount: 2 })])
 * const run = Ruleset.run(rules, { view, ledger: Ledger.empty, steps: [Ruleset.event(hit)] }, Chooser.bestForChooser())
 * run.outcome.events["hit"]?.dealt // { b: 2 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const event = (event: GameEvent.GameEvent): Extract<Step, { readonly _tag: "Event" }> => ({
  _tag: "Event",
  event
})

/**
 * A compiled scenario: the starting view and ledger, and the steps.
 *
 * @example
 * ```ts
 * import { GameView, Ledger, type Ruleset } from "@bulwark/core"
 * const c: Ruleset.Compiled = { view: GameView.make({ players: ["a"], activePlayer: "a" }), ledger: Ledger.empty, steps: [] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Compiled {
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly steps: ReadonlyArray<Step>
}

/**
 * One line of a ruleset's rules coverage table.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const c: Ruleset.Coverage = { rule: "615.7", title: "shields over simultaneous damage", status: "implemented" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Coverage {
  readonly rule: string
  readonly title: string
  readonly status: "implemented" | "partial" | "interpretation" | "not-covered"
  readonly note?: string
}

/**
 * What a ruleset package exports (as `ruleset`).
 *
 * - `id`: the value of `ruleset:` in scenario files ("mtg");
 * - `schema`: decodes the ruleset's part of a scenario document — every key except the generic
 *   ones (`ruleset`, `title`, `description`, `decisions`, `strategy`, `expect`);
 * - `compile`: turns the decoded scenario into core data, or fails naming the path;
 * - `rules`: the ruleset's policies;
 * - `rulesVersion`: the rules text it implements (e.g. "CR 2025-06-13");
 * - `coverage`: its rules coverage table;
 * - `words` (optional): how its tiers, event families and rules read to a player (core's
 *   `Words`): the trace, the CLI and the playground speak them, and show a cited rule's sentence
 *   next to its number.
 *
 * @example
 * ```ts
 * import { Result, Schema } from "effect"
 * import { GameView, Ledger, Policy, type Ruleset } from "@bulwark/core"
 * const tiny: Ruleset.Ruleset<{ readonly players: ReadonlyArray<string> }> = {
 *   id: "tiny", name: "Tiny", description: "a demo", rulesVersion: "1",
 *   schema: Schema.Struct({ players: Schema.Array(Schema.String) }),
 *   rules: { name: "tiny", order: Policy.affectedChooses({ name: "tiny", rule: "t1", tiers: [] }),
 *     assignment: Policy.recipientControllerAllocates("t2") },
 *   compile: (s) => Result.succeed({ view: GameView.make({ players: s.players, activePlayer: s.players[0] ?? "" }), ledger: Ledger.empty, steps: [] }),
 *   coverage: []
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Ruleset<S = unknown> {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly rulesVersion: string
  /**
   * The ruleset's words for the one scenario language (format 4): `@bulwark/scenario` builds
   * the schema and the compiler of its files from them.
   */
  readonly language?: Language.Language
  /**
   * Format 1 (deprecated): the ruleset's own schema for its part of a scenario document.
   * Only read for format-1 files (no `format:` key), until every ruleset speaks {@link Language}.
   */
  readonly schema?: Schema.Codec<S, unknown>
  /** Format 1 (deprecated): compiles what {@link schema} decoded. */
  readonly compile?: (scenario: S) => Result.Result<Compiled, Errors.ScenarioInvalid>
  readonly rules: Policy.Rules
  readonly coverage: ReadonlyArray<Coverage>
  readonly words?: Words.Words | undefined
  /**
   * The language `words` speak, as a language tag ("ru"); absent: English ("en").
   */
  readonly lang?: string | undefined
  /**
   * The ruleset's words in other languages, by language tag (`{ en: … }` for a ruleset whose
   * `words` are Russian): the CLI's `--lang` and the playground pick one ({@link wordsIn}).
   */
  readonly translations?: Readonly<Record<string, Words.Words>> | undefined
  /**
   * Where ids are written in this ruleset's scenario files, one entry per kind of id (see
   * {@link IdSpace}); the scenario loader refuses two equal ids in one space, naming both
   * places.
   */
  readonly idSpaces?: ReadonlyArray<IdSpace>
  /** The event families and kinds this ruleset knows (see {@link Vocabulary} and {@link unknownNames}). */
  readonly vocabulary?: Vocabulary
}

/**
 * The languages a ruleset speaks: the language of its `words` first (`lang`, English when
 * absent), then those of its `translations`.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * Ruleset.languages({ lang: "ru", translations: { en: {} } }) // ["ru", "en"]
 * ```
 * @since 0.1.0
 * @category words
 */
export const languages = (ruleset: Pick<Ruleset, "lang" | "translations">): ReadonlyArray<string> => [
  ...new Set([ruleset.lang ?? "en", ...Object.keys(ruleset.translations ?? {})])
]

/**
 * A ruleset's words in a language: its `words` for its own language (or when no language is
 * asked for), else its translation into that language, else `undefined` (it does not speak it;
 * {@link languages} lists those it does).
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * const r = { lang: "ru", words: { tiers: { any: "прочие" } }, translations: { en: { tiers: { any: "other" } } } }
 * Ruleset.wordsIn(r, "en")?.tiers?.["any"] // "other"
 * Ruleset.wordsIn(r, undefined)?.tiers?.["any"] // "прочие"
 * ```
 * @since 0.1.0
 * @category words
 */
export const wordsIn = (
  ruleset: Pick<Ruleset, "lang" | "translations" | "words">,
  lang: string | undefined
): Words.Words | undefined => {
  if (lang === undefined || lang === (ruleset.lang ?? "en")) return ruleset.words ?? Words.neutral
  return ruleset.translations?.[lang]
}

/**
 * One kind of id in a ruleset's scenario files (objects, effects, events, occurrences,
 * queries, …) and every place it is written, as path patterns over the document:
 * `objects[*].id` (a list's elements' `id`), `units.*` (the keys of a mapping), `players[*]`
 * (a list of strings; elements that are mappings are skipped, so `players[*].id` can name those).
 * `within` scopes the space: with `within: "steps[*].event"` and paths relative to it
 * (`damage[*].id`), ids must differ inside each event, not across events.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const effects: Ruleset.IdSpace = { name: "effect", paths: ["effects[*].id", "steps[*].resolve[*].id"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface IdSpace {
  readonly name: string
  readonly paths: ReadonlyArray<string>
  readonly within?: string
}

/**
 * The names a ruleset gives meaning to: the event `families` it resolves (damage and the
 * others its rules produce or read) and the occurrence `kinds` its rules tag or read (`combat`,
 * `arcane`, …). A scenario may add its own: a family or kind written in one of its events is
 * known to that scenario, and so is a family that one effect creates and another watches. Anything else an effect watches, or a template creates, never
 * matches anything; {@link unknownNames} finds it.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const v: Ruleset.Vocabulary = { families: ["damage", "draw"], kinds: ["combat"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Vocabulary {
  readonly families: ReadonlyArray<string>
  readonly kinds: ReadonlyArray<string>
}

/**
 * A family or kind named by an effect that is in neither the ruleset's {@link Vocabulary} nor
 * any event of the scenario (nor, for a family, created by another effect when it is watched, or
 * watched by another effect when it is created): `effect` and `where` in it (`watch.family`, `additional[0].family`,
 * `action.with[0].family`, `cost.family`, `watch.kinds.anyOf[1]`), the name, and the closest
 * known name, if one is close.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const u: Ruleset.UnknownName = { effect: "s", where: "watch.family", what: "family", name: "damgae", suggestion: "damage" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface UnknownName {
  readonly effect: string
  readonly where: string
  readonly what: "family" | "kind"
  readonly name: string
  readonly suggestion: string | undefined
}

/**
 * Finds every family or kind that an effect of a compiled scenario names (what it watches, the
 * occurrences its cost, additional parts and replacement create) and that nothing knows: not
 * the vocabulary, not an event of the scenario. Such an effect would silently never apply (or
 * create an occurrence no rule reads); the scenario loader reports each as an error with a
 * "did you mean".
 *
 * @example
 * ```ts
 * import { GameView, Ledger, Ruleset } from "@bulwark/core"
 * const compiled: Ruleset.Compiled = {
 *   view: GameView.make({ players: ["a"], activePlayer: "a" }),
 *   ledger: Ledger.make([{ id: "s", label: "", controller: "a", category: "prevention",
 *     watch: { family: "damgae" }, action: { _tag: "Prevent", amount: 1, scope: "shield" } }]),
 *   steps: []
 * }
 * Ruleset.unknownNames(compiled, { families: ["damage"], kinds: [] })[0]?.suggestion // "damage"
 * ```
 * @since 0.1.0
 * @category validation
 */
export const unknownNames = (compiled: Compiled, vocabulary: Vocabulary): ReadonlyArray<UnknownName> => {
  const families = new Set(vocabulary.families)
  const kinds = new Set(vocabulary.kinds)
  const effects: Array<Ledger.Ledger["effects"][number]> = [...compiled.ledger.effects]
  for (const step of compiled.steps) {
    if (step._tag === "Event")
      for (const o of step.event.occurrences) {
        families.add(o.family)
        for (const k of o.kinds) kinds.add(k)
      }
    else if (step._tag === "AddEffects") effects.push(...step.effects)
  }
  const templates = (e: Ledger.Ledger["effects"][number]) => [
    ...(e.cost === undefined ? [] : [e.cost]),
    ...(e.additional ?? []),
    ...(e.action._tag === "Replace" ? e.action.with : [])
  ]
  // an effect may watch what another creates, and create what another watches: a family is
  // known on one side when the other side names it
  const watched = new Set(effects.map((e) => e.watch.family))
  const created = new Set<string>()
  for (const e of effects)
    for (const t of templates(e)) {
      created.add(t.family)
      // kinds an effect gives the occurrences it creates are known too
      for (const k of t.kinds ?? []) kinds.add(k)
    }
  const out: Array<UnknownName> = []
  const family = (effect: string, where: string, name: string, other: ReadonlySet<string>) => {
    if (!families.has(name) && !other.has(name))
      out.push({ effect, where, what: "family", name, suggestion: Names.closest(name, families) })
  }
  for (const e of effects) {
    family(e.id, "watch.family", e.watch.family, created)
    for (const list of ["anyOf", "allOf", "noneOf"] as const)
      (e.watch.kinds?.[list] ?? []).forEach((k, i) => {
        if (!kinds.has(k))
          out.push({
            effect: e.id,
            where: `watch.kinds.${list}[${i}]`,
            what: "kind",
            name: k,
            suggestion: Names.closest(k, kinds)
          })
      })
    if (e.cost !== undefined) family(e.id, "cost.family", e.cost.family, watched)
    ;(e.additional ?? []).forEach((t, i) => {
      family(e.id, `additional[${i}].family`, t.family, watched)
    })
    if (e.action._tag === "Replace")
      e.action.with.forEach((t, i) => {
        family(e.id, `action.with[${i}].family`, t.family, watched)
      })
  }
  return out
}

/**
 * The first two `Event` steps of a compiled scenario with the same event id (their step
 * indexes), or `undefined`. The outcome keeps one entry per event id, so a second event with
 * the same id would hide the first's result; {@link run} refuses it.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * declare const compiled: Ruleset.Compiled
 * const dup = Ruleset.duplicateEvent(compiled) // e.g. { id: "e1", first: 0, second: 2 }
 * ```
 * @since 0.1.0
 * @category validation
 */
export const duplicateEvent = (
  compiled: Compiled
): { readonly id: string; readonly first: number; readonly second: number } | undefined => {
  const seen = new Map<string, number>()
  for (let i = 0; i < compiled.steps.length; i++) {
    const step = compiled.steps[i] as Step
    if (step._tag !== "Event") continue
    const first = seen.get(step.event.id)
    if (first !== undefined) return { id: step.event.id, first, second: i }
    seen.set(step.event.id, i)
  }
  return undefined
}

/**
 * A ruleset of any scenario type, for registries.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const byId = (all: ReadonlyArray<Ruleset.AnyRuleset>, id: string) => all.find((r) => r.id === id)
 * ```
 * @since 0.1.0
 * @category model
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds rulesets of different scenario types
export type AnyRuleset = Ruleset<any>

/** What {@link invalid} throws inside {@link attempt}: the scenario problem it carries. */
class Invalid {
  constructor(readonly error: Errors.ScenarioInvalid) {}
}

/**
 * For an adapter's scenario compiler: stops compiling with a problem at `path` (inside
 * {@link attempt}, which turns it into a failed result). Deep helpers can report a problem
 * where they find it, without threading results through every call.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * const positive = (n: number, path: string): number =>
 *   n > 0 ? n : Ruleset.invalid(path, "must be above 0")
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const invalid = (path: string, reason: string): never => {
  throw new Invalid(new Errors.ScenarioInvalid({ path, reason }))
}

/**
 * Runs a compiling step that reports problems with {@link invalid}, as a typed result: the
 * problem becomes `Errors.ScenarioInvalid`; anything else thrown is rethrown.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * const r = Ruleset.attempt(() => Ruleset.invalid("effects[0].amount", "must be above 0"))
 * // Result.fail(ScenarioInvalid { path: "effects[0].amount", … })
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const attempt = <A>(f: () => A): Result.Result<A, Errors.ScenarioInvalid> => {
  try {
    return Result.succeed(f())
  } catch (err) {
    if (err instanceof Invalid) return Result.fail(err.error)
    throw err
  }
}

/**
 * What became of one `Event` step, in a JSON-friendly form.
 *
 * - `dealt` / `prevented`: damage per recipient over the whole resolution (incl. redirection);
 * - `occurrences`: every occurrence (original, replacing, results, costs) by id, with its
 *   `status` and `replacedBy` (the ids of the occurrences that replaced it, `[]` unless it was
 *   `replaced`), so that a trigger system can read what happened instead; an occurrence that is a
 *   cost (cause `cost`, or an `event` step's occurrence with the kind `cost`) has `paid`: `true`
 *   when it happened or was replaced — a cost replaced by other events is still paid (FaB
 *   1.14.4c, Riftbound 357.2.a) — `false` when it reached 0, failed, or was only partly done (a
 *   cost of 2 paid with 1: it is not paid, FaB 1.14.4b);
 * - `happened`: what happened, in order, each with its `source` (`null` when it has none, as in
 *   `occurrences`);
 * - `notifications`: "damage was prevented" notices, one per application.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const dealtTo = (e: Ruleset.EventOutcome, id: string) => e.dealt[id] ?? 0
 * ```
 * @since 0.1.0
 * @category model
 */
export interface EventOutcome {
  readonly dealt: Readonly<Record<string, number>>
  readonly prevented: Readonly<Record<string, number>>
  readonly occurrences: Readonly<
    Record<
      string,
      {
        readonly family: string
        readonly subject: string
        readonly source: string | null
        readonly kinds: ReadonlyArray<string>
        readonly params: Readonly<Record<string, Json>>
        readonly proposed: number
        readonly modified: number
        readonly prevented: number
        readonly amount: number
        readonly status: string
        readonly cause: string
        readonly applied: ReadonlyArray<string>
        /** For a `replaced` occurrence, the ids of the occurrences that happen instead (none: nothing did). */
        readonly replacedBy: ReadonlyArray<string>
        /** For a cost occurrence: whether it counts as paid (it happened or was replaced). */
        readonly paid?: boolean
        /**
         * The part of the amount that could not be done (see `Kernel.Outcome.notDone`): absent
         * when all of it was done.
         *
         * @since 0.1.0
         */
        readonly notDone?: number
      }
    >
  >
  readonly happened: ReadonlyArray<{
    readonly id: string
    readonly family: string
    readonly subject: string
    readonly source: string | null
    readonly amount: number
  }>
  readonly notifications: ReadonlyArray<{ readonly effect: string; readonly amount: number }>
}

/**
 * The whole outcome of a scenario run, which `expect:` is matched against:
 *
 * - `events`: by event id (see {@link EventOutcome});
 * - `state`: every object and player at the end: `zone`, `controller` (only where the ruleset's
 *   `zones` give one: not for a card in a graveyard or a hand) and its props;
 * - `effects`: every effect that was ever in the ledger: `remaining`, `uses`, `spent`, and `gone`
 *   (used up or ended);
 * - `decisions`: every decision in order: `kind`, `chooser`, `answer`;
 * - `queries`: the answers of query steps by name;
 * - `error`: when a step failed: `tag`, `message`, and the step index (`step`).
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const lifeOf = (o: Ruleset.Outcome, id: string) => o.state[id]?.["life"]
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Outcome {
  readonly events: Readonly<Record<string, EventOutcome>>
  readonly state: Readonly<Record<string, Readonly<Record<string, Json>>>>
  readonly effects: Readonly<
    Record<
      string,
      {
        readonly remaining: number | null
        readonly uses: number
        readonly spent: boolean
        readonly gone: boolean
      }
    >
  >
  readonly decisions: ReadonlyArray<{
    readonly id: string
    readonly kind: string
    readonly chooser: string
    readonly answer: Json
    readonly rule: string
  }>
  readonly queries: Readonly<Record<string, Json>>
  readonly error?: { readonly tag: string; readonly message: string; readonly step: number }
}

/**
 * A finished run: the outcome, the resolutions of the event steps (with their traces), and the
 * final ledger and view.
 *
 * @example
 * ```ts
 * import { Trace, type Ruleset } from "@bulwark/core"
 * const text = (r: Ruleset.RunResult) => r.resolutions.map((x) => Trace.render(x.trace)).join("\n")
 * ```
 * @since 0.1.0
 * @category model
 */
export interface RunResult {
  readonly outcome: Outcome
  readonly resolutions: ReadonlyArray<Kernel.Resolution>
  readonly trace: ReadonlyArray<Trace.Record>
  readonly ledger: Ledger.Ledger
  readonly view: GameView.GameView
}

/**
 * How a scenario run runs ({@link run}, {@link runEffect}, {@link runEffectOutcome}): the
 * kernel's options (`trace`, `askEveryOrder`) and what the result keeps. By default it keeps
 * everything. A caller that reads only part of it says so, and a long run holds only that:
 *
 * - `resolutions: false`: `RunResult.resolutions` stays empty (each event's `Kernel.Resolution`
 *   holds its own outcomes, ledger and view; kept, they grow with every event);
 * - `keepEvent`: the events whose {@link EventOutcome} is built and kept in `outcome.events`;
 *   the others are left out of it (what `bulwark check` uses: only the events its `expect:`
 *   names). Every event still runs, and `state`, `effects` and `decisions` are whole.
 *
 * The final ledger and view are kept whatever the options say (the next step starts from them).
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * // only what matching `expect: { events: { e1: … } }` reads
 * const lean: Ruleset.RunOptions = { trace: false, resolutions: false, keepEvent: (id) => id === "e1" }
 * ```
 * @since 0.1.0
 * @category running
 */
export interface RunOptions extends Kernel.Options {
  /** Keep every event step's resolution in `RunResult.resolutions` (default `true`). */
  readonly resolutions?: boolean
  /** Which events' outcomes `outcome.events` holds (default: every event's). */
  readonly keepEvent?: ((id: string) => boolean) | undefined
}

type Decide = (
  request: Decision.Request,
  state: Kernel.State
) => Effect.Effect<
  Decision.Answer,
  Errors.MissingDecision | Errors.ChooserFailed | Errors.SearchBudgetExceeded
>

/**
 * Every error a scenario run can stop with: a resolution's error, or a query's or a step's
 * `ScenarioInvalid`.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const line = (e: Ruleset.RunError) => `${e._tag}: ${e.message}`
 * ```
 * @since 0.1.0
 * @category model
 */
export type RunError = Errors.ResolveError | Errors.ScenarioInvalid

const runErrorTags: ReadonlySet<string> = new Set([
  "IllegalChoice",
  "MissingDecision",
  "InvalidEffect",
  "InvalidEvent",
  "UnknownId",
  "PredicateFailed",
  "ChooserFailed",
  "InvariantBreach",
  "ScenarioInvalid"
] satisfies ReadonlyArray<RunError["_tag"]>)

const isRunError = (u: unknown): u is RunError =>
  u instanceof Error && "_tag" in u && runErrorTags.has(String((u as { _tag: unknown })._tag))

/** How a run ended: its result (with `outcome.error` set when a step failed) and that failure. */
interface Ran {
  readonly result: RunResult
  /** The typed error a step failed with, or what a step threw that is not one (a ruleset bug). */
  readonly failure?: { readonly error: unknown; readonly step: number }
}

/** How long the step loop runs before it yields (so that the fiber can be interrupted). */
const YIELD_MS = 10

/** The one step loop behind {@link run}, {@link runEffect} and {@link runEffectOutcome}. */
const runWith = (
  rules: Policy.Rules,
  compiled: Compiled,
  decide: Decide,
  queryChooser: Chooser.SyncChooser,
  runOptions: RunOptions
): Effect.Effect<Ran> =>
  Effect.gen(function* () {
    const acc = newAcc(compiled, rules.zones, runOptions)
    const { resolutions: _, keepEvent: __, ...options } = runOptions
    const stop = (step: number, error: unknown): Ran => {
      const e = isRunError(error)
        ? error
        : {
            _tag:
              typeof error === "object" && error !== null && "_tag" in error
                ? String((error as { _tag: unknown })._tag)
                : "Error",
            message: error instanceof Error ? error.message : String(error)
          }
      return { result: finishRun(acc, { tag: e._tag, message: e.message, step }), failure: { error, step } }
    }
    const dup = duplicateEvent(compiled)
    if (dup !== undefined)
      return stop(
        dup.second,
        new Errors.ScenarioInvalid({
          path: "steps",
          reason: `duplicate event id ${JSON.stringify(dup.id)} (compiled steps ${dup.first} and ${dup.second}): the second outcome would replace the first`
        })
      )
    // a turn of the event loop every few milliseconds between steps: a long run stays
    // interruptible (a signal, a timeout) under an asynchronous runtime; under `run` it costs nothing
    let turned = performance.now()
    const turnIfDue = Effect.suspend(() =>
      performance.now() - turned > YIELD_MS
        ? Effect.map(Effect.yieldNow, () => {
            turned = performance.now()
          })
        : Effect.void
    )
    for (let i = 0; i < compiled.steps.length; i++) {
      yield* turnIfDue
      const step = compiled.steps[i] as Step
      if (step._tag === "Event") {
        let event = step.event
        try {
          if (step.at !== undefined) event = step.at(acc.view, rules)
        } catch (err) {
          return stop(i, err)
        }
        // one big event is resolved in slices too, with a turn of the event loop between them
        let k = Sliced.startSliced(rules, event, acc.ledger, acc.view, options, YIELD_MS)
        while (k._tag === "Pending" || k._tag === "Paused") {
          if (k._tag === "Paused") {
            yield* Effect.yieldNow
            turned = performance.now()
            k = Sliced.proceed(k.state, YIELD_MS)
            continue
          }
          // scripted answers count over the whole scenario, not per event
          const state = { ...k.state, log: [...acc.decisions, ...k.state.log] }
          const answer = yield* Effect.result(decide(k.request, state))
          if (Result.isFailure(answer)) return stop(i, answer.failure)
          k = Sliced.unsafeResumeSliced(k.state, answer.success, YIELD_MS)
        }
        if (k._tag === "Failed") return stop(i, k.error)
        // the event's outcome is a stretch of its own after a long resolution
        yield* turnIfDue
        record(acc, event, k.resolution, step.quiet === true)
      } else if (step._tag === "Query") {
        const r = step.run({ view: acc.view, ledger: acc.ledger, chooser: offset(queryChooser, acc), rules })
        if (Result.isFailure(r)) return stop(i, r.failure)
        acc.queries[step.name] = r.success
      } else {
        try {
          applySimple(acc, step)
        } catch (err) {
          return stop(i, err)
        }
      }
    }
    return { result: finishRun(acc) }
  })

/**
 * Runs a compiled scenario with a synchronous chooser. A failing step does not throw: the run
 * stops there and the outcome has `error` (so a scenario can expect an error).
 * Scripted answers are counted over the whole scenario, not per event.
 *
 * @example
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * declare const ruleset: Ruleset.AnyRuleset, compiled: Ruleset.Compiled
 * const result = Ruleset.run(ruleset.rules, compiled, Chooser.firstLegal)
 * console.log(result.outcome.error?.message ?? "ok")
 * ```
 * @since 0.1.0
 * @category running
 */
export const run = (
  rules: Policy.Rules,
  compiled: Compiled,
  chooser: Chooser.SyncChooser,
  options: RunOptions = {}
): RunResult =>
  Effect.runSync(runWith(rules, compiled, Chooser.fromSync(chooser).decide, chooser, options)).result

/**
 * Runs a compiled scenario with the {@link Chooser.Chooser} service, which may be asynchronous
 * (a player answering from a web page or over the network). A failing step fails the Effect
 * with its typed error ({@link RunError}: an illegal or missing answer, a chooser that failed or
 * timed out, an invalid effect, …), so it can be handled by tag (`Effect.catchTag`); nothing is
 * half-applied. To keep the failure in the outcome instead (`outcome.error`, as {@link run}
 * does, e.g. to match a scenario's `expect: { error }`), use {@link runEffectOutcome}.
 *
 * Query steps get no chooser (they are synchronous); a query that needs a decision fails with
 * `MissingDecision`. Something a ruleset's step throws that is not a typed error is a defect.
 *
 * Earlier builds of this function recorded failures in the outcome; that behaviour is now
 * {@link runEffectOutcome}.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Chooser, Ruleset } from "@bulwark/core"
 * declare const ruleset: Ruleset.AnyRuleset, compiled: Ruleset.Compiled
 * const program = Ruleset.runEffect(ruleset.rules, compiled).pipe(
 *   Effect.catchTag("ChooserFailed", (e) => Effect.succeed(`no answer: ${e.reason}`)),
 *   Effect.provide(Chooser.layer(Chooser.fromSync(Chooser.firstLegal)))
 * )
 * ```
 * @since 0.1.0
 * @category running
 */
export const runEffect = (
  rules: Policy.Rules,
  compiled: Compiled,
  options: RunOptions = {}
): Effect.Effect<RunResult, RunError, Chooser.Chooser> =>
  Effect.gen(function* () {
    const chooser = yield* Chooser.Chooser
    const ran = yield* runWith(rules, compiled, chooser.decide, () => undefined, options)
    if (ran.failure === undefined) return ran.result
    const error = ran.failure.error
    return yield* isRunError(error) ? Effect.fail(error) : Effect.die(error)
  })

/**
 * Like {@link runEffect}, but a failing step ends the run with `outcome.error` set (`tag`,
 * `message`, `step`) instead of failing the Effect, as {@link run} does: what the `bulwark` CLI
 * uses to check a scenario that expects an error.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Chooser, Ruleset } from "@bulwark/core"
 * declare const ruleset: Ruleset.AnyRuleset, compiled: Ruleset.Compiled
 * const program = Ruleset.runEffectOutcome(ruleset.rules, compiled).pipe(
 *   Effect.map((r) => r.outcome.error?.tag ?? "ok"),
 *   Effect.provide(Chooser.layer(Chooser.fromSync(Chooser.firstLegal)))
 * )
 * ```
 * @since 0.1.0
 * @category running
 */
export const runEffectOutcome = (
  rules: Policy.Rules,
  compiled: Compiled,
  options: RunOptions = {}
): Effect.Effect<RunResult, never, Chooser.Chooser> =>
  Effect.gen(function* () {
    const chooser = yield* Chooser.Chooser
    return (yield* runWith(rules, compiled, chooser.decide, () => undefined, options)).result
  })
