/**
 * Prevention and replacement effects as values.
 *
 * An effect is a plain, serialisable record: what it watches (a family and filters on subject,
 * source and kinds, evaluated when it could apply), what it does (an {@link Action}), its
 * `category` (the ruleset's own classification — "self-replacement", "prevention", "standard",
 * "outcome", … — which the ordering policy reads), its controller, and optional parts: a
 * condition, a zone its source must be in, being optional ("may"), a cost or sub-event resolved
 * first, additional effects keyed on the amount prevented, a duration and a use limit.
 *
 * Effect *state* (a shield's remainder, uses this turn, being used up) lives in the
 * {@link Ledger}, never in these values. Card keywords are built from this vocabulary, so the
 * resolver never asks "does it have keyword X".
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import * as Amount from "./Amount.js"
import * as Filter from "./Filter.js"
import * as GameView from "./GameView.js"

/**
 * Which occurrences an effect looks at: a family, and optional tests on the subject, the source,
 * the kinds and the params.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * // "damage that would be dealt to you by a red source"
 * const w: Replacement.Watch = {
 *   family: "damage",
 *   subject: { _tag: "Id", ids: ["alice"] },
 *   source: { _tag: "Prop", prop: "colors", op: "has", value: "red" }
 * }
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Watch = Schema.Struct({
  family: Schema.NonEmptyString,
  subject: Schema.optionalKey(Filter.Filter),
  source: Schema.optionalKey(Filter.Filter),
  kinds: Schema.optionalKey(
    Schema.Struct({
      anyOf: Schema.optionalKey(Schema.Array(Schema.String)),
      allOf: Schema.optionalKey(Schema.Array(Schema.String)),
      noneOf: Schema.optionalKey(Schema.Array(Schema.String))
    })
  ),
  params: Schema.optionalKey(Schema.Record(Schema.String, GameView.Prop))
})

/**
 * See the {@link Watch} schema.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * const w: Replacement.Watch = { family: "lifeGain" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Watch extends Schema.Schema.Type<typeof Watch> {}

/**
 * Where a template takes an id from: the occurrence's subject or source, the effect's
 * controller or source (`self`), or a fixed id.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * const r: Replacement.Ref = "controller"
 * const fixed: Replacement.Ref = { id: "graveyard-card-1" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Ref = "subject" | "source" | "controller" | "self" | { readonly id: string }

/**
 * Schema of {@link Ref}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Replacement } from "@bulwark/core"
 * Schema.is(Replacement.Ref)("subject") // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Ref: Schema.Codec<Ref> = Schema.Union([
  Schema.Literals(["subject", "source", "controller", "self"]),
  Schema.Struct({ id: Schema.NonEmptyString })
])

/**
 * The amount of a templated occurrence: a {@link Filter.Value} (the default, `Amount`, copies the
 * replaced occurrence's amount), or `Prevented` — the amount the effect just prevented
 * (additional effects such as "you gain life equal to the damage prevented this way").
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * const a: Replacement.TemplateAmount = { _tag: "Prevented" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type TemplateAmount = Filter.Value | { readonly _tag: "Prevented" }

/**
 * Schema of {@link TemplateAmount}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Replacement } from "@bulwark/core"
 * Schema.is(Replacement.TemplateAmount)({ _tag: "Amount" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const TemplateAmount: Schema.Codec<TemplateAmount> = Schema.Union([
  Filter.Value,
  Schema.TaggedStruct("Prevented", {})
])

/**
 * A description of an occurrence an effect creates: the event that replaces another ("instead
 * draw that many cards"), an additional effect ("remove a +1/+1 counter from it"), or a cost
 * resolved first ("destroy this").
 *
 * Defaults: `subject` and `source` are those of the occurrence the effect applies to; `amount` is
 * that occurrence's amount for a replacing occurrence and 1 for a cost or an additional effect;
 * `kinds` are copied when a replacing occurrence has the same family, else empty;
 * `preventable` is true.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * // "draw that many cards instead"
 * const t: Replacement.Template = { family: "draw", subject: "subject", amount: { _tag: "Amount" } }
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Template = Schema.Struct({
  family: Schema.NonEmptyString,
  subject: Schema.optionalKey(Ref),
  source: Schema.optionalKey(Ref),
  amount: Schema.optionalKey(TemplateAmount),
  kinds: Schema.optionalKey(Schema.Array(Schema.String)),
  preventable: Schema.optionalKey(Schema.Boolean),
  params: Schema.optionalKey(Schema.Record(Schema.String, GameView.Prop))
})

/**
 * See the {@link Template} schema.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * const destroyThis: Replacement.Template = { family: "destroy", subject: "self" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Template extends Schema.Schema.Type<typeof Template> {}

/**
 * How much a prevention prevents and how long it lasts:
 *
 * - `shield` with a number: "prevent the next N"; the remainder persists in the ledger until it
 *   reaches 0, then the effect is gone;
 * - `once` with a number: a fixed prevention of one event, the leftover discarded; `once` with
 *   `"all"`: "the next time … would be dealt damage, prevent that damage" — the whole of the
 *   next occurrence(s) it applies to, then used up;
 * - `static` with a number: "prevent N of each such damage", never used up; `static` with
 *   `"all"`: "prevent all …" (protection, Prevent All), never used up and never a big number.
 * - `perEvent` with a number: "prevent N of that damage" each time it applies, never used up —
 *   N per application, not N per occurrence like `static` (a static ability such as FaB's
 *   Arcane Barrier or Quell). An effect applies once to each group of the ordering policy, so N
 *   covers the whole event when the policy puts the event in one group (`slotsByPlayer`'s
 *   default `groupKey`; divided by the assignment policy when several occurrences could take
 *   it), and N per group otherwise (`affectedChooses` groups per affected object). `perEvent`
 *   with `"all"` is the same as `static` with `"all"`.
 *
 * The amount may be a computed {@link Filter.Value} ("prevent X of that damage, where X is the
 * number of artifacts you control"; "prevent half that damage, rounded down"). It is evaluated
 * in the view at the moment of application, never locked in ahead of time (MTG 615.1, FaB
 * 6.4.2a, Берсерк 534.2): `static` evaluates it for each occurrence (the event's amount is that
 * occurrence's), `once` and `perEvent` once per application (the event's amount is the total
 * of the damage it applies to), each time they apply. A `shield`'s X is fixed once: the first
 * time the shield applies, the value becomes its remainder in the ledger, which then only
 * decreases ("the next X damage" counts X when the shield starts to be used; an integrator
 * that must fix X when the spell resolves passes the number). A negative result counts as 0;
 * a result that is not a safe integer fails the resolution with `InvalidEffect`. The trace
 * says the value and how it was obtained.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * const p: Replacement.PreventScope = "shield"
 * ```
 * @since 0.1.0
 * @category model
 */
