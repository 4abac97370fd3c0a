/**
 * Ctrl-C always works (issue 32, point 3): SIGINT and SIGTERM stop the built `bulwark` within a
 * second, with a one-line message on stderr and exit 130 / 143 — while it reads a FIFO that
 * waits for its writer, while it walks a big folder, and in a long resolution without any
 * decision (no search, so nothing but the step loop's turns lets a signal in). The long search
 * is `cli.test.ts`'s ("bulwark and signals").
 *
 * And while it parses one huge file: a file of `BULWARK_WORKER_BYTES` (2 MiB) or more is parsed
 * in a worker thread, so the main thread is free to handle SIGTERM as well as SIGINT (Node runs
 * no signal handler during a synchronous stretch of the main thread; only SIGINT has a watchdog
 * there, `breakOnSigint`, which the smaller files parsed in the main thread still use).
 *
 * The signal is sent once the child is where the test wants it (it has the FIFO open; its
 * progress lines say it walks, that a worker thread parses the file, or that it has loaded the
 * file and runs it: `BULWARK_PROGRESS=always`), and the test
 * allows 5 s from the signal to the exit (10 s while it parses a huge file) — far above the 1 s the process gives itself, so a busy
 * machine can't make it fail; a child that ignores the signal is killed by a guard after 60 s
 * and the test fails.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import { scenario, toYaml } from "./scale.js"

const here = dirname(fileURLToPath(import.meta.url))
const main = join(here, "..", "dist", "main.js")
const dir = mkdtempSync(join(tmpdir(), "bulwark-signals-"))
const linux = process.platform === "linux"

/** Allowed from the signal to the exit: generous (the process itself exits within 1 s). */
const BOUND_MS = 5000

/**
 * A scenario whose resolution takes seconds (about 10 s here) with no decision a search
 * answers: 2 000 events of 3 damage to one creature under 400 shields of 1, the order answered
 * by `strategy: first`.
 */
const longRun = (file: string): string => {
  const lines = [
    "format: 2",
    "ruleset: mtg",
    "players: [ap, nap]",
    "objects:",
    "  - { id: Z, controller: nap, types: [Creature], power: 5, toughness: 5 }",
    "  - { id: src, controller: ap, types: [Creature], power: 3, toughness: 3 }",
    "effects:",
    ...Array.from(
      { length: 400 },
      (_, i) => `  - { kind: shield, id: s${i}, controller: nap, to: Z, amount: 1, duration: endOfTurn }`
    ),
    "steps:",
    ...Array.from(
      { length: 2_000 },
      (_, i) => `  - event: { id: e${i}, occurrences: [{ id: d${i}, source: src, to: Z, amount: 3 }] }`
    ),
    "strategy: first",
    ""
  ]
  writeFileSync(file, lines.join("\n"))
  return file
}

interface Stopped {
  readonly code: number | null
  readonly signal: string | null
  readonly out: string
  readonly err: string
  /** From the signal to the exit; undefined when the signal was never sent. */
  readonly ms: number | undefined
}

/**
 * Spawns `bulwark args…`, waits until `ready(child, stderr)` says so (polled every 50 ms and on
 * every stderr chunk), sends `signal` and waits for the exit.
 */
const stopWhen = (
  args: ReadonlyArray<string>,
  signal: "SIGINT" | "SIGTERM",
  ready: (child: ChildProcess, err: string) => boolean,
  guardMs = 60_000,
  env: Record<string, string> = {}
) =>
  new Promise<Stopped>((done) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: { ...process.env, BULWARK_PROGRESS: "always", ...env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    let err = ""
    let sent: number | undefined
    const poke = () => {
      if (sent === undefined && ready(child, err)) {
        sent = performance.now()
        child.kill(signal)
      }
    }
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString()
    })
    child.stderr.on("data", (b: Buffer) => {
      err += b.toString()
      poke()
    })
    const poll = setInterval(poke, 50)
    const guard = setTimeout(() => child.kill("SIGKILL"), guardMs)
    child.on("exit", (code, sig) => {
      clearInterval(poll)
      clearTimeout(guard)
      done({ code, signal: sig, out, err, ms: sent === undefined ? undefined : performance.now() - sent })
    })
  })

