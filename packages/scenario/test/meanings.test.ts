/**
 * Errors a newcomer meets (issue 31, point 8), where the loader builds them: another game's word
 * for a kind or a family is answered with this game's word (`preventNext`, FaB's "prevent the
 * next N", in an MTG file → `shield`), and the spelling "did you mean" keeps working; a number
 * written as text (`amount: "3"`) says a whole number or an expression is wanted and shows how to
 * write it; an answer in `decisions:` of no answer's shape says what answers look like. The rulesets here are the tiny test one under a bundled ruleset's id (the meanings
 * table is keyed by ruleset id).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Meanings, parseScenario } from "../src/index.js"
import { tiny2 } from "./tiny2.js"

const asMtg = { ...tiny2, id: "mtg" }
const head = "format: 2\nruleset: mtg\nplayers: [a, b]\nobjects:\n  - { id: U, controller: b }\n"
const problems = (text: string, rulesets = [asMtg]): ReadonlyArray<string> => {
  const r = parseScenario(text, "case.yaml", rulesets)
  if (Result.isSuccess(r)) return []
  const e = r.failure as { issues?: ReadonlyArray<{ path: string; line: number; message: string }> }
  return (e.issues ?? []).map((i) => `${i.path} ${i.line}: ${i.message}`)
}

describe("a suggestion by meaning across games", () => {
  it("preventNext (FaB's shielding prevention) in an MTG file: did you mean shield, and why", () => {
    const ps = problems(
      `${head}effects:\n  - { kind: preventNext, id: s, controller: b, to: U, amount: 2 }\n`
    )
    assert.deepStrictEqual(ps, [
      'effects[0].kind 7: unknown kind "preventNext" (did you mean "shield"? "preventNext" is fab\'s word for it: prevent the next N damage to it, what is left of N carrying over to later damage); expected one of "shield" | "double"'
    ])
  })

  it("the meaning replaces a spelling suggestion that only looks alike", () => {
    // "prevent" is riftbound's and berserk's word for a shield; as a typo it is nothing here
    const ps = problems(`${head}effects:\n  - { kind: prevent, id: s, controller: b, to: U, amount: 2 }\n`)
    assert.strictEqual(ps.length, 1)
    assert.include(ps[0], '(did you mean "shield"? "prevent" is riftbound\'s and berserk\'s word for it')
    assert.strictEqual(ps[0]?.split("did you mean").length, 2, "one suggestion")
  })

  it("a spelling mistake keeps its spelling suggestion", () => {
    const ps = problems(`${head}effects:\n  - { kind: sheild, id: s, controller: b, to: U, amount: 2 }\n`)
    assert.deepStrictEqual(ps, [
      'effects[0].kind 7: unknown kind "sheild" (did you mean "shield"?); expected one of "shield" | "double"'
    ])
  })

  it("a ruleset with no word for the meaning (or not in the table) gets no meaning", () => {
    assert.isUndefined(Meanings.hint("tiny", "kind", "preventNext"))
    assert.isUndefined(Meanings.hint("fab", "kind", "preventNext"), "fab's own word")
    const ps = problems(
      `${head.replace("ruleset: mtg", "ruleset: tiny")}effects:\n  - { kind: preventNext, id: s, controller: b, to: U, amount: 2 }\n`,
      [tiny2]
    )
    assert.notInclude(ps[0] ?? "", "word for")
  })

  /**
   * Issue 28 point 3: "Core owns the common families with one name and one meaning each … Old
   * names migrate." A family's old name (format 3 FaB) is told its one name, and a move its
   * destination; a common name is no other game's word any more.
   */
  it("families too: an old name is told the one name it has now (and a move its destination)", () => {
    assert.strictEqual(
      Meanings.hint("mtg", "family", "loseLife"),
      ' (did you mean "lifeLoss"? "loseLife" is its name before format 4: the subject\'s life total goes down by the amount)'
    )
    assert.strictEqual(
      Meanings.hint("fab", "family", "banish"),
      ' (did you mean "zoneChange" with `params: { to: banished }`? "banish" is its name before format 4: the subject moves to the zone params.to names (graveyard, exile / banished, deck / library, hand, …), at params.position (top / bottom) in it; it happens once)'
    )
    assert.isUndefined(Meanings.hint("fab", "family", "zoneChange"))
    assert.strictEqual(
      Meanings.hint("riftbound", "kind", "shield"),
      ' (did you mean "prevent"? "shield" is mtg\'s word for it: prevent the next N damage to it, what is left of N carrying over to later damage)'
    )
  })

  it("mutant: without the table's row, preventNext in MTG gets only the spelling (no shield)", () => {
    const row = Meanings.meanings.find((m) => m.words.mtg?.includes("shield"))
    assert.isDefined(row)
    assert.deepStrictEqual(
      Meanings.translate("mtg", "kind", "preventNext").map((t) => t.words),
      [["shield"]]
    )
    assert.deepStrictEqual(Meanings.translate("mtg", "family", "preventNext"), [], "a kind is no family")
  })
})

describe("a number written as text", () => {
  it('amount: "3" in an effect: a whole number or an expression, and how to write it', () => {
    const ps = problems(`${head}effects:\n  - { kind: shield, id: s, controller: b, to: U, amount: "3" }\n`)
    assert.deepStrictEqual(ps, [
      'effects[0].amount 7: expected a whole number or an expression, got the text "3": write `amount: 3` (a number, without quotes)'
    ])
  })

  it('an occurrence\'s amount: "3": a whole number', () => {
    const ps = problems(`${head}steps:\n  - event: { id: e, occurrences: [{ id: d, to: U, amount: "3" }] }\n`)
    assert.deepStrictEqual(ps, [
      'steps[0].event.occurrences[0].amount 7: expected a whole number, got the text "3": write `amount: 3` (a number, without quotes)'
    ])
  })

  it("text that is no number keeps the schema's message", () => {
    const ps = problems(`${head}effects:\n  - { kind: shield, id: s, controller: b, to: U, amount: three }\n`)
    assert.strictEqual(ps.length, 1)
    assert.notInclude(ps[0], "without quotes")
  })
})

describe("a decision answer in the wrong shape", () => {
  it("a list (or a number) in decisions: says what an answer looks like, at the answer", () => {
    for (const [written, shown] of [
      ["[x, 3]", '["x",3]'],
      ["3", "3"]
    ] as const) {
      const ps = problems(`${head}decisions:\n  - ${written}\n`)
      assert.deepStrictEqual(ps, [
        `decisions[0] 7: a decision's answer is an effect's id (which effect applies first: \`shield-a\`), a player's id (who starts: \`ap\`), true or false (use an optional effect or not), or points per occurrence (how a shield's N is split: \`{ x: 2, y: 1 }\`), got ${shown}`
      ])
    }
  })

  it("an answer of a right shape is left to the run (which knows the decision)", () => {
    assert.deepStrictEqual(problems(`${head}decisions:\n  - true\n  - { x: 1 }\n  - s\n`), [])
  })
})
