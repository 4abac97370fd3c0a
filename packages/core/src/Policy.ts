/**
 * Policies: how a ruleset orders effects, who divides a limited prevention, what damage turns
 * into, and how an occurrence changes the view.
 *
 * The four rulesets in view reduce to two ordering shapes, offered here as builders so that
 * adapters stay thin:
 *
 * - {@link affectedChooses}: the affected object's controller (or the affected player) chooses
 *   which applicable effect applies next, from the first non-empty tier (e.g. self-replacement
 *   effects first), the batch partitioned per affected object and those objects taken in turn
 *   order from the active player (APNAP);
 * - {@link slotsByPlayer}: fixed slots (groups) in order, and within a slot each player in a
 *   player order applies all of their own effects of that slot, in the order they choose.
 *
 * Policies are plain synchronous functions so the resolver's inner loop stays fast; they are
 * provided to Effect programs as services ({@link EffectOrder}, {@link Assignment},
 * {@link Results}), built from one {@link Rules} value with {@link layer}.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import type * as Filter from "./Filter.js"
import type * as GameEvent from "./GameEvent.js"
import * as GameView from "./GameView.js"
import type * as Replacement from "./Replacement.js"
import type * as Words from "./Words.js"
import type * as Zones from "./Zones.js"

/**
 * Where an ordering policy is in its own sequence (the current tier or slot, the current
 * player). Part of the resolution's state.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const p: Policy.Progress = { tier: 0, player: 0 }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Progress {
  readonly tier: number
  readonly player: number
}

/**
 * What an ordering policy sees when asked what applies next to one group of occurrences.
 *
 * @example
 * ```ts
 * import type { Policy } from "@bulwark/core"
 * const firstCandidate = (ctx: Policy.OrderContext) => ctx.candidates[0]?.id
 * ```
 * @since 0.1.0
 * @category model
 */
export interface OrderContext {
  readonly view: GameView.GameView
  /** The group's key (see {@link OrderingPolicy.groupKey}). */
  readonly group: string
  /** The subject of the group's first occurrence: the affected object or player. */
  readonly affected: string
  /** The applicable effects not yet applied to this group, in ledger order. */
  readonly candidates: ReadonlyArray<Replacement.Replacement>
  readonly progress: Progress
  /** The starting player, once one was selected. */
  readonly startingPlayer: string | undefined
}

/**
 * The ordering policy's answer: apply an effect, ask a player to choose among options, or the
 * group is done. `tier` names the tier or slot, for the trace; `rule` is the citation.
 *
 * @example
 * ```ts
 * import type { Policy } from "@bulwark/core"
 * const done: Policy.Step = { _tag: "Done", progress: { tier: 0, player: 0 } }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Step =
  | {
      readonly _tag: "Apply"
      readonly effect: string
      readonly progress: Progress
      readonly tier: string
      readonly rule: string
      /** Why no one was asked, for the trace (default: "only candidate"), e.g. "declared order". */
      readonly chosenBy?: string
    }
  | {
      readonly _tag: "Choose"
      readonly chooser: string
      readonly options: ReadonlyArray<string>
      readonly progress: Progress
      readonly tier: string
      readonly rule: string
    }
  | { readonly _tag: "Done"; readonly progress: Progress }

/**
 * An ordering policy.
 *
 * - `groupKey`: partitions a batch: occurrences with the same key are ordered together (per
 *   affected object, or the whole event);
 * - `groupOrder`: `"apnap"` takes groups by their affected object's controller in turn order
 *   from the active player, then as given; `"asGiven"` keeps the event's order;
 * - `startingPlayer`: if set, when effects of two or more players are applicable at the start of
 *   an event, the active player selects a starting player (a decision);
 * - `next`: the step function.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const order: Policy.OrderingPolicy = Policy.affectedChooses({
 *   name: "demo", rule: "demo 1.1", tiers: [{ name: "self", categories: ["self"] }, { name: "any" }]
 * })
 * ```
 * @since 0.1.0
 * @category model
 */
