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
import { Context, Effect, Layer } from "effect"
import * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import * as GameEvent from "./GameEvent.js"
import * as GameView from "./GameView.js"
import * as Kernel from "./Kernel.js"
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
  ) => Effect.Effect<Decision.Answer, Errors.MissingDecision | Errors.ChooserFailed>
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

const missing = (request: Decision.Request): Errors.MissingDecision =>
  new Errors.MissingDecision({
    requestId: request.id,
    kind: request._tag,
    chooser: request.chooser,
    prompt: Decision.describe(request)
  })

/**
 * Lifts a synchronous chooser into the service shape; `undefined` becomes
 * {@link Errors.MissingDecision}, and a chooser that throws becomes {@link Errors.ChooserFailed}.
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
    Effect.suspend((): Effect.Effect<Decision.Answer, Errors.MissingDecision | Errors.ChooserFailed> => {
      let answer: Decision.Answer | undefined
      try {
        answer = chooser(request, state)
      } catch (err) {
        return Effect.fail(
          new Errors.ChooserFailed({
            requestId: request.id,
            reason: err instanceof Error ? err.message : String(err)
          })
        )
      }
      return answer === undefined ? Effect.fail(missing(request)) : Effect.succeed(answer)
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
export const firstLegal: SyncChooser = (request) => Decision.legalAnswers(request, 1)[0]

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

const stateKey = (state: Kernel.State): string => {
  const frames = state.frames.map((f) => [
    f.event,
    f.cursor,
    f.startingPlayer ?? "",
    f.pendingApply === undefined ? "" : [f.pendingApply.effect, f.pendingApply.stage, f.pendingApply.group],
    [...f.progress].map(([k, v]) => `${k}:${v.tier}.${v.player}`).join(","),
    f.items
      .map(
        (i) => `${i.occ.id}:${i.occ.subject}:${i.occ.amount}:${i.status}:${[...i.applied].sort().join("+")}`
      )
      .join("|"),
    f.followUps.length
  ])
  const changes = [...state.changes]
    .map(([k, v]) => `${k}:${v.remaining ?? ""}:${v.uses}:${v.spent ? 1 : 0}`)
    .sort()
    .join(",")
  return JSON.stringify([frames, changes, state.pending?._tag, state.happened.length])
}

const STATIC_BLOCKS: ReadonlySet<string> = new Set([
  "alreadyApplied",
  "filterFailed",
  "spent",
  "limitReached",
  "sourceLeftZone"
])

const modifyBy = (op: string, amount: number, v: number): number =>
  op === "add"
    ? amount + v
    : op === "sub"
      ? amount - v
      : op === "mul"
        ? amount * v
        : op === "set"
          ? v
          : op === "atMost"
            ? Math.min(amount, v)
            : Math.max(amount, v)

/**
 * The exact best answer to a choice of effect on a single occurrence whose applicable effects
 * are plain amount changes (prevent a fixed amount or all, add/subtract/multiply/set/bound by a
 * constant: no condition, cost, "may", additional effect or prevention decrease), in a ruleset
 * without a results stage or commit. The rest of the resolution is then a function of the
 * amount and the set of effects applied so far, and every amount change is monotone, so it is
 * solved exactly by a pass over (applied set, ordering progress) keeping the least amount of
 * each — at most 2^k states per option, each a few arithmetic operations — asking the ruleset's
 * ordering policy at every state exactly as the kernel would. Orders of commuting effects meet
 * in the same state and are explored once.
 * `"fallback"` when the conditions do not hold (the caller then searches with the kernel).
 */
