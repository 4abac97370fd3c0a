/**
 * What a trigger reads in the outcome (issue 17): a `replaced` occurrence names the occurrences
 * that happened instead (`replacedBy`), as the kernel's own outcome does; none when it was
 * replaced by nothing, and none for one that happened.
 */
import { assert, describe, it } from "@effect/vitest"
import { Chooser, GameEvent, Ledger, type Replacement, Ruleset } from "../src/index.js"
import { affected, dmg, view } from "./fixtures.js"

const instead = (id: string, by: ReadonlyArray<Replacement.Template>): Replacement.Replacement => ({
  id,
  label: "instead",
  controller: "nap",
  category: "replacement",
  watch: { family: "damage", subject: { _tag: "Id", ids: ["napUnit"] } },
  action: { _tag: "Replace", with: by }
})

const run = (effects: ReadonlyArray<Replacement.Replacement>) =>
  Ruleset.run(
    affected,
    {
      view,
      ledger: Ledger.make(effects),
      steps: [{ _tag: "Event", event: GameEvent.make("e", [dmg("a", "napUnit", 3)]) }]
    },
    Chooser.firstLegal
  ).outcome.events.e?.occurrences ?? {}

describe("Ruleset outcome: replacedBy", () => {
  it("a replaced occurrence names what happened instead; the replacing one names nothing", () => {
    const occ = run([instead("x", [{ family: "draw", subject: "controller" }])])
    const [made] = occ.a?.replacedBy ?? []
    assert.strictEqual(occ.a?.status, "replaced")
    assert.isDefined(made)
    assert.strictEqual(occ[made as string]?.family, "draw")
    assert.deepStrictEqual(occ[made as string]?.replacedBy, [])
  })

  it("replaced by nothing: an empty replacedBy; not replaced: an empty replacedBy (a negative control)", () => {
    const none = run([instead("x", [])])
    assert.strictEqual(none.a?.status, "replaced")
    assert.deepStrictEqual(none.a?.replacedBy, [])
    const plain = run([])
    assert.strictEqual(plain.a?.status, "happened")
    assert.deepStrictEqual(plain.a?.replacedBy, [])
  })
})
