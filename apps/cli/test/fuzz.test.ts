/**
 * Scenario fuzzing, part of every CI run with a fixed seed (the seed and the counts are printed;
 * set BULWARK_FUZZ_SEED / BULWARK_FUZZ_CASES to explore other seeds locally).
 *
 * Every bundled scenario (`packages/<game>/scenarios/*.yaml`, format 4) is mutated — wrong types,
 * missing fields, key typos, unknown keys and ids, huge numbers (1e308), NaN/Infinity (YAML
 * .nan/.inf), negative amounts, deep nesting, duplicate ids, YAML anchor/alias cycles and bombs,
 * truncation, random bytes, swapped rulesets, prototype names, an effect's kind or a step's kind
 * swapped for another of the ruleset's, `format:` dropped or changed — and format-2 documents are
 * generated from scratch.
 *
 * - The loader (`parseScenario` + `checkScenario`) never throws: a bad file gets a typed error
 *   naming the file and a path or line, a loadable one runs without a defect.
 * - The CLI (`bulwark check` and `bulwark resolve`, in-process) never crashes and never prints
 *   a stack trace: exit 2 on a file the loader refuses, 0/1/2 otherwise, never "internal error".
 * - Huge events (a few cases: a bundled scenario's event blown up to 12 500–20 000 occurrences, its
 *   effects copied) load and resolve without any error at all, in process, through the CLI and
 *   under the watchdog: no recursion on the way grows with the input.
 * - A hang fails the run: first, one case in four goes through the built `bulwark check` in a
 *   child process under a watchdog (no answer for HANG_MS: the child is killed and the case
 *   named; the slowest case is printed). The in-process loops then skip a case found hanging.
 *   Inside the engine the budgets are deterministic: the kernel's step bound, at most 1 000 YAML
 *   aliases, at most 100 levels of nesting.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { parseScenario } from "@bulwark/scenario"
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { TestConsole } from "effect/testing"
import { Interaction, type InteractionShape, runCli } from "../src/cli.js"
import { type Case, corpus, isHuge, judge, makeCase, STACK } from "./fuzz.js"
import * as Registry from "./installed.js"

const SEED = Number(process.env.BULWARK_FUZZ_SEED ?? 20261129)
const CASES = Number(process.env.BULWARK_FUZZ_CASES ?? 10_000)
/** One case in CLI_EVERY also goes through the CLI in-process (twice: check and resolve). */
const CLI_EVERY = 20
/** One case in WATCH_EVERY also goes through the built CLI in a child process, under a watchdog. */
const WATCH_EVERY = 4
/**
 * The watchdog: a case that gives no answer within this long is a hang and fails the run. It is
 * far above any real case (the slowest is reported, well under a second), so a busy machine
 * cannot make a normal run fail; nothing here asserts a small timing.
 */
const HANG_MS = 60_000
const CLI_CASES = Math.ceil(CASES / CLI_EVERY)

const files = corpus(Registry.scenarioFolders)
const cases: ReadonlyArray<Case> = Array.from({ length: CASES }, (_, i) =>
  makeCase(SEED, i, files, Registry.installed)
)

const nonInteractive: InteractionShape = { interactive: false, ask: () => Effect.die("not interactive") }

const cli = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    // the test console keeps the lines of earlier runs: take only this run's
    const outBefore = (yield* TestConsole.logLines).length
    const errBefore = (yield* TestConsole.errorLines).length
    const code = yield* runCli(args).pipe(Effect.provideService(Interaction, nonInteractive))
    const out = (yield* TestConsole.logLines).slice(outBefore).join("\n")
    const err = (yield* TestConsole.errorLines).slice(errBefore).join("\n")
    return { code, out, err }
  }).pipe(Effect.provide(TestConsole.layer), Effect.provide(NodeServices.layer))

const main = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "main.js")
/** Cases the watchdog (which runs first) found hanging: the in-process loops skip them. */
const hung = new Set<number>()

/**
 * Runs `bulwark check` on `files` in a child process; every file is reported as it is done
 * (PASS/FAIL lines), so a case that hangs is the one after the last reported: the child is
 * killed after HANG_MS without output and the case named.
 */
