/**
 * The worker thread that reads a big scenario file for `bulwark` (`reader.ts` starts it): it
 * reads the file (or the bytes it is given), checks them as UTF-8 and reads the text into a
 * checked document (`readFileDocument` / `readBytesDocument` of `@bulwark/scenario/node`: the
 * parse, the limits, the structure, NFC) — the long synchronous stretch of a huge file — while
 * the main thread stays free to handle SIGINT and SIGTERM. Its one answer goes to the port it is
 * given, then it ends: the document (copied) and the bytes (transferred), or the typed error as
 * its tag and fields (the main thread makes the same error of them again). For `bulwark
 * migrate`, it migrates a big file's text instead (`Migrate.migrateText`, seconds for a file of
 * many megabytes) and reads the migrated text as a document.
 *
 * @module
 */
import { type MessagePort, parentPort, workerData } from "node:worker_threads"
import type { Migrate, Scenario } from "@bulwark/scenario"
import { readBytesDocument, readFileDocument } from "@bulwark/scenario/node"
import { Result } from "effect"

/** What the main thread sends (as `workerData`). */
export interface Job {
  readonly file: string
  /** The bytes to read (a FIFO's, read by the main thread); `undefined`: read `file`. */
  readonly bytes: Uint8Array | undefined
  readonly options: Scenario.ParseOptions
  readonly port: MessagePort
  /**
   * For `bulwark migrate`: the file's text, to migrate (`Migrate.migrateText`) and, when it
   * changed, to read as a document (`Scenario.readDocument`) — instead of reading `file`.
   */
  readonly migrate?: string | undefined
}

/** What the worker answers. */
export type Answer =
  | { readonly _tag: "Read"; readonly document: Record<string, unknown>; readonly bytes: Uint8Array }
  | { readonly _tag: "Failed"; readonly error: { readonly _tag: string } & Record<string, unknown> }
  | {
      readonly _tag: "Migrated"
      /** The migration without its `origin` (a function: it stays here); `text` is "" when unchanged. */
      readonly migrated: Omit<Migrate.Migrated, "origin">
      /** The migrated text read as a document, when it changed. */
      readonly read:
        | { readonly _tag: "Document"; readonly document: Record<string, unknown> }
        | Extract<Answer, { readonly _tag: "Failed" }>
        | undefined
    }
  | { readonly _tag: "NotMigrated"; readonly error: Migrate.MigrateError }

/** What the worker says (to its parent) when it starts reading: `reader.ts` shows it as progress. */
export type Started = "started"

/** The answer to a `migrate` job (the migrations are loaded for it only). */
const migrated = async (text: string, file: string): Promise<Answer> => {
  const { Migrate, Scenario } = await import("@bulwark/scenario")
  const m = Migrate.migrateText(text)
  if (Result.isFailure(m)) return { _tag: "NotMigrated", error: m.failure }
  const { changed, from, to } = m.success
  if (!changed) return { _tag: "Migrated", migrated: { changed, text: "", from, to }, read: undefined }
  const read = Scenario.readDocument(m.success.text.replace(/^\uFEFF/, ""), file)
  return {
    _tag: "Migrated",
    migrated: { changed, text: m.success.text, from, to },
    read: Result.isFailure(read)
      ? { _tag: "Failed", error: { ...read.failure } }
      : { _tag: "Document", document: read.success }
  }
}

const job = workerData as Job
parentPort?.postMessage("started" satisfies Started)
if (job.migrate !== undefined) job.port.postMessage(await migrated(job.migrate, job.file))
else read()
job.port.close()

function read(): void {
  const r =
    job.bytes === undefined
      ? readFileDocument(job.file, job.options)
      : readBytesDocument(job.bytes, job.file, job.options)
  if (Result.isFailure(r)) {
    const answer: Answer = { _tag: "Failed", error: { ...r.failure } }
    job.port.postMessage(answer)
  } else {
    const { bytes, document } = r.success
    const answer: Answer = { _tag: "Read", document, bytes }
    // the bytes move to the main thread (no copy) when they are a whole buffer of their own
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    job.port.postMessage(answer, whole ? [bytes.buffer as ArrayBuffer] : [])
  }
}
