/**
 * The minimum lethal input of a unit in closed form (465.2.c.4.a), for the common shape: the
 * replacement effects that would apply to the damage assigned to it are plain amount changes —
 * prevent N (a shield's remainder, a static "prevent N of each", a "prevent N of the next"),
 * Prevent All, add N, subtract N, multiply by a whole k, Bonus Damage (summed and applied first,
 * 714, 437.1.a.1) — and its controller orders them (372) with the default chooser (best for
 * them). Then the damage dealt for an input `x > 0` is known without a resolution:
 *
 * - with `a = x + B` (the Bonus Damage included first), `T` the sum of the subtractions, `K` the
 *   product of the multipliers and `P` the sum of the additions, the least dealt over every order
 *   is `0` if `a ≤ T` (subtract first), else `(a − T)·K + P` (subtract, multiply, add last: the
 *   exchange argument behind core `Chooser`'s structured shape, which the controller's chooser
 *   uses and certifies against the ordering policy);
 * - a Prevent All (or × 0) makes it 0 for every input;
 * - an input of 0 deals nothing (what is reduced to 0 does not happen).
 *
 * Every step is non-decreasing in `x`, so lethality is monotone and the least lethal input is a
 * division, not a search. Anything else (a condition, a cost, a "may", a redirect, a replacement
 * by other events, a source filter that could match a sourceless assignment, a use limit, a
 * declared order, another chooser or rules, a prevention decrease, an input bound) is
 * `undefined` here and {@link Combat.minimumLethalInput} resolves as before.
 *
 * The shape of each unit is read once per (ledger, view) pair and remembered (both are immutable
 * values), so validating or solving many assignments on one board reads each unit's effects once.
 * Internal (not exported by the package): its examples are `text`, not type-checked snippets.
 *
 * @internal
 * @since 0.1.0
 */
import { GameEvent, type GameView, Identity, Kernel, Ledger, type Replacement, Zones } from "@bulwark/core"
import * as Rules from "./Rules.js"

/**
 * One unit's effects on its assigned damage, reduced to the closed form's constants.
 *
 * @internal
 * @example
 * ```text
 * const c: Chain = { bonus: 0, subs: 2, prevents: 2, product: 2, adds: 1, zero: undefined, bounded: true }
 * ```
 * @since 0.1.0
 */
export interface Chain {
  /** Bonus Damage, summed and included before anything else (714, 437.1.a.1). */
  readonly bonus: number
  /** Every subtraction: prevent N (each one's amount left) and subtract N. */
  readonly subs: number
  /** The part of `subs` that is prevention (counted as prevented, 437.5.a). */
  readonly prevents: number
  /** The product of the whole multipliers (≥ 2 each). */
  readonly product: number
  /** The sum of the additions. */
  readonly adds: number
  /** The one effect that makes the damage 0 for every input (Prevent All, × 0), if any. */
  readonly zero: { readonly id: string; readonly preventAll: boolean } | undefined
  /**
   * Every subtraction is a prevention or a `sub` (no `add` of a negative amount): the search's
   * bound, above every finite prevention and `sub` in the ledger, is then above the least input.
   */
  readonly bounded: boolean
}

/**
 * The least damage dealt for an input over the controller's orders (see the module docs).
 *
 * @internal
 * @example
 * ```text
 * dealtFor({ bonus: 0, subs: 2, prevents: 2, product: 2, adds: 1, zero: undefined, bounded: true }, 3) // 3
 * ```
 * @since 0.1.0
 */
export const dealtFor = (c: Chain, x: number): number => {
  if (x <= 0 || c.zero !== undefined) return 0
  const a = x + c.bonus
  return a <= c.subs ? 0 : (a - c.subs) * c.product + c.adds
}

/**
 * The least input whose dealt damage is at least `need` (≥ 1), with no zero effect.
 *
 * @internal
 * @example
 * ```text
 * leastInputFor({ bonus: 0, subs: 2, prevents: 2, product: 2, adds: 1, zero: undefined, bounded: true }, 5) // 4
 * ```
 * @since 0.1.0
 */
