/**
 * The ledger: the active effects and their state, immutable.
 *
 * A shield's remainder, how many times an effect was used since its limit last reset, and
 * whether it is used up live here, never in the effect values and never mutated in place.
 * Resolving returns a new ledger; a failed resolution returns none, so the caller's ledger is
 * untouched. Time boundaries ({@link advance}) end effects and reset per-combat / per-turn
 * amounts.
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import * as Amount from "./Amount.js"
import * as Errors from "./Errors.js"
import * as Replacement from "./Replacement.js"

/**
 * Schema of one effect's state.
 *
 * - `remaining`: a shield's amount left (absent for other effects);
 * - `uses`: applications since the effect's limit last reset;
 * - `spent`: used up (a shield at 0, a `once` prevention that applied): it is gone and never
 *   applies again.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const s: Ledger.EffectState = { remaining: 2, uses: 1, spent: false }
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EffectState = Schema.Struct({
  remaining: Schema.optionalKey(Amount.Schema),
  uses: Amount.Schema,
  spent: Schema.Boolean
})

/**
 * See the {@link EffectState} schema.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const fresh: Ledger.EffectState = { uses: 0, spent: false }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface EffectState extends Schema.Schema.Type<typeof EffectState> {}

/**
 * Schema of a ledger: the effects (in the order they were created) and their states by id.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Ledger } from "@bulwark/core"
 * Schema.is(Ledger.Ledger)({ effects: [], state: {} }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Ledger = Schema.Struct({
  effects: Schema.Array(Replacement.Replacement),
  state: Schema.Record(Schema.String, EffectState)
})

/**
 * The immutable ledger. See the {@link Ledger} schema.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const empty: Ledger.Ledger = Ledger.empty
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Ledger extends Schema.Schema.Type<typeof Ledger> {}

/**
 * The ledger with no effects.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * Ledger.empty.effects.length // 0
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const empty: Ledger = { effects: [], state: {} }

/**
 * The initial state of an effect: a shield, and a redirection of "the next N damage", starts
 * with its full amount.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * Ledger.initialState({
 *   id: "s", label: "", controller: "a", category: "prevention", watch: { family: "damage" },
 *   action: { _tag: "Prevent", amount: 3, scope: "shield" }
 * }) // { remaining: 3, uses: 0, spent: false }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const initialState = (effect: Replacement.Replacement): EffectState =>
  effect.action._tag === "Prevent" &&
  effect.action.scope === "shield" &&
  typeof effect.action.amount === "number"
    ? { remaining: effect.action.amount, uses: 0, spent: false }
    : effect.action._tag === "Redirect" && typeof effect.action.amount === "number"
      ? { remaining: effect.action.amount, uses: 0, spent: false }
      : { uses: 0, spent: false }

/**
 * Validates effects for a ledger: unique ids and {@link Replacement.problems}. Returns the first
 * problem as a typed error, or `undefined`.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const e = { id: "x", label: "", controller: "a", category: "standard", watch: { family: "damage" },
 *   action: { _tag: "Modify", op: "add", value: 1 } } as const
 * Ledger.validate([e, e])?._tag // "InvalidEffect" (duplicate id)
 * ```
 * @since 0.1.0
 * @category validation
 */
export const validate = (
  effects: ReadonlyArray<Replacement.Replacement>,
  existing: ReadonlyArray<Replacement.Replacement> = []
): Errors.InvalidEffect | undefined => {
  const seen = new Set(existing.map((e) => e.id))
  for (const e of effects) {
    if (seen.has(e.id))
      return new Errors.InvalidEffect({ effect: e.id, path: "id", reason: "duplicate effect id" })
    seen.add(e.id)
    const p = Replacement.problems(e)[0]
    if (p !== undefined) return new Errors.InvalidEffect({ effect: e.id, path: p[0], reason: p[1] })
  }
  return undefined
}

