/**
 * A ruleset's zones (`Policy.Rules.zones`), stated once and applied by core everywhere:
 *
 * - only what is in a control zone has a controller: `ControlledBy` in filters, counts and
 *   conditions, and the outcome's `state` (an in-test ruleset, "T-z 1: only objects on the table
 *   or on the pile have a controller");
 * - what is not in play is dealt nothing ("T-z 2: damage is dealt only to what is on the table"),
 *   for objects and for a player who left the game alike, the ruleset's own reasons first;
 * - who else dealt an occurrence (`Policy.Rules.alsoDealtBy`): an effect watching a source applies
 *   to damage "also dealt" by it.
 *
 * Each is checked against the same case without zones (or without the hook), where the old
 * answer is kept.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  Chooser,
  Filter,
  GameEvent,
  GameView,
  Ledger,
  type Policy,
  type Replacement,
  Resolver,
  Ruleset,
  Zones
} from "../src/index.js"
import { affected, dealt, dmg, ok, shield } from "./fixtures.js"

const zones: Zones.Zones = {
  inPlay: ["table"],
  inPlayRule: "T-z 2: damage is dealt only to what is on the table",
  control: ["table", "pile"],
  controlRule: "T-z 1: only objects on the table or on the pile have a controller",
  dealtInPlay: ["damage"]
}

const zoned: Policy.Rules = { ...affected, zones }

const obj = (
  id: string,
  zone: string | undefined,
  extra: Partial<GameView.GameObject> = {}
): GameView.GameObject => ({
  id,
  kind: "object",
  controller: "nap",
  owner: "nap",
  ...(zone === undefined ? {} : { zone }),
  props: { types: ["charm"] },
  ...extra
})

const view = GameView.make({
  players: ["ap", "nap", "third"],
  activePlayer: "ap",
  objects: [
    obj("onTable", "table"),
    obj("onPile", "pile"),
    obj("inGrave", "grave"),
    { id: "ownedOnly", kind: "object", owner: "nap", zone: "hand", props: { types: ["charm"] } },
    obj("noZone", undefined),
    { id: "src", kind: "object", controller: "ap", owner: "ap", zone: "table", props: {} },
    { id: "card", kind: "object", controller: "ap", owner: "ap", zone: "table", props: {} }
  ]
})

const charmsYouControl: Filter.Filter = {
  _tag: "And",
  all: [
    { _tag: "Prop", prop: "types", op: "has", value: "charm" },
    { _tag: "ControlledBy", player: { _tag: "You" } }
  ]
}

const count = (z: Zones.Zones | undefined): number =>
  Filter.value(
    { _tag: "Count", filter: charmsYouControl },
    { view, controller: "nap", predicates: {}, zones: z }
  )

describe("Zones.controllerOf: only what is in a control zone has a controller (T-z 1)", () => {
  it("a card on the table or the pile has its controller; one in a graveyard or a hand has none", () => {
    assert.strictEqual(Zones.controllerOf(zones, view, "onTable"), "nap")
    assert.strictEqual(Zones.controllerOf(zones, view, "onPile"), "nap")
    assert.strictEqual(Zones.controllerOf(zones, view, "inGrave"), undefined)
    assert.strictEqual(Zones.controllerOf(zones, view, "ownedOnly"), undefined)
  })
  it("a player controls itself; an object naming no zone keeps its controller (views without zones)", () => {
    assert.strictEqual(Zones.controllerOf(zones, view, "nap"), "nap")
    assert.strictEqual(Zones.controllerOf(zones, view, "noZone"), "nap")
  })
  it("without zones, the controller, else the owner, as GameView.controllerOf", () => {
    for (const id of ["onTable", "inGrave", "ownedOnly", "nap"])
      assert.strictEqual(Zones.controllerOf(undefined, view, id), GameView.controllerOf(view, id))
  })
})

describe("ControlledBy reads the context's zones (T-z 1)", () => {
  it('"the number of charms you control": 3 (table, pile, no zone), not the 2 in a graveyard and a hand', () => {
    assert.strictEqual(count(zones), 3)
  })
  it("without zones every charm of nap's counts, as before (5)", () => {
    assert.strictEqual(count(undefined), 5)
  })
  it("an Exists condition on a card in a graveyard controlled by you does not hold", () => {
    const c: Filter.Condition = {
      _tag: "Exists",
      filter: {
        _tag: "And",
        all: [
          { _tag: "Id", ids: ["inGrave"] },
          { _tag: "ControlledBy", player: { _tag: "You" } }
        ]
      }
    }
    assert.isFalse(Filter.holds(c, { view, controller: "nap", predicates: {}, zones }))
    assert.isTrue(Filter.holds(c, { view, controller: "nap", predicates: {} }))
  })
  it("the kernel passes the ruleset's zones: a prevention of X = charms you control prevents 3 of 5", () => {
    const prevX: Replacement.Replacement = {
      id: "x",
      label: "Prevent X, where X is the number of charms you control",
      controller: "nap",
      category: "prevention",
      watch: { family: "damage", subject: { _tag: "Id", ids: ["nap"] } },
      action: { _tag: "Prevent", amount: { _tag: "Count", filter: charmsYouControl }, scope: "once" }
    }
    const run = (rules: Policy.Rules) =>
      ok(
        Resolver.resolveSync(
          rules,
          GameEvent.make("e", [dmg("d", "nap", 5)]),
          Ledger.make([prevX]),
          view,
          Chooser.firstLegal
        )
      )
    assert.strictEqual(dealt(run(zoned), "nap"), 2)
    assert.strictEqual(dealt(run(affected), "nap"), 0)
  })
})

describe("what is not in play is dealt nothing (T-z 2)", () => {
  const gone = GameView.setObject(
    GameView.setObject(view, { id: "third", kind: "player", zone: "left", props: {} }),
    obj("grave2", "grave")
  )
  const run = (rules: Policy.Rules, occs: ReadonlyArray<GameEvent.Occurrence>) =>
    ok(
      Resolver.resolveSync(
        rules,
        GameEvent.make("e", occs),
        Ledger.make([shield("s", "third", ["third"], 1)]),
        gone,
        Chooser.firstLegal
      )
    )

  it("a player who left the game and a card in a graveyard are dealt nothing; nothing applies to them", () => {
    const r = run(zoned, [dmg("p", "third", 3), dmg("g", "grave2", 2), dmg("t", "onTable", 1)])
    const status = Object.fromEntries(r.outcomes.map((o) => [o.id, o.status]))
    assert.deepStrictEqual(status, { p: "failed", g: "failed", t: "happened" })
    assert.strictEqual(dealt(r, "third"), 0)
    assert.strictEqual(Ledger.remaining(r.ledger, "s"), 1)
    assert.isTrue(
      r.trace.some((t) => t._tag === "Note" && t.rule === zones.inPlayRule && t.text.includes("third"))
    )
  })
  it("without `dealtInPlay` (or without zones) both are dealt, as before", () => {
    const r = run({ ...affected, zones: { ...zones, dealtInPlay: undefined } }, [
      dmg("p", "third", 3),
      dmg("g", "grave2", 2)
    ])
    assert.deepStrictEqual(
      r.outcomes.map((o) => o.status),
      ["happened", "happened"]
    )
    assert.strictEqual(dealt(r, "third"), 2)
  })
  it("only the families named: a draw of a player who left is not refused by the zones", () => {
    const draw = GameEvent.occurrence({ id: "dr", family: "draw", subject: "third", amount: 1 })
    assert.strictEqual(run(zoned, [draw]).outcomes[0]?.status, "happened")
  })
  it("the ruleset's own reason wins over the zones' one", () => {
    const own: Policy.Rules = {
      ...zoned,
      fails: (o) => (o.subject === "third" ? { reason: "own", rule: "T-z 3" } : undefined)
    }
    const r = run(own, [dmg("p", "third", 3)])
    assert.isTrue(r.trace.some((t) => t._tag === "Note" && t.rule === "T-z 3"))
    assert.isFalse(r.trace.some((t) => t._tag === "Note" && t.rule === zones.inPlayRule))
  })
})

describe("Rules.alsoDealtBy: who else dealt an occurrence", () => {
  const fromAp: Replacement.Replacement = shield("byAp", "nap", ["nap"], 2, {
    label: "Prevent the next 2 damage that would be dealt to you by ap",
    watch: { family: "damage", subject: { _tag: "Id", ids: ["nap"] }, source: { _tag: "Id", ids: ["ap"] } }
  })
  const run = (rules: Policy.Rules) =>
    ok(
      Resolver.resolveSync(
        rules,
        GameEvent.make("e", [dmg("d", "nap", 3, { source: "card" })]),
        Ledger.make([fromAp]),
        view,
        Chooser.firstLegal
      )
    )
  it("a prevention of damage from ap applies to ap's card's damage when the ruleset says ap also dealt it", () => {
    const r = run({
      ...zoned,
      alsoDealtBy: (o, v) => (o.source === "card" ? [Zones.controllerOf(zones, v, "card") ?? ""] : [])
    })
    assert.strictEqual(dealt(r, "nap"), 1)
  })
  it("without the hook the card alone dealt it: the prevention does not apply", () => {
    assert.strictEqual(dealt(run(zoned), "nap"), 3)
  })
})

describe("the outcome's state shows a controller only where the zones give one", () => {
  it("a card in a graveyard has no controller in the state; one on the table has", () => {
    const compiled: Ruleset.Compiled = { view, ledger: Ledger.empty, steps: [] }
    const state = Ruleset.run(zoned, compiled, Chooser.firstLegal).outcome.state
    assert.strictEqual(state["onTable"]?.["controller"], "nap")
    assert.strictEqual(state["inGrave"]?.["controller"], undefined)
    assert.strictEqual(
      Ruleset.run(affected, compiled, Chooser.firstLegal).outcome.state["inGrave"]?.["controller"],
      "nap"
    )
  })
})

describe("requiresSourceInPlay: an object's effect works while the object is in play (T-z 2)", () => {
  const fromCharm = (source: string): Replacement.Replacement =>
    shield("c", "nap", ["nap"], 2, { source, requiresSourceInPlay: true })
  const run = (rules: Policy.Rules, source: string) =>
    ok(
      Resolver.resolveSync(
        rules,
        GameEvent.make("e", [dmg("d", "nap", 3)]),
        Ledger.make([fromCharm(source)]),
        view,
        Chooser.firstLegal
      )
    )
  it("its source on the table: it applies (1 dealt); on the pile or in a graveyard: it does not (3 dealt)", () => {
    assert.strictEqual(dealt(run(zoned, "onTable"), "nap"), 1)
    assert.strictEqual(dealt(run(zoned, "onPile"), "nap"), 3)
    const r = run(zoned, "inGrave")
    assert.strictEqual(dealt(r, "nap"), 3)
    assert.isTrue(r.trace.some((t) => t._tag === "NotApplied" && t.reason === "sourceLeftZone"))
  })
  it("an open-ended set (every zone but the graveyard and the hand): a zone named after a place is in play", () => {
    const open: Policy.Rules = { ...affected, zones: { ...zones, inPlay: { except: ["grave", "hand"] } } }
    assert.strictEqual(dealt(run(open, "onPile"), "nap"), 1)
    assert.strictEqual(dealt(run(open, "inGrave"), "nap"), 3)
    assert.isTrue(Zones.contains({ except: ["grave"] }, "place-1"))
    assert.isFalse(Zones.contains(["table"], "place-1"))
  })
  it("without zones every source is in play: it applies wherever its source is", () => {
    assert.strictEqual(dealt(run(affected, "inGrave"), "nap"), 1)
  })
})
