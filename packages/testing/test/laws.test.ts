/**
 * The generic law checkers catch what they are about (a hand-broken resolution), and the seeded
 * chooser answers legally and deterministically.
 */
import { Chooser, Decision, GameEvent, GameView, Ledger, Policy, type Replacement } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Laws } from "../src/index.js"

const rules: Policy.Rules = {
  name: "t",
  order: Policy.affectedChooses({ name: "t", rule: "t", tiers: [{ name: "any" }] }),
  assignment: Policy.recipientControllerAllocates("t")
}
const view = GameView.make({
  players: ["a", "b"],
  activePlayer: "a",
  objects: [
    { id: "unit", kind: "object", controller: "b", props: { damage: 0 } },
    { id: "src", kind: "object", controller: "a", props: {} }
  ]
})
const shield: Replacement.Replacement = {
  id: "s",
  label: "prevent the next 2",
  controller: "b",
  category: "prevention",
  watch: { family: "damage" },
  action: { _tag: "Prevent", amount: 2, scope: "shield" }
}
const double: Replacement.Replacement = {
  id: "x2",
  label: "double",
  controller: "a",
  category: "standard",
  watch: { family: "damage" },
  action: { _tag: "Modify", op: "mul", value: 2 }
}
const input = (preventable = true): Laws.Input => ({
  view,
  ledger: Ledger.make([shield, double]),
  event: GameEvent.make("e", [
    GameEvent.damage({ id: "d1", source: "src", recipient: "unit", amount: 3, preventable }),
    GameEvent.damage({ id: "d2", source: "src", recipient: "unit", amount: 1, preventable })
  ])
})

describe("Laws", () => {
  it("every generic law holds on a real resolution", () => {
    for (const p of [true, false]) {
      const i = input(p)
      const r = Laws.resolveOrThrow(rules, i, Chooser.firstLegal)
      for (const [name, law] of Object.entries(Laws.generic)) expect([name, law(i, r)]).toEqual([name, []])
      expect(Laws.determinism(rules, () => input(p), Laws.seededChooser(3))).toEqual([])
    }
  })

  it("accounting, zero and at-most-once catch a broken resolution", () => {
    const i = input()
    const r = Laws.resolveOrThrow(rules, i, Chooser.firstLegal)
    const o = r.outcomes[0]
    if (o === undefined) throw new Error("no outcome")
    const broken = { ...r, outcomes: [{ ...o, amount: o.amount + 1, applied: [...o.applied, ...o.applied] }] }
    expect(Laws.accounting(i, broken).length).toBeGreaterThan(0)
    expect(Laws.atMostOnce(i, broken).length).toBeGreaterThan(0)
    const resurrected = {
      ...r,
      happened: [{ ...GameEvent.damage({ id: "z", source: "s", recipient: "unit", amount: 0 }) }]
    }
    expect(Laws.zeroStaysZero(i, resurrected)).toEqual(["z happened at 0"])
    expect(
      Laws.nonNegativeProps(["damage"])(i, {
        ...r,
        view: GameView.setObject(r.view, { id: "unit", kind: "object", props: { damage: -1 } })
      })
    ).toEqual(["unit.damage is -1"])
  })

  /**
   * MTG 615.5: "…the rest of the effect takes place immediately afterward"; 120.3: dealt damage
   * has its results. A ruleset with results (damage marks `damage` on its recipient) and a
   * reflecting shield: the generic law holds on the real resolution and catches one whose
   * reflected damage skipped its results, and one whose view is not what happened.
   */
  it("dealt and state agree: catches follow-up damage without results and a stale view (MTG 615.5, 120.3)", () => {
    const marked: Policy.Rules = {
      ...rules,
      results: {
        rule: "t 120.3",
        results: (dealt) =>
          dealt.map((d) =>
            GameEvent.occurrence({
              id: `${d.id}:marked`,
              family: "mark",
              subject: d.subject,
              amount: d.amount
            })
          )
      },
      commit: (v, o) => {
        const x = v.objects[o.subject]
        if (o.family !== "mark" || x === undefined) return v
        const n = typeof x.props["damage"] === "number" ? x.props["damage"] : 0
        return GameView.setObject(v, { ...x, props: { ...x.props, damage: n + o.amount } })
      }
    }
    const reflect: Replacement.Replacement = {
      ...shield,
      watch: { family: "damage", subject: { _tag: "Id", ids: ["unit"] } },
      additional: [{ family: "damage", subject: { id: "src" }, amount: { _tag: "Prevented" } }]
    }
    const i: Laws.Input = {
      view,
      ledger: Ledger.make([reflect]),
      event: GameEvent.make("e", [
        GameEvent.damage({ id: "d1", source: "src", recipient: "unit", amount: 3 })
      ])
    }
    const law = Laws.dealtAgreesWithState(marked)
    const r = Laws.resolveOrThrow(marked, i, Chooser.firstLegal)
    expect(law(i, r)).toEqual([])
    expect(r.view.objects["src"]?.props["damage"]).toBe(2)
    const base = marked.results
    if (base === undefined) throw new Error("results")
    const skips: Policy.Rules = {
      ...marked,
      results: {
        ...base,
        results: (dealt, v) =>
          base.results(
            dealt.filter((d) => d.subject !== "src"),
            v
          )
      }
    }
    const broken = Laws.resolveOrThrow(skips, i, Chooser.firstLegal)
    expect(law(i, broken).length).toBeGreaterThan(0)
    expect(law(i, { ...r, view }).length).toBeGreaterThan(0)
  })

  it("the seeded chooser answers legally, the same way for the same request", () => {
    const request: Decision.Request = {
      _tag: "Allocate",
      id: "d1",
      chooser: "b",
      effect: "s",
      label: "",
      points: 2,
      targets: [
        { occurrence: "x", subject: "B", max: 2 },
        { occurrence: "y", subject: "B", max: 2 }
      ],
      rule: ""
    }
    const state = { log: [] } as unknown as Parameters<Chooser.SyncChooser>[1]
    const legal = Decision.legalAnswers(request)
    for (const seed of [1, 2, 3, 4, 5]) {
      const a = Laws.seededChooser(seed)(request, state)
      expect(legal).toContainEqual(a)
      expect(Laws.seededChooser(seed)(request, state)).toEqual(a)
    }
  })
})

