#!/usr/bin/env node
// Type-checks the examples in the JSDoc of every workspace package, and runs those that state
// their results, so the docs can't rot.
//
// For each published package under packages/ (or the directories given as arguments), every ```ts block
// inside an `@example` of a doc comment in src/**/*.ts is written to
// <package>/.doc-examples/<File>.<line>.ts (git-ignored) and the lot is type-checked with tsc.
// Snippets import the package by its name ("@bulwark/core"), which resolves to the package
// itself (its built dist/), exactly as a user's code would. Each snippet is its own module.
//
// Stated results ("claims") are then checked by running the snippet. A claim is a top-level
// expression statement followed by a `//` comment on the same line — or, for a long expression,
// a `//` comment alone on the line right after it — whose text (after an optional `→`) is a
// JSON-ish literal: a number (also negative, NaN, Infinity), a string ("…", '…' or `…`), true,
// false, null, undefined, or an array or object of those (keys bare or quoted). The literal may
// be followed by a remark, in parentheses or after a colon, which is ignored: `read("a: &x 1")
// // undefined (anchors are left to the full parser)`, `// false: half needs round`. Any other comment is prose and states nothing
// (`// Result.fail([...])`, `// [] when every kind fits`, `// Result<A, E>`). The statement must
// evaluate to the literal (for `console.log(x) // v`, what it prints: `x` must be v): deep equality of values, not of classes (arrays element by element,
// objects by their own enumerable keys, a key whose value is undefined counts as absent; NaN
// equals NaN); a string that ends with `…` claims only how the value starts. A snippet with a
// claim is run as it is written (its console output silenced) — unless it uses `declare` (a
// value it only names the type of): then its claims can't be run and are counted as such. A wrong claim, or a snippet that throws, fails with the file and line
// of the claim (or of the example).
//
//   node tools/doc-examples.mjs                  # every package
//   node tools/doc-examples.mjs packages/core    # one package
//   KEEP=1 node tools/doc-examples.mjs           # keep .doc-examples/ to inspect it
import { execFile } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import ts from "typescript"

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

/** A value parsed from a literal, or NOT_LITERAL when the text is not one. */
const NOT_LITERAL = Symbol("not a literal")

/**
 * The value of a JSON-ish literal expression (see the header), or NOT_LITERAL.
 *
 * @param {ts.Expression} e
 * @returns {unknown}
 */
const literalValue = (e) => {
  if (ts.isNumericLiteral(e)) return Number(e.text)
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text
  if (e.kind === ts.SyntaxKind.TrueKeyword) return true
  if (e.kind === ts.SyntaxKind.FalseKeyword) return false
  if (e.kind === ts.SyntaxKind.NullKeyword) return null
  if (ts.isIdentifier(e)) {
    if (e.text === "undefined") return undefined
    if (e.text === "NaN") return Number.NaN
    if (e.text === "Infinity") return Number.POSITIVE_INFINITY
    return NOT_LITERAL
  }
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken) {
    const v = literalValue(e.operand)
    return typeof v === "number" ? -v : NOT_LITERAL
  }
  if (ts.isArrayLiteralExpression(e)) {
    const out = []
    for (const x of e.elements) {
      if (ts.isSpreadElement(x) || ts.isOmittedExpression(x)) return NOT_LITERAL
      const v = literalValue(x)
      if (v === NOT_LITERAL) return NOT_LITERAL
      out.push(v)
    }
    return out
  }
  if (ts.isObjectLiteralExpression(e)) {
    /** @type {Record<string, unknown>} */
    const out = {}
    for (const p of e.properties) {
      if (!ts.isPropertyAssignment(p)) return NOT_LITERAL
      const k = p.name
      if (!(ts.isIdentifier(k) || ts.isStringLiteral(k) || ts.isNumericLiteral(k))) return NOT_LITERAL
      const v = literalValue(p.initializer)
      if (v === NOT_LITERAL) return NOT_LITERAL
      out[k.text] = v
    }
    return out
  }
  return NOT_LITERAL
}

/**
 * What a comment claims, when it claims a value: its text after `//` (and an optional `→`) is a
 * JSON-ish literal, optionally followed by a remark in parentheses; `undefined` for prose.
 *
 * @param {string} comment the comment's text, with its `//`
 * @returns {{ readonly value: unknown; readonly text: string } | undefined}
 */
