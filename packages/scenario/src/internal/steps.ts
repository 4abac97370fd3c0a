/**
 * Work that can pause: a generator that yields (nothing) at points where the work may stop for
 * a while — every {@link EVERY} items of a big list — and returns its result. Run at once with
 * {@link runSteps} (the synchronous API: the same result, the same order of work), or as an
 * effect with {@link runStepsEffect}, which gives the event loop a turn between slices of a few
 * milliseconds, so that a program decoding and compiling a huge scenario can be interrupted
 * (a signal handled) while it does.
 *
 * @internal
 */
import * as Effect from "effect/Effect"

/** Work that yields where it may pause and returns `A`. */
export type Steps<A> = Generator<undefined, A, undefined>

/** How many items of a list are worked through between two pause points. */
export const EVERY = 512

/** Whether item `i` of a list is followed by a pause point (every {@link EVERY} items). */
export const pauseAfter = (i: number): boolean => i % EVERY === EVERY - 1

/** Runs the work to its end, without pausing. */
export const runSteps = <A>(work: Steps<A>): A => {
  for (;;) {
    const r = work.next()
    if (r.done === true) return r.value
  }
}

/** How long the work runs before the event loop gets a turn. */
export const SLICE_MS = 10

/**
 * Runs the work as an effect: slices of about {@link SLICE_MS} ms, an `Effect.yieldNow` (a turn
 * of the event loop) between two. Interrupting the fiber stops the work at the next turn.
 */
export const runStepsEffect = <A>(work: () => Steps<A>): Effect.Effect<A> =>
  Effect.suspend(() => {
    const g = work()
    const slice: Effect.Effect<A> = Effect.suspend(() => {
      const until = performance.now() + SLICE_MS
      for (;;) {
        const r = g.next()
        if (r.done === true) return Effect.succeed(r.value)
        if (performance.now() >= until) return Effect.andThen(Effect.yieldNow, slice)
      }
    })
    return slice
  })
