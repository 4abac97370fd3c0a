/**
 * The skeleton's common-field default (docs/design/scenario-format-2.md, "controller: who
 * controls it (default: its source's controller)"): an effect that names a `source` and no
 * `controller` is built with its source's controller, when its kind has a `controller` option.
 */
import { Language, type Replacement } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { Skeleton } from "../src/index.js"

const Options = Schema.Struct(Language.pick("controller", "source", "amount"))
const NoController = Schema.Struct(Language.pick("source", "amount"))

const make =
  (tag: string) =>
  (o: {
    readonly id: string
    readonly controller?: string
    readonly source?: string
  }): Replacement.Replacement => ({
    id: o.id,
    label: tag,
    controller: o.controller ?? "nobody",
    ...(o.source === undefined ? {} : { source: o.source }),
    category: "prevention",
    watch: { family: "damage" },
    action: { _tag: "Prevent", amount: 1, scope: "shield" }
  })

const words: Language.Language = {
  turn: "active player",
  players: { fields: {} },
  objects: { fields: {}, defaultZone: "board" },
  effects: {
    guard: Language.effectKind({ summary: "guard", options: Options, make: make("guard") }),
    plain: Language.effectKind({ summary: "plain", options: NoController, make: make("plain") })
  },
  boundaries: [],
  durations: [],
  families: ["damage"]
}

const controllers = (effects: ReadonlyArray<unknown>) => {
  const r = Skeleton.compileData(words, {
    players: ["a", "b"],
    objects: [{ id: "helm", controller: "b" }, { id: "rock" }],
    effects
  })
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success.ledger.effects.map((e) => e.controller)
}

describe("an effect's controller defaults to its source's controller", () => {
  it("is taken from the source when the effect names none, and an explicit one wins", () => {
    assert.deepStrictEqual(
      controllers([
        { kind: "guard", id: "g1", source: "helm" },
        { kind: "guard", id: "g2", source: "helm", controller: "a" },
        { kind: "guard", id: "g3", source: "b" }
      ]),
      ["b", "a", "b"]
    )
  })

  it("is left alone for a source with no controller and for a kind without a controller option", () => {
    assert.deepStrictEqual(
      controllers([
        { kind: "guard", id: "g1", source: "rock" },
        { kind: "plain", id: "p1", source: "helm" }
      ]),
      ["nobody", "nobody"]
    )
  })
})
