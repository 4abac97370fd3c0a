/**
 * The whole `bulwark` command against the real process: loaded by `main.ts` only when the
 * command line needs more than the version (it pulls in effect, the CLI framework and every
 * ruleset).
 *
 * @module
 */
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Effect } from "effect"
import { runCli } from "./cli.js"

/** Runs `bulwark` with the given arguments and sets the process exit code. */
export const main = (args: ReadonlyArray<string>): void =>
  runCli(args).pipe(
    Effect.tap((code) =>
      Effect.sync(() => {
        process.exitCode = code
      })
    ),
    Effect.provide(NodeServices.layer),
    NodeRuntime.runMain({ disableErrorReporting: true })
  )
