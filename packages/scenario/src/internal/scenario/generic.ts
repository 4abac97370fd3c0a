/**
 * The scenario library's own keys (`format`, `ruleset`, `title`, `description`, `decisions`,
 * `strategy`, `budget`, `expect`) and their schemas. Every other top-level key belongs to the
 * ruleset: `genericKeys` is the one list that splits a document in two.
 *
 * @internal
 */
import { Decision } from "@bulwark/core"
import * as Schema from "effect/Schema"
import type { Strategy } from "../../Scenario.js"
import * as Skeleton from "../../Skeleton.js"

export const STRATEGIES = ["first", "best-for-chooser"] as const satisfies ReadonlyArray<Strategy>

export const ExpectSchema = Schema.Struct({
  events: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  state: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  effects: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  decisions: Schema.optionalKey(Schema.Array(Schema.Unknown)),
  queries: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown)),
  error: Schema.optionalKey(
    Schema.Struct({
      tag: Schema.optionalKey(Schema.String),
      message: Schema.optionalKey(Schema.String),
      step: Schema.optionalKey(Schema.Int)
    })
  )
})

/** A states budget: a whole number ≥ 1. */
const States = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))
/** A time budget in seconds: a number > 0 (at most a day). */
const Seconds = Schema.Finite.check(Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(86_400))

export const GenericSchema = Schema.Struct({
  format: Schema.optionalKey(Schema.Literal(Skeleton.FORMAT)),
  ruleset: Schema.String,
  title: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.String),
  decisions: Schema.optionalKey(Schema.Array(Decision.Answer)),
  strategy: Schema.optionalKey(Schema.Literals(STRATEGIES)),
  budget: Schema.optionalKey(
    Schema.Union([
      States,
      Schema.Struct({ states: Schema.optionalKey(States), seconds: Schema.optionalKey(Seconds) })
    ])
  ),
  expect: Schema.optionalKey(ExpectSchema)
})

export const genericKeys: ReadonlyArray<string> = Object.keys(GenericSchema.fields)
