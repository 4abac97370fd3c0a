/**
 * The words of issue 17 for Magic, each test quoting its rule: partial redirection and a
 * redirect that can't happen (CR 614.9), damage that can't be redirected, excess damage (CR
 * 120.4a), a lasting "damage can't be prevented" effect (CR 615.12), combat-only and
 * noncombat-only prevention, and the events of CR 614 (destroy, regenerate, draw, zone changes,
 * life, counters, tokens) as events replacement effects see, in the outcome a trigger system
 * reads. Each concept also has a mutant — the rules or the effect without the new part — against
 * which the same expectation fails.
 */
import { Chooser, type Decision, GameEvent, GameView, Policy, Replacement, Ruleset } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Effects, Game, Rules } from "../src/index.js"
import { compile, creature, mismatches, run, spell } from "./helpers.js"

const players = ["ap", "nap"]
const hit = (id: string, to: string, amount: number, extra: Record<string, unknown> = {}) => ({
  event: { id, occurrences: [{ id: `${id}-d`, source: "bolt", to, amount, ...extra }] }
})
const redirect = (amount: number | undefined, extra: Record<string, unknown> = {}) => ({
  kind: "redirect",
  id: "r",
  controller: "nap",
  to: "A",
  redirectTo: "B",
  ...(amount === undefined ? {} : { amount }),
  duration: "endOfTurn",
  ...extra
})
const twoCreatures = [
  creature("A", "nap", { toughness: 9 }),
  creature("B", "nap", { toughness: 9 }),
  spell("bolt", "ap")
]

/** Runs a scenario with other rules (a mutant): the scripted answers, then the first legal one. */
const runRules = (
  rules: Policy.Rules,
  scenario: Readonly<Record<string, unknown>>,
  script: ReadonlyArray<Decision.Answer> = []
) =>
  Ruleset.run(rules, compile(scenario), (request, state) =>
    state.log.length < script.length ? script[state.log.length] : Chooser.firstLegal(request, state)
  )

