/**
 * The whole `bulwark` command against the real process: loaded by `main.ts` only when the
 * command line needs more than the version (it pulls in effect, the CLI framework and every
 * ruleset).
 *
 * @module
 */
import { NodeServices } from "@effect/platform-node"
import { Cause, Effect, Exit } from "effect"
import { INTERNAL_ERROR, internalErrorText, runCli } from "./cli.js"
import * as Stop from "./stop.js"

/**
 * Runs `bulwark` with the given arguments and sets the process exit code.
 *
 * A signal (`stop.ts`, installed by `main.ts`) interrupts the program; the work gives the event
 * loop a turn often (between files, folder entries and resolution steps, and during a search),
 * so it stops there. The exit code says which signal: 128 + 2 = 130, 128 + 15 = 143. A signal
 * that came during the run's last stretch of work counts too: the exit waits for the event loop
 * to have handled it. A defect that escaped `runCli` is an internal error (exit 70).
 */
export const main = (args: ReadonlyArray<string>): void => {
  const fiber = Effect.runFork(runCli(args).pipe(Effect.provide(NodeServices.layer)))
  Stop.onStop(() => fiber.interruptUnsafe(fiber.id))
  fiber.addObserver((exit) => {
    const finish = () => {
      const signal = Stop.stopped()
      if (signal !== undefined) return process.exit(Stop.exitCodeOf(signal))
      if (Exit.isSuccess(exit)) {
        process.exitCode = exit.value
        if (exit.value !== 0) process.exit(exit.value)
        return
      }
      if (Cause.hasInterruptsOnly(exit.cause)) return process.exit(130)
      process.stderr.write(`${internalErrorText(exit.cause)}\n`)
      process.exit(INTERNAL_ERROR)
    }
    // two turns of the event loop: a poll phase (where signals are delivered) runs in between
    setImmediate(() => setImmediate(finish))
  })
}
