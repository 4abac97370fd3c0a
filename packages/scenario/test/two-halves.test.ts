/**
 * `Scenario.readDocument` then `Scenario.loadDocument` (and `readFileDocument` in
 * `@bulwark/scenario/node`) give what `parseScenario` gives — the same loaded scenario, or the
 * same typed error with the same message and place — also when the document went through
 * `structuredClone` in between, as it does when a worker thread reads a huge file for the CLI
 * (issue 32, point 3: the main thread stays free for SIGTERM). Each error case fails in one of
 * the two halves: the text, the limits, the structure (first half); the ruleset, the schema,
 * the format, the compile, `expect:` ids (second half).
 *
 * And `Scenario.loadDocumentEffect` (the second half as an effect that gives the event loop a turn
 * every few milliseconds, so that the CLI can stop on SIGTERM while it decodes and compiles a
 * huge file) gives what `loadDocument` gives, for every case and for big documents whose lists
 * are worked through in slices (an event of thousands of occurrences is decoded slice by slice):
 * valid, and with a mistake in one occurrence, in the event itself or in one object.
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Result } from "effect"
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

/** A document of `n` units, each hit by one occurrence of one event (its lists cut into slices). */
const big = (n: number, bad: { occurrence?: number; object?: number; eventId?: boolean } = {}) => {
  const lines = [body, "objects:"]
  for (let i = 0; i < n; i++)
    lines.push(`  - { id: u${i}, controller: b, might: ${i === bad.object ? "three" : 3} }`)
  lines.push(
    "steps:",
    `  - event:`,
    `      id: ${bad.eventId === true ? "[e1]" : "e1"}`,
    "      occurrences:"
  )
  for (let i = 0; i < n; i++)
    lines.push(`        - { source: a, to: u${i}, amount: ${i === bad.occurrence ? "-1" : 3} }`)
  return `${lines.join("\n")}\n`
}

/** Big documents and what they load to: the problem as the whole event's decode words and places it (before slices). */
const bigCases: ReadonlyArray<readonly [string, string, string | undefined]> = [
  ["a valid document of 3 000 units and occurrences", big(3000), undefined],
  [
    "one bad occurrence (the 2 001st of 3 000)",
    big(3000, { occurrence: 2000 }),
    "big.yaml:5011:43 at steps[0].event.occurrences[2000].amount: Expected a value greater than or equal to 0, got -1"
  ],
  [
    "a bad event id before 3 000 occurrences",
    big(3000, { eventId: true }),
    'big.yaml:3009:11 at steps[0].event.id: Expected string, got ["e1"]'
  ],
  [
    "one bad object (the 1 500th of 3 000)",
    big(3000, { object: 1499 }),
    'big.yaml:1506:40 at objects[1499].might: Expected number, got "three"'
  ]
]

const effectHalves = (text: string, file: string, parse = {}) =>
  Result.flatMap(Scenario.readDocument(text, file, parse), (document) =>
    Effect.runSync(Scenario.loadDocumentEffect(structuredClone(document), text, file, [tiny2]))
  )

describe("loadDocumentEffect: loadDocument that pauses", () => {
  for (const [what, file, text] of cases)
    it(`${what}: the same as loadDocument`, () => {
      const once = Result.flatMap(Scenario.readDocument(text, file, options), (document) =>
        Scenario.loadDocument(document, text, file, [tiny2])
      )
      assert.deepStrictEqual(said(effectHalves(text, file, options)), said(once))
    })

  // mutants tried: answering the first slice's problems only, or locating a problem in its slice
  // (the index within the slice), fails the bad-occurrence case
  for (const [what, text, problem] of bigCases)
    it(`${what}: the same as loadDocument and parseScenario, ${problem === undefined ? "loaded" : "the problem as it was"}`, () => {
      const r = effectHalves(text, "big.yaml")
      assert.deepStrictEqual(said(r), said(parseScenario(text, "big.yaml", [tiny2])))
      if (problem === undefined) assert.isTrue(Result.isSuccess(r))
      else
        assert.include(
          Result.isFailure(r) ? r.failure.message : "",
          `1 problem in the scenario:\n  ${problem}`
        )
    })

  // mutants tried: slicing the occurrences one short (`slice(from, from + EVERY - 1)`) or
  // keeping the first slice's only fails this
  it("a valid big document loads, its event with every occurrence in order", () => {
    const r = effectHalves(big(3000), "big.yaml")
    if (Result.isFailure(r)) return assert.fail(r.failure.message)
    const event = r.success.compiled.steps[0]
    assert.strictEqual(event?._tag, "Event")
    const occurrences = event?._tag === "Event" ? event.event.occurrences : []
    assert.strictEqual(occurrences.length, 3000)
    assert.deepStrictEqual(
      occurrences.slice(510, 515).map((o) => o.subject),
      ["u510", "u511", "u512", "u513", "u514"]
    )
  })

  it("interrupted while it works, it stops at a turn of the event loop, with no result", async () => {
    // 20 000 units and occurrences: well over a slice of work (a few milliseconds) anywhere;
    // mutant tried: running the work in one stretch (no pause) ends it before the first turn
    const text = big(20_000)
    const document = Scenario.readDocument(text, "big.yaml")
    if (Result.isFailure(document)) return assert.fail(document.failure.message)
    let ended = false
    const fiber = Effect.runFork(
      Effect.map(Scenario.loadDocumentEffect(document.success, text, "big.yaml", [tiny2]), (r) => {
        ended = true
        return r
      })
    )
    // the first turn the work gives the event loop: interrupt it there
    await new Promise<void>((done) => setImmediate(done))
    const exit = await Effect.runPromise(Fiber.interrupt(fiber).pipe(Effect.andThen(Fiber.await(fiber))))
    assert.isFalse(ended, "the work ended before the event loop got a turn")
    assert.isTrue(Exit.isFailure(exit))
  })
})
