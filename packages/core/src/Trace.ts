/**
 * The trace: a structured record of every step of a resolution — candidates, the tier, who
 * chose what, the effect applied, amounts before and after, shield remainders, and why an effect
 * did not apply — each citing the rule it follows. {@link render} turns it into text.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Decision from "./Decision.js"
import type * as Replacement from "./Replacement.js"
import * as Words from "./Words.js"

/**
 * Why an effect did not apply.
 *
 * - `filterFailed`: it does not watch this occurrence (family, subject, source, kinds, params);
 * - `conditionFailed`: its condition is false now;
 * - `newObject`: an object it is bound to (`sameObjects`) has become a new object since;
 * - `alreadyApplied`: it already modified this event or one that replaced it;
 * - `eventAtZero`: the occurrence reached 0 and does not happen;
 * - `sourceLeftZone`: its source is not in the zone it must be in;
 * - `spent`: it is used up;
 * - `limitReached`: its use limit (e.g. once each turn) is reached;
 * - `costUnpayable`: its cost can't be paid;
 * - `declined`: its controller chose not to apply it;
 * - `notReached`: the ordering policy moved past its slot or player;
 * - `sequenceEnded`: it applied earlier in these simultaneous events and another effect applied
 *   after it: its one sequence is over (`OrderingPolicy.sequences`).
 *
 * @example
 * ```ts
 * import { Trace } from "@bulwark/core"
 * const r: Trace.Reason = "sourceLeftZone"
 * ```
 * @since 0.1.0
 * @category model
 */
export type Reason =
  | "filterFailed"
  | "conditionFailed"
  | "newObject"
  | "alreadyApplied"
  | "eventAtZero"
  | "sourceLeftZone"
  | "spent"
  | "limitReached"
  | "costUnpayable"
  | "declined"
  | "notReached"
  | "sequenceEnded"

/**
 * What an application did to one occurrence.
 *
 * @example
 * ```ts
 * import { Trace } from "@bulwark/core"
 * const c: Trace.Change = { occurrence: "i1", subject: "bear", before: 3, after: 1, prevented: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Change {
  readonly occurrence: string
  readonly subject: string
  readonly before: number
  readonly after: number
  readonly prevented: number
  readonly redirectedTo?: string
  /**
   * With `redirectedTo`: how much of it moved there when only part of it did ("the next 2 damage
   * … is dealt to B instead", MTG 614.9), as the new occurrence `redirectedAs`; `after` is what
   * stays.
   *
   * @since 0.1.0
   */
  readonly redirected?: number
  /**
   * With `redirected`: the id of the occurrence that carries the redirected part.
   *
   * @since 0.1.0
   */
  readonly redirectedAs?: string
  readonly replacedBy?: ReadonlyArray<string>
  /** The occurrences that replace it (their ids are `replacedBy`), so that the text can say what they are. */
  readonly replacements?: ReadonlyArray<Made> | undefined
}

/**
 * An occurrence a replacement made, as the trace records it.
 *
 * @example
 * ```ts
 * import type { Trace } from "@bulwark/core"
 * const m: Trace.Made = { id: "g#1", family: "draw", subject: "ap", amount: 1 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Made {
  readonly id: string
  readonly family: string
  readonly subject: string
  readonly source?: string | undefined
  readonly amount: number
  readonly params?: Readonly<globalThis.Record<string, unknown>> | undefined
}

/**
 * One step of a resolution.
 *
 * @example
 * ```ts
 * import { Trace } from "@bulwark/core"
 * const r: Trace.Record = { _tag: "ReachedZero", occurrence: "i1", subject: "bear", rule: "occurrences at 0 do not happen" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Record =
  | {
      readonly _tag: "EventStarted"
      readonly event: string
      readonly cause: "event" | "cost" | "additional" | "results"
      readonly occurrences: ReadonlyArray<{
        readonly id: string
        readonly family: string
        readonly subject: string
        readonly source?: string | undefined
        readonly amount: number
        readonly params?: Readonly<globalThis.Record<string, unknown>> | undefined
      }>
    }
  | {
      readonly _tag: "Candidates"
      readonly group: string
      readonly candidates: ReadonlyArray<string>
      readonly tier: string
    }
  | { readonly _tag: "Decided"; readonly request: Decision.Request; readonly answer: Decision.Answer }
  | {
      readonly _tag: "Applied"
      readonly effect: string
      readonly label: string
      readonly group: string
      readonly tier: string
      readonly chosenBy: string
      readonly rule: string
      readonly changes: ReadonlyArray<Change>
      readonly remaining?: { readonly before: number; readonly after: number } | undefined
      readonly notes: ReadonlyArray<string>
    }
  | {
      readonly _tag: "NotApplied"
      readonly effect: string
      readonly group: string
      readonly reason: Reason
      readonly rule?: string | undefined
    }
  | {
      readonly _tag: "ReachedZero"
      readonly occurrence: string
      readonly subject: string
      readonly rule: string
    }
  | {
      readonly _tag: "EventFinished"
      readonly event: string
      readonly happened: ReadonlyArray<{
        readonly id: string
        readonly family: string
        readonly subject: string
        readonly amount: number
        readonly params?: Readonly<globalThis.Record<string, unknown>> | undefined
      }>
    }
  | {
      readonly _tag: "Note"
      readonly text: string
      readonly rule: string
      /** The note by key, so that each language says it in its own words (`text`: in English). */
      readonly phrase?: Words.Phrase | undefined
    }

