/**
 * The end of an event and of the resolution (algorithm step 5): when no group has anything left,
 * the occurrences at more than 0 happen (the ruleset's `commit` updates the view); damage goes
 * through the ruleset's results stage together with the additional effects of the preventions
 * that applied, as a new event; otherwise the additional effects are resolved as a new event.
 * Those new events are left in `State.next` for the step machine to push at its next turn.
 * Damage dealt in that new event (an additional part's) is processed into its results in turn,
 * like any dealt damage.
 *
 * @internal
 */
import * as GameEvent from "../../GameEvent.js"
import type { Outcome, Resolution } from "../../Kernel.js"
import * as Ledger from "../../Ledger.js"
import type * as Policy from "../../Policy.js"
import type * as Trace from "../../Trace.js"
import * as Commit from "./commit.js"
import { failOf, traceFailed } from "./frame.js"
import type { Frame, NextFrame, State } from "./state.js"
import { NO_OCCURRENCES } from "./state.js"

/**
 * Records what a commit did less of than asked: the outcome's amount is what was done and
 * `notDone` the rest; an occurrence of which nothing was done did not happen (`failed`, left out
 * of `happened`), with the commit's reason in the trace (MTG 614.6 / 609.3, FaB 8.5.6b).
 */
const reportDone = (
  s: State,
  firstOutcome: number,
  happened: Array<GameEvent.Occurrence>,
  short: ReadonlyMap<string, Policy.Committed>
): void => {
  for (let i = firstOutcome; i < s.outcomes.length; i++) {
    const o = s.outcomes[i] as Outcome
    const c = short.get(o.id)
    if (c === undefined) continue
    s.outcomes[i] = {
      ...o,
      amount: c.done,
      notDone: o.amount - c.done,
      status: c.done > 0 ? o.status : "failed"
    }
    if (c.why !== undefined)
      s.trace?.push({
        _tag: "Note",
        text: `${o.id} (${o.family} to ${o.subject}): ${c.done} of ${o.amount} done: ${c.why.reason}`,
        rule: c.why.rule,
        phrase: {
          key: "partlyDone",
          args: {
            occurrence: o.id,
            family: o.family,
            subject: o.subject,
            done: String(c.done),
            amount: String(o.amount),
            reason: c.why.phrase === undefined ? c.why.reason : { ...c.why.phrase, text: c.why.reason }
          }
        }
      })
  }
  let k = 0
  for (const h of happened) {
    const c = short.get(h.id)
    if (c === undefined) happened[k++] = h
    else if (c.done > 0) happened[k++] = { ...h, amount: c.done }
  }
  happened.length = k
}

/** The damage among what happened: the list itself when it is all damage (a filter's list grows by `push`). */
export const damageOf = (
  happened: ReadonlyArray<GameEvent.Occurrence>
): ReadonlyArray<GameEvent.Occurrence> => {
  let n = 0
  for (let i = 0; i < happened.length; i++)
    if ((happened[i] as GameEvent.Occurrence).family === GameEvent.DAMAGE) n++
  return n === happened.length
    ? happened
    : n === 0
      ? NO_OCCURRENCES
      : happened.filter((o) => o.family === GameEvent.DAMAGE)
}

/** What became of an occurrence, as `finishFrame` and the decision-free run (`fast`) report it. */
export const outcomeOf = (
  occ: GameEvent.Occurrence,
  origin: string,
  event: string,
  cause: Outcome["cause"],
  proposed: number,
  modified: number,
  prevented: number,
  status: Outcome["status"],
  replacedBy: ReadonlyArray<string>,
  applied: ReadonlyArray<string>
): Outcome => ({
  id: occ.id,
  origin,
  event,
  cause,
  family: occ.family,
  subject: occ.subject,
  source: occ.source,
  kinds: occ.kinds,
  params: occ.params,
  proposed,
  modified,
  prevented,
  amount: status === "replaced" || status === "failed" ? 0 : occ.amount,
  status,
  replacedBy,
  applied
})

