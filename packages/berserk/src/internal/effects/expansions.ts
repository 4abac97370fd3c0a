/**
 * What Берсерк's named effect kinds mean in the generic form (`kind: replace`, core `Generic`,
 * with Берсерк's defaults: `from` and `kinds` are where the wounds come from, 534.1.1; an effect
 * with a source works while it is in play, 533.6): the kinds' `generic` (core
 * `Language.EffectKind`), one function per kind from its options to the generic effect it stands
 * for, with the id of the effect its constructor builds.
 *
 * `strengthModifier` («модификатор атаки») is a replacement of the attack's wounds in a category
 * of its own, `attackModifier`: `times` (`times: X`) then `value` (`plus: X`, or `minus: −X`
 * below 0), watching the attacks from `from` / `kinds` to `to` ({@link strengthModifier}). The
 * ordering policy applies that category before every other group, in the order written, no
 * player choosing (533.2: «Предотвращение используется всегда после наложения всех
 * модификаторов атаки»); written without a controller it is the active player's (no player
 * orders it). A card's own «+N к силе» is core's
 * `modifyProperty` of its `strength` (in the view before the attack is built).
 *
 * The policy applies them as core's `first` modifiers: as arithmetic on the attack's strength,
 * even to an attack that starts at 0 (a card of strength 0 with «+2 к удару» deals 2) and signed
 * on the way (3, −5, +3 deals 1), the wounds held at 0 only once they are all applied.
 *
 * `woundsOnlyFrom` («Получает раны только от …») is `noWoundsFrom` of the sources `from` does not
 * select (`from: { not: X }`); written with `kinds` it has none — "not from a strike" is no selector, and the generic watch's `kinds` say only
 * which attacks wounds do come from.
 *
 * @internal
 */
import type { Language } from "@bulwark/core"
import type { WoundsOptions } from "./prevention.js"
import type { SerkOptions } from "./replacements.js"
import { RULE_ATTACK_MODIFIER, RULE_SERK, type StrengthModifierOptions } from "./replacements.js"
import { type Common, commonFields } from "./sources.js"

type Form = Language.GenericForm

/** The common fields written ({@link commonFields}) passed on (`activeZones` is the generic `activeIn`). */
const pass = (o: Common): { readonly id: string } & Record<string, unknown> => {
  const w = o as unknown as Readonly<Record<string, unknown>>
  const out: { id: string } & Record<string, unknown> = { id: o.id }
  for (const k of Object.keys(commonFields)) if (k !== "activeZones" && w[k] !== undefined) out[k] = w[k]
  if (o.activeZones !== undefined) out.activeIn = o.activeZones
  return out
}

/** 534.1.1 «Не получает ран от …»: the wounds from X replaced by nothing (`instead: []`). */
export const noWoundsFrom = (o: Common): ReadonlyArray<Form> => [{ kind: "replace", ...pass(o), instead: [] }]

/** 534.1.1 «Получает раны только от …»: the wounds from anything but X replaced by nothing. */
export const woundsOnlyFrom = (o: Common): ReadonlyArray<Form> | undefined =>
  o.from === undefined || o.kinds !== undefined
    ? undefined
    : [{ kind: "replace", ...pass(o), from: { not: o.from }, instead: [] }]

/** 534.1.1 «Получает на X больше ран от …»: `plus: X`. */
export const moreWounds = (o: typeof WoundsOptions.Type): ReadonlyArray<Form> => [
  { kind: "replace", ...pass(o), plus: o.amount }
]

/** 534.1.1 «Получает на X меньше ран от …»: `minus: X`. */
export const fewerWounds = (o: typeof WoundsOptions.Type): ReadonlyArray<Form> => [
  { kind: "replace", ...pass(o), minus: o.amount }
]

/** Серк (534.1): «Если должен излечиться – вместо этого может открыться (1 раз за ход)». */
export const serk = (o: typeof SerkOptions.Type): ReadonlyArray<Form> | undefined =>
  o.source === undefined
    ? undefined
    : [
        {
          kind: "replace",
          id: o.id,
          ...(o.controller === undefined ? {} : { controller: o.controller }),
          source: o.source,
          to: [o.source],
          family: "heal",
          instead: [{ family: "open" }],
          may: true,
          limit: { times: 1, per: "turn" },
          ...(o.label === undefined ? {} : { label: o.label }),
          rule: RULE_SERK
        }
      ]

/**
 * «Модификатор атаки» (533.2): the attack's wounds multiplied (`times`), then changed by `value`
 * (`plus`, or `minus` when below 0), each a `replace` of category `attackModifier` watching the
 * attacks `from` / `kinds` to `to`. With both, the factor is `<id>:times` and the addition `<id>`.
 */
export const strengthModifier = (o: typeof StrengthModifierOptions.Type): ReadonlyArray<Form> => {
  const base = {
    kind: "replace" as const,
    category: "attackModifier",
    ...(o.to === undefined ? {} : { to: o.to }),
    ...(o.from === undefined ? {} : { from: o.from }),
    ...(o.kinds === undefined ? {} : { kinds: o.kinds }),
    ...(o.duration === undefined ? {} : { duration: o.duration }),
    ...(o.label === undefined ? {} : { label: o.label }),
    rule: RULE_ATTACK_MODIFIER
  }
  const forms: Array<Form> = []
  if (o.times !== undefined)
    forms.push({ ...base, id: o.value === undefined ? o.id : `${o.id}:times`, times: o.times })
  if (o.value !== undefined && o.value !== 0)
    forms.push({ ...base, id: o.id, ...(o.value < 0 ? { minus: -o.value } : { plus: o.value }) })
  return forms
}
