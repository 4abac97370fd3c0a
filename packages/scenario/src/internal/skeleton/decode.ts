/**
 * The discriminated decoder of a format-2 body: each effect is decoded with the schema of its
 * `kind` only, each step with the schema of its one key only, each query with the schema of its
 * question only, so one mistake gives one problem. Problems are collected, never thrown; the
 * names check (`namesProblems`) runs only on a body whose shapes all decoded.
 *
 * @internal
 */
import { type Language, Names } from "@bulwark/core"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { Body, DecodedEffect, DecodedStep, Problem, SchemaProblems } from "../../Skeleton.js"
import { EVERY, pauseAfter, runSteps, type Steps } from "../steps.js"
import { namesProblems } from "./names.js"
import { build, Id } from "./schemas.js"
import { didYouMean, fieldsOf, formatPath, isRecord, show } from "./text.js"

export const bodyKeys: ReadonlyArray<string> = ["players", "turn", "objects", "effects", "steps"]

export type At = <A>(
  schema: Schema.Codec<A, unknown>,
  value: unknown,
  prefix: ReadonlyArray<string | number>
) => A | undefined

export const decodeEffect = (
  language: Language.Language,
  e: unknown,
  path: ReadonlyArray<string | number>,
  at: At,
  problems: Array<Problem>
): DecodedEffect | undefined => {
  const kinds = Object.keys(language.effects)
  const expected = kinds.map((k) => show(k)).join(" | ")
  if (!isRecord(e)) {
    problems.push({
      path,
      at: "value",
      message: `an effect is a mapping with a kind: (${expected}), got ${show(e)}`
    })
    return undefined
  }
  const kind = e.kind
  if (kind === undefined) {
    problems.push({ path, at: "value", message: `missing key "kind" (one of ${expected})` })
    return undefined
  }
  const k =
    typeof kind === "string" && Object.hasOwn(language.effects, kind) ? language.effects[kind] : undefined
  if (k === undefined || typeof kind !== "string") {
    problems.push({
      path: [...path, "kind"],
      at: "value",
      message: `unknown kind ${show(kind)}${typeof kind === "string" ? didYouMean(kind, kinds) : ""}; expected one of ${expected}`
    })
    return undefined
  }
  const { kind: _, ...rest } = e
  const options = at(k.options, rest, path)
  return options === undefined
    ? undefined
    : { kind, options: options as Record<string, unknown>, path: formatPath(path) }
}

export const decodeOptions = { errors: "all", onExcessProperty: "error" } as const

export const atWith =
  (schemaProblems: SchemaProblems, problems: Array<Problem>): At =>
  (schema, value, prefix) => {
    const r = Schema.decodeUnknownResult(schema)(value, decodeOptions)
    if (Result.isSuccess(r)) return r.success
    problems.push(...schemaProblems(r.failure, prefix, fieldsOf(schema)))
    return undefined
  }

/**
 * An event of many occurrences decoded in slices of {@link EVERY} occurrences, a pause point
 * between two: the event's schema on the event with each slice of its occurrences in turn. The
 * decoded event is the one the whole event decodes to; if a slice has a problem, the whole
 * event is decoded again for its problems (located and worded as they always are).
 */
function* eventInSlices(
  schema: Schema.Codec<unknown, unknown>,
  value: Record<string, unknown> & { readonly occurrences: ReadonlyArray<unknown> },
  here: ReadonlyArray<string | number>,
  at: At
): Steps<unknown> {
  const all = value.occurrences
  let head: Record<string, unknown> | undefined
  const occurrences: Array<unknown> = []
  for (let from = 0; from < all.length; from += EVERY) {
    const r = Schema.decodeUnknownResult(schema)(
      { ...value, occurrences: all.slice(from, from + EVERY) },
      decodeOptions
    )
    if (Result.isFailure(r)) return at(schema, value, here)
    const decoded = r.success as Record<string, unknown> & { readonly occurrences: ReadonlyArray<unknown> }
    head ??= decoded
    occurrences.push(...decoded.occurrences)
    yield
  }
  return { ...head, occurrences }
}

