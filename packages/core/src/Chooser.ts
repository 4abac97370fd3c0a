/**
 * Choosers: the players' agency. Every decision of a resolution is a request answered by a
 * chooser — scripted (answers in order), first-legal, a strategy ("best for the chooser"), an
 * interactive prompt, or an integrator's own (a websocket to a game client). A chooser may be
 * asynchronous: the resolution waits and resumes, losing nothing.
 *
 * Synchronous choosers ({@link SyncChooser}) serve the fast path (`Resolver.resolveSync`);
 * the {@link Chooser} service serves Effect programs, and {@link fromSync} lifts one into the
 * other.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import * as GameEvent from "./GameEvent.js"
import * as GameView from "./GameView.js"
import * as Kernel from "./Kernel.js"
import type * as Ledger from "./Ledger.js"
import type * as Policy from "./Policy.js"
import type * as Replacement from "./Replacement.js"

/**
 * A synchronous chooser: given the request and the pending state, an answer, or `undefined` when
 * it has none (which fails the resolution with {@link Errors.MissingDecision}).
 *
 * @example
 * ```ts
 * import type { Chooser } from "@bulwark/core"
 * const alwaysDecline: Chooser.SyncChooser = (r) => (r._tag === "UseOptional" ? false : undefined)
 * ```
 * @since 0.1.0
 * @category model
 */
export type SyncChooser = (request: Decision.Request, state: Kernel.State) => Decision.Answer | undefined

/**
 * The shape of the {@link Chooser} service: decide a request, possibly asynchronously.
 *
 * The pending state passed to a chooser is valid for the duration of the call (a strategy can
 * explore it with `Kernel.resume`, which copies); to store a pending resolution, drive the
 * kernel yourself with `Kernel.start` / `Kernel.resume`.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import type { Chooser } from "@bulwark/core"
 * const yes: Chooser.ChooserShape = { decide: () => Effect.succeed(true) }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface ChooserShape {
  readonly decide: (
    request: Decision.Request,
    state: Kernel.State
  ) => Effect.Effect<
    Decision.Answer,
    Errors.MissingDecision | Errors.ChooserFailed | Errors.SearchBudgetExceeded
  >
}

/**
 * Service: who answers decisions.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const FirstLegal = Chooser.layer(Chooser.fromSync(Chooser.firstLegal))
 * ```
 * @since 0.1.0
 * @category services
 */
export class Chooser extends Context.Service<Chooser, ChooserShape>()("@bulwark/core/Chooser") {}

/**
 * A layer providing a chooser.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const Scripted = Chooser.layer(Chooser.fromSync(Chooser.scripted(["shield"])))
 * ```
 * @since 0.1.0
 * @category layers
 */
export const layer = (shape: ChooserShape): Layer.Layer<Chooser> => Layer.succeed(Chooser, shape)

/**
 * Lifts a synchronous chooser into the service shape; `undefined` becomes
 * {@link Errors.MissingDecision}, a chooser that throws {@link Errors.SearchBudgetExceeded} fails
 * with it, and a chooser that throws anything else becomes {@link Errors.ChooserFailed}.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const shape = Chooser.fromSync(Chooser.firstLegal)
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const fromSync = (chooser: SyncChooser): ChooserShape => ({
  decide: (request, state) =>
    Effect.suspend((): ReturnType<ChooserShape["decide"]> => {
      let answer: Decision.Answer | undefined
      try {
        answer = chooser(request, state)
      } catch (err) {
        if (err instanceof Errors.SearchBudgetExceeded) return Effect.fail(err)
        return Effect.fail(
          new Errors.ChooserFailed({
            requestId: request.id,
            reason: err instanceof Error ? err.message : String(err)
          })
        )
      }
      return answer === undefined ? Effect.fail(Decision.missing(request)) : Effect.succeed(answer)
    })
})

/**
 * Answers in order: the n-th decision of a resolution gets `answers[n]`. It is a pure function
 * of the state (it reads how many decisions were already made), so resuming a state twice gives
 * the same answer. Running out is a {@link Errors.MissingDecision}; an answer that does not fit
 * the request is an {@link Errors.IllegalChoice} — both name the request.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const script = Chooser.scripted(["shield", { x: 2, y: 1 }, true])
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const scripted =
  (answers: ReadonlyArray<Decision.Answer>): SyncChooser =>
  (_request, state) =>
    answers[state.log.length]

/**
 * Answers every request with its first legal answer (the first option offered; `true` for a
 * "may"; the allocation that puts as much as possible on the first occurrence).
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * Chooser.firstLegal({ _tag: "UseOptional", id: "d1", chooser: "a", effect: "x", label: "", rule: "" }, undefined as never) // true
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const firstLegal: SyncChooser = (request) =>
  // the first option of an effect choice without listing every option first
  request._tag === "ChooseEffect" ? request.options[0]?.effect : Decision.legalAnswers(request, 1)[0]

/**
 * The damage a resolution dealt to each player's own objects (and to the player), by player.
 *
 * @example
 * ```ts
 * import { Chooser, GameView, type Kernel } from "@bulwark/core"
 * const mine = (r: Kernel.Resolution, view: GameView.GameView) => Chooser.damageBy(r, view).get("alice") ?? 0
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const damageBy = (resolution: Kernel.Resolution, view: GameView.GameView): Map<string, number> => {
  const out = new Map<string, number>()
  for (const o of resolution.happened) {
    if (o.family !== GameEvent.DAMAGE) continue
    const p = GameView.controllerOf(view, o.subject)
    if (p !== undefined) out.set(p, (out.get(p) ?? 0) + o.amount)
  }
  return out
}

/**
 * A memo key is written as one flat list of values, then as JSON (safe whatever the ids hold); a
 * list inside it is written as its length, then its elements, so two keys are equal only when
 * every part is.
 */
type Parts = Array<string | number | boolean | null>

