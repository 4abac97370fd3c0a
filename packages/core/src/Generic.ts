/**
 * The generic replacement and prevention effects (scenario format 3): `kind: replace` and
 * `kind: prevent`, the same two shapes in every ruleset, written only with the language's own
 * selectors ({@link Language.Selector}), amounts ({@link Language.WrittenAmount}), families, kinds
 * and durations — never a core `{ _tag: … }` form.
 *
 * - `replace` says what it watches (`family`, `to`, `from`, `kinds`, `params`, a condition `if:`)
 *   and exactly one thing it does instead: change the amount (`plus`, `minus`, `times`, `set`,
 *   `atMost`, `atLeast`, each any amount), other events (`instead: [ … ]`, `[]` for nothing), a
 *   redirect (`redirect: { to, amount? }`), a change of the event's params (`setParams`), "can't
 *   be prevented" (`cantBePrevented: true`) or "the next prevention prevents N less"
 *   (`reducePrevention: N`).
 * - `prevent` says what it watches the same way and how much it prevents (`amount`: a number,
 *   `all` or an expression; default `all`) and how (`scope`): `next` ("prevent the next N": the
 *   remainder is kept until it is used up), `once` ("the next time …, prevent N of it": one event,
 *   the rest discarded), `each` ("prevent N of each such damage", never used up), `eachEvent`
 *   ("prevent N of that damage" each time it applies, never used up). Without `scope`, the
 *   ruleset's default ({@link Defaults} `scope`).
 *
 * Both take the common fields (`id`, `controller`, `source`, `duration`, `limit`, `next`, `may`,
 * `label`, `rule`), `activeIn` (the zones its source must be in for it to apply, or `inPlay`: in
 * the ruleset's in-play zones, as a keyword of a card works), `category` (one of the ruleset's closed list; default the ruleset's), `resets`
 * (a time at which a used amount is restored: "the first 3 damage each combat"), `cost` (an event
 * resolved first, or one of the ruleset's cost words) and `additional` (events that happen after,
 * keyed on what was prevented: `amount: prevented`).
 *
 * In `to:` and `from:`, the word `self` is the effect's own source, "this" (FaB 2.12.3a): the card
 * whatever object it has become, never bound to the object it is when the effect is created
 * (MTG 400.7, FaB 3.0.9) — "If this would be put into a graveyard from anywhere" (FaB 8.3.21)
 * still sees the card after a zone change, where `to: <its id>` would not. It needs `source`.
 *
 * An event an effect creates ({@link EventTemplate}) names its family and refers to "that object"
 * (`to: subject`, the default), the event's source (`source`), the effect's controller
 * (`controller`), its own source (`self`) or an id; "that much" is `amount: event`, "the damage
 * prevented this way" `amount: prevented`.
 *
 * A ruleset supplies only its {@link Defaults}: its categories, how the common fields become a
 * core effect (its durations, limits, zones), its default prevention scope and what its watches
 * always add. {@link kinds} makes the two effect kinds of a ruleset's language from them.
 *
 * Invariants: a generic effect compiles to exactly one core {@link Replacement.Replacement}; a
 * malformed one is refused with a typed `Errors.InvalidEffect` (or `Amount.InvalidAmount`) naming
 * the field; nothing written is dropped.
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import * as Errors from "./Errors.js"
import type * as Filter from "./Filter.js"
import * as GameView from "./GameView.js"
import * as Language from "./Language.js"
import * as Names from "./Names.js"
import type * as Replacement from "./Replacement.js"

const opt = Schema.optionalKey
const Id = Schema.NonEmptyString

// ---------------------------------------------------------------------------------------------
// events an effect creates
// ---------------------------------------------------------------------------------------------

/**
 * Who an event an effect creates is about (or comes from): `subject` ("that object", the one the
 * watched event happens to), `source` (the watched event's source), `controller` (the effect's
 * controller), `self` (the effect's own source), or any other string: an id.
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * const r: Generic.Who = "controller"
 * ```
 * @since 0.1.0
 * @category events
 */
export type Who = string

