/**
 * `pnpm bench`: runs every workload through Bulwark's public API and through a hand-written
 * baseline, side by side in one process; prints a table and writes `bench-results.json` at the
 * repository root.
 *
 * Each workload row runs in a fresh child process (Bulwark and its baseline side by side in that
 * one process), so no row is measured on a heap left behind by the rows before it: a large
 * batch's garbage-collection cost otherwise depends on the order of the rows.
 *
 * Flags: `--smoke` (tiny iteration counts, for CI: checks that everything runs, no thresholds),
 * `--only <text>` (only the rows whose name contains the text; `--only cli-start` measures the
 * start of the `bulwark` command: `--version` and `check` of one small file, median of 9 runs
 * each, beside `node -e 0`), `--no-process` (skip the
 * whole-process workloads), `--row <name>` (measure one row in this process and print its result
 * as JSON: what each child runs).
 */
import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { type Budget, bytesPerOp, cpuThroughput, time } from "./measure.js"
import { cliStart, hugeEvent, type ProcessResult, root, scenarioCheck } from "./processes.js"
import { riftboundRows } from "./riftbound.js"
import { bestOrderK, bestOrderMixed, boardWipe, effectsK, type Row, singleShield } from "./workloads.js"
import { mtg } from "./world.js"

const args = process.argv.slice(2)
const smoke = args.includes("--smoke")
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined
const processes = !args.includes("--no-process")
const oneRow = args.includes("--row") ? args[args.indexOf("--row") + 1] : undefined

const budget: Budget = smoke
  ? { time: 0, iterations: 2, warmupTime: 0, allocBatch: 2 }
  : { time: 500, iterations: 10, warmupTime: 250, allocBatch: 2000 }

/** One line of the results file. */
interface Result {
  readonly name: string
  readonly opsPerSec: number | null
  readonly baselineOpsPerSec: number | null
  /** Bulwark's time per operation over the baseline's (2 = twice as slow). */
  readonly ratio: number | null
  readonly bytesPerOp: number | null
  readonly baselineBytesPerOp?: number | null
  readonly p50Ms?: number
  readonly p99Ms?: number
  /** The baseline's median latency (ms). */
  readonly baselineP50Ms?: number
  readonly note?: string
}

/** Every row, built only when measured (a child builds only its own row's input). */
const factories: ReadonlyArray<readonly [string, () => Row]> = [
  ...(["fast", "trace", "results"] as const).map(
    (m) => [singleShield(m).name, () => singleShield(m)] as const
  ),
  ...[1, 4, 16, 64].map((k) => [`effects-${k}`, () => effectsK(k)] as const),
  ...[10, 1000, 10000].map((n) => [`board-wipe-${n}`, () => boardWipe(n)] as const),
  ...riftboundRows,
  ...[4, 8, 12].map((k) => [`best-order-${k}`, () => bestOrderK(k)] as const),
  ...[8, 16].map((k) => [`best-order-mixed-${k}x${k}`, () => bestOrderMixed(k, k)] as const),
  ...[8, 16].map(
    (k) => [`best-order-mixed-${k}x${k} (answers given)`, () => bestOrderMixed(k, k, true)] as const
  )
].filter(([name]) => (oneRow === undefined ? only === undefined || name.includes(only) : name === oneRow))

const results: Array<Result> = []

const fmt = (x: number | null | undefined, digits = 0): string =>
  x === null || x === undefined
    ? "—"
    : x >= 1e6
      ? `${(x / 1e6).toFixed(2)}M`
      : x >= 1e4
        ? `${(x / 1e3).toFixed(1)}k`
        : x.toFixed(digits)

const ms = (x: number | undefined): string =>
  x === undefined ? "—" : x < 0.01 ? `${(x * 1000).toFixed(2)} µs` : `${x.toFixed(3)} ms`

if (oneRow === undefined)
  console.log(
    `Bulwark bench: node ${process.version}, ${smoke ? "smoke run" : "full run"}, one child process per row; MTG rules: ${mtg.from}`
  )

/** Measures one row in this process. */
const measure = async (row: Row): Promise<Result> => {
  row.verify()
  const t = await time(
    [
      [`${row.name} bulwark`, row.bulwark],
      [`${row.name} baseline`, row.baseline]
    ],
    budget
  )
  const [bOps, baseOps] = cpuThroughput([row.bulwark, row.baseline], smoke ? 0 : 2000)
  const b = { ...t.get(`${row.name} bulwark`)!, opsPerSec: bOps! }
  const base = { ...t.get(`${row.name} baseline`)!, opsPerSec: baseOps! }
  // allocation batches of about 1/20 s of work, at most the budget's
  const bytesOf = (f: () => unknown, opsPerSec: number) =>
    bytesPerOp(f, Math.max(1, Math.min(budget.allocBatch, Math.round(opsPerSec / 20))))
  const bytes = bytesOf(row.bulwark, b.opsPerSec)
  const baseBytes = bytesOf(row.baseline, base.opsPerSec)
  return {
    name: row.name,
    opsPerSec: b.opsPerSec,
    baselineOpsPerSec: base.opsPerSec,
    ratio: base.opsPerSec / b.opsPerSec,
    bytesPerOp: bytes ?? null,
    baselineBytesPerOp: baseBytes ?? null,
    p50Ms: b.p50,
    p99Ms: b.p99,
    baselineP50Ms: base.p50
  }
}

