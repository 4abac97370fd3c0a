#!/usr/bin/env node
// Proves that `pnpm new-ruleset` produces a package that works end to end, with no edit outside
// it:
//
// 1. in a copy of the repository (tracked and untracked, not ignored files, in the OS temp
//    directory): generates a throwaway ruleset, installs (offline, from the pnpm store), runs
//    `nx run-many -t build typecheck lint test` for it and type-checks its doc examples; nothing
//    under apps/ changes;
// 2. packs it, and the CLI with the libraries it depends on (`@bulwark/core`, `@bulwark/scenario`
//    and the bundled rulesets, taken from the CLI's package.json, packed from this working tree,
//    which must be built: `pnpm exec nx run-many -t build`), with the pinned pnpm (`workspace:`
//    ranges become versions);
// 3. installs the tarballs with npm in a fresh project outside the monorepo (npm reaches the
//    registry for third-party dependencies only: effect, yaml) and runs the installed `bulwark`
//    there: `bulwark rulesets` lists the new ruleset (from the project's node_modules, with its
//    package, version and path), `bulwark check` passes the generated scenarios copied into the
//    project, `bulwark resolve --explain` quotes the generated rule text, and a file naming a
//    ruleset that is not installed is told which package to install.
//
// The working tree is never touched; both temp folders are deleted (KEEP=1 keeps them).
//   node tools/new-ruleset-check.mjs [name]
import { execFileSync, spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { pnpm } from "./pnpm.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const name = process.argv[2] ?? "sample-game"
const started = Date.now()
const copy = mkdtempSync(join(tmpdir(), "bulwark-new-ruleset-"))
const work = mkdtempSync(join(tmpdir(), "bulwark-new-ruleset-app-"))
const env = { ...process.env, NX_DAEMON: "false", NX_NO_CLOUD: "true" }
/** @param {string} cmd @param {ReadonlyArray<string>} args @param {string} [cwd] */
const sh = (cmd, args, cwd = copy) => {
  console.log(`$ ${cmd} ${args.join(" ")}`)
  execFileSync(cmd, args, { cwd, stdio: "inherit", env })
}
/**
 * Runs a command and returns its exit code and output (printed too).
 * @param {string} cmd @param {ReadonlyArray<string>} args @param {string} cwd
 */
const run = (cmd, args, cwd) => {
  console.log(`$ ${cmd} ${args.join(" ")}`)
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", env })
  process.stdout.write(r.stdout)
  process.stderr.write(r.stderr)
  return { code: r.status, out: r.stdout, err: r.stderr }
}
/** @param {boolean} ok @param {string} what */
const expect = (ok, what) => {
  if (!ok) throw new Error(`new-ruleset: ${what}`)
  console.log(`ok: ${what}`)
}
/** A digest of every file under a folder (to show the generator left it alone). @param {string} dir */
const digest = (dir) => {
  const h = createHash("sha256")
  const walk = (/** @type {string} */ d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name === "node_modules" || e.name === "dist") continue
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else h.update(`${relative(dir, p)}\0`).update(readFileSync(p))
    }
  }
  walk(dir)
  return h.digest("hex")
}

