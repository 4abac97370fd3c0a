/**
 * A trace in a player's words: core's neutral words where a ruleset has none, the ruleset's
 * words (tier names, family phrases, rule sentences) where it has them, and the rule numbers a
 * citation names. The in-test ruleset "affected" says (T-a 1) "the affected object's controller
 * chooses which applicable effect applies next"; its words call the tier "any" "other effects"
 * and bundle the sentence of rule T-a 1.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import {
  type Chooser,
  Decision,
  GameEvent,
  type Kernel,
  Ledger,
  Resolver,
  Trace,
  Words
} from "../src/index.js"
import { affected, dmg, double, shield, view } from "./fixtures.js"

const shieldFirst: Chooser.SyncChooser = (r) => (r._tag === "ChooseEffect" ? "s" : undefined)
const doubleFirst: Chooser.SyncChooser = (r) => (r._tag === "ChooseEffect" ? "x" : undefined)

const resolve = (): Kernel.Resolution => {
  const effects = [shield("s", "nap", ["napUnit"], 2), double("x", "ap")]
  const r = Resolver.resolveSync(
    affected,
    GameEvent.make("e", [dmg("d", "napUnit", 3, { source: "src" })]),
    Ledger.make(effects),
    view,
    doubleFirst
  )
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

const resolveShieldFirst = (): Kernel.Resolution => {
  const r = Resolver.resolveSync(
    affected,
    GameEvent.make("e", [dmg("d", "napUnit", 3, { source: "src" })]),
    Ledger.make([shield("s", "nap", ["napUnit"], 2), double("x", "ap")]),
    view,
    shieldFirst
  )
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

const words: Words.Words = {
  tiers: { any: "other effects" },
  rules: { "1": "never used", "2.1": "The affected object's controller chooses." }
}

describe("Words.citedRules", () => {
  it("reads the rule numbers of a citation and ignores the words around them", () => {
    assert.deepStrictEqual(Words.citedRules("MTG CR 120.3, 120.4c"), ["120.3", "120.4c"])
    assert.deepStrictEqual(Words.citedRules("MTG CR 616.1a (614.15)"), ["616.1a", "614.15"])
    assert.deepStrictEqual(Words.citedRules("FaB 6.4.10j"), ["6.4.10j"])
    assert.deepStrictEqual(
      Words.citedRules("Riftbound 372: the controller of the object being acted on orders"),
      ["372"]
    )
  })

  it("names both ends of a range, written in full or as a last part", () => {
    assert.deepStrictEqual(Words.citedRules("Riftbound 437.2–437.3: the Prevent Value"), ["437.2", "437.3"])
    assert.deepStrictEqual(Words.citedRules("465.2.c.4–5 examples"), ["465.2.c.4", "465.2.c.5"])
    assert.deepStrictEqual(Words.citedRules("Riftbound 367–375: a replacement effect"), ["367", "375"])
  })

  it("is not fooled by years, versions or small numbers", () => {
    assert.deepStrictEqual(Words.citedRules("Core Rules (Last Updated 2026-07-16), v1.4"), [])
    assert.deepStrictEqual(Words.citedRules("prevent the next 2 damage"), [])
    assert.deepStrictEqual(Words.citedRules("an occurrence at 0 does not happen"), [])
  })
})

describe("Words", () => {
  it("core's words for damage, with and without a source", () => {
    assert.strictEqual(
      Words.damage.would({ family: "damage", subject: "Z", source: "src", amount: 3 }),
      "src would deal 3 damage to Z"
    )
    assert.strictEqual(
      Words.damage.does({ family: "damage", subject: "Z", amount: 2 }),
      "Z is dealt 2 damage"
    )
  })

  it("a ruleset's family words replace core's, others fall back to neutral", () => {
    const w: Words.Words = {
      families: {
        damage: { would: () => "wounds", does: () => "wounds dealt", amount: (n) => `${n} wounds` }
      }
    }
    assert.strictEqual(Words.family(w, "damage").amount(5), "5 wounds")
    assert.strictEqual(
      Words.family(w, "heal").does({ family: "heal", subject: "C", amount: 1 }),
      "heal 1 happens to C"
    )
    assert.strictEqual(Words.tier(w, "any"), "any")
  })

  it("sentences: only rules the ruleset bundles", () => {
    assert.deepStrictEqual(Words.sentences(words, "T-a 2.1, 2.2"), [
      { rule: "2.1", text: "The affected object's controller chooses." }
    ])
    assert.deepStrictEqual(Words.sentences({}, "T-a 2.1"), [])
  })
})

describe("Trace.render in a player's words", () => {
  it("says what each effect did, with amounts before and after", () => {
    const r = resolve()
    const text = Trace.render(r.trace, { effects: r.ledger.effects })
    // nap applies the double first (3 → 6), then the shield prevents 2 (6 → 4)
    assert.include(text, "▶ event e: src would deal 3 damage to napUnit [d]")
    assert.include(text, "doubles the 3 damage to napUnit: 3 → 6")
    assert.include(text, "prevents 2 of the 6 damage to napUnit: 6 → 4; the shield is used up (2 → 0)")
    assert.include(text, "■ e: src deals 4 damage to napUnit")
  })

  it("without the effects, the change is still told from the amounts", () => {
    const text = Trace.render(resolve().trace)
    assert.include(text, "raises the 3 damage to napUnit: 3 → 6")
  })

  it("names the tier as the ruleset's words name it", () => {
    const r = resolveShieldFirst()
    assert.include(Trace.render(r.trace), "now (any): ")
    const text = Trace.render(r.trace, { words })
    assert.include(text, "effects that can apply to napUnit now (other effects): ")
    assert.notInclude(text, "(any)")
  })

  it("explain: a cited rule's sentence under its first citation only", () => {
    const records: ReadonlyArray<Trace.Record> = [
      { _tag: "Note", text: "one", rule: "T-a 2.1" },
      { _tag: "Note", text: "two", rule: "T-a 2.1" }
    ]
    assert.strictEqual(Trace.render(records, { words }), "  ℹ one (T-a 2.1)\n  ℹ two (T-a 2.1)")
    assert.strictEqual(
      Trace.render(records, { words, explain: true }),
      "  ℹ one (T-a 2.1)\n      § 2.1 The affected object's controller chooses.\n  ℹ two (T-a 2.1)"
    )
  })

  it("Trace.lines carries the sentences for a page to show next to the number", () => {
    const [line] = Trace.lines([{ _tag: "Note", text: "one", rule: "T-a 2.1" }], { words })
    assert.strictEqual(line?.rule, "T-a 2.1")
    assert.deepStrictEqual(line?.sentences, [
      { rule: "2.1", text: "The affected object's controller chooses." }
    ])
  })
})

describe("one question text for the trace, the prompt and the missing-decision error", () => {
  /** T-a 1: the affected object's controller (nap) chooses which applicable effect applies next. */
  it("the trace's question is Decision.question; describe and missing add the rule to it", () => {
    const r = resolveShieldFirst()
    const decided = r.trace.find((x) => x._tag === "Decided")
    if (decided?._tag !== "Decided") throw new Error("no decision in the trace")
    const [line] = Trace.lines([decided], { words })
    const question = Decision.question(decided.request, words)
    assert.strictEqual(line?.text, question)
    assert.match(
      question,
      /^nap chooses which effect applies next to napUnit: (s|x) "[^"]+" or (s|x) "[^"]+"$/
    )
    assert.strictEqual(Decision.describe(decided.request, words), `${question} (${decided.request.rule})`)
    assert.strictEqual(
      Decision.missing(decided.request, words).prompt,
      Decision.describe(decided.request, words)
    )
  })

  const whole: Decision.Request = {
    _tag: "ChooseEffect",
    id: "d1",
    chooser: "bob",
    options: [
      { effect: "shield", label: "Prevent the next 2 damage" },
      { effect: "barrier", label: "Arcane Barrier 1" }
    ],
    group: "event",
    tier: "prevention",
    rule: "T-s 5"
  }

  it("a policy's whole-event group reads as the event, not as its key", () => {
    assert.strictEqual(
      Decision.describe(whole),
      'bob chooses which effect applies next to the event: shield "Prevent the next 2 damage" or barrier "Arcane Barrier 1" (T-s 5)'
    )
    assert.strictEqual(Words.group({}, "event", ["bob", "alice"]), "the event affecting bob and alice")
    assert.strictEqual(Words.group({}, "Z", ["Z"]), "Z")
  })

  it("the prompt and the error speak the ruleset's words when it has them", () => {
    const own: Words.Words = {
      groups: { event: (subjects) => `the attack on ${subjects.join(", ") || "someone"}` }
    }
    assert.include(Decision.describe(whole, own), "applies next to the attack on someone: ")
    assert.include(Decision.missing(whole, own).prompt, "applies next to the attack on someone: ")
  })

  // a division is a prevention's or a redirection's (MTG 614.9 with 616.1): "of", not "prevents"
  it("an allocation names the occurrences by what they are, not only by id", () => {
    const text = Decision.question({
      _tag: "Allocate",
      id: "d1",
      chooser: "bob",
      effect: "s",
      label: "Prevent the next 3 damage",
      points: 3,
      targets: [
        { occurrence: "x", subject: "B", source: "X", max: 2 },
        { occurrence: "y", subject: "B", max: 2 }
      ],
      rule: "T-a 2"
    })
    assert.strictEqual(
      text,
      'bob divides the 3 of s "Prevent the next 3 damage" among x (to B from X), at most 2; y (to B), at most 2'
    )
  })
})

