/**
 * The passes over applied sets of the single-occurrence solver: following the ordering policy's
 * steps, and the least final amount over the sets of effects applied (dense up to
 * `FLAT_PASS_UP_TO` effects, sparse past it).
 *
 * @internal
 */
import type * as Policy from "../../Policy.js"
import { applyCode } from "./opcodes.js"
import type { Work } from "./work.js"
import { WORK_SLICE } from "./work.js"

/** Up to this many live effects, the pass over applied sets uses flat typed arrays (default). */
export const FLAT_PASS_UP_TO = 14

/** The live effects' amount changes as numeric codes and constants (see {@link applyCode}). */
export interface Changes {
  readonly codes: ReadonlyArray<number>
  readonly values: ReadonlyArray<number>
}

type StepOf = (mask: number, pid: number) => Policy.Step

/** What both passes of {@link solveSingle} work from. */
export interface Pass {
  /** Each option's live effect (by position). */
  readonly roots: ReadonlyArray<number>
  /** The occurrence's amount before the choice. */
  readonly amount: number
  readonly rootPid: number
  /** Out: the least final amount after each option. */
  readonly least: Array<number>
  readonly changes: Changes
  readonly stepOf: StepOf
  readonly progressId: ProgressId
  readonly position: { readonly get: (id: string) => number | undefined }
  /** The live effects' ids, by position. */
  readonly ids: ReadonlyArray<string>
  /** The affected object's controller: only their choices branch. */
  readonly owner: string | undefined
}

/**
 * One state of a pass: the policy's step there. `Done`: the state's amounts are final (kept
 * when least); `Apply`: one way on; `Choose`: every option when the owner chooses, else the
 * first offered (another chooser scores 0 for every option, so the search keeps the first).
 */
const follow = (
  pass: Pass,
  step: Policy.Step,
  go: (i: number, progress: Policy.Progress) => void,
  at: (r: number) => number
): void => {
  if (step._tag === "Done") {
    for (let r = 0; r < pass.least.length; r++) {
      const v = at(r)
      if (v < (pass.least[r] as number)) pass.least[r] = v
    }
  } else if (step._tag === "Apply") go(pass.position.get(step.effect) as number, step.progress)
  else
    for (const id of step.options) {
      go(pass.position.get(id) as number, step.progress)
      if (step.chooser !== pass.owner) break
    }
}

/**
 * The flat pass keeps one table per ordering progress it meets; a policy with more progresses
 * than this (many slots × players) makes it start again over the reachable states only, so
 * memory stays bounded (at most this many × 2^k × options numbers).
 */
const FLAT_MAX_PROGRESSES = 16

/** Thrown inside the flat pass when it meets more progresses than it keeps tables for. */
export const TOO_MANY_PROGRESSES: unique symbol = Symbol("too many progresses")

type ProgressId = (p: Policy.Progress) => number

/**
 * The pass of {@link solveSingle} over flat arrays: for each progress, one row of `R` least
 * amounts per applied set, visited in increasing numeric order of the set (a superset is always
 * larger, so every state is final when it is visited). Writes into `least`.
 */