const pushList = (out: Parts, xs: ReadonlyArray<string>): void => {
  out.push(xs.length)
  for (let i = 0; i < xs.length; i++) out.push(xs[i] as string)
}

/** A list as a set: sorted, unless it has at most one element. */
const pushSet = (out: Parts, xs: ReadonlyArray<string>): void =>
  pushList(out, xs.length < 2 ? xs : [...xs].sort())

/** A record as a set of entries: the order its keys were set in is not part of the state. */
const pushRecord = (out: Parts, r: Readonly<Record<string, GameView.Prop>>): void => {
  const keys = Object.keys(r)
  out.push(keys.length)
  if (keys.length > 1) keys.sort()
  for (const k of keys) {
    const v = r[k]
    out.push(k)
    // a value (tag 0) or a list of strings (tag 1)
    if (Array.isArray(v)) {
      out.push(1)
      pushList(out, v)
    } else out.push(0, (v as string | number | boolean | undefined) ?? null)
  }
}

/** An occurrence: every field an effect, the ruleset or the outcome can read. */
const pushOccurrence = (out: Parts, o: GameEvent.Occurrence): void => {
  out.push(o.id, o.family, o.subject, o.source ?? null, o.amount, o.preventable)
  pushList(out, o.kinds)
  pushRecord(out, o.params)
}

type Frame = Kernel.State["frames"][number]

const pushFrame = (out: Parts, f: Frame): void => {
  out.push(f.event, f.cause, f.started, f.startingPlayer ?? null, f.cursor)
  // the groups in the order they are taken, each with its items in order (the first item names
  // the affected object; a division lists the targets in this order)
  out.push(f.groups.length)
  for (const g of f.groups) {
    const idx = f.groupItems.get(g) ?? []
    out.push(g, idx.length)
    for (const i of idx) out.push(i)
  }
  pushSet(
    out,
    [...f.progress].map(([k, v]) => `${k}:${progressKeyOf(v)}`)
  )
  // the application under way: which effect, where, at which stage, and what was already
  // decided for it (the division, a decrease determined before it); its tier, rule and
  // `chosenBy` are only said in the trace
  const pa = f.pendingApply
  if (pa === undefined) out.push(0)
  else {
    out.push(1, pa.effect, pa.group, pa.stage)
    if (pa.linked === undefined) out.push(null)
    else pushList(out, pa.linked)
    if (pa.allocation === undefined) out.push(null)
    else pushRecord(out, pa.allocation)
    if (pa.cut === undefined) out.push(null)
    else out.push(pa.cut.reducer, pa.cut.reduction, pa.cut.spend, pa.cut.by)
  }
  // what the pending answer resumes (a choice's tier and rule are only said in the trace)
  const aw = f.awaiting
  if (aw === undefined) out.push(0)
  else {
    out.push(aw._tag)
    if (aw._tag === "Choice") {
      out.push(aw.group, aw.progress.tier, aw.progress.player)
      if (aw.linked === undefined) out.push(null)
      else pushList(out, aw.linked)
    } else if (aw._tag === "Which") out.push(aw.stage)
  }
  out.push(f.items.length)
  for (const i of f.items) {
    pushOccurrence(out, i.occ)
    out.push(i.origin, i.status)
    // only a live occurrence can take an effect (the `applied` list of one that was replaced,
    // is at 0 or failed is only reported)
    if (i.status === "live") pushSet(out, i.applied)
  }
  out.push(f.followUps.length)
  for (const o of f.followUps) pushOccurrence(out, o)
  // one sequence per effect (`OrderingPolicy.sequences`): who may go on applying, who may not
  out.push(f.lastApplied ?? null)
  pushSet(out, f.sequenceOver ?? [])
}

/**
 * The memo key of a pending state within one board (see `memoFor`): every part of the state that
 * can change what happens next or the damage the resolution ends with. Left out: what is only
 * reported (the trace, outcomes and their `proposed` / `modified` / `prevented` split,
 * notifications, the decision log, an occurrence's `replacedBy`); caches rebuilt from the rest
 * (`groupIndex`, `subjectItems`, `appliedSet`, `layout`); the counter that names occurrences made
 * later (`seq`: names only); the pending request itself, which the kernel computed from the state
 * it suspends in. Of what already happened only the damage by subject is kept: it enters the
 * outcome as that, and the view it changed (`Policy.Rules.commit`) scopes the memo.
 */
const stateKey = (state: Kernel.State): string => {
  const out: Parts = [state.frames.length]
  for (const f of state.frames) pushFrame(out, f)
  pushSet(
    out,
    [...state.changes].map(([k, v]) => `${k}:${v.remaining ?? ""}:${v.uses}:${v.spent ? 1 : 0}`)
  )
  out.push(state.pending?._tag ?? null)
  const dealt = new Map<string, number>()
  for (const o of state.happened)
    if (o.family === GameEvent.DAMAGE) dealt.set(o.subject, (dealt.get(o.subject) ?? 0) + o.amount)
  pushSet(
    out,
    [...dealt].map(([k, v]) => `${k}:${v}`)
  )
  // the step bound can end a resolution (InvariantBreach); whether every order is asked
  out.push(state.steps, state.maxSteps, state.askEveryOrder === true)
  return JSON.stringify(out)
}

/**
 * The memo of one board: a pending state's key says nothing of the ruleset, the ledger the
 * resolution started from or the objects' current view, so one memo is kept per (rules, ledger,
 * view) — a chooser reused position after position (a game AI) never answers one board from
 * another. States of one resolution share the view until an event's occurrences are committed.
 */
type Outcomes = Map<string, Map<string, number> | undefined>

