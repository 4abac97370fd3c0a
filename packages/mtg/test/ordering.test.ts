/** CR 614 and 616: replacement effects and how they are ordered, each test quoting its rule. */
import { describe, expect, it } from "@effect/vitest"
import { creature, fromFormat1, run as run2, spell } from "./helpers.js"

// the data below are format 1, migrated (see `fromFormat1`)
const run = (s: Readonly<Record<string, unknown>>, o?: Parameters<typeof run2>[1]) => run2(fromFormat1(s), o)

const players = ["ap", "nap"]

/** A raw effect of one 616.1b–d category: as an object would enter the battlefield, set `params`. */
const asItEnters = (
  id: string,
  label: string,
  controller: string,
  category: string,
  params: Readonly<Record<string, string>>
) => ({
  kind: "raw",
  effect: {
    id,
    label,
    controller,
    category,
    watch: { family: "zoneChange", params: { to: "battlefield" } },
    action: { _tag: "SetParams", params }
  }
})

describe("CR 616 ordering", () => {
  /**
   * CR 616.1: "… the affected object's controller (or its owner if it has no controller) or the
   * affected player chooses one to apply …" — a card in a graveyard has no controller: its owner
   * chooses.
   */
  it("616.1: the owner of an uncontrolled object chooses", () => {
    const r = run(
      {
        players,
        objects: [{ id: "card", owner: "nap", zone: "graveyard", types: ["Creature"] }],
        effects: [
          { kind: "zoneInstead", id: "toExile", controller: "ap", when: { to: "hand" }, to: "exile" },
          { kind: "zoneInstead", id: "toLibrary", controller: "ap", when: { to: "hand" }, to: "library" }
        ],
        steps: [
          {
            event: {
              id: "e",
              occurrences: [
                { id: "z", family: "zoneChange", subject: "card", params: { from: "graveyard", to: "hand" } }
              ]
            }
          }
        ]
      },
      { decisions: ["toLibrary"] }
    )
    expect(r.outcome.decisions).toMatchObject([{ kind: "ChooseEffect", chooser: "nap", answer: "toLibrary" }])
    expect(r.outcome.state["card"]?.["zone"]).toBe("library")
  })

  /**
   * CR 616.1a: "If any of the replacement and/or prevention effects are self-replacement effects
   * (see rule 614.15), one of them must be chosen." CR 614.15: "… self-replacement effects are
   * applied before other replacement effects."
   */
  it("616.1a: a self-replacement effect applies first, without a choice", () => {
    const r = run({
      players,
      objects: [creature("Z", "nap", { toughness: 9 }), spell("s", "ap")],
      effects: [
        { kind: "double", id: "double", controller: "ap" },
        {
          kind: "modify",
          id: "self",
          controller: "ap",
          op: "add",
          value: 1,
          category: "self-replacement",
          from: "s"
        }
      ],
      steps: [{ event: { id: "e", damage: [{ id: "d", source: "s", to: "Z", amount: 2 }] } }]
    })
    expect(r.outcome.decisions).toEqual([])
    // (2 + 1) × 2 = 6, not 2 × 2 + 1 = 5
    expect(r.outcome.events["e"]?.occurrences["d"]).toMatchObject({ amount: 6, applied: ["self", "double"] })
  })

  /**
   * CR 616.1b: "If any of the replacement and/or prevention effects would modify under whose
   * control an object would enter the battlefield, one of them must be chosen." CR 616.1c: "If
   * any … would cause an object to become a copy of another object as it enters the
   * battlefield, one of them must be chosen." CR 616.1d: "If any of the replacement and/or
   * prevention effects would cause a card to enter the battlefield with its back face up, one of
   * them must be chosen … If not, proceed to 616.1e." CR 616.1e: "Any of the applicable
   * replacement and/or prevention effects may be chosen."
   */
  it("616.1b–d: control-on-entering, then copy-on-entering, then back face up, then the others", () => {
    const r = run({
      players,
      objects: [{ id: "card", owner: "nap", zone: "hand", types: ["Creature"] }],
      effects: [
        { kind: "zoneInstead", id: "any", controller: "nap", when: { to: "battlefield" }, to: "battlefield" },
        asItEnters("copy", "enters as a copy", "nap", "copy-on-entering", { copyOf: "essence" }),
        asItEnters("backFace", "enters transformed", "nap", "back-face-up", { face: "back" }),
        asItEnters("control", "enters under your control", "ap", "control-on-entering", { controller: "ap" })
      ],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "z", family: "zoneChange", subject: "card", params: { from: "hand", to: "battlefield" } }
            ]
          }
        }
      ]
    })
    expect(r.outcome.decisions).toEqual([])
    expect(r.outcome.events["e"]?.occurrences["z"]?.applied).toEqual(["control", "copy", "backFace", "any"])
  })

  /**
   * CR 616.1f: "Once the chosen effect has been applied, this process is repeated (taking into
   * account only replacement or prevention effects that would now be applicable) until there are
   * no more left to apply." After exile replaces the graveyard, "would die" no longer applies.
   */
  it("616.1f: after one applies, the other is no longer applicable", () => {
    const r = run(
      {
        players,
        objects: [creature("c", "nap")],
        effects: [
          { kind: "zoneInstead", id: "exile", controller: "ap", when: { to: "graveyard" }, to: "exile" },
          {
            kind: "zoneInstead",
            id: "shuffle",
            controller: "nap",
            subject: "c",
            when: { from: "battlefield", to: "graveyard" },
            to: "library"
          }
        ],
        steps: [{ event: { id: "e", destroy: ["c"] } }]
      },
      { decisions: ["exile"] }
    )
    expect(r.outcome.decisions.length).toBe(1)
    expect(r.outcome.state["c"]?.["zone"]).toBe("exile")
    expect(r.outcome.effects["shuffle"]?.uses).toBe(0)
  })

  /**
   * CR 616.2: "A replacement or prevention effect can become applicable to an event as the
   * result of another replacement or prevention effect that modifies the event."
   */
  it("616.2: draw → return becomes applicable after life gain → draw", () => {
    const r = run({
      players,
      objects: [{ id: "gy", owner: "ap", zone: "graveyard" }],
      effects: [
        {
          kind: "instead",
          id: "gainToDraw",
          controller: "ap",
          family: "lifeGain",
          to: "ap",
          with: [{ family: "draw", subject: "subject", amount: { _tag: "Amount" } }]
        },
        {
          kind: "instead",
          id: "drawToReturn",
          controller: "ap",
          family: "draw",
          to: "ap",
          with: [{ family: "zoneChange", subject: { id: "gy" }, params: { from: "graveyard", to: "hand" } }]
        }
      ],
      steps: [
        { event: { id: "e", occurrences: [{ id: "g", family: "lifeGain", subject: "ap", amount: 1 }] } }
      ]
    })
    expect(r.outcome.state["gy"]?.["zone"]).toBe("hand")
    expect(r.outcome.state["ap"]?.["life"]).toBe(20)
  })

  /**
   * CR 616.1: "If two or more players have to make these choices at the same time, choices are
   * made in APNAP order (see rule 101.4)." The event lists NAP's creature first; AP still
   * chooses first.
   */
  it("616.1 / 101.4: APNAP order between players", () => {
    const r = run(
      {
        players,
        objects: [
          creature("napC", "nap", { toughness: 9 }),
          creature("apC", "ap", { toughness: 9 }),
          spell("s", "nap")
        ],
        effects: [
          { kind: "shield", id: "apShield", controller: "ap", to: "apC", amount: 1 },
          { kind: "shield", id: "napShield", controller: "nap", to: "napC", amount: 1 },
          { kind: "double", id: "double", controller: "ap" }
        ],
        steps: [
          {
            event: {
              id: "e",
              damage: [
                { id: "n", source: "s", to: "napC", amount: 2 },
                { id: "a", source: "s", to: "apC", amount: 2 }
              ]
            }
          }
        ]
      },
      { decisions: ["apShield", "double"] }
    )
    expect(r.outcome.decisions.map((d) => d.chooser)).toEqual(["ap", "nap"])
    expect(r.outcome.events["e"]?.dealt).toEqual({ apC: 2, napC: 3 })
  })

  /**
   * CR 614.5: "A replacement effect doesn't invoke itself repeatedly; it gets only one
   * opportunity to affect an event or any modified events that may replace that event."
   * Example: two doublers make 2 damage 8, "not just 4, and not an infinite amount".
   */
  it("614.5: two doublers: 2 → 8", () => {
    const r = run({
      players,
      objects: [creature("c", "ap"), creature("Z", "nap", { toughness: 20 })],
      effects: [
        { kind: "double", id: "d1", controller: "ap", from: { controlledBy: "you", types: ["Creature"] } },
        { kind: "double", id: "d2", controller: "ap", from: { controlledBy: "you", types: ["Creature"] } }
      ],
      steps: [{ event: { id: "e", damage: [{ id: "d", source: "c", to: "Z", amount: 2 }] } }]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ Z: 8 })
  })
})

