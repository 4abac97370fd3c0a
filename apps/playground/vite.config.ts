import { defineConfig } from "vite"

// A static site: relative asset paths so `dist/` can be served from any sub-path.
export default defineConfig({
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" }
})
