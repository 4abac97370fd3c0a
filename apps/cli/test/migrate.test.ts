/**
 * `bulwark migrate <files or folders…> [--check]` (issue 16, point 4): format-1 files are
 * rewritten in format 4 in place, comments and key order kept (the bundled format-1 files, byte
 * copies in `format1/bundled/`, many with a long comment quoting the rule); `--check` writes
 * nothing and exits 1 when a file would change; a file already in format 4 is left
 * byte-identical, so a second run does nothing; JSON stays JSON; `node_modules` is not walked;
 * a file that can't be migrated is a located error, and then no file is written at all.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestConsole } from "effect/testing"
import { parse, parseDocument } from "yaml"
import { runCli } from "../src/cli.js"

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, "..", "..", "..")
const frozen = join(here, "format1", "bundled")
const FOUR = ["mtg", "riftbound", "berserk", "fab"] as const

const cli = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const code = yield* runCli(args)
    const out = (yield* TestConsole.logLines).join("\n")
    const err = (yield* TestConsole.errorLines).join("\n")
    return { code, out, err }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

/** Every file under a folder with its bytes, by path. */
const snapshot = (dir: string): Map<string, string> => {
  const out = new Map<string, string>()
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out.set(p, readFileSync(p, "latin1"))
    }
  }
  walk(dir)
  return out
}

/** The comments of a YAML text, in order: whole-line comments and those after a value. */
const comments = (text: string): ReadonlyArray<string> =>
  text.split("\n").flatMap((l) => {
    const t = l.trim()
    if (t.startsWith("#")) return [t]
    const m = / #(.*)$/.exec(l)
    return m !== null && !/["']/.test(l.slice(l.indexOf(" #"))) ? [`#${m[1]}`] : []
  })

const topKeys = (text: string): ReadonlyArray<string> => {
  const doc = parseDocument(text)
  const m = doc.contents as { items?: ReadonlyArray<{ key: { value?: unknown } }> }
  return (m.items ?? []).map((p) => String(p.key.value ?? p.key))
}

/** A fresh copy of the frozen format-1 bundled files of the four games, plus what must be left alone. */
const workspace = () => {
  const dir = mkdtempSync(join(tmpdir(), "bulwark-migrate-"))
  for (const id of FOUR) cpSync(join(frozen, id), join(dir, id), { recursive: true })
  mkdirSync(join(dir, "node_modules", "some-package"), { recursive: true })
  writeFileSync(
    join(dir, "node_modules", "some-package", "old.yaml"),
    readFileSync(join(frozen, "mtg", "MTG-16.yaml"))
  )
  writeFileSync(join(dir, "package.json"), '{ "name": "rulings", "private": true }\n')
  return dir
}

const originals = FOUR.flatMap((id) =>
  readdirSync(join(frozen, id))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => ({ id, f, text: readFileSync(join(frozen, id, f), "utf8") }))
)

