import { Chooser, type Decision } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Audit, audit, type Ruling, rule } from "../src/replay-audit.js"
import { table } from "../src/stored-pending.js"

/** A ruling through JSON, as it comes back from storage. */
const stored = (r: Ruling): Ruling => JSON.parse(JSON.stringify(r)) as Ruling

/** The audit when the ruling stands; the test fails naming what the audit found otherwise. */
const stands = (a: Audit) =>
  Audit.$is("Stands")(a) ? a : assert.fail(`expected the ruling to stand, got ${JSON.stringify(a)}`)

/** The problem an audit found; the test fails if it found none. */
const problem = (a: Audit): string =>
  Audit.$match(a, {
    Invalid: (i) => i.problem,
    Stands: () => assert.fail("expected an invalid ruling, it stands"),
    Differs: (d) => assert.fail(`expected an invalid ruling, it differs: ${JSON.stringify(d)}`)
  })

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
    const a = stands(audit(stored(ruling())))
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
    assert.deepStrictEqual(
      audit(changed),
      Audit.Differs({ recorded: { W: 4, Z: 2 }, replayed: { W: 2, Z: 2 } })
    )
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
    assert.include(problem(audit(forged)), "asked of ap, but the log has d1 (ChooseEffect) asked of nap")
  })
  it("an answer that was never legal is invalid; a log that runs out is invalid", () => {
    const r = stored(ruling())
    const [first, second] = r.decisions.log
    const illegal = audit({
      ...r,
      decisions: { ...r.decisions, log: [{ ...first, answer: "napShield" }, second] }
    })
    assert.include(problem(illegal), "illegal answer")
    const short = audit({ ...r, decisions: { ...r.decisions, log: r.decisions.log.slice(0, 1) } })
    assert.include(problem(short), "no answer")
  })
  it("a record of another ruleset or rules version, or one that is not a record, is invalid naming why", () => {
    const r = stored(ruling())
    assert.strictEqual(r.decisions.ruleset, "mtg")
    const fab = audit({ ...r, decisions: { ...r.decisions, ruleset: "fab" } })
    assert.deepStrictEqual(
      fab,
      Audit.Invalid({ problem: 'the stored record\'s ruleset is "fab", these rules need "mtg"' })
    )
    const old = audit({ ...r, decisions: { ...r.decisions, rulesVersion: "MTG CR 2020" } })
    assert.include(problem(old), "rulesVersion")
    const garbage = audit({ ...r, decisions: "garbage" })
    assert.match(problem(garbage), /^invalid input at the root/)
    const noAnswer = audit({ ...r, decisions: { ...r.decisions, log: [{ answer: "x" }] } })
    assert.include(problem(noAnswer), "log[0].request")
  })
  it("a bare log, as rulings were stored before the record, still audits", () => {
    const r = stored(ruling())
    const bare = { ...r, decisions: r.decisions.log }
    stands(audit(bare))
  })
})