const memoFor = (
  memos: WeakMap<Policy.Rules, WeakMap<Ledger.Ledger, WeakMap<GameView.GameView, Outcomes>>>,
  state: Kernel.State
): Outcomes => {
  let byLedger = memos.get(state.rules)
  if (byLedger === undefined) {
    byLedger = new WeakMap()
    memos.set(state.rules, byLedger)
  }
  let byView = byLedger.get(state.baseLedger)
  if (byView === undefined) {
    byView = new WeakMap()
    byLedger.set(state.baseLedger, byView)
  }
  let memo = byView.get(state.view)
  if (memo === undefined) {
    memo = new Map()
    byView.set(state.view, memo)
  }
  return memo
}

const STATIC_BLOCKS: ReadonlySet<string> = new Set([
  "alreadyApplied",
  "filterFailed",
  "spent",
  "limitReached",
  "sourceLeftZone"
])

// numeric codes of the plain amount changes solveSingle handles
const OP_ADD = 0
const OP_SUB = 1
const OP_MUL = 2
const OP_SET = 3
const OP_AT_MOST = 4
const OP_AT_LEAST = 5
/** Prevent all. */
const OP_ZERO = 6
/** Static prevention of up to `value` of each damage. */
const OP_STATIC = 7
/** A shield or "prevent the next" with `value` left: all of it when it is enough. */
const OP_ABSORB = 8
/** Prevention of an unpreventable occurrence: no change. */
const OP_SAME = 9

const opCode = (op: string): number =>
  op === "add"
    ? OP_ADD
    : op === "sub"
      ? OP_SUB
      : op === "mul"
        ? OP_MUL
        : op === "set"
          ? OP_SET
          : op === "atMost"
            ? OP_AT_MOST
            : OP_AT_LEAST

/** Adding or subtracting a whole number to a whole amount (no rounding needed). */
const OP_ADD_WHOLE = 10
/** Multiplying a whole amount by a whole number ≥ 0 (no rounding, never negative). */
const OP_MUL_WHOLE = 11

/** The code of a Modify: the whole-number forms skip the rounding (amounts are whole). */
const modifyCode = (op: string, value: number): number => {
  const code = opCode(op)
  if (!Number.isInteger(value)) return code
  if (code === OP_SUB) return OP_ADD_WHOLE
  if (code === OP_ADD) return OP_ADD_WHOLE
  if (code === OP_MUL && value >= 0) return OP_MUL_WHOLE
  return code
}

/** A plain amount change applied to `amount`, as the kernel applies it. */
const applyCode = (code: number, value: number, amount: number): number => {
  switch (code) {
    case OP_ADD_WHOLE:
      return Math.max(0, amount + value)
    case OP_MUL_WHOLE:
      return amount * value
    case OP_ADD:
      return Math.max(0, Math.floor(amount + value))
    case OP_SUB:
      return Math.max(0, Math.floor(amount - value))
    case OP_MUL:
      return Math.max(0, Math.floor(amount * value))
    case OP_SET:
      return Math.max(0, Math.floor(value))
    case OP_AT_MOST:
      return Math.max(0, Math.floor(Math.min(amount, value)))
    case OP_AT_LEAST:
      return Math.max(0, Math.floor(Math.max(amount, value)))
    case OP_ZERO:
      return 0
    case OP_STATIC:
      return amount - Math.min(value, amount)
    case OP_ABSORB:
      return amount <= value ? 0 : amount - value
    default:
      return amount
  }
}

/** Up to this many live effects, the pass over applied sets uses flat typed arrays (default). */
const FLAT_PASS_UP_TO = 14

/** The live effects' amount changes as numeric codes and constants (see {@link applyCode}). */
interface Changes {
  readonly codes: ReadonlyArray<number>
  readonly values: ReadonlyArray<number>
}
type StepOf = (mask: number, pid: number) => Policy.Step

