/**
 * Issue 28, point 7, for Берсерк: a strike and its retaliation («ответный удар») in one attack
 * step (`attack: { …, retaliation }`), dealt in the order this package reads the rules to give.
 *
 * What the rules text available says (no sentence of 533–534 orders a strike and its
 * retaliation; the notes and the stored corpora hold no «Сражение» section):
 *
 * - «Атакованная карта. Карта, по которой должна быть нанесена атака, становится атакованной
 *   после окончательного определения цели атаки на Этапе формирования заявки (шаг Разрешения
 *   целей), а также в случае, если по карте должен быть нанесён ответный удар. Карта перестаёт
 *   быть атакованной на Шаге завершения способности (этой атаки).» (proberserk.ru glossary,
 *   РП 4.1-2 от 09.11.2024.) The card a retaliation is to be dealt to is attacked within the
 *   same attack, until that attack's closing step: the retaliation belongs to the attack.
 * - 533.1: «Предотвращение … меняет только количественное значение ран, которое должна получить
 *   цель.» 533.3 orders the effects on the wounds «которое должна получить цель» — per target.
 * - 533.2: «Предотвращение используется всегда после наложения всех модификаторов атаки».
 * - Basic rules: «Существо погибает сразу же, как только число ран на нём достигнет или превысит
 *   число его жизней.»
 * - Card 10018 Килсус: «Не получает ран от ответных ударов.» — a retaliation is a kind of wounds
 *   a card can name.
 *
 * The reading (README, interpretation 15): the two blows are one event of two simultaneous
 * occurrences; each creature's effects apply to the wounds it is to receive; both creatures'
 * wounds are marked, then the deaths follow. Each law below has a mutant that was run (the
 * code broken by hand, this file and test/scenarios.test.ts run, the change reverted):
 *
 * - M1 the retaliation's blow not added to the event: 11 of the 40 tests fail;
 * - M2 two events in turn (the strike, then the retaliation): 8 fail;
 * - M9 the reading not taken — a creature the strike killed deals no retaliation (`Rules.commit`
 *   skips wounds from a retaliation whose source's wounds reached its life): 3 fail (both die,
 *   the grid law, BSK-X6);
 * - M3 the retaliation dealt from the attacker instead of the attacked creature: 5 fail;
 * - M4 no `retaliation` tag on it: 3 fail (Килсус, the tags, CARD-berserk-04); M7 no Russian
 *   «ответных ударов»: 2 (Килсус, CARD-berserk-04);
 * - M5 no strength modifiers on the retaliation: 2 fail;
 * - M6 no "answers a strike" check: 1 fails; M8 the Russian note without the reading: 1 fails.
 */
import { Chooser, Ruleset as R, type Ruleset, Trace } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Lang, ruleset } from "../src/index.js"
import { language, mismatches } from "./helpers.js"

const objects = [
  { id: "ogre", controller: "ap", types: ["creature"], cost: 5, strength: 4, life: 5 },
  { id: "guard", controller: "ip", types: ["creature"], cost: 3, strength: 2, life: 6 },
  { id: "kilsus", controller: "ap", types: ["creature"], name: "Килсус", cost: 4, strength: 2, life: 5 }
]

const doc = (rest: Record<string, unknown>) => ({ players: ["ap", "ip"], turn: "ap", objects, ...rest })

const compile = (d: Record<string, unknown>) => Skeleton.compileData(language, d)

const run = (d: Record<string, unknown>): Ruleset.RunResult => {
  const c = compile(d)
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return R.run(ruleset.rules, c.success, Chooser.firstLegal)
}

/** The message a document is refused with ("" when it compiles). */
const refusal = (d: Record<string, unknown>): string => {
  const c = compile(d)
  return Result.isFailure(c) ? c.failure.message : ""
}

/** Every combination of 0 … n−1 for each of the sizes. */
const grid = (sizes: ReadonlyArray<number>): ReadonlyArray<ReadonlyArray<number>> =>
  sizes.reduce<ReadonlyArray<ReadonlyArray<number>>>(
    (acc, n) => acc.flatMap((xs) => Array.from({ length: n }, (_, i) => [...xs, i])),
    [[]]
  )

const strike = (extra: Record<string, unknown> = {}) => ({
  attack: { id: "a1", kind: "удар", from: "ogre", to: "guard", retaliation: true, ...extra }
})

