import { build } from "vite"
import path from "node:path"
const entry = path.resolve(process.argv[2])
const r = await build({ configFile: false, logLevel: "silent", root: path.dirname(entry),
  build: { write: false, minify: true, lib: { entry, formats: ["es"], fileName: "out" }, rollupOptions: { } } })
const outs = (Array.isArray(r) ? r : [r]).flatMap((x) => x.output)
for (const o of outs) if (o.type === "chunk") { console.log(o.fileName, o.code.length);
  const mods = Object.entries(o.modules).map(([k,v])=>[v.renderedLength,k.replace(/.*node_modules\//,"")]).sort((a,b)=>b[0]-a[0]); for (const m of mods.slice(0,+process.argv[3]||0)) console.log(m[0], m[1]) }
