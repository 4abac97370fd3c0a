/**
 * Occurrences made from templates: a replacement's, a cost's, an additional part's — from the
 * occurrences the effect applies to, never from whichever is listed first.
 *
 * @internal
 */
import * as Amount from "../../Amount.js"
import * as Errors from "../../Errors.js"
import * as GameEvent from "../../GameEvent.js"
import * as GameView from "../../GameView.js"
import type * as Replacement from "../../Replacement.js"
import { valueFor } from "./applicability.js"
import { fail } from "./failure.js"
import type { Frame, Item, State } from "./state.js"
import { addFollowUp, fresh } from "./state.js"

/** The one value every occurrence has for a field, or `undefined` when they differ (or none). */
const shared = (
  over: ReadonlyArray<GameEvent.Occurrence>,
  field: "subject" | "source"
): string | undefined => {
  const v = over[0]?.[field]
  for (const o of over) if (o[field] !== v) return undefined
  return v
}

/**
 * An occurrence made from a template (a replacement's, a cost's, an additional part's). `from`
 * is the occurrence it is made from; `over`, when given, are all the occurrences the effect
 * applies to at once: the template's `"subject"` / `"source"` (and its defaults) then read the
 * subject or source they all share, and nothing when they differ — never whichever occurrence
 * is listed first (FaB 6.4.10f, MTG 615.7: the order occurrences are written in decides
 * nothing). Callers split `over` by what the template reads where that must not be lost.
 */
export const instantiate = (
  s: State,
  t: Replacement.Template,
  e: Replacement.Replacement,
  from: GameEvent.Occurrence | undefined,
  prevented: number,
  idBase: string,
  replacing: boolean,
  frame: Frame | undefined,
  over?: ReadonlyArray<GameEvent.Occurrence>
): GameEvent.Occurrence => {
  const fromSubject = over === undefined || over.length < 2 ? from?.subject : shared(over, "subject")
  const fromSource = over === undefined || over.length < 2 ? from?.source : shared(over, "source")
  const ref = (r: Replacement.Ref | undefined, dflt: string | undefined): string | undefined => {
    if (r === undefined) return dflt
    if (typeof r === "object") return r.id
    switch (r) {
      case "subject":
        return fromSubject
      case "source":
        return fromSource
      case "controller":
        return e.controller
      case "self":
        return e.source
    }
  }
  const subject = ref(t.subject, fromSubject) ?? e.controller
  const source = ref(t.source, fromSource)
  let amount: number
  const a = t.amount
  // an occurrence that replaces another keeps its amount by default; a cost or additional effect is 1
  if (a === undefined) amount = replacing && from !== undefined ? from.amount : 1
  else if (typeof a === "object" && a._tag === "Prevented") amount = prevented
  else amount = valueFor(s, e, a, from, frame)
  amount = Math.max(0, Math.floor(amount))
  if (!Number.isSafeInteger(amount))
    fail(
      new Errors.InvalidEffect({
        effect: e.id,
        path: `template ${t.family}.amount`,
        reason: `the amount is ${Amount.show(amount)}, not a safe integer`
      })
    )
  if (GameView.get(s.view, subject) === undefined)
    fail(new Errors.UnknownId({ id: subject, where: `effect ${e.id}, template ${t.family}.subject` }))
  return GameEvent.occurrence({
    id: fresh(s, idBase),
    family: t.family,
    subject,
    ...(source === undefined ? {} : { source }),
    amount,
    kinds: t.kinds ?? (replacing && from !== undefined && from.family === t.family ? from.kinds : []),
    preventable: t.preventable ?? true,
    params: t.params ?? {}
  })
}

/**
 * The additional parts of an effect that applied to `targets` at once, as follow-ups. A part
 * that names the subject or source of "that damage" (`"subject"` / `"source"`) is made once for
 * each such object, with the damage prevented from it (FaB 8.3.20 and 6.4.10f: one prevention
 * over damage from two sources; MTG 615.5: "the rest of the effect takes place"); any other part
 * is made once, with the total prevented. The parts, and every field of each, come from the
 * occurrences the effect applied to, not from whichever of them is listed first; made in the
 * order of the objects' ids.
 */
export const additionalParts = (
  s: State,
  frame: Frame,
  e: Replacement.Replacement,
  parts: ReadonlyArray<Replacement.Template>,
  targets: ReadonlyArray<Item>,
  shares: ReadonlyArray<number> | undefined,
  preventedTotal: number
): void => {
  const idBase = `${e.id}:additional`
  for (const tpl of parts) {
    const reads: Array<"subject" | "source"> = []
    for (const r of [tpl.subject, tpl.source])
      if ((r === "subject" || r === "source") && !reads.includes(r)) reads.push(r)
    if (targets.length < 2) {
      addFollowUp(frame, instantiate(s, tpl, e, targets[0]?.occ, preventedTotal, idBase, false, frame))
      continue
    }
    const groups = new Map<string, Array<number>>()
    for (let i = 0; i < targets.length; i++) {
      const occ = (targets[i] as Item).occ
      const key = reads.map((f) => occ[f] ?? "").join("\u0000")
      const g = groups.get(key)
      if (g === undefined) groups.set(key, [i])
      else g.push(i)
    }
    for (const key of [...groups.keys()].sort()) {
      const g = groups.get(key) as Array<number>
      const over = g.map((i) => (targets[i] as Item).occ)
      let prevented = 0
      let amount = 0
      for (const i of g) {
        prevented += shares?.[i] ?? 0
        amount += (targets[i] as Item).occ.amount
      }
      if (groups.size === 1) prevented = preventedTotal
      // what an amount read from "that damage" sees: all of it
      const from = { ...(over[0] as GameEvent.Occurrence), amount }
      addFollowUp(frame, instantiate(s, tpl, e, from, prevented, idBase, false, frame, over))
    }
  }
}

/**
 * A cost is paid once (FaB 1.14.4: "the player must be able to successfully generate and
 * resolve the specified costs"): one that names the subject or source of "that damage" while
 * the effect applies to damage of two different ones at once names no one object, and is
 * refused with a clear error rather than made from whichever occurrence is listed first.
 */
export const costReadsOne = (
  e: Replacement.Replacement,
  cost: Replacement.Template,
  over: ReadonlyArray<GameEvent.Occurrence>
): void => {
  for (const [slot, r] of [
    ["subject", cost.subject],
    ["source", cost.source]
  ] as const)
    if ((r === "subject" || r === "source") && over.length > 1 && shared(over, r) === undefined)
      fail(
        new Errors.InvalidEffect({
          effect: e.id,
          path: `cost.${slot}`,
          reason: `the cost names the ${r} of the damage, but the effect applies at once to damage with different ${r}s (${[...new Set(over.map((o) => o[r] ?? "none"))].sort().join(", ")}); a cost is paid once`
        })
      )
}
