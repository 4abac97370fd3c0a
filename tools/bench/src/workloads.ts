/**
 * The workloads: each one is Bulwark's public API and a hand-written plain-TypeScript baseline
 * with the same semantics on the same input (no Effect, no generality: arrays and loops), plus
 * a check that both give the same answer.
 */
import { Chooser, GameEvent, GameView, type Kernel, Ledger, type Replacement, Resolver } from "@bulwark/core"
import { Result } from "effect"
import { board, each, hit, modify, mtg, once, shield } from "./world.js"

/** One row of the table: the same workload run by Bulwark and by the baseline. */
export interface Row {
  readonly name: string
  readonly bulwark: () => unknown
  readonly baseline: () => unknown
  /** Throws unless Bulwark and the baseline agree. */
  readonly verify: () => void
}

const ok = (r: Result.Result<Kernel.Resolution, unknown>): Kernel.Resolution => {
  if (Result.isFailure(r)) throw new Error(`resolution failed: ${String(r.failure)}`)
  return r.success
}

const dealtTo = (r: Kernel.Resolution, subject: string): number => {
  let n = 0
  for (const o of r.happened) if (o.family === GameEvent.DAMAGE && o.subject === subject) n += o.amount
  return n
}

const same = (name: string, a: unknown, b: unknown): void => {
  const x = JSON.stringify(a)
  const y = JSON.stringify(b)
  if (x !== y) throw new Error(`${name}: Bulwark gave ${x}, the baseline ${y}`)
}

// ---------------------------------------------------------------------------------------------
// baseline data

/** What became of one damage instance in a baseline. */
interface Out {
  readonly id: string
  readonly proposed: number
  readonly modified: number
  readonly prevented: number
  readonly dealt: number
  readonly applied: ReadonlyArray<string>
}

// ---------------------------------------------------------------------------------------------
// 1. single-shield

/** Baseline: shields on targets, each instance consults the shields on its target in order. */
const baseShields = (
  insts: ReadonlyArray<{ readonly id: string; readonly target: string; readonly amount: number }>,
  shields: ReadonlyArray<{ readonly id: string; readonly target: string; readonly remaining: number }>
): { outs: Array<Out>; remaining: Array<number> } => {
  const remaining = shields.map((s) => s.remaining)
  const outs: Array<Out> = []
  for (const it of insts) {
    let amount = it.amount
    let prevented = 0
    const applied: Array<string> = []
    for (let j = 0; j < shields.length; j++) {
      const s = shields[j]!
      if (amount === 0 || s.target !== it.target || remaining[j]! === 0) continue
      const p = Math.min(remaining[j]!, amount)
      amount -= p
      prevented += p
      remaining[j]! -= p
      applied.push(s.id)
    }
    outs.push({ id: it.id, proposed: it.amount, modified: 0, prevented, dealt: amount, applied })
  }
  return { outs, remaining }
}

/**
 * Workload 1: one instance of 5 damage to a creature with "prevent the next 3 damage". Modes:
 * `fast` (no trace), `trace` (trace on), `results` (the full MTG ruleset: the 2 dealt damage is
 * then marked on the creature through the results stage and `commit`; the baseline marks it too).
 */
