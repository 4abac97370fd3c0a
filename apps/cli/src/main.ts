#!/usr/bin/env node
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Effect } from "effect"
import { runCli } from "./cli.js"

runCli(process.argv.slice(2)).pipe(
  Effect.tap((code) =>
    Effect.sync(() => {
      process.exitCode = code
    })
  ),
  Effect.provide(NodeServices.layer),
  NodeRuntime.runMain({ disableErrorReporting: true })
)