if (oneRow !== undefined) {
  const factory = factories[0]
  if (factory === undefined) throw new Error(`no row named ${oneRow}`)
  console.log(JSON.stringify(await measure(factory[1]())))
  process.exit(0)
}

for (const [name] of factories) {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1]!, "--row", name, ...(smoke ? ["--smoke"] : [])],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 16 * 1024 * 1024 }
  )
  const last = child.stdout.trim().split("\n").at(-1)
  if (child.status !== 0 || last === undefined)
    throw new Error(`${name}: the child process failed (${child.status})`)
  const r = JSON.parse(last) as Result
  results.push(r)
  console.log(
    `${r.name.padEnd(26)} ${fmt(r.opsPerSec).padStart(9)} ops/s  baseline ${fmt(r.baselineOpsPerSec).padStart(9)}  ×${(r.ratio ?? 0).toFixed(1)}`
  )
}

const processRow = (name: string, p: ProcessResult): void => {
  if (p._tag === "Skipped") {
    results.push({
      name,
      opsPerSec: null,
      baselineOpsPerSec: null,
      ratio: null,
      bytesPerOp: null,
      note: p.reason
    })
    console.log(`${name.padEnd(26)} skipped: ${p.reason}`)
    return
  }
  results.push({
    name,
    opsPerSec: 1000 / p.ms,
    baselineOpsPerSec: 1000 / p.baselineMs,
    ratio: p.ms / p.baselineMs,
    bytesPerOp: null,
    p50Ms: p.ms,
    note: p.detail
  })
  console.log(
    `${name.padEnd(26)} ${p.ms.toFixed(1)} ms  baseline ${p.baselineMs.toFixed(1)} ms  (${p.detail})`
  )
}

if (processes && (only === undefined || "scenario-check".includes(only))) {
  processRow("scenario-check", scenarioCheck(smoke ? 1 : 5))
}
for (const what of ["version", "check"] as const) {
  const name = `cli-start-${what}`
  if (processes && (only === undefined || name.includes(only)))
    processRow(name, cliStart(what, smoke ? 1 : 9))
}
if (processes && (only === undefined || "board-wipe-100000".includes(only))) {
  processRow("board-wipe-100000 (512 MB heap)", hugeEvent(smoke ? 1000 : 100_000))
}

// ---------------------------------------------------------------------------------------------
// the table

const header = ["workload", "ops/s", "baseline ops/s", "ratio", "p50", "p99", "bytes/op", "baseline bytes/op"]
const lines = results.map((r) => [
  r.name,
  fmt(r.opsPerSec, 1),
  fmt(r.baselineOpsPerSec, 1),
  r.ratio === null ? "—" : `${r.ratio.toFixed(1)}×`,
  ms(r.p50Ms),
  ms(r.p99Ms),
  fmt(r.bytesPerOp),
  fmt(r.baselineBytesPerOp)
])
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)))
const show = (cells: ReadonlyArray<string>): string =>
  `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`
console.log()
console.log(show(header))
console.log(
  `|${widths.map((w, i) => (i === 0 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`
)
for (const l of lines) console.log(show(l))

// ---------------------------------------------------------------------------------------------
// targets (reported, never enforced)

const get = (name: string) => results.find((r) => r.name === name)
const per = (name: string) => {
  const r = get(name)
  return r?.opsPerSec ? 1 / r.opsPerSec : undefined
}
const notes: Array<string> = []
const single = get("single-shield")
if (single?.opsPerSec && single.ratio !== null) {
  notes.push(
    `single-shield: ${fmt(single.opsPerSec)} resolutions/s (target ≥ 250k), ${single.ratio.toFixed(1)}× baseline (target ≤ 3×)`
  )
}
const w1 = per("board-wipe-1000")
const w10 = per("board-wipe-10000")
if (w1 !== undefined && w10 !== undefined) {
  const p1 = get("board-wipe-1000")?.p50Ms
  const p10 = get("board-wipe-10000")?.p50Ms
  const wall = p1 !== undefined && p10 !== undefined ? `; median wall time ${(p10 / p1).toFixed(1)}` : ""
  // the same ratio for the hand-written baseline: what this machine gives arrays and loops
  const b1 = get("board-wipe-1000")?.baselineOpsPerSec
  const b10 = get("board-wipe-10000")?.baselineOpsPerSec
  const floor = b1 && b10 ? `; the baseline's own: ${(b1 / b10).toFixed(1)}` : ""
  notes.push(
    `board-wipe-10000 / board-wipe-1000: CPU time ${(w10 / w1).toFixed(1)}${wall} (target ≤ 12)${floor}`
  )
}
const e16 = per("effects-16")
const e64 = per("effects-64")
if (e16 !== undefined && e64 !== undefined) {
  notes.push(`effects-64 / effects-16 time: ${(e64 / e16).toFixed(1)} (quadratic would be 16)`)
}
const b12 = get("best-order-12")
if (b12?.opsPerSec) notes.push(`best-order-12: ${(1000 / b12.opsPerSec).toFixed(2)} ms (target < 10 ms)`)
const over = results.filter((r) => r.ratio !== null && r.ratio > 5).map((r) => r.name)
notes.push(`over 5× baseline: ${over.length === 0 ? "none" : over.join(", ")}`)
console.log()
for (const n of notes) console.log(`- ${n}`)

const file = join(root, "bench-results.json")
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
console.log(`\nwrote ${file}`)
