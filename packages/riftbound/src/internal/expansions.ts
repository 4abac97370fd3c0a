/**
 * What each of Riftbound's named effect kinds means in the generic form (`kind: replace` /
 * `kind: prevent`, core `Generic`, with Riftbound's defaults — every damage watch ignores damage
 * of kind `assigned`, 465.2.c.5): the kinds' `generic` (core `Language.EffectKind`), one function
 * per kind from its options to the generic effect it stands for, with the id of the effect its
 * constructor builds. A named effect with a core `condition` has no generic form (the generic
 * form writes its conditions in words, `if:`).
 *
 * @internal
 */
import type { Filter, Language } from "@bulwark/core"
import type * as Effects from "../Effects.js"
import { Category } from "../Rules.js"

type Form = Language.GenericForm

/** The common fields written, passed on unchanged (`undefined` for a core condition: no words). */
const pass = (
  o: Effects.Common,
  keys: ReadonlyArray<string> = []
): ({ readonly id: string } & Record<string, unknown>) | undefined => {
  if (o.condition !== undefined) return undefined
  const w = o as unknown as Readonly<Record<string, unknown>>
  const out: { id: string } & Record<string, unknown> = { id: o.id }
  for (const k of [
    "controller",
    "source",
    "duration",
    "limit",
    "next",
    "may",
    "label",
    "rule",
    "activeIn",
    "cost",
    ...keys
  ])
    if (w[k] !== undefined) out[k] = w[k]
  return out
}

const one = (
  c: ({ readonly id: string } & Record<string, unknown>) | undefined,
  form: Readonly<Record<string, unknown>> & { readonly kind: "replace" | "prevent" }
): ReadonlyArray<Form> | undefined => {
  if (c === undefined) return undefined
  const { kind, ...rest } = form
  return [{ kind, ...c, ...rest }]
}

/** 437.1.b.2: "the next time [unit] would be dealt damage, prevent it": all of one event (`scope: once`). */
export const preventNext = (o: Effects.UnitOptions) =>
  one(pass(o, ["to"]), {
    kind: "prevent",
    amount: "all",
    scope: "once",
    rule: o.rule ?? "Riftbound 437.1.b.2 / 465.2.c.10"
  })

/** Lotus Trap: "double all damage that would be dealt to it" (`times: 2`). */
export const double = (o: Effects.UnitOptions) => one(pass(o, ["to"]), { kind: "replace", times: 2 })

const modifyWord = { add: "plus", sub: "minus", mul: "times" } as const

/** Adds to, subtracts from or multiplies the damage to the unit (`plus`, `minus`, `times`). */
export const modify = (o: Effects.ModifyOptions) =>
  one(pass(o, ["to"]), { kind: "replace", [modifyWord[o.op]]: o.value })

/** 465.2.c.10: the damage is replaced by nothing (`instead: []`), in the rules' own tier. */
export const cantBeDealtDamage = (o: Effects.UnitOptions) =>
  one(pass(o, ["to"]), {
    kind: "replace",
    instead: [],
    category: Category.cantBeDealtDamage,
    rule: o.rule ?? "Riftbound 465.2.c.10"
  })

/**
 * 417.5, 712–715: Bonus Damage, `plus: N` in the first tier (`category: bonus`), on noncombat
 * damage from the sources its controller controls unless `from` says which.
 */
export const bonusDamage = (o: Effects.BonusDamageOptions) =>
  one(pass(o, ["to"]), {
    kind: "replace",
    from: o.from ?? { controller: "you" },
    only: "noncombat",
    plus: o.amount,
    category: Category.bonus,
    rule: o.rule ?? "Riftbound 417.5 / 712–715"
  })

/**
 * 370.1.a.1, 373.1.a: the death replaced by the source's own death (`killSource`, one use unless
 * a limit says otherwise), then heal, exhaust and recall; active while its source is in play
 * (370.3–370.4) unless `activeIn` says where. `other`, `here` and `lessMight` are the ruleset's
 * named tests of the unit against the source (Soraka, Wanderer), a `filter` of the selector.
 */
export const saveFromDeath = (o: Effects.SaveFromDeathOptions) => {
  if (o.to === undefined) return undefined
  const named: ReadonlyArray<Filter.Filter> = (["other", "here", "lessMight"] as const)
    .filter((q) => o[q] === true)
    .map((name) => ({ _tag: "Named", name }))
  const to: Language.Selector =
    named.length === 0
      ? o.to
      : {
          any: [o.to],
          filter: named.length === 1 ? (named[0] as Filter.Filter) : { _tag: "And", all: named }
        }
  return one(pass(o), {
    kind: "replace",
    family: "die",
    to,
    ...(o.activeIn === undefined && o.source !== undefined ? { activeIn: "inPlay" } : {}),
    ...(o.killSource === true && o.limit === undefined && o.next !== true ? { next: true } : {}),
    instead: [
      ...(o.killSource === true ? [{ family: "die", to: "self", kinds: [] }] : []),
      { family: "heal", to: "subject" },
      { family: "exhaust", to: "subject" },
      { family: "recall", to: "subject" }
    ],
    rule: o.rule ?? (o.next === true ? "Riftbound 369.1 / 373" : "Riftbound 370.1.a.1 / 373.1.a")
  })
}
