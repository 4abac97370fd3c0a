/**
 * The game the loop plays: a two-player Magic game, built with the real `@bulwark/mtg` adapter.
 * The starting board is the view the adapter's scenario words would build; the spells cast during the game are effects built by the adapter's
 * constructors (`Effects.shield`, `Effects.modify`); the loop resolves with `ruleset.rules`.
 */
import { GameView, Ledger, type Replacement, type Ruleset } from "@bulwark/core"
import { Effects, Game } from "@bulwark/mtg"

/** The players' starting life total (a short game: 8 instead of 20). */
export const STARTING_LIFE = 8

/** A creature on the battlefield, as the adapter's scenario words build it (`Game.withStats`). */
const creature = (
  id: string,
  controller: string,
  props: Readonly<Record<string, GameView.Prop>>,
  power: number,
  toughness: number
): GameView.GameObject =>
  Game.withStats({
    id,
    kind: "object",
    controller,
    owner: controller,
    zone: "battlefield",
    props: { types: ["Creature"], ...props, basePower: power, baseToughness: toughness, damage: 0 }
  })

/**
 * The starting board: Alice controls a 3/3 Vampire with lifelink, Bob a 4/4 Ogre. Alice is the
 * active player of turn 1.
 */
export const start: Ruleset.Compiled = {
  view: GameView.make({
    players: ["alice", "bob"],
    activePlayer: "alice",
    objects: [
      { id: "alice", kind: "player", props: { life: STARTING_LIFE, poison: 0 } },
      { id: "bob", kind: "player", props: { life: STARTING_LIFE, poison: 0 } },
      creature(
        "vampire",
        "alice",
        { name: "Lifelink Vampire", subtypes: ["Vampire"], colors: ["black"], keywords: ["lifelink"] },
        3,
        3
      ),
      creature("ogre", "bob", { name: "Hulking Ogre", subtypes: ["Ogre"], colors: ["red"] }, 4, 4)
    ]
  }),
  ledger: Ledger.make([]),
  steps: []
}

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
