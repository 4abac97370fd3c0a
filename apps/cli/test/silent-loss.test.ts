/**
 * Nothing is lost silently (issue 20, points 3–6): duplicate ids, unused scripted answers, ids
 * in NFC and invisible characters, invalid UTF-8, unknown families and kinds, amounts, `expect:`
 * that can't pass vacuously, and the exit code of every command for every error class.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effects as BerserkEffects } from "@bulwark/berserk"
import { Amount, Errors, Expect, GameEvent, Ruleset } from "@bulwark/core"
import { Effects as FabEffects } from "@bulwark/fab"
import { Effects as MtgEffects, ruleset as mtg } from "@bulwark/mtg"
import { Effects as RiftEffects } from "@bulwark/riftbound"
import { parseScenario } from "@bulwark/scenario"
import { loadFile } from "@bulwark/scenario/node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { cli } from "./in-process.js"
import * as Registry from "./installed.js"

const here = dirname(fileURLToPath(import.meta.url))
const base = readFileSync(join(here, "fixtures", "mtg-09.yaml"), "utf8")
const dir = mkdtempSync(join(tmpdir(), "bulwark-silent-"))
const write = (name: string, text: string | Uint8Array): string => {
  const f = join(dir, name)
  writeFileSync(f, text)
  return f
}

/** The load error message of a text, or "" when it loads. */
const problem = (text: string, name = "t.yaml"): string => {
  const r = parseScenario(text, name, Registry.installed)
  return Result.isFailure(r) ? r.failure.message : ""
}

const lineOf = (text: string, needle: string, from = 0): number =>
  text.split("\n").findIndex((l, i) => i >= from && l.includes(needle)) + 1

describe("duplicate ids are errors naming both places", () => {
  it("two events with the same id (the second's outcome would overwrite the first's)", () => {
    const text = base.replace(
      "decisions: [shield]",
      "  - event:\n      id: e\n      occurrences: [{ id: d, source: src, to: Z, amount: 1 }]\ndecisions: [shield]"
    )
    const m = problem(text)
    const first = lineOf(text, "id: e")
    const second = lineOf(text, "id: e", first)
    assert.include(m, `t.yaml:${second}:`)
    assert.include(m, `duplicate event id "e": also at steps[0].event.id (line ${first})`)
  })

  it("an effect id in effects and again in an addEffects step", () => {
    const text = base.replace(
      "decisions: [shield]",
      "  - addEffects: [{ kind: shield, id: shield, controller: nap, to: Z, amount: 1 }]\ndecisions: [shield]"
    )
    assert.match(problem(text), /duplicate effect id "shield": also at effects\[0\]\.id \(line 12\)/)
  })

  it("a player and an object with one id (mtg), a unit and a battlefield (riftbound), a player and a card (berserk)", () => {
    assert.match(
      problem(base.replace("  - { id: furnace,", "  - { id: ap, controller: ap }\n  - { id: furnace,")),
      /duplicate object id "ap": also at players\[0\] \(line 6\)/
    )
    const rb =
      "format: 2\nruleset: riftbound\nplayers: [A, B]\nobjects:\n  - { id: U, controller: B, types: [unit], might: 3 }\n  - { id: U, types: [battlefield] }\nsteps: []\n"
    assert.match(
      problem(rb),
      /t\.yaml:6:11 at objects\[1\]\.id: duplicate object id "U": also at objects\[0\]\.id \(line 5\)/
    )
    const bsk =
      "format: 2\nruleset: berserk\nplayers: [ap, ip]\nobjects:\n  - { id: ip, controller: ip }\nsteps: []\n"
    assert.match(problem(bsk), /duplicate object id "ip": also at players\[1\] \(line 3\)/)
  })

  it("a player listed twice is named a player, not an object", () => {
    // players share the object id space: the message says what the duplicate is
    assert.match(
      problem(base.replace("players: [ap, nap]", "players: [ap, nap, ap]")),
      /duplicate player id "ap": also at players\[0\] \(line \d+\)/
    )
    assert.match(
      problem(base.replace("players: [ap, nap]", "players: [ap, { id: nap }, { id: ap }]")),
      /at players\[2\]\.id: duplicate player id "ap": also at players\[0\]/
    )
  })

  it("two occurrences of one event (fab), but the same occurrence id in two events is fine", () => {
    const fab = (second: string) =>
      `format: 2\nruleset: fab\nplayers: [a, b]\nobjects: [{ id: s, controller: a, zone: stack }]\nsteps:\n  - event: { id: e1, occurrences: [{ id: i, source: s, to: a, amount: 1 }, { id: ${second}, source: s, to: b, amount: 1 }] }\n  - event: { id: e2, occurrences: [{ id: i, source: s, to: a, amount: 1 }] }\n`
    assert.match(
      problem(fab("i")),
      /duplicate occurrence id "i": also at steps\[0\]\.event\.occurrences\[0\]\.id/
    )
    assert.strictEqual(problem(fab("j")), "")
  })

  it("core Ruleset.run refuses two Event steps with one id (for compiled scenarios built in code)", () => {
    const loaded = parseScenario(base, "t.yaml", Registry.installed)
    assert.isTrue(Result.isSuccess(loaded))
    if (Result.isFailure(loaded)) return
    const c = loaded.success.compiled
    const run = Ruleset.run(mtg.rules, { ...c, steps: [...c.steps, ...c.steps] }, () => "shield")
    assert.strictEqual(run.outcome.error?.tag, "ScenarioInvalid")
    assert.include(run.outcome.error?.message ?? "", 'duplicate event id "e"')
  })
})

