/**
 * The game the loop plays: a two-player Magic game, built with the real `@bulwark/mtg` adapter.
 * The starting board is written in the one scenario language (format 2, as data) and compiled by
 * the scenario skeleton (`Skeleton.compileData` with the adapter's words, `Scenario.language`);
 * the spells cast during the game are effects built by the adapter's constructors
 * (`Effects.shield`, `Effects.modify`, taking the options a file writes after `kind:`); the loop
 * resolves with `ruleset.rules`.
 */
import type { Replacement, Ruleset } from "@bulwark/core"
import { Effects, Scenario } from "@bulwark/mtg"
import { Skeleton } from "@bulwark/scenario"
import { Result } from "effect"

/** The players' starting life total (a short game: 8 instead of 20). */
export const STARTING_LIFE = 8

/**
 * The starting board: Alice controls a 3/3 Vampire with lifelink, Bob a 4/4 Ogre. Alice is the
 * active player of turn 1 (`turn:`). Written as a format-2 scenario's data, with MTG's words.
 */
export const setup = Skeleton.compileData(Scenario.language, {
  players: [
    { id: "alice", life: STARTING_LIFE },
    { id: "bob", life: STARTING_LIFE }
  ],
  turn: "alice",
  objects: [
    {
      id: "vampire",
      name: "Lifelink Vampire",
      controller: "alice",
      types: ["Creature"],
      subtypes: ["Vampire"],
      colors: ["black"],
      keywords: ["lifelink"],
      power: 3,
      toughness: 3
    },
    {
      id: "ogre",
      name: "Hulking Ogre",
      controller: "bob",
      types: ["Creature"],
      subtypes: ["Ogre"],
      colors: ["red"],
      power: 4,
      toughness: 4
    }
  ],
  steps: []
})

/** The compiled starting point (view and ledger); the scenario above is valid by construction. */
export const start: Ruleset.Compiled = Result.getOrThrow(setup)

/**
 * Bob's spell: "Until end of turn, if the Ogre would deal damage, it deals double that damage
 * instead" (a CR 614.1a replacement effect).
 */
export const rage: Replacement.Replacement = Effects.modify({
  id: "rage",
  label: "Rage: the Ogre deals double damage this turn",
  controller: "bob",
  op: "mul",
  value: 2,
  from: "ogre",
  duration: "endOfTurn"
})

/**
 * Alice's spell: "Prevent the next 2 damage that would be dealt to you this turn" (a CR 615.7
 * shield).
 */
export const shelter: Replacement.Replacement = Effects.shield({
  id: "shelter",
  label: "Shelter: prevent the next 2 damage that would be dealt to Alice this turn",
  controller: "alice",
  to: "alice",
  amount: 2,
  duration: "endOfTurn"
})

/** What is cast on each turn, before combat: on turn 2 Bob casts Rage and Alice casts Shelter. */
export const spells = (turn: number): ReadonlyArray<Replacement.Replacement> =>
  turn === 2 ? [rage, shelter] : []
