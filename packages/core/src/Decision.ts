/**
 * Decisions: every choice a player makes during a resolution is an explicit request (who, what
 * kind, the legal options) answered by a {@link Chooser}. Requests and answers are plain data,
 * so a decision log can be stored, shown, and replayed.
 *
 * @since 0.1.0
 * @module
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Amount from "./Amount.js"
import * as Errors from "./Errors.js"
import { shown, strict } from "./internal/decode.js"
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
 * A decision request: one of {@link ChooseEffect}, {@link UseOptional}, {@link Allocate} and
 * {@link StartingPlayer}, told apart by `_tag`.
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
export type Request = ChooseEffect | UseOptional | Allocate | StartingPlayer

/**
 * A {@link Request} for which applicable effect applies next (answer: an effect id of `options`).
 *
 * @example
 * ```ts
 * import type { Decision } from "@bulwark/core"
 * const r: Decision.ChooseEffect = {
 *   _tag: "ChooseEffect", id: "d1", chooser: "nap", group: "z", tier: "any",
 *   options: [{ effect: "shield", label: "Prevent the next 2 damage" }], rule: "MTG CR 616.1"
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface ChooseEffect {
  readonly _tag: "ChooseEffect"
  readonly id: string
  readonly chooser: string
  readonly options: ReadonlyArray<EffectOption>
  readonly group: string
  readonly tier: string
  readonly rule: string
  /**
   * Whom the event affects, when the group is the whole event (`group: "event"`, a policy
   * that orders the event at once, FaB 6.5), so that the question names them ("the event
   * affecting bob").
   */
  readonly subjects?: ReadonlyArray<string> | undefined
}

/**
 * A {@link Request} whether to apply a "may" effect, paying its cost if it has one (answer: a
 * boolean).
 *
 * @example
 * ```ts
 * import type { Decision } from "@bulwark/core"
 * const r: Decision.UseOptional = {
 *   _tag: "UseOptional", id: "d1", chooser: "bob", effect: "barrier",
 *   label: "Arcane Barrier 2", rule: "FaB 8.3.15a"
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface UseOptional {
  readonly _tag: "UseOptional"
  readonly id: string
  readonly chooser: string
  readonly effect: string
  readonly label: string
  readonly rule: string
}

/**
 * A {@link Request} for how a limited prevention's `points` are split among occurrences (answer:
 * occurrence id → points, adding up to `points`, each at most its target's `max`); with
 * `of: "occurrences"`, which occurrence a use-limited effect applies to (answer: 1 on it).
 *
 * @example
 * ```ts
 * import type { Decision } from "@bulwark/core"
 * const r: Decision.Allocate = {
 *   _tag: "Allocate", id: "d1", chooser: "nap", effect: "shield", label: "Prevent 3", points: 3,
 *   targets: [{ occurrence: "a", subject: "bear", max: 2 }, { occurrence: "b", subject: "elf", max: 2 }],
 *   rule: "MTG CR 615.7"
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Allocate {
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

/**
 * A {@link Request} for which player starts applying effects (answer: a player id of `options`).
 *
 * @example
 * ```ts
 * import type { Decision } from "@bulwark/core"
 * const r: Decision.StartingPlayer = {
 *   _tag: "StartingPlayer", id: "d1", chooser: "ap", options: ["ap", "nap"], rule: "FaB 6.5.1"
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface StartingPlayer {
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
 * import { Result, Schema } from "effect"
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
 * Schema of {@link EffectOption}.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Decision } from "@bulwark/core"
 * Schema.is(Decision.EffectOption)({ effect: "shield", label: "Prevent 2" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EffectOption: Schema.Codec<EffectOption> = Schema.Struct({
  effect: Schema.String,
  label: Schema.String
})

/**
 * Schema of {@link AllocationTarget} (`max`: a whole number ≥ 0).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Decision } from "@bulwark/core"
 * Schema.is(Decision.AllocationTarget)({ occurrence: "x", subject: "B", max: 2 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const AllocationTarget: Schema.Codec<AllocationTarget> = Schema.Struct({
  occurrence: Schema.String,
  subject: Schema.String,
  source: Schema.optional(Schema.String),
  max: Amount.Schema
})

/**
 * Schema of {@link Request}: one of the four kinds by `_tag`, with every key of that kind.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Decision } from "@bulwark/core"
 * Schema.is(Decision.Request)({ _tag: "UseOptional", id: "d1", chooser: "b", effect: "s", label: "", rule: "" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Request: Schema.Codec<Request> = Schema.Union([
  Schema.TaggedStruct("ChooseEffect", {
    id: Schema.String,
    chooser: Schema.String,
    options: Schema.Array(EffectOption),
    group: Schema.String,
    tier: Schema.String,
    rule: Schema.String,
    subjects: Schema.optional(Schema.Array(Schema.String))
  }),
  Schema.TaggedStruct("UseOptional", {
    id: Schema.String,
    chooser: Schema.String,
    effect: Schema.String,
    label: Schema.String,
    rule: Schema.String
  }),
  Schema.TaggedStruct("Allocate", {
    id: Schema.String,
    chooser: Schema.String,
    effect: Schema.String,
    label: Schema.String,
    points: Amount.Schema,
    targets: Schema.Array(AllocationTarget),
    rule: Schema.String,
    of: Schema.optional(Schema.Literal("occurrences"))
  }),
  Schema.TaggedStruct("StartingPlayer", {
    id: Schema.String,
    chooser: Schema.String,
    options: Schema.Array(Schema.String),
    rule: Schema.String
  })
])

/**
 * Schema of {@link LogEntry}. It checks the shape only; {@link decodeLog} also checks that
 * each answer is legal for its request.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Decision } from "@bulwark/core"
 * Schema.is(Decision.LogEntry)({ request: { _tag: "UseOptional", id: "d1", chooser: "b", effect: "s", label: "", rule: "" }, answer: true }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const LogEntry: Schema.Codec<LogEntry> = Schema.Struct({ request: Request, answer: Answer })

/**
 * The format of {@link Stored} records this version writes and reads.
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * Decision.storedFormat // 1
 * ```
 * @since 0.1.0
 * @category stored records
 */
