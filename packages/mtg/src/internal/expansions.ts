/**
 * What each of Magic's named effect kinds means in the generic form (`kind: replace` /
 * `kind: prevent`, core `Generic`): the kinds' `generic` (core `Language.EffectKind`), one
 * function per kind from its options to the generic effects it stands for, with the same ids as
 * the effects its constructor builds. A named effect with a core `condition` (or a `modify` with a
 * core value) has no generic form: the generic form writes conditions and amounts in words.
 *
 * `lifeFloor` reads the whole results batch with core's amount word `inEvent` (the life gained
 * and the other life lost in the same event, CR 120.4c). `shieldEach` with `sharingColor` has none: its creatures are those
 * that share a colour when the effect is created (CR 615.11), from the view then.
 *
 * @internal
 */
import { Language } from "@bulwark/core"
import type * as Effects from "../Effects.js"
import * as Game from "../Game.js"

type Form = Language.GenericForm
type Options<K extends keyof typeof Effects.Options> = (typeof Effects.Options)[K]["Type"]

/** The common fields a named kind passes on, unchanged, to its generic form. */
const passOn = (
  written: { readonly id: string },
  keys: ReadonlyArray<string>
): { readonly id: string } & Record<string, unknown> => {
  const o = written as unknown as Readonly<Record<string, unknown>>
  const out: { id: string } & Record<string, unknown> = { id: written.id }
  for (const k of ["controller", "source", "duration", "next", "may", "label", "rule", "category", ...keys])
    if (o[k] !== undefined) out[k] = o[k]
  if (o.requiresSourceIn !== undefined) out.activeIn = o.requiresSourceIn
  return out
}

/** A core `condition` has no words in the generic form: no expansion. */
const worded = (o: { readonly condition?: unknown }, forms: () => ReadonlyArray<Form>) =>
  o.condition === undefined ? forms() : undefined

/** The written amount ops of `modify`, by the generic form's words. */
const modifyWord = {
  add: "plus",
  sub: "minus",
  mul: "times",
  set: "set",
  atMost: "atMost",
  atLeast: "atLeast"
} as const

/** CR 615.7: "Prevent the next N damage that would be dealt to …" — `prevent`, `scope: next`. */
export const shield = (o: Options<"shield">) =>
  worded(o, () => [
    {
      kind: "prevent",
      ...passOn(o, ["to", "from", "amount", "only", "additional"]),
      scope: "next",
      rule: o.rule ?? "MTG CR 615.7"
    } as Form
  ])

/** CR 615.11: one shield (`scope: next`) per creature named, each `<id>:<creature>`. */
export const shieldEach = (o: Options<"shieldEach">) =>
  o.sharingColor === true || o.to === undefined
    ? undefined
    : worded(o, () =>
        Language.selectorIds(o.to as Language.Selector).map(
          (x) =>
            ({
              kind: "prevent",
              ...passOn(o, ["amount", "only", "additional"]),
              id: `${o.id}:${x}`,
              to: x,
              scope: "next",
              rule: o.rule ?? "MTG CR 615.11"
            }) as Form
        )
      )

/** CR 615.8–615.9: all of the next damage from the source (`scope: once`), 615.5's life gain as `additional`. */
export const preventNextFrom = (o: Options<"preventNextFrom">) =>
  worded(o, () => {
    const from =
      o.properties === undefined
        ? o.from
        : typeof o.properties === "object" && !Array.isArray(o.properties)
          ? { ids: typeof o.from === "string" ? [o.from] : o.from, ...o.properties }
          : { ids: typeof o.from === "string" ? [o.from] : o.from, any: [o.properties] }
    const gain =
      o.gainLife === true ? [{ family: Game.Family.lifeGain, to: "controller", amount: "prevented" }] : []
    const additional = [...gain, ...(o.additional ?? [])]
    return [
      {
        kind: "prevent",
        ...passOn(o, ["to", "only"]),
        from,
        amount: "all",
        scope: "once",
        ...(additional.length === 0 ? {} : { additional }),
        rule: o.rule ?? (o.properties === undefined ? "MTG CR 615.8" : "MTG CR 615.9 (609.7b)")
      } as Form
    ]
  })

/** CR 615.10: N (or all) of each damage event, never used up — `scope: each`. */
export const preventEach = (o: Options<"preventEach">) =>
  worded(o, () => [
    {
      kind: "prevent",
      ...passOn(o, ["to", "from", "amount", "only", "additional"]),
      scope: "each"
    } as Form
  ])

/** CR 615.12: `replace` with `cantBePrevented: true`. */
export const cantBePrevented = (o: Options<"cantBePrevented">) =>
  worded(o, () => [
    { kind: "replace", ...passOn(o, ["to", "from", "only", "additional"]), cantBePrevented: true } as Form
  ])