/**
 * A short explanation of a {@link Reason}.
 *
 * @example
 * ```ts
 * import { Trace } from "@bulwark/core"
 * Trace.explain("spent") // "it is used up"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const explain = (reason: Reason): string => Words.english.reasons[reason]

/**
 * What the text of a trace is told besides the records: the ruleset's words (tier names, family
 * phrases, rule sentences), the effects (so that an application says what the effect did:
 * "doubles", "prevents 2 of …"), and whether to show each cited rule's sentence (`explain`).
 *
 * @example
 * ```ts
 * import type { Trace } from "@bulwark/core"
 * const context: Trace.TextContext = { words: { tiers: { any: "other effects" } }, explain: true }
 * ```
 * @since 0.1.0
 * @category rendering
 */
export interface TextContext {
  readonly words?: Words.Words | undefined
  readonly effects?: ReadonlyArray<Replacement.Replacement> | undefined
  readonly explain?: boolean | undefined
}

/**
 * One step of a trace as text: `text` says what happened in the ruleset's words (without the
 * rule), `answer` is a decision's answer, `rule` the citation and `sentences` the cited rules'
 * sentences the ruleset bundles.
 *
 * @example
 * ```ts
 * import { Trace } from "@bulwark/core"
 * const [line] = Trace.lines([{ _tag: "Note", text: "hello", rule: "demo 1" }])
 * line?.text // "hello"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export interface Line {
  readonly record: Record
  readonly text: string
  readonly answer?: string | undefined
  readonly rule?: string | undefined
  readonly sentences: ReadonlyArray<Words.Sentence>
}

// what a derived event is called: the kernel names it after the event it comes from
// (`e:results`, `e1:cost`, `e:additional`), which a player knows as "the results of e"
const DERIVED = [":results", ":cost", ":additional"] as const

const eventName = (t: Words.Texts, id: string): string => {
  for (const suffix of DERIVED)
    if (id.endsWith(suffix) && id.length > suffix.length) {
      const of = eventName(t, id.slice(0, -suffix.length))
      return suffix === ":results" ? t.results(of) : suffix === ":cost" ? t.cost(of) : t.additional(of)
    }
  return id
}

const answerText = (t: Words.Texts, request: Decision.Request, answer: Decision.Answer): string => {
  if (typeof answer === "boolean") return answer ? t.yes(request.chooser) : t.no(request.chooser)
  if (typeof answer === "string") return answer
  const parts = Object.entries(answer).map(([k, v]) => t.allocated(v, k))
  return parts.length === 0 ? t.nothing : parts.join(", ")
}

/** An occurrence as a trace names it (given, made by a replacement, or happened). */
type SeenOccurrence = {
  readonly family: string
  readonly subject: string
  readonly amount: number
  readonly source?: string | undefined
  readonly params?: Readonly<globalThis.Record<string, unknown>> | undefined
}

// every occurrence the trace names, so that an occurrence made by a replacement reads as what
// it is ("2 damage to U"), not by the id the kernel gave it
const occurrencesNamed = (records: ReadonlyArray<Record>): Map<string, SeenOccurrence> => {
  const occurrences = new Map<string, SeenOccurrence>()
  for (const r of records)
    if (r._tag === "EventStarted") for (const o of r.occurrences) occurrences.set(o.id, o)
    else if (r._tag === "Applied")
      for (const c of r.changes) for (const m of c.replacements ?? []) occurrences.set(m.id, m)
    else if (r._tag === "EventFinished")
      for (const h of r.happened) if (!occurrences.has(h.id)) occurrences.set(h.id, h)
  return occurrences
}