describe("one attack step: the strike and its retaliation", () => {
  /**
   * «…становится атакованной …, а также в случае, если по карте должен быть нанесён ответный
   * удар. Карта перестаёт быть атакованной на Шаге завершения способности (этой атаки).» The
   * retaliation belongs to the attack: one step states both. The ogre's strike of 4 at the
   * guard, the guard's retaliation of 2 (its strength) at the ogre: one event `a1`, two
   * occurrences — `a1` (ogre → guard) and `a1:retaliation` (guard → ogre) — each with its own
   * attack object holding its strength (533.1).
   */
  it("one event, two occurrences, two attack objects", () => {
    const r = run(doc({ steps: [strike()] }))
    expect(
      mismatches(r, {
        events: {
          a1: {
            dealt: { guard: 4, ogre: 2 },
            occurrences: {
              a1: { subject: "guard", source: "ogre", amount: 4, status: "happened" },
              "a1:retaliation": { subject: "ogre", source: "guard", amount: 2, status: "happened" }
            }
          }
        },
        state: {
          a1: { strength: 4, woundsDealt: 4, target: "guard", from: "ogre" },
          "a1:retaliation": {
            kind: "strike",
            strength: 2,
            woundsDealt: 2,
            target: "ogre",
            from: "guard",
            retaliates: "a1",
            controller: "ip"
          },
          guard: { wounds: 4 },
          ogre: { wounds: 2 }
        }
      })
    ).toBe("")
    expect(Object.keys(r.outcome.events)).toEqual(["a1"])
  })

  /** Without `retaliation` an attack is as before: one occurrence, the attacker unhurt. */
  it("no retaliation written: the attacker receives nothing", () => {
    const r = run(doc({ steps: [{ attack: { id: "a1", kind: "удар", from: "ogre", to: "guard" } }] }))
    expect(Object.keys(r.outcome.events["a1"]?.occurrences ?? {})).toEqual(["a1"])
    expect(mismatches(r, { state: { ogre: { wounds: 0 }, guard: { wounds: 4 } } })).toBe("")
  })

  /** `retaliation: { id, strength, tags }` names it, sets its strength and adds tags. */
  it("its id, strength and tags may be written", () => {
    const r = run(doc({ steps: [strike({ retaliation: { id: "back", strength: 3, tags: ["ядовитый"] } })] }))
    expect(
      mismatches(r, {
        events: { a1: { occurrences: { back: { subject: "ogre", amount: 3 } } } },
        state: {
          back: {
            strength: 3,
            baseStrength: 3,
            tags: ["strike", "melee", "nonmagical", "retaliation", "ядовитый"]
          }
        }
      })
    ).toBe("")
  })
})

