/**
 * Continuous modifiers of a number property ("+2 Might this turn", "double its Might", "gains +1
 * power", «+1 к силе удара»): one layer for every game, materialised into the view. Adding a
 * modifier changes the object's property at once, by an amount fixed when it is added — a
 * doubling "increases by the current value" (Riftbound 432.1) — and records it on the object under
 * `modifier:<id>`, so that every reader of the property (assignment, lethal, attack damage) sees
 * the modified value with no second code path, and so that crossing the modifier's `duration`
 * boundary ({@link advance}) takes exactly that amount away again. Invariants: the property's
 * value is its base plus the deltas of its recorded modifiers; a modifier's delta never changes
 * after it is added (a doubling does not grow when the value does, nor shrink when another
 * modifier ends: 432.1's Shield example); the new object a zone change makes (`Identity.renewed`)
 * records none — its properties are their bases again (FaB 3.0.9: "a new object with no relation
 * to its previous existence"; Riftbound 124.1: "all Temporary Modifications of all kinds cease to
 * be tracked on it").
 *
 * The scenario kind `modifyProperty` ({@link effectKind}) is the same in each game that has it
 * (Riftbound, Берсерк, FaB):
 *
 * ```yaml
 * effects:
 *   - { kind: modifyProperty, id: dbl, to: D, prop: might, times: 2, duration: endOfTurn }
 *   - { kind: modifyProperty, id: rally, to: A, prop: might, plus: 2, duration: endOfTurn }
 * ```
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import * as Amount from "./Amount.js"
import * as Errors from "./Errors.js"
import * as Filter from "./Filter.js"
import * as GameView from "./GameView.js"
import { PREFIX } from "./internal/modifiers.js"
import * as Language from "./Language.js"

/**
 * One continuous modifier of a number property: on the objects `to`, the property `prop` is
 * multiplied by `times` (the increase is the current value times `times − 1`, fixed when the
 * modifier is added) and then `plus` is added; it lasts until the boundary `duration` (for ever
 * when absent).
 *
 * @example
 * ```ts
 * import type { Modifiers } from "@bulwark/core"
 * const m: Modifiers.Modifier = { id: "dbl", to: ["D"], prop: "might", times: 2, duration: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Modifier {
  readonly id: string
  readonly to: ReadonlyArray<string>
  readonly prop: string
  readonly plus?: number | undefined
  readonly times?: number | undefined
  readonly duration?: string | undefined
}

/**
 * One modifier as an object records it: its id, the property, the amount it added and the
 * boundary that ends it (`undefined`: it lasts).
 *
 * @example
 * ```ts
 * import type { Modifiers } from "@bulwark/core"
 * const a: Modifiers.Applied = { id: "dbl", prop: "might", delta: 5, until: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Applied {
  readonly id: string
  readonly prop: string
  readonly delta: number
  readonly until: string | undefined
}

const num = (v: unknown): number => (typeof v === "number" ? v : 0)

/**
 * The modifiers an object records, in the order they were added.
 *
 * @example
 * ```ts
 * import { GameView, Modifiers } from "@bulwark/core"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", props: { might: 3 } }] })
 * Modifiers.of(Modifiers.add(view, { id: "g", to: ["U"], prop: "might", plus: 2 }), "U") // [{ id: "g", prop: "might", delta: 2, until: undefined }]
 * ```
 * @since 0.1.0
 * @category getters
 */
export const of = (view: GameView.GameView, id: string): ReadonlyArray<Applied> => {
  const o = view.objects[id]
  if (o === undefined) return []
  const out: Array<Applied> = []
  for (const [k, v] of Object.entries(o.props)) {
    if (!k.startsWith(PREFIX) || !Array.isArray(v)) continue
    const [prop, delta, until] = v as ReadonlyArray<string>
    if (prop === undefined) continue
    out.push({ id: k.slice(PREFIX.length), prop, delta: Number(delta), until: until ? until : undefined })
  }
  return out
}

/**
 * The value of an object's number property with its modifiers (they are materialised: this is
 * the property as the view holds it; 0 for a missing object or property).
 *
 * @example
 * ```ts
 * import { GameView, Modifiers } from "@bulwark/core"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", props: { might: 3 } }] })
 * Modifiers.value(Modifiers.add(view, { id: "d", to: ["U"], prop: "might", times: 2 }), "U", "might") // 6
 * ```
 * @since 0.1.0
 * @category getters
 */
