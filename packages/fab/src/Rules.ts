/**
 * The Flesh and Blood policies: ordering (6.5), point declaration (6.4.10f), hits (7.5.5) and how
 * an occurrence changes the game (8.5.3 deal, 8.5.4 destroy, 8.5.31 pay).
 *
 * @since 0.1.0
 * @module
 */
import { GameEvent, GameView, Identity, Policy, Words, Zones } from "@bulwark/core"
import { arena, Category, Family, predicates } from "./Effects.js"
import * as RuleText from "./RuleText.js"

/**
 * The ordering policy of FaB 6.5: the turn-player selects a starting player once per event
 * (6.5.2, 6.5.2b) — core asks when effects of two or more players apply; then the slots
 * self/identity (6.5.3), standard (6.5.4), prevention (6.5.5), outcome (6.5.7); within a slot
 * each player, clockwise from the selected one, applies all of their own active effects of that
 * slot one by one in the order they choose (6.5.2, 6.5.2a); the slot ends only "when there are
 * no more active replacement effects of that type to apply" (6.5.2), so the players are taken
 * round again when an effect became active for a player already passed (core `cycle`). A slot
 * already passed is not revisited (6.5.3–6.5.6 are successive steps). The chooser of an effect's
 * place is its controller, not the damaged player. The whole event is one group, so that one
 * prevention can be declared over several recipients (6.4.10f).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/fab"
 * Rules.order.startingPlayer?.rule // "FaB 6.5.2"
 * ```
 * @since 0.1.0
 * @category policies
 */
export const order: Policy.OrderingPolicy = Policy.slotsByPlayer({
  name: "fab",
  rule: "FaB 6.5.2",
  slots: [
    { name: "self/identity", categories: [Category.self, Category.identity], rule: "FaB 6.5.3" },
    { name: "standard", categories: [Category.standard], rule: "FaB 6.5.4" },
    { name: "prevention", categories: [Category.prevention], rule: "FaB 6.5.5" },
    { name: "outcome", categories: [Category.outcome], rule: "FaB 6.5.7" }
  ],
  players: "clockwiseFromSelected",
  startingPlayerRule: "FaB 6.5.2",
  cycle: true
})

/**
 * FaB 6.4.10f: "the controller of the prevention effect declares each point of damage the effect
 * will prevent".
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/fab"
 * Rules.assignment.rule // "FaB 6.4.10f"
 * ```
 * @since 0.1.0
 * @category policies
 */
export const assignment: Policy.AssignmentPolicy = Policy.effectControllerAllocates("FaB 6.4.10f")

/**
 * The hit of FaB 7.5.5: dealt damage that is a hit-event (`params.attack` names the attack and
 * `params.attackTarget` its target) produces a `"hit"` occurrence — but only when the attack is
 * still the source and the target still the recipient, and only for damage actually dealt: a
 * fully prevented hit-event is not a hit (7.5.5b), so "on hit" effects have nothing to fire on.
 * Only damage is a hit: losing life is not (8.5.12b).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * const view = GameView.make({ players: ["a", "b"], activePlayer: "a" })
 * const dealt = GameEvent.damage({ id: "h", source: "atk", recipient: "b", amount: 2, kinds: ["physical"],
 *   params: { attack: "atk", attackTarget: "b" } })
 * Rules.hits.results([dealt], view)[0]?.family // "hit"
 * ```
 * @since 0.1.0
 * @category policies
 */
export const hits: Policy.ResultsPolicy = {
  rule: "FaB 7.5.5",
  results: (dealt) => {
    const out: Array<GameEvent.Occurrence> = []
    for (const d of dealt) {
      const attack = d.params.attack
      const target = d.params.attackTarget
      // FaB 8.5.12b: "Losing life is not considered as a hit, unless it is the result of damage being
      // dealt by an attack during the damage step of combat."
      if (d.family !== Family.damage) continue
      if (typeof attack !== "string" || typeof target !== "string") continue
      if (d.source !== attack || d.subject !== target || d.amount <= 0) continue
      out.push(
        GameEvent.occurrence({
          id: `${d.id}:hit`,
          family: Family.hit,
          subject: target,
          source: attack,
          amount: 1,
          params: { attack }
        })
      )
    }
    return out
  }
}

const withProps = (
  view: GameView.GameView,
  id: string | undefined,
  f: (o: GameView.GameObject) => GameView.GameObject
): GameView.GameView => {
  if (id === undefined) return view
  const o = view.objects[id]
  return o === undefined ? view : GameView.setObject(view, f(o))
}

const num = (v: unknown): number => (typeof v === "number" ? v : 0)

// a numeric prop changed by `by`, never below 0 (2.0.3c, 2.5.3e); an absent prop is only created
// when `create` (a hand, a counter), never for life (a non-living object stays non-living)
const add = (
  view: GameView.GameView,
  id: string,
  prop: string,
  by: number,
  create = false
): GameView.GameView =>
  withProps(view, id, (x) =>
    typeof x.props[prop] === "number" || create
      ? { ...x, props: { ...x.props, [prop]: Math.max(0, num(x.props[prop]) + by) } }
      : x
  )

const counterProp = (o: GameEvent.Occurrence): string =>
  typeof o.params.counter === "string" ? `${o.params.counter}Counters` : "counters"

