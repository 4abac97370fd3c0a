/**
 * The fab ruleset's format-1 scenario words, rewritten in format 2 (see `Migrate`).
 *
 * @since 0.1.0
 */
import { type Document, isMap, isScalar, isSeq, type Pair, Scalar, type YAMLMap, YAMLSeq } from "yaml"
import type { Mapping, RulesetMigration } from "../Migrate.js"

const KEYWORDS = ["ward", "arcaneShelter", "spellvoid", "arcaneBarrier", "quell"]

const pairOf = (map: YAMLMap, key: string): Pair | undefined =>
  map.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key)

const keyOf = (p: Pair): unknown => (isScalar(p.key) ? p.key.value : p.key)

const scalar = (map: YAMLMap, key: string): unknown => {
  const v = pairOf(map, key)?.value
  return isScalar(v) ? v.value : v
}

/** Renames `from` to `to` where it stands; a new value replaces the old one when given. */
const rename = (map: YAMLMap, from: string, to: string, value?: unknown): void => {
  const p = pairOf(map, from)
  if (p === undefined) return
  if (isScalar(p.key)) p.key.value = to
  else (p as { key: unknown }).key = to
  if (value === undefined) return
  // a comment on the old value stays on the new one
  const old = p.value as { comment?: string | null; commentBefore?: string | null } | null
  const next = value as { comment?: string | null; commentBefore?: string | null } | null
  if (typeof next === "object" && next !== null && typeof old === "object" && old !== null) {
    if (old.comment != null && next.comment == null) next.comment = old.comment
    if (old.commentBefore != null && next.commentBefore == null) next.commentBefore = old.commentBefore
  }
  p.value = value
}

/** Inserts `key: value` after the pair `after` (first when `after` is absent). */
const insertAfter = (doc: Document, map: YAMLMap, after: string, key: string, value: unknown): void => {
  const i = map.items.findIndex((p) => keyOf(p) === after)
  map.items.splice(i + 1, 0, doc.createPair(key, value))
}

const flowSeq = (doc: Document, items: ReadonlyArray<unknown>): YAMLSeq => {
  const s = doc.createNode(items) as YAMLSeq
  s.flow = true
  return s
}

/** `damageType: arcane` → `kinds: [arcane]`; `generic` (every type) is no kind at all. */
const damageType = (doc: Document, map: YAMLMap): void => {
  const t = scalar(map, "damageType")
  if (t === undefined) return
  if (t === "generic") map.delete("damageType")
  else if (typeof t === "string") rename(map, "damageType", "kinds", flowSeq(doc, [t]))
}

/** Flattens `props: { k: v }` into the entry (format 2 has one object shape). */
const flattenProps = (map: YAMLMap): void => {
  const i = map.items.findIndex((p) => keyOf(p) === "props")
  const p = map.items[i]
  if (p === undefined || !isMap(p.value)) return
  map.items.splice(i, 1, ...p.value.items.filter((q) => pairOf(map, String(keyOf(q))) === undefined))
}

interface Who {
  /** player id → itself; object id → its controller. */
  readonly controllerOf: (id: string) => string | undefined
}

/** Format 1 resolved `you` in `to` / `from` to the effect's controller (its hero). */
const resolveYou = (map: YAMLMap, key: string, controller: string | undefined): void => {
  if (controller === undefined) return
  const v = pairOf(map, key)?.value
  if (isScalar(v) && v.value === "you") v.value = controller
  if (isSeq(v)) for (const x of v.items) if (isScalar(x) && x.value === "you") x.value = controller
}