/** One step of the body's `steps:`, decoded with the schema of its one key (problems pushed). */
function* decodeStep(
  language: Language.Language,
  b: ReturnType<typeof build>,
  s: unknown,
  i: number,
  at: At,
  problems: Array<Problem>,
  effect: (e: unknown, path: ReadonlyArray<string | number>) => DecodedEffect | undefined,
  named: Set<string>
): Steps<DecodedStep | undefined> {
  const path = ["steps", i] as const
  const expected = b.stepKinds.map((k) => show(k)).join(" | ")
  // a step is its kind, and may name itself: `id:` beside the kind (the events it makes)
  const keys = isRecord(s) ? Object.keys(s).filter((k) => k !== "id") : []
  if (!isRecord(s) || keys.length !== 1) {
    problems.push({
      path,
      at: "value",
      message: `a step is a mapping with one key, its kind (${expected}), and optionally its id, got ${keys.length > 1 ? `the keys ${keys.map((k) => show(k)).join(", ")}` : show(s)}`
    })
    return undefined
  }
  const stepId = s.id === undefined ? undefined : (at(Id, s.id, [...path, "id"]) as string | undefined)
  if (s.id !== undefined && stepId === undefined) return undefined
  if (stepId !== undefined) {
    if (named.has(stepId)) {
      problems.push({ path: [...path, "id"], at: "value", message: `two steps have the id ${show(stepId)}` })
      return undefined
    }
    named.add(stepId)
  }
  const kind = keys[0] as string
  const value = s[kind]
  const here = [...path, kind]
  if (!b.stepKinds.includes(kind)) {
    problems.push({
      path: here,
      at: "key",
      message: `unknown step kind ${show(kind)}${didYouMean(kind, b.stepKinds)}; expected one of ${expected}`
    })
    return undefined
  }
  const before = problems.length
  let decoded: unknown
  switch (kind) {
    case "event":
      decoded =
        isRecord(value) && Array.isArray(value.occurrences) && value.occurrences.length > EVERY
          ? yield* eventInSlices(
              b.event,
              value as Record<string, unknown> & { occurrences: ReadonlyArray<unknown> },
              here,
              at
            )
          : at(b.event, value, here)
      break
    case "update":
      decoded = at(b.update, value, here)
      break
    case "advance":
      decoded = at(Id, value, here)
      break
    case "addEffects": {
      if (!Array.isArray(value)) {
        problems.push({
          path: here,
          at: "value",
          message: `expected a list of effects, got ${show(value)}`
        })
        break
      }
      const out: Array<DecodedEffect> = []
      value.forEach((e, j) => {
        const d = effect(e, [...here, j])
        if (d !== undefined) out.push(d)
      })
      decoded = out
      break
    }
    case "query": {
      const questions = Object.keys(language.queries ?? {})
      const expectedQ = questions.map((q) => show(q)).join(" | ")
      if (!isRecord(value)) {
        problems.push({
          path: here,
          at: "value",
          message: `expected { name, <question>: … }, got ${show(value)}`
        })
        break
      }
      const name = at(Id, value.name, [...here, "name"])
      const asked = Object.keys(value).filter((k) => k !== "name")
      if (value.name === undefined) problems.push({ path: here, at: "value", message: `missing key "name"` })
      if (asked.length !== 1) {
        problems.push({
          path: here,
          at: "value",
          message: `a query asks one question (${expectedQ || "this ruleset has none"}), got ${asked.length === 0 ? "none" : asked.map((q) => show(q)).join(", ")}`
        })
        break
      }
      const q = asked[0] as string
      const kindQ = Object.hasOwn(language.queries ?? {}, q) ? language.queries?.[q] : undefined
      if (kindQ === undefined) {
        problems.push({
          path: [...here, q],
          at: "key",
          message: `unknown question ${show(q)}${didYouMean(q, questions)}; expected one of ${expectedQ}`
        })
        break
      }
      const args = at(kindQ.schema, value[q], [...here, q])
      if (name !== undefined && args !== undefined) decoded = { name, question: q, args }
      break
    }
    default: {
      const k = language.steps?.[kind]
      if (k !== undefined) decoded = at(k.schema, value, here)
    }
  }
  return problems.length === before && decoded !== undefined
    ? { kind, value: decoded, path: formatPath(path), ...(stepId === undefined ? {} : { id: stepId }) }
    : undefined
}

