/**
 * The Magic ruleset's words for the one scenario language (scenario format 4): the properties of
 * its players and objects, its effect kinds (each the constructor of the `Effects` module of the
 * same name), its step kinds `stateBasedActions` and `mill`, its questions, and what an `update` step may
 * change besides the skeleton's fields (gaining and losing protection). `@bulwark/scenario`
 * owns the rest of the file's shape.
 *
 * ```yaml
 * format: 4
 * ruleset: mtg
 * players: [ap, { id: nap, life: 2 }]
 * turn: ap
 * objects:
 *   - { id: bear, controller: nap, types: [Creature], colors: [green], power: 2, toughness: 2 }
 *   - { id: bolt, controller: ap, zone: stack, colors: [red] }
 * effects:
 *   - { kind: shield, id: s, controller: nap, to: bear, amount: 2, duration: endOfTurn }
 * steps:
 *   - event: { id: e1, occurrences: [{ id: d, source: bolt, to: bear, amount: 3 }] }
 * expect:
 *   events: { e1: { dealt: { bear: 1 } } }
 * ```
 *
 * Protection is written on the player or object (`protection: [red, "player:q", everything]`);
 * its prevention effects are made by `Protection.preventionEffect` (the language's `derived`
 * effects: in the ledger from the start, and added when an `update` gives protection).
 *
 * @since 0.1.0
 * @module
 */
import {
  Amount,
  Ruleset as CoreRuleset,
  GameEvent,
  GameView,
  Generic,
  Language,
  Modifiers,
  Zones
} from "@bulwark/core"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Effects from "./Effects.js"
import * as Game from "./Game.js"
import * as Expansions from "./internal/expansions.js"
import * as Protection from "./Protection.js"

const Str = Schema.NonEmptyString
const Strs = Schema.Array(Schema.String)
const opt = Schema.optionalKey
const Props = Schema.Record(Schema.String, GameView.Prop)
const { invalid } = CoreRuleset

const quality = (text: string): true | string =>
  Protection.parse(text) !== undefined ||
  `unknown protection quality ${JSON.stringify(text)} (expected a colour, "all colors", "everything", "player:<id>" or "<colors|types|subtypes|supertypes|name>:<value>")`

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
  Schema.String.check(Schema.makeFilter(quality)),
  Schema.Struct({
    from: Str.check(Schema.makeFilter(quality)),
    doesntRemove: opt(Schema.Union([Schema.Literal("auras"), Strs]))
  })
])

type ProtectionEntry = typeof ProtectionEntry.Type

/** The encoded protection instances of entries (`colors:red|keep:auras`); the schema checked the qualities. */
const protectionStrings = (entries: ReadonlyArray<ProtectionEntry>): Array<string> =>
  entries.flatMap((e) => {
    const parsed = Protection.parse(typeof e === "string" ? e : e.from) ?? []
    const keep =
      typeof e === "string" || e.doesntRemove === undefined
        ? ""
        : e.doesntRemove === "auras"
          ? "|keep:auras"
          : `|keep:${e.doesntRemove.join(",")}`
    return parsed.map((p) => `${p}${keep}`)
  })

/** Protection from a player names one of the players (702.16k). */
const checkProtectionPlayers = (
  strings: ReadonlyArray<string>,
  players: ReadonlyArray<string>,
  path: string
) => {
  strings.forEach((p) => {
    const q = Protection.decode(p)
    if (q?.quality._tag === "Player" && !players.includes(q.quality.player))
      invalid(path, `protection from an unknown player ${JSON.stringify(q.quality.player)}`)
  })
}

const playerFields = {
  life: opt(Amount.SignedSchema),
  poison: opt(Amount.Schema),
  protection: opt(Schema.Array(ProtectionEntry)),
  props: opt(Props)
}

// `name`, `keywords` and free `props` are the skeleton's, as in every game
const objectFields = {
  subtypes: opt(Strs),
  supertypes: opt(Strs),
  colors: opt(Strs),
  power: opt(Amount.SignedSchema),
  toughness: opt(Amount.SignedSchema),
  loyalty: opt(Amount.Schema),
  defense: opt(Amount.Schema),
  damage: opt(Amount.Schema),
  counters: opt(Schema.Record(Schema.String, Amount.Schema)),
  protection: opt(Schema.Array(ProtectionEntry)),
  attachedTo: opt(Str),
  attacking: opt(Schema.Boolean),
  blocking: opt(Schema.Boolean)
}

