#!/usr/bin/env node
// Marks the calls a built module makes while it loads as `/*#__PURE__*/`, so that bundlers drop
// what an application does not use (run after `tsc -b`: `node ../../tools/annotate-pure.mjs dist`).
//
// Annotated: calls and `new` in top-level variable initializers, class `extends` clauses, static
// field initializers and computed member names, outside function bodies, e.g.
// `export const Options = Schema.Struct({ … })` or `class E extends Schema.TaggedErrorClass<E>()(…)`.
// These only build values (schemas, error classes, tables): the libraries do no work at import.
// esbuild keeps such a call unless it is annotated (rolldown / vite drop most of them anyway).
// Top-level expression statements (`register(…)`) are never annotated: if one appears, it is
// reported and the run fails, since it would be work done at import. Idempotent; the `.js.map`
// next to a file is shifted to match. `--check` reports what is missing and writes nothing.
import fs from "node:fs"
import path from "node:path"
import ts from "typescript"

const MARK = "/*#__PURE__*/ "

/**
 * Offsets (in `text`) where an annotation is due, and the top-level statements that do work.
 * @param {string} file
 * @param {string} text
 * @returns {{ offsets: Array<number>, work: Array<string> }}
 */
export const sites = (file, text) => {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  /** @type {Set<number>} */
  const found = new Set()
  /** @type {Array<ts.Node>} */
  const work = []
  /** @param {ts.Node} n @returns {void} */
  const visit = (n) => {
    if (ts.isFunctionLike(n) && !ts.isClassLike(n)) return
    if (ts.isClassLike(n)) return visitClass(n)
    if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isTaggedTemplateExpression(n)) {
      const start = n.getStart(sf)
      if (!/#__PURE__\*\/\s*$/.test(text.slice(Math.max(0, start - 20), start))) found.add(start)
    }
    ts.forEachChild(n, visit)
  }
  /** @param {ts.ClassLikeDeclaration} c */
  const visitClass = (c) => {
    for (const h of c.heritageClauses ?? []) for (const t of h.types) visit(t.expression)
    for (const m of c.members) {
      const isStatic =
        /** @type {{ modifiers?: ts.NodeArray<ts.ModifierLike> }} */ (m).modifiers?.some(
          (x) => x.kind === ts.SyntaxKind.StaticKeyword
        ) ?? false
      if (m.name && ts.isComputedPropertyName(m.name)) visit(m.name.expression)
      if (ts.isPropertyDeclaration(m) && isStatic && m.initializer) visit(m.initializer)
      if (ts.isClassStaticBlockDeclaration(m)) work.push(m)
    }
  }
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (d.initializer) visit(d.initializer)
    } else if (ts.isClassDeclaration(st)) visitClass(st)
    else if (ts.isExportAssignment(st)) visit(st.expression)
    else if (ts.isExpressionStatement(st)) work.push(st)
  }
  /** @param {ts.Node} n */
  const where = (n) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`
  return {
    offsets: [...found].sort((a, b) => a - b),
    work: work.map((n) => `${where(n)}: ${n.getText(sf).slice(0, 70)}`)
  }
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
/** @param {string} s */
const decodeVlq = (s) => {
  /** @type {Array<number>} */
  const out = []
  let value = 0
  let shift = 0
  for (const ch of s) {
    const digit = B64.indexOf(ch)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return out
}
/** @param {ReadonlyArray<number>} values */
const encodeVlq = (values) =>
  values
    .map((v) => {
      let n = v < 0 ? (-v << 1) | 1 : v << 1
      let s = ""
      do {
        let digit = n & 31
        n >>>= 5
        if (n > 0) digit |= 32
        s += B64[digit]
      } while (n > 0)
      return s
    })
    .join("")

/**
 * Shifts a source map's generated columns by the text inserted at `inserts` ([line, column] pairs).
 * @param {string} mappings
 * @param {ReadonlyArray<readonly [number, number]>} inserts
 * @param {number} width
 * @returns {string}
 */
export const shiftMappings = (mappings, inserts, width) =>
  mappings
    .split(";")
    .map((line, index) => {
      const at = inserts.filter(([l]) => l === index).map(([, c]) => c)
      if (at.length === 0 || line === "") return line
      let column = 0
      let previous = 0
      return line
        .split(",")
        .map((segment) => {
          const [delta = 0, ...rest] = decodeVlq(segment)
          column += delta
          const moved = column + width * at.filter((c) => c <= column).length
          const out = encodeVlq([moved - previous, ...rest])
          previous = moved
          return out
        })
        .join(",")
    })
    .join(";")

/**
 * Annotates one file (and its map); returns the number of annotations added and any top-level work.
 * @param {string} file
 * @param {boolean} write
 */
export const annotateFile = (file, write) => {
  const text = fs.readFileSync(file, "utf8")
  const { offsets, work } = sites(file, text)
  if (write && offsets.length > 0) {
    let out = text
    for (const at of [...offsets].reverse()) out = out.slice(0, at) + MARK + out.slice(at)
    fs.writeFileSync(file, out)
    const mapFile = `${file}.map`
    if (fs.existsSync(mapFile)) {
      const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
      const inserts = offsets.map((at) => {
        const l = sf.getLineAndCharacterOfPosition(at)
        return /** @type {const} */ ([l.line, l.character])
      })
      const map = JSON.parse(fs.readFileSync(mapFile, "utf8"))
      map.mappings = shiftMappings(map.mappings, inserts, MARK.length)
      fs.writeFileSync(mapFile, JSON.stringify(map))
    }
  }
  return { added: offsets.length, work }
}

const main = () => {
  const args = process.argv.slice(2)
  const check = args.includes("--check")
  const dirs = args.filter((a) => a !== "--check")
  let added = 0
  /** @type {Array<string>} */
  const work = []
  for (const dir of dirs) {
    for (const rel of fs.readdirSync(dir, { recursive: true })) {
      if (!String(rel).endsWith(".js")) continue
      const r = annotateFile(path.join(dir, String(rel)), !check)
      added += r.added
      work.push(...r.work)
    }
  }
  for (const w of work) console.error(`top-level work at import (not allowed in a library): ${w}`)
  if (check && added > 0) console.error(`${added} call(s) made at import are not marked /*#__PURE__*/`)
  if (work.length > 0 || (check && added > 0)) process.exit(1)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
