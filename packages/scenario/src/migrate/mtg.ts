/**
 * The mtg ruleset's format-1 scenario words, rewritten in format 2 (see `Migrate`).
 *
 * Keys are renamed where they stand (their comments stay); only what has no format-2 spelling
 * is reshaped: an event's `damage:` / `occurrences:` / `destroy:` lists become one
 * `occurrences:` list, a selector's `colors:` with two or more colours (format 1: any of them)
 * becomes `any:`. Where format 1 derived a value the skeleton derives differently, the old value
 * is written out (occurrence ids `d1`, `o1`, `destroy:<id>`; a non-damage occurrence's amount 1),
 * so outcomes keyed by them don't change.
 *
 * @since 0.1.0
 */
import { type Document, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap, type YAMLSeq } from "yaml"
import { type Mapping, type RulesetMigration, renameKey } from "../Migrate.js"

const keyOf = (p: Pair): unknown => (isScalar(p.key) ? p.key.value : p.key)

const pairOf = (map: YAMLMap, key: string): Pair | undefined => map.items.find((p) => keyOf(p) === key)

const remove = (map: YAMLMap, key: string): void => {
  const i = map.items.findIndex((p) => keyOf(p) === key)
  if (i >= 0) map.items.splice(i, 1)
}

/** A new node in flow style (`{ … }`, `[ … ]`), as format-1 files write small values. */
const flowNode = (doc: Document, value: unknown): Node => {
  const n = doc.createNode(value) as Node & { flow?: boolean }
  if (isMap(n) || isSeq(n)) n.flow = true
  return n
}

const insertAt = (doc: Document, map: YAMLMap, index: number, key: string, value: unknown): void => {
  map.items.splice(index, 0, doc.createPair(key, flowNode(doc, value)) as Pair)
}

const scalar = (map: YAMLMap, key: string): unknown => {
  const v = map.get(key, true)
  return isScalar(v) ? v.value : v
}

/** `controlledBy` → `controller`, `ownedBy` → `owner`, `colors` (any of) → `any:` for 2+ colours. */
const selector = (doc: Document, node: unknown): void => {
  if (!isMap(node)) return
  renameKey(node, "controlledBy", "controller")
  renameKey(node, "ownedBy", "owner")
  const colors = node.get("colors", true)
  if (!isSeq(colors) || colors.items.length === 1) return
  const i = node.items.findIndex((p) => keyOf(p) === "colors")
  const any = colors.items.map((c) => ({ colors: [isScalar(c) ? c.value : c] }))
  node.items.splice(i, 1, doc.createPair("any", flowNode(doc, any)) as Pair)
}

const effect = (doc: Document, e: unknown): void => {
  if (!isMap(e)) return
  const kind = scalar(e, "kind")
  renameKey(e, "until", "duration")
  renameKey(e, "optional", "may")
  for (const k of ["to", "from", "subject", "properties", "ifYouControl"]) selector(doc, e.get(k, true))
  switch (kind) {
    case "shieldEach":
      if (pairOf(e, "objects") !== undefined) {
        // format 1: `objects` wins over `target` and `sharingColor`
        remove(e, "target")
        remove(e, "sharingColor")
        renameKey(e, "objects", "to")
      } else renameKey(e, "target", "to")
      break
    case "preventNextFrom":
      // format 1 ignored an effect source on this kind (the source is `from`)
      remove(e, "source")
      break
    case "zoneInstead":
      renameKey(e, "to", "into")
      renameKey(e, "subject", "to")
      break
    case "raw": {
      const inner = e.get("effect", true)
      if (isMap(inner) && pairOf(inner, "id") !== undefined) {
        const id = scalar(inner, "id")
        remove(inner, "id")
        const at = e.items.findIndex((p) => keyOf(p) === "kind") + 1
        e.items.splice(at, 0, doc.createPair("id", id) as Pair)
      }
      break
    }
  }
}

/** One format-1 `event:` → `{ id, occurrences: [...] }` (damage, then occurrences, then destroy). */
const event = (doc: Document, ev: unknown, zones: ReadonlyMap<string, string>): void => {
  if (!isMap(ev)) return
  const damage = ev.get("damage", true)
  const others = ev.get("occurrences", true)
  const destroy = ev.get("destroy", true)
  const list: Array<unknown> = []
  if (isSeq(damage))
    damage.items.forEach((d, i) => {
      if (!isMap(d)) return
      if (pairOf(d, "id") === undefined) insertAt(doc, d, 0, "id", `d${i + 1}`)
      const combat = scalar(d, "combat")
      const kindsAt = d.items.findIndex((p) => keyOf(p) === "combat")
      if (kindsAt >= 0) {
        remove(d, "combat")
        if (combat === true) {
          const kinds = d.get("kinds", true)
          if (isSeq(kinds)) kinds.items.unshift(doc.createNode("combat") as Node)
          else insertAt(doc, d, kindsAt, "kinds", ["combat"])
        }
      }
      list.push(d)
    })
  if (isSeq(others))
    others.items.forEach((o, i) => {
      if (!isMap(o)) return
      renameKey(o, "subject", "to")
      if (pairOf(o, "id") === undefined) insertAt(doc, o, 0, "id", `o${i + 1}`)
      if (pairOf(o, "amount") === undefined) {
        const at = o.items.findIndex((p) => keyOf(p) === "source" || keyOf(p) === "to")
        insertAt(doc, o, at + 1, "amount", 1)
      }
      list.push(o)
    })
  if (isSeq(destroy))
    for (const x of destroy.items) {
      const id = String(isScalar(x) ? x.value : x)
      list.push(
        flowNode(doc, {
          id: `destroy:${id}`,
          family: "zoneChange",
          to: id,
          amount: 1,
          kinds: ["destroy"],
          params: { from: zones.get(id) ?? "battlefield", to: "graveyard" }
        })
      )
    }
  const first = ev.items.findIndex((p) => ["damage", "occurrences", "destroy"].includes(String(keyOf(p))))
  if (first < 0) return
  const seq = (isSeq(damage) ? damage : isSeq(others) ? others : doc.createNode([])) as YAMLSeq
  seq.items = list as Array<Node>
  if (isSeq(destroy)) {
    // a destroy spells out a whole occurrence: one a line
    ;(ev as { flow?: boolean }).flow = false
    ;(seq as { flow?: boolean }).flow = false
  }
  const comment = ev.items[first]
  const pair = doc.createPair("occurrences", seq) as Pair
  const before = isScalar(comment?.key) ? comment.key.commentBefore : undefined
  if (before != null && isScalar(pair.key)) pair.key.commentBefore = before
  remove(ev, "damage")
  remove(ev, "occurrences")
  remove(ev, "destroy")
  ev.items.splice(Math.min(first, ev.items.length), 0, pair)
}