export interface OrderingPolicy {
  readonly name: string
  readonly groupKey: (occurrence: GameEvent.Occurrence, view: GameView.GameView) => string
  readonly groupOrder: "apnap" | "asGiven"
  readonly startingPlayer?: { readonly rule: string } | undefined
  readonly next: (ctx: OrderContext) => Step
  /**
   * Who chooses for an affected object or player ("the affected side chooses"). When set, the
   * kernel links the groups of one chooser that a *limited* effect could apply to — a shield with
   * an amount left (its points are divided among them), or an effect with fewer uses left than
   * such groups (its chooser picks which occurrence gets each use) — and orders those groups'
   * effects together, so that which occurrence takes a limited effect is that player's choice,
   * never the order the occurrences are listed in (MTG CR 615.7, 616.1; Riftbound 373).
   * It must be a function of its arguments only: the kernel remembers its answers per view.
   */
  readonly chooserOf?: ((affected: string, view: GameView.GameView) => string) | undefined
  /** The rule cited when groups are linked, and for the choice of which occurrence gets a use. */
  readonly linkedRule?: string | undefined
  /**
   * One sequence per effect over simultaneous events of these `families` (Riftbound 373.2: "each
   * Replacement Effect may only be applied in one sequence, to any number of events that are
   * qualified to be replaced"). With `chooserOf` set, the open groups of one chooser whose
   * events are of these families are linked whenever two or more have an applicable effect: the
   * chooser picks which effect applies next over all of them, and an effect applies at once to
   * every one of them it qualifies for (its sequence). Once another effect has applied in the
   * event after it, an effect does not apply again in that event (its sequence is over: it
   * reports `sequenceEnded`), even to an event it qualifies for only now. Optional: without it,
   * nothing changes.
   */
  readonly sequences?: { readonly families: ReadonlyArray<string>; readonly rule: string } | undefined
  /**
   * Modifiers of an occurrence's amount that apply before anything else, as arithmetic: each
   * effect of these `categories` that applies to an occurrence (its watch, condition, limit) is
   * applied to it when its event starts, in ledger order, no one choosing, before any group is
   * ordered — even to an occurrence proposed at 0, and with signed amounts on the way (3, −5, +3
   * gives 1: the amount is held at 0 only once they are all applied). Then the event goes on as
   * usual from that amount (at 0, nothing else applies). Берсерк 533.2: «Предотвращение
   * используется всегда после наложения всех модификаторов атаки», where an attack modifier
   * changes the attack's strength, a number, not a wound that could be dealt. An effect with
   * uses left for fewer occurrences than it watches takes them in the event's order; one that
   * can't apply when the event starts (its condition) is not applied later in it.
   *
   * Each such effect must change the amount (`Replacement.modify`) and ask nothing: no "may",
   * no cost (else `Errors.InvalidEffect` naming it). Optional: without it, nothing changes.
   * `name` is the tier the trace shows, `rule` the rule it cites.
   *
   * @since 0.1.0
   */
  readonly first?:
    | { readonly name: string; readonly categories: ReadonlyArray<string>; readonly rule: string }
    | undefined
}

/**
 * Who divides a limited prevention among several occurrences it could cover.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const a: Policy.AssignmentPolicy = Policy.effectControllerAllocates("FaB 6.4.10f")
 * ```
 * @since 0.1.0
 * @category model
 */
export interface AssignmentPolicy {
  readonly allocator: (
    effect: Replacement.Replacement,
    targets: ReadonlyArray<GameEvent.Occurrence>,
    view: GameView.GameView
  ) => string
  readonly rule: string
}

