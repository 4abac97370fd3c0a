/**
 * Issue 17, point 2, for the state-based actions: "A destroy, a kill or a death is an event that
 * replacement effects see (a step that writes the state directly is not enough)." The
 * `stateBasedActions` step performs 704.5f, 704.5g, 704.5h and 704.5i as ONE event (CR 704.5:
 * "The state-based actions are as follows: …", all performed at the same check): 704.5g and
 * 704.5h as `destroy` occurrences (regeneration can replace them), 704.5f and 704.5i as
 * `zoneChange` occurrences to the graveyard (a creature or planeswalker that dies; regeneration
 * can't replace them, "exile it instead" can). And CR 614.8's regeneration removes an attacking
 * or blocking creature from combat. Each test quotes its rule; the mutants at the end show the
 * expectations fail against the behaviour before issue 17.
 */
import { Chooser, GameEvent, GameView, Ledger, type Policy, Ruleset } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Game, Rules } from "../src/index.js"
import { compile, creature, mismatches, run, spell } from "./helpers.js"

const players = ["ap", "nap"]
const sba = { stateBasedActions: true }
const SBA = "steps[0].stateBasedActions"

/** "Regenerate [the creature]": the next time it would be destroyed, instead regenerate (CR 614.8). */
const regen = (to: string) => ({
  kind: "instead",
  id: "regen",
  controller: "nap",
  family: "destroy",
  to,
  with: [{ family: "regenerate", subject: "subject" }],
  duration: "endOfTurn"
})
/** Rest in Peace: "If a card or token would be put into a graveyard from anywhere, exile it instead." */
const rip = { kind: "zoneInstead", id: "rip", controller: "ap", when: { to: "graveyard" }, into: "exile" }

/** The occurrences of the run's events with this family and subject. */
const occurrencesOf = (r: Ruleset.RunResult, family: string, subject: string) =>
  Object.entries(r.outcome.events).flatMap(([event, e]) =>
    Object.entries(e.occurrences)
      .filter(([, o]) => o.family === family && o.subject === subject)
      .map(([id, o]) => ({ event, id, ...o }))
  )
const one = (r: Ruleset.RunResult, family: string, subject: string) => {
  const xs = occurrencesOf(r, family, subject)
  expect(xs).toHaveLength(1)
  return xs[0]
}

/** Deathtouch damage: `n` damage from ap's deathtouch creature `dt` to `to`, event `e`. */
const touch = (to: string, n: number) => ({
  event: { id: "e", occurrences: [{ id: "d", source: "dt", to, amount: n }] }
})
const dt = creature("dt", "ap", { power: 1, toughness: 1, keywords: ["deathtouch"] })

