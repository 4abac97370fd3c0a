/**
 * The resolver's laws over generated Magic worlds: generated creatures (colours, protection from
 * a colour or from everything, lifelink / wither / infect), effects built with this adapter's own
 * constructors (`Effects.shield`, `preventNextFrom` with and without "you gain life equal to the
 * damage prevented", static `preventEach` of N or all with an additional part, doublers and other
 * `modify` replacements, `redirect`, `instead`, Worship's `lifeFloor`) and the protection effects
 * `Protection.effectsOf` derives from the view, a generated batch of damage (combat or not, some
 * unpreventable), resolved with `Resolver.resolveSync(ruleset.rules, …)` and three choosers.
 *
 * CR 614.5: "A replacement effect doesn't invoke itself repeatedly; it gets only one opportunity
 * to affect an event or any modified events that may replace that event."
 * CR 616.1f: "Once the chosen effect has been applied, this process is repeated (taking into
 * account only replacement or prevention effects that would now be applicable)".
 * CR 120.8: "If a source would deal 0 damage, it does not deal damage at all."
 * CR 615.12: "Some effects state that damage 'can't be prevented.' If unpreventable damage would
 * be dealt, any applicable prevention effects are still applied to it. Those effects won't
 * prevent any damage, but any additional effects they have will take place. Existing damage
 * prevention shields won't be reduced by damage that can't be prevented."
 * CR 615.7: "If damage would be dealt to the shielded permanent or player by two or more
 * applicable sources at the same time, the player or the controller of the permanent chooses
 * which damage the shield prevents."
 * (Also across several objects: one shield over "creatures you control" is divided by their
 * controller, whatever the order the damage is listed in — the permutation law.)
 * CR 616.1: "the affected object's controller (or its owner if it has no controller) or the
 * affected player chooses one to apply".
 */
import { GameEvent, GameView, Ledger, type Replacement } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { LawSuite, type Laws } from "@bulwark/testing"
import { Result, Schema } from "effect"
import { Effects, Game, Protection, ruleset } from "../src/index.js"
import { language } from "../src/Scenario.js"

const Small = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 5 }))
const Player = Schema.Literals(["ap", "nap"])
const Color = Schema.Literals(["white", "blue", "black", "red", "green"])

const CreatureSpec = Schema.Struct({
  controller: Player,
  color: Color,
  protection: Schema.Literals(["none", "none2", "red", "green", "white", "everything"]),
  keyword: Schema.Literals(["none", "lifelink", "wither", "infect"]),
  toughness: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 }))
})

// recipients and sources are indexes into these lists (wrapped to the creatures there are)
const RECIPIENTS = ["ap", "nap", "c0", "c1", "c2"] as const
const SOURCES = ["bolt", "growth", "c0", "c1", "c2"] as const
const Recipient = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 }))

const EffectSpec = Schema.Struct({
  kind: Schema.Literals([
    "shield",
    "shieldYours",
    "preventNextFrom",
    "preventNextFromGain",
    "preventEach",
    "preventAll",
    "preventEachWithAdditional",
    "double",
    "plus",
    "minus",
    "atMost",
    "redirect",
    "instead",
    "lifeFloor"
  ]),
  n: Small,
  controller: Player,
  to: Recipient,
  from: Schema.Int.check(Schema.isBetween({ minimum: -1, maximum: 4 })),
  optional: Schema.Boolean
})

const OccSpec = Schema.Struct({
  source: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 })),
  to: Recipient,
  amount: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 9 })),
  unpreventable: Schema.Boolean,
  combat: Schema.Boolean
})

const World = Schema.Struct({
  creatures: Schema.Array(CreatureSpec).check(Schema.isMinLength(1), Schema.isMaxLength(3)),
  effects: Schema.Array(EffectSpec).check(Schema.isMaxLength(5)),
  occurrences: Schema.Array(OccSpec).check(Schema.isMinLength(1), Schema.isMaxLength(3))
})
type World = typeof World.Type

const recipient = (w: World, i: number): string => {
  const r = RECIPIENTS[i] as string
  return r.startsWith("c") ? `c${Number(r.slice(1)) % w.creatures.length}` : r
}
const source = (w: World, i: number): string => {
  const s = SOURCES[i] as string
  return s.startsWith("c") ? `c${Number(s.slice(1)) % w.creatures.length}` : s
}

