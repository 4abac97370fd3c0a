/**
 * Decisions: every choice a player makes during a resolution is an explicit request (who, what
 * kind, the legal options) answered by a {@link Chooser}. Requests and answers are plain data,
 * so a decision log can be stored, shown, and replayed.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Amount from "./Amount.js"
import * as Errors from "./Errors.js"
import * as Words from "./Words.js"

/**
 * One option of a `ChooseEffect` request: an effect id and its text.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * const o: Decision.EffectOption = { effect: "shield", label: "Prevent the next 2 damage" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface EffectOption {
  readonly effect: string
  readonly label: string
}

/**
 * One target of an `Allocate` request: an occurrence the prevention could cover and the most
 * points it can take.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * const t: Decision.AllocationTarget = { occurrence: "x", subject: "B", source: "X", max: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface AllocationTarget {
  readonly occurrence: string
  readonly subject: string
  readonly source?: string | undefined
  readonly max: number
}

/**
 * A decision request.
 *
 * - `ChooseEffect`: which applicable effect applies next (answer: an effect id);
 * - `UseOptional`: whether to apply a "may" effect, paying its cost if it has one (answer: a
 *   boolean);
 * - `Allocate`: how a limited prevention's `points` are split among occurrences (answer: a
 *   record from occurrence id to points; the points must add up to `points` exactly and each
 *   target take at most its `max`); with `of: "occurrences"`, which occurrence a use-limited
 *   effect applies to, when one player's simultaneous occurrences could each take it (answer:
 *   1 on the chosen occurrence, e.g. `{ b: 1 }`; MTG CR 615.7, 616.1, Riftbound 373);
 * - `StartingPlayer`: which player starts applying effects (answer: a player id).
 *
 * `id` numbers requests in a resolution (`d1`, `d2`, …); `rule` cites the rule that gives this
 * player this choice.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * const r: Decision.Request = {
 *   _tag: "UseOptional", id: "d1", chooser: "bob", effect: "barrier",
 *   label: "Arcane Barrier 2", rule: "FaB 8.3.15a"
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Request =
  | {
      readonly _tag: "ChooseEffect"
      readonly id: string
      readonly chooser: string
      readonly options: ReadonlyArray<EffectOption>
      readonly group: string
      readonly tier: string
      readonly rule: string
    }
  | {
      readonly _tag: "UseOptional"
      readonly id: string
      readonly chooser: string
      readonly effect: string
      readonly label: string
      readonly rule: string
    }
  | {
      readonly _tag: "Allocate"
      readonly id: string
      readonly chooser: string
      readonly effect: string
      readonly label: string
      readonly points: number
      readonly targets: ReadonlyArray<AllocationTarget>
      readonly rule: string
      /**
       * `"occurrences"`: not points of damage but which occurrence a use-limited effect applies
       * to (each target's `max` is 1; the answer puts 1 on the chosen one). Absent: points.
       */
      readonly of?: "occurrences" | undefined
    }
  | {
      readonly _tag: "StartingPlayer"
      readonly id: string
      readonly chooser: string
      readonly options: ReadonlyArray<string>
      readonly rule: string
    }

/**
 * An answer: an effect id or player id (string), a yes/no (boolean), or an allocation
 * (occurrence id → points).
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * const split: Decision.Answer = { x: 2, y: 1 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Answer = string | boolean | Readonly<Record<string, number>>

/**
 * Schema of {@link Answer}, for decision logs read from files.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Decision } from "@bulwark/core"
 * Schema.is(Decision.Answer)({ x: 1 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Answer: Schema.Codec<Answer> = Schema.Union([
  Schema.String,
  Schema.Boolean,
  Schema.Record(Schema.String, Amount.Schema)
])

/**
 * One line of a decision log: the request and the answer it got.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * const entry: Decision.LogEntry = {
 *   request: { _tag: "StartingPlayer", id: "d1", chooser: "a", options: ["a", "b"], rule: "FaB 6.5.1" },
 *   answer: "b"
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface LogEntry {
  readonly request: Request
  readonly answer: Answer
}

/**
 * Checks an answer against a request. Returns `undefined` when legal, else the reason.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * const r: Decision.Request = {
 *   _tag: "Allocate", id: "d1", chooser: "bob", effect: "s", label: "Prevent the next 3", points: 3,
 *   targets: [{ occurrence: "x", subject: "B", max: 2 }, { occurrence: "y", subject: "B", max: 2 }],
 *   rule: "MTG CR 615.7"
 * }
 * Decision.check(r, { x: 2, y: 1 }) // undefined
 * Decision.check(r, { x: 3 })       // "3 points on x, at most 2"
 * ```
 * @since 0.1.0
 * @category validation
 */
export const check = (request: Request, answer: Answer): string | undefined => {
  switch (request._tag) {
    case "ChooseEffect":
      if (typeof answer !== "string") return "expected an effect id"
      // a loop, not \`some\` with a closure over the answer (checked on every decision)
      for (const o of request.options) if (o.effect === answer) return undefined
      return `not one of the options: ${request.options.map((o) => o.effect).join(", ")}`
    case "StartingPlayer":
      if (typeof answer !== "string") return "expected a player id"
      return request.options.includes(answer)
        ? undefined
        : `not one of the players: ${request.options.join(", ")}`
    case "UseOptional":
      return typeof answer === "boolean" ? undefined : "expected true or false"
    case "Allocate": {
      if (typeof answer !== "object") return "expected points per occurrence, e.g. { x: 1 }"
      let total = 0
      for (const [k, v] of Object.entries(answer)) {
        const t = request.targets.find((x) => x.occurrence === k)
        if (t === undefined)
          return `${k} is not one of ${request.targets.map((x) => x.occurrence).join(", ")}`
        if (!Number.isInteger(v) || v < 0) return `points on ${k} must be a whole number ≥ 0`
        if (v > t.max) return `${v} points on ${k}, at most ${t.max}`
        total += v
      }
      return total === request.points ? undefined : `the points add up to ${total}, not ${request.points}`
    }
  }
}

