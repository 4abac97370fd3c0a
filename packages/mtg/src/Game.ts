/**
 * The Magic game state as the engine sees it: the event families this ruleset uses, the property
 * names of players and permanents, how an occurrence that happened changes the view
 * ({@link commit}), and the state-based actions this package models ({@link performDamageActions}).
 *
 * Property conventions (all in `GameView.GameObject.props`):
 *
 * - players: `life`, `poison`, `lost` (set by {@link performDamageActions});
 * - permanents and cards: `name`, `types`, `subtypes`, `supertypes`, `colors`, `keywords`,
 *   `basePower` / `baseToughness` (printed), `power` / `toughness` (with counters),
 *   `damage` (marked damage, CR 120.3e), `plus1Counters`, `minus1Counters`, `loyalty`,
 *   `defense`, `attachedTo`, `protection` (see the `Protection` module).
 *
 * @since 0.1.0
 * @module
 */
import { Families, GameEvent, GameView, Identity, type Language, Policy, Zones } from "@bulwark/core"

/**
 * The families of occurrences this ruleset resolves. `damage` is core's; the others are results
 * of damage (CR 120.3) or the non-damage events of CR 614 that the scenario vocabulary offers:
 * `destroy` (a permanent is destroyed: it goes to its owner's graveyard, or to the zone in
 * `params.to` when a replacement changed it — "if it would die, exile it instead") and
 * `regenerate` (what regeneration does instead of a destruction, CR 614.8: all damage marked on
 * it is removed and it is tapped) are events like the others, so replacement effects see them.
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.Family.lifeGain // "lifeGain"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const Family = {
  damage: GameEvent.DAMAGE,
  lifeLoss: Families.Family.lifeLoss,
  lifeGain: Families.Family.lifeGain,
  markDamage: "markDamage",
  addCounters: Families.Family.addCounters,
  removeCounters: Families.Family.removeCounters,
  zoneChange: Families.Family.zoneChange,
  draw: Families.Family.draw,
  createToken: Families.Family.createToken,
  destroy: Families.Family.destroy,
  regenerate: "regenerate"
} as const

/**
 * Whether each family of {@link Family} has a number: a zone change, a destruction and a
 * regeneration happen to one object once — one written without an `amount` happens once,
 * exactly as with `amount: 1` (FAB-23's rule for every game: "destroy it" needs no count) — while
 * damage, life, marked damage, counters, cards drawn and tokens are counted. The scenario
 * language's `families` and `amountless` are made from it (core `Language.familyAmounts`), and
 * the compiler checks that every family is declared.
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.familyAmounts.zoneChange // "once"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const familyAmounts = {
  damage: "counted",
  lifeLoss: "counted",
  lifeGain: "counted",
  markDamage: "counted",
  addCounters: "counted",
  removeCounters: "counted",
  zoneChange: "once",
  draw: "counted",
  createToken: "counted",
  destroy: "once",
  regenerate: "once"
} as const satisfies Record<(typeof Family)[keyof typeof Family], Language.FamilyAmount>

/**
 * The kind tag put on every result of damage (CR 120.4c), so that an effect can watch "life loss
 * caused by damage" (Worship) rather than any life loss.
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.FROM_DAMAGE // "fromDamage"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const FROM_DAMAGE = "fromDamage" as const

/**
 * The kind put on damage that can't be redirected (an occurrence's `cantBeRedirected: true` in
 * scenario files): `Effects.redirect` doesn't watch it.
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.CANT_BE_REDIRECTED // "cantBeRedirected"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const CANT_BE_REDIRECTED = "cantBeRedirected" as const

/**
 * The param of a damage occurrence that says where its excess damage goes (CR 120.4a): a player
 * or object id, or `"controller"` — the controller of the permanent it is dealt to. See
 * {@link excessDamage}.
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.EXCESS_TO // "excessTo"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const EXCESS_TO = "excessTo" as const

/**
 * The lethal part of `amount` damage dealt to a permanent at once with `others` more damage from
 * other sources (CR 120.4a), or `undefined` when it is not a creature, planeswalker or battle:
 * for a creature, its toughness less the damage already marked on it and the other damage
 * (at most 1 when the source has deathtouch); for a planeswalker, its loyalty less the other
 * damage; for a battle, its defense less the other damage. "If the first permanent has multiple
 * card types … the excess damage is the greatest of the calculated amounts": the smallest lethal
 * part. Never below 0.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [{ id: "c", kind: "object",
 *   controller: "a", zone: "battlefield", props: { types: ["Creature"], toughness: 3, damage: 1 } }] })
 * Game.lethalPart(view, "c", 5, 0, false) // 2
 * ```
 * @since 0.1.0
 * @category getters
 */
