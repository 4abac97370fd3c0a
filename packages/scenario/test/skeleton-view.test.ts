/**
 * The skeleton's additions for words that read the game as it is when an effect is created
 * (MTG 615.11: "the creatures are chosen when the spell resolves"; 400.7) or that the state itself
 * creates (MTG 702.16e: protection's prevention effect): a kind's `make` gets the view as the
 * `update` steps before it have left it, `derived` effects are added when the state gains them,
 * `update.view` replaces the default update, and effects created by a step are checked like the
 * file's.
 */
import { GameView, Language, type Replacement, type Ruleset } from "@bulwark/core"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Skeleton } from "../src/index.js"

const prevent = (id: string, to: string): Replacement.Replacement => ({
  id,
  label: id,
  controller: "a",
  category: "prevention",
  watch: { family: "damage", subject: { _tag: "Id", ids: [to] } },
  action: { _tag: "Prevent", amount: 1, scope: "shield" }
})

const Each = Schema.Struct({ ...Language.pick("amount"), marked: Schema.optionalKey(Schema.Boolean) })

/** "Prevent the next 1 damage to each marked unit": the units marked when it is created. */
const eachMarked = (o: typeof Each.Type, view?: GameView.GameView): ReadonlyArray<Replacement.Replacement> =>
  Object.values(view?.objects ?? {})
    .filter((x) => x.props["marked"] === true)
    .map((x) => prevent(`${o.id}:${x.id}`, x.id))

const words: Language.Language = {
  turn: "active player",
  players: { fields: {} },
  objects: {
    fields: { marked: Schema.optionalKey(Schema.Boolean), ward: Schema.optionalKey(Schema.Boolean) },
    defaultZone: "board"
  },
  // a warded unit prevents 1 damage to itself, as long as it is warded
  derived: (view) =>
    Object.values(view.objects)
      .filter((x) => x.props["ward"] === true)
      .map((x) => prevent(`ward:${x.id}`, x.id)),
  effects: { eachMarked: Language.effectKind({ summary: "each marked", options: Each, make: eachMarked }) },
  update: {
    fields: { mark: Schema.optionalKey(Schema.Boolean) },
    view: (view, u) => {
      const o = GameView.get(view, u.object)
      if (o === undefined) return view
      const props = { ...o.props, ...((u["set"] as object | undefined) ?? {}) }
      return GameView.setObject(view, {
        ...o,
        props: u["mark"] === true ? { ...props, marked: true } : props
      })
    }
  },
  boundaries: ["endOfTurn"],
  durations: ["endOfTurn"],
  families: ["damage"]
}

const compile = (data: Readonly<Record<string, unknown>>): Ruleset.Compiled => {
  const r = Skeleton.compileData(words, data)
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

const added = (c: Ruleset.Compiled): ReadonlyArray<ReadonlyArray<string>> =>
  c.steps.flatMap((s) => (s._tag === "AddEffects" ? [s.effects.map((e) => e.id)] : []))

describe("a kind's make sees the view as the update steps before it leave it", () => {
  const data = (mark: boolean) => ({
    players: ["a"],
    objects: [{ id: "u1", marked: true }, { id: "u2" }],
    effects: [{ kind: "eachMarked", id: "start" }],
    steps: [{ update: { object: "u2", mark } }, { addEffects: [{ kind: "eachMarked", id: "later" }] }]
  })

  it("effects: the starting view; addEffects: after the update (update.view applied)", () => {
    const c = compile(data(true))
    expect(c.ledger.effects.map((e) => e.id)).toEqual(["start:u1"])
    expect(added(c)).toEqual([["later:u1", "later:u2"]])
  })

  it("mutant: an update that marks nothing changes nothing", () => {
    expect(added(compile(data(false)))).toEqual([["later:u1"]])
  })
})

describe("derived effects", () => {
  it("are in the ledger from the start and added when an update creates them", () => {
    const c = compile({
      players: ["a"],
      objects: [{ id: "u1", ward: true }, { id: "u2" }],
      steps: [
        { update: { object: "u2", set: { ward: true } } },
        { update: { object: "u1", set: { ward: true } } }
      ]
    })
    expect(c.ledger.effects.map((e) => e.id)).toEqual(["ward:u1"])
    // the second update creates nothing new: no step for it
    expect(added(c)).toEqual([["ward:u2"]])
  })

  it("an effect a step creates with an id already in the ledger is refused where it is", () => {
    const r = Skeleton.compileData(words, {
      players: ["a"],
      objects: [{ id: "u1", marked: true }],
      effects: [{ kind: "eachMarked", id: "x" }],
      steps: [{ addEffects: [{ kind: "eachMarked", id: "x" }] }]
    })
    expect(Result.isFailure(r) && r.failure.path).toBe("steps[0].addEffects (x:u1)")
  })
})
