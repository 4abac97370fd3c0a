/**
 * The Riftbound words of the one scenario language (format 4): the skeleton (players, `turn`,
 * objects, effects told apart by `kind:`, steps) is `@bulwark/scenario`'s; this module says what
 * Riftbound adds to it.
 *
 * ```yaml
 * format: 4
 * ruleset: riftbound
 * players: [A, B]          # turn order
 * turn: A                  # the turn player (default: the first player)
 * objects:
 *   - { id: U, controller: B, types: [unit], might: 3, damage: 1, tank: true }
 *   - { id: BF, types: [battlefield] }   # uncontrolled: the turn player orders (372.2)
 * effects:
 *   - { kind: double, id: lotus, controller: A, to: U, duration: endOfTurn }
 *   - { kind: prevent, id: p, controller: B, to: U, amount: 2 }
 * steps:
 *   - query: { name: m, minimumLethal: { unit: U } }
 *   - combat: { id: c1, assign: { U: 2 } }
 * expect:
 *   queries: { m: { input: 1 } }
 * ```
 *
 * - objects: a unit has `types: [unit]`, `might`, `damage` (marked), `tank`, `backline`, `order`
 *   (its controller's replacement order declared in advance, 372) and `whenDamaged: { might }`
 *   (a "when I take damage, give me +N Might" trigger), `assault` / `shield` (807, 814: a number,
 *   the list of granted values, summed, or `true` for 1), `stunned`, `exhausted`; a battlefield
 *   has `types: [battlefield]`;
 *   the default zone is `board`;
 * - effect kinds (each the constructor of the same name in {@link Effects}): `prevent`,
 *   `preventNext`, `double`, `modify`, `cantBeDealtDamage`, `bonusDamage`, `saveFromDeath`,
 *   `replacement`; and core's `modifyProperty` (`Modifiers`): "+N Might this turn" (`prop: might,
 *   plus: N`) and Double (`times: 2`: "increases by the current value", fixed then, 432.1);
 * - step kind `combat`: combat damage assignment (465.2.c), validated (query `<id>`), then dealt
 *   (event `<id>`); step kind `combatDamage`: both sides' assignments, each validated against
 *   its side's current Might (query `<id>`), dealt at once (event `<id>`, 465.2.c.1.a), then the
 *   Combat Cleanup (events `<id>.kill`, `<id>.heal` and `<id>.recall`, 323.5, 466.1.a); step kind `cleanup`:
 *   a Cleanup's kill (event `<id>`, 323.5), written after the event it follows;
 * - questions of a `query` step: `preview`, `minimumLethal`, `validate`, `solve` ({@link Combat});
 *   `preview` and `minimumLethal` take the unit's `role` (`attacker`: its Assault counts,
 *   `defender`: its Shield); `validate` and `solve` take the `attackers`, whose summed Might is the
 *   total (465.2.a) and with whom the units are in combat — the same Might as the `combat` and
 *   `combatDamage` steps read;
 * - `advance: endOfCombat | endOfTurn`: the Special Cleanup first (466.1.a, 317.2.a): units with
 *   lethal damage are killed (event `<step>.kill`, 323.5), then all units are healed (one
 *   `heal` event `<step>.heal`, 466.1.a.1, 317.2.b), then time passes (317.2.c); `<step>` is
 *   the step's id: its `id:`, else the boundary (`endOfTurn`, then `endOfTurn-2`, …);
 * - `update`: `might`, `damage`, `order`, `assault`, `shield`, `stunned`, `exhausted` of a unit
 *   (its `lethal` is recomputed); `inCombat: attacker | defender` designates it before the damage
 *   step (a showdown: its Assault / Shield applies until its `combatDamage` ends, 466.7.a);
 * - players: `energy` and `power`, their Rune Pool (317.2.d; emptied by `advance: endOfTurn`);
 *   an effect's `cost: { pay: N }` or `{ pay: { energy, power } }` is paid out of it
 *   ({@link Resources});
 * - families: `damage` and the game actions of `Rules.Family` (`die`, `heal`, `exhaust`,
 *   `recall`, `stun`), `draw`, `score` and `pay` (a cost paid out of the Rune Pool); an occurrence of kind `cost` is a cost (its outcome
 *   says whether it was `paid`, 357.2.a); a game action that names no `amount` happens once.
 *
 * @since 0.1.0
 * @module
 */
import {
  Amount,
  Errors,
  Filter,
  GameEvent,
  GameView,
  Generic,
  Language,
  Modifiers,
  Ruleset,
  Zones
} from "@bulwark/core"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Combat from "./Combat.js"
import * as Effects from "./Effects.js"
import * as Expansions from "./internal/expansions.js"
import * as Resources from "./Resources.js"
import * as Rules from "./Rules.js"

/** Whether each family has a number: damage, draws and points are counted; the game actions of `Rules.Family` happen once. */
const familyAmounts = {
  damage: "counted",
  die: "once",
  heal: "once",
  exhaust: "once",
  recall: "once",
  stun: "once",
  draw: "counted",
  score: "counted",
  // a cost paid out of the Rune Pool: its Energy and Power (Resources)
  pay: "counted"
} as const satisfies Record<
  "damage" | "draw" | "score" | typeof Resources.PAY | (typeof Rules.Family)[keyof typeof Rules.Family],
  Language.FamilyAmount
>

