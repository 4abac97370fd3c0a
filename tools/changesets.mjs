// Checks the pending changesets (.changeset/*.md) the way `changeset version` will read them, so
// a release is never blocked by one written wrong: each names packages of the workspace, with a
// bump of major, minor or patch, and none mixes a private package with public ones (private
// packages are not versioned here, `privatePackages.version: false`, so changesets counts them
// as ignored, and "Mixed changesets that contain both ignored and not ignored packages are not
// allowed"). Also run by tools/test.
//
//   node tools/changesets.mjs
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")

/**
 * The workspace's packages by name: whether each is private.
 * @returns {Map<string, boolean>}
 */
export const workspacePackages = () => {
  /** @type {Map<string, boolean>} */
  const out = new Map()
  for (const group of ["packages", "apps", "tools", "docs", "examples"]) {
    const base = join(root, group)
    if (!existsSync(base)) continue
    const dirs = [
      base,
      ...readdirSync(base, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => join(base, e.name))
    ]
    for (const d of dirs) {
      const f = join(d, "package.json")
      if (!existsSync(f)) continue
      const pkg = JSON.parse(readFileSync(f, "utf8"))
      out.set(pkg.name, pkg.private === true)
    }
  }
  return out
}

/**
 * What is wrong with one changeset's text, one line per problem (empty when `changeset version`
 * can read it).
 * @param {string} name the file name, for the messages
 * @param {string} text the file's text
 * @param {Map<string, boolean>} [packages] the workspace's packages (name → private)
 * @returns {Array<string>}
 */
export const changesetProblems = (name, text, packages = workspacePackages()) => {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text)
  if (m === null) return [`${name}: no front matter (--- "package": bump --- at the top)`]
  /** @type {Array<string>} */
  const problems = []
  /** @type {Array<string>} */
  const names = []
  for (const line of (m[1] ?? "").split(/\r?\n/)) {
    if (line.trim() === "") continue
    const entry = /^\s*["']?([^"':]+)["']?\s*:\s*(\S+)\s*$/.exec(line)
    if (entry === null) {
      problems.push(`${name}: unreadable line ${JSON.stringify(line)}`)
      continue
    }
    const [, pkg = "", bump = ""] = entry
    if (!packages.has(pkg)) problems.push(`${name}: ${JSON.stringify(pkg)} is not a package of the workspace`)
    if (!["major", "minor", "patch"].includes(bump))
      problems.push(
        `${name}: ${JSON.stringify(pkg)} has bump ${JSON.stringify(bump)}; expected major, minor or patch`
      )
    names.push(pkg)
  }
  const priv = names.filter((n) => packages.get(n) === true)
  const pub = names.filter((n) => packages.get(n) === false)
  if (priv.length > 0 && pub.length > 0)
    problems.push(
      `${name}: mixes private ${priv.join(", ")} with public ${pub.join(", ")} (changesets refuses it: write the private package's change without a changeset, or in one of its own)`
    )
  return problems
}

/**
 * The problems of every pending changeset of the repository.
 * @returns {Array<string>}
 */
export const allChangesetProblems = () => {
  const dir = join(root, ".changeset")
  const packages = workspacePackages()
  return readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .sort()
    .flatMap((f) => changesetProblems(f, readFileSync(join(dir, f), "utf8"), packages))
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = allChangesetProblems()
  for (const p of problems) console.error(p)
  console.log(
    problems.length === 0
      ? "changesets: every pending changeset can be versioned"
      : `changesets: ${problems.length} problem(s)`
  )
  process.exit(problems.length === 0 ? 0 : 1)
}
