import "../../tools/node20-polyfills.ts"
import { defineConfig } from "vitest/config"
import { projectConfig } from "../../tools/vitest.shared.ts"

// passWithNoTests: core's tests are being written separately; drop it once they land.
export default defineConfig(projectConfig({ passWithNoTests: true }))
