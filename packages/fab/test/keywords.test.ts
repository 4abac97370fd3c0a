/**
 * FaB CR 8.3 keywords, 8.5.47 Amp, 8.2.8f (allies) and 7.5.5b (hits), Comprehensive Rules,
 * February 2026 copy. Each test quotes the rule it checks.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effects } from "../src/index.js"
import { base, damage, oneEvent, run, toBob } from "./helpers.js"

const arcane = (amount: number) => toBob(amount, { kinds: ["arcane"] })

describe("FaB keywords", () => {
  /** 8.3.20: Ward N means "If you would be dealt damage, destroy this to prevent N of that damage." */
  it("8.3.20 Ward 2: mandatory (no question), the helm is destroyed, 2 of 5 prevented", () => {
    const r = run(oneEvent([{ kind: "ward", id: "helm:ward", source: "helm", amount: 2 }], toBob(5)))
    expect(r.outcome.decisions).toEqual([])
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
    expect(r.outcome.state.helm?.zone).toBe("graveyard")
  })

  /**
   * 8.3.15: Spellvoid N means "If you would be dealt arcane damage, you may destroy this to
   * prevent N of that damage." 8.3.15a: "If the controlling player cannot destroy the object with
   * Spellvoid, they cannot apply the optional prevention effect."
   */
  it("8.3.15 Spellvoid 2: optional; declining keeps the helm; an indestructible helm is not even offered", () => {
    const used = run(
      oneEvent([{ kind: "spellvoid", id: "helm:spellvoid", source: "helm", amount: 2 }], arcane(3)),
      [true]
    )
    expect(used.outcome.decisions).toMatchObject([{ kind: "UseOptional", chooser: "bob" }])
    expect(used.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(used.outcome.state.helm?.zone).toBe("graveyard")
    const declined = run(
      oneEvent([{ kind: "spellvoid", id: "helm:spellvoid", source: "helm", amount: 2 }], arcane(3)),
      [false]
    )
    expect(declined.outcome.events.e1?.dealt).toEqual({ bob: 3 })
    expect(declined.outcome.state.helm?.zone).toBe("arena")
    const unbreakable = run({
      ...oneEvent([{ kind: "spellvoid", id: "helm:spellvoid", source: "helm", amount: 2 }], arcane(3)),
      objects: [
        ...base.objects.filter((o) => o.id !== "helm"),
        { id: "helm", controller: "bob", indestructible: true }
      ]
    })
    expect(unbreakable.outcome.decisions).toEqual([])
    expect(unbreakable.outcome.events.e1?.dealt).toEqual({ bob: 3 })
  })

  /** 8.3.15 / 8.5.3f: Spellvoid prevents arcane damage only. */
  it("8.3.15 Spellvoid ignores physical damage", () => {
    const r = run(
      oneEvent(
        [{ kind: "spellvoid", id: "helm:spellvoid", source: "helm", amount: 2 }],
        toBob(3, { kinds: ["physical"] })
      )
    )
    expect(r.outcome.decisions).toEqual([])
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 3 })
  })

  /**
   * 8.3.8: Arcane Barrier N means "If you would be dealt arcane damage, you may pay N{r} to
   * prevent N of that damage." A cost that can't be paid makes the option unavailable.
   */
  it("8.3.8 Arcane Barrier 2: paying spends 2 resources; with 1 resource it is not offered", () => {
    const paid = run(
      oneEvent([{ kind: "arcaneBarrier", id: "helm:arcaneBarrier", source: "helm", amount: 2 }], arcane(3)),
      [true]
    )
    expect(paid.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(paid.outcome.state.bob?.resources).toBe(1)
    const poor = run({
      ...oneEvent(
        [{ kind: "arcaneBarrier", id: "helm:arcaneBarrier", source: "helm", amount: 2 }],
        arcane(3)
      ),
      players: ["alice", { id: "bob", resources: 1 }]
    })
    expect(poor.outcome.decisions).toEqual([])
    expect(poor.outcome.events.e1?.dealt).toEqual({ bob: 3 })
    expect(poor.outcome.state.bob?.resources).toBe(1)
  })

  /**
   * 8.3.19: Quell N means "If you would be dealt damage, you may pay N{r} to prevent N of that
   * damage. If you do, destroy this at the beginning of the end phase."
   */
  it("8.3.19 Quell 1: pay 1, prevent 1; the helm is destroyed at the beginning of the end phase", () => {
    const r = run(
      {
        ...base,
        effects: [{ kind: "quell", id: "helm:quell", source: "helm", amount: 1 }],
        steps: [damage("e1", "S", "bob", 2), { beginEndPhase: true }]
      },
      [true]
    )
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.state.bob?.resources).toBe(2)
    expect(r.outcome.state.helm?.zone).toBe("graveyard")
    const declined = run(
      {
        ...base,
        effects: [{ kind: "quell", id: "helm:quell", source: "helm", amount: 1 }],
        steps: [damage("e1", "S", "bob", 2), { beginEndPhase: true }]
      },
      [false]
    )
    expect(declined.outcome.state.helm?.zone).toBe("arena")
  })

  /**
   * 8.3.37: Arcane Shelter N means "If you would be dealt arcane damage, destroy this to prevent N
   * of that damage."
   */
  it("8.3.37 Arcane Shelter 1: mandatory on arcane damage, not on physical", () => {
    const r = run({
      ...base,
      effects: [{ kind: "arcaneShelter", id: "helm:arcaneShelter", source: "helm", amount: 1 }],
      steps: [
        damage("e1", "S", "bob", 2, { kinds: ["physical"] }),
        damage("e2", "S", "bob", 2, { kinds: ["arcane"] })
      ]
    })
    expect(r.outcome.decisions).toEqual([])
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 2 })
    expect(r.outcome.events.e2?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.state.helm?.zone).toBe("graveyard")
  })

  /**
   * 8.5.47: "To amp N, the next time an event the player controls would deal arcane damage this
   * turn, instead it deals that much arcane damage plus N."
   */
  it("8.5.47 Amp 2: the next arcane damage alice's source deals gets +2, once; not physical, not bob's", () => {
    const r = run({
      ...base,
      objects: [...base.objects, { id: "B", controller: "bob", zone: "stack" }],
      effects: [{ kind: "amp", id: "amp", controller: "alice", amount: 2 }],
      steps: [
        damage("e1", "S", "bob", 1, { kinds: ["physical"] }),
        damage("e2", "B", "alice", 1, { kinds: ["arcane"] }),
        damage("e3", "S", "bob", 1, { kinds: ["arcane"] }),
        damage("e4", "S", "bob", 1, { kinds: ["arcane"] })
      ]
    })
    expect(r.outcome.events.e1?.dealt).toEqual({ bob: 1 })
    expect(r.outcome.events.e2?.dealt).toEqual({ alice: 1 })
    expect(r.outcome.events.e3?.dealt).toEqual({ bob: 3 })
    expect(r.outcome.events.e4?.dealt).toEqual({ bob: 1 })
  })

  /**
   * 1.8.1a: "The source of an effect is the same as the source of the ability or effect that
   * generated it, unless otherwise specified by the effect." Ward's "destroy this" and Arcane
   * Barrier's "pay N{r}" are effects of the helm's own ability: their source is the helm, not the
   * card that deals the damage.
   */
  it("1.8.1a: the destroy of Ward and the payment of Arcane Barrier come from the keyword's object", () => {
    const ward = run(oneEvent([{ kind: "ward", id: "helm:ward", source: "helm", amount: 1 }], toBob(3)))
    expect(ward.resolutions[0]?.happened[0]).toMatchObject({
      family: "destroy",
      subject: "helm",
      source: "helm"
    })
    const barrier = run(
      oneEvent([{ kind: "arcaneBarrier", id: "helm:arcaneBarrier", source: "helm", amount: 1 }], arcane(3)),
      [true]
    )
    expect(barrier.resolutions[0]?.happened[0]).toMatchObject({
      family: "pay",
      subject: "bob",
      source: "helm"
    })
  })

  it("keyword constructors never use `if (hasKeyword)`: they are plain core effects", () => {
    const w = Effects.ward({ id: "w", source: "helm", controller: "bob", amount: 1 })
    expect(w).toMatchObject({
      category: "prevention",
      action: { _tag: "Prevent", amount: 1, scope: "perEvent" },
      cost: { family: "destroy", subject: "self" },
      // 1.7.4: functional while its source is in the arena (Rules.zones: each zone of 3.1.1)
      requiresSourceInPlay: true
    })
  })
})

