#!/usr/bin/env node
// Keeps the sources readable in one sitting: no source file over MAX_FILE_LINES lines and no
// function over MAX_FUNCTION_LINES lines in packages/*/src and apps/*/src (issue 30 point 2).
//
// A file's lines are counted as `wc -l` counts them (plus a last line without a newline). A
// function is every function-like node the TypeScript compiler parses — function declarations
// and expressions, arrow functions, methods, constructors, getters and setters — and its lines
// run from the line its node starts on (the `function` keyword, the arrow's parameters, the
// method's name; not a comment before it) to the line it ends on, both included. A function
// inside another counts for itself and for the one around it.
//
// Split a file or a function by concept (one job per module, helpers named for what they do),
// not by line count. The only exceptions are the files in PENDING below: splits in progress,
// each to be removed from the list by the commit that splits it.
//
//   node tools/size-check.mjs              # the repository (exit 1 and one line per problem)
//   node tools/size-check.mjs some/dir     # any directory's *.ts files (tests use this)
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")

/** The most lines a source file may have. */
export const MAX_FILE_LINES = 1000
/** The most lines a function may have. */
export const MAX_FUNCTION_LINES = 150

/**
 * Temporary: files whose split is in progress (paths relative to the repository root). Nothing
 * is checked in them. Remove a file from here in the commit that splits it.
 */
export const PENDING = new Set([])

/** @param {string} dir @returns {Array<string>} the .ts / .tsx files under `dir` (no .d.ts) */
const sources = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (f === "node_modules" || f === "dist") return []
    if (statSync(p).isDirectory()) return sources(p)
    return /\.tsx?$/.test(f) && !f.endsWith(".d.ts") ? [p] : []
  })

/** The directories the repository's check reads: every packages/<x>/src and apps/<x>/src. */
export const checkedDirs = () =>
  ["packages", "apps"].flatMap((top) =>
    readdirSync(join(root, top))
      .map((name) => join(root, top, name, "src"))
      .filter((d) => statSync(d, { throwIfNoEntry: false })?.isDirectory() === true)
  )

/** @param {string} text @returns {number} the lines of `text`, as `wc -l` counts them plus an unterminated last line */
export const lineCount = (text) => {
  if (text.length === 0) return 0
  let n = 0
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++
  return text.endsWith("\n") ? n : n + 1
}

/** @param {ts.Node} node @returns {string} what a function is called where it is written */
const nameOf = (node) => {
  const named = /** @type {{ name?: ts.Node }} */ (node).name
  if (
    named !== undefined &&
    (ts.isIdentifier(named) || ts.isPrivateIdentifier(named) || ts.isStringLiteral(named))
  )
    return named.text
  if (ts.isConstructorDeclaration(node)) return "constructor"
  const parent = node.parent
  if (parent !== undefined) {
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
    if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
      const key = parent.name
      if (ts.isIdentifier(key) || ts.isStringLiteral(key) || ts.isPrivateIdentifier(key)) return key.text
    }
    if (ts.isBinaryExpression(parent) && parent.right === node) return parent.left.getText()
    if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText()})`
  }
  return "(anonymous)"
}

/**
 * Every function of a source text with its name, first line and number of lines.
 *
 * @param {string} text @param {string} fileName
 * @returns {Array<{ name: string; line: number; lines: number }>}
 */
export const functionsOf = (text, fileName = "file.ts") => {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind)
  /** @type {Array<{ name: string; line: number; lines: number }>} */
  const out = []
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isFunctionLike(node) && /** @type {{ body?: ts.Node }} */ (node).body !== undefined) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line
      out.push({ name: nameOf(node), line: start + 1, lines: end - start + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

/**
 * The size problems of the files under `dirs`, one line each ("file:line: …"), paths relative
 * to `base`; files in `pending` (relative to `base`) are skipped.
 *
 * @param {ReadonlyArray<string>} dirs
 * @param {{ base?: string; pending?: ReadonlySet<string>; maxFile?: number; maxFunction?: number }} [options]
 * @returns {Array<string>}
 */
export const sizeProblems = (dirs, options = {}) => {
  const base = options.base ?? root
  const pending = options.pending ?? PENDING
  const maxFile = options.maxFile ?? MAX_FILE_LINES
  const maxFunction = options.maxFunction ?? MAX_FUNCTION_LINES
  /** @type {Array<string>} */
  const out = []
  for (const file of dirs.flatMap(sources).sort()) {
    const rel = relative(base, file).split("\\").join("/")
    if (pending.has(rel)) continue
    const text = readFileSync(file, "utf8")
    const lines = lineCount(text)
    if (lines > maxFile)
      out.push(`${rel}:1: the file has ${lines} lines (at most ${maxFile}): split it by concept`)
    for (const f of functionsOf(text, file))
      if (f.lines > maxFunction)
        out.push(
          `${rel}:${f.line}: function ${f.name} has ${f.lines} lines (at most ${maxFunction}): split it into helpers named for what they do`
        )
  }
  return out
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const dirs = args.length > 0 ? args.map((a) => resolve(a)) : checkedDirs()
  const problems = sizeProblems(dirs, args.length > 0 ? { base: process.cwd() } : {})
  for (const p of problems) console.error(p)
  const files = dirs.flatMap(sources).length
  console.log(
    `size: ${files} files, ${problems.length} problem(s) (files ≤ ${MAX_FILE_LINES} lines, functions ≤ ${MAX_FUNCTION_LINES})`
  )
  if (problems.length > 0) process.exit(1)
}
