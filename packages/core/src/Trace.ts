/**
 * The trace: a structured record of every step of a resolution — candidates, the tier, who
 * chose what, the effect applied, amounts before and after, shield remainders, and why an effect
 * did not apply — each citing the rule it follows. {@link render} turns it into text.
 *
 * @since 0.1.0
 */
import * as Decision from "./Decision.js"

/**
 * Why an effect did not apply.
 *
 * - `filterFailed`: it does not watch this occurrence (family, subject, source, kinds, params);
 * - `conditionFailed`: its condition is false now;
 * - `alreadyApplied`: it already modified this event or one that replaced it;
 * - `eventAtZero`: the occurrence reached 0 and does not happen;
 * - `sourceLeftZone`: its source is not in the zone it must be in;
 * - `spent`: it is used up;
 * - `limitReached`: its use limit (e.g. once each turn) is reached;
 * - `costUnpayable`: its cost can't be paid;
 * - `declined`: its controller chose not to apply it;
 * - `notReached`: the ordering policy moved past its slot or player.
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
  | "alreadyApplied"
  | "eventAtZero"
  | "sourceLeftZone"
  | "spent"
  | "limitReached"
  | "costUnpayable"
  | "declined"
  | "notReached"

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
  readonly replacedBy?: ReadonlyArray<string>
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
      }>
    }
  | { readonly _tag: "Note"; readonly text: string; readonly rule: string }

const reasonText: { readonly [K in Reason]: string } = {
  filterFailed: "it does not apply to this event",
  conditionFailed: "its condition is not met now",
  alreadyApplied: "it already applied to this event",
  eventAtZero: "the event is at 0 and does not happen",
  sourceLeftZone: "its source left the zone it must be in",
  spent: "it is used up",
  limitReached: "its use limit is reached",
  costUnpayable: "its cost can't be paid",
  declined: "its controller declined it",
  notReached: "the order moved past its slot"
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

const renderOne = (r: Record): string => {
  switch (r._tag) {
    case "EventStarted":
      return `▶ ${r.cause === "event" ? "event" : r.cause} ${r.event}: ${r.occurrences
        .map(
          (o) =>
            `${o.family} ${o.amount}${o.source !== undefined ? ` from ${o.source}` : ""} → ${o.subject} [${o.id}]`
        )
        .join("; ")}`
    case "Candidates":
      return `  candidates for ${r.group} (${r.tier}): ${r.candidates.join(", ")}`
    case "Decided":
      return `  ? ${Decision.describe(r.request)}\n    → ${Decision.formatAnswer(r.answer)}`
    case "Applied": {
      const changes = r.changes
        .map((c) => {
          const parts = [`${c.occurrence} ${c.before}→${c.after}`]
          if (c.prevented > 0) parts.push(`prevented ${c.prevented}`)
          if (c.redirectedTo !== undefined) parts.push(`now to ${c.redirectedTo}`)
          if (c.replacedBy !== undefined)
            parts.push(`replaced by ${c.replacedBy.length === 0 ? "nothing" : c.replacedBy.join(", ")}`)
          return parts.join(", ")
        })
        .join("; ")
      const rem = r.remaining === undefined ? "" : ` (shield ${r.remaining.before}→${r.remaining.after})`
      const notes = r.notes.length === 0 ? "" : ` — ${r.notes.join("; ")}`
      return `  ✓ ${r.effect} "${r.label}" [${r.tier}, ${r.chosenBy}]: ${changes}${rem}${notes} (${r.rule})`
    }
    case "NotApplied":
      return `  ✗ ${r.effect} on ${r.group}: ${explain(r.reason)}${r.rule !== undefined ? ` (${r.rule})` : ""}`
    case "ReachedZero":
      return `  0 ${r.occurrence} to ${r.subject} is at 0: it does not happen (${r.rule})`
    case "EventFinished":
      return `■ ${r.event}: ${r.happened.length === 0 ? "nothing happens" : r.happened.map((h) => `${h.family} ${h.amount} → ${h.subject}`).join("; ")}`
    case "Note":
      return `  ℹ ${r.text} (${r.rule})`
  }
}

/**
 * Renders a trace as human-readable text, one step per line.
 *
 * @example
 * ```ts
 * import { Trace } from "@bulwark/core"
 * Trace.render([{ _tag: "Note", text: "hello", rule: "demo 1" }]) // "  ℹ hello (demo 1)"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const render = (records: ReadonlyArray<Record>): string => records.map(renderOne).join("\n")
