/**
 * The results of damage (CR 120.3) and the three-part sequence of CR 120.4.
 *
 * The kernel resolves dealt damage first (120.4b: damage is dealt, as modified by replacement
 * and prevention effects); the damage that was dealt is then turned by {@link policy} into
 * result occurrences, which are resolved as a new event *together with* the additional effects
 * of the preventions that applied (615.5), so replacement effects on results see the whole
 * batch (120.4c: Boon Reflection doubles lifelink's gain; Worship sees the net of the life loss
 * and the life gain). Then the results happen (120.4d) and the ruleset's `commit` updates the
 * view. Damage that an additional effect deals (615.5: "the rest of the effect takes place
 * immediately afterward") is replaced and prevented in that event like any damage, dealt, and
 * then processed into its own results the same way (MTG-17).
 *
 * Results are keyed on the damage *dealt* and the characteristics of its source and recipient,
 * never on the form the damage's results take: a wither source with lifelink still gains its
 * controller life (120.3d and 120.3f together).
 *
 * @since 0.1.0
 * @module
 */
import { type Filter, GameEvent, GameView, type Policy } from "@bulwark/core"
import * as Game from "./Game.js"

/**
 * The results of one batch of dealt damage, in this order: for each damage occurrence its
 * result (120.3a–e, 120.3h), then one life gain per source with lifelink (120.3f; 702.15e:
 * separate life gain events per source).
 *
 * - to a player: from a source with infect, that many poison counters (120.3b); otherwise that
 *   much life loss (120.3a). The life loss of one player in one batch is **one** occurrence (the
 *   sum over the sources, at the position of the first), as the CR 120.4 example writes it
 *   ("[10 damage is dealt to the defending player]" from two attackers → "the defending player
 *   loses … life"): a replacement of that result (Worship) then sees and caps the loss once,
 *   not once per source. It keeps the source when there is exactly one;
 * - to a planeswalker: that many loyalty counters removed (120.3c) — at most as many as it has:
 *   the result records the number actually removed (5 damage to a planeswalker with 3 loyalty
 *   removes 3);
 * - to a battle: that many defense counters removed (120.3h), bounded the same way;
 * - to a creature: from a source with wither and/or infect, that many −1/−1 counters (120.3d);
 *   otherwise that much damage marked (120.3e);
 * - from a source with lifelink: its controller (or its owner if it has none, 702.15b) gains that
 *   much life (120.3f).
 *
 * Every result carries the kinds of its damage plus `fromDamage`, and the damage's source (a
 * player's summed life loss: its source only when a single source dealt it).
 *
 * @example
 * ```ts
 * import { GameEvent, GameView } from "@bulwark/core"
 * import { Results } from "@bulwark/mtg"
 * const view = GameView.make({ players: ["a", "b"], activePlayer: "a", objects: [
 *   { id: "b", kind: "player", props: { life: 20 } },
 *   { id: "vampire", kind: "object", controller: "a", props: { keywords: ["lifelink"] } }] })
 * Results.resultsOf([GameEvent.damage({ id: "d", source: "vampire", recipient: "b", amount: 3 })], view)
 *   .map((o) => `${o.family} ${o.subject} ${o.amount}`) // ["lifeLoss b 3", "lifeGain a 3"]
 * ```
 * @since 0.1.0
 * @category results
 */
