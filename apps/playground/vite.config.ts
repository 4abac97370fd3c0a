import { defineConfig } from "vite"

// A static site: relative asset paths so `dist/` can be served from any sub-path. The page's
// first chunk is the UI and the engine (core, scenario, effect, yaml); each ruleset is a chunk
// loaded when a scenario names it (src/bundled.ts), and each ruleset's bundled scenario files one
// more, read when that ruleset is chosen.
const chunkOf = (id: string): string | null => {
  const files = /packages\/([^/]+)\/scenarios\/[^/]+\.yaml/.exec(id)
  if (files !== null) return `scenarios-${files[1]}`
  const code = /packages\/(mtg|riftbound|berserk|fab)\/dist\//.exec(id)
  return code === null ? null : `ruleset-${code[1]}`
}

export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunkOf }] } }
    }
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" }
})
