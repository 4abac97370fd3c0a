/**
 * The events of FaB 8.5 besides damage (issue 17, point 2), Ephemeral (8.3.21), a cost whose
 * event is replaced (1.14.4c), life loss that is not damage (8.5.3d, 8.5.12b) and a gain-life
 * replacement (6.4.9), Comprehensive Rules, February 2026 copy. Each test quotes the rule it
 * checks; each concept has a mutant that shows its check can fail.
 */
import { GameEvent, type Replacement } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Effects, Rules } from "../src/index.js"
import { base, compile, type Data, type Effect, run } from "./helpers.js"

/** An `event` step of one family: `source` does `amount` of it to `to`. */
const ev = (id: string, family: string, to: string, amount: number, more: Record<string, unknown> = {}) => ({
  event: { id, family, occurrences: [{ source: "S", to, amount, ...more }] }
})

const scenario = (effects: ReadonlyArray<Effect>, steps: ReadonlyArray<unknown>, more: Data = {}): Data => ({
  ...base,
  effects,
  steps,
  ...more
})

const raw = (effect: Replacement.Replacement): Effect => ({ kind: "replacement", id: effect.id, effect })

describe("8.5: every family an event step names is an event, committed and in the outcome", () => {
  /**
   * 8.5.1 "To banish an object, the instructed player moves the object to its owner's banished
   * zone." 8.5.15 "To put/return an object into/to a zone, move it from its current zone to the
   * specified zone." 8.5.14 "To put a counter onto an object, a specified counter begins to exist
   * on the object." 8.5.16 "To remove a counter from an object, a specified counter ceases to
   * exist on the object." 8.5.6 "To draw a card, move the top card of the deck to the player's
   * hand." 8.5.7a / 8.5.12a: the life total is increased / decreased by the specified amount.
   */
  it("each family changes the game as its 8.5 verb says", () => {
    const r = run(
      scenario(
        [],
        [
          ev("b", "zoneChange", "helm", 1, { params: { to: "banished" } }),
          ev("g", "zoneChange", "ally", 1, { params: { to: "graveyard" } }),
          ev("c1", "addCounters", "bob", 3, { params: { counter: "steam" } }),
          ev("c2", "removeCounters", "bob", 1, { params: { counter: "steam" } }),
          ev("d", "draw", "alice", 2),
          ev("gl", "lifeGain", "alice", 4),
          ev("ll", "lifeLoss", "bob", 5),
          ev("t", "createToken", "alice", 2, { params: { token: "Quicken" } })
        ],
        { players: [{ id: "alice", hand: 4, deck: 10 }, "bob"] }
      )
    )
    expect(r.outcome.error).toBeUndefined()
    expect(r.outcome.state.helm?.zone).toBe("banished")
    expect(r.outcome.state.ally?.zone).toBe("graveyard")
    expect(r.outcome.state.bob).toMatchObject({ steamCounters: 2, life: 15 })
    expect(r.outcome.state.alice).toMatchObject({ hand: 6, deck: 8, life: 24 })
    expect(r.outcome.events.t?.happened).toEqual([
      { id: "t-alice", family: "createToken", subject: "alice", source: "S", amount: 2 }
    ])
    // 8.5.4a: "Putting an object into the graveyard because of a rule or effect other than
    // destroy is not considered destroying that object." — an effect that watches destroys does
    // not see it
    const keep: Replacement.Replacement = {
      id: "keep",
      label: "If the ally would be destroyed, instead nothing happens",
      controller: "bob",
      category: "standard",
      watch: { family: "destroy", subject: { _tag: "Id", ids: ["ally"] } },
      action: { _tag: "Replace", with: [] }
    }
    const put = run(
      scenario([raw(keep)], [ev("g", "zoneChange", "ally", 1, { params: { to: "graveyard" } })])
    )
    expect(put.outcome.state.ally?.zone).toBe("graveyard")
    expect(put.outcome.effects.keep?.uses).toBe(0)
    // mutant (a negative control): the same effect does see a destroy
    const destroyed = run(scenario([raw(keep)], [ev("g", "destroy", "ally", 1)]))
    expect(destroyed.outcome.state.ally?.zone).toBe("arena")
  })

  /**
   * 2.5.3e: "If the life total is calculated to be less than zero, instead it is considered
   * zero." 8.5.6b: "If a player tries to draw a card when there are no cards in their deck, the
   * draw effect fails." 8.5.12a: "If the object does not have the life property, then the lose
   * effect fails."
   */
  it("corners: life never below 0; a draw from an empty deck and life loss of a non-living object fail", () => {
    const r = run(
      scenario(
        [],
        [ev("ll", "lifeLoss", "ally", 9), ev("d", "draw", "alice", 1), ev("x", "lifeLoss", "helm", 1)],
        { players: [{ id: "alice", deck: 0 }, "bob"] }
      )
    )
    expect(r.outcome.state.ally?.life).toBe(0)
    expect(r.outcome.events.ll?.happened).toMatchObject([{ family: "lifeLoss", amount: 9 }])
    expect(r.outcome.events.d?.occurrences["d-alice"]).toMatchObject({ status: "failed", amount: 0 })
    expect(r.outcome.state.alice?.hand).toBeUndefined()
    expect(r.outcome.events.x?.occurrences["x-helm"]).toMatchObject({ status: "failed" })
    const rules = r.trace.flatMap((t) => (t._tag === "Note" ? [t.rule] : []))
    expect(rules).toContain("FaB 8.5.6b")
    expect(rules).toContain("FaB 8.5.12a")
    // mutant: a deck with a card is drawn from (the failure reads the deck, not the family)
    const drawn = run(
      scenario([], [ev("d", "draw", "alice", 1)], { players: [{ id: "alice", deck: 1 }, "bob"] })
    )
    expect(drawn.outcome.events.d?.occurrences["d-alice"]?.status).toBe("happened")
  })

  /**
   * What a trigger reads (issue 17, point 6): each occurrence's family, subject, amount, status
   * and, for a replaced one, `replacedBy` — the occurrences that happened instead.
   */
  it("the Ruleset outcome shows family, subject, amount, status and replacedBy", () => {
    const r = run(
      scenario([{ kind: "ephemeral", id: "eph", source: "helm" }], [ev("e", "destroy", "helm", 1)], {
        objects: [...base.objects]
      })
    )
    const occ = r.outcome.events.e?.occurrences ?? {}
    expect(occ["e-helm"]).toMatchObject({
      family: "destroy",
      subject: "helm",
      amount: 0,
      status: "replaced",
      replacedBy: ["e-helm#1"]
    })
    expect(occ["e-helm#1"]).toMatchObject({
      family: "ceaseToExist",
      subject: "helm",
      amount: 1,
      status: "happened",
      replacedBy: []
    })
    // the same in the core resolution the outcome is made from
    expect(r.resolutions[0]?.outcomes.find((o) => o.id === "e-helm")?.replacedBy).toEqual(["e-helm#1"])
    // mutant: the outcome of a run with no Ephemeral has nothing replaced
    const plain = run(scenario([], [ev("e", "destroy", "helm", 1)]))
    expect(plain.outcome.events.e?.occurrences["e-helm"]).toMatchObject({
      status: "happened",
      replacedBy: []
    })
  })
})