/**
 * Builds a ledger from effects, each in its initial state. Throws the typed
 * {@link Errors.InvalidEffect} on a duplicate id or an invalid effect; use {@link validate}
 * first to get the error as a value.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const ledger = Ledger.make([{
 *   id: "shield", label: "Prevent the next 3", controller: "bob", category: "prevention",
 *   watch: { family: "damage" }, action: { _tag: "Prevent", amount: 3, scope: "shield" }
 * }])
 * Ledger.remaining(ledger, "shield") // 3
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const make = (effects: ReadonlyArray<Replacement.Replacement>): Ledger => {
  const err = validate(effects)
  if (err !== undefined) throw err
  const state: Record<string, EffectState> = {}
  for (const e of effects) state[e.id] = initialState(e)
  return { effects: [...effects], state }
}

/**
 * Returns a new ledger with more effects (in their initial state).
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const l = Ledger.add(Ledger.empty, [{
 *   id: "d", label: "", controller: "a", category: "standard", watch: { family: "damage" },
 *   action: { _tag: "Modify", op: "mul", value: 2 }
 * }])
 * l.effects.length // 1
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const add = (ledger: Ledger, effects: ReadonlyArray<Replacement.Replacement>): Ledger => {
  const err = validate(effects, ledger.effects)
  if (err !== undefined) throw err
  const state: Record<string, EffectState> = { ...ledger.state }
  for (const e of effects) state[e.id] = initialState(e)
  return { effects: [...ledger.effects, ...effects], state }
}

/**
 * Returns a new ledger without the named effects.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * Ledger.remove(Ledger.empty, ["nothing"]).effects.length // 0
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const remove = (ledger: Ledger, ids: ReadonlyArray<string>): Ledger => {
  const drop = new Set(ids)
  const state: Record<string, EffectState> = {}
  for (const [k, v] of Object.entries(ledger.state)) if (!drop.has(k)) state[k] = v
  return { effects: ledger.effects.filter((e) => !drop.has(e.id)), state }
}

/** States changed on top of a base record (see {@link withStates}). */
interface Layer {
  readonly base: Readonly<Record<string, EffectState>>
  readonly changes: ReadonlyMap<string, EffectState>
}

/**
 * Where a layered ledger keeps its layer: a non-enumerable symbol property (JSON, Schema and
 * equality never see it). Reading it from a plain ledger is a fast miss, cheaper than a WeakMap.
 */
const LAYER: unique symbol = Symbol("bulwark/ledger-layer")

const layerOf = (ledger: Ledger): Layer | undefined => (ledger as { readonly [LAYER]?: Layer })[LAYER]

/** Up to this many effects, {@link withStates} copies the record instead of layering. */
const SMALL = 32

/**
 * {@link withStates} for one changed effect (what most resolutions change): the same ledger,
 * without a map of the one change.
 *
 * @internal
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const l0 = Ledger.make([{ id: "s", label: "Prevent the next 3", controller: "a", category: "prevention",
 *   watch: { family: "damage" }, action: { _tag: "Prevent", amount: 3, scope: "shield" } }])
 * Ledger.remaining(Ledger.withState(l0, "s", { remaining: 1, uses: 1, spent: false }), "s") // 1
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const withState = (ledger: Ledger, id: string, st: EffectState): Ledger => {
  if (ledger.effects.length <= 8 && layerOf(ledger) === undefined) {
    // a record this small is not a dictionary: its spread is one fast copy
    const state: Record<string, EffectState> = { ...ledger.state }
    state[id] = st
    return { effects: ledger.effects, state }
  }
  return withStates(ledger, new Map([[id, st]]))
}

/**
 * A ledger with some effects' states replaced, built in time proportional to the changes, not
 * to the ledger: its `state` record (an ordinary enumerable property, so JSON, Schema and
 * `Object.entries` see it) is built on first read, and {@link stateOf}, {@link remaining},
 * {@link isSpent} and the kernel read through the changes without building it. This is how a
 * resolution returns its ledger, so one resolution in a game with thousands of effects does not
 * copy thousands of states (a ledger of up to 32 effects is simply copied). Successive layers are merged while their changes stay small next to
 * the ledger (at most an eighth of its effects, or 64), so a lookup is one map and one record.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const l0 = Ledger.make([{ id: "s", label: "Prevent the next 3", controller: "a", category: "prevention",
 *   watch: { family: "damage" }, action: { _tag: "Prevent", amount: 3, scope: "shield" } }])
 * const l1 = Ledger.withStates(l0, new Map([["s", { remaining: 1, uses: 1, spent: false }]]))
 * Ledger.remaining(l1, "s") // 1
 * l1.state["s"]?.remaining // 1
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const withStates = (ledger: Ledger, changes: ReadonlyMap<string, EffectState>): Ledger =>
  layered(ledger, changes, false)

/**
 * {@link withStates} with a map of changes the caller gives up (the kernel's, at the end of a
 * resolution): a layered ledger keeps it as its layer instead of copying it (a board wipe's
 * 3 000 changes were copied once more at the end of every resolution).
 *
 * @internal
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * Ledger.withOwnedStates(Ledger.empty, new Map()) === Ledger.empty // true
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const withOwnedStates = (ledger: Ledger, changes: Map<string, EffectState>): Ledger =>
  layered(ledger, changes, true)

const layered = (ledger: Ledger, changes: ReadonlyMap<string, EffectState>, owned: boolean): Ledger => {
  if (changes.size === 0) return ledger
  const below = layerOf(ledger)
  if (below === undefined && ledger.effects.length <= SMALL) {
    // a small record is copied at once: cheaper than a layer to build and to read. Copied key
    // by key with the changes merged in, not spread and then written: a record of more than a
    // dozen effects is a dictionary in V8, and spreading one (then writing into the copy) took
    // about 12 µs for 30 effects, this about 2 µs. The keys keep their order (the base's, then
    // changed effects the base has no state for, in the order of the changes).
    const base = ledger.state
    if (ledger.effects.length <= 8) {
      // a record this small is not a dictionary: its spread is one fast copy
      const state: Record<string, EffectState> = { ...base }
      for (const [k, v] of changes) state[k] = v
      return { effects: ledger.effects, state }
    }
    const state: Record<string, EffectState> = {}
    const keys = Object.keys(base)
    let merged = 0
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string
      const c = changes.get(k)
      if (c === undefined) state[k] = base[k] as EffectState
      else {
        state[k] = c
        merged++
      }
    }
    if (merged < changes.size) for (const [k, v] of changes) if (!Object.hasOwn(base, k)) state[k] = v
    return { effects: ledger.effects, state }
  }
  let base: Readonly<Record<string, EffectState>>
  let merged: Map<string, EffectState>
  if (below !== undefined && below.changes.size + changes.size <= Math.max(64, ledger.effects.length / 8)) {
    base = below.base
    merged = new Map(below.changes)
    for (const [k, v] of changes) merged.set(k, v)
  } else {
    base = ledger.state
    merged = owned ? (changes as Map<string, EffectState>) : new Map(changes)
  }
  let built: Record<string, EffectState> | undefined
  const out = { effects: ledger.effects } as { effects: Ledger["effects"]; state: Ledger["state"] }
  Object.defineProperty(out, "state", {
    enumerable: true,
    configurable: false,
    get: () => {
      if (built === undefined) {
        const state: Record<string, EffectState> = {}
        for (const k in base) if (Object.hasOwn(base, k)) state[k] = base[k] as EffectState
        for (const [k, v] of merged) state[k] = v
        built = state
      }
      return built
    }
  })
  Object.defineProperty(out, LAYER, { value: { base, changes: merged }, enumerable: false })
  return out
}

/**
 * The state of an effect (its initial state if the ledger has none recorded).
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * Ledger.stateOf(Ledger.empty, "x") // undefined
 * ```
 * @since 0.1.0
 * @category getters
 */