describe("CR 704.5f: toughness 0 or less — put into the graveyard, as an event", () => {
  /**
   * CR 704.5f: "If a creature has toughness 0 or less, it’s put into its owner’s graveyard.
   * Regeneration can’t replace this event." Toughness exactly 0: a `zoneChange` of kind
   * `stateBased`, from the battlefield to the graveyard, happens in the state-based event; the
   * outcome shows it as a trigger system would read it.
   */
  it("toughness exactly 0: a zone change to the graveyard that happens, in the outcome", () => {
    const r = run({ players, objects: [creature("bear", "nap", { toughness: 0 })], steps: [sba] })
    const z = one(r, "zoneChange", "bear")
    expect(z).toMatchObject({
      event: SBA,
      id: `${SBA}:bear:toGraveyard`,
      amount: 1,
      status: "happened",
      kinds: [Game.STATE_BASED],
      params: { from: "battlefield", to: "graveyard" },
      replacedBy: [],
      applied: []
    })
    expect(one(r, "destroy", "bear")?.status).toBe("failed")
    expect(r.outcome.state["bear"]?.["zone"]).toBe("graveyard")
  })

  /** 704.5f's "0 or less": a 1/1 with two −1/−1 counters has toughness −1. */
  it("negative toughness (−1/−1 counters): to the graveyard", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { toughness: 1, counters: { "-1/-1": 2 } })],
      steps: [sba]
    })
    expect(one(r, "zoneChange", "bear")?.status).toBe("happened")
    expect(r.outcome.state["bear"]).toMatchObject({ zone: "graveyard", toughness: -1 })
  })

  /**
   * "Regeneration can’t replace this event": a regeneration shield on the creature stays unused
   * (it watches destructions, and 704.5f is not one), and the creature goes to the graveyard.
   */
  it("a regeneration shield present stays unused; the creature is put into the graveyard", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { toughness: 0 })],
      effects: [regen("bear")],
      steps: [sba]
    })
    expect(r.outcome.effects["regen"]).toMatchObject({ uses: 0 })
    expect(one(r, "zoneChange", "bear")).toMatchObject({ status: "happened", applied: [] })
    expect(r.outcome.state["bear"]).toMatchObject({ zone: "graveyard" })
    expect(r.outcome.state["bear"]?.["tapped"]).toBeUndefined()
  })

  /**
   * CR 614.1a ("instead" replacements) on 704.5f's zone change: Rest in Peace, "If a card or token
   * would be put into a graveyard from anywhere, exile it instead", sees the zone change and
   * sends the creature to exile.
   */
  it("exile instead (Rest in Peace) applies to it", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { toughness: 0 })],
      effects: [rip],
      steps: [sba]
    })
    expect(one(r, "zoneChange", "bear")).toMatchObject({
      status: "happened",
      applied: ["rip"],
      params: { from: "battlefield", to: "exile" }
    })
    expect(r.outcome.effects["rip"]).toMatchObject({ uses: 1 })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("exile")
  })

  /** "If this creature would die, exile it instead" (`when: { from: battlefield, to: graveyard }`): dying is that zone change. */
  it('"if it would die, exile it instead" applies to it', () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { toughness: 0 })],
      effects: [
        {
          kind: "zoneInstead",
          id: "die",
          controller: "nap",
          to: "bear",
          when: { from: "battlefield", to: "graveyard" },
          into: "exile"
        }
      ],
      steps: [sba]
    })
    expect(r.outcome.effects["die"]).toMatchObject({ uses: 1 })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("exile")
  })

  /** Toughness 1 is not "0 or less": the zone change fails (nothing to do), the creature stays. */
  it("toughness 1: the zone change fails, nothing happens", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { toughness: 1 })],
      effects: [rip],
      steps: [sba]
    })
    expect(one(r, "zoneChange", "bear")?.status).toBe("failed")
    expect(r.outcome.events[SBA]?.happened).toEqual([])
    expect(r.outcome.effects["rip"]).toMatchObject({ uses: 0 })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("battlefield")
  })
})

describe("CR 704.5i: a planeswalker with loyalty 0 — put into the graveyard, as an event", () => {
  const pw = (loyalty: number) => ({ id: "jace", controller: "nap", types: ["Planeswalker"], loyalty })

  /** CR 704.5i: "If a planeswalker has loyalty 0, it’s put into its owner’s graveyard." */
  it("loyalty 0: a zone change to the graveyard that happens", () => {
    const r = run({ players, objects: [pw(0)], steps: [sba] })
    expect(one(r, "zoneChange", "jace")).toMatchObject({
      event: SBA,
      status: "happened",
      kinds: [Game.STATE_BASED]
    })
    expect(occurrencesOf(r, "destroy", "jace")).toEqual([])
    expect(r.outcome.state["jace"]?.["zone"]).toBe("graveyard")
  })

  it("loyalty 0 with Rest in Peace: exiled", () => {
    const r = run({ players, objects: [pw(0)], effects: [rip], steps: [sba] })
    expect(r.outcome.state["jace"]?.["zone"]).toBe("exile")
  })

  /** 3 damage to a 3-loyalty planeswalker removes 3 loyalty counters (120.3c); then 704.5i. */
  it("damage removes its loyalty, then it is put into the graveyard", () => {
    const r = run({
      players,
      objects: [pw(3), spell("bolt", "ap")],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "bolt", to: "jace", amount: 3 }] } }, sba]
    })
    expect(occurrencesOf(r, "zoneChange", "jace").map((o) => [o.event, o.status])).toEqual([
      ["steps[1].stateBasedActions", "happened"]
    ])
    expect(r.outcome.state["jace"]).toMatchObject({ zone: "graveyard" })
  })

  it("loyalty 1: stays", () => {
    const r = run({ players, objects: [pw(1)], steps: [sba] })
    expect(one(r, "zoneChange", "jace")?.status).toBe("failed")
    expect(r.outcome.state["jace"]?.["zone"]).toBe("battlefield")
  })

  /** A creature planeswalker with lethal damage and loyalty 0: one zone change (704.5i), no destruction to regenerate. */
  it("a creature planeswalker with lethal damage and 0 loyalty: one zone change, not destroyed", () => {
    const r = run({
      players,
      objects: [
        {
          id: "gideon",
          controller: "nap",
          types: ["Creature", "Planeswalker"],
          toughness: 2,
          damage: 2,
          loyalty: 0
        }
      ],
      effects: [regen("gideon")],
      steps: [sba]
    })
    expect(one(r, "destroy", "gideon")?.status).toBe("failed")
    expect(one(r, "zoneChange", "gideon")?.status).toBe("happened")
    expect(r.outcome.effects["regen"]).toMatchObject({ uses: 0 })
    expect(r.outcome.state["gideon"]?.["zone"]).toBe("graveyard")
  })
})