const Id = Schema.NonEmptyString
const Ids = Schema.Array(Id)
const Count = Amount.Schema
const opt = Schema.optionalKey

const num = (v: unknown): number => (typeof v === "number" ? v : 0)

/**
 * Whether `id` is a unit of the view (an object with `types: [unit]`; an id that names a property
 * of `Object.prototype` is not).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Scenario } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "A", props: { types: ["unit"], might: 2 } }] })
 * Scenario.isUnit(view, "U") // true
 * Scenario.isUnit(view, "constructor") // false
 * ```
 * @since 0.1.0
 * @category units
 */
export const isUnit = (view: GameView.GameView, id: string): boolean =>
  Rules.hasType(GameView.get(view, id), "unit")

/** The units of a view, in the order the file lists them. */
const unitsOf = (view: GameView.GameView): ReadonlyArray<GameView.GameObject> =>
  Object.values(view.objects).filter((o) => Rules.hasType(o, "unit"))

const objectOf = (entry: Language.ObjectEntry): GameView.GameObject => {
  const { id, controller, owner, zone, types, might, damage, tank, backline, order, whenDamaged, ...rest } =
    entry
  const props: Record<string, GameView.Prop> = { types: types ?? [] }
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) props[k] = v as GameView.Prop
  const unit = (types ?? []).includes("unit")
  if (unit) {
    // every unit has a controller and a Might (143): a unit without one is a mistake, not a 0
    if (controller === undefined)
      Ruleset.invalid("objects", `the unit ${JSON.stringify(id)} needs a controller`)
    if (might === undefined) Ruleset.invalid("objects", `the unit ${JSON.stringify(id)} needs a might`)
    const m = num(might)
    const d = num(damage)
    Object.assign(props, {
      might: m,
      damage: d,
      tank: tank === true,
      backline: backline === true,
      lethal: Rules.isLethal(m, d),
      tookDamage: 0,
      ...(order === undefined ? {} : { order: order as ReadonlyArray<string> }),
      ...(whenDamaged === undefined ? {} : { whenDamagedMight: (whenDamaged as { might: number }).might })
    })
  } else {
    if (might !== undefined) props.might = might as number
    if (damage !== undefined) props.damage = damage as number
    if (order !== undefined) props.order = order as ReadonlyArray<string>
  }
  return {
    id,
    kind: "object",
    ...(controller === undefined ? {} : { controller }),
    ...((owner ?? controller) === undefined ? {} : { owner: (owner ?? controller) as string }),
    zone: zone ?? "board",
    props
  }
}

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

const checkUnits = (ctx: Language.CompileContext, ids: ReadonlyArray<string>, path: string): void => {
  for (const id of ids) if (!isUnit(ctx.view, id)) ctx.invalid(path, `unknown unit ${JSON.stringify(id)}`)
}

/**
 * The units a step names: an id or a list of ids (each must be a unit), or properties matched
 * against the units of the starting view (`{ controller: B }`, `{ tank: true }`; `you` is the
 * assigning player). By default damage is assigned among the other side's units on the board
 * (465.2.c).
 */
const unitsOr = (
  ctx: Language.CompileContext,
  units: Language.Selector | undefined,
  by: string,
  path: string
): ReadonlyArray<string> => {
  if (units === undefined)
    // at a battlefield: on the board (Rules.zones) and not at a base (141.1.a.1)
    return unitsOf(ctx.view).flatMap((u) =>
      u.controller !== by && Zones.isInPlay(Rules.zones, u) && u.zone !== "base" ? [u.id] : []
    )
  if (typeof units === "string" || Array.isArray(units)) {
    const ids = typeof units === "string" ? [units] : (units as ReadonlyArray<string>)
    checkUnits(ctx, ids, path)
    return ids
  }
  const filter = Language.toFilter(units)
  const fctx = { view: ctx.view, controller: by, predicates: Rules.predicates, zones: Rules.zones }
  return unitsOf(ctx.view).flatMap((u) => (Filter.matches(filter, u.id, fctx) ? [u.id] : []))
}

const sum = (r: Readonly<Record<string, number>>) => Object.values(r).reduce((n, x) => n + x, 0)

const Split = Schema.Record(Id, Count)
/** A keyword's value (Assault, Shield): a number, the values of several granted instances (summed, 807.2), or `true` (1). */
const Keyword = Schema.Union([Count, Schema.Array(Count), Schema.Literal(true)])
const Roles = Schema.Record(Id, Schema.Literals(["tank", "backline"]))
const Orders = Schema.Record(Id, Ids)

/** Each unit's declared replacement order (372) written on the unit as its `order`. */
const withOrders = (view: GameView.GameView, orders: typeof Orders.Type): GameView.GameView => {
  let out = view
  for (const [u, o] of Object.entries(orders)) {
    const obj = out.objects[u]
    if (obj !== undefined) out = GameView.setObject(out, { ...obj, props: { ...obj.props, order: o } })
  }
  return out
}
/** The keys a combat step and a validate question share: a proposed assignment (465.2.c). */
const assignment = {
  assign: Split,
  units: opt(Language.SelectorSchema),
  total: opt(Count),
  orders: opt(Orders),
  roles: opt(Roles),
  ignoreBackline: opt(Schema.Boolean)
}

