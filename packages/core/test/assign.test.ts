/**
 * One limited effect over several affected objects, and order prompts only when the order can
 * matter — each against the rule it implements (the "affected side chooses" shape, core's tiny
 * `affected` ruleset: the affected object's controller chooses, MTG 616.1 / Riftbound 372–373).
 */
import { assert, describe, it } from "@effect/vitest"
import { type Decision, GameEvent, Kernel, Ledger, type Replacement, type Trace } from "../src/index.js"
import { affected, view } from "./fixtures.js"

const dmg = (id: string, to: string, amount: number) =>
  GameEvent.damage({ id, source: "src", recipient: to, amount })

const effect = (
  id: string,
  controller: string,
  action: Replacement.Action,
  subject?: ReadonlyArray<string>,
  extra: Partial<Replacement.Replacement> = {}
): Replacement.Replacement => ({
  id,
  label: id,
  controller,
  category: "prevention",
  watch:
    subject === undefined
      ? { family: "damage" }
      : { family: "damage", subject: { _tag: "Id", ids: subject } },
  action,
  ...extra
})

/** Runs to the end, answering each request with `answer`; returns the requests and the resolution. */
const drive = (
  occurrences: ReadonlyArray<GameEvent.Occurrence>,
  effects: ReadonlyArray<Replacement.Replacement>,
  answer: (r: Decision.Request) => Decision.Answer,
  options: Kernel.Options = {}
) => {
  const asked: Array<Decision.Request> = []
  const rules = { ...affected, orderShortcut: true }
  let step = Kernel.start(rules, GameEvent.make("e", occurrences), Ledger.make(effects), view, options)
  while (step._tag === "Pending") {
    asked.push(step.request)
    step = Kernel.resume(step.state, answer(step.request))
  }
  if (step._tag !== "Done") throw new Error(`failed: ${step.error.message}`)
  return { asked, r: step.resolution }
}

const dealt = (r: Kernel.Resolution, subject: string) =>
  r.happened.filter((h) => h.subject === subject).reduce((n, h) => n + h.amount, 0)

/** Answers an order prompt with its first option. */
const firstOption = (q: Decision.Request): Decision.Answer =>
  q._tag === "ChooseEffect" ? (q.options[0]?.effect as string) : (undefined as never)

const notes = (r: Kernel.Resolution) =>
  r.trace.filter((t): t is Extract<Trace.Record, { _tag: "Note" }> => t._tag === "Note").map((t) => t.text)

