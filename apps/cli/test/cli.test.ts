import { execFileSync, spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Decision } from "@bulwark/core"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestConsole } from "effect/testing"
import { Interaction, type InteractionShape, runCli } from "../src/cli.js"
import { quickAnswer } from "../src/start.js"
import * as Registry from "./installed.js"

const here = dirname(fileURLToPath(import.meta.url))
const fixture = join(here, "fixtures", "mtg-09.yaml")
const base = readFileSync(fixture, "utf8")
const lines = base.split("\n")
const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1

const dir = mkdtempSync(join(tmpdir(), "bulwark-cli-"))
/** Writes a variant of the MTG-09 fixture and returns its path. */
const variant = (name: string, edit: (text: string) => string) => {
  const f = join(dir, name)
  writeFileSync(f, edit(base))
  return f
}

const nonInteractive: InteractionShape = { interactive: false, ask: () => Effect.die("not interactive") }

/** Runs `bulwark args…` in-process; returns the exit code and the captured stdout/stderr lines. */
const cli = (args: ReadonlyArray<string>, interaction: InteractionShape = nonInteractive) =>
  Effect.gen(function* () {
    const code = yield* runCli(args).pipe(Effect.provideService(Interaction, interaction))
    const out = (yield* TestConsole.logLines).join("\n")
    const err = (yield* TestConsole.errorLines).join("\n")
    return { code, out, err }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

describe("bulwark rulesets", () => {
  it.effect(
    "lists the rulesets the installed packages declare, with rules version, coverage and source",
    () =>
      Effect.gen(function* () {
        const r = yield* cli(["rulesets"])
        assert.strictEqual(r.code, 0, r.err)
        const ids = r.out
          .split("\n")
          .filter((l) => /^\S/.test(l))
          .map((l) => l.split(" ")[0])
        // exactly the ids the manifests of the CLI's dependencies declare, sorted
        assert.isNotEmpty(Registry.declared)
        assert.deepStrictEqual(ids, [...Registry.declared])
        assert.match(r.out, /coverage: \d+ rules: \d+ implemented/)
        assert.match(r.out, /rules: /)
        // where each came from: its package and version, and its folder
        for (const id of Registry.declared) {
          assert.match(
            r.out,
            new RegExp(
              `package: @bulwark/${id} \\d+\\.\\d+\\.\\d+ \\(installed (in the project|with the CLI)\\)`
            )
          )
          assert.include(r.out, `path: ${Registry.scenariosOf(id).replace(/[\\/]scenarios$/, "")}`)
        }
      })
  )
})

describe("bulwark resolve", () => {
  /** CR 616.1: the affected object's controller (NAP) orders; prevent first gives (3 − 2) × 2 = 2. */
  it.effect("prints the trace, the result summary and the expectation", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", fixture])
      assert.strictEqual(r.code, 0, r.err)
      assert.include(r.out, "▶ event e: src would deal 3 damage to Z [d]")
      assert.include(r.out, "? nap chooses which effect applies next to Z")
      // in the player's words: the tier as CR 616.1e names it, what each effect did
      assert.include(r.out, "(any of the applicable replacement and/or prevention effects)")
      assert.include(r.out, "prevents 2 of the 3 damage to Z: 3 → 1")
      assert.include(r.out, "doubles the 1 damage to Z: 1 → 2")
      assert.include(r.out, "Z gets 2 damage marked")
      assert.notMatch(r.out, /\(any\)|markDamage|such objects/)
      // without --explain, numbers only
      assert.notInclude(r.out, "§ 615.7")
      assert.include(r.out, "event e: dealt Z 2; prevented Z 2")
      assert.include(r.out, "d1 asked of nap (ChooseEffect")
      assert.include(r.out, "shield: remaining 0")
      assert.include(r.out, "expect: PASS")
      assert.strictEqual(r.err, "")
    })
  )

  /**
   * CR 120.3d: "Damage dealt to a creature by a source with wither and/or infect causes that
   * source's controller to put that many -1/-1 counters on that creature." The summary's "also
   * happened" line names the counters' kind, as the trace does (MTG-01: the wither attacker's
   * damage to the blocker becomes one -1/-1 counter), not just "1 counter".
   */
  it.effect("the summary's also-happened line names a counter's kind", () =>
    Effect.gen(function* () {
      const mtg01 = join(here, "..", "..", "..", "packages", "mtg", "scenarios", "MTG-01.yaml")
      const r = yield* cli(["resolve", mtg01])
      assert.strictEqual(r.code, 0, r.err)
      const also = r.out.split("\n").find((l) => l.includes("also happened:")) ?? ""
      assert.include(also, "blocker gets 1 \u22121/\u22121 counter (from attacker)")
      assert.notInclude(also, "gets 1 counter")
    })
  )

  /**
   * CR 615.7 is cited when the shield applies; --explain shows, under the first citation, the
   * sentence of the rule that fits one shield: "… These work like shields. Each 1 damage that
   * would be dealt to the “shielded” permanent or player is prevented." — not its sentence for
   * "two or more applicable sources at the same time" (there is one source here).
   */
  it.effect("--explain shows each cited rule's sentence once, under its first citation", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", fixture, "--explain"])
      assert.strictEqual(r.code, 0, r.err)
      const lines = r.out.split("\n")
      const cite = lines.findIndex((l) => l.includes("(MTG CR 615.7)"))
      assert.isAbove(cite, 0)
      assert.match(
        lines[cite + 1] ?? "",
        /^ +§ 615\.7 .*These work like shields\. Each 1 damage that would be dealt to the “shielded” permanent or player is prevented\./
      )
      assert.notInclude(r.out, "two or more applicable sources")
      assert.strictEqual(lines.filter((l) => l.includes("§ 615.7")).length, 1)
      assert.include(
        r.out,
        "§ 616.1e Any of the applicable replacement and/or prevention effects may be chosen."
      )
    })
  )

  it.effect("--json --explain adds the cited rules' sentences", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", fixture, "--json", "--explain"])
      assert.strictEqual(r.code, 0, r.err)
      const j = JSON.parse(r.out) as { rules: Record<string, string> }
      assert.include(j.rules["615.7"], "These work like shields.")
      assert.notInclude(j.rules["615.7"], "two or more applicable sources")
    })
  )

  it.effect("--json prints the machine form", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", fixture, "--json"])
      assert.strictEqual(r.code, 0, r.err)
      const j = JSON.parse(r.out) as {
        outcome: { events: Record<string, { dealt: Record<string, number> }> }
        decisions: ReadonlyArray<{ chooser: string; answer: unknown }>
        trace: ReadonlyArray<{ _tag: string }>
        check: { ok: boolean }
      }
      assert.strictEqual(j.outcome.events.e?.dealt.Z, 2)
      assert.deepStrictEqual(
        j.decisions.map((d) => [d.chooser, d.answer]),
        [["nap", "shield"]]
      )
      assert.isTrue(j.trace.some((t) => t._tag === "Applied"))
      assert.isTrue(j.check.ok)
    })
  )

  /** MTG-09: a "best for the chooser" strategy picks prevent-first (2 dealt, not 4). */
  it.effect("--strategy best-for-chooser answers what the script does not", () =>
    Effect.gen(function* () {
      const f = variant("best.yaml", (t) => t.replace("decisions: [shield]\n", ""))
      const r = yield* cli(["resolve", f, "--strategy", "best-for-chooser", "--json"])
      assert.strictEqual(r.code, 0, r.err)
      assert.strictEqual(
        (JSON.parse(r.out) as { outcome: { events: { e: { dealt: { Z: number } } } } }).outcome.events.e.dealt
          .Z,
        2
      )
    })
  )

  it.effect("malformed YAML: exit 2, file, line and column", () =>
    Effect.gen(function* () {
      const f = variant("malformed.yaml", (t) => t.replace("players: [ap, nap]", "players: [ap, nap"))
      const r = yield* cli(["resolve", f])
      assert.strictEqual(r.code, 2)
      assert.match(r.err, new RegExp(`^${f}:${lineOf("players:") + 1}:\\d+: malformed YAML: `))
      assert.notInclude(r.err, "    at ") // no stack trace
    })
  )

  it.effect("a typo in an effect name: exit 2, the path and the line of the typo", () =>
    Effect.gen(function* () {
      const f = variant("typo.yaml", (t) => t.replace("kind: shield, id: shield", "kind: sheild, id: shield"))
      const r = yield* cli(["resolve", f])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, `${f}:${lineOf("kind: shield, id: shield")}:`)
      assert.include(r.err, 'at effects[0].kind: unknown kind "sheild" (did you mean "shield"?)')
    })
  )

  it.effect("schema errors: every issue at once, each with path and line", () =>
    Effect.gen(function* () {
      const f = variant("schema.yaml", (t) =>
        t
          .replace("players: [ap, nap]", "playrs: [ap, nap]")
          .replace("amount: 2, duration", "amount: two, duration")
      )
      const r = yield* cli(["resolve", f])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, "problems in the scenario")
      assert.include(
        r.err,
        `${f}:${lineOf("players:")}:1 at playrs: unknown key "playrs" (did you mean "players"?)`
      )
      assert.include(r.err, `${f}:${lineOf("amount: 2")}:`)
      assert.include(r.err, "at effects[0].amount")
    })
  )

  it.effect("unknown ruleset: exit 2, the installed ones listed", () =>
    Effect.gen(function* () {
      const f = variant("ruleset.yaml", (t) => t.replace("ruleset: mtg", "ruleset: mgt"))
      const r = yield* cli(["resolve", f])
      assert.strictEqual(r.code, 2)
      assert.strictEqual(
        r.err,
        `${f}:${lineOf("ruleset: mtg")}:1: unknown ruleset "mgt"; installed rulesets: ${Registry.ids.join(", ")}\n  did you mean "mtg"?`
      )
    })
  )

  it.effect("unknown id: exit 2, the path and line that names it", () =>
    Effect.gen(function* () {
      const f = variant("id.yaml", (t) => t.replace("to: Z, amount: 2", "to: ghost, amount: 2"))
      const r = yield* cli(["resolve", f])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, `${f}:${lineOf("to: Z, amount: 2")}:`)
      assert.include(r.err, "effects[0].to")
      assert.include(r.err, '"ghost"')
    })
  )

  it.effect("illegal decision: exit 2, the decision named and its line in decisions:", () =>
    Effect.gen(function* () {
      const f = variant("illegal.yaml", (t) => t.replace("decisions: [shield]", "decisions: [nope]"))
      const r = yield* cli(["resolve", f])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, `${f}:${lineOf("decisions: [shield]")}:`)
      assert.include(r.err, "at decisions[0]: illegal answer to decision d1 (ChooseEffect, asked of nap)")
      assert.include(r.err, "not one of the options: shield, double")
    })
  )

  it.effect("missing decision without a terminal: exit 2, the decision named", () =>
    Effect.gen(function* () {
      const f = variant("missing.yaml", (t) => t.replace("decisions: [shield]", "decisions: []"))
      const r = yield* cli(["resolve", f])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, `${f}: missing decision: no answer for decision d1 (ChooseEffect, asked of nap)`)
      assert.include(r.err, "add the answer to `decisions:`")
      // the prompt is the trace's question (one text): the options by their labels, "or" between
      assert.match(
        r.err,
        /nap chooses which effect applies next to Z: shield "Prevent the next 2 damage that would be dealt to Z" or double "[^"]+" \(MTG CR 616\.1e\)/
      )
      assert.notInclude(r.err.split("\n")[0] ?? "", " | ")
    })
  )

  it.effect("missing decision at a terminal: the player is asked, with the legal options", () =>
    Effect.gen(function* () {
      const f = variant("ask.yaml", (t) => t.replace("decisions: [shield]", "decisions: []"))
      const asked: Array<Decision.Request> = []
      const r = yield* cli(["resolve", f], {
        interactive: true,
        ask: (request) =>
          Effect.sync(() => {
            asked.push(request)
            return "shield"
          })
      })
      assert.strictEqual(r.code, 0, r.err)
      assert.strictEqual(asked.length, 1)
      assert.strictEqual(asked[0]?._tag, "ChooseEffect")
      assert.strictEqual(asked[0]?.chooser, "nap")
      assert.deepStrictEqual(asked[0]?._tag === "ChooseEffect" ? asked[0].options.map((o) => o.effect) : [], [
        "shield",
        "double"
      ])
      assert.include(r.out, "event e: dealt Z 2")
    })
  )

  it.effect("a failed expectation: exit 1, expected vs actual at the path", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", join(here, "fixtures", "pass-fail", "b-fail.yaml")])
      assert.strictEqual(r.code, 1)
      assert.include(r.out, "expect: FAIL\n    at events.e.dealt.Z: expected 3, got 2")
    })
  )

  it.effect("a file that does not exist: exit 2", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", join(dir, "nope.yaml")])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, "cannot read the file: no such file")
    })
  )

  it.effect("a bad command line: exit 2", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* cli(["resolve", fixture, "--strategy", "worst"])).code, 2)
      assert.strictEqual((yield* cli(["frobnicate"])).code, 2)
    })
  )
})

