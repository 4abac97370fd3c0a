import "../../tools/node20-polyfills.ts"
import { defineConfig } from "vitest/config"
import { projectConfig } from "../../tools/vitest.shared.ts"

export default defineConfig(projectConfig())
