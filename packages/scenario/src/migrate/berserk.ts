/**
 * The berserk ruleset's format-1 scenario words, rewritten in format 2 (see `Migrate`).
 *
 * Keys are renamed where they stand and values reshaped in place, so comments, blank lines, key
 * order and flow style (`{ … }` on one line) survive. The ids outcomes are keyed by don't
 * change: a `heal` or `event` step's one occurrence keeps the step's id (written as the
 * occurrence's `id`), attacks keep theirs (the `attack` step is still Берсерк's).
 *
 * @since 0.1.0
 */
import { type Document, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap, YAMLSeq } from "yaml"
import type { Mapping, RulesetMigration } from "../Migrate.js"

const FORMS = ["prevent", "noWoundsFrom", "woundsOnlyFrom", "moreWounds", "fewerWounds", "instead"] as const

const keyOf = (p: Pair): unknown => (isScalar(p.key) ? p.key.value : p.key)
const indexOf = (m: YAMLMap, k: string): number => m.items.findIndex((p) => keyOf(p) === k)
const pairOf = (m: YAMLMap, k: string): Pair | undefined => m.items.find((p) => keyOf(p) === k)
const scalarAt = (m: YAMLMap, k: string): unknown => {
  const v = pairOf(m, k)?.value
  return isScalar(v) ? v.value : v
}
const rename = (m: YAMLMap, from: string, to: string): void => {
  const p = pairOf(m, from)
  if (p === undefined) return
  if (isScalar(p.key)) p.key.value = to
  else (p as { key: unknown }).key = to
}
const remove = (m: YAMLMap, k: string): void => {
  const i = indexOf(m, k)
  if (i >= 0) m.items.splice(i, 1)
}
const insertAt = (m: YAMLMap, i: number, pairs: ReadonlyArray<Pair>): void => {
  m.items.splice(Math.max(0, Math.min(i, m.items.length)), 0, ...(pairs as Array<Pair<unknown, unknown>>))
}
const flowNode = (doc: Document, v: unknown): Node => doc.createNode(v, { flow: true }) as Node

/**
 * `from: { kinds, cards, types, maxCost, minCost }` (format 1) → `kinds: […]` and `from:` (a
 * selector of the sources: `[ids]`, or `{ ids, types, cost: { max, min } }`, several types as
 * `any: [{ types: [a] }, { types: [b] }]`).
 */
const splitFrom = (doc: Document, from: unknown): Array<Pair> => {
  if (!isMap(from)) return []
  const out: Array<Pair> = []
  const kinds = pairOf(from, "kinds")
  if (kinds !== undefined) out.push(doc.createPair("kinds", kinds.value))
  const cards = pairOf(from, "cards")
  const types = scalarAt(from, "types")
  const maxCost = scalarAt(from, "maxCost")
  const minCost = scalarAt(from, "minCost")
  const rest = types !== undefined || maxCost !== undefined || minCost !== undefined
  if (cards !== undefined && !rest) {
    out.push(doc.createPair("from", cards.value))
    return out
  }
  if (!rest) return out
  const sel: Record<string, unknown> = {}
  if (cards !== undefined) sel.ids = (cards.value as Node).toJSON()
  const typeList = isSeq(types) ? (types.toJSON() as ReadonlyArray<unknown>) : undefined
  if (typeList !== undefined && typeList.length === 1) sel.types = typeList
  else if (typeList !== undefined) sel.any = typeList.map((t) => ({ types: [t] }))
  if (maxCost !== undefined || minCost !== undefined)
    sel.cost = {
      ...(maxCost === undefined ? {} : { max: maxCost }),
      ...(minCost === undefined ? {} : { min: minCost })
    }
  out.push(doc.createPair("from", flowNode(doc, sel)))
  return out
}

/** Replaces the pair `key` of `m` by `pairs`, where it stands. */
const replacePair = (m: YAMLMap, key: string, pairs: ReadonlyArray<Pair>): void => {
  const i = indexOf(m, key)
  if (i < 0) return
  const old = m.items[i] as Pair
  const before = isScalar(old.key) ? old.key.commentBefore : undefined
  m.items.splice(i, 1)
  insertAt(m, i, pairs)
  const first = pairs[0]
  if (before !== undefined && first !== undefined && isScalar(first.key)) first.key.commentBefore = before
}

/** The selector, duration, may and limit keys every effect and modifier shares. */
const commonKeys = (doc: Document, e: YAMLMap): void => {
  const on = scalarAt(e, "on")
  if (on === "any") remove(e, "on")
  else rename(e, "on", "to")
  if (pairOf(e, "from") !== undefined) replacePair(e, "from", splitFrom(doc, pairOf(e, "from")?.value))
  rename(e, "until", "duration")
  rename(e, "optional", "may")
  const once = scalarAt(e, "oncePerTurn")
  if (once === true) {
    const i = indexOf(e, "oncePerTurn")
    remove(e, "oncePerTurn")
    insertAt(e, i, [doc.createPair("limit", flowNode(doc, { times: 1, per: "turn" }))])
  } else if (once !== undefined) remove(e, "oncePerTurn")
}