describe("ids in NFC, invisible characters shown, invalid UTF-8 located", () => {
  it("two ids equal in NFC are one id: the second is a duplicate", () => {
    const nfc = "caf\u00E9"
    const nfd = "cafe\u0301"
    const text = base.replace(
      "  - { id: furnace,",
      `  - { id: ${nfc}, controller: ap }\n  - { id: ${nfd}, controller: ap }\n  - { id: furnace,`
    )
    assert.match(problem(text), /duplicate object id "café": also at objects\[2\]\.id \(line 10\)/)
  })

  it("two keys equal in NFC in one mapping are refused (one would be lost)", () => {
    // format 2 has ids as values, not keys: the keys of `expect: state:` are the place left
    const rb = `format: 2\nruleset: riftbound\nplayers: [A, B]\nobjects:\n  - { id: U, controller: B, types: [unit], might: 3 }\nsteps: []\nexpect:\n  state:\n    caf\u00E9: { damage: 0 }\n    cafe\u0301: { damage: 0 }\n`
    assert.match(problem(rb), /t\.yaml:10:5 .*is the same as .*"café".* \(line 9\) in Unicode NFC/)
  })

  it("a zero-width space in an id is shown escaped in the message", () => {
    const m = problem(base.replace("to: Z, amount: 2", "to: Z\u200B, amount: 2"))
    assert.include(m, '"Z\\u{200B}"')
    assert.notInclude(m, "\u200B")
  })

  it("a file that is not UTF-8 names the byte offset, line and column", () => {
    const bytes = Buffer.concat([
      Buffer.from("format: 2\nruleset: mtg\ntitle: caf"),
      Buffer.from([0xff]),
      Buffer.from("\n")
    ])
    const r = loadFile(write("latin1.yaml", bytes), Registry.installed)
    assert.isTrue(Result.isFailure(r))
    if (Result.isSuccess(r)) return
    assert.strictEqual(r.failure._tag, "MalformedFile")
    assert.include(r.failure.message, "latin1.yaml:3:11: malformed YAML: invalid UTF-8 at byte offset 33")
  })
})