/**
 * Schema of a `combat` step: `{ id, assign, units?, total?, attackers?, source?, orders?,
 * roles?, ignoreBackline? }` — `assign` splits the attackers' summed Might (or `total`) among
 * the defending `units` (a selector: ids, or properties such as `{ controller: B }`; default: the
 * other side's units on the board); `orders` declares each unit's controller's replacement
 * order (372).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/riftbound"
 * Schema.decodeUnknownSync(Scenario.CombatStep)({ id: "c1", attackers: ["X"], assign: { U: 3 } })
 * ```
 * @since 0.1.0
 * @category steps
 */
export const CombatStep = Schema.Struct({
  id: Id,
  ...assignment,
  attackers: opt(Ids),
  source: opt(Id)
})

const combat = Language.stepKind({
  summary: "combat damage assignment (465.2.c), validated (query <id>), then dealt (event <id>)",
  schema: CombatStep,
  compile: (c, ctx) => {
    const at = ctx.path
    const attackers = c.attackers ?? []
    checkUnits(ctx, Object.keys(c.assign), `${at}.assign`)
    checkUnits(ctx, attackers, `${at}.attackers`)
    const orders = c.orders ?? {}
    checkUnits(ctx, Object.keys(orders), `${at}.orders`)
    const turn = ctx.view.activePlayer
    const first = attackers[0]
    const by = first === undefined ? turn : (GameView.controllerOf(ctx.view, first) ?? turn)
    const defenders = unitsOr(ctx, c.units, by, `${at}.units`)
    const startZone = (id: string) => ctx.view.objects[id]?.zone
    // the rules' own step: assigned combat damage is dealt (465.2.d), in the game from the start
    ctx.startWith([Effects.dealAssigned(turn)])
    const steps: Array<Ruleset.Step> = []
    if (Object.keys(orders).length > 0)
      steps.push({
        _tag: "Update",
        label: `declared replacement orders (372): ${Object.entries(orders)
          .map(([u, o]) => `${u}: ${o.join(", ")}`)
          .join("; ")}`,
        apply: (v) => GameView.batch(v, (d) => withOrders(d, orders))
      })
    steps.push({
      _tag: "Query",
      name: c.id,
      run: (q) => {
        // only units still in combat count (465.2.a "Sum the Might of all Attacking Units"; a
        // unit killed or moved before the damage step is no longer attacking or defending)
        const here = (id: string) => q.view.objects[id]?.zone === startZone(id)
        const attacking = attackers.filter(here)
        const defending = defenders.filter(here)
        const gone: Record<string, string> = {}
        for (const a of attackers)
          if (!here(a)) gone[a] = "no longer attacking: its Might is not summed (465.2.a)"
        for (const d of defenders)
          if (!here(d)) gone[d] = "no longer defending: no damage is assigned to it (465.2.c)"
        // the amount to assign: the attackers' summed Might (465.2.c; below 0 counts as 0,
        // 143.2.b; a stunned one adds nothing, 423.1.b); with every attacker gone, 0 (465.1:
        // nothing is assigned). RB-19: each unit's Might as in combat — Assault while attacking
        // (807.1.c), Shield while defending (814.1.c) — worked out by `Combat`, as for
        // `combatDamage` and the questions
        // (with no attackers written, the units still defend: their Shield counts)
        const view = attackers.length > 0 ? q.view : Combat.inCombat(q.view, [], defending)
        const v = Combat.validateAssignment(
          { ...combatContext(q), view },
          {
            total: c.total,
            attackers: attackers.length > 0 ? attacking : undefined,
            units: defending,
            assign: c.assign,
            roles: c.roles,
            ignoreBackline: c.ignoreBackline
          }
        )
        if (Result.isFailure(v)) return Result.fail(v.failure)
        const total = v.success.total ?? c.total ?? sum(c.assign)
        if (!v.success.legal)
          return Result.fail(
            new Errors.ScenarioInvalid({
              path: `${at}.assign`,
              reason: `illegal combat damage assignment: ${v.success.violations.map((x) => `${x.rule} ${x.message}`).join("; ")}`
            })
          )
        return Result.succeed(
          toJson({ ...v.success, total, ...(Object.keys(gone).length === 0 ? {} : { notInCombat: gone }) })
        )
      }
    })
    steps.push({ _tag: "Event", event: Combat.assignmentEvent(c.id, c.assign, c.source ?? first) })
    return steps
  }
})

/**
 * Schema of a `combatDamage` step: `{ id, attackers, defenders, attackersAssign,
 * defendersAssign, orders? }` — both sides' assignments of one combat (465.2.c: "Starting with
 * the Attacker, each player assigns an amount of damage equal to their summed Might among the
 * other's Units"), each validated against its side's summed current Might (Assault while
 * attacking, Shield while defending, 807 / 814; a stunned unit adds nothing, 423.1.b), dealt
 * simultaneously (465.2.c.1.a), then the Combat Cleanup (466.1): units with lethal damage are
 * killed (323.5; a death replacement effects see), all units are healed (466.1.a.1), attackers are
 * recalled if defenders are still present (466.1.a.2), and the designations end (466.7).
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/riftbound"
 * Schema.decodeUnknownSync(Scenario.CombatDamageStep)({
 *   id: "c1", attackers: ["A"], defenders: ["D"], attackersAssign: { D: 4 }, defendersAssign: { A: 5 }
 * })
 * ```
 * @since 0.1.0
 * @category steps
 */
export const CombatDamageStep = Schema.Struct({
  id: Id,
  attackers: Ids,
  defenders: Ids,
  attackersAssign: Split,
  defendersAssign: Split,
  orders: opt(Orders)
})