describe("CR 614.9: the next N damage is dealt to another instead", () => {
  /**
   * CR 614.9: "Some effects replace damage dealt to one battle, creature, planeswalker, or player
   * with the same damage dealt to another …" — "The next 2 damage that would be dealt to A this
   * turn is dealt to B instead": 3 to A → A 1, B 2, the effect used up (MTG-20 a).
   */
  it("moves N of the damage, the rest stays, N is used up", () => {
    const r = run({ players, objects: twoCreatures, effects: [redirect(2)], steps: [hit("e", "A", 3)] })
    expect(r.outcome.events["e"]?.dealt).toEqual({ A: 1, B: 2 })
    expect(r.outcome.effects["r"]).toMatchObject({ remaining: 0, spent: true, gone: true })
    const moved = Object.entries(r.outcome.events["e"]?.occurrences ?? {}).find(([, o]) => o.subject === "B")
    expect(moved?.[1]).toMatchObject({
      family: "damage",
      source: "bolt",
      amount: 2,
      status: "happened",
      applied: ["r"]
    })
  })

  /** The remainder lives in the ledger like a shield's (CR 615.7's "shield", which 614.9's effect works as): 1, then 3. */
  it("a remainder across two events: 1 redirected, then 1 of 3", () => {
    const r = run({
      players,
      objects: twoCreatures,
      effects: [redirect(2)],
      steps: [hit("e1", "A", 1), hit("e2", "A", 3)]
    })
    expect(r.outcome.events["e1"]?.dealt).toEqual({ B: 1 })
    expect(r.outcome.events["e2"]?.dealt).toEqual({ A: 2, B: 1 })
    expect(r.outcome.state["A"]?.["damage"]).toBe(2)
    expect(r.outcome.state["B"]?.["damage"]).toBe(2)
    expect(r.outcome.effects["r"]).toMatchObject({ remaining: 0, spent: true })
  })

  /** More N than damage: all of it moves, the rest of N stays for later. */
  it("N larger than the damage: all of it is redirected, N − damage remains", () => {
    const r = run({ players, objects: twoCreatures, effects: [redirect(5)], steps: [hit("e", "A", 3)] })
    expect(r.outcome.events["e"]?.dealt).toEqual({ B: 3 })
    expect(r.outcome.effects["r"]).toMatchObject({ remaining: 2, spent: false })
  })

  /**
   * CR 120.8: "If a source would deal 0 damage, it does not deal damage at all. … replacement
   * effects that would … have that source deal that damage to a different object or player,
   * have no event to replace, so they have no effect."
   */
  it("0 damage: nothing is redirected and nothing used up", () => {
    const r = run({ players, objects: twoCreatures, effects: [redirect(2)], steps: [hit("e", "A", 0)] })
    expect(r.outcome.events["e"]?.dealt).toEqual({})
    expect(r.outcome.effects["r"]).toMatchObject({ remaining: 2, uses: 0 })
  })

  /** Two sources at once to A: N is shared out, never spent twice; the accounting adds up. */
  it("two simultaneous damage events to A share the N", () => {
    const r = run({
      players,
      objects: [...twoCreatures, spell("bolt2", "ap")],
      effects: [redirect(2)],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "x", source: "bolt", to: "A", amount: 1 },
              { id: "y", source: "bolt2", to: "A", amount: 3 }
            ]
          }
        }
      ]
    })
    const e = r.outcome.events["e"]
    expect(e?.dealt).toEqual({ A: 2, B: 2 })
    for (const o of Object.values(e?.occurrences ?? {}))
      if (o.family === "damage") expect(o.proposed + o.modified - o.prevented).toBe(o.amount)
  })

  /**
   * CR 614.9: "If one of those permanents is no longer on the battlefield when the damage would
   * be redirected, or is no longer a battle, creature, or planeswalker when the damage would be
   * redirected, the effect does nothing. If damage would be redirected to or from a player who
   * has left the game, the effect does nothing."
   */
  describe("a redirect that can't happen does nothing", () => {
    const cases: ReadonlyArray<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ["B left the battlefield", { update: { object: "B", zone: "exile" } }, {}],
      ["B is no longer a creature", { update: { object: "B", set: { types: ["Artifact"] } } }, {}],
      [
        "to a player who has left the game",
        { update: { object: "nap", set: { props: { lost: true } } } },
        { redirectTo: "nap" }
      ]
    ]
    for (const [name, step, extra] of cases)
      it(`${name} (without an amount too)`, () => {
        const r = run({
          players,
          objects: twoCreatures,
          effects: [redirect(undefined, extra)],
          steps: [step, hit("e", "A", 3)]
        })
        expect(r.outcome.events["e"]?.dealt).toEqual({ A: 3 })
        expect(r.outcome.effects["r"]).toMatchObject({ uses: 0 })
      })
    for (const [name, step, extra] of cases)
      it(name, () => {
        const r = run({
          players,
          objects: twoCreatures,
          effects: [redirect(2, extra)],
          steps: [step, hit("e", "A", 3)]
        })
        expect(r.outcome.events["e"]?.dealt).toEqual({ A: 3 })
        expect(r.outcome.effects["r"]).toMatchObject({ remaining: 2, uses: 0 })
      })

    it("from a player who has left the game", () => {
      const r = run({
        players: ["ap", "nap", "third"],
        objects: twoCreatures,
        effects: [redirect(2, { to: "third" })],
        steps: [{ update: { object: "third", set: { props: { lost: true } } } }, hit("e", "third", 3)]
      })
      expect(r.outcome.events["e"]?.dealt).toEqual({ third: 3 })
    })

    /**
     * The generic form is held to the same rule: Magic's defaults give every redirection 614.9's
     * condition ("the effect does nothing"), so `kind: replace` with `redirect:` — what the named
     * kind means (issue 28, point 2) — leaves the damage on A too.
     */
    const generic = {
      kind: "replace",
      id: "r",
      controller: "nap",
      to: "A",
      redirect: { to: "B", amount: 2 },
      duration: "endOfTurn"
    }
    const exiled = { update: { object: "B", zone: "exile" } }
    it("the generic form does nothing too", () => {
      const r = run({ players, objects: twoCreatures, effects: [generic], steps: [exiled, hit("e", "A", 3)] })
      expect(mismatches(r, { events: { e: { dealt: { A: 3 } } } })).toBe("")
    })

    /**
     * The mutant: the same redirection without 614.9's condition (its compiled effect with the
     * condition taken out) sends the damage into the exile zone.
     */
    it("mutant: a redirection without 614.9's condition redirects to a card in exile", () => {
      const compiled = compile({
        players,
        objects: twoCreatures,
        effects: [generic],
        steps: [exiled, hit("e", "A", 3)]
      })
      const effects = compiled.ledger.effects.map(({ condition: _c, ...e }) => e)
      const r = Ruleset.run(
        Rules.rules,
        { ...compiled, ledger: { ...compiled.ledger, effects } },
        Chooser.firstLegal
      )
      expect(mismatches(r, { events: { e: { dealt: { A: 3 } } } })).not.toBe("")
    })
  })

  /**
   * CR 614.9 with CR 615.1's "aren't locked in ahead of time": "the next X damage that would be
   * dealt to A this turn is dealt to B instead", X the number of creatures nap controls, counted
   * when the redirection first applies (3 by then: C joined), then used up like a number.
   */
  describe("a computed amount (615.1)", () => {
    const x = { count: { controller: "nap", types: ["Creature"] } }
    const steps = [{ update: { object: "C", zone: "battlefield" } }, hit("e", "A", 5), hit("f", "A", 2)]
    const objects = [...twoCreatures, creature("C", "nap", { zone: "hand" })]

    it("X counted when it first applies: 3 of 5 move, then the remainder 0 moves none", () => {
      const r = run({ players, objects, effects: [redirect(undefined, { amount: x })], steps })
      expect(r.outcome.events["e"]?.dealt).toEqual({ A: 2, B: 3 })
      expect(r.outcome.events["f"]?.dealt).toEqual({ A: 2 })
      expect(r.outcome.effects["r"]).toMatchObject({ remaining: 0, spent: true })
    })

    it("mutant: X locked in when the effect is created (2) moves 2", () => {
      const r = run({ players, objects, effects: [redirect(2)], steps })
      expect(mismatches(r, { events: { e: { dealt: { A: 2, B: 3 } } } })).not.toBe("")
    })

    it("refuses a malformed expression, naming the effect", () => {
      expect(() =>
        Effects.redirect({
          id: "r9",
          controller: "a",
          to: "A",
          redirectTo: "B",
          amount: { count: 3 } as unknown as number
        })
      ).toThrow(/r9/)
    })
  })

  /** "Can't be redirected": an occurrence's `cantBeRedirected: true`; redirection leaves it alone. */
  it("damage that can't be redirected stays with A", () => {
    const r = run({
      players,
      objects: twoCreatures,
      effects: [redirect(2)],
      steps: [hit("e", "A", 3, { cantBeRedirected: true })]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ A: 3 })
    expect(r.outcome.events["e"]?.occurrences["e-d"]?.kinds).toContain(Game.CANT_BE_REDIRECTED)
    expect(r.outcome.effects["r"]).toMatchObject({ remaining: 2 })
  })

  /**
   * The generic form too: Magic's defaults keep damage that can't be redirected out of every
   * redirection's watch (the named kind's meaning, issue 28 point 2). Mutant: the same damage
   * without `cantBeRedirected` is redirected (2 of 3 to B).
   */
  it("damage that can't be redirected stays with A under the generic form", () => {
    const generic = { kind: "replace", id: "r", controller: "nap", to: "A", redirect: { to: "B", amount: 2 } }
    const kept = run({
      players,
      objects: twoCreatures,
      effects: [generic],
      steps: [hit("e", "A", 3, { cantBeRedirected: true })]
    })
    expect(kept.outcome.events["e"]?.dealt).toEqual({ A: 3 })
    const moved = run({ players, objects: twoCreatures, effects: [generic], steps: [hit("e", "A", 3)] })
    expect(moved.outcome.events["e"]?.dealt).toEqual({ A: 1, B: 2 })
  })

  /** DESIGN invariant 4 / CR 615.12: redirection is not prevention — unpreventable damage is still redirected. */
  it("unpreventable damage is still redirected", () => {
    const r = run({
      players,
      objects: twoCreatures,
      effects: [redirect(2)],
      steps: [hit("e", "A", 3, { unpreventable: true })]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ A: 1, B: 2 })
  })

  /** The mutant: core's Redirect without its amount (the whole damage moves) fails MTG-20's numbers. */
  it("mutant: a redirection without the amount moves all 3", () => {
    const r = run({
      players,
      objects: twoCreatures,
      effects: [{ kind: "replace", id: "r", controller: "nap", to: "A", redirect: { to: "B" } }],
      steps: [hit("e", "A", 3)]
    })
    expect(mismatches(r, { events: { e: { dealt: { A: 1, B: 2 } } } })).not.toBe("")
  })

  /** Without an amount, the whole damage is redirected (614.9's check applies to this form too: see above). */
  it("without amount: all of it", () => {
    const r = run({
      players,
      objects: twoCreatures,
      effects: [redirect(undefined)],
      steps: [hit("e", "A", 3)]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ B: 3 })
    expect(r.outcome.effects["r"]?.remaining).toBeNull()
  })

  it("refuses a negative or fractional amount, naming the effect", () => {
    expect(() =>
      Effects.redirect({ id: "r", controller: "a", to: "A", redirectTo: "B", amount: -1 })
    ).toThrow(/r/)
    expect(() =>
      Effects.redirect({ id: "r", controller: "a", to: "A", redirectTo: "B", amount: 1.5 })
    ).toThrow()
    const bad: Replacement.Replacement = {
      id: "x",
      label: "",
      controller: "a",
      category: "replacement",
      watch: { family: "damage" },
      action: { _tag: "Redirect", to: "B", amount: -2 }
    }
    expect(Replacement.problems(bad).map(([p]) => p)).toEqual(["action.amount"])
  })
})