export const storedFormat = 1 as const

/**
 * A decision log as it is stored: the answers so far, with the ruleset they were given under —
 * its id (`Policy.Rules.name`, the `ruleset:` of scenario files), its `rulesVersion`, and the
 * record's `format` ({@link storedFormat}). Plain JSON. {@link store} writes one;
 * `Kernel.restore` and `Resolver.replay` take it (or a bare log, as before) and refuse a record
 * of another ruleset, rules version or format with an `IncompatibleRecord` error. The same
 * record serves a pending resolution (restore it, answer, store again) and a finished one
 * (replay it for an audit).
 *
 * @example
 * ```ts
 * import { Decision } from "@bulwark/core"
 * const saved: Decision.Stored = {
 *   format: 1, ruleset: "fab", rulesVersion: "…", log: [
 *     { request: { _tag: "StartingPlayer", id: "d1", chooser: "a", options: ["a", "b"], rule: "FaB 6.5.1" }, answer: "b" }
 *   ]
 * }
 * ```
 * @since 0.1.0
 * @category stored records
 */
export interface Stored {
  readonly format: typeof storedFormat
  readonly ruleset: string
  readonly rulesVersion: string
  readonly log: ReadonlyArray<LogEntry>
}

/**
 * Schema of {@link Stored}'s shape (strict about keys where {@link decodeLog} uses it).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Decision } from "@bulwark/core"
 * Schema.is(Decision.Stored)({ format: 1, ruleset: "fab", rulesVersion: "1", log: [] }) // true
 * ```
 * @since 0.1.0
 * @category stored records
 */
export const Stored: Schema.Codec<Stored> = Schema.Struct({
  format: Schema.Literal(storedFormat),
  ruleset: Schema.String,
  rulesVersion: Schema.String,
  log: Schema.Array(LogEntry)
})

/**
 * What a stored record is checked against: a ruleset's rules (`Policy.Rules`) — its `name` is
 * the ruleset id, its `rulesVersion` (default `""`) the rules version.
 *
 * @since 0.1.0
 * @category stored records
 */
export interface RulesIdentity {
  readonly name: string
  readonly rulesVersion?: string | undefined
}

/**
 * The record to store for a log given under `rules`: `{ format: 1, ruleset, rulesVersion, log }`.
 * The entries are copied as plain data (no shared objects with the live state).
 *
 * @example
 * ```ts
 * import { Decision, Kernel, type Policy } from "@bulwark/core"
 * declare const rules: Policy.Rules, step: Kernel.Step
 * if (step._tag === "Pending") {
 *   const text = JSON.stringify(Decision.store(rules, step.state.log))
 * }
 * ```
 * @since 0.1.0
 * @category stored records
 */
