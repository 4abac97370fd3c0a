/**
 * Filters, conditions and values: data that is evaluated against the game view at the moment an
 * effect could apply, so a characteristic that changed since the effect was created is seen as
 * it is now.
 *
 * A ruleset can add its own named predicates ({@link Predicates}) for tests that are awkward as
 * data (MTG's "protection from a player" reads controller, then owner); they are referred to by
 * name, so effects stay serialisable.
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import * as Amount from "./Amount.js"
import type * as GameEvent from "./GameEvent.js"
import * as GameView from "./GameView.js"
import * as Zones from "./Zones.js"

/**
 * Who a filter means by "a player": the effect's controller (`You`), anyone but them
 * (`Opponent`), the active player, or a named player.
 *
 * @example
 * ```ts
 * import { Filter } from "@bulwark/core"
 * const you: Filter.PlayerRef = { _tag: "You" }
 * const bob: Filter.PlayerRef = { _tag: "Player", id: "bob" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type PlayerRef =
  | { readonly _tag: "You" }
  | { readonly _tag: "Opponent" }
  | { readonly _tag: "Active" }
  | { readonly _tag: "Player"; readonly id: string }

/**
 * Schema of {@link PlayerRef}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Filter } from "@bulwark/core"
 * Schema.is(Filter.PlayerRef)({ _tag: "Active" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const PlayerRef: Schema.Codec<PlayerRef> = Schema.Union([
  Schema.TaggedStruct("You", {}),
  Schema.TaggedStruct("Opponent", {}),
  Schema.TaggedStruct("Active", {}),
  Schema.TaggedStruct("Player", { id: Schema.NonEmptyString })
])

/**
 * A comparison used by {@link Filter} `Prop` tests and by amount tests.
 *
 * `has` tests that a list property contains the value; `exists` that the property is set;
 * `contains` that a text property contains the value as a part ("Arcanite" in "Arcanite
 * Skullcap").
 *
 * @example
 * ```ts
 * import { Filter } from "@bulwark/core"
 * const op: Filter.Comparison = "lte"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Comparison = "eq" | "ne" | "lt" | "lte" | "gt" | "gte" | "has" | "exists" | "contains"

/**
 * Schema of {@link Comparison}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Filter } from "@bulwark/core"
 * Schema.is(Filter.Comparison)("has") // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Comparison = Schema.Literals(["eq", "ne", "lt", "lte", "gt", "gte", "has", "exists", "contains"])

/**
 * A test on one player or object (the subject, the source, the effect's own source, …).
 *
 * @example
 * ```ts
 * import { Filter } from "@bulwark/core"
 * // "a Cleric creature you control"
 * const f: Filter.Filter = {
 *   _tag: "And", all: [
 *     { _tag: "Prop", prop: "types", op: "has", value: "Cleric" },
 *     { _tag: "ControlledBy", player: { _tag: "You" } }
 *   ]
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Filter =
  | { readonly _tag: "Any" }
  | { readonly _tag: "Id"; readonly ids: ReadonlyArray<string> }
  | { readonly _tag: "IsPlayer" }
  | { readonly _tag: "Prop"; readonly prop: string; readonly op: Comparison; readonly value?: GameView.Prop }
  | { readonly _tag: "ControlledBy"; readonly player: PlayerRef }
  | { readonly _tag: "OwnedBy"; readonly player: PlayerRef }
  | { readonly _tag: "InZone"; readonly zones: ReadonlyArray<string> }
  | { readonly _tag: "Named"; readonly name: string; readonly args?: Readonly<Record<string, GameView.Prop>> }
  | { readonly _tag: "And"; readonly all: ReadonlyArray<Filter> }
  | { readonly _tag: "Or"; readonly any: ReadonlyArray<Filter> }
  | { readonly _tag: "Not"; readonly filter: Filter }

const suspendFilter = Schema.suspend((): Schema.Codec<Filter> => Filter)

/**
 * Schema of {@link Filter}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Filter } from "@bulwark/core"
 * Schema.is(Filter.Filter)({ _tag: "Id", ids: ["bear"] }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Filter: Schema.Codec<Filter> = Schema.Union([
  Schema.TaggedStruct("Any", {}),
  Schema.TaggedStruct("Id", { ids: Schema.Array(Schema.String) }),
  Schema.TaggedStruct("IsPlayer", {}),
  Schema.TaggedStruct("Prop", {
    prop: Schema.NonEmptyString,
    op: Comparison,
    value: Schema.optionalKey(GameView.Prop)
  }),
  Schema.TaggedStruct("ControlledBy", { player: PlayerRef }),
  Schema.TaggedStruct("OwnedBy", { player: PlayerRef }),
  Schema.TaggedStruct("InZone", { zones: Schema.Array(Schema.String) }),
  Schema.TaggedStruct("Named", {
    name: Schema.NonEmptyString,
    args: Schema.optionalKey(Schema.Record(Schema.String, GameView.Prop))
  }),
  Schema.TaggedStruct("And", { all: Schema.Array(suspendFilter) }),
  Schema.TaggedStruct("Or", { any: Schema.Array(suspendFilter) }),
  Schema.TaggedStruct("Not", { filter: suspendFilter })
])

/**
 * The filter "one of these players or objects", by id (`Id`): `Filter.id("bear")` is "the
 * bear", `Filter.id("alice", "bob")` either of them. With no id it matches nothing.
 *
 * @example
 * ```ts
 * import { Filter, GameView } from "@bulwark/core"
 * const view = GameView.make({ players: ["alice"], activePlayer: "alice",
 *   objects: [{ id: "bear", kind: "object", props: {} }] })
 * const ctx = { view, controller: "alice", predicates: {} }
 * Filter.matches(Filter.id("bear"), "bear", ctx) // true
 * Filter.matches(Filter.id("bear"), "alice", ctx) // false
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const id = (...ids: ReadonlyArray<string>): Extract<Filter, { readonly _tag: "Id" }> => ({
  _tag: "Id",
  ids
})

/**
 * The filter "its property `name` compares by `op` with `value`" (`Prop`, see {@link Comparison}):
 * `Filter.prop("types", "has", "Creature")` is "a creature", `Filter.prop("power", "gte", 4)`
 * "with power 4 or greater", `Filter.prop("name", "exists")` "that has a name" (no value).
 *
 * @example
 * ```ts
 * import { Filter, GameView } from "@bulwark/core"
 * const view = GameView.make({ players: ["alice"], activePlayer: "alice",
 *   objects: [{ id: "bear", kind: "object", props: { types: ["Creature"], power: 2 } }] })
 * const ctx = { view, controller: "alice", predicates: {} }
 * Filter.matches(Filter.prop("types", "has", "Creature"), "bear", ctx) // true
 * Filter.matches(Filter.prop("power", "gte", 4), "bear", ctx) // false
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prop = (
  name: string,
  op: Comparison,
  value?: GameView.Prop
): Extract<Filter, { readonly _tag: "Prop" }> =>
  value === undefined ? { _tag: "Prop", prop: name, op } : { _tag: "Prop", prop: name, op, value }

/**
 * A number computed when an effect applies: a constant, a property of the subject, the source
 * or the effect's source (with an offset), the occurrence's current amount, or a ruleset's named
 * value (`Named`, see {@link NamedValues}) — which can read the whole batch, e.g. "what this
 * player's life would be after everything else in this event".
 *
 * Also expressions, evaluated in the view at the moment of application (FaB 6.4.2a,
 * MTG 615.1: "aren't locked in ahead of time"): `Count` (the number of players and objects the
 * filter matches, relative to the effect's controller — "the number of artifacts you control"),
 * `AllBut` (the occurrence's amount less the value, at least 0 — "all but 1 of that damage"),
 * `Half` (rounded `up` or `down`), and `Arith` (`plus`, `minus`, `times`, `min`, `max` of one or
 * more values), and `InEvent` (the total amount of the *other* occurrences of the event being
 * resolved that are of `family` and happen to the same subject as the occurrence — "the life
 * this player gains in the same event", MTG CR 120.4c: the results of one damage event happen
 * together, so Worship reads the life loss and the life gain of the batch at once). They nest; a counter count is a property (each ruleset names its counters'
 * properties). {@link explain} says how a value was obtained, for the trace.
 *
 * @example
 * ```ts
 * import { Filter } from "@bulwark/core"
 * // "your life total minus 1" (CR 120.4 Worship)
 * const v: Filter.Value = { _tag: "PropOf", of: "subject", prop: "life", offset: -1 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Value =
  | number
  | {
      readonly _tag: "PropOf"
      readonly of: "subject" | "source" | "self"
      readonly prop: string
      readonly offset?: number
    }
  | { readonly _tag: "Amount" }
  | { readonly _tag: "Named"; readonly name: string; readonly args?: Readonly<Record<string, GameView.Prop>> }
  | { readonly _tag: "Count"; readonly filter: Filter }
  | { readonly _tag: "AllBut"; readonly value: Value }
  | { readonly _tag: "Half"; readonly of: Value; readonly round: "up" | "down" }
  | { readonly _tag: "Arith"; readonly op: ArithOp; readonly values: ReadonlyArray<Value> }
  | { readonly _tag: "InEvent"; readonly family: string }

/**
 * How an `Arith` {@link Value} combines its values: `plus` (sum), `minus` (the first less the
 * others), `times` (product), `min`, `max`.
 *
 * @example
 * ```ts
 * import { Filter } from "@bulwark/core"
 * const v: Filter.Value = { _tag: "Arith", op: "min", values: [{ _tag: "Amount" }, 3] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type ArithOp = "plus" | "minus" | "times" | "min" | "max"

const suspendValue = Schema.suspend((): Schema.Codec<Value> => Value)

/**
 * Schema of {@link Value}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Filter } from "@bulwark/core"
 * Schema.is(Filter.Value)(2) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Value: Schema.Codec<Value> = Schema.Union([
  Amount.BoundedSchema,
  Schema.TaggedStruct("PropOf", {
    of: Schema.Literals(["subject", "source", "self"]),
    prop: Schema.NonEmptyString,
    offset: Schema.optionalKey(Amount.BoundedSchema)
  }),
  Schema.TaggedStruct("Amount", {}),
  Schema.TaggedStruct("Named", {
    name: Schema.NonEmptyString,
    args: Schema.optionalKey(Schema.Record(Schema.String, GameView.Prop))
  }),
  Schema.TaggedStruct("Count", { filter: Filter }),
  Schema.TaggedStruct("AllBut", { value: suspendValue }),
  Schema.TaggedStruct("Half", { of: suspendValue, round: Schema.Literals(["up", "down"]) }),
  Schema.TaggedStruct("Arith", {
    op: Schema.Literals(["plus", "minus", "times", "min", "max"]),
    values: Schema.Array(suspendValue).check(Schema.isMinLength(1))
  }),
  Schema.TaggedStruct("InEvent", { family: Schema.NonEmptyString })
])

/**
 * A condition on the whole game: something exists, an occurrence's amount compares with a value,
 * a filter holds of the occurrence's subject or source or of the effect's own source (`Test`,
 * which can call a ruleset's named predicate that reads the whole batch); combined with `All`,
 * `AnyOf` and `Not`.
 *
 * @example
 * ```ts
 * import { Filter } from "@bulwark/core"
 * // "if you control a creature"
 * const c: Filter.Condition = {
 *   _tag: "Exists", filter: { _tag: "And", all: [
 *     { _tag: "Prop", prop: "types", op: "has", value: "Creature" },
 *     { _tag: "ControlledBy", player: { _tag: "You" } },
 *     { _tag: "InZone", zones: ["battlefield"] }
 *   ] }
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Condition =
  | { readonly _tag: "Exists"; readonly filter: Filter }
  | { readonly _tag: "AmountIs"; readonly op: Comparison; readonly value: Value }
  | { readonly _tag: "Test"; readonly on: "subject" | "source" | "self"; readonly filter: Filter }
  | { readonly _tag: "All"; readonly all: ReadonlyArray<Condition> }
  | { readonly _tag: "AnyOf"; readonly any: ReadonlyArray<Condition> }
  | { readonly _tag: "Not"; readonly condition: Condition }

const suspendCondition = Schema.suspend((): Schema.Codec<Condition> => Condition)

/**
 * Schema of {@link Condition}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Filter } from "@bulwark/core"
 * Schema.is(Filter.Condition)({ _tag: "AmountIs", op: "gte", value: 1 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Condition: Schema.Codec<Condition> = Schema.Union([
  Schema.TaggedStruct("Exists", { filter: Filter }),
  Schema.TaggedStruct("AmountIs", { op: Comparison, value: Value }),
  Schema.TaggedStruct("Test", { on: Schema.Literals(["subject", "source", "self"]), filter: Filter }),
  Schema.TaggedStruct("All", { all: Schema.Array(suspendCondition) }),
  Schema.TaggedStruct("AnyOf", { any: Schema.Array(suspendCondition) }),
  Schema.TaggedStruct("Not", { condition: suspendCondition })
])

/**
 * The condition "you have at least this much of each": the effect's controller is a player whose
 * number properties are each at least the amount given (a cost's resources: FaB's `resources`,
 * Riftbound's `energy` and `power`). An amount of 0 or less asks nothing of that property.
 *
 * @example
 * ```ts
 * import { Filter, GameView } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "a", kind: "player", props: { energy: 2 } }] })
 * Filter.holds(Filter.youHaveAtLeast({ energy: 2 }), { view, controller: "a", predicates: {} }) // true
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const youHaveAtLeast = (amounts: Readonly<Record<string, number>>): Condition => ({
  _tag: "Exists",
  filter: {
    _tag: "And",
    all: [
      { _tag: "IsPlayer" },
      { _tag: "ControlledBy", player: { _tag: "You" } },
      ...Object.entries(amounts)
        .filter(([, n]) => n > 0)
        .map(([prop, n]): Filter => ({ _tag: "Prop", prop, op: "gte", value: n }))
    ]
  }
})

/**
 * A ruleset's named predicate: `(view, id, context, args) => boolean`. It may read anything in
 * the view; it must not mutate it. If it throws, the resolution fails with a typed
 * `PredicateFailed` error and nothing is changed.
 *
 * @example
 * ```ts
 * import { Filter, GameView } from "@bulwark/core"
 * const isRed: Filter.Predicate = (view, id) => {
 *   const colors = GameView.get(view, id)?.props["colors"]
 *   return Array.isArray(colors) && colors.includes("red")
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Predicate = (
  view: GameView.GameView,
  id: string,
  context: Context,
  args: Readonly<Record<string, GameView.Prop>>
) => boolean

/**
 * Named predicates by name.
 *
 * @example
 * ```ts
 * import type { Filter } from "@bulwark/core"
 * const predicates: Filter.Predicates = { always: () => true }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Predicates = Readonly<Record<string, Predicate>>

/**
 * A ruleset's named value: `(context, args) => number`, referred to from effects by name
 * (`{ _tag: "Named", name }`) so they stay serialisable. It may read the view, the occurrence and
 * the batch; if it throws, the resolution fails with a typed `PredicateFailed` error.
 *
 * @example
 * ```ts
 * import type { Filter } from "@bulwark/core"
 * const half: Filter.NamedValue = (ctx) => Math.floor((ctx.occurrence?.amount ?? 0) / 2)
 * ```
 * @since 0.1.0
 * @category model
 */
