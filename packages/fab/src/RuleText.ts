/**
 * The sentences of the Flesh and Blood Comprehensive Rules this ruleset cites, by rule number:
 * short quotations (the cited rule's own sentence, "…" where words are left out; a keyword's
 * rule gives its meaning) from the February 2026 copy, so that a citation such as "FaB 6.5.5"
 * can show its text next to its number (`bulwark resolve --explain`, the playground). Only the
 * rules the package cites are here; the Comprehensive Rules are Legend Story Studios'.
 *
 * @since 0.1.0
 * @module
 */

/**
 * Rule number → the rule's sentence (a short quotation).
 *
 * @example
 * ```ts
 * import { RuleText } from "@bulwark/fab"
 * RuleText.sentences["6.5.5"] // "Prevention: Fourth, each player applies any active prevention effects they control."
 * ```
 * @since 0.1.0
 * @category rules
 */
export const sentences: Readonly<Record<string, string>> = {
  "6.4.2a":
    "The condition of replacement and any variable values are determined each time a replacement effect could be applied to an event.",
  "6.4.10b":
    "If the prevention amount is not explicitly specified, the prevention amount is defined as the amount of damage in the damage event.",
  "6.4.10f":
    "If there are two or more types of damage in the event that the prevention can apply to, and/or two or more shielded objects the damage event will deal damage to, the controller of the prevention effect declares each point of damage the effect will prevent.",
  "6.4.10g":
    "If an effect decreases the amount a prevention effect would prevent, the total prevention is determined, the prevention effect's prevention amount is reduced, and then the prevention effect is applied to the event with the decrease.",
  "6.4.10i":
    "A fixed-prevention effect is a prevention effect that acts as a one-off effect. … After a fixed-prevention effect prevents damage, any remaining prevention amount is not used to prevent a subsequent damage event.",
  "6.4.10j":
    "A shielding-prevention effect is a prevention effect that acts as a shield. … After a shielding-prevention effect prevents damage, any remaining prevention amount is used to prevent a future damage event.",
  "6.5.2":
    "Select Player: First, the turn-player selects a player. When a type of replacement effect is applied, each player in clockwise order applies their active replacement effects of that type one-by-one …",
  "6.5.3":
    "Self-replacement and Identity-replacement: Second, each player applies any self- or identity- replacement effects they control.",
  "6.5.4":
    "Standard-replacement: Third, each player applies any active standard-replacement effects they control.",
  "6.5.5": "Prevention: Fourth, each player applies any active prevention effects they control.",
  "6.5.7":
    "Outcome-replacement: Sixth, each player applies any active outcome-replacement effects they control.",
  "7.5.2b":
    "If the attack-target has ceased to exist or is illegal when the damage is calculated, no damage is dealt, and the event is not generated.",
  "7.7.2c":
    "If the active-attack of the active chain link does not exist or cannot move to the combat chain as a chain link, or the active-attack ceases to exist before damage is calculated, the Close Step begins as a game state action.",
  "7.5.5":
    "An attack is considered to have hit if it deals damage to an attack-target during the Damage Step of combat.",
  "8.3.8":
    'Arcane Barrier is written as "Arcane Barrier N" which means "If you would be dealt arcane damage, you may pay N{r} to prevent N of that damage."',
  "8.3.15":
    'Spellvoid is written as "Spellvoid N" which means "If you would be dealt arcane damage, you may destroy this to prevent N of that damage."',
  "8.3.19":
    'Quell is written as "Quell N" which means "If you would be dealt damage, you may pay N{r} to prevent N of that damage. If you do, destroy this at the beginning of the end phase."',
  "8.3.20":
    'Ward is written as "Ward N" which means "If you would be dealt damage, destroy this to prevent N of that damage."',
  "8.3.37":
    'Arcane Shelter is written as "Arcane Shelter N" which means "If you would be dealt arcane damage, destroy this to prevent N of that damage."',
  "8.5.3c": "If a non-living object would be dealt damage, the effect fails.",
  "1.3.1b":
    "A card does not have a controller unless it is in the arena or on the stack. The controller of a card is its owner as it enters the arena or the player who played that card.",
  "1.8.9":
    "An effect fails if the target(s) of the effect cease to exist, if there are no legal parameters at the time the effect is generated, or if all the events it creates fail to occur.",
  "8.5.47":
    "To amp N, the next time an event the player controls would deal arcane damage this turn, instead it deals that much arcane damage plus N.",
  "6.4.9":
    'A standard-replacement effect is a continuous replacement effect. A standard-replacement effect is typically written in the format "(If / The next) [CONDITION], instead [MODIFICATION]," where CONDITION specifies the condition for the replacement effect to be active, and MODIFICATION describes the modifications to the effect before it occurs.',
  "8.3.21":
    'Ephemeral is a meta-static ability and a static ability that respectively mean "You can\'t start the game with this in your deck." and "If this would be put into a graveyard from anywhere, instead it ceases to exist."',
  "1.14.2b":
    "If a player does not have enough assets and does not gain any additional assets to pay an asset-cost, the cost cannot be paid and the game state is reversed to before the cost is paid.",
  "8.5.5b":
    "If a player tries to discard a card when there are no cards in their hand, the discard effect fails.",
  "8.5.6b": "If a player tries to draw a card when there are no cards in their deck, the draw effect fails.",
  "8.5.16": "To remove a counter from an object, a specified counter ceases to exist on the object.",
  "8.5.7a":
    "If a living object gains {h}, its life total is increased by the specified amount. If the object does not have the life property, then the gain effect fails.",
  "8.5.12a":
    "If a living object lose {h}, its life total is decreased by the specified amount. If the object does not have the life property, then the lose effect fails.",
  "8.5.17":
    "Reveal is a discrete effect or continuous effect. To reveal a private object, make it public, then make it private again.",
  "8.5.17d": "If the object is public, the reveal effect fails.",
  "1.14.3":
    "To pitch a card as a player, the player moves the card from their hand to the pitch zone and gains assets. The pitch property of a card determines what type and how many assets a player gains when the card is pitched.",
  "1.14.3a": "A card cannot be pitched if it does not have the pitch property.",
  "8.5.44a":
    "If the effect instructs the player to pitch two or more cards, all of those cards must exist and be pitched, otherwise the pitch effect fails.",
  "1.13.1":
    "An asset is a point of a given type, owned by a player. There are four types of assets: action points, resource points, life points, and chi points.",
  "8.5.7b": "If a non-turn-player would gain action points, then the gain effect fails."
}
