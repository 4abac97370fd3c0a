import { defineConfig } from "rolldown"
export default defineConfig({ input: { main: "old/src/main.ts" }, platform: "node", tsconfig: "tsconfig.json", output: { dir: "old/dist", format: "esm", minify: true, chunkFileNames: "bulwark-[name]-[hash].js" } })