/**
 * An event an effect creates (`instead:`, `additional:`, `cost:`), written in the language's own
 * words:
 *
 * - `family` (required): what happens (`draw`, `damage`, `gainLife`, …, the ruleset's families);
 * - `to`: who it happens to ({@link Who}, default `subject`: "that object");
 * - `from`: its source ({@link Who}, default: the watched event's source);
 * - `amount`: any amount — `event` is "that much", `prevented` the amount the effect prevented
 *   (default: that much for an event that replaces another, 1 for a cost or an additional one);
 * - `kinds`, `unpreventable`, `params`: as an occurrence writes them.
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * // "draw that many cards instead"
 * const draw: Generic.EventTemplate = { family: "draw", amount: "event" }
 * ```
 * @since 0.1.0
 * @category events
 */
export interface EventTemplate {
  readonly family: string
  readonly to?: Who
  readonly from?: Who
  readonly amount?: Language.WrittenAmount | "prevented"
  readonly kinds?: ReadonlyArray<string>
  readonly unpreventable?: boolean
  readonly params?: Readonly<Record<string, GameView.Prop>>
}

/**
 * Schema of an {@link EventTemplate}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Generic } from "@bulwark/core"
 * Schema.is(Generic.EventSchema)({ family: "damage", to: "controller", from: "self", amount: "prevented" }) // true
 * ```
 * @since 0.1.0
 * @category events
 */
export const EventSchema: Schema.Codec<EventTemplate> = Schema.Struct({
  family: Id,
  to: opt(Id),
  from: opt(Id),
  amount: opt(Schema.Union([Schema.Literal("prevented"), Language.AmountSchema])),
  kinds: opt(Schema.Array(Id)),
  unpreventable: opt(Schema.Boolean),
  params: opt(Schema.Record(Schema.String, GameView.Prop))
}) as unknown as Schema.Codec<EventTemplate>

const refs = ["subject", "source", "controller", "self"] as const

const refOf = (w: Who): Replacement.Ref =>
  (refs as ReadonlyArray<string>).includes(w) ? (w as Replacement.Ref) : { id: w }

/**
 * Compiles an {@link EventTemplate} into core's `Replacement.Template`. Throws
 * `Amount.InvalidAmount` naming `what` when its amount is malformed (`all` is refused: write
 * `event` for "that much").
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * Generic.template({ family: "draw", amount: "event" }, "instead[0]")
 * // { family: "draw", amount: { _tag: "Amount" } }
 * ```
 * @since 0.1.0
 * @category events
 */
export const template = (
  t: EventTemplate,
  what: string,
  options: { readonly id?: string | undefined } = {}
): Replacement.Template => ({
  family: t.family,
  ...(t.to === undefined ? {} : { subject: refOf(t.to) }),
  ...(t.from === undefined ? {} : { source: refOf(t.from) }),
  ...(t.amount === undefined
    ? {}
    : {
        amount:
          t.amount === "prevented"
            ? { _tag: "Prevented" as const }
            : Language.toValue(t.amount, `${what} amount`, { id: options.id })
      }),
  ...(t.kinds === undefined ? {} : { kinds: t.kinds }),
  ...(t.unpreventable === true ? { preventable: false } : {}),
  ...(t.params === undefined ? {} : { params: t.params })
})

// ---------------------------------------------------------------------------------------------
// a condition on the event
// ---------------------------------------------------------------------------------------------

/**
 * A condition on the event, in words (`if:`), checked each time the effect could apply; every
 * key written must hold:
 *
 * - `amount`: the event's amount compared — `{ atLeast: 3 }`, `atMost`, `above`, `below`, `is`,
 *   `isNot`, each any amount;
 * - `exists`: some player or object matches the selector ("if you control an artifact");
 * - `subject` / `source` / `self`: the affected object, the event's source or the effect's own
 *   source matches the selector;
 * - `any`: one of these conditions; `not`: not this one.
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * const big: Generic.Condition = { amount: { atLeast: 3 } }
 * ```
 * @since 0.1.0
 * @category conditions
 */
export interface Condition {
  readonly amount?: {
    readonly atLeast?: Language.WrittenAmount
    readonly atMost?: Language.WrittenAmount
    readonly above?: Language.WrittenAmount
    readonly below?: Language.WrittenAmount
    readonly is?: Language.WrittenAmount
    readonly isNot?: Language.WrittenAmount
  }
  readonly exists?: Language.Selector
  readonly subject?: Language.Selector
  readonly source?: Language.Selector
  readonly self?: Language.Selector
  readonly any?: ReadonlyArray<Condition>
  readonly not?: Condition
}

const suspendCondition = Schema.suspend((): Schema.Codec<Condition> => ConditionSchema)

