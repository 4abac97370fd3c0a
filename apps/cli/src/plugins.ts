/**
 * Rulesets are plugins: the CLI finds every installed ruleset package through its manifest and
 * loads only those (and the modules the user names with `--ruleset`). A scenario file only names
 * a ruleset by its id; nothing in a file ever decides which code runs.
 *
 * **The manifest.** A ruleset package says so in its `package.json`:
 *
 * ```json
 * "bulwark": { "ruleset": { "id": "mtg", "module": "./dist/index.js" } }
 * ```
 *
 * `id` is the value scenario files write after `ruleset:` (lower-case letters, digits and `-`,
 * starting with a letter); `module` is the file, inside the package, whose named export
 * `ruleset` is the `Ruleset.Ruleset` (core's adapter contract) with that same id. The bundled
 * four declare themselves exactly so; nothing in the CLI names them.
 *
 * **Where the CLI looks** (no code runs while it looks: only `package.json` files are read):
 *
 * 1. the project: the nearest `package.json` from the current directory upwards, if it declares
 *    a ruleset itself (working on a ruleset package), then every package in the `node_modules`
 *    folders an `import` from the current directory searches (the folder's, then each parent's)
 *    — a team's fifth ruleset is a dependency of *their* project;
 * 2. the CLI's own installation: the `node_modules` folders an `import` from the CLI's files
 *    searches — where the CLI's own dependencies (the four bundled rulesets) are and, for a
 *    global install, the other global packages.
 *
 * A package found twice (a symlink, pnpm's store) counts once. Two packages declaring one id:
 * the first found wins (the project's before the CLI's, as Node resolves), and
 * `bulwark rulesets` lists the other as shadowed. `--ruleset <module>` (a file, a package folder
 * or an installed package name, resolved from the current directory) comes before all of them.
 *
 * The CLI is bundled, but not `effect`, `@bulwark/core` and `@bulwark/scenario`: it imports them
 * from `node_modules`, as every ruleset does, so the CLI and its rulesets share one copy of each
 * (one Schema implementation, one set of error classes).
 *
 * **Not installed.** A file naming a ruleset no installed package declares is told which
 * package to install: by convention the package of ruleset `<id>` is `@bulwark/<id>` (this
 * project's, and what `pnpm new-ruleset` generates) or `bulwark-ruleset-<id>` (a team's own,
 * possibly under its scope).
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs"
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { type Language, Names, type Ruleset } from "@bulwark/core"
import { type ScenarioError, Skeleton } from "@bulwark/scenario"
import { Context, Effect } from "effect"

/** The `package.json` field of a Bulwark package. */
export const FIELD = "bulwark"

/** What a ruleset id looks like: the value of `ruleset:` in scenario files. */
export const ID = /^[a-z][a-z0-9-]{0,39}$/

/** The manifest of a ruleset package: `"bulwark": { "ruleset": { "id", "module" } }`. */
export interface Manifest {
  readonly id: string
  readonly module: string
}

/** Where a ruleset came from: the project, the CLI's installation, or the command line. */
export type Via = "project" | "cli" | "command line"

/** Where one ruleset was found: its package (name, version, folder) and the module loaded. */
export interface Source {
  readonly via: Via
  /** The package's name (`undefined` for a file passed with `--ruleset`). */
  readonly package: string | undefined
  readonly version: string | undefined
  /** The package's folder (real path), or the file passed with `--ruleset`. */
  readonly path: string
  /** The module file whose `ruleset` export is loaded. */
  readonly module: string
}

/** A ruleset that a manifest declares, not loaded yet. */
export interface Candidate {
  readonly id: string
  readonly source: Source
}

/** A package that declares a ruleset but can't be used: a bad manifest, or a module that fails. */
export interface Problem {
  /** The id it declares, when its manifest names one. */
  readonly id: string | undefined
  readonly source: Pick<Source, "package" | "path"> & Partial<Source>
  readonly reason: string
}

/** What a look through the installed packages found, before any code runs. */
export interface Discovery {
  /** One per ruleset id, in the order found. */
  readonly candidates: ReadonlyArray<Candidate>
  /** Packages that declare an id an earlier package already declared. */
  readonly shadowed: ReadonlyArray<Candidate>
  readonly problems: ReadonlyArray<Problem>
  /** The names of the installed packages that declare no ruleset (never loaded). */
  readonly others: ReadonlySet<string>
}

/** One loaded ruleset and where it came from. */
export interface Entry {
  readonly ruleset: Ruleset.AnyRuleset
  readonly source: Source
}

