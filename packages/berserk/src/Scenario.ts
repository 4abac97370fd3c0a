/**
 * The Берсерк scenario vocabulary: a Schema for the ruleset's part of a scenario file and
 * `compile`, which turns it into core data (a view, a ledger and steps).
 *
 * ```yaml
 * ruleset: berserk
 * players: { active: ap, inactive: ip }
 * cards:
 *   orc:   { controller: ap, cost: 2, strength: 3 }
 *   guard: { controller: ip, cost: 3, life: 6, protections: [выстрелов] }
 * effects:
 *   - { id: shield, controller: ip, on: [guard], prevent: 4 }   # "prevent the next 4 wounds"
 * modifiers:
 *   - { id: rage, amount: 2, from: { cards: [orc] } }           # "+2 to the orc's strike"
 * steps:
 *   - attack: { id: a1, kind: удар, from: orc, to: guard }
 * expect:
 *   state: { a1: { strength: 5 }, guard: { wounds: 1 } }
 * ```
 *
 * Attack modifiers are applied when the attack is built, before the event reaches the resolver
 * (533.2, 534.2): they change the attack's strength, and the wounds start from that strength.
 * Each attack gets its own object in the view (id: the attack id, or `<attack>:<target>` when it
 * has several targets) holding `kind`, `strength`, `baseStrength` and `woundsDealt`, so the
 * outcome shows the strength unchanged by prevention (533.1) next to the wounds.
 *
 * @since 0.1.0
 */
import { Amount, type Errors, GameEvent, GameView, Ledger, type Replacement, Ruleset } from "@bulwark/core"
import { type Result, Schema } from "effect"
import * as Attack from "./Attack.js"
import * as Effects from "./Effects.js"

const NonNeg = Amount.Schema
const Id = Schema.NonEmptyString
const Props = Schema.Record(Schema.String, GameView.Prop)

/**
 * Schema of a {@link Effects.From} written in a scenario.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.FromInput)({ types: ["creature"], maxCost: 3 })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const FromInput = Schema.Struct({
  kinds: Schema.optionalKey(Schema.Array(Schema.String)),
  cards: Schema.optionalKey(Schema.Array(Id)),
  types: Schema.optionalKey(Schema.Array(Schema.String)),
  maxCost: Schema.optionalKey(Amount.SignedSchema),
  minCost: Schema.optionalKey(Amount.SignedSchema)
})

/**
 * Schema of a card: its controller, `type` (default `"creature"`), `cost`, `strength` (the
 * default strength of its attacks), `life`, `wounds` (default 0), `closed` (default false),
 * `zone` (default `"battlefield"`), `protections` (attack kinds or tags, English or Russian:
 * `[shot]`, `[выстрелов, магии]`), `armor` («Броня N») and any other `props`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.CardInput)({ controller: "ip", cost: 3, protections: ["выстрелов"] })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const CardInput = Schema.Struct({
  controller: Id,
  name: Schema.optionalKey(Schema.String),
  type: Schema.optionalKey(Schema.NonEmptyString),
  cost: Schema.optionalKey(Amount.SignedSchema),
  strength: Schema.optionalKey(NonNeg),
  life: Schema.optionalKey(NonNeg),
  wounds: Schema.optionalKey(NonNeg),
  closed: Schema.optionalKey(Schema.Boolean),
  zone: Schema.optionalKey(Schema.NonEmptyString),
  protections: Schema.optionalKey(Schema.Array(Schema.String)),
  armor: Schema.optionalKey(NonNeg),
  props: Schema.optionalKey(Props)
})

/**
 * Schema of an event created by an "instead" replacement (534.1): its family, and optionally
 * its amount (default: the replaced event's) and subject (`subject` — the default —, `self`, or
 * a card id).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.InsteadEvent)({ family: "open" })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const InsteadEvent = Schema.Struct({
  family: Id,
  amount: Schema.optionalKey(NonNeg),
  subject: Schema.optionalKey(Id)
})

/**
 * Schema of an effect. Common keys: `id`, `controller` (default: its source's controller),
 * `source`, `label`, `rule`, `on` (card ids or `any`), `from` (see {@link FromInput}), `until`,
 * `activeZones`, `optional`, `oncePerTurn`. Exactly one form:
 *
 * - `prevent: N | all` (with `scope: next | each | once`) — prevention (533);
 * - `noWoundsFrom: {…}` — «Не получает ран от …» (534.1.1);
 * - `woundsOnlyFrom: {…}` — «Получает раны только от …» (534.1.1);
 * - `moreWounds: N` / `fewerWounds: N` (with `from`) — «Получает на X больше/меньше ран от …»;
 * - `instead: { of: heal, do: [{ family: open }] }` — «…, вместо этого – …» (534.1).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.EffectInput)({ id: "fog", controller: "ap", prevent: "all", from: { kinds: ["strike"] } })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EffectInput = Schema.Struct({
  id: Id,
  controller: Schema.optionalKey(Id),
  source: Schema.optionalKey(Id),
  label: Schema.optionalKey(Schema.String),
  rule: Schema.optionalKey(Schema.String),
  on: Schema.optionalKey(Schema.Union([Schema.Array(Id), Schema.Literal("any")])),
  from: Schema.optionalKey(FromInput),
  until: Schema.optionalKey(Id),
  activeZones: Schema.optionalKey(Schema.Array(Id)),
  optional: Schema.optionalKey(Schema.Boolean),
  oncePerTurn: Schema.optionalKey(Schema.Boolean),
  prevent: Schema.optionalKey(Schema.Union([NonNeg, Schema.Literal("all")])),
  scope: Schema.optionalKey(Schema.Literals(["next", "each", "once"])),
  noWoundsFrom: Schema.optionalKey(FromInput),
  woundsOnlyFrom: Schema.optionalKey(FromInput),
  moreWounds: Schema.optionalKey(NonNeg),
  fewerWounds: Schema.optionalKey(NonNeg),
  instead: Schema.optionalKey(Schema.Struct({ of: Id, do: Schema.Array(InsteadEvent) }))
})

/**
 * An effect as written in a scenario. See the {@link EffectInput} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/berserk"
 * const e: Scenario.EffectInput = { id: "s", controller: "ip", on: ["orc"], prevent: 2 }
 * ```
 * @since 0.1.0
 * @category model
 */
