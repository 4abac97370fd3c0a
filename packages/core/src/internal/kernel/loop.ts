/**
 * The step machine: `start` checks the input and pushes the event's frame, `run` takes the top
 * frame's groups in order, asks the ordering policy for each, applies or suspends on a decision,
 * and finishes the frame when no group has anything left. The number of steps is bounded
 * (`maxSteps`); the chooser of every decision comes from the policy and is recorded.
 *
 * @internal
 */
import type * as Decision from "../../Decision.js"
import * as Errors from "../../Errors.js"
import type * as GameEvent from "../../GameEvent.js"
import type * as GameView from "../../GameView.js"
import type { Options, Outcome, Step } from "../../Kernel.js"
import type * as Ledger from "../../Ledger.js"
import * as Policy from "../../Policy.js"
import type * as Replacement from "../../Replacement.js"
import { candidatesOf, traceNotApplied } from "./candidates.js"
import { Failure, fail } from "./failure.js"
import { fastResolve } from "./fast.js"
import { finish, finishFrame } from "./finish.js"
import { applyFirst } from "./first.js"
import { pushFrame } from "./frame.js"
import { inSequence, linkedCandidates, linkedGroups } from "./linked.js"
import { orderDoesNotMatterSafe } from "./orderShortcut.js"
import { optionsOf, prepared } from "./prepared.js"
import type { Paused, Sliced } from "./sliced.js"
import { continueApply } from "./stages.js"
import type { Frame, Item, State } from "./state.js"
import { FIRST, membersOf, NO_CHANGES, NO_EFFECTS, NOTHING, opaque, progressed } from "./state.js"
import { validateWith } from "./validate.js"

const startFrame = (s: State, frame: Frame): Decision.Request | undefined => {
  frame.started = true
  const sp = s.rules.order.startingPlayer
  if (sp === undefined) return undefined
  const controllers = new Set<string>()
  for (const g of frame.groups) for (const c of candidatesOf(s, frame, g)) controllers.add(c.controller)
  if (controllers.size < 2) {
    frame.startingPlayer = s.view.activePlayer
    return undefined
  }
  frame.awaiting = { _tag: "Start" }
  return {
    _tag: "StartingPlayer",
    id: `d${s.log.length + 1}`,
    chooser: s.view.activePlayer,
    options: s.view.players,
    rule: sp.rule
  }
}

/** An ordering policy's context, written field by field (see {@link askOrder}). */
interface Context {
  view: GameView.GameView | undefined
  group: string
  affected: string
  candidates: ReadonlyArray<Replacement.Replacement>
  progress: Policy.Progress
  startingPlayer: string | undefined
}

const contextOf = (): Context => ({
  view: undefined,
  group: "",
  affected: "",
  candidates: NO_EFFECTS,
  progress: FIRST,
  startingPlayer: undefined
})

/**
 * The one context handed to a policy that keeps none (`Policy.keepsNoContext`). Taken while the
 * policy answers, so a resolution inside its `chooserOf` gets a context of its own; emptied
 * after, so it keeps nothing of a resolution alive; one lost to a throw is made again.
 */
let spareContext: Context | undefined = contextOf()

/**
 * What the ordering policy says for a group. A policy that keeps nothing of its context (the
 * built-in one) is handed one object refilled at every step; any other a new one per step.
 */
const askOrder = (
  s: State,
  group: string,
  affected: string,
  candidates: ReadonlyArray<Replacement.Replacement>,
  progress: Policy.Progress,
  startingPlayer: string | undefined
): Policy.Step => {
  if (!s.reuseContext)
    return s.rules.order.next({ view: s.view, group, affected, candidates, progress, startingPlayer })
  const ctx = spareContext ?? contextOf()
  spareContext = undefined
  ctx.view = s.view
  ctx.group = group
  ctx.affected = affected
  ctx.candidates = candidates
  ctx.progress = progress
  ctx.startingPlayer = startingPlayer
  const step = s.rules.order.next(ctx as Policy.OrderContext)
  ctx.view = undefined
  ctx.candidates = NO_EFFECTS
  spareContext = ctx
  return step
}

/** Pushes an event's frame, and applies the policy's `first` modifiers to it (`first.ts`). */
const push = (
  s: State,
  event: string,
  cause: Outcome["cause"],
  occurrences: ReadonlyArray<GameEvent.Occurrence>
): void => {
  pushFrame(s, event, cause, occurrences)
  applyFirst(s, s.frames[s.frames.length - 1] as Frame)
}

