/**
 * The structured shape and its certificates: when a choice's options are plain amount changes in
 * classes whose best order is known, the best option without a search, and the plans that let a
 * later decision on the certified path be checked rather than solved again (`unplanned` turns
 * them off; `planning` is one binding, assigned only here).
 *
 * @internal
 */
import type * as GameView from "../../GameView.js"
import { progressKeyOf } from "../../internal/kernel/inspect.js"
import type * as Policy from "../../Policy.js"
import type * as Replacement from "../../Replacement.js"
import { applyCode, OP_ABSORB, OP_ADD_WHOLE, OP_MUL_WHOLE, OP_SAME, OP_STATIC, OP_ZERO } from "./opcodes.js"
import type { Changes, Pass } from "./passes.js"

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
export const structuredBest = (
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
export let planning = true

export const unplanned = <A>(f: () => A): A => {
  const before = planning
  planning = false
  try {
    return f()
  } finally {
    planning = before
  }
}

/**
 * What a structured decision is solved from: the inputs the policy's steps read, the
 * occurrence, and its live effects (by position) with their amount changes.
 */
export interface PlanWhere {
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
export interface Plans {
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