/** An outcome with its declined effects taken out of `applied` and listed as `declined`. */
const withDeclined = (o: Outcome, declined: ReadonlyArray<string>): Outcome => ({
  ...o,
  applied: o.applied.filter((id) => !declined.includes(id)),
  declined
})

export const finishFrame = (s: State): void => {
  const frame = s.frames.pop() as Frame
  const firstOutcome = s.outcomes.length
  // lists are made at their first element (an empty list's first push reserves 17 slots)
  let made1: Array<GameEvent.Occurrence> | undefined
  for (const it of frame.items) {
    // an occurrence moved to another subject (a redirect) is checked again where it now goes
    if (it.status === "live" && it.occ.amount > 0) {
      const failed = failOf(s, it)
      if (failed !== undefined) traceFailed(s, it, failed)
    }
    const status = it.status === "live" ? (it.occ.amount > 0 ? "happened" : "zero") : it.status
    const outcome = outcomeOf(
      it.occ,
      it.origin,
      frame.event,
      frame.cause,
      it.proposed,
      it.modified,
      it.prevented,
      status,
      it.replacedBy,
      it.applied
    )
    // a declined "may" effect has not been applied (Riftbound 371.2.b): it was only marked, so
    // that it is not offered again for this occurrence, and is reported apart
    const reported = it.declined.length === 0 ? outcome : withDeclined(outcome, it.declined)
    if (s.outcomes.length === 0) s.outcomes = [reported]
    else s.outcomes.push(reported)
    if (status === "happened") {
      if (made1 === undefined) made1 = [it.occ]
      else made1.push(it.occ)
    }
  }
  const happened = made1 ?? (NO_OCCURRENCES as Array<GameEvent.Occurrence>)
  if (s.rules.replacementsFirst === true && happened.length > 1) {
    // the occurrences a replacement made happen before the simultaneous unmodified ones
    const made = new Set(frame.items.filter((i) => i.origin !== i.occ.id).map((i) => i.occ.id))
    const first = happened.filter((o) => made.has(o.id))
    if (first.length > 0 && first.length < happened.length) {
      const rest = happened.filter((o) => !made.has(o.id))
      happened.length = 0
      happened.push(...first, ...rest)
    }
  }
  const commit = s.rules.commit
  // one copy of the objects for the whole batch, not one per occurrence; what the commit did
  // less of than asked is what the outcome records (MTG 609.3, FaB 8.5.6b)
  let contained: ReadonlyArray<GameEvent.Occurrence> | undefined
  if (commit !== undefined && happened.length > 0) {
    const c = Commit.commitBatch(s.view, commit, happened)
    s.view = c.view
    if (c.short !== undefined) reportDone(s, firstOutcome, happened, c.short)
    contained = c.contained
  }
  // the first batch that happens is the list itself (nothing changes it from here on)
  if (s.happened.length === 0 && made1 !== undefined) s.happened = made1
  else for (const o of happened) s.happened.push(o)
  s.trace?.push({
    _tag: "EventFinished",
    event: frame.event,
    happened: happened.map((h) => ({
      id: h.id,
      family: h.family,
      subject: h.subject,
      amount: h.amount,
      ...(h.params === undefined || Object.keys(h.params).length === 0 ? {} : { params: h.params })
    }))
  })
  // Dealt damage is processed into its results, as a new event that can be replaced in turn,
  // together with the additional effects of the preventions that applied (MTG 120.4 example 2:
  // Awe Strike's life gain joins the damage event's results). Damage dealt *in* a results event
  // — a prevention's additional part (615.5), or a result replaced by damage — is an occurrence
  // like any other: it was replaced and prevented there, it is dealt, and it too is processed
  // into its results (120.3), so what is dealt and the state after never disagree. A cost's
  // damage is not processed (it is the cost's own event).
  // the events to push, in order (the last is resolved first); made at the first
  let next: Array<NextFrame> | undefined
  const results = s.rules.results
  const dealt = results === undefined || frame.cause === "cost" ? NO_OCCURRENCES : damageOf(happened)
  const made = dealt.length === 0 ? NO_OCCURRENCES : (results as Policy.ResultsPolicy).results(dealt, s.view)
  if (
    results !== undefined &&
    frame.cause !== "cost" &&
    (made.length > 0 || (frame.cause !== "results" && frame.followUps.length > 0))
  ) {
    if (made.length > 0)
      s.trace?.push({
        _tag: "Note",
        text: "dealt damage is processed into its results, which can be replaced in turn",
        rule: results.rule,
        phrase: { key: "results", args: {} }
      })
    next = [
      {
        event: `${frame.event}:results`,
        cause: "results",
        occurrences:
          frame.followUps.length === 0
            ? made
            : made.length === 0
              ? frame.followUps
              : [...made, ...frame.followUps]
      }
    ]
  } else if (frame.followUps.length > 0) {
    next = [{ event: `${frame.event}:additional`, cause: "additional", occurrences: frame.followUps }]
  }
  // the events contained in what happened (MTG 616.1g: a token's entering, contained in its
  // creation) are resolved first, as an event of their own — on top of the stack, before the
  // outer event's results and additional effects go on
  if (contained !== undefined) {
    const inner: NextFrame = { event: `${frame.event}:contained`, cause: frame.cause, occurrences: contained }
    if (next === undefined) next = [inner]
    else next.push(inner)
  }
  if (next !== undefined) s.next = next
}

