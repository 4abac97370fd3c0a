import "../../tools/node20-polyfills.ts"
import { defineConfig } from "vitest/config"

// The browser test: run on its own (`pnpm --filter @bulwark/playground e2e`, after `build`), not
// by `pnpm test`. Its JSON report goes to E2E_REPORT (default test-results/e2e.json), which
// .ci/run adds to the summary line.
export default defineConfig({
  test: {
    include: ["e2e/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default", "json"],
    outputFile: { json: process.env.E2E_REPORT ?? "test-results/e2e.json" }
  }
})
