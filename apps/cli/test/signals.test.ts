/**
 * Ctrl-C always works (issue 32, point 3): SIGINT and SIGTERM stop the built `bulwark` within a
 * second, with a one-line message on stderr and exit 130 / 143 — while it reads a FIFO that
 * waits for its writer, while it walks a big folder, and in a long resolution without any
 * decision (no search, so nothing but the step loop's turns lets a signal in). The long search
 * is `cli.test.ts`'s ("bulwark and signals").
 *
 * The signal is sent once the child is where the test wants it (it has the FIFO open; its
 * progress lines say it walks, or has loaded the file and runs it: `BULWARK_PROGRESS=always`),
 * and the test
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
  readlinkSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
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
  guardMs = 60_000
) =>
  new Promise<Stopped>((done) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: { ...process.env, BULWARK_PROGRESS: "always" },
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
   * One file whose reading takes seconds: 100 000 occurrences in one event, as block YAML (about
   * 19 MB, read by the YAML subset reader, then decoded and compiled — one synchronous stretch).
   */
  const hugeFile = (name: string): string => {
    const file = join(dir, name)
    writeFileSync(file, toYaml(scenario("mtg", 100_000, 10)))
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

  for (const command of ["check", "resolve"] as const)
    it(`${command} of one huge file: SIGINT while it parses → exit 130, its run never started`, {
      timeout: 120_000
    }, async () => {
      const file = hugeFile(`huge-${command}.yaml`)
      const r = await stopWhen([command, file], "SIGINT", parsing(file))
      assertStopped(r, 130, "SIGINT", 10_000)
      // the parse was cut short: the file never finished loading (before, the signal waited for
      // the whole parse and the run began, `running …`, before it was handled)
      assert.notInclude(r.err, `running ${file}`)
      assert.strictEqual(r.out, "")
    })

  it("check of one huge file: SIGTERM while it parses → exit 143 once the parse ends, nothing run", {
    timeout: 200_000
  }, async () => {
    // Node has no SIGTERM watchdog for a synchronous stretch (only `breakOnSigint`): the signal
    // takes effect at the turn right after the parse, before the run does anything (before, the
    // run's first step — the whole 100 000-occurrence event — ran and `check` printed PASS)
    const file = hugeFile("huge-term.yaml")
    const r = await stopWhen(["check", file], "SIGTERM", parsing(file), 180_000)
    assertStopped(r, 143, "SIGTERM", 180_000)
    assert.notInclude(r.err, `running ${file}`)
    assert.strictEqual(r.out, "")
  })

  it("resolve of a long resolution: SIGINT → exit 130, no trace printed", { timeout: 120_000 }, async () => {
    const file = longRun(join(dir, "long-resolve.yaml"))
    const r = await stopWhen(["resolve", file], "SIGINT", (_, err) => err.includes(`running ${file}`))
    assertStopped(r, 130, "SIGINT")
    assert.strictEqual(r.out, "")
  })
})