export type NamedValue = (context: Context, args: Readonly<Record<string, GameView.Prop>>) => number

/**
 * Named values by name.
 *
 * @example
 * ```ts
 * import type { Filter } from "@bulwark/core"
 * const values: Filter.NamedValues = { three: () => 3 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type NamedValues = Readonly<Record<string, NamedValue>>

/**
 * What a filter is evaluated relative to: the view, the effect's controller and source, and the
 * occurrence being looked at (for values such as "the subject's life").
 *
 * @example
 * ```ts
 * import { Filter, GameView } from "@bulwark/core"
 * const ctx: Filter.Context = {
 *   view: GameView.make({ players: ["a"], activePlayer: "a" }), controller: "a", predicates: {}
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Context {
  readonly view: GameView.GameView
  readonly controller: string
  readonly self?: string | undefined
  readonly occurrence?: GameEvent.Occurrence | undefined
  /** The other occurrences of the event being resolved (for tests on the whole batch). */
  readonly batch?: ReadonlyArray<GameEvent.Occurrence> | undefined
  readonly predicates: Predicates
  /** The ruleset's named values. */
  readonly values?: NamedValues | undefined
  /**
   * The ruleset's zones (`Policy.Rules.zones`): `ControlledBy` matches only what has a controller
   * where it is (MTG 108.4, FaB 1.3.1b). Absent: every zone gives control.
   */
  readonly zones?: Zones.Zones | undefined
}