export const claimOf = (comment) => {
  const body = comment
    .replace(/^\/\/\s*/, "")
    .replace(/^→\s*/, "")
    .trim()
  /** @param {string} text */
  const parse = (text) => {
    if (text === "") return undefined
    const sf = ts.createSourceFile("claim.ts", `(${text}\n)`, ts.ScriptTarget.Latest, true)
    if (/** @type {{ parseDiagnostics?: Array<unknown> }} */ (sf).parseDiagnostics?.length) return undefined
    const st = sf.statements[0]
    if (sf.statements.length !== 1 || st === undefined || !ts.isExpressionStatement(st)) return undefined
    const e = st.expression
    if (!ts.isParenthesizedExpression(e)) return undefined
    const value = literalValue(e.expression)
    return value === NOT_LITERAL ? undefined : { value, text }
  }
  const whole = parse(body)
  if (whole !== undefined) return whole
  // a remark in parentheses after the literal, or after a colon (`// false: half needs round`)
  const remark = /^(.*?)\s+\([^()]*\)$/.exec(body)
  if (remark?.[1] !== undefined) return parse(remark[1])
  for (let at = body.indexOf(": "); at > 0; at = body.indexOf(": ", at + 1)) {
    const before = parse(body.slice(0, at))
    if (before !== undefined) return before
  }
  return undefined
}

/**
 * The claims of a snippet: each top-level expression statement with a claiming comment after it
 * (same line, or alone on the next line), with the 0-based line of the comment in the snippet and
 * the offsets of the expression.
 *
 * @param {string} code
 * @returns {Array<{ line: number; start: number; end: number; value: unknown; text: string }>}
 */
export const claimsOf = (code) => {
  const sf = ts.createSourceFile("snippet.ts", code, ts.ScriptTarget.Latest, true)
  /** @type {Array<{ line: number; start: number; end: number; value: unknown; text: string }>} */
  const out = []
  for (const st of sf.statements) {
    if (!ts.isExpressionStatement(st)) continue
    const endLine = sf.getLineAndCharacterOfPosition(st.getEnd()).line
    const comments = [
      ...(ts.getTrailingCommentRanges(code, st.getEnd()) ?? []),
      ...(ts.getLeadingCommentRanges(code, st.getEnd()) ?? [])
    ].filter((c) => c.kind === ts.SyntaxKind.SingleLineCommentTrivia)
    const same = comments.find((c) => sf.getLineAndCharacterOfPosition(c.pos).line === endLine)
    const next = comments.find((c) => {
      const l = sf.getLineAndCharacterOfPosition(c.pos)
      return l.line === endLine + 1 && code.slice(c.pos - l.character, c.pos).trim() === ""
    })
    const comment = same ?? next
    if (comment === undefined) continue
    const claim = claimOf(code.slice(comment.pos, comment.end))
    if (claim === undefined) continue
    // `console.log(x) // v` says what it prints: the claim is about `x`
    const e = st.expression
    const printed =
      ts.isCallExpression(e) && e.arguments.length === 1 && e.expression.getText(sf) === "console.log"
        ? e.arguments[0]
        : undefined
    const subject = printed ?? e
    out.push({
      line: sf.getLineAndCharacterOfPosition(comment.pos).line,
      start: subject.getStart(sf),
      end: subject.getEnd(),
      ...claim
    })
  }
  return out
}

/**
 * A snippet as a runnable module: its types stripped, each claim's expression wrapped in a call
 * that records whether it equals the claimed value (`where` names the claim's file and line).
 *
 * @param {string} code @param {(line: number) => string} where
 * @returns {string | undefined} the module, or undefined when the snippet claims nothing
 */
export const runnable = (code, where) => {
  const claims = claimsOf(code)
  if (claims.length === 0) return undefined
  let out = code
  for (const c of [...claims].reverse())
    out = `${out.slice(0, c.start)}globalThis.__docClaim(${JSON.stringify(where(c.line))}, ${JSON.stringify(c.text)}, (${out.slice(c.start, c.end)}), (${c.text}))${out.slice(c.end)}`
  return ts.transpileModule(`${out}\nexport {}\n`, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: false
    }
  }).outputText
}

/** Whether a snippet names values by their type only (`declare const x: T`): it can't be run. */
const declares = (/** @type {string} */ code) => /^\s*declare\s/m.test(code)

