#!/usr/bin/env node
// Sums vitest JSON reports (numPassedTests / numFailedTests) found under the given directories
// and prints one line: "N passed, N failed". Exits 1 if any test failed or if no test ran.
// Usage: node tools/ci-summary.mjs DIR...
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"

/** @type {(dir: string) => Array<string>} */
const findReports = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return findReports(path)
    return name.endsWith(".json") ? [path] : []
  })

let passed = 0
let failed = 0
let reports = 0
for (const dir of process.argv.slice(2)) {
  for (const file of findReports(dir)) {
    const report = JSON.parse(readFileSync(file, "utf8"))
    passed += report.numPassedTests ?? 0
    failed += report.numFailedTests ?? 0
    reports++
  }
}

if (reports === 0) console.error("ci-summary: no vitest JSON reports found")
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
