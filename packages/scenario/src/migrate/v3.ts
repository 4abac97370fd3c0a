/**
 * Format 2 → format 3 (every ruleset): the per-game escape hatches — MTG `raw` and `instead`,
 * Riftbound's and FaB's `replacement` (core `watch` / `action` / `effect`), Берсерк's `instead`
 * (`of` / `do`) — become the generic `kind: replace` / `kind: prevent` (core `Generic`), and every
 * core form a file wrote (`{ _tag: … }` filters, amounts, templates and conditions) becomes the
 * language's own words: selectors, amounts, events (`to: subject`, `amount: event`, `amount:
 * prevented`) and conditions (`if:`). Renamed options: Riftbound `prevent`'s `each: turn | combat`
 * → `resets: endOfTurn | endOfCombat`; Берсерк's `activeZones` → `activeIn`, as MTG's
 * `requiresSourceIn` in the forms rewritten. A step whose events format 2 named by its position
 * (MTG `stateBasedActions`, FaB `beginEndPhase`, Riftbound `advance`) gets that name as its
 * `id:`, so outcomes keep their keys (format 3 names such events after the step).
 *
 * A core form that has no words (a named predicate, a comparison other than equality on a
 * property, a `costPayable`) stops the migration of the file with the reason: a migration is all
 * or nothing. Comments outside a rewritten value stay where they are.
 *
 * @since 0.1.0
 */
import { type Document, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from "yaml"
import type { Mapping } from "../Migrate.js"

type Json = unknown
type Obj = Record<string, Json>

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v)

const fail = (what: string): never => {
  throw new Error(what)
}

const keyOf = (p: Pair): unknown => (isScalar(p.key) ? p.key.value : p.key)

// ---------------------------------------------------------------------------------------------
// core forms → words
// ---------------------------------------------------------------------------------------------

const player = (p: Json): string => {
  if (!isObj(p)) return fail(`a player reference ${JSON.stringify(p)}`)
  if (p._tag === "You") return "you"
  if (p._tag === "Opponent") return "opponent"
  if (p._tag === "Active") return "active"
  if (p._tag === "Player" && typeof p.id === "string") return p.id
  return fail(`a player reference ${JSON.stringify(p)} has no words`)
}

/** Adds one selector's tests into another (every one must hold); a clash has no words. */
const merge = (into: Obj, add: Obj): Obj => {
  for (const [k, v] of Object.entries(add)) {
    const had = into[k]
    if (had === undefined) into[k] = v
    else if (Array.isArray(had) && Array.isArray(v) && k !== "any") into[k] = [...had, ...v]
    else if (k === "any") fail("a filter with two `any:` in one selector has no words yet")
    else if (JSON.stringify(had) !== JSON.stringify(v))
      fail(`a filter that needs ${k} to be both ${JSON.stringify(had)} and ${JSON.stringify(v)}`)
  }
  return into
}

/** A core filter as selector properties. */
const props = (f: Json): Obj => {
  if (!isObj(f)) return fail(`a filter ${JSON.stringify(f)}`)
  switch (f._tag) {
    case "Any":
      return {}
    case "Id":
      return { ids: f.ids }
    case "IsPlayer":
      return { player: true }
    case "ControlledBy":
      return { controller: player(f.player) }
    case "OwnedBy":
      return { owner: player(f.player) }
    case "InZone":
      return { zone: Array.isArray(f.zones) && f.zones.length === 1 ? f.zones[0] : f.zones }
    case "Prop":
      if (f.op === "has" && typeof f.prop === "string") return { [f.prop]: [f.value] }
      if (f.op === "eq" && typeof f.prop === "string") return { [f.prop]: f.value }
      return fail(
        `the filter ${JSON.stringify(f)} (a comparison "${String(f.op)}" on a property) has no words yet`
      )
    case "And":
      return (Array.isArray(f.all) ? f.all : []).reduce((acc: Obj, x) => merge(acc, props(x)), {})
    case "Or":
      return { any: (Array.isArray(f.any) ? f.any : []).map(selector) }
    case "Not":
      return isObj(f.filter) && f.filter._tag === "IsPlayer" ? { player: false } : { not: selector(f.filter) }
    case "Named":
      // Riftbound's `unit` and `battlefield` predicates are its types (Rules.predicates)
      if ((f.name === "unit" || f.name === "battlefield") && f.args === undefined) return { types: [f.name] }
      // and its "friendly" / "enemy" the effect's controller's / another player's
      if (f.name === "friendly" && f.args === undefined) return { controller: "you" }
      if (f.name === "enemy" && f.args === undefined) return { controller: "opponent" }
      return fail(`the filter ${JSON.stringify(f)} has no words (a named predicate is the game's own)`)
    default:
      return fail(`the filter ${JSON.stringify(f)} has no words`)
  }
}