let ok = false
try {
  // ── 0. the libraries this check installs must be built ─────────────────────────────────────
  const cliDir = join(root, "apps", "cli")
  const cliPackage = JSON.parse(readFileSync(join(cliDir, "package.json"), "utf8"))
  const libraries = Object.keys(cliPackage.dependencies)
    .filter((d) => d.startsWith("@bulwark/"))
    .map((d) => {
      const dir = ["packages", "apps"]
        .flatMap((g) => readdirSync(join(root, g)).map((x) => join(root, g, x)))
        .find(
          (x) =>
            existsSync(join(x, "package.json")) &&
            JSON.parse(readFileSync(join(x, "package.json"), "utf8")).name === d
        )
      if (dir === undefined)
        throw new Error(`new-ruleset: the CLI's dependency ${d} is not in this workspace`)
      return dir
    })
  for (const dir of [cliDir, ...libraries])
    if (!existsSync(join(dir, "dist")))
      throw new Error(
        `new-ruleset: ${relative(root, dir)} is not built; run pnpm exec nx run-many -t build first`
      )

  // ── 1. generate, build, type-check, lint and test in a copy of the repository ───────────────
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8"
  })
    .split("\0")
    .filter((f) => f !== "")
  for (const f of files) {
    mkdirSync(dirname(join(copy, f)), { recursive: true })
    try {
      cpSync(join(root, f), join(copy, f))
    } catch {
      // deleted in the working tree but still in the index
    }
  }
  sh(...pnpm(["install", "--offline", "--frozen-lockfile"]))
  const apps = digest(join(copy, "apps"))
  sh(process.execPath, ["tools/new-ruleset.mjs", name, "--title", "Sample Game"])
  expect(digest(join(copy, "apps")) === apps, "the generator changed nothing under apps/")
  // the generated package is new to the lockfile: it must be written (CI=true would freeze it)
  sh(...pnpm(["install", "--offline", "--no-frozen-lockfile"]))
  sh(
    ...pnpm([
      "exec",
      "nx",
      "run-many",
      "-t",
      "build",
      "typecheck",
      "lint",
      "test",
      "-p",
      `@bulwark/${name}`,
      "--output-style=static"
    ])
  )
  sh(process.execPath, ["tools/doc-examples.mjs", `packages/${name}`])
  console.log(`new-ruleset: generated and green in ${Math.round((Date.now() - started) / 1000)} s`)

  // ── 2. pack the new ruleset, the CLI and the libraries ───────────────────────────────────────
  const tarballs = join(work, "tarballs")
  const generated = join(copy, "packages", name)
  for (const dir of [generated, cliDir, ...libraries])
    sh(...pnpm(["pack", "--pack-destination", tarballs]), dir)

  // ── 3. a fresh project outside the monorepo ──────────────────────────────────────────────────
  const app = join(work, "app")
  mkdirSync(app)
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "a-team", private: true, type: "module" }, null, 2)
  )
  const tgz = readdirSync(tarballs).map((f) => join(tarballs, f))
  sh("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...tgz, "effect@4.1.0"], app)
  const bin = join(app, "node_modules", ".bin", "bulwark")

  const listed = run(bin, ["rulesets"], app)
  expect(listed.code === 0, "bulwark rulesets exits 0")
  expect(new RegExp(`^${name} +Sample Game$`, "m").test(listed.out), `bulwark rulesets lists ${name}`)
  expect(
    listed.out.includes(`package: @bulwark/${name} 0.0.0 (installed in the project)`) &&
      listed.out.includes(`path: ${join(app, "node_modules", "@bulwark", name)}`),
    `bulwark rulesets says where ${name} came from (package, version, path)`
  )
  const bundled = libraries
    .map((d) => JSON.parse(readFileSync(join(d, "package.json"), "utf8")).bulwark?.ruleset?.id)
    .filter((id) => id !== undefined)
  for (const id of bundled)
    expect(new RegExp(`^${id} `, "m").test(listed.out), `bulwark rulesets lists ${id}`)

  // the team's rulings: the generated scenarios, copied into the project
  const rulings = join(app, "rulings")
  mkdirSync(rulings)
  const scenarios = readdirSync(join(generated, "scenarios"))
  for (const f of scenarios) copyFileSync(join(generated, "scenarios", f), join(rulings, f))
  const checked = run(bin, ["check", "rulings"], app)
  expect(
    checked.code === 0 && checked.out.includes(`${scenarios.length} passed, 0 failed`),
    `bulwark check passes the ${scenarios.length} generated scenario(s)`
  )

  const first = join("rulings", scenarios[0] ?? "")
  const explained = run(bin, ["resolve", first, "--explain"], app)
  const rulesText = "Shield N: prevent the next N damage that would be dealt to this unit."
  expect(
    explained.code === 0 && explained.out.includes(rulesText),
    "bulwark resolve --explain quotes the rule text"
  )

  writeFileSync(
    join(rulings, "other-game.yaml"),
    readFileSync(join(rulings, scenarios[0] ?? ""), "utf8").replace(`ruleset: ${name}`, "ruleset: pokemon")
  )
  const unknown = run(bin, ["check", "rulings"], app)
  expect(
    unknown.code === 2 && unknown.out.includes("npm install --save-dev @bulwark/pokemon"),
    "a file naming a ruleset that isn't installed is told which package to install"
  )
  ok = true
} finally {
  if (process.env.KEEP === undefined) {
    rmSync(copy, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
  } else console.log(`kept ${copy} and ${work}`)
}
console.log(
  ok
    ? `new-ruleset: the generated @bulwark/${name} is green and runs in a fresh project (${Math.round((Date.now() - started) / 1000)} s)`
    : "new-ruleset: FAILED"
)