/**
 * Raised (as a JavaScript exception, caught by the resolver and turned into a typed error) when a
 * filter names a predicate, or a value names a named value, that the ruleset does not have.
 *
 * @example
 * ```ts
 * import { Filter } from "@bulwark/core"
 * const e = new Filter.UnknownPredicate("nope")
 * e.message // "unknown named predicate or value \"nope\""
 * ```
 * @since 0.1.0
 * @category errors
 */
export class UnknownPredicate extends Error {
  /** The predicate name that was not found. */
  readonly predicate: string
  constructor(predicate: string) {
    super(`unknown named predicate or value ${JSON.stringify(predicate)}`)
    this.predicate = predicate
  }
}

/**
 * The players a {@link PlayerRef} names in a context: `You` the effect's controller, `Opponent`
 * every other player, `Active` the active player, `Player` that one — as `ControlledBy` and
 * `OwnedBy` read them.
 *
 * @example
 * ```ts
 * import { Filter, GameView } from "@bulwark/core"
 * const view = GameView.make({ players: ["a", "b", "c"], activePlayer: "b", objects: [] })
 * Filter.players({ _tag: "Opponent" }, { view, controller: "a", predicates: {} }) // ["b", "c"]
 * ```
 * @since 0.1.0
 * @category evaluation
 */
