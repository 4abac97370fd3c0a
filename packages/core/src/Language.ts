/**
 * A ruleset's words for the one scenario language (scenario format 4).
 *
 * Every ruleset reads scenario files in the same language: the same top-level keys (`players`,
 * `turn`, `objects`, `effects`, `steps`, …), one object shape, effects told apart by `kind:`, steps
 * that are one-key mappings, and one selector language. The skeleton (its schema and its
 * compiler) belongs to `@bulwark/scenario`; a ruleset contributes only its **words**, described
 * here:
 *
 * - `objects` / `players`: the properties its objects and players may have, and the default zone;
 * - `effects`: its effect kinds, each a value of `kind:` with an options schema and the
 *   constructor that builds it (`make`) — the same function the package exports under the same
 *   name, so a ruling moves between YAML and TypeScript by copy;
 * - `occurrences`: extra fields of an occurrence in an `event` step;
 * - `steps`, `queries`: its step kinds and questions (Riftbound's `combat`, MTG's `stateBasedActions`);
 * - `boundaries`, `durations`: the names of the times that pass (`advance: endOfTurn`) and of the
 *   durations effects may have.
 *
 * The common effect fields are spelled once, in {@link common}: a kind that accepts a `to` or an
 * `amount` takes these very schemas (`@bulwark/scenario` refuses a kind that spells a common
 * field its own way).
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import type * as Filter from "./Filter.js"
import * as GameEvent from "./GameEvent.js"
import type * as GameView from "./GameView.js"
import * as written from "./internal/language/written.js"
import type * as Replacement from "./Replacement.js"
import type * as Ruleset from "./Ruleset.js"
import type * as Words from "./Words.js"

const Id = Schema.NonEmptyString
const Ids = Schema.Array(Schema.NonEmptyString)
const opt = Schema.optionalKey

// ---------------------------------------------------------------------------------------------
// selectors
// ---------------------------------------------------------------------------------------------

/**
 * A test on one property of an object, in a {@link SelectorProps}:
 *
 * - a single value: the property equals it (`might: 3`, `name: Arcanite Skullcap`);
 * - a list: the object's list property holds every item (`types: [Creature]`, `keywords:
 *   [Phantasm, Crush]`);
 * - `{ contains: "Arcanite" }`: a text property has it as a part ("equipment with Arcanite in
 *   their name");
 * - `{ min: 6 }`, `{ max: 3 }` (or both): a number property is at least / at most this
 *   ("creatures with strike 6 or more"); a missing one matches neither.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const arcanite: Language.PropTest = { contains: "Arcanite" }
 * const strong: Language.PropTest = { min: 6 }
 * ```
 * @since 0.1.0
 * @category selectors
 */
export type PropTest =
  | GameView.Prop
  | { readonly contains: string }
  | { readonly min?: number; readonly max?: number }

/**
 * The properties form of a {@link Selector}: every test written must hold.
 *
 * - `ids`: one of these ids;
 * - `controller` / `owner`: `you` (the effect's controller), `opponent`, `active` (whose turn it
 *   is) or a player id;
 * - `zone`: in this zone (or one of these zones);
 * - `player`: `true` for players only, `false` for objects only;
 * - `any`: at least one of these selectors; `not`: not this selector;
 * - `filter`: a core filter, for what the other keys can't say;
 * - `props`: tests of free properties, those the ruleset does not list (`props: { lost: true }`),
 *   each a {@link PropTest};
 * - any other key is a property the ruleset declares for its objects (or the skeleton's `name`,
 *   `keywords`, `types`), tested by a {@link PropTest}: `types: [Creature]`, `might: 3`,
 *   `name: { contains: Arcanite }`, `strength: { min: 6 }`.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const yourCreatures: Language.SelectorProps = { types: ["Creature"], controller: "you" }
 * const arcanite: Language.SelectorProps = { types: ["equipment"], name: { contains: "Arcanite" } }
 * ```
 * @since 0.1.0
 * @category selectors
 */
export interface SelectorProps {
  readonly ids?: ReadonlyArray<string>
  readonly controller?: string
  readonly owner?: string
  readonly zone?: string | ReadonlyArray<string>
  readonly player?: boolean
  readonly any?: ReadonlyArray<Selector>
  readonly not?: Selector
  readonly filter?: Filter.Filter
  readonly props?: Readonly<Record<string, PropTest>>
  readonly [property: string]: unknown
}

