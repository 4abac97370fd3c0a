/**
 * Issue 17, point 2, for Берсерк: the events of every family the rules name go through the same
 * `event` step and the same resolver, replacement effects see them, and the outcome shows what
 * happened to each (family, subject, amount, status, replacedBy), so that an integrator's own
 * trigger system can fire on it ("when wounds are dealt", «При гибели»).
 *
 * The families 533–534 name: wounds («раны», 533.1), healing («излечиться») and opening
 * («открыться») in 534.1's Серк; closing is opening's other half. A creature's death («гибель»)
 * is not named in 533–534, but 534.1 lets a replacement await any «конкретного эффекта» and the
 * basic rules make it the effect wounds lead to («Существо погибает сразу же, как только число
 * ран на нём достигнет или превысит число его жизней»), so it is an event too, never a state
 * change written by the wounds. Each concept has a mutant showing its test can fail.
 */
import { Chooser, GameView, Policy, Ruleset as R, type Ruleset } from "@bulwark/core"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, Rules, ruleset } from "../src/index.js"
import { compile2, mismatches } from "./helpers.js"

const base = {
  format: 2,
  ruleset: "berserk",
  players: ["ap", "ip"],
  turn: "ap",
  objects: [
    { id: "fireball", controller: "ap", types: ["spell"], cost: 3 },
    { id: "orc", controller: "ap", types: ["creature"], cost: 2, strength: 2 },
    { id: "ogre", controller: "ap", types: ["creature"], cost: 5, strength: 4 },
    { id: "C", controller: "ip", types: ["creature"], cost: 3, life: 4 }
  ]
}

const doc = (rest: Record<string, unknown>) => ({ ...base, ...rest })

/** Runs a format-2 document with `rules` (default: Берсерк's); every "may" is used. */
const run = (d: Record<string, unknown>, rules: Policy.Rules = ruleset.rules): Ruleset.RunResult => {
  const c = compile2(d)
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return R.run(rules, c.success, Chooser.firstLegal)
}

/**
 * What a trigger system reads off the outcome: every event of `family` that happened, in
 * order, with its subject, source and amount — never a replaced or zero occurrence.
 */
const happenedOf = (o: Ruleset.Outcome, family: string) =>
  Object.values(o.events).flatMap((e) =>
    e.happened
      .filter((h) => h.family === family)
      .map((h) => ({ subject: h.subject, source: h.source, amount: h.amount }))
  )

const noSpells = {
  kind: "noWoundsFrom",
  id: "noSpells",
  controller: "ip",
  to: ["C"],
  from: { types: ["spell"] },
  label: "Не получает ран от заклинаний"
}