const comparisons = {
  atLeast: "gte",
  atMost: "lte",
  above: "gt",
  below: "lt",
  is: "eq",
  isNot: "ne"
} as const

/**
 * Schema of a {@link Condition}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Generic } from "@bulwark/core"
 * Schema.is(Generic.ConditionSchema)({ amount: { atLeast: 3 } }) // true
 * ```
 * @since 0.1.0
 * @category conditions
 */
export const ConditionSchema: Schema.Codec<Condition> = Schema.Struct({
  amount: opt(
    Schema.Struct({
      atLeast: opt(Language.AmountSchema),
      atMost: opt(Language.AmountSchema),
      above: opt(Language.AmountSchema),
      below: opt(Language.AmountSchema),
      is: opt(Language.AmountSchema),
      isNot: opt(Language.AmountSchema)
    })
  ),
  exists: opt(Language.SelectorSchema),
  subject: opt(Language.SelectorSchema),
  source: opt(Language.SelectorSchema),
  self: opt(Language.SelectorSchema),
  any: opt(Schema.Array(suspendCondition)),
  not: opt(suspendCondition)
}) as unknown as Schema.Codec<Condition>

/**
 * Compiles a {@link Condition} into a core `Filter.Condition`.
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * Generic.condition({ amount: { atLeast: 3 } }, "if") // { _tag: "AmountIs", op: "gte", value: 3 }
 * ```
 * @since 0.1.0
 * @category conditions
 */
export const condition = (
  c: Condition,
  what: string,
  options: { readonly id?: string | undefined } = {}
): Filter.Condition => {
  const all: Array<Filter.Condition> = []
  for (const [word, op] of Object.entries(comparisons)) {
    const v = c.amount?.[word as keyof typeof comparisons]
    if (v !== undefined)
      all.push({ _tag: "AmountIs", op, value: Language.toValue(v, `${what}.amount.${word}`, options) })
  }
  if (c.exists !== undefined) all.push({ _tag: "Exists", filter: Language.toFilter(c.exists) })
  for (const on of ["subject", "source", "self"] as const) {
    const s = c[on]
    if (s !== undefined) all.push({ _tag: "Test", on, filter: Language.toFilter(s) })
  }
  if (c.any !== undefined)
    all.push({ _tag: "AnyOf", any: c.any.map((x, i) => condition(x, `${what}.any[${i}]`, options)) })
  if (c.not !== undefined) all.push({ _tag: "Not", condition: condition(c.not, `${what}.not`, options) })
  return all.length === 1 ? (all[0] as Filter.Condition) : { _tag: "All", all }
}

// ---------------------------------------------------------------------------------------------
// the two kinds' options
// ---------------------------------------------------------------------------------------------

/** `activeIn: inPlay`: the source must be in play, in the ruleset's in-play zones (`Zones`). */
const IN_PLAY = "inPlay"

const watchFields = {
  ...Language.pick(
    "controller",
    "source",
    "to",
    "from",
    "kinds",
    "family",
    "duration",
    "limit",
    "next",
    "may",
    "label",
    "rule"
  ),
  params: opt(Schema.Record(Schema.String, GameView.Prop)),
  if: opt(ConditionSchema),
  only: opt(Schema.Literals(["combat", "noncombat"])),
  category: opt(Id),
  activeIn: opt(Schema.Union([Schema.Literal(IN_PLAY), Schema.Array(Id)])),
  resets: opt(Id),
  cost: opt(Schema.Unknown),
  additional: opt(Schema.Array(EventSchema))
}

/** The ways a replacement can change the amount, by the words a file writes. */
const amountWords = {
  plus: "add",
  minus: "sub",
  times: "mul",
  set: "set",
  atMost: "atMost",
  atLeast: "atLeast"
} as const

/** "that much plus 2", "double that", "3": how a changed amount reads in a label. */
const amountHow = (word: keyof typeof amountWords, n: string): string =>
  ({
    plus: `that much plus ${n}`,
    minus: `that much minus ${n}`,
    times: n === "2" ? "double that" : n === "3" ? "triple that" : `${n} times that`,
    set: n,
    atMost: `at most ${n}`,
    atLeast: `at least ${n}`
  })[word]

/** What a `replace` does: exactly one of these keys. */
const actionKeys = [
  ...Object.keys(amountWords),
  "instead",
  "redirect",
  "setParams",
  "cantBePrevented",
  "reducePrevention"
] as const

