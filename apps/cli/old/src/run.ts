/**
 * The whole `bulwark` command against the real process: loaded by `main.ts` only when the
 * command line needs more than the version (it pulls in effect, the CLI framework and every
 * ruleset).
 *
 * @module
 */
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Cause, Effect, Exit, Runtime } from "effect"
import { runCli } from "./cli.js"

/**
 * Runs `bulwark` with the given arguments and sets the process exit code.
 *
 * The runtime interrupts the program on SIGINT and SIGTERM (the search yields to the event loop,
 * so it stops at once); the exit code says which signal: 128 + 2 = 130, 128 + 15 = 143.
 */
export const main = (args: ReadonlyArray<string>): void => {
  let signal: "SIGINT" | "SIGTERM" | undefined
  process.once("SIGINT", () => {
    signal ??= "SIGINT"
  })
  process.once("SIGTERM", () => {
    signal ??= "SIGTERM"
  })
  runCli(args).pipe(
    Effect.tap((code) =>
      Effect.sync(() => {
        process.exitCode = code
      })
    ),
    Effect.provide(NodeServices.layer),
    NodeRuntime.runMain({
      disableErrorReporting: true,
      teardown: (exit, onExit) => {
        if (signal !== undefined && (Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause)))
          onExit(signal === "SIGTERM" ? 143 : 130)
        else Runtime.defaultTeardown(exit, onExit)
      }
    })
  )
}
