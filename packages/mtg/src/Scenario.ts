/**
 * The scenario vocabulary of the Magic ruleset: the Schema of the `mtg` part of a scenario file
 * (players, objects, effects, steps) and its compilation into core data.
 *
 * ```yaml
 * ruleset: mtg
 * players: [ap, { id: nap, life: 2 }]
 * objects:
 *   - { id: bear, controller: nap, types: [Creature], colors: [green], power: 2, toughness: 2 }
 *   - { id: bolt, controller: ap, zone: stack, colors: [red] }
 * effects:
 *   - { kind: shield, id: s, controller: nap, to: bear, amount: 2, until: endOfTurn }
 * steps:
 *   - event: { id: e1, damage: [{ id: d, source: bolt, to: bear, amount: 3 }] }
 * expect:
 *   events: { e1: { dealt: { bear: 1 } } }
 * ```
 *
 * Effects are written with the constructors of the `Effects` module (`kind:` names the
 * constructor); `kind: raw` takes a core `Replacement` as is. Protection is written on the
 * object (`protection: [red, "player:q", everything]`); its prevention effects are made by
 * `Protection.preventionEffect`.
 *
 * @since 0.1.0
 */
import {
  Amount,
  Ruleset as CoreRuleset,
  type Errors,
  Filter,
  GameEvent,
  GameView,
  Ledger,
  Replacement
} from "@bulwark/core"
import { Result, Schema } from "effect"
import * as Effects from "./Effects.js"
import * as Game from "./Game.js"
import * as Protection from "./Protection.js"

const Str = Schema.NonEmptyString
const Strs = Schema.Array(Schema.String)
const NonNegInt = Amount.Schema
const opt = Schema.optionalKey

