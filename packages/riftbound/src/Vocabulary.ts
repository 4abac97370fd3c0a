/**
 * The Riftbound scenario vocabulary: a Schema for the ruleset's part of a scenario file and the
 * compiler that turns it into core data (a view, a ledger and steps).
 *
 * ```yaml
 * ruleset: riftbound
 * players: [A, B]          # turn order
 * turn: A                  # the turn player (default: the first player)
 * units:
 *   U: { controller: B, might: 3, damage: 1, tank: true }
 * effects:
 *   - { id: lotus, controller: A, double: U, duration: turn }
 *   - { id: p, controller: B, prevent: { unit: U, value: 2 } }
 * steps:
 *   - minimumLethal: { name: m, unit: U }
 *   - combat: { id: c1, assign: { U: 2 } }
 * expect:
 *   queries: { m: { _tag: Lethal, input: 1 } }
 * ```
 *
 * @since 0.1.0
 */
import {
  Amount,
  Errors,
  Filter,
  GameEvent,
  GameView,
  Ledger,
  type Replacement as R,
  Replacement,
  type Ruleset
} from "@bulwark/core"
import { Result, Schema } from "effect"
import * as Combat from "./Combat.js"
import * as Effects from "./Effects.js"
import * as Rules from "./Rules.js"

const Id = Schema.NonEmptyString
const Count = Amount.Schema
const opt = Schema.optionalKey

/**
 * Schema of a unit: controller, Might, marked damage, Tank, Backline, a declared replacement
 * order (its controller's, 372), and a "when I take damage, give me +N Might" trigger.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Vocabulary } from "@bulwark/riftbound"
 * Schema.decodeUnknownSync(Vocabulary.Unit)({ controller: "B", might: 3, tank: true })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Unit = Schema.Struct({
  controller: Id,
  owner: opt(Id),
  might: Amount.SignedSchema,
  damage: opt(Count),
  tank: opt(Schema.Boolean),
  backline: opt(Schema.Boolean),
  zone: opt(Id),
  order: opt(Schema.Array(Id)),
  whenDamaged: opt(Schema.Struct({ might: Amount.SignedSchema }))
})

/**
 * Schema of another object: a battlefield (`type: battlefield`, uncontrolled without a
 * controller, 372.2), a spell or gear that is a damage source.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Vocabulary } from "@bulwark/riftbound"
 * Schema.decodeUnknownSync(Vocabulary.Thing)({ type: "battlefield" })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Thing = Schema.Struct({
  type: opt(Id),
  controller: opt(Id),
  owner: opt(Id),
  zone: opt(Id)
})

const common = {
  id: Id,
  controller: Id,
  label: opt(Schema.String),
  source: opt(Id),
  duration: opt(Schema.Literals(["turn", "combat"])),
  limit: opt(Schema.Struct({ times: Amount.Schema.check(Schema.isGreaterThanOrEqualTo(1)) })),
  optional: opt(Schema.Boolean),
  activeIn: opt(Schema.Array(Id)),
  condition: opt(Filter.Condition)
}

/**
 * Schema of an effect. Common keys: `id`, `controller`, `label`, `source`, `duration`
 * (`turn` | `combat`), `limit` (`{ times }` each turn, 371), `optional` (a "may", 371.2),
 * `activeIn` (zones its source must be in, 370.3–370.4), `condition`. Exactly one of:
 *
 * - `prevent: { unit, value, each? }` — Prevent Value (437), `value: all` for Prevent All;
 * - `preventNext: unit` — "the next time it would be dealt damage, prevent it";
 * - `double: unit` — "double all damage that would be dealt to it";
 * - `modify: { unit, op, value }` — add / sub / mul;
 * - `cantBeDealtDamage: unit` — "I don't take damage" (465.2.c.10);
 * - `bonusDamage: { amount, sources?, to? }` — Bonus Damage (712–715);
 * - `replacement: { watch, action, category?, rule? }` — any core replacement.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Vocabulary } from "@bulwark/riftbound"
 * Schema.decodeUnknownSync(Vocabulary.EffectSpec)({ id: "p", controller: "B", prevent: { unit: "U", value: "all" } })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const EffectSpec = Schema.Union([
  Schema.Struct({
    ...common,
    prevent: Schema.Struct({
      unit: Id,
      value: Schema.Union([Count, Schema.Literal("all")]),
      each: opt(Schema.Literals(["turn", "combat"]))
    })
  }),
  Schema.Struct({ ...common, preventNext: Id }),
  Schema.Struct({ ...common, double: Id }),
  Schema.Struct({
    ...common,
    modify: Schema.Struct({ unit: Id, op: Schema.Literals(["add", "sub", "mul"]), value: Schema.Finite })
  }),
  Schema.Struct({ ...common, cantBeDealtDamage: Id }),
  Schema.Struct({
    ...common,
    bonusDamage: Schema.Struct({ amount: Count, sources: opt(Schema.Array(Id)), to: opt(Id) })
  }),
  Schema.Struct({
    ...common,
    replacement: Schema.Struct({
      watch: Replacement.Watch,
      action: Replacement.Action,
      category: opt(Id),
      rule: opt(Schema.String)
    })
  })
])

/**
 * An effect as written in a scenario. See {@link EffectSpec}.
 *
 * @example
 * ```ts
 * import type { Vocabulary } from "@bulwark/riftbound"
 * const e: Vocabulary.EffectSpec = { id: "lotus", controller: "A", double: "U" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type EffectSpec = typeof EffectSpec.Type

const Split = Schema.Record(Id, Count)
const Roles = Schema.Record(Id, Schema.Literals(["tank", "backline"]))
const Orders = Schema.Record(Id, Schema.Array(Id))
/** The keys a combat step and a validate query share: a proposed assignment (465.2.c). */
const assignment = {
  assign: Split,
  units: opt(Schema.Array(Id)),
  total: opt(Count),
  orders: opt(Orders),
  roles: opt(Roles),
  ignoreBackline: opt(Schema.Boolean)
}

