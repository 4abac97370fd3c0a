/**
 * Constructors of Берсерк effects as core `Replacement` values: prevention
 * (533, «Эффект предотвращения»), the wound replacements of 534.1.1 («Не получает ран от …»,
 * «Получает раны только от …», «Получает на X больше/меньше ран от …»), general "instead"
 * replacements (534.1, Серк), protections («Защита от …», 511.5) and armour («Броня N»); and the
 * event families ({@link Family}) with an occurrence constructor each ({@link heal},
 * {@link open}, {@link close}, {@link die}).
 *
 * Each constructor only builds data; the ordering lives in {@link Rules}. The effect's
 * `category` places it in one of the ordering slots: `"protection"`, `"replacement"` or
 * `"prevention"` (split by whether it states an amount, 533.3).
 *
 * @since 0.1.0
 * @module
 */
export {
  close,
  die,
  Family,
  families,
  familyAmounts,
  heal,
  inPlay,
  type OccurrenceInput,
  open
} from "./internal/effects/families.js"
export {
  fewerWounds,
  moreWounds,
  noWoundsFrom,
  type PreventionScope,
  PreventOptions,
  prevent,
  REPLACEMENT_ORDER,
  RULE_PREVENT_ALL,
  RULE_PREVENT_N,
  RULE_PROTECTION,
  RULE_SOURCE,
  RULE_WOUND_REPLACEMENT,
  WoundsOptions,
  woundsOnlyFrom
} from "./internal/effects/prevention.js"
export {
  armor,
  InsteadEvent,
  InsteadOptions,
  instead,
  modifies,
  protection,
  RULE_ARMOR,
  RULE_INSTEAD,
  RULE_SERK,
  SerkOptions,
  StrengthModifierOptions,
  serk,
  strengthModifier
} from "./internal/effects/replacements.js"
export {
  ActiveZones,
  type Common,
  CommonOptions,
  comesFrom,
  FROM,
  type From,
  fromArgs,
  fromOf,
  isCreature,
  predicates,
  toFilterOf
} from "./internal/effects/sources.js"
