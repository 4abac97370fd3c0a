/**
 * Committing what happened: each occurrence of a batch is committed to the view in turn (with
 * one copy of the objects for the whole batch, `GameView.batch`), and what the ruleset's
 * `commit` says it really did is kept, so the outcome records what was done, not what was asked
 * (MTG 609.3, FaB 8.5.6b, Берсерк 119.5.1; `Policy.Committed`).
 *
 * Internal: not exported from the package.
 */
import type * as GameEvent from "../../GameEvent.js"
import * as GameView from "../../GameView.js"
import * as Policy from "../../Policy.js"

type Commit = NonNullable<Policy.Rules["commit"]>

/** What {@link commitBatch} did: the view after, and the occurrences done short (by id), if any. */
export interface BatchCommitted {
  readonly view: GameView.GameView
  readonly short: ReadonlyMap<string, Policy.Committed> | undefined
  /** The events contained in those committed (MTG 616.1g), in order; `undefined` when none. */
  readonly contained: ReadonlyArray<GameEvent.Occurrence> | undefined
}

const isCommitted = (r: GameView.GameView | Policy.Committed): r is Policy.Committed =>
  "_tag" in r && r._tag === "Committed"

/**
 * Commits the occurrences in order. `short` holds those a commit did less of than their amount
 * (`done` clamped to 0 … amount), and is `undefined` when every one was done in full (the usual
 * case: nothing is allocated for it).
 */
export const commitBatch = (
  view: GameView.GameView,
  commit: Commit,
  happened: ReadonlyArray<GameEvent.Occurrence>
): BatchCommitted => {
  let short: Map<string, Policy.Committed> | undefined
  let contained: Array<GameEvent.Occurrence> | undefined
  const one = (v: GameView.GameView, o: GameEvent.Occurrence): GameView.GameView => {
    const r = commit(v, o)
    if (!isCommitted(r)) return r
    if (r.contained !== undefined && r.contained.length > 0)
      if (contained === undefined) contained = [...r.contained]
      else contained.push(...r.contained)
    const done = Policy.doneOf(r, o)
    if (done < o.amount) {
      if (short === undefined) short = new Map()
      short.set(o.id, done === r.done ? r : { ...r, done })
    }
    return r.view
  }
  const after =
    happened.length === 1
      ? one(view, happened[0] as GameEvent.Occurrence)
      : GameView.batch(view, (v) => {
          let out = v
          for (const o of happened) out = one(out, o)
          return out
        })
  return { view: after, short, contained }
}
