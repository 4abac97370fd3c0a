import { Chooser, Resolver } from "@bulwark/core"
import { ruleset } from "@bulwark/mtg"
import { assert, describe, it } from "@effect/vitest"
import { Predicate, Result } from "effect"
import { Audit, audit } from "../src/replay-audit.js"
import { answer, begin, Reply, type Store, type Stored, table } from "../src/stored-pending.js"

/** A store that keeps only text, as a database does: a "restart" is a new store from the text. */
const memory = (rows: Map<string, string> = new Map()): Store & { rows: Map<string, string> } => ({
  rows,
  get: (k) => rows.get(k),
  set: (k, t) => void rows.set(k, t),
  delete: (k) => void rows.delete(k)
})
const restart = (store: { rows: Map<string, string> }) => memory(new Map(store.rows))

/** The reply when it waits on a player; the test fails if the resolution is already done. */
const waiting = (r: Reply) =>
  Reply.$is("Waiting")(r) ? r : assert.fail("expected a decision, the resolution is done")

/** The reply when the resolution is done; the test fails if it still waits on a player. */
const finished = (r: Reply) =>
  Reply.$is("Done")(r)
    ? r
    : assert.fail(`expected the resolution done, it waits on ${JSON.stringify(r.request)}`)

const ok = <A, E extends { message: string }>(r: Result.Result<A, E>): A => {
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

/**
 * CR 616.1: each affected object's controller orders the effects on it; APNAP (CR 101.4): ap
 * decides first. Shield first on both: (3 − 2) × 2 = 2 each; ap doubling first on W: 3 × 2 − 2 = 4.
 */
describe("docs/guides/stored-pending.md", () => {
  it("two answers, a restart between them, and the same result as resolving in one go", () => {
    let store = memory()
    const first = waiting(ok(begin(store, "game-1", table())))
    assert.strictEqual(first.request.chooser, "ap")
    store = restart(store)
    const second = waiting(ok(answer(store, "game-1", first.request.id, "double")))
    assert.strictEqual(second.request.chooser, "nap")
    store = restart(store)
    const done = finished(ok(answer(store, "game-1", second.request.id, "napShield")))
    assert.deepStrictEqual(done.dealt, { W: 4, Z: 2 })
    assert.isFalse(store.rows.has("game-1"))
    const t = table()
    const direct = ok(
      Resolver.resolveSync(
        ruleset.rules,
        t.event,
        t.ledger,
        t.view,
        Chooser.scripted(["double", "napShield"])
      )
    )
    assert.deepStrictEqual(done.dealt, direct.dealt)
    assert.deepStrictEqual(done.view, direct.view)
    // the finished result keeps its decisions, as the record the audit guide replays
    assert.deepStrictEqual(done.decisions.log, direct.decisions)
    const a = audit(JSON.parse(JSON.stringify({ input: t, decisions: done.decisions, dealt: done.dealt })))
    assert.isTrue(Audit.$is("Stands")(a), JSON.stringify(a))
  })
  it("the stored record is plain JSON text", () => {
    const store = memory()
    ok(begin(store, "g", table()))
    const text = store.rows.get("g") ?? ""
    assert.deepStrictEqual(JSON.parse(JSON.stringify(JSON.parse(text))), JSON.parse(text))
    const record = (JSON.parse(text) as Stored).decisions
    assert.deepStrictEqual([record.format, record.ruleset, record.log.length], [1, "mtg", 0])
    assert.strictEqual(record.rulesVersion, ruleset.rulesVersion)
  })
  it("an illegal answer is a typed IllegalChoice and the record stays as it was", () => {
    const store = memory()
    const first = waiting(ok(begin(store, "g", table())))
    const before = store.rows.get("g")
    const r = answer(store, "g", first.request.id, "napShield") // not one of ap's options
    assert.isTrue(Result.isFailure(r) && Predicate.isTagged(r.failure, "IllegalChoice"))
    assert.strictEqual(store.rows.get("g"), before)
  })
  it("an answer to another decision, or of the wrong type, is refused naming what", () => {
    const store = memory()
    const first = waiting(ok(begin(store, "g", table())))
    const stale = answer(store, "g", "d-old", "double")
    assert.isTrue(Result.isFailure(stale) && stale.failure.message.includes("requestId"))
    const wrongType = answer(store, "g", first.request.id, 42)
    assert.isTrue(Result.isFailure(wrongType) && wrongType.failure.message.includes("answer"))
  })
  it('a tampered record (an amount of "3") is refused by Resolver.decodeInput', () => {
    const store = memory()
    ok(begin(store, "g", table()))
    store.rows.set("g", (store.rows.get("g") ?? "").replace('"amount":3', '"amount":"3"'))
    const r = answer(store, "g", "any", "double")
    assert.isTrue(Result.isFailure(r) && Predicate.isTagged(r.failure, "InvalidInput"))
    if (Result.isFailure(r)) assert.include(r.failure.message, "event.occurrences[0].amount")
  })
  it("a record of another ruleset or version is refused with IncompatibleRecord, and kept", () => {
    const store = memory()
    const first = waiting(ok(begin(store, "g", table())))
    const saved = JSON.parse(store.rows.get("g") ?? "") as Stored
    store.rows.set(
      "g",
      JSON.stringify({ ...saved, decisions: { ...saved.decisions, rulesVersion: "MTG CR 2020" } })
    )
    const r = answer(store, "g", first.request.id, "double")
    assert.isTrue(Result.isFailure(r) && Predicate.isTagged(r.failure, "IncompatibleRecord"))
    assert.isTrue(store.rows.has("g"))
  })
})