const effect = (doc: Document, e: unknown, who: Who): void => {
  if (!isMap(e)) return
  const type = scalar(e, "type")
  rename(e, "type", "kind")
  if (type === "replacement") {
    const inner = pairOf(e, "effect")?.value
    const id = isMap(inner) ? scalar(inner, "id") : undefined
    if (id !== undefined && pairOf(e, "id") === undefined) insertAfter(doc, e, "kind", "id", id)
    return
  }
  if (typeof type === "string" && KEYWORDS.includes(type) && pairOf(e, "id") === undefined) {
    const source = scalar(e, "source")
    if (typeof source === "string") insertAfter(doc, e, "kind", "id", `${source}:${type}`)
  }
  const source = scalar(e, "source")
  const explicit = scalar(e, "controller")
  const controller =
    typeof explicit === "string"
      ? explicit
      : typeof source === "string"
        ? who.controllerOf(source)
        : undefined
  resolveYou(e, "to", controller)
  resolveYou(e, "from", controller)
  damageType(doc, e)
  rename(e, "until", "duration")
  rename(e, "optional", "may")
  const destroy = scalar(e, "destroyThis")
  const pay = pairOf(e, "pay")
  // both costs at once is a format-1 error: left as written, format 2 refuses it too
  if (destroy === true && pay !== undefined) return
  if (destroy === true) rename(e, "destroyThis", "cost", "destroyThis")
  else if (destroy === false) e.delete("destroyThis")
  if (pay !== undefined) {
    const cost = doc.createNode({ pay: pay.value }) as YAMLMap
    cost.flow = true
    rename(e, "pay", "cost", cost)
  }
}

const effects = (doc: Document, list: unknown, who: Who): void => {
  if (isSeq(list)) for (const e of list.items) effect(doc, e, who)
}

/** `damage: { id, source, to, amount, … }` or `{ id, source, instances }` → an `event` step. */
const damage = (doc: Document, step: YAMLMap, d: YAMLMap): void => {
  const id = scalar(d, "id")
  const source = scalar(d, "source")
  const instances = pairOf(d, "instances")?.value
  const single = pairOf(d, "to") !== undefined || pairOf(d, "amount") !== undefined
  // both forms, or neither, is a format-1 error: left as written, format 2 refuses it too
  if (single === (instances !== undefined) || source === undefined || id === undefined) return
  const shared = { kinds: scalar(d, "damageType"), unpreventable: scalar(d, "unpreventable") }
  const entries: Array<Record<string, unknown>> = []
  const add = (o: Record<string, unknown>) => {
    const t = o.damageType ?? shared.kinds
    const u = o.unpreventable ?? shared.unpreventable
    entries.push({
      ...(o.id === undefined ? {} : { id: o.id }),
      ...(source === undefined ? {} : { source }),
      to: o.to,
      amount: o.amount,
      ...(t === undefined || t === "generic" ? {} : { kinds: [t] }),
      ...(u === undefined ? {} : { unpreventable: u })
    })
  }
  if (isSeq(instances)) {
    for (const i of instances.items) if (isMap(i)) add(i.toJSON() as Record<string, unknown>)
  } else add({ to: scalar(d, "to"), amount: scalar(d, "amount") })
  // format 1 named an occurrence `<event>-<to>` even when two shared a recipient; format 2
  // numbers them (`-2`), so such occurrences get their format-1 ids written out
  const counts = new Map<unknown, number>()
  for (const o of entries) if (o.id === undefined) counts.set(o.to, (counts.get(o.to) ?? 0) + 1)
  entries.forEach((o, k) => {
    if (o.id === undefined && (counts.get(o.to) ?? 0) > 1)
      entries[k] = { id: `${String(id)}-${String(o.to)}`, ...o }
  })
  const occurrences = new YAMLSeq()
  for (const o of entries) {
    const m = doc.createNode(o) as YAMLMap
    m.flow = true
    occurrences.items.push(m)
  }
  occurrences.flow = d.flow === true
  const event = doc.createNode({ id }) as YAMLMap
  event.items.push(doc.createPair("occurrences", occurrences))
  event.flow = d.flow === true
  if (event.flow) occurrences.flow = true
  rename(step, "damage", "event", event)
}

const step = (doc: Document, s: unknown, who: Who): void => {
  if (!isMap(s) || s.items.length !== 1) return
  const key = keyOf(s.items[0] as Pair)
  const value = (s.items[0] as Pair).value
  if (key === "damage" && isMap(value)) damage(doc, s, value)
  else if (key === "addEffects") effects(doc, value, who)
  else if (key === "destroy" && isScalar(value)) {
    const u = doc.createNode({ object: value.value, zone: "graveyard" }) as YAMLMap
    u.flow = true
    rename(s, "destroy", "update", u)
  } else if (key === "update" && isMap(value)) {
    rename(value, "id", "object")
    rename(value, "props", "set")
  }
}

