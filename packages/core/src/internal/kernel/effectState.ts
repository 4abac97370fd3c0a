/**
 * An effect's state during a resolution: the resolution's own changes, over the base ledger's
 * states (read once per ledger past `MEMO_FROM` effects).
 *
 * @internal
 */

import * as Ledger from "../../Ledger.js"
import type * as Replacement from "../../Replacement.js"
import { baseMemoOf } from "./prepared.js"
import type { State } from "./state.js"
import { NO_CHANGES } from "./state.js"

/**
 * Past how many effects (in the ledger, or relevant to an item) the kernel keeps its memos of
 * effect states (`baseStateOf`) and of applied effects (`Item.dead`): up to it, reading the
 * ledger's record or scanning the list again is cheaper than a memo's own lookup and
 * allocation (single-shield paid about 200 bytes and a weak-map lookup per resolution for them).
 */
export const MEMO_FROM = 8

export const effState = (s: State, e: Replacement.Replacement): Ledger.EffectState =>
  changedState(s, e.id) ?? baseStateOf(s, e)

/** The state this resolution gave an effect, if it changed it. */
export const changedState = (s: State, id: string): Ledger.EffectState | undefined =>
  s.change1Id === id ? s.change1 : s.changes.size === 0 ? undefined : s.changes.get(id)

/** Every state this resolution changed, by effect id (a map made for the one change, if one). */
export const changedStates = (s: State): ReadonlyMap<string, Ledger.EffectState> =>
  s.change1Id === undefined ? s.changes : new Map([[s.change1Id, s.change1 as Ledger.EffectState]])

/** An effect's state in the base ledger (its initial state if the ledger records none). */
const baseStateOf = (s: State, e: Replacement.Replacement): Ledger.EffectState => {
  const known = s.baseLedger.effects.length <= MEMO_FROM ? undefined : baseMemoOf(s)
  let st = known?.get(e.id)
  if (st === undefined) {
    st = Ledger.stateOf(s.baseLedger, e.id) ?? Ledger.initialState(e)
    known?.set(e.id, st)
  }
  return st
}

/** Where a run keeps its changed effect states: the kernel's `State`, or the fast path's run. */
export interface Changes {
  changes: Map<string, Ledger.EffectState>
  change1Id: string | undefined
  change1: Ledger.EffectState | undefined
}

export const setState = (s: Changes, id: string, st: Ledger.EffectState): void => {
  if (s.changes === NO_CHANGES) {
    // the first effect changed is kept in two fields; the map is made for a second one
    if (s.change1Id === undefined || s.change1Id === id) {
      s.change1Id = id
      s.change1 = st
      return
    }
    s.changes = new Map([[s.change1Id, s.change1 as Ledger.EffectState]])
    s.change1Id = undefined
    s.change1 = undefined
  }
  s.changes.set(id, st)
}
