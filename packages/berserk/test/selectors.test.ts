/**
 * Selectors in Берсерк's words (issue 28, point 4): `from:` takes the same selectors as `to:` —
 * ids, types, cost, controller, a number comparison, `any`, `not` — and objects have `name`,
 * `keywords` and free `props` like in every game.
 *
 * 534.1.1: «Эффекты вида "Не получает ран от [текст]" и "Получает раны только от [текст]", а также
 * "Получает на X ран больше/меньше от [текст]", являются также эффектами замены.» (Effects of the
 * form "Receives no wounds from [text]" and "Receives wounds only from [text]", and also "Receives
 * X more/fewer wounds from [text]", are replacement effects too.) The "[текст]" is a selector.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { compile2, runDoc } from "./helpers.js"

const doc = (
  effects: ReadonlyArray<Record<string, unknown>>,
  steps: ReadonlyArray<Record<string, unknown>>
) => ({
  format: 2,
  players: ["ap", "ip"],
  turn: "ap",
  objects: [
    { id: "giant", controller: "ap", types: ["creature"], name: "Горный великан", cost: 6, strength: 6 },
    { id: "orc", controller: "ap", types: ["creature"], name: "Орк-воин", cost: 2, strength: 5 },
    { id: "guard", controller: "ip", types: ["creature"], name: "Страж", cost: 3, life: 10 }
  ],
  effects,
  steps
})

const strike = (id: string, from: string, strength?: number) => ({
  attack: { id, kind: "удар", from, to: "guard", ...(strength === undefined ? {} : { strength }) }
})

describe("Берсерк: from: takes the selectors to: takes", () => {
  it('"receives no wounds from creatures with strike 6 or more": from: { types: [creature], strength: { min: 6 } }', () => {
    const r = runDoc(
      doc(
        [
          {
            kind: "noWoundsFrom",
            id: "wall",
            controller: "ip",
            to: ["guard"],
            from: { types: ["creature"], strength: { min: 6 } }
          }
        ],
        [strike("a1", "giant"), strike("a2", "orc")]
      )
    )
    // the giant's strike of 6 inflicts nothing; the orc's 5 inflicts 5
    expect(r.outcome.state.guard?.wounds).toBe(5)
  })

  it("the mutant: the same selector written as equality (strength: 6) misses a strike-7 creature", () => {
    const titan = (from: Record<string, unknown>) => {
      const d = doc(
        [{ kind: "noWoundsFrom", id: "wall", controller: "ip", to: ["guard"], from }],
        [strike("a1", "titan")]
      )
      return runDoc({
        ...d,
        objects: [...d.objects, { id: "titan", controller: "ap", types: ["creature"], cost: 7, strength: 7 }]
      }).outcome.state.guard?.wounds
    }
    expect(titan({ strength: { min: 6 } })).toBe(0)
    expect(titan({ strength: 6 })).toBe(7)
    expect(titan({ strength: { max: 6 } })).toBe(7)
  })

  it('"wounds only from opponents\' creatures": from: { controller: opponent }, with not', () => {
    const r = runDoc(
      doc(
        [
          {
            kind: "fewerWounds",
            id: "less",
            controller: "ip",
            to: ["guard"],
            amount: 2,
            from: { controller: "opponent", not: { name: { contains: "Орк" } } }
          }
        ],
        [strike("a1", "giant"), strike("a2", "orc")]
      )
    )
    // the giant (ap's, not an orc): 6 − 2 = 4; the orc: 5 as it is
    expect(r.outcome.state.guard?.wounds).toBe(9)
  })

  it("a strength modifier's from: takes the same selectors (name contains)", () => {
    const r = runDoc(
      doc(
        [{ kind: "strengthModifier", id: "rage", value: 1, from: { name: { contains: "великан" } } }],
        [strike("a1", "giant"), strike("a2", "orc")]
      )
    )
    expect(r.outcome.state.guard?.wounds).toBe(7 + 5)
  })
})

describe("Берсерк: name, keywords and free props are the skeleton's", () => {
  it("a free property under props: is tested by a selector's props:", () => {
    const d = doc(
      [{ kind: "noWoundsFrom", id: "w", controller: "ip", to: ["guard"], from: { props: { elite: true } } }],
      [strike("a1", "giant"), strike("a2", "orc")]
    )
    const r = runDoc({
      ...d,
      objects: d.objects.map((o) => (o.id === "giant" ? { ...o, props: { elite: true } } : o))
    })
    expect(r.outcome.state.guard?.wounds).toBe(5)
  })

  it("a known property under props: or a misspelt one is a located error", () => {
    const d = doc([], [])
    const known = compile2({ ...d, objects: [{ id: "x", controller: "ap", props: { cost: 3 } }] })
    expect(Result.isFailure(known) && known.failure.message).toMatch(
      /objects\[0\]\.props\.cost: "cost" is a property of its own/
    )
    const typo = compile2({ ...d, objects: [{ id: "x", controller: "ap", cots: 3 }] })
    expect(Result.isFailure(typo) && typo.failure.message).toMatch(/objects\[0\]/)
  })

  it("a malformed comparison is refused at its key (no silent drop)", () => {
    const bad = compile2(
      doc([{ kind: "noWoundsFrom", id: "w", controller: "ip", from: { strength: { above: 6 } } }], [])
    )
    expect(Result.isFailure(bad) && bad.failure.message).toMatch(/effects\[0\].*from.*strength/)
  })
})

// 533.1 (seed 003): an effect that prevents wounds «от [текст]» names its sources by a selector;
// a card's «тип» is one (существо, артефакт, …): `types: [creature]` matches a card whose `type`
// is `creature`, in `if:` as in `to:` and `from:`.
describe("Берсерк: a generic if: reads types: [t] as the card's one type", () => {
  const generic = (cond: Record<string, unknown>) => ({
    format: 3,
    ruleset: "berserk",
    players: ["ap", "ip"],
    turn: "ap",
    objects: [
      { id: "orc", controller: "ap", types: ["creature"], cost: 2, strength: 5 },
      { id: "relic", controller: "ap", types: ["artifact"], cost: 1 },
      { id: "guard", controller: "ip", types: ["creature"], cost: 3, life: 10 }
    ],
    effects: [{ kind: "prevent", id: "p", controller: "ip", to: ["guard"], amount: "all", if: cond }],
    steps: [
      { attack: { id: "a1", kind: "удар", from: "orc", to: "guard" } },
      { event: { id: "e2", occurrences: [{ source: "relic", to: "guard", amount: 4 }] } }
    ]
  })
  it("if: { source: { types: [creature] } }: the orc's 5 are prevented, the artifact's 4 are not", () =>
    expect(runDoc(generic({ source: { types: ["creature"] } })).outcome.state.guard?.wounds).toBe(4))
  it("if: { source: { not: { types: [creature] } } }: the other way round", () =>
    expect(runDoc(generic({ source: { not: { types: ["creature"] } } })).outcome.state.guard?.wounds).toBe(5))
  it("two types at once never match a card: refused, naming if:", () => {
    const r = compile2(generic({ source: { types: ["creature", "artifact"] } }))
    expect(Result.isFailure(r)).toBe(true)
  })
})

describe("Берсерк: an amount's count: reads types as to: and from: do", () => {
  /**
   * 534.2: «Эффект замещения может быть применён только в момент выполнения особенности (после
   * наложения всех модификаторов и проверки защит).» — X of «Получает на X ран меньше от ударов»
   * counted at the strike; `count: { types: [creature] }` counts the creatures (a card's one
   * `type`), not the artifact beside them (BSK-10 wrote it as a core `_tag` filter before).
   */
  it("X = the creatures of its controller: 2 creatures and an artifact, a strike of 5 → 3 wounds", () => {
    const d = doc(
      [
        {
          kind: "fewerWounds",
          id: "lessX",
          controller: "ip",
          to: ["guard"],
          kinds: ["strike"],
          amount: { count: { controller: "you", types: ["creature"] } }
        }
      ],
      [strike("a1", "orc")]
    )
    const r = runDoc({
      ...d,
      objects: [
        ...d.objects,
        { id: "wall", controller: "ip", types: ["creature"], cost: 1 },
        { id: "banner", controller: "ip", types: ["artifact"], cost: 1 }
      ]
    })
    expect(r.outcome.state.guard?.wounds).toBe(3)
  })

  it("two types in one count: is refused at the effect's amount (a card has one type), not at if:", () => {
    const r = compile2(
      doc(
        [
          {
            kind: "fewerWounds",
            id: "lessX",
            controller: "ip",
            to: ["guard"],
            amount: { count: { types: ["creature", "artifact"] } }
          }
        ],
        [strike("a1", "orc")]
      )
    )
    const message = Result.isFailure(r) ? r.failure.message : "(compiled)"
    expect(message).toContain("a card has one type")
    expect(message).toContain("amount")
    expect(message).not.toMatch(/\bif\b/)
  })
})