export const leastInputFor = (c: Chain, need: number): number => {
  // (x + B − T)·K + P ≥ need with x + B − T ≥ 1 and x ≥ 1
  const over = Math.max(1, Math.ceil((need - c.adds) / c.product))
  return Math.max(1, c.subs - c.bonus + over)
}

/** Not in the closed form's shape: resolve instead. */
const FALLBACK = null

const kindsMatch = (w: Replacement.Watch, kinds: ReadonlyArray<string>): boolean => {
  const k = w.kinds
  if (k === undefined) return true
  if (k.anyOf !== undefined && !k.anyOf.some((x) => kinds.includes(x))) return false
  if (k.allOf !== undefined && !k.allOf.every((x) => kinds.includes(x))) return false
  return k.noneOf?.some((x) => kinds.includes(x)) !== true
}

const ASSIGNMENT_KINDS: ReadonlyArray<string> = [Rules.Kind.combat, Rules.Kind.assignment]

/** Filters that can't match an occurrence with no source (every one but these combinators). */
const SOURCE_FILTERS_MATCHING_NOTHING = new Set([
  "Id",
  "IsPlayer",
  "Prop",
  "ControlledBy",
  "OwnedBy",
  "InZone",
  "Named"
])

/** One unit's chain read from the ledger, or `null` when the closed form does not apply. */
const readChain = (ledger: Ledger.Ledger, view: GameView.GameView, unit: string): Chain | null => {
  const o = view.objects[unit]
  if (o === undefined || !Object.hasOwn(view.objects, unit)) return FALLBACK
  // a unit off the board is dealt nothing (141.1.b.2): the kernel says so, not the arithmetic
  if (!Zones.isInPlay(Rules.zones, o)) return FALLBACK
  // the controller's order declared in advance (372) is followed as the policy says: resolve
  if (Array.isArray(o.props.order)) return FALLBACK
  // the chooser for the unit must be its controller, whose best order the closed form is
  const controller = o.controller ?? o.owner
  if (controller === undefined || Rules.order.chooserOf?.(unit, view) !== controller) return FALLBACK
  // the input the kernel would refuse (an effect naming a player not in the game, …) is resolved,
  // so its typed error comes back as before
  const probe = GameEvent.make("preview", [
    GameEvent.occurrence({
      id: `assign:${unit}`,
      family: GameEvent.DAMAGE,
      subject: unit,
      amount: 1,
      kinds: ASSIGNMENT_KINDS
    })
  ])
  if (Kernel.validate(probe, ledger, view) !== undefined) return FALLBACK
  let bonus = 0
  let subs = 0
  let prevents = 0
  let product = 1
  let adds = 0
  let zero: Chain["zero"]
  let zeros = 0
  let bounded = true
  for (const e of ledger.effects) {
    const a = e.action
    if (a._tag === "ReducePrevention") return FALLBACK
    const w = e.watch
    if (w.family !== GameEvent.DAMAGE || !kindsMatch(w, ASSIGNMENT_KINDS)) continue
    if (w.subject !== undefined) {
      if (w.subject._tag !== "Id") return FALLBACK
      if (!w.subject.ids.includes(unit)) continue
    }
    if (w.source !== undefined) {
      if (SOURCE_FILTERS_MATCHING_NOTHING.has(w.source._tag)) continue
      return FALLBACK
    }
    if (w.params !== undefined && Object.keys(w.params).length > 0) return FALLBACK
    // 124: an effect aimed at the unit before it became a new object no longer applies to it
    if (e.sameObjects !== undefined && !Identity.stillSame(view, e.sameObjects, { subject: unit })) continue
    if (e.category === Rules.Category.deal) return FALLBACK
    // it applies to the assigned damage: only plain, unconditional amount changes are closed
    if (
      e.condition !== undefined ||
      e.costPayable !== undefined ||
      e.cost !== undefined ||
      e.additional !== undefined ||
      e.optional === true ||
      e.requiresSourceIn !== undefined ||
      e.requiresSourceInPlay === true ||
      e.limit !== undefined
    )
      return FALLBACK
    const st = Ledger.stateOf(ledger, e.id) ?? Ledger.initialState(e)
    if (st.spent) continue
    if (e.category === Rules.Category.bonus) {
      if (a._tag !== "Modify" || a.op !== "add" || typeof a.value !== "number") return FALLBACK
      if (!Number.isSafeInteger(a.value) || a.value < 0) return FALLBACK
      bonus += a.value
      continue
    }
    if (a._tag === "Prevent") {
      if (a.amount === "all") {
        zeros++
        zero = { id: e.id, preventAll: true }
        continue
      }
      const n = a.scope === "shield" ? (st.remaining ?? a.amount) : a.amount
      // an amount computed when the effect applies: the kernel evaluates it
      if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) return FALLBACK
      subs += n
      prevents += n
      continue
    }
    if (a._tag !== "Modify" || typeof a.value !== "number" || !Number.isSafeInteger(a.value)) return FALLBACK
    const v = a.value
    if (a.op === "add" || a.op === "sub") {
      const signed = a.op === "add" ? v : -v
      if (signed >= 0) adds += signed
      else {
        subs -= signed
        if (a.op === "add") bounded = false
      }
    } else if (a.op === "mul") {
      if (v < 0) return FALLBACK
      if (v === 0) {
        zeros++
        zero = { id: e.id, preventAll: false }
      } else product *= v
    } else return FALLBACK
  }
  // two effects that each make it 0: which one the rules name depends on the order taken
  if (zeros > 1) return FALLBACK
  if (!Number.isSafeInteger(bonus + subs + adds) || !Number.isSafeInteger(product) || product > 2 ** 26)
    return FALLBACK
  return { bonus, subs, prevents, product, adds, zero, bounded }
}