describe("an unknown event family or kind is an error with a did-you-mean", () => {
  it("a modify effect's family `damgae`", () => {
    const text = base.replace("source: furnace\n", "source: furnace\n    family: damgae\n")
    const m = problem(text)
    assert.include(m, `t.yaml:${lineOf(text, "damgae")}:`)
    assert.include(m, 'unknown family "damgae"')
    assert.include(m, '(did you mean "damage"?)')
  })

  it("an additional part's template `addCounter` (615.5 additional effect)", () => {
    const text = base.replace(
      "amount: 2, duration: endOfTurn }",
      "amount: 2, duration: endOfTurn, additional: [{ family: addCounter, to: subject }] }"
    )
    assert.match(problem(text), /unknown event family "addCounter" .*\(did you mean "addCounters"\?\)/)
  })

  /**
   * Берсерк 534.1 «[текст 1], вместо этого – [текст 2]», written with the generic `replace`: the
   * family it watches (`family:`) and the family of what happens instead (`instead[].family`); a
   * misspelt one is found and pointed at.
   */
  it("a family in the generic replace (Берсерк `family: hael`, `instead: [{ family: opne }]`) is located at that field", () => {
    const serk = readFileSync(
      join(here, "..", "..", "..", "packages", "berserk", "scenarios", "BSK-X3-serk-declines.yaml"),
      "utf8"
    )
    const text = serk.replace("    family: heal\n", "    family: hael\n")
    assert.notStrictEqual(text, serk)
    const m = problem(text)
    assert.include(m, `t.yaml:${lineOf(text, "family: hael")}:`)
    assert.include(m, 'at effects[0].family: unknown family "hael"')
    assert.include(m, '(did you mean "heal"?)')
    const other = serk.replace("instead: [{ family: open }]", "instead: [{ family: opne }]")
    assert.notStrictEqual(other, serk)
    assert.match(problem(other), /at effects\[0\]\.instead\[0\]\.family: unknown (event )?family "opne"/)
  })

  it("a replacement's new event and a watched kind in a generic replace", () => {
    const replace = (watch: string, family: string) =>
      base.replace(
        "  - kind: double",
        `  - { kind: replace, id: r, controller: ap, ${watch}instead: [{ family: ${family} }] }\n  - kind: double`
      )
    assert.match(
      problem(replace("", "lifeGian")),
      /unknown event family "lifeGian" .*did you mean "lifeGain"/
    )
    assert.match(
      problem(replace("kinds: [comabt], ", "lifeGain")),
      /unknown kind "comabt" .*did you mean "combat"/
    )
    assert.strictEqual(problem(replace("kinds: [combat], ", "lifeGain")), "")
    // families are closed words (the game's own): one a file invents is refused where it is
    // watched too, even when another effect of the file creates it
    const pair = replace("", "shout").replace(
      "  - kind: double",
      "  - { kind: replace, id: w, controller: ap, family: shout, instead: [] }\n  - kind: double"
    )
    assert.match(problem(pair), /at effects\[2\]\.family: unknown family "shout"/)
    assert.match(problem(replace("", "shout")), /unknown event family "shout"/)
  })

  it("core Ruleset.unknownNames knows a family written in one of the scenario's events", () => {
    const loaded = parseScenario(base, "t.yaml", Registry.installed)
    if (Result.isFailure(loaded)) return assert.fail(loaded.failure.message)
    const c = loaded.success.compiled
    // the event e is damage: both effects' watches are known even to an empty vocabulary
    assert.deepStrictEqual(Ruleset.unknownNames(c, { families: [], kinds: [] }), [])
    const noEvents = { ...c, steps: [] }
    assert.deepStrictEqual(
      Ruleset.unknownNames(noEvents, { families: [], kinds: [] }).map(
        (u) => `${u.effect} ${u.where} ${u.name}`
      ),
      ["shield watch.family damage", "double watch.family damage"]
    )
    assert.deepStrictEqual(Ruleset.unknownNames(noEvents, { families: ["damage"], kinds: [] }), [])
  })
})

