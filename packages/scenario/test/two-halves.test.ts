/**
 * `Scenario.readDocument` then `Scenario.loadDocument` (and `readFileDocument` in
 * `@bulwark/scenario/node`) give what `parseScenario` gives — the same loaded scenario, or the
 * same typed error with the same message and place — also when the document went through
 * `structuredClone` in between, as it does when a worker thread reads a huge file for the CLI
 * (issue 32, point 3: the main thread stays free for SIGTERM). Each error case fails in one of
 * the two halves: the text, the limits, the structure (first half); the ruleset, the schema,
 * the format, the compile, `expect:` ids (second half).
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { parseScenario, Scenario } from "../src/index.js"
import { readFileDocument } from "../src/node.js"
import { tiny2 } from "./tiny2.js"

const body = "format: 2\nruleset: tiny\nplayers: [a, b]\nturn: a\n"
const units = "objects:\n  - { id: bear, controller: b, might: 3 }\n"
const step = "steps:\n  - event: { id: e1, occurrences: [{ id: d1, source: a, to: bear, amount: 3 }] }\n"

const cases: ReadonlyArray<readonly [string, string, string]> = [
  ["a valid file", "ok.yaml", body + units + step],
  [
    "a valid file in JSON",
    "ok.json",
    JSON.stringify({ format: 2, ruleset: "tiny", players: ["a", "b"], turn: "a" })
  ],
  [
    "a valid file outside the YAML subset (an anchor)",
    "anchor.yaml",
    `${body}objects:\n  - &u { id: bear, controller: b, might: 3 }\n${step}`
  ],
  ["malformed YAML", "bad.yaml", `${body}objects: [\n`],
  ["malformed JSON", "bad.json", '{ "ruleset": "tiny", }'],
  ["not a mapping", "list.yaml", "- 1\n- 2\n"],
  ["over a limit", "limit.yaml", `${body}${units}steps:\n${"  - advance: endOfTurn\n".repeat(12)}`],
  ["a reserved name", "reserved.yaml", `${body}objects:\n  - { id: constructor, controller: b, might: 3 }\n`],
  ["a cycle", "cycle.yaml", `${body}effects: &cyc [1, *cyc]\n`],
  ["an unknown ruleset", "unknown.yaml", "format: 2\nruleset: nope\nplayers: [a]\n"],
  ["an outdated format", "old.yaml", "format: 1\nruleset: tiny\nplayers: [a]\n"],
  [
    "a schema mismatch, located",
    "schema.yaml",
    `${body}objects:\n  - { id: bear, controller: b, might: three }\n`
  ],
  [
    "a schema mismatch outside the subset, located",
    "schema-anchor.yaml",
    `${body}objects:\n  - &u { id: bear, controller: b, might: three }\n`
  ],
  ["an unknown expect id", "expect.yaml", `${body}${units}${step}expect: { dealt: { nobody: 0 } }\n`]
]

const options = { limits: { steps: 10 } }

/** What a load says, to compare: the error's tag and message, or the loaded scenario's parts. */
const said = (
  r: Result.Result<Scenario.LoadedScenario, { readonly _tag: string; readonly message: string }>
) =>
  Result.isFailure(r)
    ? { error: r.failure._tag, message: r.failure.message }
    : {
        ruleset: r.success.ruleset.id,
        document: r.success.document,
        steps: r.success.compiled.steps.map((s) => s._tag),
        view: r.success.compiled.view,
        effects: r.success.compiled.ledger.effects.map((e) => e.id),
        expect: r.success.expect,
        at: r.success.sourceMap.positionOf(["players", 1])
      }

const halves = (text: string, file: string) =>
  Result.flatMap(Scenario.readDocument(text, file, options), (document) =>
    Scenario.loadDocument(structuredClone(document), text, file, [tiny2])
  )

describe("a scenario loaded in two halves", () => {
  for (const [what, file, text] of cases)
    it(`${what}: the same as parseScenario`, () => {
      const whole = said(parseScenario(text, file, [tiny2], options))
      assert.deepStrictEqual(said(halves(text, file)), whole)
      // the case is what it says: an error where one is meant, a scenario elsewhere
      assert.strictEqual("error" in whole, !what.startsWith("a valid"), JSON.stringify(whole))
    })

  it("readFileDocument: the file's bytes and document, finished by loadDocument as loadFile would", () => {
    const dir = mkdtempSync(join(tmpdir(), "bulwark-halves-"))
    const file = join(dir, "ok.yaml")
    const text = body + units + step
    writeFileSync(file, text)
    const r = readFileDocument(file, options)
    if (Result.isFailure(r)) return assert.fail(r.failure.message)
    assert.strictEqual(new TextDecoder().decode(r.success.bytes), text)
    const loaded = Scenario.loadDocument(structuredClone(r.success.document), text, file, [tiny2])
    assert.deepStrictEqual(said(loaded), said(parseScenario(text, file, [tiny2], options)))
    const missing = readFileDocument(join(dir, "missing.yaml"))
    assert.isTrue(Result.isFailure(missing) && missing.failure._tag === "FileUnreadable")
  })
})
