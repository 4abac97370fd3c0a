/**
 * The Riftbound policies: who orders replacement effects (372–374), the tiers (Bonus Damage
 * before everything else, 437.1.a.1; assigned combat damage dealt last, 465.2.d), and how an
 * occurrence changes the game (417.1.b: damage is marked on the unit).
 *
 * Units are game objects whose props hold `might`, `damage` (marked damage), `tank`,
 * `backline`, an optional declared replacement `order`, and `lethal` (kept up to date by
 * {@link commit}). Units are objects with `types: ["unit"]`, battlefields with `types: ["battlefield"]`.
 *
 * @since 0.1.0
 * @module
 */
import { type Filter, GameEvent, GameView, Identity, Policy, Words, Zones } from "@bulwark/core"
import * as Resources from "./Resources.js"
import * as RuleText from "./RuleText.js"

/**
 * Effect categories used by this ruleset (the `category` of a core replacement).
 *
 * - `bonus`: Bonus Damage (417.4, 712–715), applied before any other replacement;
 * - `prevent`: Prevent (437), including Prevent All and "prevent the next time";
 * - `replacement`: any other replacement effect (double, …);
 * - `cantBeDealtDamage`: "I don't take damage" (465.2.c.10);
 * - `deal`: the rules' own step that turns assigned combat damage into dealt damage (465.2.d).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Rules.Category.prevent // "prevent"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Category = {
  bonus: "bonus",
  prevent: "prevent",
  replacement: "replacement",
  cantBeDealtDamage: "cantBeDealtDamage",
  deal: "deal"
} as const

/**
 * Damage kinds (tags on damage occurrences).
 *
 * - `combat`: combat damage (465);
 * - `assignment`: combat damage being *assigned* (465.2.c.1: not yet dealt); the unit's
 *   replacement effects apply to it (465.2.c.5);
 * - `assigned`: combat damage being *dealt* after assignment (465.2.d); replacement effects
 *   built by this package do not watch it, so they are not applied again (465.2.c.5);
 * - `cleanup`: a death, a heal or a recall a cleanup performs (323.5: units with lethal damage
 *   are killed; 317.2.b, 466.1.a.1: all units healed; 466.1.a.2: attackers recalled if defenders
 *   remain) — it happens only when the
 *   cleanup's condition holds when the event starts, else it fails (see {@link fails});
 * - `cost`: an occurrence that pays a cost ("As an additional cost to play me, kill a friendly
 *   unit"): the outcome says whether it was `paid`, and a cost replaced is still paid (357.2.a).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Rules.Kind.assigned // "assigned"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Kind = {
  combat: "combat",
  assignment: "assignment",
  assigned: "assigned",
  cleanup: "cleanup",
  cost: "cost"
} as const

/**
 * The rules text this package implements.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * console.log(Rules.rulesVersion)
 * ```
 * @since 0.1.0
 * @category constants
 */
export const rulesVersion =
  "Riftbound Core Rules (Last Updated 2026-07-16); 465.2.c.4–5 examples from Core Rules v1.4"

const num = (v: unknown): number => (typeof v === "number" ? v : 0)

/**
 * A unit's Might as used for lethal damage: below 0 counts as 0 (143.2.b).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "A", props: { types: ["unit"], might: -1 } }] })
 * Rules.mightOf(view, "U") // 0
 * ```
 * @since 0.1.0
 * @category units
 */
export const mightOf = (view: GameView.GameView, unit: string): number =>
  Math.max(0, num(view.objects[unit]?.props.might))

/**
 * The damage marked on a unit (142.2).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "A", props: { types: ["unit"], might: 3, damage: 1 } }] })
 * Rules.markedDamageOf(view, "U") // 1
 * ```
 * @since 0.1.0
 * @category units
 */
export const markedDamageOf = (view: GameView.GameView, unit: string): number =>
  Math.max(0, num(view.objects[unit]?.props.damage))

/**
 * Whether `damage` marked on a unit of Might `might` is lethal: a non-zero amount greater than
 * or equal to its Might (142.4.b, 143.2.a).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Rules.isLethal(3, 3) // true
 * Rules.isLethal(0, 0) // false: lethal damage is non-zero (142.4.b)
 * ```
 * @since 0.1.0
 * @category units
 */
export const isLethal = (might: number, damage: number): boolean => damage > 0 && damage >= Math.max(0, might)