/** The board, through the adapter's own scenario compiler (players at 20 life, characteristics). */
const viewOf = (w: World): GameView.GameView => {
  const compiled = Skeleton.compileData(language, {
    players: ["ap", "nap"],
    objects: [
      { id: "bolt", controller: "ap", zone: "stack", types: ["Instant"], colors: ["red"] },
      { id: "growth", controller: "nap", zone: "stack", types: ["Instant"], colors: ["green"] },
      ...w.creatures.map((c, i) => ({
        id: `c${i}`,
        controller: c.controller,
        types: ["Creature"],
        colors: [c.color],
        power: 2,
        toughness: c.toughness,
        ...(c.keyword === "none" ? {} : { keywords: [c.keyword] }),
        ...(c.protection.startsWith("none") ? {} : { protection: [c.protection] })
      }))
    ]
  })
  if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
  return compiled.success.view
}

const effectOf = (w: World, s: typeof EffectSpec.Type, i: number): Replacement.Replacement => {
  const c = {
    id: `e${i}`,
    controller: s.controller,
    ...(s.optional ? { may: true } : {})
  }
  const to = recipient(w, s.to)
  const from = s.from < 0 ? undefined : source(w, s.from)
  switch (s.kind) {
    case "shield":
      return Effects.shield({ ...c, to, amount: s.n })
    case "shieldYours":
      // CR 615.7 over several objects: "prevent the next N damage that would be dealt to you and
      // creatures you control" — one shield, divided by the controller (MTG-16)
      return Effects.shield({ ...c, to: { controller: "you" }, amount: s.n })
    case "preventNextFrom":
      return Effects.preventNextFrom({ ...c, from: from ?? "bolt", to })
    case "preventNextFromGain":
      return Effects.preventNextFrom({ ...c, from: from ?? "bolt", gainLife: true })
    case "preventEach":
      return Effects.preventEach({ ...c, amount: s.n, to, ...(from === undefined ? {} : { from }) })
    case "preventAll":
      return Effects.preventEach({ ...c, amount: "all", to })
    case "preventEachWithAdditional":
      return Effects.preventEach({
        ...c,
        amount: Math.max(1, s.n),
        to,
        additional: [{ family: Game.Family.lifeGain, to: "controller", amount: 1 }]
      })
    case "double":
      return Effects.modify({ ...c, op: "mul", value: 2, to })
    case "plus":
      return Effects.modify({ ...c, op: "add", value: s.n, ...(from === undefined ? {} : { from }) })
    case "minus":
      return Effects.modify({ ...c, op: "sub", value: s.n, to })
    case "atMost":
      return Effects.modify({ ...c, op: "atMost", value: s.n, to })
    case "redirect":
      return Effects.redirect({ ...c, to, redirectTo: recipient(w, (s.to + 1 + s.n) % RECIPIENTS.length) })
    case "instead":
      // "If a source would deal damage to it, instead you gain 1 life" (a 614.1a replacement)
      return Effects.replace({
        ...c,
        family: Game.Family.damage,
        to,
        instead: [{ family: Game.Family.lifeGain, to: "controller", amount: 1 }]
      })
    case "lifeFloor":
      return Effects.lifeFloor({ ...c, floor: Math.max(1, s.n) })
  }
}

const input = (w: World, extra: ReadonlyArray<Replacement.Replacement> = []): Laws.Input => {
  const view = viewOf(w)
  const own = w.effects.map((s, i) => effectOf(w, s, i))
  return {
    view,
    ledger: Ledger.make([...own, ...Protection.effectsOf(view), ...extra]),
    event: GameEvent.make(
      "ev",
      w.occurrences.map((o, i) =>
        GameEvent.damage({
          id: `d${i}`,
          source: source(w, o.source),
          recipient: recipient(w, o.to),
          amount: o.amount,
          kinds: o.combat ? ["combat"] : [],
          preventable: !o.unpreventable
        })
      )
    )
  }
}

/**
 * CR 616.1: "the affected object's controller (or its owner if it has no controller) or the
 * affected player"; CR 615.7: "the player or the controller of the permanent". Written out here
 * rather than taken from `Rules.chooserOf`, so that the law checks the ruleset's chooser.
 */