/**
 * Schema of a protection entry on a player or object: the shorthand of `Protection.parse`
 * ("red", "all colors", "everything", "player:q", "types:Creature", …), or
 * `{ from, doesntRemove }` where `doesntRemove` is `auras` or a list of attached object ids
 * (702.16n, 702.16p).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * Schema.is(Scenario.ProtectionEntry)({ from: "white", doesntRemove: ["blessing"] }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const ProtectionEntry = Schema.Union([
  Schema.String,
  Schema.Struct({ from: Str, doesntRemove: opt(Schema.Union([Schema.Literal("auras"), Strs])) })
])

/**
 * Schema of a selector: an id, a list of ids, or an object whose keys all must hold
 * (`ids`, `controlledBy` — `you`, `opponent`, `active` or a player id —, `ownedBy`, `types` /
 * `subtypes` / `keywords` (has all), `colors` (has any), `zone`, `player`, `filter` — a core
 * filter).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * Schema.is(Scenario.Selector)({ subtypes: ["Cleric"], types: ["Creature"], controlledBy: "you" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Selector = Schema.Union([
  Str,
  Schema.Array(Str),
  Schema.Struct({
    ids: opt(Strs),
    controlledBy: opt(Str),
    ownedBy: opt(Str),
    types: opt(Strs),
    subtypes: opt(Strs),
    keywords: opt(Strs),
    colors: opt(Strs),
    zone: opt(Schema.Union([Str, Strs])),
    player: opt(Schema.Boolean),
    filter: opt(Filter.Filter)
  })
])

/**
 * See the {@link Selector} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/mtg"
 * const s: Scenario.Selector = { types: ["Creature"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Selector = typeof Selector.Type

const common = {
  id: Str,
  controller: Str,
  label: opt(Schema.String),
  source: opt(Str),
  category: opt(Str),
  until: opt(Str),
  optional: opt(Schema.Boolean),
  additional: opt(Schema.Array(Replacement.Template)),
  condition: opt(Filter.Condition),
  requiresSourceIn: opt(Strs),
  rule: opt(Schema.String)
}

const ModifyOp = Schema.Literals(["add", "sub", "mul", "set", "atMost", "atLeast"])

/**
 * Schema of an effect entry: `kind` names the constructor of the `Effects` module
 * (`shield`, `shieldEach`, `preventNextFrom`, `preventEach`, `modify`, `double`, `redirect`,
 * `zoneInstead`, `instead`, `lifeFloor`), or `raw` for a core `Replacement`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * Schema.is(Scenario.EffectEntry)({ kind: "shield", id: "s", controller: "b", to: "bear", amount: 2 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EffectEntry = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("shield"),
    ...common,
    to: Selector,
    amount: NonNegInt,
    from: opt(Selector)
  }),
  Schema.Struct({
    kind: Schema.Literal("shieldEach"),
    ...common,
    amount: NonNegInt,
    target: Str,
    sharingColor: opt(Schema.Boolean),
    objects: opt(Schema.Array(Str))
  }),
  Schema.Struct({
    kind: Schema.Literal("preventNextFrom"),
    ...common,
    from: Str,
    to: opt(Selector),
    gainLife: opt(Schema.Boolean),
    properties: opt(Selector)
  }),
  Schema.Struct({
    kind: Schema.Literal("preventEach"),
    ...common,
    amount: Schema.Union([NonNegInt, Schema.Literal("all")]),
    to: opt(Selector),
    from: opt(Selector)
  }),
  Schema.Struct({
    kind: Schema.Literal("modify"),
    ...common,
    op: ModifyOp,
    value: Filter.Value,
    family: opt(Str),
    to: opt(Selector),
    from: opt(Selector),
    params: opt(Schema.Record(Schema.String, GameView.Prop))
  }),
  Schema.Struct({
    kind: Schema.Literal("double"),
    ...common,
    family: opt(Str),
    to: opt(Selector),
    from: opt(Selector)
  }),
  Schema.Struct({
    kind: Schema.Literal("redirect"),
    ...common,
    redirectTo: Str,
    to: opt(Selector),
    from: opt(Selector)
  }),
  Schema.Struct({
    kind: Schema.Literal("zoneInstead"),
    ...common,
    when: Schema.Record(Schema.String, GameView.Prop),
    to: Str,
    subject: opt(Selector)
  }),
  Schema.Struct({
    kind: Schema.Literal("instead"),
    ...common,
    family: Str,
    with: Schema.Array(Replacement.Template),
    to: opt(Selector),
    from: opt(Selector),
    params: opt(Schema.Record(Schema.String, GameView.Prop))
  }),
  Schema.Struct({
    kind: Schema.Literal("lifeFloor"),
    ...common,
    floor: opt(Amount.SignedSchema),
    ifYouControl: opt(Selector)
  }),
  Schema.Struct({ kind: Schema.Literal("raw"), effect: Replacement.Replacement })
])

/**
 * See the {@link EffectEntry} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/mtg"
 * const e: Scenario.EffectEntry = { kind: "double", id: "d", controller: "ap" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type EffectEntry = typeof EffectEntry.Type

/**
 * Schema of a player entry: an id, or `{ id, life, poison, protection, props }` (life defaults to
 * 20).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * Schema.is(Scenario.PlayerEntry)({ id: "nap", life: 2 }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const PlayerEntry = Schema.Union([
  Str,
  Schema.Struct({
    id: Str,
    life: opt(Amount.SignedSchema),
    poison: opt(NonNegInt),
    protection: opt(Schema.Array(ProtectionEntry)),
    props: opt(Schema.Record(Schema.String, GameView.Prop))
  })
])

/**
 * Schema of an object entry (a permanent, a spell, a card in a zone). `zone` defaults to
 * `battlefield`; `owner` to the controller; an object on the battlefield or the stack without a
 * `controller` is controlled by its owner, an object elsewhere has no controller. `power` and
 * `toughness` are the printed values; counters (`counters: { "+1/+1": 3 }`) change them.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * Schema.is(Scenario.ObjectEntry)({ id: "centaur", controller: "ap", types: ["Creature"],
 *   power: 2, toughness: 0, counters: { "+1/+1": 3 } }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const ObjectEntry = Schema.Struct({
  id: Str,
  controller: opt(Str),
  owner: opt(Str),
  zone: opt(Str),
  name: opt(Schema.String),
  types: opt(Strs),
  subtypes: opt(Strs),
  supertypes: opt(Strs),
  colors: opt(Strs),
  keywords: opt(Strs),
  power: opt(Amount.SignedSchema),
  toughness: opt(Amount.SignedSchema),
  loyalty: opt(NonNegInt),
  defense: opt(NonNegInt),
  damage: opt(NonNegInt),
  counters: opt(Schema.Record(Schema.String, NonNegInt)),
  protection: opt(Schema.Array(ProtectionEntry)),
  attachedTo: opt(Str),
  props: opt(Schema.Record(Schema.String, GameView.Prop))
})

/**
 * The occurrence families a scenario event may contain besides damage.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/mtg"
 * Scenario.EventFamily.literals.includes("zoneChange") // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EventFamily = Schema.Literals([
  "zoneChange",
  "lifeGain",
  "lifeLoss",
  "draw",
  "createToken",
  "addCounters",
  "removeCounters",
  "markDamage"
])

/**
 * Schema of an event: damage instances (`combat`, `unpreventable`, extra `kinds`), other
 * occurrences, and `destroy` (sugar for a zone change from the battlefield to the graveyard).
 * All of them are one batch.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * Schema.is(Scenario.EventEntry)({ id: "e", damage: [{ source: "bolt", to: "bear", amount: 3 }] }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EventEntry = Schema.Struct({
  id: Str,
  damage: opt(
    Schema.Array(
      Schema.Struct({
        id: opt(Str),
        source: Str,
        to: Str,
        amount: NonNegInt,
        combat: opt(Schema.Boolean),
        unpreventable: opt(Schema.Boolean),
        kinds: opt(Strs)
      })
    )
  ),
  occurrences: opt(
    Schema.Array(
      Schema.Struct({
        id: opt(Str),
        family: EventFamily,
        subject: Str,
        source: opt(Str),
        amount: opt(NonNegInt),
        params: opt(Schema.Record(Schema.String, GameView.Prop))
      })
    )
  ),
  destroy: opt(Schema.Array(Str))
})

const Pair = <A extends string, B extends string>(a: A, b: B) =>
  Schema.Struct({ [a]: Str, [b]: Str } as Record<A | B, typeof Str>)

/**
 * Schema of a query step: `name` (the key under `expect: queries:`) and one question: the
 * legality helpers of the `Protection` module (`canTarget`, `canEnchant`, `canEquip`,
 * `canFortify`, `canBlock`), `illegalAttachments: true`, or `sba: true` (the state-based actions
 * that would happen now).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * Schema.is(Scenario.QueryEntry)({ name: "q", canTarget: { target: "p", source: "bolt" } }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const QueryEntry = Schema.Struct({
  name: Str,
  canTarget: opt(Pair("target", "source")),
  canEnchant: opt(Pair("aura", "permanent")),
  canEquip: opt(Pair("equipment", "permanent")),
  canFortify: opt(Pair("fortification", "permanent")),
  canBlock: opt(Pair("attacker", "blocker")),
  illegalAttachments: opt(Schema.Literal(true)),
  sba: opt(Schema.Literal(true))
})

/**
 * Schema of a step: an `event`, `advance` (a ledger boundary such as `endOfTurn`), `resolve`
 * (effects created now, e.g. a spell resolving; `shieldEach` picks its creatures then), `update`
 * (an object changes outside any event: props, zone, controller, gaining or losing protection),
 * `stateBasedActions: true` (CR 704.5 as modelled by `Game` and `Protection`), or `query`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * Schema.is(Scenario.StepEntry)({ advance: "endOfTurn" }) // true
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const StepEntry = Schema.Union([
  Schema.Struct({ event: EventEntry }),
  Schema.Struct({ advance: Str }),
  Schema.Struct({ resolve: Schema.Array(EffectEntry) }),
  Schema.Struct({
    update: Schema.Struct({
      object: Str,
      set: opt(Schema.Record(Schema.String, GameView.Prop)),
      unset: opt(Strs),
      zone: opt(Str),
      controller: opt(Str),
      gainProtection: opt(Schema.Array(ProtectionEntry)),
      loseProtection: opt(Schema.Array(Str))
    })
  }),
  Schema.Struct({ stateBasedActions: Schema.Literal(true) }),
  Schema.Struct({ query: QueryEntry })
])

/**
 * See the {@link StepEntry} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/mtg"
 * const s: Scenario.StepEntry = { stateBasedActions: true }
 * ```
 * @since 0.1.0
 * @category model
 */