/**
 * Turns damage that was dealt into its results (life loss, counters, marked damage, …), which
 * are resolved as a new event and can be replaced in turn.
 *
 * @example
 * ```ts
 * import { GameEvent, Policy } from "@bulwark/core"
 * const lifeLoss: Policy.ResultsPolicy = {
 *   rule: "demo 2.1",
 *   results: (dealt) => dealt.map((d) => GameEvent.occurrence({ id: `${d.id}:loss`, family: "lifeLoss", subject: d.subject, amount: d.amount }))
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface ResultsPolicy {
  readonly results: (
    dealt: ReadonlyArray<GameEvent.Occurrence>,
    view: GameView.GameView
  ) => ReadonlyArray<GameEvent.Occurrence>
  readonly rule: string
}

/**
 * How a ruleset changes an event before any replacement or prevention effect sees it (for
 * `Rules.prepareEvent`): MTG 120.4a, "First, if an effect that's causing damage to be dealt
 * states that excess damage that would be dealt to a permanent is dealt to another permanent or
 * player instead, the damage event is modified accordingly." `apply` returns the event's
 * occurrences as modified, with one note per change for the trace, or `undefined` when it
 * changes nothing. It is asked for every event the resolver starts except a cost's.
 *
 * @example
 * ```ts
 * import type { Policy } from "@bulwark/core"
 * const nothing: Policy.EventPreparation = { rule: "demo 1.1", apply: () => undefined }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface EventPreparation {
  readonly rule: string
  readonly apply: (
    occurrences: ReadonlyArray<GameEvent.Occurrence>,
    view: GameView.GameView
  ) =>
    | { readonly occurrences: ReadonlyArray<GameEvent.Occurrence>; readonly notes: ReadonlyArray<string> }
    | undefined
}

/**
 * Why an occurrence can't happen at all, and the rule that says so (for `Rules.fails`).
 *
 * @example
 * ```ts
 * import type { Policy } from "@bulwark/core"
 * const gone: Policy.Failure = { reason: "the attack-target has ceased to exist", rule: "FaB 7.5.2b" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Failure {
  readonly reason: string
  readonly rule: string
  /** The reason by key, so that each language says it in its own words (`reason`: in English). */
  readonly phrase?: Words.Phrase | undefined
}

