/**
 * Reading a trace to show a player why: the trace is a list of structured records (what the
 * event was, which effects were candidates, who chose what, what each effect did and why others
 * did not apply), each citing its rule. `Trace.render` prints them for developers; here they are
 * turned into sentences for one player, in their own words ("you", "your Grizzly Bear").
 */
import { type GameView, type Kernel, Trace } from "@bulwark/core"
import { Match, Predicate } from "effect"

/** How the explanation names things, from the point of view of `viewer`. */
export interface Names {
  readonly viewer: string
  readonly view: GameView.GameView
}

/** "you", "Alice", "your Grizzly Bear", "Alice's Flame Burst". */
export const nameOf = (names: Names, id: string): string => {
  if (id === names.viewer) return "you"
  const o = names.view.objects[id]
  if (o === undefined) return id
  if (o.kind === "player") return id.charAt(0).toUpperCase() + id.slice(1)
  const name = typeof o.props["name"] === "string" ? o.props["name"] : id
  if (o.controller === names.viewer) return `your ${name}`
  return o.controller === undefined ? name : `${nameOf(names, o.controller)}'s ${name}`
}

/** An effect's short name: its label up to the first colon ("Guardian Shield: prevent …"). */
const effectName = (label: string): string => label.split(":")[0] ?? label

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

const list = (xs: ReadonlyArray<string>): string =>
  xs.length <= 1 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`

/**
 * Explains a resolution to `names.viewer`, one sentence per line. Only the steps about the
 * viewer's own objects (and the viewer) are told in detail, plus the final result.
 */
export const explain = (resolution: Kernel.Resolution, names: Names): ReadonlyArray<string> => {
  const lines: Array<string> = []
  const labels = new Map<string, string>()
  for (const e of resolution.ledger.effects) labels.set(e.id, effectName(e.label))
  const effect = (id: string) => labels.get(id) ?? id
  const mine = (subject: string) =>
    subject === names.viewer || names.view.objects[subject]?.controller === names.viewer
  const dealt = (amount: number, subject: string) => `${amount} damage to ${nameOf(names, subject)}`
  const firstEvent = resolution.trace.find((x) => Predicate.isTagged(x, "EventStarted"))?.event
  // what each record of the trace says to the viewer (nothing for most)
  const told = Match.type<Trace.Record>().pipe(
    Match.tagsExhaustive({
      EventStarted: (r): ReadonlyArray<string> => {
        if (r.cause !== "event") return []
        const bySource = new Map<string, Array<string>>()
        for (const o of r.occurrences) {
          const source = o.source === undefined ? "Something" : capitalise(nameOf(names, o.source))
          bySource.set(source, [...(bySource.get(source) ?? []), dealt(o.amount, o.subject)])
        }
        return [...bySource].map(([source, parts]) => `${source} would deal ${list(parts)}.`)
      },
      Decided: (r) => {
        const who = r.request.chooser === names.viewer ? "You" : capitalise(nameOf(names, r.request.chooser))
        if (Predicate.isTagged(r.request, "ChooseEffect") && typeof r.answer === "string") {
          const options = r.request.options.map((o) => effectName(o.label))
          return [
            `${list(options)} could each change the damage to ${nameOf(names, r.request.group)}; ` +
              `${who === "You" ? "you" : who} chose to apply ${effect(r.answer)} first (${r.request.rule}).`
          ]
        }
        if (Predicate.isTagged(r.request, "UseOptional"))
          return [
            `${who} chose ${r.answer === true ? "to" : "not to"} use ${effect(r.request.effect)} (${r.request.rule}).`
          ]
        if (Predicate.isTagged(r.request, "Allocate") && typeof r.answer === "object") {
          const parts = Object.entries(r.answer).map(([occ, n]) => `${n} on ${occ}`)
          return [`${who} divided ${effect(r.request.effect)}: ${list(parts)} (${r.request.rule}).`]
        }
        return []
      },
      Applied: (r) => {
        const out: Array<string> = []
        for (const c of r.changes) {
          if (!mine(c.subject)) continue
          const target = nameOf(names, c.subject)
          if (c.prevented > 0) {
            out.push(
              `${effect(r.effect)} prevented ${c.prevented} of the ${c.before} damage to ${target} (${r.rule}).`
            )
          } else if (c.redirectedTo !== undefined) {
            out.push(
              `${effect(r.effect)} sent the damage to ${nameOf(names, c.redirectedTo)} instead (${r.rule}).`
            )
          } else if (c.before !== c.after) {
            out.push(
              `${effect(r.effect)} changed the damage to ${target} from ${c.before} to ${c.after} (${r.rule}).`
            )
          } else {
            out.push(
              `${effect(r.effect)} applied to the damage to ${target}, which stayed ${c.after} (${r.rule}).`
            )
          }
        }
        if (r.remaining !== undefined && r.remaining.after === 0 && r.changes.some((c) => mine(c.subject)))
          out.push(`${effect(r.effect)} is used up.`)
        return out
      },
      NotApplied: (r) => [`${effect(r.effect)} did not apply: ${Trace.explain(r.reason)}.`],
      ReachedZero: (r) =>
        mine(r.subject)
          ? [`The damage to ${nameOf(names, r.subject)} was reduced to 0, so none was dealt.`]
          : [],
      EventFinished: (r) => {
        if (r.event !== firstEvent) return []
        const parts = r.happened.filter((h) => h.family === "damage").map((h) => dealt(h.amount, h.subject))
        return [parts.length === 0 ? "In the end, no damage was dealt." : `In the end: ${list(parts)}.`]
      },
      Candidates: () => [],
      Note: () => []
    })
  )
  for (const r of resolution.trace) lines.push(...told(r))
  return lines
}
