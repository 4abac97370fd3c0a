/**
 * `bulwark check` keeps only what its report reads (issue 32, point 1): the run keeps no
 * resolution and no outcome of an event `expect:` does not name. What it reports stays the same:
 * a named event is matched as before, a mismatch in it still fails, and `events: {}` ("no event
 * outcome at all") still fails when an event happened — it needs every event's outcome, so the
 * run keeps them all.
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestConsole } from "effect/testing"
import { Interaction, type InteractionShape, runCli } from "../src/cli.js"

const dir = mkdtempSync(join(tmpdir(), "bulwark-keeps-"))
const nonInteractive: InteractionShape = { interactive: false, ask: () => Effect.die("not interactive") }
const check = (name: string, expect: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const file = join(dir, name)
    writeFileSync(
      file,
      [
        "format: 2",
        "ruleset: mtg",
        "players: [ap, nap]",
        "objects:",
        "  - { id: Z, controller: nap, types: [Creature], power: 5, toughness: 9 }",
        "  - { id: src, controller: ap, types: [Creature], power: 3, toughness: 3 }",
        "effects:",
        "  - { kind: shield, id: s, controller: nap, to: Z, amount: 1 }",
        "steps:",
        "  - event: { id: e1, occurrences: [{ id: d1, source: src, to: Z, amount: 3 }] }",
        "  - event: { id: e2, occurrences: [{ id: d2, source: src, to: Z, amount: 2 }] }",
        "expect:",
        ...expect,
        ""
      ].join("\n")
    )
    const before = (yield* TestConsole.logLines).length
    const code = yield* runCli(["check", file]).pipe(Effect.provideService(Interaction, nonInteractive))
    return { code, out: (yield* TestConsole.logLines).slice(before).join("\n") }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

describe("check matches what it kept", () => {
  // MTG 615.1: the shield prevents the next 1 damage — 2 of e1's 3 are dealt, all 2 of e2's
  it.effect("the second event named: matched", () =>
    Effect.gen(function* () {
      const r = yield* check("second.yaml", ["  events:", "    e2: { dealt: { Z: 2 } }"])
      assert.strictEqual(r.code, 0, r.out)
      assert.include(r.out, "1 passed, 0 failed")
    })
  )

  it.effect("a mismatch in a named event still fails, with the actual value", () =>
    Effect.gen(function* () {
      const r = yield* check("wrong.yaml", ["  events:", "    e1: { dealt: { Z: 3 } }"])
      assert.strictEqual(r.code, 1, r.out)
      assert.include(r.out, "at events.e1.dealt.Z: expected 3, got 2")
    })
  )

  it.effect("events: {} fails when events happened (every outcome kept for it)", () =>
    Effect.gen(function* () {
      const r = yield* check("none.yaml", ["  events: {}"])
      assert.strictEqual(r.code, 1, r.out)
      assert.include(r.out, "at events: expected {}")
    })
  )

  it.effect("no events named: state still matched", () =>
    Effect.gen(function* () {
      const r = yield* check("state.yaml", ["  state:", "    Z: { damage: 4 }"])
      assert.strictEqual(r.code, 0, r.out)
    })
  )
})