/**
 * A ruleset's policies in one value, as the synchronous resolver takes them.
 *
 * - `name`: the ruleset's id (a stored decision record names it, see `Decision.Stored`);
 *   `rulesVersion`: the rules text implemented, also checked when a record is restored;
 * - `commit`: how an occurrence that happened changes the view (used for costs and sub-events,
 *   so that later candidates see, for example, that the effect's source was destroyed; and for
 *   the final occurrences). It returns the new view — all of the amount was done — or a
 *   {@link Committed} saying how much was really done (two counters removed of five asked, a
 *   heal of 2 that removed the 1 wound there was): the outcome records what was done;
 * - `fails`: whether an occurrence can't happen at all in the current view (damage to an object
 *   that has left play, or that can't be dealt damage): such an occurrence is `failed` — no
 *   effect applies to it, nothing happens, and the trace says why. Asked when the occurrence
 *   enters the resolution and again, before it happens, if it is still live;
 * - `predicates`: named filter predicates; `values`: named values (`Filter.NamedValues`);
 * - `maxSteps`: the termination bound (default: 64 × (effects + 1) × (occurrences + 1));
 * - `replacementsFirst`: what replacements made happens before the unmodified rest;
 * - `orderShortcut`: order prompts only when the order can matter;
 * - `prepareEvent`: how the ruleset changes an event before effects see it (see
 *   {@link EventPreparation}; MTG 120.4a);
 * - `zones`: where objects are in play and where they have a controller (see `Zones.Zones`),
 *   stated once: filters read it (`ControlledBy`: a card in a graveyard is controlled by no one),
 *   and an occurrence of one of its `dealtInPlay` families to what is not in play is `failed`;
 * - `alsoDealtBy`: who else is considered to have dealt an occurrence besides its source (FaB
 *   8.5.3a: a non-living card's controller and that player's hero): an effect that watches a
 *   source (`watch.source`) applies when its filter matches the source or any of them.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const rules: Policy.Rules = {
 *   name: "demo",
 *   order: Policy.affectedChooses({ name: "demo", rule: "demo 1", tiers: [{ name: "any" }] }),
 *   assignment: Policy.recipientControllerAllocates("demo 2")
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Rules {
  readonly name: string
  /**
   * The rules text these rules implement (a ruleset's `rulesVersion`). A stored decision record
   * (`Decision.Stored`) carries it, with `name` as its ruleset id, and restoring the record
   * under rules of another version is an `IncompatibleRecord` error. Absent: `""`.
   *
   * @since 0.1.0
   */
  readonly rulesVersion?: string | undefined
  readonly order: OrderingPolicy
  readonly assignment: AssignmentPolicy
  readonly results?: ResultsPolicy | undefined
  readonly commit?:
    | ((view: GameView.GameView, occurrence: GameEvent.Occurrence) => GameView.GameView | Committed)
    | undefined
  readonly fails?:
    | ((occurrence: GameEvent.Occurrence, view: GameView.GameView) => Failure | undefined)
    | undefined
  readonly predicates?: Filter.Predicates | undefined
  readonly values?: Filter.NamedValues | undefined
  readonly maxSteps?: number | undefined
  /**
   * When an event's occurrences happen, those that replacement effects made come first, before
   * the simultaneous occurrences nothing replaced (Riftbound 373.1.a: "the Game Actions that
   * comprise their instructions are performed before any simultaneous unmodified events").
   * Default: in the order they are in the event.
   */
  readonly replacementsFirst?: boolean | undefined
  /**
   * Order prompts only when the order can matter: a choice of which effect applies next is not
   * asked when every order of the options ends in the same occurrences and ledger (the trace
   * says so). Off unless set; `Kernel.Options.askEveryOrder` overrides it either way.
   */
  readonly orderShortcut?: boolean | undefined
  /**
   * How the ruleset changes an event before any effect sees it (see {@link EventPreparation}).
   *
   * @since 0.1.0
   */
  readonly prepareEvent?: EventPreparation | undefined
  /**
   * Where objects are in play and have a controller (see `Zones.Zones`).
   *
   * @since 0.1.0
   */
  readonly zones?: Zones.Zones | undefined
  /**
   * The players and objects also considered to have dealt an occurrence, besides its source
   * (FaB 8.5.3a). Read where an effect's `watch.source` is matched; it must not mutate the view.
   *
   * @since 0.1.0
   */
  readonly alsoDealtBy?:
    | ((occurrence: GameEvent.Occurrence, view: GameView.GameView) => ReadonlyArray<string>)
    | undefined
}

/**
 * What a ruleset's `commit` returns when it did less than the occurrence's amount: the new view,
 * how much of the amount was `done` (0 … amount), and why the rest could not be done, with the
 * rule that says so. An effect does only as much as possible (MTG 609.3: "If an effect attempts
 * to do something impossible, it does only as much as possible"; FaB 8.5.6b: a draw from an
 * empty deck fails; Берсерк 119.5.1: a heal removes at most the wounds there are). The resolver
 * records `done` as the outcome's amount and the rest as its `notDone`; an occurrence of which
 * nothing was done did not happen (`failed`). A commit that returns a bare view did all of it —
 * as damage beyond a life total is still dealt in full (FaB 2.5.3e, MTG 120.3).
 *
 * @example
 * ```ts
 * import { GameView, Policy } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * const c = Policy.committed(view, 2, { reason: "only 2 counters were there", rule: "MTG 609.3" })
 * c.done // 2
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Committed {
  readonly _tag: "Committed"
  readonly view: GameView.GameView
  readonly done: number
  readonly why?: Failure | undefined
  /**
   * The events contained in the one that happened (MTG 616.1g: "one replacement or prevention
   * effect may apply to an event, and another may apply to an event contained within the first
   * event"; its example: "entering the battlefield is an event contained within the event of
   * creating a token"): occurrences that happen as part of it, resolved — and replaced in turn —
   * as an event of their own (`<event>:contained`) right after the batch is committed, before the
   * outer event goes on (its results, its additional effects). Absent: none. See {@link contains}.
   *
   * @since 0.1.0
   */
  readonly contained?: ReadonlyArray<GameEvent.Occurrence> | undefined
}