const migrate = (doc: Document, map: YAMLMap): void => {
  renameKey(map, "activePlayer", "turn")
  const effects = map.get("effects", true)
  if (isSeq(effects)) for (const e of effects.items) effect(doc, e)
  // the zone of each object as the update steps leave it (a destroy's `from`, as format 1 read it)
  const zones = new Map<string, string>()
  const objects = map.get("objects", true)
  if (isSeq(objects))
    for (const o of objects.items)
      if (isMap(o)) zones.set(String(scalar(o, "id")), String(scalar(o, "zone") ?? "battlefield"))
  const steps = map.get("steps", true)
  if (!isSeq(steps)) return
  for (const s of steps.items) {
    if (!isMap(s)) continue
    if (renameKey(s, "resolve", "addEffects")) {
      const list = s.get("addEffects", true)
      if (isSeq(list)) for (const e of list.items) effect(doc, e)
    }
    event(doc, s.get("event", true), zones)
    const u = s.get("update", true)
    if (isMap(u) && scalar(u, "zone") !== undefined && zones.has(String(scalar(u, "object"))))
      zones.set(String(scalar(u, "object")), String(scalar(u, "zone")))
  }
}

const mappings: ReadonlyArray<Mapping> = [
  { ruleset: "mtg", from: "activePlayer: X", to: "turn: X" },
  { ruleset: "mtg", from: "until: endOfTurn", to: "duration: endOfTurn" },
  { ruleset: "mtg", from: "optional: true", to: "may: true" },
  { ruleset: "mtg", from: "selector controlledBy: / ownedBy:", to: "controller: / owner:" },
  { ruleset: "mtg", from: "selector colors: [red]", to: "colors: [red]" },
  {
    ruleset: "mtg",
    from: "selector colors: [red, green] (any of)",
    to: "any: [{ colors: [red] }, { colors: [green] }]"
  },
  {
    ruleset: "mtg",
    from: "event: { id, damage: [...], occurrences: [...], destroy: [...] }",
    to: "event: { id, occurrences: [...] } (damage, then the others, then the destroys)"
  },
  {
    ruleset: "mtg",
    from: "damage: { source, to, amount, combat: true }",
    to: "{ id: d<n>, source, to, amount, kinds: [combat] } (id written when format 1 derived it)"
  },
  {
    ruleset: "mtg",
    from: "occurrences: { family, subject, amount? }",
    to: "{ id: o<n>, family, to, amount: 1 } (id and amount written when format 1 derived them)"
  },
  {
    ruleset: "mtg",
    from: "destroy: [X]",
    to: "{ id: destroy:X, family: zoneChange, to: X, amount: 1, kinds: [destroy], params: { from: <its zone>, to: graveyard } }"
  },
  { ruleset: "mtg", from: "resolve: [effects]", to: "addEffects: [effects]" },
  { ruleset: "mtg", from: "{ kind: shieldEach, target: X }", to: "{ kind: shieldEach, to: X }" },
  { ruleset: "mtg", from: "{ kind: shieldEach, objects: [A, B] }", to: "{ kind: shieldEach, to: [A, B] }" },
  {
    ruleset: "mtg",
    from: "{ kind: preventNextFrom, source: S }",
    to: "(removed: format 1 ignored it; the source is `from`)"
  },
  {
    ruleset: "mtg",
    from: "{ kind: zoneInstead, to: exile, subject: X }",
    to: "{ kind: zoneInstead, into: exile, to: X }"
  },
  { ruleset: "mtg", from: "{ kind: raw, effect: { id, … } }", to: "{ kind: raw, id, effect: { … } }" }
]

/**
 * The mtg migration: format-1 mtg files rewritten in format 2 (see the module documentation and
 * `mappings`).
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.migrations["mtg"]?.mappings[0] // { ruleset: "mtg", from: "activePlayer: X", to: "turn: X" }
 * ```
 * @since 0.1.0
 * @category migrations
 */
export const migration: RulesetMigration = { ruleset: "mtg", migrate, mappings }