describe("534.3: a replaced effect is not inflicted (BSK-09)", () => {
  /**
   * 534.3: «Эффект, который был заменён эффектом замещения, не считается выполненным (нанесённым
   * на карту).» (An effect replaced by a replacement effect counts as not performed — not
   * inflicted on the card.) With 534.1.1 «Не получает ран от заклинаний»: a spell's 3 wounds are
   * replaced by nothing. The outcome reports no wounds dealt to C: the occurrence is `replaced`,
   * by nothing (`replacedBy: []`), at 0, and nothing happened — a reader of "wounds dealt" sees
   * nothing, and no prevention notice is given.
   */
  it("a spell's 3 wounds: nothing dealt, nothing happened, replaced by nothing", () => {
    const r = run(
      doc({
        effects: [noSpells],
        steps: [{ attack: { id: "spell", kind: "заклинание", strength: 3, from: "fireball", to: "C" } }]
      })
    )
    expect(happenedOf(r.outcome, "damage")).toEqual([])
    // stated directly: an `expect:` list [] also matches an absent field
    expect(r.outcome.events["spell"]?.occurrences["spell"]?.replacedBy).toEqual([])
    expect(
      mismatches(r, {
        events: {
          spell: {
            dealt: {},
            prevented: {},
            occurrences: {
              spell: { family: "damage", subject: "C", amount: 0, status: "replaced", replacedBy: [] }
            },
            happened: [],
            notifications: []
          }
        },
        state: { C: { wounds: 0 }, spell: { strength: 3, woundsDealt: 0 } }
      })
    ).toBe("")
  })

  /**
   * The corner: a replacement that replaces wounds *by wounds* (here «вместо этого» the same 3
   * wounds, to the same card) is still a replacement — the original is `replaced` — but what
   * replaced it was inflicted: the reader sees 3 wounds, from the replacing occurrence named in
   * `replacedBy`. So "not inflicted" is read off what happened, not off the status alone. This
   * is also the mutant of the test above: the same assertions fail.
   */
  it("mutant: replaced by wounds, the wounds are inflicted (the reader sees them)", () => {
    const r = run(
      doc({
        effects: [
          {
            kind: "instead",
            id: "same",
            controller: "ip",
            to: ["C"],
            from: { types: ["spell"] },
            of: "damage",
            do: [{ family: "damage" }]
          }
        ],
        steps: [{ attack: { id: "spell", kind: "заклинание", strength: 3, from: "fireball", to: "C" } }]
      })
    )
    const spell = r.outcome.events["spell"]
    expect(spell?.occurrences["spell"]?.status).toBe("replaced")
    expect(spell?.occurrences["spell"]?.replacedBy).toHaveLength(1)
    const by = spell?.occurrences["spell"]?.replacedBy[0] ?? ""
    expect(spell?.occurrences[by]).toMatchObject({
      family: "damage",
      subject: "C",
      status: "happened",
      amount: 3
    })
    expect(happenedOf(r.outcome, "damage")).toEqual([{ subject: "C", source: "fireball", amount: 3 }])
    expect(mismatches(r, { events: { spell: { dealt: {} } } })).not.toBe("")
  })

  /**
   * 534.3 for healing (534.1's Серк): the replaced heal is reported `replaced`, with
   * `replacedBy` naming the opening that happened instead; the opening is in the outcome with
   * its family, subject and status.
   */
  it("a replaced heal names what happened instead (replacedBy)", () => {
    const r = run(
      doc({
        objects: [...base.objects, { id: "serk", controller: "ap", cost: 4, wounds: 3, closed: true }],
        effects: [{ kind: "serk", id: "serkOpens", source: "serk" }],
        steps: [{ event: { id: "h1", family: "heal", occurrences: [{ id: "h1", to: "serk", amount: 2 }] } }]
      })
    )
    const h1 = r.outcome.events["h1"]
    const by = h1?.occurrences["h1"]?.replacedBy ?? []
    expect(h1?.occurrences["h1"]).toMatchObject({
      family: "heal",
      subject: "serk",
      status: "replaced",
      amount: 0
    })
    expect(by).toHaveLength(1)
    expect(h1?.occurrences[by[0] ?? ""]).toMatchObject({
      family: "open",
      subject: "serk",
      status: "happened"
    })
    expect(happenedOf(r.outcome, "heal")).toEqual([])
    expect(happenedOf(r.outcome, "open").map((o) => o.subject)).toEqual(["serk"])
    expect(r.outcome.state["serk"]).toMatchObject({ wounds: 3, closed: false })
  })
})

