/**
 * One sequence per effect over simultaneous events (`OrderingPolicy.sequences`; the rule it
 * models, Riftbound 373.2: "each Replacement Effect may only be applied in one sequence, to any
 * number of events that are qualified to be replaced"), and what the outcome says of replaced
 * occurrences and costs (`replacedBy`, `paid`; "a cost replaced is still paid": FaB 1.14.4c,
 * Riftbound 357.2.a). Game-neutral: a family `die`, two objects of one player.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  Chooser,
  GameEvent,
  GameView,
  Ledger,
  Policy,
  type Replacement,
  Resolver,
  Ruleset
} from "../src/index.js"
import { ok, view } from "./fixtures.js"

const order = Policy.affectedChooses({
  name: "seq",
  rule: "T-s 1: the affected object's controller chooses",
  tiers: []
})
const withSequences: Policy.Rules = {
  name: "seq",
  order: { ...order, sequences: { families: ["die"], rule: "T-s 2: one sequence per effect" } },
  assignment: Policy.recipientControllerAllocates("T-s 3")
}
const without: Policy.Rules = { ...withSequences, order }

const third = GameView.setObject(view, {
  id: "napThird",
  kind: "object",
  controller: "nap",
  owner: "nap",
  zone: "battlefield",
  props: {}
})

/** S: "if napAlly or napThird would die, instead nothing" (a save); G: "if napUnit would die, napThird dies instead". */
const effects: ReadonlyArray<Replacement.Replacement> = [
  {
    id: "S",
    label: "save napAlly or napThird",
    controller: "nap",
    category: "save",
    watch: { family: "die", subject: { _tag: "Id", ids: ["napAlly", "napThird"] } },
    action: { _tag: "Replace", with: [] }
  },
  {
    id: "G",
    label: "napThird dies instead of napUnit",
    controller: "nap",
    category: "save",
    watch: { family: "die", subject: { _tag: "Id", ids: ["napUnit"] } },
    action: { _tag: "Replace", with: [{ family: "die", subject: { id: "napThird" } }] }
  }
]

const deaths = GameEvent.make("k", [
  GameEvent.occurrence({ id: "dUnit", family: "die", subject: "napUnit" }),
  GameEvent.occurrence({ id: "dAlly", family: "die", subject: "napAlly" })
])

const resolve = (rules: Policy.Rules, answers: ReadonlyArray<string>) =>
  ok(Resolver.resolveSync(rules, deaths, Ledger.make(effects), third, Chooser.scripted(answers)))

const statusOf = (r: ReturnType<typeof resolve>, subject: string) =>
  r.outcomes.filter((o) => o.subject === subject).map((o) => o.status)

describe("OrderingPolicy.sequences (one sequence per effect)", () => {
  it("the chooser picks over both simultaneous events; S first — after G, S does not apply again (sequenceEnded)", () => {
    const r = resolve(withSequences, ["S"])
    assert.strictEqual(r.decisions.length, 1)
    const request = r.decisions[0]?.request
    assert.strictEqual(request?._tag, "ChooseEffect")
    if (request?._tag === "ChooseEffect")
      assert.deepStrictEqual(
        request.options.map((o) => o.effect),
        ["S", "G"]
      )
    assert.deepStrictEqual(statusOf(r, "napAlly"), ["replaced"])
    // G's napThird death happens: S's one sequence ended when G applied after it
    assert.deepStrictEqual(statusOf(r, "napThird"), ["happened"])
    assert.isTrue(
      r.trace.some((t) => t._tag === "NotApplied" && t.effect === "S" && t.reason === "sequenceEnded")
    )
  })

  it("G first — S then applies, in one sequence, to napAlly and to napThird", () => {
    const r = resolve(withSequences, ["G"])
    assert.deepStrictEqual(statusOf(r, "napAlly"), ["replaced"])
    assert.deepStrictEqual(statusOf(r, "napThird"), ["replaced"])
  })

  it("mutant: without sequences the events are taken one by one, S applies again after G, and nobody is asked", () => {
    const r = resolve(without, [])
    assert.strictEqual(r.decisions.length, 0)
    assert.deepStrictEqual(statusOf(r, "napThird"), ["replaced"])
  })
})

describe("the outcome of an event step: replacedBy and paid", () => {
  const run = (occurrence: GameEvent.Occurrence) =>
    Ruleset.run(
      without,
      {
        view: third,
        ledger: Ledger.make(effects),
        steps: [{ _tag: "Event", event: GameEvent.make("p", [occurrence]) }]
      },
      Chooser.firstLegal
    ).outcome.events.p?.occurrences ?? {}

  it("a replaced occurrence names what replaced it; a cost replaced is paid (357.2.a, 1.14.4c)", () => {
    const occ = run(GameEvent.occurrence({ id: "c", family: "die", subject: "napUnit", kinds: ["cost"] }))
    assert.strictEqual(occ.c?.status, "replaced")
    assert.strictEqual(occ.c?.paid, true)
    assert.strictEqual(occ.c?.replacedBy.length, 1)
    const by = occ[occ.c?.replacedBy[0] ?? ""]
    // napThird's death is replaced in turn, by nothing (S): replaced, replacedBy []
    assert.deepInclude(by, { family: "die", subject: "napThird", status: "replaced", replacedBy: [] })
  })

  it("a cost at 0 is not paid; an occurrence that is not a cost has no paid", () => {
    const zero = run(
      GameEvent.occurrence({ id: "c", family: "die", subject: "napUnit", amount: 0, kinds: ["cost"] })
    )
    assert.deepInclude(zero.c, { status: "zero", paid: false })
    const plain = run(GameEvent.occurrence({ id: "c", family: "die", subject: "napUnit" }))
    assert.notProperty(plain.c ?? {}, "paid")
  })
})