export type StepEntry = typeof StepEntry.Type

/**
 * Schema of the `mtg` part of a scenario document (everything but the generic keys `ruleset`,
 * `title`, `description`, `decisions`, `strategy` and `expect`).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * const s = Schema.decodeUnknownSync(Scenario.Scenario)({ players: ["ap", "nap"], steps: [] })
 * s.players.length // 2
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Scenario = Schema.Struct({
  players: Schema.Array(PlayerEntry),
  activePlayer: opt(Str),
  objects: opt(Schema.Array(ObjectEntry)),
  effects: opt(Schema.Array(EffectEntry)),
  steps: opt(Schema.Array(StepEntry))
})

/**
 * A decoded scenario. See the {@link Scenario} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/mtg"
 * const s: Scenario.Scenario = { players: ["ap", "nap"], steps: [{ advance: "endOfTurn" }] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Scenario = typeof Scenario.Type

// ---------------------------------------------------------------------------------------------
// compiling

// problems are reported where they are found and turned into a typed result by compile
const { invalid } = CoreRuleset

const playerRef = (s: string): Filter.PlayerRef =>
  s === "you"
    ? { _tag: "You" }
    : s === "opponent"
      ? { _tag: "Opponent" }
      : s === "active"
        ? { _tag: "Active" }
        : { _tag: "Player", id: s }

/**
 * Compiles a {@link Selector} into a core filter.
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/mtg"
 * Scenario.selectorFilter({ types: ["Creature"], controlledBy: "you" })
 * // { _tag: "And", all: [{ _tag: "Prop", prop: "types", op: "has", value: "Creature" },
 * //   { _tag: "ControlledBy", player: { _tag: "You" } }] }
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const selectorFilter = (s: Selector): Filter.Filter => {
  if (typeof s === "string" || Array.isArray(s)) return Effects.toFilter(s)
  const o = s as Exclude<Selector, string | ReadonlyArray<string>>
  const all: Array<Filter.Filter> = []
  if (o.ids !== undefined) all.push({ _tag: "Id", ids: o.ids })
  if (o.player === true) all.push({ _tag: "IsPlayer" })
  if (o.player === false) all.push({ _tag: "Not", filter: { _tag: "IsPlayer" } })
  for (const key of ["types", "subtypes", "keywords"] as const) {
    for (const v of o[key] ?? []) all.push({ _tag: "Prop", prop: key, op: "has", value: v })
  }
  if (o.colors !== undefined)
    all.push({
      _tag: "Or",
      any: o.colors.map((c) => ({ _tag: "Prop", prop: "colors", op: "has", value: c }) as const)
    })
  if (o.controlledBy !== undefined) all.push({ _tag: "ControlledBy", player: playerRef(o.controlledBy) })
  if (o.ownedBy !== undefined) all.push({ _tag: "OwnedBy", player: playerRef(o.ownedBy) })
  if (o.zone !== undefined)
    all.push({ _tag: "InZone", zones: typeof o.zone === "string" ? [o.zone] : o.zone })
  if (o.filter !== undefined) all.push(o.filter)
  if (all.length === 0) return { _tag: "Any" }
  return all.length === 1 ? (all[0] as Filter.Filter) : { _tag: "And", all }
}

const protectionStrings = (
  entries: ReadonlyArray<typeof ProtectionEntry.Type>,
  path: string,
  players: ReadonlyArray<string>
): Array<string> => {
  const out: Array<string> = []
  entries.forEach((e, i) => {
    const text = typeof e === "string" ? e : e.from
    const parsed = Protection.parse(text)
    if (parsed === undefined) {
      invalid(
        `${path}[${i}]`,
        `unknown protection quality ${JSON.stringify(text)} (expected a colour, "all colors", "everything", "player:<id>" or "<colors|types|subtypes|supertypes|name>:<value>")`
      )
      return
    }
    for (const p of parsed) {
      const q = Protection.decode(p)
      if (q?.quality._tag === "Player" && !players.includes(q.quality.player))
        invalid(`${path}[${i}]`, `protection from an unknown player ${JSON.stringify(q.quality.player)}`)
      const keep =
        typeof e === "string" || e.doesntRemove === undefined
          ? ""
          : e.doesntRemove === "auras"
            ? "|keep:auras"
            : `|keep:${e.doesntRemove.join(",")}`
      out.push(`${p}${keep}`)
    }
  })
  return out
}

const buildView = (s: Scenario): GameView.GameView => {
  const ids = s.players.map((p) => (typeof p === "string" ? p : p.id))
  const seen = new Set<string>()
  const objects: Array<GameView.GameObject> = []
  s.players.forEach((p, i) => {
    const id = typeof p === "string" ? p : p.id
    if (seen.has(id)) invalid(`players[${i}]`, `duplicate id ${JSON.stringify(id)}`)
    seen.add(id)
    const props: Record<string, GameView.Prop> = { life: 20, poison: 0 }
    if (typeof p !== "string") {
      if (p.life !== undefined) props["life"] = p.life
      if (p.poison !== undefined) props["poison"] = p.poison
      if (p.protection !== undefined)
        props["protection"] = protectionStrings(p.protection, `players[${i}].protection`, ids)
      Object.assign(props, p.props ?? {})
    }
    objects.push({ id, kind: "player", props })
  })
  if (ids.length === 0) invalid("players", "at least one player is needed")
  const active = s.activePlayer ?? (ids[0] as string)
  if (!ids.includes(active)) invalid("activePlayer", `${JSON.stringify(active)} is not one of the players`)
  ;(s.objects ?? []).forEach((o, i) => {
    const at = `objects[${i}]`
    if (seen.has(o.id)) invalid(`${at}.id`, `duplicate id ${JSON.stringify(o.id)}`)
    seen.add(o.id)
    for (const k of ["controller", "owner"] as const) {
      const v = o[k]
      if (v !== undefined && !ids.includes(v)) invalid(`${at}.${k}`, `${JSON.stringify(v)} is not a player`)
    }
    const zone = o.zone ?? "battlefield"
    const owner = o.owner ?? o.controller
    const controller = o.controller ?? (zone === "battlefield" || zone === "stack" ? owner : undefined)
    const props: Record<string, GameView.Prop> = {}
    if (o.name !== undefined) props["name"] = o.name
    for (const k of ["types", "subtypes", "supertypes", "colors", "keywords"] as const) {
      const v = o[k]
      if (v !== undefined) props[k] = v
    }
    if (o.power !== undefined) props["basePower"] = o.power
    if (o.toughness !== undefined) props["baseToughness"] = o.toughness
    if (o.loyalty !== undefined) props["loyalty"] = o.loyalty
    if (o.defense !== undefined) props["defense"] = o.defense
    if (o.damage !== undefined) props["damage"] = o.damage
    else if (o.toughness !== undefined) props["damage"] = 0
    for (const [kind, n] of Object.entries(o.counters ?? {})) props[Game.counterProp(kind)] = n
    if (o.protection !== undefined)
      props["protection"] = protectionStrings(o.protection, `${at}.protection`, ids)
    if (o.attachedTo !== undefined) props["attachedTo"] = o.attachedTo
    Object.assign(props, o.props ?? {})
    objects.push(
      Game.withStats({
        id: o.id,
        kind: "object",
        zone,
        ...(owner === undefined ? {} : { owner }),
        ...(controller === undefined ? {} : { controller }),
        props
      })
    )
  })
  const view = GameView.make({ players: ids, activePlayer: active, objects })
  ;(s.objects ?? []).forEach((o, i) => {
    if (o.attachedTo !== undefined && !Object.hasOwn(view.objects, o.attachedTo))
      invalid(`objects[${i}].attachedTo`, `unknown object ${JSON.stringify(o.attachedTo)}`)
  })
  return view
}

const checkId = (view: GameView.GameView, id: string | undefined, path: string): void => {
  if (id !== undefined && !Object.hasOwn(view.objects, id))
    invalid(path, `unknown player or object ${JSON.stringify(id)}`)
}

const checkSelector = (view: GameView.GameView, s: Selector | undefined, path: string): void => {
  if (s === undefined) return
  if (typeof s === "string") checkId(view, s, path)
  else if (Array.isArray(s))
    s.forEach((x, i) => {
      checkId(view, x, `${path}[${i}]`)
    })
}

const checkEffects = (effects: ReadonlyArray<Replacement.Replacement>, path: string): void => {
  const bad = Ledger.validate(effects)
  if (bad !== undefined) invalid(`${path} (${bad.effect})`, `${bad.path}: ${bad.reason}`)
}

const compileEffect = (
  e: EffectEntry,
  view: GameView.GameView,
  path: string
): ReadonlyArray<Replacement.Replacement> => {
  if (e.kind === "raw") {
    checkId(view, e.effect.controller, `${path}.effect.controller`)
    return [e.effect]
  }
  checkId(view, e.controller, `${path}.controller`)
  if (view.objects[e.controller]?.kind !== "player") invalid(`${path}.controller`, "must be a player")
  checkId(view, e.source, `${path}.source`)
  const c: Effects.Common = {
    id: e.id,
    controller: e.controller,
    label: e.label,
    source: e.source,
    category: e.category,
    until: e.until,
    optional: e.optional,
    additional: e.additional,
    condition: e.condition,
    requiresSourceIn: e.requiresSourceIn,
    rule: e.rule
  }
  const sel = (s: Selector | undefined, p: string): Filter.Filter | undefined => {
    checkSelector(view, s, `${path}.${p}`)
    return s === undefined ? undefined : selectorFilter(s)
  }
  switch (e.kind) {
    case "shield":
      return [
        Effects.shield({
          ...c,
          to: sel(e.to, "to") as Filter.Filter,
          amount: e.amount,
          from: sel(e.from, "from")
        })
      ]
    case "shieldEach": {
      checkId(view, e.target, `${path}.target`)
      const objects =
        e.objects ?? (e.sharingColor === true ? Effects.sharingColorWith(view, e.target) : [e.target])
      objects.forEach((o, i) => {
        checkId(view, o, `${path}.objects[${i}]`)
      })
      return Effects.shieldEach({ ...c, objects, amount: e.amount })
    }
    case "preventNextFrom":
      checkId(view, e.from, `${path}.from`)
      return [
        Effects.preventNextFrom({
          ...c,
          source: e.from,
          to: sel(e.to, "to"),
          gainLife: e.gainLife,
          properties: sel(e.properties, "properties")
        })
      ]
    case "preventEach":
      return [Effects.preventEach({ ...c, amount: e.amount, to: sel(e.to, "to"), from: sel(e.from, "from") })]
    case "modify":
      return [
        Effects.modify({
          ...c,
          op: e.op,
          value: e.value,
          family: e.family,
          to: sel(e.to, "to"),
          from: sel(e.from, "from"),
          params: e.params
        })
      ]
    case "double":
      return [
        Effects.modify({
          ...c,
          label: c.label ?? "it deals double that damage instead",
          op: "mul",
          value: 2,
          family: e.family,
          to: sel(e.to, "to"),
          from: sel(e.from, "from")
        })
      ]
    case "redirect":
      checkId(view, e.redirectTo, `${path}.redirectTo`)
      return [
        Effects.redirect({ ...c, redirectTo: e.redirectTo, to: sel(e.to, "to"), from: sel(e.from, "from") })
      ]
    case "zoneInstead":
      return [Effects.zoneInstead({ ...c, when: e.when, to: e.to, subject: sel(e.subject, "subject") })]
    case "instead":
      return [
        Effects.instead({
          ...c,
          family: e.family,
          with: e.with,
          to: sel(e.to, "to"),
          from: sel(e.from, "from"),
          params: e.params
        })
      ]
    case "lifeFloor":
      return [Effects.lifeFloor({ ...c, floor: e.floor, ifYouControl: sel(e.ifYouControl, "ifYouControl") })]
  }
}

const compileEvent = (
  ev: typeof EventEntry.Type,
  view: GameView.GameView,
  path: string
): GameEvent.GameEvent => {
  const occs: Array<GameEvent.Occurrence> = []
  ;(ev.damage ?? []).forEach((d, i) => {
    const at = `${path}.damage[${i}]`
    checkId(view, d.source, `${at}.source`)
    checkId(view, d.to, `${at}.to`)
    occs.push(
      GameEvent.damage({
        id: d.id ?? `d${i + 1}`,
        source: d.source,
        recipient: d.to,
        amount: d.amount,
        kinds: [...(d.combat === true ? ["combat"] : []), ...(d.kinds ?? [])],
        preventable: d.unpreventable !== true
      })
    )
  })
  ;(ev.occurrences ?? []).forEach((o, i) => {
    const at = `${path}.occurrences[${i}]`
    checkId(view, o.subject, `${at}.subject`)
    checkId(view, o.source, `${at}.source`)
    occs.push(
      GameEvent.occurrence({
        id: o.id ?? `o${i + 1}`,
        family: o.family,
        subject: o.subject,
        ...(o.source === undefined ? {} : { source: o.source }),
        amount: o.amount ?? 1,
        params: o.params ?? {}
      })
    )
  })
  ;(ev.destroy ?? []).forEach((id, i) => {
    checkId(view, id, `${path}.destroy[${i}]`)
    occs.push(
      GameEvent.occurrence({
        id: `destroy:${id}`,
        family: Game.Family.zoneChange,
        subject: id,
        kinds: ["destroy"],
        params: { from: view.objects[id]?.zone ?? "battlefield", to: "graveyard" }
      })
    )
  })
  const ids = new Set<string>()
  occs.forEach((o, i) => {
    if (ids.has(o.id))
      invalid(`${path}`, `duplicate occurrence id ${JSON.stringify(o.id)} (occurrence ${i + 1})`)
    ids.add(o.id)
  })
  return GameEvent.make(ev.id, occs)
}

/** Reads the update's protection entries once (reporting bad ones now); the returned step applies it. */
const updateFn = (
  u: Extract<StepEntry, { update: unknown }>["update"],
  players: ReadonlyArray<string>,
  path: string
): ((view: GameView.GameView) => GameView.GameView) => {
  const gained =
    u.gainProtection === undefined
      ? []
      : protectionStrings(u.gainProtection, `${path}.gainProtection`, players)
  const lost = (u.loseProtection ?? []).map((lose) => Protection.parse(lose)?.[0])
  return (view) => {
    let v = view
    if (u.zone !== undefined) v = Game.moveTo(v, u.object, u.zone)
    const o = v.objects[u.object] as GameView.GameObject
    const props: Record<string, GameView.Prop> = { ...o.props, ...(u.set ?? {}) }
    if (u.set?.["power"] !== undefined) props["basePower"] = u.set["power"]
    if (u.set?.["toughness"] !== undefined) props["baseToughness"] = u.set["toughness"]
    for (const k of u.unset ?? []) delete props[k]
    const current = Array.isArray(props["protection"]) ? [...props["protection"]] : []
    for (const g of gained) current.push(g)
    for (const enc of lost) {
      const k = current.findIndex((x) => x === enc || x.split("|")[0] === enc)
      if (k >= 0) current.splice(k, 1)
    }
    if (u.gainProtection !== undefined || u.loseProtection !== undefined) props["protection"] = current
    const next: GameView.GameObject = {
      ...o,
      ...(u.controller === undefined ? {} : { controller: u.controller }),
      props
    }
    return GameView.setObject(v, Game.withStats(next))
  }
}

