#!/usr/bin/env node
// Checks every public package the way a consumer's tooling sees it: packs it with the pinned pnpm
// (as `pnpm publish` would: workspace: ranges become versions), then `publint --strict` on the
// tarball (the package.json fields, exports and files) and `attw --profile esm-only` on it (the
// types resolve for node16/nodenext ESM and bundlers); and that package.json names the project
// for npm users: repository (with directory), homepage, bugs, keywords (`metadataProblems`, also
// run by tools/test). Packages must be built first.
//
//   node tools/publint.mjs             # every public package under packages/ and apps/
//   node tools/publint.mjs packages/mtg
import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { pnpm } from "./pnpm.mjs"

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

/**
 * What a public package's package.json lacks for npm users to find the project: `repository`
 * (git URL and the package's `directory`), `homepage`, `bugs` and `keywords`. The repository,
 * bugs and homepage URLs must be the ones the core package names, so they stay consistent.
 * @param {string} dir the package directory
 * @param {Record<string, any>} [pkg] its package.json (read from `dir` when omitted)
 * @returns {Array<string>} one line per problem; empty when complete
 */
export const metadataProblems = (dir, pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))) => {
  const reference = JSON.parse(readFileSync(join(root, "packages", "core", "package.json"), "utf8"))
  const problems = []
  const where = relative(root, dir).split("\\").join("/")
  const repo = pkg.repository
  if (typeof repo !== "object" || repo === null)
    problems.push('"repository" is missing (an object with type, url, directory)')
  else {
    if (repo.type !== "git")
      problems.push(`"repository.type" must be "git", got ${JSON.stringify(repo.type)}`)
    if (typeof repo.url !== "string" || !/^git\+https:\/\/.+\.git$/.test(repo.url))
      problems.push(`"repository.url" must be a git+https://….git URL, got ${JSON.stringify(repo.url)}`)
    else if (repo.url !== reference.repository?.url)
      problems.push(
        `"repository.url" is ${JSON.stringify(repo.url)}, but packages/core says ${JSON.stringify(reference.repository?.url)}`
      )
    if (repo.directory !== where)
      problems.push(`"repository.directory" must be "${where}", got ${JSON.stringify(repo.directory)}`)
  }
  if (typeof pkg.homepage !== "string" || !pkg.homepage.startsWith("https://"))
    problems.push(`"homepage" must be an https URL, got ${JSON.stringify(pkg.homepage)}`)
  const bugs = typeof pkg.bugs === "string" ? pkg.bugs : pkg.bugs?.url
  if (typeof bugs !== "string" || !bugs.startsWith("https://"))
    problems.push(`"bugs" must be an https URL (or { url }), got ${JSON.stringify(pkg.bugs)}`)
  else if (bugs !== (reference.bugs?.url ?? reference.bugs))
    problems.push(
      `"bugs" is ${JSON.stringify(bugs)}, but packages/core says ${JSON.stringify(reference.bugs?.url ?? reference.bugs)}`
    )
  if (
    !Array.isArray(pkg.keywords) ||
    pkg.keywords.length === 0 ||
    !pkg.keywords.every((/** @type {unknown} */ k) => typeof k === "string" && k.trim() !== "")
  )
    problems.push(`"keywords" must be a non-empty list of words, got ${JSON.stringify(pkg.keywords)}`)
  return problems
}

/** @param {string} dir */
const check = async (dir) => {
  const results = []
  const missing = metadataProblems(dir)
  results.push({ tool: "metadata", ok: missing.length === 0, output: missing.join("\n") })
  const out = mkdtempSync(join(tmpdir(), "bulwark-publint-"))
  try {
    /** @param {string} tool @param {string} cmd @param {ReadonlyArray<string>} args */
    const step = async (tool, cmd, args) => {
      try {
        const { stdout } = await run(cmd, args, { cwd: dir })
        results.push({ tool, ok: true, output: stdout })
        return true
      } catch (err) {
        const e = /** @type {{ stdout?: string; stderr?: string; message?: string }} */ (err)
        results.push({ tool, ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` || String(e.message) })
        return false
      }
    }
    if (!(await step("pack", ...pnpm(["pack", "--pack-destination", out]))))
      return { dir: relative(root, dir), results }
    const tgz = readdirSync(out).find((f) => f.endsWith(".tgz"))
    if (tgz === undefined) {
      results.push({ tool: "pack", ok: false, output: `no tarball in ${out}` })
      return { dir: relative(root, dir), results }
    }
    await step("publint", bin("publint"), ["run", "--strict", join(out, tgz)])
    await step("attw", bin("attw"), [join(out, tgz), "--profile", "esm-only", "--format", "table-flipped"])
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
  return { dir: relative(root, dir), results }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const dirs = args.length > 0 ? args.map((a) => resolve(a)) : publicPackages()
  const all = []
  // two at a time: each check packs the package
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
