/**
 * Everything the kernel remembers per immutable input — the effect index and validation per
 * effects list, the policy's choosers per view, the request options per index, the base ledger's
 * effect states per ledger — and the switch that turns it off (`unprepared`, the reference the
 * prepared path is tested against). `bypass` is one binding: only this module assigns it, every
 * other module reads it through its import (an ES module live binding).
 *
 * @internal
 */
import type * as Decision from "../../Decision.js"
import type * as Errors from "../../Errors.js"
import type * as GameView from "../../GameView.js"
import * as Ledger from "../../Ledger.js"
import type * as Replacement from "../../Replacement.js"
import type { State } from "./state.js"

export interface EffectIndex {
  readonly byFamily: Map<
    string,
    { generic: Array<Replacement.Replacement>; bySubject: Map<string, Array<Replacement.Replacement>> }
  >
  readonly byId: Map<string, Replacement.Replacement>
  readonly order: Map<string, number>
  readonly reducers: Array<Replacement.Replacement>
}

const buildIndex = (effects: ReadonlyArray<Replacement.Replacement>): EffectIndex => {
  const byFamily: EffectIndex["byFamily"] = new Map()
  const byId = new Map<string, Replacement.Replacement>()
  const order = new Map<string, number>()
  const reducers: Array<Replacement.Replacement> = []
  effects.forEach((e, i) => {
    byId.set(e.id, e)
    order.set(e.id, i)
    if (e.action._tag === "ReducePrevention") {
      reducers.push(e)
      return
    }
    let fam = byFamily.get(e.watch.family)
    if (fam === undefined) {
      fam = { generic: [], bySubject: new Map() }
      byFamily.set(e.watch.family, fam)
    }
    const subj = e.watch.subject
    if (subj !== undefined && subj._tag === "Id") {
      for (const id of subj.ids) {
        const list = fam.bySubject.get(id)
        if (list === undefined) fam.bySubject.set(id, [e])
        else list.push(e)
      }
    } else fam.generic.push(e)
  })
  // when two decreases could apply, the one taken must not depend on the order the ledger lists
  // them in (the permutation law): by id, until the rules' chooser for it is modelled
  reducers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return { byFamily, byId, order, reducers }
}

/**
 * The index and validation of an effects list, computed once per list: a resolution hands the
 * same list on to the ledger it returns, so a game loop or a search keeps hitting this cache.
 */
const preparedCache = new WeakMap<
  ReadonlyArray<Replacement.Replacement>,
  {
    index: EffectIndex
    invalid: Errors.InvalidEffect | undefined
    /** The distinct controllers and redirect targets the effects name. */
    controllers: ReadonlyArray<string>
    targets: ReadonlyArray<string>
    /**
     * Per view (views are immutable values): whether every controller is a player of it and
     * every redirect target is in it — checked once per (effects, view) pair, not per resolution.
     */
    named: WeakMap<GameView.GameView, boolean>
  }
>()

/** Set while {@link unprepared} runs: every remembered input is computed afresh, nothing kept. */
export let bypass = false

export const unprepared = <A>(f: () => A): A => {
  const before = bypass
  bypass = true
  try {
    return f()
  } finally {
    bypass = before
  }
}

/** What {@link prepared} remembers of an effects list. */
export type Prepared = NonNullable<ReturnType<(typeof preparedCache)["get"]>>

export const prepared = (effects: ReadonlyArray<Replacement.Replacement>): Prepared => {
  let p = bypass ? undefined : preparedCache.get(effects)
  if (p === undefined) {
    const controllers = new Set<string>()
    const targets = new Set<string>()
    for (const e of effects) {
      controllers.add(e.controller)
      if (e.action._tag === "Redirect") targets.add(e.action.to)
    }
    p = {
      index: buildIndex(effects),
      invalid: Ledger.validate(effects),
      controllers: [...controllers],
      targets: [...targets],
      named: new WeakMap()
    }
    if (!bypass) preparedCache.set(effects, p)
  }
  return p
}

/**
 * The states of a ledger's effects as the kernel has read them, per ledger (ledgers are
 * immutable values), filled on first read: an effect's unchanged state costs one map lookup per
 * step, not `Ledger.stateOf`'s layer lookup and two record lookups (the effects-16 bench row
 * spent about an eighth of its time there). A game loop's next ledger starts its own map, so
 * nothing is read that the ledger doesn't hold.
 */
const baseStates = new WeakMap<Ledger.Ledger, Map<string, Ledger.EffectState>>()

/** The memo of `s`'s base ledger (see {@link baseStates}), fetched once per resolution. */
export const baseMemoOf = (s: State): Map<string, Ledger.EffectState> => {
  let known = s.base
  if (known === undefined) {
    known = bypass ? undefined : baseStates.get(s.baseLedger)
    if (known === undefined) {
      known = new Map()
      if (!bypass) baseStates.set(s.baseLedger, known)
    }
    s.base = known
  }
  return known
}

/**
 * Per family of an effect index and per subject: the family's generic effects and those naming
 * the subject, in ledger order — built once per effects list (kept beside the index, so a state
 * never changes by being read).
 */
export const mergedLists = new WeakMap<object, Map<string, ReadonlyArray<Replacement.Replacement>>>()

/**
 * An ordering policy's `chooserOf` per affected object, remembered per view (views are
 * immutable values, and `chooserOf` is a function of the affected object and the view): a game
 * AI resolving many events against one board asks it once per object, not once per step.
 */
const chooserMemo = new WeakMap<
  GameView.GameView,
  Map<(affected: string, view: GameView.GameView) => string, Map<string, string>>
>()

export const choosersFor = (
  view: GameView.GameView,
  chooserOf: (affected: string, view: GameView.GameView) => string
): Map<string, string> => {
  if (bypass) return new Map()
  let byPolicy = chooserMemo.get(view)
  if (byPolicy === undefined) {
    byPolicy = new Map()
    chooserMemo.set(view, byPolicy)
  }
  let of = byPolicy.get(chooserOf)
  if (of === undefined) {
    of = new Map()
    byPolicy.set(chooserOf, of)
  }
  return of
}

/**
 * Each effect's option in a `ChooseEffect` request, per effect index (so per effects list): one
 * frozen value per effect, made when first offered, kept beside the index (a state never
 * changes by being read).
 */
const optionsByIndex = new WeakMap<EffectIndex, Map<string, Decision.EffectOption>>()

export const optionsOf = (s: State, ids: ReadonlyArray<string>): Array<Decision.EffectOption> => {
  let known = bypass ? undefined : optionsByIndex.get(s.index)
  if (known === undefined) {
    known = new Map()
    if (!bypass) optionsByIndex.set(s.index, known)
  }
  // a copy of the ids written over: a list at its size that stays packed (a list made by
  // `new Array(n)` is holey in V8, slower for every reader of the request's options; one grown
  // by `push` reserves 17 slots, so a board wipe's choice of 3 paid for 17)
  const out = ids.slice() as unknown as Array<Decision.EffectOption>
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string
    let o = known.get(id)
    if (o === undefined) {
      o = Object.freeze({ effect: id, label: s.index.byId.get(id)?.label ?? id })
      known.set(id, o)
    }
    out[i] = o
  }
  return out
}