/** Whether the child has `file` open (Linux: its /proc/<pid>/fd links). */
const hasOpen = (child: ChildProcess, file: string): boolean => {
  try {
    return readdirSync(`/proc/${child.pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${child.pid}/fd/${fd}`) === file
      } catch {
        return false
      }
    })
  } catch {
    return false
  }
}

const assertStopped = (r: Stopped, code: number, signal: string, bound = BOUND_MS) => {
  assert.isDefined(r.ms, `the child never got where the signal was to be sent:\n${r.err.slice(-500)}`)
  assert.strictEqual(r.signal, null, "the process exited by itself, not killed")
  assert.strictEqual(r.code, code, r.err.slice(-500))
  assert.include(r.err, `bulwark: stopped (${signal})`)
  assert.isBelow(r.ms ?? Infinity, bound)
  assert.notInclude(r.out, "passed")
}

describe.skipIf(!existsSync(main))("Ctrl-C and SIGTERM stop the built bulwark", () => {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143]
  ] as const)
    it.skipIf(!linux)(
      `resolve of a FIFO whose writer sends nothing: ${signal} → exit ${code}`,
      { timeout: 90_000 },
      async () => {
        const fifo = join(dir, `waits-${signal}.yaml`)
        execFileSync("mkfifo", [fifo])
        // a writer that never writes the rest nor closes: reading waits for ever
        const writer = openSync(fifo, "r+")
        writeFileSync(writer, "format: 2\n")
        try {
          const r = await stopWhen(["resolve", fifo], signal, (child) => hasOpen(child, fifo))
          assertStopped(r, code, signal)
        } finally {
          closeSync(writer)
        }
      }
    )

  it("check of a big folder: SIGINT while it walks → exit 130", { timeout: 120_000 }, async () => {
    const big = join(dir, "big")
    for (let d = 0; d < 50; d++) {
      mkdirSync(join(big, `d${d}`), { recursive: true })
      for (let f = 0; f < 100; f++)
        writeFileSync(join(big, `d${d}`, `f${f}.json`), '{ "name": "not a scenario" }')
    }
    // and, should the walk end before the signal comes, a long run after it
    longRun(join(big, "zz-long.yaml"))
    const r = await stopWhen(["check", big], "SIGINT", (_, err) => err.includes("walking "))
    assertStopped(r, 130, "SIGINT")
  })

  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143]
  ] as const)
    it(`check of a long resolution without decisions: ${signal} → exit ${code}`, {
      timeout: 120_000
    }, async () => {
      const file = longRun(join(dir, `long-${signal}.yaml`))
      const r = await stopWhen(["check", file], signal, (_, err) => err.includes(`running ${file}`))
      assertStopped(r, code, signal)
    })

  /**
   * One file whose reading takes seconds: `occurrences` occurrences in one event, as block YAML
   * (100 000: about 19 MB, read by the YAML subset reader, then decoded and compiled).
   */
  const hugeFile = (name: string, occurrences = 100_000): string => {
    const file = join(dir, name)
    writeFileSync(file, toYaml(scenario("mtg", occurrences, 10)))
    return file
  }

  /** Ready 300 ms after the child said it reads `file`: well inside a parse that takes seconds. */
  const parsing = (file: string) => {
    let seen: number | undefined
    return (_: ChildProcess, err: string): boolean => {
      if (!err.includes(`reading ${file}`)) return false
      seen ??= performance.now()
      return performance.now() - seen > 300
    }
  }

  /** Every file in the main thread (no worker): the parse is one synchronous stretch there. */
  const inThread = { BULWARK_WORKER_BYTES: String(2 ** 40) }

  for (const command of ["check", "resolve"] as const)
    it(`${command} of one huge file parsed in the main thread: SIGINT while it parses → exit 130, its run never started`, {
      timeout: 120_000
    }, async () => {
      const file = hugeFile(`huge-${command}.yaml`)
      const r = await stopWhen([command, file], "SIGINT", parsing(file), 60_000, inThread)
      assertStopped(r, 130, "SIGINT", 10_000)
      assert.notInclude(r.err, "worker thread")
      // the parse was cut short: the file never finished loading (before, the signal waited for
      // the whole parse and the run began, `running …`, before it was handled)
      assert.notInclude(r.err, `running ${file}`)
      assert.strictEqual(r.out, "")
    })

  /**
   * A file whose parse in the worker takes many seconds (250 000 occurrences: about 46 MB, over
   * the occurrences limit, which the loader only tells once it has read the whole text). The
   * signal goes when the child says a worker thread parses it; the parse then still has seconds
   * to go, and the child exits well before it could end. Before, SIGTERM waited for the whole
   * parse (the test allowed 180 s) and nothing could stop it sooner.
   */
  const hugerFile = (name: string) => hugeFile(name, 250_000)
  const inWorker = (file: string) => (_: ChildProcess, err: string) =>
    err.includes(`parsing ${file} in a worker thread`)

  for (const [command, signal, code] of [
    ["check", "SIGTERM", 143],
    ["resolve", "SIGTERM", 143],
    ["check", "SIGINT", 130]
  ] as const)
    it(`${command} of one huge file: ${signal} while a worker thread parses it → exit ${code}, nothing run`, {
      timeout: 120_000
    }, async () => {
      const file = hugerFile(`huger-${command}-${signal}.yaml`)
      const r = await stopWhen([command, file], signal, inWorker(file))
      assertStopped(r, code, signal, 10_000)
      // stopped inside the parse: the loader never got to tell the limit, the run never began
      assert.notInclude(r.out + r.err, "over the limit")
      assert.notInclude(r.err, `running ${file}`)
      assert.strictEqual(r.out, "")
    })

  /**
   * After the worker's parse, the file is decoded and compiled in the main thread (100 000
   * occurrences: over a second here). The child says when the decoding begins and when the
   * loading has ended (`BULWARK_TEST_PHASES=1`: `phase: decoding <file>`, `phase: loaded <file>`,
   * the latter written in the same synchronous stretch as the end of the work); the signal goes
   * as soon as the decoding begins. Stopped while it decodes and compiles, the child never says
   * the loading ended. Mutant tried: the decode and compile in one stretch again (`blocking(() =>
   * Scenario.loadDocument(…))`, before this test): SIGTERM waited for the whole of it, the child
   * said `phase: loaded` and the test failed.
   */
  const phases = { BULWARK_TEST_PHASES: "1" }
  for (const [command, signal, code] of [
    ["check", "SIGTERM", 143],
    ["resolve", "SIGTERM", 143],
    ["check", "SIGINT", 130]
  ] as const)
    it(`${command} of one huge valid file: ${signal} while it is decoded and compiled → exit ${code}, the loading never ended`, {
      timeout: 120_000
    }, async () => {
      const file = hugeFile(`decoding-${command}-${signal}.yaml`)
      const r = await stopWhen(
        [command, file],
        signal,
        (_, err) => err.includes(`phase: decoding ${file}`),
        60_000,
        phases
      )
      assertStopped(r, code, signal, 10_000)
      assert.include(r.err, `parsing ${file} in a worker thread`)
      assert.notInclude(r.err, `phase: loaded ${file}`)
      assert.notInclude(r.err, `running ${file}`)
      assert.strictEqual(r.out, "")
    })

  /**
   * `bulwark migrate` of one huge file: its text is migrated in a worker thread (seconds: the
   * YAML parser builds a node tree of the whole file), then the migrated text decoded and
   * compiled with turns of the event loop. The signal goes as the migration begins (a file in
   * format 2 already: 100 000 occurrences, about 19 MB) or as the migrated text's decoding begins
   * (a file in format 1: 30 000 occurrences, about 4 MB); the child stops inside that phase and
   * writes nothing: the file is byte for byte as it was, and no file is left beside it.
   * Mutant tried: every file planned in one stretch again (`blocking(() => files.map((f) =>
   * Migration.plan(…)))`, before this test): SIGTERM waited for the migration (and the load),
   * the child said `phase: migrated` (`phase: loaded`) and both tests failed.
   */
  const format1File = (folder: string, occurrences: number): string => {
    const lines = [
      "ruleset: mtg",
      "players: [ap, nap]",
      "objects:",
      "  - { id: src, controller: ap, types: [Sorcery] }"
    ]
    for (let i = 0; i < occurrences; i++)
      lines.push(`  - { id: c${i}, controller: nap, types: [Creature], power: 1, toughness: 5 }`)
    lines.push("steps:", "  - event:", "      id: wipe", "      damage:")
    for (let i = 0; i < occurrences; i++)
      lines.push(`        - { id: d${i}, source: src, to: c${i}, amount: 3 }`)
    const file = join(folder, "old.yaml")
    writeFileSync(file, `${lines.join("\n")}\n`)
    return file
  }
  const format2File = (folder: string): string => {
    const file = join(folder, "huge.yaml")
    writeFileSync(file, toYaml(scenario("mtg", 100_000, 10)))
    return file
  }
  for (const [what, make, during, signal, code] of [
    ["one huge file in format 2", format2File, "migrating", "SIGTERM", 143],
    ["one big file in format 1", (d: string) => format1File(d, 30_000), "decoding", "SIGTERM", 143],
    ["one huge file in format 2", format2File, "migrating", "SIGINT", 130]
  ] as const)
    it(`migrate of ${what}: ${signal} while it is ${during === "migrating" ? "migrated" : "decoded and compiled"} → exit ${code}, nothing written`, {
      timeout: 120_000
    }, async () => {
      const folder = mkdtempSync(join(dir, "migrate-"))
      const file = make(folder)
      const before = readFileSync(file)
      const r = await stopWhen(
        ["migrate", file],
        signal,
        (_, err) => err.includes(`phase: ${during} ${file}`),
        60_000,
        phases
      )
      assertStopped(r, code, signal, 10_000)
      assert.notInclude(r.err, `phase: ${during === "migrating" ? "migrated" : "loaded"} ${file}`)
      assert.strictEqual(r.out, "")
      assert.isTrue(readFileSync(file).equals(before), "the file changed")
      assert.deepStrictEqual(readdirSync(folder), [basename(file)])
    })

  /**
   * `bulwark resolve` of a huge file prints a huge trace (100 000 occurrences: about 20 MB): it is
   * rendered (core `Trace.render`, one stretch under `blocking`: Ctrl-C cuts it short, SIGTERM
   * is handled at the turn after it), then made visible (control characters escaped: over half
   * a second) in slices with turns of the event loop, then printed at once. SIGTERM as the
   * escaping begins stops the child before the trace is shown: nothing of it is printed (the
   * header, printed before, is all there is on stdout). Mutant tried: the trace made visible in
   * one stretch again (`Names.visible(…)`, as `say` did before this test): SIGTERM waited for it
   * and for the print, the child said `phase: shown` and printed the trace; the test failed.
   */
  it("resolve of one huge file: SIGTERM as its trace is made visible → exit 143, no trace printed", {
    timeout: 180_000
  }, async () => {
    const file = hugeFile("trace.yaml")
    const r = await stopWhen(
      ["resolve", file],
      "SIGTERM",
      (_, err) => err.includes(`phase: escaping ${file}`),
      150_000,
      phases
    )
    assertStopped(r, 143, "SIGTERM", 20_000)
    assert.notInclude(r.err, `phase: shown ${file}`)
    assert.isBelow(r.out.length, 1000, "the trace was printed")
  })

  /**
   * One huge event (100 000 occurrences, 10 shields: over a second in the kernel with its results
   * event) is resolved in slices (core `internal/kernel/sliced`), with a turn of the event loop
   * between them, so the signal sent as its resolution begins stops the child: exit 143, the
   * stop line, nothing printed, and the child never says `phase: resolved`. What these tests
   * can't tell is whether the signal got in inside the event or at the turn right after it (the
   * step loop gives one there too): that differs only in how soon, and tests don't time. Core's
   * `sliced.test.ts` shows it without a clock (the fiber is interrupted after some groups of one
   * event and before the rest). By hand, same machine: SIGTERM 10 ms into the resolution exits
   * in 0.19 s (check) and 0.39 s (resolve); with one stretch per event, 1.0–1.6 s.
   */
  for (const [command, signal, code] of [
    ["check", "SIGTERM", 143],
    ["resolve", "SIGTERM", 143]
  ] as const)
    it(`${command} of one huge event: ${signal} while that one event resolves → exit ${code}, it never finished`, {
      timeout: 180_000
    }, async () => {
      const file = hugeFile(`resolving-${command}-${signal}.yaml`)
      const r = await stopWhen(
        [command, file],
        signal,
        (_, err) => err.includes(`phase: resolving ${file}`),
        150_000,
        phases
      )
      assertStopped(r, code, signal, 20_000)
      assert.notInclude(r.err, `phase: resolved ${file}`)
      assert.strictEqual(r.out, "")
    })

  /**
   * The trace of that event is rendered in slices too (core `Trace.renderEffect`: its first and
   * last lines list the 100 000 occurrences, and are made with turns in between), so SIGTERM as
   * the rendering begins stops the child there: exit 143, nothing of the trace printed, never
   * `phase: escaping`. As above, the test can't tell a stop inside the rendering from one at the
   * turn after it (`blocking` gives one); core's `trace-slices.test.ts` shows the turns inside one
   * line. By hand: SIGTERM as the rendering begins exits in 0.16 s; rendered in one stretch
   * (`blocking(() => Render.trace(…))`, as before), 1.0 s.
   */
  it("resolve of one huge event: SIGTERM as its trace is rendered → exit 143, no trace printed", {
    timeout: 180_000
  }, async () => {
    const file = hugeFile("rendering.yaml")
    const r = await stopWhen(
      ["resolve", file],
      "SIGTERM",
      (_, err) => err.includes(`phase: rendering ${file}`),
      150_000,
      phases
    )
    assertStopped(r, 143, "SIGTERM", 20_000)
    assert.notInclude(r.err, `phase: escaping ${file}`)
    assert.isBelow(r.out.length, 1000, "the trace was printed")
  })

  /**
   * `resolve --json` of that event writes about 200 MB of JSON, made in slices (`src/json.ts`):
   * SIGTERM as it begins stops the child with nothing printed. (As above, the test can't tell a
   * stop inside the writing from one at the turn after it; `json-turns.test.ts` shows the turns.
   * By hand: one `JSON.stringify` of it took 0.9–1.7 s with no turn; in slices the longest
   * stretch between two turns is 0.13–0.32 s.)
   */
  it("resolve --json of one huge event: SIGTERM as its JSON is written → exit 143, nothing printed", {
    timeout: 180_000
  }, async () => {
    const file = hugeFile("json.yaml")
    const r = await stopWhen(
      ["resolve", "--json", file],
      "SIGTERM",
      (_, err) => err.includes(`phase: writing ${file}`),
      150_000,
      phases
    )
    assertStopped(r, 143, "SIGTERM", 20_000)
    assert.strictEqual(r.out, "")
  })

  it("resolve of a long resolution: SIGINT → exit 130, no trace printed", { timeout: 120_000 }, async () => {
    const file = longRun(join(dir, "long-resolve.yaml"))
    const r = await stopWhen(["resolve", file], "SIGINT", (_, err) => err.includes(`running ${file}`))
    assertStopped(r, 130, "SIGINT")
    assert.strictEqual(r.out, "")
  })
})