describe("534.2: a replacement created after a strike does not change it (BSK-09)", () => {
  /**
   * 534.2: «Эффекты замещения не влияют на уже выполненные игродействия.» (Replacement effects
   * do not affect game actions already performed.) A strike of 2 is executed; then «Не получает
   * ран от ударов» is created (an `addEffects` step after it). The earlier strike's outcome is
   * exactly what it is in the same file without the later effect; the next strike is replaced.
   */
  const steps = (withEffect: boolean) => [
    { attack: { id: "s1", kind: "удар", from: "orc", to: "C" } },
    ...(withEffect
      ? [
          {
            addEffects: [{ kind: "noWoundsFrom", id: "stone", controller: "ip", to: ["C"], kinds: ["удар"] }]
          }
        ]
      : []),
    { attack: { id: "s2", kind: "удар", from: "orc", to: "C" } }
  ]

  it("the earlier strike's outcome is the same as without the later replacement", () => {
    const later = run(doc({ steps: steps(true) }))
    const none = run(doc({ steps: steps(false) }))
    expect(later.outcome.events["s1"]).toEqual(none.outcome.events["s1"])
    expect(later.outcome.events["s1"]?.dealt).toEqual({ C: 2 })
    expect(later.outcome.events["s2"]?.occurrences["s2"]).toMatchObject({
      status: "replaced",
      replacedBy: []
    })
    expect(later.outcome.state["C"]?.["wounds"]).toBe(2)
    expect(none.outcome.state["C"]?.["wounds"]).toBe(4) // both strikes: 2 + 2
  })

  /** Mutant: the same effect created before the first strike changes it — the check can fail. */
  it("mutant: created before the strike, it changes the strike", () => {
    const [first, add, ...rest] = steps(true)
    const before = run(doc({ steps: [add, first, ...rest] }))
    const none = run(doc({ steps: steps(false) }))
    expect(before.outcome.events["s1"]).not.toEqual(none.outcome.events["s1"])
    expect(before.outcome.events["s1"]?.dealt).toEqual({})
  })
})

