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
 * Node built-ins only: this module is part of the small entry chunk.
 *
 * @module
 */

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

/** Installs the SIGINT and SIGTERM handlers (once, for the life of the process). */
export const install = (): void => {
  process.on("SIGINT", () => handle("SIGINT"))
  process.on("SIGTERM", () => handle("SIGTERM"))
}
