/**
 * The loader's limits (`Scenario.defaultLimits`): file size, occurrences per event, effects,
 * steps — checked on the parsed document before anything is decoded or run, each a typed
 * `LimitExceeded` naming the limit, where it is and how to raise it.
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { defaultLimits, parseScenario, type ScenarioError } from "../src/index.js"
import { loadFile } from "../src/node.js"
import { tiny } from "./tiny.js"

const doc = (effects: number, steps: number, occurrences: number) =>
  [
    "format: 2",
    "ruleset: tiny",
    "players: [alice, bob]",
    "effects:",
    ...Array.from({ length: effects }, (_, i) => `  - { kind: shield, id: s${i} }`),
    "steps:",
    ...Array.from({ length: steps }, (_, i) =>
      [
        "  - event:",
        `      id: e${i}`,
        "      occurrences:",
        ...Array.from(
          { length: i === steps - 1 ? occurrences : 1 },
          (_, k) => `        - { id: o${i}-${k}, to: bob, amount: 1 }`
        )
      ].join("\n")
    ),
    ""
  ].join("\n")

const refused = (text: string, limits?: Parameters<typeof parseScenario>[3]): ScenarioError.ScenarioError => {
  const r = parseScenario(text, "case.yaml", [tiny], limits)
  if (Result.isSuccess(r)) throw new Error("the file loaded")
  return r.failure
}

describe("limits", () => {
  it("the defaults, as documented", () => {
    assert.deepStrictEqual(defaultLimits, {
      fileSize: 128 * 1024 * 1024,
      occurrencesPerEvent: 200_000,
      effects: 10_000,
      steps: 10_000
    })
  })

  it("10 001 effects are refused by default, naming the limit, its line and how to raise it", () => {
    const e = refused(doc(10_001, 1, 1))
    assert.strictEqual(e._tag, "LimitExceeded")
    if (e._tag !== "LimitExceeded") return
    assert.strictEqual(e.limit, "effects")
    assert.strictEqual(e.value, 10_001)
    assert.strictEqual(e.line, 4)
    assert.include(e.message, "case.yaml:4:")
    assert.include(e.message, "BULWARK_LIMITS=effects=")
    // at the limit is within it: whatever else is wrong with the file, not this
    assert.notStrictEqual(refused(doc(3, 1, 1), { limits: { effects: 3 } })._tag, "LimitExceeded")
    assert.strictEqual(refused(doc(4, 1, 1), { limits: { effects: 3 } })._tag, "LimitExceeded")
  })

  it("steps and occurrences per event, over lowered limits", () => {
    const steps = refused(doc(1, 4, 1), { limits: { steps: 3 } })
    assert.isTrue(steps._tag === "LimitExceeded" && steps.limit === "steps" && steps.value === 4)
    const occurrences = refused(doc(1, 2, 6), { limits: { occurrencesPerEvent: 5 } })
    assert.strictEqual(occurrences._tag, "LimitExceeded")
    if (occurrences._tag !== "LimitExceeded") return
    assert.strictEqual(occurrences.limit, "occurrencesPerEvent")
    assert.strictEqual(occurrences.value, 6)
    // located at the event's occurrences: the second step's `occurrences:` list
    assert.strictEqual(occurrences.line, 13)
    assert.include(occurrences.message, "occurrences in the event e1 of steps[1]")
    // raising the limit lets the same file past it
    assert.notStrictEqual(refused(doc(1, 2, 6), { limits: { occurrencesPerEvent: 6 } })._tag, "LimitExceeded")
  })

  it("the file size, in the text and before a file is read", () => {
    const text = doc(20, 1, 1)
    const e = refused(text, { limits: { fileSize: 100 } })
    assert.isTrue(e._tag === "LimitExceeded" && e.limit === "fileSize" && e.value === text.length)
    const dir = mkdtempSync(join(tmpdir(), "bulwark-limits-"))
    const file = join(dir, "big.yaml")
    writeFileSync(file, text)
    const r = loadFile(file, [tiny], { limits: { fileSize: 100 } })
    assert.isTrue(Result.isFailure(r) && r.failure._tag === "LimitExceeded" && r.failure.what === "bytes")
  })
})