export type PreventScope = "shield" | "once" | "static" | "perEvent"

/**
 * What an effect does to the occurrences it applies to.
 *
 * - `Prevent`: see {@link PreventScope}; prevention is the only action that unpreventable
 *   damage stops (it still applies, prevents 0, keeps its amount, and its additional effects
 *   still happen).
 * - `Modify`: `add`, `sub`, `mul`, `set`, `atMost`, `atLeast` on the amount (never below 0).
 * - `Redirect`: the occurrence is dealt to another id instead (not prevention). With `amount`,
 *   "the next N damage that would be dealt to A is dealt to B instead" (MTG 614.9): N is used up
 *   like a shield's amount (the remainder lives in the ledger, `Ledger.remaining`), only that much
 *   of an occurrence moves to B — as a new occurrence of the same family, source, kinds and
 *   params — and the rest stays with A. Several occurrences at once take the N in the order of
 *   their ids. The amount may be an expression (`Filter.Value`, issue 17: amounts "wherever an
 *   amount appears … redirection"): like a shield's, it is computed the first time the effect
 *   applies (MTG 615.1: "aren't locked in ahead of time"), with the event's amount the total of
 *   the damage it applies to, and then its remainder lives in the ledger.
 * - `Unpreventable`: "damage can't be prevented" as a lasting effect: the occurrence becomes one
 *   that can't be prevented (prevention effects still apply to it and prevent 0, MTG 615.12). An
 *   ordering policy should apply it before any prevention (a tier of its own).
 * - `SetParams`: changes params ("put into exile instead of the graveyard").
 * - `Replace`: the occurrence does not happen; the templated occurrences happen instead
 *   (none: it simply does not happen).
 * - `ReducePrevention`: "the next prevention effect that prevents such damage prevents N less";
 *   it is not ordered like the others: it is applied to the prevention it reduces, after that
 *   prevention's full amount is spent. N is a number or a {@link Filter.Value} computed when it
 *   applies (FaB 6.4.2a), against the first occurrence it reduces; at least 0.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * const double: Replacement.Action = { _tag: "Modify", op: "mul", value: 2 }
 * const shield: Replacement.Action = { _tag: "Prevent", amount: 3, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Action =
  | { readonly _tag: "Prevent"; readonly amount: number | "all" | Filter.Value; readonly scope: PreventScope }
  | {
      readonly _tag: "Modify"
      readonly op: "add" | "sub" | "mul" | "set" | "atMost" | "atLeast"
      readonly value: Filter.Value
    }
  | { readonly _tag: "Redirect"; readonly to: string; readonly amount?: number | Filter.Value | undefined }
  | { readonly _tag: "Unpreventable" }
  | { readonly _tag: "SetParams"; readonly params: Readonly<Record<string, GameView.Prop>> }
  | { readonly _tag: "Replace"; readonly with: ReadonlyArray<Template> }
  | { readonly _tag: "ReducePrevention"; readonly by: number | Filter.Value }

const NonNegativeInt = Amount.Schema

/**
 * Schema of {@link Action}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Replacement } from "@bulwark/core"
 * Schema.is(Replacement.Action)({ _tag: "Redirect", to: "alice" }) // true
 * Schema.is(Replacement.Action)({ _tag: "Redirect", to: "alice", amount: 2 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Action: Schema.Codec<Action> = Schema.Union([
  Schema.TaggedStruct("Prevent", {
    amount: Schema.Union([
      NonNegativeInt,
      Schema.Literal("all"),
      Filter.Value.check(Schema.makeFilter((v) => typeof v !== "number" || "must be a whole number ≥ 0"))
    ]),
    scope: Schema.Literals(["shield", "once", "static", "perEvent"])
  }),
  Schema.TaggedStruct("Modify", {
    op: Schema.Literals(["add", "sub", "mul", "set", "atMost", "atLeast"]),
    value: Filter.Value
  }),
  Schema.TaggedStruct("Redirect", {
    to: Schema.NonEmptyString,
    amount: Schema.optionalKey(
      Schema.Union([
        NonNegativeInt,
        Filter.Value.check(Schema.makeFilter((v) => typeof v !== "number" || "must be a whole number ≥ 0"))
      ])
    )
  }),
  Schema.TaggedStruct("Unpreventable", {}),
  Schema.TaggedStruct("SetParams", { params: Schema.Record(Schema.String, GameView.Prop) }),
  Schema.TaggedStruct("Replace", { with: Schema.Array(Template) }),
  Schema.TaggedStruct("ReducePrevention", {
    by: Schema.Union([
      NonNegativeInt,
      Filter.Value.check(Schema.makeFilter((v) => typeof v !== "number" || "must be a whole number ≥ 0"))
    ])
  })
])

/**
 * The action "prevent `amount`", lasting as `scope` says (see {@link PreventScope}): a number,
 * `"all"`, or an amount computed when the effect applies (a {@link Filter.Value}, as
 * `Language.toAmount` compiles a written one). `prevent(3, "shield")` is "prevent the next 3
 * damage"; `prevent("all", "static")` "prevent all damage".
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * Replacement.prevent(3, "shield") // { _tag: "Prevent", amount: 3, scope: "shield" }
 * Replacement.isQuantitative(Replacement.prevent("all", "static")) // false
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevent = (
  amount: number | "all" | Filter.Value,
  scope: PreventScope
): Extract<Action, { readonly _tag: "Prevent" }> => ({ _tag: "Prevent", amount, scope })

/**
 * The action "change the amount": `op` is `add`, `sub`, `mul`, `set`, `atMost` or `atLeast`
 * (never below 0), `value` a number or an amount computed when the effect applies (a
 * {@link Filter.Value}, as `Language.toValue` compiles a written one). `modify("mul", 2)` is
 * "double that damage"; `modify("add", 1)` "that much plus 1".
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * Replacement.modify("mul", 2) // { _tag: "Modify", op: "mul", value: 2 }
 * Replacement.isPrevention(Replacement.modify("atMost", 1)) // false
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const modify = (
  op: Extract<Action, { readonly _tag: "Modify" }>["op"],
  value: Filter.Value
): Extract<Action, { readonly _tag: "Modify" }> => ({ _tag: "Modify", op, value })

/**
 * Schema of a prevention or replacement effect.
 *
 * - `id`: unique within a ledger; `label`: the card or rules text, shown in traces;
 * - `controller`: the player who controls the effect; `source`: the object it comes from;
 * - `category`: the ruleset's classification read by its ordering policy;
 * - `watch`, `action`: see {@link Watch} and {@link Action};
 * - `condition`: a {@link Filter.Condition} checked, per occurrence, each time it could apply;
 * - `requiresSourceIn`: zones the source must be in for the effect to apply ("an effect whose
 *   source left its zone does not apply"); `requiresSourceInPlay`: the source must be in play,
 *   where the ruleset's zones (`Policy.Rules.zones`) say objects are (the battlefield, the arena,
 *   the board) — the keywords and abilities of an object, written once for every game;
 * - `sameObjects`: the objects it is bound to as they were when it was created (core `Identity.bind`,
 *   MTG 400.7, FaB 3.0.9, Riftbound 124): per named recipient (`subject`) and source (`source`),
 *   the number of zone changes that had made a new object of it then. It does not apply to an
 *   occurrence whose subject or source has since become a new object (the trace's reason
 *   `newObject`). Unlike a `condition` it reads only the objects' identity, never the event, so it
 *   holds or fails the same whatever the amount and in whatever order effects apply;
 * - `optional`: a "may" effect: its controller decides each time it could apply; declining does
 *   not use it up nor count toward its limit;
 * - `cost`: an occurrence resolved first, as a sub-event that can itself be replaced (pay
 *   resources, destroy this); `costPayable`: when the cost can't be paid, the effect is
 *   unavailable;
 * - `additional`: additional effects, happening after the event even when nothing was prevented;
 * - `duration.until`: a time boundary that ends the effect (see `Ledger.advance`);
 * - `resetsAt`: a boundary that restores a shield's amount ("the first 3 damage each combat");
 * - `limit`: at most `times` applications until the boundary `resetsAt` ("once each turn"), or
 *   over the effect's whole life without `resetsAt` ("the next time …": one use, then it is used
 *   up, Riftbound 373's Zhonya's Hourglass);
 * - `rule`: the rule the effect implements, cited in the trace.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * const shield: Replacement.Replacement = {
 *   id: "shield", label: "Prevent the next 3 damage that would be dealt to the bear this turn",
 *   controller: "bob", category: "prevention",
 *   watch: { family: "damage", subject: { _tag: "Id", ids: ["bear"] } },
 *   action: { _tag: "Prevent", amount: 3, scope: "shield" },
 *   duration: { until: "endOfTurn" }
 * }
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Replacement = Schema.Struct({
  id: Schema.NonEmptyString,
  label: Schema.String,
  controller: Schema.NonEmptyString,
  source: Schema.optionalKey(Schema.String),
  category: Schema.NonEmptyString,
  watch: Watch,
  action: Action,
  condition: Schema.optionalKey(Filter.Condition),
  sameObjects: Schema.optionalKey(
    Schema.Struct({
      subject: Schema.optionalKey(Schema.Record(Schema.String, Amount.Schema)),
      source: Schema.optionalKey(Schema.Record(Schema.String, Amount.Schema))
    })
  ),
  requiresSourceIn: Schema.optionalKey(Schema.Array(Schema.String)),
  requiresSourceInPlay: Schema.optionalKey(Schema.Boolean),
  optional: Schema.optionalKey(Schema.Boolean),
  cost: Schema.optionalKey(Template),
  costPayable: Schema.optionalKey(Filter.Condition),
  additional: Schema.optionalKey(Schema.Array(Template)),
  duration: Schema.optionalKey(Schema.Struct({ until: Schema.NonEmptyString })),
  resetsAt: Schema.optionalKey(Schema.NonEmptyString),
  limit: Schema.optionalKey(
    Schema.Struct({
      times: Amount.Schema.check(Schema.isGreaterThanOrEqualTo(1)),
      resetsAt: Schema.optionalKey(Schema.NonEmptyString)
    })
  ),
  rule: Schema.optionalKey(Schema.String)
})

/**
 * A prevention or replacement effect. See the {@link Replacement} schema.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * const doubler: Replacement.Replacement = {
 *   id: "furnace", label: "If a source would deal damage to a creature, it deals double that damage instead",
 *   controller: "alice", category: "standard",
 *   watch: { family: "damage", subject: { _tag: "Prop", prop: "types", op: "has", value: "Creature" } },
 *   action: { _tag: "Modify", op: "mul", value: 2 }
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Replacement extends Schema.Schema.Type<typeof Replacement> {}

/**
 * Whether an effect is a prevention effect (the only kind "can't be prevented" touches).
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * Replacement.isPrevention({ _tag: "Prevent", amount: "all", scope: "static" }) // true
 * Replacement.isPrevention({ _tag: "Redirect", to: "x" }) // false
 * ```
 * @since 0.1.0
 * @category guards
 */
