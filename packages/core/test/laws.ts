/**
 * The resolver's invariants as checkers: each takes a world and its resolution and returns the
 * violations it finds (empty when the law holds). The property tests run them over generated
 * worlds; `mutants.test.ts` shows each one catches a deliberately broken resolver.
 */
import {
  Decision,
  type GameEvent,
  GameView,
  Kernel,
  type Ledger,
  Policy,
  type Replacement,
  type Trace
} from "../src/index.js"
import { view } from "./fixtures.js"
import type { World } from "./world.js"

export type Law = (w: World, r: Kernel.Resolution) => ReadonlyArray<string>

const applied = (r: Kernel.Resolution) =>
  r.trace.filter((t): t is Extract<Trace.Record, { _tag: "Applied" }> => t._tag === "Applied")

const effectById = (w: World, id: string): Replacement.Replacement | undefined =>
  w.ledger.effects.find((e) => e.id === id)

/** 1. An effect modifies an original event at most once, including every event that replaces it. */
export const atMostOnce: Law = (_w, r) => {
  const out: Array<string> = []
  for (const o of r.outcomes) {
    if (new Set(o.applied).size !== o.applied.length)
      out.push(`${o.id} has an effect applied twice: ${o.applied.join(",")}`)
  }
  const seen = new Set<string>()
  for (const a of applied(r)) {
    for (const c of a.changes) {
      const key = `${a.effect}|${c.occurrence}`
      if (seen.has(key)) out.push(`${a.effect} applied to ${c.occurrence} twice`)
      seen.add(key)
    }
  }
  return out
}

/** 2. Candidates are recomputed against the modified event: an effect applies only while it applies. */
export const reEvaluated: Law = (w, r) => {
  const out: Array<string> = []
  for (const a of applied(r)) {
    const e = effectById(w, a.effect)
    if (e === undefined) continue
    for (const c of a.changes) {
      if (c.before <= 0) out.push(`${a.effect} applied to ${c.occurrence} at ${c.before}`)
      const cond = e.condition
      if (cond?._tag === "AmountIs" && typeof cond.value === "number" && c.before < cond.value) {
        out.push(`${a.effect} applied to ${c.occurrence} at ${c.before}, though it needs ≥ ${cond.value}`)
      }
      const subj = e.watch.subject
      if (subj?._tag === "Id" && e.action._tag !== "Redirect" && !subj.ids.includes(c.subject)) {
        out.push(`${a.effect} applied to ${c.occurrence} dealt to ${c.subject}, which it does not watch`)
      }
    }
  }
  return out
}