export const lethalPart = (
  view: GameView.GameView,
  id: string,
  amount: number,
  others: number,
  deathtouch: boolean
): number | undefined => {
  const o = view.objects[id]
  if (o === undefined || o.kind !== "object") return undefined
  const parts: Array<number> = []
  if (has(view, id, "types", "Creature") && typeof o.props["toughness"] === "number") {
    const left = Math.max(0, o.props["toughness"] - num(view, id, "damage") - others)
    parts.push(deathtouch ? Math.min(1, left) : left)
  }
  if (has(view, id, "types", "Planeswalker")) parts.push(Math.max(0, num(view, id, "loyalty") - others))
  if (has(view, id, "types", "Battle")) parts.push(Math.max(0, num(view, id, "defense") - others))
  if (parts.length === 0) return undefined
  return Math.min(amount, ...parts)
}

/**
 * CR 120.4a, "First, if an effect that's causing damage to be dealt states that excess damage
 * that would be dealt to a permanent is dealt to another permanent or player instead, the damage
 * event is modified accordingly": the ruleset's `prepareEvent`. Each damage occurrence with
 * `params.excessTo` ({@link EXCESS_TO}) keeps its lethal part ({@link lethalPart}, counting
 * damage already marked and the other damage to the same permanent in the event) and the rest
 * becomes a new damage occurrence `<id>:excess` from the same source, with the same kinds, to
 * the player or object named (`"controller"`: the permanent's controller). This happens before
 * any replacement or prevention effect applies (120.4a precedes 120.4b), so a shield on the
 * creature prevents from its lethal part only.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [{ id: "c", kind: "object",
 *   controller: "a", zone: "battlefield", props: { types: ["Creature"], toughness: 3, damage: 1 } }] })
 * const d = GameEvent.occurrence({ id: "d", family: "damage", subject: "c", amount: 5, params: { excessTo: "controller" } })
 * Game.excessDamage.apply([d], view)?.occurrences.map((o) => [o.subject, o.amount]) // [["c", 2], ["a", 3]]
 * ```
 * @since 0.1.0
 * @category state
 */
export const excessDamage: Policy.EventPreparation = {
  rule: "MTG CR 120.4a",
  apply: (occurrences, view) => {
    if (!occurrences.some((o) => o.family === Family.damage && typeof o.params[EXCESS_TO] === "string"))
      return undefined
    const out: Array<GameEvent.Occurrence> = []
    const notes: Array<string> = []
    for (const o of occurrences) {
      const to = o.params[EXCESS_TO]
      if (o.family !== Family.damage || typeof to !== "string") {
        out.push(o)
        continue
      }
      let others = 0
      for (const x of occurrences)
        if (x !== o && x.family === Family.damage && x.subject === o.subject) others += x.amount
      const deathtouch = has(view, o.source, "keywords", "deathtouch")
      const lethal = lethalPart(view, o.subject, o.amount, others, deathtouch)
      const target = to === "controller" ? view.objects[o.subject]?.controller : to
      if (
        lethal === undefined ||
        lethal >= o.amount ||
        target === undefined ||
        view.objects[target] === undefined
      ) {
        out.push(o)
        continue
      }
      const excess = o.amount - lethal
      out.push({ ...o, amount: lethal })
      out.push({ ...o, id: `${o.id}:excess`, subject: target, amount: excess })
      notes.push(
        `${excess} of the ${o.amount} damage to ${o.subject} is excess damage (lethal damage is ${lethal}), dealt to ${target} instead`
      )
    }
    return { occurrences: out, notes }
  }
}

/**
 * CR 701.8a, "To destroy a permanent, move it from the battlefield to its owner's graveyard": a
 * destruction is a zone change, so every `destroy` occurrence of an event carries the zone
 * change it is — `params: { from: "battlefield", to: "graveyard" }`, each one only when the
 * occurrence names none — before any replacement effect sees it. An effect that watches the zone
 * change (`when: { to: "graveyard" }`, "If a card would be put into a graveyard from anywhere,
 * exile it instead"; `when: { from: "battlefield", to: "graveyard" }`, "if it would die") then
 * sees the destruction as well (see `Effects.zoneInstead`), and once one of them has put
 * it elsewhere (`to: exile`) the others no longer apply (CR 616.1f). Part of {@link prepareEvent}.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * const d = GameEvent.occurrence({ id: "k", family: "destroy", subject: "bear" })
 * Game.destroyIsZoneChange.apply([d], view)?.occurrences[0]?.params // { from: "battlefield", to: "graveyard" }
 * ```
 * @since 0.1.0
 * @category state
 */