export const isPrevention = (action: Action): action is Extract<Action, { _tag: "Prevent" }> =>
  action._tag === "Prevent"

/**
 * Whether a prevention states an amount ("prevent the next 2") rather than preventing all of an
 * occurrence ("prevent all", "prevent that damage"). Some rulesets order the two groups apart.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * Replacement.isQuantitative({ _tag: "Prevent", amount: 2, scope: "shield" }) // true
 * Replacement.isQuantitative({ _tag: "Prevent", amount: "all", scope: "once" }) // false
 * ```
 * @since 0.1.0
 * @category guards
 */
export const isQuantitative = (action: Action): boolean =>
  action._tag === "Prevent" && action.amount !== "all"

const isAmount = (n: unknown): boolean => typeof n === "number" && Number.isSafeInteger(n) && n >= 0
const shown = (v: unknown): string => (typeof v === "string" ? JSON.stringify(v) : String(v))
const isValue = Schema.is(Filter.Value)

/**
 * Checks what the schema can't: a shield needs a numeric amount. Effects built in code (not
 * decoded) are also checked for what the schema checks on numbers: amounts are safe whole
 * numbers ≥ 0 and a `Modify` value is a finite number within ±`Number.MAX_SAFE_INTEGER`. Returns a list of problems
 * (`[path, reason]`), empty when the effect is valid.
 *
 * @example
 * ```ts
 * import { Replacement } from "@bulwark/core"
 * Replacement.problems({
 *   id: "s", label: "", controller: "a", category: "prevention", watch: { family: "damage" },
 *   action: { _tag: "Prevent", amount: "all", scope: "shield" }
 * }) // [["action.amount", "a shield needs a number (use scope \"static\" for prevent-all)"]]
 * ```
 * @since 0.1.0
 * @category validation
 */
