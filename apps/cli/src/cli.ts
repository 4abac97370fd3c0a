/**
 * The `bulwark` command, as a value: `main.ts` runs it against the real process, tests run it
 * in-process with `Command.runWith` and `TestConsole`.
 *
 * @module
 */
import { createRequire } from "node:module"
import { rulesetId as berserk } from "@bulwark/berserk"
import { rulesetId as fab } from "@bulwark/fab"
import { rulesetId as mtg } from "@bulwark/mtg"
import { rulesetId as riftbound } from "@bulwark/riftbound"
import { Console, Effect } from "effect"
import { Command } from "effect/cli"

/** The CLI's version, read from its own package.json (one level above `src/` and `dist/`). */
export const version: string = (createRequire(import.meta.url)("../package.json") as { version: string })
  .version

/** The ruleset ids this build of the CLI knows, one per adapter package. */
export const rulesetIds = [mtg, riftbound, berserk, fab] as const

/** `bulwark rulesets`: prints the known ruleset ids, one per line. */
export const rulesets = Command.make("rulesets", {}, () =>
  Effect.forEach(rulesetIds, (id) => Console.log(id))
).pipe(Command.withDescription("List the rulesets this build of Bulwark knows"))

/** The root `bulwark` command with all its subcommands. */
export const bulwark = Command.make("bulwark").pipe(
  Command.withDescription("Damage prevention and replacement rules engine for trading card games"),
  Command.withSubcommands([rulesets])
)

/** Runs `bulwark` with the given arguments (without the `node` and script path). */
export const run = Command.runWith(bulwark, { version })