export const destroyIsZoneChange: Policy.EventPreparation = {
  rule: "MTG CR 701.8a",
  apply: (occurrences) => {
    const bare = (o: GameEvent.Occurrence) =>
      o.family === Family.destroy && (o.params["from"] === undefined || o.params["to"] === undefined)
    if (!occurrences.some(bare)) return undefined
    return {
      occurrences: occurrences.map((o) =>
        bare(o) ? { ...o, params: { from: "battlefield", to: "graveyard", ...o.params } } : o
      ),
      notes: []
    }
  }
}

/**
 * The ruleset's `prepareEvent`: {@link excessDamage} (CR 120.4a), then
 * {@link destroyIsZoneChange} (CR 701.8a).
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.prepareEvent.rule // "MTG CR 120.4a, 701.8a"
 * ```
 * @since 0.1.0
 * @category state
 */
export const prepareEvent: Policy.EventPreparation = {
  rule: "MTG CR 120.4a, 701.8a",
  apply: (occurrences, view) => {
    const excess = excessDamage.apply(occurrences, view)
    const zones = destroyIsZoneChange.apply(excess?.occurrences ?? occurrences, view)
    if (zones === undefined) return excess
    return { occurrences: zones.occurrences, notes: excess?.notes ?? [] }
  }
}

/**
 * The property that holds a counter kind: `+1/+1` → `plus1Counters`, `-1/-1` → `minus1Counters`,
 * `loyalty` → `loyalty`, `poison` → `poison`, `defense` → `defense`, anything else →
 * `<kind>Counters`.
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.counterProp("-1/-1") // "minus1Counters"
 * ```
 * @since 0.1.0
 * @category getters
 */
export const counterProp = (kind: string): string => {
  switch (kind) {
    case "+1/+1":
      return "plus1Counters"
    case "-1/-1":
      return "minus1Counters"
    case "loyalty":
    case "poison":
    case "defense":
      return kind
    default:
      return `${kind}Counters`
  }
}

/**
 * A numeric property, 0 when missing.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * Game.num(view, "a", "life") // 0
 * ```
 * @since 0.1.0
 * @category getters
 */
export const num = (view: GameView.GameView, id: string, prop: string): number => {
  const v = view.objects[id]?.props[prop]
  return typeof v === "number" ? v : 0
}

/**
 * Whether a list property (types, colors, keywords, …) contains a value.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "x", kind: "object", props: { keywords: ["infect"] } }] })
 * Game.has(view, "x", "keywords", "infect") // true
 * ```
 * @since 0.1.0
 * @category getters
 */
export const has = (
  view: GameView.GameView,
  id: string | undefined,
  prop: string,
  value: string
): boolean => {
  if (id === undefined) return false
  const v = view.objects[id]?.props[prop]
  return Array.isArray(v) ? v.includes(value) : v === value
}

/**
 * Recomputes `power` and `toughness` from `basePower` / `baseToughness`, the +1/+1 and −1/−1
 * counters on the object and its core modifiers of them (`modifyProperty`; objects without a
 * base are left alone).
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.withStats({ id: "c", kind: "object", props: { basePower: 2, baseToughness: 0, plus1Counters: 3 } }).props["toughness"] // 3
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const withStats = (o: GameView.GameObject): GameView.GameObject => {
  const p = o.props
  if (typeof p["basePower"] !== "number" && typeof p["baseToughness"] !== "number") return o
  const plus = typeof p["plus1Counters"] === "number" ? p["plus1Counters"] : 0
  const minus = typeof p["minus1Counters"] === "number" ? p["minus1Counters"] : 0
  let dp = plus - minus
  let dt = plus - minus
  // every other +X/+Y or -X/-Y counter (CR 122.1a, applied in layer 7c, 613.4c)
  for (const key in p) {
    const c = ptCounter(key)
    const n = p[key]
    if (c === undefined || typeof n !== "number") continue
    dp += c.power * n
    dt += c.toughness * n
  }
  // core modifiers of power and toughness ("+2/+0 until end of turn", Modifiers) stay applied
  for (const key in p) {
    const m = p[key]
    if (!key.startsWith("modifier:") || !Array.isArray(m)) continue
    if (m[0] === "power") dp += Number(m[1])
    if (m[0] === "toughness") dt += Number(m[1])
  }
  const props: Record<string, GameView.Prop> = { ...p }
  if (typeof p["basePower"] === "number") props["power"] = p["basePower"] + dp
  if (typeof p["baseToughness"] === "number") props["toughness"] = p["baseToughness"] + dt
  return { ...o, props }
}

const PT_COUNTER = /^([+-]\d+)\/([+-]\d+)Counters$/

/** A power/toughness counter's property other than +1/+1 and −1/−1 (`"+1/+0Counters"`), as numbers. */
const ptCounter = (prop: string): { readonly power: number; readonly toughness: number } | undefined => {
  const m = PT_COUNTER.exec(prop)
  return m === null ? undefined : { power: Number(m[1]), toughness: Number(m[2]) }
}