describe("one limited effect over several of a player's objects (MTG CR 615.7, 616.1; Riftbound 373)", () => {
  /**
   * MTG CR 615.7: "If damage would be dealt to the shielded permanent or player by two or more
   * applicable sources at the same time, the player or the controller of the permanent chooses
   * which damage the shield prevents." One shield over everything nap has; 2 to nap's unit and
   * 2 to nap's ally at once: nap divides it, whichever occurrence is listed first.
   */
  it("the shield's controller-side player divides it over both objects, in either listing order", () => {
    const shield = effect("s", "nap", { _tag: "Prevent", amount: 3, scope: "shield" })
    for (const order of [
      [dmg("a", "napUnit", 2), dmg("b", "napAlly", 2)],
      [dmg("b", "napAlly", 2), dmg("a", "napUnit", 2)]
    ]) {
      const { asked, r } = drive(order, [shield], () => ({ a: 1, b: 2 }))
      assert.strictEqual(asked.length, 1)
      const req = asked[0] as Extract<Decision.Request, { _tag: "Allocate" }>
      assert.strictEqual(req._tag, "Allocate")
      assert.strictEqual(req.chooser, "nap")
      assert.strictEqual(req.points, 3)
      assert.sameMembers(
        req.targets.map((t) => t.occurrence),
        ["a", "b"]
      )
      assert.strictEqual(dealt(r, "napUnit"), 1)
      assert.strictEqual(dealt(r, "napAlly"), 0)
      assert.strictEqual(r.ledger.state.s?.remaining, 0)
    }
  })

  /**
   * MTG CR 616.1: "If two or more players have to make these choices at the same time, choices
   * are made in APNAP order." A shield over everything (controlled by ap) and damage to ap's unit
   * and to both of nap's objects: ap divides first, among ap's own occurrences only; nap divides
   * what is left among nap's.
   */
  it("different affected players choose in APNAP order, each among their own objects", () => {
    const shield = effect("s", "ap", { _tag: "Prevent", amount: 5, scope: "shield" })
    const { asked, r } = drive(
      [dmg("n1", "napUnit", 2), dmg("n2", "napAlly", 2), dmg("a1", "apUnit", 2)],
      [shield],
      (req) => (req._tag === "Allocate" ? { n1: 2, n2: 1 } : "s")
    )
    // ap's 2 are covered in full (nothing to ask), then nap divides the 3 left
    assert.deepStrictEqual(
      asked.map((q) => [q._tag, q.chooser]),
      [["Allocate", "nap"]]
    )
    assert.strictEqual(dealt(r, "apUnit"), 0)
    assert.strictEqual(dealt(r, "napUnit"), 0)
    assert.strictEqual(dealt(r, "napAlly"), 1)
  })

  /**
   * Riftbound 373 example: "Two units controlled by the same player die in the same cleanup.
   * That player also controls Zhonya's Hourglass. They must decide which event to apply Zhonya's
   * Hourglass to first." A one-use effect over two of nap's occurrences: nap picks which.
   */
  it("a one-use effect over two of a player's occurrences: that player chooses which it applies to", () => {
    const once = effect("z", "nap", { _tag: "Prevent", amount: "all", scope: "once" })
    for (const pick of ["a", "b"]) {
      const { asked, r } = drive([dmg("a", "napUnit", 2), dmg("b", "napAlly", 2)], [once], () => ({
        [pick]: 1
      }))
      assert.strictEqual(asked.length, 1)
      const req = asked[0] as Extract<Decision.Request, { _tag: "Allocate" }>
      assert.strictEqual(req.of, "occurrences")
      assert.strictEqual(req.chooser, "nap")
      assert.strictEqual(dealt(r, pick === "a" ? "napUnit" : "napAlly"), 0)
      assert.strictEqual(dealt(r, pick === "a" ? "napAlly" : "napUnit"), 2)
    }
  })

  /** Effects that every object can take independently link nothing: nobody is asked. */
  it("an unlimited effect over several objects asks nothing", () => {
    const all = effect("p", "nap", { _tag: "Prevent", amount: "all", scope: "static" })
    const { asked, r } = drive([dmg("a", "napUnit", 2), dmg("b", "napAlly", 2)], [all], () => "p")
    assert.strictEqual(asked.length, 0)
    assert.strictEqual(r.happened.length, 0)
  })
})