export type EffectInput = typeof EffectInput.Type

/**
 * Schema of an attack modifier («модификатор атаки»): `amount` is added to the strength of
 * every attack it matches (`on`: its targets; `from`: its source and kinds), when the attack is
 * built — before protections, replacements and prevention (533.2). `until: endOfTurn` ends it.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.ModifierInput)({ id: "rage", amount: 2, from: { kinds: ["strike"] } })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const ModifierInput = Schema.Struct({
  id: Id,
  amount: Amount.SignedSchema,
  label: Schema.optionalKey(Schema.String),
  on: Schema.optionalKey(Schema.Union([Schema.Array(Id), Schema.Literal("any")])),
  from: Schema.optionalKey(FromInput),
  until: Schema.optionalKey(Id)
})

/**
 * Schema of an attack step: `id`, `kind` (English or Russian: `strike`/`удар`, `shot`/`выстрел`,
 * `throw`/`метание`, `discharge`/`разряд`, `magic`/`магия`, `poison`/`яд`, `spell`/`заклинание`),
 * `strength` (default: the attacker's `strength`), `from` (the attacking card), `to` (a card or a
 * list of cards) and extra `tags`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.AttackInput)({ id: "a1", kind: "удар", strength: 4, from: "orc", to: "guard" })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const AttackInput = Schema.Struct({
  id: Id,
  kind: Schema.NonEmptyString,
  strength: Schema.optionalKey(NonNeg),
  from: Schema.optionalKey(Id),
  to: Schema.Union([Id, Schema.Array(Id)]),
  tags: Schema.optionalKey(Schema.Array(Schema.String))
})

/**
 * Schema of one step:
 *
 * - `attack`: see {@link AttackInput};
 * - `heal: { id, card, amount? }` — the card would heal («излечиться») that many wounds (default 1);
 * - `event: { id, family, subject, amount?, source?, kinds? }` — any other event (`open`, `close`, …);
 * - `leave: { card, to? }` — a card leaves the battlefield (default: to the graveyard);
 * - `set: { card, props }` — a card's characteristics change;
 * - `endOfTurn: true` — the turn ends: effects `until: endOfTurn` end, once-per-turn limits reset,
 *   and the other player becomes the active player;
 * - `addEffects: [...]` — new effects (see {@link EffectInput}).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * Schema.decodeUnknownSync(Scenario.StepInput)({ heal: { id: "h1", card: "serk" } })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const StepInput = Schema.Union([
  Schema.Struct({ attack: AttackInput }),
  Schema.Struct({ heal: Schema.Struct({ id: Id, card: Id, amount: Schema.optionalKey(NonNeg) }) }),
  Schema.Struct({
    event: Schema.Struct({
      id: Id,
      family: Id,
      subject: Id,
      amount: Schema.optionalKey(NonNeg),
      source: Schema.optionalKey(Id),
      kinds: Schema.optionalKey(Schema.Array(Schema.String))
    })
  }),
  Schema.Struct({ leave: Schema.Struct({ card: Id, to: Schema.optionalKey(Id) }) }),
  Schema.Struct({ set: Schema.Struct({ card: Id, props: Props }) }),
  Schema.Struct({ endOfTurn: Schema.Literal(true) }),
  Schema.Struct({ addEffects: Schema.Array(EffectInput) })
])

/**
 * A step as written in a scenario. See the {@link StepInput} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/berserk"
 * const s: Scenario.StepInput = { attack: { id: "a1", kind: "shot", strength: 2, to: "orc" } }
 * ```
 * @since 0.1.0
 * @category model
 */
