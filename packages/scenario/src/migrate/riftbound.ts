/**
 * The riftbound ruleset's format-1 scenario words, rewritten in format 2 (see `Migrate`).
 *
 * Format 1 had a `units:` map and an `objects:` map, effects told apart by their shape
 * (`prevent: { unit, value }`, `double: U`, …), `duration: turn`, `optional:`, and a step kind
 * per question (`preview:`, `minimumLethal:`, `validate:`, `solve:`), `deal:` and `setUnit:`.
 * The migration rewrites each where it stands (comments and key order kept) and writes the
 * occurrence ids format 1 derived (`<deal id>:<unit>`, `<event id>:<position>`) and the amount
 * an `event` occurrence defaulted to (1), so that outcomes keyed by id stay the same.
 *
 * @since 0.1.0
 */
import {
  type Document,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  Scalar,
  YAMLMap,
  YAMLSeq
} from "yaml"
import type { Mapping, RulesetMigration } from "../Migrate.js"

type AnyPair = Pair<unknown, unknown>

const keyOf = (p: AnyPair): unknown => (isScalar(p.key) ? p.key.value : p.key)

const find = (map: YAMLMap, key: string): AnyPair | undefined =>
  (map.items as Array<AnyPair>).find((p) => keyOf(p) === key)

const indexOf = (map: YAMLMap, key: string): number =>
  (map.items as Array<AnyPair>).findIndex((p) => keyOf(p) === key)

const setKey = (p: AnyPair, key: string): void => {
  if (isScalar(p.key)) p.key.value = key
  else (p as { key: unknown }).key = new Scalar(key)
}

const scalarOf = (n: unknown): unknown => (isScalar(n) ? n.value : n)

const pair = (doc: Document, key: string, value: unknown): AnyPair => doc.createPair(key, value) as AnyPair

/** A flow list (`[a, b]`) of plain values. */
const flowSeq = (doc: Document, values: ReadonlyArray<unknown>): YAMLSeq => {
  const s = doc.createNode(values) as YAMLSeq
  s.flow = true
  return s
}

/** A copy of a value node (a node may stand in one place of a document only). */
const copy = (v: unknown): unknown => (isNode(v) ? v.clone() : v)

/** Puts a pair first in a mapping; the comment above the mapping's first key moves up with it. */
const unshift = (map: YAMLMap, p: AnyPair): void => {
  const first = map.items[0] as AnyPair | undefined
  if (first !== undefined) keepComment(first, p.key as Node)
  map.items.unshift(p as never)
}

/** Moves the comment before a pair's key onto `target` (so it stays where it was). */
const keepComment = (from: AnyPair, target: Node): void => {
  const k = from.key as Node | null
  if (k !== null && typeof k === "object" && "commentBefore" in k && k.commentBefore) {
    target.commentBefore = target.commentBefore
      ? `${k.commentBefore}\n${target.commentBefore}`
      : k.commentBefore
    k.commentBefore = null
  }
  if (k !== null && typeof k === "object" && "spaceBefore" in k && k.spaceBefore) {
    target.spaceBefore = true
    k.spaceBefore = false
  }
}

// ---------------------------------------------------------------------------------------------
// objects

/** `units: { U: {…} }` and `objects: { B: { type } }` → one `objects:` list. */
const migrateObjects = (doc: Document, map: YAMLMap): void => {
  const units = find(map, "units")
  const objects = find(map, "objects")
  // anything else is no format-1 file: left as it is, for the loader to report
  if (units !== undefined && !isMap(units.value)) return
  if (units === undefined && (objects === undefined || !isMap(objects.value))) return
  const seq = new YAMLSeq()
  const entry = (p: AnyPair, unit: boolean): void => {
    const id = keyOf(p)
    const value = isMap(p.value) ? p.value : new YAMLMap()
    if (!isMap(p.value)) value.flow = true
    const v = value as YAMLMap
    const at = Math.max(indexOf(v, "owner"), indexOf(v, "controller")) + 1
    if (unit) v.items.splice(at, 0, pair(doc, "types", flowSeq(doc, ["unit"])) as never)
    else {
      const type = find(v, "type")
      if (type !== undefined) {
        setKey(type, "types")
        type.value = flowSeq(doc, [scalarOf(type.value)])
      }
    }
    unshift(v, pair(doc, "id", id))
    keepComment(p, v)
    seq.items.push(v)
  }
  // a comment above a mapping's first entry belongs to the mapping: it moves to the list
  const carry = (from: YAMLMap, to: Node | undefined): void => {
    if (!from.commentBefore || to === undefined) return
    to.commentBefore = to.commentBefore ? `${from.commentBefore}\n${to.commentBefore}` : from.commentBefore
    from.commentBefore = null
  }
  if (units !== undefined && isMap(units.value)) {
    for (const p of units.value.items as Array<AnyPair>) entry(p, true)
    carry(units.value, seq)
  }
  if (objects !== undefined && isMap(objects.value)) {
    carry(objects.value, (objects.value.items[0] as AnyPair | undefined)?.key as Node | undefined)
    const first = objects.value.items[0] as AnyPair | undefined
    if (first !== undefined) keepComment(objects, first.key as Node)
    for (const p of objects.value.items as Array<AnyPair>) entry(p, false)
  }
  if (units !== undefined) {
    setKey(units, "objects")
    units.value = seq
    if (objects !== undefined) map.items.splice(map.items.indexOf(objects as never), 1)
  } else if (objects !== undefined) objects.value = seq
}

