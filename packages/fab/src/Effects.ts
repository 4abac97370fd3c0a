/**
 * Flesh and Blood prevention and replacement effects, built as core `Replacement`
 * values by small constructor functions.
 *
 * Every constructor is an effect kind of the scenario language under the same name, taking the
 * same options (`Effects.ward({ id, source, amount })` is `{ kind: ward, id, source, amount }`),
 * including the same selectors for `to` / `from` (core `Language.Selector`).
 *
 * Every keyword (Ward, Spellvoid, Arcane Barrier, Quell, Arcane Shelter, Amp) is a constructor
 * over the core vocabulary — a watch, an action, a category, and optional parts (a "may", a cost
 * resolved first as a sub-event, a condition that tells whether the cost can be paid, additional
 * effects). The resolver never asks "does this have Ward".
 *
 * Rules cited are from the Flesh and Blood Comprehensive Rules (the February 2026 copy described
 * in the package README).
 *
 * @module
 * @since 0.1.0
 */

export { generic, prevent, replace } from "./internal/effects/generic.js"
export { aimedAt, PREDICATE_SAME_OBJECT, predicates } from "./internal/effects/identity.js"
export {
  amp,
  arcaneBarrier,
  arcaneShelter,
  KeywordOptions,
  quell,
  spellvoid,
  ward
} from "./internal/effects/keywords.js"
export {
  Cost,
  canDestroyThis,
  canPay,
  damageWatch,
  PreventionOptions,
  PreventNextTimeOptions,
  preventNext,
  preventNextTime
} from "./internal/effects/prevention.js"
export {
  EphemeralOptions,
  ephemeral,
  PreventsLessOptions,
  preventsLess,
  ThatMuchPlusOptions,
  thatMuchPlus
} from "./internal/effects/replacements.js"
export { arena, Category, damageKinds, Family, familyAmounts } from "./internal/effects/vocabulary.js"
