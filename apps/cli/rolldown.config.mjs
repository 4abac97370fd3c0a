// Bundles the `bulwark` executable (dist/main.js, the package's bin) after `tsc -b` has emitted
// the library (dist/cli.js and its types). The CLI's own code and its private dependencies
// (@effect/platform-node) are bundled; `effect` and the Bulwark libraries are not: rulesets are
// plugins loaded from node_modules (src/plugins.ts), and they import `effect`, `@bulwark/core`
// and `@bulwark/scenario` from there, so the CLI must use those very copies (one Schema
// implementation, one set of error classes). No ruleset is bundled or named. The entry is a
// small chunk and the rest is imported only when the command line needs it (`bulwark --version`
// never loads effect).
import { readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { defineConfig } from "rolldown"

// the chunks of the previous build (their names carry a content hash)
for (const f of readdirSync("dist", { withFileTypes: true }))
  if (f.isFile() && /^bulwark-.*\.js$/.test(f.name)) rmSync(join("dist", f.name))

export default defineConfig({
  input: { main: "src/main.ts" },
  // shared with the rulesets: resolved from node_modules at run time (see above)
  external: [/^effect(\/|$)/, /^@bulwark\//],
  platform: "node",
  tsconfig: "tsconfig.json",
  output: {
    dir: "dist",
    format: "esm",
    minify: true,
    // flat in dist/, next to package.json's parent: the chunks find ../package.json and
    // ../gallery.json as the tsc output does
    chunkFileNames: "bulwark-[name]-[hash].js",
    cleanDir: false
  }
})
