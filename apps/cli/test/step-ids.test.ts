/**
 * Issue 28 point 8, stable event ids: the events a step makes (MTG's state-based actions, FaB's
 * beginning of the end phase, Riftbound's Special Cleanup at `advance`) are named after the step
 * — the `id:` written beside its kind, else its kind (an `advance`: the boundary it passes), then
 * `-2`, `-3` — never after its position, so inserting a step does not rename what `expect:`
 * names. A format-2 file keeps its old positional names: the migration writes them as `id:`.
 *
 * Mutant tried: naming the events by position again (`ctx.path`, as before) fails the first test
 * (the inserted step renames `stateBasedActions` to `steps[2].stateBasedActions`).
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { checkScenario, Migrate, parseScenario } from "@bulwark/scenario"
import { Result } from "effect"
import { assert, describe, it } from "vitest"
import * as Registry from "./installed.js"

const here = import.meta.dirname
const mtgX2 = readFileSync(
  join(here, "..", "..", "..", "packages", "mtg", "scenarios", "MTG-X2-deathtouch-regenerated.yaml"),
  "utf8"
)

const eventsOf = (text: string): ReadonlyArray<string> => {
  const loaded = parseScenario(text, "t.yaml", Registry.installed)
  if (Result.isFailure(loaded)) throw new Error(loaded.failure.message)
  return Object.keys(checkScenario(loaded.success).run.outcome.events).sort()
}

describe("stable event ids (issue 28 point 8)", () => {
  it("inserting a step before a state-based step renames none of its events (CR 704.3: a check, named by the step)", () => {
    const before = eventsOf(mtgX2)
    assert.includeMembers([...before], ["stateBasedActions", "stateBasedActions-2"])
    const inserted = mtgX2.replace(/^steps:\n/m, "steps:\n  - update: { object: viper, set: { power: 2 } }\n")
    assert.notStrictEqual(inserted, mtgX2)
    assert.deepStrictEqual(eventsOf(inserted), before)
  })

  it("an id written beside the step's kind names its events; two steps with one id are refused", () => {
    const named = mtgX2.replace(
      /^(\s+)- stateBasedActions: true$/m,
      "$1- { stateBasedActions: true, id: firstCheck }"
    )
    assert.notStrictEqual(named, mtgX2)
    const events = eventsOf(
      named.replace(/"stateBasedActions":/, "firstCheck:").replaceAll('"stateBasedActions:', '"firstCheck:')
    )
    assert.include([...events], "firstCheck")
    // the second check is still the second of its name
    assert.include([...events], "stateBasedActions-2")
    const twice = named.replace(
      /^(\s+)- stateBasedActions: true$/m,
      "$1- { stateBasedActions: true, id: firstCheck }"
    )
    const loaded = parseScenario(twice, "t.yaml", Registry.installed)
    assert.isTrue(Result.isFailure(loaded))
    if (Result.isFailure(loaded)) assert.include(loaded.failure.message, 'two steps have the id "firstCheck"')
  })

  it("a format-2 file keeps its positional names: the migration writes them as the steps' ids", () => {
    const format2 =
      "format: 2\nruleset: riftbound\nplayers: [A, B]\nobjects:\n  - { id: U, controller: B, types: [unit], might: 2 }\nsteps:\n  - event: { id: bolt, occurrences: [{ to: U, amount: 2 }] }\n  - advance: endOfTurn\n"
    const m = Migrate.migrateText(format2)
    if (Result.isFailure(m)) return assert.fail(m.failure.reason)
    assert.include(m.success.text, "id: endOfTurn.1")
    assert.includeMembers([...eventsOf(m.success.text)], ["endOfTurn.1.kill"])
    // read in memory, unmigrated: the same names
    assert.includeMembers([...eventsOf(format2)], ["endOfTurn.1.kill"])
    // written in format 4 without an id: named after the boundary
    assert.includeMembers([...eventsOf(format2.replace("format: 2", "format: 4"))], ["endOfTurn.kill"])
  })
})