/**
 * How an occurrence that happened changes the view:
 *
 * - `damage` (8.5.3): the recipient loses that much life (`life`), hero or ally alike — an ally's
 *   damage is its own, never its controller's (8.2.8f); a life total is never below 0 (2.5.3e:
 *   "If the life total is calculated to be less than zero, instead it is considered zero"), while
 *   the damage dealt is still the full amount;
 * - `destroy` (8.5.4): the object goes to the graveyard;
 * - `pay` (8.5.31): the player's `resources` go down; a player with fewer than the
 *   amount can't pay it, and nothing is paid (1.14.2b: the outcome says 0 done, `failed`);
 * - `hit` (7.5.5): the attack is marked `hit: true`;
 * - `scheduleDestroy` (Quell): the object is marked `destroyAtEndPhase: true`;
 * - `zoneChange`: the object goes to the zone `params.to` names (at `params.position`): a banish
 *   (8.5.1) to `banished`, a putting into a graveyard (8.5.15; not a destroy, 8.5.4a) to
 *   `graveyard`;
 * - `ceaseToExist` (8.3.21b: "removed from the game"): the object goes to the zone `removed`;
 * - `lifeGain` (8.5.7a) / `lifeLoss` (8.5.12a): the life total goes up / down by the amount,
 *   never below 0 (2.5.3e); losing life is not damage (8.5.3d);
 * - `draw` (8.5.6): the player's `hand` goes up by the amount and `deck` (when it is a number)
 *   down — by the cards there are: the draws beyond the deck fail (8.5.6b), and the outcome
 *   records how many were drawn (`notDone`: the rest);
 * - `discard` (8.5.5): a card in the zone `hand` goes to the graveyard, or where a replacement
 *   effect put it (`params.to` and `position`, core `Zones.destination`; 8.5.5c: it is still
 *   discarded); a player's `hand` count goes down by the amount, by the cards there are (8.5.5b:
 *   the rest fail); a player whose hand is cards (objects in the zone `hand`, no `hand` count)
 *   discards the first `amount` of them, in the view's order;
 * - `addCounters` (8.5.14) / `removeCounters` (8.5.16): the prop `<params.counter>Counters`
 *   (default `counters`) goes up / down; only the counters there are can be removed, and the
 *   outcome records how many were;
 * - `createToken` (8.5.2): the view is unchanged (the outcome records the event);
 * - `reveal` (8.5.17): the view is unchanged — the card is made public, then private again
 *   (8.5.17b: no duration, a discrete effect), and it stays where it is, at its place in its zone
 *   (8.5.17c); the outcome records the reveal;
 * - `pitch` (8.5.44, 1.14.3): the card goes to the pitch zone — or where a replacement effect put
 *   it (`params.to` and `position`, core `Zones.destination`; 1.9.3c: a partly modified internal
 *   event leaves the pitch a pitch) — and its owner's `resources` go up by its `pitch` value as it
 *   leaves its zone (3.0.7a; a "gets +N" modifier counts, 2.8.3);
 * - `gainActionPoints` (8.5.7, 1.13.2a): the player's `actionPoints` go up by the amount.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Policy } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * const v0 = GameView.make({ players: ["a"], activePlayer: "a",
 *   objects: [{ id: "a", kind: "player", props: { life: 20 } }] })
 * const v1 = Policy.viewOf(Rules.commit(v0, GameEvent.damage({ id: "d", source: "a", recipient: "a", amount: 3 })))
 * v1.objects["a"]?.props["life"] // 17
 * ```
 * @since 0.1.0
 * @category policies
 */