// ---------------------------------------------------------------------------------------------
// effects

const shapes = [
  "prevent",
  "preventNext",
  "double",
  "modify",
  "cantBeDealtDamage",
  "bonusDamage",
  "replacement"
] as const

const boundaryOf: Readonly<Record<string, string>> = { turn: "endOfTurn", combat: "endOfCombat" }

/** The pairs a format-1 shape pair becomes (the shape's own keys, renamed). */
const expand = (shape: string, p: AnyPair): Array<AnyPair> => {
  const v = p.value
  if (!isMap(v)) {
    // `double: U`, `preventNext: U`, `cantBeDealtDamage: U`
    setKey(p, "to")
    return [p]
  }
  const inner = v.items as Array<AnyPair>
  const rename: Readonly<Record<string, string>> =
    shape === "prevent"
      ? { unit: "to", value: "amount" }
      : shape === "modify"
        ? { unit: "to" }
        : shape === "bonusDamage"
          ? { sources: "from" }
          : {}
  for (const q of inner) {
    const k = keyOf(q)
    if (typeof k === "string" && Object.hasOwn(rename, k)) setKey(q, rename[k] as string)
  }
  const first = inner[0]
  if (first !== undefined) keepComment(p, first.key as Node)
  return inner
}

/** One format-1 effect mapping → `{ kind, … }`. */
const migrateEffect = (doc: Document, e: unknown): void => {
  if (!isMap(e)) return
  const items = e.items as Array<AnyPair>
  const shapeAt = items.findIndex((p) => shapes.includes(keyOf(p) as never))
  if (shapeAt >= 0) {
    const p = items[shapeAt] as AnyPair
    const shape = keyOf(p) as string
    items.splice(shapeAt, 1, ...expand(shape, p))
    unshift(e, pair(doc, "kind", shape))
  }
  const duration = find(e, "duration")
  if (duration !== undefined && isScalar(duration.value) && typeof duration.value.value === "string")
    duration.value.value = boundaryOf[duration.value.value] ?? duration.value.value
  const optional = find(e, "optional")
  if (optional !== undefined) setKey(optional, "may")
  const limit = find(e, "limit")
  // format 1's limits were "each turn" (371.1)
  if (limit !== undefined && isMap(limit.value) && find(limit.value, "per") === undefined)
    limit.value.items.push(pair(doc, "per", "turn") as never)
}

const migrateEffects = (doc: Document, list: unknown): void => {
  if (isSeq(list)) for (const e of list.items) migrateEffect(doc, e)
}

// ---------------------------------------------------------------------------------------------
// steps

/** `deal: { id, to: { U: 3 }, source?, kinds?, preventable? }` → an `event` step. */
const migrateDeal = (doc: Document, p: AnyPair): void => {
  setKey(p, "event")
  const d = p.value
  if (!isMap(d)) return
  const to = find(d, "to")
  if (to === undefined || !isMap(to.value)) return
  const id = scalarOf(find(d, "id")?.value)
  const source = find(d, "source")
  const kinds = find(d, "kinds")
  const preventable = find(d, "preventable")
  const occurrences = new YAMLSeq()
  occurrences.flow = d.flow === true
  for (const t of to.value.items as Array<AnyPair>) {
    const unit = keyOf(t)
    const o = new YAMLMap()
    o.flow = true
    o.items.push(
      pair(doc, "id", `${String(id)}:${String(unit)}`) as never,
      pair(doc, "to", unit) as never,
      pair(doc, "amount", t.value) as never
    )
    if (source !== undefined) o.items.push(pair(doc, "source", copy(source.value)) as never)
    if (kinds !== undefined) o.items.push(pair(doc, "kinds", copy(kinds.value)) as never)
    if (preventable !== undefined && scalarOf(preventable.value) === false)
      o.items.push(pair(doc, "unpreventable", true) as never)
    else if (preventable !== undefined && scalarOf(preventable.value) !== true)
      o.items.push(pair(doc, "preventable", copy(preventable.value)) as never)
    occurrences.items.push(o)
  }
  const keep = (d.items as Array<AnyPair>).filter(
    (q) => !["to", "source", "kinds", "preventable"].includes(keyOf(q) as string)
  )
  const occ = pair(doc, "occurrences", occurrences)
  keepComment(to, occ.key as Node)
  d.items = [...keep, occ] as never
}