export const value = (view: GameView.GameView, id: string, prop: string): number =>
  num(view.objects[id]?.props[prop])

/**
 * The value of an object's number property without its modifiers (its printed or set value).
 *
 * @example
 * ```ts
 * import { GameView, Modifiers } from "@bulwark/core"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", props: { might: 3 } }] })
 * Modifiers.baseOf(Modifiers.add(view, { id: "d", to: ["U"], prop: "might", times: 2 }), "U", "might") // 3
 * ```
 * @since 0.1.0
 * @category getters
 */
export const baseOf = (view: GameView.GameView, id: string, prop: string): number =>
  of(view, id).reduce((n, m) => (m.prop === prop ? n - m.delta : n), value(view, id, prop))

/**
 * Adds a modifier: for each object of `to`, the property's increase is fixed now — the current
 * value times `times − 1`, plus `plus` — added to the property and recorded under the
 * modifier's id. An object that is not in the view: `Errors.InvalidEffect`; adding an id an
 * object already records replaces that modifier (its delta is taken away first).
 *
 * @example
 * ```ts
 * import { GameView, Modifiers } from "@bulwark/core"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", props: { might: 5 } }] })
 * // 432.1: "it increases by the current value"
 * Modifiers.value(Modifiers.add(view, { id: "d", to: ["U"], prop: "might", times: 2 }), "U", "might") // 10
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const add = (view: GameView.GameView, m: Modifier): GameView.GameView =>
  GameView.batch(view, (d) => {
    let out = d
    for (const id of m.to) {
      const o = out.objects[id]
      if (o === undefined)
        throw new Errors.InvalidEffect({
          effect: m.id,
          path: "to",
          reason: `no object ${JSON.stringify(id)}`
        })
      const props = { ...o.props }
      const key = PREFIX + m.id
      const before = of(out, id).find((a) => a.id === m.id)
      if (before !== undefined) props[before.prop] = num(props[before.prop]) - before.delta
      const current = num(props[m.prop])
      const delta = current * ((m.times ?? 1) - 1) + (m.plus ?? 0)
      props[m.prop] = current + delta
      props[key] = [m.prop, String(delta), m.duration ?? ""]
      out = GameView.setObject(out, { ...o, props })
    }
    return out
  })

/**
 * Crosses a time boundary: every modifier whose duration is `boundary` ends — its delta is taken
 * away from the property and its record removed. Other modifiers keep their deltas.
 *
 * @example
 * ```ts
 * import { GameView, Modifiers } from "@bulwark/core"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", props: { might: 3 } }] })
 * const v = Modifiers.add(view, { id: "g", to: ["U"], prop: "might", plus: 2, duration: "endOfTurn" })
 * Modifiers.value(Modifiers.advance(v, "endOfTurn"), "U", "might") // 3
 * ```
 * @since 0.1.0
 * @category combinators
 */
export const advance = (view: GameView.GameView, boundary: string): GameView.GameView => {
  let out = view
  for (const o of Object.values(view.objects)) {
    const ending = of(view, o.id).filter((a) => a.until === boundary)
    if (ending.length === 0) continue
    const props = { ...o.props }
    for (const a of ending) {
      props[a.prop] = num(props[a.prop]) - a.delta
      delete props[PREFIX + a.id]
    }
    out = GameView.setObject(out, { ...o, props })
  }
  return out
}

/**
 * The options of the scenario kind `modifyProperty`: `id`, `to` (an object id, a list of ids or
 * a selector of the objects' properties), `prop` (the number property: `might`, `power`,
 * `strength`, …), `plus` (a whole number, below 0 lowers it), `times` (a whole factor ≥ 0:
 * `times: 2` doubles), `duration` (one of the game's durations; absent: it lasts), `label`.
 *
 * @example
 * ```ts
 * import { Schema } from "effect"
 * import { Modifiers } from "@bulwark/core"
 * Schema.decodeUnknownSync(Modifiers.Options)({ id: "g", to: "U", prop: "might", plus: 2, duration: "endOfTurn" })
 * ```
 * @since 0.1.0
 * @category options
 */
export const Options = Schema.Struct({
  ...Language.pick("to", "duration", "label"),
  prop: Schema.NonEmptyString,
  plus: Schema.optionalKey(Amount.SignedSchema),
  times: Schema.optionalKey(Amount.Schema)
})

