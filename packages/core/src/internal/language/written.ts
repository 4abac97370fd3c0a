/**
 * The implementation of the written forms of `Language` (selectors and amounts): their schemas
 * and their compilers into core filters and values. `Language.ts` is the public face, with the
 * documentation and examples; this module holds the code.
 *
 * @internal
 */
import * as Schema from "effect/Schema"
import * as Amount from "../../Amount.js"
import * as Errors from "../../Errors.js"
import * as Filter from "../../Filter.js"
import * as GameView from "../../GameView.js"
import type { AmountExpr, PropTest, Selector, SelectorProps, WrittenAmount } from "../../Language.js"

export const selectorKeys: ReadonlyArray<string> = [
  "ids",
  "controller",
  "owner",
  "zone",
  "player",
  "any",
  "not",
  "filter",
  "props"
]

const Id = Schema.NonEmptyString
const Ids = Schema.Array(Schema.NonEmptyString)
const opt = Schema.optionalKey

const suspendSelector = Schema.suspend((): Schema.Codec<Selector> => SelectorSchema)

const Bound = Schema.Number.check(Schema.isFinite())

export const PropTestSchema: Schema.Codec<PropTest> = Schema.Union([
  GameView.Prop,
  Schema.Struct({ contains: Schema.NonEmptyString }),
  Schema.Struct({ min: opt(Bound), max: opt(Bound) }).check(
    Schema.makeFilter((b) => b.min !== undefined || b.max !== undefined || "a comparison needs min or max")
  )
]) as unknown as Schema.Codec<PropTest>

const isPropTest = Schema.is(PropTestSchema)

const SelectorPropsSchema = Schema.StructWithRest(
  Schema.Struct({
    ids: opt(Ids),
    controller: opt(Id),
    owner: opt(Id),
    zone: opt(Schema.Union([Id, Ids])),
    player: opt(Schema.Boolean),
    any: opt(Schema.Array(suspendSelector)),
    not: opt(suspendSelector),
    filter: opt(Filter.Filter),
    props: opt(Schema.Record(Schema.String, PropTestSchema))
  }),
  [Schema.Record(Schema.String, Schema.Unknown)]
).check(
  // every other key is a property, tested by a PropTest (an index signature would also apply to
  // the keys above): the problem is at the property's own key
  Schema.makeFilter((s) => {
    const bad = Object.entries(s).filter(
      ([k, v]) => !selectorKeys.includes(k) && v !== undefined && !isPropTest(v)
    )
    return bad.length === 0
      ? true
      : bad.map(([k]) => ({
          path: [k],
          issue: "a property test is a value, a list, { contains: text } or { min, max }"
        }))
  })
)

export const SelectorSchema: Schema.Codec<Selector> = Schema.Union([
  Id,
  Ids,
  SelectorPropsSchema
]) as unknown as Schema.Codec<Selector>

const playerRef = (s: string): Filter.PlayerRef =>
  s === "you"
    ? { _tag: "You" }
    : s === "opponent"
      ? { _tag: "Opponent" }
      : s === "active"
        ? { _tag: "Active" }
        : { _tag: "Player", id: s }

export const propFilters = (prop: string, test: unknown): ReadonlyArray<Filter.Filter> => {
  if (!isPropTest(test))
    throw new Errors.InvalidEffect({
      effect: "selector",
      path: prop,
      reason: `${JSON.stringify(test)} is no property test: a value, a list, { contains: text } or { min, max }`
    })
  if (Array.isArray(test)) return test.map((v) => ({ _tag: "Prop", prop, op: "has", value: String(v) }))
  if (typeof test !== "object") return [{ _tag: "Prop", prop, op: "eq", value: test }]
  const t = test as { contains?: string; min?: number; max?: number }
  if (t.contains !== undefined) return [{ _tag: "Prop", prop, op: "contains", value: t.contains }]
  return [
    ...(t.min === undefined ? [] : [{ _tag: "Prop" as const, prop, op: "gte" as const, value: t.min }]),
    ...(t.max === undefined ? [] : [{ _tag: "Prop" as const, prop, op: "lte" as const, value: t.max }])
  ]
}

export const toFilter = (selector: Selector): Filter.Filter => {
  if (typeof selector === "string") return { _tag: "Id", ids: [selector] }
  if (Array.isArray(selector)) return { _tag: "Id", ids: selector as ReadonlyArray<string> }
  const s = selector as SelectorProps
  const all: Array<Filter.Filter> = []
  if (s.ids !== undefined) all.push({ _tag: "Id", ids: s.ids })
  if (s.player === true) all.push({ _tag: "IsPlayer" })
  if (s.player === false) all.push({ _tag: "Not", filter: { _tag: "IsPlayer" } })
  if (s.controller !== undefined) all.push({ _tag: "ControlledBy", player: playerRef(s.controller) })
  if (s.owner !== undefined) all.push({ _tag: "OwnedBy", player: playerRef(s.owner) })
  if (s.zone !== undefined)
    all.push({ _tag: "InZone", zones: typeof s.zone === "string" ? [s.zone] : s.zone })
  for (const [prop, value] of Object.entries(s)) {
    if (selectorKeys.includes(prop) || value === undefined) continue
    all.push(...propFilters(prop, value))
  }
  for (const [prop, value] of Object.entries(s.props ?? {}))
    if (value !== undefined) all.push(...propFilters(prop, value))
  if (s.any !== undefined) all.push({ _tag: "Or", any: s.any.map(toFilter) })
  if (s.not !== undefined) all.push({ _tag: "Not", filter: toFilter(s.not) })
  if (s.filter !== undefined) all.push(s.filter)
  if (all.length === 0) return { _tag: "Any" }
  return all.length === 1 ? (all[0] as Filter.Filter) : { _tag: "And", all }
}