type Role = "attacker" | "defender"

/**
 * The kill task of a Cleanup (323.5: "3b. All Units that have LethalDamage marked on them are
 * killed and placed in their owners' Trash"): one event `id` with a `die` occurrence
 * `<id>:<unit>` of kind `cleanup` for each unit given — one replaceable event (Zhonya's
 * Hourglass sees each death); when it comes, {@link Rules.fails} lets happen only the deaths of
 * units with lethal damage marked then. `extra` gives a unit's occurrence what the kill is
 * attributed to (428.5.c): its `source` (and `params.killedBy`, 428.5.c.2).
 */
const cleanupKill = (id: string, units: ReadonlyArray<string>, extra?: Extra): GameEvent.GameEvent =>
  cleanupTask(Rules.Family.die, id, units, extra)

/** What a Cleanup task's occurrence for a unit has besides its family, subject and kind. */
type Extra = (unit: string) => { readonly source?: string; readonly params?: GameEvent.Occurrence["params"] }

/**
 * One event `id` of a Cleanup's task: an occurrence `<id>:<unit>` of `family`, kind `cleanup`,
 * per unit, with what `extra` gives for the unit (its `source`, its `params`).
 */
const cleanupTask = (
  family: string,
  id: string,
  units: ReadonlyArray<string>,
  extra: Extra = () => ({})
): GameEvent.GameEvent =>
  GameEvent.make(
    id,
    units.map((u) =>
      GameEvent.occurrence({ id: `${id}:${u}`, family, subject: u, kinds: [Rules.Kind.cleanup], ...extra(u) })
    )
  )

/**
 * The heal task of a Cleanup ("3c. Heal all Units.": the Expiration Step's 317.2.b, the Combat
 * Cleanup's 466.1.a.1): one event `id` with a `heal` occurrence `<id>:<unit>` of kind `cleanup`
 * for each unit given — healed at once (418.2: "More than one Unit can be Healed at the same
 * time"), and a heal (418.1.a: "If Damage is cleared for any reason it is considered Healing"),
 * so replacement effects see it and the outcome shows it. When it comes, {@link Rules.fails} lets
 * happen only the heals of units on the board with damage marked then.
 */
const cleanupHeal = (id: string, units: ReadonlyArray<string>): GameEvent.GameEvent =>
  cleanupTask(Rules.Family.heal, id, units)

/** The units of a view on the board (the in-play zones of `Rules.zones`), in the order the file lists them. */
const unitsOnBoard = (view: GameView.GameView): ReadonlyArray<string> =>
  unitsOf(view).flatMap((o) => (Zones.isInPlay(Rules.zones, o) ? [o.id] : []))

/** An event step, or none for an event with no occurrence (no unit to look at). */
const eventStep = (event: GameEvent.GameEvent): ReadonlyArray<Ruleset.Step> =>
  event.occurrences.length === 0 ? [] : [{ _tag: "Event", event }]

/**
 * A Cleanup's board-state tasks as far as damage needs them, before time passes: "3b" (323.5: the
 * units with lethal damage marked are killed, event `<id>.kill`) then "3c. Heal all Units."
 * (event `<id>.heal`) — the Expiration Step's Ending Special Cleanup (317.2.a–b; its 3d, "all
 * 'this turn' effects expire", is the boundary crossed after it, 317.2.c) and the Combat Special
 * Cleanup (466.1.a, 466.1.a.1). `units`: those on the board as far as compiling knows.
 */
const specialCleanup = (
  id: string,
  units: ReadonlyArray<string>,
  label: string
): ReadonlyArray<Ruleset.Step> => [
  // what the trace says the two events are (the view is not changed here)
  { _tag: "Update", label, apply: (v) => v },
  ...eventStep(cleanupKill(`${id}.kill`, units)),
  ...eventStep(cleanupHeal(`${id}.heal`, units))
]

const EXPIRATION = "Riftbound 317.2.a, 317.2.b, 317.2.c, 323.5, 418.1.a, 418.2"

/** The Expiration Step's 3e (317.2.d): every player's Rune Pool empties. */
const emptyPools: Ruleset.Step = {
  _tag: "Update",
  label:
    "Expiration Step: 3e each player's Rune Pool empties; any unspent Energy and Power are lost (Riftbound 317.2.d)",
  apply: Resources.emptyPools
}
const COMBAT_CLEANUP = "Riftbound 466.1.a, 466.1.a.1, 323.5, 418.1.a, 418.2"

/** The trace's words for a Special Cleanup: which one, and its tasks in order. */
const cleanupLabel = (boundary: string, id: string): string =>
  boundary === "endOfTurn"
    ? `Expiration Step: an Ending Special Cleanup — 3b kill the units with lethal damage (event ${id}.kill), 3c heal all units (event ${id}.heal), then 3d "this turn" effects expire (${EXPIRATION})`
    : `Combat Cleanup: a Combat Special Cleanup — 3b kill the units with lethal damage (event ${id}.kill), 3c heal all units (event ${id}.heal) (${COMBAT_CLEANUP})`

/** Sets (or ends) the combat designations and the Might they give (807.1.c, 814.1.c, 466.7.a). */
const designate =
  (roles: ReadonlyArray<readonly [string, Role]>, on: boolean) =>
  (view: GameView.GameView): GameView.GameView =>
    Combat.designate(view, roles, on)

