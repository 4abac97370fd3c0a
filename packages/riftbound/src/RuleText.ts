/**
 * The sentences of the Riftbound Core Rules this ruleset cites, by rule number: short quotations
 * (the cited rule's own sentence, "…" where words are left out; a section number gives the
 * section's title) from the Core Rules last updated 2026-07-16, so that a citation such as
 * "Riftbound 372" can show its text next to its number (`bulwark resolve --explain`, the
 * playground). Only the rules the package cites are here; the Core Rules are Riot Games'.
 *
 * @since 0.1.0
 * @module
 */

/**
 * Rule number → the rule's sentence (a short quotation).
 *
 * @example
 * ```ts
 * import { RuleText } from "@bulwark/riftbound"
 * RuleText.sentences["465.2.d"] // "Deal Damage to each unit equal to the amount assigned to it."
 * ```
 * @since 0.1.0
 * @category rules
 */
export const sentences: Readonly<Record<string, string>> = {
  "141.1.b.2":
    "They retain the properties of being a Unit, but are not on the Board and thus cannot take actions or be affected by spells, abilities, or game actions that target Units on the Board.",
  "191.3":
    "For Permanents and Runes, when they Enter the Board, that player is assigned as that Game Object's Controller.",
  "367": "Replacement Effects",
  "369": "Replacement Effects intercede during the execution of a Game Effect and alter its execution.",
  "369.1":
    'A Replacement Effect can usually be identified by the presence of the terms “as,” “would,” or "instead."',
  "370": "A Replacement Effect can alter the typical flow of play, including other cards' executions.",
  "370.1.a.1":
    "Modifying or replacing an event is the same as modifying or replacing that Game Action or change in state that generated that event.",
  "372":
    "If more than one Replacement Effect applies to the same event being executed, then the controller of the object being acted on determines the order the Replacement Effects will apply.",
  "373":
    "If more than one event occurs simultaneously that Replacement Effects could apply to, each event is treated separately and individually for the purposes of Replacement Effects, and Replacement Effects with the same controller are applied in the order of their controller’s choosing.",
  "373.1.a":
    "When executing Replacement Effects, the Game Actions that comprise their instructions are performed before any simultaneous unmodified events.",
  "375":
    "If an event that a Replacement Effect applies to would be modified by the Game Effect that generated that event, … the Replacement Effect will inherit those modifications.",
  "417.5":
    "Bonus Damage is a property granted to the action of Dealing and alters the amount of Damage distributed by this action.",
  "437.1.a.1": "Prevent includes any applied Bonus Damage when determining the total damage being prevented.",
  "437.1.b.1.b": "X can be “All,” which specifies an infinite amount of damage.",
  "437.1.b.2":
    "Prevent will always apply to the next damage that would be dealt to a unit affected by the Prevent action.",
  "437.2":
    "When damage is Prevented, it is replaced with an event where it deals that much damage reduced by the Prevent Value tracked on the Unit specifically.",
  "437.3":
    "When damage is dealt this way, reduce the Prevent Value being tracked on the Unit affected by the Prevent action by the prevented amount.",
  "437.3.c": "If the Prevent Value is “All” then it remains “All.”",
  "465.2.c.1.a": "When all Damage is assigned, it will be Dealt simultaneously.",
  "465.2.c.5":
    "When assigning damage in this way, replacement effects that would apply to the resulting damage are considered to apply to the assignment instead.",
  "465.2.c.10":
    "If a unit cannot be dealt damage, then no amount of damage can be considered lethal. Such a unit is exempt from any considerations of mandatory assignment.",
  "465.2.d": "Deal Damage to each unit equal to the amount assigned to it.",
  "712": "Bonus Damage",
  "714":
    "If more than one instance of Bonus Damage is applied or granted to a Deal action, all instances are summed and applied once.",
  "715": "Bonus Damage applies to the total damage Dealt by one instance of the action.",
  "715.4.a":
    "If Damage is replaced or reduced by any means, the replacing or reducing action will include the Bonus Damage in the total damage when determining how much damage is to be dealt.",
  "317.2.a": "Invoke an Ending Special Cleanup.",
  "317.2.b": "Insert “3c. Heal all Units.”",
  "317.2.c": "Insert “3d. All ‘this turn’ effects expire simultaneously.”",
  "317.2.d": "Insert “3e. Each player’s Rune Pool empties. Any unspent Energy and Power are lost.”",
  "418.1": "Damage being cleared from Units is Healing.",
  "418.1.a": "If Damage is cleared for any reason it is considered Healing.",
  "418.2": "More than one Unit can be Healed at the same time.",
  "466.1.a": "Invoke a Combat Special Cleanup.",
  "466.1.a.1": "Insert “3c. Heal all Units.”",
  "323.5": "3b. All Units that have LethalDamage marked on themare killed and placed in their owners' Trash.",
  "373.2":
    "When applying Replacement Effects to events that occur simultaneously, each Replacement Effect may only be applied in one sequence, to any number of events that are qualified to be replaced.",
  "428.2.a": "It is only considered Killed if its origin was any zone on the board.",
  "466.1.a.2": "Insert “3d. Recall Attackers present at the Battlefield if Defenders are still present.”"
}