/** 3. Damage that reaches 0 is not dealt, and nothing resurrects it. */
export const zeroStaysZero: Law = (_w, r) => {
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

/** 4. Unpreventable damage: preventions still apply, prevent 0, keep their amount; additional parts happen. */
export const unpreventable: Law = (w, r) => {
  const out: Array<string> = []
  const unpreventableIds = new Set(w.event.occurrences.filter((o) => !o.preventable).map((o) => o.id))
  for (const o of r.outcomes)
    if (unpreventableIds.has(o.origin) && o.origin === o.id && o.prevented !== 0)
      out.push(`${o.id} can't be prevented but ${o.prevented} was`)
  for (const a of applied(r)) {
    const e = effectById(w, a.effect)
    if (e?.action._tag !== "Prevent") continue
    const onlyUnpreventable =
      a.changes.length > 0 && a.changes.every((c) => unpreventableIds.has(c.occurrence))
    if (onlyUnpreventable && a.remaining !== undefined && a.remaining.before !== a.remaining.after) {
      out.push(
        `${a.effect}'s shield changed ${a.remaining.before}→${a.remaining.after} on unpreventable damage`
      )
    }
    if (e.additional !== undefined && !r.outcomes.some((o) => o.id.startsWith(`${e.id}:additional`))) {
      out.push(`${a.effect} applied but its additional effect did not happen`)
    }
  }
  return out
}

/** 5. One batch is one event: a shield is consulted per batch, static prevention per occurrence, one notice per application. */
export const batch: Law = (w, r) => {
  const out: Array<string> = []
  for (const e of w.ledger.effects) {
    const a = e.action
    if (a._tag !== "Prevent") continue
    const recs = applied(r).filter((x) => x.effect === e.id)
    const total = recs.reduce((n, x) => n + x.changes.reduce((m, c) => m + c.prevented, 0), 0)
    if (a.scope === "shield" && typeof a.amount === "number" && total > a.amount)
      out.push(`${e.id} prevented ${total}, more than its ${a.amount}`)
    if (a.scope === "static" && typeof a.amount === "number") {
      for (const x of recs)
        for (const c of x.changes)
          if (c.prevented > a.amount)
            out.push(`${e.id} prevented ${c.prevented} of ${c.occurrence}, more than ${a.amount}`)
    }
    const notices = r.notifications.filter((n) => n.effect === e.id).length
    const withPrevention = recs.filter((x) => x.changes.some((c) => c.prevented > 0)).length
    if (notices !== withPrevention)
      out.push(`${e.id}: ${notices} notices for ${withPrevention} applications that prevented damage`)
  }
  return out
}

/** 6. The chooser of every decision comes from the ruleset's policy, and is recorded. */
export const rightChooser: Law = (w, r) => {
  const out: Array<string> = []
  for (const { request } of r.decisions) {
    switch (request._tag) {
      case "ChooseEffect":
        if (w.spec.rules === "affected") {
          const expected = GameView.controllerOf(w.view, request.group) ?? w.view.activePlayer
          if (request.chooser !== expected)
            out.push(`${request.id}: ${request.chooser} chose for ${request.group}, not ${expected}`)
        } else {
          for (const o of request.options) {
            const c = effectById(w, o.effect)?.controller
            if (c !== request.chooser)
              out.push(`${request.id}: ${request.chooser} ordered ${o.effect}, controlled by ${c}`)
          }
        }
        break
      case "UseOptional":
        if (effectById(w, request.effect)?.controller !== request.chooser)
          out.push(`${request.id}: ${request.chooser} decided a "may" of another player`)
        break
      case "Allocate": {
        const expected =
          w.spec.rules === "declare"
            ? effectById(w, request.effect)?.controller
            : (GameView.controllerOf(w.view, request.targets[0]?.subject ?? "") ?? w.view.activePlayer)
        if (request.chooser !== expected)
          out.push(`${request.id}: ${request.chooser} divided ${request.effect}, not ${expected}`)
        break
      }
      case "StartingPlayer":
        if (request.chooser !== w.view.activePlayer)
          out.push(`${request.id}: ${request.chooser} selected the starting player`)
        break
    }
  }
  const asked = r.trace.filter((t) => t._tag === "Decided").length
  if (asked !== r.decisions.length) out.push(`${r.decisions.length} decisions logged, ${asked} in the trace`)
  return out
}

/** 9. Accounting: for every occurrence, proposed + modifications − prevented = what is left; nothing negative. */
export const accounting: Law = (_w, r) => {
  const out: Array<string> = []
  for (const o of r.outcomes) {
    if (o.proposed < 0 || o.prevented < 0 || o.amount < 0) out.push(`${o.id} has a negative amount`)
    if (o.status === "replaced" || o.status === "failed") {
      if (o.amount !== 0) out.push(`${o.id} was ${o.status} but has amount ${o.amount}`)
      continue
    }
    if (o.proposed + o.modified - o.prevented !== o.amount) {
      out.push(`${o.id}: ${o.proposed} + ${o.modified} − ${o.prevented} ≠ ${o.amount}`)
    }
  }
  return out
}

/**
 * 10. Dealt and state agree (MTG 615.5, 120.3, 120.4): every occurrence that happened is what
 * changed the view — the view after is the view before with each happened occurrence committed,
 * in order — and every damage occurrence that was dealt (outside a cost), whatever dealt it (the
 * event, a prevention's additional part, a replacement), was processed into its results: each
 * result the ruleset makes of it was resolved (happened, reached 0 or was replaced).
 */
export const dealtAgreesWithState =
  (rules: Policy.Rules): Law =>
  (w, r) => {
    const out: Array<string> = []
    const commit = rules.commit
    let v: GameView.GameView = w.view
    const ids = new Set(r.outcomes.map((o) => o.id))
    let k = 0
    for (let i = 0; i < r.outcomes.length; ) {
      const event = (r.outcomes[i] as Kernel.Outcome).event
      const cause = (r.outcomes[i] as Kernel.Outcome).cause
      const dealt: Array<(typeof r.happened)[number]> = []
      for (; i < r.outcomes.length && (r.outcomes[i] as Kernel.Outcome).event === event; i++) {
        if ((r.outcomes[i] as Kernel.Outcome).status !== "happened") continue
        const h = r.happened[k++]
        if (h === undefined) {
          out.push(`${(r.outcomes[i] as Kernel.Outcome).id} happened but is not in happened`)
          continue
        }
        if (commit !== undefined) v = Policy.viewOf(commit(v, h))
        if (h.family === "damage") dealt.push(h)
      }
      if (rules.results === undefined || cause === "cost" || dealt.length === 0) continue
      for (const m of rules.results.results(dealt, v))
        if (!ids.has(m.id))
          out.push(
            `${dealt.map((d) => d.id).join(",")} dealt (${event}) but its result ${m.id} (${m.family} ${m.amount} to ${m.subject}) never resolved`
          )
    }
    if (k !== r.happened.length) out.push(`${r.happened.length - k} happened occurrences have no outcome`)
    if (commit !== undefined && JSON.stringify(v) !== JSON.stringify(r.view))
      out.push("the view after is not the view before with what happened committed")
    return out
  }

export const laws: Readonly<Record<string, Law>> = {
  atMostOnce,
  reEvaluated,
  zeroStaysZero,
  unpreventable,
  batch,
  rightChooser,
  accounting
}

/** A resolution's outcome as a canonical string, independent of the order things were written in. */
export const outcomeKey = (r: Kernel.Resolution, exact = true): string => {
  const sorted = (xs: ReadonlyArray<string>) => [...xs].sort().join(";")
  const stable = (v: unknown) =>
    JSON.stringify(v, (_k, x) =>
      x !== null && typeof x === "object" && !Array.isArray(x)
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, (x as Record<string, unknown>)[k]])
          )
        : x
    )
  return [
    sorted(
      r.outcomes
        .filter((o) => o.status === "happened")
        .map((o) => `${o.cause === "event" ? o.origin : ""}|${o.cause}|${o.family}|${o.subject}|${o.amount}`)
    ),
    sorted(
      Object.keys(r.ledger.state).map((id) => {
        const st = r.ledger.state[id]
        const limited = r.ledger.effects.some((e) => e.id === id && e.limit !== undefined)
        // not exact: a use count matters only to an effect with a use limit
        return `${id}=${stable(exact || limited || st === undefined ? st : { ...st, uses: 0 })}`
      })
    ),
    // not exact: how much each prevention prevented (its notice) is not compared
    sorted(exact ? r.notifications.map((n) => `${n.effect}:${n.amount}`) : [])
  ].join("\n")
}

