/**
 * What Берсерк's named effect kinds mean in the generic form (`kind: replace`, core `Generic`,
 * with Берсерк's defaults: `from` and `kinds` are where the wounds come from, 534.1.1; an effect
 * with a source works while it is in play, 533.6): the kinds' `generic` (core
 * `Language.EffectKind`), one function per kind from its options to the generic effect it stands
 * for, with the id of the effect its constructor builds.
 *
 * `strengthModifier` has none, not even core's `modifyProperty` (which is no replacement either):
 * it is a modifier of the attacks, which the `attack` step reads when it builds each attack
 * (533.2), and no card's property. Even written with `from` cards only («+2 к удару» of the orc),
 * `modifyProperty` of their `strength` would mean another thing: the card's `strength` in the
 * outcome changes and records the modifier; an attack written with a `strength:` of its own (a
 * shot «Выстрел на 2») no longer gets it; and it comes before every attack modifier instead of in
 * the order written. Format 1's `modifiers:` migrate to `strengthModifier` with the attack
 * reading, and their frozen outcomes hold it (apps/cli/test/format1). With `kinds` («+1 к удару»)
 * or `to` («+1 к {strike} по закрытым существам») it is a property of the attack, which no card
 * holds before the attack is built. A card's own «+N к силе» is written as `modifyProperty`.
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
