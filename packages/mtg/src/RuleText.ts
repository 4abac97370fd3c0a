/**
 * The sentences of the Comprehensive Rules this ruleset cites, by rule number: short quotations
 * (the operative sentence of each cited rule, "…" where words are left out) from the June 2025
 * text, so that a citation such as "MTG CR 615.7" can show its text next to its number
 * (`bulwark resolve --explain`, the playground). Only the rules the package cites are here; the
 * Comprehensive Rules are Wizards of the Coast's.
 *
 * @since 0.1.0
 * @module
 */

/**
 * Rule number → the rule's sentence (a short quotation).
 *
 * @example
 * ```ts
 * import { RuleText } from "@bulwark/mtg"
 * RuleText.sentences["616.1e"] // "Any of the applicable replacement and/or prevention effects may be chosen."
 * ```
 * @since 0.1.0
 * @category rules
 */
export const sentences: Readonly<Record<string, string>> = {
  "108.4":
    "A card doesn’t have a controller unless that card represents a permanent or spell; in those cases, its controller is determined by the rules for permanents or spells.",
  "120.1a": "Damage can’t be dealt to an object that’s not a battle, a creature, or a planeswalker.",
  "120.3":
    "Damage may have one or more of the following results, depending on whether the recipient of the damage is a player or permanent, the characteristics of the damage’s source, and the characteristics of the damage’s recipient (if it’s a permanent).",
  "120.4a":
    "First, if an effect that’s causing damage to be dealt states that excess damage that would be dealt to a permanent is dealt to another permanent or player instead, the damage event is modified accordingly. If the first permanent is a creature, the excess damage is the amount of damage in excess of what would be lethal damage, taking into account damage already marked on the creature and damage from other sources that would be dealt at the same time.",
  "120.4c":
    "Third, damage that’s been dealt is processed into its results, as modified by replacement effects that interact with those results (such as life loss or counters).",
  "120.6":
    "If the total damage marked on a creature is greater than or equal to its toughness, that creature has been dealt lethal damage and is destroyed as a state-based action (see rule 704).",
  "514.2":
    "Second, the following actions happen simultaneously: all damage marked on permanents (including phased-out permanents) is removed and all “until end of turn” and “this turn” effects end. This turn-based action doesn’t use the stack.",
  "609.7b":
    "When the source would deal damage, the “shield” rechecks the source’s properties. If the properties no longer match, the damage isn’t prevented or replaced.",
  "614.1a":
    "Effects that use the word “instead” are replacement effects. Most replacement effects use the word “instead” to indicate what events will be replaced with other events.",
  "614.6":
    "If an event is replaced, it never happens. A modified event occurs instead, which may in turn trigger abilities. Note that the modified event may contain instructions that can’t be carried out, in which case the impossible instruction is simply ignored.",
  "614.8":
    "Regeneration is a destruction-replacement effect. The word “instead” doesn’t appear on the card but is implicit in the definition of regeneration. “Regenerate [permanent]” means “The next time [permanent] would be destroyed this turn, instead remove all damage marked on it and its controller taps it. If it’s an attacking or blocking creature, remove it from combat.” Abilities that trigger from damage being dealt still trigger even if the permanent regenerates. See rule 701.19.",
  "614.9":
    "Some effects replace damage dealt to one battle, creature, planeswalker, or player with the same damage dealt to another battle, creature, planeswalker, or player; such effects are called redirection effects. If one of those permanents is no longer on the battlefield when the damage would be redirected, or is no longer a battle, creature, or planeswalker when the damage would be redirected, the effect does nothing.",
  "614.15":
    "Such effects are called self-replacement effects. … When applying replacement effects to an event, self-replacement effects are applied before other replacement effects.",
  "615.1":
    "Like replacement effects (see rule 614), prevention effects apply continuously as events happen—they aren’t locked in ahead of time.",
  "615.7":
    "If damage would be dealt to the shielded permanent or player by two or more applicable sources at the same time, the player or the controller of the permanent chooses which damage the shield prevents. Once the shield has been reduced to 0, any remaining damage is dealt normally.",
  "615.8":
    "These effects prevent the next instance of damage from that source, regardless of how much damage that is.",
  "615.9":
    "When the source would deal damage, the shield rechecks the source’s properties. If the properties no longer match, the damage isn’t prevented or replaced and the shield isn’t used up.",
  "615.12":
    "If unpreventable damage would be dealt, any applicable prevention effects are still applied to it. Those effects won’t prevent any damage, but any additional effects they have will take place. Existing damage prevention shields won’t be reduced by damage that can’t be prevented.",
  "615.10":
    "Such an effect prevents only the indicated amount of damage in any applicable damage event at any given time.",
  "615.11":
    "Such an effect creates a prevention shield for each applicable creature when the spell or ability that generates that effect resolves.",
  "616.1":
    "If two or more replacement and/or prevention effects are attempting to modify the way an event affects an object or player, the affected object’s controller (or its owner if it has no controller) or the affected player chooses one to apply, following the steps listed below.",
  "616.1a":
    "If any of the replacement and/or prevention effects are self-replacement effects (see rule 614.15), one of them must be chosen.",
  "616.1b":
    "If any of the replacement and/or prevention effects would modify under whose control an object would enter the battlefield, one of them must be chosen.",
  "616.1c":
    "If any of the replacement and/or prevention effects would cause an object to become a copy of another object as it enters the battlefield, one of them must be chosen.",
  "616.1d":
    "If any of the replacement and/or prevention effects would cause a card to enter the battlefield with its back face up, one of them must be chosen.",
  "616.1e": "Any of the applicable replacement and/or prevention effects may be chosen.",
  "702.16c":
    "A permanent or player with protection can’t be enchanted by Auras that have the stated quality. Such Auras attached to the permanent or player with protection will be put into their owners’ graveyards as a state-based action.",
  "702.16d":
    "A permanent with protection can’t be equipped by Equipment that have the stated quality or fortified by Fortifications that have the stated quality. Such Equipment or Fortifications become unattached from that permanent as a state-based action, but remain on the battlefield.",
  "702.16e":
    "Any damage that would be dealt by sources that have the stated quality to a permanent or player with protection is prevented.",
  "702.16j":
    "All damage that would be dealt to such a permanent or player [with protection from everything] is prevented.",
  "702.16k":
    "All damage that would be dealt to such a permanent or player by sources controlled by the specified player or owned by that player but not controlled by another player is prevented.",
  "701.8a": "To destroy a permanent, move it from the battlefield to its owner’s graveyard.",
  "704.5a": "If a player has 0 or less life, that player loses the game.",
  "704.5c": "If a player has ten or more poison counters, that player loses the game.",
  "704.5f":
    "If a creature has toughness 0 or less, it’s put into its owner’s graveyard. Regeneration can’t replace this event.",
  "704.5g":
    "If a creature has toughness greater than 0, it has damage marked on it, and the total damage marked on it is greater than or equal to its toughness, that creature has been dealt lethal damage and is destroyed.",
  "704.5h":
    "If a creature has toughness greater than 0, and it’s been dealt damage by a source with deathtouch since the last time state-based actions were checked, that creature is destroyed. Regeneration can replace this event.",
  "704.5i": "If a planeswalker has loyalty 0, it’s put into its owner’s graveyard."
}
