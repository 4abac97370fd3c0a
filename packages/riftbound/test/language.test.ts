/**
 * The Riftbound words of the one scenario language (format 2): every effect kind is the
 * constructor of the same name (and every constructor that builds a card's effect is a kind),
 * one mistake gives one problem, unknown units are reported with their path, and the dealing
 * step of combat damage (465.2.d) joins the ledger only when there is combat.
 */
import { Chooser, Errors, Modifiers, Ruleset } from "@bulwark/core"
import { parseScenario, Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, ruleset, Scenario } from "../src/index.js"

const language = Scenario.language
const units = [
  { id: "X", controller: "A", types: ["unit"], might: 3 },
  { id: "U", controller: "B", types: ["unit"], might: 2 }
]

// exported functions of Effects that are not a kind: a watch, the rules' own step (465.2.d), and the
// binding of an effect to the objects it names (124);
// the options schemas (PreventOptions, …) are capitalised
const notKinds = ["damageTo", "dealAssigned", "aimedAt"]

/** The kinds of this package's own: core's `modifyProperty` (Modifiers) is every game's, not a Riftbound constructor. */
const ownKinds = () => Object.entries(language.effects).filter(([kind]) => kind !== Modifiers.KIND)

describe("the same words in code", () => {
  it("every effect kind is the constructor of the same name, taking the kind's options", () => {
    const exported = Effects as unknown as Record<string, unknown>
    for (const [kind, k] of ownKinds()) {
      expect(typeof exported[kind], kind).toBe("function")
      expect(k.make, kind).toBe(exported[kind])
    }
    // and the one kind that is not: core's modifier of a number property, shared by every game
    expect(Modifiers.isViewKind(language.effects[Modifiers.KIND] as never)).toBe(true)
  })

  it("every exported constructor that builds a card's effect is a kind", () => {
    const constructors = Object.entries(Effects)
      .filter(([name, f]) => typeof f === "function" && /^[a-z]/.test(name) && !notKinds.includes(name))
      .map(([name]) => name)
    expect(constructors.sort()).toEqual(
      ownKinds()
        .map(([kind]) => kind)
        .sort()
    )
  })

  it("mutant: a kind whose make is another constructor is caught", () => {
    const exported = Effects as unknown as Record<string, unknown>
    const mutant = { ...language.effects, double: { ...language.effects.double, make: Effects.modify } }
    const wrong = Object.entries(mutant).filter(
      ([kind, k]) => kind !== Modifiers.KIND && k.make !== exported[kind]
    )
    expect(wrong.map(([kind]) => kind)).toEqual(["double"])
  })

  it("the words fit the skeleton (common fields spelled as core spells them)", () => {
    expect(Skeleton.wordProblems(language)).toEqual([])
  })

  it("a constructor refuses options that are missing with a typed error", () => {
    // 374: an effect is controlled by its source's controller — the generic prevent needs one too
    expect(() => Effects.prevent({ id: "p", to: "U", amount: 2 })).toThrow(Errors.InvalidEffect)
    // the categories are Riftbound's own (its ordering's tiers)
    expect(() => Effects.prevent({ id: "p", controller: "B", to: "U", category: "nonsense" })).toThrow(
      /bonus, prevent, replacement/
    )
    expect(() => Effects.double({ id: "d", controller: "B" })).toThrow(Errors.InvalidEffect)
    // Riftbound 371.1: "may only be applied to the specified number of events each turn"
    expect(() => Effects.double({ id: "d", controller: "B", to: "U", limit: { times: 1 } })).toThrow(
      /per: turn/
    )
  })

  it("a selector in a constructor: 'double all damage dealt to units B controls'", () => {
    const e = Effects.double({ id: "d", controller: "A", to: { types: ["unit"], controller: "B" } })
    expect(e.watch.subject).toEqual({
      _tag: "And",
      all: [
        { _tag: "ControlledBy", player: { _tag: "Player", id: "B" } },
        { _tag: "Prop", prop: "types", op: "has", value: "unit" }
      ]
    })
  })
})