/**
 * A {@link Committed}: the view after, how much was done and why not the rest.
 *
 * @example
 * ```ts
 * import { GameView, Policy } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * Policy.committed(view, 0, { reason: "the deck is empty", rule: "FaB 8.5.6b" }).done // 0
 * ```
 * @since 0.1.0
 * @category builders
 */
export const committed = (view: GameView.GameView, done: number, why?: Failure): Committed =>
  why === undefined ? { _tag: "Committed", view, done } : { _tag: "Committed", view, done, why }

/**
 * A {@link Committed} that did all of `occurrence` and has events contained in it (MTG 616.1g: a
 * token's entering the battlefield, contained in its creation): they are resolved as an event of
 * their own, where replacement effects apply to them before the outer event goes on.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Policy } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * const create = GameEvent.occurrence({ id: "t", family: "createToken", subject: "a" })
 * const enter = GameEvent.occurrence({ id: "t/token1:enters", family: "zoneChange", subject: "a", params: { to: "battlefield" } })
 * Policy.contains(view, create, [enter]).contained?.length // 1
 * ```
 * @since 0.1.0
 * @category builders
 */
export const contains = (
  view: GameView.GameView,
  occurrence: GameEvent.Occurrence,
  contained: ReadonlyArray<GameEvent.Occurrence>
): Committed => ({ _tag: "Committed", view, done: occurrence.amount, contained })

/**
 * The view a `commit` returned (bare, or inside a {@link Committed}).
 *
 * @example
 * ```ts
 * import { GameView, Policy } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * Policy.viewOf(Policy.committed(view, 1)) === view // true
 * ```
 * @since 0.1.0
 * @category builders
 */
export const viewOf = (result: GameView.GameView | Committed): GameView.GameView =>
  "_tag" in result && result._tag === "Committed" ? result.view : (result as GameView.GameView)

/**
 * How much of an occurrence a `commit` did: a {@link Committed}'s `done` (never above the
 * occurrence's amount, never below 0), else all of it.
 *
 * @example
 * ```ts
 * import { GameEvent, GameView, Policy } from "@bulwark/core"
 * const view = GameView.make({ players: ["a"], activePlayer: "a" })
 * const o = GameEvent.occurrence({ id: "d", family: "draw", subject: "a", amount: 3 })
 * Policy.doneOf(view, o) // 3
 * Policy.doneOf(Policy.committed(view, 1), o) // 1
 * ```
 * @since 0.1.0
 * @category builders
 */
export const doneOf = (result: GameView.GameView | Committed, occurrence: GameEvent.Occurrence): number =>
  "_tag" in result && result._tag === "Committed"
    ? Math.max(0, Math.min(occurrence.amount, result.done))
    : occurrence.amount

/**
 * A tier or slot: a name and which effects belong to it (by `category`, or by a test). An effect
 * that matches no tier belongs to the last one.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const t: Policy.Tier = { name: "self-replacement", categories: ["self"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Tier {
  readonly name: string
  readonly categories?: ReadonlyArray<string>
  /** A test of the effect alone (its answer is remembered per effect value). */
  readonly match?: (effect: Replacement.Replacement) => boolean
  /** A rule cited when an effect of this tier is applied or chosen. */
  readonly rule?: string
}

const tierIndex = (tiers: ReadonlyArray<Tier>, e: Replacement.Replacement): number => {
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i] as Tier
    if (t.match !== undefined ? t.match(e) : t.categories === undefined || t.categories.includes(e.category))
      return i
  }
  return tiers.length - 1
}

const idOf = (e: Replacement.Replacement): string => e.id

/**
 * The `next` functions of {@link affectedChooses}: they answer `Done` with the progress unchanged
 * when nothing can apply, and keep nothing of the context they are given.
 */
const doneWhenEmpty = new WeakSet<OrderingPolicy["next"]>()

/**
 * Whether an ordering policy's `next` answers `{ _tag: "Done", progress }` (the progress it was
 * given) whenever no effect can apply, as {@link affectedChooses}' does: the kernel then need not
 * ask it when a group has no candidate. Any other policy is asked.
 *
 * @internal
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const order = Policy.affectedChooses({ name: "demo", rule: "demo 1", tiers: [{ name: "any" }] })
 * Policy.isDoneWhenEmpty(order) // true
 * ```
 * @since 0.1.0
 * @category model
 */
