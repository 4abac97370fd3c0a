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

const isRuleset = (u: unknown): u is Ruleset.AnyRuleset =>
  typeof u === "object" &&
  u !== null &&
  typeof (u as { id?: unknown }).id === "string" &&
  typeof (u as { compile?: unknown }).compile === "function" &&
  typeof (u as { rules?: unknown }).rules === "object"

/** The adapter modules, in display order. */
const adapters: ReadonlyArray<unknown> = [Mtg, Riftbound, Berserk, Fab]

/** Every installed ruleset, in display order (MTG, Riftbound, Берсерк, FaB). */
export const installed: ReadonlyArray<Ruleset.AnyRuleset> = adapters
  .map((m) => (m as { readonly ruleset?: unknown }).ruleset)
  .filter(isRuleset)

/** Looks a ruleset up by its id (the value of `ruleset:` in scenario files). */
export const find = (id: string): Ruleset.AnyRuleset | undefined => installed.find((r) => r.id === id)