/**
 * Whether an object has a type (its `types` list holds it: `unit`, `battlefield`, `gear`, …).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Rules.hasType({ id: "U", kind: "object", props: { types: ["unit"] } }, "unit") // true
 * ```
 * @since 0.1.0
 * @category units
 */
export const hasType = (o: GameView.GameObject | undefined, type: string): boolean => {
  const types = o?.props.types
  return Array.isArray(types) && types.includes(type)
}

/**
 * Who orders the replacement effects applying to an affected object (372): a player orders those
 * acting on themselves (372.1); an Uncontrolled Battlefield's are ordered by the turn player
 * (372.2); otherwise the controller of the object acted on (372), else its owner, else the turn
 * player.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A",
 *   objects: [{ id: "BF", kind: "object", owner: "B", props: { types: ["battlefield"] } }] })
 * Rules.chooserOf("BF", view) // "A": the turn player orders for an uncontrolled battlefield
 * ```
 * @since 0.1.0
 * @category ordering
 */
export const chooserOf = (affected: string, view: GameView.GameView): string => {
  const o = GameView.get(view, affected)
  // 372.2: the one Riftbound case the core default (controller, else owner, else the turn player) misses
  return o?.kind === "object" && o.controller === undefined && hasType(o, "battlefield")
    ? view.activePlayer
    : Policy.defaultChooserOf(affected, view)
}

const BONUS_TIER = "bonus damage"

const base = Policy.affectedChooses({
  name: "riftbound",
  rule: "Riftbound 372: the controller of the object being acted on determines the order",
  chooserOf,
  linkedRule:
    "Riftbound 373: simultaneous events; effects with the same controller in the order of their controller's choosing",
  tiers: [
    {
      name: BONUS_TIER,
      categories: [Category.bonus],
      rule: "Riftbound 437.1.a.1 / 715.4.a: Bonus Damage is included before damage is replaced or prevented"
    },
    {
      name: "replacement effects",
      match: (e) => e.category !== Category.bonus && e.category !== Category.deal,
      rule: "Riftbound 372: the controller of the object being acted on orders"
    },
    {
      name: "deal assigned damage",
      categories: [Category.deal],
      rule: "Riftbound 465.2.c.1.a / 465.2.d: when all damage is assigned it is dealt"
    }
  ]
})

/**
 * The ordering policy: "the affected side chooses" (372), with Bonus Damage first (437.1.a.1)
 * and the dealing of assigned combat damage last (465.2.d). Groups are per affected object,
 * taken in turn order from the turn player (373, 373.1). Several instances of Bonus Damage are
 * summed and applied once (714), so nobody is asked to order them.
 *
 * A unit may carry `order` (a list of effect ids): its controller's order declared in advance.
 * When the controller would be asked, the first applicable effect in that list applies without a
 * question, and the trace cites 372 and the declared order.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Rules.order.name // "riftbound"
 * ```
 * @since 0.1.0
 * @category ordering
 */
export const order: Policy.OrderingPolicy = {
  ...base,
  // 373.2: "each Replacement Effect may only be applied in one sequence, to any number of events
  // that are qualified to be replaced" — for the game actions (deaths, heals, …); damage keeps
  // its groups per unit (its limited effects are linked as before)
  sequences: {
    families: ["die", "heal", "exhaust", "recall", "stun"],
    rule: "Riftbound 373.2: each replacement effect may only be applied in one sequence, to any number of simultaneous events"
  },
  next: (ctx) => {
    const step = base.next(ctx)
    if (step._tag !== "Choose") return step
    // 714: instances of Bonus Damage are summed and applied once — there is no order to choose
    const first = step.options[0]
    if (step.tier === BONUS_TIER && first !== undefined)
      return {
        _tag: "Apply",
        effect: first,
        progress: step.progress,
        tier: step.tier,
        rule: "Riftbound 714: all instances of Bonus Damage are summed and applied once",
        chosenBy: "summed (714), no order to choose"
      }
    const declared = ctx.view.objects[ctx.affected]?.props.order
    if (!Array.isArray(declared)) return step
    const pick = declared.find((id) => step.options.includes(id))
    if (pick === undefined) return step
    return {
      _tag: "Apply",
      effect: pick,
      progress: step.progress,
      tier: step.tier,
      rule: `Riftbound 372: ${step.chooser} orders (declared order ${declared.join(", ")})`
    }
  }
}

