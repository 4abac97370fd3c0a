// Copies the gallery scenarios (gallery.json) from the adapter packages into dist/gallery/<ruleset>/,
// so that the published CLI carries them. A missing scenario is reported and skipped.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(join(root, "package.json"))
const entries = JSON.parse(readFileSync(join(root, "gallery.json"), "utf8"))
const out = join(root, "dist", "gallery")
rmSync(out, { recursive: true, force: true })
let copied = 0
for (const entry of entries) {
  let dir
  try {
    dir = join(dirname(require.resolve(`@bulwark/${entry.ruleset}/package.json`)), "scenarios")
  } catch {
    console.warn(`gallery: @bulwark/${entry.ruleset} is not installed; skipping ${entry.case}`)
    continue
  }
  const candidates = entry.files.flatMap((c) =>
    [".yaml", ".yml", ".json"].map((ext) => join(dir, `${c}${ext}`))
  )
  const found = candidates.find((f) => existsSync(f))
  if (found === undefined) {
    console.warn(`gallery: no scenario ${entry.case} in @bulwark/${entry.ruleset}/scenarios; skipping`)
    continue
  }
  mkdirSync(join(out, entry.ruleset), { recursive: true })
  copyFileSync(found, join(out, entry.ruleset, found.slice(dir.length + 1)))
  copied++
}
console.log(`gallery: bundled ${copied} of ${entries.length} scenarios`)