describe("CR 704.5g with 614.1a and 701.8a: a death from lethal damage is a zone change replacements see", () => {
  /**
   * CR 704.5g: "If a creature has toughness greater than 0, it has damage marked on it, and the
   * total damage marked on it is greater than or equal to its toughness, that creature has been
   * dealt lethal damage and is destroyed. Regeneration can replace this event." CR 701.8a: "To
   * destroy a permanent, move it from the battlefield to its owner's graveyard." CR 614.1a:
   * "Effects that use the word "instead" are replacement effects." So Rest in Peace ("If a card
   * or token would be put into a graveyard from anywhere, exile it instead"), written once as a
   * zone change to the graveyard, exiles a creature destroyed for lethal damage. Before issue 29
   * it stayed unused and the bear went to the graveyard (only 704.5f's and 704.5i's zone changes
   * were seen).
   */
  it("lethal damage with Rest in Peace: destroyed, and exiled instead of put into the graveyard", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { damage: 2 })],
      effects: [rip],
      steps: [sba]
    })
    expect(one(r, "destroy", "bear")).toMatchObject({
      status: "happened",
      applied: ["rip:destroy"],
      params: { from: "battlefield", to: "exile" }
    })
    expect(r.outcome.effects["rip:destroy"]).toMatchObject({ uses: 1 })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("exile")
  })

  /** The same through the damage that marks it: 3 damage to a 2/2, then the check (704.5g). */
  it("dealt 3 by a spell, then the check: exiled", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap"), spell("bolt", "ap")],
      effects: [rip],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "bolt", to: "bear", amount: 3 }] } }, sba]
    })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("exile")
  })

  /** 704.5h's destruction (deathtouch) is the same zone change. */
  it("deathtouch damage with Rest in Peace: exiled", () => {
    const r = run({
      players,
      objects: [creature("big", "nap", { power: 5, toughness: 5 }), dt],
      effects: [rip],
      steps: [touch("big", 1), sba]
    })
    expect(r.outcome.state["big"]?.["zone"]).toBe("exile")
  })

  /** "If this creature would die, exile it instead" (`when: { from: battlefield, to: graveyard }`) sees the destruction too. */
  it('"if it would die, exile it instead" applies to a destruction for lethal damage', () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { damage: 2 })],
      effects: [
        {
          kind: "zoneInstead",
          id: "die",
          controller: "nap",
          to: "bear",
          when: { from: "battlefield", to: "graveyard" },
          into: "exile"
        }
      ],
      steps: [sba]
    })
    expect(r.outcome.effects["die:destroy"]).toMatchObject({ uses: 1 })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("exile")
  })

  /**
   * CR 616.1f: "Once the chosen effect has been applied, this process is repeated (taking into
   * account only replacement or prevention effects that would now be applicable) until there are
   * no more left to apply." Once Rest in Peace sent the destroyed creature to exile, "if it would
   * die, shuffle it into its owner's library instead" no longer applies.
   */
  it("616.1f: exile applied first, the shuffle no longer applies", () => {
    const r = run(
      {
        players,
        objects: [creature("bear", "nap", { damage: 2 })],
        effects: [
          rip,
          {
            kind: "zoneInstead",
            id: "shuffle",
            controller: "nap",
            to: "bear",
            when: { from: "battlefield", to: "graveyard" },
            into: "library"
          }
        ],
        steps: [sba]
      },
      { decisions: ["rip:destroy"] }
    )
    expect(r.outcome.decisions).toMatchObject([
      { kind: "ChooseEffect", chooser: "nap", answer: "rip:destroy" }
    ])
    expect(r.outcome.effects["shuffle:destroy"]).toMatchObject({ uses: 0 })
    expect(r.outcome.state["bear"]?.["zone"]).toBe("exile")
  })

  /** A zone change elsewhere ("If a card would be put into a hand") is not a destruction: one effect. */
  it("a zone-change effect a destruction can't satisfy is not made to watch destructions", () => {
    const c = compile({
      players,
      objects: [],
      effects: [{ kind: "zoneInstead", id: "h", controller: "ap", when: { to: "hand" }, into: "exile" }]
    })
    expect(c.ledger.effects.map((e) => e.id)).toEqual(["h"])
  })

  /** Mutant: the effect as before issue 29 (zone changes only) — the bear dealt lethal damage goes to the graveyard. */
  it("mutant: Rest in Peace on zone changes only leaves the destroyed bear in the graveyard", () => {
    const c = compile({
      players,
      objects: [creature("bear", "nap", { damage: 2 })],
      effects: [rip],
      steps: [sba]
    })
    const r = Ruleset.run(
      Rules.rules,
      { ...c, ledger: Ledger.remove(c.ledger, ["rip:destroy"]) },
      Chooser.firstLegal
    )
    expect(mismatches(r, { state: { bear: { zone: "exile" } } })).not.toBe("")
  })
})