/**
 * What the fab migration does, one line per format-1 word.
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.migrations["fab"]?.mappings.find((m) => m.from === "turnPlayer: X")?.to // "turn: X"
 * ```
 * @since 0.1.0
 * @category migrations
 */
export const mappings: ReadonlyArray<Mapping> = [
  ["turnPlayer: X", "turn: X"],
  ["players: [{ id: X }]", "players: [X] (an item with only an id becomes the id)"],
  ["players / objects: props: { k: v }", "k: v on the player or object"],
  ["{ type: K, … }", "{ kind: K, … }"],
  ["{ type: ward, source: S } (no id)", "{ kind: ward, id: S:ward, source: S } (same for every keyword)"],
  ["{ type: replacement, effect: { id: X, … } }", "{ kind: replacement, id: X, effect: { id: X, … } }"],
  ["to: [you] / from: [you]", "to: [<the effect's controller>]"],
  ["damageType: physical | arcane", "kinds: [physical] | kinds: [arcane]"],
  ["damageType: generic", "(no key: every damage type)"],
  ["until: X", "duration: X"],
  ["optional: true", "may: true"],
  ["destroyThis: true", "cost: destroyThis"],
  ["pay: N", "cost: { pay: N }"],
  [
    "damage: { id, source, to, amount, damageType?, unpreventable? }",
    "event: { id, occurrences: [{ source, to, amount, kinds?, unpreventable? }] }"
  ],
  [
    "damage: { id, source, instances: [{ id?, to, amount, … }] }",
    "event: { id, occurrences: [{ id?, source, to, amount, … }] } (an occurrence id stays `<event>-<to>`; written out where two share a recipient)"
  ],
  ["destroy: X", "update: { object: X, zone: graveyard }"],
  ["update: { id: X, zone?, props? }", "update: { object: X, zone?, set? }"],
  ["attack: {…}, advance: X, beginEndPhase: true", "(unchanged)"]
].map(([from, to]) => ({ ruleset: "fab", from: from as string, to: to as string }))

/**
 * The fab migration: `turnPlayer` → `turn`, effects by `kind:` with the common field names,
 * `damage:` steps → core `event` steps (see {@link mappings}).
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.migrations["fab"]?.ruleset // "fab"
 * ```
 * @since 0.1.0
 * @category migrations
 */
export const migration: RulesetMigration = {
  ruleset: "fab",
  migrate: (doc, map) => {
    // the file's header comment stays the file's header, above the `format: 2` put first
    const first = map.items[0]?.key
    if (isScalar(first) && first.commentBefore != null && doc.commentBefore == null) {
      doc.commentBefore = first.commentBefore
      first.commentBefore = null
    }
    rename(map, "turnPlayer", "turn")
    const players = pairOf(map, "players")?.value
    const objects = pairOf(map, "objects")?.value
    const controllers = new Map<string, string>()
    if (isSeq(players))
      players.items.forEach((p, i) => {
        if (!isMap(p)) return
        flattenProps(p)
        const id = scalar(p, "id")
        if (typeof id === "string") controllers.set(id, id)
        if (p.items.length === 1 && typeof id === "string" && p.commentBefore == null && p.comment == null)
          players.items[i] = new Scalar(id)
      })
    if (isSeq(objects))
      for (const o of objects.items) {
        if (!isMap(o)) continue
        flattenProps(o)
        const id = scalar(o, "id")
        const c = scalar(o, "controller")
        if (typeof id === "string" && typeof c === "string" && !controllers.has(id)) controllers.set(id, c)
      }
    const who: Who = { controllerOf: (id) => controllers.get(id) }
    effects(doc, pairOf(map, "effects")?.value, who)
    const steps = pairOf(map, "steps")?.value
    if (isSeq(steps)) for (const s of steps.items) step(doc, s, who)
  },
  mappings
}