/** {@link decode}, as work that pauses every {@link EVERY} objects, effects, steps and occurrences. */
export function* decodeSteps(
  language: Language.Language,
  body: Readonly<Record<string, unknown>>,
  schemaProblems: SchemaProblems
): Steps<Result.Result<Body, ReadonlyArray<Problem>>> {
  const b = build(language)
  const problems: Array<Problem> = []
  const at = atWith(schemaProblems, problems)
  const list = (key: string, required: boolean): ReadonlyArray<unknown> => {
    const v = body[key]
    if (v === undefined) {
      // a typo of the key is already its problem (an unknown key, "did you mean" this one)
      const typo = Object.keys(body).some((k) => !bodyKeys.includes(k) && Names.closest(k, bodyKeys) === key)
      if (required && !typo) problems.push({ path: [key], at: "key", message: `missing key ${show(key)}` })
      return []
    }
    if (!Array.isArray(v)) {
      problems.push({ path: [key], at: "value", message: `expected a list, got ${show(v)}` })
      return []
    }
    return v
  }
  for (const k of Object.keys(body))
    if (!bodyKeys.includes(k))
      problems.push({ path: [k], at: "key", message: `unknown key ${show(k)}${didYouMean(k, bodyKeys)}` })
  const players: Array<Language.ObjectEntry> = []
  for (const [i, p] of list("players", true).entries()) {
    const d = at(b.player, p, ["players", i])
    if (d !== undefined) players.push(typeof d === "string" ? { id: d } : (d as Language.ObjectEntry))
    if (pauseAfter(i)) yield
  }
  let turn: string | undefined
  if (body.turn !== undefined) turn = at(Id, body.turn, ["turn"])
  const objects: Array<Language.ObjectEntry> = []
  for (const [i, o] of list("objects", false).entries()) {
    const d = at(b.object, o, ["objects", i])
    if (d !== undefined) objects.push(d as Language.ObjectEntry)
    if (pauseAfter(i)) yield
  }
  const effect = (e: unknown, path: ReadonlyArray<string | number>) =>
    decodeEffect(language, e, path, at, problems)
  const effects: Array<DecodedEffect> = []
  for (const [i, e] of list("effects", false).entries()) {
    const d = effect(e, ["effects", i])
    if (d !== undefined) effects.push(d)
    if (pauseAfter(i)) yield
  }
  const steps: Array<DecodedStep> = []
  const named = new Set<string>()
  for (const [i, s] of list("steps", false).entries()) {
    if (i > 0 && pauseAfter(i - 1)) yield
    const step = yield* decodeStep(language, b, s, i, at, problems, effect, named)
    if (step !== undefined) steps.push(step)
  }
  if (problems.length > 0) return Result.fail(problems)
  const decodedBody: Body = { players, turn, objects, effects, steps }
  yield
  const names = namesProblems(language, decodedBody, b)
  return names.length > 0 ? Result.fail(names) : Result.succeed(decodedBody)
}

export const decode = (
  language: Language.Language,
  body: Readonly<Record<string, unknown>>,
  schemaProblems: SchemaProblems
): Result.Result<Body, ReadonlyArray<Problem>> => runSteps(decodeSteps(language, body, schemaProblems))