describe("CR 704.5 at once: destructions and zone changes in one event", () => {
  /**
   * CR 704.5 lists the state-based actions that one check performs: a creature with lethal
   * damage (704.5g) and one with toughness 0 (704.5f) in the same check are in the SAME event,
   * so an effect sees both (Rest in Peace exiles both: the destroy's graveyard too is replaced by
   * `zoneInstead { family: destroy }`, the zone change by the plain one).
   */
  it("704.5g and 704.5f together: one event, both happen", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { damage: 2 }), creature("elf", "nap", { toughness: 0 })],
      steps: [sba]
    })
    const e = r.outcome.events[SBA]
    expect(e?.happened.map((h) => [h.family, h.subject])).toEqual([
      ["destroy", "bear"],
      ["zoneChange", "elf"]
    ])
    expect(r.outcome.state["bear"]?.["zone"]).toBe("graveyard")
    expect(r.outcome.state["elf"]?.["zone"]).toBe("graveyard")
  })

  /** Nothing to do: healthy permanents; every proposed occurrence fails, nothing happens, nothing changes. */
  it("nothing to do: every occurrence fails, the state is unchanged", () => {
    const r = run({
      players,
      objects: [
        creature("bear", "nap", { damage: 1 }),
        { id: "jace", controller: "nap", types: ["Planeswalker"], loyalty: 2 }
      ],
      effects: [rip, regen("bear")],
      steps: [sba]
    })
    const e = r.outcome.events[SBA]
    expect(Object.values(e?.occurrences ?? {}).map((o) => o.status)).toEqual(["failed", "failed", "failed"])
    expect(e?.happened).toEqual([])
    expect(r.outcome.effects["rip"]).toMatchObject({ uses: 0 })
    expect(r.outcome.effects["regen"]).toMatchObject({ uses: 0 })
    expect(r.outcome.state["bear"]).toMatchObject({ zone: "battlefield", damage: 1 })
    expect(r.outcome.state["jace"]).toMatchObject({ zone: "battlefield", loyalty: 2 })
  })

  /** 704.5a stays a state write (losing the game is not an event here): a player at 0 life loses, no event for it. */
  it("704.5a: a player at 0 life loses (a state write, not an occurrence)", () => {
    const r = run({ players: ["ap", { id: "nap", life: 0 }], objects: [], steps: [sba] })
    expect(r.outcome.state["nap"]).toMatchObject({ lost: true })
    expect(Object.keys(r.outcome.events)).toEqual([])
  })
})