export const stateOf = (ledger: Ledger, id: string): EffectState | undefined => {
  const layer = layerOf(ledger)
  const s =
    layer !== undefined
      ? (layer.changes.get(id) ?? (Object.hasOwn(layer.base, id) ? layer.base[id] : undefined))
      : Object.hasOwn(ledger.state, id)
        ? ledger.state[id]
        : undefined
  if (s !== undefined) return s
  const e = ledger.effects.find((x) => x.id === id)
  return e === undefined ? undefined : initialState(e)
}

/**
 * A shield's remaining amount, or `undefined` for effects that have none.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * Ledger.remaining(Ledger.empty, "x") // undefined
 * ```
 * @since 0.1.0
 * @category getters
 */
export const remaining = (ledger: Ledger, id: string): number | undefined => stateOf(ledger, id)?.remaining

/**
 * Whether an effect is used up (gone).
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * Ledger.isSpent(Ledger.empty, "x") // false
 * ```
 * @since 0.1.0
 * @category getters
 */
export const isSpent = (ledger: Ledger, id: string): boolean => stateOf(ledger, id)?.spent ?? false

/**
 * Crosses a time boundary ("endOfCombat", "endOfTurn", "startOfPhase:main", … — names are the
 * ruleset's): effects whose `duration.until` is that boundary are removed; shields whose
 * `resetsAt` is that boundary get their full amount back and are no longer used up; use counts
 * whose `limit.resetsAt` is that boundary go back to 0.
 *
 * @example
 * ```ts
 * import { Ledger } from "@bulwark/core"
 * const l0 = Ledger.make([{
 *   id: "s", label: "Prevent the first 3 damage each combat", controller: "a", category: "prevention",
 *   watch: { family: "damage" }, action: { _tag: "Prevent", amount: 3, scope: "shield" },
 *   resetsAt: "endOfCombat"
 * }])
 * const spent = { ...l0, state: { s: { remaining: 0, uses: 1, spent: true } } }
 * Ledger.remaining(Ledger.advance(spent, "endOfCombat"), "s") // 3
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const advance = (ledger: Ledger, boundary: string): Ledger => {
  const effects: Array<Replacement.Replacement> = []
  const state: Record<string, EffectState> = {}
  for (const e of ledger.effects) {
    if (e.duration?.until === boundary) continue
    effects.push(e)
    let s = stateOf(ledger, e.id) ?? initialState(e)
    if (e.resetsAt === boundary) s = { ...initialState(e), uses: s.uses }
    if (e.limit?.resetsAt === boundary) s = { ...s, uses: 0 }
    state[e.id] = s
  }
  return { effects, state }
}