export const store = (rules: RulesIdentity, log: ReadonlyArray<LogEntry>): Stored => ({
  format: storedFormat,
  ruleset: rules.name,
  rulesVersion: rules.rulesVersion ?? "",
  log: log.map((e) => ({ request: e.request, answer: e.answer }))
})

const decodeEntries = /* @__PURE__ */ strict(Schema.Array(LogEntry))
const decodeStored = /* @__PURE__ */ strict(Stored)

/**
 * Decodes a stored decision log from unknown data (JSON from a database, a file, a client):
 * a {@link Stored} record, or a bare array of {@link LogEntry} (what versions before the record
 * stored — still read, with no ruleset check). Keys are strict: an unknown key is an error, as
 * in `Resolver.decodeInput`, so a misspelt key is never silently dropped. Fails with
 *
 * - `InvalidInput` naming the path from the record's root (`log[0].request._tag`), what was
 *   expected and what was found — a wrong type, a missing or unknown key, a number that is not
 *   a whole number ≥ 0 for points or a maximum;
 * - `IllegalChoice` for an answer that is not legal for its own logged request (its reason
 *   names the place, `log[1].answer`);
 * - `IncompatibleRecord` when the record's `format`, `ruleset` or `rulesVersion` is not that of
 *   `rules`.
 *
 * `Kernel.restore` and `Resolver.replay` call it on what they are given.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Decision } from "@bulwark/core"
 * const r = Decision.decodeLog({ name: "fab" }, [{ answer: "x" }])
 * if (Result.isFailure(r)) console.log(r.failure.message)
 * // invalid input at [0].request: Missing key
 * ```
 * @since 0.1.0
 * @category stored records
 */
export const decodeLog = (
  rules: RulesIdentity,
  input: unknown
): Result.Result<
  ReadonlyArray<LogEntry>,
  Errors.InvalidInput | Errors.IncompatibleRecord | Errors.IllegalChoice