const AmountNotAll = Language.AmountSchema

/**
 * Schema of `kind: replace`'s options (see the module documentation): what it watches and exactly
 * one of `plus`, `minus`, `times`, `set`, `atMost`, `atLeast`, `instead`, `redirect`, `setParams`,
 * `cantBePrevented`, `reducePrevention`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Generic } from "@bulwark/core"
 * Schema.is(Generic.ReplaceOptions)({ id: "d", family: "lifeGain", to: "ap", instead: [{ family: "draw", amount: "event" }] }) // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const ReplaceOptions = Schema.Struct({
  ...watchFields,
  plus: opt(AmountNotAll),
  minus: opt(AmountNotAll),
  times: opt(AmountNotAll),
  set: opt(AmountNotAll),
  atMost: opt(AmountNotAll),
  atLeast: opt(AmountNotAll),
  instead: opt(Schema.Array(EventSchema)),
  redirect: opt(Schema.Struct({ to: Id, amount: opt(Language.AmountSchema) })),
  setParams: opt(Schema.Record(Schema.String, GameView.Prop)),
  cantBePrevented: opt(Schema.Literal(true)),
  reducePrevention: opt(Language.AmountSchema)
}).check(
  Schema.makeFilter((o) => {
    const said = actionKeys.filter((k) => (o as Record<string, unknown>)[k] !== undefined)
    return said.length === 1
      ? true
      : said.length === 0
        ? `a replace says what happens instead: one of ${actionKeys.join(", ")}`
        : `a replace does one thing, got ${said.join(" and ")} (write two effects)`
  })
)

/**
 * The options of `kind: replace`. See the {@link ReplaceOptions} schema.
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * const o: Generic.ReplaceOptions = { id: "furnace", controller: "ap", to: { types: ["Creature"] }, times: 2 }
 * ```
 * @since 0.1.0
 * @category options
 */
export type ReplaceOptions = typeof ReplaceOptions.Type

/**
 * How a prevention uses its amount, in words: `next` (a shield: "prevent the next N"), `once`
 * (one event: "the next time …, prevent N of it"), `each` (N of each such damage, never used up),
 * `eachEvent` (N of that damage each time it applies, never used up).
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * const s: Generic.Scope = "next"
 * ```
 * @since 0.1.0
 * @category options
 */
export type Scope = "next" | "once" | "each" | "eachEvent"

const coreScope: Readonly<Record<Scope, Replacement.PreventScope>> = {
  next: "shield",
  once: "once",
  each: "static",
  eachEvent: "perEvent"
}

/**
 * Schema of `kind: prevent`'s options (see the module documentation).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Generic } from "@bulwark/core"
 * Schema.is(Generic.PreventOptions)({ id: "s", controller: "nap", to: "Z", amount: 2, scope: "next" }) // true
 * ```
 * @since 0.1.0
 * @category options
 */
export const PreventOptions = Schema.Struct({
  ...watchFields,
  amount: opt(Language.AmountSchema),
  scope: opt(Schema.Literals(["next", "once", "each", "eachEvent"]))
})

/**
 * The options of `kind: prevent`. See the {@link PreventOptions} schema.
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * const fog: Generic.PreventOptions = { id: "fog", controller: "ap", amount: "all", only: "combat" }
 * ```
 * @since 0.1.0
 * @category options
 */
export type PreventOptions = typeof PreventOptions.Type

/**
 * The common fields of a generic effect, handed to the ruleset's {@link Defaults} `common`.
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * const c: Generic.CommonOptions = { id: "s", controller: "nap", duration: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category defaults
 */
export interface CommonOptions {
  readonly id: string
  readonly controller?: string | undefined
  readonly source?: string | undefined
  readonly duration?: string | undefined
  readonly limit?: { readonly times: number; readonly per?: string | undefined } | undefined
  readonly next?: boolean | undefined
  readonly may?: boolean | undefined
  readonly label?: string | undefined
  readonly rule?: string | undefined
}

