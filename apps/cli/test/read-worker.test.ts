/**
 * A big file read in a worker thread (issue 32, point 3: so that SIGTERM stops its parse, see
 * `signals.test.ts`) reads the same as in the main thread: the built `bulwark check` on files of
 * 2 MiB or more, once as it runs (the worker: its progress says so) and once with
 * `BULWARK_WORKER_BYTES` above every file's size (the main thread), prints the same thing and
 * exits with the same code — the result of a valid file, and every typed error with its line
 * and column: malformed YAML and JSON at the end of the file, invalid UTF-8, a schema problem, a
 * limit. And a FIFO's bytes (read by the main thread, parsed by the worker) resolve to the same
 * trace; a file the worker runs out of heap reading is a clear error, not an internal one.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { scenario, toYaml } from "./scale.js"

const here = dirname(fileURLToPath(import.meta.url))
const main = join(here, "..", "dist", "main.js")
const dir = mkdtempSync(join(tmpdir(), "bulwark-read-worker-"))

/** 15 000 occurrences: about 2.7 MB of YAML, 4.2 MB of JSON (over the 2 MiB of the worker). */
const doc = scenario("mtg", 15_000, 10)
const yaml = toYaml(doc)
const json = JSON.stringify(doc, null, 2)
const schemaBroken = structuredClone(doc) as { objects: Array<Record<string, unknown>> }
const last = schemaBroken.objects.at(-1)
if (last !== undefined) last.toughness = "five"

const cases: ReadonlyArray<readonly [string, string, string | Uint8Array]> = [
  ["a valid YAML file", "ok.yaml", yaml],
  ["a valid JSON file", "ok.json", json],
  ["malformed YAML at its end", "bad.yaml", `${yaml}objects: [\n`],
  ["malformed JSON at its end", "bad.json", json.slice(0, -3)],
  ["invalid UTF-8 near its end", "utf8.yaml", Buffer.concat([Buffer.from(yaml), Buffer.from([0xff, 0x0a])])],
  ["a schema problem in its last object", "schema.json", JSON.stringify(schemaBroken, null, 2)],
  ["over the occurrences limit", "limit.yaml", yaml]
]