/** `event: { id, occurrences: [{ id?, family, subject, amount? }] }`: `subject` → `to`. */
const migrateEvent = (doc: Document, p: AnyPair): void => {
  const ev = p.value
  if (!isMap(ev)) return
  const id = scalarOf(find(ev, "id")?.value)
  const occ = find(ev, "occurrences")
  if (occ === undefined || !isSeq(occ.value)) return
  occ.value.items.forEach((o, j) => {
    if (!isMap(o)) return
    const subject = find(o, "subject")
    if (subject !== undefined) setKey(subject, "to")
    // format 1 named an occurrence <event>:<position> and gave it 1 when it named no amount
    if (find(o, "id") === undefined) unshift(o, pair(doc, "id", `${String(id)}:${j + 1}`))
    if (find(o, "amount") === undefined) {
      const after = Math.max(indexOf(o, "to"), indexOf(o, "family")) + 1
      o.items.splice(after, 0, pair(doc, "amount", 1) as never)
    }
  })
}

const questions = ["preview", "minimumLethal", "validate", "solve"] as const

/** `preview: { name, unit, input }` → `query: { name, preview: { unit, input } }`. */
const migrateQuestion = (doc: Document, p: AnyPair): void => {
  const question = keyOf(p) as string
  setKey(p, "query")
  const v = p.value
  if (!isMap(v)) return
  const name = find(v, "name")
  const args = new YAMLMap()
  args.flow = v.flow === true
  args.items = (v.items as Array<AnyPair>).filter((q) => q !== name) as never
  const wrapped = new YAMLMap()
  wrapped.flow = v.flow === true
  wrapped.items = [...(name === undefined ? [] : [name]), pair(doc, question, args)] as never
  p.value = wrapped
}

/** `setUnit: { unit, might?, damage?, zone?, order? }` → `update: { object, … }`. */
const migrateSetUnit = (p: AnyPair): void => {
  setKey(p, "update")
  const v = p.value
  if (!isMap(v)) return
  const unit = find(v, "unit")
  if (unit !== undefined) setKey(unit, "object")
}

const migrateSteps = (doc: Document, list: unknown): void => {
  if (!isSeq(list)) return
  for (const s of list.items) {
    if (!isMap(s) || s.items.length !== 1) continue
    const p = s.items[0] as AnyPair
    if (!isPair(p)) continue
    const kind = keyOf(p)
    if (kind === "deal") migrateDeal(doc, p)
    else if (kind === "event") migrateEvent(doc, p)
    else if (questions.includes(kind as never)) migrateQuestion(doc, p)
    else if (kind === "setUnit") migrateSetUnit(p)
    else if (kind === "addEffects") migrateEffects(doc, p.value)
  }
}

/** `expect: state: { U: { type: unit } }` → `types: [unit]` (objects carry a list of types). */
const migrateExpect = (doc: Document, map: YAMLMap): void => {
  const expect = find(map, "expect")
  if (expect === undefined || !isMap(expect.value)) return
  const state = find(expect.value, "state")
  if (state === undefined || !isMap(state.value)) return
  for (const o of state.value.items as Array<AnyPair>) {
    if (!isMap(o.value)) continue
    const type = find(o.value, "type")
    if (type !== undefined) {
      setKey(type, "types")
      type.value = flowSeq(doc, [scalarOf(type.value)])
    }
  }
}

/** The file's header comment stays above everything (`format: 2` is put first after this). */
const keepHeader = (doc: Document, map: YAMLMap): void => {
  const first = map.items[0] as AnyPair | undefined
  const key = first?.key as Node | undefined
  if (key === undefined || !isNode(key) || !key.commentBefore) return
  doc.commentBefore = doc.commentBefore ? `${doc.commentBefore}\n${key.commentBefore}` : key.commentBefore
  key.commentBefore = null
}

