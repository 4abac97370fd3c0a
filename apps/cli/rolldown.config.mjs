// Bundles the `bulwark` executable (dist/main.js, the package's bin) after `tsc -b` has emitted
// the library (dist/cli.js and its types). Everything the command uses — the Bulwark packages,
// effect, the CLI framework — is bundled, so Node parses a few files instead of resolving
// hundreds of modules; the entry is a small chunk and the rest is imported only when the
// command line needs it (`bulwark --version` never loads effect).
import { readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { defineConfig } from "rolldown"

// the chunks of the previous build (their names carry a content hash)
for (const f of readdirSync("dist", { withFileTypes: true }))
  if (f.isFile() && /^bulwark-.*\.js$/.test(f.name)) rmSync(join("dist", f.name))

export default defineConfig({
  input: { main: "src/main.ts" },
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