export type StepInput = typeof StepInput.Type

/**
 * Schema of the ruleset's part of a scenario document: `players` (`active`, `inactive`), `cards`
 * by id, `effects`, `modifiers` and `steps`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * const s = Schema.decodeUnknownSync(Scenario.Scenario)({
 *   players: { active: "ap", inactive: "ip" },
 *   cards: { orc: { controller: "ip" } },
 *   steps: [{ attack: { id: "a1", kind: "strike", strength: 2, to: "orc" } }]
 * }, { onExcessProperty: "error" })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Scenario = Schema.Struct({
  players: Schema.Struct({ active: Id, inactive: Id }),
  cards: Schema.Record(Schema.String, CardInput),
  effects: Schema.optionalKey(Schema.Array(EffectInput)),
  modifiers: Schema.optionalKey(Schema.Array(ModifierInput)),
  steps: Schema.Array(StepInput)
})

/**
 * A decoded Берсерк scenario. See the {@link Scenario} schema.
 *
 * @example
 * ```ts
 * import type { Scenario } from "@bulwark/berserk"
 * const s: Scenario.Scenario = { players: { active: "ap", inactive: "ip" }, cards: {}, steps: [] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Scenario = typeof Scenario.Type

// problems are reported where they are found and turned into a typed result at the top
const { invalid, attempt } = Ruleset

const card = (view: GameView.GameView, id: string, path: string): GameView.GameObject => {
  const o = GameView.get(view, id)
  if (o === undefined || o.kind !== "object") return invalid(path, `unknown card ${JSON.stringify(id)}`)
  return o
}

const checkFrom = (view: GameView.GameView, from: Effects.From | undefined, path: string): void => {
  for (const [i, c] of (from?.cards ?? []).entries()) card(view, c, `${path}.cards[${i}]`)
}

const checkOn = (view: GameView.GameView, on: Effects.Target | undefined, path: string): void => {
  if (on === undefined || on === "any") return
  for (const [i, c] of on.entries()) card(view, c, `${path}[${i}]`)
}

const FORMS = ["prevent", "noWoundsFrom", "woundsOnlyFrom", "moreWounds", "fewerWounds", "instead"] as const

/**
 * Compiles one effect as written in a scenario into a core effect, checking the ids it names
 * against the view. Fails with {@link Errors.ScenarioInvalid} naming the path.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Scenario } from "@bulwark/berserk"
 * const view = GameView.make({ players: ["ap", "ip"], activePlayer: "ap" })
 * const r = Scenario.compileEffect({ id: "fog", controller: "ap", prevent: "all" }, view, "effects[0]")
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const compileEffect = (
  input: EffectInput,
  view: GameView.GameView,
  path: string
): Result.Result<Replacement.Replacement, Errors.ScenarioInvalid> =>
  attempt(() => effectOf(input, view, path))

const effectOf = (input: EffectInput, view: GameView.GameView, path: string): Replacement.Replacement => {
  const forms = FORMS.filter((f) => input[f] !== undefined)
  if (forms.length !== 1) {
    invalid(
      path,
      forms.length === 0
        ? `an effect needs one of ${FORMS.join(", ")}`
        : `an effect has exactly one form, got ${forms.join(" and ")}`
    )
  }
  const source = input.source === undefined ? undefined : card(view, input.source, `${path}.source`)
  const controller = input.controller ?? source?.controller
  if (controller === undefined) invalid(`${path}.controller`, "needs a controller (or a source card)")
  if (view.objects[controller as string]?.kind !== "player")
    invalid(`${path}.controller`, `${JSON.stringify(controller)} is not a player`)
  checkOn(view, input.on, `${path}.on`)
  checkFrom(view, input.from, `${path}.from`)
  if (input.scope !== undefined && input.prevent === undefined)
    invalid(`${path}.scope`, "scope goes with prevent")
  const c: Effects.Common = {
    id: input.id,
    controller: controller as string,
    source: input.source,
    label: input.label,
    rule: input.rule,
    on: input.on,
    from: input.from,
    until: input.until,
    activeZones: input.activeZones,
    optional: input.optional,
    oncePerTurn: input.oncePerTurn
  }
  if (input.prevent !== undefined)
    return Effects.prevention({ ...c, amount: input.prevent, scope: input.scope })
  if (input.noWoundsFrom !== undefined) {
    checkFrom(view, input.noWoundsFrom, `${path}.noWoundsFrom`)
    return Effects.noWoundsFrom({ ...c, from: input.noWoundsFrom })
  }
  if (input.woundsOnlyFrom !== undefined) {
    checkFrom(view, input.woundsOnlyFrom, `${path}.woundsOnlyFrom`)
    return Effects.woundsOnlyFrom({ ...c, from: input.woundsOnlyFrom })
  }
  if (input.moreWounds !== undefined) return Effects.moreWounds({ ...c, amount: input.moreWounds })
  if (input.fewerWounds !== undefined) return Effects.fewerWounds({ ...c, amount: input.fewerWounds })
  const inst = input.instead as NonNullable<EffectInput["instead"]>
  return Effects.instead({
    ...c,
    of: inst.of,
    with: inst.do.map((d, i) => {
      const subject: Replacement.Ref =
        d.subject === undefined || d.subject === "subject" || d.subject === "self"
          ? (d.subject ?? "subject")
          : { id: card(view, d.subject, `${path}.instead.do[${i}].subject`).id }
      return { family: d.family, subject, ...(d.amount === undefined ? {} : { amount: d.amount }) }
    })
  })
}

interface Modifier {
  readonly input: typeof ModifierInput.Type
  /** The predicate arguments of `input.from`, normalised once rather than for every target. */
  readonly from: Readonly<Record<string, GameView.Prop>> | undefined
}