/**
 * A core filter as a selector: an id, a list of ids, or properties.
 *
 * @since 0.1.0
 */
export const selector = (f: Json): Json => {
  const p = props(f)
  const keys = Object.keys(p)
  if (keys.length === 1 && keys[0] === "ids" && Array.isArray(p.ids))
    return p.ids.length === 1 ? p.ids[0] : p.ids
  return p
}

const arith = ["plus", "minus", "times", "min", "max"]

/**
 * A core value as an amount.
 *
 * @since 0.1.0
 */
export const amount = (v: Json): Json => {
  if (typeof v === "number" || v === "all") return v
  if (!isObj(v)) return fail(`an amount ${JSON.stringify(v)}`)
  switch (v._tag) {
    case "Amount":
      return "event"
    case "Count":
      return { count: selector(v.filter) }
    case "PropOf": {
      const base = { prop: v.prop, of: v.of }
      const offset = typeof v.offset === "number" ? v.offset : 0
      return offset === 0 ? base : offset > 0 ? { plus: [base, offset] } : { minus: [base, -offset] }
    }
    case "AllBut":
      return { allBut: amount(v.value) }
    case "Half":
      return { half: amount(v.of), round: v.round }
    case "Arith":
      if (typeof v.op === "string" && arith.includes(v.op))
        return { [v.op]: (Array.isArray(v.values) ? v.values : []).map(amount) }
      return fail(`the amount ${JSON.stringify(v)} has no words`)
    default:
      return fail(`the amount ${JSON.stringify(v)} has no words (a named value is the game's own)`)
  }
}

const who = (r: Json): Json => (isObj(r) && typeof r.id === "string" ? r.id : r)

/**
 * A core template (an event an effect creates) as an event in words.
 *
 * @since 0.1.0
 */
export const event = (t: Json): Obj => {
  if (!isObj(t)) return fail(`an event ${JSON.stringify(t)}`)
  const out: Obj = { family: t.family }
  if (t.subject !== undefined && t.subject !== "subject") out.to = who(t.subject)
  if (t.source !== undefined) out.from = who(t.source)
  if (t.amount !== undefined)
    out.amount = isObj(t.amount) && t.amount._tag === "Prevented" ? "prevented" : amount(t.amount)
  if (t.kinds !== undefined) out.kinds = t.kinds
  if (t.preventable === false) out.unpreventable = true
  if (t.params !== undefined) out.params = t.params
  return out
}

const comparison: Readonly<Record<string, string>> = {
  gte: "atLeast",
  lte: "atMost",
  gt: "above",
  lt: "below",
  eq: "is",
  ne: "isNot"
}

/**
 * A core condition as a condition in words (`if:`).
 *
 * @since 0.1.0
 */
export const condition = (c: Json): Obj => {
  if (!isObj(c)) return fail(`a condition ${JSON.stringify(c)}`)
  switch (c._tag) {
    case "AmountIs": {
      const word = typeof c.op === "string" ? comparison[c.op] : undefined
      return word === undefined
        ? fail(`the condition ${JSON.stringify(c)} has no words`)
        : { amount: { [word]: amount(c.value) } }
    }
    case "Exists":
      return { exists: selector(c.filter) }
    case "Test":
      return { [String(c.on)]: selector(c.filter) }
    case "All":
      return (Array.isArray(c.all) ? c.all : []).reduce((acc: Obj, x) => {
        const add = condition(x)
        for (const [k, v] of Object.entries(add)) {
          if (k === "amount" && isObj(acc.amount) && isObj(v)) acc.amount = { ...acc.amount, ...v }
          else if (acc[k] !== undefined) fail(`a condition that tests ${k} twice has no words yet`)
          else acc[k] = v
        }
        return acc
      }, {})
    case "AnyOf":
      return { any: (Array.isArray(c.any) ? c.any : []).map(condition) }
    case "Not":
      return { not: condition(c.condition) }
    default:
      return fail(`the condition ${JSON.stringify(c)} has no words`)
  }
}

