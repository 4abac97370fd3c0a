#!/usr/bin/env node
// Type-checks the examples in the JSDoc of every workspace package, so the docs can't rot.
//
// For each published package under packages/ (or the directories given as arguments), every ```ts block
// inside an `@example` of a doc comment in src/**/*.ts is written to
// <package>/.doc-examples/<File>.<line>.ts (git-ignored) and the lot is type-checked with tsc.
// Snippets import the package by its name ("@bulwark/core"), which resolves to the package
// itself (its built dist/), exactly as a user's code would. Each snippet is its own module.
//
//   node tools/doc-examples.mjs                  # every package
//   node tools/doc-examples.mjs packages/core    # one package
//   KEEP=1 node tools/doc-examples.mjs           # keep .doc-examples/ to inspect it
import { execFile } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const tsc = join(root, "node_modules", "typescript", "bin", "tsc")
const OUT = ".doc-examples"

/**
 * The `ts` code blocks of the `@example` tags in a source file, with the line each starts on.
 *
 * @param {string} text
 * @returns {Array<{ line: number; code: string }>}
 */
export const examplesOf = (text) => {
  /** @type {Array<{ line: number; code: string }>} */
  const out = []
  for (const m of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const comment = m[0]
    const at = comment.indexOf("@example")
    if (at < 0) continue
    const startLine = text.slice(0, m.index).split("\n").length
    const lines = comment.split("\n").map((l) => l.replace(/^\s*\*( |$)/, ""))
    let inExample = false
    /** @type {Array<string> | undefined} */
    let block
    let blockLine = 0
    lines.forEach((l, i) => {
      if (/^@\w+/.test(l.trim())) inExample = l.trim().startsWith("@example")
      if (!inExample) return
      if (block === undefined && /^```(ts|typescript)\b/.test(l.trim())) {
        block = []
        blockLine = startLine + i + 1
      } else if (block !== undefined && l.trim() === "```") {
        out.push({ line: blockLine, code: block.join("\n") })
        block = undefined
      } else if (block !== undefined) block.push(l)
    })
  }
  return out
}

/** @param {string} dir @returns {Array<string>} */
const sources = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) return sources(p)
    return p.endsWith(".ts") && !p.endsWith(".d.ts") ? [p] : []
  })

/**
 * Writes a package's examples to <package>/.doc-examples and type-checks them.
 *
 * @param {string} pkgDir
 * @returns {Promise<{ pkg: string; count: number; ok: boolean; output: string }>}
 */
const checkPackage = async (pkgDir) => {
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).name
  const out = join(pkgDir, OUT)
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  let count = 0
  for (const file of sources(join(pkgDir, "src"))) {
    for (const ex of examplesOf(readFileSync(file, "utf8"))) {
      const name = `${relative(join(pkgDir, "src"), file).replace(/[/\\]/g, "_").replace(/\.ts$/, "")}.${ex.line}.ts`
      // `export {}` makes every snippet a module, so top-level names don't clash between snippets
      writeFileSync(join(out, name), `// ${relative(root, file)}:${ex.line}\n${ex.code}\nexport {}\n`)
      count++
    }
  }
  const tsconfig = {
    extends: relative(out, join(root, "tsconfig.base.json")),
    compilerOptions: {
      composite: false,
      incremental: false,
      declaration: false,
      declarationMap: false,
      sourceMap: false,
      noEmit: true,
      rootDir: "."
    },
    include: ["*.ts"]
  }
  writeFileSync(join(out, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`)
  if (count === 0) {
    rmSync(out, { recursive: true, force: true })
    return { pkg, count, ok: true, output: "" }
  }
  let ok = true
  let output = ""
  try {
    await promisify(execFile)(process.execPath, [tsc, "-p", join(out, "tsconfig.json")], { cwd: pkgDir })
  } catch (err) {
    ok = false
    const e = /** @type {{ stdout?: string; stderr?: string }} */ (err)
    output = `${e.stdout ?? ""}${e.stderr ?? ""}`
      .split("\n")
      // point at the source: ".doc-examples/Chooser.120.ts(3,5)" → "packages/core/src/Chooser.ts:120 (snippet line 3)"
      .map((l) =>
        l.replace(/^(?:\S*\/)?\.doc-examples\/(\S+?)\.(\d+)\.ts\((\d+),(\d+)\)/, (_a, f, line, sl) => {
          return `${relative(root, join(pkgDir, "src", `${String(f).replace(/_/g, "/")}.ts`))}:${line} (snippet line ${Number(sl) - 1})`
        })
      )
      .join("\n")
  }
  if (ok && process.env.KEEP === undefined) rmSync(out, { recursive: true, force: true })
  return { pkg, count, ok, output }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const dirs =
    args.length > 0
      ? args.map((a) => resolve(a))
      : readdirSync(join(root, "packages"))
          .map((d) => join(root, "packages", d))
          .filter((d) => existsSync(join(d, "package.json")) && existsSync(join(d, "src")))
          // published packages only: private ones (test helpers) have no API docs
          .filter((d) => JSON.parse(readFileSync(join(d, "package.json"), "utf8")).private !== true)
  const results = await Promise.all(dirs.map(checkPackage))
  let failed = 0
  for (const r of results) {
    console.log(`${r.ok ? "ok  " : "FAIL"} ${r.pkg}: ${r.count} examples`)
    if (!r.ok) {
      failed++
      console.log(r.output.trim().replace(/^/gm, "     "))
    }
  }
  const total = results.reduce((n, r) => n + r.count, 0)
  console.log(`${total} doc examples in ${results.length} packages; ${failed} package(s) failed`)
  if (failed > 0) process.exit(1)
}