/**
 * Schema of a step:
 *
 * - `deal: { id, to: { unit: amount }, source?, kinds?, preventable? }` — one Deal action, its
 *   damage dealt simultaneously (417.1.d);
 * - `event: { id, occurrences: [{ id?, family, subject, amount?, source?, kinds? }] }` — any
 *   event (on a player, 372.1, or a battlefield, 372.2; a death, `family: die`, and the other
 *   game actions of `Rules.Family`); an occurrence's `id` defaults to `<event id>:<position>`
 *   (name it, so that an answer naming it does not depend on the order it is listed in);
 * - `combat: { id, assign, units?, total?, attackers?, source?, orders?, roles?, ignoreBackline? }`
 *   — combat damage assignment, validated (query `<id>`), then dealt (event `<id>`); `orders`
 *   declares each unit's controller's order (372);
 * - `preview: { name, unit, input, order? }`, `minimumLethal: { name, unit, order? }`,
 *   `validate: { name, assign, units?, total?, orders?, roles?, ignoreBackline? }`,
 *   `solve: { name, units?, total, goal?, orders?, ignoreBackline? }` — queries;
 * - `advance: endOfCombat | endOfTurn` — time passes: the cleanup heals all units (466.1.a.1 at
 *   the end of a combat, 317.2.b at the end of a turn; a unit with lethal damage is killed by the
 *   cleanup instead, 323.5, and keeps its damage here), then effects end, per-combat values reset,
 *   per-turn limits reset;
 * - `addEffects: [effect, …]` — effects created now;
 * - `setUnit: { unit, might?, damage?, zone?, order? }` — the game changes outside any event.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Vocabulary } from "@bulwark/riftbound"
 * Schema.decodeUnknownSync(Vocabulary.StepSpec)({ deal: { id: "e1", to: { U: 3 } } })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const StepSpec = Schema.Union([
  Schema.Struct({
    deal: Schema.Struct({
      id: Id,
      to: Split,
      source: opt(Id),
      kinds: opt(Schema.Array(Id)),
      preventable: opt(Schema.Boolean)
    })
  }),
  Schema.Struct({
    event: Schema.Struct({
      id: Id,
      occurrences: Schema.Array(
        Schema.Struct({
          id: opt(Id),
          family: Id,
          subject: Id,
          amount: opt(Count),
          source: opt(Id),
          kinds: opt(Schema.Array(Id))
        })
      )
    })
  }),
  Schema.Struct({
    combat: Schema.Struct({ id: Id, ...assignment, attackers: opt(Schema.Array(Id)), source: opt(Id) })
  }),
  Schema.Struct({
    preview: Schema.Struct({ name: Id, unit: Id, input: Count, order: opt(Schema.Array(Id)) })
  }),
  Schema.Struct({ minimumLethal: Schema.Struct({ name: Id, unit: Id, order: opt(Schema.Array(Id)) }) }),
  Schema.Struct({
    validate: Schema.Struct({ name: Id, ...assignment })
  }),
  Schema.Struct({
    solve: Schema.Struct({
      name: Id,
      total: Count,
      units: opt(Schema.Array(Id)),
      goal: opt(Schema.Literals(["legal", "killMost"])),
      orders: opt(Orders),
      ignoreBackline: opt(Schema.Boolean)
    })
  }),
  Schema.Struct({ advance: Schema.Literals(["endOfCombat", "endOfTurn"]) }),
  Schema.Struct({ addEffects: Schema.Array(EffectSpec) }),
  Schema.Struct({
    setUnit: Schema.Struct({
      unit: Id,
      might: opt(Amount.SignedSchema),
      damage: opt(Count),
      zone: opt(Id),
      order: opt(Schema.Array(Id))
    })
  })
])

/**
 * A step as written in a scenario. See {@link StepSpec}.
 *
 * @example
 * ```ts
 * import type { Vocabulary } from "@bulwark/riftbound"
 * const s: Vocabulary.StepSpec = { advance: "endOfCombat" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type StepSpec = typeof StepSpec.Type

/**
 * Schema of the ruleset's part of a scenario document.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Vocabulary } from "@bulwark/riftbound"
 * Schema.decodeUnknownSync(Vocabulary.Scenario)({ players: ["A", "B"], units: { U: { controller: "B", might: 2 } }, steps: [] })
 * ```
 * @since 0.1.0
 * @category schemas
 */