export const resultsOf = (
  dealt: ReadonlyArray<GameEvent.Occurrence>,
  view: GameView.GameView
): ReadonlyArray<GameEvent.Occurrence> => {
  const out: Array<GameEvent.Occurrence> = []
  // made at their first entry (most batches have no lifelink and no player dealt damage)
  let lifelink: Map<string, { amount: number; first: string; kinds: ReadonlyArray<string> }> | undefined
  // one life loss per player per batch (see above): where it goes in `out`, and what it sums
  let losses:
    | Map<
        string,
        { at: number; amount: number; first: string; sources: Set<string | undefined>; kinds: Set<string> }
      >
    | undefined
  for (const d of dealt) {
    if (d.family !== Game.Family.damage || d.amount <= 0) continue
    const src = d.source
    const infect = Game.has(view, src, "keywords", "infect")
    const wither = Game.has(view, src, "keywords", "wither")
    const kinds = [...d.kinds, Game.FROM_DAMAGE]
    const r = view.objects[d.subject]
    if (r?.kind === "player") {
      // 120.3b
      if (infect) out.push(counters(d, kinds, Game.Family.addCounters, "poison", "poison"))
      else {
        // 120.3a, summed per player (see above)
        losses ??= new Map()
        const prev = losses.get(d.subject)
        if (prev === undefined) {
          losses.set(d.subject, {
            at: out.length,
            amount: d.amount,
            first: d.id,
            sources: new Set([src]),
            kinds: new Set(kinds)
          })
          out.push(resultOf(d, kinds, `${d.id}:lifeLoss`, Game.Family.lifeLoss, d.amount, undefined))
        } else {
          prev.amount += d.amount
          prev.sources.add(src)
          for (const k of kinds) prev.kinds.add(k)
        }
      }
    } else {
      // 120.3c
      if (Game.has(view, d.subject, "types", "Planeswalker")) out.push(removed(view, d, kinds, "loyalty"))
      // 120.3h
      if (Game.has(view, d.subject, "types", "Battle")) out.push(removed(view, d, kinds, "defense"))
      if (Game.has(view, d.subject, "types", "Creature")) {
        // 120.3d, 120.3e
        if (wither || infect) out.push(counters(d, kinds, Game.Family.addCounters, "-1/-1", "counters"))
        else out.push(resultOf(d, kinds, `${d.id}:marked`, Game.Family.markDamage, d.amount, undefined))
      }
    }
    if (src !== undefined && Game.has(view, src, "keywords", "lifelink")) {
      lifelink ??= new Map()
      const prev = lifelink.get(src)
      lifelink.set(src, {
        amount: (prev?.amount ?? 0) + d.amount,
        first: prev?.first ?? d.id,
        kinds: prev?.kinds ?? kinds
      })
    }
  }
  if (losses !== undefined) addLosses(out, losses)
  if (lifelink !== undefined) addLifelink(out, lifelink, view)
  return out
}

/**
 * One damage's result: its recipient, its source (if any), the kinds given, `params` if given
 * (what `GameEvent.occurrence` makes of `{ subject, amount, kinds, source?, id, family, params }`).
 */
const resultOf = (
  d: GameEvent.Occurrence,
  kinds: ReadonlyArray<string>,
  id: string,
  family: string,
  amount: number,
  params: Readonly<Record<string, GameView.Prop>> | undefined
): GameEvent.Occurrence => {
  const src = d.source
  const subject = d.subject
  if (src === undefined)
    return GameEvent.occurrence(
      params === undefined
        ? { id, family, subject, amount, kinds }
        : { id, family, subject, amount, kinds, params }
    )
  return GameEvent.occurrence(
    params === undefined
      ? { id, family, subject, source: src, amount, kinds }
      : { id, family, subject, source: src, amount, kinds, params }
  )
}

/** Counters put on the damage's recipient (poison, −1/−1): as many as the damage. */
const counters = (
  d: GameEvent.Occurrence,
  kinds: ReadonlyArray<string>,
  family: string,
  counter: string,
  suffix: string
): GameEvent.Occurrence => resultOf(d, kinds, `${d.id}:${suffix}`, family, d.amount, { counter })

/**
 * Counters removed from the recipient: bounded by the counters there are (5 damage to a
 * planeswalker with 3 loyalty removes 3): the result records what is actually removed.
 */
const removed = (
  view: GameView.GameView,
  d: GameEvent.Occurrence,
  kinds: ReadonlyArray<string>,
  counter: string
): GameEvent.Occurrence =>
  resultOf(
    d,
    kinds,
    `${d.id}:${counter}`,
    Game.Family.removeCounters,
    Math.min(d.amount, Game.num(view, d.subject, Game.counterProp(counter))),
    { counter }
  )

/** Each player's summed life loss, written where its first damage's result went. */
const addLosses = (
  out: Array<GameEvent.Occurrence>,
  losses: ReadonlyMap<
    string,
    { at: number; amount: number; first: string; sources: Set<string | undefined>; kinds: Set<string> }
  >
): void => {
  for (const [player, l] of losses) {
    const [only] = l.sources
    out[l.at] = GameEvent.occurrence({
      id: `${l.first}:lifeLoss`,
      family: Game.Family.lifeLoss,
      subject: player,
      ...(l.sources.size === 1 && only !== undefined ? { source: only } : {}),
      amount: l.amount,
      kinds: [...l.kinds]
    })
  }
}

/** One life gain per source with lifelink (702.15e). */
const addLifelink = (
  out: Array<GameEvent.Occurrence>,
  lifelink: ReadonlyMap<string, { amount: number; first: string; kinds: ReadonlyArray<string> }>,
  view: GameView.GameView
): void => {
  for (const [src, l] of lifelink) {
    const gainer = GameView.controllerOf(view, src) ?? view.activePlayer
    out.push(
      GameEvent.occurrence({
        id: `${l.first}:lifelink`,
        family: Game.Family.lifeGain,
        subject: gainer,
        source: src,
        amount: l.amount,
        kinds: l.kinds
      })
    )
  }
}

