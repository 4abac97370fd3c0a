/**
 * Events contained in another (`Policy.Committed.contained`).
 *
 * MTG CR 616.1g: "While following the steps in 616.1a–f, one replacement or prevention effect may
 * apply to an event, and another may apply to an event contained within the first event. In this
 * case, the second effect can't be chosen until after the first effect has been chosen." Its
 * example: "Because entering the battlefield is an event contained within the event of creating
 * a token, the effect of Doubling Season must be applied first, and then the effects of the two
 * Voice of All tokens may be applied in either order."
 *
 * Mutants tried (each fails a test here): the contained frame never pushed (`finishFrame`); the
 * decision-free run not giving up on a commit with contained events (it dropped them).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  Chooser,
  GameEvent,
  GameView,
  type Kernel,
  Ledger,
  Policy,
  type Replacement,
  Resolver
} from "../src/index.js"
import { affected } from "./fixtures.js"

/** A tiny ruleset: `create` makes `amount` objects off the board; each enters as a contained event. */
const rules: Policy.Rules = {
  ...affected,
  commit: (v, o) => {
    if (o.family === "create") {
      let view = v
      const enters: Array<GameEvent.Occurrence> = []
      for (let i = 1; i <= o.amount; i++) {
        const id = `${o.id}/t${i}`
        view = GameView.setObject(view, {
          id,
          kind: "object",
          controller: o.subject,
          zone: "creating",
          props: {}
        })
        enters.push(
          GameEvent.occurrence({ id: `${id}:enters`, family: "enter", subject: id, params: { to: "board" } })
        )
      }
      return Policy.contains(view, o, enters)
    }
    if (o.family === "enter") {
      const x = v.objects[o.subject]
      if (x === undefined) return v
      const tapped = o.params["tapped"] === true
      return GameView.setObject(v, { ...x, zone: "board", props: { ...x.props, tapped } })
    }
    return v
  }
}

const view = GameView.make({
  players: ["ap", "nap"],
  activePlayer: "ap",
  objects: [
    { id: "ap", kind: "player", props: {} },
    { id: "nap", kind: "player", props: {} }
  ]
})

const doubling: Replacement.Replacement = {
  id: "doubling",
  label: "it creates twice that many instead",
  controller: "ap",
  category: "standard",
  watch: { family: "create" },
  action: { _tag: "Modify", op: "mul", value: 2 }
}
const entersTapped: Replacement.Replacement = {
  id: "tapped",
  label: "it enters tapped",
  controller: "ap",
  category: "standard",
  watch: { family: "enter" },
  action: { _tag: "SetParams", params: { tapped: true } }
}

const run = (effects: ReadonlyArray<Replacement.Replacement>, trace = true): Kernel.Resolution => {
  const r = Resolver.resolveSync(
    rules,
    GameEvent.make("ev", [GameEvent.occurrence({ id: "c", family: "create", subject: "ap", amount: 1 })]),
    Ledger.make(effects),
    view,
    Chooser.firstLegal,
    { trace }
  )
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

describe("616.1g: an event contained in another is resolved as its own event", () => {
  it("the creation is doubled first; then each object's entering is an event effects replace", () => {
    const r = run([doubling, entersTapped])
    const create = r.outcomes.find((o) => o.id === "c")
    assert.strictEqual(create?.amount, 2)
    const enters = r.outcomes.filter((o) => o.family === "enter")
    assert.deepStrictEqual(
      enters.map((o) => [o.id, o.event, o.status, o.applied]),
      [
        ["c/t1:enters", "ev:contained", "happened", ["tapped"]],
        ["c/t2:enters", "ev:contained", "happened", ["tapped"]]
      ]
    )
    assert.deepStrictEqual(
      ["c/t1", "c/t2"].map((id) => [r.view.objects[id]?.zone, r.view.objects[id]?.props["tapped"]]),
      [
        ["board", true],
        ["board", true]
      ]
    )
    // the creation happened before the enterings, in that order
    assert.deepStrictEqual(
      r.happened.map((h) => h.id),
      ["c", "c/t1:enters", "c/t2:enters"]
    )
  })

  it("without effects and without a trace (the decision-free path) the contained event still happens", () => {
    const r = run([], false)
    assert.strictEqual(r.view.objects["c/t1"]?.zone, "board")
    assert.strictEqual(r.view.objects["c/t1"]?.props["tapped"], false)
    assert.deepStrictEqual(
      r.happened.map((h) => h.id),
      ["c", "c/t1:enters"]
    )
  })
})