describe("CR 704.5h: damage from a source with deathtouch destroys", () => {
  /**
   * CR 704.5h: "If a creature has toughness greater than 0, and it’s been dealt damage by a
   * source with deathtouch since the last time state-based actions were checked, that creature
   * is destroyed. Regeneration can replace this event." 1 damage to a 5/5: recorded on it
   * (`deathtouchDamage`), destroyed by the state-based event, the record cleared.
   */
  it("1 deathtouch damage to a 5/5: recorded, then destroyed by the state-based event", () => {
    const objects = [creature("big", "nap", { power: 5, toughness: 5 }), dt]
    const before = run({ players, objects, steps: [touch("big", 1)] })
    expect(before.outcome.state["big"]).toMatchObject({ damage: 1, [Game.DEATHTOUCH_DAMAGE]: true })
    const r = run({ players, objects, steps: [touch("big", 1), sba] })
    expect(one(r, "destroy", "big")).toMatchObject({
      event: "steps[1].stateBasedActions",
      status: "happened",
      kinds: [Game.STATE_BASED]
    })
    expect(r.outcome.state["big"]?.["zone"]).toBe("graveyard")
    expect(r.outcome.state["big"]?.[Game.DEATHTOUCH_DAMAGE]).toBeUndefined()
  })

  /**
   * "Regeneration can replace this event": the 5/5 regenerates, loses its damage, is tapped; the
   * record is cleared, so the next check (the regeneration over, at end of turn) leaves it alone.
   */
  it("deathtouch + regeneration: regenerated, and a later check does not destroy it again", () => {
    const r = run({
      players,
      objects: [creature("big", "nap", { power: 5, toughness: 5 }), dt],
      effects: [regen("big")],
      steps: [touch("big", 1), sba, { advance: "endOfTurn" }, sba]
    })
    const k = occurrencesOf(r, "destroy", "big")
    expect(k.map((o) => [o.event, o.status])).toEqual([
      ["steps[1].stateBasedActions", "replaced"],
      ["steps[3].stateBasedActions", "failed"]
    ])
    expect(k[0]?.applied).toEqual(["regen"])
    expect(r.outcome.state["big"]).toMatchObject({ zone: "battlefield", damage: 0, tapped: true })
    expect(r.outcome.state["big"]?.[Game.DEATHTOUCH_DAMAGE]).toBeUndefined()
  })

  /** Prevented deathtouch damage is not dealt (CR 615): no record, not destroyed. */
  it("prevented deathtouch damage: no record, not destroyed", () => {
    const r = run({
      players,
      objects: [creature("big", "nap", { power: 5, toughness: 5 }), dt],
      effects: [{ kind: "shield", id: "s", controller: "nap", to: "big", amount: 1 }],
      steps: [touch("big", 1), sba]
    })
    expect(one(r, "destroy", "big")?.status).toBe("failed")
    expect(r.outcome.state["big"]).toMatchObject({ zone: "battlefield", damage: 0 })
  })

  /** Deathtouch and infect: the damage's result is −1/−1 counters (120.3d), it was still dealt: 704.5h destroys the 3/3 (now 2/2). */
  it("deathtouch with infect: −1/−1 counters, still destroyed", () => {
    const r = run({
      players,
      objects: [
        creature("big", "nap", { power: 3, toughness: 3 }),
        creature("dt", "ap", { power: 1, toughness: 1, keywords: ["deathtouch", "infect"] })
      ],
      steps: [touch("big", 1), sba]
    })
    expect(one(r, "destroy", "big")?.status).toBe("happened")
    expect(r.outcome.state["big"]).toMatchObject({ zone: "graveyard", minus1Counters: 1 })
  })

  /** The record is "since the last time state-based actions were checked": damage after a check is a new record. */
  it("a check with no record in between: the earlier check cleared nothing it should keep", () => {
    const r = run({
      players,
      objects: [creature("big", "nap", { power: 5, toughness: 5 }), dt],
      steps: [sba, touch("big", 1), sba]
    })
    expect(occurrencesOf(r, "destroy", "big").map((o) => o.status)).toEqual(["failed", "happened"])
  })

  /** Toughness 0 and deathtouch damage: 704.5f's zone change, not 704.5h's destruction. */
  it("toughness 0 with deathtouch damage: put into the graveyard, not destroyed", () => {
    const r = run({
      players,
      objects: [creature("z", "nap", { toughness: 0, props: { [Game.DEATHTOUCH_DAMAGE]: true } })],
      effects: [regen("z")],
      steps: [sba]
    })
    expect(one(r, "destroy", "z")?.status).toBe("failed")
    expect(one(r, "zoneChange", "z")?.status).toBe("happened")
    expect(r.outcome.effects["regen"]).toMatchObject({ uses: 0 })
  })

  /** Damage from a source without deathtouch records nothing. */
  it("no deathtouch: no record", () => {
    const r = run({
      players,
      objects: [creature("big", "nap", { power: 5, toughness: 5 }), spell("bolt", "ap")],
      steps: [{ event: { id: "e", occurrences: [{ id: "d", source: "bolt", to: "big", amount: 1 }] } }]
    })
    expect(r.outcome.state["big"]?.[Game.DEATHTOUCH_DAMAGE]).toBeUndefined()
  })

  it("the sba query lists 704.5h", () => {
    const r = run({
      players,
      objects: [creature("big", "nap", { power: 5, toughness: 5 }), dt],
      steps: [touch("big", 1), { query: { name: "q", sba: true } }]
    })
    expect(r.outcome.queries["q"]).toEqual([{ object: "big", action: "destroyed", rule: "MTG CR 704.5h" }])
  })
})

