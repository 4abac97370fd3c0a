/**
 * Folder fuzzing (issue 32, point 11), part of every CI run with the scenario fuzz's seed and
 * knob: one generated folder per 400 of `BULWARK_FUZZ_CASES` (25 by default, 7 on CI's second
 * leg). Each folder is a random tree of passing and failing scenarios — some only behind a link
 * to a folder outside the tree, some whose title or file name holds a carriage return or an ESC
 * sequence — among traps: FIFOs, links to `/dev/zero`, `/dev/null` and `/dev/urandom`, broken
 * links, links back up (loops), sparse files of hundreds of MB, plain JSON and YAML files that
 * are not scenarios.
 *
 * The property, for `bulwark check <folder>` (the built CLI, in a child process under a
 * watchdog): no input crashes, hangs or passes silently —
 * - it answers within HANG_MS (the old walk hung on the first FIFO);
 * - exit 1 exactly when a failing scenario is in the tree or behind a link, 0 otherwise (never
 *   0 for a failing scenario behind a linked folder), and each scenario file runs once: the
 *   PASS and FAIL lines are exactly the generated scenarios, so no title forges one;
 * - every trap with a scenario's extension is named, with its path as the terminal shows it;
 * - nothing raw reaches the terminal (no control character but line feeds), no stack trace, no
 *   internal error.
 */
import { execFileSync, spawnSync } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Names } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { prng, type Rng, STACK } from "./fuzz.js"

const SEED = Number(process.env.BULWARK_FUZZ_SEED ?? 20261129)
const CASES = Number(process.env.BULWARK_FUZZ_CASES ?? 10_000)
const FOLDERS = Math.max(4, Math.ceil(CASES / 400))
/** A hang guard, far above any real run (a folder checks in well under a second). */
const HANG_MS = 60_000

const here = dirname(fileURLToPath(import.meta.url))
const main = join(here, "..", "dist", "main.js")
const passing = readFileSync(join(here, "fixtures", "pass-fail", "a-pass.yaml"), "utf8")
const failing = readFileSync(join(here, "fixtures", "pass-fail", "b-fail.yaml"), "utf8")
const posix = process.platform === "linux" || process.platform === "darwin"

// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never be printed raw
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

/** Strings that would drive a terminal if printed raw. */
const NASTY = ["\r", "\u001b[2K", "\u001b[32mPASS ", "\u001b]0;title\u0007", "\u009b31m", "\b\b\b\b"]

interface Generated {
  readonly root: string
  /**
   * Scenario files as the walk reaches them, each as the paths it may be run under (a file
   * behind two links to its folder runs once, through whichever link the walk meets first).
   */
  readonly pass: ReadonlyArray<ReadonlyArray<string>>
  readonly fail: ReadonlyArray<ReadonlyArray<string>>
  /** The traps with a scenario's extension: each must be named. */
  readonly traps: ReadonlyArray<string>
  readonly how: ReadonlyArray<string>
}