describe("amounts are safe integers; NaN and Infinity are named", () => {
  it("1e308 and 2.5 are refused in a file, NaN and Infinity by name", () => {
    assert.match(
      problem(base.replace("amount: 3 }", "amount: 1e308 }")),
      /amount: Expected an integer, got 1e\+308/
    )
    // a modification's value: 1e308 once made the dealt damage Infinity (shown as "got null")
    const modify = (value: string) =>
      base.replace(
        "  - kind: double",
        `  - { kind: modify, id: m, controller: ap, op: add, value: ${value} }\n  - kind: double`
      )
    assert.match(problem(modify("1e308")), /effects\[1\]\.value: .*got 1e\+308/)
    assert.strictEqual(problem(modify("2")), "")
    assert.match(problem(base.replace("amount: 3 }", "amount: 2.5 }")), /got 2\.5/)
    assert.match(problem(base.replace("amount: 3 }", "amount: .nan }")), /got NaN/)
    assert.match(problem(base.replace("amount: 3 }", "amount: .inf }")), /got Infinity/)
  })

  it("core and every adapter's constructors refuse a negative or fractional amount when called", () => {
    const refuses = (f: () => unknown, where: string) => {
      try {
        f()
      } catch (e) {
        // a typed error: core's InvalidAmount, or the constructor's InvalidEffect naming the amount
        if (e instanceof Errors.InvalidEffect) assert.include(e.message, "amount", where)
        else {
          assert.instanceOf(e, Amount.InvalidAmount, where)
          assert.include((e as Amount.InvalidAmount).message, where)
        }
        return
      }
      assert.fail(`${where}: accepted`)
    }
    refuses(() => GameEvent.damage({ id: "d", source: "s", recipient: "r", amount: -1 }), "GameEvent.damage")
    refuses(
      () => GameEvent.occurrence({ id: "o", family: "draw", subject: "p", amount: 0.5 }),
      "GameEvent.occurrence"
    )
    refuses(() => MtgEffects.shield({ id: "s", controller: "a", to: "x", amount: 1.5 }), "shield")
    refuses(() => MtgEffects.preventEach({ id: "p", controller: "a", amount: Number.NaN }), "preventEach")
    refuses(() => FabEffects.preventNext({ id: "s", controller: "b", amount: -2 }), "preventNext")
    refuses(() => FabEffects.ward({ id: "w", source: "h", controller: "b", amount: 0.5 }), "Ward")
    refuses(() => BerserkEffects.prevent({ id: "p", controller: "a", amount: -1 }), "prevent")
    refuses(
      () => BerserkEffects.armor({ card: "c", controller: "a", amount: Number.POSITIVE_INFINITY }),
      "armor"
    )
    refuses(() => RiftEffects.prevent({ id: "p", controller: "a", to: "U", amount: 1e308 }), "prevent")
    assert.strictEqual(
      MtgEffects.preventEach({ id: "p", controller: "a", amount: "all" }).action._tag,
      "Prevent"
    )
  })

  it("a modification that would overflow an amount stops the run with a typed error, not a defect", () => {
    const text = base
      .replace(
        "  - kind: double",
        "  - { kind: modify, id: m, controller: ap, op: mul, value: 9007199254740991 }\n  - kind: double"
      )
      .replace("decisions: [shield]", "decisions: [m]")
      .replace(/expect:[\s\S]*$/, "expect:\n  error: { tag: InvalidEffect, message: not a safe integer }\n")
    const loaded = parseScenario(text, "t.yaml", Registry.installed)
    if (Result.isFailure(loaded)) return assert.fail(loaded.failure.message)
    const run = Ruleset.run(mtg.rules, loaded.success.compiled, () => "m")
    assert.strictEqual(run.outcome.error?.tag, "InvalidEffect")
    assert.include(run.outcome.error?.message ?? "", "mul 9007199254740991 on 3 gives")
  })

  it("Amount.show names NaN and Infinity (JSON would write null)", () => {
    assert.strictEqual(Amount.show(Number.NaN), "NaN")
    assert.strictEqual(Amount.show(Number.NEGATIVE_INFINITY), "-Infinity")
  })
})

describe("expect: can't pass vacuously", () => {
  it("an empty mapping means exactly nothing: `dealt: {}` fails when 2 were dealt", () => {
    assert.deepStrictEqual(Expect.match({ dealt: {} }, { dealt: { Z: 2 } }), [
      { path: "dealt", expected: {}, actual: { Z: 2 } }
    ])
    assert.deepStrictEqual(Expect.match({ dealt: {} }, { dealt: {} }), [])
    assert.strictEqual(Expect.match({ happened: [] }, { happened: [{ id: "d" }] }).length, 1)
  })

  it("a recipient expected at 0 matches one that was dealt nothing", () => {
    assert.deepStrictEqual(Expect.match({ dealt: { Z: 0 } }, { dealt: {} }), [])
    assert.strictEqual(Expect.match({ dealt: { Z: 1 } }, { dealt: {} }).length, 1)
  })

  it.effect("through a scenario: `dealt: {}` against MTG-09's 2 damage fails the check", () =>
    Effect.gen(function* () {
      const f = write("vacuous.yaml", base.replace("dealt: { Z: 2 }", "dealt: {}"))
      const r = yield* cli(["check", f])
      assert.strictEqual(r.code, 1)
      assert.include(r.out, 'at events.e.dealt: expected {}, got {"Z":2}')
      const ok = write("zero.yaml", base.replace("dealt: { Z: 2 }", "dealt: { Z: 2, src: 0 }"))
      assert.strictEqual((yield* cli(["check", ok])).code, 0)
    })
  )
})

