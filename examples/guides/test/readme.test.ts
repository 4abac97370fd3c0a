import { readFileSync } from "node:fs"
import { inspect } from "node:util"
import { ruleset } from "@bulwark/mtg"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it, vi } from "@effect/vitest"
import { Result } from "effect"
import { blocksOf } from "../../../tools/guide-snippets.mjs"
import { brokenPromises, promisedOutput } from "../../../tools/smoke-pack/newcomer.mjs"

/** Runs a module and returns what it printed, line by line, as Node prints it. */
const printed = async (load: () => Promise<unknown>): Promise<string> => {
  const lines: Array<string> = []
  const spy = vi
    .spyOn(console, "log")
    .mockImplementation((...args: Array<unknown>) =>
      lines.push(args.map((a) => (typeof a === "string" ? a : inspect(a))).join(" "))
    )
  try {
    await load()
  } finally {
    spy.mockRestore()
  }
  return lines.join("\n")
}

/**
 * The README quick examples print what their `// →` comments say — the same check the smoke-pack
 * newcomer test makes against the packed packages. MTG CR 616.1: nap (Z's controller) orders;
 * prevent first (3 − 2) × 2 = 2, double first 3 × 2 − 2 = 4.
 */
describe("README quick examples", () => {
  it("packages/mtg/README.md: { Z: 2 } with the best order, { Z: 4 } when nap answers double", async () => {
    const code = readFileSync(new URL("../src/readme/mtg.ts", import.meta.url), "utf8")
    assert.deepStrictEqual(promisedOutput(code), ["{ Z: 2 }", "{ Z: 4 }"])
    const out = await printed(() => import("../src/readme/mtg.js"))
    assert.deepStrictEqual(brokenPromises(code, out), [])
    // the question was shown (Decision.describe: who is asked, the options)
    const question = out.split("\n").find((l) => l.includes("shield") && l.includes("double"))
    assert.include(question ?? "", "nap")
  })
  it("packages/core/README.md: { bear: 2 } 0 synchronously, { bear: 4 } when bob answers double", async () => {
    const code = readFileSync(new URL("../src/readme/core.ts", import.meta.url), "utf8")
    assert.deepStrictEqual(promisedOutput(code), ["{ bear: 2 } 0", "{ bear: 4 }"])
    const out = await printed(() => import("../src/readme/core.js"))
    assert.deepStrictEqual(brokenPromises(code, out), [])
  })
  it("the promise check can fail: a missing line, lines out of order, no promise at all", () => {
    const code = "a() // → one\nb() // → two\n"
    assert.deepStrictEqual(brokenPromises(code, "one\ntwo\n"), [])
    assert.deepStrictEqual(brokenPromises(code, "one\n"), ["two"])
    assert.deepStrictEqual(brokenPromises(code, "two\none\n"), ["two"])
    assert.strictEqual(brokenPromises("a()\n", "anything").length, 1)
  })
})

/**
 * The root README's "Write your own scenario" is scenarios/first.yaml, word for word, and that
 * file passes its `expect:` (MTG CR 615.7: "Prevent the next 2 damage" prevents 2 of the 3; 1 is
 * dealt). The README's claim that `amount: 4` fails with "expected 1, got 2" is checked too.
 */
describe("README: write your own scenario", () => {
  const file = "examples/guides/scenarios/first.yaml"
  const text = readFileSync(new URL("../scenarios/first.yaml", import.meta.url), "utf8")
  const check = (yaml: string) => {
    const r = parseScenario(yaml, file, [ruleset])
    if (Result.isFailure(r)) return assert.fail(r.failure.message)
    return checkScenario(r.success)
  }
  it("the README's yaml block is the file", () => {
    const blocks = blocksOf("README.md").filter((b) => b.file === file)
    assert.strictEqual(blocks.length, 1)
    assert.strictEqual(blocks[0]?.inGuide, text)
  })
  it("the file passes its expect:", () => {
    assert.deepStrictEqual(check(text).mismatches, [])
  })
  it("3 → 4 fails as the README says", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8")
    assert.include(
      readme,
      "Change `amount: 3` to `4` and `check` fails with `at events.hit.dealt.bear: expected 1, got 2`"
    )
    const c = check(text.replace("amount: 3", "amount: 4"))
    assert.isFalse(c.ok)
    assert.deepStrictEqual(c.mismatches, [{ path: "events.hit.dealt.bear", expected: 1, actual: 2 }])
  })
})