export const isDoneWhenEmpty = (policy: OrderingPolicy): boolean => doneWhenEmpty.has(policy.next)

/**
 * Whether an ordering policy's `next` keeps nothing of the {@link OrderContext} it is given once
 * it has answered (no reference to the context itself), as {@link affectedChooses}' does: the
 * kernel may then hand it one context object, refilled at every step, instead of a new one per
 * step. Any other policy gets a new context at every step.
 *
 * @internal
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const order = Policy.affectedChooses({ name: "demo", rule: "demo 1", tiers: [{ name: "any" }] })
 * Policy.keepsNoContext(order) // true
 * ```
 * @since 0.1.0
 * @category model
 */
export const keepsNoContext = (policy: OrderingPolicy): boolean => doneWhenEmpty.has(policy.next)

/** A tier lookup that remembers each effect's tier (a tier's test reads only the effect). */
const tierLookup = (tiers: ReadonlyArray<Tier>): ((e: Replacement.Replacement) => number) => {
  const known = new WeakMap<Replacement.Replacement, number>()
  return (e) => {
    let i = known.get(e)
    if (i === undefined) {
      i = tierIndex(tiers, e)
      known.set(e, i)
    }
    return i
  }
}

/**
 * The default chooser for an affected object: its controller, else its owner, else the active
 * player (an uncontrolled object).
 *
 * @example
 * ```ts
 * import { GameView, Policy } from "@bulwark/core"
 * const view = GameView.make({ players: ["a", "b"], activePlayer: "a" })
 * Policy.defaultChooserOf("b", view) // "b"
 * ```
 * @since 0.1.0
 * @category builders
 */
export const defaultChooserOf = (subject: string, view: GameView.GameView): string =>
  GameView.controllerOf(view, subject) ?? view.activePlayer

/**
 * "The affected side chooses": the batch is partitioned per affected object (or per `groupKey`),
 * groups are taken in APNAP order, and for each group its affected object's controller chooses
 * among the applicable effects of the first non-empty tier, one at a time, re-evaluating after
 * each. A single candidate in that tier applies without a question (the trace says so).
 *
 * The groups of one chooser that one limited effect could apply to are linked (see
 * {@link OrderingPolicy.chooserOf}): their effects are ordered together, a shield's points are
 * divided among all of their occurrences, and a use-limited effect's chooser picks which
 * occurrence it applies to (`linkedRule` is cited). Different choosers still come in APNAP order.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const order = Policy.affectedChooses({
 *   name: "affected-chooses",
 *   rule: "the affected object's controller chooses",
 *   tiers: [{ name: "self-replacement", categories: ["self"] }, { name: "any" }]
 * })
 * ```
 * @since 0.1.0
 * @category builders
 */