/** A player: 20 life and no poison unless stated. */
const makePlayer = (p: Language.ObjectEntry): GameView.GameObject => {
  const props: Record<string, GameView.Prop> = { life: 20, poison: 0 }
  if (typeof p["life"] === "number") props["life"] = p["life"]
  if (typeof p["poison"] === "number") props["poison"] = p["poison"]
  if (p["protection"] !== undefined)
    props["protection"] = protectionStrings(p["protection"] as ReadonlyArray<ProtectionEntry>)
  Object.assign(props, (p["props"] as Record<string, GameView.Prop> | undefined) ?? {})
  return { id: p.id, kind: "player", props }
}

/**
 * An object: `zone` defaults to the battlefield, `owner` to the controller; an object on the
 * battlefield or the stack without a `controller` is controlled by its owner, an object elsewhere
 * has no controller. `power` and `toughness` are the printed values; counters change them.
 */
const makeObject = (o: Language.ObjectEntry): GameView.GameObject => {
  const zone = o.zone ?? "battlefield"
  const owner = o.owner ?? o.controller
  const controller = o.controller ?? (zone === "battlefield" || zone === "stack" ? owner : undefined)
  const props: Record<string, GameView.Prop> = {}
  const set = (key: string, prop = key) => {
    const v = o[key]
    if (v !== undefined) props[prop] = v as GameView.Prop
  }
  set("name")
  for (const k of ["types", "subtypes", "supertypes", "colors", "keywords"]) set(k)
  set("power", "basePower")
  set("toughness", "baseToughness")
  set("loyalty")
  set("defense")
  set("damage")
  if (o["damage"] === undefined && o["toughness"] !== undefined) props["damage"] = 0
  for (const [kind, n] of Object.entries((o["counters"] as Record<string, number> | undefined) ?? {}))
    props[Game.counterProp(kind)] = n
  if (o["protection"] !== undefined)
    props["protection"] = protectionStrings(o["protection"] as ReadonlyArray<ProtectionEntry>)
  set("attachedTo")
  // in combat (`Game.ATTACKING`, `Game.BLOCKING`): regeneration removes it (CR 614.8)
  if (o["attacking"] === true) props[Game.ATTACKING] = true
  if (o["blocking"] === true) props[Game.BLOCKING] = true
  Object.assign(props, (o["props"] as Record<string, GameView.Prop> | undefined) ?? {})
  return Game.withStats({
    id: o.id,
    kind: "object",
    zone,
    ...(owner === undefined ? {} : { owner }),
    ...(controller === undefined ? {} : { controller }),
    props
  })
}

/** What the starting view must satisfy beyond the skeleton's checks: attachments, protection from players. */
const prepare = (view: GameView.GameView): GameView.GameView => {
  let i = 0
  for (const o of Object.values(view.objects)) {
    const path = o.kind === "player" ? `players[${view.players.indexOf(o.id)}]` : `objects[${i++}]`
    const protection = o.props["protection"]
    if (Array.isArray(protection)) checkProtectionPlayers(protection, view.players, `${path}.protection`)
    const to = o.props["attachedTo"]
    if (typeof to === "string" && !Object.hasOwn(view.objects, to))
      invalid(`${path}.attachedTo`, `unknown object ${JSON.stringify(to)}`)
  }
  return view
}

const UpdateFields = {
  gainProtection: opt(Schema.Array(ProtectionEntry)),
  loseProtection: opt(Schema.Array(Str))
}

interface Update {
  readonly object: string
  readonly set?: Readonly<Record<string, GameView.Prop>>
  readonly unset?: ReadonlyArray<string>
  readonly zone?: string
  readonly controller?: string
  readonly gainProtection?: ReadonlyArray<ProtectionEntry>
  readonly loseProtection?: ReadonlyArray<string>
}

