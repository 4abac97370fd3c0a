/**
 * The gallery: a curated list of example scenarios, at least one per ruleset, chosen to show
 * what makes each game's rules different. The list is `gallery.json` at the package root; the
 * build copies the scenario files from the adapter packages into `dist/gallery/<ruleset>/`.
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * One gallery scenario: the ruleset, the conformance case it shows, the candidate file names
 * (without extension) in the adapter's `scenarios/` folder, first found wins, and why it is shown.
 */
export interface Entry {
  readonly ruleset: string
  readonly case: string
  readonly files: ReadonlyArray<string>
  readonly why: string
}

/** The package root (one level above `src/` and `dist/`). */
const root = join(dirname(fileURLToPath(import.meta.url)), "..")

/** The gallery entries, in display order. */
export const entries: ReadonlyArray<Entry> = JSON.parse(
  readFileSync(join(root, "gallery.json"), "utf8")
) as Array<Entry>

const adapterScenarios = (ruleset: string): string | undefined => {
  try {
    return join(
      dirname(createRequire(import.meta.url).resolve(`@bulwark/${ruleset}/package.json`)),
      "scenarios"
    )
  } catch {
    return undefined
  }
}

/**
 * The file of a gallery entry: the copy bundled in `dist/gallery/`, else (in the workspace) the
 * adapter package's `scenarios/` folder; the first of `files` found.
 */
export const locate = (entry: Entry): string | undefined => {
  const dirs = [join(root, "dist", "gallery", entry.ruleset), adapterScenarios(entry.ruleset)]
  for (const c of entry.files)
    for (const dir of dirs)
      for (const ext of [".yaml", ".yml", ".json"]) {
        if (dir === undefined) continue
        const f = join(dir, `${c}${ext}`)
        if (existsSync(f)) return f
      }
  return undefined
}
