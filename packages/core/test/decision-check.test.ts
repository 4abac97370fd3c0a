/**
 * An answer of the wrong kind for a decision says what an answer to *that* decision looks like
 * (issue 31, point 8): its options' ids, its players, or points per occurrence adding up to its
 * N with a legal example (before: "expected points per occurrence, e.g. { x: 1 }", whatever the
 * occurrences were).
 */
import { assert, describe, it } from "@effect/vitest"
import { Decision } from "../src/index.js"

const allocate: Decision.Request = {
  _tag: "Allocate",
  id: "d1",
  chooser: "bob",
  effect: "s",
  label: "Prevent the next 3",
  points: 3,
  targets: [
    { occurrence: "x", subject: "B", max: 2 },
    { occurrence: "y", subject: "B", max: 2 }
  ],
  rule: "MTG CR 615.7"
}

describe("Decision.check names the shape of this decision's answer", () => {
  it("an allocation: its occurrences, its total and a legal example", () => {
    const said = Decision.check(allocate, true)
    assert.strictEqual(said, "expected points per occurrence (x, y) adding up to 3, e.g. { x: 2, y: 1 }")
    // the example is a legal answer (mutant: an example that does not add up would fail here)
    assert.isUndefined(Decision.check(allocate, { x: 2, y: 1 }))
  })

  it("a choice of effect: its options; a starting player: the players", () => {
    const choose = {
      _tag: "ChooseEffect",
      id: "d1",
      chooser: "nap",
      group: "z",
      tier: "any",
      options: [{ effect: "a" }, { effect: "b" }],
      rule: "MTG CR 616.1"
    } as unknown as Decision.Request
    assert.strictEqual(Decision.check(choose, { x: 1 }), "expected the id of one of its options: a, b")
    const start: Decision.Request = {
      _tag: "StartingPlayer",
      id: "d1",
      chooser: "a",
      options: ["a", "b"],
      rule: "FaB 6.5.1"
    }
    assert.strictEqual(Decision.check(start, true), "expected a player id: a, b")
  })
})