/**
 * The families of the game actions other than damage that the Riftbound ruleset commits to the
 * game when they happen, so a replacement can watch them ("if a friendly unit would die") and
 * replace them with others (Zhonya's Hourglass: "kill this instead. Heal that unit, exhaust it,
 * and recall it"): `die` (to its owner's trash; the Kill action, 428, is written as the death it
 * causes, 370.1.a.1), `heal` (its damage removed), `exhaust`, `recall` (to base), `stun` (423: a
 * stunned unit does not contribute its Might to combat damage). State them with an `event` step
 * and watch them with a `replacement` effect.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Rules.Family.die // "die"
 * ```
 * @since 0.1.0
 * @category game
 */
export const Family = {
  die: "die",
  heal: "heal",
  exhaust: "exhaust",
  recall: "recall",
  stun: "stun"
} as const

const commitAction = (view: GameView.GameView, occurrence: GameEvent.Occurrence): GameView.GameView => {
  const o = view.objects[occurrence.subject]
  if (o === undefined || o.kind !== "object") return view
  switch (occurrence.family) {
    case Family.die:
      // 124: to the trash, a Non-Board Zone — a new object (the effects aimed at it no longer apply)
      return moveTo(view, o.id, "trash")
    case Family.heal:
      return GameView.setObject(view, {
        ...o,
        props: { ...o.props, damage: 0, lethal: isLethal(num(o.props.might), 0) }
      })
    case Family.exhaust:
      return GameView.setObject(view, { ...o, props: { ...o.props, exhausted: true } })
    case Family.recall:
      // from the board to its base: both are board zones, so the same object (124)
      return moveTo(view, o.id, "base")
    case Family.stun:
      return GameView.setObject(view, { ...o, props: { ...o.props, stunned: true } })
    default:
      return view
  }
}

/**
 * How an occurrence that happened changes the game: damage is marked on the unit (417.1.b), its
 * "when I take damage" trigger fires (`tookDamage` counts it; `whenDamagedMight` adds Might),
 * and `lethal` is recomputed (142.4.b). Only damage that happened reaches here: damage that was
 * fully prevented is not dealt and fires nothing (417.1.e.1, 437.4). The game actions of
 * {@link Family} change the unit too: a death moves it to the trash, a heal removes its damage,
 * an exhaust exhausts it, a recall moves it to base. A `pay` takes Energy and Power out of the
 * player's Rune Pool ({@link Resources.commit}).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Policy } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "A", props: { types: ["unit"], might: 2, damage: 0 } }] })
 * const after = Policy.viewOf(Rules.commit(view, GameEvent.occurrence({ id: "i", family: "damage", subject: "U", amount: 2 })))
 * after.objects["U"]?.props["lethal"] // true
 * ```
 * @since 0.1.0
 * @category game
 */
export const commit = (
  view: GameView.GameView,
  occurrence: GameEvent.Occurrence
): GameView.GameView | Policy.Committed => {
  // a cost paid out of the Rune Pool (317.2.d; `Resources`)
  if (occurrence.family === Resources.PAY) return Resources.commit(view, occurrence)
  if (occurrence.family !== GameEvent.DAMAGE) return commitAction(view, occurrence)
  if (occurrence.amount <= 0) return view
  const o = view.objects[occurrence.subject]
  if (o === undefined || o.kind !== "object") return view
  const props = { ...o.props }
  const damage = num(props.damage) + occurrence.amount
  props.damage = damage
  props.tookDamage = num(props.tookDamage) + 1
  const bonus = num(props.whenDamagedMight)
  if (bonus !== 0) props.might = num(props.might) + bonus
  props.lethal = isLethal(num(props.might), damage)
  return GameView.setObject(view, { ...o, props })
}

/**
 * The heal of a cleanup: "Heal all Units" — the Expiration Step's 317.2.b (at the end of each
 * turn) and the Combat Cleanup's 466.1.a.1 (143.3.b: "Damage is Healed from Units at two
 * specific times: At the end of each player's turn. […] During a Combat Cleanup."). Every unit's
 * marked damage goes to 0 — except a unit with lethal damage: in a cleanup, 323.5 ("3b. All Units
 * that have LethalDamage marked on them are killed") comes before the heal ("3c"), so such a unit
 * is killed, not healed. Its death is a replaceable event (Zhonya's Hourglass) that the game
 * resolves as a kill; this heal leaves it as it is.
 *
 * This is a direct change of the state, for code that wants only the healed view: the scenario's
 * cleanups (`advance`, `combatDamage`) heal with a `heal` event instead (418.1.a: "If Damage is
 * cleared for any reason it is considered Healing"), which replacement effects see.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "A", props: { types: ["unit"], might: 3, damage: 2 } }] })
 * Rules.healAll(view).objects["U"]?.props["damage"] // 0
 * ```
 * @since 0.1.0
 * @category game
 */
