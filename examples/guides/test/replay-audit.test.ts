import { Chooser, type Decision } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { audit, type Ruling, rule } from "../src/replay-audit.js"
import { table } from "../src/stored-pending.js"

/** A ruling through JSON, as it comes back from storage. */
const stored = (r: Ruling): Ruling => JSON.parse(JSON.stringify(r)) as Ruling

const ruling = (): Ruling => {
  const r = rule(table(), Chooser.scripted(["double", "napShield"]))
  if (r === undefined) throw new Error("the ruling failed")
  return r
}

/**
 * The table of the stored-pending guide: CR 616.1 (each affected controller orders), APNAP
 * (ap first). ap doubles first on W: 3 × 2 − 2 = 4; nap shields first on Z: (3 − 2) × 2 = 2.
 */
describe("docs/guides/replay-audit.md", () => {
  it("a ruling replayed from its stored log stands, with who chose what under which rule", () => {
    const a = audit(stored(ruling()))
    assert.strictEqual(a._tag, "Stands")
    if (a._tag !== "Stands") return
    assert.deepStrictEqual(a.decisions.length, 2)
    assert.match(a.decisions[0] ?? "", /^ap chose "double" \(MTG CR 616\.1/)
    assert.match(a.decisions[1] ?? "", /^nap chose "napShield" \(MTG CR 616\.1/)
    assert.include(a.explanation, "616.1")
  })
  it("a changed answer gives another result: the audit shows both", () => {
    const r = stored(ruling())
    const changed: Ruling = {
      ...r,
      decisions: {
        ...r.decisions,
        log: r.decisions.log.map((d, i): Decision.LogEntry => (i === 0 ? { ...d, answer: "apShield" } : d))
      }
    }
    assert.deepStrictEqual(audit(changed), {
      _tag: "Differs",
      recorded: { W: 4, Z: 2 },
      replayed: { W: 2, Z: 2 }
    })
  })
  it("a log that names the wrong player for a decision is invalid (replay checks the chooser)", () => {
    const r = stored(ruling())
    const forged: Ruling = {
      ...r,
      decisions: {
        ...r.decisions,
        log: r.decisions.log.map((d, i) =>
          i === 0 ? { ...d, request: { ...d.request, chooser: "nap" } } : d
        )
      }
    }
    const a = audit(forged)
    assert.strictEqual(a._tag, "Invalid")
    if (a._tag === "Invalid")
      assert.include(a.problem, "asked of ap, but the log has d1 (ChooseEffect) asked of nap")
  })
  it("an answer that was never legal is invalid; a log that runs out is invalid", () => {
    const r = stored(ruling())
    const [first, second] = r.decisions.log
    const illegal = audit({
      ...r,
      decisions: { ...r.decisions, log: [{ ...first, answer: "napShield" }, second] }
    })
    assert.strictEqual(illegal._tag, "Invalid")
    if (illegal._tag === "Invalid") assert.include(illegal.problem, "illegal answer")
    const short = audit({ ...r, decisions: { ...r.decisions, log: r.decisions.log.slice(0, 1) } })
    assert.strictEqual(short._tag, "Invalid")
    if (short._tag === "Invalid") assert.include(short.problem, "no answer")
  })
  it("a record of another ruleset or rules version, or one that is not a record, is invalid naming why", () => {
    const r = stored(ruling())
    assert.strictEqual(r.decisions.ruleset, "mtg")
    const fab = audit({ ...r, decisions: { ...r.decisions, ruleset: "fab" } })
    assert.deepStrictEqual(fab, {
      _tag: "Invalid",
      problem: 'the stored record\'s ruleset is "fab", these rules need "mtg"'
    })
    const old = audit({ ...r, decisions: { ...r.decisions, rulesVersion: "MTG CR 2020" } })
    assert.isTrue(old._tag === "Invalid" && old.problem.includes("rulesVersion"))
    const garbage = audit({ ...r, decisions: "garbage" })
    assert.isTrue(garbage._tag === "Invalid" && garbage.problem.startsWith("invalid input at the root"))
    const noAnswer = audit({ ...r, decisions: { ...r.decisions, log: [{ answer: "x" }] } })
    assert.isTrue(noAnswer._tag === "Invalid" && noAnswer.problem.includes("log[0].request"))
  })
  it("a bare log, as rulings were stored before the record, still audits", () => {
    const r = stored(ruling())
    const bare = { ...r, decisions: r.decisions.log }
    assert.strictEqual(audit(bare)._tag, "Stands")
  })
})
