/**
 * The word `self` in a generic effect's `to:` / `from:` (core `Generic`): the effect's own source,
 * "this" — FaB 2.12.3a: "A self-reference can be interpreted as "this" and it refers to its source
 * object" — the card whatever object it has become, so never bound to the object it is when the
 * effect is created (MTG 400.7, FaB 3.0.9: "If an object enters a zone that is not in the arena
 * and is not the stack zone, … it becomes a new object"). FaB 8.3.21, Ephemeral: "If this would be
 * put into a graveyard from anywhere, instead it ceases to exist."
 */
import { describe, expect, it } from "@effect/vitest"
import { Errors, GameView, Generic, Identity } from "../src/index.js"

const defaults: Generic.Defaults = {
  categories: ["standard", "prevention"],
  category: (kind) => (kind === "prevent" ? "prevention" : "standard"),
  common: (o, label, rule) => Generic.commonParts(o, label, rule, o.controller ?? ""),
  // binds to the objects named, as FaB's and MTG's defaults do (3.0.9, 400.7)
  finish: (e, view) => (view === undefined ? e : Identity.bind(e, view)),
  rule: { replace: "r", prevent: "p" }
}
const replace = Generic.replace(defaults)
const view = GameView.make({
  players: ["bob"],
  activePlayer: "bob",
  objects: [
    { id: "helm", kind: "object", controller: "bob", zone: "arena", props: {} },
    { id: "axe", kind: "object", controller: "bob", zone: "arena", props: {} }
  ]
})
const ephemeral = (to: string) =>
  replace(
    {
      id: "eph",
      controller: "bob",
      source: "helm",
      family: "zoneChange",
      to,
      params: { to: "graveyard" },
      instead: [{ family: "ceaseToExist", amount: 1 }]
    },
    view
  )

describe("Generic: `to: self` is the effect's own source, never bound (2.12.3a, 3.0.9)", () => {
  it("watches its source by id, without the binding `to: <id>` gets", () => {
    const self = ephemeral("self")
    expect(self.watch.subject).toEqual({ _tag: "Id", ids: ["helm"] })
    expect(self.sameObjects).toBeUndefined()
    // the same effect written with the card's id is bound to the object it is now: the test can fail
    expect(ephemeral("helm").sameObjects).toEqual({ subject: { helm: 0 } })
  })

  it("`from: self` likewise; another object named beside it stays bound", () => {
    const e = replace({ id: "x", controller: "bob", source: "helm", from: "self", to: "axe", plus: 1 }, view)
    expect(e.watch.source).toEqual({ _tag: "Id", ids: ["helm"] })
    expect(e.sameObjects).toEqual({ subject: { axe: 0 } })
  })

  it("`self` without a source is refused, naming the field", () => {
    expect(() => replace({ id: "x", controller: "bob", to: "self", plus: 1 }, view)).toThrow(
      Errors.InvalidEffect
    )
    expect(() => replace({ id: "x", controller: "bob", to: "self", plus: 1 }, view)).toThrow(/source/)
  })
})