describe("scripted answers", () => {
  it.effect("answers left unused at the end of a run fail the check, naming the first one's line", () =>
    Effect.gen(function* () {
      const f = write("unused.yaml", base.replace("decisions: [shield]", "decisions: [shield, double, true]"))
      const r = yield* cli(["check", f])
      assert.strictEqual(r.code, 1)
      assert.include(r.out, "FAIL")
      assert.include(r.out, "at decisions[1]")
      assert.include(r.out, `2 scripted answers were never used, from ${f}:23:`)
      assert.strictEqual((yield* cli(["resolve", f])).code, 1)
    })
  )

  it.effect("check points at the line of a bad decision, as resolve does", () =>
    Effect.gen(function* () {
      const f = write("illegal.yaml", base.replace("decisions: [shield]", "decisions:\n  - nonsense"))
      const c = yield* cli(["check", f])
      assert.strictEqual(c.code, 1)
      assert.include(c.out, `at decisions[0]: expected "(a legal answer)", got "${f}:24:5: illegal answer`)
      const r = yield* cli(["resolve", f])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, `${f}:24:5: at decisions[0]: illegal answer`)
    })
  )
})

/**
 * The exit-code table of apps/cli/README.md: every command × error class. 0 all well, 1 a check
 * failed (an `expect:` mismatch, unused scripted answers, a scenario that could not run as
 * written under `check`), 2 bad input.
 */
