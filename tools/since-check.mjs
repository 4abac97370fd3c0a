#!/usr/bin/env node
// Checks that the `@since` tags in a public package's sources match what changesets will
// publish: every `@since X` is at most the package's NEXT version — its package.json version
// bumped by the largest pending change for it in .changeset/*.md (patch < minor < major) — and
// every top-level export of a library package (the API site's packages) carries one.
//
//   node tools/since-check.mjs                 # every public package under packages/ and apps/
//   node tools/since-check.mjs packages/mtg
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { publicPackages } from "./publint.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const bumps = /** @type {const} */ (["patch", "minor", "major"])

/** @param {string} v @returns {[number, number, number] | undefined} */
const parse = (v) => {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v)
  return m === null ? undefined : [Number(m[1]), Number(m[2]), Number(m[3])]
}
/** @param {[number, number, number]} a @param {[number, number, number]} b */
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/**
 * The largest pending bump for each package named in the changeset files of `dir`.
 * @param {string} dir a .changeset directory
 * @returns {Map<string, "patch" | "minor" | "major">}
 */
export const pendingBumps = (dir) => {
  /** @type {Map<string, "patch" | "minor" | "major">} */
  const out = new Map()
  if (!existsSync(dir)) return out
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "README.md")) {
    const text = readFileSync(join(dir, f), "utf8")
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)
    if (front === null) continue
    for (const line of (front[1] ?? "").split(/\r?\n/)) {
      const m = /^\s*["']?([^"':\s]+)["']?\s*:\s*(patch|minor|major)\s*$/.exec(line)
      if (m === null) continue
      const name = /** @type {string} */ (m[1])
      const bump = /** @type {"patch" | "minor" | "major"} */ (m[2])
      const before = out.get(name)
      if (before === undefined || bumps.indexOf(bump) > bumps.indexOf(before)) out.set(name, bump)
    }
  }
  return out
}

/**
 * `version` after `bump` (as changesets computes it: a major resets minor and patch, a minor
 * resets patch); `version` itself when there is no bump.
 * @param {string} version @param {"patch" | "minor" | "major" | undefined} bump
 */
export const nextVersion = (version, bump) => {
  const v = parse(version)
  if (v === undefined) throw new Error(`not a plain x.y.z version: ${version}`)
  const [major, minor, patch] = v
  if (bump === "major") return `${major + 1}.0.0`
  if (bump === "minor") return `${major}.${minor + 1}.0`
  if (bump === "patch") return `${major}.${minor}.${patch + 1}`
  return version
}

/** @param {string} dir @returns {Array<string>} */
const sources = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
        .map((f) => join(dir, f))
        .sort()
    : []

/**
 * Problems with the `@since` tags of the package in `dir`, one line each ("file:line: …").
 * @param {string} dir the package directory
 * @param {{ changesets?: string; requireOnExports?: boolean }} [options] `changesets`: the
 *   .changeset directory (the repository's by default); `requireOnExports`: every top-level
 *   `export const|function|class|interface|type|namespace` must have a doc comment with `@since`
 *   (by default: for packages under packages/, the libraries on the API site). Files under
 *   `src/internal/` are not on the API site (the package's `exports` seal them; a public module
 *   rebinds what it exports from them, with the doc comment): their exports need none.
 * @returns {Array<string>}
 */
export const sinceProblems = (dir, options = {}) => {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))
  const bump = pendingBumps(options.changesets ?? join(root, ".changeset")).get(pkg.name)
  const next = nextVersion(pkg.version, bump)
  const nextParsed = /** @type {[number, number, number]} */ (parse(next))
  const require = options.requireOnExports ?? relative(root, dir).split(/[\\/]/)[0] === "packages"
  /** @type {Array<string>} */
  const problems = []
  for (const file of sources(join(dir, "src"))) {
    const where = relative(root, file).split("\\").join("/")
    const internal = relative(join(dir, "src"), file).split(/[\\/]/)[0] === "internal"
    const lines = readFileSync(file, "utf8").split("\n")
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/@since\s+(\S+)/g)) {
        const tag = /** @type {string} */ (m[1])
        const v = parse(tag)
        if (v === undefined) problems.push(`${where}:${i + 1}: "@since ${tag}" is not an x.y.z version`)
        else if (compare(v, nextParsed) > 0)
          problems.push(
            `${where}:${i + 1}: "@since ${tag}", but ${pkg.name} will publish ${next} (${pkg.version}${bump === undefined ? ", no pending changeset" : ` + ${bump}`})`
          )
      }
      if (
        !require ||
        internal ||
        !/^export (declare )?(abstract )?(const|let|function|class|interface|type|enum|namespace)\b/.test(
          line
        )
      )
        return
      let j = i - 1
      while (j >= 0 && /^\s*\/\//.test(lines[j] ?? "")) j--
      const end = j
      if (!(lines[end] ?? "").trim().endsWith("*/")) {
        problems.push(`${where}:${i + 1}: exported without a doc comment: ${line.trim().slice(0, 60)}`)
        return
      }
      while (j >= 0 && !(lines[j] ?? "").includes("/**")) j--
      if (!/@since\s/.test(lines.slice(Math.max(j, 0), end + 1).join("\n")))
        problems.push(
          `${where}:${i + 1}: its doc comment has no @since (next: ${next}): ${line.trim().slice(0, 60)}`
        )
    })
  }
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const dirs = args.length > 0 ? args.map((a) => resolve(a)) : publicPackages()
  const problems = dirs.flatMap((d) => sinceProblems(d))
  for (const p of problems) console.log(p)
  console.log(`@since: ${dirs.length} packages, ${problems.length} problem(s)`)
  if (problems.length > 0) process.exit(1)
}
