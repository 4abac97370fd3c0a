/**
 * The resolver's invariants as generic checkers, usable over any ruleset's resolutions: each
 * takes the inputs of a resolution (event, ledger, view) and its result, and returns the
 * violations it finds (empty when the law holds).
 *
 * Core's own property tests (`packages/core/test/laws.ts`) check the same invariants over
 * generated core worlds, plus the chooser law, which needs to know the tiny rulesets' policies;
 * these generic versions let each adapter check the laws over events and effects built with its
 * own constructors and run through its own ruleset.
 *
 * @since 0.1.0
 */
import {
  type Chooser,
  Decision,
  type GameEvent,
  type GameView,
  Kernel,
  type Ledger,
  Policy,
  type Replacement,
  Resolver,
  type Trace
} from "@bulwark/core"
import { Result } from "effect"

/**
 * What a resolution was started from.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Ledger } from "@bulwark/core"
 * import type { Laws } from "@bulwark/testing"
 * const input: Laws.Input = {
 *   event: GameEvent.make("e", []), ledger: Ledger.empty,
 *   view: GameView.make({ players: ["a"], activePlayer: "a" })
 * }
 * ```
 */
export interface Input {
  readonly event: GameEvent.GameEvent
  readonly ledger: Ledger.Ledger
  readonly view: GameView.GameView
}

/**
 * A law: the violations found in one resolution (empty when it holds).
 *
 * @example
 * ```ts
 * import type { Laws } from "@bulwark/testing"
 * const nothingHappens: Laws.Law = (_input, r) => (r.happened.length === 0 ? [] : ["something happened"])
 * ```
 */
export type Law = (input: Input, r: Kernel.Resolution) => ReadonlyArray<string>

type Applied = Extract<Trace.Record, { _tag: "Applied" }>

const appliedRecords = (r: Kernel.Resolution): ReadonlyArray<Applied> =>
  r.trace.filter((t): t is Applied => t._tag === "Applied")

const effectById = (input: Input, id: string): Replacement.Replacement | undefined =>
  input.ledger.effects.find((e) => e.id === id)

/**
 * Invariant 1: an effect modifies an original event at most once, including every event that
 * replaces it (MTG 614.5, FaB 6.4.5, Riftbound 370.2).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.atMostOnce(input, resolution) // []
 * ```
 */
export const atMostOnce: Law = (_input, r) => {
  const out: Array<string> = []
  for (const o of r.outcomes) {
    if (new Set(o.applied).size !== o.applied.length)
      out.push(`${o.id} has an effect applied twice: ${o.applied.join(",")}`)
  }
  const seen = new Set<string>()
  for (const a of appliedRecords(r)) {
    for (const c of a.changes) {
      const key = `${a.effect}|${c.occurrence}`
      if (seen.has(key)) out.push(`${a.effect} applied to ${c.occurrence} twice`)
      seen.add(key)
    }
  }
  return out
}

/**
 * Invariant 2: candidates are recomputed against the modified event — an effect applies only to
 * an occurrence above 0, that meets its amount condition and that it watches.
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.reEvaluated(input, resolution) // []
 * ```
 */
export const reEvaluated: Law = (input, r) => {
  const out: Array<string> = []
  for (const a of appliedRecords(r)) {
    const e = effectById(input, a.effect)
    if (e === undefined) continue
    for (const c of a.changes) {
      if (c.before <= 0) out.push(`${a.effect} applied to ${c.occurrence} at ${c.before}`)
      const cond = e.condition
      if (cond?._tag === "AmountIs" && typeof cond.value === "number" && c.before < cond.value)
        out.push(`${a.effect} applied to ${c.occurrence} at ${c.before}, though it needs ≥ ${cond.value}`)
      const subj = e.watch.subject
      if (subj?._tag === "Id" && e.action._tag !== "Redirect" && !subj.ids.includes(c.subject))
        out.push(`${a.effect} applied to ${c.occurrence} dealt to ${c.subject}, which it does not watch`)
    }
  }
  return out
}

