#!/usr/bin/env node
// Checks every public package the way a consumer's tooling sees it: packs it with the pinned pnpm
// (as `pnpm publish` would: workspace: ranges become versions), then `publint --strict` on the
// tarball (the package.json fields, exports and files) and `attw --profile esm-only` on it (the
// types resolve for node16/nodenext ESM and bundlers); and that package.json names the project
// for npm users: repository (with directory), homepage, bugs, keywords (`metadataProblems`, also
// run by tools/test); that the package ships a CHANGELOG.md (`releaseProblems`); and that the
// packed package.json names no private workspace package in any dependency field
// (`packedManifestProblems`: .pnpmfile.cjs drops devDependencies when packing); and that its
// dependencies match how it is built (`importProblems`: what the shipped JavaScript imports is
// installed for users, and each dependency is imported or is a ruleset plugin). Packages must be
// built first.
//
//   node tools/publint.mjs             # every public package under packages/ and apps/
//   node tools/publint.mjs packages/mtg
import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { builtinModules } from "node:module"
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

/** Names of the workspace's private packages (`@bulwark/testing`, the examples, the tools …). */
export const privatePackageNames = () =>
  ["packages", "apps", "examples", "tools", "docs"]
    .flatMap((group) => {
      const top = join(root, group)
      const dirs = existsSync(join(top, "package.json")) ? [top] : []
      return existsSync(top) ? [...dirs, ...readdirSync(top).map((d) => join(top, d))] : dirs
    })
    .filter((d) => existsSync(join(d, "package.json")))
    .map((d) => JSON.parse(readFileSync(join(d, "package.json"), "utf8")))
    .filter((pkg) => pkg.private === true && typeof pkg.name === "string")
    .map((pkg) => /** @type {string} */ (pkg.name))

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]

/**
 * What a packed (to be published) package.json names that no consumer can install: a private
 * workspace package in any dependency field, or a `workspace:` range left unreplaced.
 * @param {Record<string, any>} manifest the package.json inside the tarball
 * @param {ReadonlyArray<string>} [privateNames] the workspace's private package names
 * @returns {Array<string>} one line per problem; empty when clean
 */
export const packedManifestProblems = (manifest, privateNames = privatePackageNames()) => {
  const problems = []
  for (const field of DEPENDENCY_FIELDS)
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (privateNames.includes(name)) problems.push(`"${field}" names the private package ${name}`)
      if (String(range).startsWith("workspace:")) problems.push(`"${field}.${name}" is still ${range}`)
    }
  return problems
}

/**
 * The packages the shipped JavaScript of an unpacked tarball imports at run time, read by esbuild
 * (every `import`/`export … from`/`import()` with a literal specifier, not the ones in comments
 * or JSDoc examples): for each shipped `.js`/`.mjs` file, its bare specifiers reduced to package
 * names (`effect/Schema` → `effect`, `@bulwark/scenario/node` → `@bulwark/scenario`). `node:`
 * built-ins are left out.
 * @param {string} dir the unpacked package (the tarball's `package/` folder)
 * @returns {Promise<Map<string, Array<string>>>} package name → the shipped files importing it
 */
export const shippedImports = async (dir) => {
  const { build } = await import("esbuild")
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.m?js$/.test(f) && !f.split(/[\\/]/).includes("node_modules"))
    .map((f) => f.split("\\").join("/"))
  /** @type {Map<string, Array<string>>} */
  const imports = new Map()
  for (const file of files) {
    const result = await build({
      entryPoints: [join(dir, file)],
      bundle: true,
      write: false,
      metafile: true,
      logLevel: "silent",
      platform: "node",
      format: "esm",
      // only this file's own imports: every specifier is external, so nothing else is read
      plugins: [
        {
          name: "only-this-file",
          setup: (b) =>
            b.onResolve({ filter: /.*/ }, (args) =>
              args.kind === "entry-point" ? undefined : { path: args.path, external: true }
            )
        }
      ]
    })
    for (const input of Object.values(result.metafile.inputs))
      for (const i of input.imports) {
        if (i.path.startsWith(".") || i.path.startsWith("/") || i.path.startsWith("node:")) continue
        const parts = i.path.split("/")
        const name = i.path.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? i.path)
        if (builtinModules.includes(name)) continue
        imports.set(name, [...new Set([...(imports.get(name) ?? []), file])])
      }
  }
  return imports
}