/**
 * The modifier the options describe, its objects read from `view` (`to` absent: an error, a
 * modifier is of some objects). A `to` naming no object, or neither `plus` nor `times`:
 * `Errors.InvalidEffect`.
 *
 * @example
 * ```ts
 * import { GameView, Modifiers } from "@bulwark/core"
 * const view = GameView.make({ players: ["A"], activePlayer: "A",
 *   objects: [{ id: "U", kind: "object", props: { might: 3 } }] })
 * Modifiers.fromOptions({ id: "g", to: "U", prop: "might", plus: 2 }, view).to // ["U"]
 * ```
 * @since 0.1.0
 * @category constructors
 */
export const fromOptions = (o: typeof Options.Type, view: GameView.GameView): Modifier => {
  const refuse = (path: string, reason: string): never => {
    throw new Errors.InvalidEffect({ effect: o.id, path, reason })
  }
  if (o.plus === undefined && o.times === undefined) refuse("plus", "a modifier needs `plus` or `times`")
  if (o.to === undefined) return refuse("to", "a modifier needs the objects it modifies (`to`)")
  let to: ReadonlyArray<string>
  if (typeof o.to === "string" || Array.isArray(o.to)) {
    to = typeof o.to === "string" ? [o.to] : (o.to as ReadonlyArray<string>)
    for (const id of to) if (view.objects[id] === undefined) refuse("to", `no object ${JSON.stringify(id)}`)
  } else {
    const filter = Language.toFilter(o.to)
    const fctx = { view, controller: "", predicates: {} }
    to = Object.keys(view.objects).filter((id) => Filter.matches(filter, id, fctx))
  }
  return { id: o.id, to, prop: o.prop, plus: o.plus, times: o.times, duration: o.duration }
}

/**
 * An effect kind that changes the view instead of adding a replacement: `make` adds nothing to
 * the ledger; the scenario compiler applies `modifies` to the view where the effect is written
 * (the starting view for `effects:`, the view at that point for `addEffects:`).
 *
 * @example
 * ```ts
 * import { Modifiers } from "@bulwark/core"
 * Modifiers.isViewKind(Modifiers.effectKind) // true
 * ```
 * @since 0.1.0
 * @category model
 */
export interface ViewKind extends Language.EffectKind<typeof Options.Type> {
  readonly modifies: (options: typeof Options.Type, view: GameView.GameView) => GameView.GameView
}

/**
 * The scenario kind `modifyProperty`, the same in each game that has it: a continuous modifier
 * of a number property ({@link Options}), added to the view where it is written.
 *
 * @example
 * ```ts
 * import { Modifiers } from "@bulwark/core"
 * Modifiers.effectKind.summary
 * ```
 * @since 0.1.0
 * @category kinds
 */
export const effectKind: ViewKind = {
  summary:
    'a continuous modifier of a number property ("+N Might this turn", "double its Might", "+N power")',
  options: Options,
  make: (o, view) => {
    if (view !== undefined) fromOptions(o, view)
    return []
  },
  modifies: (o, view) => add(view, fromOptions(o, view))
}

/**
 * The scenario kind's name: `modifyProperty`.
 *
 * @example
 * ```ts
 * import { Modifiers } from "@bulwark/core"
 * Modifiers.KIND // "modifyProperty"
 * ```
 * @since 0.1.0
 * @category constants
 */
export const KIND = "modifyProperty" as const

/**
 * Whether an effect kind changes the view ({@link ViewKind}).
 *
 * @example
 * ```ts
 * import { Modifiers } from "@bulwark/core"
 * Modifiers.isViewKind(Modifiers.effectKind) // true
 * ```
 * @since 0.1.0
 * @category guards
 */
export const isViewKind = (k: Language.EffectKind): k is ViewKind =>
  typeof (k as Partial<ViewKind>).modifies === "function"

/**
 * The scenario kind `modifyProperty` with a game's own follow-up: `after` is applied to the view
 * once the modifier is added (Riftbound recomputes its units' `lethal`).
 *
 * @example
 * ```ts
 * import { Modifiers } from "@bulwark/core"
 * const kind = Modifiers.effectKindThen((view) => view)
 * Modifiers.isViewKind(kind) // true
 * ```
 * @since 0.1.0
 * @category kinds
 */
export const effectKindThen = (after: (view: GameView.GameView) => GameView.GameView): ViewKind => ({
  ...effectKind,
  modifies: (o, view) => after(effectKind.modifies(o, view))
})