/**
 * Invariant 3: an occurrence that reaches 0 does not happen and nothing touches it again
 * (MTG 120.8, Riftbound 417.1.e.1 / 437.4).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.zeroStaysZero(input, resolution) // []
 * ```
 */
export const zeroStaysZero: Law = (_input, r) => {
  const out: Array<string> = []
  for (const h of r.happened) if (h.amount <= 0) out.push(`${h.id} happened at ${h.amount}`)
  const zeroed = new Set<string>()
  for (const t of r.trace) {
    if (t._tag === "ReachedZero") zeroed.add(t.occurrence)
    if (t._tag === "Applied")
      for (const c of t.changes)
        if (zeroed.has(c.occurrence)) out.push(`${t.effect} touched ${c.occurrence} after it reached 0`)
  }
  for (const o of r.outcomes)
    if (o.status === "zero" && o.amount !== 0) out.push(`${o.id} is zero with amount ${o.amount}`)
  return out
}

/**
 * Invariant 4: on damage that can't be prevented, preventions prevent 0 and keep their shields,
 * while their additional parts still happen (MTG 615.12, FaB 6.4.10h).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.unpreventable(input, resolution) // []
 * ```
 */
export const unpreventable: Law = (input, r) => {
  const out: Array<string> = []
  const ids = new Set(input.event.occurrences.filter((o) => !o.preventable).map((o) => o.id))
  for (const o of r.outcomes)
    if (ids.has(o.origin) && o.origin === o.id && o.prevented !== 0)
      out.push(`${o.id} can't be prevented but ${o.prevented} was`)
  for (const a of appliedRecords(r)) {
    const e = effectById(input, a.effect)
    if (e?.action._tag !== "Prevent") continue
    const onlyUnpreventable = a.changes.length > 0 && a.changes.every((c) => ids.has(c.occurrence))
    if (onlyUnpreventable && a.remaining !== undefined && a.remaining.before !== a.remaining.after)
      out.push(
        `${a.effect}'s shield changed ${a.remaining.before}→${a.remaining.after} on unpreventable damage`
      )
    if (e.additional !== undefined && e.additional.length > 0) {
      if (!r.outcomes.some((o) => o.id.startsWith(`${e.id}:additional`)))
        out.push(`${a.effect} applied but its additional effect did not happen`)
    }
  }
  return out
}

/**
 * Invariant 5: one batch is one event — a shield never prevents more than its amount over the
 * batch, a static "prevent N" at most N per occurrence, and there is one "prevented" notice per
 * application that prevented damage (MTG 615.13).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.batch(input, resolution) // []
 * ```
 */
export const batch: Law = (input, r) => {
  const out: Array<string> = []
  const records = appliedRecords(r)
  for (const e of input.ledger.effects) {
    const a = e.action
    if (a._tag !== "Prevent") continue
    const recs = records.filter((x) => x.effect === e.id)
    const total = recs.reduce((n, x) => n + x.changes.reduce((m, c) => m + c.prevented, 0), 0)
    if (a.scope === "shield" && typeof a.amount === "number" && total > a.amount)
      out.push(`${e.id} prevented ${total}, more than its ${a.amount}`)
    if ((a.scope === "static" || a.scope === "perEvent") && typeof a.amount === "number")
      for (const x of recs)
        for (const c of x.changes)
          if (c.prevented > a.amount)
            out.push(`${e.id} prevented ${c.prevented} of ${c.occurrence}, more than ${a.amount}`)
    const notices = r.notifications.filter((n) => n.effect === e.id).length
    const withPrevention = recs.filter((x) => x.changes.some((c) => c.prevented > 0)).length
    if (notices !== withPrevention)
      out.push(`${e.id}: ${notices} notices for ${withPrevention} applications that prevented damage`)
  }
  return out
}

/**
 * Invariant 6 (the part every ruleset shares): every decision is recorded, in the log and in
 * the trace, and asked of a player of the game.
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.decisionsRecorded(input, resolution) // []
 * ```
 */