/** CR 614.1a: `replace` with the op's word (`plus`, `minus`, `times`, …) and the value (a core value has no words). */
export const modify = (o: Options<"modify">) =>
  typeof o.value === "object" && "_tag" in o.value
    ? undefined
    : worded(o, () => [
        {
          kind: "replace",
          ...passOn(o, ["family", "to", "from", "params", "additional"]),
          [modifyWord[o.op]]: o.value
        } as Form
      ])

/** CR 614.1a: `replace` with `times: 2`. */
export const double = (o: Options<"double">) =>
  worded(o, () => [
    { kind: "replace", ...passOn(o, ["family", "to", "from", "additional"]), times: 2 } as Form
  ])

/** CR 614.9: `replace` with `redirect: { to, amount? }` (`amount: all` is no amount). */
export const redirect = (o: Options<"redirect">) =>
  worded(o, () => [
    {
      kind: "replace",
      ...passOn(o, ["to", "from", "additional"]),
      redirect: {
        to: o.redirectTo,
        ...(o.amount === undefined || o.amount === "all" ? {} : { amount: o.amount })
      }
    } as Form
  ])

/** CR 614.1a: `setParams: { to: <zone> }`; on a destruction too when it is the zone change watched (701.8a). */
export const zoneInstead = (o: Options<"zoneInstead">) =>
  worded(o, () => {
    const family = o.family ?? Game.Family.zoneChange
    const e = {
      kind: "replace",
      ...passOn(o, ["to", "additional"]),
      family,
      params: o.when,
      setParams: { to: o.into }
    } as Form
    // CR 701.8a: a destruction is a zone change to the graveyard, replaced the same way
    const seesDestroy =
      family === Game.Family.zoneChange &&
      Object.entries(o.when).every(([k, v]) => ({ from: "battlefield", to: "graveyard" })[k] === v)
    return seesDestroy ? [e, { ...e, id: `${o.id}:destroy`, family: Game.Family.destroy }] : [e]
  })

/**
 * CR 614.8: per permanent, "the next time it would be destroyed this turn, instead regenerate it"
 * — `instead: [regenerate]` on its destruction, one use until the duration (default endOfTurn)
 * passes; `<id>:<permanent>` when it names more than one.
 */
export const regenerate = (o: Options<"regenerate">) =>
  o.to === undefined
    ? undefined
    : worded(o, () => {
        const ids = Language.selectorIds(o.to as Language.Selector)
        const until = o.duration ?? "endOfTurn"
        return ids.map(
          (p) =>
            ({
              kind: "replace",
              ...passOn(o, ["additional"]),
              id: ids.length === 1 ? o.id : `${o.id}:${p}`,
              family: Game.Family.destroy,
              to: p,
              instead: [{ family: Game.Family.regenerate, to: "subject" }],
              duration: until,
              limit: { times: 1, per: until },
              rule: o.rule ?? "MTG CR 614.8"
            }) as Form
        )
      })

/**
 * Worship (CR 120.4 example 2; 614.1a, "instead"): "If you control a creature, damage that would
 * reduce your life total to less than 1 reduces it to 1 instead." In words: a `replace` of your
 * life loss from damage (`kinds: [fromDamage]`), if you control a creature on the battlefield and
 * the loss is more than the room the whole results event leaves (your life − the floor + the life
 * you gain in the same event − the other life you lose in it: `inEvent`, CR 120.4c), capped
 * `atMost` that room (at least 0) — `Results.PREDICATE_LIFE_BELOW` and
 * `Results.VALUE_LIFE_FLOOR_LOSS` said with amounts.
 */
export const lifeFloor = (o: Options<"lifeFloor">) =>
  worded(o, () => {
    const floor = o.floor ?? 1
    const life = { prop: "life", of: "subject" } as const
    // life − floor (a floor below 0 raises the room), + gains, − the other losses
    const base = floor >= 0 ? { minus: [life, floor] } : { plus: [life, -floor] }
    const room = {
      minus: [{ plus: [base, { inEvent: Game.Family.lifeGain }] }, { inEvent: Game.Family.lifeLoss }]
    }
    const what = o.ifYouControl ?? { types: ["Creature"] }
    return [
      {
        kind: "replace",
        ...passOn(o, []),
        family: Game.Family.lifeLoss,
        to: { player: true, controller: "you" },
        kinds: [Game.FROM_DAMAGE],
        if: { exists: { any: [what], controller: "you", zone: "battlefield" }, amount: { above: room } },
        atMost: { max: [0, room] },
        rule: o.rule ?? "MTG CR 120.4c (Worship)"
      } as Form
    ]
  })
