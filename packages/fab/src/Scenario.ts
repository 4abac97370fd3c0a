/**
 * The Flesh and Blood scenario vocabulary: a Schema for the ruleset's part of a scenario file,
 * and `compile`, which turns it into core data (a view, a ledger and steps).
 *
 * ```yaml
 * ruleset: fab
 * turnPlayer: alice
 * players: [{ id: alice }, { id: bob, resources: 2 }]
 * objects:
 *   - { id: bolt, controller: alice, zone: stack, types: [action] }
 *   - { id: helm, controller: bob, types: [equipment] }
 * effects:
 *   - { type: ward, source: helm, amount: 1 }
 *   - { type: preventNext, id: shield, controller: bob, amount: 2 }
 * steps:
 *   - damage: { id: e1, source: bolt, to: bob, amount: 3, damageType: arcane }
 * ```
 *
 * Players are heroes: a player id is the hero ("you", 1.1.2b). Objects default to the arena.
 *
 * @since 0.1.0
 */

// biome-ignore lint/correctness/noUnusedImports: lets the declaration emit name core's Filter types
import type { Filter } from "@bulwark/core"
import { Amount, type Errors, GameEvent, GameView, Ledger, Replacement, Ruleset } from "@bulwark/core"
import { type Result, Schema } from "effect"
import * as Effects from "./Effects.js"

const Id = Schema.NonEmptyString
const Ids = Schema.Union([Id, Schema.Array(Id)])
const Count = Amount.Schema
const DamageType = Schema.Literals(["generic", "physical", "arcane"])
const Props = Schema.Record(Schema.String, GameView.Prop)

