import "./node20-polyfills.ts"
import type { ViteUserConfig } from "vitest/config"

/**
 * The one wall-clock limit in the tests: a guard against a hang, never a speed check (speed is
 * measured by the benchmarks in tools/bench). vitest's default of 5 s per test failed a test
 * once on a busy machine; no test may depend on how fast the machine is, so every test and hook
 * gets this much, and no test sets a tighter timeout of its own. Time inside Effect tests is the
 * TestClock's (`it.effect`), moved only by `TestClock.adjust`.
 */
export const hangGuardMs = 600_000

/** Options for {@link projectConfig}. */
export interface ProjectConfigOptions {
  /** Let `vitest run` succeed when the project has no test files yet. */
  readonly passWithNoTests?: boolean
}

/**
 * The vitest config every project shares: tests live in `test/**\/*.test.ts`, each may run for up
 * to {@link hangGuardMs}. When `CI` is set,
 * vitest also writes a JSON report to `test-results/vitest.json` (read by `tools/ci-summary.mjs`).
 */
export const projectConfig = (options: ProjectConfigOptions = {}): ViteUserConfig => ({
  test: {
    include: ["test/**/*.test.ts"],
    passWithNoTests: options.passWithNoTests ?? false,
    testTimeout: hangGuardMs,
    hookTimeout: hangGuardMs,
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" }
  }
})