const scopes: Readonly<Record<string, string>> = {
  shield: "next",
  once: "once",
  static: "each",
  perEvent: "eachEvent"
}
const modify: Readonly<Record<string, string>> = {
  add: "plus",
  sub: "minus",
  mul: "times",
  set: "set",
  atMost: "atMost",
  atLeast: "atLeast"
}

/** What a core action does, as the generic kind and its keys. */
const action = (a: Json): { readonly kind: "replace" | "prevent"; readonly keys: Obj } => {
  if (!isObj(a)) return fail(`an action ${JSON.stringify(a)}`)
  switch (a._tag) {
    case "Prevent":
      return {
        kind: "prevent",
        keys: {
          amount: amount(a.amount),
          scope: scopes[String(a.scope)] ?? fail(`a scope ${String(a.scope)}`)
        }
      }
    case "Modify":
      // a written number is ≥ 0: "add -1" is "minus 1"
      if (typeof a.value === "number" && a.value < 0 && (a.op === "add" || a.op === "sub"))
        return { kind: "replace", keys: { [a.op === "add" ? "minus" : "plus"]: -a.value } }
      return {
        kind: "replace",
        keys: { [modify[String(a.op)] ?? fail(`an op ${String(a.op)}`)]: amount(a.value) }
      }
    case "Redirect":
      return {
        kind: "replace",
        keys: { redirect: { to: a.to, ...(a.amount === undefined ? {} : { amount: amount(a.amount) }) } }
      }
    case "Unpreventable":
      return { kind: "replace", keys: { cantBePrevented: true } }
    case "SetParams":
      return { kind: "replace", keys: { setParams: a.params } }
    case "Replace":
      return { kind: "replace", keys: { instead: (Array.isArray(a.with) ? a.with : []).map(event) } }
    case "ReducePrevention":
      return { kind: "replace", keys: { reducePrevention: amount(a.by) } }
    default:
      return fail(`the action ${JSON.stringify(a)} has no words`)
  }
}

/** A core watch as the generic watch keys. */
const watch = (w: Json, hidden: ReadonlyArray<string>): Obj => {
  if (!isObj(w)) return fail(`a watch ${JSON.stringify(w)}`)
  const out: Obj = {}
  if (w.family !== undefined && w.family !== "damage") out.family = w.family
  if (w.subject !== undefined) out.to = selector(w.subject)
  if (w.source !== undefined) out.from = selector(w.source)
  const k = isObj(w.kinds) ? w.kinds : {}
  const anyOf = Array.isArray(k.anyOf) ? k.anyOf : []
  const allOf = Array.isArray(k.allOf) ? k.allOf : []
  // a kind the game's own watches always leave out is left out again by the game (465.2.c.5)
  const noneOf = (Array.isArray(k.noneOf) ? k.noneOf : []).filter((x) => !hidden.includes(String(x)))
  if (allOf.length > 1 || (allOf.length === 1 && anyOf.length > 0))
    fail(`a watch of several kinds at once (${JSON.stringify(k)}) has no words yet`)
  const kinds = [...anyOf, ...allOf]
  if (noneOf.length === 1 && noneOf[0] === "combat" && kinds.length === 0) out.only = "noncombat"
  else if (noneOf.length > 0)
    fail(`a watch that leaves out the kinds ${JSON.stringify(noneOf)} has no words yet`)
  if (kinds.length > 0) out.kinds = kinds
  if (w.params !== undefined) out.params = w.params
  return out
}

const per = (boundary: Json): Json =>
  boundary === "endOfTurn" ? "turn" : boundary === "endOfCombat" ? "combat" : boundary

