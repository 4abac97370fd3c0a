#!/usr/bin/env node
// Proves that `pnpm new-ruleset` produces a package that builds, type-checks, lints and tests
// green: copies the repository (tracked and untracked, not ignored files) to a temp directory,
// generates a throwaway ruleset there, installs (offline, from the pnpm store), runs
// `nx run-many -t build typecheck lint test` for it and type-checks its doc examples, then
// deletes the copy. The working tree is never touched.
import { execFileSync } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { pnpm } from "./pnpm.mjs"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const name = process.argv[2] ?? "sample-game"
const copy = mkdtempSync(join(tmpdir(), "bulwark-new-ruleset-"))
/** @param {string} cmd @param {ReadonlyArray<string>} args @param {string} [cwd] */
const sh = (cmd, args, cwd = copy) => {
  console.log(`$ ${cmd} ${args.join(" ")}`)
  execFileSync(cmd, args, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, NX_DAEMON: "false", NX_NO_CLOUD: "true" }
  })
}
let ok = false
try {
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
  sh(process.execPath, ["tools/new-ruleset.mjs", name, "--title", "Sample Game"])
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
  ok = true
} finally {
  rmSync(copy, { recursive: true, force: true })
}
console.log(ok ? `new-ruleset: the generated @bulwark/${name} is green` : "new-ruleset: FAILED")