/**
 * Whether a counter kind changes power and/or toughness (CR 122.1a): `+1/+1`, `-1/-1`, and any
 * other `+X/+Y` or `-X/-Y` (`+1/+0`, `-0/-2`, `+2/+2`). Such counters change the creature's
 * power and toughness (layer 7c, CR 613.4c).
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.isPtCounter("+1/+0") // true
 * Game.isPtCounter("loyalty") // false
 * ```
 * @since 0.1.0
 * @category getters
 */
export const isPtCounter = (kind: string): boolean => /^[+-]\d+\/[+-]\d+$/.test(kind)

const setProps = (
  view: GameView.GameView,
  id: string,
  f: (props: Readonly<Record<string, GameView.Prop>>) => Record<string, GameView.Prop>
): GameView.GameView => {
  const o = view.objects[id]
  if (o === undefined) return view
  const next = withStats({ ...o, props: f(o.props) })
  return GameView.setObject(view, next)
}

const bump = (id: string, prop: string, by: number) => (view: GameView.GameView) =>
  setProps(view, id, (p) => ({ ...p, [prop]: (typeof p[prop] === "number" ? (p[prop] as number) : 0) + by }))

/**
 * Where Magic's objects are in play and have a controller (core's `Zones`):
 *
 * - in play: the battlefield — damage is dealt only to what is there: CR 120.1a, "Damage can't be
 *   dealt to an object that's not a battle, a creature, or a planeswalker", and a creature card
 *   in a graveyard is not a creature (a permanent); an occurrence of `damage` to an object
 *   elsewhere fails;
 * - control: the battlefield and the stack — CR 108.4: "A card doesn't have a controller unless
 *   that card represents a permanent or spell; in those cases, its controller is determined by
 *   the rules for permanents or spells." So `controller: you` ("you control") never matches a card
 *   in a library, hand, graveyard or exile; who decides for such a card is still its owner
 *   (108.4a, `GameView.controllerOf`).
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.zones.control // ["battlefield", "stack"]
 * ```
 * @since 0.1.0
 * @category getters
 */
export const zones: Zones.Zones = {
  inPlay: ["battlefield"],
  inPlayRule: "MTG CR 120.1a",
  control: ["battlefield", "stack"],
  controlRule: "MTG CR 108.4",
  dealtInPlay: [Family.damage]
}

/**
 * The property that counts an object's zone changes: each one makes it a new object (CR 400.7,
 * "An object that moves from one zone to another becomes a new object with no memory of or
 * relation to its previous existence"), so an effect aimed at it before no longer applies.
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.ZONE_CHANGES // "zoneChanges"
 * ```
 * @since 0.1.0
 * @category getters
 */
export const ZONE_CHANGES = Identity.ZONE_CHANGES