export const affectedChooses = (options: {
  readonly name: string
  readonly rule: string
  readonly tiers: ReadonlyArray<Tier>
  readonly chooserOf?: (affected: string, view: GameView.GameView) => string
  readonly groupKey?: (occurrence: GameEvent.Occurrence, view: GameView.GameView) => string
  /** The rule cited when one limited effect links several groups of one chooser (default: `rule`). */
  readonly linkedRule?: string
}): OrderingPolicy => {
  const tiers = options.tiers.length === 0 ? [{ name: "any" }] : options.tiers
  const tierOf = tierLookup(tiers)
  const chooserOf = options.chooserOf ?? defaultChooserOf
  const next: OrderingPolicy["next"] = (ctx) => {
    if (ctx.candidates.length === 0) return { _tag: "Done", progress: ctx.progress }
    if (ctx.candidates.length === 1) {
      // one candidate: it applies (no tier to compare it with)
      const only = ctx.candidates[0] as Replacement.Replacement
      const tier = tiers[tierOf(only)] as Tier
      return {
        _tag: "Apply",
        effect: only.id,
        progress: ctx.progress,
        tier: tier.name,
        rule: tier.rule ?? options.rule
      }
    }
    // the best tier, how many candidates are in it, and the first of them
    let best = Number.POSITIVE_INFINITY
    let count = 0
    let first = ctx.candidates[0] as Replacement.Replacement
    for (const c of ctx.candidates) {
      const t = tierOf(c)
      if (t < best) {
        best = t
        count = 1
        first = c
      } else if (t === best) count++
    }
    const tier = tiers[best] as Tier
    const rule = tier.rule ?? options.rule
    if (count === 1) return { _tag: "Apply", effect: first.id, progress: ctx.progress, tier: tier.name, rule }
    // every candidate in the best tier (the usual case): the list at its size; else a second
    // pass over the remembered tiers
    let ids: Array<string>
    if (count === ctx.candidates.length) ids = ctx.candidates.map(idOf)
    else {
      ids = []
      for (const c of ctx.candidates) if (tierOf(c) === best) ids.push(c.id)
    }
    return {
      _tag: "Choose",
      chooser: chooserOf(ctx.affected, ctx.view),
      options: ids,
      progress: ctx.progress,
      tier: tier.name,
      rule
    }
  }
  doneWhenEmpty.add(next)
  return {
    name: options.name,
    groupKey: options.groupKey ?? ((o) => o.subject),
    groupOrder: "apnap",
    chooserOf,
    linkedRule: options.linkedRule ?? options.rule,
    next
  }
}

/**
 * "Slots × players": fixed slots in order; within a slot, players in `players` order each apply
 * all of their own applicable effects of that slot, in the order they choose; then the next
 * slot. A slot already passed is not revisited. By default a player already passed in the slot
 * is not revisited either; with `cycle: true` the players are taken round again, from the one
 * whose turn it is, until no effect of the slot is left to apply — so an effect that became
 * applicable for a player already passed (its condition now holds) still applies in its slot
 * (FaB 6.5.2: "… ending when there are no more active replacement effects of that type to
 * apply"). Each effect applies at most once per event, so the round ends. Player orders:
 * clockwise (turn order) from a starting player selected by the active player, or the inactive
 * players then the active player, or a function of your own.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const order = Policy.slotsByPlayer({
 *   name: "slots",
 *   rule: "each player orders their own effects",
 *   slots: [{ name: "standard", categories: ["standard"] }, { name: "prevention", categories: ["prevention"] }],
 *   players: "clockwiseFromSelected",
 *   startingPlayerRule: "the turn player selects a starting player"
 * })
 * ```
 * @since 0.1.0
 * @category builders
 */
export const slotsByPlayer = (options: {
  readonly name: string
  readonly rule: string
  readonly slots: ReadonlyArray<Tier>
  readonly players:
    | "clockwiseFromSelected"
    | "inactiveThenActive"
    | ((view: GameView.GameView, startingPlayer: string | undefined) => ReadonlyArray<string>)
  readonly startingPlayerRule?: string
  readonly groupKey?: (occurrence: GameEvent.Occurrence, view: GameView.GameView) => string
  /** Go round the players again while the slot has effects left to apply (default: one pass). */
  readonly cycle?: boolean
}): OrderingPolicy => {
  const slots = options.slots.length === 0 ? [{ name: "any" }] : options.slots
  const slotOf = tierLookup(slots)
  const cycle = options.cycle === true
  const order = (view: GameView.GameView, start: string | undefined): ReadonlyArray<string> => {
    if (typeof options.players === "function") return options.players(view, start)
    if (options.players === "inactiveThenActive") {
      return [...GameView.turnOrderFrom(view, view.activePlayer).slice(1), view.activePlayer]
    }
    return GameView.turnOrderFrom(view, start ?? view.activePlayer)
  }
  return {
    name: options.name,
    groupKey: options.groupKey ?? (() => "event"),
    groupOrder: "apnap",
    startingPlayer:
      options.players === "clockwiseFromSelected"
        ? { rule: options.startingPlayerRule ?? options.rule }
        : undefined,
    next: (ctx) => {
      const players = order(ctx.view, ctx.startingPlayer)
      for (let s = ctx.progress.tier; s < slots.length; s++) {
        const slot = slots[s] as Tier
        const inSlot = ctx.candidates.filter((c) => slotOf(c) === s)
        const from = s === ctx.progress.tier ? ctx.progress.player : 0
        const count = cycle ? players.length : players.length - from
        for (let k = 0; k < count; k++) {
          const p = cycle ? (from + k) % players.length : from + k
          const player = players[p]
          const mine = inSlot.filter((c) => c.controller === player)
          if (mine.length === 0) continue
          const progress = { tier: s, player: p }
          const rule = slot.rule ?? options.rule
          if (mine.length === 1) {
            return {
              _tag: "Apply",
              effect: (mine[0] as Replacement.Replacement).id,
              progress,
              tier: slot.name,
              rule
            }
          }
          return {
            _tag: "Choose",
            chooser: player as string,
            options: mine.map((c) => c.id),
            progress,
            tier: slot.name,
            rule
          }
        }
      }
      return { _tag: "Done", progress: { tier: slots.length, player: 0 } }
    }
  }
}

