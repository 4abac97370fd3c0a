/**
 * 534.1 with another destination (BSK-13): «если это существо должно погибнуть, вместо этого
 * положите его в колоду владельца» — the death is replaced by a zone change (`zoneChange`, core
 * `Zones.ZONE_CHANGE`) to the deck. Each test quotes the rule and can fail: the mutant tried is
 * named beside it.
 */
import type { Ruleset } from "@bulwark/core"
import { GameView, Policy } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, Rules, ruleset } from "../src/index.js"

const outcome = (text: string): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

const file = (effects: string, strength = 4) => `format: 3
ruleset: berserk
players: [ap, ip]
turn: ap
objects:
  - { id: ogre, controller: ap, types: [creature], cost: 5, strength: ${strength} }
  - { id: C, controller: ip, types: [creature], cost: 3, life: 4 }
${effects}steps:
  - attack: { id: a1, kind: удар, from: ogre, to: C }
`

const toDeck = `effects:
  - { kind: replace, id: toDeck, controller: ip, source: C, to: [C], family: die, instead: [{ family: zoneChange, params: { to: deck } }] }
`

describe("534.1: a death replaced by another destination", () => {
  /**
   * 534.1: «Эффект замещения ожидает применения конкретного эффекта и заменяет его (полностью или
   * частично) другим.» 534.3: «Эффект, который был заменён эффектом замещения, не считается
   * выполненным.» — C goes to the deck, not the graveyard, and did not die. Mutant tried: the
   * commit of `zoneChange` ignoring its `to` (the card stays where it is): C on the battlefield
   * — fails.
   */
  it("534.1, 534.3: lethal wounds put C into the deck; its death is replaced, not performed", () => {
    const o = outcome(file(toDeck))
    assert.strictEqual(o.state.C?.zone, "deck")
    assert.strictEqual(o.events.a1?.occurrences["a1:die"]?.status, "replaced")
    assert.deepStrictEqual(o.events.a1?.occurrences["a1:die"]?.replacedBy, ["a1:die#1"])
    const families = o.events.a1?.happened.map((h) => h.family)
    assert.deepStrictEqual(families, ["damage", "zoneChange"])
    // without the effect: it dies, to the graveyard — the test can tell the difference
    assert.strictEqual(outcome(file("")).state.C?.zone, "graveyard")
  })

  /** Not lethal (3 wounds of 4 life): no death, nothing to replace, C stays on the battlefield. */
  it("wounds that are not lethal make no death: the effect does not apply", () => {
    const o = outcome(file(toDeck, 3))
    assert.strictEqual(o.state.C?.zone, "battlefield")
    assert.strictEqual(o.effects.toDeck?.uses, 0)
  })

  /**
   * The zone change puts the card where its `to` says, at `position` (core `Zones.put`): the
   * bottom of the deck is last in the view's order. Mutant tried: the commit without the
   * position: C keeps its place before D — fails.
   */
  it("a zone change to the bottom of the deck puts the card last", () => {
    const view = GameView.make({
      players: ["ip"],
      activePlayer: "ip",
      objects: [
        { id: "C", kind: "object", owner: "ip", zone: "battlefield", props: {} },
        { id: "D", kind: "object", owner: "ip", zone: "deck", props: {} }
      ]
    })
    const after = Policy.viewOf(
      Rules.commit(
        view,
        Effects.zoneChange({ id: "z", subject: "C", params: { to: "deck", position: "bottom" } })
      )
    )
    assert.deepStrictEqual(
      Object.values(after.objects)
        .filter((x) => x.zone === "deck")
        .map((x) => x.id),
      ["D", "C"]
    )
  })
})
