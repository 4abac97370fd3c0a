/**
 * The resolver's laws over generated Берсерк worlds: generated creatures (life, wounds,
 * protections from attack kinds, armour), a generated attack (kind, strength, one to three
 * targets) compiled with this adapter's own words, effects built with its own
 * constructors (`Effects.prevent` of N or all — next, each, once —, `noWoundsFrom`,
 * `woundsOnlyFrom`, `moreWounds`, `fewerWounds`, `protection`, `armor`), resolved with
 * `Resolver.resolveSync(ruleset.rules, …)` and three choosers.
 *
 * 533.3: «Эффекты предотвращения применяются в следующем порядке: ● эффекты предотвращения, не
 * имеющие количественного значения; ● эффекты предотвращения, имеющие количественное значение.
 * Для каждой группы эффектов они применяются по очереди, при этом сначала эффекты
 * соответствующей группы применяет Неактивный игрок в выбранном им порядке, затем – Активный
 * игрок в выбранном им порядке.» (Prevention without an amount first, then with an amount; in each
 * group the inactive player's effects first, in the order they choose, then the active player's.)
 * 533.3 also: «Применение эффектов прекращается в тот момент, когда количество ран, которое должна
 * получить цель, снижается до нуля.» (Application stops as soon as the wounds the target should
 * receive drop to zero.) 534.1: «Эффект замещения ожидает применения конкретного эффекта и
 * заменяет его (полностью или частично) другим.» (A replacement effect waits for a specific effect
 * and replaces it, fully or in part, with another.)
 */
import { GameEvent, GameView, Ledger, type Replacement, type Ruleset } from "@bulwark/core"
import { LawSuite, type Laws } from "@bulwark/testing"
import { Result, Schema } from "effect"
import { Attack, Effects, ruleset } from "../src/index.js"
import { compile2 } from "./helpers.js"

const Small = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 }))
const Player = Schema.Literals(["act", "inact"])
const Kind = Schema.Literals(Attack.kinds)
const Target = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 }))

const CreatureSpec = Schema.Struct({
  controller: Player,
  life: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 8 })),
  wounds: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 })),
  protection: Schema.Literals(["none", "none2", ...Attack.kinds]),
  armor: Small
})

const EffectSpec = Schema.Struct({
  kind: Schema.Literals([
    "preventN",
    "preventAll",
    "noWoundsFrom",
    "woundsOnlyFrom",
    "moreWounds",
    "fewerWounds",
    "protection",
    "armor"
  ]),
  scope: Schema.Literals(["next", "each", "once"]),
  n: Small,
  controller: Player,
  on: Schema.Int.check(Schema.isBetween({ minimum: -1, maximum: 2 })),
  from: Schema.Literals(["any", ...Attack.kinds]),
  optional: Schema.Boolean
})

const World = Schema.Struct({
  creatures: Schema.Array(CreatureSpec).check(Schema.isMinLength(1), Schema.isMaxLength(3)),
  effects: Schema.Array(EffectSpec).check(Schema.isMaxLength(5)),
  attack: Schema.Struct({
    kind: Kind,
    strength: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 7 })),
    to: Schema.Array(Target).check(Schema.isMinLength(1), Schema.isMaxLength(3))
  })
})
type World = typeof World.Type

const card = (w: World, i: number) => `t${i % w.creatures.length}`

/** The board and the attack, through the adapter's own words (scenario format 2). */
const compiled = (w: World): Ruleset.Compiled => {
  const c = compile2({
    players: ["act", "inact"],
    turn: "act",
    objects: [
      { id: "attacker", controller: "act", types: ["creature"], strength: 3, life: 5, cost: 4 },
      ...w.creatures.map((c, i) => ({
        id: `t${i}`,
        controller: c.controller,
        types: ["creature"],
        life: c.life,
        wounds: c.wounds,
        cost: i + 2,
        ...(c.protection.startsWith("none") ? {} : { protections: [c.protection] }),
        ...(c.armor === 0 ? {} : { armor: c.armor })
      }))
    ],
    steps: [
      {
        attack: {
          id: "a1",
          kind: w.attack.kind,
          strength: w.attack.strength,
          from: "attacker",
          to: [...new Set(w.attack.to.map((t) => card(w, t)))]
        }
      }
    ]
  })
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return c.success
}

