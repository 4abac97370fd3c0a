/**
 * The step loop's bookkeeping behind `Ruleset.run`: the accumulator of a run (view, ledger,
 * events, decisions, trace), what one event's resolution adds to it (`record`: its outcome when
 * kept, its resolution when kept, its trace unless it is a quiet step with nothing to do), the
 * simple steps (`applySimple`), the per-event outcome (`eventOutcome`) and the final
 * `RunResult` (`finishRun`). Invariant: an event's outcome, decisions and trace are added in
 * the order the steps run, and nothing is added for a step that failed.
 *
 * @internal
 */
import type * as Chooser from "../Chooser.js"
import type * as Decision from "../Decision.js"
import type * as GameEvent from "../GameEvent.js"
import type * as GameView from "../GameView.js"
import type * as Kernel from "../Kernel.js"
import * as Ledger from "../Ledger.js"
import * as Modifiers from "../Modifiers.js"
import type { Compiled, EventOutcome, Json, Outcome, RunOptions, RunResult, Step } from "../Ruleset.js"
import type * as Trace from "../Trace.js"
import * as Words from "../Words.js"
import * as Zones from "../Zones.js"

/** The kind that marks an `event` step's occurrence as a cost (its outcome says whether it was paid). */
export const COST_KIND = "cost"

export const eventOutcome = (r: Kernel.Resolution): EventOutcome => {
  const occurrences: Record<string, EventOutcome["occurrences"][string]> = {}
  for (const o of r.outcomes) {
    occurrences[o.id] = {
      family: o.family,
      subject: o.subject,
      source: o.source ?? null,
      kinds: o.kinds,
      params: o.params as Record<string, Json>,
      proposed: o.proposed,
      modified: o.modified,
      prevented: o.prevented,
      amount: o.amount,
      status: o.status,
      cause: o.cause,
      applied: o.applied,
      replacedBy: o.replacedBy,
      ...(o.notDone === undefined ? {} : { notDone: o.notDone }),
      ...(o.cause === "cost" || o.kinds.includes(COST_KIND)
        ? { paid: (o.status === "happened" && o.notDone === undefined) || o.status === "replaced" }
        : {})
    }
  }
  return {
    dealt: r.dealt,
    prevented: r.prevented,
    occurrences,
    happened: r.happened.map((h) => ({
      id: h.id,
      family: h.family,
      subject: h.subject,
      source: h.source ?? null,
      amount: h.amount
    })),
    notifications: r.notifications.map((n) => ({ effect: n.effect, amount: n.amount }))
  }
}

export const stateOfView = (view: GameView.GameView, zones: Zones.Zones | undefined): Outcome["state"] => {
  const out: Record<string, Record<string, Json>> = {}
  for (const [id, o] of Object.entries(view.objects)) {
    const entry: Record<string, Json> = { ...(o.props as Record<string, Json>) }
    if (o.zone !== undefined) entry["zone"] = o.zone
    // a card outside the ruleset's control zones has no controller (MTG 108.4, FaB 1.3.1b)
    if (o.controller !== undefined && Zones.hasController(zones, o)) entry["controller"] = o.controller
    out[id] = entry
  }
  return out
}

export interface Acc {
  zones: Zones.Zones | undefined
  view: GameView.GameView
  ledger: Ledger.Ledger
  allEffects: Map<string, Ledger.Ledger["effects"][number]>
  events: Record<string, EventOutcome>
  queries: Record<string, Json>
  decisions: Array<Decision.LogEntry>
  resolutions: Array<Kernel.Resolution>
  trace: Array<Trace.Record>
  /** Whether `resolutions` keeps each event's resolution ({@link RunOptions}). */
  keepResolutions: boolean
  keepEvent: ((id: string) => boolean) | undefined
}