export const decisionsRecorded: Law = (input, r) => {
  const out: Array<string> = []
  const asked = r.trace.filter((t) => t._tag === "Decided").length
  if (r.trace.length > 0 && asked !== r.decisions.length)
    out.push(`${r.decisions.length} decisions logged, ${asked} in the trace`)
  for (const d of r.decisions)
    if (!input.view.players.includes(d.request.chooser))
      out.push(`${d.request.id} was asked of ${d.request.chooser}, who is not a player`)
  return out
}

/**
 * Invariant 9: for every occurrence `proposed + modified − prevented = amount + notDone` (the
 * part the ruleset could not do, `Kernel.Outcome.notDone`, is 0 unless it says so), and no
 * amount is negative (a replaced occurrence is left at 0).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.accounting(input, resolution) // []
 * ```
 */
export const accounting: Law = (_input, r) => {
  const out: Array<string> = []
  for (const o of r.outcomes) {
    if (o.proposed < 0 || o.prevented < 0 || o.amount < 0)
      out.push(`${o.id} has a negative amount (${o.proposed}/${o.prevented}/${o.amount})`)
    if (o.status === "replaced" || o.status === "failed") {
      if (o.amount !== 0) out.push(`${o.id} was ${o.status} but has amount ${o.amount}`)
      continue
    }
    const notDone = o.notDone ?? 0
    if (notDone < 0) out.push(`${o.id} has ${notDone} not done`)
    if (o.proposed + o.modified - o.prevented !== o.amount + notDone)
      out.push(
        `${o.id}: ${o.proposed} + ${o.modified} − ${o.prevented} ≠ ${o.amount}${notDone === 0 ? "" : ` + ${notDone} not done`}`
      )
  }
  for (const h of r.happened) if (h.amount < 0) out.push(`${h.id} happened with ${h.amount}`)
  for (const n of r.notifications) if (n.amount < 0) out.push(`${n.effect} notified ${n.amount} prevented`)
  for (const [id, s] of Object.entries(r.ledger.state)) {
    if (s.remaining !== undefined && s.remaining < 0) out.push(`${id} has ${s.remaining} left`)
    if (s.uses < 0) out.push(`${id} has ${s.uses} uses`)
  }
  return out
}

/**
 * Dealt and state agree (MTG 615.5, 120.3, 120.4): an outcome's `dealt` and the state after it
 * never disagree. The view after is the view before with every happened occurrence committed
 * (`rules.commit`), in order; and every damage occurrence dealt outside a cost — by the event, by
 * a prevention's additional part, by a redirect or a replacement — was processed into its
 * results: each result the ruleset's `results` makes of an event's dealt damage (in the view as
 * it was then) was resolved (it happened, reached 0 or was replaced).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.dealtAgreesWithState(ruleset.rules)(input, resolution) // []
 * ```
 */
export const dealtAgreesWithState =
  (rules: Policy.Rules): Law =>
  (input, r) => {
    const out: Array<string> = []
    const commit = rules.commit
    let v: GameView.GameView = input.view
    const ids = new Set(r.outcomes.map((o) => o.id))
    let k = 0
    for (let i = 0; i < r.outcomes.length; ) {
      const first = r.outcomes[i] as Kernel.Outcome
      const dealt: Array<GameEvent.Occurrence> = []
      for (; i < r.outcomes.length && (r.outcomes[i] as Kernel.Outcome).event === first.event; i++) {
        const o = r.outcomes[i] as Kernel.Outcome
        if (o.status !== "happened") continue
        const h = r.happened[k++]
        if (h === undefined || h.id !== o.id) {
          out.push(`${o.id} happened but is not where it should be in happened`)
          continue
        }
        if (commit !== undefined) v = Policy.viewOf(commit(v, h))
        if (h.family === "damage") dealt.push(h)
      }
      if (rules.results === undefined || first.cause === "cost" || dealt.length === 0) continue
      for (const m of rules.results.results(dealt, v))
        if (!ids.has(m.id))
          out.push(
            `${dealt.map((d) => d.id).join(",")} dealt (${first.event}) but its result ${m.id} (${m.family} ${m.amount} to ${m.subject}) never resolved`
          )
    }
    if (k !== r.happened.length) out.push(`${r.happened.length - k} happened occurrences have no outcome`)
    if (commit !== undefined && canonical(v) !== canonical(r.view))
      out.push("the view after is not the view before with what happened committed")
    return out
  }