export const players = (ref: PlayerRef, ctx: Context): ReadonlyArray<string> => {
  switch (ref._tag) {
    case "You":
      return [ctx.controller]
    case "Active":
      return [ctx.view.activePlayer]
    case "Player":
      return [ref.id]
    case "Opponent":
      return ctx.view.players.filter((p) => p !== ctx.controller)
  }
}

/**
 * Compares two characteristic values. `has` on a list tests membership; on a string, equality.
 *
 * @example
 * ```ts
 * import { Filter } from "@bulwark/core"
 * Filter.compare(["red", "white"], "has", "red") // true
 * Filter.compare(2, "lte", 3) // true
 * Filter.compare("Arcanite Skullcap", "contains", "Arcanite") // true
 * ```
 * @since 0.1.0
 * @category evaluation
 */
export const compare = (
  actual: GameView.Prop | undefined,
  op: Comparison,
  expected: GameView.Prop | undefined
): boolean => {
  if (op === "exists") return actual !== undefined
  if (actual === undefined) return op === "ne"
  switch (op) {
    case "has":
      return Array.isArray(actual) ? actual.includes(expected as string) : actual === expected
    case "contains":
      return typeof actual === "string" && typeof expected === "string" && actual.includes(expected)
    case "eq":
      return Array.isArray(actual) && Array.isArray(expected)
        ? actual.length === expected.length && actual.every((x, i) => x === expected[i])
        : actual === expected
    case "ne":
      return !compare(actual, "eq", expected)
    case "lt":
      return typeof actual === "number" && typeof expected === "number" && actual < expected
    case "lte":
      return typeof actual === "number" && typeof expected === "number" && actual <= expected
    case "gt":
      return typeof actual === "number" && typeof expected === "number" && actual > expected
    case "gte":
      return typeof actual === "number" && typeof expected === "number" && actual >= expected
  }
}