describe("bulwark check", () => {
  it.effect("PASS/FAIL per case with mismatch paths, the summary line, exit 1", () =>
    Effect.gen(function* () {
      const r = yield* cli(["check", join(here, "fixtures", "pass-fail")])
      assert.strictEqual(r.code, 1)
      const out = r.out.split("\n")
      assert.match(out[0] ?? "", /^PASS .*a-pass\.yaml/)
      assert.match(out[1] ?? "", /^FAIL .*b-fail\.yaml/)
      assert.strictEqual(out[2], "    at events.e.dealt.Z: expected 3, got 2")
      assert.strictEqual(out.at(-1), "1 passed, 1 failed")
    })
  )

  it.effect("all passing: exit 0", () =>
    Effect.gen(function* () {
      const r = yield* cli(["check", fixture])
      assert.strictEqual(r.code, 0)
      assert.strictEqual(r.out.split("\n").at(-1), "1 passed, 0 failed")
    })
  )

  it.effect("an invalid file counts as failed and exits 2", () =>
    Effect.gen(function* () {
      const f = variant("bad-check.yaml", (t) => t.replace("ruleset: mtg", "ruleset: mgt"))
      const r = yield* cli(["check", fixture, f])
      assert.strictEqual(r.code, 2)
      assert.include(r.out, `FAIL ${f}`)
      assert.strictEqual(r.out.split("\n").at(-1), "1 passed, 1 failed")
    })
  )

  it.effect("no scenario files: exit 2", () =>
    Effect.gen(function* () {
      const empty = mkdtempSync(join(tmpdir(), "bulwark-empty-"))
      const r = yield* cli(["check", empty])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, "no scenario files")
    })
  )
})

