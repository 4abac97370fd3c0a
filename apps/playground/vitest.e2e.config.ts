import "../../tools/node20-polyfills.ts"
import { defineConfig } from "vitest/config"
import { hangGuardMs } from "../../tools/vitest.shared.ts"

// The browser test: run on its own (`pnpm --filter @bulwark/playground e2e`, after `build`), not
// by `pnpm test`. Its JSON report goes to E2E_REPORT (default test-results/e2e.json), which
// .ci/run adds to the summary line.
export default defineConfig({
  test: {
    include: ["e2e/**/*.test.ts"],
    // a hang guard, not a speed check (see tools/vitest.shared.ts); the page's own waits are
    // Playwright's, event-driven, with the same guard (e2e/playground.test.ts)
    testTimeout: hangGuardMs,
    hookTimeout: hangGuardMs,
    reporters: ["default", "json"],
    outputFile: { json: process.env.E2E_REPORT ?? "test-results/e2e.json" }
  }
})