const migrateEffect = (doc: Document, e: unknown): void => {
  if (!isMap(e) || pairOf(e, "kind") !== undefined) return
  const forms = FORMS.filter((f) => pairOf(e, f) !== undefined)
  const form = forms.length === 1 ? forms[0] : undefined
  if (form === undefined) return // format 1 refused it too: left for the loader to name
  insertAt(e, 0, [doc.createPair("kind", form)])
  switch (form) {
    case "prevent":
    case "moreWounds":
    case "fewerWounds":
      rename(e, form, "amount")
      commonKeys(doc, e)
      break
    case "noWoundsFrom":
    case "woundsOnlyFrom":
      // format 1 read the form's value as the sources and ignored a `from:` next to it
      remove(e, "from")
      commonKeys(doc, e)
      replacePair(e, form, splitFrom(doc, pairOf(e, form)?.value))
      break
    case "instead": {
      commonKeys(doc, e)
      const inst = pairOf(e, "instead")?.value
      const pairs: Array<Pair> = []
      if (isMap(inst)) {
        const of = pairOf(inst, "of")
        const d = pairOf(inst, "do")
        if (of !== undefined) pairs.push(doc.createPair("of", of.value))
        if (d !== undefined) pairs.push(doc.createPair("do", d.value))
      }
      replacePair(e, "instead", pairs)
      break
    }
  }
}

const migrateModifier = (doc: Document, m: unknown): void => {
  if (!isMap(m) || pairOf(m, "kind") !== undefined) return
  insertAt(m, 0, [doc.createPair("kind", "strengthModifier")])
  rename(m, "amount", "value")
  commonKeys(doc, m)
}

const migrateEffects = (doc: Document, list: unknown): void => {
  if (isSeq(list)) for (const e of list.items) migrateEffect(doc, e)
}

const migrateStep = (doc: Document, step: unknown): void => {
  if (!isMap(step) || step.items.length !== 1) return
  const pair = step.items[0] as Pair
  const kind = keyOf(pair)
  const v = pair.value
  const setKey = (k: string) => {
    if (isScalar(pair.key)) pair.key.value = k
    else (pair as { key: unknown }).key = k
  }
  const flow = isMap(v) ? v.flow === true : true
  const make = (value: unknown): Node => doc.createNode(value, { flow }) as Node
  switch (kind) {
    case "heal": {
      if (!isMap(v)) return
      const id = scalarAt(v, "id")
      const occurrence = { id, to: scalarAt(v, "card"), amount: scalarAt(v, "amount") ?? 1 }
      setKey("event")
      pair.value = make({ id, family: "heal", occurrences: [occurrence] })
      break
    }
    case "event": {
      if (!isMap(v) || pairOf(v, "occurrences") !== undefined) return
      const id = scalarAt(v, "id")
      const source = scalarAt(v, "source")
      const kinds = pairOf(v, "kinds")?.value
      const occurrence: Record<string, unknown> = { id, to: scalarAt(v, "subject") }
      if (source !== undefined) occurrence.source = source
      occurrence.amount = scalarAt(v, "amount") ?? 1
      if (kinds !== undefined) occurrence.kinds = (kinds as Node).toJSON()
      pair.value = make({ id, family: scalarAt(v, "family"), occurrences: [occurrence] })
      break
    }
    case "leave": {
      if (!isMap(v)) return
      setKey("update")
      pair.value = make({ object: scalarAt(v, "card"), zone: scalarAt(v, "to") ?? "graveyard" })
      break
    }
    case "set": {
      if (!isMap(v)) return
      setKey("update")
      rename(v, "card", "object")
      rename(v, "props", "set")
      break
    }
    case "endOfTurn":
      if (isScalar(v) && v.value === true) {
        setKey("advance")
        v.value = "endOfTurn"
      }
      break
    case "addEffects":
      migrateEffects(doc, v)
      break
  }
}

/** `cards: { C: { … } }` → `objects: [{ id: C, controller, types: [creature], … }]`. */
const migrateCards = (doc: Document, map: YAMLMap): void => {
  const pair = pairOf(map, "cards")
  if (pair === undefined || !isMap(pair.value)) return
  const cards = pair.value
  const seq = new YAMLSeq()
  seq.flow = cards.flow === true
  // a comment above the first card belongs to the collection
  if (typeof cards.commentBefore === "string") seq.commentBefore = cards.commentBefore
  for (const c of cards.items) {
    const id = keyOf(c)
    const card = isMap(c.value) ? c.value : (doc.createNode({}, { flow: true }) as YAMLMap)
    insertAt(card, 0, [doc.createPair("id", id)])
    const type = pairOf(card, "type")
    if (type !== undefined) {
      rename(card, "type", "types")
      type.value = flowNode(doc, [isScalar(type.value) ? type.value.value : type.value])
    } else {
      const at = indexOf(card, "controller")
      insertAt(card, at < 0 ? 1 : at + 1, [doc.createPair("types", flowNode(doc, ["creature"]))])
    }
    if (isScalar(c.key) && typeof c.key.commentBefore === "string") card.commentBefore = c.key.commentBefore
    seq.items.push(card)
  }
  rename(map, "cards", "objects")
  pair.value = seq
}

