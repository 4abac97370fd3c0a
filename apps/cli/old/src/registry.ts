/**
 * The rulesets this build of the CLI knows: one per adapter package, found by its exported
 * `ruleset` value (the adapter contract, core `Ruleset.Ruleset`).
 *
 * @module
 */
import * as Berserk from "@bulwark/berserk"
import type { Ruleset } from "@bulwark/core"
import * as Fab from "@bulwark/fab"
import * as Mtg from "@bulwark/mtg"
import * as Riftbound from "@bulwark/riftbound"

/** Every installed ruleset, in display order (MTG, Riftbound, Берсерк, FaB). */
export const installed: ReadonlyArray<Ruleset.AnyRuleset> = [
  Mtg.ruleset,
  Riftbound.ruleset,
  Berserk.ruleset,
  Fab.ruleset
]

/** Looks a ruleset up by its id (the value of `ruleset:` in scenario files). */
export const find = (id: string): Ruleset.AnyRuleset | undefined => installed.find((r) => r.id === id)