describe("CR 120.4a: excess damage", () => {
  const target = (extra: Record<string, unknown> = {}) =>
    creature("T", "nap", { power: 2, toughness: 3, damage: 1, ...extra })

  /**
   * CR 120.4a: "If the first permanent is a creature, the excess damage is the amount of damage
   * in excess of what would be lethal damage, taking into account damage already marked on the
   * creature and damage from other sources that would be dealt at the same time."
   */
  it("5 to a 2/3 with 1 marked: 2 to it, 3 to its controller", () => {
    const r = run({
      players,
      objects: [target(), spell("bolt", "ap")],
      steps: [hit("e", "T", 5, { excessTo: "controller" })]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ T: 2, nap: 3 })
    expect(r.outcome.state["nap"]?.["life"]).toBe(17)
  })

  /** Marked damage already lethal: lethal damage is 0, so all of it is excess. */
  it("marked damage already lethal: everything is excess", () => {
    const r = run({
      players,
      objects: [target({ damage: 3 }), spell("bolt", "ap")],
      steps: [hit("e", "T", 4, { excessTo: "controller" })]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ nap: 4 })
  })

  /** No excess (damage ≤ lethal): the event is unchanged, nothing goes to the controller. */
  it("no excess: nothing is dealt to the controller", () => {
    const r = run({
      players,
      objects: [target(), spell("bolt", "ap")],
      steps: [hit("e", "T", 2, { excessTo: "controller" })]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ T: 2 })
  })

  /** "… and damage from other sources that would be dealt at the same time." */
  it("damage from another source at the same time counts toward lethal", () => {
    const r = run({
      players,
      objects: [target(), spell("bolt", "ap"), spell("bolt2", "ap")],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "a", source: "bolt", to: "T", amount: 3, excessTo: "controller" },
              { id: "b", source: "bolt2", to: "T", amount: 1 }
            ]
          }
        }
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ T: 2, nap: 2 })
  })

  /** "If the first permanent is a planeswalker, the excess damage is the amount of damage in excess of that planeswalker's loyalty." */
  it("a planeswalker: excess over its loyalty; to a named player", () => {
    const r = run({
      players,
      objects: [{ id: "pw", controller: "nap", types: ["Planeswalker"], loyalty: 2 }, spell("bolt", "ap")],
      steps: [hit("e", "pw", 5, { excessTo: "ap" })]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ pw: 2, ap: 3 })
  })

  /** "If the first permanent is a battle, the excess damage is the amount of damage in excess of that battle's defense." */
  it("a battle: excess over its defense", () => {
    const r = run({
      players,
      objects: [{ id: "siege", controller: "nap", types: ["Battle"], defense: 4 }, spell("bolt", "ap")],
      steps: [hit("e", "siege", 5, { excessTo: "controller" })]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ siege: 4, nap: 1 })
  })

  /** "Any amount of damage greater than 1 is excess damage if the source dealing that damage to a creature has deathtouch." */
  it("deathtouch: everything above 1 is excess", () => {
    const r = run({
      players,
      objects: [creature("T", "nap", { toughness: 5 }), creature("dt", "ap", { keywords: ["deathtouch"] })],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [{ id: "d", source: "dt", to: "T", amount: 4, excessTo: "controller" }]
          }
        }
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ T: 1, nap: 3 })
  })

  /**
   * CR 120.4a "First …" precedes 120.4b "Second, damage is dealt, as modified by replacement and
   * prevention effects": a shield on the creature prevents from its lethal part (MTG-23 b).
   * Mutant: the rules without `prepareEvent` (no 120.4a) — the same file expects otherwise.
   */
  it("computed before prevention; the mutant without 120.4a fails", () => {
    const scenario = {
      players,
      objects: [target(), spell("bolt", "ap")],
      effects: [{ kind: "shield", id: "s", controller: "nap", to: "T", amount: 1 }],
      steps: [hit("e", "T", 5, { excessTo: "controller" })]
    }
    const expected = { events: { e: { dealt: { T: 1, nap: 3 }, prevented: { T: 1 } } } }
    expect(mismatches(run(scenario), expected)).toBe("")
    const { prepareEvent: _p, ...mutant } = Rules.rules
    expect(mismatches(runRules(mutant, scenario), expected)).not.toBe("")
  })

  it("refuses excessTo on a family other than damage, and an unknown id", () => {
    expect(() =>
      compile({
        players,
        objects: [target()],
        steps: [
          {
            event: {
              id: "e",
              family: "lifeGain",
              occurrences: [{ to: "ap", amount: 1, excessTo: "controller" }]
            }
          }
        ]
      })
    ).toThrow(/excessTo/)
    expect(() =>
      compile({
        players,
        objects: [target(), spell("bolt", "ap")],
        steps: [hit("e", "T", 3, { excessTo: "nobody" })]
      })
    ).toThrow(/nobody/)
  })

  it("Game.lethalPart: not a permanent that can be dealt lethal damage", () => {
    const view = GameView.make({
      players: ["a"],
      activePlayer: "a",
      objects: [{ id: "a", kind: "player", props: {} }]
    })
    expect(Game.lethalPart(view, "a", 3, 0, false)).toBeUndefined()
  })
})

