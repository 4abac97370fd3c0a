/**
 * What the skeleton hands a ruleset beyond its words' constructors (the optional parts of
 * `Language`): effects an object brings with it (keyword abilities), what happens when time passes
 * (`advance`), and, for a ruleset step, the view as earlier updates leave it (`current`) and the
 * effects written before it that still last (`written`); and an effect's controller defaulting to
 * its source's (design, "controller: who controls it (default: its source's controller)").
 */
import { Language, type Replacement, type Ruleset } from "@bulwark/core"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Skeleton } from "../src/index.js"
import { language as tiny } from "./tiny2.js"

const seen: { current?: unknown; written?: ReadonlyArray<string> } = {}

const SourcedOptions = Schema.Struct({ ...Language.pick("controller", "source", "to") })
/** A "prevent 1" that comes from an object (its controller: the effect's, or the source's). */
const sourced = (o: typeof SourcedOptions.Type): Replacement.Replacement => ({
  id: o.id,
  label: "Prevent 1",
  controller: o.controller ?? "",
  category: "prevention",
  watch: { family: "damage" },
  action: { _tag: "Prevent", amount: 1, scope: "shield" }
})

const words: Language.Language = {
  ...tiny,
  effects: {
    ...tiny.effects,
    sourced: Language.effectKind({
      summary: "prevent 1, from an object",
      options: SourcedOptions,
      make: sourced
    })
  },
  objects: {
    ...tiny.objects,
    // a unit with `might` brings a "prevent 1" of its own
    effects: (o) =>
      typeof o.might === "number"
        ? [
            tiny.effects.shield?.make({
              id: `${o.id}:ward`,
              controller: o.controller,
              to: o.id,
              amount: 1
            }) as Replacement.Replacement
          ]
        : []
  },
  steps: {
    ...tiny.steps,
    look: stepLook()
  },
  advance: {
    endOfTurn: {
      label: "the turn passes",
      apply: (v) => ({ ...v, activePlayer: v.players[1] ?? v.activePlayer })
    }
  }
}

function stepLook(): Language.StepKind {
  return {
    summary: "records what compiling knows here",
    schema: Schema.Literal(true),
    compile: (_v, ctx) => {
      seen.current = ctx.current?.objects.u?.props.might
      seen.written = (ctx.written ?? []).map((w) => String(w.options.id))
      return []
    }
  }
}

const compiled = (doc: Record<string, unknown>): Ruleset.Compiled => {
  const r = Skeleton.compileData(words, { players: ["a", "b"], ...doc })
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

describe("skeleton: what a ruleset step and the ledger get", () => {
  it("objects bring their effects, first in the ledger", () => {
    const c = compiled({
      objects: [
        { id: "u", controller: "a", might: 2 },
        { id: "v", controller: "b" }
      ],
      effects: [{ kind: "shield", id: "s", controller: "b", to: "v", amount: 2 }]
    })
    expect(c.ledger.effects.map((e) => e.id)).toEqual(["u:ward", "s"])
  })

  it("advance: what the ruleset says happens then follows the ledger's advance", () => {
    const c = compiled({ steps: [{ advance: "endOfTurn" }] })
    expect(c.steps.map((s) => s._tag)).toEqual(["Advance", "Update"])
    const after = c.steps[1]
    expect(after?._tag === "Update" && after.apply(c.view).activePlayer).toBe("b")
    expect(c.view.activePlayer).toBe("a")
  })

  it("a ruleset step sees the view as earlier updates leave it, and the effects still lasting", () => {
    compiled({
      objects: [{ id: "u", controller: "a", might: 2 }],
      effects: [
        { kind: "shield", id: "today", controller: "a", to: "u", amount: 1, duration: "endOfTurn" },
        { kind: "double", id: "always", controller: "a", to: "u" }
      ],
      steps: [
        { update: { object: "u", set: { might: 5 } } },
        { advance: "endOfTurn" },
        { addEffects: [{ kind: "shield", id: "later", controller: "a", to: "u", amount: 1 }] },
        { look: true }
      ]
    })
    expect(seen.current).toBe(5)
    expect(seen.written).toEqual(["always", "later"])
  })

  it("an effect without a controller gets its source's", () => {
    const c = compiled({
      objects: [{ id: "v", controller: "b" }],
      effects: [
        { kind: "sourced", id: "s", source: "v", to: "v" },
        { kind: "sourced", id: "t", controller: "a", source: "v", to: "v" }
      ]
    })
    expect(c.ledger.effects.find((e) => e.id === "s")?.controller).toBe("b")
    expect(c.ledger.effects.find((e) => e.id === "t")?.controller).toBe("a")
  })
})