/**
 * What a ruleset supplies for the generic effects — only its defaults, never a grammar:
 *
 * - `categories`: the closed list a `category:` may name (its ordering policy's);
 * - `category`: the default category of an effect, from its kind and core action;
 * - `common`: how the common fields become the core effect's (id, label, controller, source,
 *   duration, limit, "may", rule — with the game's checks and messages);
 * - `scope` (optional): a prevention's default {@link Scope} by its amount (default: `each` for
 *   `all`, `next` for a number or an expression);
 * - `watch` (optional): finishes a watch (a game's hidden kinds, its default recipient);
 * - `cost` (optional): the game's own cost words (`destroyThis`, `{ pay: N }`) and what they
 *   become; any other cost is an {@link EventTemplate};
 * - `finish` (optional): a last touch with the view the effect is created in (binding it to
 *   the objects it names then, MTG 400.7);
 * - `label` (optional): the effect's label in the game's own words (a ruleset whose trace speaks
 *   another language), given the kind, the options written and the action they became; `undefined`
 *   keeps the English label, and a written `label:` wins over both;
 * - `rule`: the rule each kind cites by default (or a function of the kind, the action and the
 *   common fields).
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * const d: Generic.Defaults = {
 *   categories: ["prevention", "replacement"],
 *   category: (kind) => (kind === "prevent" ? "prevention" : "replacement"),
 *   common: (o, label, rule) => ({ id: o.id, label: o.label ?? label, controller: o.controller ?? "", rule: o.rule ?? rule }),
 *   rule: { replace: "614.1", prevent: "615.1" }
 * }
 * ```
 * @since 0.1.0
 * @category defaults
 */
export interface Defaults {
  readonly categories: ReadonlyArray<string>
  readonly category: (kind: "replace" | "prevent", action: Replacement.Action) => string
  readonly common: (
    o: CommonOptions,
    label: string,
    rule: string,
    view?: GameView.GameView
  ) => Omit<Replacement.Replacement, "watch" | "action" | "category">
  readonly finish?: (effect: Replacement.Replacement, view?: GameView.GameView) => Replacement.Replacement
  readonly scope?: (amount: number | "all" | Filter.Value) => Scope
  readonly watch?: (watch: Replacement.Watch, o: WatchOptions) => Replacement.Watch
  readonly cost?: (
    cost: unknown,
    o: CommonOptions
  ) => Pick<Replacement.Replacement, "cost" | "costPayable"> | undefined
  readonly label?: (
    kind: "replace" | "prevent",
    o: ReplaceOptions | PreventOptions,
    action: Replacement.Action
  ) => string | undefined
  readonly rule:
    | { readonly replace: string; readonly prevent: string }
    | ((kind: "replace" | "prevent", action: Replacement.Action, o: CommonOptions) => string)
}

/**
 * The watch fields of a generic effect, handed to the ruleset's {@link Defaults} `watch`.
 *
 * @example
 * ```ts
 * import type { Generic } from "@bulwark/core"
 * const w: Generic.WatchOptions = { kind: "prevent", id: "s", controller: "bob", family: "damage" }
 * ```
 * @since 0.1.0
 * @category defaults
 */
export interface WatchOptions {
  readonly kind: "replace" | "prevent"
  readonly id: string
  readonly controller?: string | undefined
  readonly family: string
  readonly to?: Language.Selector | undefined
  readonly from?: Language.Selector | undefined
  readonly kinds?: ReadonlyArray<string> | undefined
  /**
   * What the effect does (optional: absent where a caller builds a watch on its own), for a
   * default that depends on it (MTG 614.9: damage that can't be redirected is not watched by a
   * redirection).
   *
   * @since 0.1.0
   */
  readonly action?: Replacement.Action | undefined
}

const refuse = (effect: string, path: string, reason: string): never => {
  throw new Errors.InvalidEffect({ effect, path, reason })
}

/**
 * The common fields as a ruleset's {@link Defaults} `common` usually reads them: `label` and
 * `rule` (the written ones, else the defaults given), `source`, `may` (an optional effect),
 * `duration` (until that boundary), `next: true` (one use by its own words: a `limit` beside it is
 * refused) and `limit` (`per: turn` resets at `endOfTurn`, any other `per` at that boundary), with
 * the `controller` the ruleset worked out. A ruleset with other words for these writes its own.
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * Generic.commonParts({ id: "s", next: true }, "Prevent it", "615.1", "ap").limit // { times: 1 }
 * ```
 * @since 0.1.0
 * @category generic
 */