> => {
  let log: ReadonlyArray<LogEntry>
  let prefix: string
  if (Array.isArray(input)) {
    const r = decodeEntries(input)
    if (Result.isFailure(r)) return r
    log = r.success
    prefix = ""
  } else if (typeof input === "object" && input !== null && "format" in input) {
    const format = (input as { readonly format: unknown }).format
    if (format !== storedFormat)
      return Result.fail(
        new Errors.IncompatibleRecord({
          field: "format",
          expected: String(storedFormat),
          found: shown(format)
        })
      )
    const r = decodeStored(input)
    if (Result.isFailure(r)) return Result.fail(r.failure)
    const expected = rules.rulesVersion ?? ""
    if (r.success.ruleset !== rules.name)
      return Result.fail(
        new Errors.IncompatibleRecord({ field: "ruleset", expected: rules.name, found: r.success.ruleset })
      )
    if (r.success.rulesVersion !== expected)
      return Result.fail(
        new Errors.IncompatibleRecord({ field: "rulesVersion", expected, found: r.success.rulesVersion })
      )
    log = r.success.log
    prefix = "log"
  } else
    return Result.fail(
      new Errors.InvalidInput({
        path: "",
        reason: `expected a stored record { format, ruleset, rulesVersion, log } or a decision log (an array), got ${shown(input)}`
      })
    )
  for (let i = 0; i < log.length; i++) {
    const e = log[i] as LogEntry
    const why = check(e.request, e.answer)
    if (why !== undefined)
      return Result.fail(
        new Errors.IllegalChoice({
          requestId: e.request.id,
          kind: e.request._tag,
          chooser: e.request.chooser,
          answer: shown(e.answer),
          reason: `${why} (the stored log's ${prefix}[${i}].answer)`
        })
      )
  }
  return Result.succeed(log)
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
 * Decision.check(r, true)           // "expected points per occurrence (x, y) adding up to 3, e.g. { x: 2, y: 1 }"
 * ```
 * @since 0.1.0
 * @category validation
 */
export const check = (request: Request, answer: Answer): string | undefined => {
  switch (request._tag) {
    case "ChooseEffect":
      if (typeof answer !== "string")
        return `expected the id of one of its options: ${listed(request.options.map((o) => o.effect))}`
      // a loop, not \`some\` with a closure over the answer (checked on every decision)
      for (const o of request.options) if (o.effect === answer) return undefined
      return `not one of the options: ${request.options.map((o) => o.effect).join(", ")}`
    case "StartingPlayer":
      if (typeof answer !== "string") return `expected a player id: ${listed(request.options)}`
      return request.options.includes(answer)
        ? undefined
        : `not one of the players: ${request.options.join(", ")}`
    case "UseOptional":
      return typeof answer === "boolean" ? undefined : "expected true or false"
    case "Allocate": {
      if (typeof answer !== "object") {
        const example = legalAnswers(request, 1)[0]
        const shown =
          typeof example === "object"
            ? `{ ${Object.entries(example)
                .map(([k, v]) => `${k}: ${v}`)
                .join(", ")} }`
            : "{ x: 1 }"
        return `expected points per occurrence (${listed(request.targets.map((t) => t.occurrence))}) adding up to ${request.points}, e.g. ${shown}`
      }
      let total = 0
      // one map, not a `find` per entry: an answer over 100 000 occurrences is checked in linear time
      const byOccurrence = new Map<string, AllocationTarget>()
      for (const t of request.targets) byOccurrence.set(t.occurrence, t)
      for (const [k, v] of Object.entries(answer)) {
        const t = byOccurrence.get(k)
        if (t === undefined) return `${k} is not one of ${listed(request.targets.map((x) => x.occurrence))}`
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
      // depth first without recursion (one frame per target would overflow the stack on a
      // 100 000-occurrence event): vals[i] is target i's share, left[i] the points still to
      // place before it, rest[i] the most the targets from i on can take
      const out: Array<Record<string, number>> = []
      const targets = request.targets
      const n = targets.length
      const rest = new Array<number>(n + 1)
      rest[n] = 0
      for (let i = n - 1; i >= 0; i--)
        rest[i] = (rest[i + 1] as number) + (targets[i] as AllocationTarget).max
      const vals = new Array<number>(n).fill(0)
      const left = new Array<number>(n + 1).fill(0)
      left[0] = request.points
      const lowest = (i: number) => Math.max(0, (left[i] as number) - (rest[i + 1] as number))
      // the next value at the deepest target that has one; -1 when the enumeration is done
      const backtrack = (from: number): number => {
        let i = from
        while (i >= 0 && (vals[i] as number) - 1 < lowest(i)) i--
        if (i < 0) return -1
        vals[i] = (vals[i] as number) - 1
        left[i + 1] = (left[i] as number) - (vals[i] as number)
        return i + 1
      }
      let i = 0
      while (i >= 0 && out.length < limit) {
        if (i === n) {
          if (left[n] === 0) {
            const answer: Record<string, number> = {}
            for (let j = 0; j < n; j++)
              answer[(targets[j] as AllocationTarget).occurrence] = vals[j] as number
            out.push(answer)
          }
          i = backtrack(n - 1)
          continue
        }
        const high = Math.min((targets[i] as AllocationTarget).max, left[i] as number)
        if (high < lowest(i)) {
          i = backtrack(i - 1)
          continue
        }
        vals[i] = high
        left[i + 1] = (left[i] as number) - high
        i++
      }
      return out
    }
  }
}

/** At most 20 ids, then how many more: a message about a 100 000-target request stays one line. */
const listed = (xs: ReadonlyArray<string>): string =>
  xs.length <= 20 ? xs.join(", ") : `${xs.slice(0, 20).join(", ")}, … (${xs.length - 20} more)`

const target = (t: Words.Texts, a: AllocationTarget): string => t.target(a.occurrence, a.subject, a.source)

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
  const t = Words.texts(words)
  switch (request._tag) {
    case "ChooseEffect":
      return t.chooseEffect(
        request.chooser,
        Words.group(words, request.group, subjects.length === 0 ? (request.subjects ?? []) : subjects),
        t.or(request.options.map((o) => t.option(o.effect, o.label)))
      )
    case "UseOptional":
      return t.useOptional(request.chooser, request.effect, request.label)
    case "Allocate":
      if (request.of === "occurrences")
        return t.allocateOccurrences(
          request.chooser,
          request.effect,
          request.label,
          t.or(request.targets.map((a) => target(t, a)))
        )
      return t.allocatePoints(
        request.chooser,
        request.points,
        request.effect,
        request.label,
        request.targets.map((a) => t.atMostEach(target(t, a), a.max)).join("; ")
      )
    case "StartingPlayer":
      return t.startingPlayer(request.chooser, t.or(request.options))
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