/** The trace of a resolution run with `trace: false` (shared, frozen). */
export const NO_TRACE: ReadonlyArray<Trace.Record> = Object.freeze([])

/** The summary of a resolution that dealt or prevented nothing (shared, frozen). */
const NO_DAMAGE: Readonly<Record<string, number>> = Object.freeze({})

export const finish = (s: State): Resolution =>
  resolutionOf(
    s.outcomes,
    s.happened,
    s.notifications,
    s.change1Id === undefined
      ? Ledger.withOwnedStates(s.baseLedger, s.changes)
      : Ledger.withState(s.baseLedger, s.change1Id, s.change1 as Ledger.EffectState),
    s.view,
    s.trace ?? NO_TRACE,
    s.log
  )

/** The resolution of what a run made (`finish`, and the decision-free run `fast`). */
export const resolutionOf = (
  outcomes: ReadonlyArray<Outcome>,
  happened: ReadonlyArray<GameEvent.Occurrence>,
  notifications: ReadonlyArray<Resolution["notifications"][number]>,
  ledger: Ledger.Ledger,
  view: Resolution["view"],
  trace: ReadonlyArray<Trace.Record>,
  decisions: Resolution["decisions"]
): Resolution => {
  // the `dealt` / `prevented` summaries, per damage recipient, built eagerly. A first version
  // used lazy getters in the returned object literal: creating such an object costs microseconds
  // in V8, and the single-shield bench row fell from about 500k to 250k resolutions/s. This loop
  // is within the bench's noise (about 100 more bytes per resolution that deals or prevents
  // damage); a resolution that deals nothing shares one frozen empty record.
  let dealt = NO_DAMAGE
  let prevented = NO_DAMAGE
  for (const o of outcomes) {
    if (o.family !== GameEvent.DAMAGE) continue
    if (o.prevented > 0) {
      if (prevented === NO_DAMAGE) prevented = {}
      ;(prevented as Record<string, number>)[o.subject] = (prevented[o.subject] ?? 0) + o.prevented
    }
    if (o.status === "happened") {
      if (dealt === NO_DAMAGE) dealt = {}
      ;(dealt as Record<string, number>)[o.subject] = (dealt[o.subject] ?? 0) + o.amount
    }
  }
  return { outcomes, dealt, prevented, happened, notifications, ledger, view, trace, decisions }
}
