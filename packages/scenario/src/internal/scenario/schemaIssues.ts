/**
 * Schema failures as located issues (`toIssues`): each Effect schema issue becomes one issue
 * with its path, line and column and a message a person can act on. A union tagged by a
 * literal key (`kind`) that matched no member is reported as "unknown kind" at that key; an
 * unknown key next to a missing one is one mistake (a typo): the missing key is not reported
 * again, and the unknown one gets a "did you mean".
 *
 * @internal
 */
import { Language, Names } from "@bulwark/core"
import type * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import type * as ScenarioError from "../../ScenarioError.js"
import * as SourceMap from "../../SourceMap.js"
import { isRecord, show, suggest, valueAt } from "./text.js"

// what an answer in `decisions:` looks like, by the kind of decision it answers (core `Decision.Answer`)
const ANSWER_SHAPES =
  "a decision's answer is an effect's id (which effect applies first: `shield-a`), a player's id (who starts: `ap`), true or false (use an optional effect or not), or points per occurrence (how a shield's N is split: `{ x: 2, y: 1 }`)"

interface Discriminated {
  readonly path: ReadonlyArray<string | number>
  readonly key: string
  readonly options: ReadonlyArray<string>
}

// A union of structs none of which matched, all tagged by the same literal key (e.g. `kind`):
// report "unknown kind" at that key instead of listing every member's shape.
/** The operators of an amount expression, as an amount's message lists them. */
const AMOUNT_OPS = Language.amountOperators.join(", ")

/**
 * What an `amount` of the wrong type should have been, in words, read off the schema's
 * `Expected …` (an effect's amount: a number, `all`, `event` or an expression; an occurrence's: a
 * number or an expression), so that both say it the same way; `undefined` for any other message.
 */