export const run = (s: State): Sliced => {
  // a run does one stretch of work before its first pause, however short its slice: it progresses
  let fresh = true
  try {
    for (;;) {
      // a driver that asked for pauses gets one between two stretches of work (`sliced.ts`)
      if (s.sliceEnd !== undefined && !fresh && performance.now() > s.sliceEnd) return pause(s)
      fresh = false
      const next = s.next
      if (next !== undefined) {
        s.next = undefined
        for (const n of next) push(s, n.event, n.cause, n.occurrences)
      }
      const frame = s.frames[s.frames.length - 1]
      if (frame === undefined) return { _tag: "Done", resolution: finish(s) }
      if (++s.steps > s.maxSteps) {
        return fail(
          new Errors.InvariantBreach({
            invariant: "termination",
            detail: `more than ${s.maxSteps} steps resolving ${frame.event}`
          })
        )
      }
      if (!frame.started) {
        const req = startFrame(s, frame)
        if (req !== undefined) return suspend(s, req)
      }
      if (frame.pendingApply !== undefined) {
        const req = continueApply(s, frame)
        if (req !== undefined) return suspend(s, req)
        continue
      }
      let acted = false
      while (frame.cursor < frame.groups.length) {
        // an event of many groups: a look at the clock every 16 of them
        if (s.sliceEnd !== undefined && timeUp(s)) return pause(s)
        const group = frame.groups[frame.cursor] as string
        let candidates = candidatesOf(s, frame, group)
        const linked = candidates.length > 0 ? linkedGroups(s, frame, group, candidates) : undefined
        if (linked !== undefined) {
          candidates = linkedCandidates(s, frame, linked)
          const key = linked.join("\u0000")
          if (frame.linkedNoted !== key && s.trace !== undefined) {
            frame.linkedNoted = key
            const names =
              linked.length <= 1
                ? (linked[0] ?? "")
                : `${linked.slice(0, -1).join(", ")} or ${linked[linked.length - 1]}`
            const seq = inSequence(s, frame, group) ? s.rules.order.sequences : undefined
            s.trace.push(
              seq === undefined
                ? {
                    _tag: "Note",
                    text: `one limited effect could apply to ${names}: the effects on them are ordered together, by the one player who chooses for them all`,
                    rule: s.rules.order.linkedRule ?? "",
                    phrase: { key: "linked", args: { names } }
                  }
                : {
                    _tag: "Note",
                    text: `effects could apply to ${names}, simultaneous events of one player: the effects on them are ordered together by that player, each applying in one sequence`,
                    rule: seq.rule,
                    phrase: { key: "sequence", args: { names } }
                  }
            )
          }
        }
        if (candidates.length === 0 && s.doneWhenEmpty) {
          // nothing can apply, and the policy would say `Done` with the progress as it is
          traceNotApplied(s, frame, group)
          frame.cursor++
          continue
        }
        const progress = frame.progress.get(group) ?? FIRST
        const first = membersOf(frame, group)[0]
        const affected = first === undefined ? group : (frame.items[first] as Item).occ.subject
        const step = askOrder(s, group, affected, candidates, progress, frame.startingPlayer)
        // a policy that keeps the group's progress (the affected side chooses) writes no map:
        // what is read back is the same either way (`FIRST` when the group has no entry)
        if (step._tag === "Done") {
          if (step.progress !== progress) progressed(frame).set(group, step.progress)
          traceNotApplied(s, frame, group)
          frame.cursor++
          continue
        }
        if (step.progress !== progress) progressed(frame).set(group, step.progress)
        s.trace?.push({ _tag: "Candidates", group, tier: step.tier, candidates: candidates.map((c) => c.id) })
        if (step._tag === "Apply") {
          frame.pendingApply = {
            effect: step.effect,
            group,
            linked,
            tier: step.tier,
            rule: step.rule,
            chosenBy: step.chosenBy ?? "only candidate",
            stage: "start"
          }
        } else if (
          s.askEveryOrder !== true &&
          orderDoesNotMatterSafe(s, frame, group, linked, step.options)
        ) {
          // every order of the options ends in the same state: nobody is asked (the trace says so)
          s.trace?.push({
            _tag: "Note",
            text: `every order of ${step.options.join(", ")} gives the same outcome: the order doesn't matter, so ${step.chooser} is not asked`,
            rule: step.rule,
            phrase: { key: "sameOutcome", args: { options: step.options.join(", "), chooser: step.chooser } }
          })
          frame.pendingApply = {
            // the one taken is named by id, not by the order the ledger lists the options in
            effect: [...step.options].sort()[0] as string,
            group,
            linked,
            tier: step.tier,
            rule: step.rule,
            chosenBy: "the order doesn't matter",
            stage: "start"
          }
        } else {
          frame.awaiting = {
            _tag: "Choice",
            group,
            progress: step.progress,
            tier: step.tier,
            rule: step.rule,
            linked
          }
          return suspend(s, {
            _tag: "ChooseEffect",
            id: `d${s.log.length + 1}`,
            chooser: step.chooser,
            options: optionsOf(s, step.options),
            group,
            tier: step.tier,
            rule: step.rule,
            // the whole event as one group (FaB 6.5): whom it affects, for the question's words
            ...(group === "event" ? { subjects: [...new Set(frame.items.map((i) => i.occ.subject))] } : {})
          })
        }
        acted = true
        break
      }
      if (!acted) finishFrame(s)
    }
  } catch (err) {
    if (err instanceof Failure) return { _tag: "Failed", error: err.error }
    throw err
  }
}

