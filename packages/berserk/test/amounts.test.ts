/**
 * Берсерк 534.2: «Эффект замещения может быть применён только в момент выполнения особенности
 * (после наложения всех модификаторов и проверки защит).» (A replacement effect can be applied
 * only at the moment the feature is executed.) An amount written as an expression — “Получает на
 * X меньше ран”, X counted — is determined then, at each execution.
 */
import { Chooser, Ruleset } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, ruleset } from "../src/index.js"
import { compile2 } from "./helpers.js"

const run = (doc: Readonly<Record<string, unknown>>) => {
  const c = compile2({ format: 2, ruleset: "berserk", players: ["ap", "ip"], turn: "ap", ...doc })
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return Ruleset.run(ruleset.rules, c.success, Chooser.firstLegal)
}

const openCreatures = {
  count: {
    controller: "you",
    closed: false,
    filter: { _tag: "Prop", prop: "type", op: "eq", value: "creature" }
  }
}

const objects = [
  { id: "orc", controller: "ap", types: ["creature"], cost: 2 },
  { id: "guard", controller: "ip", types: ["creature"], cost: 3 },
  { id: "n1", controller: "ip", types: ["creature"], cost: 2 },
  { id: "n2", controller: "ip", types: ["creature"], cost: 2 }
]

const strike = (id: string) => ({ attack: { id, kind: "strike", strength: 4, from: "orc", to: "guard" } })

describe("534.2 amounts determined when the feature is executed", () => {
  it("534.2: X fewer wounds, X = the open creatures, counted at each strike: 3, then 2, then 3 again", () => {
    const r = run({
      objects,
      effects: [{ kind: "fewerWounds", id: "less", controller: "ip", to: ["guard"], amount: openCreatures }],
      steps: [
        strike("s1"),
        { update: { object: "n1", set: { closed: true } } },
        strike("s2"),
        { update: { object: "n1", set: { closed: false } } },
        strike("s3")
      ]
    })
    // 3 open creatures (guard, n1, n2): 4 − 3 = 1; n1 closed: 4 − 2 = 2; open again: 4 − 3 = 1
    expect(r.outcome.events["s1"]?.dealt).toEqual({ guard: 1 })
    expect(r.outcome.events["s2"]?.dealt).toEqual({ guard: 2 })
    expect(r.outcome.events["s3"]?.dealt).toEqual({ guard: 1 })
  })

  it("533 with X: prevent X wounds of each attack (scope each), X = half of the attack rounded up", () => {
    const r = run({
      objects,
      effects: [
        {
          kind: "prevent",
          id: "p",
          controller: "ip",
          to: ["guard"],
          scope: "each",
          amount: { half: "event", round: "up" }
        }
      ],
      steps: [strike("s1")]
    })
    expect(r.outcome.events["s1"]?.dealt).toEqual({ guard: 2 })
    expect(r.outcome.events["s1"]?.prevented).toEqual({ guard: 2 })
  })

  it("the constructors take the expression and refuse a malformed one when called", () => {
    expect(Effects.fewerWounds({ id: "f", controller: "ip", amount: { allBut: 1 } }).action).toEqual({
      _tag: "Modify",
      op: "sub",
      value: { _tag: "AllBut", value: 1 }
    })
    expect(() => Effects.fewerWounds({ id: "f", controller: "ip", amount: { min: [] } })).toThrow(
      /invalid amount for fewerWounds "f" amount/
    )
  })
})