export const healAll = (view: GameView.GameView): GameView.GameView => {
  let out = view
  for (const o of Object.values(view.objects)) {
    if (o.kind !== "object" || !hasType(o, "unit")) continue
    const damage = num(o.props.damage)
    if (damage === 0 || isLethal(num(o.props.might), damage)) continue
    out = GameView.setObject(out, { ...o, props: { ...o.props, damage: 0, lethal: false } })
  }
  return out
}

/**
 * The summed value of a keyword (Assault, 807; Shield, 814) as a unit's props hold it: a number
 * (one instance), a list of numbers (several granted instances: "the Assault Value of all granted
 * Assault keywords is summed", 807.2), `true` (the value omitted: "presumed to be 1", 807.1.b.3),
 * or nothing (0).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Rules.keywordValue([1, 3]) // 4 (807.2)
 * Rules.keywordValue(true) // 1 (807.1.b.3)
 * ```
 * @since 0.1.0
 * @category units
 */
export const keywordValue = (v: unknown): number =>
  v === true
    ? 1
    : typeof v === "number"
      ? v
      : Array.isArray(v)
        ? v.reduce((n: number, x: unknown) => n + (x === true ? 1 : typeof x === "number" ? x : 0), 0)
        : 0

/**
 * The Might a unit gains from its combat designation: its Assault while it is an attacker
 * ("While I am an attacker, I have +X [M]", 807.1.c) and its Shield while it is a defender
 * ("While I am a defender, I have +X [M]", 814.1.c); 0 otherwise (Assault on a defender, Shield on
 * an attacker). `role` is the designation.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * const u = { id: "A", kind: "object" as const, props: { types: ["unit"], might: 2, assault: 2, shield: 1 } }
 * Rules.combatBonus(u, "attacker") // 2
 * Rules.combatBonus(u, "defender") // 1
 * ```
 * @since 0.1.0
 * @category units
 */
export const combatBonus = (o: GameView.GameObject | undefined, role: "attacker" | "defender"): number =>
  o === undefined ? 0 : keywordValue(role === "attacker" ? o.props.assault : o.props.shield)

/**
 * Where Riftbound's objects are in play and have a controller (core's `Zones`), named once:
 *
 * - in play: the board, every zone but the Non-Board Zones (108: the Chain, Trashes, Champion
 *   Zones, Main Deck, Rune Deck, Banishments, the Hand; here `chain`, `trash`, `champion`,
 *   `deck`, `runeDeck`, `banishment`, `hand`). A unit at a battlefield — `board`, or a zone named
 *   after its battlefield — is on the board as much as one at `base`: 141.1.a.1, "Units are at
 *   one of several Locations while on the Board: a Battlefield or their Base"; one in the trash
 *   is not (141.1.b.2: "… are not on the Board and thus cannot take actions or be affected by
 *   spells, abilities, or game actions that target Units on the Board"), so it is dealt nothing,
 *   killed, healed, exhausted, recalled or stunned by nothing, and its abilities do not work;
 * - control: the board and the chain — 191.3: "For Permanents and Runes, when they Enter the
 *   Board, that player is assigned as that Game Object's Controller"; a spell is controlled by
 *   the player who played it (156); a card anywhere else has only an owner (191.4.a.1: "If an
 *   Ability's Source is located in a non-Board Zone, the Ability's Controller is the Owner of the
 *   Source").
 *
 * @example
 * ```ts
 * import { Zones } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * Zones.contains(Rules.zones.inPlay, "BF1") // true: a battlefield
 * Zones.contains(Rules.zones.inPlay, "trash") // false
 * ```
 * @since 0.1.0
 * @category game
 */
export const zones: Zones.Zones = {
  inPlay: { except: ["chain", "trash", "champion", "deck", "runeDeck", "banishment", "hand"] },
  inPlayRule: "Riftbound 141.1.b.2",
  control: { except: ["trash", "champion", "deck", "runeDeck", "banishment", "hand"] },
  controlRule: "Riftbound 191.3",
  dealtInPlay: [GameEvent.DAMAGE, ...Object.values(Family)]
}