describe("CR 614.8: regeneration removes an attacking or blocking creature from combat", () => {
  /**
   * CR 614.8: "“Regenerate [permanent]” means “The next time [permanent] would be destroyed this
   * turn, instead remove all damage marked on it and its controller taps it. If it’s an
   * attacking or blocking creature, remove it from combat.”"
   */
  it.each([
    ["attacking", { attacking: true }],
    ["blocking", { blocking: true }]
  ])("a %s creature that regenerates is removed from combat", (what, field) => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { damage: 2, ...field })],
      effects: [regen("bear")],
      steps: [sba]
    })
    expect(one(r, "destroy", "bear")?.status).toBe("replaced")
    expect(r.outcome.state["bear"]).toMatchObject({ zone: "battlefield", damage: 0, tapped: true })
    expect(r.outcome.state["bear"]?.[what]).toBe(false)
  })

  it("the board says it is in combat (the fields set the properties)", () => {
    const c = compile({
      players,
      objects: [creature("a", "ap", { attacking: true }), creature("b", "nap", { blocking: true })],
      steps: []
    })
    expect(c.view.objects["a"]?.props[Game.ATTACKING]).toBe(true)
    expect(c.view.objects["b"]?.props[Game.BLOCKING]).toBe(true)
  })

  it("a creature not destroyed stays in combat", () => {
    const r = run({
      players,
      objects: [creature("bear", "nap", { damage: 1, attacking: true })],
      effects: [regen("bear")],
      steps: [sba]
    })
    expect(r.outcome.state["bear"]).toMatchObject({ attacking: true, damage: 1 })
  })
})