export const commit = (
  view: GameView.GameView,
  o: GameEvent.Occurrence
): GameView.GameView | Policy.Committed => {
  switch (o.family) {
    case Family.damage:
      // 2.5.3e: "An permanent cannot have a negative life total. If the life total is calculated
      // to be less than zero, instead it is considered zero." (the damage is still dealt in full)
      return withProps(view, o.subject, (x) =>
        typeof x.props.life === "number"
          ? { ...x, props: { ...x.props, life: Math.max(0, num(x.props.life) - o.amount) } }
          : x
      )
    case Family.destroy:
      return moveTo(view, o.subject, "graveyard")
    case Family.pay: {
      // 1.14.2b: "If a player does not have enough assets … the cost cannot be paid and the game
      // state is reversed to before the cost is paid" (resources the file does not track are
      // not counted)
      const have = view.objects[o.subject]?.props.resources
      if (typeof have === "number" && have < o.amount)
        return Policy.committed(view, 0, {
          reason: `${o.subject} has ${have} resource${have === 1 ? "" : "s"}, fewer than ${o.amount}: the cost cannot be paid`,
          rule: "FaB 1.14.2b"
        })
      return withProps(view, o.subject, (x) => ({
        ...x,
        props: { ...x.props, resources: Math.max(0, num(x.props.resources) - o.amount) }
      }))
    }
    case Family.hit:
      return withProps(view, o.source, (x) => ({ ...x, props: { ...x.props, hit: true } }))
    case Family.scheduleDestroy:
      return withProps(view, o.subject, (x) => ({ ...x, props: { ...x.props, destroyAtEndPhase: true } }))
    case Family.zoneChange: {
      // 8.5.1 (banish: "moves the object to its owner's banished zone"), 8.5.15 (put into a
      // graveyard): a move to the zone its `params.to` names (core `Families`); one that names no
      // zone moves nothing
      const to = Zones.destination(o, "")
      return to === ""
        ? view
        : Zones.put(moveTo(view, o.subject, to), o.subject, to, o.params[Zones.POSITION])
    }
    case Family.ceaseToExist:
      return moveTo(view, o.subject, "removed")
    case Family.lifeGain:
      return add(view, o.subject, "life", o.amount)
    case Family.lifeLoss:
      return add(view, o.subject, "life", -o.amount)
    case Family.draw: {
      // 8.5.6b: "If a player tries to draw a card when there are no cards in their deck, the
      // draw effect fails" — each card is a draw: those beyond the deck fail
      const deck = view.objects[o.subject]?.props.deck
      const n = typeof deck === "number" ? Math.min(deck, o.amount) : o.amount
      const after = add(add(view, o.subject, "hand", n, true), o.subject, "deck", -n)
      return n === o.amount
        ? after
        : Policy.committed(after, n, {
            reason: `${o.subject} had ${deck} card${deck === 1 ? "" : "s"} in their deck: ${o.amount - n} of the draws fail`,
            rule: "FaB 8.5.6b"
          })
    }
    case Family.discard:
      return discard(view, o)
    case Family.reveal:
      // 8.5.17: "To reveal a private object, make it public, then make it private again";
      // 8.5.17c: "Revealing a private object does not change its position in the deck (if it's
      // in the deck) or put it into another zone." — nothing in the view changes
      return view
    case Family.pitch:
      return pitch(view, o)
    case Family.gainActionPoints:
      // 8.5.7: "To gain an asset, the player's or object's assets of the given type is increased
      // by the specified amount."
      return add(view, o.subject, ACTION_POINTS, o.amount, true)
    case Family.addCounters:
      return add(view, o.subject, counterProp(o), o.amount, true)
    case Family.removeCounters: {
      // 8.5.16: "To remove a counter from an object, a specified counter ceases to exist on the
      // object" — only the counters there can
      const prop = counterProp(o)
      const there = num(view.objects[o.subject]?.props[prop])
      const after = add(view, o.subject, prop, -o.amount)
      return there >= o.amount
        ? after
        : Policy.committed(after, there, {
            reason: `${o.subject} had ${there} ${prop}: only those are removed`,
            rule: "FaB 8.5.16"
          })
    }
    default:
      return view
  }
}

/**
 * Where Flesh and Blood's objects are in play and have a controller (core's `Zones`):
 *
 * - in play: the arena ({@link Effects.arena}: 3.1.1, "The arena is a collection of all the arms,
 *   chest, combat chain, head, hero, legs, permanent, and weapon zones");
 * - control: the arena and the stack — 1.3.1b: "A card does not have a controller unless it is
 *   in the arena or on the stack", 1.2.1b: "An object does not have a controller if it is not in
 *   the arena or on the stack." So "auras you control" never counts an aura card in a graveyard;
 * - damage is dealt only to what is in play: an object outside the arena is not a permanent,
 *   hence not a living object (2.5.1a), and "If a non-living object would be dealt damage, the
 *   effect fails" (8.5.3c); a hero removed from the game (4.5.1a: "The player and their hero
 *   cease to exist") is dealt nothing either — 1.8.9: "An effect fails if the target(s) of the
 *   effect cease to exist".
 *
 * @example
 * ```ts
 * import { Zones } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * Zones.contains(Rules.zones.control, "stack") // true
 * Zones.contains(Rules.zones.inPlay, "stack") // false
 * ```
 * @since 0.1.0
 * @category policies
 */
export const zones: Zones.Zones = {
  inPlay: arena,
  inPlayRule: "FaB 8.5.3c, 1.8.9",
  control: [...arena, "stack"],
  controlRule: "FaB 1.3.1b",
  dealtInPlay: [Family.damage]
}

// the cards in a player's hand, in the view's order (a player whose hand is not a count)
const cardsInHand = (view: GameView.GameView, player: string): ReadonlyArray<string> =>
  Object.values(view.objects)
    .filter((c) => c.kind === "object" && c.zone === "hand" && (c.owner ?? c.controller) === player)
    .map((c) => c.id)

// 8.5.5: "To discard a card from a player's hand, put it from the player's hand into their
// graveyard"; 8.5.5c: "If a card is discarded but a replacement effect modifies the destination
// to a zone other than the graveyard, the card is still considered discarded" — the card goes
// where the occurrence's `to` says (core Zones.destination: the graveyard unless a replacement
// set it, at `position`), and the discard still happened; 8.5.5b: "If a player tries to discard
// a card when there are no cards in their hand, the discard effect fails" — a player's `hand`
// count goes down by the cards there are; a player whose hand is cards (objects in the zone
// `hand`) discards the first of them, as many as there are
const discard = (view: GameView.GameView, o: GameEvent.Occurrence): GameView.GameView | Policy.Committed => {
  const x = view.objects[o.subject]
  if (x === undefined) return view
  const to = Zones.destination(o, "graveyard")
  const put = (v: GameView.GameView, id: string) =>
    Zones.put(moveTo(v, id, to), id, to, o.params[Zones.POSITION])
  if (x.kind !== "player") return x.zone === "hand" ? put(view, o.subject) : view
  const hand = x.props.hand
  const cards = typeof hand === "number" ? [] : cardsInHand(view, o.subject).slice(0, o.amount)
  const n = typeof hand === "number" ? Math.min(hand, o.amount) : cards.length
  const after = typeof hand === "number" ? add(view, o.subject, "hand", -n) : cards.reduce(put, view)
  return n === o.amount
    ? after
    : Policy.committed(after, n, {
        reason: `${o.subject} had ${n} card${n === 1 ? "" : "s"} in hand: ${o.amount - n} of the discards fail`,
        rule: "FaB 8.5.5b"
      })
}