const generate = (rng: Rng, index: number): Generated => {
  const base = mkdtempSync(join(tmpdir(), `bulwark-fuzz-folder-${index}-`))
  const root = join(base, "root")
  const outside = join(base, "outside")
  mkdirSync(root)
  mkdirSync(outside)
  const dirs = [root]
  const pass: Array<Array<string>> = []
  const fail: Array<Array<string>> = []
  const traps: Array<string> = []
  const how: Array<string> = []
  const ext = () => rng.pick([".yaml", ".yml", ".json"])
  const name = (stem: string) =>
    rng.chance(0.2) ? `${stem}${rng.pick(NASTY)}${rng.int(1000)}` : `${stem}-${rng.int(1_000_000)}`
  const titled = (text: string) =>
    rng.chance(0.5)
      ? text.replace(/^title: .*$/m, `title: ${JSON.stringify(`t${rng.pick(NASTY)}x\nPASS forged`)}`)
      : text
  for (let i = 0, n = 2 + rng.int(6); i < n; i++) {
    const d = join(rng.pick(dirs), name("d"))
    mkdirSync(d)
    dirs.push(d)
  }
  for (let i = 0, n = 1 + rng.int(4); i < n; i++) {
    const d = rng.pick(dirs)
    const ok = rng.chance(0.7)
    const f = join(d, `${name(ok ? "pass" : "fail")}.yaml`)
    writeFileSync(f, titled(ok ? passing : failing))
    ;(ok ? pass : fail).push([f])
  }
  // a folder outside the tree, reachable only through a link (sometimes two: walked once)
  if (rng.chance(0.6)) {
    const ok = rng.chance(0.4)
    writeFileSync(join(outside, ok ? "p.yaml" : "f.yaml"), titled(ok ? passing : failing))
    const links = [join(rng.pick(dirs), name("linked"))]
    how.push("linked folder")
    if (rng.chance(0.3)) {
      links.push(join(rng.pick(dirs), name("again")))
      how.push("second link")
    }
    for (const l of links) symlinkSync(outside, l)
    ;(ok ? pass : fail).push(links.map((l) => join(l, ok ? "p.yaml" : "f.yaml")))
  }
  const trap = (what: string, make: (f: string) => void) => {
    const f = join(rng.pick(dirs), `${name(what)}${ext()}`)
    make(f)
    traps.push(f)
    how.push(what)
  }
  for (let i = 0, n = 1 + rng.int(5); i < n; i++)
    switch (rng.int(6)) {
      case 0:
        trap("fifo", (f) => execFileSync("mkfifo", [f]))
        break
      case 1:
        trap("device", (f) => symlinkSync(rng.pick(["/dev/zero", "/dev/null", "/dev/urandom"]), f))
        break
      case 2:
        trap("broken", (f) => symlinkSync(join(base, "nowhere"), f))
        break
      case 3:
        trap("sparse", (f) => {
          writeFileSync(f, rng.chance(0.5) ? '{ "data": [' : "")
          truncateSync(f, (200 + rng.int(600)) * 1024 * 1024)
        })
        break
      case 4: {
        // a link back up: a loop, walked once (not a trap with an extension: named, not counted)
        const d = rng.pick(dirs)
        symlinkSync(dirname(d) === base ? root : dirname(d), join(d, name("up")))
        how.push("loop")
        break
      }
      default: {
        const f = join(rng.pick(dirs), `${name("data")}${ext()}`)
        writeFileSync(f, rng.chance(0.5) ? '{ "name": "x", "config": { "ruleset": "mtg" } }' : "name: x\n")
        how.push("not a scenario")
      }
    }
  return { root, pass, fail, traps, how }
}

describe.skipIf(!posix || !existsSync(main))(`folder fuzzing (seed ${SEED})`, () => {
  it(`${FOLDERS} generated folders with special files, links and escape characters through the built \`bulwark check\`: no crash, no hang, nothing passes silently`, {
    timeout: 600_000
  }, () => {
    const rng = prng(SEED)
    const problems: Array<string> = []
    let slowest = 0
    for (let i = 0; i < FOLDERS; i++) {
      const g = generate(rng, i)
      const started = performance.now()
      const r = spawnSync(process.execPath, [main, "check", g.root], {
        encoding: "utf8",
        timeout: HANG_MS,
        killSignal: "SIGKILL"
      })
      slowest = Math.max(slowest, performance.now() - started)
      const where = `folder ${i} (${g.how.join(", ")}) at ${g.root}`
      const text = `${r.stdout}\n${r.stderr}`
      if (r.signal !== null) {
        problems.push(`${where}: no answer in ${HANG_MS} ms (killed)`)
        continue
      }
      const expected = g.pass.length + g.fail.length === 0 ? 2 : g.fail.length > 0 ? 1 : 0
      if (r.status !== expected) problems.push(`${where}: exit ${r.status}, expected ${expected}`)
      const results = r.stdout.split("\n").filter((l) => /^(PASS|FAIL) /.test(l))
      // each generated scenario matches one line, under one of its paths; no line is left over
      const left = results.map((l) => l.replace(/ — .*$/, ""))
      for (const [word, files] of [
        ["PASS", g.pass],
        ["FAIL", g.fail]
      ] as const)
        for (const paths of files) {
          const k = left.findIndex((l) => paths.some((p) => l === `${word} ${Names.visible(p)}`))
          if (k < 0) problems.push(`${where}: no ${word} line for ${paths.join(" or ")}`)
          else left.splice(k, 1)
        }
      if (left.length > 0) problems.push(`${where}: lines for no generated scenario: ${JSON.stringify(left)}`)
      for (const t of g.traps)
        if (!r.stdout.includes(`  ${Names.visible(t)}: `)) problems.push(`${where}: ${t} is not named`)
      if (CONTROL.test(text)) problems.push(`${where}: a raw control character was printed`)
      if (STACK.test(text)) problems.push(`${where}: a stack trace was printed`)
      if (/internal error/.test(text)) problems.push(`${where}: ${r.stderr.slice(0, 300)}`)
    }
    console.log(`folder fuzz: seed ${SEED}, ${FOLDERS} folders; slowest check ${Math.round(slowest)} ms`)
    assert.deepStrictEqual(problems, [])
  })
})