/**
 * What an effect watches, or which objects a step names: an id (`Z`), a list of ids (`[A, B]`),
 * or properties ({@link SelectorProps}). The same type in scenario files and in every ruleset's
 * constructors.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const one: Language.Selector = "bear"
 * const some: Language.Selector = ["bear", "elf"]
 * const yours: Language.Selector = { types: ["Creature"], controller: "you" }
 * ```
 * @since 0.1.0
 * @category selectors
 */
export type Selector = string | ReadonlyArray<string> | SelectorProps

/**
 * The keys of {@link SelectorProps} that every ruleset has; any other key is one of the
 * ruleset's object properties.
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.selectorKeys.includes("controller") // true
 * ```
 * @since 0.1.0
 * @category selectors
 */
export const selectorKeys: ReadonlyArray<string> = written.selectorKeys

/**
 * The operator keys of an amount expression ({@link AmountExpr}), the one list checks name them from.
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.amountOperators.includes("inEvent") // true
 * ```
 * @since 0.1.0
 * @category amounts
 */
export const amountOperators: ReadonlyArray<string> = written.amountOps

/**
 * Schema of a {@link PropTest}: a value (a string, a number, a boolean, a list of strings),
 * `{ contains: text }`, or `{ min?, max? }` with at least one of the two.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * Schema.is(Language.PropTestSchema)({ min: 6 }) // true
 * Schema.is(Language.PropTestSchema)({ contains: "Arcanite" }) // true
 * Schema.is(Language.PropTestSchema)({ above: 6 }) // false
 * ```
 * @since 0.1.0
 * @category selectors
 */
export const PropTestSchema: Schema.Codec<PropTest> = written.PropTestSchema

/**
 * Schema of a {@link Selector}. Property names are checked against the ruleset's object
 * properties by the scenario loader (an unknown one is an error with a "did you mean"), and each
 * property's test against {@link PropTestSchema}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * Schema.is(Language.SelectorSchema)({ types: ["Creature"], controller: "you" }) // true
 * ```
 * @since 0.1.0
 * @category selectors
 */
export const SelectorSchema: Schema.Codec<Selector> = written.SelectorSchema

/**
 * The core tests of one property's {@link PropTest} (an empty list: none). Throws
 * `Errors.InvalidEffect` for a value that is no test (`{ above: 6 }`): a constructor refuses it
 * when called, never drops it.
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.propFilters("strength", { min: 6 }) // [{ _tag: "Prop", prop: "strength", op: "gte", value: 6 }]
 * Language.propFilters("name", { contains: "Arcanite" }) // [{ _tag: "Prop", prop: "name", op: "contains", value: "Arcanite" }]
 * ```
 * @since 0.1.0
 * @category selectors
 */
export const propFilters = written.propFilters

/**
 * Compiles a {@link Selector} into a core filter (`you` is the effect's controller, as in
 * `Filter.PlayerRef`). A property's test that is no {@link PropTest} is refused
 * (`Errors.InvalidEffect`), never dropped.
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.toFilter({ types: ["Creature"], controller: "you" })
 * // { _tag: "And", all: [{ _tag: "ControlledBy", player: { _tag: "You" } },
 * //   { _tag: "Prop", prop: "types", op: "has", value: "Creature" }] }
 * Language.toFilter("bear") // { _tag: "Id", ids: ["bear"] }
 * Language.toFilter({ props: { lost: true } }) // { _tag: "Prop", prop: "lost", op: "eq", value: true }
 * ```
 * @since 0.1.0
 * @category selectors
 */
export const toFilter = written.toFilter

/**
 * A ruleset's closed words beyond its effect kinds, families, boundaries and durations, checked
 * wherever a file names them (one located problem each, with a "did you mean"); a list left out
 * is open (not checked):
 *
 * - `kinds`: the occurrence kinds an occurrence's or an effect's `kinds:` may name (`combat`,
 *   `arcane`, …);
 * - `zones`: the zones an object, an `update` or a selector's `zone:` may name (`removed`, gone
 *   from the game, is every game's);
 * - `types`: the types a selector's `types:` may name, besides those the file's objects have;
 * - `keywords`: the keywords a selector's `keywords:` may name, besides those the file's objects
 *   have; `categories`: those a generic effect's `category:` may name (`Generic.Defaults`).
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const v: Language.Vocabulary = { kinds: ["combat"], zones: ["battlefield", "graveyard"] }
 * ```
 * @since 0.1.0
 * @category selectors
 */
export interface Vocabulary {
  readonly kinds?: ReadonlyArray<string>
  readonly zones?: ReadonlyArray<string>
  readonly types?: ReadonlyArray<string>
  readonly keywords?: ReadonlyArray<string>
  readonly categories?: ReadonlyArray<string>
}

