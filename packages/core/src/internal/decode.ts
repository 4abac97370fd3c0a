/**
 * Turning a schema's failure into a typed error naming where: the path from the input's root
 * (`log[0].request._tag`), what was expected, and what was there.
 *
 * @internal
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import * as Errors from "../Errors.js"

const keyOf = (p: unknown): unknown =>
  typeof p === "object" && p !== null && "key" in p ? (p as { key: unknown }).key : p

/** A path as text: `event.occurrences[0].amount`; `prefix` is put before it. */
export const pathText = (path: ReadonlyArray<unknown>, prefix = ""): string =>
  path
    .map(keyOf)
    .reduce<string>(
      (out, k) => (typeof k === "number" ? `${out}[${k}]` : out === "" ? String(k) : `${out}.${String(k)}`),
      prefix
    )

const valueAt = (root: unknown, path: ReadonlyArray<unknown>): { found: boolean; value: unknown } => {
  let v: unknown = root
  for (const p of path) {
    const k = keyOf(p)
    if (typeof v !== "object" || v === null || !(String(k) in v)) return { found: false, value: undefined }
    v = (v as Record<string, unknown>)[String(k)]
  }
  return { found: true, value: v }
}

/** A value as a short text for an error message. */
export const shown = (v: unknown): string => {
  if (typeof v === "number" || typeof v === "bigint" || v === undefined) return String(v)
  const json = JSON.stringify(v)
  return json === undefined ? String(v) : json.length > 60 ? `${json.slice(0, 57)}...` : json
}

/** The first issue of a failed decode of `input`, as an `InvalidInput` naming its path. */
export const invalidInput = (input: unknown, error: Schema.SchemaError, prefix = ""): Errors.InvalidInput => {
  const issue = SchemaIssue.makeFormatterStandardSchemaV1()(error.issue).issues[0]
  const path = issue?.path ?? []
  const at = valueAt(input, path)
  const message = issue?.message ?? "does not decode"
  const reason = message === "Expected no excess property" ? "unknown key" : message
  return new Errors.InvalidInput({
    path: pathText(path, prefix),
    reason: at.found && reason !== "unknown key" ? `${reason}, got ${shown(at.value)}` : reason
  })
}

/** Decodes unknown data strictly (an unknown key is an error), failing with an `InvalidInput`. */
export const strict = <A>(schema: Schema.Codec<A>) => {
  const decode = /* @__PURE__ */ Schema.decodeUnknownResult(schema, { onExcessProperty: "error" })
  return (input: unknown, prefix = ""): Result.Result<A, Errors.InvalidInput> => {
    const r = decode(input)
    return Result.isFailure(r)
      ? Result.fail(invalidInput(input, r.failure, prefix))
      : Result.succeed(r.success)
  }
}
