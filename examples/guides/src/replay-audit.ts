/**
 * docs/guides/replay-audit.md: a ruling kept as data (its inputs and decision log) is replayed
 * later and audited — the same decisions asked of the same players, the same result.
 */
// #region imports
import { type Chooser, Decision, Resolver, Trace } from "@bulwark/core"
import { ruleset } from "@bulwark/mtg"
import { Data, Result } from "effect"
// #endregion

// #region ruling
/**
 * A ruling as stored (JSON): what was resolved, every decision with its answer as core's one
 * record type (`Decision.Stored`: `{ format: 1, ruleset, rulesVersion, log }` — the same record
 * a stored pending resolution keeps, and its finished result returns), and the result.
 */
export interface Ruling {
  readonly input: Resolver.Input
  readonly decisions: Decision.Stored
  readonly dealt: Readonly<Record<string, number>>
}

/** Resolves an event and keeps the ruling; `undefined` if it failed (nothing to keep). */
export const rule = (input: Resolver.Input, chooser: Chooser.SyncChooser): Ruling | undefined => {
  const r = Resolver.resolveSync(ruleset.rules, input.event, input.ledger, input.view, chooser)
  if (Result.isFailure(r)) return undefined
  return { input, decisions: Decision.store(ruleset.rules, r.success.decisions), dealt: r.success.dealt }
}
// #endregion

// #region audit
/** What an audit finds: the ruling stands (with its explanation), or why it does not. */
export type Audit = Data.TaggedEnum<{
  Stands: { readonly decisions: ReadonlyArray<string>; readonly explanation: string }
  Differs: { readonly recorded: Ruling["dealt"]; readonly replayed: Ruling["dealt"] }
  Invalid: { readonly problem: string }
}>

/** Its constructors (`Audit.Stands({ … })`, …), `Audit.$is` and `Audit.$match`. */
export const Audit = Data.taggedEnum<Audit>()

/**
 * Audits a stored ruling (parsed JSON, so `unknown`): the inputs are validated, the resolution
 * is replayed with the logged answers — `Resolver.replay` decodes the record (a malformed one is
 * `InvalidInput` naming where, one of another ruleset or rules version `IncompatibleRecord`) and
 * checks that every decision is asked of the same player, of the same kind, and that each answer
 * is legal — and the result is compared with the one recorded.
 */
export const audit = (stored: unknown): Audit => {
  const { input, decisions, dealt } = (stored ?? {}) as Partial<Ruling>
  const decoded = Resolver.decodeInput(input)
  if (Result.isFailure(decoded)) return Audit.Invalid({ problem: decoded.failure.message })
  const { event, ledger, view } = decoded.success
  const replayed = Resolver.replay(ruleset.rules, event, ledger, view, decisions as Decision.Stored)
  if (Result.isFailure(replayed)) return Audit.Invalid({ problem: replayed.failure.message })
  const r = replayed.success
  if (JSON.stringify(r.dealt) !== JSON.stringify(dealt))
    return Audit.Differs({ recorded: dealt ?? {}, replayed: r.dealt })
  return Audit.Stands({
    decisions: r.decisions.map(
      (d) => `${d.request.chooser} chose ${JSON.stringify(d.answer)} (${d.request.rule})`
    ),
    explanation: Trace.render(r.trace)
  })
}
// #endregion
