/**
 * The Flesh and Blood words of the one scenario language (format 4): the heroes' and objects'
 * properties, the effect kinds (each the constructor of the same name in `Effects`), the `attack`
 * and `beginEndPhase` steps, the times that pass and the event families. The skeleton (players,
 * `turn`, objects, effects by `kind:`, `event` / `update` / `advance` / `addEffects` steps) is
 * `@bulwark/scenario`'s.
 *
 * ```yaml
 * format: 4
 * ruleset: fab
 * turn: alice                         # the turn-player
 * players: [alice, { id: bob, resources: 2 }]
 * objects:
 *   - { id: bolt, controller: alice, zone: stack, types: [action] }
 *   - { id: helm, controller: bob, types: [equipment] }
 * effects:
 *   - { kind: ward, id: helm:ward, source: helm, amount: 1 }
 *   - { kind: preventNext, id: shield, controller: bob, amount: 2, kinds: [arcane] }
 * steps:
 *   - event: { id: e1, occurrences: [{ source: bolt, to: bob, amount: 3, kinds: [arcane] }] }
 * ```
 *
 * Players are heroes: a player id is the hero ("you", 1.1.2b); `life` defaults to 20 and
 * `resources` ({r}) to 0. Objects default to the arena. A damage type (8.5.3b) is an occurrence
 * kind: `physical`, `arcane`, or none (generic).
 *
 * @since 0.1.0
 * @module
 */
import {
  Amount,
  Errors,
  GameEvent,
  GameView,
  Generic,
  Language,
  Modifiers,
  type Ruleset
} from "@bulwark/core"
import * as Schema from "effect/Schema"
import * as Effects from "./Effects.js"
import * as Expansions from "./internal/effects/expansions.js"
import * as Rules from "./Rules.js"

const opt = Schema.optionalKey
const Id = Schema.NonEmptyString

const props = (entry: Language.ObjectEntry, keys: ReadonlyArray<string>) => {
  const out: Record<string, GameView.Prop> = {}
  for (const k of keys) if (entry[k] !== undefined) out[k] = entry[k] as GameView.Prop
  return out
}

// the sum total defense value of the defending cards (7.5.2), each read from the view the step
// starts in; an unknown card, one without defense, or one named twice is a file error
const defenseOf = (
  ids: ReadonlyArray<string>,
  view: GameView.GameView,
  ctx: Language.CompileContext
): number => {
  let total = 0
  for (const [i, id] of ids.entries()) {
    const at = `${ctx.path}.defenders[${i}]`
    if (ids.indexOf(id) !== i) return ctx.invalid(at, `${JSON.stringify(id)} defends only once`)
    const card = GameView.get(view, id)
    if (card === undefined) return ctx.invalid(at, `unknown object ${JSON.stringify(id)}`)
    const d = card.props.defense
    if (typeof d !== "number")
      return ctx.invalid(at, `the defending card ${JSON.stringify(id)} has no defense`)
    total += d
  }
  return total
}

