/**
 * Capacity through every path of the CLI: a 100 000-occurrence event and 2 000 active effects,
 * for each of the four rulesets, through `bulwark check` and `bulwark resolve --json` (and the
 * loader and `Ruleset.run` under them). Before, the scenario path spread such arrays into
 * `push(...xs)` ("Maximum call stack size exceeded") and copied every object once per
 * occurrence (quadratic). These check capacity and results, not speed: speed is measured by
 * hand or in tools/bench; the generous timeouts only keep a loaded CI machine from failing them.
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Chooser, Ruleset } from "@bulwark/core"
import { parseScenario } from "@bulwark/scenario"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { TestConsole } from "effect/testing"
import { Interaction, type InteractionShape, runCli } from "../src/cli.js"
import { STACK } from "./fuzz.js"
import * as Registry from "./installed.js"
import { eventId, expectedTotal, games, scenario } from "./scale.js"

const capacity = 600_000
const nonInteractive: InteractionShape = { interactive: false, ask: () => Effect.die("not interactive") }
const dir = mkdtempSync(join(tmpdir(), "bulwark-scale-"))

const cli = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    // the test console keeps the lines of earlier runs: take only this run's
    const outBefore = (yield* TestConsole.logLines).length
    const errBefore = (yield* TestConsole.errorLines).length
    const code = yield* runCli(args).pipe(Effect.provideService(Interaction, nonInteractive))
    const out = (yield* TestConsole.logLines).slice(outBefore).join("\n")
    const err = (yield* TestConsole.errorLines).slice(errBefore).join("\n")
    return { code, out, err }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

const sum = (m: unknown): number =>
  Object.values((m ?? {}) as Record<string, number>).reduce((s, n) => s + n, 0)

const sizes = [
  { occurrences: 100_000, effects: 10 },
  { occurrences: 2_000, effects: 2_000 }
] as const

describe("scale through the CLI", () => {
  for (const game of games)
    for (const { occurrences, effects } of sizes) {
      const name = `${game}-${occurrences}x${effects}.json`
      const text = JSON.stringify(scenario(game, occurrences, effects))

      it(`${game}: ${occurrences} occurrences and ${effects} effects — loader and Ruleset.run`, {
        timeout: capacity
      }, () => {
        const loaded = parseScenario(text, name, Registry.installed)
        if (Result.isFailure(loaded)) assert.fail(loaded.failure.message)
        const run = Ruleset.run(loaded.success.ruleset.rules, loaded.success.compiled, Chooser.firstLegal)
        assert.isUndefined(run.outcome.error)
        assert.strictEqual(sum(run.outcome.events[eventId]?.dealt), expectedTotal(occurrences, effects))
      })

      it.effect(
        `${game}: ${occurrences} occurrences and ${effects} effects — bulwark ${occurrences > 10_000 ? "" : "check and "}resolve --json`,
        () =>
          Effect.gen(function* () {
            const file = join(dir, name)
            writeFileSync(file, text)
            // `check` only on the smaller file: it runs the same loader and Ruleset.run as the test above
            if (occurrences <= 10_000) {
              const check = yield* cli(["check", file])
              assert.strictEqual(check.code, 0, check.err.slice(0, 500))
              assert.include(check.out, "1 passed, 0 failed")
              assert.notMatch(`${check.out}\n${check.err}`, STACK)
            }
            const resolve = yield* cli(["resolve", file, "--json"])
            assert.strictEqual(resolve.code, 0, resolve.err.slice(0, 500))
            const json = JSON.parse(resolve.out) as {
              outcome: { events: Record<string, { dealt: unknown }> }
            }
            assert.strictEqual(sum(json.outcome.events[eventId]?.dealt), expectedTotal(occurrences, effects))
          }),
        capacity
      )
    }
})