const discardFails = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined => {
  const x = view.objects[o.subject]
  if (x === undefined) return undefined
  if (x.kind === "player")
    return x.props.hand === 0 || (x.props.hand === undefined && cardsInHand(view, o.subject).length === 0)
      ? { reason: `${o.subject} has no cards in hand: the discard effect fails`, rule: "FaB 8.5.5b" }
      : undefined
  return x.zone === "hand"
    ? undefined
    : {
        reason: `${o.subject} is not in a hand (it is in ${x.zone ?? "the arena"}): it can't be discarded`,
        rule: "FaB 8.5.5b"
      }
}

// a player's action points (1.13.2), the prop `gainActionPoints` raises
const ACTION_POINTS = "actionPoints"

/**
 * The zones whose objects are private unless made public (FaB 3.0.4b: "The arsenal, deck, and
 * hand zones are private zones."); every other zone is public (3.0.4a). An object's own `public`
 * property says otherwise where a rule or effect made it so: a card face-up in an arsenal
 * (3.0.4d: "A private zone may contain public objects …"), one banished face-down (3.0.4c).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/fab"
 * Rules.privateZones // ["arsenal", "deck", "hand"]
 * ```
 * @since 0.1.0
 * @category constants
 */
export const privateZones: ReadonlyArray<string> = ["arsenal", "deck", "hand"]

/**
 * Whether an object is public (FaB 3.0.3: "A public object is an object where information about
 * the properties of the object is currently available to all players"): its `public` property
 * when it has one (3.0.4c–d), else whether its zone is a public one (3.0.4a–b,
 * {@link privateZones}; an object with no zone is in the arena, public).
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * const card: GameView.GameObject = { id: "c", kind: "object", owner: "bob", zone: "hand", props: {} }
 * Rules.isPublic(card) // false
 * Rules.isPublic({ ...card, props: { public: true } }) // true
 * ```
 * @since 0.1.0
 * @category getters
 */
export const isPublic = (x: GameView.GameObject): boolean =>
  typeof x.props.public === "boolean" ? x.props.public : !privateZones.includes(x.zone ?? "arena")

// 8.5.17d: "If the object is public, the reveal effect fails." — and only an object is revealed
const revealFails = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined => {
  const x = view.objects[o.subject]
  if (x === undefined) return undefined
  if (x.kind === "player")
    return { reason: `${o.subject} is a player, not a private object: nothing to reveal`, rule: "FaB 8.5.17" }
  return isPublic(x)
    ? {
        reason: `${o.subject} is public (in ${x.zone ?? "the arena"}${x.props.public === true ? ", face-up" : ""}): the reveal effect fails`,
        rule: "FaB 8.5.17d"
      }
    : undefined
}

// 8.5.44: "To pitch a card, put it into it's owner's pitch zone and the player gains resources
// equal to its pitch value." 1.14.3: "The pitch property of a card determines what type and how
// many assets a player gains when the card is pitched." — the value read as the card leaves its
// zone (3.0.7a: "The object as it leaves the origin is considered the object moving"), gained by
// its owner; a replacement effect that only changes where it goes leaves it pitched (1.9.3c)
const pitch = (view: GameView.GameView, o: GameEvent.Occurrence): GameView.GameView => {
  const x = view.objects[o.subject]
  if (x === undefined || x.kind === "player") return view
  const gain = num(x.props.pitch)
  const to = Zones.destination(o, "pitch")
  const moved = Zones.put(moveTo(view, o.subject, to), o.subject, to, o.params[Zones.POSITION])
  const owner = x.owner ?? x.controller
  return owner === undefined ? moved : add(moved, owner, "resources", gain, true)
}

// why one card can't be pitched: 1.14.3a "A card cannot be pitched if it does not have the pitch
// property."; a player is not a card; a card that has ceased to exist (8.5.44a: "all of those
// cards must exist")
const unpitchable = (id: string, view: GameView.GameView): Policy.Failure | undefined => {
  const x = view.objects[id]
  if (x === undefined) return undefined
  if (x.kind === "player")
    return { reason: `${id} is a player, not a card: nothing to pitch`, rule: "FaB 1.14.3" }
  if (x.zone === "removed")
    return { reason: `${id} has ceased to exist: it can't be pitched`, rule: "FaB 8.5.44a" }
  return typeof x.props.pitch === "number"
    ? undefined
    : { reason: `${id} does not have the pitch property: it can't be pitched`, rule: "FaB 1.14.3a" }
}