/**
 * What one change of an application did, in the words `w` of its occurrence's family and the
 * sentences `t` of the language; `named` reads an occurrence id as what it is (for a
 * replacement's new occurrences).
 */
const changeText = (
  t: Words.Texts,
  w: Words.FamilyWords,
  named: (id: string) => string,
  action: Replacement.Action | undefined,
  c: Change
): string => {
  const the = t.the(w.amount(c.before), c.subject)
  const arrow = `: ${c.before} → ${c.after}`
  if (c.redirectedTo !== undefined && c.redirected !== undefined)
    return `${t.redirectsPart(c.redirected, the, c.redirectedTo)}${arrow}`
  if (c.redirectedTo !== undefined) return t.redirects(the, c.redirectedTo)
  if (action?._tag === "Unpreventable") return t.unpreventable(the)
  if (c.replacedBy !== undefined)
    return c.replacedBy.length === 0
      ? t.replacedWithNothing(the)
      : t.replaced(the, c.replacedBy.map(named).join("; "))
  if (c.prevented > 0 || action?._tag === "Prevent")
    return `${t.prevents(c.prevented > 0 && c.prevented === c.before ? "all" : c.prevented, the)}${arrow}`
  // "exile it instead": the event happens with other params (where it goes)
  if (action?._tag === "SetParams" && c.before === c.after)
    return t.withParams(
      the,
      Object.entries(action.params)
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
        .join(", ")
    )
  if (action?._tag === "Modify" && typeof action.value === "number") {
    const v = action.value
    switch (action.op) {
      case "mul":
        return `${t.multiplies(the, v)}${arrow}`
      case "add":
        return `${t.adds(the, v)}${arrow}`
      case "sub":
        return `${t.reduces(the, v)}${arrow}`
      case "set":
        return `${t.sets(the, v)}${arrow}`
      case "atMost":
        return `${t.atMost(the, v)}${arrow}`
      case "atLeast":
        return `${t.atLeast(the, v)}${arrow}`
    }
  }
  return `${(c.after > c.before ? t.raises : c.after < c.before ? t.lowers : t.changes)(the)}${arrow}`
}

// what a record cites its rule for: a decision is a player's choice, a note says something, the
// rest is an effect applying or not (Words.RuleSentences)
const situation = (record: Record): Words.Situation =>
  record._tag === "Decided" ? "chooses" : record._tag === "Note" ? "text" : "applies"

/**
 * Every step of a trace as a {@link Line}, in the words of `context.words` (core's neutral words
 * where the ruleset has none).
 *
 * @example
 * ```ts
 * import { Trace } from "@bulwark/core"
 * Trace.lines([{ _tag: "EventStarted", event: "e", cause: "event",
 *   occurrences: [{ id: "d", family: "damage", subject: "Z", source: "src", amount: 3 }] }])[0]?.text
 * // "event e: src would deal 3 damage to Z [d]"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const lines = (records: ReadonlyArray<Record>, context: TextContext = {}): ReadonlyArray<Line> => {
  const { one } = liner(records, context)
  return records.map((r) => one(r))
}

/**
 * The one-record step of {@link lines}: what a line reads of the whole trace (the occurrences by
 * id) is read once here, what it reads of the records before it (the last event's subjects) is
 * kept between calls, so the records must be given in order.
 */