/**
 * How an `update` step changes the view: a zone change is one (`Game.moveTo`: a new object,
 * CR 400.7), `set: { power, toughness }` sets the printed values, protection is gained and lost
 * by instance (702.16g-i), and power and toughness are computed again.
 */
const updateView = (
  view: GameView.GameView,
  change: Readonly<Record<string, unknown>>
): GameView.GameView => {
  const u = change as unknown as Update
  const gained = u.gainProtection === undefined ? [] : protectionStrings(u.gainProtection)
  checkProtectionPlayers(gained, view.players, "update.gainProtection")
  const lost = (u.loseProtection ?? []).map((lose) => Protection.parse(lose)?.[0])
  let v = view
  if (u.zone !== undefined) v = Game.moveTo(v, u.object, u.zone)
  const o = v.objects[u.object]
  if (o === undefined) return v
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

const pair = <A extends string, B extends string>(a: A, b: B) =>
  Schema.Struct({ [a]: Str, [b]: Str } as Record<A | B, typeof Str>)

const legality = <A extends string, B extends string>(
  summary: string,
  a: A,
  b: B,
  answer: (view: GameView.GameView, args: Record<A | B, string>) => boolean
) =>
  Language.queryKind({
    summary,
    schema: pair(a, b) as unknown as Schema.Codec<Record<A | B, string>, unknown>,
    compile: (args, ctx) => {
      for (const [k, id] of Object.entries(args) as Array<[string, string]>)
        if (!Object.hasOwn(ctx.view.objects, id))
          ctx.invalid(`${ctx.path}.${k}`, `unknown player or object ${JSON.stringify(id)}`)
      return (run) => Result.succeed(answer(run.view, args))
    }
  })

const occurrenceFields = {
  excessTo: opt(Str),
  cantBeRedirected: opt(Schema.Boolean)
}

/**
 * An occurrence of an `event` step, with Magic's own fields: `excessTo` ("excess damage is dealt
 * to that creature's controller instead", CR 120.4a: `controller`, or a player or object id) and
 * `cantBeRedirected: true` (kind `Game.CANT_BE_REDIRECTED`: redirection effects don't watch it).
 * A `zoneChange`, `destroy` or `regenerate` occurrence without an amount has amount 1 (one
 * object: the families `Game.familyAmounts` declares `once`).
 */
const makeOccurrence = (entry: Language.OccurrenceEntry, ctx: Language.CompileContext) => {
  const base = Language.occurrence(entry)
  const excessTo = entry["excessTo"] as string | undefined
  if (excessTo !== undefined) {
    if (entry.family !== Game.Family.damage)
      ctx.invalid(`${ctx.path}.excessTo`, "excessTo is for damage only")
    if (excessTo !== "controller" && !Object.hasOwn(ctx.view.objects, excessTo))
      ctx.invalid(
        `${ctx.path}.excessTo`,
        `unknown player or object ${JSON.stringify(excessTo)} (or "controller")`
      )
  }
  const cant = entry["cantBeRedirected"] === true
  if (excessTo === undefined && !cant) return base
  return {
    ...base,
    ...(cant ? { kinds: [...base.kinds, Game.CANT_BE_REDIRECTED] } : {}),
    ...(excessTo === undefined ? {} : { params: { ...base.params, [Game.EXCESS_TO]: excessTo } })
  }
}

/**
 * The steps of `stateBasedActions: true` (the state-based actions are performed at once, as one
 * step): an update for what is not an event here (704.5a/c: a player loses; 702.16c–d: illegal
 * attachments), then one event (kind `Game.STATE_BASED`, id the step's: its `id:`, else
 * `stateBasedActions`, `stateBasedActions-2`, …) with a `destroy` for each
 * creature the file has (704.5g, 120.6: lethal damage; 704.5h: damage from a source with
 * deathtouch) and a `zoneChange` to the graveyard (`params: { from: battlefield, to: graveyard }`)
 * for each creature and planeswalker (704.5f: toughness 0 or less; 704.5i: loyalty 0):
 * `Game.sbaFails` lets only those the rules apply to happen, so replacement effects see them
 * (614.8: regeneration replaces the destructions and not the zone changes; "exile it instead"
 * replaces either) and the outcome shows them. Then the deathtouch records are cleared
 * (`Game.clearDeathtouchDamage`: "since the last time state-based actions were checked").
 * The steps are quiet (`quiet`): a check with nothing to do leaves nothing in the trace.
 */
const sbaSteps = (ctx: Language.CompileContext): ReadonlyArray<CoreRuleset.Step> => {
  const update: CoreRuleset.Step = {
    _tag: "Update",
    label: "state-based actions (CR 704.5, 702.16c–d)",
    // a check with nothing to do says nothing (the trace names what it did)
    quiet: true,
    apply: (v) =>
      Game.performDamageActions(Protection.detachIllegal(v), { destroy: false, toGraveyard: false })
  }
  const views = [ctx.view, ...(ctx.current === undefined ? [] : [ctx.current])]
  // the objects that are, in the file's view or as the updates so far leave it, of one of the types
  const ever = (...wanted: ReadonlyArray<string>) =>
    Object.keys(ctx.view.objects).filter((id) =>
      views.some((v) => {
        const types = v.objects[id]?.props["types"]
        return Array.isArray(types) && wanted.some((t) => types.includes(t))
      })
    )
  const creatures = ever("Creature")
  const permanents = ever("Creature", "Planeswalker")
  if (permanents.length === 0) return [update]
  // named after the step (its id, else `stateBasedActions`, `-2`, …): inserting a step renames nothing
  const id = ctx.step ?? ctx.path
  const event = GameEvent.make(id, [
    ...creatures.map((c) =>
      GameEvent.occurrence({
        id: `${id}:${c}`,
        family: Game.Family.destroy,
        subject: c,
        amount: 1,
        kinds: [Game.STATE_BASED]
      })
    ),
    ...permanents.map((c) =>
      GameEvent.occurrence({
        id: `${id}:${c}:toGraveyard`,
        family: Game.Family.zoneChange,
        subject: c,
        amount: 1,
        kinds: [Game.STATE_BASED],
        params: { from: "battlefield", to: "graveyard" }
      })
    )
  ])
  const checked: CoreRuleset.Step = {
    _tag: "Update",
    label: "state-based actions checked: deathtouch damage records cleared (CR 704.5h)",
    quiet: true,
    apply: Game.clearDeathtouchDamage
  }
  return [update, { _tag: "Event", event, quiet: true }, checked]
}

/** The kind of the zone changes a mill makes (CR 701.17a), for effects that watch "milled". */
const MILL = "mill"

/** What a `mill` step writes: the event's id, the player and how many cards. */
const MillStep = Schema.Struct({
  id: Schema.NonEmptyString,
  player: Schema.NonEmptyString,
  amount: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
})

/**
 * A `mill` step (CR 701.17a: "For a player to mill a number of cards, that player puts that many
 * cards from the top of their library into their graveyard."): one event (id `id`) with a
 * `zoneChange` for each card milled — kind `mill`, `params: { from: library, to: graveyard }`,
 * id `<id>:<card>` — so that a replacement effect sees each card going to the graveyard (614.1a:
 * "exile it instead"). The cards are the first `amount` of the player's library in the view's
 * order (first on top), read when the step happens; CR 701.17b: "A player can't mill a number of
 * cards greater than the number of cards in their library. … If instructed to do so, they mill
 * as many as possible." — a library of fewer cards mills what there is.
 */
const millStep = (m: typeof MillStep.Type, ctx: Language.CompileContext): CoreRuleset.Step => {
  if (!ctx.view.players.includes(m.player))
    ctx.invalid(
      `${ctx.path}.player`,
      `unknown player ${JSON.stringify(m.player)} (one of ${ctx.view.players.join(", ")})`
    )
  const at = (view: GameView.GameView): GameEvent.GameEvent =>
    GameEvent.make(
      m.id,
      Object.values(view.objects)
        .filter((o) => o.kind === "object" && o.zone === "library" && o.owner === m.player)
        .slice(0, m.amount)
        .map((o) =>
          GameEvent.occurrence({
            id: `${m.id}:${o.id}`,
            family: Game.Family.zoneChange,
            subject: o.id,
            amount: 1,
            kinds: [MILL],
            params: { from: "library", [Zones.TO]: "graveyard" }
          })
        )
    )
  return { _tag: "Event", event: at(ctx.current ?? ctx.view), at }
}

/** The cleanup step's turn-based action that removes marked damage. */
const CLEANUP_RULE = "MTG CR 514.2"

/** The times that pass (`advance:`) and that effects last until (`duration:`). */
const times = ["endOfTurn", "endOfCombat", "yourNextTurn"]

const json = (xs: ReadonlyArray<object>): CoreRuleset.Json => xs.map((x) => ({ ...x })) as CoreRuleset.Json

/**
 * The Magic ruleset's words (see the module documentation): effect kinds `shield`, `shieldEach`,
 * `preventNextFrom`, `preventEach`, `cantBePrevented`, `modify`, `double`, `redirect`,
 * `zoneInstead`, `regenerate`, `lifeFloor` (each `make` is the `Effects` constructor of that
 * name) and the generic `replace` and `prevent` (core `Generic`, with Magic's defaults); every
 * named kind says what it means in the generic form (`generic`: the effects
 * `kind: replace` / `kind: prevent` it stands for), and core's `modifyProperty` ("+2/+0 until
 * end of turn"); the occurrence fields `excessTo` (CR 120.4a) and `cantBeRedirected`; the step
 * kinds `stateBasedActions: true` (CR 704.5 as modelled by `Game` and `Protection`) and
 * `mill: { id, player, amount }` (CR 701.17a–b: a zone change for each card milled, the cards
 * read when it happens); the questions
 * `canTarget`, `canEnchant`, `canEquip`, `canFortify`, `canBlock` (702.16b–f),
 * `illegalAttachments: true` and `sba: true` (the state-based actions that would happen now).
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/mtg"
 * Object.keys(Scenario.language.effects).includes("shieldEach") // true
 * ```
 * @since 0.1.0
 * @category language
 */
export const language: Language.Language = {
  turn: "active player",
  players: { fields: playerFields, make: makePlayer },
  objects: { fields: objectFields, defaultZone: "battlefield", make: makeObject },
  prepare,
  derived: Protection.effectsOf,
  occurrences: { fields: occurrenceFields, make: makeOccurrence },
  effects: {
    ...Generic.kinds({ replace: Effects.replace, prevent: Effects.prevent }),
    // "+2/+0 until end of turn" (CR 613.4c): power and toughness as the game's values
    [Modifiers.KIND]: Modifiers.effectKind,
    shield: Language.effectKind({
      summary: "CR 615.7: prevent the next N damage that would be dealt to …",
      options: Effects.Options.shield,
      make: Effects.shield,
      generic: Expansions.shield
    }),
    shieldEach: Language.effectKind({
      summary: "CR 615.11: prevent the next N damage to each of these creatures (chosen on creation)",
      options: Effects.Options.shieldEach,
      make: Effects.shieldEach,
      generic: Expansions.shieldEach
    }),
    preventNextFrom: Language.effectKind({
      summary: "CR 615.8: the next time this source would deal damage, prevent that damage",
      options: Effects.Options.preventNextFrom,
      make: Effects.preventNextFrom,
      generic: Expansions.preventNextFrom
    }),
    preventEach: Language.effectKind({
      summary: "CR 615.10: prevent N (or all) of each damage event",
      options: Effects.Options.preventEach,
      make: Effects.preventEach,
      generic: Expansions.preventEach
    }),
    cantBePrevented: Language.effectKind({
      summary: "CR 615.12: damage can't be prevented (while it lasts)",
      options: Effects.Options.cantBePrevented,
      make: Effects.cantBePrevented,
      generic: Expansions.cantBePrevented
    }),
    modify: Language.effectKind({
      summary: "CR 614.1a: change an event's amount",
      options: Effects.Options.modify,
      make: Effects.modify,
      generic: Expansions.modify
    }),
    double: Language.effectKind({
      summary: "CR 614.1a: it deals double that damage instead",
      options: Effects.Options.double,
      make: Effects.double,
      generic: Expansions.double
    }),
    redirect: Language.effectKind({
      summary: "CR 614.9: the (next N) damage is dealt to another instead",
      options: Effects.Options.redirect,
      make: Effects.redirect,
      generic: Expansions.redirect
    }),
    zoneInstead: Language.effectKind({
      summary: "CR 614.1a: instead put it into another zone",
      options: Effects.Options.zoneInstead,
      make: Effects.zoneInstead,
      generic: Expansions.zoneInstead
    }),
    regenerate: Language.effectKind({
      summary:
        "CR 614.8: a regeneration shield — the next time it would be destroyed this turn, it regenerates instead",
      options: Effects.Options.regenerate,
      make: Effects.regenerate,
      generic: Expansions.regenerate
    }),
    lifeFloor: Language.effectKind({
      summary: "CR 120.4 (Worship): damage can't reduce your life below N",
      options: Effects.Options.lifeFloor,
      make: Effects.lifeFloor,
      generic: Expansions.lifeFloor
    })
  },
  steps: {
    mill: Language.stepKind({
      summary:
        "CR 701.17a: a player mills N cards (each a zone change from the top of the library to the graveyard)",
      schema: MillStep,
      compile: (m, ctx) => [millStep(m, ctx)]
    }),
    stateBasedActions: Language.stepKind({
      summary: "state-based actions (CR 704.5: lethal damage, 0 toughness; 702.16c–d: illegal attachments)",
      schema: Schema.Literal(true),
      compile: (_, ctx) => sbaSteps(ctx)
    })
  },
  queries: {
    canTarget: legality("702.16b: can this source target it?", "target", "source", Protection.canTarget),
    canEnchant: legality("702.16c: can this Aura enchant it?", "aura", "permanent", Protection.canEnchant),
    canEquip: legality(
      "702.16d: can this Equipment equip it?",
      "equipment",
      "permanent",
      Protection.canEquip
    ),
    canFortify: legality(
      "702.16d: can this Fortification fortify it?",
      "fortification",
      "permanent",
      Protection.canFortify
    ),
    canBlock: legality("702.16f: can it block this attacker?", "attacker", "blocker", Protection.canBlock),
    illegalAttachments: Language.queryKind({
      summary: "702.16c–d: the attachments protection makes illegal now",
      schema: Schema.Literal(true),
      compile: () => (ctx) => Result.succeed(json(Protection.illegalAttachments(ctx.view)))
    }),
    sba: Language.queryKind({
      summary: "the state-based actions that would happen now",
      schema: Schema.Literal(true),
      compile: () => (ctx) =>
        Result.succeed(json([...Game.damageActions(ctx.view), ...Protection.illegalAttachments(ctx.view)]))
    })
  },
  update: { fields: UpdateFields, view: updateView },
  // closed words: occurrence kinds (combat damage, 120.2a; and the engine's own marks), the
  // zones of 400.1, the card types of 205.2a
  vocabulary: {
    categories: Effects.generic.categories,
    kinds: ["combat", Game.FROM_DAMAGE, "destroy", Game.CANT_BE_REDIRECTED, Game.STATE_BASED, MILL],
    zones: ["library", "hand", "battlefield", "graveyard", "stack", "exile", "command"],
    types: [
      "Artifact",
      "Battle",
      "Conspiracy",
      "Creature",
      "Dungeon",
      "Enchantment",
      "Instant",
      "Kindred",
      "Land",
      "Phenomenon",
      "Plane",
      "Planeswalker",
      "Scheme",
      "Sorcery",
      "Tribal",
      "Vanguard"
    ]
  },
  boundaries: times,
  // CR 514.2, the cleanup step: "all damage marked on permanents … is removed and all "until end
  // of turn" and "this turn" effects end" — the damage just before the ledger crosses endOfTurn
  advance: (boundary) =>
    boundary === "endOfTurn"
      ? {
          before: [
            {
              _tag: "Update",
              label: `cleanup step: all damage marked on permanents is removed (${CLEANUP_RULE})`,
              apply: Game.cleanupDamage
            }
          ]
        }
      : {},
  durations: times,
  // the families and those that happen once (a zone change, a destruction, a regeneration: amount
  // 1 when not written), from one declaration
  ...Language.familyAmounts(Game.familyAmounts)
}
