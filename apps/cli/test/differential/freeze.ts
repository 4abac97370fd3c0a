/**
 * Writes `kernel.json` and `kernel-text.json.gz` from the code of the day (see `cases.ts`). Run
 * only on the kernel that is the reference (README.md in this folder).
 */
import { writeFileSync } from "node:fs"
import { gzipSync } from "node:zlib"
import { canonical, cases, type Frozen, hash, hashesFile, rulesets, textsFile } from "./cases.js"

/** Computes and writes both files; returns how many cases loaded and how many did not. */
export const freeze = async (): Promise<{ readonly cases: number; readonly loaded: number }> => {
  const with_ = await rulesets()
  const hashes: Record<string, Frozen> = {}
  const texts: Record<string, string> = {}
  let loaded = 0
  for (const c of cases()) {
    const text = canonical(c, with_)
    if (text !== "not loaded") loaded++
    hashes[c.key] = { input: hash(c.text), output: hash(text) }
    texts[c.key] = text
  }
  const lines = Object.entries(hashes).map(([k, h]) => `${JSON.stringify(k)}:${JSON.stringify(h)}`)
  writeFileSync(hashesFile, `{\n${lines.join(",\n")}\n}\n`)
  writeFileSync(textsFile, gzipSync(JSON.stringify(texts), { level: 9 }))
  return { cases: lines.length, loaded }
}