const check = (file: string, env: Record<string, string>, command = "check") => {
  const r = spawnSync(process.execPath, [main, command, file], {
    env: { ...process.env, BULWARK_PROGRESS: "always", ...env },
    encoding: "utf8",
    // a trace of 15 000 occurrences: about 3 MB
    maxBuffer: 64 * 1024 * 1024
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe.skipIf(!existsSync(main))("a big file read in a worker thread", () => {
  for (const [what, name, content] of cases)
    it(`${what}: the same output and exit code as in the main thread`, { timeout: 120_000 }, () => {
      const file = join(dir, name)
      writeFileSync(file, content)
      const env = name === "limit.yaml" ? { BULWARK_LIMITS: "occurrencesPerEvent=10000" } : {}
      const worker = check(file, env)
      const inThread = check(file, { ...env, BULWARK_WORKER_BYTES: String(2 ** 40) })
      assert.include(worker.err, `parsing ${file} in a worker thread`)
      assert.notInclude(inThread.err, "worker thread")
      assert.strictEqual(worker.out, inThread.out)
      assert.strictEqual(worker.err.replace(`parsing ${file} in a worker thread\n`, ""), inThread.err)
      assert.strictEqual(worker.code, inThread.code)
      // the case is what it says
      assert.strictEqual(worker.code, what.startsWith("a valid") ? 0 : 2, worker.out + worker.err)
      if (worker.code !== 0) assert.match(worker.out + worker.err, new RegExp(`${name}(:\\d+:\\d+)?: `))
    })

  it.skipIf(process.platform !== "linux")(
    "a FIFO's bytes: the same trace from the worker as from the main thread",
    { timeout: 120_000 },
    () => {
      const source = join(dir, "source.yaml")
      writeFileSync(source, yaml)
      const fifo = join(dir, "pipe.yaml")
      execFileSync("mkfifo", [fifo])
      const through = (env: Record<string, string>) => {
        // the writer: another process, so that it writes while this one waits for the CLI
        const writer = spawn("sh", ["-c", 'cat "$0" > "$1"', source, fifo], { stdio: "ignore" })
        const r = check(fifo, env, "resolve")
        writer.kill()
        return r
      }
      const worker = through({})
      const inThread = through({ BULWARK_WORKER_BYTES: String(2 ** 40) })
      assert.include(worker.err, `parsing ${fifo} in a worker thread`)
      assert.strictEqual(worker.code, 0, worker.err)
      assert.strictEqual(inThread.code, 0, inThread.err)
      assert.include(worker.out, "wipe")
      assert.strictEqual(worker.out, inThread.out)
    }
  )

  it("a file the worker runs out of heap reading: can't be read, naming the heap — exit 2, not an internal error", {
    timeout: 120_000
  }, () => {
    // 100 000 occurrences (about 19 MB of YAML) need far more than a 50 MB heap to parse
    const file = join(dir, "heap.yaml")
    writeFileSync(file, toYaml(scenario("mtg", 100_000, 10)))
    const r = check(file, { NODE_OPTIONS: "--max-old-space-size=50" })
    assert.include(r.err, `parsing ${file} in a worker thread`)
    assert.strictEqual(r.code, 2, r.out + r.err)
    // the FAIL line names the file once (issue 31 point 8), the message follows it
    assert.include(r.out, `FAIL ${file}\n    cannot read the file: not enough memory to read it`)
    assert.include(r.out, "NODE_OPTIONS=--max-old-space-size=<MB>")
    assert.notInclude(r.out + r.err, "internal error")
  })

  /** A format-1 file of `n` creatures hit by one event (`bad`: one creature's toughness is no number). */
  const format1 = (n: number, bad = false): string => {
    const lines = [
      "# big",
      "ruleset: mtg",
      "players: [ap, nap]",
      "objects:",
      "  - { id: src, controller: ap, types: [Sorcery] }"
    ]
    for (let i = 0; i < n; i++)
      lines.push(
        `  - { id: c${i}, controller: nap, types: [Creature], power: 1, toughness: ${bad && i === n - 5 ? "five" : 5} }`
      )
    lines.push("steps:", "  - event:", "      id: wipe", "      damage:")
    for (let i = 0; i < n; i++) lines.push(`        - { id: d${i}, source: src, to: c${i}, amount: 3 }`)
    return `${lines.join("\n")}\n`
  }

  // `bulwark migrate` migrates a big file's text in the worker and decodes the migrated text in
  // turns (signals.test.ts): the same file written, the same output, the same problem placed in
  // the file on disk (its `origin`, found again in the main thread) as in the main thread.
  // Mutant tried: an origin that places every problem at 1:1 (not the one found again) fails the second.
  for (const [what, bad] of [
    ["a big format-1 file", false],
    ["a big format-1 file whose migrated text does not load", true]
  ] as const)
    it(`migrate of ${what}: the same in the worker as in the main thread`, { timeout: 120_000 }, () => {
      const text = format1(4_000, bad)
      const run = (env: Record<string, string>) => {
        const folder = mkdtempSync(join(dir, "migrate-"))
        const file = join(folder, "old.yaml")
        writeFileSync(file, text)
        const r = spawnSync(process.execPath, [main, "migrate", file], {
          env: { ...process.env, BULWARK_TEST_PHASES: "1", ...env },
          encoding: "utf8"
        })
        const out = r.stdout.replaceAll(folder, "<dir>")
        const err = r.stderr.replaceAll(folder, "<dir>")
        return { code: r.status, out, err, written: readFileSync(file, "utf8") }
      }
      // 4 000 occurrences: about 0.55 MB, over a 512 KiB worker size
      const worker = run({ BULWARK_WORKER_BYTES: String(2 ** 19) })
      const inThread = run({ BULWARK_WORKER_BYTES: String(2 ** 40) })
      assert.strictEqual(worker.code, bad ? 2 : 0, worker.out + worker.err)
      assert.include(worker.err, "phase: migrating <dir>/old.yaml in a worker thread")
      assert.notInclude(inThread.err, "worker thread")
      assert.deepStrictEqual({ ...worker, err: worker.err.replace(" in a worker thread", "") }, inThread)
      if (bad) {
        assert.include(worker.out + worker.err, "<dir>/old.yaml:4001:")
        assert.strictEqual(worker.written, text)
      } else assert.include(worker.written, "format: 4\nruleset: mtg\n")
    })
})