/** Every outcome reachable over all legal answers (undefined past `maxNodes` decisions). */
export const reachable = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  maxNodes = 200,
  options: Kernel.Options = {},
  answersOf: (r: Decision.Request) => ReadonlyArray<Decision.Answer> = (r) => Decision.legalAnswers(r, 16),
  exact = true
): ReadonlySet<string> | undefined => {
  const out = new Set<string>()
  let nodes = 0
  const go = (step: Kernel.Step): boolean => {
    if (step._tag === "Done") return out.add(outcomeKey(step.resolution, exact)) !== undefined
    if (step._tag === "Failed") return out.add(`failed: ${step.error._tag}`) !== undefined
    if (++nodes > maxNodes) return false
    for (const a of answersOf(step.request)) if (!go(Kernel.resume(step.state, a))) return false
    return true
  }
  return go(Kernel.start(rules, event, ledger, view, { ...options, trace: false })) ? out : undefined
}

/**
 * 10. Permutation: writing the event's occurrences and the ledger's effects in another order
 * changes no reachable outcome (sets compared over all choices; MTG 615.7, 616.1; Riftbound 373).
 * `rules` defaults to the world's (a mutant passes a broken one).
 */
export const permutation = (w: World, rules: Policy.Rules = w.rules): ReadonlyArray<string> => {
  const a = reachable(rules, w.event, w.ledger)
  const reversed = {
    event: { ...w.event, occurrences: [...w.event.occurrences].reverse() },
    ledger: { ...w.ledger, effects: [...w.ledger.effects].reverse() }
  }
  const b = reachable(rules, reversed.event, reversed.ledger)
  if (a === undefined || b === undefined) return []
  const out: Array<string> = []
  for (const k of a) if (!b.has(k)) out.push(`reachable as written, not reversed:\n${k}`)
  for (const k of b) if (!a.has(k)) out.push(`reachable reversed, not as written:\n${k}`)
  return out
}

/**
 * 11. Order prompts only when the order can matter: skipping the prompts whose every order gives
 * the same outcome leaves the same set of reachable outcomes as asking every order (MTG 616.1
 * "chooses one to apply"; DESIGN §5: "order prompts skipped for effects that do not commute").
 * `skipping` is the reachable set with the shortcut (a mutant passes a broken one).
 */
export const shortcut = (
  w: World,
  skipping: ReadonlySet<string> | undefined = reachable(
    w.rules,
    w.event,
    w.ledger,
    200,
    { askEveryOrder: false },
    undefined,
    false
  )
): ReadonlyArray<string> => {
  const asking = reachable(w.rules, w.event, w.ledger, 200, { askEveryOrder: true }, undefined, false)
  if (skipping === undefined || asking === undefined) return []
  const out: Array<string> = []
  for (const k of asking)
    if (!skipping.has(k)) out.push(`reachable asking every order, not with the shortcut:\n${k}`)
  for (const k of skipping)
    if (!asking.has(k)) out.push(`reachable with the shortcut, not asking every order:\n${k}`)
  return out
}
