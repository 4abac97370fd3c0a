/**
 * The resolver's laws over generated Flesh and Blood worlds: heroes with generated resources, an
 * ally and equipment, effects built with this adapter's own constructors (`Effects.prevent`,
 * `preventNext`, `preventNextTime`, `ward`, `arcaneBarrier` paid with resources, `spellvoid`,
 * `quell`, `arcaneShelter`, `amp`, `preventsLess`), a generated batch of generic / physical /
 * arcane damage (some of it an attack that can hit, some unpreventable), resolved with
 * `Resolver.resolveSync(ruleset.rules, …)` and three choosers.
 *
 * 6.4.5: a replacement effect "can only replace a given event once", including the events that
 * replace it. 6.4.2a: conditions and values are determined each time the effect would apply.
 * 6.4.10h: "If damage cannot be prevented, a prevention effect still applies, but the damage is
 * not prevented and the prevention amount of the effect is not reduced ... Any other parts of
 * the effect still happen." 6.4.10f: "the controller of the prevention effect declares each point
 * of damage the effect will prevent". 6.5: the turn-player selects the starting player, and each
 * player in turn applies their own effects of a slot in the order they choose.
 */
import { GameEvent, GameView, Ledger, type Replacement } from "@bulwark/core"
import { LawSuite, type Laws } from "@bulwark/testing"
import { Schema } from "effect"
import { Effects, ruleset } from "../src/index.js"
import { viewOf as startingView } from "./helpers.js"

const Small = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 5 }))
const Player = Schema.Literals(["alice", "bob"])
const Recipient = Schema.Literals(["alice", "bob", "ally"])
const DamageType = Schema.Literals(["generic", "physical", "arcane"])

const EffectSpec = Schema.Struct({
  kind: Schema.Literals([
    "prevent",
    "preventNext",
    "preventNextTime",
    "preventWithCost",
    "ward",
    "arcaneBarrier",
    "spellvoid",
    "quell",
    "arcaneShelter",
    "amp",
    "preventsLess"
  ]),
  n: Small,
  controller: Player,
  to: Recipient,
  damageType: DamageType,
  optional: Schema.Boolean,
  additional: Schema.Boolean
})

const OccSpec = Schema.Struct({
  source: Schema.Literals(["attack", "spell", "aura"]),
  to: Recipient,
  amount: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 9 })),
  damageType: DamageType,
  unpreventable: Schema.Boolean,
  isAttack: Schema.Boolean
})

const World = Schema.Struct({
  resources: Schema.Struct({ alice: Small, bob: Small }),
  turn: Player,
  effects: Schema.Array(EffectSpec).check(Schema.isMaxLength(5)),
  occurrences: Schema.Array(OccSpec).check(Schema.isMinLength(1), Schema.isMaxLength(3))
})
type World = typeof World.Type

const viewOf = (w: World) =>
  startingView({
    turn: w.turn,
    players: [
      { id: "alice", resources: w.resources.alice },
      { id: "bob", resources: w.resources.bob }
    ],
    objects: [
      { id: "attack", controller: "alice", zone: "combatChain", types: ["action", "attack"] },
      { id: "spell", controller: "alice", zone: "stack", types: ["action"] },
      { id: "aura", controller: "bob", types: ["aura"] },
      { id: "ally", controller: "bob", types: ["ally"], life: 4 },
      { id: "helm", controller: "bob", types: ["equipment"] },
      { id: "cloak", controller: "alice", types: ["equipment"] },
      { id: "ring", controller: "bob", types: ["equipment"], indestructible: true }
    ]
  })

/** A damage type as occurrence kinds: generic damage has none (8.5.3b). */
const kindsOf = (t: typeof DamageType.Type): ReadonlyArray<string> => (t === "generic" ? [] : [t])

const KEYWORD_SOURCES = ["helm", "cloak", "ring"] as const

const effectOf = (s: typeof EffectSpec.Type, i: number): Replacement.Replacement => {
  const id = `e${i}`
  const o: Effects.PreventionOptions = {
    id,
    controller: s.controller,
    to: [s.to],
    kinds: kindsOf(s.damageType),
    ...(s.optional ? { may: true } : {}),
    ...(s.additional
      ? { additional: [{ family: Effects.Family.scheduleDestroy, to: "controller", amount: 1 }] }
      : {})
  }
  const kw = { id, controller: s.controller, source: KEYWORD_SOURCES[i % 3] as string, amount: s.n }
  switch (s.kind) {
    case "prevent":
      return Effects.prevent({ ...o, amount: s.n })
    case "preventNext":
      return Effects.preventNext({ ...o, amount: s.n })
    case "preventNextTime":
      return Effects.preventNextTime(o)
    case "preventWithCost":
      return Effects.preventNext({ ...o, cost: { pay: Math.max(1, s.n - 2) }, amount: s.n })
    case "ward":
      return Effects.ward(kw)
    case "arcaneBarrier":
      return Effects.arcaneBarrier(kw)
    case "spellvoid":
      return Effects.spellvoid(kw)
    case "quell":
      return Effects.quell(kw)
    case "arcaneShelter":
      return Effects.arcaneShelter(kw)
    case "amp":
      return Effects.amp({ id, controller: s.controller, amount: s.n })
    case "preventsLess":
      return Effects.preventsLess({
        id,
        controller: s.controller,
        amount: Math.max(1, s.n),
        kinds: kindsOf(s.damageType)
      })
  }
}

