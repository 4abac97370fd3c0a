import "./node20-polyfills.ts"
import { defineConfig } from "vitest/config"
import { projectConfig } from "./vitest.shared.ts"

export default defineConfig(projectConfig())
