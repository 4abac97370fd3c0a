/**
 * The failure modes of DESIGN §5 that apply to Magic, one test each (the card or rule text the
 * correct behaviour follows is quoted).
 */
import { GameEvent, Kernel, Ledger } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { ruleset } from "../src/index.js"
import { compile, creature, run, shieldedFromTwo, spell } from "./helpers.js"

const players = ["ap", "nap"]
const centaur = {
  kind: "preventEach",
  id: "phantom",
  controller: "nap",
  source: "Z",
  amount: "all",
  to: "Z",
  additional: [{ family: "removeCounters", subject: "self", amount: 1, params: { counter: "+1/+1" } }]
}

/** NAP's creature Z is dealt 3 by AP's spell; NAP's shield of 2 and AP's doubler both apply. */
const shieldAndDouble = {
  players,
  objects: [creature("Z", "nap", { toughness: 9 }), spell("s", "ap")],
  effects: [
    { kind: "shield", id: "shield", controller: "nap", to: "Z", amount: 2 },
    { kind: "double", id: "double", controller: "ap" }
  ],
  steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "Z", amount: 3 }] } }]
}

const pending = (scenario: Readonly<Record<string, unknown>>) => {
  const c = { success: compile(scenario) }
  const step = c.success.steps[0]
  if (step?._tag !== "Event") throw new Error("first step must be an event")
  // every order asked: these tests look at the prompt itself
  return Kernel.start(ruleset.rules, step.event, c.success.ledger, c.success.view, { askEveryOrder: true })
}