/** Whether the slice is over, looked at every 16 calls (see {@link State.sliceEnd}). */
const timeUp = (s: State): boolean => {
  const tick = (s.tick ?? 0) + 1
  s.tick = tick & 15
  return tick === 16 && performance.now() > (s.sliceEnd as number)
}

const pause = (s: State): Paused => ({ _tag: "Paused", state: opaque(s) })

const suspend = (s: State, request: Decision.Request): Step => {
  // a pending state is handed to choosers, which may resume copies of it: none of them pauses
  if (s.sliceEnd !== undefined) s.sliceEnd = undefined
  s.pending = request
  return { _tag: "Pending", request, state: opaque(s) }
}

export const start = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  options: Options = {}
): Step => startWith(rules, event, ledger, view, options, undefined) as Step

/**
 * `start`, pausing every `sliceMs` milliseconds when that is given (`sliced.ts`); without it the
 * result is never `Paused`.
 */
export const startWith = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  view: GameView.GameView,
  options: Options,
  sliceMs: number | undefined
): Sliced => {
  const p = prepared(ledger.effects)
  const invalid = validateWith(event, ledger, view, p)
  if (invalid !== undefined) return { _tag: "Failed", error: invalid }
  // without a trace, a resolution that asks nothing may not need the step machine (`fast`)
  if (options.trace === false) {
    const done = fastResolve(rules, event, ledger, view, p)
    if (done !== undefined) return done
  }
  const s: State = {
    rules,
    baseLedger: ledger,
    index: p.index,
    base: undefined,
    view,
    changes: NO_CHANGES,
    change1Id: undefined,
    change1: undefined,
    frames: [],
    // the lists start as the shared empty one and are made at their first element
    outcomes: NOTHING as Array<never>,
    happened: NOTHING as Array<never>,
    notifications: NOTHING as Array<never>,
    trace: options.trace === false ? undefined : [],
    log: NOTHING as Array<never>,
    pending: undefined,
    steps: 0,
    seq: 0,
    maxSteps: rules.maxSteps ?? 64 * (ledger.effects.length + 1) * (event.occurrences.length + 1),
    askEveryOrder: options.askEveryOrder ?? rules.orderShortcut !== true,
    doneWhenEmpty: Policy.isDoneWhenEmpty(rules.order),
    reuseContext: Policy.keepsNoContext(rules.order),
    // in the literal, so that every state has one shape (a field added later costs a new one)
    sliceEnd: undefined,
    tick: 0,
    next: undefined
  }
  if (sliceMs === undefined) {
    try {
      push(s, event.id, "event", event.occurrences)
    } catch (err) {
      if (err instanceof Failure) return { _tag: "Failed", error: err.error }
      throw err
    }
  } else {
    s.sliceEnd = performance.now() + sliceMs
    // sliced, the event is pushed by `run` after its first look at the clock (the validation
    // may have taken the slice already)
    s.next = [{ event: event.id, cause: "event", occurrences: event.occurrences }]
  }
  return run(s)
}