/** Each unit's `lethal` as its current Might and marked damage make it (142.4.b). */
const relethal = (view: GameView.GameView): GameView.GameView =>
  GameView.batch(view, (d) => {
    let out = d
    for (const o of unitsOf(d)) {
      const lethal = Rules.isLethal(num(o.props.might), num(o.props.damage))
      if (o.props.lethal !== lethal) out = GameView.setObject(out, { ...o, props: { ...o.props, lethal } })
    }
    return out
  })

const CombatRole = opt(Schema.Literals(["attacker", "defender"]))

const combatDamage = Language.stepKind({
  summary:
    "both sides' combat damage assignments (465.2.c), dealt simultaneously (465.2.c.1.a), then the Combat Cleanup (466.1)",
  schema: CombatDamageStep,
  compile: (c, ctx) => {
    const at = ctx.path
    checkUnits(ctx, c.attackers, `${at}.attackers`)
    checkUnits(ctx, c.defenders, `${at}.defenders`)
    for (const u of c.attackers)
      if (c.defenders.includes(u))
        ctx.invalid(`${at}.defenders`, `${JSON.stringify(u)} is an attacker: a unit is not on both sides`)
    for (const u of Object.keys(c.attackersAssign))
      if (!c.defenders.includes(u))
        ctx.invalid(
          `${at}.attackersAssign.${u}`,
          `${JSON.stringify(u)} is not a defender (465.2.c: among the other's units)`
        )
    for (const u of Object.keys(c.defendersAssign))
      if (!c.attackers.includes(u))
        ctx.invalid(
          `${at}.defendersAssign.${u}`,
          `${JSON.stringify(u)} is not an attacker (465.2.c: among the other's units)`
        )
    const orders = c.orders ?? {}
    checkUnits(ctx, Object.keys(orders), `${at}.orders`)
    const turn = ctx.view.activePlayer
    const view0 = ctx.current ?? ctx.view
    const startZone = new Map(
      [...c.attackers, ...c.defenders].map((u) => [u, view0.objects[u]?.zone] as const)
    )
    ctx.startWith([Effects.dealAssigned(turn)])
    const roles: ReadonlyArray<readonly [string, Role]> = [
      ...c.attackers.map((u) => [u, "attacker"] as const),
      ...c.defenders.map((u) => [u, "defender"] as const)
    ]
    const steps: Array<Ruleset.Step> = []
    steps.push({
      _tag: "Update",
      label: `combat: ${c.attackers.join(", ")} attacking, ${c.defenders.join(", ")} defending — current Might with Assault (807.1.c) and Shield (814.1.c)`,
      apply: (v) => {
        return withOrders(designate(roles, true)(v), orders)
      }
    })
    steps.push({
      _tag: "Query",
      name: c.id,
      run: (q) => {
        const here = (id: string) => q.view.objects[id]?.zone === startZone.get(id)
        const side = (
          from: ReadonlyArray<string>,
          among: ReadonlyArray<string>,
          assign: Readonly<Record<string, number>>,
          path: string
        ): Result.Result<Ruleset.Json, Errors.ResolveError | Errors.ScenarioInvalid> => {
          const present = from.filter(here)
          const stunned = present.filter((u) => q.view.objects[u]?.props.stunned === true)
          // 465.2.a–b: the summed (current) Might of the units still in combat; a stunned unit
          // does not contribute its Might (423.1.b) — the sum every form of a combat uses (RB-19)
          const total = Combat.summedMight(q.view, present)
          const v = Combat.validateAssignment(combatContext(q), {
            total,
            units: among.filter(here),
            assign
          })
          if (Result.isFailure(v)) return Result.fail(v.failure)
          if (!v.success.legal)
            return Result.fail(
              new Errors.ScenarioInvalid({
                path,
                reason: `illegal combat damage assignment: ${v.success.violations.map((x) => `${x.rule} ${x.message}`).join("; ")}`
              })
            )
          const gone = from.filter((u) => !here(u))
          return Result.succeed(
            toJson({
              total,
              ...v.success,
              ...(stunned.length === 0 ? {} : { stunned }),
              ...(gone.length === 0 ? {} : { notInCombat: gone })
            })
          )
        }
        const a = side(c.attackers, c.defenders, c.attackersAssign, `${at}.attackersAssign`)
        if (Result.isFailure(a)) return Result.fail(a.failure)
        const d = side(c.defenders, c.attackers, c.defendersAssign, `${at}.defendersAssign`)
        if (Result.isFailure(d)) return Result.fail(d.failure)
        return Result.succeed({ attackers: a.success, defenders: d.success })
      }
    })
    // 465.2.c.1.a: "When all Damage is assigned, it will be Dealt simultaneously": one event
    const toDefenders = Combat.assignmentEvent(c.id, c.attackersAssign, c.attackers[0])
    const toAttackers = Combat.assignmentEvent(c.id, c.defendersAssign, c.defenders[0])
    steps.push({
      _tag: "Event",
      event: GameEvent.make(c.id, [...toDefenders.occurrences, ...toAttackers.occurrences])
    })
    // 466.1: the Combat Cleanup — 3b kill (323.5), 3c heal (466.1.a.1: one heal event, 418.1.a,
    // 418.2), 3d recall (466.1.a.2); its own, so the `Advance` below runs no second one
    steps.push({
      _tag: "Update",
      label: `${cleanupLabel("endOfCombat", c.id)}, 3d recall the attackers if defenders remain (event ${c.id}.recall, Riftbound 466.1.a.2)`,
      apply: (v) => v
    })
    // 323.5 "All Units that have LethalDamage marked on them": the combat's first, then the others
    const board = [...new Set([...c.attackers, ...c.defenders, ...unitsOnBoard(view0)])]
    // 428.5.c.2: "If the Cleanup that caused the units to be killed was the Combat Cleanup, the
    // sources of the Combat Damage are attributed the kill action": the other side's units, for a
    // unit this combat assigned damage to (a unit killed by damage from before has none); a unit
    // stunned as far as compiling knows deals none (423.1.b) and is not one of them
    const dealing = (side: ReadonlyArray<string>) =>
      side.filter((u) => view0.objects[u]?.props.stunned !== true)
    const killedBy = (u: string): ReadonlyArray<string> =>
      (c.attackersAssign[u] ?? 0) > 0
        ? dealing(c.attackers)
        : (c.defendersAssign[u] ?? 0) > 0
          ? dealing(c.defenders)
          : []
    const attributed: Extra = (u) => {
      const by = killedBy(u)
      return by[0] === undefined ? {} : { source: by[0], params: { killedBy: [...by] } }
    }
    steps.push({ _tag: "Event", event: cleanupKill(`${c.id}.kill`, board, attributed) })
    steps.push(...eventStep(cleanupHeal(`${c.id}.heal`, unitsOnBoard(view0))))
    steps.push({
      _tag: "Event",
      event: GameEvent.make(
        `${c.id}.recall`,
        c.attackers.map((u) =>
          GameEvent.occurrence({
            id: `${c.id}.recall:${u}`,
            family: Rules.Family.recall,
            subject: u,
            kinds: [Rules.Kind.cleanup],
            params: { at: startZone.get(u) ?? "board", defenders: c.defenders }
          })
        )
      )
    })
    steps.push({
      _tag: "Update",
      label: "combat ends: the attacker and defender designations are removed (Riftbound 466.7.a)",
      apply: designate(roles, false)
    })
    steps.push({ _tag: "Advance", boundary: "endOfCombat" })
    return steps
  }
})