/**
 * The param of a `pitch` occurrence naming every card its instruction pitches ("pitch two
 * cards"), set by {@link pitchTogether}: FaB 8.5.44a, "If the effect instructs the player to pitch
 * two or more cards, all of those cards must exist and be pitched, otherwise the pitch effect
 * fails." — {@link fails} fails each of them when one can't be pitched.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/fab"
 * Rules.PITCHED_WITH // "pitchedWith"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const PITCHED_WITH = "pitchedWith"

const pitchFails = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined => {
  const together = o.params[PITCHED_WITH]
  if (!Array.isArray(together)) return unpitchable(o.subject, view)
  for (const id of together) {
    const why = unpitchable(id, view)
    if (why !== undefined)
      return {
        reason: `${why.reason}, and ${together.join(", ")} are pitched by one instruction: all of them or none — the pitch effect fails`,
        rule: "FaB 8.5.44a"
      }
  }
  return undefined
}

/**
 * How FaB changes an event before any effect sees it (core `Policy.EventPreparation`): the
 * `pitch` occurrences of one event that pitch cards of one player are one instruction — FaB
 * 8.5.44a: "If the effect instructs the player to pitch two or more cards, all of those cards must
 * exist and be pitched, otherwise the pitch effect fails." Each of them is given the param
 * {@link PITCHED_WITH} (all of their cards), so that {@link fails} fails them all when one can't be
 * pitched. An event with fewer than two pitches is left as it is.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * const view = GameView.make({ players: ["bob"], activePlayer: "bob", objects: [
 *   { id: "c1", kind: "object", owner: "bob", zone: "hand", props: { pitch: 3 } },
 *   { id: "c2", kind: "object", owner: "bob", zone: "hand", props: {} }] })
 * const p = (id: string) => GameEvent.occurrence({ id, family: "pitch", subject: id, amount: 1 })
 * Rules.pitchTogether.apply([p("c1"), p("c2")], view)?.occurrences[0]?.params // { pitchedWith: ["c1", "c2"] }
 * ```
 * @since 0.1.0
 * @category policies
 */
export const pitchTogether: Policy.EventPreparation = {
  rule: "FaB 8.5.44a",
  apply: (occurrences, view) => {
    if (occurrences.length < 2) return undefined
    const byPlayer = new Map<string, Array<string>>()
    for (const o of occurrences) {
      if (o.family !== Family.pitch) continue
      const x = view.objects[o.subject]
      const player = x?.kind === "object" ? (x.owner ?? x.controller) : undefined
      if (player === undefined) continue
      byPlayer.set(player, [...(byPlayer.get(player) ?? []), o.subject])
    }
    const groups = [...byPlayer.entries()].filter(([, cards]) => cards.length > 1)
    if (groups.length === 0) return undefined
    const together = new Map(groups.flatMap(([, cards]) => cards.map((c) => [c, cards] as const)))
    return {
      occurrences: occurrences.map((o) => {
        const cards = o.family === Family.pitch ? together.get(o.subject) : undefined
        return cards === undefined ? o : { ...o, params: { ...o.params, [PITCHED_WITH]: cards } }
      }),
      notes: groups.map(
        ([player, cards]) =>
          `${player} pitches ${cards.join(", ")} by one instruction: all of them are pitched, or none`
      )
    }
  }
}

// 8.5.7b: "If a non-turn-player would gain action points, then the gain effect fails." (1.13.2b:
// "A player cannot gain action points if it is not their action phase"); 1.13.1: an asset is
// "owned by a player" — an object has no action points
const actionPointsFail = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined => {
  const x = view.objects[o.subject]
  if (x === undefined) return undefined
  if (x.kind !== "player")
    return { reason: `${o.subject} is not a player: only a player has action points`, rule: "FaB 1.13.1" }
  return o.subject === view.activePlayer
    ? undefined
    : {
        reason: `${o.subject} is not the turn-player: the gain effect fails`,
        rule: "FaB 8.5.7b"
      }
}

/**
 * Whether a zone change makes a new object (FaB 3.0.9: "If an object enters a zone that is not in
 * the arena and is not the stack zone, … it resets - its previous existence ceases to exist and it
 * becomes a new object with no relation to its previous existence").
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/fab"
 * Rules.makesNewObject("arena", "graveyard") // true
 * Rules.makesNewObject("hand", "stack") // false
 * ```
 * @since 0.1.0
 * @category policies
 */
export const makesNewObject = (from: string | undefined, to: string): boolean =>
  (from ?? "arena") !== to && to !== "stack" && !arena.includes(to)

/**
 * Moves an object to a zone (core's `Identity.move`): into a zone outside the arena and the stack
 * it is a new object ({@link makesNewObject}, FaB 3.0.9), so the effects aimed at it before
 * (`Effects.aimedAt`) no longer apply to it.
 *
 * @example
 * ```ts
 * import { GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * const view = GameView.make({ players: ["a"], activePlayer: "a", objects: [
 *   { id: "axe", kind: "object", controller: "a", zone: "arena", props: {} }] })
 * Rules.moveTo(view, "axe", "banished").objects["axe"]?.props["zoneChanges"] // 1
 * ```
 * @since 0.1.0
 * @category policies
 */
