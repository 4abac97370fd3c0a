/** Test helpers: compile a FaB scenario (as data) and run it with scripted answers. */
import { Chooser, type Decision, type Kernel, Ruleset } from "@bulwark/core"
import { Result } from "effect"
import { ruleset, type Scenario } from "../src/index.js"

/** Compiles a scenario or throws with the compile error. */
export const compile = (s: Scenario.Scenario): Ruleset.Compiled => {
  const c = ruleset.compile(s)
  if (Result.isFailure(c)) throw new Error(c.failure.message)
  return c.success
}

/** Runs a scenario: the scripted answers first, then the first legal answer. */
export const run = (
  s: Scenario.Scenario,
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
  turnPlayer: "alice",
  players: [{ id: "alice" }, { id: "bob", resources: 3 }],
  objects: [
    { id: "S", controller: "alice", zone: "stack", types: ["action"] },
    { id: "T", controller: "alice", zone: "stack", types: ["action"] },
    { id: "ally", controller: "bob", types: ["ally"], life: 4 },
    { id: "helm", controller: "bob", types: ["equipment"] }
  ]
} as const satisfies Omit<Scenario.Scenario, "steps">

/** A damage step's event, as a scenario writes it. */
export type Damage = Extract<Scenario.Step, { damage: unknown }>["damage"]

/** A one-event scenario on top of {@link base}. */
export const oneEvent = (
  effects: ReadonlyArray<Scenario.EffectSpec>,
  damage: Damage,
  more: Partial<Scenario.Scenario> = {}
): Scenario.Scenario => ({ ...base, effects, steps: [{ damage }], ...more })

/** The event "e1": S deals `amount` damage to bob (`more` adds a damage type, `unpreventable`, …). */
export const toBob = (amount: number, more: Partial<Damage> = {}): Damage => ({
  id: "e1",
  source: "S",
  to: "bob",
  amount,
  ...more
})
