/**
 * Two hooks of a ruleset's words that the skeleton honours (added for Riftbound, generic):
 *
 * - `Language.advance`: what the game does when time passes, as steps run just before the
 *   boundary is crossed (Riftbound 466.1.a.1 "Heal all Units" in the Combat Cleanup);
 * - `CompileContext.startWith`: a step kind puts effects into the starting ledger, after the
 *   file's own, each id once (Riftbound 465.2.d: combat damage is dealt by the rules' own step);
 * - `Skeleton.idSpacesWith`: a ruleset's id space named like a skeleton one adds its paths to it
 *   (a Riftbound `combat` step is an event: its id is one of the events').
 */
import { GameView, Language, type Replacement } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import * as Skeleton from "../src/Skeleton.js"
import { double, language } from "./tiny2.js"

const rulesStep: Replacement.Replacement = double({ id: "rules", controller: "a", to: "U" })

const words: Language.Language = {
  ...language,
  advance: (boundary) => [
    {
      _tag: "Update",
      label: `cleanup before ${boundary}`,
      apply: (v) => {
        const u = GameView.get(v, "U")
        return u === undefined ? v : GameView.setObject(v, { ...u, props: { ...u.props, might: 0 } })
      }
    }
  ],
  steps: {
    ...language.steps,
    fight: Language.stepKind({
      summary: "needs the rules' own effect in the game",
      schema: Schema.Literal(true),
      compile: (_v, ctx) => {
        ctx.startWith([rulesStep])
        return []
      }
    })
  }
}

const compiled = (data: Record<string, unknown>) => {
  const r = Skeleton.compileData(words, {
    players: ["a", "b"],
    objects: [{ id: "U", controller: "b", might: 3 }],
    ...data
  })
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

describe("skeleton hooks", () => {
  it("advance: the ruleset's steps run just before the boundary is crossed", () => {
    const c = compiled({ steps: [{ advance: "endOfTurn" }] })
    assert.deepStrictEqual(
      c.steps.map((s) => (s._tag === "Update" ? s.label : s._tag)),
      ["cleanup before endOfTurn", "Advance"]
    )
  })

  it("startWith: effects join the starting ledger after the file's, each id once", () => {
    const c = compiled({
      effects: [{ kind: "shield", id: "s", controller: "b", to: "U", amount: 1 }],
      steps: [{ fight: true }, { fight: true }]
    })
    assert.deepStrictEqual(
      c.ledger.effects.map((e) => e.id),
      ["s", "rules"]
    )
  })

  it("startWith: an id the file already has is not added again", () => {
    const c = compiled({
      effects: [{ kind: "double", id: "rules", controller: "b", to: "U" }],
      steps: [{ fight: true }]
    })
    assert.deepStrictEqual(
      c.ledger.effects.map((e) => [e.id, e.controller]),
      [["rules", "b"]]
    )
  })

  it("without the hooks nothing is added", () => {
    const r = Skeleton.compileData(language, { players: ["a"], steps: [{ advance: "endOfTurn" }] })
    assert.isTrue(Result.isSuccess(r))
    if (Result.isSuccess(r))
      assert.deepStrictEqual(
        r.success.steps.map((s) => s._tag),
        ["Advance"]
      )
  })

  it("idSpacesWith: a space named like the skeleton's joins it; another is added", () => {
    const spaces = Skeleton.idSpacesWith([
      { name: "event", paths: ["steps[*].combat.id"] },
      { name: "card", paths: ["cards[*].id"] }
    ])
    assert.deepStrictEqual(spaces.find((x) => x.name === "event")?.paths, [
      "steps[*].event.id",
      "steps[*].combat.id"
    ])
    assert.strictEqual(spaces.filter((x) => x.name === "event").length, 1)
    assert.deepStrictEqual(spaces.at(-1), { name: "card", paths: ["cards[*].id"] })
    assert.deepStrictEqual(Skeleton.idSpaces.find((x) => x.name === "event")?.paths, ["steps[*].event.id"])
  })
})
