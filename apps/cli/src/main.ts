#!/usr/bin/env node
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Cause, Effect, Exit, Runtime } from "effect"
import { runCli } from "./cli.js"

// The runtime interrupts the program on SIGINT and SIGTERM (the search yields to the event loop,
// so it stops at once); the exit code says which signal: 128 + 2 = 130, 128 + 15 = 143.
let signal: "SIGINT" | "SIGTERM" | undefined
process.once("SIGINT", () => {
  signal ??= "SIGINT"
})
process.once("SIGTERM", () => {
  signal ??= "SIGTERM"
})

runCli(process.argv.slice(2)).pipe(
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