/** The runner of one package's runnable snippets: imports each, prints the failures as JSON. */
const RUNNER = `
const same = (a, b) => {
  if (Object.is(a, b)) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => same(x, b[i]))
  const keys = (o) => Object.keys(o).filter((k) => o[k] !== undefined).sort()
  const ka = keys(a)
  const kb = keys(b)
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same(a[k], b[k]))
}
const show = (v) => {
  try {
    return v === undefined ? "undefined" : typeof v === "number" && !Number.isFinite(v) ? String(v) : JSON.stringify(v)
  } catch {
    return String(v)
  }
}
const failures = []
let claims = 0
globalThis.__docClaim = (where, text, actual, expected) => {
  claims++
  // a string claim that ends with "…" states how the value starts
  const ok =
    typeof expected === "string" && expected.endsWith("…") && typeof actual === "string"
      ? actual.startsWith(expected.slice(0, -1))
      : same(actual, expected)
  if (!ok) failures.push(where + ": the example says " + text + ", it evaluates to " + show(actual))
  return actual
}
const quiet = () => {}
for (const k of ["log", "info", "warn", "error", "debug"]) console[k] = quiet
for (const [file, where] of JSON.parse(process.argv[2])) {
  try {
    await import(new URL(file, import.meta.url).href)
  } catch (e) {
    failures.push(where + ": the example throws: " + (e instanceof Error ? e.message : String(e)).split("\\n")[0])
  }
}
process.stdout.write(JSON.stringify({ claims, failures }))
`

/**
 * Runs a package's snippets that claim results (see the header) from `out`, a directory inside
 * the package (so the snippets import the package by its name).
 *
 * @param {string} out
 * @param {ReadonlyArray<{ file: string; where: string; code: string }>} snippets
 * @returns {Promise<{ claims: number; failures: Array<string> }>}
 */
const runClaims = async (out, snippets) => {
  if (snippets.length === 0) return { claims: 0, failures: [] }
  const list = snippets.map((x) => {
    writeFileSync(join(out, x.file), x.code)
    return [`./${x.file}`, x.where]
  })
  writeFileSync(join(out, "run.mjs"), RUNNER)
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(out, "run.mjs"), JSON.stringify(list)],
      {
        cwd: out,
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024
      }
    )
    return JSON.parse(stdout)
  } catch (err) {
    const e = /** @type {{ stdout?: string; stderr?: string; message?: string }} */ (err)
    return { claims: 0, failures: [`the examples' runner failed: ${(e.stderr || e.message || "").trim()}`] }
  }
}

/** @param {string} dir @returns {Array<string>} */
const sources = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    if (statSync(p).isDirectory()) return sources(p)
    return p.endsWith(".ts") && !p.endsWith(".d.ts") ? [p] : []
  })

/**
 * Writes a package's examples to <package>/.doc-examples, type-checks them, then runs those that
 * claim results and checks the claims (see the header).
 *
 * @param {string} pkgDir
 * @returns {Promise<{ pkg: string; count: number; ok: boolean; output: string; claims: number; unrun: number }>}
 */
export const checkPackage = async (pkgDir) => {
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).name
  const out = join(pkgDir, OUT)
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  let count = 0
  /** @type {Array<{ file: string; where: string; code: string }>} */
  const run = []
  let unrun = 0
  for (const file of sources(join(pkgDir, "src"))) {
    for (const ex of examplesOf(readFileSync(file, "utf8"))) {
      const name = `${relative(join(pkgDir, "src"), file).replace(/[/\\]/g, "_").replace(/\.ts$/, "")}.${ex.line}.ts`
      // `export {}` makes every snippet a module, so top-level names don't clash between snippets
      writeFileSync(join(out, name), `// ${relative(root, file)}:${ex.line}\n${ex.code}\nexport {}\n`)
      count++
      const where = (/** @type {number} */ line) => `${relative(root, file)}:${ex.line + line}`
      if (declares(ex.code)) unrun += claimsOf(ex.code).length
      else {
        const code = runnable(ex.code, where)
        if (code !== undefined) run.push({ file: name.replace(/\.ts$/, ".mjs"), where: where(0), code })
      }
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
    return { pkg, count, ok: true, output: "", claims: 0, unrun }
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
  let claims = 0
  if (ok) {
    const ran = await runClaims(out, run)
    claims = ran.claims
    if (ran.failures.length > 0) {
      ok = false
      output = ran.failures.join("\n")
    }
  }
  if (ok && process.env.KEEP === undefined) rmSync(out, { recursive: true, force: true })
  return { pkg, count, ok, output, claims, unrun }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
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
    console.log(
      `${r.ok ? "ok  " : "FAIL"} ${r.pkg}: ${r.count} examples, ${r.claims} stated results checked${r.unrun === 0 ? "" : ` (${r.unrun} in examples with \`declare\`, not run)`}`
    )
    if (!r.ok) {
      failed++
      console.log(r.output.trim().replace(/^/gm, "     "))
    }
  }
  const total = results.reduce((n, r) => n + r.count, 0)
  const claims = results.reduce((n, r) => n + r.claims, 0)
  console.log(
    `${total} doc examples in ${results.length} packages, ${claims} stated results checked; ${failed} package(s) failed`
  )
  if (failed > 0) process.exit(1)
}