const json = (b: boolean | ReadonlyArray<unknown>): CoreRuleset.Json => b as CoreRuleset.Json

const compileQuery = (q: typeof QueryEntry.Type, view: GameView.GameView, path: string): CoreRuleset.Step => {
  const asked = (
    ["canTarget", "canEnchant", "canEquip", "canFortify", "canBlock", "illegalAttachments", "sba"] as const
  ).filter((k) => q[k] !== undefined)
  if (asked.length !== 1)
    invalid(
      path,
      `a query asks exactly one question (canTarget, canEnchant, canEquip, canFortify, canBlock, illegalAttachments, sba); got ${asked.length}`
    )
  for (const k of ["canTarget", "canEnchant", "canEquip", "canFortify", "canBlock"] as const) {
    const pair = q[k] as Record<string, string> | undefined
    if (pair !== undefined)
      for (const [name, id] of Object.entries(pair)) checkId(view, id, `${path}.${k}.${name}`)
  }
  const run = (v: GameView.GameView): CoreRuleset.Json => {
    if (q.canTarget !== undefined) return Protection.canTarget(v, q.canTarget)
    if (q.canEnchant !== undefined) return Protection.canEnchant(v, q.canEnchant)
    if (q.canEquip !== undefined) return Protection.canEquip(v, q.canEquip)
    if (q.canFortify !== undefined) return Protection.canFortify(v, q.canFortify)
    if (q.canBlock !== undefined) return Protection.canBlock(v, q.canBlock)
    if (q.illegalAttachments !== undefined)
      return json(Protection.illegalAttachments(v).map((x) => ({ ...x })))
    return json([...Game.damageActions(v), ...Protection.illegalAttachments(v)].map((x) => ({ ...x })))
  }
  return { _tag: "Query", name: q.name, run: (ctx) => Result.succeed(run(ctx.view)) }
}