export function* denseLeast(n: number, pass: Pass): Work<void> {
  const { roots, amount, rootPid, least, changes, stepOf, progressId, ids } = pass
  const R = roots.length
  const size = 1 << n
  const values: Array<Float64Array> = []
  const reached: Array<Uint8Array> = []
  const table = (pid: number): Float64Array => {
    let v = values[pid]
    if (v === undefined) {
      if (values.length >= FLAT_MAX_PROGRESSES) throw TOO_MANY_PROGRESSES
      v = new Float64Array(size * R).fill(Number.POSITIVE_INFINITY)
      values[pid] = v
      reached[pid] = new Uint8Array(size)
    }
    return v
  }
  const push = (i: number, from: Float64Array, base: number, mask: number, p: Policy.Progress): void => {
    const pid = progressId(p)
    const to = table(pid)
    const next = mask | (1 << i)
    const at = next * R
    const code = changes.codes[i] as number
    const value = changes.values[i] as number
    let any = false
    // only the options whose effect is in the set can have reached it
    for (let bits = mask & rootBits; bits !== 0; bits &= bits - 1) {
      const r = rootAt[31 - Math.clz32(bits & -bits)] as number
      const a = from[base + r] as number
      if (a === Number.POSITIVE_INFINITY) continue
      const v = applyCode(code, value, a)
      if (v <= 0) {
        least[r] = 0
        continue
      }
      if (v < (to[at + r] as number)) to[at + r] = v
      any = true
    }
    if (any) (reached[pid] as Uint8Array)[next] = 1
  }
  // the options' effects as a set, and which option each effect is
  let rootBits = 0
  const rootAt = new Int32Array(n)
  for (let r = 0; r < R; r++) {
    rootBits |= 1 << (roots[r] as number)
    rootAt[roots[r] as number] = r
  }
  const start = table(rootPid)
  for (let r = 0; r < R; r++) {
    const i = roots[r] as number
    const v = applyCode(changes.codes[i] as number, changes.values[i] as number, amount)
    if (v <= 0) least[r] = 0
    else {
      start[(1 << i) * R + r] = v
      ;(reached[rootPid] as Uint8Array)[1 << i] = 1
    }
  }
  let work = 0
  for (let mask = 1; mask < size; mask++) {
    for (let pid = 0; pid < values.length; pid++) {
      const seen = reached[pid]
      if (seen === undefined || seen[mask] === 0) continue
      if (++work === WORK_SLICE) {
        yield work
        work = 0
      }
      const vec = values[pid] as Float64Array
      const base = mask * R
      // (follow, written out: this loop is the hot one)
      const step = stepOf(mask, pid)
      if (step._tag === "Done") {
        for (let bits = mask & rootBits; bits !== 0; bits &= bits - 1) {
          const r = rootAt[31 - Math.clz32(bits & -bits)] as number
          if ((vec[base + r] as number) < (least[r] as number)) least[r] = vec[base + r] as number
        }
      } else if (step._tag === "Apply") {
        push(pass.position.get(step.effect) as number, vec, base, mask, step.progress)
      } else {
        // options usually come in the candidates' order (live order): find each by walking
        // the live effects not yet applied, not by hashing its id
        let j = 0
        for (const id of step.options) {
          while (j < n && ((mask & (1 << j)) !== 0 || ids[j] !== id)) j++
          let i = j
          if (j >= n) {
            i = pass.position.get(id) as number
            j = 0
          }
          push(i, vec, base, mask, step.progress)
          if (step.chooser !== pass.owner) break
        }
      }
    }
  }
  yield work
}

/**
 * The pass of {@link solveSingle} over the reachable states only (a map per level), for more
 * live effects than the flat pass takes: states where the damage reached 0 are never stored.
 */
export function* sparseLeast(pass: Pass): Work<void> {
  const { roots, amount, rootPid, least, changes, stepOf, progressId } = pass
  const R = roots.length
  let frontier = new Map<number, Array<number>>()
  roots.forEach((i, r) => {
    const v = applyCode(changes.codes[i] as number, changes.values[i] as number, amount)
    if (v <= 0) {
      least[r] = 0
      return
    }
    const vec: Array<number> = new Array(R).fill(Number.POSITIVE_INFINITY)
    vec[r] = v
    frontier.set((1 << i) * 1024 + rootPid, vec)
  })
  let work = 0
  while (frontier.size > 0) {
    const next = new Map<number, Array<number>>()
    const push = (i: number, vec: ReadonlyArray<number>, mask: number, p: Policy.Progress): void => {
      const key = (mask | (1 << i)) * 1024 + progressId(p)
      let into = next.get(key)
      for (let r = 0; r < R; r++) {
        const a = vec[r] as number
        if (a === Number.POSITIVE_INFINITY) continue
        const v = applyCode(changes.codes[i] as number, changes.values[i] as number, a)
        if (v <= 0) {
          least[r] = 0
          continue
        }
        if (into === undefined) {
          into = new Array(R).fill(Number.POSITIVE_INFINITY)
          next.set(key, into)
        }
        if (v < (into[r] as number)) into[r] = v
      }
    }
    for (const [key, vec] of frontier) {
      if (++work === WORK_SLICE) {
        yield work
        work = 0
      }
      const mask = Math.floor(key / 1024)
      follow(
        pass,
        stepOf(mask, key % 1024),
        (i, p) => push(i, vec, mask, p),
        (r) => vec[r] as number
      )
    }
    frontier = next
  }
  yield work
}