/**
 * What the assignment reads of one unit on a board, once per (ledger, view): its chain (or
 * `undefined`: resolve), Might, marked damage, who controls it, Tank and Backline.
 *
 * @internal
 * @example
 * ```text
 * const u: Unit = { chain: undefined, might: 3, marked: 0, controller: "B", tank: false, backline: false }
 * ```
 * @since 0.1.0
 */
export interface Unit {
  readonly chain: Chain | undefined
  readonly might: number
  readonly marked: number
  readonly controller: string
  readonly tank: boolean
  readonly backline: boolean
}

const units = new WeakMap<Ledger.Ledger, WeakMap<GameView.GameView, Map<string, Unit>>>()

/**
 * The unit as the assignment reads it on this board (read once per (ledger, view, unit) and
 * remembered: both are immutable values).
 *
 * @internal
 * @example
 * ```text
 * const c = unitOf(ledger, view, "U").chain
 * ```
 * @since 0.1.0
 */
export const unitOf = (ledger: Ledger.Ledger, view: GameView.GameView, unit: string): Unit =>
  unitIn(boardOf(ledger, view), ledger, view, unit)

/**
 * The units of one board read so far (see {@link unitOf}): look it up once, then each unit with
 * {@link unitIn}.
 *
 * @internal
 * @example
 * ```text
 * const board = boardOf(ledger, view)
 * ```
 * @since 0.1.0
 */
export const boardOf = (ledger: Ledger.Ledger, view: GameView.GameView): Map<string, Unit> => {
  let byView = units.get(ledger)
  if (byView === undefined) {
    byView = new WeakMap()
    units.set(ledger, byView)
  }
  let byUnit = byView.get(view)
  if (byUnit === undefined) {
    byUnit = new Map()
    byView.set(view, byUnit)
  }
  return byUnit
}

/**
 * A unit of a board from {@link boardOf} (of this ledger and view), read on first use.
 *
 * @internal
 * @example
 * ```text
 * const u = unitIn(boardOf(ledger, view), ledger, view, "U")
 * ```
 * @since 0.1.0
 */
export const unitIn = (
  board: Map<string, Unit>,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  unit: string
): Unit => {
  let u = board.get(unit)
  if (u === undefined) {
    const o = Object.hasOwn(view.objects, unit) ? view.objects[unit] : undefined
    const props = o?.props ?? {}
    u = {
      chain: readChain(ledger, view, unit) ?? undefined,
      might: Rules.mightOf(view, unit),
      marked: Rules.markedDamageOf(view, unit),
      controller: o?.controller ?? o?.owner ?? view.activePlayer,
      tank: props.tank === true,
      backline: props.backline === true
    }
    board.set(unit, u)
  }
  return u
}
