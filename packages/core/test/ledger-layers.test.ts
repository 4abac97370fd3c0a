/**
 * `Ledger.withStates`: a resolution's ledger is built in time proportional to what changed, by
 * layering the changed states over the previous record (built in full only when `state` is
 * read). Every way of reading the layered ledger must give what a plain copy gives — lookups,
 * the `state` record, JSON, the Schema — and a game that chains resolutions on a large ledger
 * must see every earlier change (a spent shield stays spent).
 */
import { assert, describe, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { Chooser, GameEvent, Ledger, type Replacement, Resolver } from "../src/index.js"
import { affected, prng, view } from "./fixtures.js"

const shield = (id: string, amount: number, recipient = "napUnit"): Replacement.Replacement => ({
  id,
  label: `prevent the next ${amount}`,
  controller: "nap",
  category: "prevention",
  watch: { family: "damage", subject: { _tag: "Id", ids: [recipient] } },
  action: { _tag: "Prevent", amount, scope: "shield" }
})

const plain = (l: Ledger.Ledger) => JSON.parse(JSON.stringify(l)) as Ledger.Ledger

describe("Ledger.withStates", () => {
  it("a copied record (9 to 32 effects, copied key by key) has the spread's keys, order and values", () => {
    for (const size of [9, 12, 32]) {
      const l0 = Ledger.make(Array.from({ length: size }, (_, i) => shield(`s${i}`, 3)))
      const changes = new Map<string, Ledger.EffectState>([
        ["s5", { remaining: 1, uses: 1, spent: false }],
        ["unknown", { uses: 2, spent: true }],
        ["s0", { remaining: 0, uses: 1, spent: true }]
      ])
      const expected: Record<string, Ledger.EffectState> = { ...l0.state }
      for (const [k, v] of changes) expected[k] = v
      const l1 = Ledger.withStates(l0, changes)
      assert.deepStrictEqual(Object.keys(l1.state), Object.keys(expected))
      assert.deepStrictEqual(l1.state, expected)
      assert.strictEqual(l1.effects, l0.effects)
    }
  })

  it("reads like a plain copy, for small (copied) and large (layered) ledgers", () => {
    for (const size of [3, 100, 2000]) {
      const l0 = Ledger.make(Array.from({ length: size }, (_, i) => shield(`s${i}`, 3)))
      const before = JSON.stringify(l0)
      const rand = prng(size)
      let model: Record<string, Ledger.EffectState> = { ...l0.state }
      let l = l0
      // 300 rounds of changes: layers merge while small, then rebase on a built record
      for (let round = 0; round < 300; round++) {
        const changes = new Map<string, Ledger.EffectState>()
        const n = 1 + Math.floor(rand() * 5)
        for (let j = 0; j < n; j++) {
          const id = `s${Math.floor(rand() * size)}`
          const remaining = Math.floor(rand() * 4)
          changes.set(id, { remaining, uses: round, spent: remaining === 0 })
        }
        l = Ledger.withStates(l, changes)
        model = { ...model, ...Object.fromEntries(changes) }
        changes.clear() // the ledger must not share the caller's map
        const probe = `s${Math.floor(rand() * size)}`
        assert.deepStrictEqual(Ledger.stateOf(l, probe), model[probe], `size ${size}, round ${round}`)
        assert.strictEqual(Ledger.remaining(l, probe), model[probe]?.remaining)
        assert.strictEqual(Ledger.isSpent(l, probe), model[probe]?.spent)
      }
      assert.deepStrictEqual(l.state, model)
      assert.deepStrictEqual(plain(l), { effects: plain(l0).effects, state: model })
      assert.deepStrictEqual(Object.keys(l), ["effects", "state"])
      assert.isTrue(Schema.is(Ledger.Ledger)(l))
      assert.strictEqual(JSON.stringify(l0), before, "the input ledger is never changed")
    }
  })

  it("returns the same ledger for no changes", () => {
    const l0 = Ledger.make([shield("s", 2)])
    assert.strictEqual(Ledger.withStates(l0, new Map()), l0)
  })

  it("chained resolutions on a ledger of 1 000 shields see every earlier change", () => {
    // "prevent the next 3 damage" (a shield): once it has prevented 3 it is used up and never
    // applies again. 1 000 shields on other objects; the two on napUnit are used in turn.
    const effects = [
      ...Array.from({ length: 998 }, (_, i) => shield(`other${i}`, 3, "apUnit")),
      shield("first", 3),
      shield("second", 3)
    ]
    let ledger = Ledger.make(effects)
    const dealt: Array<number> = []
    for (let hit = 0; hit < 3; hit++) {
      const event = GameEvent.make(`e${hit}`, [
        GameEvent.damage({ id: `i${hit}`, source: "src", recipient: "napUnit", amount: 2 })
      ])
      const r = Resolver.resolveSync(affected, event, ledger, view, Chooser.firstLegal, { trace: false })
      if (Result.isFailure(r)) throw new Error(r.failure.message)
      dealt.push(r.success.happened.reduce((n, o) => n + o.amount, 0))
      ledger = r.success.ledger
    }
    // 2 + 2 + 2 = 6 damage against 3 + 3 prevention: all prevented, both shields used up
    assert.deepStrictEqual(dealt, [0, 0, 0])
    assert.isTrue(Ledger.isSpent(ledger, "first"))
    assert.isTrue(Ledger.isSpent(ledger, "second"))
    assert.strictEqual(Ledger.remaining(ledger, "other5"), 3)
    assert.strictEqual(Object.keys(ledger.state).length, 1000)
    // "first" prevented 2 of the first hit and the last 1 of its 3 on the second: two uses
    assert.deepStrictEqual(ledger.state.first, { remaining: 0, uses: 2, spent: true })
    assert.deepStrictEqual(ledger.state.second, { remaining: 0, uses: 2, spent: true })
  })
})