/**
 * Schema of a `cleanup` step: `{ id, units?, source? }` — a Cleanup's board-state tasks as far as
 * damage needs them (323.3–323.5): "3b. All Units that have LethalDamage marked on them are killed
 * and placed in their owners' Trash" (323.5), as one replaceable event `<id>` with a `die`
 * occurrence `<id>:<unit>` of kind `cleanup` per unit (those without lethal damage when it comes
 * fail, 323.5). `units`: the units it looks at (default: every unit of the file on the board as
 * far as compiling knows); `source`: the spell or ability the kill is attributed to (428.5.c: "the
 * spell or ability that resolved immediately prior to that Cleanup that dealt damage"). The
 * file writes the Cleanup where it comes (after a spell's `event` step): an `event` step does not
 * run one by itself, so files written before this step keep their meaning. 323.4 (Deathknell and
 * other death triggers) is not performed: triggers are out of scope; each death is in the
 * outcome (`events.<id>.happened`, and each occurrence's status and `replacedBy`) for a trigger
 * system to read.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/riftbound"
 * Schema.decodeUnknownSync(Scenario.CleanupStep)({ id: "cl", source: "spell" })
 * ```
 * @since 0.1.0
 * @category steps
 */
export const CleanupStep = Schema.Struct({
  id: Id,
  units: opt(Ids),
  source: opt(Id)
})

const cleanup = Language.stepKind({
  summary:
    "a Cleanup's kill (323.5): units with lethal damage marked are killed and placed in their owners' Trash, one replaceable die event",
  schema: CleanupStep,
  compile: (c, ctx) => {
    const view = ctx.current ?? ctx.view
    if (c.units !== undefined) checkUnits(ctx, c.units, `${ctx.path}.units`)
    if (c.source !== undefined && view.objects[c.source] === undefined)
      ctx.invalid(`${ctx.path}.source`, `unknown object ${JSON.stringify(c.source)}`)
    const units = c.units ?? unitsOnBoard(view)
    const source = c.source
    return [
      { _tag: "Event", event: cleanupKill(c.id, units, () => (source === undefined ? {} : { source })) }
    ]
  }
})

const Order = opt(Ids)

const preview = Language.queryKind({
  summary: "the damage an input assigned to a unit becomes, and whether it is lethal (465.2.c.5)",
  schema: Schema.Struct({ unit: Id, input: Count, order: Order, role: CombatRole }),
  compile: (p, ctx) => {
    checkUnits(ctx, [p.unit], `${ctx.path}.unit`)
    return (q) =>
      Result.map(Combat.preview(combatContext(q), p.unit, p.input, { order: p.order, role: p.role }), toJson)
  }
})

const minimumLethal = Language.queryKind({
  summary: "the least input whose applied value is lethal (465.2.c.4.a)",
  schema: Schema.Struct({ unit: Id, order: Order, role: CombatRole }),
  compile: (m, ctx) => {
    checkUnits(ctx, [m.unit], `${ctx.path}.unit`)
    return (q) =>
      Result.map(
        Combat.minimumLethalInput(combatContext(q), m.unit, { order: m.order, role: m.role }),
        toJson
      )
  }
})