describe('CR 615.12: a lasting "damage can\'t be prevented" effect', () => {
  const board = (
    effects: ReadonlyArray<Record<string, unknown>>,
    kinds: ReadonlyArray<string>,
    amount: number
  ) => ({
    players,
    objects: [creature("C", "nap", { toughness: 9 }), creature("X", "ap")],
    effects: [
      ...effects,
      {
        kind: "shield",
        id: "s",
        controller: "nap",
        to: "C",
        amount: 2,
        duration: "endOfTurn",
        additional: [{ family: "lifeGain", subject: "controller", amount: 1 }]
      },
      {
        kind: "preventEach",
        id: "fog",
        controller: "ap",
        amount: "all",
        only: "combat",
        duration: "endOfTurn"
      }
    ],
    steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "X", to: "C", amount, kinds }] } }]
  })
  const flare = { kind: "cantBePrevented", id: "flare", controller: "ap", duration: "endOfTurn" }

  /**
   * CR 615.12: "If unpreventable damage would be dealt, any applicable prevention effects are
   * still applied to it. Those effects won't prevent any damage, but any additional effects they
   * have will take place. Existing damage prevention shields won't be reduced by damage that
   * can't be prevented." (MTG-24 a)
   */
  it("both preventions apply and prevent 0; the shield keeps 2; its additional part happens", () => {
    const r = run(board([flare], ["combat"], 3))
    const d = r.outcome.events["e"]?.occurrences["d"]
    expect(d).toMatchObject({ amount: 3, prevented: 0, status: "happened" })
    expect([...(d?.applied ?? [])].sort()).toEqual(["flare", "fog", "s"])
    expect(r.outcome.effects["s"]).toMatchObject({ remaining: 2, spent: false })
    expect(r.outcome.state["nap"]?.["life"]).toBe(21)
  })

  /** It lasts while its duration does: after the turn ends, damage can be prevented again. */
  it("ends with its duration", () => {
    const scenario = board([flare], [], 3)
    const r = run({
      ...scenario,
      effects: [flare, { kind: "shield", id: "s", controller: "nap", to: "C", amount: 2 }],
      steps: [{ advance: "endOfTurn" }, ...scenario.steps]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ C: 1 })
  })

  /** `only: noncombat` on the effect: combat damage can still be prevented. */
  it("only: noncombat leaves combat damage preventable", () => {
    const r = run(board([{ ...flare, only: "noncombat" }], ["combat"], 3))
    expect(r.outcome.events["e"]?.dealt).toEqual({})
  })

  /** The mutant: the ordering without the "can't be prevented" tier lets the shield apply first. */
  it("mutant: without its own tier, the shield may apply before it and prevent", () => {
    const mutant: Policy.Rules = {
      ...Rules.rules,
      order: Policy.affectedChooses({
        name: "mutant",
        rule: "MTG CR 616.1",
        tiers: Rules.tiers.slice(1),
        chooserOf: Rules.chooserOf
      })
    }
    const scenario = board([flare], ["combat"], 3)
    const expected = { events: { e: { dealt: { C: 3 } } }, effects: { s: { remaining: 2 } } }
    expect(mismatches(run(scenario), expected)).toBe("")
    // nap may now apply the shield first: it prevents 2
    expect(mismatches(runRules(mutant, scenario, ["s"]), expected)).not.toBe("")
  })

  /** A fog is combat-only (MTG-24 b): a noncombat 2 is prevented by the shield alone. */
  it("only: combat — the fog doesn't see noncombat damage", () => {
    const r = run(board([], [], 2))
    expect(r.outcome.events["e"]?.occurrences["d"]).toMatchObject({ status: "zero", applied: ["s"] })
  })

  /** `only: noncombat` on a shield: combat damage passes it by. */
  it("only: noncombat on a shield", () => {
    const r = run({
      players,
      objects: [creature("C", "nap", { toughness: 9 }), creature("X", "ap")],
      effects: [{ kind: "shield", id: "s", controller: "nap", to: "C", amount: 2, only: "noncombat" }],
      steps: [
        { event: { id: "e", occurrences: [{ id: "d", source: "X", to: "C", amount: 3, kinds: ["combat"] }] } }
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ C: 3 })
    expect(r.outcome.effects["s"]).toMatchObject({ remaining: 2 })
  })

  it("refuses an unknown only", () => {
    expect(() =>
      compile({
        players,
        objects: [],
        effects: [{ kind: "preventEach", id: "p", controller: "ap", amount: 1, only: "arcane" }],
        steps: []
      })
    ).toThrow()
  })
})