describe("mutants: the behaviour before issue 17 fails these expectations", () => {
  const runRules = (rules: Policy.Rules, scenario: Readonly<Record<string, unknown>>) =>
    Ruleset.run(rules, compile(scenario), Chooser.firstLegal)

  /** Mutant: the step writes 704.5f directly (as before) — Rest in Peace never sees it. */
  it("a step that writes 704.5f into the state is not exiled", () => {
    const c = compile({
      players,
      objects: [creature("bear", "nap", { toughness: 0 })],
      effects: [rip],
      steps: [sba]
    })
    const steps = c.steps.map(
      (st): Ruleset.Step =>
        st._tag === "Update" && st.label.startsWith("state-based actions (")
          ? { ...st, apply: (v) => Game.performDamageActions(v, { destroy: false }) }
          : st
    )
    const r = Ruleset.run(Rules.rules, { ...c, steps }, Chooser.firstLegal)
    expect(mismatches(r, { state: { bear: { zone: "exile" } } })).not.toBe("")
  })

  /** Mutant: damage commits nothing (no deathtouch record) — 704.5h never destroys. */
  it("without the deathtouch record the 5/5 survives", () => {
    const mutant: Policy.Rules = {
      ...Rules.rules,
      commit: (v, o) => (o.family === Game.Family.damage ? v : Game.commit(v, o))
    }
    const r = runRules(mutant, {
      players,
      objects: [creature("big", "nap", { power: 5, toughness: 5 }), dt],
      steps: [touch("big", 1), sba]
    })
    expect(mismatches(r, { state: { big: { zone: "graveyard" } } })).not.toBe("")
  })

  /** Mutant: the records are never cleared — the later check destroys the regenerated creature. */
  it("without clearing the record a later check destroys it again", () => {
    const c = compile({
      players,
      objects: [creature("big", "nap", { power: 5, toughness: 5 }), dt],
      effects: [regen("big")],
      steps: [touch("big", 1), sba, { advance: "endOfTurn" }, sba]
    })
    const steps = c.steps.filter((st) => !(st._tag === "Update" && st.label.includes("records cleared")))
    const r = Ruleset.run(Rules.rules, { ...c, steps }, Chooser.firstLegal)
    expect(mismatches(r, { state: { big: { zone: "battlefield" } } })).not.toBe("")
  })

  /** Mutant: regeneration as before (damage removed, tapped) — the attacker stays in combat. */
  it("regeneration that does not remove from combat", () => {
    const mutant: Policy.Rules = {
      ...Rules.rules,
      commit: (v, o) =>
        o.family === Game.Family.regenerate
          ? GameView.setObject(v, {
              ...(v.objects[o.subject] as GameView.GameObject),
              props: { ...v.objects[o.subject]?.props, damage: 0, tapped: true }
            })
          : Game.commit(v, o)
    }
    const r = runRules(mutant, {
      players,
      objects: [creature("bear", "nap", { damage: 2, attacking: true })],
      effects: [regen("bear")],
      steps: [sba]
    })
    expect(r.outcome.state["bear"]?.["attacking"]).toBe(true)
  })

  /** Mutant: `sbaFails` without its zone-change part — every creature and planeswalker goes to the graveyard. */
  it("without the 704.5f/i check every permanent is put into the graveyard", () => {
    const mutant: Policy.Rules = {
      ...Rules.rules,
      fails: (o, v) => (o.family === Game.Family.zoneChange ? undefined : Game.sbaFails(o, v))
    }
    const r = runRules(mutant, { players, objects: [creature("bear", "nap")], steps: [sba] })
    expect(mismatches(r, { state: { bear: { zone: "battlefield" } } })).not.toBe("")
  })
})

describe("Game.sbaFails on the zone change", () => {
  const view = GameView.make({
    players: ["a"],
    activePlayer: "a",
    objects: [
      { id: "a", kind: "player", props: { life: 20 } },
      { id: "z", kind: "object", zone: "graveyard", props: { types: ["Creature"], toughness: 0 } }
    ]
  })
  const zc = (subject: string, kinds: ReadonlyArray<string> = [Game.STATE_BASED]) =>
    GameEvent.occurrence({ id: "x", family: "zoneChange", subject, kinds, params: { to: "graveyard" } })

  it("off the battlefield or a player: fails, citing 704.5f and 704.5i", () => {
    expect(Game.sbaFails(zc("z"), view)?.rule).toBe("MTG CR 704.5f, 704.5i")
    expect(Game.sbaFails(zc("a"), view)?.reason).toBe("a is not on the battlefield")
  })

  it("a zone change that is not state-based is left to the resolution", () => {
    expect(Game.sbaFails(zc("z", []), view)).toBeUndefined()
  })
})