describe("FaB 8.2.8f and 7.5.5b", () => {
  /**
   * 8.2.8f: "If an ally is dealt damage, the controlling player and their hero are not considered
   * to have been dealt damage."
   */
  it("8.2.8f: 'prevent the next 2 damage to you' does not cover bob's ally; the ally loses its own life", () => {
    const r = run(
      oneEvent(
        [{ kind: "preventNext", id: "p", controller: "bob", amount: 2, to: "bob" }],
        damage("e1", "S", "ally", 3).event
      )
    )
    expect(r.outcome.events.e1?.dealt).toEqual({ ally: 3 })
    expect(r.outcome.state.ally?.life).toBe(1)
    expect(r.outcome.state.bob?.life).toBe(20)
    expect(r.outcome.effects.p?.remaining).toBe(2)
  })

  /**
   * 7.5.5b: "If the hit-event is modified by replacement effects such that no damage is dealt by
   * the active-attack to the attack-target, it is no longer a hit-event - the attack is not
   * considered to have hit when the event occurs."
   */
  it("7.5.5b: a hit prevented to 0 is not a hit; 1 damage through is", () => {
    const attack = (shield: number) =>
      run({
        ...base,
        objects: [
          ...base.objects,
          { id: "atk", controller: "alice", zone: "combatChain", types: ["attack"], power: 4 }
        ],
        effects: [{ kind: "preventNext", id: "p", controller: "bob", amount: shield }],
        steps: [{ attack: { id: "e1", attack: "atk", target: "bob" } }]
      })
    const blocked = attack(4)
    expect(blocked.outcome.events.e1?.happened).toEqual([])
    expect(blocked.outcome.state.atk?.hit).toBe(false)
    const through = attack(3)
    expect(through.outcome.events.e1?.happened.map((h) => h.family)).toEqual(["damage", "hit"])
    expect(through.outcome.state.atk?.hit).toBe(true)
  })

  /** 7.5.2: "If the power of the attack is greater than the sum total defense value [...]" */
  it("7.5.2: power not greater than defense deals nothing and is no hit", () => {
    const r = run({
      ...base,
      objects: [...base.objects, { id: "atk", controller: "alice", zone: "combatChain", power: 3 }],
      steps: [{ attack: { id: "e1", attack: "atk", target: "bob", defense: 3 } }]
    })
    expect(r.outcome.events.e1?.happened).toEqual([])
    expect(r.outcome.state.atk?.hit).toBe(false)
  })
})