/**
 * A whole core effect (`Replacement.Replacement`, its id given apart) as a generic effect: its
 * `kind` first, then `id`, then the rest.
 *
 * @since 0.1.0
 */
export const effect = (id: Json, e: Json, hidden: ReadonlyArray<string> = []): Obj => {
  if (!isObj(e)) return fail(`an effect ${JSON.stringify(e)}`)
  const a = action(e.action)
  const out: Obj = { kind: a.kind, id }
  if (e.controller !== undefined) out.controller = e.controller
  if (e.source !== undefined) out.source = e.source
  Object.assign(out, watch(e.watch, hidden), a.keys)
  if (e.category !== undefined) out.category = e.category
  if (e.condition !== undefined) out.if = condition(e.condition)
  if (e.requiresSourceIn !== undefined) out.activeIn = e.requiresSourceIn
  // "while its source is in play": the ruleset's in-play zones (a zone list written wins, as in core)
  if (e.requiresSourceInPlay === true && e.requiresSourceIn === undefined) out.activeIn = "inPlay"
  if (e.optional === true) out.may = true
  if (e.cost !== undefined) out.cost = event(e.cost)
  if (e.costPayable !== undefined) fail("a costPayable condition has no words: the game's cost words say it")
  if (Array.isArray(e.additional)) out.additional = e.additional.map(event)
  if (isObj(e.duration) && e.duration.until !== undefined) out.duration = e.duration.until
  if (e.resetsAt !== undefined) out.resets = e.resetsAt
  if (isObj(e.limit)) {
    if (e.limit.resetsAt === undefined && e.limit.times === 1) out.next = true
    else
      out.limit = {
        times: e.limit.times,
        ...(e.limit.resetsAt === undefined ? {} : { per: per(e.limit.resetsAt) })
      }
  }
  if (typeof e.label === "string" && e.label !== "") out.label = e.label
  if (e.rule !== undefined) out.rule = e.rule
  return out
}

// ---------------------------------------------------------------------------------------------
// the document
// ---------------------------------------------------------------------------------------------

/** A new value's node: a small collection in flow style (`{ … }`, `[ … ]`), as files write them. */
const nodeOf = (doc: Document, v: Json): Node => {
  const n = doc.createNode(v) as Node & { flow?: boolean }
  if ((isMap(n) || isSeq(n)) && JSON.stringify(v).length <= 80) n.flow = true
  return n
}

/** The mapping's pairs become these entries; a pair whose key and value stay keeps its node. */
const set = (doc: Document, map: YAMLMap, entries: Obj): void => {
  const items = Object.entries(entries)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const had = map.items.find((p) => keyOf(p) === k)
      const was = (had?.value as Node | null | undefined)?.toJSON?.() ?? (had?.value as unknown)
      return had !== undefined && JSON.stringify(was) === JSON.stringify(v)
        ? had
        : (doc.createPair(k, nodeOf(doc, v)) as Pair)
    })
  map.items.splice(0, map.items.length, ...items)
}

const replaceValue = (doc: Document, map: YAMLMap, key: string, value: Json): void => {
  const pair = map.items.find((p) => keyOf(p) === key)
  if (pair !== undefined) pair.value = nodeOf(doc, value)
}

const rename = (map: YAMLMap, from: string, to: string): void => {
  const pair = map.items.find((p) => keyOf(p) === from)
  if (pair === undefined) return
  if (isScalar(pair.key)) pair.key.value = to
  else (pair as { key: unknown }).key = to
}

/** Every `filter:` a selector (or amount) writes inside a value, merged into its mapping. */
const filters = (doc: Document, node: unknown, ruleset: string): void => {
  if (isSeq(node)) for (const x of node.items) filters(doc, x, ruleset)
  if (!isMap(node)) return
  const f = node.items.find((p) => keyOf(p) === "filter")
  if (f !== undefined) {
    const js = (f.value as Node | null)?.toJSON?.()
    if (isObj(js) && typeof js._tag === "string") {
      const add = props(js)
      // Берсерк's view names a card's type `type`, which no selector word says yet: kept as written
      if (ruleset === "berserk" && add.type !== undefined) return
      node.items.splice(node.items.indexOf(f), 1)
      for (const [k, v] of Object.entries(add)) {
        const had = node.items.find((p) => keyOf(p) === k)
        if (had === undefined) node.items.push(doc.createPair(k, nodeOf(doc, v)) as Pair)
        else {
          const was = (had.value as Node | null)?.toJSON?.()
          had.value = nodeOf(doc, merge({ [k]: was }, { [k]: v })[k])
        }
      }
    }
  }
  for (const p of node.items) filters(doc, p.value, ruleset)
}

