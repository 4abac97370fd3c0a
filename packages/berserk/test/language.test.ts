/**
 * The words in code (issue 16, point 2): every effect kind of the scenario language is the
 * `Effects` constructor of the same name (the very function, taking the kind's options), and
 * every exported constructor that builds a wound effect is a kind — except `protection` and
 * `armor`, which a card brings with it («Защита от …», «Броня N» are written as the card's
 * `protections` / `armor`, not as effects). The words fit the skeleton, and constructors refuse
 * bad options with a typed error.
 */
import { Errors, GameEvent, type Language, Modifiers } from "@bulwark/core"
import { Skeleton } from "@bulwark/scenario"
import { describe, expect, it } from "vitest"
import { Effects, ruleset } from "../src/index.js"

const language = ruleset.language as Language.Language
const exported = Effects as unknown as Readonly<Record<string, unknown>>
/** Constructors of effects a card brings with it (its keyword properties), not kinds. */
const cardKeywords = ["protection", "armor"]

describe("effect kinds are the Effects constructors", () => {
  it("every kind's make is the constructor exported under the kind's name", () => {
    // core's modifier of a number property is every game's kind, not a Берсерк constructor
    expect(Modifiers.isViewKind(language.effects[Modifiers.KIND] as never)).toBe(true)
    const kinds = Object.keys(language.effects).filter((k) => k !== Modifiers.KIND)
    expect(kinds.length).toBeGreaterThan(5)
    for (const k of kinds) expect(language.effects[k]?.make, k).toBe(exported[k])
  })

  it("every exported constructor of an effect is a kind (but the card keywords)", () => {
    // the exported functions (schemas are capitalised), less the filter helpers and the
    // occurrence constructors of the event families (checked below)
    const constructors = Object.entries(exported)
      .filter(([k, v]) => typeof v === "function" && /^[a-z]/.test(k))
      .map(([k]) => k)
      .filter((k) => !["fromOf", "toFilterOf", "fromArgs", "comesFrom", "modifies"].includes(k))
      .filter((k) => !language.families.includes(k))
    expect(constructors.filter((k) => !cardKeywords.includes(k)).sort()).toEqual(
      Object.keys(language.effects)
        .filter((k) => k !== Modifiers.KIND)
        .sort()
    )
  })

  it("every event family has an occurrence constructor of the same name (wounds: core GameEvent.damage)", () => {
    expect(language.families).toEqual(["damage", "heal", "open", "close", "die", "zoneChange"])
    for (const f of language.families.filter((f) => f !== GameEvent.DAMAGE)) {
      const make = exported[f] as (i: Effects.OccurrenceInput) => GameEvent.Occurrence
      expect(typeof make, f).toBe("function")
      expect(make({ id: "o", subject: "C" }), f).toMatchObject({ family: f, subject: "C", amount: 1 })
    }
    expect(GameEvent.damage({ id: "d", source: "orc", recipient: "C", amount: 2 }).family).toBe("damage")
    expect(ruleset.vocabulary?.families).toEqual(language.families)
  })

  it("an occurrence constructor refuses an occurrence without its card", () => {
    expect(() => Effects.die({ id: "d", subject: "" })).toThrow(Errors.InvalidEffect)
    expect(() => Effects.heal({ id: "", subject: "C" })).toThrow(Errors.InvalidEffect)
    expect(() => Effects.heal({ id: "h", subject: "C", amount: -1 })).toThrow()
  })

  it("the words fit the skeleton (common fields from Language.pick)", () => {
    expect(Skeleton.wordProblems(language)).toEqual([])
  })

  it("a mutant kind spelling a common field its own way is refused", () => {
    const own = {
      ...language,
      effects: {
        prevent: {
          ...language.effects.prevent,
          options: {
            fields: {
              id: Effects.CommonOptions.fields.id,
              amount: Effects.StrengthModifierOptions.fields.value
            }
          }
        }
      }
    } as unknown as Language.Language
    expect(Skeleton.wordProblems(own).join("; ")).toContain("field amount is not Language.common.amount")
  })

  it("constructors refuse bad options with Errors.InvalidEffect", () => {
    // the categories are the ordering's slots (533.3, 534, 511.5)
    expect(() => Effects.prevent({ id: "p", controller: "ip", amount: 1, category: "nonsense" })).toThrow(
      Errors.InvalidEffect
    )
    expect(() => Effects.moreWounds({ id: "m", controller: "ip", amount: "all" })).toThrow(
      Errors.InvalidEffect
    )
    expect(() => Effects.noWoundsFrom({ id: "n", controller: "ip" })).toThrow(Errors.InvalidEffect)
    expect(() => Effects.prevent({ id: "p", amount: 1 })).toThrow(Errors.InvalidEffect)
    expect(() => Effects.prevent({ id: "p", controller: "ip", amount: 1, limit: { times: 1 } })).toThrow(
      Errors.InvalidEffect
    )
    // a selector's malformed comparison (not a value, a list, contains or min/max)
    expect(() => Effects.strengthModifier({ id: "s", value: 1, from: { cost: { above: 3 } } })).toThrow(
      Errors.InvalidEffect
    )
  })
})

/**
 * 533.6: «Если карта – источник Эффекта Предотвращения покидает активную зону (как правило, зону
 * битвы), то эффект предотвращения от этой карты не применяется.» — a card leaving the
 * battlefield takes its prevention effects with it, and the trace says so
 * where the file moves the card (as the format-1 `leave:` step did).
 */
describe("an update that takes a card off the battlefield", () => {
  const steps = (update: Readonly<Record<string, unknown>>) => {
    const r = Skeleton.compileData(language, {
      players: ["ap", "ip"],
      objects: [{ id: "healer", controller: "ip", types: ["creature"], cost: 2 }],
      steps: [{ update }]
    })
    if (r._tag === "Failure") throw new Error(r.failure.message)
    return r.success.steps
  }
  it("is labelled with 533.6 when the card leaves the battlefield", () => {
    const [s] = steps({ object: "healer", zone: "graveyard" })
    expect(s?._tag === "Update" && s.label).toBe(
      "healer leaves play (battlefield to graveyard): its prevention effects no longer apply (Берсерк 533.6)"
    )
  })
  it("keeps the plain label for any other change", () => {
    const [s] = steps({ object: "healer", set: { closed: true } })
    expect(s?._tag === "Update" && s.label).toBe('update healer: set {"closed":true}')
  })
})