describe("death («гибель») is an event replacement effects see", () => {
  /**
   * Basic rules: «Существо погибает сразу же, как только число ран на нём достигнет или
   * превысит число его жизней.» (A creature dies as soon as the number of wounds on it reaches
   * or exceeds its life.) The ogre's strike of 4 on C (life 4): the wounds are dealt, then C's
   * death is an event of its own (a `die` occurrence, `results` of the wounds), from the ogre.
   */
  it("wounds that reach life make a die event, from the wounds' source", () => {
    const r = run(doc({ steps: [{ attack: { id: "a1", kind: "удар", from: "ogre", to: "C" } }] }))
    expect(happenedOf(r.outcome, "die")).toEqual([{ subject: "C", source: "ogre", amount: 1 }])
    expect(r.outcome.events["a1"]?.occurrences["a1:die"]).toMatchObject({
      family: "die",
      subject: "C",
      amount: 1,
      status: "happened",
      cause: "results",
      replacedBy: [],
      params: { wounds: 4, life: 4 }
    })
    expect(r.outcome.state["C"]).toMatchObject({ zone: "graveyard", wounds: 4 })
  })

  /** «достигнет или превысит» (reaches or exceeds): 3 of 4 is no death; 2 more (5 ≥ 4) is one. */
  it("below life: no death; reaching it over two strikes: one death", () => {
    const r = run(
      doc({
        objects: [
          ...base.objects.slice(0, 3),
          { id: "C", controller: "ip", types: ["creature"], life: 4, wounds: 1 }
        ],
        steps: [
          { attack: { id: "a1", kind: "удар", strength: 2, from: "orc", to: "C" } },
          { attack: { id: "a2", kind: "удар", strength: 2, from: "orc", to: "C" } },
          { attack: { id: "a3", kind: "удар", strength: 2, from: "orc", to: "C" } }
        ]
      })
    )
    expect(Object.keys(r.outcome.events["a1"]?.occurrences ?? {})).toEqual(["a1"])
    expect(happenedOf(r.outcome, "die")).toEqual([{ subject: "C", source: "orc", amount: 1 }])
    expect(r.outcome.events["a2"]?.occurrences["a2:die"]?.status).toBe("happened")
    // a card in the graveyard does not die again (its wounds can't be dealt there either way)
    expect(Object.keys(r.outcome.events["a3"]?.occurrences ?? {}).filter((k) => k.endsWith(":die"))).toEqual(
      []
    )
  })

  /** Two wound occurrences to one card in one event: one death, not two. */
  it("one death per card per event", () => {
    const r = run(
      doc({
        steps: [
          {
            event: {
              id: "e",
              occurrences: [
                { id: "w1", source: "orc", to: "C", amount: 2 },
                { id: "w2", source: "ogre", to: "C", amount: 3 }
              ]
            }
          }
        ]
      })
    )
    expect(happenedOf(r.outcome, "die")).toEqual([{ subject: "C", source: "orc", amount: 1 }])
  })

  /**
   * 534.1: «Эффект замещения ожидает применения конкретного эффекта и заменяет его …» (a
   * replacement awaits a specific effect and replaces it) — the death too: "if it would die,
   * instead nothing" keeps C on the battlefield with its wounds; the death is `replaced`, by
   * nothing, and did not happen (534.3), so a «При гибели» trigger reading the outcome does not
   * fire.
   */
  it("a replacement awaits the death: replaced, C stays, nothing died", () => {
    const r = run(
      doc({
        effects: [{ kind: "instead", id: "undying", controller: "ip", to: ["C"], of: "die", do: [] }],
        steps: [{ attack: { id: "a1", kind: "удар", from: "ogre", to: "C" } }]
      })
    )
    expect(happenedOf(r.outcome, "die")).toEqual([])
    expect(r.outcome.events["a1"]?.occurrences["a1:die"]).toMatchObject({
      status: "replaced",
      replacedBy: [],
      applied: ["undying"]
    })
    expect(r.outcome.events["a1"]?.dealt).toEqual({ C: 4 })
    expect(r.outcome.state["C"]).toMatchObject({ zone: "battlefield", wounds: 4 })
  })

  /**
   * Mutant (the old way: the wounds' commit moves the card to the graveyard itself, with no
   * results stage): the replacement never sees a death — C is in the graveyard although
   * "instead nothing" was there, and nothing in the outcome says C died. A step that writes the
   * state directly is not an event.
   */
  it("mutant: a death written by the wounds' commit is seen by no replacement and no reader", () => {
    const direct: Policy.Rules = {
      ...ruleset.rules,
      results: undefined,
      commit: (view, occ) => {
        const v = Policy.viewOf(Rules.commit(view, occ))
        const o = v.objects[occ.subject]
        const life = o?.props.life
        const wounds = o?.props.wounds
        return o !== undefined && typeof life === "number" && typeof wounds === "number" && wounds >= life
          ? GameView.setObject(v, { ...o, zone: "graveyard" })
          : v
      }
    }
    const r = run(
      doc({
        effects: [{ kind: "instead", id: "undying", controller: "ip", to: ["C"], of: "die", do: [] }],
        steps: [{ attack: { id: "a1", kind: "удар", from: "ogre", to: "C" } }]
      }),
      direct
    )
    expect(r.outcome.state["C"]?.["zone"]).toBe("graveyard")
    expect(r.outcome.events["a1"]?.occurrences["a1:die"]).toBeUndefined()
    expect(r.outcome.effects["undying"]?.uses).toBe(0)
  })

  /**
   * "If it would die, instead heal 2 wounds (once per turn)": the death is replaced by a heal
   * (`replacedBy` names it), C lives with 2 wounds; the next death that turn happens (the limit
   * is used), and is the second strike's.
   */
  it("a death replaced by a heal, once per turn; the next death happens", () => {
    const r = run(
      doc({
        effects: [
          {
            kind: "instead",
            id: "lastBreath",
            controller: "ip",
            to: ["C"],
            of: "die",
            do: [{ family: "heal", amount: 2 }],
            limit: { times: 1, per: "turn" }
          }
        ],
        steps: [
          { attack: { id: "a1", kind: "удар", from: "ogre", to: "C" } },
          { attack: { id: "a2", kind: "удар", strength: 2, from: "orc", to: "C" } }
        ]
      })
    )
    const d1 = r.outcome.events["a1"]?.occurrences["a1:die"]
    expect(d1).toMatchObject({ status: "replaced" })
    expect(r.outcome.events["a1"]?.occurrences[d1?.replacedBy[0] ?? ""]).toMatchObject({
      family: "heal",
      subject: "C",
      amount: 2,
      status: "happened"
    })
    expect(happenedOf(r.outcome, "die")).toEqual([{ subject: "C", source: "orc", amount: 1 }])
    expect(r.outcome.state["C"]).toMatchObject({ zone: "graveyard", wounds: 4 })
  })

  /**
   * 534.2 for deaths: «Эффекты замещения не влияют на уже выполненные игродействия.» — "instead
   * of dying, nothing" created after C died does not bring it back.
   */
  it("a death replacement created after the death changes nothing", () => {
    const r = run(
      doc({
        steps: [
          { attack: { id: "a1", kind: "удар", from: "ogre", to: "C" } },
          { addEffects: [{ kind: "instead", id: "undying", controller: "ip", to: ["C"], of: "die", do: [] }] }
        ]
      })
    )
    expect(r.outcome.state["C"]?.["zone"]).toBe("graveyard")
    expect(r.outcome.effects["undying"]?.uses).toBe(0)
  })

  /** The `event` step writes a death directly (family `die`), as any family; a card with no `life` never dies of wounds. */
  it("an event of family die; no life, no death", () => {
    const r = run(
      doc({
        objects: [...base.objects, { id: "hero", controller: "ip", types: ["creature"] }],
        steps: [
          { event: { id: "d", family: "die", occurrences: [{ id: "d", source: "fireball", to: "C" }] } },
          { attack: { id: "a1", kind: "удар", strength: 9, from: "ogre", to: "hero" } }
        ]
      })
    )
    expect(happenedOf(r.outcome, "die")).toEqual([{ subject: "C", source: "fireball", amount: 1 }])
    expect(r.outcome.state["C"]?.["zone"]).toBe("graveyard")
    expect(r.outcome.state["hero"]).toMatchObject({ zone: "battlefield", wounds: 9 })
  })
})