/**
 * Every id a {@link Selector} names (its id, its list, its `ids`, and those of nested `any` /
 * `not`), for checking that they exist. Player references (`you`, `opponent`, …) are not ids.
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.selectorIds({ any: ["a", { ids: ["b"] }] }) // ["a", "b"]
 * ```
 * @since 0.1.0
 * @category selectors
 */
export const selectorIds = written.selectorIds

// ---------------------------------------------------------------------------------------------
// the common effect fields
// ---------------------------------------------------------------------------------------------

/**
 * An amount computed when the effect applies (scenario format 3, every ruleset): exactly one
 * operator key, with `round` beside `half` and `of` beside `prop`.
 *
 * | written | means |
 * |---|---|
 * | `event` (the string) | the amount of the event being modified ("that damage") |
 * | `{ count: <selector> }` | the number of players and objects the selector matches, `you` being the effect's controller |
 * | `{ prop: power, of: source }` | a number property of `subject` (the affected one), `source` (the event's source) or `self` (the effect's own source); a missing one is 0; counters are properties too |
 * | `{ inEvent: lifeGain }` | the total amount of the other occurrences of that family happening to the same subject in the same event (MTG CR 120.4c: the results of one damage event happen together — "the life this player also gains") |
 * | `{ allBut: 1 }` | the event's amount less this, at least 0 ("all but 1 of that damage") |
 * | `{ half: event, round: down }` | half, rounded `up` or `down` |
 * | `{ plus: [a, b] }`, `minus`, `times`, `min`, `max` | combine one or more amounts |
 *
 * They nest. Evaluated in the view at the moment of application, each time (MTG 615.1, FaB
 * 6.4.2a, Берсерк 534.2), never locked in when the file is read.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const x: Language.AmountExpr = { count: { types: ["Artifact"], controller: "you" } }
 * const half: Language.AmountExpr = { half: "event", round: "down" }
 * ```
 * @since 0.1.0
 * @category fields
 */
export interface AmountExpr {
  readonly count?: Selector
  readonly prop?: string
  readonly of?: "subject" | "source" | "self"
  readonly inEvent?: string
  readonly allBut?: WrittenAmount
  readonly half?: WrittenAmount
  readonly round?: "up" | "down"
  readonly plus?: ReadonlyArray<WrittenAmount>
  readonly minus?: ReadonlyArray<WrittenAmount>
  readonly times?: ReadonlyArray<WrittenAmount>
  readonly min?: ReadonlyArray<WrittenAmount>
  readonly max?: ReadonlyArray<WrittenAmount>
}

/**
 * An amount as a file or a constructor writes it: a whole number ≥ 0, `all`, `event`, or an
 * {@link AmountExpr}.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const amounts: ReadonlyArray<Language.WrittenAmount> = [3, "all", "event", { allBut: 1 }]
 * ```
 * @since 0.1.0
 * @category fields
 */
export type WrittenAmount = number | "all" | "event" | AmountExpr

/**
 * Schema of an amount in an effect: a whole number ≥ 0, `all`, `event` (the amount of the event
 * being modified), or an {@link AmountExpr} computed when the effect applies.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * Schema.is(Language.AmountSchema)("all") // true
 * Schema.is(Language.AmountSchema)({ half: "event", round: "up" }) // true
 * Schema.is(Language.AmountSchema)({ half: "event" }) // false: `half` needs `round`
 * ```
 * @since 0.1.0
 * @category fields
 */
export const AmountSchema: Schema.Codec<WrittenAmount> = written.AmountSchema

/**
 * Schema of an {@link AmountExpr} alone (no number, `all` or `event`): the game's value an
 * occurrence's amount may be written as ("combat damage equal to its power", MTG 510.1a: `{ prop:
 * power, of: source }`), read when the event happens.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * Schema.is(Language.AmountExprSchema)({ prop: "power", of: "source" }) // true
 * Schema.is(Language.AmountExprSchema)(3) // false
 * ```
 * @since 0.1.0
 * @category fields
 */
export const AmountExprSchema: Schema.Codec<AmountExpr> =
  written.AmountExprSchema as unknown as Schema.Codec<AmountExpr>

/**
 * Compiles a written amount into what core effects take: a number or `all` as written, or a
 * {@link Filter.Value} expression. Throws `Amount.InvalidAmount` naming `what` (and `id`) when
 * the amount is malformed — a constructor refuses it when called; `all` inside an expression is
 * refused (write `event` for "that damage").
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.toAmount(3, "preventEach amount") // 3
 * Language.toAmount({ half: "event", round: "down" }, "preventEach amount")
 * // { _tag: "Half", of: { _tag: "Amount" }, round: "down" }
 * ```
 * @since 0.1.0
 * @category fields
 */
