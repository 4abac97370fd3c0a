/**
 * Plain amount changes as numbers: the op codes of the single-occurrence solver, and applying one
 * to an amount as the kernel's `modify` does.
 *
 * @internal
 */

export const STATIC_BLOCKS: ReadonlySet<string> = new Set([
  "alreadyApplied",
  "filterFailed",
  "newObject",
  "spent",
  "limitReached",
  "sourceLeftZone"
])

// numeric codes of the plain amount changes solveSingle handles
const OP_ADD = 0

const OP_SUB = 1

const OP_MUL = 2

const OP_SET = 3

const OP_AT_MOST = 4

const OP_AT_LEAST = 5

/** Prevent all. */
export const OP_ZERO = 6

/** Static prevention of up to `value` of each damage. */
export const OP_STATIC = 7

/** A shield or "prevent the next" with `value` left: all of it when it is enough. */
export const OP_ABSORB = 8

/** Prevention of an unpreventable occurrence: no change. */
export const OP_SAME = 9

const opCode = (op: string): number =>
  op === "add"
    ? OP_ADD
    : op === "sub"
      ? OP_SUB
      : op === "mul"
        ? OP_MUL
        : op === "set"
          ? OP_SET
          : op === "atMost"
            ? OP_AT_MOST
            : OP_AT_LEAST

/** Adding or subtracting a whole number to a whole amount (no rounding needed). */
export const OP_ADD_WHOLE = 10

/** Multiplying a whole amount by a whole number ≥ 0 (no rounding, never negative). */
export const OP_MUL_WHOLE = 11

/** The code of a Modify: the whole-number forms skip the rounding (amounts are whole). */
export const modifyCode = (op: string, value: number): number => {
  const code = opCode(op)
  if (!Number.isInteger(value)) return code
  if (code === OP_SUB) return OP_ADD_WHOLE
  if (code === OP_ADD) return OP_ADD_WHOLE
  if (code === OP_MUL && value >= 0) return OP_MUL_WHOLE
  return code
}

/** A plain amount change applied to `amount`, as the kernel applies it. */
export const applyCode = (code: number, value: number, amount: number): number => {
  switch (code) {
    case OP_ADD_WHOLE:
      return Math.max(0, amount + value)
    case OP_MUL_WHOLE:
      return amount * value
    case OP_ADD:
      return Math.max(0, Math.floor(amount + value))
    case OP_SUB:
      return Math.max(0, Math.floor(amount - value))
    case OP_MUL:
      return Math.max(0, Math.floor(amount * value))
    case OP_SET:
      return Math.max(0, Math.floor(value))
    case OP_AT_MOST:
      return Math.max(0, Math.floor(Math.min(amount, value)))
    case OP_AT_LEAST:
      return Math.max(0, Math.floor(Math.max(amount, value)))
    case OP_ZERO:
      return 0
    case OP_STATIC:
      return amount - Math.min(value, amount)
    case OP_ABSORB:
      return amount <= value ? 0 : amount - value
    default:
      return amount
  }
}