/** What both passes of {@link solveSingle} work from. */
interface Pass {
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
const TOO_MANY_PROGRESSES: unique symbol = Symbol("too many progresses")
type ProgressId = (p: Policy.Progress) => number

/**
 * The pass of {@link solveSingle} over flat arrays: for each progress, one row of `R` least
 * amounts per applied set, visited in increasing numeric order of the set (a superset is always
 * larger, so every state is final when it is visited). Writes into `least`.
 */
function* denseLeast(n: number, pass: Pass): Work<void> {
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
function* sparseLeast(pass: Pass): Work<void> {
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

// ---------------------------------------------------------------------------------------------
// the structured shape: subtract, multiply, add

/** The classes of the structured shape, in the order the owner applies them. */
const CLASS_ZERO = 0
const CLASS_SUB = 1
const CLASS_SAME = 2
const CLASS_MUL = 3
const CLASS_ADD = 4

/**
 * The class of a plain amount change in the structured shape (`-1`: not in it); its constant
 * ({@link shapeConstant}) is `N` for "subtract N" (a shield or "prevent N" with N left, a static "prevent N of
 * each", a `sub N` or an `add −N`), `k` for "multiply by a whole k ≥ 2", `N` for "add N > 0";
 * "prevent all" and "× 0" make 0, and "× 1", "+ 0" and a prevention of unpreventable damage
 * change nothing.
 */
const shapeOf = (code: number, value: number): number => {
  switch (code) {
    case OP_ZERO:
      return CLASS_ZERO
    case OP_SAME:
      return CLASS_SAME
    case OP_ABSORB:
    case OP_STATIC:
      return Number.isSafeInteger(value) && value >= 0 ? CLASS_SUB : -1
    case OP_ADD_WHOLE:
      return value < 0 ? CLASS_SUB : value === 0 ? CLASS_SAME : CLASS_ADD
    case OP_MUL_WHOLE:
      return value === 0 ? CLASS_ZERO : value === 1 ? CLASS_SAME : CLASS_MUL
    default:
      return -1
  }
}

/** The constant of a change of class `cls` (see {@link shapeOf}): a number, so nothing is allocated per effect. */
const shapeConstant = (cls: number, value: number): number =>
  cls === CLASS_SUB ? Math.abs(value) : cls === CLASS_MUL || cls === CLASS_ADD ? value : 0

/**
 * The structured shape, solved without the pass over applied sets: when every live effect
 * subtracts, multiplies by a whole k ≥ 0 or adds a constant (or makes 0, or changes nothing),
 * the least final amount from `a` with every effect of a set still to apply, in any order, is
 * known in closed form. Every change is monotone and 0 ends the occurrence, and with k ≥ 1
 * every value along any order is at least `a − (the subtractions applied so far)`; so if the
 * subtractions `T` reach `a` the least is 0 (subtract first), and otherwise no order ever
 * clamps at 0 and the final amount is `a·K − Σ Nᵢ·(product of the multipliers after i) +
 * Σ Pⱼ·(product after j)` ≥ `(a − T)·K + P` — reached by subtracting first, multiplying, adding
 * last (an exchange argument: the sort behind "prevent before you double"). That is a lower
 * bound for every order the ruleset's policy allows.
 *
 * The answer is then certified, not assumed: the first option whose bound is the least bound is
 * followed through the policy — every step asked of the policy as the kernel would, the owner
 * picking the first offered effect of the earliest class, any other chooser the first offered —
 * and if that path ends at the bound, the bound is reached, so it is the least final amount
 * after that option, and every option before it has a larger bound: it is exactly the option
 * the passes would pick (the first with the least final amount). If the path misses the bound
 * (a policy that forces another order, such as a tier of self-replacement effects first), the
 * caller falls back to the passes. `O(k)` for the bounds and `O(k)` policy steps for the path.
 *
 * It assumes, as the passes do not need to, that the policy ends a group only when no effect is
 * left to apply (true of `Policy.affectedChooses` and `Policy.slotsByPlayer` for effects without
 * conditions, and of policies built on them).
 */
const structuredBest = (
  pass: Pass,
  n: number,
  stepAt: (applied: ReadonlyArray<number>, pid: number) => Policy.Step,
  chooserIsOwner: boolean,
  where: PlanWhere,
  plans: Plans | undefined
): { readonly option: number; readonly least: number } | "fallback" => {
  const { roots, amount, rootPid, changes, progressId, position, owner } = pass
  if (!Number.isSafeInteger(amount) || amount <= 0) return "fallback"
  // (plain arrays: a small typed array costs more to allocate than this whole loop)
  const cls: Array<number> = new Array(n)
  const num: Array<number> = new Array(n)
  let zeros = 0
  let subs = 0
  let product = 1
  let adds = 0
  for (let i = 0; i < n; i++) {
    const value = changes.values[i] as number
    const c = shapeOf(changes.codes[i] as number, value)
    if (c < 0) return "fallback"
    const v = shapeConstant(c, value)
    cls[i] = c
    num[i] = v
    if (c === CLASS_ZERO) zeros++
    else if (c === CLASS_SUB) subs += v
    else if (c === CLASS_MUL) product *= v
    else if (c === CLASS_ADD) adds += v
  }
  // every product and sum below stays exact (whole numbers under 2^53), or the passes decide
  if (!Number.isSafeInteger(product) || !Number.isSafeInteger(subs) || !Number.isSafeInteger(adds))
    return "fallback"
  // the bound after each option: the option first, then the rest in the best order
  const boundAfter = (i: number): number => {
    const a = applyCode(changes.codes[i] as number, changes.values[i] as number, amount)
    if (a <= 0) return 0
    const c = cls[i] as number
    const v = num[i] as number
    if (zeros - (c === CLASS_ZERO ? 1 : 0) > 0) return 0
    const t = subs - (c === CLASS_SUB ? v : 0)
    if (a <= t) return 0
    return (a - t) * (c === CLASS_MUL ? product / v : product) + (adds - (c === CLASS_ADD ? v : 0))
  }
  // a chooser other than the owner keeps the first option (every option scores 0 for them)
  let option = 0
  let bound = boundAfter(roots[0] as number)
  if (chooserIsOwner)
    for (let r = 1; r < roots.length; r++) {
      const b = boundAfter(roots[r] as number)
      if (b < bound) {
        bound = b
        option = r
      }
    }
  if (!Number.isSafeInteger(bound)) return "fallback"
  // the certificate of an earlier decision of this resolution, when this state is on its path
  if (plans?.plan !== undefined && onPlan(plans.plan, where, roots[option] as number, amount, bound))
    return { option, least: bound }
  // the certificate: follow the option through the policy
  const applied: Array<number> = new Array(n).fill(0)
  let i = roots[option] as number
  let a = applyCode(changes.codes[i] as number, changes.values[i] as number, amount)
  applied[i] = 1
  let left = n - 1
  let pid = rootPid
  // the path, kept as the plan later decisions are checked against
  const path: Array<number> = [i]
  const before: Array<number> = [amount]
  const after: Array<string> = [where.progressKey]
  while (a > 0) {
    const step = stepAt(applied, pid)
    if (step._tag === "Done") {
      if (left > 0) return "fallback"
      break
    }
    if (step._tag === "Apply") i = position.get(step.effect) as number
    else if (step.chooser !== owner) i = position.get(step.options[0] as string) as number
    else {
      i = -1
      for (const id of step.options) {
        const j = position.get(id)
        if (j === undefined) return "fallback"
        if (i === -1 || (cls[j] as number) < (cls[i] as number)) i = j
      }
    }
    if (i === undefined || i < 0 || applied[i] === 1) return "fallback"
    path.push(i)
    before.push(a)
    after.push(progressKeyOf(step.progress))
    a = applyCode(changes.codes[i] as number, changes.values[i] as number, a)
    applied[i] = 1
    left--
    pid = progressId(step.progress)
  }
  if (Math.max(0, a) !== bound) return "fallback"
  if (plans !== undefined) plans.plan = { where, path, before, after, least: bound }
  return { option, least: bound }
}

/** Off while {@link unplanned} runs: every structured decision is certified afresh. */
let planning = true

/**
 * Runs `f` with the structured shape's plans turned off: every decision of
 * {@link bestForChooser} follows its certificate through the policy again instead of checking the
 * state against the path an earlier decision certified. The reference the plans are tested
 * against (the answers must be the same); it is slower, never different.
 *
 * @internal
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const n = Chooser.unplanned(() => 1 + 1) // 2
 * ```
 * @since 0.1.0
 */
export const unplanned = <A>(f: () => A): A => {
  const before = planning
  planning = false
  try {
    return f()
  } finally {
    planning = before
  }
}

/** The key a progress is known by (its tier and player: what the policy reads). */
const progressKeyOf = (p: Policy.Progress): string => `${p.tier}.${p.player}`

/**
 * What a structured decision is solved from: the inputs the policy's steps read, the
 * occurrence, and its live effects (by position) with their amount changes.
 */
interface PlanWhere {
  readonly rules: Policy.Rules
  readonly view: GameView.GameView
  readonly group: string
  readonly occurrence: string
  readonly affected: string
  readonly startingPlayer: string | undefined
  readonly owner: string | undefined
  readonly chooser: string
  readonly progressKey: string
  readonly live: ReadonlyArray<Replacement.Replacement>
  readonly changes: Changes
}

/**
 * A certified path of the structured shape: from the state it was certified in (`where`), the
 * live effects applied in order (`path`, positions in `where.live`), the amount before each
 * (`before`), the progress the policy was asked with after each (`after`), and the final amount
 * it reaches (`least`, the bound).
 */
interface Plan {
  readonly where: PlanWhere
  readonly path: ReadonlyArray<number>
  readonly before: ReadonlyArray<number>
  readonly after: ReadonlyArray<string>
  readonly least: number
}

/** The last certified plan of one chooser (see {@link onPlan}). */
interface Plans {
  plan: Plan | undefined
}

/**
 * Whether the certificate of a later decision is a suffix of a plan: the same rules, view,
 * group, occurrence and players; the live effects now are the plan's live effects less the first
 * `p` of its path (the same objects, in the same order, with the same amount changes: a shield's
 * remainder unchanged); the option picked is the plan's `p`-th effect, at the amount the plan had
 * there, with the same progress after it; and the bound is the plan's final amount. Then the
 * certificate would ask the policy exactly the same steps (the same candidates, progress and
 * inputs) and pick the same effects, so it would end where the plan ends: the plan's suffix is
 * this decision's certificate. `O(live effects)`, against `O(k)` policy steps of `O(k)`
 * candidates each for a certificate.
 */
const onPlan = (plan: Plan, now: PlanWhere, option: number, amount: number, bound: number): boolean => {
  const was = plan.where
  if (
    was.rules !== now.rules ||
    was.view !== now.view ||
    was.group !== now.group ||
    was.occurrence !== now.occurrence ||
    was.affected !== now.affected ||
    was.startingPlayer !== now.startingPlayer ||
    was.owner !== now.owner ||
    was.chooser !== now.chooser ||
    plan.least !== bound
  )
    return false
  const p = was.live.length - now.live.length
  if (p < 0 || p >= plan.path.length) return false
  if (plan.before[p] !== amount || plan.after[p] !== now.progressKey) return false
  const next = plan.path[p] as number
  // the live effects now: the plan's, less the first p of its path, in order
  const gone: Array<number> = new Array(was.live.length).fill(0)
  for (let q = 0; q < p; q++) gone[plan.path[q] as number] = 1
  let j = 0
  for (let i = 0; i < was.live.length; i++) {
    if (gone[i] === 1) continue
    if (
      now.live[j] !== was.live[i] ||
      now.changes.codes[j] !== was.changes.codes[i] ||
      now.changes.values[j] !== was.changes.values[i]
    )
      return false
    if (i === next && j !== option) return false
    j++
  }
  return gone[next] === 0
}

// ---------------------------------------------------------------------------------------------
// the single-occurrence case

/**
 * The exact best answer to a choice of effect on a single occurrence whose applicable effects
 * are plain amount changes (prevent a fixed amount or all, add/subtract/multiply/set/bound by a
 * constant: no condition, cost, "may", additional effect or prevention decrease), in a ruleset
 * without a results stage or commit. The rest of the resolution is then a function of the
 * amount and the set of effects applied so far, and every amount change is monotone, so it is
 * solved exactly by a pass over (applied set, ordering progress) keeping the least amount of
 * each — at most 2^k states per option, each a few arithmetic operations — asking the ruleset's
 * ordering policy at every state exactly as the kernel would. Orders of commuting effects meet
 * in the same state and are explored once. The structured shape (subtract, multiply, add:
 * {@link structuredBest}) is solved before that, in `O(k)` policy steps.
 * `"fallback"` when the conditions do not hold (the caller then searches with the kernel).
 */
function* solveSingle(
  request: Decision.Request,
  state: Kernel.State,
  settings: Settings,
  plans: Plans | undefined
): Work<Decision.Answer | "fallback"> {
  if (request._tag !== "ChooseEffect") return "fallback"
  const solved = yield* solveLeast(request, state, settings, plans)
  if (solved === "fallback") return "fallback"
  if (solved._tag === "Structured") return (request.options[solved.option] as { effect: string }).effect
  let best: string | undefined
  let bestScore = Number.POSITIVE_INFINITY
  request.options.forEach((option, r) => {
    const score = request.chooser === solved.owner ? (solved.least[r] as number) : 0
    if (score < bestScore) {
      bestScore = score
      best = option.effect
    }
  })
  return best ?? "fallback"
}

/** What the single-occurrence solver found: the best option directly, or every option's least. */
type Solved =
  | { readonly _tag: "Structured"; readonly option: number; readonly least: number }
  | { readonly _tag: "Passes"; readonly least: ReadonlyArray<number>; readonly owner: string | undefined }

/**
 * The solver behind {@link solveSingle}: the structured shape's best option and its least final
 * amount, or else the least final amount of the occurrence after each option of the request
 * (every later choice made best for the affected object's controller), and that controller.
 */
function* solveLeast(
  request: Extract<Decision.Request, { readonly _tag: "ChooseEffect" }>,
  state: Kernel.State,
  settings: Settings,
  plans?: Plans | undefined
): Work<Solved | "fallback"> {
  const rules = state.rules
  if (rules.results !== undefined || rules.commit !== undefined) return "fallback"
  if (state.index.reducers.length > 0) return "fallback"
  const c = Kernel.singleOccurrenceChoice(state)
  if (c === undefined || c.group !== request.group) return "fallback"
  const live: Array<(typeof c.effects)[number]> = []
  for (const x of c.effects) {
    if (x.blocked !== undefined) {
      if (!STATIC_BLOCKS.has(x.blocked)) return "fallback"
      continue
    }
    const e = x.effect
    if (
      e.optional === true ||
      e.cost !== undefined ||
      e.additional !== undefined ||
      e.condition !== undefined ||
      e.costPayable !== undefined
    )
      return "fallback"
    if (
      e.action._tag === "Modify"
        ? typeof e.action.value !== "number"
        : e.action._tag !== "Prevent" || typeof e.action.amount === "object"
    )
      return "fallback"
    live.push(x)
  }
  const occ = c.occurrence
  const owner = occ.family === GameEvent.DAMAGE ? GameView.controllerOf(state.view, occ.subject) : undefined
  // the map of positions is built only when a certificate or a pass needs it
  let positions: Map<string, number> | undefined
  const position = {
    get: (id: string): number | undefined => {
      if (positions === undefined) positions = new Map(live.map((x, i) => [x.effect.id, i] as const))
      return positions.get(id)
    }
  }
  const codes: Array<number> = new Array(live.length).fill(0)
  const values: Array<number> = new Array(live.length).fill(0)
  live.forEach((x, i) => {
    const a = x.effect.action
    if (a._tag === "Modify") {
      codes[i] = modifyCode(a.op, a.value as number)
      // subtracting is adding the opposite, in the whole-number form
      values[i] = codes[i] === OP_ADD_WHOLE && a.op === "sub" ? -(a.value as number) : (a.value as number)
    } else if (a._tag !== "Prevent" || !occ.preventable) codes[i] = OP_SAME
    else if (a.amount === "all") codes[i] = OP_ZERO
    else {
      codes[i] = a.scope === "static" ? OP_STATIC : OP_ABSORB
      values[i] = a.scope === "shield" ? (x.state.remaining ?? (a.amount as number)) : (a.amount as number)
    }
  })
  const changes: Changes = { codes, values }
  // the policy's step for a set of applied effects and a progress: it never sees the amount
  // (the maps are made at the second distinct progress: a decision answered from a plan, or
  // whose certificate stays in one tier, never needs them)
  let progressIds: Map<string, number> | undefined
  const progresses: Array<Policy.Progress> = []
  let seenProgress: Map<Policy.Progress, number> | undefined
  let lastProgress: Policy.Progress | undefined
  let lastPid = 0
  const progressId = (p: Policy.Progress): number => {
    if (p === lastProgress) return lastPid
    if (progresses.length === 0) {
      progresses.push(p)
      lastProgress = p
      lastPid = 0
      return 0
    }
    if (progressIds === undefined || seenProgress === undefined) {
      const first = progresses[0] as Policy.Progress
      progressIds = new Map([[progressKeyOf(first), 0]])
      seenProgress = new Map([[first, 0]])
    }
    const same = seenProgress.get(p)
    if (same !== undefined) return same
    const k = progressKeyOf(p)
    let id = progressIds.get(k)
    if (id === undefined) {
      id = progresses.length
      progressIds.set(k, id)
      progresses.push(p)
    }
    seenProgress.set(p, id)
    lastProgress = p
    lastPid = id
    return id
  }
  const next = (candidates: ReadonlyArray<Replacement.Replacement>, pid: number): Policy.Step =>
    rules.order.next({
      view: state.view,
      group: c.group,
      affected: c.affected,
      candidates,
      progress: progresses[pid] as Policy.Progress,
      startingPlayer: c.startingPlayer
    })
  // asked once per state: both passes visit each (applied set, progress) once
  const stepOf = (mask: number, pid: number): Policy.Step => {
    const candidates: Array<Replacement.Replacement> = []
    for (let i = 0; i < live.length; i++) if ((mask & (1 << i)) === 0) candidates.push(live[i]!.effect)
    return next(candidates, pid)
  }
  const stepAt = (applied: ReadonlyArray<number>, pid: number): Policy.Step => {
    const candidates: Array<Replacement.Replacement> = []
    for (let i = 0; i < live.length; i++) if (applied[i] === 0) candidates.push(live[i]!.effect)
    return next(candidates, pid)
  }
  // The least final amount reachable after each option. Every amount change is monotone
  // (non-decreasing) in the amount and the policy's steps do not depend on it, so the least
  // amount per (applied set, progress) dominates: one forward pass over the applied sets, one
  // more effect per level, carrying a vector with one least amount per option of this
  // request. Only the affected object's controller's choices branch; any other chooser scores 0
  // for every option, so the search keeps the first option offered, as the kernel search does.
  // options usually come in live order: find each by walking the live effects, else by the map
  let walk = 0
  const roots = request.options.map((o) => {
    for (let j = walk; j < live.length; j++)
      if (live[j]!.effect.id === o.effect) {
        walk = j + 1
        return j
      }
    return position.get(o.effect)
  })
  if (roots.some((i) => i === undefined)) return "fallback"
  const least: Array<number> = new Array(roots.length).fill(Number.POSITIVE_INFINITY)
  const rootPid = progressId(c.progress)
  const pass: Pass = {
    roots: roots as ReadonlyArray<number>,
    amount: occ.amount,
    rootPid,
    least,
    changes,
    stepOf,
    progressId,
    position,
    ids: live.map((x) => x.effect.id),
    owner
  }
  if (settings.shapes) {
    yield live.length
    const where: PlanWhere = {
      rules,
      view: state.view,
      group: c.group,
      occurrence: occ.id,
      affected: c.affected,
      startingPlayer: c.startingPlayer,
      owner,
      chooser: request.chooser,
      progressKey: progressKeyOf(c.progress),
      live: live.map((x) => x.effect),
      changes
    }
    const s = structuredBest(
      pass,
      live.length,
      stepAt,
      request.chooser === owner,
      where,
      planning ? plans : undefined
    )
    if (s !== "fallback") return { _tag: "Structured", option: s.option, least: s.least }
  }
  if (live.length > 30) return "fallback"
  let flat = live.length <= settings.flatUpTo
  if (flat) {
    try {
      yield* denseLeast(live.length, pass)
    } catch (err) {
      if (err !== TOO_MANY_PROGRESSES) throw err
      least.fill(Number.POSITIVE_INFINITY)
      flat = false
    }
  }
  if (!flat) yield* sparseLeast(pass)
  return { _tag: "Passes", least, owner }
}

// ---------------------------------------------------------------------------------------------
// budget and driving

/**
 * A unit of search: yields how many states it explored since it last yielded, returns its
 * result. Driven synchronously ({@link drive}) or in slices that give the event loop a turn
 * ({@link driveEffect}).
 */
type Work<A> = Generator<number, A, void>

/** The passes report their work in slices of this many states. */
const WORK_SLICE = 1024

/**
 * The default budget of {@link bestForChooser}: states explored per decision. About a second
 * or two of search on a laptop; the structured shape and the passes need far less on the
 * boards an AI meets (16 shields and doublers on one creature: 33 states).
 */
const DEFAULT_BUDGET = 200_000

/** The resolved options of the search. */
interface Settings {
  readonly flatUpTo: number
  readonly limit: number
  readonly budget: number
  readonly shapes: boolean
}

const settingsOf = (options: SearchOptions): Settings => {
  const budget = options.budget ?? DEFAULT_BUDGET
  if (!(budget >= 1) || !Number.isSafeInteger(budget))
    throw new RangeError(`bestForChooser: budget must be a whole number ≥ 1, got ${String(budget)}`)
  return {
    flatUpTo: options.flatPassUpTo ?? FLAT_PASS_UP_TO,
    limit: options.maxAllocations ?? 2_000,
    budget,
    shapes: options.shapes ?? true
  }
}

/** Runs a search to its end, or throws {@link Errors.SearchBudgetExceeded} past the budget. */
const drive = <A>(work: Work<A>, budget: number, requestId: string): A => {
  let explored = 0
  for (;;) {
    const r = work.next()
    if (r.done === true) return r.value
    explored += r.value
    if (explored > budget) {
      work.return(undefined as never)
      throw new Errors.SearchBudgetExceeded({ requestId, budget, explored })
    }
  }
}

/**
 * Options of the {@link bestForChooser} search.
 *
 * - `budget`: how many states one decision's search may explore (answers tried with the kernel,
 *   states of the exact passes) before it fails with {@link Errors.SearchBudgetExceeded}
 *   (default 200 000). A count, not a time, so a result never depends on the machine;
 * - `maxAllocations`: how many answers of an allocation decision are tried (default 2 000);
 * - `flatPassUpTo`: up to this many applicable effects the pass over applied sets keeps one flat
 *   array per ordering progress (2^k × options numbers: fast); above it, a map of the reachable
 *   states only (less memory when the damage reaches 0 early). Default 14;
 * - `shapes`: solve the structured shape (subtract, multiply, add on one occurrence) in closed
 *   form before any pass (default `true`; `false` is for checking it against the passes).
 *
 * @example
 * ```ts
 * import type { Chooser } from "@bulwark/core"
 * const small: Chooser.SearchOptions = { budget: 10_000 }
 * ```
 * @since 0.1.0
 * @category strategies
 */
export interface SearchOptions {
  readonly budget?: number | undefined
  readonly maxAllocations?: number | undefined
  readonly flatPassUpTo?: number | undefined
  readonly shapes?: boolean | undefined
}

/**
 * For a resolution waiting on a choice of effect on a single occurrence whose applicable effects
 * are plain amount changes (the case {@link bestForChooser} solves without searching), the
 * occurrence's final amount when this and every later choice is made as `bestForChooser` makes
 * it — without finishing the resolution. `undefined` when the pending decision is anything else
 * (then resume the resolution with `bestForChooser` to know). For a game AI that evaluates many
 * positions, or a preview that only needs the amount. Past the budget (`options.budget`, as for
 * {@link bestForChooser}) it throws {@link Errors.SearchBudgetExceeded}.
 *
 * @example
 * ```ts
 * import { Chooser, type Kernel } from "@bulwark/core"
 * declare const step: Kernel.Step
 * if (step._tag === "Pending") console.log(Chooser.bestFinalAmount(step.state)) // e.g. 2
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const bestFinalAmount = (state: Kernel.State, options: SearchOptions = {}): number | undefined => {
  const request = state.pending
  if (request?._tag !== "ChooseEffect") return undefined
  const settings = settingsOf(options)
  const solved = drive(solveLeast(request, state, settings), settings.budget, request.id)
  if (solved === "fallback") return undefined
  if (solved._tag === "Structured") return solved.least
  // the owner takes the least; any other chooser keeps the first option offered
  let v =
    request.chooser === solved.owner
      ? solved.least.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY)
      : (solved.least[0] as number)
  if (!Number.isFinite(v)) return undefined
  if (v < 0) v = 0
  return v
}

/** The search behind {@link bestForChooser} and {@link bestForChooserEffect}: one per chooser. */
const searcher = (settings: Settings) => {
  const memos = new WeakMap<Policy.Rules, WeakMap<Ledger.Ledger, WeakMap<GameView.GameView, Outcomes>>>()
  const plans: Plans = { plan: undefined }
  const limit = settings.limit
  // the answer that leaves the chooser least damaged, and the final damage by player after it
  // (every later decision answered the same way); ties keep the first answer
  function* best(
    request: Decision.Request,
    state: Kernel.State
  ): Work<{ readonly answer: Decision.Answer; readonly outcome: Map<string, number> } | undefined> {
    let found: { answer: Decision.Answer; outcome: Map<string, number> } | undefined
    let bestScore = Number.POSITIVE_INFINITY
    for (const answer of Decision.legalAnswers(request, limit)) {
      yield 1
      const outcome = yield* evaluate(Kernel.resume(state, answer))
      if (outcome === undefined) continue
      const score = outcome.get(request.chooser) ?? 0
      if (score < bestScore) {
        bestScore = score
        found = { answer, outcome }
      }
    }
    return found
  }
  // the final damage by player when every chooser plays best from this pending state
  function* solve(state: Kernel.State): Work<Map<string, number> | undefined> {
    const memo = memoFor(memos, state)
    const key = stateKey(state)
    if (memo.has(key)) return memo.get(key)
    const outcome = (yield* best(state.pending as Decision.Request, state))?.outcome
    memo.set(key, outcome)
    return outcome
  }
  function* evaluate(step: Kernel.Step): Work<Map<string, number> | undefined> {
    if (step._tag === "Failed") return undefined
    if (step._tag === "Done") return damageBy(step.resolution, step.resolution.view)
    return yield* solve(step.state)
  }
  return function* decide(request: Decision.Request, state: Kernel.State): Work<Decision.Answer | undefined> {
    const fast = yield* solveSingle(request, state, settings, plans)
    return fast !== "fallback" ? fast : (yield* best(request, state))?.answer
  }
}

/**
 * "Best for the chooser": each decision is answered with the option that minimises the damage
 * dealt to the chooser's own objects (and to them), assuming every later decision is answered
 * the same way by its own chooser. It is exact: it searches the decisions that follow, with
 * memoisation on the resolution state (the occurrences with every field, the effects applied,
 * remainders and uses, the ordering progress and sequences, the follow-ups, the damage already
 * dealt; one memo per ruleset, ledger and view, so a chooser reused board after board never
 * answers from another board), so orders of commuting effects that lead to the same state are
 * explored once, not k! times.
 * Ties keep the first option offered. Who is asked is the ruleset's policy (MTG CR 616.1: the
 * affected object's controller), never this strategy.
 *
 * A choice on a single occurrence whose applicable effects are plain amount changes is solved
 * without the kernel: subtractions (shields, "prevent N"), whole multipliers and additions in
 * closed form (subtract first, multiply, add last), certified by following that order through
 * the ruleset's policy; any other plain change, or a policy that forces another order, by one
 * pass over the sets of effects applied. Both are exact: the same answers as the search.
 *
 * The search never runs away: each decision may explore `budget` states (default 200 000, see
 * {@link SearchOptions}); past it the chooser throws {@link Errors.SearchBudgetExceeded}, which
 * the resolvers (`Resolver.resolveSync`, `Ruleset.run`, {@link fromSync}) report as that typed
 * error: no best-so-far guess, the resolution fails and nothing is applied. A search that yields
 * to the event loop while it runs (so a process can be interrupted) is
 * {@link bestForChooserEffect}.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const best = Chooser.bestForChooser()
 * const lean = Chooser.bestForChooser({ flatPassUpTo: 10, budget: 50_000 })
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const bestForChooser = (options: SearchOptions = {}): SyncChooser => {
  const settings = settingsOf(options)
  const decide = searcher(settings)
  return (request, state) => drive(decide(request, state), settings.budget, request.id)
}

/**
 * {@link bestForChooser} as a {@link Chooser} service shape that gives the event loop a turn every
 * `sliceSize` explored states (default 2 000), so the fiber running it can be interrupted (a
 * CLI stopping on Ctrl-C) and other work goes on. `onProgress` is called at each turn with the
 * states explored so far for the current decision (for a progress line). The same answers, the
 * same budget and the same {@link Errors.SearchBudgetExceeded} as the synchronous chooser.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const BestLive = Chooser.layer(Chooser.bestForChooserEffect({ budget: 1_000_000 }))
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const bestForChooserEffect = (
  options: SearchOptions & {
    readonly sliceSize?: number | undefined
    readonly onProgress?: ((explored: number, request: Decision.Request) => void) | undefined
  } = {}
): ChooserShape => {
  const settings = settingsOf(options)
  const decide = searcher(settings)
  const slice = Math.max(1, options.sliceSize ?? 2_000)
  return {
    decide: (request, state) =>
      Effect.gen(function* () {
        const work = decide(request, state)
        let explored = 0
        for (;;) {
          let done = 0
          while (done < slice) {
            let r: IteratorResult<number, Decision.Answer | undefined>
            try {
              r = work.next()
            } catch (err) {
              return yield* new Errors.ChooserFailed({
                requestId: request.id,
                reason: err instanceof Error ? err.message : String(err)
              })
            }
            if (r.done === true) {
              if (r.value === undefined) return yield* Decision.missing(request)
              return r.value
            }
            explored += r.value
            done += r.value
            if (explored > settings.budget) {
              work.return(undefined)
              return yield* new Errors.SearchBudgetExceeded({
                requestId: request.id,
                budget: settings.budget,
                explored
              })
            }
          }
          options.onProgress?.(explored, request)
          yield* Effect.yieldNow
        }
      })
  }
}