/**
 * Evaluates a filter on an id. An id that is not in the view matches only `Any`, `Id` and
 * `Not`-wrapped tests. `ControlledBy` reads the context's `zones`: an object outside the
 * ruleset's control zones is controlled by no one (see `Zones.controllerOf`).
 *
 * @example
 * ```ts
 * import { Filter, GameView } from "@bulwark/core"
 * const view = GameView.make({
 *   players: ["alice"], activePlayer: "alice",
 *   objects: [{ id: "bear", kind: "object", controller: "alice", props: { colors: ["green"] } }]
 * })
 * const ctx = { view, controller: "alice", predicates: {} }
 * Filter.matches({ _tag: "ControlledBy", player: { _tag: "You" } }, "bear", ctx) // true
 * ```
 * @since 0.1.0
 * @category evaluation
 */
export const matches = (filter: Filter, id: string | undefined, ctx: Context): boolean => {
  switch (filter._tag) {
    case "Any":
      return true
    case "Id":
      return id !== undefined && filter.ids.includes(id)
    case "And":
      for (const f of filter.all) if (!matches(f, id, ctx)) return false
      return true
    case "Or":
      for (const f of filter.any) if (matches(f, id, ctx)) return true
      return false
    case "Not":
      return !matches(filter.filter, id, ctx)
    default:
      break
  }
  if (id === undefined) return false
  const o = GameView.get(ctx.view, id)
  switch (filter._tag) {
    case "IsPlayer":
      return o?.kind === "player"
    case "Prop":
      return o !== undefined && compare(o.props[filter.prop], filter.op, filter.value)
    case "ControlledBy": {
      // only what can have a controller where it is has one (the ruleset's control zones)
      const c = Zones.controllerOf(ctx.zones, ctx.view, id)
      return c !== undefined && players(filter.player, ctx).includes(c)
    }
    case "OwnedBy": {
      const owner = o?.kind === "player" ? o.id : o?.owner
      return owner !== undefined && players(filter.player, ctx).includes(owner)
    }
    case "InZone":
      return o?.zone !== undefined && filter.zones.includes(o.zone)
    case "Named": {
      const p = ctx.predicates[filter.name]
      if (p === undefined) throw new UnknownPredicate(filter.name)
      return p(ctx.view, id, ctx, filter.args ?? {})
    }
  }
}

