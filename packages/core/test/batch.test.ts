/**
 * GameView.batch: many setObject changes with one copy of the objects. The input view is never
 * changed, the result is the same as the changes applied one by one, and outside a batch
 * setObject still copies (a view handed out earlier never changes).
 */
import { assert, describe, it } from "@effect/vitest"
import { GameView } from "../src/index.js"

const view = (n: number) =>
  GameView.make({
    players: ["ap"],
    activePlayer: "ap",
    objects: Array.from({ length: n }, (_, i) => ({
      id: `c${i}`,
      kind: "object" as const,
      props: { damage: 0 }
    }))
  })

const hit = (v: GameView.GameView, id: string): GameView.GameView => {
  const o = v.objects[id] as GameView.GameObject
  return GameView.setObject(v, { ...o, props: { damage: (o.props.damage as number) + 1 } })
}

describe("GameView.batch", () => {
  it("gives the same view as the changes one by one, and leaves the input as it was", () => {
    const v0 = view(50)
    const ids = Array.from({ length: 120 }, (_, i) => `c${(i * 7) % 50}`)
    const oneByOne = ids.reduce(hit, v0)
    const batched = GameView.batch(v0, (d) => ids.reduce(hit, d))
    assert.deepStrictEqual(batched, oneByOne)
    assert.deepStrictEqual(v0, view(50))
  })

  it("after the batch, setObject copies again: the batch's result is not changed by later updates", () => {
    const v1 = GameView.batch(view(3), (d) => hit(d, "c0"))
    const v2 = hit(v1, "c0")
    assert.strictEqual(v1.objects.c0?.props.damage, 1)
    assert.strictEqual(v2.objects.c0?.props.damage, 2)
  })

  it("a batch of 100 000 changes to a view of 100 000 objects (one copy, not one per change)", {
    timeout: 120_000
  }, () => {
    const n = 100_000
    const v = GameView.batch(view(n), (d) => {
      let out = d
      for (let i = 0; i < n; i++) out = hit(out, `c${i}`)
      return out
    })
    assert.strictEqual(v.objects[`c${n - 1}`]?.props.damage, 1)
  })
})