export const moveTo = (view: GameView.GameView, id: string | undefined, zone: string): GameView.GameView =>
  id === undefined ? view : Identity.move(view, id, zone, makesNewObject)

/** An object in the arena (the zone objects are in when the file names none). */
const inArena = (x: GameView.GameObject): boolean => Zones.isInPlay(zones, x)

// 8.5.7a / 8.5.12a: "If the object does not have the life property, then the gain (lose) effect fails."
const lifeFails = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined => {
  const x = view.objects[o.subject]
  if (x === undefined || x.kind === "player") return undefined
  const gain = o.family === Family.lifeGain
  if (typeof x.props.life !== "number" || !inArena(x))
    return {
      reason: `${o.subject} does not have the life property: the ${gain ? "gain" : "lose"} effect fails`,
      rule: gain ? "FaB 8.5.7a" : "FaB 8.5.12a"
    }
  return undefined
}

/**
 * The param of the `destroy` occurrences of the beginning of the end phase (the `beginEndPhase`
 * step): Quell's "destroy this at the beginning of the end phase" (8.3.19). {@link fails} lets
 * one happen only for an object marked `destroyAtEndPhase` (a paid Quell) and still in the arena.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/fab"
 * Rules.END_PHASE // "endPhase"
 * ```
 * @since 0.1.0
 * @category policies
 */
export const END_PHASE = "endPhase"

/**
 * Damage that can't be dealt at all (core's `Rules.fails`): it fails, nothing applies to it, no
 * hit-event is generated, and the trace says why.
 *
 * - FaB 7.5.2b: "If the attack-target has ceased to exist or is illegal when the damage is
 *   calculated, no damage is dealt, and the event is not generated." — an attack's damage
 *   (`params.attackTarget`) to an object no longer in the arena;
 * - FaB 7.7.2c: "… or the active-attack ceases to exist before damage is calculated, the Close
 *   Step begins" — an attack's damage (`params.attack`, the attack its source) whose attack is no
 *   longer in the arena (destroyed, banished before the damage step): no damage, so no hit;
 * - FaB 8.5.3c: "If a non-living object would be dealt damage, the effect fails." — 2.5.1a: "A
 *   permanent with the life property is a living object": damage to an object without `life`
 *   (an equipment). Damage to an object or a hero no longer in the arena (no longer a permanent,
 *   or removed from the game) fails by core's rule for what is not in play ({@link zones}).
 *
 * Heroes (players) are always living. Besides damage:
 *
 * - FaB 8.5.7a / 8.5.12a: gaining or losing life fails for an object without the life property
 *   (or no longer in the arena);
 * - FaB 8.5.6b: "If a player tries to draw a card when there are no cards in their deck, the
 *   draw effect fails." — when the player's `deck` is 0 (an absent `deck` is not counted);
 * - FaB 8.5.5b: "If a player tries to discard a card when there are no cards in their hand, the
 *   discard effect fails." — when the player's `hand` is 0 (or, a player whose hand is no
 *   count, when no card in the zone `hand` is theirs), or the card is not in a hand;
 * - FaB 8.5.17d: "If the object is public, the reveal effect fails." ({@link isPublic});
 * - FaB 1.14.3a: "A card cannot be pitched if it does not have the pitch property." — and, the
 *   cards one instruction pitches ({@link pitchTogether}), 8.5.44a: "all of those cards must exist
 *   and be pitched, otherwise the pitch effect fails";
 * - FaB 8.5.7b: "If a non-turn-player would gain action points, then the gain effect fails."
 * - FaB 8.3.19: a destroy of the beginning of the end phase ({@link END_PHASE}) happens only to an
 *   object a paid Quell marked (`destroyAtEndPhase`) that is still in the arena.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * const view = GameView.make({ players: ["a", "b"], activePlayer: "a",
 *   objects: [{ id: "helm", kind: "object", controller: "b", zone: "arena", props: {} }] })
 * Rules.fails(GameEvent.damage({ id: "d", source: "S", recipient: "helm", amount: 2 }), view)?.rule // "FaB 8.5.3c"
 * ```
 * @since 0.1.0
 * @category policies
 */
