/**
 * The single-occurrence solver: a pending choice on one live occurrence solved from
 * `Kernel.singleOccurrenceChoice` without running the kernel, or `fallback`.
 *
 * @internal
 */
import type * as Decision from "../../Decision.js"
import * as GameEvent from "../../GameEvent.js"
import * as GameView from "../../GameView.js"
import { hasDecreases, progressKeyOf } from "../../internal/kernel/inspect.js"
import * as Kernel from "../../Kernel.js"
import type * as Policy from "../../Policy.js"
import type * as Replacement from "../../Replacement.js"
import { modifyCode, OP_ABSORB, OP_ADD_WHOLE, OP_SAME, OP_STATIC, OP_ZERO, STATIC_BLOCKS } from "./opcodes.js"
import type { Changes, Pass } from "./passes.js"
import { denseLeast, sparseLeast, TOO_MANY_PROGRESSES } from "./passes.js"
import type { Plans, PlanWhere } from "./structured.js"
import { planning, structuredBest } from "./structured.js"
import type { Settings, Work } from "./work.js"

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
export function* solveSingle(
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

/** One effect of a single-occurrence choice (`Kernel.singleOccurrenceChoice`). */
type ChoiceEffect = Kernel.SingleOccurrenceChoice["effects"][number]

/**
 * The effects of the choice that can still apply, when every one is a plain amount change (no
 * "may", cost, additional effect or condition; a constant modification, or a prevention of a
 * fixed amount or all); `undefined` when one is not, or is blocked by anything but a static block.
 */
const plainEffects = (effects: ReadonlyArray<ChoiceEffect>): Array<ChoiceEffect> | undefined => {
  const live: Array<ChoiceEffect> = []
  for (const x of effects) {
    if (x.blocked !== undefined) {
      if (!STATIC_BLOCKS.has(x.blocked)) return undefined
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
      return undefined
    if (
      e.action._tag === "Modify"
        ? typeof e.action.value !== "number"
        : e.action._tag !== "Prevent" || typeof e.action.amount === "object"
    )
      return undefined
    live.push(x)
  }
  return live
}

/**
 * Each live effect's amount change as an opcode and its operand (a shield's operand is what is
 * left of it); a prevention of an occurrence that can't be prevented changes nothing.
 */
const amountChanges = (live: ReadonlyArray<ChoiceEffect>, preventable: boolean): Changes => {
  const codes: Array<number> = new Array(live.length).fill(0)
  const values: Array<number> = new Array(live.length).fill(0)
  live.forEach((x, i) => {
    const a = x.effect.action
    if (a._tag === "Modify") {
      codes[i] = modifyCode(a.op, a.value as number)
      // subtracting is adding the opposite, in the whole-number form
      values[i] = codes[i] === OP_ADD_WHOLE && a.op === "sub" ? -(a.value as number) : (a.value as number)
    } else if (a._tag !== "Prevent" || !preventable) codes[i] = OP_SAME
    else if (a.amount === "all") codes[i] = OP_ZERO
    else {
      codes[i] = a.scope === "static" ? OP_STATIC : OP_ABSORB
      values[i] = a.scope === "shield" ? (x.state.remaining ?? (a.amount as number)) : (a.amount as number)
    }
  })
  return { codes, values }
}

/**
 * Ordering progresses numbered by their key, so the passes can index states by a small number:
 * `progressId` gives a progress its number (equal keys, equal numbers), `progresses` reads it
 * back. The maps are made at the second distinct progress: a decision answered from a plan, or
 * whose certificate stays in one tier, never needs them.
 */
const progressTable = (): {
  readonly progresses: ReadonlyArray<Policy.Progress>
  readonly progressId: (p: Policy.Progress) => number
} => {
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
  return { progresses, progressId }
}

/**
 * The solver behind {@link solveSingle}: the structured shape's best option and its least final
 * amount, or else the least final amount of the occurrence after each option of the request
 * (every later choice made best for the affected object's controller), and that controller.
 */
export function* solveLeast(
  request: Extract<Decision.Request, { readonly _tag: "ChooseEffect" }>,
  state: Kernel.State,
  settings: Settings,
  plans?: Plans | undefined
): Work<Solved | "fallback"> {
  const rules = state.rules
  if (rules.results !== undefined || rules.commit !== undefined) return "fallback"
  if (hasDecreases(state)) return "fallback"
  const c = Kernel.singleOccurrenceChoice(state)
  if (c === undefined || c.group !== request.group) return "fallback"
  const live = plainEffects(c.effects)
  if (live === undefined) return "fallback"
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
  const changes = amountChanges(live, occ.preventable)
  // the policy's step for a set of applied effects and a progress: it never sees the amount
  const { progresses, progressId } = progressTable()
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