/**
 * What is reported is what was done (MTG CR 614.6: "the impossible instruction is simply
 * ignored"; MTG-27: "Remove five +1/+1 counters" on a creature with two: two are removed, and the
 * outcome records two). The law holds for a commit that says what it did, and fails for the
 * mutant that does the same to the game but reports all it was asked.
 */
describe("reportedIsDone", () => {
  const honest: Policy.Rules = {
    ...rules,
    commit: (v, o) => {
      const x = v.objects[o.subject]
      if (x === undefined || o.family !== "removeCounters") return v
      const there = typeof x.props["counters"] === "number" ? x.props["counters"] : 0
      const after = GameView.setObject(v, {
        ...x,
        props: { ...x.props, counters: Math.max(0, there - o.amount) }
      })
      return there >= o.amount ? after : Policy.committed(after, there)
    }
  }
  const honestCommit = honest.commit as NonNullable<Policy.Rules["commit"]>
  const mutant: Policy.Rules = { ...honest, commit: (v, o) => Policy.viewOf(honestCommit(v, o)) }
  const board = (counters: number): Laws.Input => ({
    view: GameView.make({
      players: ["a", "b"],
      activePlayer: "a",
      objects: [{ id: "bear", kind: "object", controller: "b", props: { counters } }]
    }),
    ledger: Ledger.empty,
    event: GameEvent.make("e", [
      GameEvent.occurrence({ id: "o", family: "removeCounters", subject: "bear", amount: 5 })
    ])
  })
  const check = (r: Policy.Rules, counters: number) => {
    const i = board(counters)
    return Laws.reportedIsDone(r, ["removeCounters"])(i, Laws.resolveOrThrow(r, i, Chooser.firstLegal))
  }

  it("holds where the commit says it removed 2 of 5, and where all 5 were there", () => {
    expect(check(honest, 2)).toEqual([])
    expect(check(honest, 7)).toEqual([])
  })

  it("the mutant that reports 5 removed from a creature with two fails it", () => {
    expect(check(mutant, 2).join("\n")).toContain("5 reported, but 4 changes the game alike")
    // with enough counters the mutant is right, and the law says nothing
    expect(check(mutant, 7)).toEqual([])
  })

  it("a commit that says it did 2 but removed one more than asked fails it", () => {
    const liar: Policy.Rules = {
      ...honest,
      commit: (v, o) => Policy.committed(Policy.viewOf(honestCommit(v, { ...o, amount: o.amount + 1 })), 2)
    }
    expect(check(liar, 7).join("\n")).toContain("5 asked changes the game otherwise than the 2 reported")
  })
})