export const commonParts = (
  o: CommonOptions,
  label: string,
  rule: string,
  controller: string
): Omit<Replacement.Replacement, "watch" | "action" | "category"> => {
  if (o.next === true && o.limit !== undefined)
    refuse(o.id, "limit", 'next: true is one use by its own words ("the next time …"): write no limit')
  return {
    id: o.id,
    label: o.label ?? label,
    controller,
    ...(o.source === undefined ? {} : { source: o.source }),
    ...(o.may === true ? { optional: true } : {}),
    ...(o.duration === undefined ? {} : { duration: { until: o.duration } }),
    ...(o.next === true ? { limit: { times: 1 } } : {}),
    ...(o.limit === undefined
      ? {}
      : {
          limit: {
            times: o.limit.times,
            ...(o.limit.per === undefined
              ? {}
              : { resetsAt: o.limit.per === "turn" ? "endOfTurn" : o.limit.per })
          }
        }),
    rule: o.rule ?? rule
  }
}

type Written = Omit<typeof PreventOptions.Type, "amount" | "scope">

/**
 * The word `self` in `to:` / `from:`: the effect's own source, "this" — a card's ability naming
 * the card that has it (FaB 2.12.3a: a self-reference "refers to its source object"; 1.7.1: an
 * ability is a property of the object, so every object the card becomes has it). It is the card
 * whatever object it has become, so it is never bound to the object it is now (`Identity.bind`,
 * MTG 400.7, FaB 3.0.9): "If this would be put into a graveyard from anywhere" still sees the
 * card after it changed zones.
 */
const SELF = "self"

/**
 * Why a generic effect whose `to:` or `from:` is `self` is refused when it has no `source`: the
 * one message, which the scenario loader gives at the field too.
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * Generic.selfNeedsSource // "`self` is the effect's own source (this): write the effect's `source`"
 * ```
 * @since 0.1.0
 * @category errors
 */
export const selfNeedsSource = "`self` is the effect's own source (this): write the effect's `source`"

/** The selector written, with `self` read as the effect's own source (see {@link SELF}). */
const selectorOf = (o: Written, key: "to" | "from"): Language.Selector | undefined => {
  const s = o[key]
  if (s !== SELF) return s
  return o.source ?? refuse(o.id, key, selfNeedsSource)
}

/** The effect without the binding (`sameObjects`) of its own source where it watches `self`. */
const unbindSelf = (e: Replacement.Replacement, o: Written): Replacement.Replacement => {
  const source = o.source
  if (e.sameObjects === undefined || source === undefined) return e
  const keep = (bound: Readonly<Record<string, number>> | undefined, self: boolean) => {
    if (bound === undefined || !self) return bound
    const { [source]: _s, ...rest } = bound
    return Object.keys(rest).length === 0 ? undefined : rest
  }
  const subject = keep(e.sameObjects.subject, o.to === SELF)
  const from = keep(e.sameObjects.source, o.from === SELF)
  const { sameObjects: _b, ...rest } = e
  return subject === undefined && from === undefined
    ? rest
    : {
        ...rest,
        sameObjects: {
          ...(subject === undefined ? {} : { subject }),
          ...(from === undefined ? {} : { source: from })
        }
      }
}

const watchOf = (
  o: Written,
  d: Defaults,
  kind: "replace" | "prevent",
  action: Replacement.Action
): Replacement.Watch => {
  const family = o.family ?? "damage"
  const anyOf = [...(o.kinds ?? []), ...(o.only === "combat" ? ["combat"] : [])]
  const noneOf = o.only === "noncombat" ? ["combat"] : []
  const to = selectorOf(o, "to")
  const from = selectorOf(o, "from")
  const w: Replacement.Watch = {
    family,
    ...(to === undefined ? {} : { subject: Language.toFilter(to) }),
    ...(from === undefined ? {} : { source: Language.toFilter(from) }),
    ...(anyOf.length === 0 && noneOf.length === 0
      ? {}
      : { kinds: { ...(anyOf.length === 0 ? {} : { anyOf }), ...(noneOf.length === 0 ? {} : { noneOf }) } }),
    ...(o.params === undefined ? {} : { params: o.params })
  }
  return d.watch === undefined
    ? w
    : d.watch(w, {
        kind,
        id: o.id,
        family,
        controller: o.controller,
        to,
        from,
        kinds: o.kinds,
        action
      })
}