export const Scenario = Schema.Struct({
  players: Schema.Array(Id),
  turn: opt(Id),
  units: opt(Schema.Record(Id, Unit)),
  objects: opt(Schema.Record(Id, Thing)),
  effects: opt(Schema.Array(EffectSpec)),
  steps: Schema.Array(StepSpec)
})

/**
 * The ruleset's part of a scenario, decoded. See the {@link Scenario} schema.
 *
 * @example
 * ```ts
 * import type { Vocabulary } from "@bulwark/riftbound"
 * const s: Vocabulary.Scenario = { players: ["A", "B"], steps: [] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Scenario = typeof Scenario.Type

const unitRef = (e: EffectSpec): string | undefined => {
  if ("prevent" in e) return e.prevent.unit
  if ("preventNext" in e) return e.preventNext
  if ("double" in e) return e.double
  if ("modify" in e) return e.modify.unit
  if ("cantBeDealtDamage" in e) return e.cantBeDealtDamage
  if ("bonusDamage" in e) return e.bonusDamage.to
  return undefined
}

/**
 * Builds the core effect a scenario effect stands for, with the constructors of {@link Effects}.
 *
 * @example
 * ```ts
 * import { Vocabulary } from "@bulwark/riftbound"
 * Vocabulary.toEffect({ id: "lotus", controller: "A", double: "U" }).action // { _tag: "Modify", op: "mul", value: 2 }
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const toEffect = (e: EffectSpec): R.Replacement => {
  // every spec carries the common keys (Effects.Common); each constructor reads only its own
  if ("prevent" in e) return Effects.prevent({ ...e, ...e.prevent })
  if ("preventNext" in e) return Effects.preventNext({ ...e, unit: e.preventNext })
  if ("double" in e) return Effects.double({ ...e, unit: e.double })
  if ("modify" in e) return Effects.modify({ ...e, ...e.modify })
  if ("cantBeDealtDamage" in e) return Effects.cantBeDealtDamage({ ...e, unit: e.cantBeDealtDamage })
  if ("bonusDamage" in e) return Effects.bonusDamage({ ...e, ...e.bonusDamage })
  return Effects.custom({ ...e, ...e.replacement })
}

const invalid = (path: string, reason: string) => Result.fail(new Errors.ScenarioInvalid({ path, reason }))

const toJson = (u: unknown): Ruleset.Json => JSON.parse(JSON.stringify(u)) as Ruleset.Json

/**
 * A query's combat context: the scenario's chooser is left out, so a hypothetical order is the
 * unit's declared one, else the one best for its controller (372; see the README's Interpretations).
 */
