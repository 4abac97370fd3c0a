#!/usr/bin/env node
// Bundle size of one effect constructor, per bundler: what an application that uses one shield pays.
// Each entry is bundled from the built dist (build first) with esbuild and with vite (rolldown),
// minified, ESM, effect included. Prints one row per entry and bundler, and fails if the esbuild
// bundle of an entry with a limit is larger than it (docs/guides/installing.md, supported bundlers).
// `--json` prints the rows as JSON instead.
import path from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import * as esbuild from "esbuild"
import { build as viteBuild } from "vite"

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
// tools/bench depends on the libraries, so the entries resolve them from there
const resolveDir = path.join(root, "tools", "bench")

/** kB are 1000 bytes. */
export const entries = [
  {
    name: "@bulwark/mtg Effects.shield",
    limitKB: 130,
    code: `import { Effects } from "@bulwark/mtg"
console.log(Effects.shield({ id: "s", controller: "bob", to: "bear", amount: 3, duration: "endOfTurn" }))`
  },
  {
    name: "@bulwark/riftbound Effects.prevent",
    code: `import { Effects } from "@bulwark/riftbound"
console.log(Effects.prevent({ id: "p", controller: "B", to: "U", amount: 2 }))`
  }
]

/** @param {string} code */
const withEsbuild = async (code) => {
  const r = await esbuild.build({
    stdin: { contents: code, resolveDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "silent"
  })
  return r.outputFiles[0]?.text ?? ""
}

/** @param {string} code */
const withVite = async (code) => {
  const id = "\0bundle-size-entry"
  const r = await viteBuild({
    configFile: false,
    logLevel: "silent",
    root: resolveDir,
    plugins: [
      {
        name: "bundle-size-entry",
        enforce: "pre",
        // vite makes the lib entry a path under root
        resolveId: (source) => (path.basename(source) === "bundle-size-entry" ? id : null),
        load: (source) => (source === id ? code : null)
      }
    ],
    build: {
      write: false,
      minify: true,
      lib: { entry: "bundle-size-entry", formats: ["es"], fileName: "entry" }
    }
  })
  const outputs = /** @type {Array<import("vite").Rolldown.RolldownOutput>} */ (
    Array.isArray(r) ? r : [r]
  ).flatMap((x) => x.output)
  return outputs
    .filter((o) => o.type === "chunk")
    .map((o) => o.code)
    .join("")
}

export const bundlers = { esbuild: withEsbuild, vite: withVite }

/** One row per entry and bundler: minified and gzipped sizes in bytes. */
export const measure = async () => {
  const rows = []
  for (const entry of entries) {
    for (const [bundler, bundle] of Object.entries(bundlers)) {
      const text = await bundle(entry.code)
      const bytes = Buffer.byteLength(text)
      const limit = bundler === "esbuild" && entry.limitKB !== undefined ? entry.limitKB * 1000 : undefined
      rows.push({
        entry: entry.name,
        bundler,
        bytes,
        gzip: gzipSync(text).length,
        limit,
        ok: limit === undefined || bytes <= limit
      })
    }
  }
  return rows
}

/** @param {number} n */
const kB = (n) => `${(n / 1000).toFixed(1)} kB`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measure()
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2))
  else {
    for (const r of rows) {
      const limit = r.limit === undefined ? "" : `  (limit ${kB(r.limit)}${r.ok ? "" : ", EXCEEDED"})`
      console.log(
        `${r.entry.padEnd(36)} ${r.bundler.padEnd(8)} ${kB(r.bytes).padStart(9)} min ${kB(r.gzip).padStart(8)} gzip${limit}`
      )
    }
  }
  if (rows.some((r) => !r.ok)) process.exit(1)
}