/**
 * Moves an object to another zone. Leaving the battlefield ends attachments (its own
 * `attachedTo`) and clears marked damage (CR 400.7: an object that changes zones becomes a new
 * object, counted in {@link ZONE_CHANGES}); an object put into a library, graveyard, hand or exile has no controller (CR 108.4).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "bear", kind: "object", controller: "a", owner: "a", zone: "battlefield", props: {} }] })
 * Game.moveTo(view, "bear", "exile").objects["bear"]?.zone // "exile"
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const moveTo = (view: GameView.GameView, id: string, zone: string): GameView.GameView => {
  const o = view.objects[id]
  if (o === undefined) return view
  const { controller: _c, ...rest } = o
  // CR 400.7: a new object (core's Identity.renewed: counted, no continuous modifier of the old
  // one); effects aimed at the old one (Effects.aimedAt) no longer apply to it
  const props: Record<string, GameView.Prop> = { ...(o.zone !== zone ? Identity.renewed(o) : o).props }
  if (zone !== "battlefield") {
    delete props["attachedTo"]
    delete props["damage"]
  }
  const keepsController = Zones.contains(zones.control, zone)
  const next: GameView.GameObject =
    keepsController && o.controller !== undefined
      ? { ...o, zone, props }
      : { ...rest, zone, props, ...(keepsController && o.owner !== undefined ? { controller: o.owner } : {}) }
  return GameView.setObject(view, next)
}

/**
 * The property that records that a creature has been dealt damage by a source with deathtouch
 * since the last time state-based actions were checked (CR 704.5h): set by {@link commit} when
 * such damage is dealt to a creature, read by {@link sbaFails} (the creature is destroyed, and
 * regeneration can replace that), cleared by {@link clearDeathtouchDamage} once the state-based
 * actions have been checked. A scenario file can start with it: `props: { deathtouchDamage: true }`.
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.DEATHTOUCH_DAMAGE // "deathtouchDamage"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const DEATHTOUCH_DAMAGE = "deathtouchDamage" as const

/**
 * The property of an attacking creature (`attacking: true`). Regeneration removes it from
 * combat (CR 614.8: "If it's an attacking or blocking creature, remove it from combat"): the
 * property becomes `false`. Nothing else in this package reads it (there is no combat to
 * declare here: the board says who attacks and blocks).
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.ATTACKING // "attacking"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const ATTACKING = "attacking" as const

/**
 * The property of a blocking creature (`blocking: true`); `false` once it regenerates, as
 * {@link ATTACKING} (CR 614.8).
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.BLOCKING // "blocking"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const BLOCKING = "blocking" as const

/**
 * How an occurrence that happened changes the view (the ruleset's `commit`):
 *
 * - `lifeLoss` / `lifeGain`: the subject's `life` (CR 120.3a, 120.3f);
 * - `markDamage`: the subject's `damage` (CR 120.3e); `damage` itself changes nothing — its
 *   results do (CR 120.4c) — except that damage dealt to a creature by a source with deathtouch
 *   is recorded on it ({@link DEATHTOUCH_DAMAGE}, for CR 704.5h), whatever its results are;
 * - `addCounters` / `removeCounters` with `params.counter` (`+1/+1`, `-1/-1`, `poison`,
 *   `loyalty`, `defense`, …): the counter's property (CR 120.3b–d); power and toughness are
 *   recomputed; only the counters there are can be removed, and the outcome records how many
 *   were (CR 609.3: "it does only as much as possible");
 * - `zoneChange` with `params.to`: the subject's zone;
 * - `destroy`: the subject goes to its owner's graveyard (or to `params.to`, when a replacement
 *   effect set it: "exile it instead");
 * - `regenerate`: the subject's marked damage is removed, it is tapped (`tapped`) and, if it is an
 *   attacking or blocking creature, it is removed from combat ({@link ATTACKING}, {@link BLOCKING}
 *   become `false`; CR 614.8);
 * - `draw`: the first `amount` cards the subject owns in the library go to the hand (CR 121.1; in
 *   the order of the view's objects);
 * - `createToken`, and what entering the battlefield does: see `Entering.commit`, the ruleset's
 *   `commit`, which adds them to this one (a token's entering is an event contained in its
 *   creation, CR 616.1g).
 *
 * Other families change nothing. An instruction that can't be carried out is ignored (MTG CR
 * 614.6, 615.6: "the impossible instruction is simply ignored"): drawing from a library with
 * fewer cards draws what there is, destroying an object that is not there does nothing. What
 * was really done is what the commit reports (`Policy.Committed`) and the outcome records.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Policy } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "a", kind: "player", props: { life: 20 } }] })
 * const after = Policy.viewOf(Game.commit(view, GameEvent.occurrence({ id: "l", family: "lifeLoss", subject: "a", amount: 3 })))
 * after.objects["a"]?.props["life"] // 17
 * ```
 * @since 0.1.0
 * @category state
 */
export const commit = (
  view: GameView.GameView,
  o: GameEvent.Occurrence
): GameView.GameView | Policy.Committed => {
  switch (o.family) {
    case Family.damage:
      // CR 704.5h: "it's been dealt damage by a source with deathtouch since the last time
      // state-based actions were checked" is a fact the next check reads
      return o.amount > 0 &&
        has(view, o.source, "keywords", "deathtouch") &&
        has(view, o.subject, "types", "Creature") &&
        view.objects[o.subject]?.props[DEATHTOUCH_DAMAGE] !== true
        ? setProps(view, o.subject, (p) => ({ ...p, [DEATHTOUCH_DAMAGE]: true }))
        : view
    case Family.lifeLoss:
      return bump(o.subject, "life", -o.amount)(view)
    case Family.lifeGain:
      return bump(o.subject, "life", o.amount)(view)
    case Family.markDamage:
      return bump(o.subject, "damage", o.amount)(view)
    case Family.addCounters:
    case Family.removeCounters: {
      const kind = typeof o.params["counter"] === "string" ? o.params["counter"] : "+1/+1"
      const prop = counterProp(kind)
      const sign = o.family === Family.addCounters ? 1 : -1
      const current = num(view, o.subject, prop)
      // a permanent can't have fewer than 0 counters of a kind: only the counters there are
      // are removed, and that is what was done (609.3; MTG-27: five asked, two there → two)
      const by = sign > 0 ? o.amount : -Math.min(current, o.amount)
      const after = bump(o.subject, prop, by)(view)
      return sign > 0 || current >= o.amount
        ? after
        : Policy.committed(after, current, {
            reason: `${o.subject} had ${current} ${kind} counter${current === 1 ? "" : "s"}: only those are removed`,
            rule: "MTG CR 614.6"
          })
    }
    case Family.zoneChange: {
      const to = Zones.destination(o, "")
      return to === ""
        ? view
        : Zones.put(moveTo(view, o.subject, to), o.subject, to, o.params[Zones.POSITION])
    }
    case Family.destroy: {
      // only a permanent can be destroyed: anything else is an impossible instruction, ignored
      if (view.objects[o.subject]?.zone !== "battlefield") return view
      const to = o.params["to"]
      return moveTo(view, o.subject, typeof to === "string" ? to : "graveyard")
    }
    case Family.regenerate:
      // CR 614.8: "… instead remove all damage marked on it and its controller taps it. If it's an
      // attacking or blocking creature, remove it from combat."
      return setProps(view, o.subject, (p) => ({
        ...p,
        damage: 0,
        tapped: true,
        ...(p[ATTACKING] === undefined ? {} : { [ATTACKING]: false }),
        ...(p[BLOCKING] === undefined ? {} : { [BLOCKING]: false })
      }))
    case Family.draw: {
      let v = view
      let left = o.amount
      for (const obj of Object.values(view.objects)) {
        if (left <= 0) break
        if (obj.kind === "object" && obj.zone === "library" && obj.owner === o.subject) {
          v = moveTo(v, obj.id, "hand")
          left--
        }
      }
      // drawing from a library with fewer cards draws what there is (the rest is ignored, 614.6)
      return left === 0
        ? v
        : Policy.committed(v, o.amount - left, {
            reason: `${o.subject}'s library had ${o.amount - left} card${o.amount - left === 1 ? "" : "s"}: ${left} of the draws can't be done`,
            rule: "MTG CR 614.6"
          })
    }
    default:
      return view
  }
}

