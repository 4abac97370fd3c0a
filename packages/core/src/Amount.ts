/**
 * Amounts: the numbers of damage, prevention, counters, life, cards. Every amount the engine
 * reads is a *safe* non-negative integer (at most `Number.MAX_SAFE_INTEGER`, so that adding and
 * doubling amounts stays exact). This module is the one place that says so:
 *
 * - {@link Schema} (and {@link SignedSchema} for values that may be below 0, such as life) for
 *   decoding: `1e308`, `2.5`, `-1`, `NaN` and `Infinity` are refused;
 * - {@link check} for constructors: core's and every adapter's effect and event constructors
 *   call it, so a bad amount fails when the value is built — with the typed
 *   {@link InvalidAmount} error — and not later, at resolution;
 * - {@link show} for messages: `NaN`, `Infinity` and `-Infinity` are named as such (JSON would
 *   print `null`).
 *
 * @since 0.1.0
 * @module
 */
import * as S from "effect/Schema"

/**
 * Describes a number for a message: `NaN`, `Infinity` and `-Infinity` by name, other numbers as
 * written. Anything else as JSON.
 *
 * @example
 * ```ts
 * import { Amount } from "@bulwark/core"
 * Amount.show(Number.NaN) // "NaN"
 * Amount.show(1e308) // "1e+308"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const show = (n: unknown): string => {
  if (typeof n === "number") return Number.isNaN(n) ? "NaN" : String(n)
  const s = JSON.stringify(n)
  return s === undefined ? String(n) : s
}

/**
 * Why `n` is not a valid amount (`undefined` when it is one): not a number, NaN, infinite, not
 * whole, beyond `Number.MAX_SAFE_INTEGER`, or (unless `signed`) below 0.
 *
 * @example
 * ```ts
 * import { Amount } from "@bulwark/core"
 * Amount.problem(2) // undefined
 * Amount.problem(1e308) // "must be a safe integer (at most 9007199254740991), got 1e+308"
 * Amount.problem(-1) // "must be 0 or more, got -1"
 * ```
 * @since 0.1.0
 * @category validation
 */
export const problem = (n: unknown, options: { readonly signed?: boolean } = {}): string | undefined => {
  if (typeof n !== "number") return `must be a number, got ${show(n)}`
  if (Number.isNaN(n)) return "must be a number, got NaN"
  if (!Number.isFinite(n)) return `must be a finite whole number, got ${show(n)}`
  if (!Number.isInteger(n)) return `must be a whole number, got ${show(n)}`
  if (!Number.isSafeInteger(n))
    return `must be a safe integer (at most ${Number.MAX_SAFE_INTEGER}), got ${show(n)}`
  if (options.signed !== true && n < 0) return `must be 0 or more, got ${show(n)}`
  return undefined
}

/**
 * An amount given to a constructor is not a safe non-negative integer. `where` names the
 * constructor and the field (`"GameEvent.damage amount"`, `"shield amount"`).
 *
 * @example
 * ```ts
 * import { Amount } from "@bulwark/core"
 * new Amount.InvalidAmount({ where: "shield amount", value: "-1", reason: "must be 0 or more, got -1" }).message
 * // "invalid amount for shield amount: must be 0 or more, got -1"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class InvalidAmount extends S.TaggedError<InvalidAmount>()("InvalidAmount", {
  where: S.String,
  value: S.String,
  reason: S.String
}) {
  override get message(): string {
    return `invalid amount for ${this.where}: ${this.reason}`
  }
}

/**
 * Options of {@link check}: `signed` allows amounts below 0, `allowAll` lets `"all"` pass, `id`
 * names the object being built in the message (`shield "s" amount`). The message is only built
 * when the amount is refused, so checking costs nothing on the happy path.
 *
 * @example
 * ```ts
 * import type { Amount } from "@bulwark/core"
 * const o: Amount.CheckOptions = { allowAll: true, id: "s" }
 * ```
 * @since 0.1.0
 * @category validation
 */
export interface CheckOptions {
  readonly signed?: boolean
  readonly allowAll?: boolean
  readonly id?: string
}

/**
 * Returns `n` when it is a valid amount (see {@link problem}); otherwise throws
 * {@link InvalidAmount} naming `what` (and `options.id`). `"all"` passes when `allowAll` is set.
 * For constructors: the value is refused when it is built.
 *
 * @example
 * ```ts
 * import { Amount } from "@bulwark/core"
 * Amount.check(3, "shield amount") // 3
 * // Amount.check(0.5, "shield amount", { id: "s" }) throws InvalidAmount:
 * //   invalid amount for shield "s" amount: must be a whole number, got 0.5
 * ```
 * @since 0.1.0
 * @category validation
 */
export const check = <N extends number | "all" = number>(
  n: N,
  what: string,
  options: CheckOptions = {}
): N => {
  if (typeof n === "number" && Number.isSafeInteger(n) && (n >= 0 || options.signed === true)) return n
  if (n === "all" && options.allowAll === true) return n
  const reason = problem(n, options) ?? "must be a number"
  // "shield amount" with the id "s" reads `shield "s" amount`
  const where = options.id === undefined ? what : what.replace(" ", ` ${JSON.stringify(options.id)} `)
  throw new InvalidAmount({ where, value: show(n), reason })
}

/**
 * Like {@link check} for an optional amount: `undefined` passes.
 *
 * @example
 * ```ts
 * import { Amount } from "@bulwark/core"
 * Amount.checkOptional(undefined, "amount") // undefined
 * ```
 * @since 0.1.0
 * @category validation
 */
export const checkOptional = <N extends number | "all">(
  n: N | undefined,
  what: string,
  options: CheckOptions = {}
): N | undefined => (n === undefined ? undefined : check(n, what, options))

/**
 * Schema of an amount: a safe integer ≥ 0 (`Schema.Int` refuses integers beyond
 * `Number.MAX_SAFE_INTEGER`). `1e308`, `2.5`, `-1`, `NaN` and `Infinity` fail.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Amount } from "@bulwark/core"
 * Schema.is(Amount.Schema)(3) // true
 * Schema.is(Amount.Schema)(1e308) // false
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Schema = S.Int.check(S.isGreaterThanOrEqualTo(0))

/**
 * Schema of a signed amount (life, a power): a safe integer, possibly below 0 (`Schema.Int`).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Amount } from "@bulwark/core"
 * Schema.is(Amount.SignedSchema)(-3) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const SignedSchema: typeof S.Int = S.Int

/**
 * Schema of a number that is not an amount but is combined with amounts (a modification's value,
 * a property): finite and within ±`Number.MAX_SAFE_INTEGER`, fractions allowed (`mul 0.5`
 * halves). `1e308` fails: added to or multiplied with an amount it would make it infinite.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Amount } from "@bulwark/core"
 * Schema.is(Amount.BoundedSchema)(0.5) // true
 * Schema.is(Amount.BoundedSchema)(1e308) // false
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const BoundedSchema = S.Finite.check(
  S.isBetween({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })
)