export const fails = (o: GameEvent.Occurrence, view: GameView.GameView): Policy.Failure | undefined => {
  if (o.family === Family.lifeGain || o.family === Family.lifeLoss) return lifeFails(o, view)
  if (o.family === Family.destroy && o.params[END_PHASE] === true) {
    const x = view.objects[o.subject]
    if (x?.props.destroyAtEndPhase !== true)
      return {
        reason: `${o.subject} is not to be destroyed at the beginning of the end phase (no Quell paid for it)`,
        rule: "FaB 8.3.19"
      }
    if (!inArena(x))
      return {
        reason: `${o.subject} is no longer in the arena (in ${x.zone}): nothing to destroy`,
        rule: "FaB 8.3.19"
      }
    return undefined
  }
  if (o.family === Family.discard) return discardFails(o, view)
  if (o.family === Family.reveal) return revealFails(o, view)
  if (o.family === Family.pitch) return pitchFails(o, view)
  if (o.family === Family.gainActionPoints) return actionPointsFail(o, view)
  if (o.family === Family.draw) {
    const deck = view.objects[o.subject]?.props.deck
    return deck === 0
      ? { reason: `${o.subject} has no cards in their deck: the draw effect fails`, rule: "FaB 8.5.6b" }
      : undefined
  }
  if (o.family !== Family.damage) return undefined
  const attack = o.params.attack
  const atk = typeof attack === "string" && o.source === attack ? view.objects[attack] : undefined
  if (atk !== undefined && !inArena(atk))
    return {
      reason: `the active-attack ${attack} has ceased to exist before damage is calculated (it is in ${atk.zone}): the combat chain closes, no damage is dealt and there is no hit`,
      rule: "FaB 7.7.2c"
    }
  const x = view.objects[o.subject]
  if (x === undefined || x.kind === "player") return undefined
  if (!inArena(x) && o.params.attackTarget === o.subject)
    return {
      reason: `the attack-target ${o.subject} has ceased to exist (it is in ${x.zone}): no damage is dealt and no hit-event is generated`,
      rule: "FaB 7.5.2b"
    }
  // an object no longer in the arena: core's zones (8.5.3c, what is not in play is dealt nothing)
  if (!inArena(x)) return undefined
  if (typeof x.props.life !== "number")
    return {
      reason: `${o.subject} is a non-living object (it has no life): the effect fails`,
      rule: "FaB 8.5.3c"
    }
  return undefined
}

/**
 * Who else dealt an occurrence (core's `Rules.alsoDealtBy`), FaB 8.5.3a: "If the source is a
 * non-living card, the player that controls the source and the player's hero are also considered
 * to have dealt that damage." A source that is an object and not a living one (no `life`, or not
 * in the arena: 2.5.1a) is also dealt by its controller — the player, who is their hero here
 * (1.1.2b) — so "damage dealt to you by Bob's hero" (`from: bob`) sees Bob's attack action card's
 * damage. A living source (an ally) dealt its damage alone; a card with no controller where it
 * is (1.3.1b) adds no one.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * const view = GameView.make({ players: ["alice", "bob"], activePlayer: "bob", objects: [
 *   { id: "atk", kind: "object", controller: "bob", owner: "bob", zone: "combatChain", props: { power: 3 } }] })
 * Rules.alsoDealtBy(GameEvent.damage({ id: "d", source: "atk", recipient: "alice", amount: 3 }), view) // ["bob"]
 * ```
 * @since 0.1.0
 * @category policies
 */
export const alsoDealtBy = (o: GameEvent.Occurrence, view: GameView.GameView): ReadonlyArray<string> => {
  if (o.source === undefined) return []
  const src = GameView.get(view, o.source)
  if (src === undefined || src.kind === "player") return []
  if (typeof src.props.life === "number" && inArena(src)) return []
  const controller = Zones.controllerOf(zones, view, src.id)
  return controller === undefined ? [] : [controller]
}

/**
 * The rules text this package implements (also `rules.rulesVersion`, and the ruleset's).
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/fab"
 * console.log(Rules.rulesVersion)
 * ```
 * @since 0.1.0
 * @category constants
 */
export const rulesVersion =
  "Flesh and Blood Comprehensive Rules, copy of February 2026 (no version number in the text; 6.4.10 h = cannot prevent, i = fixed, j = shielding)"

/**
 * The whole Flesh and Blood policy bundle.
 *
 * @example
 * ```ts
 * import { Rules } from "@bulwark/fab"
 * Rules.rules.name // "fab"
 * ```
 * @since 0.1.0
 * @category policies
 */
export const rules: Policy.Rules = {
  name: "fab",
  rulesVersion,
  order,
  assignment,
  results: hits,
  commit,
  fails,
  zones,
  alsoDealtBy,
  // 8.5.44a: the cards one instruction pitches, pitched all or none
  prepareEvent: pitchTogether,
  // 3.0.9: effects aimed at an object (Effects.aimedAt) test it is still the same object
  predicates,
  // 6.5.2: each player "applies their active replacement effects of that type one-by-one"; no
  // rule reads that order itself, so a choice whose every order ends the same is not asked
  orderShortcut: true
}

const fam = Words.phrases

const by = (o: Words.Occurrence): string => (o.source === undefined ? "" : ` (from ${o.source})`)

// FaB's words for a move (8.5.1 "banish", 8.5.15 "put into a graveyard"), by its destination
const moved = (o: Words.Occurrence): string => {
  const to = o.params?.[Zones.TO]
  if (to === "banished") return "banished"
  if (typeof to !== "string" || to === "") return "moved"
  const where = o.params?.[Zones.POSITION]
  return `put into the ${to}${where === "top" || where === "bottom" ? ` (${where})` : ""}`
}

/**
 * How Flesh and Blood reads (core `Words`): the slots as 6.5 names them, its event families
 * ("bob pays 1 resource", "barrier is destroyed", "the attack hits bob") and the sentences of the
 * cited rules ({@link RuleText.sentences}).
 *
 * @example
 * ```ts
 * import { Words } from "@bulwark/core"
 * import { Rules } from "@bulwark/fab"
 * Words.tier(Rules.words, "standard") // "standard-replacement effects"
 * ```
 * @since 0.1.0
 * @category words
 */
