#!/usr/bin/env node
// Keeps the code in a guide identical to a tested example file.
//
// In a guide, a code block preceded by an include marker
//
//   <!-- include: examples/adapter-walkthrough/src/Duel.ts#rules -->
//   ```ts
//   …
//   ```
//
// must hold exactly the lines between `// #region rules` and `// #endregion` of that file (the
// whole file when there is no `#region` part). `--check` lists the blocks that differ and exits
// 1; `--write` rewrites them from the files.
//
//   node tools/guide-snippets.mjs --check docs/writing-an-adapter.md
//   node tools/guide-snippets.mjs --write docs/writing-an-adapter.md
import { readFileSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const marker = /^<!-- include: (\S+?)(?:#([\w-]+))? -->\n```(\w*)\n([\s\S]*?)```$/gm

/**
 * The lines of a region of a file (or the whole file), without the region markers.
 *
 * @param {string} file path relative to the repository root
 * @param {string | undefined} region
 * @returns {string}
 */
export const regionOf = (file, region) => {
  const text = readFileSync(join(root, file), "utf8")
  if (region === undefined) return text.endsWith("\n") ? text : `${text}\n`
  const start = text.indexOf(`// #region ${region}\n`)
  if (start < 0) throw new Error(`${file} has no "// #region ${region}"`)
  const from = start + `// #region ${region}\n`.length
  const end = text.indexOf("// #endregion", from)
  if (end < 0) throw new Error(`${file}: region ${region} is not closed`)
  // blank lines at the edges of a region (a formatter may add them) are not part of the quote
  return `${text.slice(from, end).replace(/^\n+/, "").replace(/\n+$/, "")}\n`
}

/**
 * Every included block of a guide: where it points, what the guide has, what the file has.
 *
 * @param {string} guide path relative to the repository root
 * @returns {ReadonlyArray<{ file: string; region: string | undefined; inGuide: string; inFile: string }>}
 */
export const blocksOf = (guide) => {
  const text = readFileSync(join(root, guide), "utf8")
  return [...text.matchAll(marker)].map((m) => ({
    file: /** @type {string} */ (m[1]),
    region: m[2],
    inGuide: /** @type {string} */ (m[4]),
    inFile: regionOf(/** @type {string} */ (m[1]), m[2])
  }))
}

/**
 * Rewrites every included block of a guide from its file.
 *
 * @param {string} guide path relative to the repository root
 * @returns {number} the number of blocks that changed
 */
export const writeGuide = (guide) => {
  const path = join(root, guide)
  let changed = 0
  const text = readFileSync(path, "utf8").replace(marker, (_all, file, region, lang) => {
    const body = regionOf(file, region)
    changed++
    return `<!-- include: ${file}${region === undefined ? "" : `#${region}`} -->\n\`\`\`${lang}\n${body}\`\`\``
  })
  writeFileSync(path, text)
  return changed
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, ...guides] = process.argv.slice(2)
  if ((mode !== "--check" && mode !== "--write") || guides.length === 0) {
    console.error("usage: guide-snippets.mjs --check|--write <guide.md>…")
    process.exit(2)
  }
  let stale = 0
  for (const guide of guides) {
    if (mode === "--write") {
      console.log(`${guide}: ${writeGuide(guide)} included blocks written`)
      continue
    }
    for (const b of blocksOf(guide)) {
      if (b.inGuide !== b.inFile) {
        stale++
        console.error(
          `${guide}: the block from ${b.file}#${b.region ?? "(whole file)"} differs from the file`
        )
      }
    }
  }
  if (stale > 0) {
    console.error("run: node tools/guide-snippets.mjs --write <guide>")
    process.exit(1)
  }
}