describe("exit codes, command × error class", () => {
  const ok = write("ok.yaml", base)
  const mismatch = write("mismatch.yaml", base.replace("dealt: { Z: 2 }", "dealt: { Z: 3 }"))
  const malformed = write("malformed.yaml", "format: 2\nruleset: mtg\nplayers: [a\n")
  const schemaError = write("schema.yaml", base.replace("amount: 3 }", "amount: -3 }"))
  const unknownRuleset = write("ruleset.yaml", base.replace("ruleset: mtg", "ruleset: mgt"))
  const compileError = write("compile.yaml", base.replace("to: Z, amount: 2", "to: ghost, amount: 2"))
  const duplicate = write("duplicate.yaml", base.replace("{ id: furnace,", "{ id: Z,"))
  const notUtf8 = write("bytes.yaml", Buffer.from([0x72, 0x75, 0xff]))
  const missing = join(dir, "does-not-exist.yaml")
  const missingDecision = write("missing-decision.yaml", base.replace("decisions: [shield]", "decisions: []"))
  const illegal = write("illegal-decision.yaml", base.replace("decisions: [shield]", "decisions: [nonsense]"))
  const unused = write(
    "unused-answers.yaml",
    base.replace("decisions: [shield]", "decisions: [shield, double]")
  )
  // `migrate` reads format-1 files: the frozen copy of a bundled one, and variants of it
  const old = readFileSync(join(here, "format1", "bundled", "mtg", "MTG-16.yaml"), "utf8")
  const migrateOld = write("migrate-old.yaml", old)
  const migrateSchema = write("migrate-schema.yaml", old.replace("amount: 3", "amount: -3"))
  const migrateRuleset = write("migrate-ruleset.yaml", old.replace("ruleset: mtg", "ruleset: mgt"))
  const migrateCompile = write(
    "migrate-compile.yaml",
    old.replace("to: A, amount: 2", "to: ghost, amount: 2")
  )
  // a format from after this version (the current one is Skeleton.FORMAT)
  const migrateFuture = write("migrate-future.yaml", `format: 99\n${old}`)
  const notScenario = write("package.json", '{ "name": "x", "scripts": { "test": "vitest" } }')
  // a folder of a package: a scenario next to package.json and tsconfig.json (only the scenario runs)
  const pkg = mkdtempSync(join(tmpdir(), "bulwark-pkg-"))
  writeFileSync(join(pkg, "package.json"), '{ "name": "x" }')
  writeFileSync(join(pkg, "tsconfig.json"), '{ "compilerOptions": {} }')
  writeFileSync(join(pkg, "ok.yaml"), base)
  const configsOnly = mkdtempSync(join(tmpdir(), "bulwark-configs-"))
  writeFileSync(join(configsOnly, "tsconfig.json"), '{ "compilerOptions": {} }')
  const table: ReadonlyArray<readonly [string, ReadonlyArray<string>, number]> = [
    ["resolve: all well", ["resolve", ok], 0],
    ["resolve: expect mismatch", ["resolve", mismatch], 1],
    ["resolve: unused scripted answers", ["resolve", unused], 1],
    ["resolve: malformed file", ["resolve", malformed], 2],
    ["resolve: invalid UTF-8", ["resolve", notUtf8], 2],
    ["resolve: schema error", ["resolve", schemaError], 2],
    ["resolve: unknown ruleset", ["resolve", unknownRuleset], 2],
    ["resolve: unknown id (compile)", ["resolve", compileError], 2],
    ["resolve: duplicate id", ["resolve", duplicate], 2],
    ["resolve: unreadable file", ["resolve", missing], 2],
    ["resolve: missing decision", ["resolve", missingDecision], 2],
    ["resolve: illegal decision", ["resolve", illegal], 2],
    ["resolve: bad command line", ["resolve", ok, "--strategy", "worst"], 2],
    ["check: all pass", ["check", ok], 0],
    ["check: expect mismatch", ["check", mismatch], 1],
    ["check: unused scripted answers", ["check", unused], 1],
    ["check: missing decision", ["check", missingDecision], 1],
    ["check: illegal decision", ["check", illegal], 1],
    ["check: malformed file", ["check", ok, malformed], 2],
    ["check: invalid UTF-8", ["check", notUtf8], 2],
    ["check: schema error", ["check", schemaError], 2],
    ["check: unknown ruleset", ["check", unknownRuleset], 2],
    ["check: unknown id (compile)", ["check", compileError], 2],
    ["check: duplicate id", ["check", duplicate], 2],
    ["check: unreadable file", ["check", missing], 2],
    ["check: a mismatch and a bad file", ["check", mismatch, malformed], 2],
    ["check: no scenario files", ["check", dir.replace(/$/, "/empty-nothing-here")], 2],
    ["migrate: all well (a file already in format 2)", ["migrate", ok], 0],
    ["migrate --check: nothing to do", ["migrate", "--check", ok], 0],
    ["migrate --check: a file would change", ["migrate", "--check", migrateOld, ok], 1],
    ["migrate: malformed file", ["migrate", malformed], 2],
    ["migrate: invalid UTF-8", ["migrate", notUtf8], 2],
    ["migrate: schema error (the migrated file would not load)", ["migrate", migrateSchema], 2],
    ["migrate: unknown ruleset", ["migrate", migrateRuleset], 2],
    ["migrate: unknown id (the migrated file would not load)", ["migrate", migrateCompile], 2],
    ["migrate: a format it doesn't know", ["migrate", migrateFuture], 2],
    ["migrate: unreadable file", ["migrate", missing], 2],
    ["migrate: no scenario files", ["migrate", dir.replace(/$/, "/empty-nothing-here")], 2],
    ["migrate: bad command line", ["migrate", "--frobnicate", ok], 2],
    ["check: a folder of configs only (no scenario file)", ["check", configsOnly], 2],
    ["check: a folder with a scenario, package.json and tsconfig.json", ["check", pkg], 0],
    ["check: a file that is not a scenario, named", ["check", notScenario], 2],
    ["resolve: a file that is not a scenario", ["resolve", notScenario], 2],
    ["migrate: a file that is not a scenario, named", ["migrate", notScenario], 2],
    ["migrate --check: a folder of configs only (no scenario file)", ["migrate", "--check", configsOnly], 2],
    [
      "migrate --check: a folder with a scenario, package.json and tsconfig.json",
      ["migrate", "--check", pkg],
      0
    ],
    ["schema: a ruleset", ["schema", "mtg"], 0],
    ["schema: unknown ruleset", ["schema", "mgt"], 2],
    ["rulesets", ["rulesets"], 0],
    ["unknown command", ["frobnicate"], 2],
    ["--help", ["--help"], 0],
    ["--version", ["--version"], 0]
  ]
  for (const [name, args, code] of table)
    it.effect(`${name} → ${code}`, () =>
      Effect.gen(function* () {
        const r = yield* cli(args)
        assert.strictEqual(r.code, code, `${args.join(" ")}\n${r.out}\n${r.err}`)
        assert.notMatch(`${r.out}\n${r.err}`, /\n\s+at .*\.(ts|js):\d+/, "no stack trace")
      })
    )
})