export const finishRun = (acc: Acc, error?: { tag: string; message: string; step: number }): RunResult => {
  const effects: Record<string, Outcome["effects"][string]> = {}
  const present = new Set(acc.ledger.effects.map((e) => e.id))
  for (const [id, e] of acc.allEffects) {
    const st = present.has(id) ? Ledger.stateOf(acc.ledger, id) : undefined
    const s = st ?? Ledger.initialState(e)
    effects[id] = {
      remaining: s.remaining ?? null,
      uses: s.uses,
      spent: s.spent,
      gone: s.spent || !present.has(id)
    }
  }
  const outcome: Outcome = {
    events: acc.events,
    state: stateOfView(acc.view, acc.zones),
    effects,
    decisions: acc.decisions.map((d) => ({
      id: d.request.id,
      kind: d.request._tag,
      chooser: d.request.chooser,
      answer: d.answer as Json,
      rule: d.request.rule
    })),
    queries: acc.queries,
    ...(error === undefined ? {} : { error })
  }
  return { outcome, resolutions: acc.resolutions, trace: acc.trace, ledger: acc.ledger, view: acc.view }
}

export const applySimple = (acc: Acc, step: Exclude<Step, { _tag: "Event" } | { _tag: "Query" }>): void => {
  switch (step._tag) {
    case "Advance":
      acc.ledger = Ledger.advance(acc.ledger, step.boundary)
      acc.view = Modifiers.advance(acc.view, step.boundary)
      acc.trace.push({
        _tag: "Note",
        text: `time passes: ${Words.spaced(step.boundary)}`,
        rule: "effects that last until then end",
        phrase: { key: "timePasses", args: { boundary: Words.spaced(step.boundary), time: step.boundary } }
      })
      break
    case "AddEffects":
      acc.ledger = Ledger.add(acc.ledger, step.effects)
      for (const e of step.effects) acc.allEffects.set(e.id, e)
      acc.trace.push({
        _tag: "Note",
        text: `new effects: ${step.effects.map((e) => e.id).join(", ")}`,
        rule: "scenario",
        phrase: { key: "newEffects", args: { effects: step.effects.map((e) => e.id).join(", ") } }
      })
      break
    case "Update": {
      const before = acc.view
      acc.view = step.apply(acc.view)
      if (step.quiet === true && acc.view === before) break
      acc.trace.push({
        _tag: "Note",
        text: step.label,
        rule: "scenario",
        ...(step.phrase === undefined ? {} : { phrase: step.phrase })
      })
      break
    }
  }
}

export const newAcc = (compiled: Compiled, zones: Zones.Zones | undefined, options: RunOptions): Acc => ({
  zones,
  view: compiled.view,
  ledger: compiled.ledger,
  allEffects: new Map(compiled.ledger.effects.map((e) => [e.id, e] as const)),
  events: {},
  queries: {},
  decisions: [],
  resolutions: [],
  trace: [],
  keepResolutions: options.resolutions !== false,
  keepEvent: options.keepEvent
})

export const record = (acc: Acc, event: GameEvent.GameEvent, r: Kernel.Resolution, quiet = false): void => {
  acc.view = r.view
  acc.ledger = r.ledger
  if (acc.keepEvent === undefined || acc.keepEvent(event.id)) acc.events[event.id] = eventOutcome(r)
  if (acc.keepResolutions) acc.resolutions.push(r)
  // a check with nothing to do (nothing happened, nothing applied, nobody asked) says nothing
  const silent =
    quiet &&
    r.happened.length === 0 &&
    r.trace.every((t) => t._tag !== "Applied" && t._tag !== "Decided" && t._tag !== "NotApplied")
  // a loop, not push(...xs): a 100 000-occurrence event has more records than a call has arguments
  if (!silent) for (const t of r.trace) acc.trace.push(t)
  for (const d of r.decisions) acc.decisions.push(d)
}

export const offset =
  (chooser: Chooser.SyncChooser, acc: Acc): Chooser.SyncChooser =>
  (request, state) =>
    chooser(request, { ...state, log: [...acc.decisions, ...state.log] })