const watched = (files: ReadonlyArray<string>) =>
  new Promise<{ code: number | null; out: string; hang?: string; slowest: { ms: number; file: string } }>(
    (done) => {
      const child = spawn(process.execPath, [main, "check", ...files], { stdio: ["ignore", "pipe", "pipe"] })
      let out = ""
      let last = performance.now()
      let reported = 0
      const slowest = { ms: 0, file: "" }
      let hang: string | undefined
      const timer = setInterval(() => {
        if (performance.now() - last > HANG_MS) {
          hang = files[reported] ?? "(after the last file)"
          child.kill("SIGKILL")
        }
      }, 500)
      const onData = (chunk: Buffer) => {
        out += chunk.toString("utf8")
        const now = performance.now()
        const n = (out.match(/^(?:PASS|FAIL) /gm) ?? []).length
        if (n > reported) {
          if (now - last > slowest.ms) {
            slowest.ms = Math.round(now - last)
            slowest.file = files[n - 1] ?? ""
          }
          reported = n
          last = now
        }
      }
      child.stdout.on("data", onData)
      child.stderr.on("data", onData)
      child.on("close", (code) => {
        clearInterval(timer)
        done({ code, out, slowest, ...(hang === undefined ? {} : { hang }) })
      })
    }
  )

describe(`scenario fuzzing (seed ${SEED})`, () => {
  it("the corpus is every bundled scenario of every ruleset, all in format 4", () => {
    const games = new Set(files.map((f) => f.name.split("/")[0]))
    assert.deepStrictEqual([...games].sort(), [...Registry.declared])
    assert.isAbove(files.length, 50)
    for (const f of files) assert.match(f.text, /^format: 4$/m, `${f.name} is not in format 4`)
  })

  it.skipIf(!existsSync(main))(
    `watchdog: ${Math.ceil(CASES / WATCH_EVERY)} of them through the built \`bulwark check\` in a child process — a case without an answer in ${HANG_MS / 1000} s fails the run`,
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "bulwark-fuzz-watch-"))
      const files = cases
        .filter((c) => c.index % WATCH_EVERY === 0)
        .map((c) => {
          const file = join(dir, `${c.index}-${c.name.replace(/[^\w.-]/g, "_")}`)
          writeFileSync(file, c.text)
          return file
        })
      const started = performance.now()
      const slowest = { ms: 0, file: "" }
      const problems: Array<string> = []
      for (let i = 0; i < files.length; i += 250) {
        const chunk = files.slice(i, i + 250)
        const r = await watched(chunk)
        if (r.slowest.ms > slowest.ms) Object.assign(slowest, r.slowest)
        if (r.hang !== undefined) {
          problems.push(`no answer in ${HANG_MS} ms: ${r.hang}`)
          hung.add(Number(/(\d+)-[^/\\]*$/.exec(r.hang)?.[1]))
        } else if (![0, 1, 2].includes(r.code ?? -1)) problems.push(`exit ${r.code} on ${chunk[0]}…`)
        if (STACK.test(r.out)) problems.push(`a stack trace was printed: ${r.out.match(STACK)?.[0]}`)
        if (/internal error/.test(r.out)) problems.push(`internal error: ${r.out.slice(0, 300)}`)
      }
      console.log(
        `fuzz watchdog: ${files.length} files through bulwark check in ${Math.round(performance.now() - started)} ms; slowest case ${slowest.ms} ms (${slowest.file})`
      )
      assert.deepStrictEqual(problems, [])
    },
    600_000
  )

  it(`loader: ${CASES} generated and mutated scenario files — never a throw, always a typed error with a path, no defect when run`, () => {
    const started = performance.now()
    const verdicts: Record<string, number> = {}
    const problems: Array<string> = []
    const slowest: Array<{ ms: number; what: string }> = []
    for (const c of cases) {
      // the huge events have a test of their own (below), stricter
      if (hung.has(c.index) || isHuge(c.index)) continue
      const t = performance.now()
      // every third loadable case also runs with "best for the chooser" (a search over answers)
      const { problems: p, verdict } = judge(
        c,
        Registry.installed,
        c.index % 3 === 0 ? { strategy: "best-for-chooser" } : {}
      )
      verdicts[verdict.tag] = (verdicts[verdict.tag] ?? 0) + 1
      for (const x of p) problems.push(`case ${c.index} (${c.how}): ${x.slice(0, 400)}`)
      slowest.push({ ms: Math.round(performance.now() - t), what: `case ${c.index} (${c.how})` })
      slowest.sort((a, b) => b.ms - a.ms)
      slowest.length = Math.min(slowest.length, 3)
    }
    const ms = Math.round(performance.now() - started)
    console.log(
      `scenario fuzz: seed ${SEED}, ${CASES} cases from ${files.length} bundled scenarios in ${ms} ms; ${JSON.stringify(verdicts)}; slowest: ${slowest.map((x) => `${x.what} ${x.ms} ms`).join(", ")}`
    )
    assert.deepStrictEqual(problems, [])
    // the mutations reach every stage: malformed files, schema errors, compile errors, runs
    for (const tag of [
      "MalformedFile",
      "SchemaMismatch",
      "CompileFailed",
      "UnknownRuleset",
      "OutdatedFormat",
      "loaded"
    ])
      assert.isAbove(verdicts[tag] ?? 0, 0, `no case ended as ${tag}`)
  }, 600_000)

  const huge = cases.filter((c) => isHuge(c.index))
  it(`huge events: ${huge.length} of them (12 500–20 000 occurrences with the file's effects copied) load and resolve without any error`, () => {
    const problems: Array<string> = []
    const started = performance.now()
    for (const c of huge) {
      if (hung.has(c.index)) continue
      for (const x of judge(c, Registry.installed, {}, true).problems)
        problems.push(`case ${c.index} (${c.how}): ${x.slice(0, 400)}`)
    }
    console.log(
      `huge events: ${huge.map((c) => c.how).join("; ")} in ${Math.round(performance.now() - started)} ms`
    )
    assert.deepStrictEqual(problems, [])
  }, 600_000)

  it.effect(
    `CLI: ${CLI_CASES} of them through \`bulwark check\` and \`bulwark resolve\` — exit 2 on bad input, never a crash or a stack trace`,
    () =>
      Effect.gen(function* () {
        const dir = mkdtempSync(join(tmpdir(), "bulwark-fuzz-"))
        const started = performance.now()
        const codes: Record<string, number> = {}
        const problems: Array<string> = []
        for (const c of cases) {
          if (c.index % CLI_EVERY !== 0 || hung.has(c.index)) continue
          const file = join(dir, c.name)
          writeFileSync(file, c.text)
          // refused by the loader (the loader test above runs the full oracle on every case)
          const bad = Result.isFailure(parseScenario(c.text, c.name, Registry.installed))
          const args: ReadonlyArray<ReadonlyArray<string>> = [
            ["check", file],
            c.index % 2 === 0 ? ["resolve", file] : ["resolve", file, "--json"]
          ]
          for (const a of args) {
            const r = yield* cli(a)
            const key = `${a[0]} ${r.code}`
            codes[key] = (codes[key] ?? 0) + 1
            const where = `case ${c.index} (${c.how}), bulwark ${a.join(" ")}`
            if (![0, 1, 2].includes(r.code)) problems.push(`${where}: exit ${r.code}`)
            if (bad && r.code !== 2) problems.push(`${where}: a refused file exits ${r.code}, not 2`)
            if (bad && !`${r.out}\n${r.err}`.includes(file))
              problems.push(`${where}: the message does not name the file`)
            if (/internal error/.test(r.err)) problems.push(`${where}: ${r.err.slice(0, 300)}`)
            if (STACK.test(r.err) || STACK.test(r.out)) problems.push(`${where}: a stack trace was printed`)
          }
        }
        const ms = Math.round(performance.now() - started)
        console.log(
          `CLI fuzz: seed ${SEED}, ${CLI_CASES} files × 2 commands in ${ms} ms; exit codes ${JSON.stringify(codes)}`
        )
        assert.deepStrictEqual(problems, [])
      }),
    600_000
  )
})