describe("dealt at once: neither blow waits for the other (interpretation)", () => {
  /**
   * «Существо погибает сразу же, как только число ран на нём достигнет или превысит число его
   * жизней.» With the two blows one event, the wounds are marked together and the deaths follow
   * the event: the guard (life 4) killed by the ogre's strike of 4 still deals its retaliation of
   * 2; the ogre (life 2) dies of it too. Both deaths are events (`a1:die`,
   * `a1:retaliation:die`), each from the other creature.
   */
  it("a creature the strike kills still deals its retaliation; both die", () => {
    const o = [
      { id: "ogre", controller: "ap", types: ["creature"], cost: 5, strength: 4, life: 2 },
      { id: "guard", controller: "ip", types: ["creature"], cost: 3, strength: 2, life: 4 }
    ]
    const r = run({ ...doc({ steps: [strike()] }), objects: o })
    expect(
      mismatches(r, {
        events: {
          a1: {
            dealt: { guard: 4, ogre: 2 },
            occurrences: {
              "a1:die": { family: "die", subject: "guard", source: "ogre", status: "happened" },
              "a1:retaliation:die": { family: "die", subject: "ogre", source: "guard", status: "happened" }
            }
          }
        },
        state: { guard: { zone: "graveyard", wounds: 4 }, ogre: { zone: "graveyard", wounds: 2 } }
      })
    ).toBe("")
  })

  /**
   * 533.1 / 533.3: prevention changes the wounds «которое должна получить цель». A strike the
   * guard prevents entirely («предотвратить все раны от ударов», no amount) leaves its
   * retaliation as it was: the prevention is the guard's, for the wounds the guard is to receive.
   */
  it("a strike prevented to 0 leaves the retaliation as it was", () => {
    const r = run(
      doc({
        effects: [
          { kind: "prevent", id: "fog", controller: "ip", to: ["guard"], amount: "all", kinds: ["удар"] }
        ],
        steps: [strike()]
      })
    )
    expect(
      mismatches(r, {
        events: {
          a1: {
            occurrences: {
              a1: { amount: 0, prevented: 4, status: "zero", applied: ["fog"] },
              "a1:retaliation": { amount: 2, status: "happened", applied: [] }
            }
          }
        },
        state: { guard: { wounds: 0 }, ogre: { wounds: 2 } }
      })
    ).toBe("")
  })
  /**
   * The law over a grid (every strength 0–4 of the ogre, 0–3 of the guard, life 1–3 and 1–4,
   * the guard's shield 0–2): each creature receives what the other's blow alone would give it
   * on the same cards — the strike with the guard's shield, the retaliation as dealt — and dies
   * exactly when its wounds reach its life, whatever happens to the other.
   */
  it("law: each blow as if alone; a death never stops the other blow", () => {
    for (const g of grid([5, 4, 3, 4, 3])) {
      const [sa, sd, la, ld, sh] = g as readonly [number, number, number, number, number]
      const o = [
        { id: "ogre", controller: "ap", types: ["creature"], cost: 5, strength: sa, life: la + 1 },
        { id: "guard", controller: "ip", types: ["creature"], cost: 3, strength: sd, life: ld + 1 }
      ]
      const effects =
        sh === 0 ? [] : [{ kind: "prevent", id: "shield", controller: "ip", to: ["guard"], amount: sh }]
      const r = run({ ...doc({ effects, steps: [strike()] }), objects: o })
      const toGuard = Math.max(0, sa - sh)
      const expected = {
        state: {
          guard: { wounds: toGuard, zone: toGuard >= ld + 1 ? "graveyard" : "battlefield" },
          ogre: { wounds: sd, zone: sd >= la + 1 ? "graveyard" : "battlefield" }
        }
      }
      expect(mismatches(r, expected), JSON.stringify({ sa, sd, la, ld, sh })).toBe("")
    }
  })
})

describe("each blow with its target's effects (533.2, 533.3, 534)", () => {
  /**
   * 533.3: «Для каждой группы эффектов они применяются по очереди, при этом сначала эффекты
   * соответствующей группы применяет Неактивный игрок …, затем – Активный игрок» — for the wounds
   * a target is to receive. The guard's shield («Предотвратить следующие 3 раны») covers only
   * the guard's wounds; the ogre's «-1 от ударов» only the ogre's. A fog of the active player
   * with no `to` («предотвратить все раны от ударов в этот ход») reaches both blows.
   */
  it("a creature's prevention covers its own wounds only; an effect on every creature covers both", () => {
    const own = run(
      doc({
        effects: [
          { kind: "prevent", id: "shield", controller: "ip", to: ["guard"], amount: 3 },
          {
            kind: "prevent",
            id: "hide",
            controller: "ap",
            to: ["ogre"],
            amount: 1,
            scope: "each",
            kinds: ["удар"]
          }
        ],
        steps: [strike()]
      })
    )
    expect(
      mismatches(own, {
        events: {
          a1: {
            occurrences: {
              a1: { amount: 1, prevented: 3, applied: ["shield"] },
              "a1:retaliation": { amount: 1, prevented: 1, applied: ["hide"] }
            }
          }
        },
        effects: { shield: { remaining: 0 } }
      })
    ).toBe("")
    const fog = run(
      doc({
        effects: [
          {
            kind: "prevent",
            id: "fog",
            controller: "ap",
            amount: "all",
            kinds: ["удар"],
            duration: "endOfTurn"
          }
        ],
        steps: [strike()]
      })
    )
    expect(
      mismatches(fog, {
        events: {
          a1: {
            occurrences: {
              a1: { amount: 0, applied: ["fog"] },
              "a1:retaliation": { amount: 0, applied: ["fog"] }
            }
          }
        },
        state: { guard: { wounds: 0 }, ogre: { wounds: 0 } }
      })
    ).toBe("")
  })

  /**
   * 534.1.1: «Эффекты вида "Не получает ран от [текст]" … также являются эффектами замещения.»
   * Card 10018 Килсус: «Не получает ран от ответных ударов.» A retaliation is a strike with the
   * tag `retaliation` («ответных ударов»): Килсус's retaliation wounds are replaced by nothing
   * (534.3: not inflicted), while a strike that is no retaliation wounds it as usual.
   */
  it("Килсус: «Не получает ран от ответных ударов» — the retaliation's wounds replaced, a strike's not", () => {
    const r = run(
      doc({
        effects: [
          {
            kind: "noWoundsFrom",
            id: "kilsus",
            controller: "ap",
            source: "kilsus",
            to: ["kilsus"],
            kinds: ["ответных ударов"],
            label: "Не получает ран от ответных ударов."
          }
        ],
        steps: [
          { attack: { id: "a1", kind: "удар", from: "kilsus", to: "guard", retaliation: true } },
          { attack: { id: "a2", kind: "удар", from: "guard", to: "kilsus" } }
        ]
      })
    )
    expect(
      mismatches(r, {
        events: {
          a1: {
            occurrences: {
              a1: { amount: 2, status: "happened" },
              "a1:retaliation": { amount: 0, status: "replaced", replacedBy: [], applied: ["kilsus"] }
            }
          },
          a2: { occurrences: { a2: { amount: 2, status: "happened", applied: [] } } }
        },
        state: { kilsus: { wounds: 2 }, guard: { wounds: 2 } }
      })
    ).toBe("")
  })

  /**
   * 533.2: «Предотвращение используется всегда после наложения всех модификаторов атаки». The
   * retaliation is a strike: «+1 к удару» of the guard (`from: [guard]`) raises its strength to 3
   * and leaves the ogre's strike at 4; one with `kinds: [удар]` and no `from` raises both.
   */
  it("strength modifiers apply to each blow by its own source and kinds", () => {
    const mod = (from?: ReadonlyArray<string>) =>
      run(
        doc({
          effects: [
            {
              kind: "strengthModifier",
              id: "fury",
              value: 1,
              kinds: ["удар"],
              ...(from === undefined ? {} : { from })
            }
          ],
          steps: [strike()]
        })
      )
    expect(
      mismatches(mod(["guard"]), {
        state: {
          a1: { strength: 4 },
          "a1:retaliation": { strength: 3, baseStrength: 2 },
          ogre: { wounds: 3 }
        }
      })
    ).toBe("")
    expect(
      mismatches(mod(), {
        state: { a1: { strength: 5 }, "a1:retaliation": { strength: 3 }, guard: { wounds: 5 } }
      })
    ).toBe("")
  })
})

