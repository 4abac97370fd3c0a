/**
 * Reading a FIFO (a named pipe, `<(…)`, `/dev/stdin` on a pipe) through the event loop, so that a
 * pipe that never ends, or waits for its writer, can be stopped with Ctrl-C or SIGTERM.
 *
 * @internal
 */
import { constants, openSync } from "node:fs"
import { Socket } from "node:net"
import { ScenarioError } from "@bulwark/scenario"
import { Effect } from "effect"

/** The default of `BULWARK_MAX_PIPE_BYTES`: how much `bulwark` reads from a FIFO at most. */
export const MAX_PIPE_BYTES = 64 * 1024 * 1024

/**
 * Reads a FIFO (a named pipe, `<(…)`, `/dev/stdin` on a pipe) without blocking the process: the
 * event loop keeps turning, so Ctrl-C stops a read that waits for a writer. At most `max` bytes.
 */
export const readPipe = (
  file: string,
  max: number
): Effect.Effect<Uint8Array, ScenarioError.FileUnreadable> =>
  Effect.callback<Uint8Array, ScenarioError.FileUnreadable>((resume) => {
    const fail = (reason: string) => resume(Effect.fail(new ScenarioError.FileUnreadable({ file, reason })))
    let fd: number
    try {
      fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK)
    } catch (err) {
      return fail(err instanceof Error ? err.message : String(err))
    }
    const socket = new Socket({ fd, readable: true, writable: false })
    const chunks: Array<Buffer> = []
    let size = 0
    socket.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size <= max) chunks.push(chunk)
      else {
        socket.destroy()
        fail(
          `more than ${max} bytes came through the pipe (the limit for a piped scenario; raise it with BULWARK_MAX_PIPE_BYTES=<bytes>)`
        )
      }
    })
    socket.on("end", () => {
      socket.destroy()
      resume(Effect.succeed(Buffer.concat(chunks)))
    })
    socket.on("error", (err) => fail(err.message))
    return Effect.sync(() => socket.destroy())
  })