/**
 * What {@link performDamageActions} did, for the trace and tests.
 *
 * @example
 * ```ts
 * import type { Game } from "@bulwark/mtg"
 * const a: Game.SbaAction = { object: "bear", action: "destroyed", rule: "MTG CR 704.5g" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface SbaAction {
  readonly object: string
  readonly action: "lost" | "destroyed" | "toGraveyard" | "unattached"
  readonly rule: string
}

/** CR 704.5f, 704.5i: a creature with toughness 0 or less, a planeswalker with loyalty 0 (on the battlefield). */
const toGraveyardRule = (view: GameView.GameView, id: string): string | undefined => {
  const o = view.objects[id]
  if (o === undefined || o.kind === "player" || o.zone !== "battlefield") return undefined
  const t = o.props["toughness"]
  if (has(view, id, "types", "Creature") && typeof t === "number" && t <= 0) return "MTG CR 704.5f"
  if (has(view, id, "types", "Planeswalker") && num(view, id, "loyalty") <= 0) return "MTG CR 704.5i"
  return undefined
}

/** CR 704.5g, 704.5h: a creature with toughness greater than 0 and lethal damage, or deathtouch damage. */
const destroyRule = (view: GameView.GameView, id: string): string | undefined => {
  const o = view.objects[id]
  if (o === undefined || o.kind === "player" || o.zone !== "battlefield") return undefined
  const t = o.props["toughness"]
  if (!has(view, id, "types", "Creature") || typeof t !== "number" || t <= 0) return undefined
  if (num(view, id, "damage") >= t) return "MTG CR 704.5g (120.6)"
  if (o.props[DEATHTOUCH_DAMAGE] === true) return "MTG CR 704.5h"
  return undefined
}

/**
 * The state-based actions this package models that concern damage and its results, without the
 * protection ones (see `Protection.illegalAttachments`):
 *
 * - 704.5a: a player with 0 or less life loses (`lost: true`);
 * - 704.5c: a player with ten or more poison counters loses;
 * - 704.5f: a creature with toughness 0 or less is put into its owner's graveyard;
 * - 704.5g: a creature with toughness greater than 0 and damage marked on it at least equal to
 *   its toughness has been dealt lethal damage (CR 120.6) and is destroyed;
 * - 704.5h: a creature with toughness greater than 0 that has been dealt damage by a source with
 *   deathtouch since the state-based actions were last checked ({@link DEATHTOUCH_DAMAGE}) is
 *   destroyed;
 * - 704.5i: a planeswalker with 0 loyalty is put into its owner's graveyard.
 *
 * A permanent 704.5f or 704.5i puts into the graveyard is not also destroyed (a creature
 * planeswalker with lethal damage and 0 loyalty: one zone change, 704.5i's).
 *
 * This lists what happens; the scenario step `stateBasedActions` performs the destructions and
 * the zone changes as one event replacement effects see (regeneration, CR 614.8, replaces a
 * destruction; "exile it instead" replaces either): see {@link sbaFails}.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [{ id: "bear", kind: "object",
 *   controller: "a", owner: "a", zone: "battlefield", props: { types: ["Creature"], toughness: 2, damage: 2 } }] })
 * Game.damageActions(view) // [{ object: "bear", action: "destroyed", rule: "MTG CR 704.5g (120.6)" }]
 * ```
 * @since 0.1.0
 * @category state
 */