describe("bulwark migrate", () => {
  it.effect("--check lists every format-1 file, writes nothing and exits 1", () =>
    Effect.gen(function* () {
      const dir = workspace()
      const before = snapshot(dir)
      const r = yield* cli(["migrate", "--check", dir])
      assert.strictEqual(r.code, 1, r.err)
      for (const { id, f } of originals)
        assert.include(r.out, `would migrate ${join(dir, id, f)} (format 1 → 4)`)
      assert.notInclude(r.out, "node_modules")
      assert.include(
        r.out,
        `skipped 1 file without a top-level \`ruleset:\` key (not scenarios): ${join(dir, "package.json")}`
      )
      assert.include(r.out, `${originals.length} would change, 0 already in format 4`)
      assert.deepStrictEqual(snapshot(dir), before, "--check wrote something")
    })
  )

  it.effect("rewrites every bundled format-1 file in place: comments and key order kept, and it passes", () =>
    Effect.gen(function* () {
      const dir = workspace()
      const nm = join(dir, "node_modules", "some-package", "old.yaml")
      const untouched = readFileSync(nm, "utf8")
      const r = yield* cli(["migrate", dir])
      assert.strictEqual(r.code, 0, r.err)
      assert.include(r.out, `${originals.length} migrated, 0 already in format 4`)
      assert.strictEqual(readFileSync(nm, "utf8"), untouched, "node_modules was walked")
      let withComments = 0
      for (const { id, f, text } of originals) {
        const after = readFileSync(join(dir, id, f), "utf8")
        assert.strictEqual(topKeys(after)[0], "format", `${id}/${f}: format: 4 is the first key`)
        assert.strictEqual(parse(after).format, 4)
        // every comment is still there, in the same order
        const was = comments(text)
        const is = comments(after)
        let k = 0
        for (const c of was) {
          const at = is.indexOf(c, k)
          assert.isAtLeast(at, 0, `${id}/${f}: lost the comment ${JSON.stringify(c)}`)
          k = at + 1
        }
        if (was.length > 0) withComments++
        // the keys every format keeps stay in their order
        const generic = ["ruleset", "title", "description", "decisions", "strategy", "budget", "expect"]
        assert.deepStrictEqual(
          topKeys(after).filter((x) => generic.includes(x)),
          topKeys(text).filter((x) => generic.includes(x)),
          `${id}/${f}: key order`
        )
      }
      assert.isAtLeast(withComments, 10)
      const c = yield* cli(["check", ...FOUR.map((id) => join(dir, id))])
      // two named differences, each an expectation kept as written by the migration that the
      // rules now answer otherwise, and nothing else fails:
      // - format-1 FAB-10 expects the declined Arcane Barrier in `applied`; a declined effect is
      //   not applied (FaB 1.8.3a: the player "chooses whether or not to generate or apply the
      //   effect"; Riftbound 371.2.b: "it has not been applied");
      // - format-1 RB-03 expects the unit the Combat Cleanup killed to keep its 2 damage in the
      //   trash; Riftbound 124.1: "Whenever a Game Object changes zones to or from a Non-Board
      //   Zone, all Temporary Modifications of all kinds cease to be tracked on it … Damage is
      //   cleared."
      assert.strictEqual(c.code, 1, `${c.out}\n${c.err}`)
      assert.include(c.out, `${originals.length - 2} passed, 2 failed`)
      const failed = c.out.split("\n").filter((l) => l.startsWith("FAIL "))
      assert.strictEqual(failed.length, 2, c.out)
      assert.isTrue(
        failed.some((l) => l.includes("/fab/FAB-10.yaml")),
        c.out
      )
      assert.isTrue(
        failed.some((l) => l.includes("/riftbound/RB-03.yaml")),
        c.out
      )
      assert.include(
        c.out,
        'at events.e1.occurrences.e1-bob.applied: expected ["amp","shield","barrier"], got ["amp","shield"]'
      )
      assert.include(c.out, "at state.U.damage: expected 2, got 0")
    })
  )

  it.effect("idempotent: a second run finds nothing to do and leaves every byte as it was", () =>
    Effect.gen(function* () {
      const dir = workspace()
      assert.strictEqual((yield* cli(["migrate", dir])).code, 0)
      const once = snapshot(dir)
      const check = yield* cli(["migrate", "--check", dir])
      assert.strictEqual(check.code, 0, check.out)
      assert.include(check.out, `0 would change, ${originals.length} already in format 4`)
      const again = yield* cli(["migrate", dir])
      assert.strictEqual(again.code, 0)
      assert.include(again.out, `0 migrated, ${originals.length} already in format 4`)
      assert.deepStrictEqual(snapshot(dir), once)
    })
  )

  it.effect("the bundled scenarios are in format 4: --check over them reports nothing to do", () =>
    Effect.gen(function* () {
      const r = yield* cli([
        "migrate",
        "--check",
        ...FOUR.map((id) => join(root, "packages", id, "scenarios"))
      ])
      assert.strictEqual(r.code, 0, r.out)
      assert.match(r.out, /^0 would change, \d+ already in format 4$/m)
    })
  )

  it.effect("a file already in format 4, however it is written, is left byte-identical", () =>
    Effect.gen(function* () {
      const dir = mkdtempSync(join(tmpdir(), "bulwark-migrate-"))
      const f = join(dir, "odd.yaml")
      const text = "format:   4   # spaced out\nruleset: mtg\nplayers:   [ a ,b ]\n\n\n# trailing\n"
      writeFileSync(f, text)
      const r = yield* cli(["migrate", f])
      assert.strictEqual(r.code, 0, r.err)
      assert.include(r.out, "0 migrated, 1 already in format 4")
      assert.strictEqual(readFileSync(f, "utf8"), text)
    })
  )

  it.effect("a JSON file stays JSON", () =>
    Effect.gen(function* () {
      const dir = mkdtempSync(join(tmpdir(), "bulwark-migrate-"))
      const f = join(dir, "MTG-16.json")
      writeFileSync(
        f,
        `${JSON.stringify(parse(readFileSync(join(frozen, "mtg", "MTG-16.yaml"), "utf8")), null, 2)}\n`
      )
      const r = yield* cli(["migrate", f])
      assert.strictEqual(r.code, 0, r.err)
      const after = readFileSync(f, "utf8")
      const json = JSON.parse(after) as Record<string, unknown>
      assert.strictEqual(json.format, 4)
      assert.strictEqual(Object.keys(json)[0], "format")
      assert.strictEqual((yield* cli(["check", f])).code, 0)
    })
  )

  it.effect("a file that can't be migrated is a located error, and then nothing is written (exit 2)", () =>
    Effect.gen(function* () {
      const dir = mkdtempSync(join(tmpdir(), "bulwark-migrate-"))
      const good = join(dir, "a-good.yaml")
      const goodText = readFileSync(join(frozen, "mtg", "MTG-16.yaml"), "utf8")
      writeFileSync(good, goodText)
      const future = join(dir, "future.yaml")
      writeFileSync(future, "# from a later version\nformat: 5\nruleset: mtg\n")
      const r = yield* cli(["migrate", dir])
      assert.strictEqual(r.code, 2)
      assert.include(
        r.err,
        `${future}:2:9: can't migrate: scenario format 5 is newer than this version of bulwark knows`
      )
      assert.include(r.err, "no file was written")
      assert.strictEqual(readFileSync(good, "utf8"), goodText)
      const c = yield* cli(["migrate", "--check", dir])
      assert.strictEqual(c.code, 2)
      assert.include(c.out, `would migrate ${good}`)
    })
  )

  const broken: ReadonlyArray<readonly [string, string, string]> = [
    ["malformed YAML", "ruleset: mtg\nplayers: [a\n", "can't migrate: not valid YAML"],
    ["no ruleset key", "players: [a]\n", "1:1: can't migrate: not a scenario: no `ruleset:` key"],
    [
      "an unknown ruleset",
      "title: x\nruleset: chess\n",
      '2:10: can\'t migrate: no migration for the ruleset "chess"'
    ],
    ["not a mapping", "- ruleset: mtg\n", "1:1: can't migrate: not a scenario"],
    [
      "a format-1 file that was not valid in format 1 either",
      "ruleset: mtg\nplayers: [a]\nobjects:\n  - { id: Z, controller: ghost }\n",
      "can't migrate: the file in format 4 would not load"
    ]
  ]
  for (const [name, text, message] of broken)
    it.effect(`can't migrate: ${name} → exit 2, the file unchanged`, () =>
      Effect.gen(function* () {
        const dir = mkdtempSync(join(tmpdir(), "bulwark-migrate-"))
        const f = join(dir, "bad.yaml")
        writeFileSync(f, text)
        const r = yield* cli(["migrate", f])
        assert.strictEqual(r.code, 2, r.out)
        assert.include(r.err, `${f}:`)
        assert.include(r.err, message)
        assert.notMatch(r.err, /\n\s+at .*\.(ts|js):\d+/, "no stack trace")
        assert.strictEqual(readFileSync(f, "utf8"), text)
      })
    )

  it.effect("an unreadable or non-UTF-8 file is bad input, as for check", () =>
    Effect.gen(function* () {
      const dir = mkdtempSync(join(tmpdir(), "bulwark-migrate-"))
      const bytes = join(dir, "bytes.yaml")
      writeFileSync(bytes, Buffer.from([0x72, 0x75, 0xff]))
      const r = yield* cli(["migrate", bytes])
      assert.strictEqual(r.code, 2)
      assert.include(r.err, "invalid UTF-8 at byte offset 2")
      assert.strictEqual((yield* cli(["migrate", join(dir, "nope.yaml")])).code, 2)
    })
  )
})
