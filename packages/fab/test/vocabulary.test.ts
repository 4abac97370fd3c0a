/** The scenario words (format 2): decoding, typos, compile errors that name the path, and the same words in code. */
import { Errors, Modifiers } from "@bulwark/core"
import { parseScenario, Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, ruleset, Scenario } from "../src/index.js"
import { base, type Data, damage } from "./helpers.js"

const compile = (d: Data) => Skeleton.compileData(Scenario.language, d)
const message = (r: ReturnType<typeof compile>) => (Result.isFailure(r) ? r.failure.message : "")

describe("the fab words", () => {
  it("fit the skeleton (every kind spells the common fields as core does)", () => {
    expect(Skeleton.wordProblems(Scenario.language)).toEqual([])
    expect(ruleset.language).toBe(Scenario.language)
  })

  it("every effect kind is the Effects constructor of the same name, and every constructor is a kind", () => {
    const exported = Effects as unknown as Record<string, unknown>
    // core's modifier of a number property is every game's kind, not a FaB constructor
    const own = Object.entries(Scenario.language.effects).filter(([kind]) => kind !== Modifiers.KIND)
    expect(Modifiers.isViewKind(Scenario.language.effects[Modifiers.KIND] as never)).toBe(true)
    for (const [kind, k] of own) expect(k.make).toBe(exported[kind])
    // the constructors that build an effect from options: every one is a kind (aimedAt binds one)
    const constructors = Object.entries(exported)
      .filter(([k, v]) => typeof v === "function" && /^[a-z]/.test(k))
      .filter(([, v]) => v !== Effects.canPay && v !== Effects.damageWatch && v !== Effects.aimedAt)
      .map(([k]) => k)
      .sort()
    expect(constructors).toEqual(own.map(([kind]) => kind).sort())
  })

  it("decodes a scenario and rejects a typo in an effect field with one problem", () => {
    expect(Result.isSuccess(compile({ ...base, steps: [] }))).toBe(true)
    const bad = compile({
      ...base,
      effects: [{ kind: "ward", id: "w", source: "helm", amout: 1 }],
      steps: []
    })
    expect(message(bad)).toContain("effects[0]")
    expect(message(bad)).toContain("amout")
  })

  /**
   * 8.5.3c: "If a non-living object would be dealt damage, the effect fails." — not a file error:
   * the file compiles, and the damage fails when it resolves (FAB-14).
   */
  it("8.5.3c: damage to a non-living object compiles; the effect fails when it resolves", () => {
    expect(Result.isSuccess(compile({ ...base, steps: [damage("e1", "S", "helm", 1)] }))).toBe(true)
  })

  it("rejects an unknown id, a damage type that isn't one, and an effect of an unknown category", () => {
    const unknown = compile({
      ...base,
      effects: [{ kind: "preventNext", id: "p", controller: "bob", amount: 1, to: ["ghost"] }],
      steps: []
    })
    expect(message(unknown)).toContain("effects[0].to[0]")
    const kinds = compile({
      ...base,
      effects: [{ kind: "preventNext", id: "p", controller: "bob", amount: 1, kinds: ["arcan"] }],
      steps: []
    })
    // a closed word: located, with the suggestion (8.5.3b: physical or arcane)
    expect(message(kinds)).toContain('effects[0].kinds[0]: unknown kind "arcan" (did you mean "arcane"?)')
    const category = compile({
      ...base,
      effects: [{ kind: "replace", id: "x", controller: "bob", category: "weird", plus: 1 }],
      steps: []
    })
    // FaB 6.4.7–6.4.11 name the slots: self, identity, standard, prevention, outcome
    expect(message(category)).toContain("category")
    expect(message(category)).toContain("self, identity, standard, prevention, outcome")
  })

  it("a keyword's controller defaults to its source's controller", () => {
    const r = compile({ ...base, effects: [{ kind: "ward", id: "w", source: "helm", amount: 1 }], steps: [] })
    expect(Result.isSuccess(r) && r.success.ledger.effects[0]?.controller).toBe("bob")
  })

  it("constructors refuse bad options with a typed error when called", () => {
    expect(() => Effects.preventNext({ id: "p" })).toThrow(Errors.InvalidEffect)
    expect(() => Effects.ward({ id: "w", controller: "bob", amount: 1 })).toThrow(/give its source/)
    expect(() => Effects.prevent({ id: "p", controller: "bob", amount: 1, cost: "destroyThis" })).toThrow(
      /needs a source/
    )
    expect(() => Effects.preventNext({ id: "p", controller: "bob", amount: 1, kinds: ["fire"] })).toThrow(
      Errors.InvalidEffect
    )
  })

  it("a selector of the one language works in a constructor as in a file", () => {
    const e = Effects.preventNext({
      id: "p",
      controller: "bob",
      amount: 1,
      to: { types: ["ally"], controller: "you" }
    })
    expect(e.watch.subject).toEqual({
      _tag: "And",
      all: [
        { _tag: "ControlledBy", player: { _tag: "You" } },
        { _tag: "Prop", prop: "types", op: "has", value: "ally" }
      ]
    })
  })
})

describe("a duplicate effect id", () => {
  it("is rejected when the file loads, at the second effect that uses it", () => {
    const text = JSON.stringify({
      format: 2,
      ruleset: "fab",
      ...base,
      effects: [
        { kind: "preventNext", id: "p", controller: "bob", amount: 1 },
        { kind: "preventNext", id: "p", controller: "bob", amount: 2 }
      ],
      steps: []
    })
    const r = parseScenario(text, "dup.json", [ruleset])
    expect(Result.isFailure(r) && r.failure.message).toContain("duplicate effect id")
    expect(Result.isFailure(r) && r.failure.message).toContain("effects[1].id")
  })
})

describe("an attack step's id", () => {
  it("is an event id: the same id as an event step's is a duplicate", () => {
    const text = (attackId: string) =>
      JSON.stringify({
        format: 2,
        ruleset: "fab",
        ...base,
        objects: [...base.objects, { id: "atk", controller: "alice", types: ["attack"], power: 3 }],
        steps: [damage("e1", "S", "bob", 1), { attack: { id: attackId, attack: "atk", target: "bob" } }],
        expect: { events: { e1: { dealt: { bob: 1 } } } }
      })
    const dup = parseScenario(text("e1"), "dup.json", [ruleset])
    expect(Result.isFailure(dup) && dup.failure.message).toContain("duplicate event id")
    expect(Result.isSuccess(parseScenario(text("e2"), "ok.json", [ruleset]))).toBe(true)
  })
})