/**
 * 8.3.19: Quell's "… If you do, destroy this at the beginning of the end phase." is a destroy
 * (8.5.4: "To destroy an object, put it into its owner's graveyard"), an event replacement effects
 * see — 8.3.21 Ephemeral: "If this would be put into a graveyard from anywhere, instead it ceases
 * to exist."
 */
describe("the beginning of the end phase destroys what Quell marked, as a destroy event", () => {
  const quellThen = (extra: ReadonlyArray<Record<string, unknown>>) => ({
    ...base,
    effects: [{ kind: "quell", id: "helm:quell", source: "helm", amount: 1 }, ...extra],
    steps: [damage("e1", "S", "bob", 2), { beginEndPhase: true }]
  })
  const END = "steps[1].beginEndPhase"

  it("the destroy is an event: the paid helm's occurrence happens, the others fail", () => {
    const r = run(quellThen([]), [true])
    const occ = r.outcome.events[END]?.occurrences ?? {}
    expect(occ[`${END}:helm`]).toMatchObject({ family: "destroy", status: "happened" })
    const others = Object.entries(occ).filter(([id]) => id !== `${END}:helm`)
    expect(others.length).toBeGreaterThan(0)
    for (const [, o] of others) expect(o.status).toBe("failed")
    expect(r.outcome.state.helm?.zone).toBe("graveyard")
  })

  it("Ephemeral replaces Quell's destroy: the helm ceases to exist", () => {
    const r = run(quellThen([{ kind: "ephemeral", id: "helm:ephemeral", source: "helm" }]), [true])
    expect(r.outcome.events[END]?.occurrences[`${END}:helm`]).toMatchObject({
      status: "replaced",
      applied: ["helm:ephemeral"]
    })
    expect(r.outcome.state.helm?.zone).toBe("removed")
  })

  it("Quell declined: nothing is destroyed", () => {
    const r = run(quellThen([]), [false])
    expect(r.outcome.events[END]?.occurrences[`${END}:helm`]?.status).toBe("failed")
    expect(r.outcome.state.helm?.zone).toBe("arena")
  })
})
