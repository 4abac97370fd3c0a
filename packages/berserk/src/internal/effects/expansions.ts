/**
 * What Берсерк's named effect kinds mean in the generic form (`kind: replace`, core `Generic`,
 * with Берсерк's defaults: `from` and `kinds` are where the wounds come from, 534.1.1; an effect
 * with a source works while it is in play, 533.6): the kinds' `generic` (core
 * `Language.EffectKind`), one function per kind from its options to the generic effect it stands
 * for, with the id of the effect its constructor builds.
 *
 * `strengthModifier` is no replacement effect: written as a modifier of the cards' strength — `from`
 * a card id or a list of ids, no `kinds`, no `to` («+N к силе», «сила удваивается» of those cards) —
 * it is core's `modifyProperty` of their `strength` (`value` is `plus`, `times` and `duration` as
 * written), and the kind adds it to the cards themselves ({@link cardModifier}): every attack
 * that starts from the card's strength (its strikes, its retaliation) reads it, an attack written
 * with its own `strength:` does not. Every other form has none, and the `attack` step reads it when
 * it builds each attack (533.2): `kinds` («+1 к удару», «+2 к выстрелу») and `to` («+1 к {strike}
 * по закрытым существам») say which attacks it changes — a property of the attack, which no card
 * holds before the attack is built, not of the card —, and `from` as a selector
 * (`{ types: [creature] }`) is read when each attack is built, while `modifyProperty`'s `to`
 * selects its objects once, where it is written. `woundsOnlyFrom` («Получает раны только от …») is
 * `noWoundsFrom` of the sources `from` does not select (`from: { not: X }`); written with `kinds`
 * it has none — "not from a strike" is no selector, and the generic watch's `kinds` say only
 * which attacks wounds do come from.
 *
 * @internal
 */
import type { Language } from "@bulwark/core"
import type { WoundsOptions } from "./prevention.js"
import type { SerkOptions, StrengthModifierOptions } from "./replacements.js"
import { RULE_SERK } from "./replacements.js"
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
 * A strength modifier written as a modifier of cards' strength (`from` card ids, no `kinds`, no
 * `to`): core `modifyProperty`'s options (`prop: strength`, `value` as `plus`); otherwise
 * `undefined` (an attack modifier, read by the `attack` step).
 */
export const cardModifier = (
  o: typeof StrengthModifierOptions.Type
):
  | {
      readonly id: string
      readonly to: ReadonlyArray<string>
      readonly prop: "strength"
      readonly plus?: number
      readonly times?: number
      readonly duration?: string
      readonly label?: string
    }
  | undefined => {
  if (o.kinds !== undefined || o.to !== undefined || o.from === undefined) return undefined
  const ids = typeof o.from === "string" ? [o.from] : o.from
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((x) => typeof x === "string")) return undefined
  return {
    id: o.id,
    to: ids as ReadonlyArray<string>,
    prop: "strength",
    ...(o.value === undefined ? {} : { plus: o.value }),
    ...(o.times === undefined ? {} : { times: o.times }),
    ...(o.duration === undefined ? {} : { duration: o.duration }),
    ...(o.label === undefined ? {} : { label: o.label })
  }
}

/** 533.2 «+N к силе», «сила удваивается» of cards: `modifyProperty` of their `strength` ({@link cardModifier}). */
export const strengthModifier = (o: typeof StrengthModifierOptions.Type): ReadonlyArray<Form> | undefined => {
  const m = cardModifier(o)
  return m === undefined ? undefined : [{ kind: "modifyProperty", ...m }]
}