/** A view as text with every object's keys sorted (two equal views read the same). */
const sortedText = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        )
      : v
  )

/**
 * What is reported is what was done (MTG 609.3: an effect "does only as much as possible";
 * FaB 8.5.6b; Берсерк 119.5.1): for every occurrence that happened, its amount in the outcome is
 * the change the ruleset's `commit` made to the view. Walking `happened` in order from the
 * view before, for each occurrence (amount `a` as reported, `asked` = `a` + its `notDone`):
 *
 * - committing `asked` and committing `a` change the view alike (nothing done is left out);
 * - the commit itself says `a` of `asked` were done (the outcome records what it said);
 * - for a family in `exact` — whose amount is the change, one for one: counters removed, cards
 *   drawn, wounds healed — one less than `a` would change the view differently (nothing is
 *   reported that was not done). Damage and life loss are not exact: damage beyond a life total
 *   is still dealt in full (FaB 2.5.3e, MTG 120.3).
 *
 * An occurrence of which nothing could be done did not happen: it is `failed` with its whole
 * amount `notDone`, and committing it changes nothing.
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.reportedIsDone(ruleset.rules, ["removeCounters", "draw"])(input, resolution) // []
 * ```
 */
export const reportedIsDone =
  (rules: Policy.Rules, exact: ReadonlyArray<string>): Law =>
  (input, r) => {
    const out: Array<string> = []
    const commit = rules.commit
    if (commit === undefined) return out
    const byId = new Map(r.outcomes.map((o) => [o.id, o] as const))
    let v: GameView.GameView = input.view
    for (const h of r.happened) {
      const o = byId.get(h.id)
      if (o === undefined) {
        out.push(`${h.id} happened but has no outcome`)
        continue
      }
      const a = o.amount
      const asked = a + (o.notDone ?? 0)
      if (h.amount !== a) out.push(`${h.id} happened with ${h.amount} but its outcome says ${a}`)
      const full = commit(v, { ...h, amount: asked })
      const done = Policy.viewOf(commit(v, { ...h, amount: a }))
      if (sortedText(Policy.viewOf(full)) !== sortedText(done))
        out.push(
          `${h.id} (${h.family} to ${h.subject}): ${asked} asked changes the game otherwise than the ${a} reported`
        )
      const said = Policy.doneOf(full, { ...h, amount: asked })
      if (said !== a)
        out.push(
          `${h.id} (${h.family} to ${h.subject}): the commit did ${said} of ${asked}, the outcome says ${a}`
        )
      if (exact.includes(h.family) && a > 0) {
        const less = a === 1 ? v : Policy.viewOf(commit(v, { ...h, amount: a - 1 }))
        if (sortedText(less) === sortedText(done))
          out.push(
            `${h.id} (${h.family} to ${h.subject}): ${a} reported, but ${a - 1} changes the game alike: ${a} was not all done`
          )
      }
      v = done
    }
    for (const o of r.outcomes)
      if (
        o.status === "failed" &&
        (o.notDone ?? 0) > 0 &&
        o.notDone !== o.proposed + o.modified - o.prevented
      )
        out.push(`${o.id} failed with ${o.notDone} not done of ${o.proposed + o.modified - o.prevented}`)
    return out
  }

/**
 * A law over the final view: the given numeric props of every object are never negative (marked
 * damage, wounds, counters, resources — not a life total, which may go below 0 in some games).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * const noNegativeWounds = Laws.nonNegativeProps(["wounds"])
 * ```
 */
export const nonNegativeProps =
  (props: ReadonlyArray<string>): Law =>
  (_input, r) => {
    const out: Array<string> = []
    for (const o of Object.values(r.view.objects))
      for (const p of props) {
        const v = o.props[p]
        if (typeof v === "number" && (v < 0 || !Number.isFinite(v))) out.push(`${o.id}.${p} is ${v}`)
      }
    return out
  }