describe("order prompts only when the order can matter (MTG CR 616.1)", () => {
  const double = effect("double", "ap", { _tag: "Modify", op: "mul", value: 2 }, ["napUnit"], {
    category: "standard"
  })

  /**
   * MTG CR 616.1: the affected object's controller "chooses one to apply" — a choice only when
   * the order can change what happens. "Double" and "Prevent All" on one unit: both orders
   * prevent everything, the ledger ends the same; nobody is asked and the trace says why.
   */
  it('"double" and "Prevent All" on one unit: not asked, the trace says the order doesn\'t matter', () => {
    const all = effect("all", "nap", { _tag: "Prevent", amount: "all", scope: "static" }, ["napUnit"])
    const { asked, r } = drive([dmg("d", "napUnit", 3)], [double, all], () => "all")
    assert.strictEqual(asked.length, 0)
    assert.strictEqual(r.happened.length, 0)
    assert.isTrue(notes(r).some((n) => n.includes("the order doesn't matter")))
    // asked as before when every order is asked for
    const again = drive([dmg("d", "napUnit", 3)], [double, all], () => "all", { askEveryOrder: true })
    assert.strictEqual(again.asked.length, 1)
  })

  /** DESIGN §5: "(3−2)×2 ≠ 3×2−2": a shield of 2 and a doubler must still be ordered by nap. */
  it("a shield and a doubler do not commute: asked", () => {
    const s2 = effect("s2", "nap", { _tag: "Prevent", amount: 2, scope: "shield" }, ["napUnit"])
    const { asked } = drive([dmg("d", "napUnit", 3)], [double, s2], () => "s2")
    assert.strictEqual(asked.length, 1)
    assert.strictEqual(asked[0]?._tag, "ChooseEffect")
  })

  /**
   * DESIGN §5: "identical effects auto-chosen when the choice mattered". Two shields that look
   * alike but differ in what is left (5 and 2) or in how long they last: which one takes 2
   * damage changes the ledger, so nap is asked.
   */
  it("two shields with different remaining amounts or durations: asked", () => {
    const a = effect("a", "nap", { _tag: "Prevent", amount: 5, scope: "shield" }, ["napUnit"])
    const b = effect("b", "nap", { _tag: "Prevent", amount: 2, scope: "shield" }, ["napUnit"])
    assert.strictEqual(drive([dmg("d", "napUnit", 2)], [a, b], () => "a").asked.length, 1)
    const c = effect("c", "nap", { _tag: "Prevent", amount: 2, scope: "shield" }, ["napUnit"], {
      duration: { until: "endOfTurn" }
    })
    const d = effect("d", "nap", { _tag: "Prevent", amount: 2, scope: "shield" }, ["napUnit"], {
      duration: { until: "endOfCombat" }
    })
    assert.strictEqual(drive([dmg("x", "napUnit", 2)], [c, d], () => "c").asked.length, 1)
  })

  /**
   * MTG CR 616.1 with more than two candidates: "chooses one to apply", again after each. Double,
   * +1, +2, ×3 and Prevent All on one unit: every one of the 120 orders ends at 0 with the same
   * ledger, so nobody is asked (each later choice among the rest is skipped too). Swap Prevent
   * All for a shield of 2 and the orders end differently: asked.
   */
  it("five modifications and Prevent All on one unit: not asked; with a shield instead: asked", () => {
    const mod = (id: string, op: "add" | "mul", value: number) =>
      effect(id, "ap", { _tag: "Modify", op, value }, ["napUnit"])
    const many = [double, mod("plus1", "add", 1), mod("plus2", "add", 2), mod("triple", "mul", 3)]
    const all = effect("all", "nap", { _tag: "Prevent", amount: "all", scope: "static" }, ["napUnit"])
    const { asked, r } = drive([dmg("d", "napUnit", 3)], [...many, all], () => "all")
    assert.strictEqual(asked.length, 0)
    assert.strictEqual(r.happened.length, 0)
    assert.isTrue(notes(r).some((n) => n.includes("the order doesn't matter")))
    const s2 = effect("s2", "nap", { _tag: "Prevent", amount: 2, scope: "shield" }, ["napUnit"])
    assert.isAbove(drive([dmg("d", "napUnit", 3)], [...many, s2], firstOption).asked.length, 0)
  })

  /**
   * An order that would fail is one of the reachable outcomes too: ×(2^53 − 1) then double
   * overflows a safe amount, Prevent All first does not. The shortcut must not swallow or raise
   * that error in place of the player: nap is asked, and Prevent All first resolves.
   */
  it("an order that would fail keeps the question", () => {
    const huge = effect("huge", "ap", { _tag: "Modify", op: "mul", value: Number.MAX_SAFE_INTEGER }, [
      "napUnit"
    ])
    const all = effect("all", "nap", { _tag: "Prevent", amount: "all", scope: "static" }, ["napUnit"])
    const { asked, r } = drive([dmg("d", "napUnit", 3)], [huge, double, all], () => "all")
    assert.strictEqual(asked.length, 1)
    assert.strictEqual(r.happened.length, 0)
  })

  /**
   * The same with effects that need the full check on copies of the state (params set "instead",
   * which `quickOrderCheck` does not cover): three of them commute — not asked; the limit of
   * that check is four options, so five are asked even though their order can't matter.
   */
  it("three params-setting effects: not asked; five: asked (the copy check's limit is four)", () => {
    const set = (id: string) => effect(id, "nap", { _tag: "SetParams", params: { [id]: true } }, ["napUnit"])
    const three = drive([dmg("d", "napUnit", 3)], [set("a"), set("b"), set("c")], () => "a")
    assert.strictEqual(three.asked.length, 0)
    assert.strictEqual(dealt(three.r, "napUnit"), 3)
    const five = drive([dmg("d", "napUnit", 3)], ["a", "b", "c", "d", "e"].map(set), firstOption)
    assert.isAbove(five.asked.length, 0)
  })
})