const parts = (
  o: Written,
  d: Defaults,
  kind: "replace" | "prevent",
  action: Replacement.Action,
  label: string,
  view: GameView.GameView | undefined
): Replacement.Replacement => {
  if (o.category !== undefined && !d.categories.includes(o.category))
    refuse(
      o.id,
      "category",
      `unknown category ${JSON.stringify(o.category)}${Names.didYouMean(o.category, d.categories)}: expected one of ${d.categories.join(", ")}`
    )
  const { requiresSourceInPlay, ...rest } = d.common(
    o,
    d.label?.(kind, o as ReplaceOptions | PreventOptions, action) ?? label,
    typeof d.rule === "function" ? d.rule(kind, action, o) : d.rule[kind],
    view
  )
  // a written activeIn says where the source must be, instead of the game's "in play"; `inPlay`
  // is the game's in-play zones, whatever its default
  const { requiresSourceIn: _z, ...others } = rest
  const base =
    o.activeIn === IN_PLAY
      ? { ...others, requiresSourceInPlay: true }
      : o.activeIn === undefined && requiresSourceInPlay !== undefined
        ? { ...rest, requiresSourceInPlay }
        : rest
  const cost =
    o.cost === undefined
      ? undefined
      : (d.cost?.(o.cost, o) ??
        (Schema.is(EventSchema)(o.cost)
          ? { cost: template(o.cost, "cost", { id: o.id }) }
          : refuse(
              o.id,
              "cost",
              "a cost is an event ({ family, to?, from?, amount? }) or one of the game's cost words"
            )))
  const effect: Replacement.Replacement = {
    ...base,
    category: o.category ?? d.category(kind, action),
    watch: watchOf(o, d, kind, action),
    action,
    ...(o.if === undefined ? {} : { condition: condition(o.if, "if", { id: o.id }) }),
    ...(o.resets === undefined ? {} : { resetsAt: o.resets }),
    ...(o.activeIn === undefined || o.activeIn === IN_PLAY ? {} : { requiresSourceIn: o.activeIn }),
    ...(cost ?? {}),
    ...(o.additional === undefined
      ? {}
      : { additional: o.additional.map((t, i) => template(t, `additional[${i}]`, { id: o.id })) })
  }
  const finished = d.finish === undefined ? effect : d.finish(effect, view)
  return o.to === SELF || o.from === SELF ? unbindSelf(finished, o) : finished
}

const what = (o: { readonly family?: string | undefined }): string => o.family ?? "damage"

/**
 * A ruleset's `replace` constructor: {@link ReplaceOptions} (and the view the effect is created
 * in) to a core effect.
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * declare const defaults: Generic.Defaults
 * const replace: Generic.ReplaceConstructor = Generic.replace(defaults)
 * ```
 * @since 0.1.0
 * @category constructors
 */
export type ReplaceConstructor = (o: ReplaceOptions, view?: GameView.GameView) => Replacement.Replacement

/**
 * A ruleset's `prevent` constructor: {@link PreventOptions} (and the view the effect is created
 * in) to a core effect.
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * declare const defaults: Generic.Defaults
 * const prevent: Generic.PreventConstructor = Generic.prevent(defaults)
 * ```
 * @since 0.1.0
 * @category constructors
 */
export type PreventConstructor = (o: PreventOptions, view?: GameView.GameView) => Replacement.Replacement