const affectedSide = (id: string, view: GameView.GameView): string => {
  const o = view.objects[id]
  if (o === undefined) return view.activePlayer
  return o.kind === "player" ? o.id : (o.controller ?? o.owner ?? view.activePlayer)
}

/** CR 616.1 / 615.7: the affected object's controller (or the affected player) decides. */
const chooserLaw: Laws.Law = (i, r) => {
  const out: Array<string> = []
  for (const { request } of r.decisions) {
    if (request._tag === "ChooseEffect") {
      if (request.chooser !== affectedSide(request.group, i.view))
        out.push(`${request.id}: ${request.chooser} chose for ${request.group}`)
    } else if (request._tag === "Allocate") {
      const subject = request.targets[0]?.subject ?? ""
      if (request.chooser !== affectedSide(subject, i.view))
        out.push(`${request.id}: ${request.chooser} divided ${request.effect}`)
    } else if (request._tag === "UseOptional") {
      const e = i.ledger.effects.find((x) => x.id === request.effect)
      if (e?.controller !== request.chooser)
        out.push(`${request.id}: ${request.chooser} used ${request.effect}`)
    }
  }
  return out
}

LawSuite.lawSuite({
  game: "MTG",
  world: World,
  rules: ruleset.rules,
  input: (w) => input(w),
  // adversarial: a damage replacement that replaces damage with damage it also watches, and a
  // redirection cycle between two recipients (614.5 stops both)
  adversarial: (w) =>
    input(w, [
      Effects.replace({
        id: "loop",
        controller: "ap",
        family: Game.Family.damage,
        instead: [{ family: Game.Family.damage, to: "subject", from: "source", amount: "event" }]
      }),
      Effects.redirect({ id: "toNap", controller: "ap", to: "ap", redirectTo: "nap" }),
      Effects.redirect({ id: "toAp", controller: "nap", to: "nap", redirectTo: "ap" })
    ]),
  cite: {
    atMostOnce: "CR 614.5",
    reEvaluated: "CR 616.1f, 616.2",
    zeroStaysZero: "CR 120.8",
    unpreventable: "CR 615.12",
    batch: "CR 615.7, 615.13",
    chooser: "CR 616.1, 615.7",
    accounting: "CR 120.3, 120.6",
    determinism: "choices are inputs",
    termination: "CR 614.5"
  },
  chooserLaw,
  nonNegative: ["damage", "poison", Game.counterProp("-1/-1"), Game.counterProp("+1/+1")],
  unpreventable: true,
  // 614.6 / 609.3: counters removed and cards drawn are what there were; damage and life loss
  // are not exact (damage is dealt in full, 120.3; a life total can go below 0, 119.3)
  done: {
    exact: [Game.Family.removeCounters, Game.Family.addCounters, Game.Family.draw, Game.Family.markDamage],
    boards: [
      {
        name: "five +1/+1 counters removed from a creature with two (MTG-27)",
        input: () => doneBoard(Game.Family.removeCounters, "bear", 5, { counter: "+1/+1" })
      },
      { name: "three cards drawn from a library of one", input: () => doneBoard(Game.Family.draw, "nap", 3) },
      {
        name: "a player who loses 25 life with 20 (below 0)",
        input: () => doneBoard(Game.Family.lifeLoss, "nap", 25)
      }
    ]
  },
  runs: 120,
  seed: 20261201
})

/** A board where more is asked than there is: a 2/2 with two +1/+1 counters, one card in NAP's library. */
function doneBoard(
  family: string,
  subject: string,
  amount: number,
  params: Readonly<Record<string, string>> = {}
): Laws.Input {
  return {
    event: GameEvent.make("e", [GameEvent.occurrence({ id: "o", family, subject, amount, params })]),
    ledger: Ledger.empty,
    view: GameView.make({
      players: ["ap", "nap"],
      activePlayer: "ap",
      objects: [
        { id: "ap", kind: "player", props: { life: 20 } },
        { id: "nap", kind: "player", props: { life: 20 } },
        {
          id: "bear",
          kind: "object",
          controller: "nap",
          owner: "nap",
          zone: "battlefield",
          props: {
            types: ["Creature"],
            power: 4,
            toughness: 4,
            basePower: 2,
            baseToughness: 2,
            plus1Counters: 2
          }
        },
        { id: "card", kind: "object", owner: "nap", zone: "library", props: {} }
      ]
    })
  }
}
