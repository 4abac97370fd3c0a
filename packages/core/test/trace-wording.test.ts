/**
 * The trace says what happened (issue 31, point 9): a redirection names where the damage was and
 * where it goes; a question about a whole event names whom it affects; a rule that says several
 * things is quoted for the one that fits; a check with nothing to do says nothing; and every
 * sentence of the engine can be said in another language through `Words.texts`.
 */
import { assert, describe, it } from "@effect/vitest"
import {
  Chooser,
  Decision,
  GameEvent,
  GameView,
  Ledger,
  type Policy,
  type Replacement,
  Resolver,
  Ruleset,
  Trace,
  Words
} from "../src/index.js"
import { affected, declare, dmg, ok, shield, view } from "./fixtures.js"

const text = (trace: ReadonlyArray<Trace.Record>, words: Words.Words = {}): string =>
  Trace.render(trace, { words })

/**
 * MTG CR 614.9: "Some effects replace damage dealt to one battle, creature, planeswalker, or
 * player with the same damage dealt to another …; such effects are called redirection effects."
 */
describe("a redirection names the damage where it was and where it goes", () => {
  const redirect = (amount?: number): Replacement.Replacement => ({
    id: "r",
    label: "dealt to napAlly instead",
    controller: "nap",
    category: "standard",
    watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
    action:
      amount === undefined ? { _tag: "Redirect", to: "napAlly" } : { _tag: "Redirect", to: "napAlly", amount }
  })
  const run = (e: Replacement.Replacement, amount: number) =>
    ok(
      Resolver.resolveSync(
        affected,
        GameEvent.make("e", [dmg("d", "napUnit", amount)]),
        Ledger.make([e]),
        view,
        Chooser.firstLegal
      )
    )

  it("all of it: 'the 3 damage to napUnit to napAlly', never 'to napAlly to napAlly'", () => {
    const out = text(run(redirect(), 3).trace)
    assert.include(out, "redirects the 3 damage to napUnit to napAlly")
    assert.notInclude(out, "to napAlly to napAlly")
  })

  it("the next N, wholly used by a smaller occurrence: the same", () => {
    const out = text(run(redirect(2), 2).trace)
    assert.include(out, "redirects the 2 damage to napUnit to napAlly")
    assert.notInclude(out, "to napAlly to napAlly")
  })

  it("the record says whom the damage was to", () => {
    const applied = run(redirect(), 3).trace.find((t) => t._tag === "Applied")
    assert.strictEqual(applied?._tag === "Applied" ? applied.changes[0]?.subject : undefined, "napUnit")
  })
})

/**
 * T-c 1 (fixtures: `declare`, `Policy.slotsByPlayer` without a group key): the whole event is
 * ordered at once, as FaB 6.5 does — its effects are one group, "the event".
 */
describe("a question about a whole event names whom it affects", () => {
  const asked: Array<Decision.Request> = []
  const chooser: Chooser.SyncChooser = (request, state) => {
    asked.push(request)
    return Chooser.firstLegal(request, state)
  }
  Resolver.resolveSync(
    declare,
    GameEvent.make("e", [dmg("d", "napUnit", 3)]),
    Ledger.make([shield("s1", "nap", ["napUnit"], 1), shield("s2", "nap", ["napUnit"], 1)]),
    view,
    chooser
  )
  const request = asked.find((r) => r._tag === "ChooseEffect")

  it("the prompt and the missing-decision error: 'the event affecting napUnit'", () => {
    if (request === undefined) throw new Error("no ChooseEffect asked")
    assert.strictEqual(request._tag === "ChooseEffect" ? request.group : "", "event")
    assert.include(
      Decision.describe(request),
      "chooses which effect applies next to the event affecting napUnit: "
    )
    assert.include(Decision.missing(request).prompt, "the event affecting napUnit: ")
  })

  it("a stored request without subjects still reads 'the event'", () => {
    if (request?._tag !== "ChooseEffect") throw new Error("no ChooseEffect asked")
    const { subjects: _, ...old } = request
    assert.include(Decision.describe(old), "next to the event: ")
  })
})

