/**
 * Measuring: throughput from CPU time, latency with tinybench, allocation with heap deltas.
 *
 * Throughput (ops/s) is measured in CPU time of this process (`process.cpuUsage`, user +
 * system, which includes the garbage collector's threads), in batches of at least 10 ms,
 * alternating Bulwark and the baseline, so that other processes on a shared machine disturb the
 * ratio as little as possible. Latency percentiles (p50, p99) are tinybench's per-operation
 * wall-clock samples.
 *
 * Allocated bytes per operation: run with `--expose-gc` and a large young generation
 * (`--max-semi-space-size=64`), collect garbage, read `process.memoryUsage().heapUsed`, run a
 * batch of operations (keeping nothing), read it again and divide by the batch size. A garbage
 * collection inside the batch would hide allocations, so the batch runs under a `v8.GCProfiler`
 * and is halved and repeated until no collection happened during it.
 */
import v8 from "node:v8"
import { Bench } from "tinybench"

/** Timing of one function. */
export interface Timing {
  readonly opsPerSec: number
  /** Median latency, milliseconds. */
  readonly p50: number
  /** 99th percentile latency, milliseconds. */
  readonly p99: number
  readonly samples: number
}

/** How long and how often to run each function. */
export interface Budget {
  /** Milliseconds of measurement per function. */
  readonly time: number
  /** Minimum measured iterations per function. */
  readonly iterations: number
  /** Milliseconds of warm-up. */
  readonly warmupTime: number
  /** Operations per allocation batch (upper bound). */
  readonly allocBatch: number
}

/** Times each function, side by side in one tinybench run. */
export const time = async (
  fns: ReadonlyArray<readonly [string, () => unknown]>,
  budget: Budget
): Promise<Map<string, Timing>> => {
  const bench = new Bench({
    time: budget.time,
    iterations: budget.iterations,
    warmupTime: budget.warmupTime,
    warmupIterations: Math.min(budget.iterations, 16),
    throws: true
  })
  for (const [name, fn] of fns) bench.add(name, fn)
  await bench.run()
  const out = new Map<string, Timing>()
  for (const task of bench.tasks) {
    const r = task.result
    if (r.state !== "completed") throw new Error(`${task.name}: ${r.state}`)
    out.set(task.name, {
      opsPerSec: 1000 / r.latency.mean,
      p50: r.latency.p50,
      p99: r.latency.p99,
      samples: r.latency.samplesCount
    })
  }
  return out
}

const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/**
 * Operations per CPU second of each function, measured in alternating batches for about
 * `budgetMs` of CPU time in total (at least one batch each).
 */
export const cpuThroughput = (fns: ReadonlyArray<() => unknown>, budgetMs: number): Array<number> => {
  // calibrate: the batch size that takes at least 10 ms
  const sizes = fns.map((fn) => {
    let n = 1
    for (;;) {
      const t0 = cpuMs()
      for (let i = 0; i < n; i++) fn()
      const dt = cpuMs() - t0
      if (dt >= 10 || n >= 1 << 24) return n
      n *= dt < 1 ? 8 : 2
    }
  })
  const ops = fns.map(() => 0)
  const spent = fns.map(() => 0)
  const rounds = Math.max(1, Math.round(budgetMs / (10 * fns.length)))
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, k) => {
      const n = sizes[k]!
      const t0 = cpuMs()
      for (let i = 0; i < n; i++) fn()
      spent[k]! += cpuMs() - t0
      ops[k]! += n
    })
  }
  return ops.map((n, k) => (1000 * n) / Math.max(spent[k]!, 0.001))
}

const gc = (): void => {
  const g = (globalThis as { gc?: () => void }).gc
  if (g === undefined) throw new Error("run node with --expose-gc (pnpm bench does)")
  g()
}

/** Bytes allocated per call of `fn`, or `undefined` when a batch of 1 still saw a collection. */
export const bytesPerOp = (fn: () => unknown, batch: number): number | undefined => {
  fn()
  for (let n = Math.max(1, batch); n >= 1; n = Math.floor(n / 2)) {
    gc()
    const profiler = new v8.GCProfiler()
    profiler.start()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < n; i++) fn()
    const after = process.memoryUsage().heapUsed
    const stats = profiler.stop()
    if (stats.statistics.length === 0) return Math.max(0, (after - before) / n)
  }
  return undefined
}