/**
 * The ruleset's results stage (CR 120.3, 120.4c), for `Policy.Rules.results`.
 *
 * @example
 * ```ts
 * import { Results } from "@bulwark/mtg"
 * Results.policy.rule // "MTG CR 120.3, 120.4c"
 * ```
 * @since 0.1.0
 * @category results
 */
export const policy: Policy.ResultsPolicy = {
  rule: "MTG CR 120.3, 120.4c",
  results: resultsOf
}

/**
 * The named predicate "the results of damage in this batch would reduce this player's life total
 * to less than `args.floor`" (Worship, CR 120.4 example 2). It reads the whole batch
 * (`ctx.batch`): the player's life, minus the life loss caused by damage, plus the life gained,
 * in the same event.
 *
 * @example
 * ```ts
 * import { Results } from "@bulwark/mtg"
 * Results.PREDICATE_LIFE_BELOW // "mtg.resultsReduceLifeBelow"
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const PREDICATE_LIFE_BELOW = "mtg.resultsReduceLifeBelow" as const

/**
 * The net change of a player's life in a batch: gains minus losses.
 *
 * @example
 * ```ts
 * import { GameEvent } from "@bulwark/core"
 * import { Results } from "@bulwark/mtg"
 * Results.netLifeChange("b", [
 *   GameEvent.occurrence({ id: "l", family: "lifeLoss", subject: "b", amount: 5 }),
 *   GameEvent.occurrence({ id: "g", family: "lifeGain", subject: "b", amount: 5 })
 * ]) // 0
 * ```
 * @since 0.1.0
 * @category results
 */
export const netLifeChange = (player: string, batch: ReadonlyArray<GameEvent.Occurrence>): number => {
  let net = 0
  for (const o of batch) {
    if (o.subject !== player) continue
    if (o.family === Game.Family.lifeLoss) net -= o.amount
    else if (o.family === Game.Family.lifeGain) net += o.amount
  }
  return net
}

/**
 * The results predicates, for the ruleset's `predicates`.
 *
 * @example
 * ```ts
 * import { Results } from "@bulwark/mtg"
 * Object.keys(Results.predicates) // ["mtg.resultsReduceLifeBelow"]
 * ```
 * @since 0.1.0
 * @category predicates
 */
export const predicates = {
  [PREDICATE_LIFE_BELOW]: (
    view: GameView.GameView,
    id: string,
    ctx: { readonly batch?: ReadonlyArray<GameEvent.Occurrence> | undefined },
    args: Readonly<Record<string, GameView.Prop>>
  ): boolean => {
    const floor = typeof args["floor"] === "number" ? args["floor"] : 1
    const batch = ctx.batch ?? []
    return Game.num(view, id, "life") + netLifeChange(id, batch) < floor
  }
}

/**
 * The named value "the most life this player can lose from damage in this results event and
 * still end at `args.floor`": their life, minus `floor`, plus everything else the event does to
 * their life (gains add, other losses subtract). Worship (CR 120.4 example 2, "damage that would
 * reduce your life total to less than 1 reduces it to 1 instead") caps the life loss at this
 * value, so the player ends at exactly `floor` even when the same event also gains them life.
 *
 * @example
 * ```ts
 * import { Results } from "@bulwark/mtg"
 * Results.VALUE_LIFE_FLOOR_LOSS // "mtg.lifeLossDownToFloor"
 * ```
 * @since 0.1.0
 * @category results
 */
export const VALUE_LIFE_FLOOR_LOSS = "mtg.lifeLossDownToFloor" as const

/**
 * The results named values, for the ruleset's `values`.
 *
 * @example
 * ```ts
 * import { Results } from "@bulwark/mtg"
 * Object.keys(Results.values) // ["mtg.lifeLossDownToFloor"]
 * ```
 * @since 0.1.0
 * @category results
 */
export const values: Filter.NamedValues = {
  [VALUE_LIFE_FLOOR_LOSS]: (ctx, args) => {
    const occ = ctx.occurrence
    if (occ === undefined) return 0
    const floor = typeof args["floor"] === "number" ? args["floor"] : 1
    // the net of the whole batch, without this loss itself
    const others = netLifeChange(occ.subject, ctx.batch ?? []) + occ.amount
    return Math.max(0, Game.num(ctx.view, occ.subject, "life") - floor + others)
  }
}