/**
 * Compiles a decoded scenario into core data: the view (players at 20 life unless stated,
 * objects with their characteristics), the ledger (the scenario's effects and the prevention
 * effects of every protection), and the steps. Ids are checked, so a typo in an object name is
 * reported with its path.
 *
 * `resolve` steps that choose objects (`shieldEach` with `sharingColor`) look at the view as the
 * scenario's `update` steps have left it at that point (event results are not replayed at
 * compile time).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Scenario } from "@bulwark/mtg"
 * const r = Scenario.compile({ players: ["ap", "nap"], effects: [
 *   { kind: "shield", id: "s", controller: "nap", to: "ghost", amount: 2 }] })
 * Result.isFailure(r) // true: effects[0].to: unknown player or object "ghost"
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const compile = (s: Scenario): Result.Result<CoreRuleset.Compiled, Errors.ScenarioInvalid> =>
  CoreRuleset.attempt(() => {
    const view = buildView(s)
    const players = view.players
    const effects: Array<Replacement.Replacement> = []
    ;(s.effects ?? []).forEach((e, i) => {
      // each bound to the objects it names as they are now (CR 400.7)
      for (const c of compileEffect(e, view, `effects[${i}]`)) effects.push(Effects.aimedAt(c, view))
    })
    const present = new Set(effects.map((e) => e.id))
    // the prevention effects of protection not yet in the ledger (702.16e), now marked present
    const freshProtection = (v: GameView.GameView): Array<Replacement.Replacement> => {
      const fresh = Protection.effectsOf(v).filter((e) => !present.has(e.id))
      for (const e of fresh) present.add(e.id)
      return fresh
    }
    for (const e of freshProtection(view)) effects.push(e)
    checkEffects(effects, "effects")
    const ledger = Ledger.make(effects)
    let tracked = view
    const steps: Array<CoreRuleset.Step> = []
    ;(s.steps ?? []).forEach((st, i) => {
      const at = `steps[${i}]`
      if ("event" in st) steps.push({ _tag: "Event", event: compileEvent(st.event, tracked, `${at}.event`) })
      else if ("advance" in st) steps.push({ _tag: "Advance", boundary: st.advance })
      else if ("resolve" in st) {
        const made: Array<Replacement.Replacement> = []
        st.resolve.forEach((e, j) => {
          for (const c of compileEffect(e, tracked, `${at}.resolve[${j}]`))
            made.push(Effects.aimedAt(c, tracked))
        })
        for (const e of made) {
          if (present.has(e.id)) invalid(`${at}.resolve`, `duplicate effect id ${JSON.stringify(e.id)}`)
          present.add(e.id)
        }
        checkEffects(made, `${at}.resolve`)
        steps.push({ _tag: "AddEffects", effects: made })
      } else if ("update" in st) {
        const u = st.update
        checkId(tracked, u.object, `${at}.update.object`)
        if (u.controller !== undefined && !players.includes(u.controller))
          invalid(`${at}.update.controller`, `${JSON.stringify(u.controller)} is not a player`)
        const apply = updateFn(u, players, `${at}.update`)
        tracked = apply(tracked)
        steps.push({ _tag: "Update", label: `${u.object} changes`, apply })
        const fresh = freshProtection(tracked)
        if (fresh.length > 0) steps.push({ _tag: "AddEffects", effects: fresh })
      } else if ("stateBasedActions" in st) {
        steps.push({
          _tag: "Update",
          label: "state-based actions (CR 704.5, 702.16c–d)",
          apply: (v) => Game.performDamageActions(Protection.detachIllegal(v))
        })
      } else steps.push(compileQuery(st.query, tracked, `${at}.query`))
    })
    return { view, ledger, steps }
  })
