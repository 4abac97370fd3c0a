import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestConsole } from "effect/testing"
import { run } from "../src/cli.js"

describe("bulwark", () => {
  it.effect("rulesets prints the four ruleset ids", () =>
    Effect.gen(function* () {
      yield* run(["rulesets"])
      assert.deepStrictEqual(yield* TestConsole.logLines, ["mtg", "riftbound", "berserk", "fab"])
    }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))
  )
})