/**
 * Schema of a player (a hero): `life` defaults to 20, `resources` ({r}) to 0.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/fab"
 * Schema.decodeUnknownSync(Scenario.Player)({ id: "bob", life: 20, resources: 2 })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Player = Schema.Struct({
  id: Id,
  life: Schema.optionalKey(Amount.SignedSchema),
  resources: Schema.optionalKey(Count),
  props: Schema.optionalKey(Props)
})

/**
 * Schema of a game object: its controller, zone (default `"arena"`), types (`equipment`,
 * `aura`, `ally`, `attack`, `action`, …), and the properties the rules read: `life` (a living
 * object: an ally), `power`, `defense`, `indestructible`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/fab"
 * Schema.decodeUnknownSync(Scenario.GameObject)({ id: "ally", controller: "bob", types: ["ally"], life: 2 })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const GameObject = Schema.Struct({
  id: Id,
  controller: Id,
  owner: Schema.optionalKey(Id),
  zone: Schema.optionalKey(Id),
  types: Schema.optionalKey(Schema.Array(Schema.String)),
  life: Schema.optionalKey(Amount.SignedSchema),
  power: Schema.optionalKey(Count),
  defense: Schema.optionalKey(Count),
  indestructible: Schema.optionalKey(Schema.Boolean),
  props: Schema.optionalKey(Props)
})

const preventionFields = {
  id: Id,
  controller: Schema.optionalKey(Id),
  source: Schema.optionalKey(Id),
  label: Schema.optionalKey(Schema.String),
  to: Schema.optionalKey(Ids),
  from: Schema.optionalKey(Ids),
  damageType: Schema.optionalKey(DamageType),
  until: Schema.optionalKey(Id),
  optional: Schema.optionalKey(Schema.Boolean),
  destroyThis: Schema.optionalKey(Schema.Boolean),
  pay: Schema.optionalKey(Count)
}

const keywordFields = {
  id: Schema.optionalKey(Id),
  source: Id,
  controller: Schema.optionalKey(Id),
  amount: Count,
  label: Schema.optionalKey(Schema.String)
}

/**
 * Schema of an effect in a scenario, by `type`:
 *
 * - `preventNextTime` (Feign Death, 6.4.10b), `prevent` + `amount` (fixed, 6.4.10i),
 *   `preventNext` + `amount` (shield, 6.4.10j), each with `to`, `from` (ids; `you` is the
 *   controller's hero), `damageType`, `until`, `optional`, `destroyThis`, `pay`;
 * - `ward`, `arcaneShelter`, `spellvoid`, `arcaneBarrier`, `quell` with `source` and `amount`;
 * - `amp` with `controller` and `amount`; `preventsLess` (6.4.10g) with `amount`, `damageType`;
 * - `replacement` with a raw core `effect` (category one of self, identity, standard,
 *   prevention, outcome).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/fab"
 * Schema.decodeUnknownSync(Scenario.EffectSpec)({ type: "ward", source: "helm", amount: 1 })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EffectSpec = Schema.Union([
  Schema.Struct({ type: Schema.Literal("preventNextTime"), ...preventionFields }),
  Schema.Struct({ type: Schema.Literal("prevent"), amount: Count, ...preventionFields }),
  Schema.Struct({ type: Schema.Literal("preventNext"), amount: Count, ...preventionFields }),
  Schema.Struct({ type: Schema.Literal("ward"), ...keywordFields }),
  Schema.Struct({ type: Schema.Literal("arcaneShelter"), ...keywordFields }),
  Schema.Struct({ type: Schema.Literal("spellvoid"), ...keywordFields }),
  Schema.Struct({ type: Schema.Literal("arcaneBarrier"), ...keywordFields }),
  Schema.Struct({ type: Schema.Literal("quell"), ...keywordFields }),
  Schema.Struct({
    type: Schema.Literal("amp"),
    id: Id,
    controller: Id,
    amount: Count,
    source: Schema.optionalKey(Id),
    label: Schema.optionalKey(Schema.String)
  }),
  Schema.Struct({
    type: Schema.Literal("preventsLess"),
    id: Id,
    controller: Schema.optionalKey(Id),
    amount: Count,
    damageType: Schema.optionalKey(DamageType),
    source: Schema.optionalKey(Id),
    label: Schema.optionalKey(Schema.String),
    until: Schema.optionalKey(Id)
  }),
  Schema.Struct({ type: Schema.Literal("replacement"), effect: Replacement.Replacement })
])

/**
 * An effect in a scenario. See the {@link EffectSpec} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/fab"
 * const e: Scenario.EffectSpec = { type: "preventNext", id: "s", controller: "bob", amount: 4 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type EffectSpec = typeof EffectSpec.Type

const Instance = Schema.Struct({
  id: Schema.optionalKey(Id),
  to: Id,
  amount: Count,
  damageType: Schema.optionalKey(DamageType),
  unpreventable: Schema.optionalKey(Schema.Boolean)
})

/**
 * Schema of a scenario step (one key each):
 *
 * - `damage`: an event: `{ id, source, to, amount, damageType?, unpreventable? }`, or several
 *   simultaneous instances `{ id, source, instances: [{ id?, to, amount, damageType?,
 *   unpreventable? }] }`; an instance's occurrence id defaults to `<event>-<to>`;
 * - `attack`: the damage step (7.5.2): `{ id, attack, target, defense? }` deals power − defense
 *   {p} damage as a hit-event, if positive;
 * - `advance`: a ledger boundary (`endOfTurn`, …); `beginEndPhase: true` destroys objects marked
 *   by Quell, then advances `endPhase`;
 * - `addEffects`: effects created now; `destroy`: an object leaves the arena outside any event;
 *   `update`: set an object's zone or props.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/fab"
 * Schema.decodeUnknownSync(Scenario.Step)({ damage: { id: "e1", source: "bolt", to: "bob", amount: 3 } })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Step = Schema.Union([
  Schema.Struct({
    damage: Schema.Struct({
      id: Id,
      source: Id,
      to: Schema.optionalKey(Id),
      amount: Schema.optionalKey(Count),
      damageType: Schema.optionalKey(DamageType),
      unpreventable: Schema.optionalKey(Schema.Boolean),
      instances: Schema.optionalKey(Schema.Array(Instance))
    })
  }),
  Schema.Struct({
    attack: Schema.Struct({ id: Id, attack: Id, target: Id, defense: Schema.optionalKey(Count) })
  }),
  Schema.Struct({ advance: Id }),
  Schema.Struct({ beginEndPhase: Schema.Literal(true) }),
  Schema.Struct({ addEffects: Schema.Array(EffectSpec) }),
  Schema.Struct({ destroy: Id }),
  Schema.Struct({
    update: Schema.Struct({ id: Id, zone: Schema.optionalKey(Id), props: Schema.optionalKey(Props) })
  })
])

/**
 * A scenario step. See the {@link Step} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/fab"
 * const s: Scenario.Step = { advance: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Step = typeof Step.Type

/**
 * Schema of the ruleset's part of a scenario document: the turn-player (default: the first
 * player), players in clockwise order, objects, the effects active at the start, and the steps.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/fab"
 * Schema.decodeUnknownSync(Scenario.Scenario)({
 *   players: [{ id: "alice" }, { id: "bob" }],
 *   objects: [{ id: "bolt", controller: "alice", zone: "stack" }],
 *   steps: [{ damage: { id: "e1", source: "bolt", to: "bob", amount: 1 } }]
 * })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Scenario = Schema.Struct({
  turnPlayer: Schema.optionalKey(Id),
  players: Schema.Array(Player).check(Schema.isMinLength(1)),
  objects: Schema.optionalKey(Schema.Array(GameObject)),
  effects: Schema.optionalKey(Schema.Array(EffectSpec)),
  steps: Schema.Array(Step)
})

/**
 * The decoded scenario. See the {@link Scenario} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/fab"
 * const s: Scenario.Scenario = { players: [{ id: "alice" }], steps: [] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Scenario = typeof Scenario.Type

// problems are reported where they are found and turned into a typed result at the top
const { invalid, attempt } = Ruleset

const list = (x: string | ReadonlyArray<string> | undefined): ReadonlyArray<string> | undefined =>
  x === undefined ? undefined : typeof x === "string" ? [x] : x

const CATEGORIES: ReadonlyArray<string> = Object.values(Effects.Category)

/**
 * Turns one effect of a scenario into a core effect, resolving `you` and the default controller
 * (the source's controller) against the view.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { GameView } from "@bulwark/core"
 * import { Scenario } from "@bulwark/fab"
 * const view = GameView.make({ players: ["bob"], activePlayer: "bob",
 *   objects: [{ id: "helm", kind: "object", controller: "bob", zone: "arena", props: {} }] })
 * const r = Scenario.compileEffect({ type: "ward", source: "helm", amount: 1 }, view, "effects[0]")
 * Result.isSuccess(r) // true
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const compileEffect = (
  spec: EffectSpec,
  view: GameView.GameView,
  path: string
): Result.Result<Replacement.Replacement, Errors.ScenarioInvalid> => attempt(() => effectOf(spec, view, path))

const isPlayer = (view: GameView.GameView, id: string): boolean => GameView.get(view, id)?.kind === "player"

const known = (view: GameView.GameView, id: string, path: string): string => {
  if (GameView.get(view, id) === undefined) invalid(path, `unknown player or object ${JSON.stringify(id)}`)
  return id
}

/** The keyword constructors, by the `type` a scenario writes. */
const KEYWORDS = {
  ward: Effects.ward,
  arcaneShelter: Effects.arcaneShelter,
  spellvoid: Effects.spellvoid,
  arcaneBarrier: Effects.arcaneBarrier,
  quell: Effects.quell
} as const satisfies Record<string, (k: Effects.KeywordOptions) => Replacement.Replacement>