describe("an occurrence's parameters reach its family's words", () => {
  const counters: Words.Words = {
    families: {
      addCounters: {
        would: (o) => `${o.subject} would get ${o.amount} ${String(o.params?.["counter"] ?? "")} counters`,
        does: (o) => `${o.subject} gets ${o.amount} ${String(o.params?.["counter"] ?? "")} counters`,
        amount: (n) => `${n} counters`
      }
    }
  }

  it("the trace records the parameters and the words read them", () => {
    const r = Resolver.resolveSync(
      affected,
      GameEvent.make("e", [
        GameEvent.occurrence({
          id: "c",
          family: "addCounters",
          subject: "napUnit",
          amount: 2,
          params: { counter: "-1/-1" }
        })
      ]),
      Ledger.make([]),
      view,
      shieldFirst
    )
    if (Result.isFailure(r)) throw new Error(r.failure.message)
    const text = Trace.render(r.success.trace, { words: counters })
    assert.include(text, "▶ event e: napUnit would get 2 -1/-1 counters [c]")
    assert.include(text, "■ e: napUnit gets 2 -1/-1 counters")
  })
})

describe("Words.spaced", () => {
  it("an identifier as words; a phrase or an acronym as it is", () => {
    assert.strictEqual(Words.spaced("endOfCombat"), "end of combat")
    assert.strictEqual(Words.spaced("end_of_turn"), "end of turn")
    assert.strictEqual(Words.spaced("end of turn"), "end of turn")
    assert.strictEqual(Words.spaced("MTG"), "MTG")
  })
})
