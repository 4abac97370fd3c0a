/**
 * What `bulwark` can answer before loading anything heavy: `bulwark --version` reads the
 * version from the package's own package.json and prints the line the full command prints
 * (`bulwark v1.2.3`), without loading effect or a ruleset.
 *
 * @module
 */
import { readFileSync } from "node:fs"

/** The package root's package.json (one level above `src/` and `dist/`). */
const packageJson = new URL("../package.json", import.meta.url)

/** The CLI's version, from its package.json. */
export const version = (): string =>
  (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version

/**
 * The output of a command line that needs no more than this module, or `undefined` when the
 * full CLI must run it. Today: exactly `--version`.
 */
export const quickAnswer = (args: ReadonlyArray<string>): string | undefined =>
  args.length === 1 && args[0] === "--version" ? `bulwark v${version()}` : undefined