const effectOf = (spec: EffectSpec, view: GameView.GameView, path: string): Replacement.Replacement => {
  if (spec.type === "replacement") {
    const e = spec.effect
    if (!CATEGORIES.includes(e.category))
      invalid(`${path}.effect.category`, `must be one of ${CATEGORIES.join(", ")} (FaB 6.4.7–6.4.11)`)
    if (!isPlayer(view, e.controller)) invalid(`${path}.effect.controller`, "must be a player")
    return e
  }
  const source = spec.source === undefined ? undefined : known(view, spec.source, `${path}.source`)
  const controller =
    spec.controller ??
    (source === undefined ? undefined : GameView.controllerOf(view, source)) ??
    invalid(`${path}.controller`, "missing (and no source to take it from)")
  if (!isPlayer(view, controller))
    invalid(`${path}.controller`, `${JSON.stringify(controller)} is not a player`)
  const ids = (xs: ReadonlyArray<string> | undefined, key: string) =>
    xs?.map((x, i) => (x === "you" ? controller : known(view, x, `${path}.${key}[${i}]`)))
  switch (spec.type) {
    case "preventNextTime":
    case "prevent":
    case "preventNext": {
      if (spec.destroyThis === true && source === undefined)
        invalid(`${path}.destroyThis`, "needs a source to destroy")
      if (spec.destroyThis === true && spec.pay !== undefined)
        invalid(`${path}.pay`, "give one cost: destroyThis or pay")
      const cost: Effects.Cost | undefined =
        spec.destroyThis === true
          ? { _tag: "DestroyThis" }
          : spec.pay === undefined
            ? undefined
            : { _tag: "Pay", amount: spec.pay }
      const o: Effects.PreventionOptions = {
        id: spec.id,
        controller,
        source,
        label: spec.label,
        to: ids(list(spec.to), "to"),
        from: ids(list(spec.from), "from"),
        damageType: spec.damageType,
        optional: spec.optional,
        cost,
        until: spec.until
      }
      return spec.type === "preventNextTime"
        ? Effects.preventNextTime(o)
        : spec.type === "prevent"
          ? Effects.prevent(o, spec.amount)
          : Effects.preventNext(o, spec.amount)
    }
    case "ward":
    case "arcaneShelter":
    case "spellvoid":
    case "arcaneBarrier":
    case "quell":
      return KEYWORDS[spec.type]({
        id: spec.id ?? `${spec.source}:${spec.type}`,
        source: spec.source,
        controller,
        amount: spec.amount,
        label: spec.label
      })
    case "amp":
      return Effects.amp({ id: spec.id, controller, amount: spec.amount, source, label: spec.label })
    case "preventsLess":
      return Effects.preventsLess({
        id: spec.id,
        controller,
        amount: spec.amount,
        damageType: spec.damageType,
        source,
        label: spec.label,
        until: spec.until
      })
  }
}

