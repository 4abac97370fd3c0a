#!/usr/bin/env node
// Checks every public package the way a consumer's tooling sees it: `publint --strict` (the
// package.json fields, exports and files) and `attw --pack . --profile esm-only` (the types
// resolve for node16/nodenext ESM and bundlers). Packages must be built first.
//
//   node tools/publint.mjs             # every public package under packages/ and apps/
//   node tools/publint.mjs packages/mtg
import { execFile } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
/** @param {string} name */
const bin = (name) => join(root, "node_modules", ".bin", name)
const run = promisify(execFile)

/** Directories of the workspace's public (not private) packages. */
export const publicPackages = () =>
  ["packages", "apps"]
    .flatMap((group) => readdirSync(join(root, group)).map((d) => join(root, group, d)))
    .filter((d) => existsSync(join(d, "package.json")))
    .filter((d) => JSON.parse(readFileSync(join(d, "package.json"), "utf8")).private !== true)

/** @param {string} dir */
const check = async (dir) => {
  const results = []
  /** @type {Array<[string, Array<string>]>} */
  const tools = [
    ["publint", ["--strict"]],
    ["attw", ["--pack", ".", "--profile", "esm-only", "--format", "table-flipped"]]
  ]
  for (const [tool, args] of tools) {
    try {
      const { stdout } = await run(bin(tool), args, { cwd: dir })
      results.push({ tool, ok: true, output: stdout })
    } catch (err) {
      const e = /** @type {{ stdout?: string; stderr?: string }} */ (err)
      results.push({ tool, ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` })
    }
  }
  return { dir: relative(root, dir), results }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const dirs = args.length > 0 ? args.map((a) => resolve(a)) : publicPackages()
  const all = []
  // two at a time: each attw run packs the package
  for (let i = 0; i < dirs.length; i += 2) all.push(...(await Promise.all(dirs.slice(i, i + 2).map(check))))
  let failed = 0
  for (const p of all) {
    for (const r of p.results) {
      console.log(`${r.ok ? "ok  " : "FAIL"} ${r.tool} ${p.dir}`)
      if (!r.ok) {
        failed++
        console.log(r.output.trim().replace(/^/gm, "     "))
      }
    }
  }
  console.log(`publint + attw: ${all.length} packages, ${failed} failure(s)`)
  if (failed > 0) process.exit(1)
}