/** The rulesets this run of the CLI can use, by id, and what could not be loaded. */
export interface Registry {
  /** Sorted by id. */
  readonly entries: ReadonlyArray<Entry>
  readonly rulesets: ReadonlyArray<Ruleset.AnyRuleset>
  readonly shadowed: ReadonlyArray<Candidate>
  readonly problems: ReadonlyArray<Problem>
  readonly others: ReadonlySet<string>
}

/**
 * Where the CLI looks: the current directory (the project) and a file of the CLI itself (its
 * installation). Tests point both at a temporary project.
 */
export interface Where {
  readonly cwd: string
  readonly self: string | undefined
}

/** The places to look, by default the process's current directory and this very file. */
export const Where = Context.Reference<Where>("@bulwark/cli/Plugins/Where", {
  defaultValue: () => ({ cwd: process.cwd(), self: fileURLToPath(import.meta.url) })
})

/** A module passed with `--ruleset` that can't be used: exit code 2. */
export class ModuleError extends Error {
  readonly _tag = "ModuleError"
}

// ── discovery: package.json files only ─────────────────────────────────────────────────────────

/**
 * The `node_modules` folders an `import` from `dir` searches, nearest first: `dir/node_modules`,
 * then each parent's (not `NODE_PATH` nor Node's global folders, which only `require` reads).
 */
export const searchPaths = (dir: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (basename(d) !== "node_modules") out.push(join(d, "node_modules"))
    if (dirname(d) === d) return out
  }
}

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}

const real = (p: string): string => {
  try {
    return realpathSync(p)
  } catch {
    return resolve(p)
  }
}

const inside = (dir: string, file: string): boolean => {
  const r = relative(dir, file)
  return r !== "" && !r.startsWith("..") && !isAbsolute(r)
}

type Read =
  | { readonly _tag: "None" }
  | { readonly _tag: "Other"; readonly name: string | undefined }
  | { readonly _tag: "Ruleset"; readonly candidate: Candidate }
  | { readonly _tag: "Problem"; readonly problem: Problem }

/**
 * Reads one package folder's manifest. Nothing is imported: a package without a
 * `bulwark.ruleset` field is `Other`; a manifest that is not what this module's documentation
 * says is a `Problem` naming the field.
 */
export const readPackage = (folder: string, via: Via): Read => {
  const file = join(folder, "package.json")
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch {
    return { _tag: "None" }
  }
  // most packages don't mention the field at all: no need to parse them
  if (!text.includes(`"${FIELD}"`)) return { _tag: "Other", name: undefined }
  let pkg: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== "object" || parsed === null) return { _tag: "Other", name: undefined }
    pkg = parsed as Record<string, unknown>
  } catch {
    return { _tag: "Other", name: undefined }
  }
  const name = typeof pkg.name === "string" ? pkg.name : undefined
  const version = typeof pkg.version === "string" ? pkg.version : undefined
  const field = pkg[FIELD]
  const ruleset =
    typeof field === "object" && field !== null ? (field as Record<string, unknown>).ruleset : undefined
  if (ruleset === undefined) return { _tag: "Other", name }
  const path = real(folder)
  const problem = (reason: string, id?: string): Read => ({
    _tag: "Problem",
    problem: { id, source: { package: name, path, via, version }, reason: `${file}: ${reason}` }
  })
  if (typeof ruleset !== "object" || ruleset === null)
    return problem(`"${FIELD}.ruleset" must be { "id": "<ruleset id>", "module": "./<file>.js" }`)
  const { id, module } = ruleset as Record<string, unknown>
  if (typeof id !== "string" || !ID.test(id))
    return problem(
      `"${FIELD}.ruleset.id" must be a ruleset id (lower-case letters, digits and -, starting with a letter), got ${JSON.stringify(id)}`
    )
  if (typeof module !== "string" || !module.startsWith("./"))
    return problem(
      `"${FIELD}.ruleset.module" must be a path inside the package starting with "./", got ${JSON.stringify(module)}`,
      id
    )
  const target = real(join(path, module))
  if (!inside(path, target))
    return problem(`"${FIELD}.ruleset.module" ${JSON.stringify(module)} is outside the package`, id)
  if (!existsSync(target))
    return problem(
      `"${FIELD}.ruleset.module" ${JSON.stringify(module)} does not exist (is the package built?)`,
      id
    )
  return {
    _tag: "Ruleset",
    candidate: { id, source: { via, package: name, version, path, module: target } }
  }
}

