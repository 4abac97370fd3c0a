#!/usr/bin/env node
// The consumer smoke test: packs every public package with `pnpm pack` (the pinned pnpm, see pnpm.mjs) (workspace: ranges become
// real versions), installs the tarballs with npm into a fresh project in the OS temp directory —
// outside the workspace, so nothing resolves to workspace sources — together with effect 4.1.0
// (and @types/node) from the registry, then type-checks and runs tools/smoke-pack/consumer.ts against them and
// runs the `bulwark` binary. The newcomer check (tools/smoke-pack/newcomer.mjs) also compiles and runs
// the quick examples of the core and mtg READMEs, exactly as the READMEs show them, as a new
// user's programs, and checks that they print what they promise. Packages must be built first.
import { execFileSync } from "node:child_process"
import {
  copyFileSync,
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
import { publicPackages } from "./publint.mjs"
import { brokenPromises, newcomerSnippets, readmeSnippet } from "./smoke-pack/newcomer.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const work = mkdtempSync(join(tmpdir(), "bulwark-smoke-"))
/** @param {string} cmd @param {ReadonlyArray<string>} args @param {string} cwd @returns {string} */
const sh = (cmd, args, cwd) => {
  console.log(`$ ${cmd} ${args.join(" ")}`)
  try {
    return execFileSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" })
  } catch (err) {
    process.stdout.write(String(/** @type {{ stdout?: string }} */ (err).stdout ?? ""))
    throw new Error(`failed: ${cmd} ${args.join(" ")}`)
  }
}

let ok = false
try {
  const tarballs = join(work, "tarballs")
  const packages = publicPackages()
  for (const dir of packages) sh(...pnpm(["pack", "--pack-destination", tarballs]), dir)
  const names = packages.map((d) => JSON.parse(readFileSync(join(d, "package.json"), "utf8")).name)
  console.log(`packed: ${names.join(", ")}`)

  const app = join(work, "app")
  mkdirSync(app)
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "smoke", private: true, type: "module" }, null, 2)
  )
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2022"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          exactOptionalPropertyTypes: true,
          skipLibCheck: true,
          types: ["node"],
          outDir: "dist"
        },
        files: ["consumer.ts", ...newcomerSnippets.map((n) => n.name)]
      },
      null,
      2
    )
  )
  copyFileSync(join(root, "tools", "smoke-pack", "consumer.ts"), join(app, "consumer.ts"))
  for (const n of newcomerSnippets) writeFileSync(join(app, n.name), readmeSnippet(n.readme, n.file))
  const tgz = readdirSync(tarballs).map((f) => join(tarballs, f))
  sh(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      ...tgz,
      "effect@4.1.0",
      "@types/node@20.19.43"
    ],
    app
  )
  sh(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], app)
  const adapters = names.filter((n) => !["@bulwark/core", "@bulwark/scenario", "@bulwark/cli"].includes(n))
  process.stdout.write(sh(process.execPath, [join(app, "dist", "consumer.js"), ...adapters], app))
  for (const n of newcomerSnippets) {
    const out = sh(process.execPath, [join(app, "dist", n.name.replace(/\.ts$/, ".js"))], app)
    process.stdout.write(out)
    const missing = brokenPromises(readmeSnippet(n.readme, n.file), out)
    if (missing.length > 0)
      throw new Error(`${n.readme}: the quick example did not print ${missing.join(", ")}`)
    console.log(`newcomer (${n.readme}): ok`)
  }
  if (names.includes("@bulwark/cli")) {
    process.stdout.write(
      sh(join(app, "node_modules", ".bin", "bulwark"), ["--help"], app)
        .split("\n")
        .slice(0, 5)
        .join("\n")
    )
    console.log("\nbulwark --help: ok")
    // the bundled bin: the short --version path, and the lazy chunk finding the gallery files
    process.stdout.write(sh(join(app, "node_modules", ".bin", "bulwark"), ["--version"], app))
    const gallery = sh(join(app, "node_modules", ".bin", "bulwark"), ["gallery"], app)
      .trim()
      .split("\n")
    console.log(gallery.at(-1))
  }
  ok = true
} finally {
  if (process.env.KEEP === undefined) rmSync(work, { recursive: true, force: true })
  else console.log(`kept ${relative(process.cwd(), work)}`)
}
console.log(ok ? "smoke-pack: passed" : "smoke-pack: FAILED")
