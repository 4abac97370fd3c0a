import { Chooser, type Decision, Expect, Ruleset } from "@bulwark/core"
import { Migrate, Skeleton } from "@bulwark/scenario"
import { Result } from "effect"
import { ruleset } from "../src/index.js"
import { language } from "../src/Scenario.js"

/**
 * A format-2 scenario written as data, in the current format: read through `Migrate.migrateData`
 * (format 2 → 3), as a format-2 file is.
 */
export const current = (scenario: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  const up = Migrate.migrateData({ format: 2, ruleset: "mtg", ...scenario })
  if (Result.isFailure(up)) throw new Error(up.failure.reason)
  return up.success as Readonly<Record<string, unknown>>
}

/** Decodes (unknown keys are errors) and compiles a format-2 scenario written as data. */
export const compile = (scenario: Readonly<Record<string, unknown>>): Ruleset.Compiled => {
  const compiled = Skeleton.compileData(language, current(scenario))
  if (Result.isFailure(compiled)) throw new Error(compiled.failure.message)
  return compiled.success
}

/** Compiles and runs a format-2 scenario written as data. */
export const run = (
  scenario: Readonly<Record<string, unknown>>,
  options: { readonly decisions?: ReadonlyArray<Decision.Answer>; readonly best?: boolean } = {}
): Ruleset.RunResult => {
  const compiled = compile(scenario)
  const script = options.decisions ?? []
  const rest = options.best === true ? Chooser.bestForChooser() : Chooser.firstLegal
  const chooser: Chooser.SyncChooser = (request, state) =>
    state.log.length < script.length ? script[state.log.length] : rest(request, state)
  return Ruleset.run(ruleset.rules, compiled, chooser)
}

/** The mismatches between an expectation and a run's outcome (empty when it matches). */
export const mismatches = (r: Ruleset.RunResult, expected: Readonly<Record<string, unknown>>): string =>
  Expect.render(Expect.outcome(expected, r.outcome))

/** A creature entry. */
export const creature = (
  id: string,
  controller: string,
  extra: Readonly<Record<string, unknown>> = {}
): Record<string, unknown> => ({ id, controller, types: ["Creature"], power: 2, toughness: 2, ...extra })

/** A spell on the stack. */
export const spell = (id: string, controller: string, colors: ReadonlyArray<string> = ["red"]) => ({
  id,
  controller,
  zone: "stack",
  types: ["Instant"],
  colors
})

/**
 * CR 615.7's "two or more applicable sources at the same time": creature B (nap) with a shield
 * `s` ("prevent the next `shield` damage"), dealt `x` and `y` damage at once by ap's creatures X
 * and Y (damage ids `x` and `y`, event `e`).
 */
export const shieldedFromTwo = (o: {
  readonly shield: number
  readonly x: number
  readonly y: number
  readonly shieldController?: string
  readonly toughness?: number
}) => ({
  players: ["ap", "nap"],
  objects: [
    creature("B", "nap", o.toughness === undefined ? {} : { toughness: o.toughness }),
    creature("X", "ap"),
    creature("Y", "ap")
  ],
  effects: [{ kind: "shield", id: "s", controller: o.shieldController ?? "nap", to: "B", amount: o.shield }],
  steps: [
    {
      event: {
        id: "e",
        occurrences: [
          { id: "x", source: "X", to: "B", amount: o.x },
          { id: "y", source: "Y", to: "B", amount: o.y }
        ]
      }
    }
  ]
})

/**
 * A format-1 scenario written as data, migrated to format 2 (`Migrate.migrateData`). Only for the
 * large resolution tests whose data predate format 2 (ordering.test.ts): the migration is tested
 * on its own (packages/scenario/test/migrate-mtg.test.ts and the frozen outcomes).
 */
export const fromFormat1 = (
  scenario: Readonly<Record<string, unknown>>
): Readonly<Record<string, unknown>> => {
  const r = Migrate.migrateData({ ruleset: "mtg", ...scenario })
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return r.success as Readonly<Record<string, unknown>>
}
