/**
 * The `Redirect` action: the damage is dealt to another object instead — all of it, or the next N
 * (MTG 614.9), used up like a shield.
 *
 * @internal
 */
import * as GameEvent from "../../../GameEvent.js"
import type * as Replacement from "../../../Replacement.js"
import type * as Trace from "../../../Trace.js"
import { withAmount } from "../amounts.js"
import { addMadeItem } from "../frame.js"
import { type Frame, fresh, type Item, type State } from "../state.js"

/**
 * Moves at most `n` of the damage to `a.to` ("the next N damage that would be dealt to A is dealt
 * to B instead", MTG 614.9), as the affected player divided it (`division`: at most that much of
 * each occurrence, MTG 614.9 with 616.1), else in the order of the occurrences' ids: an occurrence wholly moved
 * changes its subject; one partly moved is split into the part that moves (a new item) and the
 * part that stays. Returns what is left of `n`.
 */
export const redirectPart = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  a: Extract<Replacement.Action, { _tag: "Redirect" }>,
  targets: Array<Item>,
  before: number,
  division: Readonly<Record<string, number>> | undefined,
  changes: Array<Trace.Change> | undefined
): number => {
  let left = before
  // the affected player's division (stages.ts, redirectDivision), else the occurrences by id
  const ordered =
    targets.length < 2 || division !== undefined
      ? targets
      : [...targets].sort((x, y) => (x.occ.id < y.occ.id ? -1 : 1))
  for (const t of ordered) {
    const was = t.occ.amount
    const k = Math.min(left, was, division === undefined ? was : (division[t.occ.id] ?? 0))
    if (k === 0) continue
    left -= k
    if (k === was) {
      // the change names the subject the damage was to, not the one it goes to
      const subject = t.occ.subject
      t.occ = { ...t.occ, subject: a.to }
      changes?.push({
        occurrence: t.occ.id,
        subject,
        before: was,
        after: was,
        prevented: 0,
        redirectedTo: a.to
      })
      continue
    }
    const moved = GameEvent.occurrence({ ...t.occ, id: fresh(s, t.occ.id), subject: a.to, amount: k })
    t.occ = withAmount(t, was - k)
    t.modified -= k
    changes?.push({
      occurrence: t.occ.id,
      subject: t.occ.subject,
      before: was,
      after: was - k,
      prevented: 0,
      redirectedTo: a.to,
      redirected: k,
      redirectedAs: moved.id
    })
    addMadeItem(s, frame, {
      index: frame.items.length,
      occ: moved,
      origin: t.origin,
      applied: [...t.applied, e.id],
      declined: t.declined,
      proposed: k,
      modified: 0,
      prevented: 0,
      status: "live",
      replacedBy: [],
      group: "",
      appliedSet: undefined,
      dead: undefined,
      deadFor: undefined,
      layout: 0
    })
  }
  return left
}

/** Moves all of the targets' damage to `a.to`. */
export const redirectAll = (
  a: Extract<Replacement.Action, { _tag: "Redirect" }>,
  targets: Array<Item>,
  changes: Array<Trace.Change> | undefined
): void => {
  for (const t of targets) {
    const subject = t.occ.subject
    t.occ = { ...t.occ, subject: a.to }
    changes?.push({
      occurrence: t.occ.id,
      subject,
      before: t.occ.amount,
      after: t.occ.amount,
      prevented: 0,
      redirectedTo: a.to
    })
  }
}
