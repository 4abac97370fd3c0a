/**
 * Pauses: a driver that must stay responsive while one big event resolves (a signal, a timeout
 * under an asynchronous runtime) asks for a slice length, and the step machine hands the state
 * back as `Paused` when a slice is over, to be continued with {@link proceed} after the driver
 * gave the event loop a turn. A pause comes only between two stretches of work, where the state
 * is whole: before an event is pushed as a frame, between two groups of a frame (looked at every
 * 16 groups) and between two steps. Nothing else changes: the same steps run in the same order,
 * so a sliced resolution gives the same outcome, trace and decisions as an unsliced one.
 *
 * Only `Ruleset`'s step loop asks for pauses. Every public entry point (`Kernel.start`,
 * `Kernel.resume`, …) passes no slice, so it never sees `Paused`; a state suspended on a decision
 * carries no slice (choosers resume copies of it), and `unsafeResumeSliced` sets a new one.
 *
 * @internal
 */
import type * as Kernel from "../../Kernel.js"
import type { Step } from "../../Kernel.js"
import { run } from "./loop.js"
import { impl } from "./state.js"

/** A resolution handed back between two stretches of work, to be continued with {@link proceed}. */
export interface Paused {
  readonly _tag: "Paused"
  readonly state: Kernel.State
}

/** What the step machine returns when a driver asked for pauses. */
export type Sliced = Step | Paused

/** Continues a paused resolution for another slice of `sliceMs` milliseconds. */
export const proceed = (state: Kernel.State, sliceMs: number): Sliced => {
  const s = impl(state)
  s.sliceEnd = performance.now() + sliceMs
  return run(s)
}

export { startWith as startSliced } from "./loop.js"
export { unsafeResumeSliced } from "./resume.js"