const liner = (records: ReadonlyArray<Record>, context: TextContext): Liner => {
  const words = context.words ?? {}
  const t = Words.texts(words)
  const effects = new Map((context.effects ?? []).map((e) => [e.id, e] as const))
  const occurrences = occurrencesNamed(records)
  let subjects: ReadonlyArray<string> = []
  const named = (id: string): string => {
    const o = occurrences.get(id)
    return o === undefined ? id : Words.family(words, o.family).would(o)
  }
  const familyOf = (occurrence: string) =>
    Words.family(words, occurrences.get(occurrence)?.family ?? "damage")
  const line = (record: Record, text: string, rule?: string, answer?: string): Line => ({
    record,
    text,
    ...(answer === undefined ? {} : { answer }),
    ...(rule === undefined ? {} : { rule: Words.citation(words, rule) }),
    sentences: Words.sentences(words, rule, situation(record))
  })
  // "orc would deal 0 wounds to C": the occurrence, in its family's words, at 0
  const zero = (id: string, subject: string): string => {
    const o = occurrences.get(id)
    return Words.family(words, o?.family ?? "damage").would({
      family: o?.family ?? "damage",
      subject,
      source: o?.source,
      params: o?.params,
      amount: 0
    })
  }
  const change = (action: Replacement.Action | undefined, c: Change): string =>
    changeText(t, familyOf(c.occurrence), named, action, c)
  // the text of one occurrence an event's first line lists, or one its last line says happened
  const part = (r: Listing, i: number): string => {
    if (r._tag === "EventStarted") {
      const o = r.occurrences[i] as (typeof r.occurrences)[number]
      return `${Words.family(words, o.family).would(o)}${r.cause === "event" ? ` [${o.id}]` : ""}`
    }
    const h = r.happened[i] as (typeof r.happened)[number]
    return Words.family(words, h.family).does({
      ...h,
      source: occurrences.get(h.id)?.source,
      params: h.params ?? occurrences.get(h.id)?.params
    })
  }
  const listed = (r: Listing, parts: ReadonlyArray<string> | undefined): ReadonlyArray<string> => {
    if (parts !== undefined) return parts
    const n = listingLength(r)
    const out = new Array<string>(n)
    for (let i = 0; i < n; i++) out[i] = part(r, i)
    return out
  }
  const one = (r: Record, parts?: ReadonlyArray<string>): Line => {
    switch (r._tag) {
      case "EventStarted": {
        subjects = [...new Set(r.occurrences.map((o) => o.subject))]
        // the occurrences of an event as given carry the ids a decision's answer names; a
        // derived event's occurrences carry ids the kernel made, which mean nothing to a player
        const own = r.cause === "event"
        return line(
          r,
          t.eventStarted(own ? t.event(r.event) : eventName(t, r.event), listed(r, parts).join("; "))
        )
      }
      case "Candidates":
        return line(
          r,
          t.candidates(
            Words.group(words, r.group, subjects),
            Words.tier(words, r.tier),
            r.candidates.join(", ")
          )
        )
      case "Decided":
        return line(
          r,
          Decision.question(r.request, words, subjects),
          r.request.rule,
          answerText(t, r.request, r.answer)
        )
      case "Applied": {
        const action = effects.get(r.effect)?.action
        const how =
          r.chosenBy === "only candidate"
            ? t.onlyCandidate
            : r.chosenBy === "the order doesn't matter"
              ? t.orderDoesNotMatter
              : r.chosenBy === "applied first, in ledger order"
                ? (t.firstInOrder ?? r.chosenBy)
                : r.chosenBy.endsWith(" chose")
                  ? t.chose(r.chosenBy.slice(0, -" chose".length))
                  : r.chosenBy
        const changes = r.changes.map((c) => change(action, c)).join("; ")
        const what = action?._tag === "Redirect" ? t.redirection : t.shield
        const rem =
          r.remaining === undefined
            ? ""
            : r.remaining.after === 0
              ? `; ${t.usedUp(what, r.remaining.before)}`
              : `; ${t.left(what, r.remaining.before, r.remaining.after)}`
        const notes = r.notes.length === 0 ? "" : ` — ${r.notes.map(t.detail).join("; ")}`
        return line(
          r,
          `${t.applied(r.effect, r.label, how, changes === "" ? t.changesNothing : changes)}${rem}${notes}`,
          r.rule
        )
      }
      case "NotApplied":
        return line(
          r,
          t.notApplied(r.effect, Words.group(words, r.group, subjects), t.reasons[r.reason]),
          r.rule
        )
      case "ReachedZero":
        return line(r, t.reachedZero(zero(r.occurrence, r.subject)), r.rule)
      case "EventFinished":
        return line(
          r,
          t.finished(
            eventName(t, r.event),
            r.happened.length === 0 ? t.nothingHappens : listed(r, parts).join("; ")
          )
        )
      case "Note":
        return line(r, Words.note(words, r.text, r.phrase), r.rule)
    }
  }
  return { one, part }
}

/** A record whose line lists occurrences: an event's first (all of them) or last (what happened). */
type Listing = Extract<Record, { readonly _tag: "EventStarted" | "EventFinished" }>

