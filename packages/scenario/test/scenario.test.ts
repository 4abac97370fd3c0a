import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { checkScenario, describeStrategy, parseScenario, Scenario, SourceMap } from "../src/index.js"
import { checkDirectory, findScenarios, loadFile, scenarioFiles } from "../src/node.js"
import { tiny } from "./tiny.js"

/**
 * The MTG-09 shape in the tiny ruleset: "prevent the next 2 damage" and "double that damage" on
 * 3 damage to bob's bear. Prevent first: (3 − 2) × 2 = 2; double first: 3 × 2 − 2 = 4.
 */
const base = (extra: string) => `ruleset: tiny
title: prevent 2 and double on 3 damage
players: [alice, bob]
units:
  - { id: bear, controller: bob }
effects:
  - id: shield
    kind: shield
    controller: bob
    on: [bear]
    amount: 2
  - id: dbl
    kind: double
    controller: alice
events:
  - id: e1
    damage:
      - { id: i1, from: alice, to: bear, amount: 3 }
${extra}`

const load = (text: string, file = "case.yaml") => parseScenario(text, file, [tiny])

const loaded = (text: string) => {
  const r = load(text)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

const failure = (text: string, file = "case.yaml") => {
  const r = load(text, file)
  if (Result.isSuccess(r)) throw new Error("expected a failure")
  return r.failure
}

describe("parseScenario", () => {
  it("loads the generic keys and compiles the rest", () => {
    const s = loaded(`${base("decisions: [shield]\nexpect:\n  events: { e1: { dealt: { bear: 2 } } }\n")}`)
    assert.strictEqual(s.ruleset.id, "tiny")
    assert.strictEqual(s.title, "prevent 2 and double on 3 damage")
    assert.deepStrictEqual(s.decisions, ["shield"])
    assert.strictEqual(s.strategy, undefined)
    assert.deepStrictEqual(s.expect, { events: { e1: { dealt: { bear: 2 } } } })
    assert.strictEqual(s.compiled.steps.length, 1)
  })

  it("reads JSON too", () => {
    const json = JSON.stringify({
      ruleset: "tiny",
      players: ["a"],
      units: [{ id: "u", controller: "a" }],
      events: [{ id: "e", damage: [{ id: "i", from: "a", to: "u", amount: 1 }] }]
    })
    const r = load(json, "case.json")
    assert.isTrue(Result.isSuccess(r))
  })

  it("malformed YAML: file, line and column", () => {
    const e = failure("ruleset: tiny\nplayers: [a, b\nunits: []\n")
    assert.strictEqual(e._tag, "MalformedFile")
    if (e._tag !== "MalformedFile") return
    assert.strictEqual(e.file, "case.yaml")
    assert.isAbove(e.line, 1)
    assert.isTrue(e.message.startsWith(`case.yaml:${e.line}:${e.column}: malformed YAML:`))
  })

  it("malformed JSON says JSON", () => {
    const e = failure('{ "ruleset": "tiny", "players": [ }', "case.json")
    assert.strictEqual(e._tag, "MalformedFile")
    assert.match(e.message, /^case\.json:1:\d+: malformed JSON/)
  })

  it("a top level that is not a mapping is malformed", () => {
    assert.strictEqual(failure("- a\n- b\n")._tag, "MalformedFile")
  })

  it("unknown ruleset lists the installed ones and points at the key", () => {
    const e = failure("title: x\nruleset: mgt\n")
    assert.strictEqual(e._tag, "UnknownRuleset")
    assert.strictEqual(e.message, 'case.yaml:2:1: unknown ruleset "mgt"; installed rulesets: tiny')
  })

  it("missing ruleset", () => {
    const e = failure("title: x\n")
    assert.strictEqual(e._tag, "UnknownRuleset")
    assert.match(e.message, /no `ruleset:` key; installed rulesets: tiny/)
  })

  it("schema errors: every issue, with its path, its line and what was expected", () => {
    const text = base("strategy: best\n")
      .replace("    kind: shield\n", "    kind: sheild\n")
      .replace("    kind: double\n", "    kind: double\n    amout: 2\n")
      .replace("players:", "playrs:")
    const e = failure(text)
    assert.strictEqual(e._tag, "SchemaMismatch")
    if (e._tag !== "SchemaMismatch") return
    const lines = text.split("\n")
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1
    const byPath = new Map(e.issues.map((i) => [i.path, i]))
    // the typo'd effect kind, at its own line
    assert.strictEqual(byPath.get("effects[0].kind")?.line, lineOf("kind: sheild"))
    assert.strictEqual(
      byPath.get("effects[0].kind")?.message,
      'unknown kind "sheild" (did you mean "shield"?); expected one of "shield" | "double"'
    )
    // the typo'd key inside an effect
    assert.strictEqual(byPath.get("effects[1].amout")?.line, lineOf("amout: 2"))
    assert.strictEqual(byPath.get("effects[1].amout")?.message, 'unknown key "amout"')
    // the typo'd top-level key: one mistake, one problem (the key it meant is not also "missing")
    assert.strictEqual(byPath.get("playrs")?.line, lineOf("playrs:"))
    assert.strictEqual(byPath.get("playrs")?.message, 'unknown key "playrs" (did you mean "players"?)')
    assert.isUndefined(byPath.get("players"))
    // a bad generic key
    assert.strictEqual(byPath.get("strategy")?.line, lineOf("strategy: best"))
    // sorted by line, and all in the message
    assert.deepStrictEqual(
      e.issues.map((i) => i.line),
      [...e.issues.map((i) => i.line)].sort((a, b) => a - b)
    )
    assert.include(e.message, `case.yaml:${lineOf("kind: sheild")}:11 at effects[0].kind`)
  })

  it("a typo in expect: is caught", () => {
    const e = failure(base("expect:\n  efects: {}\n"))
    assert.strictEqual(e._tag, "SchemaMismatch")
    assert.include(e.message, 'at expect.efects: unknown key "efects"')
  })

  it("compile errors: the path the ruleset named, and its line", () => {
    const text = base("").replace("on: [bear]", "on: [ghost]")
    const e = failure(text)
    assert.strictEqual(e._tag, "CompileFailed")
    if (e._tag !== "CompileFailed") return
    assert.strictEqual(e.path, "effects[0].on[0]")
    assert.strictEqual(e.line, text.split("\n").findIndex((l) => l.includes("on: [ghost]")) + 1)
    assert.include(e.message, 'unknown object "ghost"')
  })
})

describe("checkScenario", () => {
  it("scripted: prevent first deals (3 − 2) × 2 = 2; the chooser is bob (the affected controller)", () => {
    const r = checkScenario(
      loaded(
        base(
          "decisions: [shield]\nexpect:\n  events: { e1: { dealt: { bear: 2 } } }\n  decisions: [{ chooser: bob, answer: shield }]\n"
        )
      )
    )
    assert.isTrue(r.ok, JSON.stringify(r.mismatches))
  })

  it("a mismatch names the path, expected and actual", () => {
    const r = checkScenario(
      loaded(base("decisions: [dbl]\nexpect:\n  events: { e1: { dealt: { bear: 2 } } }\n"))
    )
    assert.isFalse(r.ok)
    assert.deepStrictEqual(r.mismatches, [{ path: "events.e1.dealt.bear", expected: 2, actual: 4 }])
  })

  it("best-for-chooser: bob prevents first", () => {
    const s = loaded(base("strategy: best-for-chooser\n"))
    assert.strictEqual(checkScenario(s).run.outcome.events.e1?.dealt.bear, 2)
    assert.strictEqual(describeStrategy(s), "best-for-chooser")
  })

  it("default (no decisions, no strategy) is first; the option order decides", () => {
    const s = loaded(base(""))
    const r = checkScenario(s)
    assert.isTrue(r.ok)
    assert.strictEqual(r.run.outcome.decisions.length, 1)
    assert.strictEqual(describeStrategy(s), "first (default)")
  })

  it("a script that runs out is a missing decision, not a guess", () => {
    const s = loaded(base("decisions: []\n"))
    const r = checkScenario(s)
    assert.isFalse(r.ok)
    assert.strictEqual(r.run.outcome.error?.tag, "MissingDecision")
    assert.strictEqual(r.mismatches[0]?.path, "error")
  })

  it("a script followed by a strategy; a run option overrides the file's strategy", () => {
    const s = loaded(base("decisions: []\nstrategy: first\n"))
    assert.strictEqual(describeStrategy(s), "scripted (0 answers), then first")
    assert.isTrue(checkScenario(s).ok)
    const r = checkScenario(s, { strategy: "best-for-chooser" })
    assert.strictEqual(r.run.outcome.events.e1?.dealt.bear, 2)
  })

  it("an illegal scripted answer fails the run naming the decision", () => {
    const r = checkScenario(loaded(base("decisions: [nope]\n")))
    assert.isFalse(r.ok)
    assert.strictEqual(r.run.outcome.error?.tag, "IllegalChoice")
    assert.include(r.run.outcome.error?.message ?? "", "d1")
  })

  it("an expected error passes", () => {
    const r = checkScenario(loaded(base("decisions: [nope]\nexpect:\n  error: { tag: IllegalChoice }\n")))
    assert.isTrue(r.ok, JSON.stringify(r.mismatches))
  })
})

describe("SourceMap", () => {
  it("parses and formats paths", () => {
    assert.deepStrictEqual(SourceMap.parsePath('effects[0].on["x y"]'), ["effects", 0, "on", "x y"])
    assert.strictEqual(SourceMap.formatPath(["effects", 0, "on", "x y"]), 'effects[0].on["x y"]')
    assert.deepStrictEqual(SourceMap.parsePath(""), [])
  })

  it("Scenario.genericKeys lists the eight generic keys", () => {
    assert.deepStrictEqual(Scenario.genericKeys, [
      "format",
      "ruleset",
      "title",
      "description",
      "decisions",
      "strategy",
      "budget",
      "expect"
    ])
  })
})

describe("node", () => {
  const dir = mkdtempSync(join(tmpdir(), "bulwark-scenario-"))
  mkdirSync(join(dir, "sub"))
  writeFileSync(
    join(dir, "b.yaml"),
    base("decisions: [shield]\nexpect: { events: { e1: { dealt: { bear: 2 } } } }\n")
  )
  writeFileSync(
    join(dir, "sub", "a.yml"),
    base("decisions: [dbl]\nexpect: { events: { e1: { dealt: { bear: 2 } } } }\n")
  )
  // truncated, but a scenario (a top-level ruleset key): listed, and its load fails
  writeFileSync(join(dir, "c.json"), '{ "ruleset": "tiny", ')
  writeFileSync(join(dir, "notes.txt"), "not a scenario")
  // not scenarios (no top-level ruleset key), and folders a walk never enters
  writeFileSync(join(dir, "package.json"), '{ "name": "x", "config": { "ruleset": "tiny" } }')
  mkdirSync(join(dir, "node_modules", "dep"), { recursive: true })
  writeFileSync(join(dir, "node_modules", "dep", "s.yaml"), base(""))
  mkdirSync(join(dir, "dist"))
  writeFileSync(join(dir, "dist", "s.yaml"), base(""))

  it("lists scenario files recursively, sorted: a top-level ruleset key; node_modules and dist never entered", () => {
    assert.deepStrictEqual(scenarioFiles(dir), [
      join(dir, "b.yaml"),
      join(dir, "c.json"),
      join(dir, "sub", "a.yml")
    ])
    assert.deepStrictEqual(findScenarios(dir).skipped, [join(dir, "package.json")])
    assert.deepStrictEqual(scenarioFiles(join(dir, "package.json")), [join(dir, "package.json")])
  })

  it("checks a directory: pass, invalid, fail", () => {
    const rs = checkDirectory(dir, [tiny])
    assert.deepStrictEqual(
      rs.map((r) => (r._tag === "Invalid" ? `invalid ${r.error._tag}` : r.result.ok ? "pass" : "fail")),
      ["pass", "invalid MalformedFile", "fail"]
    )
  })

  it("an unreadable file", () => {
    const r = loadFile(join(dir, "nope.yaml"), [tiny])
    assert.isTrue(Result.isFailure(r) && r.failure._tag === "FileUnreadable")
  })
})

/**
 * Order prompts only when the order can matter (MTG CR 616.1: the affected player "chooses one to
 * apply"): two doublers on one unit give 12 in either order, so nobody is asked. A file written
 * before that, which answers the prompt and lists it under `expect.decisions`, keeps its meaning.
 */
describe("files that answer a prompt that is no longer asked", () => {
  const twoDoubles = (extra: string) => `ruleset: tiny
title: two doublers on 3 damage
players: [alice, bob]
units:
  - { id: bear, controller: bob }
effects:
  - { id: d1, kind: double, controller: alice }
  - { id: d2, kind: double, controller: alice }
events:
  - id: e1
    damage:
      - { id: i1, from: alice, to: bear, amount: 3 }
${extra}`

  it("a new file: nothing is asked, the trace says the order doesn't matter", () => {
    const s = loaded(twoDoubles("expect:\n  decisions: []\n  events: { e1: { dealt: { bear: 12 } } }\n"))
    assert.deepStrictEqual(Scenario.kernelOptions(s), {})
    const r = checkScenario(s)
    assert.deepStrictEqual(r.mismatches, [])
    assert.isTrue(r.run.trace.some((t) => t._tag === "Note" && t.text.includes("the order doesn't matter")))
  })

  it("an old file that answers and lists the prompt is run asking every order, as written", () => {
    const s = loaded(
      twoDoubles(
        "decisions: [d2]\nexpect:\n  decisions: [{ kind: ChooseEffect, chooser: bob, answer: d2 }]\n  events: { e1: { dealt: { bear: 12 } } }\n"
      )
    )
    assert.deepStrictEqual(Scenario.kernelOptions(s), { askEveryOrder: true })
    assert.deepStrictEqual(checkScenario(s).mismatches, [])
  })
})