describe("8.3.21 Ephemeral", () => {
  /**
   * 8.3.21: "If this would be put into a graveyard from anywhere, instead it ceases to exist."
   * 8.5.4: "To destroy an object, put it into its owner's graveyard." 8.3.21b: "A card that
   * ceases to exist from Ephemeral is removed from the game."
   */
  it("a destroy and any other putting into a graveyard become ceasing to exist, from anywhere", () => {
    const r = run(
      scenario(
        [
          { kind: "ephemeral", id: "helm:eph", source: "helm" },
          { kind: "ephemeral", id: "T:eph", source: "T" }
        ],
        [ev("e1", "destroy", "helm", 1), ev("e2", "zoneChange", "T", 1, { params: { to: "graveyard" } })]
      )
    )
    expect(r.outcome.state.helm?.zone).toBe("removed")
    // T is on the stack: "from anywhere"
    expect(r.outcome.state.T?.zone).toBe("removed")
    expect(r.outcome.effects["helm:eph"]?.uses).toBe(1)
    expect(r.outcome.effects["T:eph:graveyard"]?.uses).toBe(1)
    // only its own source: a banish is not a putting into a graveyard
    const other = run(
      scenario(
        [{ kind: "ephemeral", id: "eph", source: "helm" }],
        [ev("e1", "destroy", "ally", 1), ev("e2", "zoneChange", "helm", 1, { params: { to: "banished" } })]
      )
    )
    expect(other.outcome.state.ally?.zone).toBe("graveyard")
    expect(other.outcome.state.helm?.zone).toBe("banished")
  })

  it("mutant: an Ephemeral that only watched a zoneChange to the graveyard would let the destroy through (8.5.4)", () => {
    const [, graveyardOnly] = Effects.ephemeral({ id: "eph", source: "helm", controller: "bob" })
    const r = run(scenario([raw(graveyardOnly as Replacement.Replacement)], [ev("e1", "destroy", "helm", 1)]))
    expect(r.outcome.state.helm?.zone).toBe("graveyard")
  })

  it("refuses an Ephemeral without a source", () => {
    expect(() => Effects.ephemeral({ id: "eph", controller: "bob" })).toThrow(/source/)
  })
})