export const toAmount = written.toAmount

/**
 * Schema of a modifier's value: a core {@link Filter.Value} (`{ _tag: … }`, as before) or a
 * written amount ({@link AmountSchema} without `all`), for kinds such as "that much plus X". A
 * number is a whole number ≥ 0 (`op: sub` says "less"); a value computed below 0 counts as 0.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * Schema.is(Language.ValueSchema)({ count: { types: ["Artifact"] } }) // true
 * Schema.is(Language.ValueSchema)({ _tag: "Amount" }) // true
 * Schema.is(Language.ValueSchema)(-3) // false
 * ```
 * @since 0.1.0
 * @category fields
 */
export const ValueSchema: Schema.Codec<Filter.Value | WrittenAmount> = written.ValueSchema

/**
 * Compiles a modifier's value ({@link ValueSchema}): a core value as it is, a written amount by
 * {@link toAmount} (`all` refused). Throws `Amount.InvalidAmount` naming `what` when malformed.
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.toValue({ half: "event", round: "up" }, "modify value") // { _tag: "Half", of: { _tag: "Amount" }, round: "up" }
 * Language.toValue({ _tag: "Amount" }, "modify value") // { _tag: "Amount" }
 * ```
 * @since 0.1.0
 * @category fields
 */
export const toValue = written.toValue

/**
 * How a label writes an amount: the number, `all`, or `X` for an amount computed when the
 * effect applies (the trace says what X was and how it was obtained).
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.amountLabel(2) // "2"
 * Language.amountLabel({ count: "bear" }) // "X"
 * ```
 * @since 0.1.0
 * @category fields
 */
export const amountLabel = written.amountLabel

/**
 * Schema of a use limit: `{ times: 1, per: turn }` — at most `times` applications per `per`
 * (a boundary name; without `per`, over the effect's whole life).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * Schema.is(Language.LimitSchema)({ times: 1, per: "turn" }) // true
 * ```
 * @since 0.1.0
 * @category fields
 */
export const LimitSchema = Schema.Struct({
  times: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  per: opt(Id)
})

/**
 * The common effect fields, spelled once for every ruleset (scenario format 3):
 *
 * | field | meaning |
 * |---|---|
 * | `id` | required, unique |
 * | `controller` | who controls it (a player id) |
 * | `source` | the object it comes from |
 * | `to` | what it watches being affected (recipient / subject): a {@link Selector} |
 * | `from` | the sources it watches: a {@link Selector} |
 * | `kinds` | occurrence kinds it watches (combat, arcane, …) |
 * | `family` | the event family it watches (default `damage`) |
 * | `amount` | a number, `all`, or an amount computed when the effect applies ({@link AmountSchema}) |
 * | `duration` | one of the ruleset's durations (`endOfTurn`, …) |
 * | `limit` | `{ times, per }` |
 * | `next` | "the next time …": one use by the card's own words (no `limit` written) |
 * | `may` | a "may" effect: its controller is asked |
 * | `label` | the card's text |
 * | `rule` | the rule cited for it |
 *
 * `cost` and `additional` are common names too, but their content is the ruleset's.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * const ShieldOptions = Schema.Struct({ ...Language.pick("controller", "to", "amount", "duration", "label") })
 * Schema.is(ShieldOptions)({ id: "s", to: "bear", amount: 2 }) // true
 * ```
 * @since 0.1.0
 * @category fields
 */
export const common = {
  id: Id,
  controller: Id,
  source: Id,
  to: SelectorSchema,
  from: SelectorSchema,
  kinds: Ids,
  family: Id,
  amount: AmountSchema,
  duration: Id,
  limit: LimitSchema,
  next: Schema.Boolean,
  may: Schema.Boolean,
  label: Schema.String,
  rule: Schema.String
} as const

/**
 * The names of the {@link common} fields.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const f: Language.CommonField = "amount"
 * ```
 * @since 0.1.0
 * @category fields
 */
export type CommonField = keyof typeof common

/**
 * The struct fields {@link pick} returns: `id` (required) and the named common fields (optional).
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * type ShieldFields = Language.Picked<"to" | "amount">
 * ```
 * @since 0.1.0
 * @category fields
 */