/**
 * The shielded (damaged) object's controller, or the shielded player, divides a limited
 * prevention among the occurrences it could cover.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * Policy.recipientControllerAllocates("MTG CR 615.7").rule // "MTG CR 615.7"
 * ```
 * @since 0.1.0
 * @category builders
 */
export const recipientControllerAllocates = (rule: string): AssignmentPolicy => ({
  rule,
  allocator: (_effect, targets, view) => defaultChooserOf((targets[0] as GameEvent.Occurrence).subject, view)
})

/**
 * The prevention effect's controller declares which points it prevents.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * Policy.effectControllerAllocates("FaB 6.4.10f").rule // "FaB 6.4.10f"
 * ```
 * @since 0.1.0
 * @category builders
 */
export const effectControllerAllocates = (rule: string): AssignmentPolicy => ({
  rule,
  allocator: (effect) => effect.controller
})

/**
 * Service: the ruleset's effect ordering policy.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Policy } from "@bulwark/core"
 * const name = Effect.gen(function* () { return (yield* Policy.EffectOrder).name })
 * ```
 * @since 0.1.0
 * @category services
 */
export class EffectOrder extends Context.Service<EffectOrder, OrderingPolicy>()(
  "@bulwark/core/EffectOrder"
) {}

/**
 * Service: the ruleset's point-assignment policy.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Policy } from "@bulwark/core"
 * const rule = Effect.gen(function* () { return (yield* Policy.Assignment).rule })
 * ```
 * @since 0.1.0
 * @category services
 */
export class Assignment extends Context.Service<Assignment, AssignmentPolicy>()("@bulwark/core/Assignment") {}

/**
 * Service: the rest of a ruleset — its name, results stage, commit function, predicates and
 * step bound.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Policy } from "@bulwark/core"
 * const name = Effect.gen(function* () { return (yield* Policy.Results).name })
 * ```
 * @since 0.1.0
 * @category services
 */
export class Results extends Context.Service<Results, Omit<Rules, "order" | "assignment">>()(
  "@bulwark/core/Results"
) {}

/**
 * The one layer an adapter provides: all three policy services from one {@link Rules} value.
 *
 * @example
 * ```ts
 * import { Policy } from "@bulwark/core"
 * const RulesLive = Policy.layer({
 *   name: "demo",
 *   order: Policy.affectedChooses({ name: "demo", rule: "demo", tiers: [] }),
 *   assignment: Policy.recipientControllerAllocates("demo")
 * })
 * ```
 * @since 0.1.0
 * @category layers
 */
export const layer = (rules: Rules): Layer.Layer<EffectOrder | Assignment | Results> =>
  Layer.mergeAll(
    Layer.succeed(EffectOrder, rules.order),
    Layer.succeed(Assignment, rules.assignment),
    Layer.succeed(Results, rules)
  )
