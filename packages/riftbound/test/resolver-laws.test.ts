/**
 * The resolver's laws over generated Riftbound worlds: generated units (controller, Might, marked
 * damage), effects built with this adapter's own constructors (`Effects.prevent` with a Prevent
 * Value, Prevent All, a value restored each turn, `preventNext`, `double`, `modify`,
 * `cantBeDealtDamage`, `bonusDamage`), a generated Deal action (some of it unpreventable) or a
 * generated combat assignment (`Combat.assignmentEvent` with `Combat.withDealing`, so
 * replacements apply at assignment and the assigned damage is dealt), resolved with
 * `Resolver.resolveSync(ruleset.rules, …)` and three choosers.
 *
 * 370.2: a replacement effect "can only apply to a given event once". 372: "the controller of
 * the object being acted on determines the order in which they are applied". 417.1.e.1 /
 * 437.4: damage reduced to 0 is not dealt. 437.2: the Prevent Value "is tracked on the unit" and
 * decreases by the damage it prevents. 465.2.c.5: replacements applied at assignment are not
 * applied again when the damage is dealt.
 */
import { GameEvent, GameView, Ledger, type Replacement } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { LawSuite, type Laws } from "@bulwark/testing"
import { Result, Schema } from "effect"
import { Combat, Effects, Rules, ruleset, Scenario } from "../src/index.js"

const Small = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 5 }))
const Player = Schema.Literals(["A", "B"])
const UnitIndex = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3 }))

const UnitSpec = Schema.Struct({
  controller: Player,
  might: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 })),
  damage: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 }))
})

const EffectSpec = Schema.Struct({
  kind: Schema.Literals([
    "prevent",
    "preventAll",
    "preventEachTurn",
    "preventNext",
    "double",
    "add",
    "sub",
    "mul",
    "cantBeDealtDamage",
    "bonusDamage"
  ]),
  n: Small,
  controller: Player,
  unit: UnitIndex,
  optional: Schema.Boolean,
  limited: Schema.Boolean
})

const OccSpec = Schema.Struct({
  unit: UnitIndex,
  amount: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 9 }))
})

const World = Schema.Struct({
  turn: Player,
  units: Schema.Array(UnitSpec).check(Schema.isMinLength(1), Schema.isMaxLength(4)),
  effects: Schema.Array(EffectSpec).check(Schema.isMaxLength(5)),
  deal: Schema.Array(OccSpec).check(Schema.isMinLength(1), Schema.isMaxLength(3)),
  source: Schema.Literals(["spell", "rune"]),
  combat: Schema.Boolean,
  unpreventable: Schema.Boolean
})
type World = typeof World.Type

const unit = (w: World, i: number) => `u${i % w.units.length}`

/** The board, through the adapter's own scenario words (format 2). */
const viewOf = (w: World) => {
  const compiled = Skeleton.compileData(Scenario.language, {
    players: ["A", "B"],
    turn: w.turn,
    objects: [
      ...w.units.map((u, i) => ({ id: `u${i}`, types: ["unit"], ...u })),
      { id: "spell", types: ["spell"], controller: "A" },
      { id: "rune", types: ["rune"], controller: "B" }
    ],
    steps: []
  })
  if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
  return compiled.success.view
}

const effectOf = (w: World, s: typeof EffectSpec.Type, i: number): Replacement.Replacement => {
  const c = {
    id: `e${i}`,
    controller: s.controller,
    ...(s.optional ? { may: true } : {}),
    ...(s.limited ? { limit: { times: 1, per: "turn" } } : {})
  }
  const u = unit(w, s.unit)
  switch (s.kind) {
    case "prevent":
      return Effects.prevent({ ...c, to: u, amount: s.n })
    case "preventAll":
      return Effects.prevent({ ...c, to: u, amount: "all" })
    case "preventEachTurn":
      return Effects.prevent({ ...c, to: u, amount: s.n, resets: "endOfTurn" })
    case "preventNext":
      return Effects.preventNext({ ...c, to: u })
    case "double":
      return Effects.double({ ...c, to: u })
    case "add":
      return Effects.modify({ ...c, to: u, op: "add", value: s.n })
    case "sub":
      return Effects.modify({ ...c, to: u, op: "sub", value: s.n })
    case "mul":
      return Effects.modify({ ...c, to: u, op: "mul", value: Math.min(3, s.n) })
    case "cantBeDealtDamage":
      return Effects.cantBeDealtDamage({ ...c, to: u })
    case "bonusDamage":
      return Effects.bonusDamage({ ...c, amount: s.n, ...(s.n % 2 === 0 ? { to: u } : {}) })
  }
}