export const singleShield = (mode: "fast" | "trace" | "results"): Row => {
  const base = board(1)
  const c0 = base.objects.c0!
  const view =
    mode === "results"
      ? GameView.setObject(base, { ...c0, props: { types: ["Creature"], toughness: 4, damage: 0 } })
      : base
  const rules = mode === "results" ? mtg.full : mtg.rules
  const ledger = Ledger.make([shield("s", "c0", 3)])
  const event = GameEvent.make("e", [hit("i", "c0", 5)])
  const options = { trace: mode === "trace" }
  const insts = [{ id: "i", target: "c0", amount: 5 }]
  const shields = [{ id: "s", target: "c0", remaining: 3 }]
  const marked = [0]
  const bulwark = () => Resolver.resolveSync(rules, event, ledger, view, Chooser.firstLegal, options)
  const baseline = () => {
    const r = baseShields(insts, shields)
    if (mode !== "results") return r
    const damage = [...marked]
    for (let i = 0; i < r.outs.length; i++) damage[i]! += r.outs[i]!.dealt
    return { ...r, damage }
  }
  return {
    name:
      mode === "fast" ? "single-shield" : `single-shield (${mode === "trace" ? "trace on" : "mtg results"})`,
    bulwark,
    baseline,
    verify: () => {
      const r = ok(bulwark())
      const b = baseShields(insts, shields)
      same(
        "single-shield",
        [dealtTo(r, "c0"), Ledger.remaining(r.ledger, "s")],
        [b.outs[0]!.dealt, b.remaining[0]]
      )
      if (mode === "results") same("single-shield marked damage", r.view.objects.c0?.props.damage, 2)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 2. effects-k

type Kind = 0 | 1 | 2 | 3 // shield 1, +2, prevent 1 once, −1

const kindOf = (i: number): Kind => (i % 4) as Kind

const effectK = (i: number): Replacement.Replacement => {
  switch (kindOf(i)) {
    case 0:
      return shield(`e${i}`, "c0", 1)
    case 1:
      return modify(`e${i}`, "c0", "add", 2)
    case 2:
      return once(`e${i}`, "c0", 1)
    case 3:
      return modify(`e${i}`, "c0", "sub", 1)
  }
}

/**
 * Baseline: one instance, k effects; after each application the candidates are computed again
 * (not applied yet, not spent, damage above 0); one candidate applies, several ask the script.
 */
const baseEffects = (
  amount0: number,
  ids: ReadonlyArray<string>,
  kinds: ReadonlyArray<Kind>,
  answers: ReadonlyArray<string>
) => {
  const k = ids.length
  let amount = amount0
  let modified = 0
  let prevented = 0
  const applied: Array<boolean> = new Array(k).fill(false)
  const order: Array<string> = []
  const remaining: Array<number> = kinds.map((x) => (x === 0 ? 1 : 0))
  const spent: Array<boolean> = new Array(k).fill(false)
  const log: Array<string> = []
  const cand: Array<number> = []
  while (amount > 0) {
    cand.length = 0
    for (let j = 0; j < k; j++) if (!applied[j] && !spent[j]) cand.push(j)
    if (cand.length === 0) break
    let pick = cand[0]!
    if (cand.length > 1) {
      const want = answers[log.length]
      const at = cand.findIndex((j) => ids[j] === want)
      if (at < 0) throw new Error(`illegal answer ${want}`)
      pick = cand[at]!
      log.push(want!)
    }
    const before = amount
    switch (kinds[pick]!) {
      case 0: {
        const p = Math.min(remaining[pick]!, amount)
        remaining[pick]! -= p
        spent[pick] = remaining[pick] === 0
        amount -= p
        prevented += p
        break
      }
      case 1:
        amount += 2
        modified += 2
        break
      case 2: {
        const p = Math.min(1, amount)
        spent[pick] = p > 0
        amount -= p
        prevented += p
        break
      }
      case 3:
        amount = Math.max(0, amount - 1)
        modified += amount - before
        break
    }
    applied[pick] = true
    order.push(ids[pick]!)
  }
  return { dealt: amount, modified, prevented, order, log, remaining, spent }
}

/** Workload 2: one instance of 200 against k effects on its recipient, scripted choices. */
export const effectsK = (k: number): Row => {
  const view = board(1)
  const effects = Array.from({ length: k }, (_, i) => effectK(i))
  const ledger = Ledger.make(effects)
  const event = GameEvent.make("e", [hit("i", "c0", 200)])
  const ids = effects.map((e) => e.id)
  const kinds = ids.map((_, i) => kindOf(i))
  // apply them last-to-first: the n-th decision picks the n-th id from the end
  const answers = [...ids].reverse().slice(0, Math.max(0, k - 1))
  const options = { trace: false }
  const bulwark = () =>
    Resolver.resolveSync(mtg.rules, event, ledger, view, Chooser.scripted(answers), options)
  const baseline = () => baseEffects(200, ids, kinds, answers)
  return {
    name: `effects-${k}`,
    bulwark,
    baseline,
    verify: () => {
      const r = ok(bulwark())
      const b = baseline()
      same(`effects-${k}`, [dealtTo(r, "c0"), r.decisions.length], [b.dealt, b.log.length])
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 3. board-wipe-n

/**
 * Baseline: n instances of 3 damage, one per creature; each creature has a shield (prevent the
 * next 1), a static "prevent 1 of each damage" and a "+1"; the affected controller chooses the
 * first offered (ledger order) whenever several apply.
 */
const baseWipe = (n: number, amount0: number) => {
  const outs: Array<Out> = []
  const shieldLeft: Array<number> = []
  let decisions = 0
  const cand: Array<number> = []
  for (let i = 0; i < n; i++) {
    let amount = amount0
    let modified = 0
    let prevented = 0
    let left = 1
    const applied: Array<string> = []
    const done = [false, false, false]
    while (amount > 0) {
      cand.length = 0
      for (let j = 0; j < 3; j++) if (!done[j] && !(j === 0 && left === 0)) cand.push(j)
      if (cand.length === 0) break
      if (cand.length > 1) decisions++
      const j = cand[0]!
      if (j === 0) {
        const p = Math.min(left, amount)
        left -= p
        amount -= p
        prevented += p
      } else if (j === 1) {
        const p = Math.min(1, amount)
        amount -= p
        prevented += p
      } else {
        amount += 1
        modified += 1
      }
      done[j] = true
      applied.push(j === 0 ? `s${i}` : j === 1 ? `p${i}` : `m${i}`)
    }
    shieldLeft.push(left)
    outs.push({ id: `i${i}`, proposed: amount0, modified, prevented, dealt: amount, applied })
  }
  return { outs, shieldLeft, decisions }
}

/** The board-wipe input. */
export interface WipeInput {
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly event: GameEvent.GameEvent
}

/** The board-wipe input: n creatures, three effects each, 3 damage to each. */
export const wipeInput = (n: number): WipeInput => {
  const view = board(n)
  const effects: Array<Replacement.Replacement> = []
  for (let i = 0; i < n; i++) {
    effects.push(shield(`s${i}`, `c${i}`, 1), each(`p${i}`, `c${i}`, 1), modify(`m${i}`, `c${i}`, "add", 1))
  }
  const ledger = Ledger.make(effects)
  const event = GameEvent.make(
    "wipe",
    Array.from({ length: n }, (_, i) => hit(`i${i}`, `c${i}`, 3))
  )
  return { view, ledger, event }
}

/** Runs the board wipe through Bulwark (first legal answer to every choice, no trace). */
export const wipeBulwark = (input: WipeInput): Result.Result<Kernel.Resolution, unknown> =>
  Resolver.resolveSync(mtg.rules, input.event, input.ledger, input.view, Chooser.firstLegal, { trace: false })

/** Runs the board wipe through the baseline. */
export const wipeBaseline = baseWipe

const totalDealt = (r: Kernel.Resolution): number => {
  let n = 0
  for (const o of r.happened) if (o.family === GameEvent.DAMAGE) n += o.amount
  return n
}

/** Workload 3: one event with n instances, three effects on each recipient. */
export const boardWipe = (n: number): Row => {
  const input = wipeInput(n)
  const bulwark = () => wipeBulwark(input)
  const baseline = () => baseWipe(n, 3)
  return {
    name: `board-wipe-${n}`,
    bulwark,
    baseline,
    verify: () => {
      const r = ok(bulwark())
      const b = baseline()
      same(
        `board-wipe-${n}`,
        [totalDealt(r), r.decisions.length],
        [b.outs.reduce((s, o) => s + o.dealt, 0), b.decisions]
      )
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 5. best-order-k

const bestKind = (i: number): 0 | 1 | 2 => (i % 3) as 0 | 1 | 2 // +1, ×2, prevent the next 2

/**
 * Baseline: the exact minimum damage over every order of k effects on one instance (+1, ×2 and
 * "prevent the next 2" do not commute). All three are monotone in the amount, so the least
 * amount reachable after applying each subset dominates: a pass over the 2^k subsets in
 * increasing order (an array of least amounts); damage at 0 stops. Then the order is rebuilt,
 * one decision per step, as the engine reports it.
 */
const baseBest = (
  amount0: number,
  kinds: ReadonlyArray<0 | 1 | 2>
): { dealt: number; order: Array<number> } => {
  const k = kinds.length
  const full = (1 << k) - 1
  const f = (kind: number, a: number): number =>
    kind === 0 ? a + 1 : kind === 1 ? a * 2 : Math.max(0, a - 2)
  // least[mask]: the least final amount when the effects in mask are still to apply to `a`
  const solve = (mask: number, a: number): number => {
    const least: Array<number> = new Array(full + 1).fill(Number.POSITIVE_INFINITY)
    least[0] = a
    let best = Number.POSITIVE_INFINITY
    for (let m = 0; m <= full; m++) {
      const x = least[m]!
      if (x === Number.POSITIVE_INFINITY) continue
      if (x === 0) return 0
      const done = m | mask
      if (done === full) {
        if (x < best) best = x
        continue
      }
      for (let j = 0; j < k; j++) {
        if ((done & (1 << j)) !== 0) continue
        const y = f(kinds[j]!, x)
        if (y < least[m | (1 << j)]!) least[m | (1 << j)] = y
      }
    }
    return best
  }
  const order: Array<number> = []
  let mask = 0
  let a = amount0
  while (a > 0 && mask !== full) {
    let pick = -1
    let best = Number.POSITIVE_INFINITY
    for (let j = 0; j < k; j++) {
      if ((mask & (1 << j)) !== 0) continue
      const y = f(kinds[j]!, a)
      const v = y === 0 ? 0 : solve(mask | (1 << j), y)
      if (v < best) {
        best = v
        pick = j
      }
    }
    order.push(pick)
    mask |= 1 << pick
    a = f(kinds[pick]!, a)
  }
  return { dealt: a, order }
}

/** Workload 5: the best-for-chooser strategy over k non-commuting effects on one instance. */
export const bestOrderK = (k: number): Row => {
  const view = board(1)
  const effects = Array.from({ length: k }, (_, i) => {
    const kind = bestKind(i)
    return kind === 0
      ? modify(`e${i}`, "c0", "add", 1)
      : kind === 1
        ? modify(`e${i}`, "c0", "mul", 2)
        : shield(`e${i}`, "c0", 2)
  })
  const kinds = effects.map((_, i) => bestKind(i))
  const ledger = Ledger.make(effects)
  const event = GameEvent.make("e", [hit("i", "c0", 3)])
  const options = { trace: false }
  // a fresh chooser per resolution: its memo must not carry over between operations
  const bulwark = () =>
    Resolver.resolveSync(mtg.rules, event, ledger, view, Chooser.bestForChooser(), options)
  const baseline = () => baseBest(3, kinds)
  return {
    name: `best-order-${k}`,
    bulwark,
    baseline,
    verify: () => same(`best-order-${k}`, dealtTo(ok(bulwark()), "c0"), baseline().dealt)
  }
}

// ---------------------------------------------------------------------------------------------
// 6. best-order-mixed-SxD

/**
 * Baseline: the exact best order for "prevent the next N" shields and "double it" effects on one
 * instance, by hand. Every value along any order is at least the amount minus the shields used
 * so far, so spending the shields first is best (it reaches 0 if any order does, and otherwise
 * no order clamps and `(a − ΣN)·2^d` is the least of the affine forms). One decision per step,
 * as the engine reports them: the next shield while one is left, else the next doubler.
 */
const baseMixed = (
  amount0: number,
  shields: ReadonlyArray<number>,
  doublers: number
): { dealt: number; order: Array<string> } => {
  const used = new Array<boolean>(shields.length).fill(false)
  const order: Array<string> = []
  let a = amount0
  let left = doublers
  while (a > 0 && (left > 0 || used.includes(false))) {
    let pick = -1
    for (let j = 0; j < shields.length; j++)
      if (!used[j]) {
        pick = j
        break
      }
    if (pick >= 0) {
      used[pick] = true
      a = Math.max(0, a - shields[pick]!)
      order.push(`s${pick}`)
    } else {
      left--
      a *= 2
      order.push(`d${doublers - left - 1}`)
    }
  }
  return { dealt: a, order }
}

/**
 * Workload 6: best-for-chooser over `s` shields of 1 and `d` doublers on one creature (20
 * damage): the board issue 19 measured at seconds, now the structured shape (closed form,
 * certified through the MTG ordering policy, CR 616.1).
 *
 * With `given`, the same resolution with the best answers given in advance
 * (`Chooser.scripted`, the answers `bestForChooser` gives): what the kernel's own steps cost
 * for this board, with no search at all — the floor under the search row, against the same
 * baseline.
 */
export const bestOrderMixed = (s: number, d: number, given = false): Row => {
  const view = board(1)
  const effects = [
    ...Array.from({ length: s }, (_, i) => shield(`s${i}`, "c0", 1)),
    ...Array.from({ length: d }, (_, i) => modify(`d${i}`, "c0", "mul", 2))
  ]
  const ledger = Ledger.make(effects)
  const event = GameEvent.make("e", [hit("i", "c0", 20)])
  const options = { trace: false }
  const shields = Array.from({ length: s }, () => 1)
  const search = () => Resolver.resolveSync(mtg.rules, event, ledger, view, Chooser.bestForChooser(), options)
  let bulwark = search
  if (given) {
    const scripted = Chooser.scripted(ok(search()).decisions.map((x) => x.answer))
    bulwark = () => Resolver.resolveSync(mtg.rules, event, ledger, view, scripted, options)
  }
  const baseline = () => baseMixed(20, shields, d)
  const name = `best-order-mixed-${s}x${d}${given ? " (answers given)" : ""}`
  return {
    name,
    bulwark,
    baseline,
    verify: () => {
      const r = ok(bulwark())
      const b = baseline()
      // the engine asks no decision for the last effect (one candidate left): a prefix
      same(
        name,
        [dealtTo(r, "c0"), r.decisions.map((x) => x.answer)],
        [b.dealt, b.order.slice(0, r.decisions.length)]
      )
    }
  }
}