/**
 * Computes a {@link Value}. A missing numeric property counts as 0.
 *
 * @example
 * ```ts
 * import { Filter, GameEvent, GameView } from "@bulwark/core"
 * const view = GameView.make({
 *   players: ["bob"], activePlayer: "bob",
 *   objects: [{ id: "bob", kind: "player", props: { life: 2 } }]
 * })
 * const occurrence = GameEvent.occurrence({ id: "l", family: "lifeLoss", subject: "bob", amount: 5 })
 * Filter.value({ _tag: "PropOf", of: "subject", prop: "life", offset: -1 }, { view, controller: "bob", predicates: {}, occurrence }) // 1
 * ```
 * @since 0.1.0
 * @category evaluation
 */
export const value = (v: Value, ctx: Context): number => {
  if (typeof v === "number") return v
  if (v._tag === "Amount") return ctx.occurrence?.amount ?? 0
  if (v._tag === "Named") {
    const f = ctx.values?.[v.name]
    if (f === undefined) throw new UnknownPredicate(v.name)
    const n = f(ctx, v.args ?? {})
    if (!Number.isFinite(n))
      throw new Error(`named value ${JSON.stringify(v.name)} gave ${n}, not a finite number`)
    return n
  }
  if (v._tag === "PropOf") {
    const id =
      v.of === "subject" ? ctx.occurrence?.subject : v.of === "source" ? ctx.occurrence?.source : ctx.self
    const raw = id === undefined ? undefined : GameView.get(ctx.view, id)?.props[v.prop]
    return (typeof raw === "number" ? raw : 0) + (v.offset ?? 0)
  }
  return explained(v, ctx, false).value
}

const ofWords = { subject: "the affected", source: "the source", self: "this effect's source" } as const

/** Says a filter in words, for the trace ("Artifact, controlled by you"). */
const describeFilter = (f: Filter): string => {
  switch (f._tag) {
    case "Any":
      return "anything"
    case "Id":
      return f.ids.join(" or ")
    case "IsPlayer":
      return "a player"
    case "Prop":
      return f.op === "has"
        ? String(f.value)
        : f.op === "exists"
          ? `with ${f.prop}`
          : `${f.prop} ${f.op} ${JSON.stringify(f.value)}`
    case "ControlledBy":
      return `controlled by ${describePlayer(f.player)}`
    case "OwnedBy":
      return `owned by ${describePlayer(f.player)}`
    case "InZone":
      return `in ${f.zones.join(" or ")}`
    case "Named":
      return f.name
    case "And":
      // what the objects are before whose they are ("Artifact, controlled by you")
      return [...f.all.filter((x) => x._tag === "Prop"), ...f.all.filter((x) => x._tag !== "Prop")]
        .map(describeFilter)
        .join(", ")
    case "Or":
      return f.any.map(describeFilter).join(" or ")
    case "Not":
      return `not (${describeFilter(f.filter)})`
  }
}

const describePlayer = (p: PlayerRef): string =>
  p._tag === "You"
    ? "you"
    : p._tag === "Opponent"
      ? "an opponent"
      : p._tag === "Active"
        ? "the active player"
        : p.id

const arithWords: Record<ArithOp, string> = {
  plus: "plus",
  minus: "minus",
  times: "times",
  min: "the least of",
  max: "the greatest of"
}