/**
 * Builds the core effect of a `kind: replace` with a ruleset's {@link Defaults}.
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * declare const defaults: Generic.Defaults
 * Generic.replace(defaults)({ id: "furnace", controller: "ap", times: 2 }).action
 * // { _tag: "Modify", op: "mul", value: 2 }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const replace =
  (d: Defaults): ReplaceConstructor =>
  (o: ReplaceOptions, view?: GameView.GameView): Replacement.Replacement => {
    const v = (a: Language.WrittenAmount, path: string) =>
      Language.toValue(a, `replace ${path}`, { id: o.id })
    let action: Replacement.Action | undefined
    let label = ""
    for (const [word, op] of Object.entries(amountWords)) {
      const a = o[word as keyof typeof amountWords]
      if (a !== undefined) {
        action = { _tag: "Modify", op, value: v(a, word) }
        label = `If ${what(o)} would happen, ${amountHow(word as keyof typeof amountWords, Language.amountLabel(a))} instead`
      }
    }
    if (o.instead !== undefined) {
      action = {
        _tag: "Replace",
        with: o.instead.map((t, i) => template(t, `instead[${i}]`, { id: o.id }))
      }
      label = `If ${what(o)} would happen, ${o.instead.map((t) => t.family).join(" and ") || "nothing"} instead`
    }
    if (o.redirect !== undefined) {
      const amount = o.redirect.amount
      action = {
        _tag: "Redirect",
        to: o.redirect.to,
        ...(amount === undefined
          ? {}
          : {
              amount: Language.toAmount(amount, "replace redirect.amount", { id: o.id, allowAll: false }) as
                | number
                | Filter.Value
            })
      }
      label = `${amount === undefined ? "" : `The next ${Language.amountLabel(amount)} `}${what(o)} is dealt to ${o.redirect.to} instead`
    }
    if (o.setParams !== undefined) {
      action = { _tag: "SetParams", params: o.setParams }
      label = `If ${what(o)} would happen, it happens with ${JSON.stringify(o.setParams)} instead`
    }
    if (o.cantBePrevented === true) {
      action = { _tag: "Unpreventable" }
      label = `${what(o)} can't be prevented`
    }
    if (o.reducePrevention !== undefined) {
      action = {
        _tag: "ReducePrevention",
        by: Language.toAmount(o.reducePrevention, "replace reducePrevention", {
          id: o.id,
          allowAll: false
        }) as number | Filter.Value
      }
      label = `The next prevention effect prevents ${Language.amountLabel(o.reducePrevention)} less`
    }
    if (action === undefined)
      return refuse(o.id, "", `a replace says what happens instead: one of ${actionKeys.join(", ")}`)
    return parts(o, d, "replace", action, label, view)
  }

/**
 * Builds the core effect of a `kind: prevent` with a ruleset's {@link Defaults}. `scope: next`
 * with `all` is all of the next event (`once`): a shield needs a number.
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * declare const defaults: Generic.Defaults
 * Generic.prevent(defaults)({ id: "s", controller: "nap", to: "Z", amount: 2, scope: "next" }).action
 * // { _tag: "Prevent", amount: 2, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevent =
  (d: Defaults): PreventConstructor =>
  (o: PreventOptions, view?: GameView.GameView): Replacement.Replacement => {
    const amount = Language.toAmount(o.amount ?? "all", "prevent amount", { id: o.id })
    const written = o.scope ?? d.scope?.(amount) ?? (amount === "all" ? "each" : "next")
    // "prevent all of the next …": all of one event, never a big number (a shield needs a number)
    const scope = written === "next" && amount === "all" ? "once" : written
    const n = Language.amountLabel(amount)
    const damage = what(o)
    const label =
      scope === "next"
        ? `Prevent the next ${n} ${damage}`
        : scope === "once"
          ? amount === "all"
            ? `The next time ${damage} would happen, prevent it`
            : `The next time ${damage} would happen, prevent ${n} of it`
          : amount === "all"
            ? `Prevent all ${damage}`
            : `Prevent ${n} of ${scope === "each" ? "each" : "that"} ${damage}`
    return parts(o, d, "prevent", { _tag: "Prevent", amount, scope: coreScope[scope] }, label, view)
  }

/**
 * The two generic effect kinds of a ruleset's language, `replace` and `prevent`, made by the
 * ruleset's constructors of those names (`Generic.replace(defaults)`, `Generic.prevent(defaults)`,
 * exported by its package so that a ruling moves between a file and code by copy): spread them
 * into the language's `effects`.
 *
 * @example
 * ```ts
 * import { Generic } from "@bulwark/core"
 * declare const defaults: Generic.Defaults
 * Object.keys(Generic.kinds({ replace: Generic.replace(defaults), prevent: Generic.prevent(defaults) })) // ["replace", "prevent"]
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const kinds = (make: {
  readonly replace: ReplaceConstructor
  readonly prevent: PreventConstructor
}): {
  readonly replace: Language.EffectKind<ReplaceOptions>
  readonly prevent: Language.EffectKind<PreventOptions>
} => ({
  replace: Language.effectKind({
    summary:
      "any replacement effect: what it watches (family, to, from, kinds, if) and one thing instead — plus/minus/times/set/atMost/atLeast the amount, instead: [events], redirect, setParams, cantBePrevented, reducePrevention",
    options: ReplaceOptions,
    make: make.replace
  }),
  prevent: Language.effectKind({
    summary:
      "any prevention effect: what it watches (family, to, from, kinds, if), amount (a number, all or an expression) and scope: next (a shield), once (the next time), each, eachEvent",
    options: PreventOptions,
    make: make.prevent
  })
})
