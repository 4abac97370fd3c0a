/**
 * The CI's last line (README, "CI"): `.ci/run` ends with "N passed, N failed" summed over the
 * vitest JSON reports, exits non-zero on any failure, and names each failed test before that
 * line, so that the tail of a CI log says which test failed and why.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"

const script = fileURLToPath(new URL("../ci-summary.mjs", import.meta.url))

/** Writes each report as `<dir>/<leg>/<name>.json` and runs the summary over the directory. */
const summarise = (reports: Record<string, unknown>) => {
  const dir = mkdtempSync(join(tmpdir(), "bulwark-ci-summary-"))
  for (const [name, report] of Object.entries(reports)) {
    mkdirSync(join(dir, name, ".."), { recursive: true })
    // a report names its test files by absolute path; "<root>" stands for the run's directory
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(report).replaceAll("<root>", dir))
  }
  const run = spawnSync(process.execPath, [script, dir], { cwd: dir, encoding: "utf8" })
  return { status: run.status, lines: run.stdout.trimEnd().split("\n") }
}

const passing = {
  numPassedTests: 3,
  numFailedTests: 0,
  testResults: [
    { name: "<root>/x/a.test.ts", status: "passed", assertionResults: [{ status: "passed", fullName: "a" }] }
  ]
}

describe("ci-summary", () => {
  it("sums every report of every leg and exits 0 when nothing failed", () => {
    const { status, lines } = summarise({ "node20/core": passing, "node24/core": passing })
    assert.deepStrictEqual(lines, ["6 passed, 0 failed"])
    assert.strictEqual(status, 0)
  })

  it("names a failed test with its report, file and the message's first line, then the count line", () => {
    const { status, lines } = summarise({
      "node20/cli": {
        numPassedTests: 1,
        numFailedTests: 1,
        testResults: [
          {
            name: "<root>/x/hostile.test.ts",
            status: "failed",
            assertionResults: [
              { status: "passed", fullName: "ok" },
              {
                status: "failed",
                fullName: "hostile > a huge file",
                failureMessages: ["\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at stack"]
              }
            ]
          }
        ]
      }
    })
    assert.deepStrictEqual(lines, [
      "FAILED node20/cli.json: x/hostile.test.ts > hostile > a huge file: AssertionError: expected 1 to be 2",
      "1 passed, 1 failed"
    ])
    assert.strictEqual(status, 1)
  })

  it("names a test file that failed to run at all (no test of it failed, it did not load)", () => {
    const { status, lines } = summarise({
      "node20/mtg": {
        numPassedTests: 2,
        numFailedTests: 0,
        testResults: [
          {
            name: "<root>/x/broken.test.ts",
            status: "failed",
            message: "SyntaxError: bad",
            assertionResults: []
          }
        ]
      }
    })
    assert.deepStrictEqual(lines, [
      "FAILED node20/mtg.json: x/broken.test.ts (the file did not run): SyntaxError: bad",
      "2 passed, 0 failed"
    ])
    // a file that did not run fails the leg through the test command's exit; the count line counts tests
    assert.strictEqual(status, 0)
  })

  it("exits 1 when no test ran at all", () => {
    const { status, lines } = summarise({})
    assert.deepStrictEqual(lines, ["0 passed, 0 failed"])
    assert.strictEqual(status, 1)
  })
})
