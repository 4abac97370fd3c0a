/**
 * The trace: a structured record of every step of a resolution — candidates, the tier, who
 * chose what, the effect applied, amounts before and after, shield remainders, and why an effect
 * did not apply — each citing the rule it follows. {@link render} turns it into text.
 *
 * @since 0.1.0
 */
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
  | { readonly _tag: "Note"; readonly text: string; readonly rule: string }

const reasonText: { readonly [K in Reason]: string } = {
  filterFailed: "it does not apply to this event",
  conditionFailed: "its condition is not met now",
  newObject: "what it named has become a new object (it changed zones)",
  alreadyApplied: "it already applied to this event",
  eventAtZero: "the event is at 0 and does not happen",
  sourceLeftZone: "its source left the zone it must be in",
  spent: "it is used up",
  limitReached: "its use limit is reached",
  costUnpayable: "its cost can't be paid",
  declined: "its controller declined it",
  notReached: "the order moved past its slot",
  sequenceEnded: "its one sequence over these simultaneous events is over"
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
export const explain = (reason: Reason): string => reasonText[reason]

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
const DERIVED: ReadonlyArray<readonly [string, string]> = [
  [":results", "the results of "],
  [":cost", "the cost of "],
  [":additional", "the additional events of "]
]

const eventName = (id: string): string => {
  for (const [suffix, words] of DERIVED)
    if (id.endsWith(suffix) && id.length > suffix.length)
      return `${words}${eventName(id.slice(0, -suffix.length))}`
  return id
}

const times = (k: number): string | undefined => (k === 2 ? "doubles" : k === 3 ? "triples" : undefined)

const answerText = (request: Decision.Request, answer: Decision.Answer): string => {
  if (typeof answer === "boolean")
    return answer ? `yes: ${request.chooser} applies it` : `no: ${request.chooser} declines it`
  if (typeof answer === "string") return answer
  const parts = Object.entries(answer).map(([k, v]) => `${v} to ${k}`)
  return parts.length === 0 ? "nothing" : parts.join(", ")
}

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
  const words = context.words ?? {}
  const effects = new Map((context.effects ?? []).map((e) => [e.id, e] as const))
  type Seen = {
    readonly family: string
    readonly subject: string
    readonly amount: number
    readonly source?: string | undefined
    readonly params?: Readonly<globalThis.Record<string, unknown>> | undefined
  }
  // every occurrence the trace names, so that an occurrence made by a replacement reads as what
  // it is ("2 damage to U"), not by the id the kernel gave it
  const occurrences = new Map<string, Seen>()
  for (const r of records)
    if (r._tag === "EventStarted") for (const o of r.occurrences) occurrences.set(o.id, o)
    else if (r._tag === "Applied")
      for (const c of r.changes) for (const m of c.replacements ?? []) occurrences.set(m.id, m)
    else if (r._tag === "EventFinished")
      for (const h of r.happened) if (!occurrences.has(h.id)) occurrences.set(h.id, h)
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
    ...(rule === undefined ? {} : { rule }),
    sentences: Words.sentences(words, rule)
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
  const change = (action: Replacement.Action | undefined, c: Change): string => {
    const w = familyOf(c.occurrence)
    const the = `the ${w.amount(c.before)} to ${c.subject}`
    const arrow = `: ${c.before} → ${c.after}`
    if (c.redirectedTo !== undefined && c.redirected !== undefined)
      return `redirects ${c.redirected} of ${the} to ${c.redirectedTo}${arrow}`
    if (c.redirectedTo !== undefined) return `redirects ${the} to ${c.redirectedTo}`
    if (action?._tag === "Unpreventable") return `makes ${the} unpreventable`
    if (c.replacedBy !== undefined)
      return c.replacedBy.length === 0
        ? `replaces ${the} with nothing`
        : `replaces ${the}: instead, ${c.replacedBy.map(named).join("; ")}`
    if (c.prevented > 0 || action?._tag === "Prevent")
      return `prevents ${c.prevented > 0 && c.prevented === c.before ? "all" : c.prevented} of ${the}${arrow}`
    if (action?._tag === "Modify" && typeof action.value === "number") {
      const v = action.value
      switch (action.op) {
        case "mul":
          return `${times(v) ?? `multiplies by ${v}`} ${the}${arrow}`
        case "add":
          return `adds ${v} to ${the}${arrow}`
        case "sub":
          return `reduces ${the} by ${v}${arrow}`
        case "set":
          return `sets ${the} to ${v}${arrow}`
        case "atMost":
          return `limits ${the} to at most ${v}${arrow}`
        case "atLeast":
          return `raises ${the} to at least ${v}${arrow}`
      }
    }
    return `${c.after > c.before ? "raises" : c.after < c.before ? "lowers" : "changes"} ${the}${arrow}`
  }
  const one = (r: Record): Line => {
    switch (r._tag) {
      case "EventStarted": {
        subjects = [...new Set(r.occurrences.map((o) => o.subject))]
        // the occurrences of an event as given carry the ids a decision's answer names; a
        // derived event's occurrences carry ids the kernel made, which mean nothing to a player
        const own = r.cause === "event"
        return line(
          r,
          `${own ? `event ${r.event}` : eventName(r.event)}: ${r.occurrences
            .map((o) => `${Words.family(words, o.family).would(o)}${own ? ` [${o.id}]` : ""}`)
            .join("; ")}`
        )
      }
      case "Candidates":
        return line(
          r,
          `effects that can apply to ${Words.group(words, r.group, subjects)} now (${Words.tier(words, r.tier)}): ${r.candidates.join(", ")}`
        )
      case "Decided":
        return line(
          r,
          Decision.question(r.request, words, subjects),
          r.request.rule,
          answerText(r.request, r.answer)
        )
      case "Applied": {
        const action = effects.get(r.effect)?.action
        const how = r.chosenBy === "only candidate" ? "the only one that can apply" : r.chosenBy
        const changes = r.changes.map((c) => change(action, c)).join("; ")
        const what = action?._tag === "Redirect" ? "the redirection" : "the shield"
        const rem =
          r.remaining === undefined
            ? ""
            : r.remaining.after === 0
              ? `; ${what} is used up (${r.remaining.before} → 0)`
              : `; ${what} has ${r.remaining.after} left (${r.remaining.before} → ${r.remaining.after})`
        const notes = r.notes.length === 0 ? "" : ` — ${r.notes.join("; ")}`
        return line(
          r,
          `${r.effect} "${r.label}" (${how}): ${changes === "" ? "changes nothing" : changes}${rem}${notes}`,
          r.rule
        )
      }
      case "NotApplied":
        return line(
          r,
          `${r.effect} does not apply to ${Words.group(words, r.group, subjects)}: ${explain(r.reason)}`,
          r.rule
        )
      case "ReachedZero":
        return line(r, `${zero(r.occurrence, r.subject)}: it does not happen`, r.rule)
      case "EventFinished":
        return line(
          r,
          `${eventName(r.event)}: ${
            r.happened.length === 0
              ? "nothing happens"
              : r.happened
                  .map((h) =>
                    Words.family(words, h.family).does({
                      ...h,
                      source: occurrences.get(h.id)?.source,
                      params: h.params ?? occurrences.get(h.id)?.params
                    })
                  )
                  .join("; ")
          }`
        )
      case "Note":
        return line(r, r.text, r.rule)
    }
  }
  return records.map(one)
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
  const shown = new Set<string>()
  const out: Array<string> = []
  for (const l of lines(records, context)) {
    const cite = l.rule === undefined ? "" : ` (${l.rule})`
    out.push(`${GLYPH[l.record._tag]}${l.text}${cite}`)
    if (l.answer !== undefined) out.push(`    → ${l.answer}`)
    if (context.explain === true)
      for (const s of l.sentences) {
        if (shown.has(s.rule)) continue
        shown.add(s.rule)
        out.push(`      § ${s.rule} ${s.text}`)
      }
  }
  return out.join("\n")
}