/**
 * The generic laws, by name.
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * Object.keys(Laws.generic) // ["atMostOnce", "reEvaluated", ...]
 * ```
 */
export const generic: Readonly<Record<string, Law>> = {
  atMostOnce,
  reEvaluated,
  zeroStaysZero,
  unpreventable,
  batch,
  decisionsRecorded,
  accounting
}

/**
 * Throws an Error listing every violation of the given law (for `it.prop` bodies).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.assertLaw(Laws.accounting, input, resolution)
 * ```
 */
export const assertLaw = (law: Law, input: Input, r: Kernel.Resolution): void => {
  const v = law(input, r)
  if (v.length > 0) throw new Error(v.join("\n"))
}

/**
 * Resolves an input and throws when the resolution fails (for laws that need a resolution).
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * import { Laws } from "@bulwark/testing"
 * // const r = Laws.resolveOrThrow(rules, input, Chooser.firstLegal)
 * ```
 */
export const resolveOrThrow = (
  rules: Policy.Rules,
  input: Input,
  chooser: Chooser.SyncChooser,
  options: Kernel.Options = {}
): Kernel.Resolution => {
  const r = Resolver.resolveSync(rules, input.event, input.ledger, input.view, chooser, options)
  if (Result.isFailure(r)) throw new Error(`resolution failed: ${r.failure._tag}: ${r.failure.message}`)
  return r.success
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v instanceof Map ? [...v] : v instanceof Set ? [...v] : typeof v === "function" ? undefined : v
  )

/**
 * Determinism and replay: the same inputs and chooser give an identical resolution (result,
 * ledger, view, trace, decisions), and replaying its decision log gives it again. Returns the
 * differences found (empty when deterministic).
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * import { Laws } from "@bulwark/testing"
 * // Laws.determinism(rules, () => input, Chooser.firstLegal) // []
 * ```
 */
export const determinism = (
  rules: Policy.Rules,
  input: () => Input,
  chooser: Chooser.SyncChooser
): ReadonlyArray<string> => {
  const out: Array<string> = []
  const first = input()
  const a = Resolver.resolveSync(rules, first.event, first.ledger, first.view, chooser)
  const b = Resolver.resolveSync(rules, input().event, input().ledger, input().view, chooser)
  if (Result.isFailure(a) || Result.isFailure(b)) {
    if (Result.isSuccess(a) || Result.isSuccess(b)) out.push("one run failed, the other did not")
    else if (a.failure._tag !== b.failure._tag || a.failure.message !== b.failure.message)
      out.push(`different failures: ${a.failure.message} / ${b.failure.message}`)
    return out
  }
  if (canonical(a.success) !== canonical(b.success)) out.push("two runs on the same inputs differ")
  const again = input()
  const replayed = Resolver.replay(rules, again.event, again.ledger, again.view, a.success.decisions)
  if (Result.isFailure(replayed)) out.push(`replay failed: ${replayed.failure.message}`)
  else {
    const x = replayed.success
    const y = a.success
    if (canonical(x.outcomes) !== canonical(y.outcomes)) out.push("replay: outcomes differ")
    if (canonical(x.happened) !== canonical(y.happened)) out.push("replay: what happened differs")
    if (canonical(x.trace) !== canonical(y.trace)) out.push("replay: trace differs")
    if (canonical(x.ledger) !== canonical(y.ledger)) out.push("replay: ledger differs")
    if (canonical(x.view) !== canonical(y.view)) out.push("replay: view differs")
    if (canonical(x.decisions) !== canonical(y.decisions)) out.push("replay: decisions differ")
  }
  return out
}

/**
 * Termination: the kernel is driven step by step and must finish (or fail with a typed error)
 * within `maxDecisions` decisions. Returns the number of decisions it took, or throws.
 *
 * @example
 * ```ts
 * import { Chooser } from "@bulwark/core"
 * import { Laws } from "@bulwark/testing"
 * // Laws.terminates(rules, input, Chooser.firstLegal, 1000)
 * ```
 */