const compileStep = (step: Step, view: GameView.GameView, path: string): ReadonlyArray<Ruleset.Step> => {
  if ("damage" in step) {
    const d = step.damage
    known(view, d.source, `${path}.damage.source`)
    let instances: ReadonlyArray<{
      readonly id?: string | undefined
      readonly to: string
      readonly amount: number
      readonly damageType?: Effects.DamageType | undefined
      readonly unpreventable?: boolean | undefined
    }>
    if (d.instances !== undefined) {
      if (d.to !== undefined || d.amount !== undefined)
        invalid(`${path}.damage`, "give either to/amount or instances, not both")
      instances = d.instances.map((i) => ({
        ...i,
        damageType: i.damageType ?? d.damageType,
        unpreventable: i.unpreventable ?? d.unpreventable
      }))
    } else {
      if (d.to === undefined || d.amount === undefined)
        invalid(`${path}.damage`, "needs to and amount (or instances)")
      instances = [
        {
          to: d.to as string,
          amount: d.amount as number,
          damageType: d.damageType,
          unpreventable: d.unpreventable
        }
      ]
    }
    const occurrences = instances.map((i, n) => {
      const where = d.instances === undefined ? `${path}.damage.to` : `${path}.damage.instances[${n}].to`
      // damage to a non-living object is not a file error: the effect fails when it resolves
      // (8.5.3c, the ruleset's `fails`), and the trace says so
      known(view, i.to, where)
      return GameEvent.damage({
        id: i.id ?? `${d.id}-${i.to}`,
        source: d.source,
        recipient: i.to,
        amount: i.amount,
        kinds: Effects.kindsOf(i.damageType),
        preventable: i.unpreventable !== true
      })
    })
    return [{ _tag: "Event", event: GameEvent.make(d.id, occurrences) }]
  }
  if ("attack" in step) {
    const a = step.attack
    const atk = view.objects[known(view, a.attack, `${path}.attack.attack`)] as GameView.GameObject
    // an attack-target that has ceased to exist, or is not living, is dealt nothing and no
    // hit-event is generated (7.5.2b, 8.5.3c): decided when the damage resolves (`fails`)
    known(view, a.target, `${path}.attack.target`)
    const power = atk.props.power
    if (typeof power !== "number") invalid(`${path}.attack.attack`, "the attack has no power")
    const amount = (power as number) - (a.defense ?? 0)
    // 7.5.2: damage only if the power is greater than the total defense
    const occurrences =
      amount > 0
        ? [
            GameEvent.damage({
              id: `${a.id}-${a.target}`,
              source: a.attack,
              recipient: a.target,
              amount,
              kinds: Effects.kindsOf("physical"),
              params: { attack: a.attack, attackTarget: a.target }
            })
          ]
        : []
    return [
      {
        _tag: "Update",
        label: `${a.attack} attacks ${a.target}: it has not hit yet (FaB 7.5.5)`,
        apply: (v) => {
          const o = v.objects[a.attack]
          return o === undefined ? v : GameView.setObject(v, { ...o, props: { ...o.props, hit: false } })
        }
      },
      { _tag: "Event", event: GameEvent.make(a.id, occurrences) }
    ]
  }
  if ("advance" in step) return [{ _tag: "Advance", boundary: step.advance }]
  if ("beginEndPhase" in step) {
    return [
      {
        _tag: "Update",
        label: "beginning of the end phase: objects marked by Quell are destroyed (FaB 8.3.19)",
        apply: (v) =>
          GameView.batch(v, (d) => {
            let out = d
            for (const o of Object.values(v.objects))
              if (o.props.destroyAtEndPhase === true)
                out = GameView.setObject(out, { ...o, zone: "graveyard" })
            return out
          })
      },
      { _tag: "Advance", boundary: "endPhase" }
    ]
  }
  if ("addEffects" in step) {
    return [
      {
        _tag: "AddEffects",
        effects: step.addEffects.map((e, i) => effectOf(e, view, `${path}.addEffects[${i}]`))
      }
    ]
  }
  if ("destroy" in step) {
    const id = known(view, step.destroy, `${path}.destroy`)
    return [
      {
        _tag: "Update",
        label: `${id} is destroyed`,
        apply: (v) => {
          const o = v.objects[id]
          return o === undefined ? v : GameView.setObject(v, { ...o, zone: "graveyard" })
        }
      }
    ]
  }
  const u = step.update
  known(view, u.id, `${path}.update.id`)
  return [
    {
      _tag: "Update",
      label: `${u.id} changes`,
      apply: (v) => {
        const o = v.objects[u.id]
        if (o === undefined) return v
        return GameView.setObject(v, {
          ...o,
          ...(u.zone === undefined ? {} : { zone: u.zone }),
          props: { ...o.props, ...(u.props ?? {}) }
        })
      }
    }
  ]
}

