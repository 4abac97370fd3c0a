/**
 * The settings `bulwark` reads from its environment, checked: a malformed value is a message
 * naming the variable, never ignored.
 *
 * @module
 */
import { defaultLimits, type Scenario } from "@bulwark/scenario"
import { Result } from "effect"

/** A positive whole number of bytes from the environment variable `name`, or `fallback` when it is unset or empty. */
export const bytes = (name: string, fallback: number): Result.Result<number, string> => {
  const v = process.env[name]
  if (v === undefined || v === "") return Result.succeed(fallback)
  const n = Number(v)
  return Number.isSafeInteger(n) && n > 0
    ? Result.succeed(n)
    : Result.fail(`${name}=${JSON.stringify(v)}: expected a whole number of bytes above 0`)
}

/**
 * The loader's limits as `BULWARK_LIMITS` raises them (`fileSize=<n>,occurrencesPerEvent=<n>,
 * effects=<n>,steps=<n>`, any of them); a malformed value is a message, not ignored.
 */
export const limits = (): Result.Result<Partial<Scenario.Limits>, string> => {
  const raw = process.env.BULWARK_LIMITS
  if (raw === undefined || raw.trim() === "") return Result.succeed({})
  const out: Record<string, number> = {}
  for (const part of raw.split(",")) {
    const [key = "", value = ""] = part.split("=").map((x) => x.trim())
    const n = Number(value)
    if (!Object.hasOwn(defaultLimits, key))
      return Result.fail(
        `BULWARK_LIMITS: unknown limit ${JSON.stringify(key)} (the limits: ${Object.keys(defaultLimits).join(", ")})`
      )
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
      return Result.fail(`BULWARK_LIMITS: ${key} must be a whole number ≥ 1, got ${JSON.stringify(value)}`)
    out[key] = n
  }
  return Result.succeed(out)
}
