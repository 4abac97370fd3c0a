/** Test helpers: compile a FaB scenario written as format-2 data and run it with scripted answers. */
import { Chooser, type Decision, type GameView, type Kernel, Ruleset } from "@bulwark/core"
import { Migrate, Skeleton } from "@bulwark/scenario"
import { Result } from "effect"
import { ruleset, Scenario } from "../src/index.js"

/** A scenario (the ruleset's part of a format-2 file) as data. */
export type Data = Readonly<Record<string, unknown>>

/** An effect as a format-2 file writes it: `{ kind, id, … }`. */
export type Effect = { readonly kind: string } & Readonly<Record<string, unknown>>

/**
 * A format-2 scenario written as data, in the current format: read through `Migrate.migrateData`
 * (format 2 → 3), as a format-2 file is.
 */
export const current = (s: Data): Data => {
  const up = Migrate.migrateData({ format: 2, ruleset: "fab", ...s })
  if (Result.isFailure(up)) throw new Error(up.failure.reason)
  return up.success as Data
}

/** Compiles a format-2 scenario or throws with the compile error. */
export const compile = (s: Data): Ruleset.Compiled => {
  const c = Skeleton.compileData(Scenario.language, current(s))
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return c.success
}

/** The starting view of a format-2 scenario. */
export const viewOf = (s: Data): GameView.GameView => compile({ steps: [], ...s }).view

/** Runs a scenario: the scripted answers first, then the first legal answer. */
export const run = (
  s: Data,
  answers: ReadonlyArray<Decision.Answer> = [],
  options?: Kernel.Options
): Ruleset.RunResult => {
  const script = Chooser.scripted(answers)
  return Ruleset.run(
    ruleset.rules,
    compile(s),
    (request, state) =>
      state.log.length < answers.length ? script(request, state) : Chooser.firstLegal(request, state),
    options
  )
}

/** Two heroes (alice is the turn-player), an action card of alice's and bob's ally. */
export const base = {
  turn: "alice",
  players: ["alice", { id: "bob", resources: 3 }],
  objects: [
    { id: "S", controller: "alice", zone: "stack", types: ["action"] },
    { id: "T", controller: "alice", zone: "stack", types: ["action"] },
    { id: "ally", controller: "bob", types: ["ally"], life: 4 },
    { id: "helm", controller: "bob", types: ["equipment"] }
  ]
} as const

/** An occurrence of an `event` step: `{ id?, source, to, amount, kinds?, unpreventable? }`. */
export interface Occurrence {
  readonly id?: string
  readonly source: string
  readonly to: string
  readonly amount: number
  readonly kinds?: ReadonlyArray<string>
  readonly unpreventable?: boolean
}

/** An `event` step's value. */
export interface Damage {
  readonly id: string
  readonly occurrences: ReadonlyArray<Occurrence>
}

/** A one-event scenario on top of {@link base}. */
export const oneEvent = (effects: ReadonlyArray<Effect>, event: Damage, more: Data = {}): Data => ({
  ...base,
  effects,
  steps: [{ event }],
  ...more
})

/** `source` deals `amount` damage to `to` as the event `id` (`more`: kinds, unpreventable). */
export const damage = (
  id: string,
  source: string,
  to: string,
  amount: number,
  more: Partial<Occurrence> = {}
): { readonly event: Damage } => ({ event: { id, occurrences: [{ source, to, amount, ...more }] } })

/** The event "e1": S deals `amount` damage to bob (`more` adds kinds, `unpreventable`, …). */
export const toBob = (amount: number, more: Partial<Occurrence> = {}): Damage =>
  damage("e1", "S", "bob", amount, more).event
