import "./node20-polyfills.ts"
import type { ViteUserConfig } from "vitest/config"

/** Options for {@link projectConfig}. */
export interface ProjectConfigOptions {
  /** Let `vitest run` succeed when the project has no test files yet. */
  readonly passWithNoTests?: boolean
}

/**
 * The vitest config every project shares: tests live in `test/**\/*.test.ts`. When `CI` is set,
 * vitest also writes a JSON report to `test-results/vitest.json` (read by `tools/ci-summary.mjs`).
 */
export const projectConfig = (options: ProjectConfigOptions = {}): ViteUserConfig => ({
  test: {
    include: ["test/**/*.test.ts"],
    passWithNoTests: options.passWithNoTests ?? false,
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" }
  }
})
