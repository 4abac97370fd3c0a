import { readFileSync } from "node:fs"
import { Chooser, GameEvent, Ledger, Resolver } from "@bulwark/core"
import { ruleset as mtg, Scenario } from "@bulwark/mtg"
import { checkScenario, parseScenario, Skeleton } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { guardianSigil, houseRuleset } from "../src/own-card.js"

/**
 * Guardian Sigil: "Once each turn, if a source an opponent controls would deal damage to a
 * creature you control, prevent 1 of that damage."
 */
const board = () => {
  const c = Skeleton.compileData(Scenario.language, {
    players: ["ap", "nap"],
    objects: [
      { id: "bear", controller: "nap", types: ["Creature"], power: 2, toughness: 4 },
      { id: "elf", controller: "nap", types: ["Creature"], power: 1, toughness: 1 },
      { id: "goblin", controller: "ap", types: ["Creature"], power: 3, toughness: 3 },
      { id: "napsOwn", controller: "nap", types: ["Creature"], power: 3, toughness: 3 }
    ]
  })
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return c.success
}
const hit = (id: string, source: string, to: string, amount: number) =>
  GameEvent.make(id, [GameEvent.damage({ id: `${id}:${to}`, source, recipient: to, amount })])

describe("docs/guides/own-card.md", () => {
  const sigil = guardianSigil({ id: "sigil", controller: "nap" })

  it("prevents 1 of an opponent's damage to nap's creature, once each turn", () => {
    const { view } = board()
    const ledger = Ledger.add(board().ledger, [sigil])
    const first = Resolver.resolveSync(
      mtg.rules,
      hit("e1", "goblin", "bear", 3),
      ledger,
      view,
      Chooser.firstLegal
    )
    if (Result.isFailure(first)) return assert.fail(first.failure.message)
    assert.deepStrictEqual([first.success.dealt, first.success.prevented], [{ bear: 2 }, { bear: 1 }])
    // "once each turn": the second hit this turn is not prevented
    const second = Resolver.resolveSync(
      mtg.rules,
      hit("e2", "goblin", "bear", 3),
      first.success.ledger,
      first.success.view,
      Chooser.firstLegal
    )
    if (Result.isFailure(second)) return assert.fail(second.failure.message)
    assert.deepStrictEqual(second.success.dealt, { bear: 3 })
    // next turn it works again
    const next = Resolver.resolveSync(
      mtg.rules,
      hit("e3", "goblin", "elf", 1),
      Ledger.advance(second.success.ledger, "endOfTurn"),
      second.success.view,
      Chooser.firstLegal
    )
    if (Result.isFailure(next)) return assert.fail(next.failure.message)
    assert.deepStrictEqual(next.success.dealt, {})
  })
  it('does not apply to damage from nap\'s own source ("a source an opponent controls")', () => {
    const { view } = board()
    const r = Resolver.resolveSync(
      mtg.rules,
      hit("e", "napsOwn", "bear", 3),
      Ledger.make([sigil]),
      view,
      Chooser.firstLegal
    )
    if (Result.isFailure(r)) return assert.fail(r.failure.message)
    assert.deepStrictEqual(r.success.dealt, { bear: 3 })
  })
  it('does not apply to damage to ap\'s creature ("a creature you control")', () => {
    const { view } = board()
    const r = Resolver.resolveSync(
      mtg.rules,
      hit("e", "napsOwn", "goblin", 3),
      Ledger.make([sigil]),
      view,
      Chooser.firstLegal
    )
    if (Result.isFailure(r)) return assert.fail(r.failure.message)
    assert.deepStrictEqual(r.success.dealt, { goblin: 3 })
  })
  it("in scenario files: the new kind compiles, and a scenario file with it is checked", () => {
    // the scenario file shown in the guide, read from the page
    const page = readFileSync(new URL("../../../docs/guides/own-card.md", import.meta.url), "utf8")
    const yaml = /```yaml\n([\s\S]*?)```/.exec(page)?.[1]
    if (yaml === undefined) return assert.fail("the guide shows no scenario file")
    const loaded = parseScenario(yaml, "house.yaml", [mtg, houseRuleset])
    if (Result.isFailure(loaded)) return assert.fail(loaded.failure.message)
    const checked = checkScenario(loaded.success)
    assert.deepStrictEqual(checked.mismatches, [])
    assert.isTrue(checked.ok)
  })
  it("a bad entry of the new kind is refused by the schema, naming the key", () => {
    const bad = parseScenario(
      "format: 2\nruleset: mtg-house\nplayers: [ap, nap]\neffects:\n  - { kind: guardianSigil, id: s, controller: nap, amount: 0 }\n",
      "bad.yaml",
      [houseRuleset]
    )
    assert.isTrue(Result.isFailure(bad))
    if (Result.isFailure(bad)) assert.include(bad.failure.message, "amount")
  })
  it("the plain MTG ruleset still refuses the house kind", () => {
    const r = parseScenario(
      "format: 2\nruleset: mtg\nplayers: [ap, nap]\neffects:\n  - { kind: guardianSigil, id: s, controller: nap }\n",
      "plain.yaml",
      [mtg]
    )
    assert.isTrue(Result.isFailure(r))
  })
})