const amountWanted = (message: string): string | undefined => {
  const m = /^Expected ((?:number|object|"[^"]*")(?: \| (?:number|object|"[^"]*"))*)$/.exec(message)
  if (m === null) return undefined
  const parts = (m[1] as string)
    .split(" | ")
    .map((p) =>
      p === "number"
        ? "a whole number"
        : p === "object"
          ? `an amount expression (${AMOUNT_OPS})`
          : `\`${p.slice(1, -1)}\``
    )
  // the expression last, after the words
  parts.sort((a, b) => Number(a.startsWith("an amount")) - Number(b.startsWith("an amount")))
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}`
}

const discriminatedFailures = (
  issue: unknown,
  path: ReadonlyArray<string | number>,
  out: Array<Discriminated>
): void => {
  if (typeof issue !== "object" || issue === null) return
  const i = issue as {
    _tag: string
    path?: ReadonlyArray<PropertyKey>
    issue?: unknown
    issues?: ReadonlyArray<unknown>
    ast?: { _tag: string; types?: ReadonlyArray<unknown> }
  }
  if (i._tag === "Pointer") {
    discriminatedFailures(
      i.issue,
      [...path, ...(i.path ?? []).map((p) => (typeof p === "symbol" ? String(p) : p))],
      out
    )
    return
  }
  if (i._tag === "AnyOf" && (i.issues?.length ?? 0) === 0 && i.ast?._tag === "Union") {
    const members = (i.ast.types ?? []) as ReadonlyArray<{
      _tag: string
      propertySignatures?: ReadonlyArray<{ name: PropertyKey; type: { _tag: string; literal?: unknown } }>
    }>
    const literalsOf = (m: (typeof members)[number]): Map<string, string> =>
      new Map(
        (m.propertySignatures ?? [])
          .filter((p) => p.type._tag === "Literal" && typeof p.type.literal === "string")
          .map((p) => [String(p.name), p.type.literal as string] as const)
      )
    if (members.length > 1 && members.every((m) => m._tag === "Objects")) {
      const maps = members.map(literalsOf)
      const first = maps[0] as Map<string, string>
      for (const key of first.keys()) {
        if (maps.every((m) => m.has(key))) {
          out.push({ path, key, options: [...new Set(maps.map((m) => m.get(key) as string))] })
          return
        }
      }
    }
  }
  if (i.issue !== undefined) discriminatedFailures(i.issue, path, out)
  for (const c of i.issues ?? []) discriminatedFailures(c, path, out)
}

// The keys the mapping at each path accepts, read off the schema issues that refused a key there
// (an unexpected key's issue carries the struct it was not part of): for a "did you mean" at any
// depth, not only at the top of the value being decoded.
const acceptedKeys = (
  issue: unknown,
  path: ReadonlyArray<string | number>,
  out: Map<string, ReadonlyArray<string>>
): void => {
  if (typeof issue !== "object" || issue === null) return
  const i = issue as {
    _tag?: string
    path?: ReadonlyArray<PropertyKey>
    issue?: unknown
    issues?: ReadonlyArray<unknown>
    ast?: { propertySignatures?: ReadonlyArray<{ name: PropertyKey }> }
  }
  if (i._tag === "UnexpectedKey" && i.ast?.propertySignatures !== undefined) {
    const names = i.ast.propertySignatures.flatMap((p) => (typeof p.name === "string" ? [p.name] : []))
    out.set(SourceMap.formatPath(path.slice(0, -1)), names)
    return
  }
  const here =
    i._tag === "Pointer" && i.path !== undefined
      ? [...path, ...i.path.map((p) => (typeof p === "symbol" ? String(p) : (p as string | number)))]
      : path
  if (i.issue !== undefined) acceptedKeys(i.issue, here, out)
  for (const c of i.issues ?? []) acceptedKeys(c, here, out)
}

export const toIssues = (
  error: Schema.SchemaError,
  doc: unknown,
  sourceMap: SourceMap.SourceMap,
  prefix: ReadonlyArray<string | number> = [],
  keys: ReadonlyArray<string> = []
): Array<ScenarioError.Issue> => {
  const discriminated: Array<Discriminated> = []
  discriminatedFailures(error.issue, prefix, discriminated)
  const byPath = new Map<string, Discriminated>()
  for (const d of discriminated) {
    const k = SourceMap.formatPath(d.path)
    if (!byPath.has(k)) byPath.set(k, d)
  }
  const issues = SchemaIssue.makeFormatterStandardSchemaV1()(error.issue).issues.map((i) => {
    const path = (i.path ?? []).map((p) =>
      typeof p === "object" && p !== null && "key" in p ? (p as { key: PropertyKey }).key : p
    ) as Array<string | number | symbol>
    let clean: Array<string | number> = [
      ...prefix,
      ...path.map((p) => (typeof p === "symbol" ? String(p) : p))
    ]
    let message = i.message
    let at: "key" | "value" = "key"
    const d = byPath.get(SourceMap.formatPath(clean))
    const v = valueAt(doc, clean)
    const tag = isRecord(v.value) ? v.value[d?.key ?? ""] : undefined
    if (d !== undefined && isRecord(v.value)) {
      const expected = d.options.map((o) => show(o)).join(" | ")
      if (tag === undefined) message = `missing key ${show(d.key)} (one of ${expected})`
      else {
        clean = [...clean, d.key]
        at = "value"
        message = `unknown ${d.key} ${show(tag)}${typeof tag === "string" ? suggest(tag, d.options) : ""}; expected one of ${expected}`
      }
    } else if (message === "Expected no excess property") message = `unknown key ${show(clean.at(-1))}`
    else if (message === "Missing key") message = `missing key ${show(clean.at(-1))}`
    else {
      at = "value"
      // a word that is not one of the words allowed here: name the closest
      const words = /^Expected ("[^"]*"(?: \| "[^"]*")+)$/.exec(message)?.[1]
      const hint =
        words !== undefined && typeof v.value === "string"
          ? suggest(
              v.value,
              words.split(" | ").map((w) => w.slice(1, -1))
            )
          : ""
      const key = clean.at(-1)
      // a number written as text (`amount: "3"`): say what is wanted, and how to write it
      const wanted = /^Expected (number|an integer)/.test(message)
        ? "a whole number"
        : key === "amount"
          ? "a whole number or an expression"
          : undefined
      if (clean.length === 2 && clean[0] === "decisions" && typeof key === "number" && v.found)
        message = `${ANSWER_SHAPES}, got ${show(v.value)}`
      else if (
        v.found &&
        typeof v.value === "string" &&
        typeof key === "string" &&
        wanted !== undefined &&
        /^-?\d+$/.test(v.value.trim())
      )
        message = `expected ${wanted}, got the text ${show(v.value)}: write \`${key}: ${Number(v.value.trim())}\` (a number, without quotes)`
      else if (v.found && key === "amount" && amountWanted(message) !== undefined)
        message = `expected ${amountWanted(message)}, got ${show(v.value)}${hint}`
      else if (v.found) message = `${message}, got ${show(v.value)}${hint}`
    }
    const pos = sourceMap.positionOf(clean, at)
    return { path: clean, line: pos.line, column: pos.column, message }
  })
  // an unknown key next to a missing one is most likely a typo of it
  const parent = (p: ReadonlyArray<string | number>) => SourceMap.formatPath(p.slice(0, -1))
  const missingIn = new Map<string, Array<string>>()
  for (const m of issues)
    if (m.message.startsWith("missing key")) {
      const k = parent(m.path)
      const list = missingIn.get(k)
      if (list === undefined) missingIn.set(k, [String(m.path.at(-1))])
      else list.push(String(m.path.at(-1)))
    }
  // …and then it is one mistake: the missing key is not reported again
  const typoOf = new Set<string>()
  const accepts = new Map<string, ReadonlyArray<string>>()
  acceptedKeys(error.issue, prefix, accepts)
  const named = issues.map((i) => {
    const last = i.path.at(-1)
    if (!i.message.startsWith("unknown key") || typeof last !== "string")
      return { ...i, path: SourceMap.formatPath(i.path) }
    const missing = missingIn.get(parent(i.path)) ?? []
    const meant = Names.closest(last, missing)
    if (meant !== undefined) typoOf.add(SourceMap.formatPath([...i.path.slice(0, -1), meant]))
    const accepted = accepts.get(parent(i.path))?.filter((k) => k !== last)
    const hint =
      meant !== undefined
        ? suggest(last, missing)
        : accepted !== undefined && accepted.length > 0
          ? suggest(last, accepted)
          : parent(i.path) === SourceMap.formatPath(prefix)
            ? suggest(last, keys)
            : ""
    return { ...i, path: SourceMap.formatPath(i.path), message: `${i.message}${hint}` }
  })
  return named.filter((i) => !(i.message.startsWith("missing key") && typoOf.has(i.path)))
}
