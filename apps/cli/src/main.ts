#!/usr/bin/env node
// The `bulwark` executable. The build bundles it (rolldown.config.mjs): this entry is tiny and
// answers `--version` at once; every other command line loads the CLI chunk (effect, the CLI
// framework, the rulesets) first. The signal handlers come first of all (stop.ts), so Ctrl-C
// and SIGTERM stop the command whatever it is doing, even while it loads.
import { quickAnswer } from "./start.js"
import * as Stop from "./stop.js"

Stop.install()
const args = process.argv.slice(2)
const quick = quickAnswer(args)
if (quick !== undefined) process.stdout.write(`${quick}\n`)
else (await import("./run.js")).main(args)