describe("scenario files", () => {
  it("a typo'd kind is one problem, with a did-you-mean", () => {
    const text = [
      "format: 2",
      "ruleset: riftbound",
      "players: [A, B]",
      "objects: [{ id: U, controller: B, types: [unit], might: 2 }]",
      "effects:",
      "  - { kind: prevnt, id: p, controller: B, to: U, amount: 2 }",
      "steps: []"
    ].join("\n")
    const r = parseScenario(text, "typo.yaml", [ruleset])
    expect(Result.isFailure(r)).toBe(true)
    const message = Result.isFailure(r) ? r.failure.message : ""
    expect(message).toContain('unknown kind "prevnt" (did you mean "prevent"?)')
  })

  it("a typo'd option of a kind is one problem, at that key", () => {
    const text = [
      "format: 2",
      "ruleset: riftbound",
      "players: [A, B]",
      "objects: [{ id: U, controller: B, types: [unit], might: 2 }]",
      "effects:",
      "  - { kind: prevent, id: p, controller: B, to: U, amout: 2 }"
    ].join("\n")
    const r = parseScenario(text, "typo.yaml", [ruleset])
    const issues = Result.isFailure(r)
      ? ((r.failure as { issues?: ReadonlyArray<unknown> }).issues ?? [])
      : []
    expect(issues).toHaveLength(1)
    expect(Result.isFailure(r) ? r.failure.message : "").toContain("amout")
  })

  it("a format-1 file is refused with a pointer to bulwark migrate", () => {
    const text = ["ruleset: riftbound", "players: [A, B]", "units: { U: { controller: B, might: 2 } }"].join(
      "\n"
    )
    const r = parseScenario(text, "old.yaml", [ruleset])
    expect(Result.isFailure(r) ? r.failure.message : "").toContain("bulwark migrate")
  })

  it("a combat step's id is an event id: one shared by an event and a combat is one problem", () => {
    const text = (steps: string) =>
      [
        "format: 2",
        "ruleset: riftbound",
        "players: [A, B]",
        "objects: [{ id: U, controller: B, types: [unit], might: 2 }]",
        "steps:",
        steps
      ].join("\n")
    const issues = (steps: string) => {
      const r = parseScenario(text(steps), "dup.yaml", [ruleset])
      return Result.isFailure(r) ? ((r.failure as { issues?: ReadonlyArray<unknown> }).issues ?? []) : []
    }
    const event = "  - event: { id: c1, occurrences: [{ to: U, amount: 1 }] }"
    expect(issues(`${event}\n  - combat: { id: c1, assign: { U: 2 } }`)).toHaveLength(1)
    expect(issues(`${event}\n${event}`)).toHaveLength(1)
  })

  it("a unit without a might is refused, not given 0 (every unit has Might)", () => {
    const r = Skeleton.compileData(language, {
      players: ["A", "B"],
      objects: [{ id: "U", controller: "B", types: ["unit"] }]
    })
    expect(Result.isFailure(r) ? r.failure.reason : "").toContain('the unit "U" needs a might')
  })

  it("a step's units are a selector too: 'the other side's units' by properties (465.2.c)", () => {
    const r = Skeleton.compileData(language, {
      players: ["A", "B"],
      objects: [...units, { id: "V", controller: "B", types: ["unit"], might: 1 }],
      steps: [
        { query: { name: "q", solve: { total: 3, units: { controller: "B", might: 2 } } } },
        { combat: { id: "c1", attackers: ["X"], units: { controller: "opponent" }, assign: { U: 2, V: 1 } } }
      ]
    })
    if (Result.isFailure(r)) throw new Error(r.failure.message)
    const run = Ruleset.run(ruleset.rules, r.success, Chooser.firstLegal)
    expect(run.outcome.error).toBeUndefined()
    // only U has might 2: all 3 go to it
    expect(run.outcome.queries.q).toMatchObject({ assign: { U: 3 } })
    expect(run.outcome.queries.c1).toMatchObject({ legal: true, total: 3 })
    expect(run.outcome.events.c1?.dealt).toEqual({ U: 2, V: 1 })
  })

  it("reports an unknown unit with its path", () => {
    const r = Skeleton.compileData(language, {
      players: ["A", "B"],
      objects: units,
      steps: [{ query: { name: "m", minimumLethal: { unit: "W" } } }]
    })
    expect(Result.isFailure(r) ? r.failure.path : "").toBe("steps[0].query.minimumLethal.unit")
  })

  it("a battlefield is not a unit a combat can assign to (465.2.c)", () => {
    const r = Skeleton.compileData(language, {
      players: ["A", "B"],
      objects: [...units, { id: "BF", types: ["battlefield"] }],
      steps: [{ combat: { id: "c1", assign: { BF: 2 } } }]
    })
    expect(Result.isFailure(r) ? r.failure.path : "").toBe("steps[0].combat.assign")
  })

  it("adds the dealing step (465.2.d) only when there is combat, once", () => {
    const base = { players: ["A", "B"], objects: units }
    const dealing = (steps: ReadonlyArray<unknown>) => {
      const r = Skeleton.compileData(language, { ...base, steps })
      if (Result.isFailure(r)) throw new Error(r.failure.message)
      return r.success.ledger.effects.map((e) => e.id)
    }
    expect(dealing([])).toEqual([])
    const combat = { combat: { id: "c1", assign: { U: 2 } } }
    expect(dealing([combat, { combat: { id: "c2", assign: { U: 2 } } }])).toEqual(["465.2.d"])
  })

  /**
   * 466.1.a "Invoke a Combat Special Cleanup." — 323.5 "3b. All Units that have LethalDamage marked
   * on them…are killed", 466.1.a.1 Insert "3c. Heal all Units." — then the combat ends: the kill
   * and the heal are events (the trace's note names them), before time passes.
   */
  it("advance: the cleanup kills, then heals, as events, before time passes (323.5, 466.1.a.1, 317.2.b)", () => {
    const compiled = (steps: ReadonlyArray<unknown>, objects: ReadonlyArray<unknown> = units) => {
      const r = Skeleton.compileData(language, { players: ["A", "B"], objects, steps })
      if (Result.isFailure(r)) throw new Error(r.failure.message)
      return r.success.steps.map((s) => (s._tag === "Event" ? `Event ${s.event.id}` : s._tag))
    }
    expect(compiled([{ advance: "endOfCombat" }])).toEqual([
      "Update",
      "Event endOfCombat.kill",
      "Event endOfCombat.heal",
      "Advance"
    ])
    // each advance its own events (the step's index), so two turns' ends do not collide
    expect(
      compiled([{ advance: "endOfTurn" }, { advance: "endOfTurn" }]).filter((s) => s !== "Update")
    ).toEqual([
      "Event endOfTurn.kill",
      "Event endOfTurn.heal",
      "Advance",
      "Event endOfTurn-2.kill",
      "Event endOfTurn-2.heal",
      "Advance"
    ])
    // no unit on the board: no event with no occurrence
    expect(compiled([{ advance: "endOfTurn" }], [])).toEqual(["Update", "Advance"])
  })
})