describe("what a retaliation needs (refused with its path)", () => {
  /** «ответный удар» answers a strike («удар»): a shot has none. */
  it("a retaliation answers a strike", () => {
    expect(refusal(doc({ steps: [strike({ kind: "выстрел" })] }))).toContain("answers a strike")
  })
  /** It is dealt to the attacker: an attack with no attacking card has nobody to receive it. */
  it("it needs an attacker", () => {
    expect(
      refusal(
        doc({ steps: [{ attack: { id: "a1", kind: "удар", strength: 3, to: "guard", retaliation: true } }] })
      )
    ).toContain("needs `from`")
  })
  /** It comes from the one attacked creature. */
  it("it needs one target", () => {
    expect(refusal(doc({ steps: [strike({ to: ["guard", "kilsus"] })] }))).toContain("one target")
  })
  /** Its strength: written, or the attacked creature's. */
  it("it needs a strength", () => {
    const o = [
      ...objects.slice(0, 1),
      { id: "guard", controller: "ip", types: ["creature"], cost: 3 },
      objects[2]
    ]
    expect(refusal({ ...doc({ steps: [strike()] }), objects: o })).toContain("retaliation.strength")
    expect(refusal({ ...doc({ steps: [strike({ retaliation: { strength: 1 } })] }), objects: o })).toBe("")
  })
  /** Its id is an object of the view: it must be free. */
  it("its id must be free", () => {
    expect(refusal(doc({ steps: [strike({ retaliation: { id: "ogre" } })] }))).toContain("already used")
  })
})

describe("the trace says what was read", () => {
  /** The attack note names the retaliation and the reading, in Russian and in English. */
  it("Russian and English", () => {
    const r = run(doc({ steps: [strike()] }))
    const ru = Trace.render(r.trace, { words: Lang.russian })
    expect(ru).toContain("a1:retaliation: ответный удар по ogre, сила 2")
    expect(ru).toContain("удар и ответный удар наносятся одновременно")
    const en = Trace.render(r.trace, { words: Lang.english })
    expect(en).toContain("a1:retaliation: retaliation («ответный удар») on ogre, strength 2")
    expect(en).toContain("the strike and its retaliation are dealt at once")
  })
})