describe("CR 614: events replacement effects see, in the outcome", () => {
  const bear = creature("bear", "nap", { damage: 1 })
  const destroy = { event: { id: "e", family: "destroy", occurrences: [{ id: "k", to: "bear" }] } }

  /** A destroy is an event: it happens, the permanent goes to its owner's graveyard, the outcome says so. */
  it("destroy: to the graveyard; family, subject, amount, status, replacedBy in the outcome", () => {
    const r = run({ players, objects: [bear], steps: [destroy] })
    expect(r.outcome.events["e"]?.occurrences["k"]).toMatchObject({
      family: "destroy",
      subject: "bear",
      status: "happened",
      replacedBy: []
    })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("graveyard")
  })

  /**
   * CR 614.8: "“Regenerate [permanent]” means “The next time [permanent] would be destroyed this
   * turn, instead remove all damage marked on it and its controller taps it.”"
   * Mutant: the commit without `destroy` (a state write nobody replaces would look the same).
   */
  it("regeneration replaces the destruction; the outcome shows what replaced it", () => {
    const regen = {
      kind: "instead",
      id: "regen",
      controller: "nap",
      family: "destroy",
      to: "bear",
      with: [{ family: "regenerate", subject: "subject" }],
      duration: "endOfTurn"
    }
    const r = run({ players, objects: [bear], effects: [regen], steps: [destroy] })
    const k = r.outcome.events["e"]?.occurrences["k"]
    expect(k).toMatchObject({ family: "destroy", status: "replaced", applied: ["regen"] })
    const by = k?.replacedBy ?? []
    expect(by).toHaveLength(1)
    expect(r.outcome.events["e"]?.occurrences[by[0] as string]).toMatchObject({
      family: "regenerate",
      status: "happened"
    })
    expect(r.outcome.state["bear"]).toMatchObject({ zone: "battlefield", damage: 0, tapped: true })
    expect(r.outcome.effects["regen"]).toMatchObject({ uses: 1 })
  })

  /** "If it would die, exile it instead" on a destruction: the destroy happens, into exile. */
  it("if it would be destroyed, exile it instead", () => {
    const r = run({
      players,
      objects: [bear],
      effects: [
        { kind: "zoneInstead", id: "rest", controller: "ap", family: "destroy", when: {}, into: "exile" }
      ],
      steps: [destroy]
    })
    expect(r.outcome.events["e"]?.occurrences["k"]).toMatchObject({
      status: "happened",
      params: { to: "exile" }
    })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("exile")
  })

  it("mutant: a commit that ignores destroy leaves it on the battlefield", () => {
    const mutant: Policy.Rules = {
      ...Rules.rules,
      commit: (v, o) => (o.family === Game.Family.destroy ? v : Game.commit(v, o))
    }
    const r = runRules(mutant, { players, objects: [bear], steps: [destroy] })
    expect(mismatches(r, { state: { bear: { zone: "graveyard" } } })).not.toBe("")
  })

  /**
   * CR 614.6: "If an event is replaced, it never happens. … Note that the modified event may
   * contain instructions that can't be carried out, in which case the impossible instruction is
   * simply ignored." (CR 615.6 says the same of prevention.) A life gain replaced by a draw from
   * an empty library: the life gain is replaced; the draw draws nothing. Ruling changed by 614.6
   * with 609.3 ("it does only as much as possible"; issue 29, point 8: what is reported is what
   * was done): the draw used to be reported as happened with 2; now nothing was done, so it is
   * `failed` with its 2 `notDone` (a trigger system still sees the attempt).
   */
  it("an impossible instruction of the replacing event is ignored", () => {
    const r = run({
      players,
      objects: [],
      effects: [
        {
          kind: "instead",
          id: "x",
          controller: "ap",
          family: "lifeGain",
          to: "ap",
          with: [{ family: "draw", subject: "subject", amount: { _tag: "Amount" } }]
        }
      ],
      steps: [{ event: { id: "e", family: "lifeGain", occurrences: [{ id: "g", to: "ap", amount: 2 }] } }]
    })
    const e = r.outcome.events["e"]
    expect(e?.occurrences["g"]).toMatchObject({ status: "replaced" })
    expect(e?.happened.map((h) => h.family)).toEqual([])
    const draw = Object.values(e?.occurrences ?? {}).find((o) => o.family === "draw")
    expect(draw).toMatchObject({ status: "failed", amount: 0, notDone: 2 })
    expect(r.outcome.state["ap"]?.["life"]).toBe(20)
  })

  /** Destroying what is not on the battlefield is an impossible instruction: ignored. */
  it("destroying a card in a graveyard does nothing", () => {
    const r = run({ players, objects: [{ ...bear, zone: "graveyard" }], steps: [destroy] })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("graveyard")
  })

  /**
   * CR 704.5g: "If a creature has toughness greater than 0, it has damage marked on it, and the
   * total damage marked on it is greater than or equal to its toughness, that creature has been
   * dealt lethal damage and is destroyed." CR 120.6: "… that creature has been dealt lethal damage
   * and is destroyed as a state-based action". The `stateBasedActions` step destroys it in a
   * `destroy` event (kind `stateBased`) the outcome shows; a creature without lethal damage is
   * not destroyed (its occurrence fails).
   */
  describe("704.5g / 120.6: the state-based destruction is an event", () => {
    const objects = [creature("bear", "nap"), creature("elf", "nap", { toughness: 3 }), spell("bolt", "ap")]
    const sba = (effects: ReadonlyArray<unknown> = []) => ({
      players,
      objects,
      effects,
      steps: [hit("e", "bear", 2), hit("f", "elf", 2), { stateBasedActions: true }]
    })
    const destroyOf = (r: Ruleset.RunResult, subject: string) =>
      Object.values(r.outcome.events)
        .flatMap((e) => Object.values(e.occurrences))
        .find((o) => o.family === "destroy" && o.subject === subject)
    const regen = {
      kind: "instead",
      id: "regen",
      controller: "nap",
      family: "destroy",
      to: "bear",
      with: [{ family: "regenerate", subject: "subject" }],
      duration: "endOfTurn"
    }

    it("lethal damage: a destroy that happens; no lethal damage: none", () => {
      const r = run(sba())
      expect(destroyOf(r, "bear")).toMatchObject({
        status: "happened",
        kinds: [Game.STATE_BASED],
        replacedBy: []
      })
      expect(destroyOf(r, "elf")?.status).toBe("failed")
      expect(r.outcome.state["bear"]?.["zone"]).toBe("graveyard")
      expect(r.outcome.state["elf"]).toMatchObject({ zone: "battlefield", damage: 2 })
    })

    /** CR 614.8: "The next time [permanent] would be destroyed this turn, instead remove all damage marked on it and its controller taps it." */
    it("614.8: regeneration replaces the state-based destruction", () => {
      const r = run(sba([regen]))
      const k = destroyOf(r, "bear")
      expect(k).toMatchObject({ status: "replaced", applied: ["regen"] })
      expect(k?.replacedBy).toHaveLength(1)
      expect(r.outcome.state["bear"]).toMatchObject({ zone: "battlefield", damage: 0, tapped: true })
      expect(r.outcome.effects["regen"]).toMatchObject({ uses: 1 })
    })

    /** CR 614.1a: "if it would be destroyed, exile it instead" sees the state-based destruction. */
    it("zoneInstead { family: destroy } sends it to exile", () => {
      const r = run(
        sba([
          { kind: "zoneInstead", id: "rest", controller: "ap", family: "destroy", when: {}, into: "exile" }
        ])
      )
      expect(destroyOf(r, "bear")).toMatchObject({ status: "happened", params: { to: "exile" } })
      expect(r.outcome.state["bear"]?.["zone"]).toBe("exile")
      expect(r.outcome.state["elf"]?.["zone"]).toBe("battlefield")
    })

    /** CR 704.5f before 704.5g: a creature with toughness 0 goes to the graveyard, it is not destroyed. */
    it("toughness 0: put into the graveyard, not destroyed", () => {
      const r = run({
        players,
        objects: [creature("bear", "nap", { toughness: 0, damage: 1 })],
        effects: [regen],
        steps: [{ stateBasedActions: true }]
      })
      expect(destroyOf(r, "bear")?.status).toBe("failed")
      expect(r.outcome.state["bear"]?.["zone"]).toBe("graveyard")
    })

    /** Mutant: the step as it was (a state write) — regeneration never sees the destruction. */
    it("mutant: a step that writes the state directly is not regenerated", () => {
      const c = compile(sba([regen]))
      const steps = c.steps.map(
        (st): Ruleset.Step =>
          st._tag === "Event" && st.event.occurrences.some((o) => o.kinds.includes(Game.STATE_BASED))
            ? { _tag: "Update", label: "sba", apply: (v) => Game.performDamageActions(v) }
            : st
      )
      const r = Ruleset.run(Rules.rules, { ...c, steps }, Chooser.firstLegal)
      expect(mismatches(r, { state: { bear: { zone: "battlefield" } } })).not.toBe("")
    })

    /** Mutant: the rules without `sbaFails` destroy the creature without lethal damage too. */
    it("mutant: without the 704.5g check every creature is destroyed", () => {
      const r = runRules({ ...Rules.rules, fails: undefined }, sba())
      expect(mismatches(r, { state: { elf: { zone: "battlefield" } } })).not.toBe("")
    })
  })

  /** Every family the ruleset names is in its vocabulary and its words. */
  it("the families: draw, destroy, regenerate, zone changes, tokens, life, counters", () => {
    const fams = Object.values(Game.Family)
    for (const f of [
      "destroy",
      "regenerate",
      "draw",
      "createToken",
      "lifeGain",
      "lifeLoss",
      "addCounters",
      "zoneChange"
    ])
      expect(fams).toContain(f)
    for (const f of fams) if (f !== "damage") expect(Object.keys(Rules.words.families ?? {})).toContain(f)
  })

  it("Game.commit: regenerate clears damage and taps", () => {
    const view = GameView.make({
      players: ["a"],
      activePlayer: "a",
      objects: [{ id: "c", kind: "object", controller: "a", zone: "battlefield", props: { damage: 2 } }]
    })
    const after = Policy.viewOf(
      Game.commit(view, GameEvent.occurrence({ id: "r", family: "regenerate", subject: "c" }))
    )
    expect(after.objects["c"]?.props).toMatchObject({ damage: 0, tapped: true })
  })
})

