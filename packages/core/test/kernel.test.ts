/**
 * The kernel's capabilities, each on a small hand-built case with its expected result worked out
 * from the effect texts in the test names.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  Chooser,
  GameEvent,
  GameView,
  Ledger,
  type Policy,
  type Replacement,
  Resolver
} from "../src/index.js"
import { affected, dealt, declare, dmg, double, ok, plus, shield, view } from "./fixtures.js"

const resolve = (
  effects: ReadonlyArray<Replacement.Replacement>,
  occs: ReadonlyArray<GameEvent.Occurrence>,
  chooser: Chooser.SyncChooser = Chooser.firstLegal,
  rules: Policy.Rules = affected,
  v: GameView.GameView = view
) => ok(Resolver.resolveSync(rules, GameEvent.make("e", occs), Ledger.make(effects), v, chooser))

describe("prevention scopes", () => {
  it('shield: "prevent the next 4" over 3 then 3 → 0 dealt (1 left), then 2 dealt (gone)', () => {
    const first = resolve([shield("s", "nap", ["napUnit"], 4)], [dmg("a", "napUnit", 3)])
    assert.strictEqual(dealt(first, "napUnit"), 0)
    assert.strictEqual(Ledger.remaining(first.ledger, "s"), 1)
    const second = ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e2", [dmg("b", "napUnit", 3)]),
        first.ledger,
        view,
        Chooser.firstLegal
      )
    )
    assert.strictEqual(dealt(second, "napUnit"), 2)
    assert.isTrue(Ledger.isSpent(second.ledger, "s"))
  })

  it('fixed: "prevent 3" on 2 damage prevents 2, the leftover is discarded and the effect is used up', () => {
    const fixed = {
      ...shield("f", "nap", ["napUnit"], 3),
      action: { _tag: "Prevent", amount: 3, scope: "once" }
    } as const
    const r = resolve([fixed], [dmg("a", "napUnit", 2)])
    assert.strictEqual(dealt(r, "napUnit"), 0)
    assert.isTrue(Ledger.isSpent(r.ledger, "f"))
    const next = ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e2", [dmg("b", "napUnit", 2)]),
        r.ledger,
        view,
        Chooser.firstLegal
      )
    )
    assert.strictEqual(dealt(next, "napUnit"), 2)
  })

  it('static: "prevent 1 of each such damage" applies to each occurrence and is never used up', () => {
    const each = {
      ...shield("p1", "nap", [], 1),
      watch: { family: "damage" },
      action: { _tag: "Prevent", amount: 1, scope: "static" }
    } as const
    const r = resolve([each], [dmg("a", "napUnit", 2), dmg("b", "napAlly", 2), dmg("c", "apUnit", 3)])
    assert.deepStrictEqual([dealt(r, "napUnit"), dealt(r, "napAlly"), dealt(r, "apUnit")], [1, 1, 2])
    assert.isFalse(Ledger.isSpent(r.ledger, "p1"))
  })

  it('"the next time src would deal damage, prevent that damage": all 7, then used up; 3 more is dealt', () => {
    const next = {
      ...shield("n", "nap", [], 0),
      watch: { family: "damage", source: { _tag: "Id", ids: ["src"] } },
      action: { _tag: "Prevent", amount: "all", scope: "once" }
    } as const
    const r = resolve([next], [dmg("a", "nap", 7)])
    assert.strictEqual(dealt(r, "nap"), 0)
    const again = ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e2", [dmg("b", "nap", 3)]),
        r.ledger,
        view,
        Chooser.firstLegal
      )
    )
    assert.strictEqual(dealt(again, "nap"), 3)
  })

  it("a decrease applies after the prevention's full amount is spent: shield 3 → 0, only 2 prevented, 1 dealt", () => {
    const reduce: Replacement.Replacement = {
      id: "less",
      label: "The next prevention effect that prevents physical damage prevents 1 less",
      controller: "ap",
      category: "standard",
      watch: { family: "damage", kinds: { anyOf: ["physical"] } },
      action: { _tag: "ReducePrevention", by: 1 }
    }
    const r = resolve(
      [reduce, shield("s", "nap", ["napUnit"], 3)],
      [dmg("a", "napUnit", 3, { kinds: ["physical"] })]
    )
    assert.strictEqual(dealt(r, "napUnit"), 1)
    assert.strictEqual(Ledger.remaining(r.ledger, "s"), 0)
    assert.isTrue(Ledger.isSpent(r.ledger, "less"))
  })

  it("unpreventable damage: the shield applies, prevents 0, keeps 3; its additional effect still happens", () => {
    const s = {
      ...shield("s", "nap", ["napUnit"], 3),
      additional: [{ family: "removeCounter", subject: "subject" as const, amount: 1 }]
    }
    const r = resolve([s], [dmg("a", "napUnit", 4, { preventable: false })])
    assert.strictEqual(dealt(r, "napUnit"), 4)
    assert.strictEqual(Ledger.remaining(r.ledger, "s"), 3)
    assert.isTrue(
      r.happened.some((o) => o.family === "removeCounter" && o.subject === "napUnit" && o.amount === 1)
    )
  })
})

describe("replacements", () => {
  it("redirection is not prevention: it moves unpreventable damage, and the new recipient's effects then apply", () => {
    const redirect: Replacement.Replacement = {
      id: "r",
      label: "Damage to napUnit is dealt to napAlly instead",
      controller: "nap",
      category: "standard",
      watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
      action: { _tag: "Redirect", to: "napAlly" }
    }
    const r = resolve(
      [redirect, shield("s", "nap", ["napAlly"], 1)],
      [dmg("a", "napUnit", 3, { preventable: false }), dmg("b", "napUnit", 2)]
    )
    assert.strictEqual(dealt(r, "napUnit"), 0)
    // 3 unpreventable + 2 preventable to napAlly; the shield prevents 1 of the preventable 2
    assert.strictEqual(dealt(r, "napAlly"), 4)
  })

  it("an event replaced by one of another family (life gain → draw), which another effect then replaces (draw → return)", () => {
    const gainToDraw: Replacement.Replacement = {
      id: "g",
      label: "If you would gain life, draw that many cards instead",
      controller: "nap",
      category: "standard",
      watch: { family: "lifeGain", subject: { _tag: "Id", ids: ["nap"] } },
      action: { _tag: "Replace", with: [{ family: "draw", subject: "subject" }] }
    }
    const drawToReturn: Replacement.Replacement = {
      id: "d",
      label: "If you would draw a card, return a card from your graveyard to your hand instead",
      controller: "nap",
      category: "standard",
      watch: { family: "draw", subject: { _tag: "Id", ids: ["nap"] } },
      action: { _tag: "Replace", with: [{ family: "returnFromGraveyard", subject: "subject" }] }
    }
    const r = resolve(
      [gainToDraw, drawToReturn],
      [GameEvent.occurrence({ id: "gain", family: "lifeGain", subject: "nap", amount: 1 })]
    )
    assert.deepStrictEqual(
      r.happened.map((o) => [o.family, o.amount]),
      [["returnFromGraveyard", 1]]
    )
    const final = r.outcomes.find((o) => o.family === "returnFromGraveyard")
    assert.deepStrictEqual(final?.applied, ["g", "d"])
    assert.strictEqual(final?.origin, "gain")
  })

  it("zone change: two 'instead' effects, the chooser's choice wins and the other no longer applies", () => {
    const exile: Replacement.Replacement = {
      id: "exile",
      label: "If a card would be put into a graveyard, exile it instead",
      controller: "ap",
      category: "standard",
      watch: { family: "zoneChange", params: { to: "graveyard" } },
      action: { _tag: "SetParams", params: { to: "exile" } }
    }
    const library: Replacement.Replacement = {
      id: "library",
      label: "If napUnit would die, shuffle it into its owner's library instead",
      controller: "nap",
      category: "standard",
      watch: { family: "zoneChange", subject: { _tag: "Id", ids: ["napUnit"] }, params: { to: "graveyard" } },
      action: { _tag: "SetParams", params: { to: "library" } }
    }
    const dies = GameEvent.occurrence({
      id: "dies",
      family: "zoneChange",
      subject: "napUnit",
      params: { from: "battlefield", to: "graveyard" }
    })
    for (const [choice, to] of [
      ["exile", "exile"],
      ["library", "library"]
    ] as const) {
      const r = resolve([exile, library], [dies], Chooser.scripted([choice]))
      assert.strictEqual(r.happened[0]?.params.to, to)
      assert.strictEqual(r.decisions[0]?.request.chooser, "nap")
    }
  })

  it("a policy step can say why no one was asked, and the trace records it", () => {
    const declared: Policy.Rules = {
      ...affected,
      order: {
        ...affected.order,
        next: (ctx) => {
          const first = ctx.candidates[0]
          return first === undefined
            ? { _tag: "Done", progress: ctx.progress }
            : {
                _tag: "Apply",
                effect: first.id,
                progress: ctx.progress,
                tier: "any",
                rule: "T 9",
                chosenBy: "declared order"
              }
        }
      }
    }
    const r = resolve(
      [shield("s", "nap", ["napUnit"], 1)],
      [dmg("a", "napUnit", 2)],
      () => undefined,
      declared
    )
    const applied = r.trace.find((t) => t._tag === "Applied")
    assert.strictEqual(applied?._tag === "Applied" ? applied.chosenBy : undefined, "declared order")
  })

  it("a self-replacement tier goes before the others without a question", () => {
    const self = { ...plus("self", "ap", 1), category: "self" }
    const r = resolve([double("d", "ap"), self], [dmg("a", "napUnit", 2)], () => undefined)
    assert.strictEqual(dealt(r, "napUnit"), 6)
  })
})

describe("optional effects, costs, sub-events and limits", () => {
  const objects = [
    ...Object.values(view.objects),
    { id: "aura", kind: "object", controller: "nap", owner: "nap", zone: "arena", props: {} } as const
  ]
  const arena = GameView.make({ players: ["ap", "nap"], activePlayer: "ap", objects })
  const destroyIntoGraveyard: Policy.Rules = {
    ...declare,
    commit: (v, o) => {
      const obj = v.objects[o.subject]
      return o.family === "destroy" && obj !== undefined
        ? GameView.setObject(v, { ...obj, zone: "graveyard" })
        : v
    }
  }
  const ward = (optional: boolean): Replacement.Replacement => ({
    id: "ward",
    label: "Destroy this: prevent 1 of that damage",
    controller: "nap",
    source: "aura",
    category: "prevention",
    watch: { family: "damage", subject: { _tag: "Id", ids: ["nap"] } },
    action: { _tag: "Prevent", amount: 1, scope: "once" },
    cost: { family: "destroy", subject: "self" },
    requiresSourceIn: ["arena"],
    optional
  })

  it("the cost is a sub-event resolved first; the view then shows the source destroyed; the prevention still applies", () => {
    const r = resolve([ward(false)], [dmg("a", "nap", 3)], Chooser.firstLegal, destroyIntoGraveyard, arena)
    assert.deepStrictEqual(
      r.happened.map((o) => [o.family, o.subject, o.amount]),
      [
        ["destroy", "aura", 1],
        ["damage", "nap", 2]
      ]
    )
    assert.strictEqual(r.view.objects.aura?.zone, "graveyard")
  })

  it("a declined 'may' does nothing and pays nothing", () => {
    const r = resolve(
      [ward(true)],
      [dmg("a", "nap", 3)],
      Chooser.scripted([false]),
      destroyIntoGraveyard,
      arena
    )
    assert.strictEqual(dealt(r, "nap"), 3)
    assert.strictEqual(r.view.objects.aura?.zone, "arena")
    assert.deepStrictEqual(
      r.decisions.map((d) => d.request._tag),
      ["UseOptional"]
    )
  })

  // Riftbound 371.2.b: "If they do not, it has not been applied this turn." FaB 1.8.3a: "the
  // player instructed by the effect chooses whether or not to generate or apply the effect."
  it("a declined 'may' is not in the outcome's `applied` (it is `declined`), and is not offered again", () => {
    const r = resolve(
      [ward(true), shield("s", "nap", ["nap"], 1)],
      [dmg("a", "nap", 3)],
      Chooser.scripted(["ward", false]),
      destroyIntoGraveyard,
      arena
    )
    assert.strictEqual(dealt(r, "nap"), 2)
    const o = r.outcomes.find((x) => x.id === "a")
    assert.deepStrictEqual(o?.applied, ["s"])
    assert.deepStrictEqual(o?.declined, ["ward"])
    // asked once: declined, it is kept apart and not offered again for this occurrence
    assert.deepStrictEqual(
      r.decisions.map((d) => d.request._tag),
      ["ChooseEffect", "UseOptional"]
    )
    assert.isTrue(
      r.trace.some((t) => t._tag === "NotApplied" && t.effect === "ward" && t.reason === "declined")
    )
    // nothing declined: no `declined` key
    const used = resolve(
      [ward(true)],
      [dmg("a", "nap", 3)],
      Chooser.scripted([true]),
      destroyIntoGraveyard,
      arena
    )
    assert.deepStrictEqual(used.outcomes.find((x) => x.id === "a")?.applied, ["ward"])
    assert.isFalse(Object.hasOwn(used.outcomes.find((x) => x.id === "a") ?? {}, "declined"))
  })

  it("an effect whose source left its zone does not apply, and the trace says so", () => {
    const gone = GameView.setObject(arena, {
      id: "aura",
      kind: "object",
      controller: "nap",
      owner: "nap",
      zone: "graveyard",
      props: {}
    })
    const r = resolve([ward(false)], [dmg("a", "nap", 3)], Chooser.firstLegal, destroyIntoGraveyard, gone)
    assert.strictEqual(dealt(r, "nap"), 3)
    assert.isTrue(
      r.trace.some((t) => t._tag === "NotApplied" && t.effect === "ward" && t.reason === "sourceLeftZone")
    )
  })

  it("a cost that can't be paid makes the option unavailable", () => {
    const barrier = {
      ...ward(true),
      cost: { family: "payResources", subject: "controller" as const, amount: 2 },
      costPayable: {
        _tag: "Test",
        on: "self",
        filter: { _tag: "Prop", prop: "resources", op: "gte", value: 2 }
      }
    } as const
    const r = resolve([barrier], [dmg("a", "nap", 3)], () => undefined, destroyIntoGraveyard, arena)
    assert.strictEqual(dealt(r, "nap"), 3)
    assert.isTrue(r.trace.some((t) => t._tag === "NotApplied" && t.reason === "costUnpayable"))
  })

  it("once each turn: a declined 'may' does not use it up; after one use it waits for the boundary", () => {
    const once: Replacement.Replacement = {
      ...shield("o", "nap", ["napUnit"], 0),
      action: { _tag: "Prevent", amount: 1, scope: "static" },
      optional: true,
      limit: { times: 1, resetsAt: "endOfTurn" }
    }
    const l0 = Ledger.make([once])
    const run = (l: Ledger.Ledger, answers: ReadonlyArray<boolean>) =>
      ok(
        Resolver.resolveSync(
          affected,
          GameEvent.make("e", [dmg("a", "napUnit", 2)]),
          l,
          view,
          Chooser.scripted(answers)
        )
      )
    const declined = run(l0, [false])
    assert.strictEqual(Ledger.stateOf(declined.ledger, "o")?.uses, 0)
    const used = run(declined.ledger, [true])
    assert.strictEqual(dealt(used, "napUnit"), 1)
    const third = run(used.ledger, [])
    assert.strictEqual(dealt(third, "napUnit"), 2)
    assert.isTrue(third.trace.some((t) => t._tag === "NotApplied" && t.reason === "limitReached"))
    const nextTurn = run(Ledger.advance(used.ledger, "endOfTurn"), [true])
    assert.strictEqual(dealt(nextTurn, "napUnit"), 1)
  })
})

describe("named values", () => {
  // "prevent half of that damage, rounded down": a ruleset-supplied value read at application time
  const half: Replacement.Replacement = {
    id: "half",
    label: "Damage to napUnit is halved, rounded down",
    controller: "nap",
    category: "standard",
    watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
    action: { _tag: "Modify", op: "sub", value: { _tag: "Named", name: "half" } }
  }
  it("a named value is computed by the ruleset when the effect applies, and may read the batch", () => {
    const rules: Policy.Rules = {
      ...affected,
      values: { half: (ctx) => Math.ceil((ctx.occurrence?.amount ?? 0) / 2) + (ctx.batch?.length ?? 0) - 2 }
    }
    // 7 − (ceil(7 / 2) + 2 − 2) = 3; the batch holds two occurrences
    const r = resolve([half], [dmg("a", "napUnit", 7), dmg("b", "apUnit", 1)], Chooser.firstLegal, rules)
    assert.strictEqual(dealt(r, "napUnit"), 3)
  })
  it("an unknown or failing named value is a typed PredicateFailed error", () => {
    const missing = Resolver.resolveSync(
      affected,
      GameEvent.make("e", [dmg("a", "napUnit", 7)]),
      Ledger.make([half]),
      view,
      Chooser.firstLegal
    )
    assert.isTrue(
      Result.isFailure(missing) &&
        missing.failure._tag === "PredicateFailed" &&
        missing.failure.message.includes("half")
    )
    const nan = { ...affected, values: { half: () => Number.NaN } }
    const bad = Resolver.resolveSync(
      nan,
      GameEvent.make("e", [dmg("a", "napUnit", 7)]),
      Ledger.make([half]),
      view,
      Chooser.firstLegal
    )
    assert.isTrue(Result.isFailure(bad) && bad.failure._tag === "PredicateFailed")
  })
})

describe("results and additional effects", () => {
  const results: Policy.Rules = {
    ...affected,
    results: {
      rule: "T 120.3: damage to a player makes them lose that much life",
      results: (dealt) =>
        dealt.map((d) =>
          GameEvent.occurrence({
            id: `${d.id}:loss`,
            family: "lifeLoss",
            subject: d.subject,
            amount: d.amount
          })
        )
    }
  }
  it("damage becomes results, resolved together with the additional effects and replaceable in turn", () => {
    const gain: Replacement.Replacement = {
      id: "awe",
      label: "Prevent that damage; you gain life equal to the damage prevented this way",
      controller: "nap",
      category: "prevention",
      watch: { family: "damage", source: { _tag: "Id", ids: ["src"] } },
      action: { _tag: "Prevent", amount: "all", scope: "once" },
      additional: [{ family: "lifeGain", subject: "controller", amount: { _tag: "Prevented" } }]
    }
    const doubleGain: Replacement.Replacement = {
      id: "boon",
      label: "If you would gain life, you gain twice that much instead",
      controller: "nap",
      category: "standard",
      watch: { family: "lifeGain" },
      action: { _tag: "Modify", op: "mul", value: 2 }
    }
    const r = resolve(
      [gain, doubleGain],
      [dmg("a", "nap", 5), dmg("b", "nap", 5, { source: "src2" })],
      Chooser.firstLegal,
      results
    )
    assert.deepStrictEqual(
      r.happened.map((o) => [o.family, o.amount]),
      [
        ["damage", 5],
        ["lifeLoss", 5],
        ["lifeGain", 10]
      ]
    )
    assert.deepStrictEqual(
      r.notifications.map((n) => [n.effect, n.amount]),
      [["awe", 5]]
    )
  })

  it("fully prevented damage is not dealt and has no results", () => {
    const r = resolve([shield("s", "nap", ["nap"], 9)], [dmg("a", "nap", 5)], Chooser.firstLegal, results)
    assert.deepStrictEqual(r.happened, [])
  })
})