/** Whether an object is on the board (the in-play zones of {@link zones}). */
const onBoard = (o: GameView.GameObject): boolean => Zones.isInPlay(zones, o)

/**
 * Why a cleanup's occurrence (kind {@link Kind}.cleanup) does not happen, or `undefined` when it
 * does. A cleanup's tasks act on the board as it is when they are performed: a death of a unit
 * that has no lethal damage marked then (or is no longer on the board) does not happen — "All
 * Units that have Lethal Damage marked on them are killed" (323.5) — and an attacker is recalled
 * only if it is still at the battlefield (its `params.at`) and one of the defenders
 * (`params.defenders`) is still there: "Recall Attackers present at the Battlefield if Defenders
 * are still present" (466.1.a.2); a unit is healed ("3c. Heal all Units.", 317.2.b, 466.1.a.1)
 * only if it is still on the board and has damage marked: "Damage being cleared from Units is
 * Healing" (418.1). Every other occurrence is left to the resolution.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "A", zone: "board", props: { types: ["unit"], might: 3, damage: 1 } }] })
 * Rules.fails(GameEvent.occurrence({ id: "k", family: "die", subject: "U", kinds: ["cleanup"] }), view)?.rule // "Riftbound 323.5"
 * ```
 * @since 0.1.0
 * @category game
 */
export const fails = (
  occurrence: GameEvent.Occurrence,
  view: GameView.GameView
): Policy.Failure | undefined => {
  if (!occurrence.kinds.includes(Kind.cleanup)) return undefined
  const o = view.objects[occurrence.subject]
  const at = occurrence.params.at
  if (occurrence.family === Family.die) {
    if (o === undefined || !onBoard(o))
      return { reason: `${occurrence.subject} is no longer on the board`, rule: "Riftbound 428.2.a" }
    if (!isLethal(num(o.props.might), num(o.props.damage)))
      return {
        reason: `${occurrence.subject} has no lethal damage marked: the cleanup does not kill it`,
        rule: "Riftbound 323.5"
      }
    return undefined
  }
  if (occurrence.family === Family.heal) {
    // a Cleanup's "3c. Heal all Units." heals the units on the board with damage marked: a unit
    // killed by its 3b is in the trash, and clearing no damage is no Healing (418.1)
    if (o === undefined || !onBoard(o))
      return {
        reason: `${occurrence.subject} is no longer on the board (3b comes before 3c): it is not healed`,
        rule: "Riftbound 323.5"
      }
    if (num(o.props.damage) <= 0)
      return {
        reason: `${occurrence.subject} has no damage marked: there is nothing to heal`,
        rule: "Riftbound 418.1"
      }
    return undefined
  }
  if (occurrence.family === Family.recall) {
    if (o === undefined || (typeof at === "string" && o.zone !== at))
      return {
        reason: `${occurrence.subject} is no longer present at the battlefield: it is not recalled`,
        rule: "Riftbound 466.1.a.2"
      }
    const defenders = occurrence.params.defenders
    const still = Array.isArray(defenders)
      ? defenders.some(
          (d) => typeof d === "string" && view.objects[d]?.zone === (typeof at === "string" ? at : o.zone)
        )
      : false
    if (!still)
      return {
        reason: "no defenders are still present: attackers are not recalled",
        rule: "Riftbound 466.1.a.2"
      }
  }
  return undefined
}

/**
 * Whether a zone change makes a new object (124: "A Game Object that changes zones to or from a
 * Non-Board Zone becomes a new object for the purposes of tracking that object"): one end of it
 * is not on the board ({@link zones}); a move between board zones (a battlefield to its base, a
 * recall) does not.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Rules.makesNewObject("board", "trash") // true
 * Rules.makesNewObject("BF1", "base") // false
 * ```
 * @since 0.1.0
 * @category game
 */
export const makesNewObject = (from: string | undefined, to: string): boolean =>
  (from ?? "board") !== to &&
  !(Zones.contains(zones.inPlay, from ?? "board") && Zones.contains(zones.inPlay, to))

