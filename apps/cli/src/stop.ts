/**
 * Ctrl-C and SIGTERM for the `bulwark` executable. `main.ts` installs the handlers before it
 * loads anything else, so a signal is never ignored, whatever the command is doing:
 *
 * - the first SIGINT or SIGTERM prints one line on stderr (`bulwark: stopped (SIGINT)`), marks
 *   the run as stopped and interrupts it (`onStop`): the work gives the event loop a turn
 *   between files, between folder entries, between steps of a resolution and every few
 *   thousand states of a search, and stops there;
 * - if the work has not ended {@link GRACE_MS} after the signal, the process exits anyway;
 * - a second signal exits at once.
 *
 * The exit code is 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM.
 *
 * A big scenario file is read and parsed in a worker thread (`reader.ts`; `bulwark migrate`
 * migrates a big file's text there too): the main thread only waits, so either signal is handled
 * at once (the worker is terminated with the run). The big file is then decoded and compiled in
 * the main thread in slices, with a turn of the event loop every few milliseconds
 * (`Scenario.loadDocumentEffect`), so either signal stops that too. A long synchronous stretch
 * left in the main thread that never gives the event loop a turn — parsing a smaller file,
 * rendering a huge trace — runs under {@link blocking}: Node's own SIGINT watchdog (`vm`'s
 * `breakOnSigint`) ends it when Ctrl-C comes, and the run stops as above. SIGTERM has no such
 * watchdog in Node: during such a stretch it is handled when the stretch ends (the next turn of
 * the event loop).
 *
 * Node built-ins only: this module is part of the small entry chunk.
 *
 * @module
 */

import { Script } from "node:vm"

/** The signals that stop `bulwark`. */
export type StopSignal = "SIGINT" | "SIGTERM"

/** How long the work has, after a signal, to stop by itself before the process exits anyway. */
export const GRACE_MS = 1000

/** The exit code for a run stopped by `signal`: 128 + its number. */
export const exitCodeOf = (signal: StopSignal): number => (signal === "SIGINT" ? 130 : 143)

let received: StopSignal | undefined
let interrupt: (() => void) | undefined

/** The signal that stopped the run, or `undefined` while none has come. */
export const stopped = (): StopSignal | undefined => received

/**
 * Registers what interrupts the running command (`run.ts`: the main fiber). A signal that came
 * while the command was still loading interrupts it as soon as it is registered.
 */
export const onStop = (f: () => void): void => {
  interrupt = f
  if (received !== undefined) f()
}

const handle = (signal: StopSignal): void => {
  if (received !== undefined) process.exit(exitCodeOf(received))
  received = signal
  // on a terminal, after the echoed ^C or a progress line
  const lead = process.stderr.isTTY === true ? "\r\x1b[K" : ""
  process.stderr.write(`${lead}bulwark: stopped (${signal})\n`)
  setTimeout(() => process.exit(exitCodeOf(signal)), GRACE_MS).unref()
  if (interrupt !== undefined) interrupt()
  // nothing loaded yet to interrupt: nothing to wait for either
  else process.exit(exitCodeOf(signal))
}

/** Where {@link blocking} puts the work for its script to call (this realm's global, for the call). */
const slot = Symbol.for("bulwark.stop.blocking")
/** Calls the work in the slot: the script `breakOnSigint` watches while it runs. */
let call: Script | undefined

/** What {@link blocking} returns when Ctrl-C ended the work: the run is stopping (exit 130). */
export const STOPPED: unique symbol = Symbol("stopped")

/**
 * Runs `work`, a synchronous stretch that gives the event loop no turn (parsing a huge file), so
 * that Ctrl-C ends it at once: under `vm`'s `breakOnSigint`, a SIGINT terminates the work where
 * it is, and the run stops as on any signal (the message, then exit 130). Returns the work's
 * value, or {@link STOPPED} when Ctrl-C ended it or a signal had come before (the caller stops
 * too: its fiber is being interrupted). Only for work that changes nothing outside itself: it is
 * cut off mid-way.
 *
 * `vm` takes the SIGINT listeners off while the work runs (and puts them back after): a SIGINT
 * received just before, not yet handled, would be lost — give the event loop a turn first.
 */
export const blocking = <A>(work: () => A): A | typeof STOPPED => {
  if (received !== undefined) return STOPPED
  call ??= new Script(`globalThis[Symbol.for("bulwark.stop.blocking")]()`, { filename: "bulwark-blocking" })
  const g = globalThis as unknown as Record<symbol, unknown>
  const outer = g[slot]
  g[slot] = work
  try {
    return call.runInThisContext({ breakOnSigint: true }) as A
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== "ERR_SCRIPT_EXECUTION_INTERRUPTED") throw err
    handle("SIGINT")
    return STOPPED
  } finally {
    g[slot] = outer
  }
}

/** Installs the SIGINT and SIGTERM handlers (once, for the life of the process). */
export const install = (): void => {
  process.on("SIGINT", () => handle("SIGINT"))
  process.on("SIGTERM", () => handle("SIGTERM"))
}