export const words: Words.Words = {
  tiers: {
    "self/identity": "self- and identity-replacement effects",
    standard: "standard-replacement effects",
    prevention: "prevention effects",
    outcome: "outcome-replacement effects"
  },
  families: {
    [Family.destroy]: fam(
      (o) => `${o.subject} would be destroyed${by(o)}`,
      (o) => `${o.subject} is destroyed${by(o)}`,
      (n) => `${n} destruction${n === 1 ? "" : "s"}`
    ),
    [Family.pay]: fam(
      (o) => `${o.subject} would pay ${o.amount} resource${o.amount === 1 ? "" : "s"}`,
      (o) => `${o.subject} pays ${o.amount} resource${o.amount === 1 ? "" : "s"}`,
      (n) => `${n} resource${n === 1 ? "" : "s"}`
    ),
    [Family.hit]: fam(
      (o) => `${o.source ?? "the attack"} would hit ${o.subject}`,
      (o) => `${o.source ?? "the attack"} hits ${o.subject}`,
      (n) => `${n} hit${n === 1 ? "" : "s"}`
    ),
    [Family.scheduleDestroy]: fam(
      (o) => `${o.subject} would be destroyed at the beginning of the end phase`,
      (o) => `${o.subject} will be destroyed at the beginning of the end phase`,
      (n) => `${n} destruction${n === 1 ? "" : "s"} at the end phase`
    ),
    // FaB's own words for a zoneChange (8.5.1 "banish", 8.5.15 "put into a graveyard")
    [Family.zoneChange]: fam(
      (o) => `${o.subject} would be ${moved(o)}${by(o)}`,
      (o) => `${o.subject} is ${moved(o)}${by(o)}`,
      (n) => `${n} card${n === 1 ? "" : "s"} moved`
    ),
    [Family.ceaseToExist]: fam(
      (o) => `${o.subject} would cease to exist${by(o)}`,
      (o) => `${o.subject} ceases to exist${by(o)}`,
      (n) => `${n} card${n === 1 ? "" : "s"} ceasing to exist`
    ),
    [Family.lifeGain]: fam(
      (o) => `${o.subject} would gain ${o.amount} life${by(o)}`,
      (o) => `${o.subject} gains ${o.amount} life${by(o)}`,
      (n) => `${n} life gained`
    ),
    [Family.lifeLoss]: fam(
      (o) => `${o.subject} would lose ${o.amount} life${by(o)}`,
      (o) => `${o.subject} loses ${o.amount} life${by(o)}`,
      (n) => `${n} life lost`
    ),
    [Family.draw]: fam(
      (o) => `${o.subject} would draw ${o.amount} card${o.amount === 1 ? "" : "s"}${by(o)}`,
      (o) => `${o.subject} draws ${o.amount} card${o.amount === 1 ? "" : "s"}${by(o)}`,
      (n) => `${n} card${n === 1 ? "" : "s"} drawn`
    ),
    [Family.discard]: fam(
      (o) => `${o.subject} would discard${o.amount === 1 ? "" : ` ${o.amount} cards`}${by(o)}`,
      (o) => `${o.subject} discards${o.amount === 1 ? "" : ` ${o.amount} cards`}${by(o)}`,
      (n) => `${n} card${n === 1 ? "" : "s"} discarded`
    ),
    [Family.createToken]: fam(
      (o) => `${o.subject} would create ${o.amount} token${o.amount === 1 ? "" : "s"}${by(o)}`,
      (o) => `${o.subject} creates ${o.amount} token${o.amount === 1 ? "" : "s"}${by(o)}`,
      (n) => `${n} token${n === 1 ? "" : "s"}`
    ),
    [Family.addCounters]: fam(
      (o) => `${o.amount} counter${o.amount === 1 ? "" : "s"} would be put on ${o.subject}${by(o)}`,
      (o) => `${o.amount} counter${o.amount === 1 ? "" : "s"} put on ${o.subject}${by(o)}`,
      (n) => `${n} counter${n === 1 ? "" : "s"} put`
    ),
    [Family.reveal]: fam(
      (o) => `${o.subject} would be revealed${by(o)}`,
      (o) => `${o.subject} is revealed${by(o)}`,
      (n) => `${n} card${n === 1 ? "" : "s"} revealed`
    ),
    [Family.pitch]: fam(
      (o) => `${o.subject} would be pitched${by(o)}`,
      (o) => `${o.subject} is pitched${by(o)}`,
      (n) => `${n} card${n === 1 ? "" : "s"} pitched`
    ),
    [Family.gainActionPoints]: fam(
      (o) => `${o.subject} would gain ${o.amount} action point${o.amount === 1 ? "" : "s"}${by(o)}`,
      (o) => `${o.subject} gains ${o.amount} action point${o.amount === 1 ? "" : "s"}${by(o)}`,
      (n) => `${n} action point${n === 1 ? "" : "s"} gained`
    ),
    [Family.removeCounters]: fam(
      (o) => `${o.amount} counter${o.amount === 1 ? "" : "s"} would be removed from ${o.subject}${by(o)}`,
      (o) => `${o.amount} counter${o.amount === 1 ? "" : "s"} removed from ${o.subject}${by(o)}`,
      (n) => `${n} counter${n === 1 ? "" : "s"} removed`
    )
  },
  rules: RuleText.sentences
}