const listingLength = (r: Listing): number =>
  r._tag === "EventStarted" ? r.occurrences.length : r.happened.length

/**
 * What {@link liner} makes: the line of a record (`one`; the texts of a listing's occurrences
 * may be given, made by `part` beforehand), and the text of a listing's `i`-th occurrence.
 */
interface Liner {
  readonly one: (r: Record, parts?: ReadonlyArray<string>) => Line
  readonly part: (r: Listing, i: number) => string
}

const GLYPH: { readonly [K in Record["_tag"]]: string } = {
  EventStarted: "▶ ",
  Candidates: "  ",
  Decided: "  ? ",
  Applied: "  ✓ ",
  NotApplied: "  ✗ ",
  ReachedZero: "  0 ",
  EventFinished: "■ ",
  Note: "  ℹ "
}

/**
 * Renders a trace as text, one step per line, in the ruleset's words (`context.words`), each
 * step followed by the rule it cites. With `context.explain`, the first citation of each rule is
 * followed by the rule's sentence (`§ 615.7 …`) where the ruleset bundles it.
 *
 * @example
 * ```ts
 * import { Trace } from "@bulwark/core"
 * Trace.render([{ _tag: "Note", text: "hello", rule: "demo 1" }]) // "  ℹ hello (demo 1)"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const render = (records: ReadonlyArray<Record>, context: TextContext = {}): string => {
  const r = renderer(records, context)
  for (const record of records) r.add(record)
  return r.text()
}

/** How long {@link renderEffect} renders before it gives the event loop a turn, in milliseconds. */
const RENDER_SLICE_MS = 10

/**
 * {@link render} as an Effect that gives the event loop a turn about every 10 ms (looked at every
 * 256 records, and every 256 occurrences of an event's first and last lines, which list them
 * all), so that rendering a huge trace (an event of 100 000 occurrences, hundreds of thousands of
 * records) under an asynchronous runtime can be interrupted — by a signal, a timeout — between
 * two slices. The text is the same as `render`'s.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Trace } from "@bulwark/core"
 * const text = await Effect.runPromise(Trace.renderEffect([{ _tag: "Note", text: "hello", rule: "demo 1" }]))
 * // "  ℹ hello (demo 1)"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const renderEffect = (
  records: ReadonlyArray<Record>,
  context: TextContext = {}
): Effect.Effect<string> =>
  Effect.gen(function* () {
    const r = renderer(records, context)
    let turned = performance.now()
    // one unit of work per record and per occurrence a record lists; a look at the clock every 256
    let work = 0
    for (const record of records) {
      let parts: Array<string> | undefined
      if (record._tag === "EventStarted" || record._tag === "EventFinished") {
        const n = listingLength(record)
        parts = new Array<string>(n)
        for (let i = 0; i < n; i++) {
          if ((++work & 255) === 0 && performance.now() - turned > RENDER_SLICE_MS) {
            yield* Effect.yieldNow
            turned = performance.now()
          }
          parts[i] = r.part(record, i)
        }
      }
      if ((++work & 255) === 0 && performance.now() - turned > RENDER_SLICE_MS) {
        yield* Effect.yieldNow
        turned = performance.now()
      }
      r.add(record, parts)
    }
    return r.text()
  })

/** `render`'s state: the lines so far and the rule sentences already shown. */
const renderer = (
  records: ReadonlyArray<Record>,
  context: TextContext
): {
  readonly add: (r: Record, parts?: ReadonlyArray<string>) => void
  readonly part: Liner["part"]
  readonly text: () => string
} => {
  const { one, part } = liner(records, context)
  const shown = new Set<string>()
  const out: Array<string> = []
  return {
    part,
    add: (record, parts) => {
      const l = one(record, parts)
      const cite = l.rule === undefined ? "" : ` (${l.rule})`
      out.push(`${GLYPH[l.record._tag]}${l.text}${cite}`)
      if (l.answer !== undefined) out.push(`    → ${l.answer}`)
      if (context.explain === true)
        for (const s of l.sentences) {
          // a rule's first citation for each of its sentences (Words.RuleSentences)
          const key = `${s.rule}\n${s.text}`
          if (shown.has(key)) continue
          shown.add(key)
          out.push(`      § ${s.rule} ${s.text}`)
        }
    },
    text: () => out.join("\n")
  }
}
