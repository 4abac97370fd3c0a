/**
 * Constructors of Берсерк effects as core `Replacement` values: prevention
 * (533, «Эффект предотвращения»), the wound replacements of 534.1.1 («Не получает ран от …»,
 * «Получает раны только от …», «Получает на X больше/меньше ран от …»), general "instead"
 * replacements (534.1, Серк), protections («Защита от …», 511.5) and armour («Броня N»); and the
 * event families ({@link Family}) with an occurrence constructor each ({@link heal},
 * {@link open}, {@link close}, {@link die}, {@link zoneChange}).
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
  open,
  zoneChange
} from "./internal/effects/families.js"
export {
  fewerWounds,
  moreWounds,
  noWoundsFrom,
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
  modifies,
  protection,
  RULE_ARMOR,
  RULE_ATTACK_MODIFIER,
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

import { Generic } from "@bulwark/core"
import { generic, RULE_INSTEAD } from "./internal/effects/generic.js"

export { generic, RULE_INSTEAD }

/**
 * A prevention effect («Эффект предотвращения», 533) — the generic `kind: prevent` (core
 * `Generic.PreventOptions`) with Берсерк's defaults ({@link generic}): it lowers the wounds an
 * attack would inflict, never the attack's strength (533.1). `amount: all` has no amount (the
 * first group of 533.3); a number has one (the second group). `scope` (533.4): `next` — "the next
 * N wounds", partial use keeps the rest for later attacks (the default for a number); `each` —
 * «-N от …», N of each attack it watches, never used up (the default for `all`); `once` — N from
 * one attack, the rest discarded.
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * // "Prevent the next 4 wounds dealt to the orc"
 * const shield = Effects.prevent({ id: "s", controller: "ip", to: ["orc"], amount: 4 })
 * shield.action // { _tag: "Prevent", amount: 4, scope: "shield" }
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const prevent: Generic.PreventConstructor = Generic.prevent(generic)

/**
 * «[текст 1], вместо этого – [текст 2]» (534.1) and any other replacement — the generic `kind:
 * replace` (core `Generic.ReplaceOptions`) with Берсерк's defaults ({@link generic}): when an
 * event of `family` would happen to a watched card, the events of `instead` happen instead (an
 * empty list: nothing happens); the replaced event counts as not having happened (534.3).
 *
 * @example
 * ```ts
 * import { Effects } from "@bulwark/berserk"
 * // "if it would be healed, instead it is opened"
 * const e = Effects.replace({ id: "x", controller: "ap", to: ["serk"], family: "heal", instead: [{ family: "open" }] })
 * e.action._tag // "Replace"
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const replace: Generic.ReplaceConstructor = Generic.replace(generic)