describe("closing and opening are events (534.1)", () => {
  /**
   * 534.1 «"[текст 1], вместо этого – [текст 2]"»: "if it would close, instead it opens" — the
   * close is replaced (`replacedBy` the opening), so the card stays open; the words of the
   * trace name both families.
   */
  it("a close replaced by an opening", () => {
    const r = run(
      doc({
        objects: [...base.objects, { id: "D", controller: "ip", types: ["creature"], closed: true }],
        effects: [
          {
            kind: "instead",
            id: "spring",
            controller: "ip",
            to: ["D"],
            of: "close",
            do: [{ family: "open" }]
          }
        ],
        steps: [{ event: { id: "c", family: "close", occurrences: [{ id: "c", to: "D" }] } }]
      })
    )
    const c = r.outcome.events["c"]?.occurrences["c"]
    expect(c).toMatchObject({ family: "close", status: "replaced" })
    expect(r.outcome.events["c"]?.occurrences[c?.replacedBy[0] ?? ""]).toMatchObject({ family: "open" })
    expect(r.outcome.state["D"]?.["closed"]).toBe(false)
    expect(Effects.close({ id: "x", subject: "D" }).family).toBe("close")
  })
})

describe("opening, closing and dying have no number", () => {
  /**
   * «открыться», «закрыться», «погибнуть» name no number: an `event` occurrence of one that
   * writes no `amount` happens once. (Before: the skeleton's default amount 0 made it `zero`, and
   * it silently did not happen — this test failed then.) A heal keeps its number: one of 0 heals
   * nothing.
   */
  it("an open, close or die without an amount happens; a heal of 0 does not", () => {
    const r = run(
      doc({
        objects: [...base.objects, { id: "D", controller: "ip", types: ["creature"], wounds: 1 }],
        steps: [
          { event: { id: "c", family: "close", occurrences: [{ id: "c", to: "D" }] } },
          { event: { id: "o", family: "open", occurrences: [{ id: "o", to: "D" }] } },
          { event: { id: "h", family: "heal", occurrences: [{ id: "h", to: "D" }] } },
          { event: { id: "d", family: "die", occurrences: [{ id: "d", to: "D" }] } }
        ]
      })
    )
    expect(["c", "o", "h", "d"].map((id) => r.outcome.events[id]?.occurrences[id]?.status)).toEqual([
      "happened",
      "happened",
      "zero",
      "happened"
    ])
    expect(r.outcome.state["D"]).toMatchObject({ closed: false, wounds: 1, zone: "graveyard" })
  })
})
