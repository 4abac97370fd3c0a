/**
 * Parts of Magic's effects shared by the named constructors and the generic defaults: who damage
 * can be redirected from and to (CR 614.9) and the labels in the cards' words.
 *
 * @internal
 */
import { type Filter, Language } from "@bulwark/core"
import * as Game from "../Game.js"

/**
 * Who damage can be redirected to or from (CR 614.9): a battle, creature or planeswalker on the
 * battlefield, or a player who has not left the game (`lost`).
 */
const redirectable: Filter.Filter = {
  _tag: "Or",
  any: [
    {
      _tag: "And",
      all: [
        { _tag: "InZone", zones: ["battlefield"] },
        {
          _tag: "Or",
          any: ["Creature", "Planeswalker", "Battle"].map(
            (t): Filter.Filter => ({ _tag: "Prop", prop: "types", op: "has", value: t })
          )
        }
      ]
    },
    {
      _tag: "And",
      all: [
        { _tag: "IsPlayer" },
        { _tag: "Not", filter: { _tag: "Prop", prop: "lost", op: "eq", value: true } }
      ]
    }
  ]
}

/** CR 614.9: the damage is redirected from and to a battle, creature, planeswalker or player in the game. */
export const redirectPossible = (to: string): Filter.Condition => ({
  _tag: "All",
  all: [
    { _tag: "Test", on: "subject", filter: redirectable },
    { _tag: "Exists", filter: { _tag: "And", all: [{ _tag: "Id", ids: [to] }, redirectable] } }
  ]
})

export function describeTarget(t: Language.Selector): string {
  if (typeof t === "string") return t
  if (Array.isArray(t)) return t.join(", ")
  const f = Language.toFilter(t)
  if (f._tag === "Id") return f.ids.join(" or ")
  if (f._tag === "IsPlayer") return "a player"
  if (f._tag === "Prop" && f.op === "has" && typeof f.value === "string") return `each ${f.value}`
  return "each object it names"
}

/** The text of a modification, in the cards' words ("it deals double that damage instead"). */
export function modifyLabel(c: {
  readonly op: "add" | "sub" | "mul" | "set" | "atMost" | "atLeast"
  readonly value: Filter.Value | Language.WrittenAmount
  readonly family?: string | undefined
  readonly to?: Language.Selector | undefined
}): string {
  const v = typeof c.value === "number" ? String(c.value) : "X"
  if (c.family !== undefined && c.family !== Game.Family.damage) {
    const how = {
      mul: `${v} times that`,
      add: `that plus ${v}`,
      sub: `that minus ${v}`,
      set: v,
      atMost: `at most ${v}`,
      atLeast: `at least ${v}`
    }[c.op]
    return `If ${c.family} ${c.to === undefined ? "" : `of ${describeTarget(c.to)} `}would happen, ${how} instead`
  }
  const how = {
    mul: v === "2" ? "double that damage" : v === "3" ? "triple that damage" : `${v} times that damage`,
    add: `that damage plus ${v}`,
    sub: `that damage minus ${v}`,
    set: `${v} damage`,
    atMost: `at most ${v} damage`,
    atLeast: `at least ${v} damage`
  }[c.op]
  return `If a source would deal damage${c.to === undefined ? "" : ` to ${describeTarget(c.to)}`}, it deals ${how} instead`
}
