/**
 * The settings read from the environment (`env.ts`): `BULWARK_LIMITS` raises the loader's limits
 * (issue 32 point 1: "Documented limits … with a clear error naming the limit and how to raise
 * it"), and a malformed value is a message naming the variable — never ignored, never a default
 * taken in its place.
 */
import { defaultLimits } from "@bulwark/scenario"
import { Result } from "effect"
import { afterEach, assert, describe, it } from "vitest"
import * as Env from "../src/env.js"

const saved = { ...process.env }
afterEach(() => {
  process.env = { ...saved }
})

const failure = <A>(r: Result.Result<A, string>): string => {
  if (Result.isSuccess(r)) throw new Error(`expected a message, got ${JSON.stringify(r.success)}`)
  return r.failure
}

describe("BULWARK_LIMITS", () => {
  it("unset or blank: no limit raised", () => {
    delete process.env.BULWARK_LIMITS
    assert.deepEqual(Env.limits(), Result.succeed({}))
    process.env.BULWARK_LIMITS = "  "
    assert.deepEqual(Env.limits(), Result.succeed({}))
  })

  it("raises the limits it names, several separated by commas", () => {
    process.env.BULWARK_LIMITS = "occurrencesPerEvent=1000000, fileSize=500000000"
    assert.deepEqual(Env.limits(), Result.succeed({ occurrencesPerEvent: 1_000_000, fileSize: 500_000_000 }))
  })

  it("an unknown limit is named, with the limits there are", () => {
    process.env.BULWARK_LIMITS = "efects=5"
    const text = failure(Env.limits())
    assert.include(text, 'unknown limit "efects"')
    for (const k of Object.keys(defaultLimits)) assert.include(text, k)
  })

  it("a value that is not a whole number ≥ 1 is refused, not read as a number", () => {
    for (const v of ["0", "-3", "1.5", "1e6", "lots", ""]) {
      process.env.BULWARK_LIMITS = `effects=${v}`
      assert.include(failure(Env.limits()), `effects must be a whole number ≥ 1, got ${JSON.stringify(v)}`, v)
    }
  })
})

describe("byte settings (BULWARK_WORKER_BYTES, BULWARK_MAX_PIPE_BYTES, BULWARK_SCAN_BYTES)", () => {
  it("unset or empty: the default", () => {
    delete process.env.BULWARK_SCAN_BYTES
    assert.deepEqual(Env.bytes("BULWARK_SCAN_BYTES", 42), Result.succeed(42))
    process.env.BULWARK_SCAN_BYTES = ""
    assert.deepEqual(Env.bytes("BULWARK_SCAN_BYTES", 42), Result.succeed(42))
  })

  it("a positive whole number is taken; anything else names the variable and its value", () => {
    process.env.BULWARK_SCAN_BYTES = "4096"
    assert.deepEqual(Env.bytes("BULWARK_SCAN_BYTES", 42), Result.succeed(4096))
    for (const v of ["0", "-1", "2.5", "lots"]) {
      process.env.BULWARK_SCAN_BYTES = v
      assert.equal(
        failure(Env.bytes("BULWARK_SCAN_BYTES", 42)),
        `BULWARK_SCAN_BYTES=${JSON.stringify(v)}: expected a whole number of bytes above 0`
      )
    }
  })
})