const solveSingle = (request: Decision.Request, state: Kernel.State): Decision.Answer | "fallback" => {
  if (request._tag !== "ChooseEffect") return "fallback"
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
    if (e.action._tag === "Modify" ? typeof e.action.value !== "number" : e.action._tag !== "Prevent")
      return "fallback"
    live.push(x)
  }
  if (live.length > 30) return "fallback"
  const occ = c.occurrence
  const owner = occ.family === GameEvent.DAMAGE ? GameView.controllerOf(state.view, occ.subject) : undefined
  const position = new Map(live.map((x, i) => [x.effect.id, i] as const))
  const apply = (i: number, amount: number): number => {
    const { effect, state: st } = live[i] as (typeof live)[number]
    const a = effect.action
    if (a._tag === "Modify") return Math.max(0, Math.floor(modifyBy(a.op, amount, a.value as number)))
    if (a._tag !== "Prevent" || !occ.preventable) return amount
    if (a.amount === "all") return 0
    if (a.scope === "static") return amount - Math.min(a.amount, amount)
    const available = a.scope === "shield" ? (st.remaining ?? a.amount) : a.amount
    return amount <= available ? 0 : amount - available
  }
  // the policy's step for a set of applied effects and a progress: it never sees the amount
  const progressIds = new Map<string, number>()
  const progresses: Array<Policy.Progress> = []
  const seenProgress = new Map<Policy.Progress, number>()
  const progressId = (p: Policy.Progress): number => {
    const same = seenProgress.get(p)
    if (same !== undefined) return same
    const k = `${p.tier}.${p.player}`
    let id = progressIds.get(k)
    if (id === undefined) {
      id = progresses.length
      progressIds.set(k, id)
      progresses.push(p)
    }
    seenProgress.set(p, id)
    return id
  }
  const steps = new Map<number, Policy.Step>()
  const stepOf = (mask: number, pid: number): Policy.Step => {
    const key = mask * 1024 + pid
    let step = steps.get(key)
    if (step === undefined) {
      const candidates: Array<Replacement.Replacement> = []
      for (let i = 0; i < live.length; i++) if ((mask & (1 << i)) === 0) candidates.push(live[i]!.effect)
      step = rules.order.next({
        view: state.view,
        group: c.group,
        affected: c.affected,
        candidates,
        progress: progresses[pid] as Policy.Progress,
        startingPlayer: c.startingPlayer
      })
      steps.set(key, step)
    }
    return step
  }
  // The least final amount reachable after each option. Every amount change is monotone
  // (non-decreasing) in the amount and the policy's steps do not depend on it, so the least
  // amount per (applied set, progress) dominates: one forward pass over the applied sets, one
  // more effect per level, carrying a vector with one least amount per option of this
  // request. Only the affected object's controller's choices branch; any other chooser scores 0
  // for every option, so the search keeps the first option offered, as the kernel search does.
  const roots = request.options.map((o) => position.get(o.effect))
  if (roots.some((i) => i === undefined)) return "fallback"
  const R = roots.length
  const least: Array<number> = new Array(R).fill(Number.POSITIVE_INFINITY)
  let frontier = new Map<number, Array<number>>()
  const rootPid = progressId(c.progress)
  roots.forEach((i, r) => {
    const v = apply(i as number, occ.amount)
    if (v <= 0) {
      least[r] = 0
      return
    }
    const vec: Array<number> = new Array(R).fill(Number.POSITIVE_INFINITY)
    vec[r] = v
    frontier.set((1 << (i as number)) * 1024 + rootPid, vec)
  })
  while (frontier.size > 0) {
    const next = new Map<number, Array<number>>()
    const push = (i: number, vec: ReadonlyArray<number>, mask: number, p: Policy.Progress): void => {
      const key = (mask | (1 << i)) * 1024 + progressId(p)
      let into = next.get(key)
      for (let r = 0; r < R; r++) {
        const a = vec[r] as number
        if (a === Number.POSITIVE_INFINITY) continue
        const v = apply(i, a)
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
      const mask = Math.floor(key / 1024)
      const step = stepOf(mask, key % 1024)
      if (step._tag === "Done") {
        for (let r = 0; r < R; r++) if ((vec[r] as number) < (least[r] as number)) least[r] = vec[r] as number
      } else if (step._tag === "Apply") {
        push(position.get(step.effect) as number, vec, mask, step.progress)
      } else {
        for (const id of step.options) {
          push(position.get(id) as number, vec, mask, step.progress)
          if (step.chooser !== owner) break
        }
      }
    }
    frontier = next
  }
  let best: string | undefined
  let bestScore = Number.POSITIVE_INFINITY
  request.options.forEach((option, r) => {
    const score = request.chooser === owner ? (least[r] as number) : 0
    if (score < bestScore) {
      bestScore = score
      best = option.effect
    }
  })
  return best ?? "fallback"
}

/**
 * "Best for the chooser": each decision is answered with the option that minimises the damage
 * dealt to the chooser's own objects (and to them), assuming every later decision is answered
 * the same way by its own chooser. It is exact: it searches the decisions that follow, with
 * memoisation on the resolution state (the effects still to apply, amounts, remainders), so
 * orders of commuting effects that lead to the same state are explored once, not k! times.
 * Ties keep the first option offered.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * const best = Chooser.bestForChooser()
 * ```
 * @since 0.1.0
 * @category strategies
 */
export const bestForChooser = (options: { readonly maxAllocations?: number } = {}): SyncChooser => {
  const memo = new Map<string, Map<string, number> | undefined>()
  const limit = options.maxAllocations ?? 2_000
  // the final damage by player when every chooser plays best from this pending state
  const solve = (state: Kernel.State): Map<string, number> | undefined => {
    const key = stateKey(state)
    if (memo.has(key)) return memo.get(key)
    const request = state.pending as Decision.Request
    let best: Map<string, number> | undefined
    let bestScore = Number.POSITIVE_INFINITY
    for (const answer of Decision.legalAnswers(request, limit)) {
      const outcome = evaluate(Kernel.resume(state, answer))
      if (outcome === undefined) continue
      const score = outcome.get(request.chooser) ?? 0
      if (score < bestScore) {
        bestScore = score
        best = outcome
      }
    }
    memo.set(key, best)
    return best
  }
  const evaluate = (step: Kernel.Step): Map<string, number> | undefined => {
    if (step._tag === "Failed") return undefined
    if (step._tag === "Done") return damageBy(step.resolution, step.resolution.view)
    return solve(step.state)
  }
  return (request, state) => {
    const fast = solveSingle(request, state)
    if (fast !== "fallback") return fast
    let bestAnswer: Decision.Answer | undefined
    let bestScore = Number.POSITIVE_INFINITY
    for (const answer of Decision.legalAnswers(request, limit)) {
      const outcome = evaluate(Kernel.resume(state, answer))
      if (outcome === undefined) continue
      const score = outcome.get(request.chooser) ?? 0
      if (score < bestScore) {
        bestScore = score
        bestAnswer = answer
      }
    }
    return bestAnswer
  }
}
