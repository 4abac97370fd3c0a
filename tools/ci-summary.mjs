#!/usr/bin/env node
// Sums vitest JSON reports (numPassedTests / numFailedTests) found under the given directories
// and prints one line: "N passed, N failed". Exits 1 if any test failed or if no test ran.
// Before that line it names every failed test (report, file, test, the message's first line) and
// every test file that failed to run at all, so that the end of a CI log says what failed.
// Usage: node tools/ci-summary.mjs DIR...
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"

/** @type {(dir: string) => Array<string>} */
const findReports = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return findReports(path)
    return name.endsWith(".json") ? [path] : []
  })

/** The first non-blank line of a failure message, without terminal colours, at most 200 characters. */
const firstLine = (/** @type {unknown} */ message) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing terminal colour codes
  const text = String(message ?? "").replace(/\u001b\[[0-9;]*m/g, "")
  const line = text.split("\n").find((l) => l.trim() !== "") ?? ""
  return line.length > 200 ? `${line.slice(0, 199)}…` : line.trim()
}

let passed = 0
let failed = 0
let reports = 0
/** @type {Array<string>} */
const failures = []
for (const dir of process.argv.slice(2)) {
  for (const file of findReports(dir)) {
    const report = JSON.parse(readFileSync(file, "utf8"))
    passed += report.numPassedTests ?? 0
    failed += report.numFailedTests ?? 0
    reports++
    const where = relative(process.cwd(), file)
    for (const suite of report.testResults ?? []) {
      const path = relative(process.cwd(), String(suite.name ?? "?"))
      /** @type {Array<{ status?: string, fullName?: string, title?: string, failureMessages?: Array<string> }>} */
      const tests = suite.assertionResults ?? []
      for (const test of tests) {
        if (test.status !== "failed") continue
        failures.push(
          `FAILED ${where}: ${path} > ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`
        )
      }
      if (suite.status === "failed" && !tests.some((t) => t.status === "failed")) {
        failures.push(`FAILED ${where}: ${path} (the file did not run): ${firstLine(suite.message)}`)
      }
    }
  }
}

if (reports === 0) console.error("ci-summary: no vitest JSON reports found")
for (const line of failures) console.log(line)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
