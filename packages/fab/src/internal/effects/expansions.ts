/**
 * What each of Flesh and Blood's named effect kinds means in the generic form (`kind: replace` /
 * `kind: prevent`, core `Generic`, with FaB's defaults): the kinds' `generic` (core
 * `Language.EffectKind`), one function per kind from its options to the generic effects it stands
 * for, with the same ids as the effects its constructor builds. A keyword is a static ability of
 * its source: `activeIn: inPlay` (1.7.4: functional while its source is in the arena), "prevent N
 * of that damage" each time (`scope: eachEvent`), its cost one of FaB's cost words
 * (`destroyThis`, `{ pay: N }`).
 *
 * `ephemeral` is the card's own keyword and follows it into any zone ("from anywhere", 8.3.21),
 * while a generic effect that names an object by its id is bound to the object it is when the
 * effect is created (3.0.9): after a zone change `to: <its id>` would no longer see the card. Its
 * generic form watches `to: self` instead — core `Generic`'s word for the effect's own source,
 * "this" (2.12.3a), the card whatever object it has become, never bound — so the two agree in
 * every zone.
 *
 * @internal
 */
import { type Language, Zones } from "@bulwark/core"
import type { KeywordOptions } from "./keywords.js"
import type { PreventionOptions, PreventNextTimeOptions } from "./prevention.js"
import type { EphemeralOptions, PreventsLessOptions, ThatMuchPlusOptions } from "./replacements.js"
import { Category, Family } from "./vocabulary.js"

type Form = Language.GenericForm

/** The fields written, of those named, passed on unchanged. */
const pass = (
  o: { readonly id: string },
  keys: ReadonlyArray<string>
): { readonly id: string } & Record<string, unknown> => {
  const w = o as unknown as Readonly<Record<string, unknown>>
  const out: { id: string } & Record<string, unknown> = { id: o.id }
  for (const k of ["controller", "source", "duration", "may", "label", "rule", ...keys])
    if (w[k] !== undefined) out[k] = w[k]
  return out
}

const prevention = ["to", "from", "kinds", "cost", "additional"]

/** 6.4.10b: "the next time … would be dealt damage, prevent it": all of one event (`scope: once`). */
export const preventNextTime = (o: PreventNextTimeOptions): ReadonlyArray<Form> => [
  { kind: "prevent", ...pass(o, prevention), amount: "all", scope: "once", rule: o.rule ?? "FaB 6.4.10b" }
]

/** 6.4.10j: a shielding-prevention, "prevent the next N" (`scope: next`). */
export const preventNext = (o: PreventionOptions): ReadonlyArray<Form> => [
  {
    kind: "prevent",
    ...pass(o, [...prevention, "amount"]),
    scope: "next",
    rule: o.rule ?? "FaB 6.4.10j"
  }
]

/** A keyword: N of each damage to its controller's hero, while its source is in the arena. */
const keyword =
  (rule: string, extra: (k: KeywordOptions) => Readonly<Record<string, unknown>>) =>
  (k: KeywordOptions): ReadonlyArray<Form> => [
    {
      kind: "prevent",
      ...pass(k, ["amount"]),
      ...extra(k),
      scope: "eachEvent",
      activeIn: "inPlay",
      rule
    }
  ]

const pay = (k: KeywordOptions) => ({ pay: typeof k.amount === "number" ? k.amount : 0 })

/** 8.3.20 Ward N: "If you would be dealt damage, destroy this to prevent N of that damage." */
export const ward = keyword("FaB 8.3.20", () => ({ cost: "destroyThis" }))

/** 8.3.37 Arcane Shelter N: "If you would be dealt arcane damage, destroy this to prevent N of that damage." */
export const arcaneShelter = keyword("FaB 8.3.37", () => ({ cost: "destroyThis", kinds: ["arcane"] }))

/** 8.3.15 Spellvoid N: "… you may destroy this to prevent N of that damage" (arcane). */
export const spellvoid = keyword("FaB 8.3.15", () => ({ cost: "destroyThis", kinds: ["arcane"], may: true }))

/** 8.3.8 Arcane Barrier N: "… you may pay N{r} to prevent N of that damage" (arcane). */
export const arcaneBarrier = keyword("FaB 8.3.8", (k) => ({ cost: pay(k), kinds: ["arcane"], may: true }))

/** 8.3.19 Quell N: "… you may pay N{r} to prevent N of that damage. If you do, destroy this at the beginning of the end phase." */
export const quell = keyword("FaB 8.3.19", (k) => ({
  cost: pay(k),
  may: true,
  additional: [{ family: Family.scheduleDestroy, to: "self", from: "self", amount: 1 }]
}))

/** 8.5.47 Amp N: the next arcane damage its controller's sources deal this turn, plus N. */
export const amp = (o: KeywordOptions): ReadonlyArray<Form> => [
  {
    kind: "replace",
    ...pass(o, []),
    from: { controller: "you" },
    kinds: ["arcane"],
    plus: o.amount,
    limit: { times: 1, per: "endOfTurn" },
    duration: "endOfTurn",
    rule: "FaB 8.5.47"
  }
]

/** 6.4.9: "instead [family] that much plus N" (`plus: N`); its controller's hero unless it names `to` or `from`. */
export const thatMuchPlus = (o: ThatMuchPlusOptions): ReadonlyArray<Form> => [
  {
    kind: "replace",
    ...pass(o, ["to", "from", "family", "kinds"]),
    ...(o.to === undefined && o.from === undefined && o.controller !== undefined
      ? { to: [o.controller] }
      : {}),
    plus: o.amount,
    rule: o.rule ?? "FaB 6.4.9"
  }
]

/** 6.4.10g: "the next prevention … prevents N less" (`reducePrevention: N`), a prevention effect. */
export const preventsLess = (o: PreventsLessOptions): ReadonlyArray<Form> => [
  {
    kind: "replace",
    ...pass(o, ["kinds"]),
    category: Category.prevention,
    reducePrevention: o.amount,
    rule: "FaB 6.4.10g"
  }
]

/**
 * 8.3.21 Ephemeral: "If this would be put into a graveyard from anywhere, instead it ceases to
 * exist" — two standard-replacements of "this" (`to: self`, the card in any zone, never bound to
 * the object it is now): a destroy (8.5.4: put into its owner's graveyard) and a zone change to
 * the graveyard each become a `ceaseToExist` of it (8.3.21b). Functional wherever its source is
 * (1.7.4j: it modifies its source moving zones).
 */
export const ephemeral = (o: EphemeralOptions): ReadonlyArray<Form> => {
  const one = (id: string, family: string, params?: Readonly<Record<string, string>>): Form => ({
    kind: "replace",
    ...pass({ ...o, id }, []),
    family,
    to: "self",
    ...(params === undefined ? {} : { params }),
    instead: [{ family: Family.ceaseToExist, to: "subject", amount: 1 }],
    rule: "FaB 8.3.21"
  })
  return [one(o.id, Family.destroy), one(`${o.id}:graveyard`, Family.zoneChange, { [Zones.TO]: "graveyard" })]
}