const validate = Language.queryKind({
  summary: "every violation of a proposed combat damage assignment (465.2.c)",
  schema: Schema.Struct({ ...assignment, attackers: opt(Ids) }),
  compile: (v, ctx) => {
    const attackers = v.attackers ?? []
    checkUnits(ctx, attackers, `${ctx.path}.attackers`)
    const first = attackers[0]
    const by =
      first === undefined
        ? ctx.view.activePlayer
        : (GameView.controllerOf(ctx.view, first) ?? ctx.view.activePlayer)
    const defenders = unitsOr(ctx, v.units, by, `${ctx.path}.units`)
    checkUnits(ctx, defenders, `${ctx.path}.units`)
    checkUnits(ctx, Object.keys(v.assign), `${ctx.path}.assign`)
    // RB-19: given the attackers, the units are in combat with them (Assault, Shield) and the
    // total is the attackers' summed Might (465.2.a), worked out by `Combat`
    return (q) =>
      Result.map(
        Combat.validateAssignment(
          combatContext(q),
          {
            total: v.total,
            attackers: v.attackers,
            units: defenders,
            assign: v.assign,
            roles: v.roles,
            ignoreBackline: v.ignoreBackline
          },
          v.orders ?? {}
        ),
        toJson
      )
  }
})

const solve = Language.queryKind({
  summary: "a legal combat damage assignment, or a best one for a goal (465.2.c)",
  schema: Schema.Struct({
    total: opt(Count),
    attackers: opt(Ids),
    units: opt(Language.SelectorSchema),
    goal: opt(Schema.Literals(["legal", "killMost"])),
    orders: opt(Orders),
    ignoreBackline: opt(Schema.Boolean)
  }),
  compile: (v, ctx) => {
    const attackers = v.attackers ?? []
    checkUnits(ctx, attackers, `${ctx.path}.attackers`)
    if (v.total === undefined && attackers.length === 0)
      ctx.invalid(ctx.path, "a solve needs a `total` or the `attackers` whose summed Might it is (465.2.a)")
    const first = attackers[0]
    const by =
      first === undefined
        ? ctx.view.activePlayer
        : (GameView.controllerOf(ctx.view, first) ?? ctx.view.activePlayer)
    const defenders = unitsOr(ctx, v.units, by, `${ctx.path}.units`)
    checkUnits(ctx, defenders, `${ctx.path}.units`)
    return (q) =>
      Result.map(
        Combat.solveAssignment(combatContext(q), {
          total: v.total,
          attackers: v.attackers,
          units: defenders,
          goal: v.goal,
          ignoreBackline: v.ignoreBackline,
          orders: v.orders
        }),
        toJson
      )
  }
})

/**
 * The object properties of a Riftbound scenario file: `might` (a unit's Might, may be below 0,
 * 143.2.b), `damage` (marked damage, 142.2), `tank` (815), `backline` (826), `order` (its
 * controller's replacement order declared in advance, 372) and `whenDamaged: { might }` ("when I
 * take damage, give me +N Might").
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Scenario } from "@bulwark/riftbound"
 * Schema.is(Schema.Struct(Scenario.objectFields))({ might: 3, tank: true }) // true
 * ```
 * @since 0.1.0
 * @category objects
 */
export const objectFields = {
  might: opt(Amount.SignedSchema),
  damage: opt(Count),
  tank: opt(Schema.Boolean),
  backline: opt(Schema.Boolean),
  order: opt(Ids),
  whenDamaged: opt(Schema.Struct({ might: Amount.SignedSchema })),
  assault: opt(Keyword),
  shield: opt(Keyword),
  stunned: opt(Schema.Boolean),
  exhausted: opt(Schema.Boolean)
}

// an update's own fields (might, damage, …) on the unit; lethal recomputed (142.4.b)
const updateUnit = (
  o: GameView.GameObject,
  change: Readonly<Record<string, unknown>>
): GameView.GameObject => {
  const props = { ...o.props }
  // designated an attacker / a defender now (a showdown before the damage step): its Assault /
  // Shield applies (807.1.c, 814.1.c) until its combat ends (466.7.a)
  const role = change.inCombat as Role | undefined
  if (role !== undefined && props[role] !== true) {
    props.might = num(props.might) + Rules.combatBonus(o, role)
    props[role] = true
  }
  if (change.might !== undefined) props.might = change.might as number
  if (change.damage !== undefined) props.damage = change.damage as number
  if (change.order !== undefined) props.order = change.order as ReadonlyArray<string>
  for (const k of ["assault", "shield", "stunned", "exhausted"] as const)
    if (change[k] !== undefined) props[k] = change[k] as GameView.Prop
  props.lethal = Rules.isLethal(num(props.might), num(props.damage))
  return { ...o, props }
}

// the skeleton's update (set, unset, controller, the own fields), the zone change by
// `Rules.moveTo` (124)
const updateView = (
  view: GameView.GameView,
  u: Readonly<Record<string, unknown>> & { readonly object: string }
): GameView.GameView => {
  const { object, set, unset, zone, controller, ...own } = u as Record<string, unknown>
  const o = GameView.get(view, object as string)
  if (o === undefined) return view
  const props: Record<string, GameView.Prop> = {
    ...o.props,
    ...((set as Record<string, GameView.Prop>) ?? {})
  }
  for (const k of (unset as ReadonlyArray<string> | undefined) ?? []) delete props[k]
  let next: GameView.GameObject = {
    ...o,
    ...(typeof controller === "string" ? { controller } : {}),
    props
  }
  if (Object.keys(own).length > 0) next = updateUnit(next, own)
  const after = GameView.setObject(view, next)
  return typeof zone === "string" ? Rules.moveTo(after, o.id, zone) : after
}

