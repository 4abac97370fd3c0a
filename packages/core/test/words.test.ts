/**
 * A trace in a player's words: core's neutral words where a ruleset has none, the ruleset's
 * words (tier names, family phrases, rule sentences) where it has them, and the rule numbers a
 * citation names. The in-test ruleset "affected" says (T-a 1) "the affected object's controller
 * chooses which applicable effect applies next"; its words call the tier "any" "other effects"
 * and bundle the sentence of rule T-a 1.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { type Chooser, GameEvent, type Kernel, Ledger, Resolver, Trace, Words } from "../src/index.js"
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