const migrate = (doc: Document, map: YAMLMap): void => {
  const players = pairOf(map, "players")
  if (players !== undefined && isMap(players.value)) {
    const active = scalarAt(players.value, "active")
    const inactive = scalarAt(players.value, "inactive")
    const comment = players.value.comment
    players.value = flowNode(doc, [active, inactive])
    if (comment !== undefined) (players.value as Node).comment = comment
    insertAt(map, indexOf(map, "players") + 1, [doc.createPair("turn", active)])
  }
  migrateCards(doc, map)
  migrateEffects(doc, pairOf(map, "effects")?.value)
  const mods = pairOf(map, "modifiers")
  if (mods !== undefined && isSeq(mods.value)) {
    for (const m of mods.value.items) migrateModifier(doc, m)
    const effects = pairOf(map, "effects")
    if (effects !== undefined && isSeq(effects.value)) {
      const first = mods.value.items[0] as Node | undefined
      const before = [isScalar(mods.key) ? mods.key.commentBefore : undefined, mods.value.commentBefore]
        .filter((c): c is string => typeof c === "string")
        .join("\n")
      if (first !== undefined && before !== "") first.commentBefore = before
      effects.value.items.push(...mods.value.items)
      remove(map, "modifiers")
    } else {
      remove(map, "effects")
      rename(map, "modifiers", "effects")
    }
  }
  const steps = pairOf(map, "steps")?.value
  if (isSeq(steps)) for (const s of steps.items) migrateStep(doc, s)
}

const mappings: ReadonlyArray<Mapping> = [
  [
    "players: { active: ap, inactive: ip }",
    "players: [ap, ip], turn: ap (the inactive player: the other one)"
  ],
  [
    "cards: { C: { controller, type?, cost, … } }",
    "objects: [{ id: C, controller, types: [type, default creature], cost, … }]"
  ],
  ["(effect) { id, prevent: N | all, scope? }", "{ kind: prevent, id, amount: N | all, scope? }"],
  [
    "(effect) { id, noWoundsFrom: {…} }",
    "{ kind: noWoundsFrom, id, kinds?, from? } (a from: beside it was ignored)"
  ],
  ["(effect) { id, woundsOnlyFrom: {…} }", "{ kind: woundsOnlyFrom, id, kinds?, from? }"],
  ["(effect) { id, moreWounds: X }", "{ kind: moreWounds, id, amount: X }"],
  ["(effect) { id, fewerWounds: X }", "{ kind: fewerWounds, id, amount: X }"],
  ["(effect) { id, instead: { of, do } }", "{ kind: instead, id, of, do }"],
  [
    "modifiers: [{ id, amount, on?, from?, until? }]",
    "effects: [{ kind: strengthModifier, id, value, to?, from?, kinds?, duration? }]"
  ],
  ["on: [C, …]", "to: [C, …]"],
  ["on: any", "(no key: every creature)"],
  ["from: { kinds: [k] }", "kinds: [k]"],
  ["from: { cards: [C] }", "from: [C]"],
  ["from: { types: [t] }", "from: { types: [t] }"],
  ["from: { types: [a, b] }", "from: { any: [{ types: [a] }, { types: [b] }] }"],
  ["from: { maxCost: N, minCost: M }", "from: { cost: { max: N, min: M } }"],
  ["until: endOfTurn", "duration: endOfTurn"],
  ["optional: true", "may: true"],
  ["oncePerTurn: true", "limit: { times: 1, per: turn }"],
  ["attack: { id, kind, from?, to, strength?, tags? }", "attack: { … } (unchanged)"],
  [
    "heal: { id, card, amount? }",
    "event: { id, family: heal, occurrences: [{ id, to: card, amount (default 1) }] }"
  ],
  [
    "event: { id, family, subject, amount?, source?, kinds? }",
    "event: { id, family, occurrences: [{ id, to: subject, source?, amount (default 1), kinds? }] }"
  ],
  ["leave: { card, to? }", "update: { object: card, zone: to (default graveyard) }"],
  ["set: { card, props }", "update: { object: card, set: props }"],
  ["endOfTurn: true", "advance: endOfTurn"]
].map(([from, to]) => ({ ruleset: "berserk", from: from as string, to: to as string }))

/**
 * The berserk migration: players and whose turn it is, cards as objects, effects told apart by
 * `kind:` (`prevent`, `noWoundsFrom`, `woundsOnlyFrom`, `moreWounds`, `fewerWounds`, `instead`),
 * attack modifiers as effects of kind `strengthModifier`, `on`/`from`/`until`/`optional`/
 * `oncePerTurn` in the common words, and the steps `heal`, `event`, `leave`, `set`, `endOfTurn`
 * as core steps (`attack` stays). See `mappings`.
 *
 * @example
 * ```ts
 * import { Migrate } from "@bulwark/scenario"
 * Migrate.migrations["berserk"]?.mappings.some((m) => m.to.startsWith("{ kind: prevent")) // true
 * ```
 * @since 0.1.0
 * @category migrations
 */
export const migration: RulesetMigration = {
  ruleset: "berserk",
  migrate,
  mappings
}
