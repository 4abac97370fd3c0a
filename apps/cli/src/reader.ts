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
import type { Migrate, Scenario } from "@bulwark/scenario"
import { ScenarioError } from "@bulwark/scenario"
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
 * Runs one job in a worker thread and gives its answer (read after the worker has ended, in one
 * synchronous stretch that Ctrl-C can cut short), or `undefined` when the worker ran out of
 * heap. `onStart` is called when the worker starts. Interrupting it (a signal) terminates the
 * worker. A worker that crashed otherwise, or ended without an answer, is a defect.
 */
const runWorker = (
  job: Omit<Job, "port">,
  transfer: ReadonlyArray<ArrayBuffer>,
  onStart?: () => void
): Effect.Effect<Answer | undefined> =>
  Effect.callback<Answer | undefined>((resume) => {
    const channel = new MessageChannel()
    const worker = new Worker(workerUrl, {
      workerData: { ...job, port: channel.port2 } satisfies Job,
      transferList: [channel.port2, ...transfer]
    })
    let done = false
    const end = (effect: Effect.Effect<Answer | undefined>) => {
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
          ? Effect.succeed(undefined)
          : Effect.die(err)
      )
    )
    worker.on("exit", () => {
      if (done) return
      // the answer is made again here, in one synchronous stretch: Ctrl-C can cut it short
      const got = Stop.blocking(() => receiveMessageOnPort(channel.port1))
      if (got === Stop.STOPPED) return end(Effect.interrupt)
      const m = got?.message as Answer | undefined
      if (m === undefined)
        return end(Effect.die(new Error(`the reading worker ended without an answer (${job.file})`)))
      end(Effect.succeed(m))
    })
    return Effect.sync(() => {
      done = true
      channel.port1.close()
      void worker.terminate()
    })
  })

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
): Effect.Effect<Result.Result<Read, ScenarioError.ScenarioError>> => {
  // the bytes move to the worker (no copy) when they are a whole buffer of their own
  const whole = bytes !== undefined && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  return Effect.map(
    runWorker({ file, bytes, options }, whole ? [bytes.buffer as ArrayBuffer] : [], onStart),
    (m): Result.Result<Read, ScenarioError.ScenarioError> => {
      if (m === undefined)
        return Result.fail(new ScenarioError.FileUnreadable({ file, reason: OUT_OF_MEMORY }))
      if (m._tag === "Read") return Result.succeed({ document: m.document, bytes: m.bytes })
      if (m._tag === "Failed") return Result.fail(rebuild(m.error))
      throw new Error(`the reading worker answered ${m._tag} to a read (${file})`)
    }
  )
}

/** What {@link migrateInWorker} gives: the migration (no `origin`) and the migrated text's document or error. */
export interface MigratedInWorker {
  readonly migrated: Omit<Migrate.Migrated, "origin">
  readonly read: Result.Result<Record<string, unknown>, ScenarioError.ScenarioError> | undefined
}

/**
 * For `bulwark migrate`: migrates a big file's `text` in a worker thread (`Migrate.migrateText`
 * takes seconds for a file of many megabytes) and, when it changed, reads the migrated text
 * as a document there too; the main thread only waits, so either signal stops it at once.
 * The migration's `origin` (a function) is not sent back: the caller migrates the text again
 * for it if a problem must be placed. A worker that ran out of heap is a `MigrateError` saying so.
 */
export const migrateInWorker = (
  file: string,
  text: string
): Effect.Effect<Result.Result<MigratedInWorker, Migrate.MigrateError>> =>
  Effect.map(
    runWorker({ file, bytes: undefined, options: {}, migrate: text }, []),
    (m): Result.Result<MigratedInWorker, Migrate.MigrateError> => {
      if (m === undefined) return Result.fail({ reason: OUT_OF_MEMORY })
      if (m._tag === "NotMigrated") return Result.fail(m.error)
      if (m._tag !== "Migrated")
        throw new Error(`the reading worker answered ${m._tag} to a migration (${file})`)
      const read =
        m.read === undefined
          ? undefined
          : m.read._tag === "Document"
            ? Result.succeed(m.read.document)
            : Result.fail(rebuild(m.read.error))
      return Result.succeed({ migrated: m.migrated, read })
    }
  )

/**
 * Says on stderr which phase of its work the command is in (`phase: decoding <file>`, `phase:
 * loaded <file>`, …), for the signal tests only (`BULWARK_TEST_PHASES=1`): they send a signal
 * once a phase has begun and see that it never ended. Written at once, in the work's own
 * synchronous stretch (no turn of the event loop in between).
 */
export const phase = (name: string, file: string): void => {
  if (process.env.BULWARK_TEST_PHASES === "1") process.stderr.write(`phase: ${name} ${file}\n`)
}