/**
 * Builds the starting view of a scenario: players (heroes, `life` 20 and `resources` 0 by
 * default) and objects (in the arena by default).
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/fab"
 * const view = Scenario.viewOf({ players: [{ id: "alice" }, { id: "bob" }], steps: [] })
 * view.objects["bob"]?.props["life"] // 20
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const viewOf = (s: Scenario): GameView.GameView => {
  const objects: Array<GameView.GameObject> = []
  for (const p of s.players) {
    objects.push({
      id: p.id,
      kind: "player",
      props: { life: p.life ?? 20, resources: p.resources ?? 0, ...(p.props ?? {}) }
    })
  }
  for (const o of s.objects ?? []) {
    const props: Record<string, GameView.Prop> = {}
    if (o.types !== undefined) props.types = o.types
    if (o.life !== undefined) props.life = o.life
    if (o.power !== undefined) props.power = o.power
    if (o.defense !== undefined) props.defense = o.defense
    if (o.indestructible !== undefined) props.indestructible = o.indestructible
    objects.push({
      id: o.id,
      kind: "object",
      controller: o.controller,
      owner: o.owner ?? o.controller,
      zone: o.zone ?? "arena",
      props: { ...props, ...(o.props ?? {}) }
    })
  }
  return GameView.make({
    players: s.players.map((p) => p.id),
    activePlayer: s.turnPlayer ?? (s.players[0]?.id as string),
    objects
  })
}

/**
 * Compiles a decoded scenario into core data, or fails with a typed error naming the path.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Scenario } from "@bulwark/fab"
 * const r = Scenario.compile({ players: [{ id: "alice" }], turnPlayer: "nobody", steps: [] })
 * Result.isFailure(r) // true: the turn-player is not a player
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const compile = (s: Scenario): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> =>
  attempt(() => {
    const seen = new Set<string>()
    s.players.forEach((p, i) => {
      if (seen.has(p.id)) invalid(`players[${i}].id`, `duplicate id ${JSON.stringify(p.id)}`)
      seen.add(p.id)
    })
    ;(s.objects ?? []).forEach((o, i) => {
      if (seen.has(o.id)) invalid(`objects[${i}].id`, `duplicate id ${JSON.stringify(o.id)}`)
      seen.add(o.id)
    })
    const players = new Set(s.players.map((p) => p.id))
    if (s.turnPlayer !== undefined && !players.has(s.turnPlayer))
      invalid("turnPlayer", `${JSON.stringify(s.turnPlayer)} is not one of the players`)
    ;(s.objects ?? []).forEach((o, i) => {
      if (!players.has(o.controller))
        invalid(`objects[${i}].controller`, `${JSON.stringify(o.controller)} is not a player`)
    })
    const view = viewOf(s)
    const effects = (s.effects ?? []).map((e, i) => effectOf(e, view, `effects[${i}]`))
    const bad = Ledger.validate(effects)
    if (bad !== undefined) {
      // the last effect with that id: for a duplicate, the second one
      const i = Math.max(0, effects.map((e) => e.id).lastIndexOf(bad.effect))
      invalid(`effects[${i}].${bad.path}`, bad.reason)
    }
    const steps = s.steps.flatMap((st, i) => compileStep(st, view, `steps[${i}]`))
    return { view, ledger: Ledger.make(effects), steps }
  })
