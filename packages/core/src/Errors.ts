/**
 * Typed errors. Every failure of the engine is one of these tagged, serialisable classes; none
 * is a thrown string, and a failed resolution changes nothing the caller holds.
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"

/**
 * A decision was answered with something that is not one of its legal options (an effect that
 * was not offered, an allocation that does not add up, a player who is not in the game).
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * const e = new Errors.IllegalChoice({
 *   requestId: "d1", kind: "Allocate", chooser: "bob", answer: "{\"x\":3}", reason: "3 points on x, at most 2"
 * })
 * e.message // "illegal answer to decision d1 (Allocate, asked of bob): 3 points on x, at most 2 — got {\"x\":3}"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class IllegalChoice extends Schema.TaggedError<IllegalChoice>()("IllegalChoice", {
  requestId: Schema.String,
  kind: Schema.String,
  chooser: Schema.String,
  answer: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `illegal answer to decision ${this.requestId} (${this.kind}, asked of ${this.chooser}): ${this.reason} — got ${this.answer}`
  }
}

/**
 * A decision was needed and the chooser had no answer (a scripted chooser ran out of answers).
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * const e = new Errors.MissingDecision({ requestId: "d2", kind: "ChooseEffect", chooser: "bob", prompt: "order shield, double" })
 * e._tag // "MissingDecision"
 * ```
 * @since 0.1.0
 * @category errors
 */
export class MissingDecision extends Schema.TaggedError<MissingDecision>()("MissingDecision", {
  requestId: Schema.String,
  kind: Schema.String,
  chooser: Schema.String,
  prompt: Schema.String
}) {
  override get message(): string {
    return `no answer for decision ${this.requestId} (${this.kind}, asked of ${this.chooser}): ${this.prompt}`
  }
}

/**
 * An effect definition is not valid (a duplicate id, a shield without an amount, …).
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.InvalidEffect({ effect: "s1", path: "action.amount", reason: "a shield needs a number" }).message
 * ```
 * @since 0.1.0
 * @category errors
 */
export class InvalidEffect extends Schema.TaggedError<InvalidEffect>()("InvalidEffect", {
  effect: Schema.String,
  path: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `invalid effect ${JSON.stringify(this.effect)} at ${this.path}: ${this.reason}`
  }
}

/**
 * An event is not valid (a negative or fractional amount, a duplicate occurrence id).
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.InvalidEvent({ event: "e1", path: "occurrences[0].amount", reason: "must be a whole number ≥ 0, got -1" }).message
 * ```
 * @since 0.1.0
 * @category errors
 */
export class InvalidEvent extends Schema.TaggedError<InvalidEvent>()("InvalidEvent", {
  event: Schema.String,
  path: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `invalid event ${JSON.stringify(this.event)} at ${this.path}: ${this.reason}`
  }
}

/**
 * Data from outside the program (JSON, a network message, a database row) does not decode as
 * the engine's input: a wrong type (`"3"` for a number), a number that is not a safe whole
 * number (`NaN`, `1e308`, `2.5` for an amount), a missing or unknown key. `path` names where,
 * from the input's root (`event.occurrences[0].amount`). Returned by `Resolver.decodeInput`.
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.InvalidInput({ path: "event.occurrences[0].amount", reason: "Expected number, got \"3\"" }).message
 * // "invalid input at event.occurrences[0].amount: Expected number, got \"3\""
 * ```
 * @since 0.1.0
 * @category errors
 */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  path: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `invalid input at ${this.path === "" ? "the root" : this.path}: ${this.reason}`
  }
}

/**
 * An id used by an event or effect is not in the game view.
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.UnknownId({ id: "ghost", where: "event e1, occurrence i1, subject" }).message
 * ```
 * @since 0.1.0
 * @category errors
 */
export class UnknownId extends Schema.TaggedError<UnknownId>()("UnknownId", {
  id: Schema.String,
  where: Schema.String
}) {
  override get message(): string {
    return `unknown id ${JSON.stringify(this.id)} (${this.where})`
  }
}

/**
 * A ruleset predicate threw, or a filter named a predicate that does not exist.
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.PredicateFailed({ effect: "prot", reason: "unknown predicate \"fromPlayer\"" })._tag
 * ```
 * @since 0.1.0
 * @category errors
 */
export class PredicateFailed extends Schema.TaggedError<PredicateFailed>()("PredicateFailed", {
  effect: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `evaluating effect ${JSON.stringify(this.effect)} failed: ${this.reason}`
  }
}

/**
 * The chooser itself failed (an asynchronous chooser timed out, a remote player disconnected).
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.ChooserFailed({ requestId: "d1", reason: "timed out after 30s" }).message
 * ```
 * @since 0.1.0
 * @category errors
 */
export class ChooserFailed extends Schema.TaggedError<ChooserFailed>()("ChooserFailed", {
  requestId: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `the chooser failed on decision ${this.requestId}: ${this.reason}`
  }
}

