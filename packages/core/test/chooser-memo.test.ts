/**
 * The memo of `Chooser.bestForChooser`: its search answers a pending state it has met before
 * from memory (Chooser.bestForChooser's docblock: "memoisation on the resolution state … so
 * orders of commuting effects that lead to the same state are explored once, not k! times").
 * Two states may share an entry only when nothing that happens next can tell them apart; each
 * test below builds two states that differ in one such part only — the frame's sequence
 * (`OrderingPolicy.sequences`), an occurrence's params, the follow-ups an event made, what
 * already happened, an occurrence's preventability, the board — and checks the answer against
 * the exhaustive search (every answer of every decision tried with `Kernel.start` /
 * `Kernel.resume`, no memo) and against the number the rule gives.
 *
 * The contract checked (Chooser.bestForChooser's docblock): "each decision is answered with the
 * option that minimises the damage dealt to the chooser's own objects …, assuming every later
 * decision is answered the same way by its own chooser … Ties keep the first option offered."
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  Chooser,
  Decision,
  GameEvent,
  GameView,
  Kernel,
  Ledger,
  Policy,
  type Replacement,
  Resolver
} from "../src/index.js"
import { dealt, dmg, double, plus, shield, to, view } from "./fixtures.js"

/** The damage a resolution dealt to nap's objects (napUnit, napAlly). */
const toNap = (r: Kernel.Resolution): number => dealt(r, "napUnit") + dealt(r, "napAlly")

/**
 * The exhaustive truth: every legal answer of every decision, each chooser taking the first
 * answer that leaves its own objects least damaged — the contract above, with no memo and no
 * fast path. The resolution it ends in.
 */
const exhaustive = (step: Kernel.Step): Kernel.Resolution => {
  if (step._tag === "Failed") throw new Error(step.error.message)
  if (step._tag === "Done") return step.resolution
  let best: { readonly score: number; readonly resolution: Kernel.Resolution } | undefined
  for (const answer of Decision.legalAnswers(step.request)) {
    const next = Kernel.resume(step.state, answer)
    if (next._tag === "Failed") continue
    const resolution = exhaustive(next)
    const score = Chooser.damageBy(resolution, resolution.view).get(step.request.chooser) ?? 0
    if (best === undefined || score < best.score) best = { score, resolution }
  }
  if (best === undefined) throw new Error(`no legal answer to ${step.request.id}`)
  return best.resolution
}

const truth = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  board: GameView.GameView = view
): number => toNap(exhaustive(Kernel.start(rules, event, ledger, board, { trace: false })))