export const problems = (effect: Replacement): ReadonlyArray<readonly [string, string]> => {
  const out: Array<readonly [string, string]> = []
  // what the schema checks on decoding, checked again for effects built in code: no "3", NaN,
  // Infinity or 1e308 reaches the resolver's arithmetic
  const a = effect.action
  if (a._tag === "Prevent" && typeof a.amount === "object") {
    if (!isValue(a.amount)) out.push(["action.amount", `is not an amount expression: ${shown(a.amount)}`])
  } else if (a._tag === "Prevent" && a.amount !== "all" && !isAmount(a.amount))
    out.push([
      "action.amount",
      `must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${shown(a.amount)}`
    ])
  if (a._tag === "Redirect" && typeof a.amount === "object") {
    if (!isValue(a.amount)) out.push(["action.amount", `is not an amount expression: ${shown(a.amount)}`])
  } else if (a._tag === "Redirect" && a.amount !== undefined && !isAmount(a.amount))
    out.push([
      "action.amount",
      `must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${shown(a.amount)}`
    ])
  if (a._tag === "ReducePrevention" && typeof a.by === "object") {
    if (!isValue(a.by)) out.push(["action.by", `is not an amount expression: ${shown(a.by)}`])
  } else if (a._tag === "ReducePrevention" && !isAmount(a.by))
    out.push(["action.by", `must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${shown(a.by)}`])
  if (
    a._tag === "Modify" &&
    typeof a.value !== "object" &&
    (typeof a.value !== "number" || !Number.isFinite(a.value) || Math.abs(a.value) > Number.MAX_SAFE_INTEGER)
  )
    out.push(["action.value", `must be a number within ±${Number.MAX_SAFE_INTEGER}, got ${shown(a.value)}`])
  if (
    effect.action._tag === "Prevent" &&
    effect.action.scope === "shield" &&
    effect.action.amount === "all"
  ) {
    out.push(["action.amount", 'a shield needs a number (use scope "static" for prevent-all)'])
  }
  if (
    effect.action._tag === "Modify" &&
    effect.action.op === "mul" &&
    typeof effect.action.value === "number" &&
    effect.action.value < 0
  ) {
    out.push(["action.value", "a multiplier can't be negative"])
  }
  if (effect.costPayable !== undefined && effect.cost === undefined) {
    out.push(["costPayable", "costPayable given without a cost"])
  }
  return out
}
