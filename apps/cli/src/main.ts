#!/usr/bin/env node
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Effect } from "effect"
import { Command } from "effect/cli"
import { bulwark, version } from "./cli.js"

bulwark.pipe(Command.run({ version }), Effect.provide(NodeServices.layer), NodeRuntime.runMain)
