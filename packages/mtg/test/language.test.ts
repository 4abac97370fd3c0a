/**
 * Issue 16, point 2: "Every effect kind a file can name has a constructor of the same name taking
 * the same options, including the same selectors, so a ruling moves between YAML and TypeScript
 * by copy." The kinds of `ruleset.language` are checked against the `Effects` module, both ways,
 * and a kind written in a file builds what the constructor builds from the same options.
 */
import { GameView, Modifiers } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { Effects, ruleset } from "../src/index.js"
import { language } from "../src/Scenario.js"

/** The exports of `Effects` that are functions but build no effect from a kind's options. */
const notConstructors = ["sharingColorWith", "aimedAt"]

describe("every kind names a constructor of the same name", () => {
  // core's one modifier of a number property ("+2/+0", CR 613.4c) is core's kind, not Magic's
  const kinds = Object.keys(ruleset.language?.effects ?? {}).filter((k) => k !== Modifiers.KIND)
  const exported = Effects as unknown as Record<string, unknown>

  it("the ruleset's language is the Scenario module's", () => {
    expect(ruleset.language).toBe(language)
    expect(kinds.length).toBe(13)
    expect(ruleset.language?.effects[Modifiers.KIND]).toBe(Modifiers.effectKind)
  })

  it.each(kinds)("kind %s: its make is the Effects constructor of that name", (kind) => {
    expect(exported[kind]).toBeTypeOf("function")
    expect(ruleset.language?.effects[kind]?.make).toBe(exported[kind])
  })

  it("every exported constructor is a kind (the reverse)", () => {
    const constructors = Object.entries(exported)
      // schemas are callable too: the constructors are the lower-case functions
      .filter(
        ([name, v]) => typeof v === "function" && /^[a-z]/.test(name) && !notConstructors.includes(name)
      )
      .map(([name]) => name)
    expect(constructors.sort()).toEqual([...kinds].sort())
  })

  it("mutant: a kind whose make is another constructor is caught", () => {
    const wrong = { ...language.effects, double: { ...language.effects["double"], make: Effects.modify } }
    expect(kinds.filter((k) => wrong[k as keyof typeof wrong]?.make !== exported[k])).toEqual(["double"])
  })
})

const view = GameView.make({
  players: ["ap", "nap"],
  activePlayer: "ap",
  objects: [
    { id: "ap", kind: "player", props: { life: 20 } },
    { id: "nap", kind: "player", props: { life: 20 } },
    {
      id: "T",
      kind: "object",
      controller: "ap",
      zone: "battlefield",
      props: { types: ["Creature"], colors: ["white", "blue"] }
    },
    {
      id: "U",
      kind: "object",
      controller: "nap",
      zone: "battlefield",
      props: { types: ["Creature"], colors: ["blue"] }
    },
    {
      id: "V",
      kind: "object",
      controller: "nap",
      zone: "battlefield",
      props: { types: ["Creature"], colors: ["red"] }
    }
  ]
})

describe("the same options in a file and in code", () => {
  /** CR 615.7 "Prevent the next 2 damage that would be dealt to any target": the same shield either way. */
  it("a shield in a file is Effects.shield with the same options (selectors included)", () => {
    const options = {
      id: "s",
      controller: "nap",
      to: { types: ["Creature"], controller: "you" },
      amount: 2,
      duration: "endOfTurn"
    }
    const compiled = Skeleton.compileData(language, {
      players: ["ap", "nap"],
      effects: [{ kind: "shield", ...options }]
    })
    if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
    expect(compiled.success.ledger.effects).toEqual([Effects.shield(options)])
  })

  /**
   * CR 615.11 (Wojek Apothecary): "Prevent the next 1 damage that would be dealt to target
   * creature and each other creature that shares a color with it this turn" — the creatures are
   * those sharing a colour in the view the effect is created in.
   */
  it("shieldEach with sharingColor picks its creatures from the view it is given", () => {
    const made = Effects.shieldEach(
      { id: "w", controller: "ap", to: "T", sharingColor: true, amount: 1 },
      view
    )
    expect(made.map((e) => e.id)).toEqual(["w:T", "w:U"])
    expect(() =>
      Effects.shieldEach({ id: "w", controller: "ap", to: "T", sharingColor: true, amount: 1 })
    ).toThrow(/sharingColor needs the view/)
  })

  it("constructors refuse bad options with a typed error", () => {
    expect(() => Effects.shield({ id: "s", controller: "a", amount: 2 })).toThrow(/to is required/)
    expect(() => Effects.shield({ id: "s", controller: "a", to: "T", amount: "all" })).toThrow(
      /shield "s" amount/
    )
    expect(() => Effects.redirect({ id: "r", controller: "ap", redirectTo: "ghost" }, view)).toThrow(
      /unknown player or object "ghost"/
    )
    expect(() => Effects.double({ id: "d" })).toThrow(/controller is required/)
    try {
      Effects.replace({ id: "i", controller: "ap", instead: [], category: "nonsense" })
      expect.unreachable()
    } catch (e) {
      expect((e as { _tag?: string })._tag).toBe("InvalidEffect")
    }
  })

  /** CR 614.1a Furnace of Rath: "it deals double that damage to that permanent or player instead." */
  it("double is modify × 2 with the card's words", () => {
    const d = Effects.double({ id: "d", controller: "ap", to: { types: ["Creature"] } })
    expect(d.action).toEqual({ _tag: "Modify", op: "mul", value: 2 })
    expect(d.label).toBe("it deals double that damage instead")
    expect(d.watch.subject).toEqual({ _tag: "Prop", prop: "types", op: "has", value: "Creature" })
  })

  /** Format 1's `colors: [white, red]` meant any of them; format 2 writes `any:`. */
  it("a selector's colours: a list needs all, any: needs one", () => {
    const all = Effects.preventEach({
      id: "p",
      controller: "ap",
      amount: 1,
      to: { colors: ["white", "blue"] }
    })
    const any = Effects.preventEach({
      id: "p",
      controller: "ap",
      amount: 1,
      to: { any: [{ colors: ["white"] }, { colors: ["red"] }] }
    })
    expect(all.watch.subject?._tag).toBe("And")
    expect(any.watch.subject?._tag).toBe("Or")
  })
})