const input = (w: World, extra: ReadonlyArray<Replacement.Replacement> = []): Laws.Input => {
  const view = viewOf(w)
  const ledger = Ledger.make([...w.effects.map((s, i) => effectOf(w, s, i)), ...extra])
  const amounts: Record<string, number> = {}
  for (const d of w.deal) amounts[unit(w, d.unit)] = (amounts[unit(w, d.unit)] ?? 0) + d.amount
  if (w.combat)
    return {
      view,
      ledger: Combat.withDealing(ledger, view.activePlayer),
      event: Combat.assignmentEvent("combat", amounts, w.source)
    }
  return {
    view,
    ledger,
    event: GameEvent.make(
      "deal",
      Object.entries(amounts).map(([u, n]) =>
        GameEvent.occurrence({
          id: `deal:${u}`,
          family: GameEvent.DAMAGE,
          subject: u,
          source: w.source,
          amount: n,
          preventable: !w.unpreventable
        })
      )
    )
  }
}

/** 372: the controller of the object acted on orders; 437.2: the unit's controller divides. */
const chooserLaw: Laws.Law = (i, r) => {
  const out: Array<string> = []
  for (const { request } of r.decisions) {
    if (request._tag === "ChooseEffect") {
      if (request.chooser !== Rules.chooserOf(request.group, i.view))
        out.push(`${request.id}: ${request.chooser} chose for ${request.group}`)
    } else if (request._tag === "Allocate") {
      const subject = request.targets[0]?.subject ?? ""
      if (request.chooser !== Rules.chooserOf(subject, i.view))
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
  game: "Riftbound",
  world: World,
  rules: ruleset.rules,
  input: (w) => input(w),
  // adversarial: a replacement whose result is damage it also watches, on every unit, and a
  // doubler on every unit (370.2 stops the loop)
  adversarial: (w) =>
    input(
      w,
      w.units.flatMap((_, i) => [
        Effects.replace({
          id: `loop${i}`,
          controller: "A",
          family: GameEvent.DAMAGE,
          to: `u${i}`,
          instead: [{ family: GameEvent.DAMAGE, to: "subject", from: "source", amount: "event" }]
        }),
        Effects.double({ id: `double${i}`, controller: "B", to: `u${i}` })
      ])
    ),
  cite: {
    atMostOnce: "Riftbound 370.2",
    reEvaluated: "Riftbound 371, 372",
    zeroStaysZero: "Riftbound 417.1.e.1, 437.4",
    unpreventable: "Riftbound 437 (damage that can't be prevented)",
    batch: "Riftbound 437.2",
    chooser: "Riftbound 372, 437.2",
    accounting: "Riftbound 437.2",
    determinism: "choices are inputs",
    termination: "Riftbound 370.2, 465.2.c.5"
  },
  chooserLaw,
  nonNegative: ["damage", "tookDamage"],
  unpreventable: true,
  // damage is marked one for one (417.1.b); the game actions (die, heal, exhaust, recall, stun)
  // happen once and have no number to do in part: no board asks more than there is
  done: {
    exact: [GameEvent.DAMAGE],
    boards: [
      {
        name: "a unit with lethal damage healed and killed",
        input: () => ({
          event: GameEvent.make("e", [
            GameEvent.occurrence({ id: "h", family: Rules.Family.heal, subject: "U", amount: 1 }),
            GameEvent.occurrence({ id: "k", family: Rules.Family.die, subject: "V", amount: 1 })
          ]),
          ledger: Ledger.empty,
          view: GameView.make({
            players: ["A", "B"],
            activePlayer: "A",
            objects: ["U", "V"].map((id) => ({
              id,
              kind: "object" as const,
              controller: "A",
              owner: "A",
              zone: "base",
              props: { types: ["unit"], might: 2, damage: 2, lethal: true }
            }))
          })
        })
      }
    ]
  },
  runs: 120,
  seed: 20261203
})
