/**
 * Reading a big scenario file in a worker thread (`read-worker.ts`), so that SIGTERM stops
 * `bulwark` while it parses one. Node runs no JavaScript signal handler while the main thread is
 * in a long synchronous stretch, and only SIGINT has a watchdog that can cut such a stretch
 * short (`vm`'s `breakOnSigint`, `Stop.blocking`); with the parse in a worker, the main thread
 * only waits, so either signal is handled at once: the run is interrupted, the worker
 * terminated, and the process exits with the stop line and 130 / 143 (`stop.ts`).
 *
 * Only files of {@link WORKER_BYTES} or more (`BULWARK_WORKER_BYTES`) go to the worker: a small file is parsed in the
 * main thread as before (starting a worker costs more than parsing it). The worker answers the
 * checked document (copied) and the file's bytes (transferred, not copied); the main thread then
 * decodes and compiles it (`Scenario.loadDocument`, under `Stop.blocking`). The answer is read
 * after the worker has ended, so the worker's copy of the document is gone before the main
 * thread's is made. A typed error comes back as its tag and fields and is made again: the same
 * class, the same message, line and column as in the main thread.
 *
 * @module
 */
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads"
import { type Scenario, ScenarioError } from "@bulwark/scenario"
import { Effect, Result } from "effect"
import type { Answer, Job, Started } from "./read-worker.js"
import * as Stop from "./stop.js"

/**
 * Files of at least this many bytes are read in the worker thread (2 MiB; the environment
 * variable `BULWARK_WORKER_BYTES` sets another size).
 */
export const WORKER_BYTES = 2 * 1024 * 1024

/**
 * The worker's module, beside this one: `dist/read-worker.js` for the built and the installed
 * CLI (this module is bundled into a chunk in `dist/`). Run from the sources (the in-process
 * tests), there is none: every file is read in the main thread.
 */
const workerUrl = new URL("./read-worker.js", import.meta.url)

/** Whether the worker's module is there (it is, in `dist/`). */
export const available = (): boolean => workerUrl.protocol === "file:" && existsSync(fileURLToPath(workerUrl))

/** A file read by the worker: its checked document and its bytes. */
export interface Read {
  readonly document: Record<string, unknown>
  readonly bytes: Uint8Array
}

/** Why a file the worker ran out of memory reading was not read (Node's heap is the limit, not a bug). */
const OUT_OF_MEMORY =
  "not enough memory to read it (the JavaScript heap ran out while parsing it; raise the heap with NODE_OPTIONS=--max-old-space-size=<MB>)"

type Errors = typeof ScenarioError
type ErrorTag = ScenarioError.ScenarioError["_tag"]

/** The typed error again, from its tag and fields. */
const rebuild = (error: { readonly _tag: string } & Record<string, unknown>): ScenarioError.ScenarioError => {
  const { _tag, ...fields } = error
  const Class = (ScenarioError as unknown as Record<ErrorTag, Errors[ErrorTag] | undefined>)[_tag as ErrorTag]
  if (Class === undefined) throw new Error(`the reading worker answered an unknown error ${_tag}`)
  return new Class(fields as never)
}

/**
 * Reads `file` (or `bytes`, a FIFO's) in a worker thread: its checked document, or the typed
 * error. `onStart` is called when the worker starts reading (for the progress line).
 * Interrupting it (a signal) terminates the worker. A worker that ran out of heap is
 * `FileUnreadable` saying so and how to raise the heap (in the main thread, Node would have
 * crashed); a worker that crashed otherwise is a defect (an internal error), as a throw in the
 * main thread is.
 */
export const readInWorker = (
  file: string,
  bytes: Uint8Array | undefined,
  options: Scenario.ParseOptions,
  onStart?: () => void
): Effect.Effect<Result.Result<Read, ScenarioError.ScenarioError>> =>
  Effect.callback<Result.Result<Read, ScenarioError.ScenarioError>>((resume) => {
    const channel = new MessageChannel()
    const job: Job = { file, bytes, options, port: channel.port2 }
    // the bytes move to the worker (no copy) when they are a whole buffer of their own
    const whole =
      bytes !== undefined && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    const worker = new Worker(workerUrl, {
      workerData: job,
      transferList: [channel.port2, ...(whole ? [bytes.buffer as ArrayBuffer] : [])]
    })
    let done = false
    const end = (effect: Effect.Effect<Result.Result<Read, ScenarioError.ScenarioError>>) => {
      if (done) return
      done = true
      channel.port1.close()
      resume(effect)
    }
    worker.on("message", (m) => {
      if (m === ("started" satisfies Started)) onStart?.()
    })
    worker.on("error", (err) =>
      end(
        (err as { code?: unknown }).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? Effect.succeed(Result.fail(new ScenarioError.FileUnreadable({ file, reason: OUT_OF_MEMORY })))
          : Effect.die(err)
      )
    )
    worker.on("exit", () => {
      if (done) return
      // the document is made again here, in one synchronous stretch: Ctrl-C can cut it short
      const got = Stop.blocking(() => receiveMessageOnPort(channel.port1))
      if (got === Stop.STOPPED) return end(Effect.interrupt)
      const m = got?.message as Answer | undefined
      if (m === undefined)
        return end(Effect.die(new Error(`the reading worker ended without an answer (${file})`)))
      end(
        Effect.sync(() =>
          m._tag === "Read"
            ? Result.succeed({ document: m.document, bytes: m.bytes })
            : Result.fail(rebuild(m.error))
        )
      )
    })
    return Effect.sync(() => {
      done = true
      channel.port1.close()
      void worker.terminate()
    })
  })