describe("bulwark schema", () => {
  it.effect("prints a JSON Schema with the generic keys and the ruleset's vocabulary", () =>
    Effect.gen(function* () {
      const r = yield* cli(["schema", "mtg"])
      assert.strictEqual(r.code, 0)
      const s = JSON.parse(r.out) as {
        $schema: string
        properties: Record<string, unknown>
        required: Array<string>
      }
      assert.strictEqual(s.$schema, "https://json-schema.org/draft/2020-12/schema")
      for (const k of ["ruleset", "title", "decisions", "strategy", "expect", "players", "effects"])
        assert.property(s.properties, k)
      assert.deepStrictEqual(s.properties.ruleset, { const: "mtg", description: "The ruleset" })
      assert.include(s.required, "ruleset")
    })
  )

  it.effect("an unknown ruleset: exit 2", () =>
    Effect.gen(function* () {
      const r = yield* cli(["schema", "poker"])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, `unknown ruleset "poker"; installed rulesets: ${Registry.ids.join(", ")}`)
      assert.include(r.err, "npm install --save-dev @bulwark/poker")
    })
  )
})

describe("bulwark gallery", () => {
  it.effect("resolves one scenario per ruleset and summarises", () =>
    Effect.gen(function* () {
      const r = yield* cli(["gallery"])
      assert.strictEqual(r.code, 0, r.out)
      for (const id of ["MTG-09", "RB-05", "BSK-03", "FAB-10"])
        assert.match(r.out, new RegExp(`PASS +\\w+ +${id}`))
      assert.strictEqual(r.out.split("\n").at(-1), "4 of 4 gallery scenarios resolved; 0 failed")
    })
  )

  it.effect("reads in the players' words: no engine jargon, tiers as the rules name them", () =>
    Effect.gen(function* () {
      const r = yield* cli(["gallery"])
      // the words the trace used to speak
      for (const jargon of [
        /\(any\)/,
        /markDamage/,
        /such objects/,
        /: (mul|add|sub) \d/,
        /candidates for/,
        /only candidate\b/,
        // the key core orders a whole event under (FaB 6.5), the ids the kernel makes for derived
        // events and occurrences, and the words of the engine rather than of the rules
        /to event now/,
        /next to event:/,
        /\w:results\b/,
        /\[\w+:marked\]/,
        /\w#\d/,
        /\boccurrences?\b/,
        /ledger boundary/,
        /such sources/,
        /happens to/
      ])
        assert.notMatch(r.out, jargon)
      // FaB 6.5 orders the event as a whole: "the event", and whom it affects
      assert.include(
        r.out,
        "effects that can apply to the event affecting bob now (standard-replacement effects)"
      )
      assert.include(r.out, "? bob chooses which effect applies next to the event affecting bob: ")
      // MTG 120.3: the results of the damage event, named after it
      assert.include(r.out, "▶ the results of e: 2 damage would be marked on Z (from src)")
      assert.include(r.out, "■ the results of e: Z gets 2 damage marked (from src)")
      // an occurrence reduced to 0, in its family's words (Берсерк wounds, in Russian: «раны»)
      assert.include(r.out, "orc должен нанести C 0 ран: это не происходит")
      // the tiers as CR 616.1e, Riftbound 367–375, Берсерк 533.3 and FaB 6.5.4–6.5.5 name them
      assert.include(r.out, "(any of the applicable replacement and/or prevention effects)")
      assert.include(r.out, "(replacement effects)")
      assert.include(r.out, "эффекты предотвращения, не имеющие количественного значения, первая группа")
      assert.include(r.out, "(standard-replacement effects)")
      assert.include(r.out, "(prevention effects)")
      // Берсерк damage is wounds («раны»)
      assert.include(r.out, "orc должен нанести C 5 ран")
    })
  )
})