/**
 * Whether a package's dependencies match how it is built: every package its shipped JavaScript
 * imports is a dependency or peer dependency (a devDependency is not installed for users: a
 * bundled one must stay inside the bundle, and tsc output importing it must not ship), and every
 * dependency is imported by something that ships — except a ruleset plugin (a package whose
 * package.json has a `bulwark.ruleset` manifest), which the CLI finds in node_modules and loads
 * without an import of its name.
 * @param {Record<string, any>} manifest the packed package.json
 * @param {Map<string, Array<string>>} imports what {@link shippedImports} found
 * @param {(name: string) => Record<string, any> | undefined} [manifestOf] a dependency's package.json (the workspace's)
 * @returns {Array<string>} one line per problem; empty when consistent
 */
export const importProblems = (manifest, imports, manifestOf = workspaceManifest) => {
  const problems = []
  const installed = {
    ...manifest.dependencies,
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies
  }
  for (const [name, files] of imports)
    if (name !== manifest.name && !(name in installed))
      problems.push(
        `${files.slice(0, 3).join(", ")}${files.length > 3 ? ", …" : ""} import${files.length === 1 ? "s" : ""} ${name}, which is not a dependency or peer dependency${name in (manifest.devDependencies ?? {}) ? " (only a devDependency: users do not get it)" : ""}`
      )
  for (const name of Object.keys(manifest.dependencies ?? {}))
    if (!imports.has(name) && manifestOf(name)?.bulwark?.ruleset === undefined)
      problems.push(`"dependencies.${name}": nothing that ships imports it and it is no ruleset plugin`)
  return problems
}

/**
 * The package.json of a workspace package by name, or undefined.
 * @param {string} name
 * @returns {Record<string, any> | undefined}
 */
const workspaceManifest = (name) =>
  ["packages", "apps"]
    .flatMap((group) => readdirSync(join(root, group)).map((d) => join(root, group, d, "package.json")))
    .filter((f) => existsSync(f))
    .map((f) => JSON.parse(readFileSync(f, "utf8")))
    .find((pkg) => pkg.name === name)

/**
 * What a public package lacks for its release notes: a CHANGELOG.md that starts with
 * `# <name>` and is listed in `files` (so it ships in the tarball).
 * @param {string} dir the package directory
 * @param {Record<string, any>} [pkg] its package.json (read from `dir` when omitted)
 * @returns {Array<string>} one line per problem; empty when complete
 */
export const releaseProblems = (dir, pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))) => {
  const problems = []
  const file = join(dir, "CHANGELOG.md")
  if (!existsSync(file)) problems.push("CHANGELOG.md is missing")
  else if (!readFileSync(file, "utf8").startsWith(`# ${pkg.name}\n`))
    problems.push(`CHANGELOG.md must start with "# ${pkg.name}"`)
  if (!Array.isArray(pkg.files) || !pkg.files.includes("CHANGELOG.md"))
    problems.push('"files" does not list CHANGELOG.md, so it would not ship')
  return problems
}

/**
 * Packs a package with the pinned pnpm (its hooks included) and returns the packed package.json.
 * @param {string} dir the package directory
 * @param {string} out an empty directory for the tarball
 * @returns {Promise<{ tgz: string; manifest: Record<string, any> }>}
 */
export const packed = async (dir, out) => {
  await run(...pnpm(["pack", "--pack-destination", out]), { cwd: dir })
  const tgz = readdirSync(out).find((f) => f.endsWith(".tgz"))
  if (tgz === undefined) throw new Error(`no tarball in ${out}`)
  await run("tar", ["-xzf", join(out, tgz), "-C", out, "package/package.json"])
  return { tgz, manifest: JSON.parse(readFileSync(join(out, "package", "package.json"), "utf8")) }
}

/** @param {string} dir */
const check = async (dir) => {
  const results = []
  const missing = metadataProblems(dir)
  results.push({ tool: "metadata", ok: missing.length === 0, output: missing.join("\n") })
  const release = releaseProblems(dir)
  results.push({ tool: "changelog", ok: release.length === 0, output: release.join("\n") })
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
    const inTarball = JSON.parse((await run("tar", ["-xzOf", join(out, tgz), "package/package.json"])).stdout)
    const named = packedManifestProblems(inTarball)
    results.push({ tool: "manifest", ok: named.length === 0, output: named.join("\n") })
    await run("tar", ["-xzf", join(out, tgz), "-C", out])
    const mismatched = importProblems(inTarball, await shippedImports(join(out, "package")))
    results.push({ tool: "imports", ok: mismatched.length === 0, output: mismatched.join("\n") })
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