export const damageActions = (view: GameView.GameView): ReadonlyArray<SbaAction> => {
  const out: Array<SbaAction> = []
  for (const o of Object.values(view.objects)) {
    if (o.kind === "player") {
      if (o.props["lost"] === true) continue
      if (typeof o.props["life"] === "number" && o.props["life"] <= 0)
        out.push({ object: o.id, action: "lost", rule: "MTG CR 704.5a" })
      else if (num(view, o.id, "poison") >= 10)
        out.push({ object: o.id, action: "lost", rule: "MTG CR 704.5c" })
      continue
    }
    const toGraveyard = toGraveyardRule(view, o.id)
    if (toGraveyard !== undefined) {
      out.push({ object: o.id, action: "toGraveyard", rule: toGraveyard })
      continue
    }
    const destroyed = destroyRule(view, o.id)
    if (destroyed !== undefined) out.push({ object: o.id, action: "destroyed", rule: destroyed })
  }
  return out
}

/**
 * Clears every {@link DEATHTOUCH_DAMAGE} record: the state-based actions have been checked, so
 * "since the last time state-based actions were checked" (CR 704.5h) starts again. The
 * scenario step `stateBasedActions` does this after its event.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "bear", kind: "object", zone: "battlefield", props: { deathtouchDamage: true } }] })
 * Game.clearDeathtouchDamage(view).objects["bear"]?.props["deathtouchDamage"] // undefined
 * ```
 * @since 0.1.0
 * @category state
 */
export const clearDeathtouchDamage = (view: GameView.GameView): GameView.GameView => {
  let v = view
  for (const o of Object.values(view.objects))
    if (o.props[DEATHTOUCH_DAMAGE] !== undefined)
      v = GameView.setObject(v, {
        ...o,
        props: Object.fromEntries(Object.entries(o.props).filter(([k]) => k !== DEATHTOUCH_DAMAGE))
      })
  return v
}

/**
 * Performs state-based actions (see {@link damageActions}) by writing the state: players lose,
 * permanents go to their owners' graveyards, the deathtouch records are cleared. With
 * `destroy: false` the destructions (704.5g–h) are left out, with `toGraveyard: false` the zone
 * changes of 704.5f and 704.5i: the scenario step `stateBasedActions` performs those as an event
 * instead (see {@link sbaFails}), and writes only the players' losses (704.5a, 704.5c: losing
 * the game is not an event this package models).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "a", kind: "player", props: { life: 0 } }] })
 * Game.performDamageActions(view).objects["a"]?.props["lost"] // true
 * ```
 * @since 0.1.0
 * @category state
 */
export const performDamageActions = (
  view: GameView.GameView,
  options?: { readonly destroy?: boolean; readonly toGraveyard?: boolean }
): GameView.GameView => {
  let v = view
  for (const a of damageActions(view)) {
    if (a.action === "lost") v = setProps(v, a.object, (p) => ({ ...p, lost: true }))
    else if (a.action === "destroyed" ? options?.destroy !== false : options?.toGraveyard !== false)
      v = moveTo(v, a.object, "graveyard")
  }
  return options?.destroy === false ? v : clearDeathtouchDamage(v)
}

/**
 * The kind on the occurrences of the state-based actions' event: the scenario step
 * `stateBasedActions` proposes a `destroy` for each creature (CR 704.5g: "that creature has been
 * dealt lethal damage and is destroyed"; 704.5h) and a `zoneChange` to the graveyard for each
 * creature and planeswalker (704.5f, 704.5i), and {@link sbaFails} keeps only those the rules
 * apply to, so they are events replacement effects see (CR 614.8: regeneration replaces the
 * destructions; "exile it instead" either).
 *
 * @example
 * ```ts
 * import { Game } from "@bulwark/mtg"
 * Game.STATE_BASED // "stateBased"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const STATE_BASED = "stateBased" as const

/**
 * Why a state-based action proposed as an occurrence of kind {@link STATE_BASED} does not
 * happen, or `undefined` when it does (the ruleset's `fails`):
 *
 * - a `destroy`: CR 704.5g destroys a creature on the battlefield with toughness greater than 0
 *   and damage marked on it at least equal to its toughness (CR 120.6), 704.5h one with
 *   toughness greater than 0 dealt damage by a source with deathtouch ({@link DEATHTOUCH_DAMAGE});
 *   any other creature is left alone, and so is one 704.5f or 704.5i puts into the graveyard;
 * - a `zoneChange` (to the graveyard, `params: { from: battlefield, to: graveyard }`): CR 704.5f
 *   ("If a creature has toughness 0 or less, it's put into its owner's graveyard. Regeneration
 *   can't replace this event": it is not a destruction) and 704.5i (a planeswalker with loyalty
 *   0); anything else stays.
 *
 * Every other occurrence is left to the resolution.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [{ id: "bear", kind: "object",
 *   controller: "a", owner: "a", zone: "battlefield", props: { types: ["Creature"], toughness: 2, damage: 1 } }] })
 * Game.sbaFails(GameEvent.occurrence({ id: "k", family: "destroy", subject: "bear", kinds: ["stateBased"] }), view)?.rule
 * // "MTG CR 704.5g, 704.5h"
 * ```
 * @since 0.1.0
 * @category state
 */