describe("a rule that says several things is quoted for the situation", () => {
  const words: Words.Words = {
    rules: {
      "7.1": {
        text: "A shield prevents the next N damage.",
        chooses: "When two sources share a shield, its player chooses which damage it prevents."
      }
    }
  }

  it("an application quotes the shield sentence; a decision the choice sentence", () => {
    assert.deepStrictEqual(Words.sentences(words, "T 7.1", "applies"), [
      { rule: "7.1", text: "A shield prevents the next N damage." }
    ])
    assert.deepStrictEqual(Words.sentences(words, "T 7.1", "chooses"), [
      { rule: "7.1", text: "When two sources share a shield, its player chooses which damage it prevents." }
    ])
  })

  it("--explain under each record: the sentence that fits it", () => {
    const request: Decision.Request = {
      _tag: "Allocate",
      id: "d1",
      chooser: "nap",
      effect: "s",
      label: "shield",
      points: 1,
      targets: [
        { occurrence: "a", subject: "napUnit", source: "x", max: 1 },
        { occurrence: "b", subject: "napUnit", source: "y", max: 1 }
      ],
      rule: "T 7.1"
    }
    const out = Trace.render(
      [
        {
          _tag: "Applied",
          effect: "s",
          label: "shield",
          group: "napUnit",
          tier: "any",
          chosenBy: "only candidate",
          rule: "T 7.1",
          changes: [],
          notes: []
        },
        { _tag: "Decided", request, answer: { a: 1 } }
      ],
      { words, explain: true }
    ).split("\n")
    const applied = out.findIndex((l) => l.includes('s "shield"'))
    const decided = out.findIndex((l) => l.includes("divides"))
    assert.strictEqual(out[applied + 1], "      § 7.1 A shield prevents the next N damage.")
    assert.include(out[decided + 2] ?? "", "§ 7.1 When two sources share a shield")
  })
})

describe("a check with nothing to do says nothing (quiet steps)", () => {
  const nothing: Policy.Rules = { ...affected, fails: () => ({ reason: "nothing to check", rule: "T 9" }) }
  const check = (quiet: boolean, apply: (v: GameView.GameView) => GameView.GameView) =>
    Ruleset.run(
      nothing,
      {
        view,
        ledger: Ledger.empty,
        steps: [
          { _tag: "Update", label: "checking", apply, quiet },
          { _tag: "Event", event: GameEvent.make("check", [dmg("c", "napUnit", 1)]), quiet }
        ]
      },
      Chooser.firstLegal
    ).trace

  it("quiet: no trace at all when nothing changed and nothing happened", () => {
    assert.deepStrictEqual(
      check(true, (v) => v),
      []
    )
  })

  it("not quiet: the same steps say what they checked", () => {
    const out = text(check(false, (v) => v))
    assert.include(out, "ℹ checking")
    assert.include(out, "does not happen: nothing to check")
  })

  it("quiet, but the update changed the game: its note stays", () => {
    const out = text(check(true, (v) => GameView.setObject(v, { id: "marker", kind: "object", props: {} })))
    assert.include(out, "ℹ checking")
    assert.notInclude(out, "nothing to check")
  })
})

describe("the engine's sentences in the words given (Words.texts)", () => {
  const mine: Words.Words = {
    texts: {
      event: (id) => `Ereignis ${id}`,
      nothingHappens: "nichts geschieht",
      chooseEffect: (chooser, group, options) => `${chooser} wählt für ${group}: ${options}`,
      or: (xs) => xs.join(" oder ")
    }
  }

  it("the trace and the questions use them; core's English fills the rest", () => {
    const out = text(
      [
        { _tag: "EventStarted", event: "e", cause: "event", occurrences: [] },
        { _tag: "EventFinished", event: "e", happened: [] }
      ],
      mine
    )
    assert.strictEqual(out, "▶ Ereignis e: \n■ e: nichts geschieht")
    const q = Decision.question(
      {
        _tag: "ChooseEffect",
        id: "d1",
        chooser: "bob",
        options: [
          { effect: "a", label: "A" },
          { effect: "b", label: "B" }
        ],
        group: "Z",
        tier: "any",
        rule: "T 1"
      },
      mine
    )
    assert.strictEqual(q, 'bob wählt für Z: a "A" oder b "B"')
  })

  it("a note said by key reads in the words given, else as recorded", () => {
    const note: Trace.Record = {
      _tag: "Note",
      text: "new effects: s",
      rule: "scenario",
      phrase: { key: "newEffects", args: { effects: "s" } }
    }
    assert.strictEqual(text([note]), "  ℹ new effects: s (scenario)")
    assert.strictEqual(
      text([note], {
        texts: { notes: { newEffects: (a) => `neue Effekte: ${a["effects"]}` } },
        citations: { scenario: "Szenario" }
      }),
      "  ℹ neue Effekte: s (Szenario)"
    )
  })
})