export const selectorIds = (selector: Selector): ReadonlyArray<string> => {
  if (typeof selector === "string") return [selector]
  if (Array.isArray(selector)) return selector as ReadonlyArray<string>
  const s = selector as SelectorProps
  return [
    ...(s.ids ?? []),
    ...(s.any ?? []).flatMap(selectorIds),
    ...(s.not === undefined ? [] : selectorIds(s.not))
  ]
}

/** The operator keys of an {@link AmountExpr}, for the "exactly one" check, "did you mean" and the messages. */
export const amountOps = [
  "count",
  "prop",
  "inEvent",
  "allBut",
  "half",
  "plus",
  "minus",
  "times",
  "min",
  "max"
] as const

const suspendAmount = Schema.suspend((): Schema.Codec<WrittenAmount> => AmountSchema)
const Amounts = Schema.Array(suspendAmount).check(Schema.isMinLength(1))

export const AmountExprSchema = Schema.Struct({
  count: opt(Schema.suspend((): Schema.Codec<Selector> => SelectorSchema)),
  prop: opt(Id),
  of: opt(Schema.Literals(["subject", "source", "self"])),
  inEvent: opt(Id),
  allBut: opt(suspendAmount),
  half: opt(suspendAmount),
  round: opt(Schema.Literals(["up", "down"])),
  plus: opt(Amounts),
  minus: opt(Amounts),
  times: opt(Amounts),
  min: opt(Amounts),
  max: opt(Amounts)
}).check(Schema.makeFilter((e) => exprProblem(e as AmountExpr) ?? true))

const exprProblem = (e: AmountExpr): string | undefined => {
  const ops = amountOps.filter((k) => e[k] !== undefined)
  if (ops.length !== 1)
    return ops.length === 0
      ? `an amount expression needs one of ${amountOps.join(", ")}`
      : `an amount expression has one operator, got ${ops.join(" and ")}`
  if (e.round !== undefined && e.half === undefined) return "`round` goes with `half`"
  if (e.half !== undefined && e.round === undefined) return "`half` needs `round: up` or `round: down`"
  if (e.of !== undefined && e.prop === undefined) return "`of` goes with `prop`"
  if (e.prop !== undefined && e.of === undefined)
    return "`prop` needs `of: subject`, `of: source` or `of: self`"
  return undefined
}

export const AmountSchema: Schema.Codec<WrittenAmount> = Schema.Union([
  Amount.Schema,
  Schema.Literals(["all", "event"]),
  AmountExprSchema
]) as unknown as Schema.Codec<WrittenAmount>

const isWrittenAmount = Schema.is(AmountSchema)

export const toAmount = (
  a: WrittenAmount,
  what: string,
  options: { readonly id?: string | undefined; readonly allowAll?: boolean } = {}
): number | "all" | Filter.Value => {
  if (typeof a === "number") return Amount.check(a, what, options.id === undefined ? {} : { id: options.id })
  const where = options.id === undefined ? what : what.replace(" ", ` ${JSON.stringify(options.id)} `)
  const refuse = (reason: string): never => {
    throw new Amount.InvalidAmount({ where, value: Amount.show(a), reason })
  }
  if (a === "all") return options.allowAll === false ? refuse('must be a number, not "all"') : "all"
  if (!isWrittenAmount(a))
    return refuse(
      (typeof a === "object" && a !== null && !Array.isArray(a) ? exprProblem(a) : undefined) ??
        `must be a number, all, event or an amount expression (${amountOps.join(", ")})`
    )
  const go = (x: WrittenAmount): Filter.Value => {
    if (typeof x === "number") return x
    if (x === "event") return { _tag: "Amount" }
    if (x === "all") return refuse('"all" inside an expression: write "event" for the event\'s amount')
    if (x.count !== undefined) return { _tag: "Count", filter: toFilter(x.count) }
    if (x.prop !== undefined) return { _tag: "PropOf", of: x.of ?? "subject", prop: x.prop }
    if (x.inEvent !== undefined) return { _tag: "InEvent", family: x.inEvent }
    if (x.allBut !== undefined) return { _tag: "AllBut", value: go(x.allBut) }
    if (x.half !== undefined) return { _tag: "Half", of: go(x.half), round: x.round ?? "down" }
    for (const op of ["plus", "minus", "times", "min", "max"] as const) {
      const vs = x[op]
      if (vs !== undefined) return { _tag: "Arith", op, values: vs.map(go) }
    }
    return refuse("an amount expression needs an operator")
  }
  return go(a)
}

export const ValueSchema: Schema.Codec<Filter.Value | WrittenAmount> = Schema.Union([
  Filter.Value,
  AmountSchema
]).check(
  // a written number is a whole number ≥ 0, so `value: -3` is refused with its line instead of
  // lowering what an "add" adds (`op: sub` says "less")
  Schema.makeFilter(
    (v) =>
      typeof v !== "number" ||
      (Number.isSafeInteger(v) && v >= 0) ||
      "must be a whole number ≥ 0 (for less, write `op: sub` with a positive value)"
  )
) as unknown as Schema.Codec<Filter.Value | WrittenAmount>

export const toValue = (
  v: Filter.Value | WrittenAmount,
  what: string,
  options: { readonly id?: string | undefined } = {}
): Filter.Value => {
  if (typeof v === "number") return v
  if (typeof v === "object" && v !== null && "_tag" in v) return v as Filter.Value
  return toAmount(v as WrittenAmount, what, { ...options, allowAll: false }) as Filter.Value
}

export const amountLabel = (a: WrittenAmount | Filter.Value): string =>
  typeof a === "number" || a === "all" ? String(a) : "X"