describe("a category is a closed word (issue 28, point 5: MTG-29's kind of mistake)", () => {
  // CR 616.1: the tiers are read from what an effect is — a self-replacement effect (616.1a) is
  // applied first — so a misspelt `category:` would silently make one an ordinary replacement
  const withCategory = (kind: string, category: string) => ({
    players,
    objects: twoCreatures,
    effects: [
      kind === "shield"
        ? { kind, id: "s", controller: "nap", to: "A", amount: 2, category }
        : { kind, id: "s", controller: "nap", to: ["A"], amount: 2, category }
    ],
    steps: [hit("e", "A", 3)]
  })

  it("a named kind and the generic prevent refuse a misspelt one, naming the right ones", () => {
    // (the scenario loader adds its "did you mean": apps/cli/test/mistakes.ts)
    for (const kind of ["shield", "prevent"]) {
      expect(() => compile(withCategory(kind, "self-replacemnt")), kind).toThrow(/"self-replacement"/)
      expect(() => compile(withCategory(kind, "self-replacemnt")), kind).toThrow(/category/)
    }
  })

  it("the right word compiles (the mutant of the check: every word refused would fail here)", () => {
    for (const kind of ["shield", "prevent"])
      expect(compile(withCategory(kind, Effects.Category.selfReplacement)).ledger.effects.length).toBe(1)
  })
})
