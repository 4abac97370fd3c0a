/**
 * The CLI run in this process, as the tests that read its output run it: not interactive, its
 * console captured (`out` is stdout, `err` is stderr), Node's services provided.
 */
import { NodeServices } from "@effect/platform-node"
import { Effect } from "effect"
import { TestConsole } from "effect/testing"
import { Interaction, type InteractionShape, runCli } from "../src/cli.js"

/** A terminal that is not interactive: a decision the file does not answer is not asked. */
export const nonInteractive: InteractionShape = {
  interactive: false,
  ask: () => Effect.die("not interactive")
}

/** Runs `bulwark <args>` in this process: its exit code and what it printed. */
export const cli = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const code = yield* runCli(args).pipe(Effect.provideService(Interaction, nonInteractive))
    const out = (yield* TestConsole.logLines).join("\n")
    const err = (yield* TestConsole.errorLines).join("\n")
    return { code, out, err }
  }).pipe(Effect.provide([TestConsole.layer, NodeServices.layer]))