/** The packages directly in one `node_modules` folder (scoped ones included): folder and name. */
const packagesIn = (nodeModules: string): ReadonlyArray<readonly [string, string]> => {
  let names: ReadonlyArray<string>
  try {
    names = readdirSync(nodeModules)
  } catch {
    return []
  }
  const out: Array<readonly [string, string]> = []
  for (const n of [...names].sort()) {
    if (n.startsWith(".")) continue
    const p = join(nodeModules, n)
    if (n.startsWith("@")) {
      let scoped: ReadonlyArray<string> = []
      try {
        scoped = readdirSync(p)
      } catch {}
      for (const s of [...scoped].sort()) if (!s.startsWith(".")) out.push([join(p, s), `${n}/${s}`])
    } else out.push([p, n])
  }
  return out
}

/** The nearest folder with a `package.json`, from `dir` upwards. */
const nearestPackage = (dir: string): string | undefined => {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, "package.json"))) return d
    if (dirname(d) === d) return undefined
  }
}

/**
 * Finds every installed ruleset package (see the module documentation for where it looks).
 * Reads `package.json` files only: no package's code runs.
 */
export const discover = (where: Where): Discovery => {
  const candidates: Array<Candidate> = []
  const shadowed: Array<Candidate> = []
  const problems: Array<Problem> = []
  const others = new Set<string>()
  const seen = new Set<string>()
  const take = (folder: string, via: Via, name: string | undefined) => {
    const key = real(folder)
    if (seen.has(key)) return
    seen.add(key)
    const r = readPackage(folder, via)
    if (r._tag === "Other") {
      const n = r.name ?? name
      if (n !== undefined) others.add(n)
    } else if (r._tag === "Problem") problems.push(r.problem)
    else if (r._tag === "Ruleset") {
      if (candidates.some((c) => c.id === r.candidate.id)) shadowed.push(r.candidate)
      else candidates.push(r.candidate)
    }
  }
  const own = nearestPackage(where.cwd)
  if (own !== undefined) take(own, "project", undefined)
  const roots: Array<readonly [string, Via]> = searchPaths(where.cwd).map((p) => [p, "project"] as const)
  if (where.self !== undefined) for (const p of searchPaths(dirname(where.self))) roots.push([p, "cli"])
  const visited = new Set<string>()
  for (const [root, via] of roots) {
    if (!isDir(root)) continue
    const key = real(root)
    if (visited.has(key)) continue
    visited.add(key)
    for (const [folder, name] of packagesIn(root)) take(folder, via, name)
  }
  return { candidates, shadowed, problems, others }
}

// ── loading ─────────────────────────────────────────────────────────────────────────────────────

/** Why a module's `ruleset` export is not a ruleset, or `undefined` when it is one. */
const notARuleset = (value: unknown): string | undefined => {
  if (typeof value !== "object" || value === null)
    return "it has no `ruleset` export (a ruleset module exports `ruleset`, a `Ruleset.Ruleset`)"
  const r = value as Record<string, unknown>
  for (const k of ["id", "name", "description", "rulesVersion"] as const)
    if (typeof r[k] !== "string") return `its \`ruleset\` export has no string \`${k}\``
  const rules = r.rules as Record<string, unknown> | undefined
  if (
    typeof rules !== "object" ||
    rules === null ||
    typeof rules.order !== "object" ||
    typeof rules.assignment !== "object"
  )
    return "its `ruleset` export has no `rules` with an `order` and an `assignment` policy"
  if (!Array.isArray(r.coverage)) return "its `ruleset` export has no `coverage` list"
  const language = r.language as Language.Language | undefined
  if (language !== undefined) {
    const words = Skeleton.wordProblems(language)
    if (words.length > 0)
      return `its words don't fit the scenario skeleton: ${words.join("; ")}${words.some((w) => w.includes("is not Language.common")) ? " (is it built on another copy of @bulwark/core than the CLI's? one copy must be installed: npm ls @bulwark/core)" : ""}`
  }
  return undefined
}