const input = (w: World, extra: ReadonlyArray<Replacement.Replacement> = []): Laws.Input => ({
  view: viewOf(w),
  ledger: Ledger.make([...w.effects.map(effectOf), ...extra]),
  event: GameEvent.make(
    "ev",
    w.occurrences.map((o, i) =>
      GameEvent.damage({
        id: `d${i}`,
        source: o.source,
        recipient: o.to,
        amount: o.amount,
        kinds: kindsOf(o.damageType),
        preventable: !o.unpreventable,
        ...(o.isAttack && o.source === "attack" ? { params: { attack: "attack", attackTarget: o.to } } : {})
      })
    )
  )
})

/** A board where more is asked than there is: bob has 20 life, a deck of 1 and a hand of 1, alice 0 resources, the aura 2 counters. */
const board = (family: string, subject: string, amount: number): Laws.Input => ({
  event: GameEvent.make("e", [GameEvent.occurrence({ id: "o", family, subject, amount })]),
  ledger: Ledger.empty,
  view: GameView.make({
    players: ["alice", "bob"],
    activePlayer: "alice",
    objects: [
      { id: "alice", kind: "player", props: { life: 20, resources: 0 } },
      { id: "bob", kind: "player", props: { life: 20, deck: 1, hand: 1 } },
      { id: "aura", kind: "object", controller: "bob", owner: "bob", zone: "arena", props: { counters: 2 } }
    ]
  })
})

/** 6.5: each player orders their own effects; 6.5.2 the turn-player selects; 6.4.10f the controller declares. */
const chooserLaw: Laws.Law = (i, r) => {
  const out: Array<string> = []
  const controllerOf = (id: string) => i.ledger.effects.find((e) => e.id === id)?.controller
  for (const { request } of r.decisions) {
    switch (request._tag) {
      case "ChooseEffect":
        for (const o of request.options)
          if (controllerOf(o.effect) !== request.chooser)
            out.push(`${request.id}: ${request.chooser} ordered ${o.effect} of ${controllerOf(o.effect)}`)
        break
      case "StartingPlayer":
        if (request.chooser !== i.view.activePlayer) out.push(`${request.id}: ${request.chooser} selected`)
        break
      case "Allocate":
      case "UseOptional":
        if (controllerOf(request.effect) !== request.chooser)
          out.push(`${request.id}: ${request.chooser} decided for ${request.effect}`)
        break
    }
  }
  return out
}

LawSuite.lawSuite({
  game: "FaB",
  world: World,
  rules: ruleset.rules,
  input: (w) => input(w),
  // adversarial: every keyword at once on every source, twice over, with Amp and a decrease
  adversarial: (w) =>
    input(
      w,
      KEYWORD_SOURCES.flatMap((source, j) => [
        Effects.ward({ id: `ward${j}`, controller: "bob", source, amount: 1 }),
        Effects.arcaneBarrier({ id: `barrier${j}`, controller: "bob", source, amount: 1 }),
        Effects.quell({ id: `quell${j}`, controller: "bob", source, amount: 1 }),
        Effects.spellvoid({ id: `spellvoid${j}`, controller: "alice", source, amount: 2 }),
        Effects.amp({ id: `amp${j}`, controller: "alice", amount: 1 }),
        Effects.preventsLess({ id: `less${j}`, controller: "alice", amount: 1 })
      ])
    ),
  cite: {
    atMostOnce: "FaB 6.4.5",
    reEvaluated: "FaB 6.4.2a, 6.4.4",
    zeroStaysZero: "FaB 6.4.10a, 7.5.5b",
    unpreventable: "FaB 6.4.10h",
    batch: "FaB 6.4.10f, 6.4.10i–j",
    chooser: "FaB 6.5, 6.4.10f",
    accounting: "FaB 6.4.10a",
    determinism: "choices are inputs",
    termination: "FaB 6.4.5"
  },
  chooserLaw,
  nonNegative: ["resources"],
  unpreventable: true,
  // no FaB constructor replaces an event with a different one (costs are sub-events)
  notGenerated: ["replaced"],
  // 8.5.16, 8.5.6b, 8.5.5b, 1.14.2b, 8.5.7b: what can't be done is not reported done; damage and life
  // loss are dealt in full beyond a life total (2.5.3e)
  done: {
    exact: [
      Effects.Family.removeCounters,
      Effects.Family.addCounters,
      Effects.Family.draw,
      Effects.Family.discard,
      Effects.Family.pay,
      Effects.Family.lifeGain,
      Effects.Family.gainActionPoints
    ],
    boards: [
      {
        name: "five counters removed from a card with two (8.5.16)",
        input: () => board(Effects.Family.removeCounters, "aura", 5)
      },
      { name: "three draws from a deck of one (8.5.6b)", input: () => board(Effects.Family.draw, "bob", 3) },
      {
        name: "two discards from a hand of one (8.5.5b)",
        input: () => board(Effects.Family.discard, "bob", 2)
      },
      {
        name: "2 resources paid by a player who has 0 (1.14.2b)",
        input: () => board(Effects.Family.pay, "alice", 2)
      },
      {
        name: "a hero dealt 25 damage with 20 life (2.5.3e)",
        input: () => board(Effects.Family.damage, "bob", 25)
      },
      // 8.5.7: "the player's or object's assets of the given type is increased by the specified
      // amount" (one for one: `exact`); 8.5.7b: "If a non-turn-player would gain action points,
      // then the gain effect fails." — nothing reported done
      {
        name: "a non-turn-player told to gain 2 action points (8.5.7b)",
        input: () => board(Effects.Family.gainActionPoints, "bob", 2)
      }
    ]
  },
  runs: 120,
  seed: 20261202
})
