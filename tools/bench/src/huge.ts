/**
 * Child process of the bench: one board-wipe event with n instances (default 100 000) and three
 * effects on each recipient, run once by Bulwark and once by the baseline under the heap limit
 * the parent sets. Prints one JSON line.
 */
import { GameEvent } from "@bulwark/core"
import { Result } from "effect"
import { wipeBaseline, wipeBulwark, wipeInput } from "./workloads.js"

const n = Number(process.argv[2] ?? 100_000)
const input = wipeInput(n)
const t0 = performance.now()
const r = wipeBulwark(input)
const ms = performance.now() - t0
if (Result.isFailure(r)) throw new Error(String(r.failure))
const heapMB = process.memoryUsage().heapUsed / 2 ** 20
let dealt = 0
for (const o of r.success.happened) if (o.family === GameEvent.DAMAGE) dealt += o.amount
const t1 = performance.now()
wipeBaseline(n, 3)
const baselineMs = performance.now() - t1
console.log(JSON.stringify({ ms, baselineMs, heapMB, dealt }))