const effectOf = (w: World, s: typeof EffectSpec.Type, i: number): Replacement.Replacement => {
  const c = {
    id: `e${i}`,
    controller: s.controller,
    ...(s.on < 0 ? {} : { to: [card(w, s.on)] }),
    ...(s.from === "any" ? {} : { kinds: [s.from] }),
    ...(s.optional ? { may: true } : {})
  }
  const from = { kinds: [s.from === "any" ? w.attack.kind : s.from] }
  const target = card(w, Math.max(0, s.on))
  switch (s.kind) {
    case "preventN":
      return Effects.prevent({ ...c, amount: s.n, scope: s.scope })
    case "preventAll":
      return Effects.prevent({ ...c, amount: "all", scope: s.scope })
    case "noWoundsFrom":
      return Effects.noWoundsFrom({ ...c, kinds: from.kinds })
    case "woundsOnlyFrom":
      return Effects.woundsOnlyFrom({ ...c, kinds: from.kinds })
    case "moreWounds":
      return Effects.moreWounds({ ...c, amount: s.n })
    case "fewerWounds":
      return Effects.fewerWounds({ ...c, amount: s.n })
    case "protection":
      return Effects.protection({
        id: `e${i}`,
        card: target,
        controller: s.controller,
        kinds: from.kinds
      })
    case "armor":
      return Effects.armor({ id: `e${i}`, card: target, controller: s.controller, amount: s.n })
  }
}

const input = (w: World, extra: ReadonlyArray<Replacement.Replacement> = []): Laws.Input => {
  const c = compiled(w)
  let view = c.view
  for (const step of c.steps) {
    if (step._tag === "Update") view = step.apply(view)
    if (step._tag === "Event")
      return {
        view,
        ledger: Ledger.make([...c.ledger.effects, ...w.effects.map((s, i) => effectOf(w, s, i)), ...extra]),
        event: step.event
      }
  }
  throw new Error("the attack compiled to no event")
}

/** 533.3: each player orders their own effects; the creature's controller divides (interpretation). */
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
      case "UseOptional":
        if (controllerOf(request.effect) !== request.chooser)
          out.push(`${request.id}: ${request.chooser} decided for ${request.effect}`)
        break
      case "Allocate": {
        const subject = request.targets[0]?.subject ?? ""
        if (i.view.objects[subject]?.controller !== request.chooser)
          out.push(`${request.id}: ${request.chooser} divided ${request.effect} over ${subject}`)
        break
      }
      case "StartingPlayer":
        out.push(`${request.id}: Берсерк has no starting-player choice (inactive, then active)`)
    }
  }
  return out
}

LawSuite.lawSuite({
  game: "Берсерк",
  world: World,
  rules: ruleset.rules,
  input: (w) => input(w),
  // adversarial: on every target, a replacement of the wounds by wounds it also watches, more
  // and fewer wounds, and a prevention of every kind (534: each changes the attack once)
  adversarial: (w) =>
    input(
      w,
      w.creatures.flatMap((_, i) => [
        {
          ...Effects.replace({
            id: `loop${i}`,
            controller: "act",
            to: [`t${i}`],
            family: "damage",
            instead: []
          }),
          // a core template the scenario words don't spell: the same wounds, from the same source
          action: {
            _tag: "Replace",
            with: [{ family: "damage", subject: "subject", source: "source", amount: { _tag: "Amount" } }]
          }
        } satisfies Replacement.Replacement,
        Effects.moreWounds({ id: `more${i}`, controller: "act", to: [`t${i}`], amount: 2 }),
        Effects.fewerWounds({ id: `fewer${i}`, controller: "inact", to: [`t${i}`], amount: 1 }),
        Effects.prevent({ id: `each${i}`, controller: "inact", to: [`t${i}`], amount: 1, scope: "each" })
      ])
    ),
  cite: {
    atMostOnce: "Берсерк 534",
    reEvaluated: "Берсерк 533.3",
    zeroStaysZero: "Берсерк 533.3",
    batch: "Берсерк 533.4",
    chooser: "Берсерк 533.3",
    accounting: "Берсерк 533.4",
    determinism: "choices are inputs",
    termination: "Берсерк 534"
  },
  chooserLaw,
  nonNegative: ["wounds", "woundsDealt"],
  // Берсерк has no damage that can't be prevented
  unpreventable: false,
  // 119.5.1: a heal removes the wounds there are; wounds dealt are marked one for one
  done: {
    exact: [Effects.Family.heal, "damage"],
    boards: [
      { name: "a creature with 1 wound healed for 2 (119.5.1, BSK-11)", input: () => doneBoard(1) },
      { name: "a creature with no wounds healed for 2 (119.5.1, BSK-11)", input: () => doneBoard(0) }
    ]
  },
  runs: 120,
  seed: 20261204
})

/** A creature with `wounds` wounds, healed for 2. */
function doneBoard(wounds: number): Laws.Input {
  return {
    event: GameEvent.make("e", [Effects.heal({ id: "h", subject: "orc", amount: 2 })]),
    ledger: Ledger.empty,
    view: GameView.make({
      players: ["a", "b"],
      activePlayer: "a",
      objects: [{ id: "orc", kind: "object", controller: "a", zone: "battlefield", props: { wounds } }]
    })
  }
}