describe("1.14.4c: a cost whose event is replaced is still paid", () => {
  const strike = ev("e1", "damage", "bob", 3)

  /**
   * 1.14.4c: "During the payment of an effect-cost, if the events of any effects are replaced and
   * cannot be successfully resolved, the cost is still considered paid." (FAB-15)
   */
  it("Ward 2 whose destroy is replaced by Ephemeral still prevents 2", () => {
    const r = run(
      scenario(
        [
          { kind: "ward", id: "ward", source: "helm", amount: 2 },
          { kind: "ephemeral", id: "eph", source: "helm" }
        ],
        [strike]
      )
    )
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 2 })
    expect(r.outcome.state.helm?.zone).toBe("removed")
    expect(r.outcome.events.e1?.occurrences["ward:cost#1"]).toMatchObject({
      cause: "cost",
      status: "replaced"
    })
  })

  it("a cost replaced by nothing is paid too; the helm stays, so Ward applies again to the next damage", () => {
    const nothing: Replacement.Replacement = {
      id: "vanish",
      label: "If the helm would be destroyed, instead nothing happens",
      controller: "bob",
      category: "standard",
      watch: { family: "destroy", subject: { _tag: "Id", ids: ["helm"] } },
      action: { _tag: "Replace", with: [] },
      limit: { times: 1, resetsAt: "endOfTurn" }
    }
    const r = run(
      scenario(
        [{ kind: "ward", id: "ward", source: "helm", amount: 2 }, raw(nothing)],
        [strike, ev("e2", "damage", "bob", 3)]
      )
    )
    expect(r.outcome.events.e1?.prevented).toEqual({ bob: 2 })
    expect(r.outcome.events.e1?.occurrences["ward:cost#1"]).toMatchObject({
      status: "replaced",
      replacedBy: []
    })
    // the helm stayed (the destroy did nothing), so Ward applies again, and this time it is destroyed
    expect(r.outcome.events.e2?.prevented).toEqual({ bob: 2 })
    expect(r.outcome.state.helm?.zone).toBe("graveyard")
    expect(r.outcome.state.bob?.life).toBe(18)
  })

  it("mutant: a cost that can't be paid is not paid and prevents nothing (1.14.4b), so the check can fail", () => {
    const r = run(
      scenario([{ kind: "ward", id: "ward", source: "helm", amount: 2 }], [strike], {
        objects: base.objects.map((o) => (o.id === "helm" ? { ...o, indestructible: true } : o))
      })
    )
    expect(r.outcome.events.e1?.prevented).toEqual({})
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
  })
})