/**
 * All legal answers of a request, in a stable order (allocations: every split, the first
 * target's share largest first). Used by exhaustive strategies; an allocation over many targets
 * can have many answers, so `limit` caps how many are listed.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * Decision.legalAnswers({
 *   _tag: "Allocate", id: "d1", chooser: "b", effect: "s", label: "", points: 2,
 *   targets: [{ occurrence: "x", subject: "B", max: 2 }, { occurrence: "y", subject: "B", max: 2 }], rule: ""
 * }) // [{ x: 2, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 2 }]
 * ```
 * @since 0.1.0
 * @category validation
 */
export const legalAnswers = (request: Request, limit = 10_000): ReadonlyArray<Answer> => {
  switch (request._tag) {
    case "ChooseEffect":
      return request.options.map((o) => o.effect)
    case "StartingPlayer":
      return request.options
    case "UseOptional":
      return [true, false]
    case "Allocate": {
      const out: Array<Record<string, number>> = []
      const targets = request.targets
      const go = (i: number, left: number, acc: Record<string, number>): void => {
        if (out.length >= limit) return
        const t = targets[i]
        if (t === undefined) {
          if (left === 0) out.push({ ...acc })
          return
        }
        let restMax = 0
        for (let j = i + 1; j < targets.length; j++) restMax += targets[j]?.max ?? 0
        for (let v = Math.min(t.max, left); v >= 0 && left - v <= restMax; v--) {
          acc[t.occurrence] = v
          go(i + 1, left - v, acc)
        }
        delete acc[t.occurrence]
      }
      go(0, request.points, {})
      return out
    }
  }
}

const orList = (xs: ReadonlyArray<string>): string =>
  xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} or ${xs[xs.length - 1]}`

const target = (t: AllocationTarget): string =>
  `${t.occurrence} (to ${t.subject}${t.source === undefined ? "" : ` from ${t.source}`})`

/**
 * The question a request puts to its player, in the ruleset's words (`words`, core's neutral
 * words where it has none; `subjects`: whom the event affects, when known, so that a group that
 * is the whole event names them) — the one text the trace, the CLI's prompts and the
 * missing-decision error all show. Without the rule; {@link describe} adds it.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * Decision.question({ _tag: "StartingPlayer", id: "d1", chooser: "a", options: ["a", "b"], rule: "FaB 6.5.2" })
 * // "a selects the player who starts applying effects: a or b"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const question = (
  request: Request,
  words: Words.Words = Words.neutral,
  subjects: ReadonlyArray<string> = []
): string => {
  switch (request._tag) {
    case "ChooseEffect":
      return `${request.chooser} chooses which effect applies next to ${Words.group(words, request.group, subjects)}: ${orList(
        request.options.map((o) => `${o.effect} "${o.label}"`)
      )}`
    case "UseOptional":
      return `${request.chooser} may apply ${request.effect} "${request.label}"`
    case "Allocate":
      if (request.of === "occurrences")
        return `${request.chooser} chooses which one ${request.effect} "${request.label}" applies to: ${orList(
          request.targets.map(target)
        )}`
      return `${request.chooser} divides the ${request.points} that ${request.effect} "${request.label}" prevents among ${request.targets
        .map((t) => `${target(t)}, at most ${t.max}`)
        .join("; ")}`
    case "StartingPlayer":
      return `${request.chooser} selects the player who starts applying effects: ${orList(request.options)}`
  }
}

/**
 * A one-line description of a request, for prompts and error messages: its {@link question}
 * in the ruleset's words, and the rule that gives the player the choice.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * Decision.describe({ _tag: "StartingPlayer", id: "d1", chooser: "a", options: ["a", "b"], rule: "FaB 6.5.2" })
 * // "a selects the player who starts applying effects: a or b (FaB 6.5.2)"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const describe = (request: Request, words: Words.Words = Words.neutral): string =>
  `${question(request, words)} (${request.rule})`

/**
 * Renders an answer as text.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * Decision.formatAnswer({ x: 2, y: 1 }) // "x=2, y=1"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const formatAnswer = (answer: Answer): string =>
  typeof answer === "object"
    ? Object.entries(answer)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")
    : String(answer)

/**
 * The error for a request nobody answered: its id, kind and chooser, and the prompt
 * {@link describe} writes for it (in the ruleset's `words` when given).
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * const e = Decision.missing({ _tag: "StartingPlayer", id: "d1", chooser: "a", options: ["a", "b"], rule: "FaB 6.5.1" })
 * e.requestId // "d1"
 * ```
 * @since 0.1.0
 * @category rendering
 */
export const missing = (request: Request, words: Words.Words = Words.neutral): Errors.MissingDecision =>
  new Errors.MissingDecision({
    requestId: request.id,
    kind: request._tag,
    chooser: request.chooser,
    prompt: describe(request, words)
  })