/**
 * The Riftbound words of the one scenario language (see the module documentation): the
 * `language` of the package's `ruleset`. Each named effect kind says what it means in the generic
 * form (`generic`: the `kind: replace` / `kind: prevent` effect it stands for).
 *
 * @example
 * ```ts
 * import { Scenario } from "@bulwark/riftbound"
 * Object.keys(Scenario.language.effects) // ["prevent", "preventNext", "double", "modify", …]
 * ```
 * @since 0.1.0
 * @category language
 */
export const language: Language.Language = {
  turn: "turn player",
  // a player's Rune Pool: its Energy and Power (317.2.d), what "you may pay …" costs are paid with
  players: { fields: Resources.playerFields },
  objects: { fields: objectFields, defaultZone: "board", make: objectOf },
  effects: {
    // "+N Might this turn", "Double a unit's Might" (432.1): core's one modifier of a number
    // property, its unit's lethal recomputed
    [Modifiers.KIND]: Modifiers.effectKindThen(relethal),
    ...Generic.kinds({ replace: Effects.replace, prevent: Effects.prevent }),
    preventNext: Language.effectKind({
      summary: "the next time the unit would be dealt damage, prevent it (437.1.b.2)",
      options: Effects.UnitOptions,
      make: Effects.preventNext,
      generic: Expansions.preventNext
    }),
    double: Language.effectKind({
      summary: "double all damage that would be dealt to the unit (Lotus Trap)",
      options: Effects.UnitOptions,
      make: Effects.double,
      generic: Expansions.double
    }),
    modify: Language.effectKind({
      summary: "add to, subtract from or multiply the damage dealt to the unit",
      options: Effects.ModifyOptions,
      make: Effects.modify,
      generic: Expansions.modify
    }),
    cantBeDealtDamage: Language.effectKind({
      summary: "the unit can't be dealt damage (465.2.c.10)",
      options: Effects.UnitOptions,
      make: Effects.cantBeDealtDamage,
      generic: Expansions.cantBeDealtDamage
    }),
    bonusDamage: Language.effectKind({
      summary: "Bonus Damage (417.5, 712–715), added before any replacement",
      options: Effects.BonusDamageOptions,
      make: Effects.bonusDamage,
      generic: Expansions.bonusDamage
    }),
    saveFromDeath: Language.effectKind({
      summary:
        'a death replaced: kill the source instead (killSource), heal, exhaust and recall the unit (Zhonya\'s Hourglass, Guardian Angel, Soraka); next: "the next time" (one use)',
      options: Effects.SaveFromDeathOptions,
      make: Effects.saveFromDeath,
      generic: Expansions.saveFromDeath
    })
  },
  steps: { combat, combatDamage, cleanup },
  queries: { preview, minimumLethal, validate, solve },
  update: {
    fields: {
      might: opt(Amount.SignedSchema),
      damage: opt(Count),
      order: opt(Ids),
      assault: opt(Keyword),
      shield: opt(Keyword),
      stunned: opt(Schema.Boolean),
      exhausted: opt(Schema.Boolean),
      inCombat: CombatRole
    },
    apply: updateUnit,
    // a zone change to or from a Non-Board Zone makes a new object (124, `Rules.moveTo`)
    view: updateView
  },
  boundaries: ["endOfCombat", "endOfTurn"],
  // the Special Cleanup before time passes: 3b kill (323.5), then 3c heal, then (the boundary)
  // 3d "this turn" effects expire — 317.2.a–c at the end of a turn (an Ending Special Cleanup),
  // 466.1.a–a.1 at the end of a combat (a Combat Special Cleanup; its recall, 466.1.a.2, is the
  // `combatDamage` step's, which knows the attackers). Events `<step>.kill` and
  // `<step>.heal`, `<step>` the `advance` step's id (`Language.CompileContext` `step`).
  advance: (boundary, ctx) => {
    // named after the step (its id, else the boundary, `-2`, …): inserting a step renames nothing
    const id = ctx.step ?? boundary
    const before = specialCleanup(id, unitsOnBoard(ctx.current ?? ctx.view), cleanupLabel(boundary, id))
    // 317.2.d: "3e. Each player's Rune Pool empties. Any unspent Energy and Power are lost." —
    // after "this turn" effects expire (3d), for the players whose pool the file tracks
    return boundary === "endOfTurn" && Resources.tracked(ctx.current ?? ctx.view)
      ? { before, after: [emptyPools] }
      : { before }
  },
  durations: ["endOfTurn", "endOfCombat"],
  // closed words: the occurrence kinds — the engine's, and `spell` (damage a spell deals) —
  // (zones stay open: a battlefield is a zone of its name)
  vocabulary: {
    kinds: [...Object.values(Rules.Kind), "spell"],
    types: ["unit", "spell", "gear", "rune", "legend", "battlefield", "token", "champion"],
    categories: Effects.generic.categories
  },
  // the families, and those that happen once (the game actions have no number: 428 Kill, 418
  // Heal, …; one that names no amount happens once), from one declaration
  ...Language.familyAmounts(familyAmounts)
}
