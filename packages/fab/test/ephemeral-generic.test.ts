/**
 * 8.3.21 Ephemeral: "If this would be put into a graveyard from anywhere, instead it ceases to
 * exist." The named kind `ephemeral` and its generic form (issue 28, point 2: two `kind: replace`
 * effects of "this", `to: self`) build the same core effects, and both follow the card after a
 * zone change (3.0.9: "it becomes a new object with no relation to its previous existence"; 1.7.1:
 * the ability is the card's, so the new object has it too). The life refusal of `modifyProperty`:
 * 2.5.3b, "Life gained and life lost are not continuous effects".
 */
import type { Language, Replacement } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { ruleset, Scenario } from "../src/index.js"

const effects = Scenario.language.effects

/** The core effects of written generic forms. */
const built = (forms: ReadonlyArray<Language.GenericForm>): ReadonlyArray<Replacement.Replacement> =>
  forms.flatMap((f) => {
    const { kind, ...o } = f
    const k = effects[kind] as Language.EffectKind
    return [k.make(Schema.decodeUnknownSync(k.options)(o))].flat() as ReadonlyArray<Replacement.Replacement>
  })

/** What must not differ: everything but the label and the rule citation. */
const meaning = (e: Replacement.Replacement): unknown => {
  const { label: _l, rule: _r, ...rest } = e
  return JSON.parse(JSON.stringify(rest))
}

const load = (text: string) => {
  const r = parseScenario(text, "test.yaml", [ruleset])
  if (Result.isFailure(r)) throw new Error(`does not load: ${r.failure.message}`)
  return checkScenario(r.success).run.outcome
}

describe("8.3.21: Ephemeral's generic form", () => {
  const options = { id: "eph", source: "helm", controller: "bob" }
  const forms = effects.ephemeral?.generic?.(options) ?? []

  it("is two replaces of `self` — a destroy and a zone change to the graveyard — each instead ceasing to exist", () => {
    expect(forms.map((f) => [f.kind, f.id, f.family, f.to, f.params])).toEqual([
      ["replace", "eph", "destroy", "self", undefined],
      ["replace", "eph:graveyard", "zoneChange", "self", { to: "graveyard" }]
    ])
  })

  it("builds the same core effects as the named kind (label and rule aside)", () => {
    const named = [effects.ephemeral?.make(options)].flat() as ReadonlyArray<Replacement.Replacement>
    expect(built(forms).map(meaning)).toEqual(named.map(meaning))
    // a wrong form — the destination dropped — builds another effect: the comparison can fail
    const dropped = forms.map(({ params: _p, ...f }) => f as Language.GenericForm)
    expect(built(dropped).map(meaning)).not.toEqual(named.map(meaning))
  })

  it('"from anywhere": after a zone change (a new object, 3.0.9) the generic form still replaces', () => {
    const file = (effect: string) => `format: 4
ruleset: fab
turn: alice
players: [alice, bob]
objects:
  - { id: helm, controller: bob, types: [equipment] }
effects:
  - ${effect}
steps:
  - update: { object: helm, zone: deck }
  - event: { id: e1, occurrences: [{ family: zoneChange, to: helm, params: { to: graveyard } }] }
`
    const happened = (effect: string) => load(file(effect)).events.e1?.happened.map((h) => h.family)
    expect(happened("{ kind: ephemeral, id: eph, source: helm }")).toEqual(["ceaseToExist"])
    expect(
      happened(
        "{ kind: replace, id: eph, source: helm, family: zoneChange, to: self, params: { to: graveyard }, instead: [{ family: ceaseToExist, amount: 1 }] }"
      )
    ).toEqual(["ceaseToExist"])
    // the card's id instead of self: bound to the object it was, it no longer sees the new one
    expect(
      happened(
        "{ kind: replace, id: eph, source: helm, family: zoneChange, to: helm, params: { to: graveyard }, instead: [{ family: ceaseToExist, amount: 1 }] }"
      )
    ).toEqual(["zoneChange"])
  })
})

describe("2.5.3b: modifyProperty does not modify life", () => {
  /**
   * 2.5.3b: "Life gained and life lost are not continuous effects - they are discrete effects
   * that apply once, and they permanently modify the life total." A `modifyProperty` of `life`
   * is refused, naming the field; one of `power` loads.
   */
  it("a modifier of life is refused, one of power is not", () => {
    const file = (prop: string) => `format: 4
ruleset: fab
players: [alice, bob]
objects:
  - { id: ally, controller: bob, types: [ally], life: 3, power: 2 }
effects:
  - { kind: modifyProperty, id: m, to: ally, prop: ${prop}, plus: 1 }
steps: []
`
    const r = parseScenario(file("life"), "test.yaml", [ruleset])
    expect(Result.isFailure(r) ? r.failure.message : "loaded").toMatch(/2\.5\.3b/)
    expect(Result.isSuccess(parseScenario(file("power"), "test.yaml", [ruleset]))).toBe(true)
  })
})