describe("bulwark resolve --lang: the player's language", () => {
  const bsk = join(here, "..", "..", "..", "packages", "berserk", "scenarios", "BSK-03.yaml")
  const mtg = (name: string) => join(here, "..", "..", "..", "packages", "mtg", "scenarios", name)

  /**
   * Берсерк 533.3: «Эффекты предотвращения применяются в следующем порядке: эффекты
   * предотвращения, не имеющие количественного значения; эффекты предотвращения, имеющие
   * количественное значение.» The ruleset's language is Russian; English on request.
   */
  it.effect("Берсерк: Russian by default — the trace, the quotation, the summary", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", bsk, "--explain"])
      assert.strictEqual(r.code, 0, r.err)
      assert.include(r.out, "▶ событие a1: orc должен нанести C 5 ран [a1]")
      assert.include(
        r.out,
        "✓ fog «Предотвратить все раны от ударов в этот ход» (единственный применимый): предотвращает всё (C: 5 ран): 5 → 0"
      )
      assert.include(r.out, "✗ shield2 не применяется к C: событие снижено до 0 и не происходит")
      assert.include(r.out, "      § 533.3 Эффекты предотвращения применяются в следующем порядке:")
      assert.notInclude(r.out, "(without an amount, then with an amount")
      assert.include(r.out, "Итог:\n  событие a1: нанесено нет; предотвращено C 5")
      assert.notInclude(r.out, "would deal")
    })
  )

  it.effect("Берсерк with --lang en: English, the rule quoted with its English gloss", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", bsk, "--explain", "--lang", "en"])
      assert.strictEqual(r.code, 0, r.err)
      assert.include(r.out, "▶ event a1: orc would deal 5 wounds to C [a1]")
      assert.include(r.out, "prevents all of the 5 wounds to C: 5 → 0")
      assert.include(
        r.out,
        "(without an amount, then with an amount; inactive player first, each in their order; stop at 0)"
      )
      assert.include(r.out, "Result:\n  event a1: dealt none; prevented C 5")
      assert.notInclude(r.out, "должен нанести")
    })
  )

  it.effect("--lang ru for a ruleset --lang names none of: exit 2, naming the languages it speaks", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", mtg("MTG-01.yaml"), "--lang", "ru"])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, '--lang ru: ruleset mtg has no words in "ru"; it speaks en')
      const en = yield* cli(["resolve", mtg("MTG-01.yaml"), "--lang", "en"])
      assert.strictEqual(en.code, 0, en.err)
    })
  )
})