describe("8.5.3d / 8.5.12b: life loss is not damage", () => {
  /**
   * 8.5.3d: "Losing life because of a rule or effect other than dealing damage is not considered
   * dealing damage. An effect that causes life loss is not considered damage." 8.5.12b: "Losing
   * life is not considered as damage being dealt, unless it is the result of a damage effect."
   */
  it("a 'prevent the next time' (all of it) and a shield do not apply to life loss, and are not used up", () => {
    const effects = [
      { kind: "preventNextTime", id: "fd", controller: "bob" },
      { kind: "preventNext", id: "shield", controller: "bob", amount: 3 }
    ]
    const r = run(scenario(effects, [ev("l", "lifeLoss", "bob", 4), ev("d", "damage", "bob", 2)]))
    expect(r.outcome.events.l?.happened).toMatchObject([{ family: "lifeLoss", subject: "bob", amount: 4 }])
    expect(r.outcome.events.l?.occurrences["l-bob"]).toMatchObject({ prevented: 0, applied: [] })
    expect(r.outcome.events.l?.dealt).toEqual({})
    // the next damage is still "the next time": all of it prevented
    expect(r.outcome.events.d?.prevented).toEqual({ bob: 2 })
    expect(r.outcome.state.bob?.life).toBe(16)
  })

  it("8.5.12b: life loss is not a hit either (no hit occurrence for a lifeLoss)", () => {
    const loss = GameEvent.occurrence({
      id: "l",
      family: "lifeLoss",
      subject: "bob",
      source: "atk",
      amount: 3,
      params: { attack: "atk", attackTarget: "bob" }
    })
    expect(Rules.hits.results([loss], compile({ ...base, steps: [] }).view)).toEqual([])
  })

  it("mutant: a shield that watched life loss as damage would have prevented it", () => {
    const asDamage = { ...Effects.preventNext({ id: "shield", controller: "bob", amount: 3 }) }
    const mutant = { ...asDamage, watch: { ...asDamage.watch, family: "lifeLoss" } }
    const r = run(scenario([raw(mutant)], [ev("l", "lifeLoss", "bob", 4)]))
    expect(r.outcome.events.l?.occurrences["l-bob"]?.prevented).toBe(3)
  })
})

describe("6.4.9: 'If you would gain life, instead gain that much plus N'", () => {
  const plusOne = { kind: "thatMuchPlus", id: "gain", controller: "bob", family: "lifeGain", amount: 1 }

  /** 6.4.9: a standard-replacement "(If / The next) [CONDITION], instead [MODIFICATION]" (FAB-16). */
  it("a gain of 2 becomes 3; a second gain is modified again (a continuous effect)", () => {
    const r = run(scenario([plusOne], [ev("g1", "lifeGain", "bob", 2), ev("g2", "lifeGain", "bob", 1)]))
    expect(r.outcome.events.g1?.happened).toMatchObject([{ family: "lifeGain", amount: 3 }])
    expect(r.outcome.events.g2?.happened).toMatchObject([{ family: "lifeGain", amount: 2 }])
    expect(r.outcome.state.bob?.life).toBe(25)
  })

  /**
   * 1.9.1b: "If an event comprises an instruction to do nothing, the event does not occur. It
   * cannot be modified by replacement effects and does not trigger effects."
   */
  it("1.9.1b: a gain of 0 does not occur and is not made 1; damage and life loss are not gains", () => {
    const r = run(
      scenario(
        [plusOne],
        [ev("g0", "lifeGain", "bob", 0), ev("d", "damage", "bob", 2), ev("l", "lifeLoss", "bob", 2)]
      )
    )
    expect(r.outcome.events.g0?.happened).toEqual([])
    expect(r.outcome.events.g0?.occurrences["g0-bob"]).toMatchObject({ status: "zero", applied: [] })
    expect(r.outcome.events.d?.dealt).toEqual({ bob: 2 })
    expect(r.outcome.events.l?.happened).toMatchObject([{ amount: 2 }])
    expect(r.outcome.effects.gain?.uses).toBe(0)
    expect(r.outcome.state.bob?.life).toBe(16)
  })

  it("only its controller's gains by default; another player's gain is unchanged", () => {
    const r = run(scenario([plusOne], [ev("g", "lifeGain", "alice", 2)]))
    expect(r.outcome.state.alice?.life).toBe(22)
  })

  it("mutant: the same replacement on the damage family does not touch a gain", () => {
    const r = run(scenario([{ ...plusOne, family: "damage" }], [ev("g", "lifeGain", "bob", 2)]))
    expect(r.outcome.state.bob?.life).toBe(22)
  })

  it("refuses a family that isn't FaB's, damage types on a gain, and a missing amount", () => {
    expect(() => Effects.thatMuchPlus({ id: "x", controller: "bob", family: "heal", amount: 1 })).toThrow(
      /family/
    )
    expect(() =>
      Effects.thatMuchPlus({ id: "x", controller: "bob", family: "lifeGain", amount: 1, kinds: ["arcane"] })
    ).toThrow(/kinds|damage types/)
    expect(() => Effects.thatMuchPlus({ id: "x", controller: "bob", family: "lifeGain" })).toThrow(/amount/)
  })

  it("an unknown family in an event step is a located file error", () => {
    const c = () => compile(scenario([], [ev("g", "gainLfe", "bob", 2)]))
    expect(c).toThrow(/steps\[0\]/)
  })
})