const migrate = (doc: Document, map: YAMLMap): void => {
  keepHeader(doc, map)
  migrateObjects(doc, map)
  migrateEffects(doc, find(map, "effects")?.value)
  migrateSteps(doc, find(map, "steps")?.value)
  migrateExpect(doc, map)
}

const r = "riftbound"

/**
 * What the riftbound migration rewrites, one line per format-1 word.
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.migrations["riftbound"]?.mappings.find((m) => m.from.startsWith("units"))?.to
 * // "objects: [{ id: U, controller, types: [unit], might, … }]"
 * ```
 * @since 0.1.0
 * @category migrations
 */
export const mappings: ReadonlyArray<Mapping> = [
  { ruleset: r, from: "turn: X", to: "turn: X" },
  {
    ruleset: r,
    from: "units: { U: { controller, might, … } }",
    to: "objects: [{ id: U, controller, types: [unit], might, … }]"
  },
  {
    ruleset: r,
    from: "objects: { B: { type: battlefield, … } }",
    to: "objects: [{ id: B, types: [battlefield], … }] (after the units)"
  },
  {
    ruleset: r,
    from: "{ id, prevent: { unit: U, value: 2, each? } }",
    to: "{ kind: prevent, id, to: U, amount: 2, each? }"
  },
  { ruleset: r, from: "{ id, preventNext: U }", to: "{ kind: preventNext, id, to: U }" },
  { ruleset: r, from: "{ id, double: U }", to: "{ kind: double, id, to: U }" },
  {
    ruleset: r,
    from: "{ id, modify: { unit: U, op, value } }",
    to: "{ kind: modify, id, to: U, op, value }"
  },
  { ruleset: r, from: "{ id, cantBeDealtDamage: U }", to: "{ kind: cantBeDealtDamage, id, to: U }" },
  {
    ruleset: r,
    from: "{ id, bonusDamage: { amount, sources?, to? } }",
    to: "{ kind: bonusDamage, id, amount, from?, to? }"
  },
  {
    ruleset: r,
    from: "{ id, replacement: { watch, action, category?, rule? } }",
    to: "{ kind: replacement, id, watch, action, category?, rule? }"
  },
  { ruleset: r, from: "duration: turn | combat", to: "duration: endOfTurn | endOfCombat" },
  { ruleset: r, from: "optional: true", to: "may: true" },
  { ruleset: r, from: "limit: { times: N }", to: "limit: { times: N, per: turn }" },
  {
    ruleset: r,
    from: "deal: { id, to: { U: 3 }, source?, kinds?, preventable: false? }",
    to: 'event: { id, occurrences: [{ id: "<id>:U", to: U, amount: 3, source?, kinds?, unpreventable: true? }] }'
  },
  {
    ruleset: r,
    from: "event: { id, occurrences: [{ id?, family, subject, amount? }] }",
    to: 'event: { id, occurrences: [{ id (default "<id>:<position>"), family, to, amount (default 1) }] }'
  },
  {
    ruleset: r,
    from: "preview: { name, unit, input, order? }",
    to: "query: { name, preview: { unit, input, order? } }"
  },
  {
    ruleset: r,
    from: "minimumLethal: { name, unit, order? }",
    to: "query: { name, minimumLethal: { unit, order? } }"
  },
  { ruleset: r, from: "validate: { name, assign, … }", to: "query: { name, validate: { assign, … } }" },
  { ruleset: r, from: "solve: { name, total, … }", to: "query: { name, solve: { total, … } }" },
  {
    ruleset: r,
    from: "setUnit: { unit, might?, damage?, zone?, order? }",
    to: "update: { object, might?, damage?, zone?, order? }"
  },
  {
    ruleset: r,
    from: "combat: {…}, advance: …, addEffects: [...]",
    to: "unchanged (their effects migrated)"
  },
  { ruleset: r, from: "expect: state: { U: { type: X } }", to: "expect: state: { U: { types: [X] } }" }
]

/**
 * The riftbound migration: `units:`/`objects:` maps to one `objects:` list, effects by shape to
 * `kind:`, `duration: turn` to `endOfTurn`, `optional` to `may`, `deal:` to `event:`, the
 * questions to `query:` steps, `setUnit:` to `update:`.
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.migrations["riftbound"]?.ruleset // "riftbound"
 * ```
 * @since 0.1.0
 * @category migrations
 */
export const migration: RulesetMigration = { ruleset: r, migrate, mappings }