const combatContext = (ctx: Ruleset.QueryContext): Combat.Context => ({
  view: ctx.view,
  ledger: ctx.ledger,
  rules: ctx.rules
})

/**
 * Compiles a decoded scenario into core data: the view (players, turn player, units with their
 * props, other objects), the ledger (the effects, plus the dealing step of combat damage,
 * 465.2.d, when there is combat) and the steps. Unknown ids are reported with their path.
 *
 * @example
 * ```ts
 * import { Result } from "effect"
 * import { Vocabulary } from "@bulwark/riftbound"
 * const c = Vocabulary.compile({ players: ["A", "B"], units: { U: { controller: "B", might: 2 } },
 *   steps: [{ deal: { id: "e1", to: { U: 2 } } }] })
 * if (Result.isSuccess(c)) console.log(c.success.steps.length) // 1
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const compile = (s: Scenario): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> => {
  const turn = s.turn ?? s.players[0] ?? ""
  if (!s.players.includes(turn)) return invalid("turn", `${turn} is not one of the players`)
  const objects: Array<GameView.GameObject> = []
  const units = s.units ?? {}
  for (const [id, u] of Object.entries(units)) {
    if (!s.players.includes(u.controller))
      return invalid(`units.${id}.controller`, `${u.controller} is not one of the players`)
    const damage = u.damage ?? 0
    objects.push({
      id,
      kind: "object",
      controller: u.controller,
      owner: u.owner ?? u.controller,
      zone: u.zone ?? "board",
      props: {
        type: "unit",
        might: u.might,
        damage,
        tank: u.tank ?? false,
        backline: u.backline ?? false,
        lethal: Rules.isLethal(u.might, damage),
        tookDamage: 0,
        ...(u.order === undefined ? {} : { order: u.order }),
        ...(u.whenDamaged === undefined ? {} : { whenDamagedMight: u.whenDamaged.might })
      }
    })
  }
  for (const [id, o] of Object.entries(s.objects ?? {})) {
    if (Object.hasOwn(units, id)) return invalid(`objects.${id}`, `${id} is already a unit`)
    objects.push({
      id,
      kind: "object",
      ...(o.controller === undefined ? {} : { controller: o.controller }),
      ...(o.owner === undefined ? {} : { owner: o.owner }),
      zone: o.zone ?? "board",
      props: { type: o.type ?? "object" }
    })
  }
  const view = GameView.make({ players: s.players, activePlayer: turn, objects })
  const known = (id: string) => Object.hasOwn(view.objects, id)
  const isUnit = (id: string) => Object.hasOwn(units, id)

  const effects: Array<R.Replacement> = []
  const checkEffect = (e: EffectSpec, path: string): Result.Result<R.Replacement, Errors.ScenarioInvalid> => {
    if (!s.players.includes(e.controller))
      return invalid(`${path}.controller`, `${e.controller} is not one of the players`)
    const u = unitRef(e)
    if (u !== undefined && !isUnit(u)) return invalid(path, `unknown unit "${u}"`)
    if (e.source !== undefined && !known(e.source))
      return invalid(`${path}.source`, `unknown object "${e.source}"`)
    return Result.succeed(toEffect(e))
  }
  for (const [i, e] of (s.effects ?? []).entries()) {
    const r = checkEffect(e, `effects[${i}]`)
    if (Result.isFailure(r)) return Result.fail(r.failure)
    effects.push(r.success)
  }
  const problem = Ledger.validate(effects)
  if (problem !== undefined)
    return invalid(`effects (${problem.effect})`, `${problem.path}: ${problem.reason}`)

  const steps: Array<Ruleset.Step> = []
  let combat = false
  // by default damage is assigned among the other side's units on the board (465.2.c)
  const unitsOr = (list: ReadonlyArray<string> | undefined, by: string): ReadonlyArray<string> =>
    list ??
    Object.entries(units)
      .filter(([, u]) => u.controller !== by && (u.zone ?? "board") === "board")
      .map(([id]) => id)
  const checkUnits = (ids: ReadonlyArray<string>, path: string) => {
    for (const id of ids) if (!isUnit(id)) return invalid(path, `unknown unit "${id}"`)
    return undefined
  }
  const sum = (r: Readonly<Record<string, number>>) => Object.values(r).reduce((n, x) => n + x, 0)

  for (const [i, step] of s.steps.entries()) {
    const at = `steps[${i}]`
    if ("deal" in step) {
      const d = step.deal
      const bad = checkUnits(Object.keys(d.to), `${at}.deal.to`)
      if (bad !== undefined) return bad
      if (d.source !== undefined && !known(d.source))
        return invalid(`${at}.deal.source`, `unknown object "${d.source}"`)
      steps.push({
        _tag: "Event",
        event: GameEvent.make(
          d.id,
          Object.entries(d.to).map(([unit, n]) =>
            GameEvent.occurrence({
              id: `${d.id}:${unit}`,
              family: GameEvent.DAMAGE,
              subject: unit,
              ...(d.source === undefined ? {} : { source: d.source }),
              amount: n,
              kinds: d.kinds ?? [],
              preventable: d.preventable ?? true
            })
          )
        )
      })
    } else if ("event" in step) {
      const ev = step.event
      for (const [j, o] of ev.occurrences.entries()) {
        if (!known(o.subject))
          return invalid(`${at}.event.occurrences[${j}].subject`, `unknown id "${o.subject}"`)
      }
      steps.push({
        _tag: "Event",
        event: GameEvent.make(
          ev.id,
          ev.occurrences.map((o, j) =>
            GameEvent.occurrence({
              id: o.id ?? `${ev.id}:${j + 1}`,
              family: o.family,
              subject: o.subject,
              ...(o.source === undefined ? {} : { source: o.source }),
              ...(o.amount === undefined ? {} : { amount: o.amount }),
              ...(o.kinds === undefined ? {} : { kinds: o.kinds })
            })
          )
        )
      })
    } else if ("combat" in step) {
      const c = step.combat
      combat = true
      const attackers = c.attackers ?? []
      const bad =
        checkUnits(Object.keys(c.assign), `${at}.combat.assign`) ??
        checkUnits(attackers, `${at}.combat.attackers`) ??
        checkUnits(c.units ?? [], `${at}.combat.units`)
      if (bad !== undefined) return bad
      const by = attackers[0] === undefined ? turn : (units[attackers[0]]?.controller ?? turn)
      const defenders = unitsOr(c.units, by)
      const orders = c.orders ?? {}
      const ordersBad = checkUnits(Object.keys(orders), `${at}.combat.orders`)
      if (ordersBad !== undefined) return ordersBad
      if (Object.keys(orders).length > 0)
        steps.push({
          _tag: "Update",
          label: `declared replacement orders (372): ${Object.entries(orders)
            .map(([u, o]) => `${u}: ${o.join(", ")}`)
            .join("; ")}`,
          apply: (v) =>
            GameView.batch(v, (d) => {
              let out = d
              for (const [u, o] of Object.entries(orders)) {
                const obj = out.objects[u]
                if (obj !== undefined)
                  out = GameView.setObject(out, { ...obj, props: { ...obj.props, order: o } })
              }
              return out
            })
        })
      steps.push({
        _tag: "Query",
        name: c.id,
        run: (ctx) => {
          // only units still in combat count (465.2.a "Sum the Might of all Attacking Units"; a
          // unit killed or moved before the damage step is no longer attacking or defending)
          const here = (id: string) => ctx.view.objects[id]?.zone === (units[id]?.zone ?? "board")
          const attacking = attackers.filter(here)
          const defending = defenders.filter(here)
          const gone: Record<string, string> = {}
          for (const a of attackers)
            if (!here(a)) gone[a] = "no longer attacking: its Might is not summed (465.2.a)"
          for (const d of defenders)
            if (!here(d)) gone[d] = "no longer defending: no damage is assigned to it (465.2.c)"
          // the amount to assign: the attackers' summed Might (465.2.c; below 0 counts as 0,
          // 143.2.b); with every attacker gone, 0 (465.1: nothing is assigned)
          const total =
            c.total ??
            (attackers.length > 0
              ? attacking.reduce((n, a) => n + Rules.mightOf(ctx.view, a), 0)
              : sum(c.assign))
          const v = Combat.validateAssignment(combatContext(ctx), {
            total,
            units: defending,
            assign: c.assign,
            roles: c.roles,
            ignoreBackline: c.ignoreBackline
          })
          if (Result.isFailure(v)) return Result.fail(v.failure)
          if (!v.success.legal)
            return invalid(
              `${at}.combat.assign`,
              `illegal combat damage assignment: ${v.success.violations.map((x) => `${x.rule} ${x.message}`).join("; ")}`
            )
          return Result.succeed(
            toJson({ total, ...v.success, ...(Object.keys(gone).length === 0 ? {} : { notInCombat: gone }) })
          )
        }
      })
      steps.push({ _tag: "Event", event: Combat.assignmentEvent(c.id, c.assign, c.source ?? attackers[0]) })
    } else if ("preview" in step) {
      const p = step.preview
      if (!isUnit(p.unit)) return invalid(`${at}.preview.unit`, `unknown unit "${p.unit}"`)
      steps.push({
        _tag: "Query",
        name: p.name,
        run: (ctx) =>
          Result.map(
            Combat.preview(combatContext(ctx), p.unit, p.input, {
              order: p.order
            }),
            toJson
          )
      })
    } else if ("minimumLethal" in step) {
      const m = step.minimumLethal
      if (!isUnit(m.unit)) return invalid(`${at}.minimumLethal.unit`, `unknown unit "${m.unit}"`)
      steps.push({
        _tag: "Query",
        name: m.name,
        run: (ctx) =>
          Result.map(
            Combat.minimumLethalInput(combatContext(ctx), m.unit, {
              order: m.order
            }),
            toJson
          )
      })
    } else if ("validate" in step) {
      const v = step.validate
      const defenders = unitsOr(v.units, turn)
      const bad =
        checkUnits(defenders, `${at}.validate.units`) ??
        checkUnits(Object.keys(v.assign), `${at}.validate.assign`)
      if (bad !== undefined) return bad
      steps.push({
        _tag: "Query",
        name: v.name,
        run: (ctx) =>
          Result.map(
            Combat.validateAssignment(
              combatContext(ctx),
              {
                total: v.total ?? sum(v.assign),
                units: defenders,
                assign: v.assign,
                roles: v.roles,
                ignoreBackline: v.ignoreBackline
              },
              v.orders ?? {}
            ),
            toJson
          )
      })
    } else if ("solve" in step) {
      const v = step.solve
      const defenders = unitsOr(v.units, turn)
      const bad = checkUnits(defenders, `${at}.solve.units`)
      if (bad !== undefined) return bad
      steps.push({
        _tag: "Query",
        name: v.name,
        run: (ctx) =>
          Result.map(
            Combat.solveAssignment(combatContext(ctx), {
              total: v.total,
              units: defenders,
              goal: v.goal,
              ignoreBackline: v.ignoreBackline,
              orders: v.orders
            }),
            toJson
          )
      })
    } else if ("advance" in step) {
      // the cleanup heals all units (3c) before "this turn" effects expire (3d): 317.2.b–c at
      // the end of a turn, 466.1.a.1 at the end of a combat
      steps.push({
        _tag: "Update",
        label:
          step.advance === "endOfTurn"
            ? "Expiration Step: heal all units (Riftbound 317.2.b)"
            : "Combat Cleanup: heal all units (Riftbound 466.1.a.1)",
        apply: Rules.healAll
      })
      steps.push({ _tag: "Advance", boundary: step.advance })
    } else if ("addEffects" in step) {
      const made: Array<R.Replacement> = []
      for (const [j, e] of step.addEffects.entries()) {
        const r = checkEffect(e, `${at}.addEffects[${j}]`)
        if (Result.isFailure(r)) return Result.fail(r.failure)
        made.push(r.success)
      }
      steps.push({ _tag: "AddEffects", effects: made })
    } else {
      const u = step.setUnit
      if (!isUnit(u.unit)) return invalid(`${at}.setUnit.unit`, `unknown unit "${u.unit}"`)
      steps.push({
        _tag: "Update",
        label: `${u.unit} changes`,
        apply: (v) => {
          const obj = v.objects[u.unit]
          if (obj === undefined) return v
          const props = { ...obj.props }
          if (u.might !== undefined) props.might = u.might
          if (u.damage !== undefined) props.damage = u.damage
          if (u.order !== undefined) props.order = u.order
          props.lethal = Rules.isLethal(Number(props.might ?? 0), Number(props.damage ?? 0))
          return GameView.setObject(v, { ...obj, ...(u.zone === undefined ? {} : { zone: u.zone }), props })
        }
      })
    }
  }
  const all = combat ? [...effects, Effects.dealAssigned(turn)] : effects
  return Result.succeed({ view, ledger: Ledger.make(all), steps })
}
