/**
 * An occurrence an effect produces is an occurrence like any other.
 *
 * MTG CR 615.5: "Some prevention effects also include an additional effect, which may refer to
 * the amount of damage that was prevented. The prevention takes place at the time the original
 * event would have happened; the rest of the effect takes place immediately afterward."
 * MTG CR 120.3: "Damage dealt to a player by a source without infect causes that player to lose
 * that much life." (and so on for each recipient) — damage that is dealt, whatever dealt it, has
 * its results.
 *
 * FaB 8.5.3c: "If a non-living object would be dealt damage, the effect fails." FaB 7.5.2b: "If
 * the attack-target has ceased to exist or is illegal when the damage is calculated, no damage is
 * dealt, and the event is not generated." — core's `Rules.fails`.
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
import { affected, dmg, shield, view } from "./fixtures.js"

/** A tiny ruleset with results: damage makes its recipient lose that much `life`. */
const withResults: Policy.Rules = {
  ...affected,
  results: {
    rule: "T 120.3: dealt damage makes its recipient lose that much life",
    results: (dealt) =>
      dealt.map((d) =>
        GameEvent.occurrence({ id: `${d.id}:loss`, family: "lifeLoss", subject: d.subject, amount: d.amount })
      )
  },
  commit: (v, o) => {
    if (o.family !== "lifeLoss") return v
    const x = v.objects[o.subject]
    if (x === undefined) return v
    const life = typeof x.props["life"] === "number" ? x.props["life"] : 0
    return GameView.setObject(v, { ...x, props: { ...x.props, life: life - o.amount } })
  }
}

const lives = GameView.make({
  players: view.players,
  activePlayer: view.activePlayer,
  objects: Object.values(view.objects).map((o) => (o.kind === "player" ? { ...o, props: { life: 20 } } : o))
})

const run = (
  effects: ReadonlyArray<Replacement.Replacement>,
  occs: ReadonlyArray<GameEvent.Occurrence>,
  rules: Policy.Rules = withResults,
  v: GameView.GameView = lives
): Kernel.Resolution => {
  const r = Resolver.resolveSync(
    rules,
    GameEvent.make("ev", occs),
    Ledger.make(effects),
    v,
    Chooser.firstLegal
  )
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

/** MTG-17's board: "prevent the next 2 damage to C; this deals that much damage to that source's controller". */
const reflect = shield("reflect", "nap", ["napUnit"], 2, {
  source: "napUnit",
  additional: [{ family: "damage", subject: { id: "ap" }, source: "self", amount: { _tag: "Prevented" } }]
})

describe("MTG 615.5: the additional part's damage is a real occurrence, immediately afterward", () => {
  it("the affected player's own shield applies to it, and it is processed into its results (life loss)", () => {
    const apShield = shield("ap-shield", "ap", ["ap"], 1)
    const r = run([reflect, apShield], [dmg("d", "napUnit", 4)])
    const extra = r.outcomes.find((o) => o.id.startsWith("reflect:additional") && o.family === "damage")
    assert.isDefined(extra)
    assert.strictEqual(extra?.subject, "ap")
    assert.strictEqual(extra?.proposed, 2)
    assert.strictEqual(extra?.prevented, 1) // AP's "prevent the next 1 damage to you" applies to it
    assert.strictEqual(extra?.amount, 1)
    assert.strictEqual(extra?.status, "happened")
    // and it is processed into its result: AP loses 1 (120.3a), dealt and state agree
    const apLoss = r.outcomes.find((o) => o.family === "lifeLoss" && o.subject === "ap")
    assert.strictEqual(apLoss?.amount, 1)
    assert.strictEqual(r.view.objects["ap"]?.props["life"], 19)
    // the original damage: 2 prevented, 2 dealt, 2 lost
    assert.strictEqual(r.view.objects["napUnit"]?.props["life"], -2)
  })

  it("it joins the original's results event (MTG 120.4 example 2), and its own results follow", () => {
    const r = run([reflect], [dmg("d", "napUnit", 4)])
    assert.deepStrictEqual(
      r.outcomes.map((o) => `${o.event}:${o.family}:${o.subject}`),
      [
        "ev:damage:napUnit",
        "ev:results:lifeLoss:napUnit",
        "ev:results:damage:ap",
        "ev:results:results:lifeLoss:ap"
      ]
    )
    assert.strictEqual(r.view.objects["ap"]?.props["life"], 18)
  })
})

describe("Rules.fails: an occurrence that can't happen at all (FaB 8.5.3c, 7.5.2b)", () => {
  const living: Policy.Rules = {
    ...withResults,
    fails: (o, v) =>
      o.family === "damage" && v.objects[o.subject]?.zone === "exile"
        ? { reason: "its recipient is no longer in play", rule: "T 7.5.2b" }
        : undefined
  }
  const gone = GameView.setObject(lives, {
    ...(lives.objects["napUnit"] as GameView.GameObject),
    zone: "exile"
  })

  it("is failed: nothing applies to it, nothing is dealt, no results, and the trace says why", () => {
    const r = run([shield("s", "nap", ["napUnit"], 3)], [dmg("d", "napUnit", 2)], living, gone)
    const o = r.outcomes.find((x) => x.id === "d")
    assert.strictEqual(o?.status, "failed")
    assert.strictEqual(o?.amount, 0)
    assert.deepStrictEqual(o?.applied, [])
    assert.deepStrictEqual(r.happened, [])
    assert.strictEqual(r.ledger.state["s"]?.remaining ?? 3, 3) // the shield was not consulted
    assert.isTrue(
      r.trace.some((t) => t._tag === "Note" && t.rule === "T 7.5.2b" && t.text.includes("no longer in play"))
    )
  })

  it("a redirect to an object that can't be dealt damage makes the damage fail there", () => {
    const redirect: Replacement.Replacement = {
      id: "r",
      label: "The damage is dealt to napUnit instead",
      controller: "nap",
      category: "standard",
      watch: { family: "damage", subject: { _tag: "Id", ids: ["nap"] } },
      action: { _tag: "Redirect", to: "napUnit" }
    }
    const r = run([redirect], [dmg("d", "nap", 2)], living, gone)
    assert.strictEqual(r.outcomes.find((x) => x.id === "d")?.status, "failed")
    assert.deepStrictEqual(r.happened, [])
  })

  it("without the hook, the same damage happens (the hook is the only difference)", () => {
    const r = run([], [dmg("d", "napUnit", 2)], withResults, gone)
    assert.strictEqual(r.outcomes.find((x) => x.id === "d")?.status, "happened")
  })
})