export type Picked<K extends CommonField> = { readonly id: typeof common.id } & {
  readonly [P in Exclude<K, "id">]: Schema.optionalKey<(typeof common)[P]>
}

/**
 * The struct fields of an effect kind's options: `id` (always, required) and the named
 * {@link common} fields (optional), as the very schemas of `common` — spread them into the
 * kind's `Schema.Struct` next to its own fields.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * const Options = Schema.Struct({ ...Language.pick("to", "amount"), op: Schema.Literals(["add", "mul"]) })
 * Object.keys(Options.fields) // ["id", "to", "amount", "op"]
 * ```
 * @since 0.1.0
 * @category fields
 */
export const pick = <K extends CommonField>(...names: ReadonlyArray<K>): Picked<K> => {
  const out: Record<string, unknown> = { id: common.id }
  for (const n of names) if (n !== "id") out[n] = opt(common[n])
  return out as Picked<K>
}

// ---------------------------------------------------------------------------------------------
// what a ruleset contributes
// ---------------------------------------------------------------------------------------------

/**
 * What compiling a ruleset's word can use: the starting view, where in the file it is, and how
 * to report a problem there (`invalid` stops compiling with a located error) or compile effects
 * written inside it.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const known = (ctx: Language.CompileContext, id: string) =>
 *   ctx.view.objects[id] !== undefined || ctx.invalid(`${ctx.path}.unit`, `unknown unit ${id}`)
 * ```
 * @since 0.1.0
 * @category model
 */
export interface CompileContext {
  /** The starting view (players and objects as the file writes them). */
  readonly view: GameView.GameView
  /** The path of the value being compiled (`steps[2].combat`). */
  readonly path: string
  /**
   * The id of the step being compiled, for the events it makes (`<step>:<object>`): the `id:` the
   * file writes beside the step's kind, else one derived from the step itself, never from its
   * position — its kind (an `advance` step: the boundary it passes), then `-2`, `-3`, … for the
   * second and later steps of that name (`stateBasedActions`, `stateBasedActions-2`,
   * `endOfTurn`). Inserting another step does not rename it. Optional: absent (compiled outside a
   * file), use `path`.
   */
  readonly step?: string
  /** Stops compiling with a problem at `path` (a located `ScenarioInvalid`). */
  readonly invalid: (path: string, reason: string) => never
  /** Compiles effects written at `path` (a list of `kind:` mappings) with the ruleset's kinds. */
  readonly effects: (entries: ReadonlyArray<unknown>, path: string) => ReadonlyArray<Replacement.Replacement>
  /**
   * Puts effects into the starting ledger, after the file's own; an id already there is not
   * added again. For what a step kind needs in the game from the start (Riftbound's dealing of
   * assigned combat damage, 465.2.d, when there is a combat).
   */
  readonly startWith: (effects: ReadonlyArray<Replacement.Replacement>) => void
  /**
   * The view as the steps before this one leave it, as far as compiling can know it: the
   * starting view with every `Update` step compiled so far applied and the modifiers (core
   * `Modifiers`) of every boundary crossed so far ended (what events will do is not known yet).
   * Optional: absent, read `view`.
   */
  readonly current?: GameView.GameView
  /**
   * The effects written before this point and still lasting: the file's `effects`, then those of
   * earlier `addEffects` steps, without those whose `duration` names a boundary an earlier
   * `advance` step passed — as decoded (`kind` and options), for a step that reads effects the
   * resolver does not apply (modifiers applied when the step is built). Optional.
   */
  readonly written?: ReadonlyArray<WrittenEffect>
}

/**
 * An effect as the file writes it (its `kind` and decoded options), handed to ruleset steps by
 * {@link CompileContext} `written`.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const w: Language.WrittenEffect = { kind: "shield", options: { id: "s", amount: 2 } }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface WrittenEffect {
  readonly kind: string
  readonly options: Readonly<Record<string, unknown>>
}

/**
 * One effect kind: a value of `kind:` in scenario files. `options` is the schema of everything
 * but `kind` (built with {@link pick} for the common fields); `make` is the constructor the
 * package exports under the kind's name, called with the decoded options and the view at the
 * moment the effect is created (the starting view for `effects:`, the view as the `update` steps
 * before it have left it for `addEffects:`) — a constructor that picks its objects when it is
 * created (MTG 615.11) or binds to them (MTG 400.7) reads it; most ignore it.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * declare const shield: (o: { readonly id: string; readonly amount?: Language.WrittenAmount }) => never
 * const kind: Language.EffectKind = Language.effectKind({
 *   summary: "Prevent the next N damage",
 *   options: Schema.Struct({ ...Language.pick("amount") }),
 *   make: shield
 * })
 * ```
 * @since 0.1.0
 * @category model
 */
