/**
 * The kernel differential (issue 30, point 5: "a differential test that runs the bundled scenarios
 * and the generated corpora through today's kernel … and the new one, and requires identical
 * outcomes and traces").
 *
 * `kernel.json` froze, per case (`cases.ts`), the hash of the canonical text — the whole outcome
 * and the rendered trace — that the kernel gave before the lean-data rewrite. This test requires
 * today's kernel to give the same text for every case, and the same outcome with `trace: false`
 * (the fast path builds no trace, and must decide nothing differently). A mutant (one field of an
 * outcome changed) shows the comparison can fail.
 *
 * `FREEZE_KERNEL=write` rewrites the frozen files instead (README.md in this folder).
 */
import { beforeAll, describe, expect, it } from "vitest"
import { canonical, cases, frozenHashes, frozenTexts, hash, outcomeText, rulesets, run } from "./cases.js"
import { freeze } from "./freeze.js"

const writing = process.env.FREEZE_KERNEL === "write"

/** The first lines where two texts differ, with a little context. */
const diff = (expected: string, actual: string): string => {
  const a = expected.split("\n")
  const b = actual.split("\n")
  const at = a.findIndex((l, i) => l !== b[i])
  const from = Math.max(0, (at < 0 ? Math.min(a.length, b.length) : at) - 3)
  return [
    `first difference at line ${from + 4}:`,
    ...a.slice(from, from + 8).map((l) => `- ${l}`),
    ...b.slice(from, from + 8).map((l) => `+ ${l}`)
  ].join("\n")
}

describe.skipIf(!writing)("freezing the kernel's outcomes", () => {
  it("writes kernel.json and kernel-text.json.gz", { timeout: 1_800_000 }, async () => {
    const s = await freeze()
    console.log(`froze ${s.cases} cases, ${s.loaded} loaded`)
  })
})

describe.skipIf(writing)("the kernel differential", () => {
  let all: ReturnType<typeof cases> = []
  let hashes: ReturnType<typeof frozenHashes> = {}
  beforeAll(() => {
    all = cases()
    hashes = frozenHashes()
  })

  it("covers every bundled scenario and the corpora, all frozen from the same inputs", () => {
    const keys = all.map((c) => c.key)
    expect(keys.filter((k) => !Object.hasOwn(hashes, k))).toEqual([])
    expect(Object.keys(hashes).filter((k) => !keys.includes(k))).toEqual([])
    // a changed scenario file or generator is not a kernel difference: it must be refrozen
    expect(all.filter((c) => hashes[c.key]?.input !== hash(c.text)).map((c) => c.key)).toEqual([])
    for (const prefix of [
      "bundled/mtg/",
      "bundled/riftbound/",
      "bundled/berserk/",
      "bundled/fab/",
      "examples/",
      "generated/mtg/",
      "generated/riftbound/",
      "generated/berserk/",
      "generated/fab/",
      "fuzz/"
    ])
      expect(
        keys.some((k) => k.startsWith(prefix)),
        prefix
      ).toBe(true)
  })

  it("gives every case the frozen outcome and trace", { timeout: 1_800_000 }, async () => {
    const with_ = await rulesets()
    const differ: Array<string> = []
    for (const c of all) {
      const text = canonical(c, with_)
      if (hash(text) !== hashes[c.key]?.output) differ.push(c.key)
    }
    if (differ.length > 0) {
      const texts = frozenTexts()
      const first = all.find((c) => c.key === differ[0])!
      expect.fail(
        `${differ.length} case(s) differ from the frozen kernel: ${differ.slice(0, 20).join(", ")}\n${first.key}: ${diff(texts[first.key] ?? "", canonical(first, with_))}`
      )
    }
  })

  it("gives the same outcome with trace: false", { timeout: 1_800_000 }, async () => {
    const with_ = await rulesets()
    const differ: Array<string> = []
    for (const c of all) {
      const ran = run(c, with_)
      if (ran === undefined) continue
      if (outcomeText(ran.loaded, ran.untraced) !== outcomeText(ran.loaded, ran.traced)) differ.push(c.key)
    }
    expect(differ).toEqual([])
  })

  it("fails on a changed outcome (mutant)", async () => {
    const with_ = await rulesets()
    const texts = frozenTexts()
    const c = all.find((x) => x.key.startsWith("bundled/mtg/"))!
    const text = canonical(c, with_)
    expect(hash(text)).toBe(hashes[c.key]?.output)
    expect(texts[c.key]).toBe(text)
    // the mutant: one number of the outcome changed by one
    const mutant = text.replace(/"amount": (\d+)/, (_, n: string) => `"amount": ${Number(n) + 1}`)
    expect(mutant).not.toBe(text)
    expect(hash(mutant)).not.toBe(hashes[c.key]?.output)
    expect(diff(texts[c.key] ?? "", mutant)).toMatch(/^- .*"amount"/m)
  })
})