/**
 * One of the resolver's invariants would be broken (an effect applying twice, a negative amount,
 * the step bound exceeded). Seeing this is a bug in a ruleset or in the engine; nothing is applied.
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.InvariantBreach({ invariant: "termination", detail: "more than 1000 steps" }).message
 * ```
 * @since 0.1.0
 * @category errors
 */
export class InvariantBreach extends Schema.TaggedError<InvariantBreach>()("InvariantBreach", {
  invariant: Schema.String,
  detail: Schema.String
}) {
  override get message(): string {
    return `invariant "${this.invariant}" would be broken: ${this.detail}`
  }
}

/**
 * A scenario decodes but makes no sense (an unknown id, a duplicate id, an answer of the wrong
 * kind), with the path inside the scenario document (e.g. `effects[2].on`).
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.ScenarioInvalid({ path: "effects[0].on", reason: "unknown object \"ghost\"" }).message
 * // "effects[0].on: unknown object \"ghost\""
 * ```
 * @since 0.1.0
 * @category errors
 */
export class ScenarioInvalid extends Schema.TaggedError<ScenarioInvalid>()("ScenarioInvalid", {
  path: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `${this.path}: ${this.reason}`
  }
}

/**
 * A search strategy (`Chooser.bestForChooser`) explored more states than its budget allows for
 * one decision, and gave up instead of running on: nothing is applied. The budget counts
 * explored states (answers tried, states of the exact passes), never time, so the same inputs
 * always stop at the same place. Raise it with the strategy's `budget` option (a scenario
 * file's `budget:` key), or answer the decision another way.
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.SearchBudgetExceeded({ requestId: "d1", budget: 1000, explored: 1001 }).message
 * // "the best-for-chooser search for decision d1 explored 1001 states, over its budget of 1000 (raise `budget` or answer the decision another way)"
 * new Errors.SearchBudgetExceeded({ requestId: "d1", budget: 1000, explored: 10, timeBudgetMs: 5000, elapsedMs: 5001 })._tag
 * // "SearchBudgetExceeded" (the time budget ran out first)
 * ```
 * @since 0.1.0
 * @category errors
 */
export class SearchBudgetExceeded extends Schema.TaggedError<SearchBudgetExceeded>()("SearchBudgetExceeded", {
  requestId: Schema.String,
  budget: Schema.Number,
  explored: Schema.Number,
  /** Set when the time budget ran out (not the states budget): the time budget, in milliseconds. */
  timeBudgetMs: Schema.optionalKey(Schema.Number),
  /** With `timeBudgetMs`: how long the search had run, in milliseconds. */
  elapsedMs: Schema.optionalKey(Schema.Number)
}) {
  override get message(): string {
    if (this.timeBudgetMs !== undefined)
      return `the best-for-chooser search for decision ${this.requestId} ran ${Math.round(this.elapsedMs ?? this.timeBudgetMs)} ms (${this.explored} states), over its time budget of ${this.timeBudgetMs} ms (raise the time budget — \`budget: { seconds: … }\` in a scenario file, \`timeBudgetMs\` in code — or answer the decision another way)`
    return `the best-for-chooser search for decision ${this.requestId} explored ${this.explored} states, over its budget of ${this.budget} (raise \`budget\` or answer the decision another way)`
  }
}

/**
 * A stored decision record (`Decision.Stored`) was written for another ruleset, another rules
 * version, or in a record format this version of the engine does not read. Its log could ask
 * other decisions under these rules, so it is refused before anything is replayed. `field` is
 * the record's key (`ruleset`, `rulesVersion` or `format`), `expected` what these rules need and
 * `found` what the record holds.
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * new Errors.IncompatibleRecord({ field: "ruleset", expected: "fab", found: "mtg" }).message
 * // "the stored record's ruleset is \"mtg\", these rules need \"fab\""
 * ```
 * @since 0.1.0
 * @category errors
 */
export class IncompatibleRecord extends Schema.TaggedError<IncompatibleRecord>()("IncompatibleRecord", {
  field: Schema.String,
  expected: Schema.String,
  found: Schema.String
}) {
  override get message(): string {
    return `the stored record's ${this.field} is ${JSON.stringify(this.found)}, these rules need ${JSON.stringify(this.expected)}`
  }
}

/**
 * Every error a resolution can fail with.
 *
 * @example
 * ```ts
 * import { Errors } from "@bulwark/core"
 * const describe = (e: Errors.ResolveError): string => `${e._tag}: ${e.message}`
 * ```
 * @since 0.1.0
 * @category errors
 */
export type ResolveError =
  | IllegalChoice
  | MissingDecision
  | InvalidEffect
  | InvalidEvent
  | UnknownId
  | PredicateFailed
  | ChooserFailed
  | SearchBudgetExceeded
  | InvariantBreach
  | InvalidInput
  | IncompatibleRecord