/** Imports one module and takes its `ruleset` export; fails with the reason. */
const importRuleset = (module: string): Promise<Ruleset.AnyRuleset> =>
  import(pathToFileURL(module).href).then(
    (ns: Record<string, unknown>) => {
      const why = notARuleset(ns.ruleset)
      if (why !== undefined) throw new Error(why)
      return ns.ruleset as Ruleset.AnyRuleset
    },
    (err: unknown) => {
      throw new Error(`importing it failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  )

/** The folder of an installed package, by name, as Node would find it from `cwd`. */
const installedFolder = (name: string, cwd: string): string | undefined => {
  for (const root of searchPaths(cwd)) {
    const folder = join(root, ...name.split("/"))
    if (existsSync(join(folder, "package.json"))) return folder
  }
  return undefined
}

/**
 * What `--ruleset <module>` names, as a candidate: a file (its `ruleset` export is loaded), a
 * package folder or an installed package's name (its manifest says which module). Relative
 * paths are resolved from `cwd`.
 */
export const fromCommandLine = (spec: string, cwd: string): Candidate | ModuleError => {
  const looksLikePath =
    spec.startsWith(".") || isAbsolute(spec) || spec.includes("\\") || existsSync(resolve(cwd, spec))
  const path = looksLikePath ? resolve(cwd, spec) : installedFolder(spec, cwd)
  if (path === undefined)
    return new ModuleError(
      `--ruleset ${spec}: no such file, folder or installed package (looked from ${cwd})`
    )
  if (!existsSync(path)) return new ModuleError(`--ruleset ${spec}: no such file or folder: ${path}`)
  if (isDir(path)) {
    const r = readPackage(path, "command line")
    if (r._tag === "Ruleset") return r.candidate
    if (r._tag === "Problem") return new ModuleError(`--ruleset ${spec}: ${r.problem.reason}`)
    return new ModuleError(
      `--ruleset ${spec}: ${join(path, "package.json")} declares no ruleset (no "${FIELD}": { "ruleset": { "id", "module" } }); pass the module file itself, or add the manifest`
    )
  }
  const file = real(path)
  return {
    id: "",
    source: { via: "command line", package: undefined, version: undefined, path: file, module: file }
  }
}

/**
 * Loads the discovered rulesets and those named with `--ruleset` (which come first: an id the
 * user names replaces an installed one). A discovered package that fails to load is a
 * {@link Problem} (the other rulesets still work); a module named on the command line that fails
 * is a {@link ModuleError}.
 */
export const load = async (
  discovery: Discovery,
  modules: ReadonlyArray<string>,
  cwd: string
): Promise<Registry | ModuleError> => {
  const named: Array<Entry> = []
  for (const spec of modules) {
    const c = fromCommandLine(spec, cwd)
    if (c instanceof ModuleError) return c
    try {
      const ruleset = await importRuleset(c.source.module)
      if (c.id !== "" && ruleset.id !== c.id)
        return new ModuleError(
          `--ruleset ${spec}: its manifest declares the id ${JSON.stringify(c.id)} but its module's ruleset has the id ${JSON.stringify(ruleset.id)}`
        )
      const twice = named.find((e) => e.ruleset.id === ruleset.id)
      if (twice !== undefined)
        return new ModuleError(
          `--ruleset ${spec}: its ruleset has the id ${JSON.stringify(ruleset.id)}, as the one of ${twice.source.path} already named with --ruleset`
        )
      named.push({ ruleset, source: c.source })
    } catch (err) {
      return new ModuleError(`--ruleset ${spec}: ${c.source.module}: ${(err as Error).message}`)
    }
  }
  const problems: Array<Problem> = [...discovery.problems]
  const shadowed: Array<Candidate> = [...discovery.shadowed]
  const wanted = discovery.candidates.filter((c) => {
    const by = named.find((e) => e.ruleset.id === c.id)
    if (by !== undefined) shadowed.push(c)
    return by === undefined
  })
  const loaded = await Promise.all(
    wanted.map((c) =>
      importRuleset(c.source.module).then(
        (ruleset): Entry | Problem =>
          ruleset.id === c.id
            ? { ruleset, source: c.source }
            : {
                id: c.id,
                source: c.source,
                reason: `${join(c.source.path, "package.json")}: its manifest declares the id ${JSON.stringify(c.id)} but ${c.source.module} exports a ruleset with the id ${JSON.stringify(ruleset.id)}`
              },
        (err: unknown): Problem => ({
          id: c.id,
          source: c.source,
          reason: `${c.source.module}: ${(err as Error).message}`
        })
      )
    )
  )
  const entries: Array<Entry> = [...named]
  for (const l of loaded) {
    if ("ruleset" in l) entries.push(l)
    else problems.push(l)
  }
  entries.sort((a, b) => (a.ruleset.id < b.ruleset.id ? -1 : a.ruleset.id > b.ruleset.id ? 1 : 0))
  return {
    entries,
    rulesets: entries.map((e) => e.ruleset),
    shadowed,
    problems,
    others: discovery.others
  }
}

/**
 * The registry of this run: discovered from {@link Where}, plus the `--ruleset` modules. A
 * module that can't be used fails with its message.
 */
