/**
 * Worship's life floor (`lifeFloor`) in the generic form (issue 28, point 2: every named kind has
 * its generic expansion). Worship: "As long as you control a creature, damage that would reduce
 * your life total to less than 1 reduces it to 1 instead." CR 120.4c: "Damage is processed into
 * its results … Replacement effects that modify or replace those results are applied" — the life
 * loss and the life gain of one damage event are one results event, so the floor reads both: in
 * words, core's amount word `inEvent` (the other occurrences of a family happening to the same
 * player in the same event). CR 614.1a: "Effects that use the word 'instead' are replacement
 * effects." Each test can fail: the mutant tried is named beside it.
 */
import type { Language, Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { ruleset } from "../src/index.js"
import { language } from "../src/Scenario.js"

const outcome = (text: string): Ruleset.Outcome => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

/** The generic forms `lifeFloor` stands for (its kind's `generic`). */
const forms = (o: Readonly<Record<string, unknown>>): ReadonlyArray<Language.GenericForm> => {
  const k = language.effects["lifeFloor"] as Language.EffectKind
  return k.generic?.(o) ?? []
}

/**
 * nap at `life` controls Worship (and `guard` unless `noCreature`); ap's 5/5 deals 5 to nap while
 * nap's lifelinker deals `gain` to ap's creature in the same combat damage step; `extra` adds a
 * life loss to nap in the same results event (a prevention's additional effect, CR 615.5).
 */
const file = (
  worship: string,
  o: { readonly life: number; readonly gain: number; readonly noCreature?: boolean; readonly extra?: number }
) => `format: 4
ruleset: mtg
players: [ap, { id: nap, life: ${o.life} }]
objects:
  - { id: attacker, controller: ap, types: [Creature], power: 5, toughness: 5 }
  - { id: blocker, controller: ap, types: [Creature], power: 0, toughness: 9 }
  - { id: vampire, controller: nap, types: [${o.noCreature === true ? "Artifact" : "Creature"}], keywords: [lifelink], power: ${o.gain}, toughness: 9 }
  - { id: worship, controller: nap, types: [Enchantment], name: Worship }
effects:
  - ${worship}
${
  o.extra === undefined
    ? ""
    : `  - { kind: prevent, id: tithe, controller: ap, to: blocker, amount: 1, scope: once, additional: [{ family: lifeLoss, to: nap, amount: ${o.extra} }] }\n`
}steps:
  - event:
      id: combat
      occurrences:
        - { id: a, source: attacker, to: nap, amount: 5, kinds: [combat] }
        - { id: v, source: vampire, to: blocker, amount: ${o.gain}, kinds: [combat] }
`

const named = "{ kind: lifeFloor, id: worship, controller: nap, source: worship }"
/** One effect as a YAML flow mapping (JSON is YAML). */
const flow = (fs: ReadonlyArray<Language.GenericForm>): string => JSON.stringify(fs[0])

const generic = (mutate: (f: Record<string, unknown>) => Record<string, unknown> = (f) => f) =>
  flow(
    forms({ id: "worship", controller: "nap", source: "worship" }).map(
      (f) => mutate({ ...f }) as Language.GenericForm
    )
  )

const lifeOf = (text: string) => outcome(text).state["nap"]?.["life"]

describe("Worship in the generic form (CR 120.4c, 614.1a)", () => {
  it("lifeFloor has a generic expansion: one replace of your life loss from damage", () => {
    const [f, ...rest] = forms({ id: "worship", controller: "nap" })
    assert.deepStrictEqual(rest, [])
    assert.strictEqual(f?.kind, "replace")
    assert.strictEqual((f as { family?: string }).family, "lifeLoss")
    assert.deepStrictEqual((f as { kinds?: ReadonlyArray<string> }).kinds, ["fromDamage"])
  })

  /**
   * 3 life, 5 damage dealt to nap and 2 lifelink life gained in the same event: 3 − 5 + 2 = 0 < 1,
   * so Worship applies and the event leaves nap at exactly 1 (the loss capped at 3 − 1 + 2 = 4).
   * Mutant tried: the generic form without `inEvent: lifeGain` (the room read from the life
   * alone) caps the loss at 2 and leaves nap at 3 — fails.
   */
  it("the floor counts the life gained in the same results event: nap ends at exactly 1", () => {
    const text = { life: 3, gain: 2 }
    assert.strictEqual(lifeOf(file(named, text)), 1)
    assert.strictEqual(lifeOf(file(generic(), text)), 1)
    const noGain = generic(
      (f) =>
        JSON.parse(JSON.stringify(f).replaceAll('{"inEvent":"lifeGain"}', "0")) as Record<string, unknown>
    )
    assert.strictEqual(lifeOf(file(noGain, text)), 3)
  })

  /**
   * CR 120.4 example 2: "Worship's effect sees that the damage event would not reduce the
   * player's life total to less than 1, so Worship's effect is not applied." 5 life, 5 damage,
   * 2 gained: 5 − 5 + 2 = 2 ≥ 1 — not applied, nap at 2. Mutant tried: the generic form without
   * its `if: amount` (always capping) — the cap 5 − 1 + 2 = 6 changes nothing here, so the
   * applied list is checked: it names Worship — fails.
   */
  it("not applied when the whole event leaves you at 1 or more", () => {
    for (const w of [named, generic()]) {
      const o = outcome(file(w, { life: 5, gain: 2 }))
      assert.strictEqual(o.state["nap"]?.["life"], 2)
      const loss = Object.values(o.events["combat"]?.occurrences ?? {}).find(
        (x) => x.proposed === 5 && x.amount === 5
      )
      assert.deepStrictEqual(loss?.applied, [])
    }
  })

  /**
   * The other life lost in the same results event counts too (CR 615.5: a prevention's additional
   * effect "takes place immediately afterward", in the same event): 6 life, 5 damage, 2 gained
   * (the lifelinker's 3 less the 1 prevented, 120.3f) and 3 more lost: 6 − 5 + 2 − 3 = 0 < 1, the damage's loss capped at 6 − 1 + 2 − 3 = 4: nap ends at 1.
   * Mutant tried: without `inEvent: lifeLoss` the cap is 7 (the whole 5) and nap ends at 0 — fails.
   */
  it("the floor counts the other life lost in the same event", () => {
    const text = { life: 6, gain: 3, extra: 3 }
    assert.strictEqual(lifeOf(file(named, text)), 1)
    assert.strictEqual(lifeOf(file(generic(), text)), 1)
    const noLoss = generic(
      (f) =>
        JSON.parse(JSON.stringify(f).replaceAll('{"inEvent":"lifeLoss"}', "0")) as Record<string, unknown>
    )
    assert.strictEqual(lifeOf(file(noLoss, text)), 0)
  })

  /**
   * Worship: "As long as you control a creature": without one it does nothing — 3 − 5 + 2 = 0.
   * Mutant tried: the generic form without `if: exists` — nap ends at 1 — fails.
   */
  it("without a creature you control, nothing is replaced", () => {
    const text = { life: 3, gain: 2, noCreature: true }
    assert.strictEqual(lifeOf(file(named, text)), 0)
    assert.strictEqual(lifeOf(file(generic(), text)), 0)
    const noExists = generic((f) => {
      const { exists: _e, ...cond } = f["if"] as Record<string, unknown>
      return { ...f, if: cond }
    })
    assert.strictEqual(lifeOf(file(noExists, text)), 1)
  })

  it("a floor other than 1 (and below 0) is said with the same words", () => {
    for (const [floor, life] of [
      [3, 4],
      [-2, 1]
    ] as const) {
      const w = `{ kind: lifeFloor, id: worship, controller: nap, source: worship, floor: ${floor} }`
      const g = flow(forms({ id: "worship", controller: "nap", source: "worship", floor }))
      // life − 5 + 1 is below the floor: the event leaves nap at exactly the floor
      const text = { life, gain: 1 }
      assert.strictEqual(lifeOf(file(w, text)), floor)
      assert.strictEqual(lifeOf(file(g, text)), floor)
    }
  })
})
