import { assert, describe, it } from "@effect/vitest"
import { Demo, Explain } from "../src/index.js"

/**
 * Bob asks why his bear took 2 although it had a shield. The answer must name his own choice
 * (shield first), what the shield did (2 of 3 prevented, used up), what doubled the rest
 * (1 → 2), and the final damage — each with its rule.
 */
describe("explaining a resolution to a player", () => {
  it("tells bob, in his words, why his bear took 2", () => {
    const lines = Explain.explain(Demo.resolution(), { viewer: "bob", view: Demo.view })
    assert.deepStrictEqual(lines, [
      "Alice's Flame Burst would deal 3 damage to your Grizzly Bear and 2 damage to you.",
      "Guardian Shield and Furnace could each change the damage to your Grizzly Bear; you chose to apply Guardian Shield first (rule 616.1).",
      "Guardian Shield prevented 2 of the 3 damage to your Grizzly Bear (rule 615.7).",
      "Guardian Shield is used up.",
      "Furnace changed the damage to your Grizzly Bear from 1 to 2 (rule 614.1a).",
      "In the end: 2 damage to your Grizzly Bear and 2 damage to you."
    ])
  })

  it("tells alice the same story from her side", () => {
    const lines = Explain.explain(Demo.resolution(), { viewer: "alice", view: Demo.view })
    assert.strictEqual(
      lines[0],
      "Your Flame Burst would deal 3 damage to Bob's Grizzly Bear and 2 damage to Bob."
    )
    assert.include(lines[1] ?? "", "Bob chose to apply Guardian Shield first")
    assert.strictEqual(lines.at(-1), "In the end: 2 damage to Bob's Grizzly Bear and 2 damage to Bob.")
  })
})