const explained = (
  v: Value,
  ctx: Context,
  words: boolean
): { readonly value: number; readonly how: string } => {
  if (typeof v === "number") return { value: v, how: words ? String(v) : "" }
  switch (v._tag) {
    case "Amount": {
      const n = ctx.occurrence?.amount ?? 0
      return { value: n, how: words ? `the event's amount ${n}` : "" }
    }
    case "PropOf":
    case "Named": {
      const n = value(v, ctx)
      if (!words) return { value: n, how: "" }
      const off =
        v._tag === "PropOf" && v.offset !== undefined
          ? v.offset < 0
            ? ` − ${-v.offset}`
            : ` + ${v.offset}`
          : ""
      return {
        value: n,
        how: v._tag === "PropOf" ? `${n} (${v.prop} of ${ofWords[v.of]}${off})` : `${n} (${v.name})`
      }
    }
    case "Count": {
      let n = 0
      for (const id in ctx.view.objects) if (matches(v.filter, id, ctx)) n++
      return { value: n, how: words ? `${n} (number of objects: ${describeFilter(v.filter)})` : "" }
    }
    case "AllBut": {
      const all = ctx.occurrence?.amount ?? 0
      const but = explained(v.value, ctx, words)
      const n = Math.max(0, all - but.value)
      return { value: n, how: words ? `all but ${but.how} of ${all} = ${n}` : "" }
    }
    case "InEvent": {
      const occ = ctx.occurrence
      let n = 0
      if (occ !== undefined)
        for (const o of ctx.batch ?? [])
          if (o.id !== occ.id && o.family === v.family && o.subject === occ.subject) n += o.amount
      return { value: n, how: words ? `${n} (${v.family} of the same subject in this event)` : "" }
    }
    case "Half": {
      const of = explained(v.of, ctx, words)
      const n = v.round === "up" ? Math.ceil(of.value / 2) : Math.floor(of.value / 2)
      return { value: n, how: words ? `half of ${of.how} rounded ${v.round} = ${n}` : "" }
    }
    case "Arith": {
      const parts = v.values.map((x) => explained(x, ctx, words))
      const ns = parts.map((p) => p.value)
      const n =
        v.op === "plus"
          ? ns.reduce((a, b) => a + b, 0)
          : v.op === "minus"
            ? ns.slice(1).reduce((a, b) => a - b, ns[0] as number)
            : v.op === "times"
              ? ns.reduce((a, b) => a * b, 1)
              : v.op === "min"
                ? Math.min(...ns)
                : Math.max(...ns)
      if (!words) return { value: n, how: "" }
      const how =
        v.op === "min" || v.op === "max"
          ? `${arithWords[v.op]} (${parts.map((p) => p.how).join(", ")}) = ${n}`
          : `${parts.map((p) => p.how).join(` ${arithWords[v.op]} `)} = ${n}`
      return { value: n, how }
    }
  }
}

/**
 * Computes a {@link Value} and says how it was obtained, for a trace: `2 (number of objects:
 * Artifact, controlled by you)`, `half of the event's amount 5 rounded down = 2`. The number is
 * the one {@link value} gives.
 *
 * @example
 * ```ts
 * import { Filter, GameEvent, GameView } from "@bulwark/core"
 * const view = GameView.make({ players: ["bob"], activePlayer: "bob" })
 * const occurrence = GameEvent.occurrence({ id: "d", family: "damage", subject: "bob", amount: 5 })
 * Filter.explain({ _tag: "Half", of: { _tag: "Amount" }, round: "down" }, { view, controller: "bob", predicates: {}, occurrence })
 * // { value: 2, how: "half of the event's amount 5 rounded down = 2" }
 * ```
 * @since 0.1.0
 * @category evaluation
 */
export const explain = (v: Value, ctx: Context): { readonly value: number; readonly how: string } =>
  explained(v, ctx, true)

/**
 * Evaluates a {@link Condition}.
 *
 * @example
 * ```ts
 * import { Filter, GameView } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * Filter.holds({ _tag: "Exists", filter: { _tag: "IsPlayer" } }, { view, controller: "a", predicates: {} }) // true
 * ```
 * @since 0.1.0
 * @category evaluation
 */
export const holds = (c: Condition, ctx: Context): boolean => {
  switch (c._tag) {
    case "Exists":
      for (const id in ctx.view.objects) if (matches(c.filter, id, ctx)) return true
      return false
    case "AmountIs":
      return compare(ctx.occurrence?.amount ?? 0, c.op, value(c.value, ctx))
    case "Test":
      return matches(
        c.filter,
        c.on === "subject" ? ctx.occurrence?.subject : c.on === "source" ? ctx.occurrence?.source : ctx.self,
        ctx
      )
    case "All":
      return c.all.every((x) => holds(x, ctx))
    case "AnyOf":
      return c.any.some((x) => holds(x, ctx))
    case "Not":
      return !holds(c.condition, ctx)
  }
}