/**
 * Moves an object to a zone (core's `Identity.move`): to or from a Non-Board Zone it is a new
 * object ({@link makesNewObject}, 124), so the effects aimed at it before (`Effects.aimedAt`) no
 * longer apply to it, and its Temporary Modifications are gone (124.1: "Whenever a Game Object
 * changes zones to or from a Non-Board Zone, all Temporary Modifications of all kinds cease to be
 * tracked on it in all capacities. Examples: Damage is cleared. … Statuses are cleared."): its
 * marked damage is 0, it is not stunned, its combat designation ends with the Might it gave
 * (807.1.c, 814.1.c), and core's continuous modifiers ("+2 Might this turn") are no longer on it.
 * A move between board zones (a recall, 458.1) keeps all of them.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A"], activePlayer: "A", objects: [
 *   { id: "U", kind: "object", controller: "A", zone: "board", props: { might: 3, damage: 2 } }] })
 * Rules.moveTo(view, "U", "trash").objects["U"]?.props["zoneChanges"] // 1
 * Rules.moveTo(view, "U", "hand").objects["U"]?.props["damage"] // 0
 * Rules.moveTo(view, "U", "base").objects["U"]?.props["damage"] // 2
 * ```
 * @since 0.1.0
 * @category game
 */
export const moveTo = (view: GameView.GameView, id: string, zone: string): GameView.GameView => {
  const o = view.objects[id]
  if (o === undefined || !makesNewObject(o.zone, zone)) return Identity.move(view, id, zone, makesNewObject)
  const props: Record<string, GameView.Prop> = { ...o.props }
  for (const role of ["attacker", "defender"] as const)
    if (props[role] === true) {
      props.might = num(props.might) - combatBonus(o, role)
      delete props[role]
    }
  if ("damage" in props) props.damage = 0
  // no damage marked is never lethal (142.4.b: lethal damage is non-zero), whatever its Might
  if ("lethal" in props) props.lethal = false
  if ("stunned" in props) props.stunned = false
  // the new object as core's Identity.move makes it (its continuous modifiers gone), set once
  return GameView.setObject(view, Identity.renewed({ ...o, zone, props }))
}

/**
 * Named predicates for filters: `unit` (the object is a unit), `battlefield`, `friendly` /
 * `enemy` (740.1: relative to the effect's controller); relative to the effect's source, as
 * Soraka, Wanderer reads them ("If another unit you control here would die, if it has less Might
 * than me"): `other` (not the source), `here` (in the source's zone when the effect could apply
 * — its base when a recall of it is already part of the event, 373.1.a), `lessMight` (strictly
 * less Might than the source: equal Might does not qualify).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/riftbound"
 * Object.keys(Rules.predicates) // ["unit", "battlefield", "friendly", "enemy", "other", "here", "lessMight"]
 * ```
 * @since 0.1.0
 * @category game
 */
export const predicates: Filter.Predicates = {
  unit: (view, id) => hasType(GameView.get(view, id), "unit"),
  battlefield: (view, id) => hasType(GameView.get(view, id), "battlefield"),
  friendly: (view, id, ctx) => GameView.controllerOf(view, id) === ctx.controller,
  enemy: (view, id, ctx) => {
    const c = GameView.controllerOf(view, id)
    return c !== undefined && c !== ctx.controller
  },
  other: (_view, id, ctx) => ctx.self !== undefined && id !== ctx.self,
  here: (view, id, ctx) => {
    const self = ctx.self === undefined ? undefined : view.objects[ctx.self]
    if (self?.zone === undefined) return false
    // a recall of the source in this event (one that replaced its death: Guardian Angel) is
    // performed before the simultaneous unmodified events (373.1.a): "here" is then its base
    const recalled = ctx.batch?.some((o) => o.family === Family.recall && o.subject === ctx.self) === true
    return view.objects[id]?.zone === (recalled ? "base" : self.zone)
  },
  lessMight: (view, id, ctx) => {
    const self = ctx.self === undefined ? undefined : view.objects[ctx.self]
    const it = view.objects[id]
    return self !== undefined && it !== undefined && num(it.props.might) < num(self.props.might)
  }
}

/**
 * The Riftbound rules as core policies.
 *
 * - ordering: {@link order};
 * - assignment of a limited Prevent among several simultaneous occurrences: the unit's
 *   controller (437.2: the Prevent Value is tracked on the unit; 372);
 * - commit: {@link commit}.
 *
 * @example
 * ```ts
 * import { Chooser, GameEvent, GameView, Ledger, Resolver } from "@bulwark/core"
 * import { Effects, Rules } from "@bulwark/riftbound"
 * const view = GameView.make({ players: ["A", "B"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", controller: "B", zone: "board", props: { types: ["unit"], might: 6, damage: 0 } }] })
 * const ledger = Ledger.make([Effects.prevent({ id: "p", controller: "B", to: "U", amount: 5 })])
 * const r = Resolver.resolveSync(Rules.rules, GameEvent.make("e", [
 *   GameEvent.occurrence({ id: "i", family: "damage", subject: "U", amount: 3 })
 * ]), ledger, view, Chooser.firstLegal)
 * ```
 * @since 0.1.0
 * @category rules
 */