describe("bulwark resolve: the trace says what happened", () => {
  const mtg = (name: string) => join(here, "..", "..", "..", "packages", "mtg", "scenarios", name)

  /**
   * CR 614.9: "Some effects replace damage dealt to one battle, creature, planeswalker, or player
   * with the same damage dealt to another …". MTG-25: the 2 damage to A move to nap.
   */
  it.effect(
    "MTG-25: a redirection names where the damage was and where it goes; the division is not a prevention",
    () =>
      Effect.gen(function* () {
        const r = yield* cli(["resolve", mtg("MTG-25.yaml")])
        assert.strictEqual(r.code, 0, r.err)
        assert.include(r.out, "redirects the 2 damage to A to nap; the redirection is used up (2 → 0)")
        assert.notInclude(r.out, "to nap to nap")
        assert.include(r.out, '? nap divides the 2 of r "')
        assert.notInclude(r.out, "prevents among")
      })
  )

  /**
   * CR 615.7: "… These work like shields. Each 1 damage that would be dealt to the “shielded”
   * permanent or player is prevented." — one shield on one source quotes that, not "If damage
   * would be dealt … by two or more applicable sources at the same time …".
   */
  it.effect("--explain: 615.7's shield sentence under one shield", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", mtg("MTG-01.yaml"), "--explain"])
      assert.strictEqual(r.code, 0, r.err)
      assert.include(
        r.out,
        "§ 615.7 Some prevention effects generated by the resolution of a spell or ability"
      )
      assert.notInclude(r.out, "two or more applicable sources")
    })
  )

  /** CR 704.3: state-based actions are checked; with nothing to do, the trace says nothing of it. */
  it.effect("a state-based actions step with nothing to do prints nothing", () =>
    Effect.gen(function* () {
      const dir = mkdtempSync(join(tmpdir(), "bulwark-sba-"))
      const file = join(dir, "sba.yaml")
      writeFileSync(
        file,
        [
          "format: 2",
          "ruleset: mtg",
          "players: [ap, nap]",
          "turn: ap",
          "objects:",
          "  - { id: bear, controller: nap, types: [Creature], toughness: 2 }",
          "steps:",
          "  - event: { id: e, occurrences: [{ source: ap, to: bear, amount: 1 }] }",
          "  - stateBasedActions: true",
          ""
        ].join("\n")
      )
      const r = yield* cli(["resolve", file])
      assert.strictEqual(r.code, 0, r.err)
      // the trace (the outcome still has the step's event, with nothing in it)
      const trace = r.out.slice(0, r.out.indexOf("Result:"))
      assert.include(trace, "▶ event e:")
      assert.notInclude(trace, "stateBasedActions")
      assert.notInclude(trace, "state-based actions")
      assert.notInclude(trace, "does not happen")
    })
  )
})