// biome-ignore lint/suspicious/noExplicitAny: a language holds kinds of different option types
export interface EffectKind<O = any> {
  readonly summary: string
  readonly options: Schema.Codec<O, unknown>
  readonly make: (
    options: O,
    view?: GameView.GameView
  ) => Replacement.Replacement | ReadonlyArray<Replacement.Replacement>
  /**
   * What the kind means in the generic form (optional): its options written as the generic
   * effects (`kind: replace` / `kind: prevent`) they stand for — the kind's reference entry shows
   * it, and a test resolves every bundled scenario again with it in place of the kind. The forms'
   * ids are the ids of the effects `make` builds (one form each), so that what names them — a
   * decision's answer, `expect: effects` — names the same effect. `undefined`: these options
   * have no generic form (what the kind's documentation says: a choice made from the view the
   * effect is created in, a core condition).
   */
  readonly generic?: (options: O) => ReadonlyArray<GenericForm> | undefined
}

/**
 * A named kind's meaning in the generic form: a `kind: replace` or `kind: prevent` mapping, as a
 * file writes it (see `Generic`).
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const shield: Language.GenericForm = { kind: "prevent", id: "s", to: "Z", amount: 2, scope: "next" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface GenericForm {
  readonly kind: "replace" | "prevent"
  readonly id: string
  readonly [option: string]: unknown
}

/**
 * Builds an {@link EffectKind}, inferring the options' type from the schema.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language, Replacement } from "@bulwark/core"
 * declare const r: Replacement.Replacement
 * const kind = Language.effectKind({ summary: "demo", options: Schema.Struct(Language.pick()), make: () => r })
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const effectKind = <O>(kind: {
  readonly summary: string
  readonly options: Schema.Codec<O, unknown>
  readonly make: (
    options: O,
    view?: GameView.GameView
  ) => Replacement.Replacement | ReadonlyArray<Replacement.Replacement>
  readonly generic?: (options: O) => ReadonlyArray<GenericForm> | undefined
}): EffectKind<O> => kind

/**
 * A step kind a ruleset adds (`combat: {…}`, `stateBasedActions: true`): the schema of the
 * step's value and how it becomes core steps.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * const sba: Language.StepKind<true> = Language.stepKind({
 *   summary: "state-based actions",
 *   schema: Schema.Literal(true),
 *   compile: () => []
 * })
 * ```
 * @since 0.1.0
 * @category model
 */
// biome-ignore lint/suspicious/noExplicitAny: a language holds kinds of different option types
export interface StepKind<A = any> {
  readonly summary: string
  readonly schema: Schema.Codec<A, unknown>
  readonly compile: (value: A, ctx: CompileContext) => ReadonlyArray<Ruleset.Step>
}

/**
 * Builds a {@link StepKind}, inferring the value's type from the schema.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * Language.stepKind({ summary: "nothing", schema: Schema.Literal(true), compile: () => [] })
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const stepKind = <A>(kind: StepKind<A>): StepKind<A> => kind

/**
 * A question a ruleset answers in a `query` step (`query: { name: q, canTarget: {…} }`): the
 * schema of its arguments, and, compiled once, the function that answers it at that point of
 * the run (its answer goes under `expect: queries: <name>`).
 *
 * @example
 * ```ts
 * import { Result, Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * const life: Language.QueryKind<string> = Language.queryKind({
 *   summary: "a player's life",
 *   schema: Schema.String,
 *   compile: (player) => (ctx) => Result.succeed(ctx.view.objects[player]?.props["life"] ?? null)
 * })
 * ```
 * @since 0.1.0
 * @category model
 */
// biome-ignore lint/suspicious/noExplicitAny: a language holds kinds of different option types
export interface QueryKind<A = any> {
  readonly summary: string
  readonly schema: Schema.Codec<A, unknown>
  readonly compile: (args: A, ctx: CompileContext) => Extract<Ruleset.Step, { _tag: "Query" }>["run"]
}

