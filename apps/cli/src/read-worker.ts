/**
 * The worker thread that reads a big scenario file for `bulwark` (`reader.ts` starts it): it
 * reads the file (or the bytes it is given), checks them as UTF-8 and reads the text into a
 * checked document (`readFileDocument` / `readBytesDocument` of `@bulwark/scenario/node`: the
 * parse, the limits, the structure, NFC) — the long synchronous stretch of a huge file — while
 * the main thread stays free to handle SIGINT and SIGTERM. Its one answer goes to the port it is
 * given, then it ends: the document (copied) and the bytes (transferred), or the typed error as
 * its tag and fields (the main thread makes the same error of them again).
 *
 * @module
 */
import { type MessagePort, parentPort, workerData } from "node:worker_threads"
import type { Scenario } from "@bulwark/scenario"
import { readBytesDocument, readFileDocument } from "@bulwark/scenario/node"
import { Result } from "effect"

/** What the main thread sends (as `workerData`). */
export interface Job {
  readonly file: string
  /** The bytes to read (a FIFO's, read by the main thread); `undefined`: read `file`. */
  readonly bytes: Uint8Array | undefined
  readonly options: Scenario.ParseOptions
  readonly port: MessagePort
}

/** What the worker answers. */
export type Answer =
  | { readonly _tag: "Read"; readonly document: Record<string, unknown>; readonly bytes: Uint8Array }
  | { readonly _tag: "Failed"; readonly error: { readonly _tag: string } & Record<string, unknown> }

/** What the worker says (to its parent) when it starts reading: `reader.ts` shows it as progress. */
export type Started = "started"

const job = workerData as Job
parentPort?.postMessage("started" satisfies Started)
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
job.port.close()
