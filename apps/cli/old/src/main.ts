#!/usr/bin/env node
// The `bulwark` executable. The build bundles it (rolldown.config.mjs): this entry is tiny and
// answers `--version` at once; every other command line loads the CLI chunk (effect, the CLI
// framework, the rulesets) first.
import { quickAnswer } from "./start.js"

const args = process.argv.slice(2)
const quick = quickAnswer(args)
if (quick !== undefined) process.stdout.write(`${quick}\n`)
else (await import("./run.js")).main(args)