describe("DESIGN §5 failure modes", () => {
  /** CR 702.16e + 616.1: protection's prevention is one of the effects the player orders. */
  it("protection is offered inside the 616 list, not applied outside it", () => {
    const k = pending({
      players,
      objects: [creature("P", "nap", { protection: ["red"] }), spell("bolt", "ap")],
      effects: [{ kind: "double", id: "double", controller: "ap" }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "bolt", to: "P", amount: 2 }] } }]
    })
    expect(k._tag === "Pending" && k.request._tag).toBe("ChooseEffect")
    if (k._tag !== "Pending" || k.request._tag !== "ChooseEffect")
      throw new Error("expected an effect choice")
    expect(k.request.chooser).toBe("nap")
    expect(k.request.options.map((o) => o.effect).sort()).toEqual(["P:protection:colors:red", "double"])
  })

  /** CR 615.12: "… but any additional effects they have will take place." */
  it("'can't be prevented' does not cancel a prevention's other part", () => {
    const r = run({
      players,
      objects: [creature("Z", "nap", { toughness: 0, counters: { "+1/+1": 2 } }), spell("s", "ap")],
      effects: [centaur],
      steps: [
        {
          event: { id: "e", occurrences: [{ id: "d", source: "s", to: "Z", amount: 1, unpreventable: true }] }
        }
      ]
    })
    expect(r.outcome.state["Z"]).toMatchObject({ plus1Counters: 1, damage: 1 })
  })

  /** CR 120.8 / 614.7a: "Replacement effects that would increase the damage dealt by that source … have no event to replace." */
  it("a modifier does not resurrect damage prevented to 0", () => {
    const r = run(
      {
        players,
        objects: [creature("Z", "nap"), spell("s", "ap")],
        effects: [
          { kind: "preventEach", id: "fog", controller: "nap", amount: "all", to: "Z" },
          { kind: "modify", id: "plus2", controller: "ap", op: "add", value: 2 }
        ],
        steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "Z", amount: 3 }] } }]
      },
      { decisions: ["fog"] }
    )
    expect(r.outcome.events["e"]?.dealt).toEqual({})
    expect(r.outcome.effects["plus2"]?.uses).toBe(0)
  })

  /** CR 616.1f: "… taking into account only replacement or prevention effects that would now be applicable …" */
  it("effects are re-evaluated: a creature-only doubler stops applying once the damage is redirected to a player", () => {
    const r = run(
      {
        players,
        objects: [creature("Z", "nap", { toughness: 9 }), spell("s", "ap")],
        effects: [
          { kind: "double", id: "double", controller: "ap", to: { types: ["Creature"] } },
          { kind: "redirect", id: "redirect", controller: "nap", to: "Z", redirectTo: "nap" }
        ],
        steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "Z", amount: 3 }] } }]
      },
      { decisions: ["redirect"] }
    )
    expect(r.outcome.events["e"]?.dealt).toEqual({ nap: 3 })
    expect(r.outcome.effects["double"]?.uses).toBe(0)
  })

  /** Phantom Centaur and a shield on it: CR 616.1e lets the controller pick either; the results differ. */
  it("a shield and a 'prevent and remove a counter' effect: the order matters and both are reachable", () => {
    const scenario = {
      players,
      objects: [creature("Z", "nap", { toughness: 0, counters: { "+1/+1": 3 } }), spell("s", "ap")],
      effects: [centaur, { kind: "shield", id: "shield", controller: "nap", to: "Z", amount: 2 }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "Z", amount: 3 }] } }]
    }
    const shieldFirst = run(scenario, { decisions: ["shield"] })
    const centaurFirst = run(scenario, { decisions: ["phantom"] })
    expect(shieldFirst.outcome.effects["shield"]?.remaining).toBe(0)
    expect(centaurFirst.outcome.effects["shield"]?.remaining).toBe(2)
    // the centaur's additional part happens either way (it applied in both)
    expect(shieldFirst.outcome.state["Z"]?.["plus1Counters"]).toBe(2)
    expect(centaurFirst.outcome.state["Z"]?.["plus1Counters"]).toBe(2)
  })

  /** CR 615.7: "Such effects count only the amount of damage; the number of events or sources dealing it doesn't matter." */
  it("simultaneous damage is one batch: a shield is not spent twice", () => {
    const r = run(shieldedFromTwo({ shield: 2, x: 2, y: 2, toughness: 9 }), { decisions: [{ x: 1, y: 1 }] })
    expect(r.outcome.events["e"]?.prevented).toEqual({ B: 2 })
    expect(r.outcome.events["e"]?.dealt).toEqual({ B: 2 })
  })

  /** CR 615.7: "… the player or the controller of the permanent chooses which damage the shield prevents." */
  it("the 615.7 choice is offered to the shielded creature's controller", () => {
    const k = pending(shieldedFromTwo({ shield: 1, x: 1, y: 1, shieldController: "ap" }))
    expect(k._tag === "Pending" && k.request._tag === "Allocate" && k.request.chooser).toBe("nap")
  })

  /** CR 616.1: "… chooses one to apply …" — (3−2)×2 ≠ 3×2−2, so the player is asked. */
  it("no order prompt is skipped for effects that don't commute", () => {
    const k = pending(shieldAndDouble)
    expect(k._tag === "Pending" && k.request._tag).toBe("ChooseEffect")
  })

  /** CR 616.1e: identical texts, different durations: which shield is used is the player's choice. */
  it("identical effects are not auto-chosen when the choice matters", () => {
    const scenario = {
      players,
      objects: [spell("s", "ap")],
      effects: [
        {
          kind: "shield",
          id: "untilEndOfTurn",
          controller: "nap",
          to: "nap",
          amount: 2,
          duration: "endOfTurn"
        },
        {
          kind: "shield",
          id: "untilYourNextTurn",
          controller: "nap",
          to: "nap",
          amount: 2,
          duration: "yourNextTurn"
        }
      ],
      steps: [
        { event: { id: "e", occurrences: [{ id: "d", source: "s", to: "nap", amount: 2 }] } },
        { advance: "endOfTurn" },
        { event: { id: "e2", occurrences: [{ id: "d2", source: "s", to: "nap", amount: 2 }] } }
      ]
    }
    const wise = run(scenario, { decisions: ["untilEndOfTurn"] })
    const unwise = run(scenario, { decisions: ["untilYourNextTurn"] })
    expect(wise.outcome.decisions[0]?.kind).toBe("ChooseEffect")
    expect(wise.outcome.state["nap"]?.["life"]).toBe(20)
    expect(unwise.outcome.state["nap"]?.["life"]).toBe(18)
  })

  /** CR 614.9 redirection is a replacement, not prevention: no prevention is recorded or notified. */
  it("redirection is not treated as prevention", () => {
    const r = run({
      players,
      objects: [creature("guard", "nap", { toughness: 9 }), spell("s", "ap")],
      effects: [{ kind: "redirect", id: "r", controller: "nap", to: "nap", redirectTo: "guard" }],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "nap", amount: 3 }] } }]
    })
    expect(r.outcome.events["e"]?.prevented).toEqual({})
    expect(r.outcome.events["e"]?.notifications).toEqual([])
    expect(r.outcome.events["e"]?.dealt).toEqual({ guard: 3 })
  })

  /** CR 120.3d + 120.3f: "… in addition to the damage's other results." */
  it("results are keyed on damage dealt, not on its form: wither does not skip lifelink", () => {
    const r = run({
      players,
      objects: [
        creature("w", "ap", { keywords: ["wither", "lifelink"] }),
        creature("bear", "nap", { toughness: 4 })
      ],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "w", to: "bear", amount: 2 }] } }]
    })
    expect(r.outcome.state["ap"]?.["life"]).toBe(22)
    expect(r.outcome.state["bear"]?.["minus1Counters"]).toBe(2)
  })

  /** CR 616.1: "the affected object's controller … chooses" — not the effects' controller, not the active player. */
  it("the right player is asked", () => {
    const r = run(
      {
        players,
        objects: [creature("Z", "nap", { toughness: 9 }), spell("s", "ap")],
        effects: [
          { kind: "double", id: "d1", controller: "ap" },
          { kind: "modify", id: "p1", controller: "ap", op: "add", value: 1 }
        ],
        steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "s", to: "Z", amount: 1 }] } }]
      },
      { decisions: ["p1"] }
    )
    expect(r.outcome.decisions[0]?.chooser).toBe("nap")
  })

  /** A pending choice keeps its continuation: one state resumed with either answer gives each order's result. */
  it("a choice prompt keeps the continuation", () => {
    const k = pending(shieldAndDouble)
    if (k._tag !== "Pending") throw new Error("expected a decision")
    const stored = JSON.parse(JSON.stringify(k.request))
    const a = Kernel.resume(k.state, "shield")
    const b = Kernel.resume(k.state, "double")
    const dealt = (s: Kernel.Step) =>
      s._tag === "Done" ? s.resolution.happened.find((o) => o.family === GameEvent.DAMAGE)?.amount : undefined
    expect([dealt(a), dealt(b)]).toEqual([2, 4])
    expect(stored.chooser).toBe("nap")
    expect(Ledger.remaining(k.state.baseLedger, "shield")).toBe(2)
  })

  /** CR 615.9 / 609.7b: "When the source would deal damage, the "shield" rechecks the source's properties." */
  it("conditions are re-checked at application time", () => {
    const r = run({
      players,
      objects: [creature("S", "ap", { colors: ["red"] })],
      effects: [
        { kind: "preventNextFrom", id: "cop", controller: "nap", from: "S", properties: { colors: ["red"] } }
      ],
      steps: [
        { update: { object: "S", set: { colors: ["green"] } } },
        { event: { id: "e", occurrences: [{ id: "d", source: "S", to: "nap", amount: 2 }] } }
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ nap: 2 })
    expect(r.outcome.effects["cop"]?.spent).toBe(false)
  })
})