const withBest = (
  rules: Policy.Rules,
  event: GameEvent.GameEvent,
  ledger: Ledger.Ledger,
  chooser: Chooser.SyncChooser = Chooser.bestForChooser(),
  board: GameView.GameView = view
): Kernel.Resolution => {
  const r = Resolver.resolveSync(rules, event, ledger, board, chooser, { trace: false })
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

const staticPrevent = (id: string, on: ReadonlyArray<string>, n: number): Replacement.Replacement => ({
  id,
  label: `Prevent ${n} of each damage to ${on.join("/")}`,
  controller: "nap",
  category: "prevention",
  watch: { family: "damage", subject: to(on) },
  action: { _tag: "Prevent", amount: n, scope: "static" }
})

/** The effect, watching damage to `subjects` only. */
const only = (e: Replacement.Replacement, subjects: ReadonlyArray<string>): Replacement.Replacement => ({
  ...e,
  watch: { family: "damage", subject: to(subjects) }
})

/** "+0 damage to napAlly": changes nothing, but two of them make its controller's chooser choose. */
const nothing = (id: string, on: string): Replacement.Replacement => only(plus(id, "nap", 0), [on])

describe("bestForChooser's memo keeps apart states that differ in what happens next", () => {
  /**
   * One sequence per effect (`OrderingPolicy.sequences`; Riftbound 373.2: "each Replacement
   * Effect may only be applied in one sequence, to any number of events that are qualified to be
   * replaced"; the policy: "Once another effect has applied in the event after it, an effect does
   * not apply again in that event (its sequence is over)"). 3 damage to napUnit and 3 to napAlly;
   * A "prevent 1 of each damage to napUnit or napAlly", B "prevent 1 of each damage to napUnit".
   * napUnit's controller orders A and B; napAlly's effects are chosen by ap (this ruleset's
   * `chooserOf`), so the two events are not ordered together. A then B: B applied after A, A's
   * sequence is over, napAlly takes 3 (1 + 3 = 4). B then A: A is still in its sequence and
   * prevents 1 of napAlly's damage too (1 + 2 = 3). Both orders reach ap's choice at napAlly with
   * the same occurrences and the same uses: only `lastApplied` / `sequenceOver` differ.
   */
  it("the frame's sequence (lastApplied, sequenceOver): B then A, 3 — not 4", () => {
    const order = Policy.affectedChooses({
      name: "memo-seq",
      rule: "T-m 1: the affected object's controller chooses; ap chooses for napAlly",
      tiers: [],
      chooserOf: (affected, v) => (affected === "napAlly" ? "ap" : Policy.defaultChooserOf(affected, v))
    })
    const rules: Policy.Rules = {
      name: "memo-seq",
      order: { ...order, sequences: { families: ["damage"], rule: "T-m 2: one sequence per effect" } },
      assignment: Policy.recipientControllerAllocates("T-m 3")
    }
    const ledger = Ledger.make([
      staticPrevent("A", ["napUnit", "napAlly"], 1),
      staticPrevent("B", ["napUnit"], 1),
      nothing("C", "napAlly"),
      nothing("D", "napAlly")
    ])
    const event = GameEvent.make("e", [dmg("i", "napUnit", 3), dmg("j", "napAlly", 3)])
    assert.strictEqual(truth(rules, event, ledger), 3)
    const r = withBest(rules, event, ledger)
    assert.strictEqual(r.decisions[0]?.answer, "B")
    assert.strictEqual(toNap(r), 3)
  })

  /**
   * SetParams changes params, not the amount ("put into exile instead of the graveyard"):
   * A sets x = 1 and B sets x = 2 on the damage to napUnit (a first tier), then P "prevent all
   * damage with x = 1" and two "+1"s (the second tier). B then A leaves x = 1 (the later one
   * wins), so P prevents all of it: 0. A then B leaves x = 2: P does not apply, 3 + 1 + 1 = 5.
   */
  it("an occurrence's params: B then A, 0 — not 5", () => {
    const rules: Policy.Rules = {
      name: "memo-params",
      order: Policy.affectedChooses({
        name: "memo-params",
        rule: "T-m 4: the affected object's controller chooses, params first",
        tiers: [{ name: "params", categories: ["params"] }, { name: "any" }]
      }),
      assignment: Policy.recipientControllerAllocates("T-m 5")
    }
    const setX = (id: string, x: number): Replacement.Replacement => ({
      id,
      label: `x = ${x}`,
      controller: "nap",
      category: "params",
      watch: { family: "damage", subject: to(["napUnit"]) },
      action: { _tag: "SetParams", params: { x } }
    })
    const ledger = Ledger.make([
      setX("A", 1),
      setX("B", 2),
      {
        id: "P",
        label: "Prevent all damage with x = 1",
        controller: "nap",
        category: "prevention",
        watch: { family: "damage", subject: to(["napUnit"]), params: { x: 1 } },
        action: { _tag: "Prevent", amount: "all", scope: "static" }
      },
      plus("Q", "ap", 1),
      plus("R", "ap", 1)
    ])
    const event = GameEvent.make("e", [dmg("i", "napUnit", 3)])
    assert.strictEqual(truth(rules, event, ledger), 0)
    const r = withBest(rules, event, ledger)
    assert.strictEqual(r.decisions[0]?.answer, "B")
    assert.strictEqual(toNap(r), 0)
  })

  const affectedRules: Policy.Rules = {
    name: "memo",
    order: Policy.affectedChooses({
      name: "memo",
      rule: "T-m 6: the affected object's controller chooses",
      tiers: []
    }),
    assignment: Policy.recipientControllerAllocates("T-m 7")
  }

  /**
   * A prevention's additional part (MTG 615.5: "the rest of the effect takes place") is made when
   * it applies, from what it prevented. P "prevent up to 2 of each damage to napUnit; that much
   * damage is dealt to napAlly", M "−3" on 4 damage to napUnit; 1 damage to napAlly besides.
   * P then M: P prevents 2, M takes the rest to 0, napAlly is dealt 1 + 2 = 3. M then P: 1 is
   * left, P prevents 1, napAlly is dealt 1 + 1 = 2. Both orders leave napUnit's damage at 0 with
   * both applied; only the follow-up's amount differs when napAlly's effects are chosen.
   */
  it("the follow-ups an event made: M then P, 2 — not 3", () => {
    const ledger = Ledger.make([
      {
        ...staticPrevent("P", ["napUnit"], 2),
        additional: [{ family: "damage", subject: { id: "napAlly" }, amount: { _tag: "Prevented" } }]
      },
      { ...only(plus("M", "ap", 3), ["napUnit"]), action: { _tag: "Modify", op: "sub", value: 3 } },
      nothing("Z1", "napAlly"),
      nothing("Z2", "napAlly")
    ])
    const event = GameEvent.make("e", [dmg("i", "napUnit", 4), dmg("j", "napAlly", 1)])
    assert.strictEqual(truth(affectedRules, event, ledger), 2)
    const r = withBest(affectedRules, event, ledger)
    assert.strictEqual(r.decisions[0]?.answer, "M")
    assert.strictEqual(toNap(r), 2)
  })

  /**
   * What happened is part of the outcome: D "double" and S "prevent the next 1 damage to
   * napUnit; 1 damage is dealt to napAlly" on 3 damage to napUnit. D then S: 6 − 1 = 5; S then D:
   * (3 − 1) × 2 = 4. Either way the shield is used up and the same 1 damage to napAlly follows,
   * in an event of its own; only the damage already dealt to napUnit differs when napAlly's
   * effects are chosen. Best: S then D, 4 + 1 = 5 (not 6).
   */
  it("what already happened: S then D, 5 — not 6", () => {
    const ledger = Ledger.make([
      only(double("D", "ap"), ["napUnit"]),
      shield("S", "nap", ["napUnit"], 1, {
        additional: [{ family: "damage", subject: { id: "napAlly" }, amount: 1 }]
      }),
      nothing("Z1", "napAlly"),
      nothing("Z2", "napAlly")
    ])
    const event = GameEvent.make("e", [dmg("i", "napUnit", 3)])
    assert.strictEqual(truth(affectedRules, event, ledger), 5)
    const r = withBest(affectedRules, event, ledger)
    assert.strictEqual(r.decisions[0]?.answer, "S")
    assert.strictEqual(toNap(r), 5)
  })

  /**
   * One chooser reused for two events that differ only in whether napUnit's damage can be
   * prevented (MTG 615.12: "damage can't be prevented": preventions apply and prevent 0), as a
   * game AI uses one chooser position after position. D "double", S "prevent the next 2", T "+1"
   * on 3 damage to napUnit, 1 to napAlly. Unpreventable, S changes nothing: D then T, 3 × 2 + 1 =
   * 7 (+ 1 = 8); T first would give (3 + 1) × 2 = 8 (+ 1 = 9).
   */
  it("an occurrence's preventability: the unpreventable event after the preventable one, 8 — not 9", () => {
    const ledger = Ledger.make([
      only(double("D", "ap"), ["napUnit"]),
      shield("S", "nap", ["napUnit"], 2),
      only(plus("T", "ap", 1), ["napUnit"])
    ])
    const event = (preventable: boolean) =>
      GameEvent.make("e", [dmg("i", "napUnit", 3, { preventable }), dmg("j", "napAlly", 1)])
    const best = Chooser.bestForChooser()
    // preventable: S first, (3 − 2) × 2 + 1 = 3, + 1 = 4
    assert.strictEqual(truth(affectedRules, event(true), ledger), 4)
    assert.strictEqual(toNap(withBest(affectedRules, event(true), ledger, best)), 4)
    assert.strictEqual(truth(affectedRules, event(false), ledger), 8)
    assert.strictEqual(toNap(withBest(affectedRules, event(false), ledger, best)), 8)
  })

  /**
   * The board is part of the state: the same chooser on the same event and effect ids, where S
   * prevents the next 2 on the first board and the next 1 on the second (each board's own ledger).
   * Second board: D then S then T, 3 × 2 − 1 + 1 = 6, or S first, (3 − 1) × 2 + 1 = 5: 5 (+ 1 = 6).
   */
  it("the ledger: a shield of another size on the next board, 6 — as if resolved afresh", () => {
    const board = (n: number) =>
      Ledger.make([
        only(double("D", "ap"), ["napUnit"]),
        shield("S", "nap", ["napUnit"], n),
        only(plus("T", "ap", 1), ["napUnit"])
      ])
    const event = GameEvent.make("e", [dmg("i", "napUnit", 3), dmg("j", "napAlly", 1)])
    const best = Chooser.bestForChooser()
    assert.strictEqual(toNap(withBest(affectedRules, event, board(2), best)), 4)
    assert.strictEqual(truth(affectedRules, event, board(1)), 6)
    assert.strictEqual(toNap(withBest(affectedRules, event, board(1), best)), 6)
  })

  /**
   * The board's objects are part of the state: P "prevent all damage to a green object" on
   * napUnit, green on the first board (all of it prevented: 0 + 1) and red on the second, with
   * the same chooser and ledger. Red: P does not apply; S first, (3 − 2) × 2 + 1 = 3, + 1 = 4.
   */
  it("the view: napUnit no longer green on the next board, 4 — as if resolved afresh", () => {
    const ledger = Ledger.make([
      only(double("D", "ap"), ["napUnit"]),
      {
        id: "P",
        label: "Prevent all damage to a green object",
        controller: "nap",
        category: "prevention",
        watch: { family: "damage", subject: { _tag: "Prop", prop: "colors", op: "has", value: "green" } },
        action: { _tag: "Prevent", amount: "all", scope: "static" }
      },
      shield("S", "nap", ["napUnit"], 2),
      only(plus("T", "ap", 1), ["napUnit"])
    ])
    const event = GameEvent.make("e", [dmg("i", "napUnit", 3), dmg("j", "napAlly", 1)])
    const red = GameView.setObject(view, {
      id: "napUnit",
      kind: "object",
      controller: "nap",
      owner: "nap",
      zone: "battlefield",
      props: { colors: ["red"] }
    })
    const best = Chooser.bestForChooser()
    assert.strictEqual(toNap(withBest(affectedRules, event, ledger, best)), 1)
    assert.strictEqual(truth(affectedRules, event, ledger, red), 4)
    assert.strictEqual(toNap(withBest(affectedRules, event, ledger, best, red)), 4)
  })
})

describe("bestForChooser's memo still meets commuting orders in one entry", () => {
  /**
   * Eight "+1"s on napUnit and one damage to napAlly besides (so the search runs the kernel, not
   * the closed form): every order of the applied ones is the same state. With one entry per set
   * applied the search tries at most 2^8 × 8 = 2 048 answers; one per order would be
   * 8! × e ≈ 109 600. A budget of 5 000 states is enough only with the memo.
   */
  it("eight commuting +1s within a budget of 5 000", () => {
    const ledger = Ledger.make(
      Array.from({ length: 8 }, (_, k) => ({
        ...plus(`p${k}`, "ap", 1),
        watch: { family: "damage", subject: to(["napUnit"]) }
      }))
    )
    const event = GameEvent.make("e", [dmg("i", "napUnit", 1), dmg("j", "napAlly", 1)])
    const rules: Policy.Rules = {
      name: "memo",
      order: Policy.affectedChooses({ name: "memo", rule: "T-m 6", tiers: [] }),
      assignment: Policy.recipientControllerAllocates("T-m 7")
    }
    const r = withBest(rules, event, ledger, Chooser.bestForChooser({ budget: 5_000 }))
    assert.strictEqual(toNap(r), 1 + 8 + 1)
  })
})