export const rules: Policy.Rules = {
  name: "riftbound",
  rulesVersion,
  order,
  assignment: Policy.recipientControllerAllocates(
    "Riftbound 437.2 / 372: the Prevent Value is tracked on the unit; its controller decides"
  ),
  commit,
  fails,
  predicates,
  zones,
  // 373.1.a: "the Game Actions that comprise their instructions are performed before any
  // simultaneous unmodified events"
  replacementsFirst: true,
  // 372 / 373: the controller "determines the order"; nothing in the rules reads that order
  // itself, so a choice whose every order ends the same is not asked ("double" and "Prevent
  // All" on one unit)
  orderShortcut: true
}

const fam = Words.phrases

/** What a `pay` occurrence takes from the Rune Pool, in words: "1 Energy and 1 Power". */
const paid = (o: Words.Occurrence): string => {
  const energy = typeof o.params?.energy === "number" ? o.params.energy : o.amount
  const power = num(o.params?.power)
  const parts = [...(energy > 0 ? [`${energy} Energy`] : []), ...(power > 0 ? [`${power} Power`] : [])]
  return parts.length === 0 ? "nothing" : parts.join(" and ")
}

/**
 * How Riftbound reads (core `Words`): the tiers by the rules' names (Bonus Damage, 712–715;
 * replacement effects, 367–375; dealing the assigned damage, 465.2.d), a draw ("A draws 1
 * card"), the game actions a replacement can watch ("U dies", "U is healed", "U is exhausted",
 * "U is recalled to its base") and the sentences of the cited rules ({@link RuleText.sentences}). Damage reads as core
 * words it.
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * import { Rules } from "@bulwark/riftbound"
 * Words.tier(Rules.words, "deal assigned damage") // "dealing the assigned combat damage"
 * ```
 * @since 0.1.0
 * @category words
 */
export const words: Words.Words = {
  tiers: {
    [BONUS_TIER]: "Bonus Damage",
    "replacement effects": "replacement effects",
    "deal assigned damage": "dealing the assigned combat damage"
  },
  families: {
    draw: fam(
      (o) => `${o.subject} would draw ${o.amount} card${o.amount === 1 ? "" : "s"}`,
      (o) => `${o.subject} draws ${o.amount} card${o.amount === 1 ? "" : "s"}`,
      (n) => `${n} card${n === 1 ? "" : "s"}`
    ),
    // the game actions as the cards word them (Zhonya's Hourglass: "kill this instead. Heal that
    // unit, exhaust it, and recall it")
    [Family.die]: fam(
      (o) => `${o.subject} would die`,
      (o) => `${o.subject} dies`,
      (n) => `${n} death${n === 1 ? "" : "s"}`
    ),
    [Family.heal]: fam(
      (o) => `${o.subject} would be healed`,
      (o) => `${o.subject} is healed`,
      (n) => `${n} heal${n === 1 ? "" : "s"}`
    ),
    [Family.exhaust]: fam(
      (o) => `${o.subject} would be exhausted`,
      (o) => `${o.subject} is exhausted`,
      (n) => `${n} exhaust${n === 1 ? "" : "s"}`
    ),
    [Family.recall]: fam(
      (o) => `${o.subject} would be recalled to its base`,
      (o) => `${o.subject} is recalled to its base`,
      (n) => `${n} recall${n === 1 ? "" : "s"}`
    ),
    [Family.stun]: fam(
      (o) => `${o.subject} would be stunned`,
      (o) => `${o.subject} is stunned`,
      (n) => `${n} stun${n === 1 ? "" : "s"}`
    ),
    // a cost paid out of the Rune Pool ("you may pay [1][C]"): Energy and Power (317.2.d)
    [Resources.PAY]: fam(
      (o) => `${o.subject} would pay ${paid(o)}`,
      (o) => `${o.subject} pays ${paid(o)}`,
      (n) => `${n} resource${n === 1 ? "" : "s"}`
    )
  },
  rules: RuleText.sentences
}
