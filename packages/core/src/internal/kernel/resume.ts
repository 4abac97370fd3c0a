/**
 * Answers: `resume` checks an answer against the pending request and continues on a copy (or,
 * `unsafeResume`, on the state itself); `restore` replays a logged run from its inputs.
 *
 * @internal
 */
import * as Result from "effect/Result"
import * as Decision from "../../Decision.js"
import * as Errors from "../../Errors.js"
import type * as GameEvent from "../../GameEvent.js"
import type * as GameView from "../../GameView.js"
import type * as Kernel from "../../Kernel.js"
import type { Options, Step } from "../../Kernel.js"
import type * as Ledger from "../../Ledger.js"
import type * as Policy from "../../Policy.js"
import type * as Replacement from "../../Replacement.js"
import { markApplied } from "./apply.js"
import { targetsFor } from "./linked.js"
import { run, start } from "./loop.js"
import type { Sliced } from "./sliced.js"
import type { Frame, Item, PendingApply, State } from "./state.js"
import { cloneState, impl } from "./state.js"

// without a slice the step machine never pauses: a `Step`
export const resume = (state: Kernel.State, answer: Decision.Answer): Step =>
  resumeWith(impl(state), answer, true, undefined) as Step

export const unsafeResume = (state: Kernel.State, answer: Decision.Answer): Step =>
  resumeWith(impl(state), answer, false, undefined) as Step

/** `unsafeResume`, pausing every `sliceMs` milliseconds (`sliced.ts`). */
export const unsafeResumeSliced = (state: Kernel.State, answer: Decision.Answer, sliceMs: number): Sliced =>
  resumeWith(impl(state), answer, false, sliceMs)

/** The item an answer to a `Which` request gives its one point to (a function of its own: see `holdsFor`). */
const chosenItem = (frame: Frame, answer: Record<string, number>): Item | undefined => {
  const chosen = Object.keys(answer).find((k) => answer[k] === 1)
  return frame.items.find((i) => i.occ.id === chosen)
}

const resumeWith = (
  state: State,
  answer: Decision.Answer,
  copy: boolean,
  sliceMs: number | undefined
): Sliced => {
  const request = state.pending
  if (request === undefined) {
    return {
      _tag: "Failed",
      error: new Errors.InvariantBreach({
        invariant: "resume",
        detail: "the resolution is not waiting on a decision"
      })
    }
  }
  const why = Decision.check(request, answer)
  if (why !== undefined) {
    return {
      _tag: "Failed",
      error: new Errors.IllegalChoice({
        requestId: request.id,
        kind: request._tag,
        chooser: request.chooser,
        answer: JSON.stringify(answer),
        reason: why
      })
    }
  }
  const s = copy ? cloneState(state) : state
  if (sliceMs !== undefined) s.sliceEnd = performance.now() + sliceMs
  s.pending = undefined
  if (s.log.length === 0) s.log = [{ request, answer }]
  else s.log.push({ request, answer })
  s.trace?.push({ _tag: "Decided", request, answer })
  const frame = s.frames[s.frames.length - 1] as Frame
  const awaiting = frame.awaiting
  frame.awaiting = undefined
  switch (awaiting?._tag) {
    case "Start":
      frame.startingPlayer = answer as string
      break
    case "Choice":
      frame.pendingApply = {
        effect: answer as string,
        group: awaiting.group,
        linked: awaiting.linked,
        tier: awaiting.tier,
        rule: awaiting.rule,
        // read only by the trace: not built without one
        chosenBy: s.trace === undefined ? "" : `${request.chooser} chose`,
        stage: "start"
      }
      break
    case "Which": {
      const pa = frame.pendingApply as PendingApply
      const item = chosenItem(frame, answer as Record<string, number>)
      if (item !== undefined) pa.group = item.group
      pa.linked = undefined
      pa.stage = awaiting.stage
      break
    }
    case "Optional": {
      const pa = frame.pendingApply as PendingApply
      if (answer === true) pa.stage = "cost"
      else {
        const e = s.index.byId.get(pa.effect) as Replacement.Replacement
        for (const t of targetsFor(s, frame, pa, e, false)) {
          // not offered again for it, but not applied either (Riftbound 371.2.b)
          markApplied(s, frame, t, e)
          t.declined = t.declined.length === 0 ? [e.id] : [...t.declined, e.id]
        }
        s.trace?.push({
          _tag: "NotApplied",
          effect: e.id,
          group: pa.group,
          reason: "declined",
          rule: e.rule ?? pa.rule
        })
        frame.pendingApply = undefined
      }
      break
    }
    case "Allocate": {
      const pa = frame.pendingApply as PendingApply
      pa.allocation = answer as Record<string, number>
      break
    }
    case undefined:
      return {
        _tag: "Failed",
        error: new Errors.InvariantBreach({ invariant: "resume", detail: "no decision was awaited" })
      }
  }
  return run(s)
}

export const restore = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  stored: Decision.Stored | ReadonlyArray<Decision.LogEntry>,
  options: Options = {}
): Step => {
  // outside data: decoded (shape, legal answers, ruleset and version) before anything runs
  const decoded = Decision.decodeLog(rules, stored)
  if (Result.isFailure(decoded)) return { _tag: "Failed", error: decoded.failure }
  return replayDecoded(rules, event, ledger, view, decoded.success, options)
}

/** Starts the resolution and resumes it with each answer of a log already decoded. */
export const replayDecoded = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  log: ReadonlyArray<Decision.LogEntry>,
  options: Options = {}
): Step => {
  let step = start(rules, event, ledger, view, options)
  for (const entry of log) {
    // an answer of the log that was refused (illegal) is the error, not "the log is too long"
    if (step._tag === "Failed") return step
    if (step._tag !== "Pending") {
      return {
        _tag: "Failed",
        error: new Errors.InvariantBreach({
          invariant: "replay",
          detail: `the log has an answer for ${entry.request.id} (${entry.request._tag}), but the resolution asks nothing more`
        })
      }
    }
    const r = step.request
    if (entry.request._tag !== r._tag || entry.request.chooser !== r.chooser || entry.request.id !== r.id) {
      return {
        _tag: "Failed",
        error: new Errors.InvariantBreach({
          invariant: "replay",
          detail: `decision ${r.id} is ${r._tag} asked of ${r.chooser}, but the log has ${entry.request.id} (${entry.request._tag}) asked of ${entry.request.chooser}`
        })
      }
    }
    step = unsafeResume(step.state, entry.answer)
  }
  return step
}