/**
 * Builds a {@link QueryKind}, inferring the arguments' type from the schema.
 *
 * @example
 * ```ts
 * import { Result, Schema } from "effect"
 * import { Language } from "@bulwark/core"
 * Language.queryKind({ summary: "always yes", schema: Schema.Literal(true), compile: () => () => Result.succeed(true) })
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const queryKind = <A>(kind: QueryKind<A>): QueryKind<A> => kind

/**
 * An object or player entry as the skeleton decoded it: `id`, the common keys, and the
 * ruleset's properties.
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const bear: Language.ObjectEntry = { id: "bear", controller: "a", types: ["Creature"], toughness: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface ObjectEntry {
  readonly id: string
  readonly controller?: string
  readonly owner?: string
  readonly zone?: string
  readonly types?: ReadonlyArray<string>
  readonly [property: string]: unknown
}

/**
 * An occurrence as an `event` step writes it (the skeleton's fields plus the ruleset's), with
 * the defaults filled in: `id` (`<event>-<to>`, numbered when two share a recipient), `family`
 * (the event's), `amount` (0 when absent).
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const o: Language.OccurrenceEntry = { id: "e-bear", family: "damage", to: "bear", source: "bolt", amount: 3 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface OccurrenceEntry {
  readonly id: string
  readonly family: string
  readonly to: string
  readonly source?: string
  readonly amount: number
  readonly kinds?: ReadonlyArray<string>
  readonly unpreventable?: boolean
  readonly params?: Readonly<Record<string, GameView.Prop>>
  readonly [field: string]: unknown
}

/**
 * Whether an event family has a number: `"counted"` (damage, a draw, counters: an occurrence
 * says how many) or `"once"` (a destruction, a death, a zone change: it happens to its subject
 * once, and one written without an `amount` has amount 1).
 *
 * @example
 * ```ts
 * import type { Language } from "@bulwark/core"
 * const destroy: Language.FamilyAmount = "once"
 * ```
 * @since 0.1.0
 * @category model
 */
export type FamilyAmount = "counted" | "once"

