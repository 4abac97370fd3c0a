/**
 * The skeleton's default amount of an occurrence (`Language.amountless`): an event of a family
 * without a number — a death (Riftbound 428.1: "Killing is the action of a Permanent going to
 * the trash from the board."), a destruction of one permanent (MTG), Берсерк's «погибнуть» — happens once
 * when its occurrence names no `amount`; any other occurrence that names none has amount 0, and
 * an amount written is kept as written.
 */
import type { Language } from "@bulwark/core"
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { Skeleton } from "../src/index.js"

const words = (amountless?: ReadonlyArray<string>): Language.Language => ({
  turn: "active player",
  players: { fields: {} },
  objects: { fields: {}, defaultZone: "board" },
  effects: {},
  boundaries: [],
  durations: [],
  families: ["damage", "die"],
  ...(amountless === undefined ? {} : { amountless })
})

const amounts = (language: Language.Language): ReadonlyArray<number> => {
  const r = Skeleton.compileData(language, {
    players: ["a", "b"],
    objects: [{ id: "u", controller: "b" }],
    steps: [
      { event: { id: "d", family: "die", occurrences: [{ id: "d1", to: "u" }] } },
      { event: { id: "z", family: "die", occurrences: [{ id: "z1", to: "u", amount: 0 }] } },
      {
        event: {
          id: "h",
          occurrences: [
            { id: "h1", to: "u" },
            { id: "h2", family: "die", to: "u" }
          ]
        }
      }
    ]
  })
  if (Result.isFailure(r)) throw new Error(r.failure.message)
  return r.success.steps.flatMap((s) => (s._tag === "Event" ? s.event.occurrences.map((o) => o.amount) : []))
}

describe("an occurrence that names no amount", () => {
  it("of an amountless family happens once (the event's family or the occurrence's own); damage is 0; a written 0 stays 0", () => {
    assert.deepStrictEqual(amounts(words(["die"])), [1, 0, 0, 1])
  })

  it("mutant: a language that marks no family amountless makes the death 0 (it would silently not happen)", () => {
    assert.notDeepEqual(amounts(words()), amounts(words(["die"])))
    assert.deepStrictEqual(amounts(words()), [0, 0, 0, 0])
  })
})