/** One effect mapping of a file, rewritten in place. */
const migrateEffect = (doc: Document, ruleset: string, node: unknown): void => {
  if (!isMap(node)) return
  const js = node.toJSON() as Obj
  const kind = js.kind
  if (ruleset === "mtg" && kind === "raw") {
    set(doc, node, effect(js.id, js.effect))
    return
  }
  if (ruleset === "fab" && kind === "replacement") {
    set(doc, node, effect(js.id, js.effect))
    return
  }
  if (ruleset === "riftbound" && kind === "replacement") {
    const { watch: w, action: a, kind: _k, id, controller, category, condition: c, activeIn, ...rest } = js
    const g = effect(
      id,
      {
        controller,
        watch: w,
        action: a,
        ...(category === undefined ? {} : { category }),
        ...(c === undefined ? {} : { condition: c }),
        ...(activeIn === undefined ? {} : { requiresSourceIn: activeIn })
      },
      ["assigned"]
    )
    set(doc, node, { ...g, ...rest })
    return
  }
  if (ruleset === "mtg" && kind === "instead") {
    const { kind: _k, id, with: w, condition: c, requiresSourceIn, additional, ...rest } = js
    set(doc, node, {
      kind: "replace",
      id,
      ...rest,
      instead: (Array.isArray(w) ? w : []).map(event),
      ...(additional === undefined ? {} : { additional: (additional as ReadonlyArray<Json>).map(event) }),
      ...(c === undefined ? {} : { if: condition(c) }),
      ...(requiresSourceIn === undefined ? {} : { activeIn: requiresSourceIn })
    })
    return
  }
  if (ruleset === "berserk" && kind === "instead") {
    const { kind: _k, id, of, do: d, activeZones, ...rest } = js
    set(doc, node, {
      kind: "replace",
      id,
      ...rest,
      family: of,
      instead: (Array.isArray(d) ? d : []).map((x) => {
        const o = isObj(x) ? x : {}
        return {
          family: o.family,
          ...(o.subject === undefined || o.subject === "subject" ? {} : { to: o.subject }),
          ...(o.amount === undefined ? {} : { amount: o.amount })
        }
      }),
      ...(activeZones === undefined ? {} : { activeIn: activeZones })
    })
    return
  }
  if (ruleset === "berserk") rename(node, "activeZones", "activeIn")
  if (ruleset === "riftbound" && kind === "prevent") {
    const each = js.each
    if (each !== undefined) {
      rename(node, "each", "resets")
      replaceValue(
        doc,
        node,
        "resets",
        each === "combat" ? "endOfCombat" : each === "turn" ? "endOfTurn" : each
      )
    }
  }
  // the core forms a named kind's options took
  // a format-2 additional part is a core template ({ family, subject, source, preventable })
  if (Array.isArray(js.additional)) replaceValue(doc, node, "additional", js.additional.map(event))
  if (isObj(js.value) && "_tag" in js.value) replaceValue(doc, node, "value", amount(js.value))
  if (isObj(js.amount) && "_tag" in js.amount) replaceValue(doc, node, "amount", amount(js.amount))
  filters(doc, node, ruleset)
}

const effectLists = (doc: Document, ruleset: string, map: YAMLMap): void => {
  const each = (list: unknown) => {
    if (isSeq(list)) for (const e of list.items) migrateEffect(doc, ruleset, e)
  }
  each(map.get("effects", true))
  const steps = map.get("steps", true)
  if (isSeq(steps)) for (const s of steps.items) if (isMap(s)) each(s.get("addEffects", true))
}