/**
 * A ruleset's event families from one declaration, each family with whether it has a number
 * ({@link FamilyAmount}): the language's `families` and `amountless` lists, made together so
 * they cannot drift apart (a family added to the game is declared one way or the other, and an
 * adapter can make its compiler check that none is left out with
 * `satisfies Record<Family, Language.FamilyAmount>`).
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * const f = Language.familyAmounts({ damage: "counted", destroy: "once" })
 * f.families // ["damage", "destroy"]
 * f.amountless // ["destroy"]
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const familyAmounts = <F extends string>(
  declared: Readonly<Record<F, FamilyAmount>>
): { readonly families: ReadonlyArray<F>; readonly amountless: ReadonlyArray<F> } => {
  const families = Object.keys(declared) as Array<F>
  return { families, amountless: families.filter((f) => declared[f] === "once") }
}

/**
 * Builds the core occurrence of an {@link OccurrenceEntry} the default way: `to` is the subject,
 * `unpreventable: true` makes it unpreventable, `params` are kept.
 *
 * @example
 * ```ts
 * import { Language } from "@bulwark/core"
 * Language.occurrence({ id: "o", family: "damage", to: "bear", source: "bolt", amount: 3 }).subject // "bear"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const occurrence = (entry: OccurrenceEntry): GameEvent.Occurrence =>
  GameEvent.occurrence({
    id: entry.id,
    family: entry.family,
    subject: entry.to,
    ...(entry.source === undefined ? {} : { source: entry.source }),
    amount: entry.amount,
    // none written: the occurrence shares the one empty list and mapping (not two objects per
    // occurrence: 60 MB over a million)
    ...(entry.kinds === undefined ? {} : { kinds: entry.kinds }),
    preventable: entry.unpreventable !== true,
    ...(entry.params === undefined ? {} : { params: entry.params })
  })

/**
 * A ruleset's words for the one scenario language. See the module documentation.
 *
 * - `turn`: the game's word for the player whose turn it is (the file's key is always `turn:`);
 * - `players.fields` / `objects.fields`: the properties they may have (Schema struct fields);
 *   `objects.defaultZone`: the zone of an object that names none; `make` (optional) builds the
 *   view's object from an entry (default: every property goes into `props`, `owner` defaults to
 *   the controller); `objects.effects` (optional): the effects an object brings with it
 *   (keyword abilities written as its properties), first in the ledger, in object order;
 * - `prepare` (optional): finishes the starting view (derived properties);
 * - `effects`, `steps`, `queries`: the kinds it adds, by the name files write;
 * - `occurrences`: extra fields of an occurrence and (optional) how it becomes a core occurrence;
 * - `derived` (optional): the effects the game state itself creates (MTG: protection's prevention
 *   effects, 702.16e) — added to the ledger after the file's effects, and, after an `update`
 *   step, those whose id is not in the ledger yet (the view is followed through the `update`
 *   steps when the file is compiled);
 * - `update`: extra fields of an `update` step and how they change the object (`apply`), or how
 *   the whole step changes the view (`view`, replacing the default: set/unset props, zone,
 *   controller), and (optional `label`) what the trace says it does;
 * - `boundaries`: what `advance:` may name; `durations`: what an effect's `duration:` may name;
 * - `advance` (optional): what the game does when time passes: steps run just `before` the
 *   boundary is crossed (Riftbound's cleanup heals every unit before "this turn" effects end)
 *   and just `after` it (Берсерк: the turn passes to the other player);
 * - `families`: the event families an `event` step may name (default family: `damage`);
 * - `vocabulary` (optional): the occurrence kinds, zones, types and keywords a file may name
 *   ({@link Vocabulary}), each list checked where it appears;
 * - `amountless` (optional): the families whose events have no number (a death, a destruction,
 *   opening a card): an occurrence of one that names no `amount` happens once (amount 1); any
 *   other occurrence that names none has amount 0. An `amount` written is kept as written.
 *   Make `families` and `amountless` from one declaration with {@link familyAmounts}, so a
 *   family is never left out of one of them.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import type { Language } from "@bulwark/core"
 * const words: Language.Language = {
 *   turn: "active player",
 *   players: { fields: { life: Schema.optionalKey(Schema.Int) } },
 *   objects: { fields: { toughness: Schema.optionalKey(Schema.Int) }, defaultZone: "battlefield" },
 *   effects: {},
 *   boundaries: ["endOfTurn"],
 *   durations: ["endOfTurn"],
 *   families: ["damage"]
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Language {
  readonly turn: string
  readonly players: {
    readonly fields: Schema.Struct.Fields
    readonly make?: (entry: ObjectEntry) => GameView.GameObject
  }
  readonly objects: {
    readonly fields: Schema.Struct.Fields
    readonly defaultZone: string
    readonly make?: (entry: ObjectEntry) => GameView.GameObject
    /** The effects an object brings with it (keyword abilities), put in the ledger first. */
    readonly effects?: (entry: ObjectEntry) => ReadonlyArray<Replacement.Replacement>
  }
  readonly prepare?: (view: GameView.GameView) => GameView.GameView
  readonly effects: Readonly<Record<string, EffectKind>>
  readonly steps?: Readonly<Record<string, StepKind>>
  readonly queries?: Readonly<Record<string, QueryKind>>
  readonly occurrences?: {
    readonly fields: Schema.Struct.Fields
    readonly make?: (entry: OccurrenceEntry, ctx: CompileContext) => GameEvent.Occurrence
  }
  readonly derived?: (view: GameView.GameView) => ReadonlyArray<Replacement.Replacement>
  /**
   * The families whose occurrences written without an `amount` happen once (amount 1, not 0).
   *
   * @since 0.1.0
   */
  readonly amountless?: ReadonlyArray<string>
  readonly update?: {
    readonly fields: Schema.Struct.Fields
    readonly apply?: (
      object: GameView.GameObject,
      change: Readonly<Record<string, unknown>>,
      view: GameView.GameView
    ) => GameView.GameObject
    readonly view?: (
      view: GameView.GameView,
      update: Readonly<Record<string, unknown>> & { readonly object: string }
    ) => GameView.GameView
    /**
     * What the trace says the update does, in the game's words (optional; `undefined` keeps the
     * default "update <object>: to <zone>; …"), e.g. why a card leaving play matters.
     */
    readonly label?: (
      update: Readonly<Record<string, unknown>> & { readonly object: string },
      view: GameView.GameView
    ) => string | undefined
    /**
     * The same as `label`, by key (`Words.Phrase`), so that each language says it in its own
     * words (the ruleset's `words.notes`); asked only when `label` gave a label.
     */
    readonly phrase?: (
      update: Readonly<Record<string, unknown>> & { readonly object: string },
      view: GameView.GameView
    ) => Words.Phrase | undefined
  }
  readonly boundaries: ReadonlyArray<string>
  /**
   * What the game does when time passes (optional): steps run just `before` the ledger crosses
   * the boundary and just `after` it.
   */
  readonly advance?: (
    boundary: string,
    ctx: CompileContext
  ) => { readonly before?: ReadonlyArray<Ruleset.Step>; readonly after?: ReadonlyArray<Ruleset.Step> }
  readonly durations: ReadonlyArray<string>
  readonly families: ReadonlyArray<string>
  /** The game's other closed words (occurrence kinds, zones, types, keywords): {@link Vocabulary}. */
  readonly vocabulary?: Vocabulary
}