describe("CR 614 replacement", () => {
  /** CR 614.1a: "Effects that use the word "instead" are replacement effects." (+N modifier) */
  it("614.1a: 'that much damage plus 2 instead'", () => {
    const r = run({
      players,
      objects: [creature("c", "ap")],
      effects: [
        { kind: "modify", id: "plus2", controller: "ap", op: "add", value: 2, from: { controlledBy: "you" } }
      ],
      steps: [{ event: { id: "e", damage: [{ id: "d", source: "c", to: "nap", amount: 3 }] } }]
    })
    expect(r.outcome.state["nap"]?.["life"]).toBe(15)
  })

  /**
   * CR 614.9: "Some effects replace damage dealt to one … creature, planeswalker, or player with
   * the same damage dealt to another …; such effects are called redirection effects." Not
   * prevention: unpreventable damage is redirected all the same.
   */
  it("614.9: redirection moves unpreventable damage", () => {
    const r = run({
      players,
      objects: [creature("guard", "nap", { toughness: 9 }), spell("s", "ap")],
      effects: [{ kind: "redirect", id: "r", controller: "nap", to: "nap", redirectTo: "guard" }],
      steps: [
        { event: { id: "e", damage: [{ id: "d", source: "s", to: "nap", amount: 3, unpreventable: true }] } }
      ]
    })
    expect(r.outcome.events["e"]?.dealt).toEqual({ guard: 3 })
    expect(r.outcome.events["e"]?.prevented).toEqual({})
    expect(r.outcome.state["nap"]?.["life"]).toBe(20)
    expect(r.outcome.state["guard"]?.["damage"]).toBe(3)
  })

  /**
   * CR 614.16: "Some replacement effects apply "if an effect would create one or more tokens"
   * …". Doubling Season: "If an effect would create one or more tokens under your control, it
   * creates twice that many of those tokens instead." The tokens' entering is contained in their
   * creation (616.1g), so it can only be looked at once the creation is final: here, after the
   * doubling, two tokens exist.
   */
  it("614.16 / 616.1g: token creation doubled, the tokens enter afterwards", () => {
    const r = run({
      players,
      objects: [{ id: "season", controller: "ap", types: ["Enchantment"] }],
      effects: [
        {
          kind: "double",
          id: "doubling-season",
          controller: "ap",
          source: "season",
          family: "createToken",
          to: { player: true, controlledBy: "you" }
        }
      ],
      steps: [
        {
          event: {
            id: "e",
            occurrences: [
              { id: "t", family: "createToken", subject: "ap", amount: 1, params: { name: "Voice of All" } }
            ]
          }
        }
      ]
    })
    expect(r.outcome.state["t/token1"]).toMatchObject({
      zone: "battlefield",
      controller: "ap",
      name: "Voice of All"
    })
    expect(r.outcome.state["t/token2"]).toMatchObject({ zone: "battlefield", controller: "ap" })
    expect(r.outcome.state["t/token3"]).toBeUndefined()
  })

  /** CR 614.1a on zone changes: "If a card would be put into a graveyard from anywhere, instead exile it." */
  it("614.1a: dies → exile instead", () => {
    const r = run({
      players,
      objects: [creature("c", "nap")],
      effects: [{ kind: "zoneInstead", id: "rip", controller: "ap", when: { to: "graveyard" }, to: "exile" }],
      steps: [{ event: { id: "e", destroy: ["c"] } }]
    })
    expect(r.outcome.state["c"]).toMatchObject({ zone: "exile" })
    expect(r.outcome.state["c"]?.["controller"]).toBeUndefined()
  })
})