/**
 * The steps whose events format 2 named by the step's position (MTG `stateBasedActions`:
 * `steps[i].stateBasedActions`; FaB `beginEndPhase`: `steps[i].beginEndPhase`; Riftbound
 * `advance`: `<boundary>.<i>`), by ruleset: format 3 names them after the step, so the migration
 * writes the old name as the step's `id:` and every outcome keeps its keys.
 */
const positional: Readonly<Record<string, (kind: string, value: unknown, i: number) => string | undefined>> =
  {
    mtg: (kind, _v, i) => (kind === "stateBasedActions" ? `steps[${i}].stateBasedActions` : undefined),
    fab: (kind, _v, i) => (kind === "beginEndPhase" ? `steps[${i}].beginEndPhase` : undefined),
    riftbound: (kind, value, i) =>
      kind === "advance" && typeof value === "string" ? `${value}.${i}` : undefined
  }

const pinStepIds = (doc: Document, ruleset: string, map: YAMLMap): void => {
  const old = positional[ruleset]
  const steps = map.get("steps", true)
  if (old === undefined || !isSeq(steps)) return
  steps.items.forEach((s, i) => {
    if (!isMap(s) || s.has("id") || s.items.length !== 1) return
    const pair = s.items[0] as Pair
    const kind = keyOf(pair)
    const value = isScalar(pair.value) ? pair.value.value : undefined
    const id = typeof kind === "string" ? old(kind, value, i) : undefined
    if (id !== undefined) s.add(doc.createPair("id", id))
  })
}

/**
 * Rewrites a format-2 document's effects in format 3 and pins the steps' positional event names as their ids, in place (the `format:` value is the
 * caller's). Throws an `Error` with the reason when a core form has no words.
 *
 * @since 0.1.0
 */
export const migrate = (doc: Document, map: YAMLMap): void => {
  const ruleset = map.get("ruleset")
  const id = typeof ruleset === "string" ? ruleset : ""
  effectLists(doc, id, map)
  pinStepIds(doc, id, map)
}

/**
 * What format 3 renamed or reshaped, one line per old word (`docs/scenarios.md`).
 *
 * @since 0.1.0
 */
export const mappings: ReadonlyArray<Mapping> = [
  { ruleset: "all", from: "format: 2", to: "format: 3" },
  {
    ruleset: "all",
    from: "{ _tag: Id, ids: [A] } (a filter)",
    to: "A (a selector), and each filter form its selector words"
  },
  {
    ruleset: "all",
    from: "{ _tag: Amount } / { _tag: Count, filter } / … (a value)",
    to: "event / { count: selector } / … (an amount)"
  },
  { ruleset: "all", from: "{ _tag: Prevented } (an additional part's amount)", to: "amount: prevented" },
  {
    ruleset: "all",
    from: "{ family, subject, source, preventable: false } (a template)",
    to: "{ family, to, from, unpreventable: true } (an event)"
  },
  {
    ruleset: "all",
    from: "selector filter: { _tag: Prop, prop: p, op: eq, value: v }",
    to: "p: v in the selector"
  },
  {
    ruleset: "mtg",
    from: "{ kind: raw, id, effect: { watch, action, … } }",
    to: "{ kind: replace | prevent, id, … } (the generic form)"
  },
  {
    ruleset: "mtg",
    from: "{ kind: instead, id, family, with: [templates] }",
    to: "{ kind: replace, id, family, instead: [events] }"
  },
  {
    ruleset: "riftbound",
    from: "{ kind: replacement, id, watch, action, category? }",
    to: "{ kind: replace | prevent, id, … } (the generic form)"
  },
  {
    ruleset: "riftbound",
    from: "{ kind: prevent, …, each: turn | combat }",
    to: "{ kind: prevent, …, resets: endOfTurn | endOfCombat }"
  },
  {
    ruleset: "fab",
    from: "{ kind: replacement, id, effect: { id, watch, action, … } }",
    to: "{ kind: replace | prevent, id, … } (the generic form)"
  },
  {
    ruleset: "berserk",
    from: "{ kind: instead, id, of, do: [{ family, subject?, amount? }] }",
    to: "{ kind: replace, id, family, instead: [{ family, to?, amount? }] }"
  },
  { ruleset: "berserk", from: "activeZones: [zones]", to: "activeIn: [zones]" }
]