export const terminates = (
  rules: Policy.Rules,
  input: Input,
  chooser: Chooser.SyncChooser,
  maxDecisions = 10_000
): number => {
  let step = Kernel.start(rules, input.event, input.ledger, input.view)
  let n = 0
  while (step._tag === "Pending") {
    if (++n > maxDecisions) throw new Error(`no end after ${maxDecisions} decisions`)
    const answer = chooser(step.request, step.state)
    if (answer === undefined) throw new Error(`the chooser did not answer ${step.request.id}`)
    step = Kernel.resume(step.state, answer)
  }
  return n
}

/**
 * Deep-freezes a value so that any mutation by the code under test throws.
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * const frozen = Laws.deepFreeze({ a: [1] })
 * Object.isFrozen(frozen.a) // true
 * ```
 */
export const deepFreeze = <A>(a: A): A => {
  if (typeof a === "object" && a !== null && !Object.isFrozen(a)) {
    Object.freeze(a)
    for (const v of Object.values(a)) deepFreeze(v)
  }
  return a
}

const mix = (h: number, s: string): number => {
  let x = h >>> 0
  for (let i = 0; i < s.length; i++) x = Math.imul(x ^ s.charCodeAt(i), 0x01000193) >>> 0
  x ^= x >>> 15
  x = Math.imul(x, 0x2c1b3c6d) >>> 0
  x ^= x >>> 12
  return x >>> 0
}

/**
 * A seeded "arbitrary legal" chooser: answers each request with one of its legal answers
 * (`Decision.legalAnswers`, at most `limit` of them for a division), picked by a hash of the seed, the request and how many decisions
 * were made before. It is a pure function of its inputs, so the same resolution gets the same
 * answers (determinism and replay can be checked with it).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * const chooser = Laws.seededChooser(42)
 * ```
 */
export const seededChooser =
  (seed: number, limit = 64): Chooser.SyncChooser =>
  (request, state) => {
    const answers = Decision.legalAnswers(request, limit)
    if (answers.length === 0) return undefined
    const h = mix(mix(seed, request.id), `${request._tag}|${request.chooser}|${state.log.length}`)
    return answers[h % answers.length]
  }

/**
 * A resolution's outcome, as a canonical string that does not depend on the order of the event's
 * occurrences or of the ledger's effects: what happened to each original occurrence (an
 * occurrence made during the resolution — a result, a cost, an additional effect — by what it
 * is, not by the id it was given), each effect's ledger
 * state, the prevention notices and the view, all sorted.
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.outcomeKey(resolution) === Laws.outcomeKey(other) // the same outcome
 * ```
 */
export const outcomeKey = (r: Kernel.Resolution, exact = true): string => {
  const sorted = (xs: ReadonlyArray<string>) => [...xs].sort().join(";")
  const happened = r.outcomes
    .filter((o) => o.status === "happened")
    // an occurrence the kernel or a results stage made (results, costs, additional effects) is
    // named after whichever occurrence came first: compared by what it is, not by that name
    .map(
      (o) =>
        `${o.cause === "event" ? o.origin : ""}|${o.cause}|${o.family}|${o.subject}|${o.source ?? ""}|${o.amount}|${stable(o.params)}`
    )
  const limited = new Set(r.ledger.effects.filter((e) => e.limit !== undefined).map((e) => e.id))
  const states = Object.keys(r.ledger.state).map((id) => {
    const st = r.ledger.state[id]
    // not exact: a use count matters only to an effect with a use limit
    return `${id}=${stable(exact || limited.has(id) || st === undefined ? st : { ...st, uses: 0 })}`
  })
  // not exact: how much each prevention prevented (its notice) is not compared
  const notices = exact ? r.notifications.map((n) => `${n.effect}:${n.amount}`) : []
  return [sorted(happened), sorted(states), sorted(notices), stable(r.view.objects)].join("\n")
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]])
        )
      : v
  )

/**
 * Every outcome reachable from a resolution's inputs over all legal answers to every decision
 * (`Decision.legalAnswers`, at most `answers` per division), as {@link outcomeKey} strings; a
 * failed branch is recorded by its error tag. `undefined` when the search would visit more than
 * `maxNodes` decisions (the caller skips such a world).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.reachable(rules, input)?.size // how many different outcomes the players can reach
 * ```
 */
