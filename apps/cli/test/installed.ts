/**
 * The rulesets the CLI finds from this package, loaded exactly as `bulwark` loads them
 * (`src/plugins.ts`: the manifests of the installed packages), for the tests that need them as
 * values. No test lists the rulesets by hand: `declared` is what the manifests of the CLI's own
 * dependencies say, read straight from their package.json files (the oracle the discovery is
 * checked against), and every other test takes the set from here.
 */
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Ruleset } from "@bulwark/core"
import * as Plugins from "../src/plugins.js"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

const loaded = await Plugins.load(
  Plugins.discover({ cwd: root, self: join(root, "src", "plugins.ts") }),
  [],
  root
)
if (loaded instanceof Plugins.ModuleError) throw loaded

/** The registry `bulwark` builds when run in this package. */
export const registry: Plugins.Registry = loaded

/** Every installed ruleset, sorted by id. */
export const installed: ReadonlyArray<Ruleset.AnyRuleset> = loaded.rulesets

/** Their ids, sorted. */
export const ids: ReadonlyArray<string> = installed.map((r) => r.id)

/** Looks a ruleset up by id. */
export const find = (id: string): Ruleset.AnyRuleset | undefined => installed.find((r) => r.id === id)

/** The `scenarios/` folder of the package a ruleset came from. */
export const scenariosOf = (id: string): string => {
  const e = loaded.entries.find((x) => x.ruleset.id === id)
  if (e === undefined) throw new Error(`no ruleset ${id}`)
  return join(e.source.path, "scenarios")
}

/** Every ruleset's id and `scenarios/` folder, sorted by id. */
export const scenarioFolders: ReadonlyArray<{ readonly id: string; readonly scenarios: string }> = ids.map(
  (id) => ({
    id,
    scenarios: scenariosOf(id)
  })
)

/**
 * The ruleset ids the CLI's dependencies declare in their `package.json` manifests
 * (`"bulwark": { "ruleset": { "id" } }`), sorted — read without the discovery code.
 */
export const declared: ReadonlyArray<string> = Object.keys(
  (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> })
    .dependencies
)
  .flatMap((name) => {
    const pkg = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as {
      bulwark?: { ruleset?: { id?: string } }
    }
    const id = pkg.bulwark?.ruleset?.id
    return id === undefined ? [] : [id]
  })
  .sort()
