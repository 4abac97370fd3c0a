/**
 * A variable X is determined when the effect could apply — before its cost is paid — in every
 * game (core's application stages: cost → action).
 *
 * FaB 6.4.2a: "The condition of replacement and any variable values are determined each time a
 * replacement effect could be applied to an event." FaB 8.3.15 (example): "The value of X for
 * Spellvoid is determined each time the replacement effect of Spellvoid could be applied."
 * MTG 615.1 (values "aren't locked in ahead of time": read when the effect applies) — a cost that
 * is part of applying the effect does not change the X it reads.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  Chooser,
  GameEvent,
  GameView,
  type Kernel,
  Ledger,
  type Policy,
  type Replacement,
  Resolver
} from "../src/index.js"
import { affected } from "./fixtures.js"

/** A ruleset whose `destroy` moves the object to the graveyard. */
const rules: Policy.Rules = {
  ...affected,
  commit: (v, o) => {
    const x = v.objects[o.subject]
    return o.family === "destroy" && x !== undefined ? GameView.setObject(v, { ...x, zone: "graveyard" }) : v
  }
}

const view = GameView.make({
  players: ["ap", "nap"],
  activePlayer: "ap",
  objects: [
    { id: "ap", kind: "player", props: {} },
    { id: "nap", kind: "player", props: {} },
    { id: "E", kind: "object", controller: "nap", zone: "arena", props: {} },
    { id: "F", kind: "object", controller: "nap", zone: "arena", props: {} }
  ]
})

/** X = the objects in the arena. */
const inArena: Replacement.Replacement["action"] = {
  _tag: "Prevent",
  amount: { _tag: "Count", filter: { _tag: "InZone", zones: ["arena"] } },
  scope: "once"
}

const run = (effect: Replacement.Replacement): Kernel.Resolution => {
  const r = Resolver.resolveSync(
    rules,
    GameEvent.make("ev", [GameEvent.damage({ id: "d", source: "ap", recipient: "nap", amount: 5 })]),
    Ledger.make([effect]),
    view,
    Chooser.firstLegal
  )
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

const base = {
  id: "void",
  label: "destroy E to prevent X, X = the objects in the arena",
  controller: "nap",
  source: "E",
  category: "prevention",
  watch: { family: "damage" },
  action: inArena
} satisfies Replacement.Replacement

describe("X is read before the cost is paid (FaB 6.4.2a, 8.3.15)", () => {
  it("destroying E as the cost: X counts E (2), 2 prevented, 3 dealt, E in the graveyard", () => {
    const r = run({ ...base, cost: { family: "destroy", subject: "self" } })
    assert.strictEqual(r.dealt["nap"], 3)
    assert.strictEqual(r.view.objects["E"]?.zone, "graveyard")
  })

  it("without a cost, X is read when it applies: 2", () => {
    assert.strictEqual(run(base).dealt["nap"], 3)
  })

  it("a modification's value is read before its cost too (+X, X = 2)", () => {
    const r = run({
      ...base,
      category: "standard",
      action: {
        _tag: "Modify",
        op: "add",
        value: { _tag: "Count", filter: { _tag: "InZone", zones: ["arena"] } }
      },
      cost: { family: "destroy", subject: "self" }
    })
    assert.strictEqual(r.dealt["nap"], 7)
  })
})