const cardObject = (id: string, input: typeof CardInput.Type): GameView.GameObject => {
  const props: Record<string, GameView.Prop> = {
    type: input.type ?? "creature",
    wounds: input.wounds ?? 0,
    closed: input.closed ?? false
  }
  if (input.name !== undefined) props.name = input.name
  if (input.cost !== undefined) props.cost = input.cost
  if (input.strength !== undefined) props.strength = input.strength
  if (input.life !== undefined) props.life = input.life
  if (input.armor !== undefined) props.armor = input.armor
  if (input.protections !== undefined) props.protections = input.protections.map(Attack.parseTag)
  return {
    id,
    kind: "object",
    controller: input.controller,
    owner: input.controller,
    zone: input.zone ?? "battlefield",
    props: { ...props, ...input.props }
  }
}

const compileUnsafe = (s: Scenario): Ruleset.Compiled => {
  const { active, inactive } = s.players
  if (active === inactive) invalid("players.inactive", "the two players must differ")
  const objects: Array<GameView.GameObject> = []
  const keywordEffects: Array<Replacement.Replacement> = []
  for (const [id, c] of Object.entries(s.cards)) {
    if (id === active || id === inactive) invalid(`cards.${id}`, "a card can't have a player's id")
    if (c.controller !== active && c.controller !== inactive)
      invalid(`cards.${id}.controller`, `${JSON.stringify(c.controller)} is not a player`)
    const o = cardObject(id, c)
    objects.push(o)
    if (c.protections !== undefined && c.protections.length > 0)
      keywordEffects.push(Effects.protection({ card: id, controller: c.controller, kinds: c.protections }))
    if (c.armor !== undefined && c.armor > 0)
      keywordEffects.push(Effects.armor({ card: id, controller: c.controller, amount: c.armor }))
  }
  const initial = GameView.make({ players: [active, inactive], activePlayer: active, objects })
  let view = initial
  const effects = [...keywordEffects, ...(s.effects ?? []).map((e, i) => effectOf(e, view, `effects[${i}]`))]
  const bad = Ledger.validate(effects)
  if (bad !== undefined) invalid("effects", `${bad.effect}: ${bad.reason}`)
  const ledgerIds = new Set(effects.map((e) => e.id))
  let modifiers: Array<Modifier> = []
  for (const [i, m] of (s.modifiers ?? []).entries()) {
    checkOn(view, m.on, `modifiers[${i}].on`)
    checkFrom(view, m.from, `modifiers[${i}].from`)
    modifiers.push({ input: m, from: m.from === undefined ? undefined : Effects.fromArgs(m.from) })
  }
  const steps: Array<Ruleset.Step> = []
  const ids = new Set<string>(Object.keys(view.objects))
  const claim = (id: string, path: string): void => {
    if (ids.has(id)) invalid(path, `the id ${JSON.stringify(id)} is already used`)
    ids.add(id)
  }
  const update = (label: string, apply: (v: GameView.GameView) => GameView.GameView): void => {
    view = apply(view)
    steps.push({ _tag: "Update", label, apply })
  }
  for (const [i, step] of s.steps.entries()) {
    const at = `steps[${i}]`
    if ("attack" in step) {
      const a = step.attack
      const kind =
        Attack.parseKind(a.kind) ??
        invalid(
          `${at}.attack.kind`,
          `unknown attack kind ${JSON.stringify(a.kind)} (${Attack.kinds.join(", ")})`
        )
      const attacker = a.from === undefined ? undefined : card(view, a.from, `${at}.attack.from`)
      const base = a.strength ?? attacker?.props.strength
      if (typeof base !== "number")
        invalid(`${at}.attack.strength`, "needs a strength (or an attacker with a strength)")
      const targets = typeof a.to === "string" ? [a.to] : a.to
      if (targets.length === 0) invalid(`${at}.attack.to`, "an attack needs a target")
      const tags = Attack.tagsOf(kind, a.tags)
      const attackObjects: Array<GameView.GameObject> = []
      const occurrences: Array<GameEvent.Occurrence> = []
      const lines: Array<string> = []
      claim(a.id, `${at}.attack.id`)
      for (const [t, target] of targets.entries()) {
        card(view, target, `${at}.attack.to${typeof a.to === "string" ? "" : `[${t}]`}`)
        const objId = targets.length === 1 ? a.id : `${a.id}:${target}`
        if (targets.length > 1) claim(objId, `${at}.attack.to[${t}]`)
        let strength = base as number
        const applied: Array<string> = []
        for (const m of modifiers) {
          const on = m.input.on
          if (on !== undefined && on !== "any" && !on.includes(target)) continue
          if (m.from !== undefined && !Effects.comesFrom(view, { source: a.from, kinds: tags }, m.from))
            continue
          strength += m.input.amount
          applied.push(`${m.input.amount >= 0 ? "+" : ""}${m.input.amount} (${m.input.id})`)
        }
        strength = Math.max(0, strength)
        lines.push(
          `${objId}: ${kind} on ${target}, strength ${base}${applied.length === 0 ? "" : ` ${applied.join(" ")} = ${strength}`}`
        )
        attackObjects.push({
          id: objId,
          kind: "object",
          ...(attacker?.controller === undefined ? {} : { controller: attacker.controller }),
          zone: "attack",
          props: {
            type: "attack",
            kind,
            tags: [...tags],
            strength,
            baseStrength: base as number,
            woundsDealt: 0,
            target,
            ...(a.from === undefined ? {} : { from: a.from })
          }
        })
        occurrences.push(
          GameEvent.occurrence({
            id: objId,
            family: GameEvent.DAMAGE,
            subject: target,
            ...(a.from === undefined ? {} : { source: a.from }),
            amount: strength,
            kinds: tags,
            params: { attack: objId, kind, strength, baseStrength: base as number }
          })
        )
      }
      update(
        `attack ${lines.join("; ")} — attack modifiers are applied first, the wounds start from the strength (Берсерк 533.2, 534.2)`,
        (v) => GameView.batch(v, (d) => attackObjects.reduce((acc, o) => GameView.setObject(acc, o), d))
      )
      steps.push({ _tag: "Event", event: GameEvent.make(a.id, occurrences) })
    } else if ("heal" in step) {
      const h = step.heal
      claim(h.id, `${at}.heal.id`)
      card(view, h.card, `${at}.heal.card`)
      steps.push({
        _tag: "Event",
        event: GameEvent.make(h.id, [
          GameEvent.occurrence({ id: h.id, family: "heal", subject: h.card, amount: h.amount ?? 1 })
        ])
      })
    } else if ("event" in step) {
      const e = step.event
      claim(e.id, `${at}.event.id`)
      card(view, e.subject, `${at}.event.subject`)
      if (e.source !== undefined) card(view, e.source, `${at}.event.source`)
      steps.push({
        _tag: "Event",
        event: GameEvent.make(e.id, [
          GameEvent.occurrence({
            id: e.id,
            family: e.family,
            subject: e.subject,
            ...(e.source === undefined ? {} : { source: e.source }),
            amount: e.amount ?? 1,
            kinds: (e.kinds ?? []).map(Attack.parseTag)
          })
        ])
      })
    } else if ("leave" in step) {
      const { card: id, to } = step.leave
      card(view, id, `${at}.leave.card`)
      const zone = to ?? "graveyard"
      update(
        `${id} leaves the battlefield (to ${zone}): its prevention effects no longer apply (Берсерк 533.6)`,
        (v) => {
          const o = v.objects[id]
          return o === undefined ? v : GameView.setObject(v, { ...o, zone })
        }
      )
    } else if ("set" in step) {
      const { card: id, props } = step.set
      card(view, id, `${at}.set.card`)
      update(`${id} changes: ${JSON.stringify(props)}`, (v) => {
        const o = v.objects[id]
        return o === undefined ? v : GameView.setObject(v, { ...o, props: { ...o.props, ...props } })
      })
    } else if ("endOfTurn" in step) {
      steps.push({ _tag: "Advance", boundary: "endOfTurn" })
      modifiers = modifiers.filter((m) => m.input.until !== "endOfTurn")
      update("end of turn: the other player becomes the active player", (v) => ({
        ...v,
        activePlayer: v.activePlayer === active ? inactive : active
      }))
    } else {
      const added = step.addEffects.map((e, j) => effectOf(e, view, `${at}.addEffects[${j}]`))
      for (const [j, e] of added.entries()) {
        if (ledgerIds.has(e.id))
          invalid(`${at}.addEffects[${j}].id`, `duplicate effect id ${JSON.stringify(e.id)}`)
        ledgerIds.add(e.id)
      }
      steps.push({ _tag: "AddEffects", effects: added })
    }
  }
  return {
    view: initial,
    ledger: Ledger.make(effects),
    steps
  }
}

/**
 * Compiles a decoded scenario into core data, or fails with {@link Errors.ScenarioInvalid}
 * naming the path of the problem (an unknown card, a missing strength, two forms in one effect,
 * a duplicate id, …).
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Scenario } from "@bulwark/berserk"
 * const r = Scenario.compile({
 *   players: { active: "ap", inactive: "ip" },
 *   cards: { orc: { controller: "ip" } },
 *   steps: [{ attack: { id: "a1", kind: "strike", strength: 2, to: "orc" } }]
 * })
 * Result.isSuccess(r) // true
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const compile = (s: Scenario): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> =>
  attempt(() => compileUnsafe(s))