export const registry = (modules: ReadonlyArray<string>): Effect.Effect<Registry, ModuleError> =>
  Effect.gen(function* () {
    const where = yield* Where
    const r = yield* Effect.promise(() => load(discover(where), modules, where.cwd))
    return r instanceof ModuleError ? yield* Effect.fail(r) : r
  })

// ── messages ────────────────────────────────────────────────────────────────────────────────────

/**
 * The package a ruleset id is published as, by convention: `@bulwark/<id>` (this project's, and
 * what `pnpm new-ruleset` generates) or `bulwark-ruleset-<id>` (a team's own).
 */
export const packageNames = (id: string): readonly [string, string] => [
  `@bulwark/${id}`,
  `bulwark-ruleset-${id}`
]

/** Where a source is, in one line: `@bulwark/mtg 0.1.0 (/…/node_modules/@bulwark/mtg)`. */
export const describeSource = (s: Source): string =>
  s.package === undefined
    ? s.path
    : `${s.package}${s.version === undefined ? "" : ` ${s.version}`} (${s.path})`

/**
 * What to do about a `ruleset:` no loaded ruleset has: the closest id (a typo), the package that
 * declares it but failed to load, that a path or an installed package that is not a ruleset is
 * never loaded, or which package to install.
 */
export const unknownHint = (id: string, registry: Registry): string => {
  const broken = registry.problems.find((p) => p.id === id)
  if (broken !== undefined) return `the package that declares it can't be used: ${broken.reason}`
  const ids = registry.rulesets.map((r) => r.id)
  const close = Names.closest(id, ids)
  if (close !== undefined) return `did you mean ${JSON.stringify(close)}?`
  if (!ID.test(id))
    return "a scenario names its ruleset by id (as `bulwark rulesets` lists them); code is never loaded from a path or a package a file names"
  if (registry.others.has(id))
    return `the installed package ${JSON.stringify(id)} is not a ruleset (its package.json has no "${FIELD}.ruleset" manifest), so it is not loaded`
  const [ours, theirs] = packageNames(id)
  return `no installed package declares the ruleset ${JSON.stringify(id)}: install the package that provides it — by convention ${ours} (npm install --save-dev ${ours}) or ${theirs} — or pass its module with --ruleset <module>`
}

/** A load error's message, with {@link unknownHint} under an unknown ruleset. */
export const explain = (error: ScenarioError.ScenarioError, registry: Registry): string => {
  if (error._tag === "UnknownRuleset" && error.ruleset !== null)
    return `${error.message}\n  ${unknownHint(error.ruleset, registry)}`
  // one problem: its located line alone (the header would name the file a second time)
  const only = error._tag === "SchemaMismatch" && error.issues.length === 1 ? error.issues[0] : undefined
  if (only === undefined || only.line <= 0) return error.message
  return Names.visible(
    `${error.file}:${only.line}:${only.column}: at ${only.path === "" ? "(top level)" : only.path}: ${only.message}`
  )
}

const VIA: Readonly<Record<Via, string>> = {
  project: "installed in the project",
  cli: "installed with the CLI",
  "command line": "named with --ruleset"
}

/**
 * The text of `bulwark rulesets`: per ruleset its id and name, rules version, coverage summary
 * (`coverage`), package and version (and how it was found) and path; then the shadowed packages
 * and those that can't be used.
 */
export const listing = (registry: Registry, coverage: (r: Ruleset.AnyRuleset) => string): string => {
  const pad = " ".repeat(11)
  const lines: Array<string> = []
  for (const { ruleset: r, source: s } of registry.entries)
    lines.push(
      `${r.id.padEnd(10)} ${r.name}`,
      `${pad}rules: ${r.rulesVersion}`,
      `${pad}coverage: ${coverage(r)}`,
      `${pad}package: ${s.package === undefined ? "(a module file)" : `${s.package}${s.version === undefined ? "" : ` ${s.version}`}`} (${VIA[s.via]})`,
      `${pad}path: ${s.path}`
    )
  if (registry.entries.length === 0)
    lines.push(
      `no rulesets installed: install a ruleset package (${packageNames("<id>")[0]}) or pass --ruleset <module>`
    )
  if (registry.shadowed.length > 0) {
    lines.push("", "shadowed (an earlier package declares the same id; not loaded):")
    for (const c of registry.shadowed) lines.push(`  ${c.id.padEnd(10)} ${describeSource(c.source)}`)
  }
  if (registry.problems.length > 0) {
    lines.push("", "can't be used:")
    for (const p of registry.problems) lines.push(`  ${(p.id ?? "?").padEnd(10)} ${p.reason}`)
  }
  return lines.join("\n")
}
