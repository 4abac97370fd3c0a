/**
 * The example game, played and printed: Alice (3/3 lifelink Vampire) against Bob (4/4 Ogre),
 * 8 life each. The defending player answers with `Chooser.bestForChooser()` (the AI picks the
 * order of effects that leaves it best off), the attacking player with `Chooser.firstLegal`.
 */
import { Chooser } from "@bulwark/core"
import * as Game from "./game.js"
import * as Loop from "./loop.js"

/** Each player's chooser, by role this turn. */
export const choosers = Loop.byRole({ attacker: Chooser.firstLegal, defender: Chooser.bestForChooser() })

/** Plays the example game to the end and prints its transcript with `print`. */
export const main = (print: (line: string) => void = console.log) => {
  const end = Loop.play(Loop.begin(Game.start), choosers, Game.spells)
  for (const line of Loop.transcript(end).split("\n")) print(line)
  print(end.winner === undefined ? "no winner" : `${end.winner} wins`)
  return end
}