describe("bulwark resolve speaks of what happens, not of the engine's ids", () => {
  const scenario = (name: string) => join(here, "..", "..", "..", "packages", "mtg", "scenarios", name)

  /** CR 120.3b–d: infect and wither give counters, damage to a planeswalker removes loyalty counters. */
  it.effect("MTG-15: counters are named by their kind", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", scenario("MTG-15.yaml")])
      assert.strictEqual(r.code, 0, r.err)
      assert.include(r.out, "nap gets 2 poison counters (from infecter)")
      assert.include(r.out, "bear gets 2 −1/−1 counters (from witherer)")
      assert.include(r.out, "3 loyalty counters are removed from walker (from hitter)")
    })
  )

  /** CR 614.1a: "If you would gain life, draw that many cards instead" — the draw, not its id. */
  it.effect("MTG-11: a replacement says what happens instead", () =>
    Effect.gen(function* () {
      const r = yield* cli(["resolve", scenario("MTG-11.yaml")])
      assert.strictEqual(r.code, 0, r.err)
      assert.include(r.out, "replaces the 1 life to ap: instead, ap would draw 1 card")
      assert.include(r.out, "replaces the 1 card to ap: instead, ")
      assert.notMatch(r.out, /\w#\d/)
    })
  )
})

describe("the built binary", () => {
  const main = join(here, "..", "dist", "main.js")
  it("check: exit code 1 and the summary line", () => {
    const r = spawnSync(process.execPath, [main, "check", join(here, "fixtures", "pass-fail")], {
      encoding: "utf8"
    })
    assert.strictEqual(r.status, 1)
    assert.strictEqual(r.stdout.trim().split("\n").at(-1), "1 passed, 1 failed")
    assert.strictEqual(r.stderr, "")
  })

  it("resolve of a bad file: exit 2, one message, no stack trace", () => {
    const f = variant("e2e.yaml", (t) => t.replace("kind: shield, id: shield", "kind: sheild, id: shield"))
    const r = spawnSync(process.execPath, [main, "resolve", f], { encoding: "utf8" })
    assert.strictEqual(r.status, 2)
    assert.include(r.stderr, `${f}:${lineOf("kind: shield, id: shield")}:`)
    assert.notMatch(r.stderr, /\n\s+at /)
  })

  it("--version", () => {
    assert.match(execFileSync(process.execPath, [main, "--version"], { encoding: "utf8" }), /\d+\.\d+\.\d+/)
  })

  it("the entry is bundled: it loads nothing of effect until a command needs it, and names no ruleset", () => {
    // the entry imports node built-ins and its own lazy chunk, never a package
    const entry = readFileSync(main, "utf8")
    const imports = [...entry.matchAll(/(?:from|import\()\s*[`"']([^`"']+)[`"']/g)].map((m) => m[1])
    assert.deepStrictEqual(
      imports.filter((i) => !(i?.startsWith("node:") || i?.startsWith("./bulwark-"))),
      []
    )
    // the lazy chunk imports only what the rulesets share with it — effect and the Bulwark
    // libraries, from node_modules — and no ruleset: rulesets are found by their manifests
    // (every chunk the entry names: the signal handlers' chunk and the commands' chunk)
    const chunks = [...new Set([...entry.matchAll(/\.\/(bulwark-[^`"']+\.js)/g)].map((m) => m[1] ?? ""))]
    assert.isAbove(chunks.length, 0)
    const text = chunks.map((c) => readFileSync(join(here, "..", "dist", c), "utf8")).join("\n")
    const packages = new Set(
      [...text.matchAll(/(?:from|import\()\s*[`"']([^`"'.][^`"']*)[`"']/g)]
        .map((m) => m[1] ?? "")
        .filter((i) => !i.startsWith("node:"))
        .map((i) => (i.startsWith("@") ? i.split("/").slice(0, 2).join("/") : (i.split("/")[0] ?? i)))
    )
    assert.deepStrictEqual([...packages].sort(), ["@bulwark/core", "@bulwark/scenario", "effect"])
  })

  it.effect("--version without the CLI framework prints what the framework prints", () =>
    Effect.gen(function* () {
      const r = yield* cli(["--version"])
      assert.strictEqual(r.code, 0)
      // the framework may colour its line (FORCE_COLOR); the words are the same
      // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
      const plain = r.out.replace(/\u001b\[[0-9;]*m/g, "")
      assert.strictEqual(quickAnswer(["--version"]), plain)
      assert.strictEqual(
        execFileSync(process.execPath, [main, "--version"], { encoding: "utf8" }),
        `${plain}\n`
      )
    })
  )

  it("only exactly --version takes the short path", () => {
    assert.isUndefined(quickAnswer(["--version", "check"]))
    assert.isUndefined(quickAnswer(["check", "--version"]))
    assert.isUndefined(quickAnswer([]))
  })
})

describe("bulwark and signals", () => {
  const main = join(here, "..", "dist", "main.js")
  // 8 shields and 8 doublers on one creature under the full MTG rules (results stage): the
  // best-for-chooser search takes minutes within this budget — unless the process is stopped
  const long = join(dir, "long-search.yaml")
  writeFileSync(
    long,
    [
      "format: 2",
      "ruleset: mtg",
      "players: [ap, nap]",
      "objects:",
      "  - { id: Z, controller: nap, types: [Creature], power: 5, toughness: 5 }",
      "  - { id: src, controller: ap, types: [Creature], power: 3, toughness: 3 }",
      "  - { id: furnace, controller: ap, types: [Enchantment] }",
      "effects:",
      ...Array.from({ length: 8 }, (_, i) => [
        `  - { kind: double, id: d${i}, controller: ap, source: furnace, to: { types: [Creature] } }`,
        `  - { kind: shield, id: s${i}, controller: nap, to: Z, amount: 2, duration: endOfTurn }`
      ]).flat(),
      "steps:",
      "  - event: { id: e, occurrences: [{ id: d, source: src, to: Z, amount: 3 }] }",
      "strategy: best-for-chooser",
      // the states budget and a clock budget far past the test's: the search must still be
      // running when the signal comes, however slow the machine (the default 5 s ran out first
      // under load 35)
      "budget: { states: 1000000000, seconds: 3600 }",
      ""
    ].join("\n")
  )

  /** Starts a long search, sends `signal` once it reports progress, and waits for the exit. */
  const stopped = (args: ReadonlyArray<string>, signal: "SIGINT" | "SIGTERM") =>
    new Promise<{ code: number | null; signal: string | null; out: string; progress: boolean }>((done) => {
      const child = spawn(process.execPath, [main, ...args], {
        env: { ...process.env, BULWARK_PROGRESS: "always" },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let out = ""
      let progress = false
      child.stdout.on("data", (b: Buffer) => {
        out += b.toString()
      })
      child.stderr.on("data", (b: Buffer) => {
        if (!progress && b.toString().includes("states explored")) {
          progress = true
          child.kill(signal)
        }
      })
      // a hang guard only (never a timing assertion): a search that ignores the signal is killed
      const guard = setTimeout(() => child.kill("SIGKILL"), 90_000)
      child.on("exit", (code, sig) => {
        clearTimeout(guard)
        done({ code, signal: sig, out, progress })
      })
    })

  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143]
  ] as const) {
    it(`resolve stops a long search on ${signal} with exit ${code}`, { timeout: 120_000 }, async () => {
      const r = await stopped(["resolve", long], signal)
      assert.isTrue(r.progress, "the search reported progress before the signal")
      assert.strictEqual(r.signal, null, "the process exited by itself, not killed")
      assert.strictEqual(r.code, code)
      assert.strictEqual(r.out, "", "stopped during the search: no trace printed")
    })
  }

  it("check stops a long search on SIGINT with exit 130", { timeout: 120_000 }, async () => {
    const r = await stopped(["check", long], "SIGINT")
    assert.isTrue(r.progress)
    assert.strictEqual(r.signal, null)
    assert.strictEqual(r.code, 130)
    assert.notInclude(r.out, "passed")
  })

  it("without a terminal and with --json nothing but the result is printed (no progress)", {
    timeout: 120_000
  }, () => {
    const quick = variant("quick-best.yaml", (t) =>
      t.replace("decisions: [shield]", "strategy: best-for-chooser")
    )
    const r = spawnSync(process.execPath, [main, "resolve", "--json", quick], { encoding: "utf8" })
    assert.strictEqual(r.stderr, "")
    assert.doesNotThrow(() => JSON.parse(r.stdout))
  })
})

describe("scenario budget:", () => {
  const main = join(here, "..", "dist", "main.js")
  let files = 0
  const board = (extra: string) => {
    const f = join(dir, `budget-${files++}.yaml`)
    writeFileSync(
      f,
      [
        "format: 2",
        "ruleset: mtg",
        "players: [ap, nap]",
        "objects:",
        "  - { id: Z, controller: nap, types: [Creature], power: 5, toughness: 5 }",
        "  - { id: src, controller: ap, types: [Creature], power: 3, toughness: 3 }",
        "  - { id: furnace, controller: ap, types: [Enchantment] }",
        "effects:",
        "  - { kind: double, id: d0, controller: ap, source: furnace, to: { types: [Creature] } }",
        "  - { kind: double, id: d1, controller: ap, source: furnace, to: { types: [Creature] } }",
        "  - { kind: shield, id: s0, controller: nap, to: Z, amount: 2, duration: endOfTurn }",
        "  - { kind: shield, id: s1, controller: nap, to: Z, amount: 2, duration: endOfTurn }",
        "steps:",
        "  - event: { id: e, occurrences: [{ id: d, source: src, to: Z, amount: 3 }] }",
        extra,
        ""
      ].join("\n")
    )
    return f
  }

  it("a search over the file's budget fails with SearchBudgetExceeded naming it (exit 2)", {
    timeout: 120_000
  }, () => {
    const r = spawnSync(process.execPath, [main, "resolve", board("strategy: best-for-chooser\nbudget: 3")], {
      encoding: "utf8"
    })
    assert.strictEqual(r.status, 2)
    assert.include(r.stderr, "SearchBudgetExceeded")
    assert.include(r.stderr, "over its budget of 3")
  })

  it("the same board within the default budget resolves (exit 0)", { timeout: 120_000 }, () => {
    const r = spawnSync(process.execPath, [main, "resolve", board("strategy: best-for-chooser")], {
      encoding: "utf8"
    })
    assert.strictEqual(r.status, 0, r.stderr)
  })

  it("budget: without strategy: best-for-chooser is an error at its line, not silently ignored", {
    timeout: 120_000
  }, () => {
    const f = board("strategy: first\nbudget: 10")
    const r = spawnSync(process.execPath, [main, "resolve", f], { encoding: "utf8" })
    assert.strictEqual(r.status, 2)
    assert.match(r.stderr, /:16:\d+: .*budget/)
  })

  /** `n` effects on one creature, shields, "plus N", doublers and "prevent 1" in turn. */
  const crowded = (n: number, extra: string) => {
    const f = join(dir, `budget-${files++}.yaml`)
    const effects = Array.from(
      { length: n },
      (_, i) =>
        [
          `  - { kind: shield, id: s${i}, controller: nap, to: Z, amount: ${1 + (i % 7)}, duration: endOfTurn }`,
          `  - { kind: modify, id: m${i}, controller: ap, to: Z, op: add, value: ${1 + (i % 3)} }`,
          `  - { kind: double, id: d${i}, controller: ap, to: Z }`,
          `  - { kind: preventEach, id: p${i}, controller: nap, to: Z, amount: 1 }`
        ][i % 4]
    )
    writeFileSync(
      f,
      [
        "format: 2",
        "ruleset: mtg",
        "players: [ap, nap]",
        "objects:",
        "  - { id: Z, controller: nap, types: [Creature], power: 5, toughness: 100000 }",
        "  - { id: src, controller: ap, zone: stack, types: [Sorcery] }",
        "effects:",
        ...effects,
        "strategy: best-for-chooser",
        extra,
        "steps:",
        "  - event: { id: e, occurrences: [{ source: src, to: Z, amount: 10 }] }",
        ""
      ].join("\n")
    )
    return f
  }

  it("400 effects on one creature with the default budget: SearchBudgetExceeded (exit 2), not a search that runs on", {
    timeout: 120_000
  }, () => {
    // before: the default budget counted states only, and 400 effects ran 150 s without an error;
    // the default time budget (5 s a decision) now stops it — this checks the error, not the time
    const r = spawnSync(process.execPath, [main, "resolve", crowded(400, "")], { encoding: "utf8" })
    assert.strictEqual(r.status, 2, r.stderr)
    assert.include(r.stderr, "SearchBudgetExceeded")
  })

  it("budget: { states, seconds } sets either budget", { timeout: 120_000 }, () => {
    const states = spawnSync(process.execPath, [main, "resolve", crowded(8, "budget: { states: 3 }")], {
      encoding: "utf8"
    })
    assert.strictEqual(states.status, 2)
    assert.include(states.stderr, "over its budget of 3")
    const seconds = spawnSync(
      process.execPath,
      [main, "resolve", crowded(400, "budget: { states: 1000000000, seconds: 0.001 }")],
      { encoding: "utf8" }
    )
    assert.strictEqual(seconds.status, 2)
    assert.include(seconds.stderr, "over its time budget of 1 ms")
    for (const bad of ["budget: { seconds: 0 }", "budget: { minutes: 3 }", "budget: { states: 1.5 }"]) {
      const r = spawnSync(process.execPath, [main, "resolve", crowded(8, bad)], { encoding: "utf8" })
      assert.strictEqual(r.status, 2, bad)
      assert.include(r.stderr, "budget", bad)
    }
  })

  it("budget: must be a whole number ≥ 1", { timeout: 120_000 }, () => {
    const r = spawnSync(process.execPath, [main, "resolve", board("strategy: best-for-chooser\nbudget: 0")], {
      encoding: "utf8"
    })
    assert.strictEqual(r.status, 2)
    assert.include(r.stderr, "budget")
  })
})
