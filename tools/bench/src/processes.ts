/**
 * Whole-process workloads: `bulwark check` over the bundled scenarios, and the 100 000-instance
 * event under a 512 MB heap.
 */
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"

/** The repository root (this file is tools/bench/dist/processes.js). */
export const root = join(import.meta.dirname, "..", "..", "..")

const node = process.execPath

const run = (args: ReadonlyArray<string>): { ms: number; status: number | null; out: string } => {
  const t0 = performance.now()
  const r = spawnSync(node, args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  return { ms: performance.now() - t0, status: r.status, out: `${r.stdout}${r.stderr}` }
}

/** The bundled scenario directories (`packages/<id>/scenarios`). */
export const scenarioDirs = (): Array<string> =>
  readdirSync(join(root, "packages"))
    .map((p) => join("packages", p, "scenarios"))
    .filter((d) => existsSync(join(root, d)))

/** The result of a whole-process workload: mean wall time of each side, or why it was skipped. */
export type ProcessResult =
  | { readonly _tag: "Ran"; readonly ms: number; readonly baselineMs: number; readonly detail: string }
  | { readonly _tag: "Skipped"; readonly reason: string }

const mean = (xs: ReadonlyArray<number>): number => xs.reduce((a, b) => a + b, 0) / xs.length

/**
 * `bulwark check packages/<id>/scenarios …` as a child process, against a baseline child that
 * starts Node and reads the same files (the floor of any process-per-check design).
 */
export const scenarioCheck = (repeats: number): ProcessResult => {
  const cli = join(root, "apps", "cli", "dist", "main.js")
  if (!existsSync(cli)) return { _tag: "Skipped", reason: "apps/cli is not built" }
  const dirs = scenarioDirs()
  if (dirs.length === 0) return { _tag: "Skipped", reason: "no packages/*/scenarios directories yet" }
  const probe = run([cli, "check", ...dirs])
  if (/unknown|not found|invalid subcommand/i.test(probe.out) && probe.status !== 0) {
    return { _tag: "Skipped", reason: "the CLI has no `check` subcommand yet" }
  }
  const files = dirs.flatMap((d) => readdirSync(join(root, d)).map((f) => join(d, f)))
  const read = `const fs=require("node:fs");let n=0;for(const f of ${JSON.stringify(files)})n+=fs.readFileSync(f,"utf8").length;`
  const ms: Array<number> = []
  const base: Array<number> = []
  for (let i = 0; i < repeats; i++) {
    ms.push(run([cli, "check", ...dirs]).ms)
    base.push(run(["-e", read]).ms)
  }
  const detail = `${files.length} scenario files in ${dirs.length} directories; exit status ${probe.status}`
  return { _tag: "Ran", ms: mean(ms), baselineMs: mean(base), detail }
}

const median = (xs: ReadonlyArray<number>): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** The small scenario file `cli-check-one` checks. */
export const smallScenario = join("packages", "mtg", "scenarios", "MTG-09-best-for-chooser.yaml")

/**
 * CLI start: the median wall time of a whole `bulwark` process — `bulwark --version` (`version`)
 * or `bulwark check` of one small scenario file (`check`) — against `node -e 0`, the floor of any
 * Node command, measured in alternation so both see the same machine load.
 */
export const cliStart = (what: "version" | "check", repeats: number): ProcessResult => {
  const cli = join(root, "apps", "cli", "dist", "main.js")
  if (!existsSync(cli)) return { _tag: "Skipped", reason: "apps/cli is not built" }
  const args = what === "version" ? [cli, "--version"] : [cli, "check", smallScenario]
  const probe = run(args)
  if (probe.status !== 0)
    return { _tag: "Skipped", reason: `bulwark ${args.slice(1).join(" ")} failed (status ${probe.status})` }
  const ms: Array<number> = []
  const base: Array<number> = []
  for (let i = 0; i < repeats; i++) {
    ms.push(run(args).ms)
    base.push(run(["-e", "0"]).ms)
  }
  return {
    _tag: "Ran",
    ms: median(ms),
    baselineMs: median(base),
    detail: `median of ${repeats}: bulwark ${args.slice(1).join(" ")} vs node -e 0 (target ${what === "version" ? "< 300" : "< 500"} ms)`
  }
}

/** Runs the 100 000-instance event in a child with a 512 MB heap. */
export const hugeEvent = (n: number): ProcessResult & { readonly heapMB?: number } => {
  const script = join(import.meta.dirname, "huge.js")
  const r = run(["--max-old-space-size=512", script, String(n)])
  if (r.status !== 0) return { _tag: "Skipped", reason: `failed (status ${r.status}): ${r.out.slice(-400)}` }
  const last = r.out.trim().split("\n").at(-1) ?? "{}"
  const j = JSON.parse(last) as { ms: number; baselineMs: number; heapMB: number; dealt: number }
  return {
    _tag: "Ran",
    ms: j.ms,
    baselineMs: j.baselineMs,
    heapMB: j.heapMB,
    detail: `${n} instances, ${3 * n} effects; dealt ${j.dealt}; heap used after ${j.heapMB.toFixed(0)} MB (limit 512 MB)`
  }
}