export const sbaFails = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined => {
  if (!o.kinds.includes(STATE_BASED)) return undefined
  if (o.family !== Family.destroy && o.family !== Family.zoneChange) return undefined
  const obj = view.objects[o.subject]
  const rules = o.family === Family.destroy ? "MTG CR 704.5g, 704.5h" : "MTG CR 704.5f, 704.5i"
  if (obj === undefined || obj.kind === "player" || obj.zone !== "battlefield")
    return { reason: `${o.subject} is not on the battlefield`, rule: rules }
  if (o.family === Family.zoneChange)
    return toGraveyardRule(view, o.subject) === undefined
      ? {
          reason: `${o.subject} is neither a creature with toughness 0 or less nor a planeswalker with loyalty 0: it stays`,
          rule: rules
        }
      : undefined
  const other = toGraveyardRule(view, o.subject)
  if (other !== undefined)
    return {
      reason: `${o.subject} is put into its owner's graveyard instead: it is not destroyed`,
      rule: other
    }
  if (destroyRule(view, o.subject) === undefined)
    return {
      reason: `${o.subject} has neither been dealt lethal damage nor damage by a source with deathtouch: it is not destroyed`,
      rule: rules
    }
  return undefined
}

/**
 * CR 120.1a, "Damage can't be dealt to an object that's not a battle, a creature, or a
 * planeswalker": why a `damage` occurrence to such an object (a noncreature artifact, an
 * enchantment, a land, a card in a graveyard) fails — nothing is dealt, nothing is reported
 * dealt, no effect applies to it — or `undefined` for damage to a player or to a battle,
 * creature or planeswalker. Part of the ruleset's `fails` ({@link fails}).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [{ id: "rock", kind: "object",
 *   controller: "a", zone: "battlefield", props: { types: ["Artifact"] } }] })
 * Game.damageFails(GameEvent.damage({ id: "d", source: "a", recipient: "rock", amount: 2 }), view)?.rule
 * // "MTG CR 120.1a"
 * ```
 * @since 0.1.0
 * @category state
 */
export const damageFails = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined => {
  if (o.family !== Family.damage) return undefined
  const r = view.objects[o.subject]
  if (r === undefined || r.kind !== "object") return undefined
  if (DAMAGEABLE.some((t) => has(view, o.subject, "types", t))) return undefined
  return {
    reason: `${o.subject} is not a battle, a creature or a planeswalker: damage can't be dealt to it`,
    rule: "MTG CR 120.1a"
  }
}

const DAMAGEABLE = ["Creature", "Planeswalker", "Battle"] as const

/**
 * The ruleset's `fails`: {@link damageFails} (CR 120.1a), then {@link sbaFails} (704.5f–i).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "a", kind: "player", props: { life: 20 } }] })
 * Game.fails(GameEvent.damage({ id: "d", source: "a", recipient: "a", amount: 2 }), view) // undefined
 * ```
 * @since 0.1.0
 * @category state
 */
export const fails = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined =>
  damageFails(o, view) ?? sbaFails(o, view)

/**
 * CR 514.2, the cleanup step: "all damage marked on permanents (including phased-out permanents)
 * is removed and all "until end of turn" and "this turn" effects end": every permanent's marked
 * `damage` becomes 0. The scenario step `advance: endOfTurn` does this just before the ledger
 * crosses the boundary (the same turn-based action ends the effects).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Game } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [{ id: "bear", kind: "object",
 *   controller: "a", zone: "battlefield", props: { types: ["Creature"], toughness: 3, damage: 2 } }] })
 * Game.cleanupDamage(view).objects["bear"]?.props["damage"] // 0
 * ```
 * @since 0.1.0
 * @category state
 */
export const cleanupDamage = (view: GameView.GameView): GameView.GameView => {
  let v = view
  for (const o of Object.values(view.objects))
    if (o.kind === "object" && o.zone === "battlefield" && num(view, o.id, "damage") !== 0)
      v = GameView.setObject(v, { ...o, props: { ...o.props, damage: 0 } })
  return v
}