export const reachable = (
  rules: Policy.Rules,
  input: Input,
  maxNodes = 400,
  answers = 16,
  options: Kernel.Options = {},
  exact = true
): ReadonlySet<string> | undefined => {
  const out = new Set<string>()
  let nodes = 0
  const go = (step: Kernel.Step): boolean => {
    if (step._tag === "Done") {
      out.add(outcomeKey(step.resolution, exact))
      return true
    }
    if (step._tag === "Failed") {
      out.add(`failed: ${step.error._tag}`)
      return true
    }
    if (++nodes > maxNodes) return false
    for (const a of Decision.legalAnswers(step.request, answers))
      if (!go(Kernel.resume(step.state, a))) return false
    return true
  }
  const start = Kernel.start(rules, input.event, input.ledger, input.view, { ...options, trace: false })
  return go(start) ? out : undefined
}

/**
 * The input with its event's occurrences and its ledger's effects in another order (reversed, or
 * rotated by `shift`): the same game, written down differently.
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.permuted(input, 1) // occurrences and effects rotated by one
 * ```
 */
export const permuted = (input: Input, shift = -1): Input => {
  const reorder = <A>(xs: ReadonlyArray<A>): ReadonlyArray<A> => {
    if (shift < 0 || xs.length === 0) return [...xs].reverse()
    const k = shift % xs.length
    return [...xs.slice(k), ...xs.slice(0, k)]
  }
  return {
    ...input,
    event: { ...input.event, occurrences: reorder(input.event.occurrences) },
    ledger: { ...input.ledger, effects: reorder(input.ledger.effects) }
  }
}

/**
 * Permutation law: the order in which an event's occurrences and a ledger's effects are written
 * changes no reachable outcome. The sets of outcomes reachable over all choices (see
 * {@link reachable}) are compared for the input and its reordering; who takes a limited effect
 * is the players' choice (MTG CR 615.7, 616.1; Riftbound 373), never the listing's. Returns the
 * differences (empty when the law holds, or when the search is too large to compare).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.permutationInvariant(rules, input) // []
 * ```
 */
export const permutationInvariant = (
  rules: Policy.Rules,
  input: Input,
  shift = -1,
  maxNodes = 400
): ReadonlyArray<string> => {
  const a = reachable(rules, input, maxNodes)
  if (a === undefined) return []
  const b = reachable(rules, permuted(input, shift), maxNodes)
  if (b === undefined) return []
  const out: Array<string> = []
  for (const k of a) if (!b.has(k)) out.push(`reachable as written, not when reordered:\n${k}`)
  for (const k of b) if (!a.has(k)) out.push(`reachable when reordered, not as written:\n${k}`)
  return out
}

/**
 * Order prompts only when the order can matter: skipping the order prompts whose every order
 * gives the same outcome leaves the same set of reachable outcomes as asking every one
 * (`Kernel.Options.askEveryOrder`). Outcomes are compared as the game sees them (`outcomeKey`
 * not exact): a use count only where the effect has a use limit, and not how much each
 * prevention prevented (its notice) — the kernel's shortcut compares the same. Returns the differences (empty when the law holds, or when
 * the search is too large to compare).
 *
 * @example
 * ```ts
 * import { Laws } from "@bulwark/testing"
 * // Laws.shortcutExact(rules, input) // []
 * ```
 */
export const shortcutExact = (rules: Policy.Rules, input: Input, maxNodes = 400): ReadonlyArray<string> => {
  const skipping = reachable(rules, input, maxNodes, 16, { askEveryOrder: false }, false)
  if (skipping === undefined) return []
  const asking = reachable(rules, input, maxNodes, 16, { askEveryOrder: true }, false)
  if (asking === undefined) return []
  const out: Array<string> = []
  for (const k of asking)
    if (!skipping.has(k)) out.push(`reachable asking every order, not with the shortcut:\n${k}`)
  for (const k of skipping)
    if (!asking.has(k)) out.push(`reachable with the shortcut, not asking every order:\n${k}`)
  return out
}
