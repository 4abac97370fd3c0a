/**
 * An occurrence changed by effects keeps its keys, in their order, and its values (the kernel
 * copies it without a spread when its keys are one of the layouts `GameEvent` makes: the copy
 * must be what `{ ...occ, amount }` gives). Invariant 9 ("proposed + modifications − prevented =
 * dealt") is checked on the same resolutions.
 */
import { assert, describe, it } from "@effect/vitest"
import { GameEvent, Kernel, Ledger, type Replacement } from "../src/index.js"
import { affected, view } from "./fixtures.js"

const add = (id: string, n: number): Replacement.Replacement => ({
  id,
  label: `+${n}`,
  controller: "nap",
  category: "standard",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Modify", op: "add", value: n }
})

const shield = (id: string, n: number): Replacement.Replacement => ({
  id,
  label: `prevent the next ${n}`,
  controller: "nap",
  category: "prevention",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Prevent", amount: n, scope: "shield" }
})

/** Three effects in a row on one occurrence: +1, +2 (each asked first), then a shield of 1. */
const resolve = (occ: GameEvent.Occurrence) => {
  let step = Kernel.start(
    affected,
    GameEvent.make("e", [occ]),
    Ledger.make([add("a1", 1), add("a2", 2), shield("s", 1)]),
    view,
    { trace: false }
  )
  while (step._tag === "Pending") {
    const r = step.request
    step = Kernel.resume(step.state, r._tag === "ChooseEffect" ? (r.options[0]?.effect as string) : true)
  }
  if (step._tag !== "Done") throw new Error(step._tag)
  return step.resolution
}

const cases: ReadonlyArray<readonly [string, GameEvent.Occurrence]> = [
  ["GameEvent.damage", GameEvent.damage({ id: "i", source: "src", recipient: "napUnit", amount: 3 })],
  [
    "GameEvent.occurrence with a source",
    GameEvent.occurrence({ id: "i", family: "damage", subject: "napUnit", source: "src", amount: 3 })
  ],
  [
    "GameEvent.occurrence without a source",
    GameEvent.occurrence({ id: "i", family: "damage", subject: "napUnit", amount: 3 })
  ],
  [
    "written by hand, keys in another order, one more key",
    {
      amount: 3,
      subject: "napUnit",
      id: "i",
      family: "damage",
      kinds: [],
      preventable: true,
      params: {},
      source: "src",
      note: "kept"
    } as GameEvent.Occurrence
  ]
]

describe("an occurrence changed by effects", () => {
  for (const [name, occ] of cases)
    it(`keeps its keys in their order and its other values: ${name}`, () => {
      const r = resolve(occ)
      const happened = r.happened[0] as GameEvent.Occurrence
      assert.deepStrictEqual(Object.keys(happened), Object.keys(occ))
      // 3 + 1 + 2 − 1 prevented
      assert.deepStrictEqual({ ...happened }, { ...occ, amount: 5 })
      const out = r.outcomes[0] as Kernel.Outcome
      assert.strictEqual(out.proposed + out.modified - out.prevented, out.amount)
      assert.deepStrictEqual(out.applied, ["a1", "a2", "s"])
    })
})