const attack = Language.stepKind({
  summary:
    "the damage step of an attack (7.5.2): power − the defending cards' summed defense {p} damage to the attack-target, a hit-event",
  schema: Schema.Struct({
    id: Id,
    attack: Id,
    target: Id,
    defense: opt(Amount.Schema),
    power: opt(Amount.Schema),
    defenders: opt(Schema.Array(Id))
  }),
  compile: (a, ctx): ReadonlyArray<Ruleset.Step> => {
    // the attack as the steps so far leave it: a "gets +N{p}" modifier (core Modifiers) counts
    const atk = GameView.get(ctx.current ?? ctx.view, a.attack)
    if (atk === undefined) ctx.invalid(`${ctx.path}.attack`, `unknown object ${JSON.stringify(a.attack)}`)
    // an attack-target that has ceased to exist, or is not living, is dealt nothing and no
    // hit-event is generated (7.5.2b, 8.5.3c): decided when the damage resolves (`fails`)
    if (GameView.get(ctx.view, a.target) === undefined)
      ctx.invalid(`${ctx.path}.target`, `unknown player or object ${JSON.stringify(a.target)}`)
    if (a.defense !== undefined && a.defenders !== undefined)
      ctx.invalid(
        `${ctx.path}.defenders`,
        "give the defending cards (defenders) or their total (defense), not both"
      )
    // `power` is the attack's power now (after modifications), else the attack object's
    const power = a.power ?? atk?.props.power
    if (typeof power !== "number") return ctx.invalid(`${ctx.path}.attack`, "the attack has no power")
    const defense =
      a.defenders === undefined ? (a.defense ?? 0) : defenseOf(a.defenders, ctx.current ?? ctx.view, ctx)
    const amount = power - defense
    // 7.5.2: damage only if the power is greater than the total defense
    const occurrences =
      amount > 0
        ? [
            GameEvent.damage({
              id: `${a.id}-${a.target}`,
              source: a.attack,
              recipient: a.target,
              amount,
              kinds: ["physical"],
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
})

/**
 * The beginning of the end phase: Quell's "destroy this at the beginning of the end phase"
 * (8.3.19) is a destroy (8.5.4), an event replacement effects see (Ephemeral: "If this would be
 * put into a graveyard from anywhere, instead it ceases to exist", 8.3.21): one `destroy` event
 * named after the step (its `id:`, else `beginEndPhase`, `-2`, …) with an occurrence
 * `<step>:<object>` per object of the file, `params.endPhase: true`;
 * `Rules.fails` lets only those marked `destroyAtEndPhase` and still in the arena be destroyed.
 * Then the `endPhase` boundary passes.
 */
const beginEndPhase = Language.stepKind({
  summary:
    "the beginning of the end phase: objects marked by Quell are destroyed (8.3.19, a destroy event), then endPhase",
  schema: Schema.Literal(true),
  compile: (_, ctx): ReadonlyArray<Ruleset.Step> => {
    const objects = Object.values(ctx.view.objects).filter((o) => o.kind === "object")
    // named after the step (its id, else `beginEndPhase`, `-2`, …): inserting a step renames nothing
    const id = ctx.step ?? ctx.path
    const destroy = GameEvent.make(
      id,
      objects.map((o) =>
        GameEvent.occurrence({
          id: `${id}:${o.id}`,
          family: Effects.Family.destroy,
          subject: o.id,
          amount: 1,
          params: { [Rules.END_PHASE]: true }
        })
      )
    )
    return [
      ...(objects.length === 0 ? [] : [{ _tag: "Event" as const, event: destroy }]),
      { _tag: "Advance", boundary: "endPhase" }
    ]
  }
})

/**
 * The action phase's action point (4.3.2: "Second, the turn-player has 1 action point."): the
 * turn-player's `actionPoints` become 1. It is not a gain — 4.3.2b: "Replacement effects that
 * modify events when a player gains an action point do not modify or replace when the
 * turn-player gains an action point this way." — so it is an update, not a `gainActionPoints`
 * event, and no replacement effect sees it.
 */
const actionPhase = Language.stepKind({
  summary:
    "the start of the action phase: the turn-player has 1 action point (4.3.2), not a gain that replacement effects see (4.3.2b)",
  schema: Schema.Literal(true),
  compile: (_, ctx): ReadonlyArray<Ruleset.Step> => {
    const tp = ctx.view.activePlayer
    return [
      {
        _tag: "Update",
        label: `the action phase: ${tp} has 1 action point (FaB 4.3.2; not a gain, 4.3.2b)`,
        apply: (v) => {
          const p = v.objects[tp]
          return p === undefined ? v : GameView.setObject(v, { ...p, props: { ...p.props, actionPoints: 1 } })
        }
      }
    ]
  }
})

// "gets +N{p}" / "+N{d}" (2.9.3, 2.3.3: power and defense "can be modified"): core's one modifier
// of a number property. Not life: 2.5.3b, "Life gained and life lost are not continuous effects";
// a changed base life recalculates the total, never below 0 (2.5.3c, 2.5.3e), which a modifier's
// fixed delta taken away again does not do — life changes by `lifeGain` / `lifeLoss` events
const notLife = (o: typeof Modifiers.Options.Type): typeof Modifiers.Options.Type => {
  if (o.prop === "life")
    throw new Errors.InvalidEffect({
      effect: o.id,
      path: "prop",
      reason: "life is not modified by a continuous effect (FaB 2.5.3b): write a lifeGain or lifeLoss event"
    })
  return o
}

const modifyProperty: Modifiers.ViewKind = {
  ...Modifiers.effectKind,
  make: (o, view) => Modifiers.effectKind.make(notLife(o), view),
  modifies: (o, view) => Modifiers.effectKind.modifies(notLife(o), view)
}

// the skeleton's update (set, unset, controller, zone), the zone change by `Rules.moveTo` (3.0.9)
const updateView = (
  view: GameView.GameView,
  u: Readonly<Record<string, unknown>> & { readonly object: string }
): GameView.GameView => {
  const o = GameView.get(view, u.object)
  if (o === undefined) return view
  const props: Record<string, GameView.Prop> = {
    ...o.props,
    ...((u.set as Record<string, GameView.Prop> | undefined) ?? {})
  }
  for (const k of (u.unset as ReadonlyArray<string> | undefined) ?? []) delete props[k]
  const controller = u.controller as string | undefined
  const next = GameView.setObject(view, { ...o, ...(controller === undefined ? {} : { controller }), props })
  return typeof u.zone === "string" ? Rules.moveTo(next, u.object, u.zone) : next
}

/**
 * The Flesh and Blood words: heroes with `life` (default 20), `resources` (default 0), optional
 * `hand` / `deck` card counts and `actionPoints`; objects (in the arena by default) with `life`
 * (a living object: an ally), `power`, `defense`, `indestructible`, `counters`, `pitch` (the pitch
 * value, 2.8) and `public` (visibility other than its zone's, 3.0.4c–d); the effect kinds `preventNextTime`,
 * `prevent`, `preventNext`, `ward`, `arcaneShelter`, `spellvoid`, `arcaneBarrier`, `quell`,
 * `amp`, `ephemeral`, `thatMuchPlus`, `preventsLess` and the generic `replace` and `prevent` (each `make` is the
 * `Effects` constructor of that name; each named kind says what it means in the generic form,
 * `generic`: the `kind: replace` / `kind: prevent` effects it stands for — `ephemeral` watches
 * `to: self`, the card in any zone), and core's `modifyProperty` ("gets +N{p}" / "+N{d}", 2.9.3,
 * 2.3.3; not `life`, 2.5.3b); the steps `attack` (`defenders`, `power`, or a total
 * `defense`), `beginEndPhase` and `actionPhase` (the turn-player has 1 action point, 4.3.2); the event families of `Effects.Family`;
 * `advance: endOfTurn | endPhase`.
 *
 * @example
 * ```ts
 * import { Scenario, Effects } from "@bulwark/fab"
 * Scenario.language.effects["ward"]?.make === Effects.ward // true
 * ```
 * @since 0.1.0
 * @category words
 */
export const language: Language.Language = {
  turn: "turn-player",
  players: {
    fields: {
      life: opt(Amount.SignedSchema),
      resources: opt(Amount.Schema),
      hand: opt(Amount.Schema),
      deck: opt(Amount.Schema),
      // the player's action points (1.13.2), for `gainActionPoints` and the `actionPhase` step
      actionPoints: opt(Amount.Schema)
    },
    make: (p) => ({
      id: p.id,
      kind: "player",
      props: {
        life: (p.life as number | undefined) ?? 20,
        resources: (p.resources as number | undefined) ?? 0,
        ...(p.hand === undefined ? {} : { hand: p.hand as number }),
        ...(p.deck === undefined ? {} : { deck: p.deck as number }),
        ...(p.actionPoints === undefined ? {} : { actionPoints: p.actionPoints as number })
      }
    })
  },
  objects: {
    fields: {
      life: opt(Amount.SignedSchema),
      power: opt(Amount.Schema),
      defense: opt(Amount.Schema),
      indestructible: opt(Schema.Boolean),
      // counters of no named kind (8.5.14, 8.5.16: the prop `counters` that `addCounters` and
      // `removeCounters` change when they name no `params.counter`)
      counters: opt(Amount.Schema),
      // the pitch value (2.8: the resources gained when it is pitched, 8.5.44); a card without
      // it does not have the pitch property (2.8.2) and can't be pitched (1.14.3a)
      pitch: opt(Amount.Schema),
      // visibility where a rule or effect made it other than its zone's (3.0.4c–d): a card
      // face-up in an arsenal (`true`), one banished face-down (`false`); read by `reveal`
      public: opt(Schema.Boolean)
    },
    defaultZone: "arena",
    make: (o) => ({
      id: o.id,
      kind: "object",
      ...(o.controller === undefined ? {} : { controller: o.controller }),
      ...((o.owner ?? o.controller) === undefined ? {} : { owner: (o.owner ?? o.controller) as string }),
      zone: o.zone ?? "arena",
      props: props(o, ["types", "life", "power", "defense", "indestructible", "counters", "pitch", "public"])
    })
  },
  effects: {
    // "gets +N{p}" / "gains +N{d}" (1.4.3d, 2.9.3, 2.3.3): core's one modifier of a number property
    [Modifiers.KIND]: modifyProperty,
    ...Generic.kinds({ replace: Effects.replace, prevent: Effects.prevent }),
    preventNextTime: Language.effectKind({
      summary: "the next time … would be dealt damage, prevent it (6.4.10b)",
      options: Effects.PreventNextTimeOptions,
      make: Effects.preventNextTime,
      generic: Expansions.preventNextTime
    }),
    preventNext: Language.effectKind({
      summary: "a shielding-prevention: prevent the next N, the remainder carries over (6.4.10j)",
      options: Effects.PreventionOptions,
      make: Effects.preventNext,
      generic: Expansions.preventNext
    }),
    ward: Language.effectKind({
      summary: "Ward N (8.3.20)",
      options: Effects.KeywordOptions,
      make: Effects.ward,
      generic: Expansions.ward
    }),
    arcaneShelter: Language.effectKind({
      summary: "Arcane Shelter N (8.3.37)",
      options: Effects.KeywordOptions,
      make: Effects.arcaneShelter,
      generic: Expansions.arcaneShelter
    }),
    spellvoid: Language.effectKind({
      summary: "Spellvoid N (8.3.15)",
      options: Effects.KeywordOptions,
      make: Effects.spellvoid,
      generic: Expansions.spellvoid
    }),
    arcaneBarrier: Language.effectKind({
      summary: "Arcane Barrier N (8.3.8)",
      options: Effects.KeywordOptions,
      make: Effects.arcaneBarrier,
      generic: Expansions.arcaneBarrier
    }),
    quell: Language.effectKind({
      summary: "Quell N (8.3.19)",
      options: Effects.KeywordOptions,
      make: Effects.quell,
      generic: Expansions.quell
    }),
    amp: Language.effectKind({
      summary: "Amp N (8.5.47)",
      options: Effects.KeywordOptions,
      make: Effects.amp,
      generic: Expansions.amp
    }),
    ephemeral: Language.effectKind({
      summary: "Ephemeral (8.3.21): if this would be put into a graveyard, instead it ceases to exist",
      options: Effects.EphemeralOptions,
      make: Effects.ephemeral,
      generic: Expansions.ephemeral
    }),
    thatMuchPlus: Language.effectKind({
      summary: "if … would [family], instead that much plus N (a standard-replacement, 6.4.9)",
      options: Effects.ThatMuchPlusOptions,
      make: Effects.thatMuchPlus,
      generic: Expansions.thatMuchPlus
    }),
    preventsLess: Language.effectKind({
      summary: "the next prevention prevents N less (6.4.10g)",
      options: Effects.PreventsLessOptions,
      make: Effects.preventsLess,
      generic: Expansions.preventsLess
    })
  },
  steps: { attack, beginEndPhase, actionPhase },
  // an `update` that moves an object out of the arena (and not to the stack) makes a new object
  // (3.0.9, `Rules.moveTo`): the effects aimed at it before no longer apply to it
  update: { fields: {}, view: updateView },
  boundaries: ["endOfTurn", "endPhase"],
  durations: ["endOfTurn", "endPhase"],
  // closed words: the damage types (8.5.3b), the zones (3.0.1, and `arena`, all of its zones),
  // the types and common subtypes (1.3.2)
  vocabulary: {
    categories: Effects.generic.categories,
    kinds: Effects.damageKinds,
    zones: [...Effects.arena, "arsenal", "banished", "deck", "graveyard", "hand", "pitch", "stack"],
    types: [
      "action",
      "ally",
      "attack",
      "attack reaction",
      "aura",
      "block",
      "defense reaction",
      "demi-hero",
      "equipment",
      "hero",
      "instant",
      "item",
      "mentor",
      "resource",
      "token",
      "weapon"
    ]
  },
  // the families and those that happen once (no amount written: amount 1), from one declaration
  ...Language.familyAmounts(Effects.familyAmounts)
}
