/**
 * Text and JSON renderings of scenario runs and checks.
 *
 * @module
 */
import { Expect, Names, type Ruleset, Trace, Words } from "@bulwark/core"
import { describeStrategy, type Scenario } from "@bulwark/scenario"
import { Effect } from "effect"

const json = (u: unknown): string => JSON.stringify(u)

/**
 * A user-supplied string put inside one line of output (a title after a file name, a path): its
 * line breaks shown as `\n`, so it can't start a line of its own ("PASS …") under the one it
 * belongs to. Control characters are escaped at the output boundary (`say` in cli.ts).
 */
export const field = (text: string): string => text.replace(/\r?\n/g, (m) => (m === "\n" ? "\\n" : "\\r\\n"))

/** The header of a scenario: file, ruleset, title, description and how decisions are answered. */
export const header = (loaded: Scenario.LoadedScenario, options: Scenario.RunOptions = {}): string => {
  const lines = [
    `━━ ${field(loaded.fileName)}${loaded.title === undefined ? "" : ` — ${field(loaded.title)}`}`,
    `   ruleset: ${loaded.ruleset.name} (${loaded.ruleset.id}, ${loaded.ruleset.rulesVersion})`,
    `   decisions: ${describeStrategy(loaded, options)}`
  ]
  if (loaded.description !== undefined) {
    for (const l of loaded.description.trim().split("\n")) lines.push(`   ${l}`)
  }
  return lines.join("\n")
}

/**
 * The step-by-step trace of a run (core `Trace.render`), in the ruleset's words; with `explain`,
 * each cited rule's sentence under its first citation.
 */
export const trace = (
  run: Ruleset.RunResult,
  loaded: Scenario.LoadedScenario,
  options: { readonly explain?: boolean | undefined } = {}
): string => (run.trace.length === 0 ? NO_STEPS : Trace.render(run.trace, traceContext(run, loaded, options)))

/**
 * {@link trace} rendered in slices with turns of the event loop between them (core
 * `Trace.renderEffect`), so that a signal stops the rendering of a huge trace between two slices.
 */
export const traceEffect = (
  run: Ruleset.RunResult,
  loaded: Scenario.LoadedScenario,
  options: { readonly explain?: boolean | undefined } = {}
): Effect.Effect<string> =>
  run.trace.length === 0
    ? Effect.succeed(NO_STEPS)
    : Trace.renderEffect(run.trace, traceContext(run, loaded, options))

const NO_STEPS = "  (no steps)"

const traceContext = (
  run: Ruleset.RunResult,
  loaded: Scenario.LoadedScenario,
  options: { readonly explain?: boolean | undefined }
): Trace.TextContext => ({
  words: loaded.ruleset.words,
  effects: [...loaded.compiled.ledger.effects, ...run.ledger.effects],
  explain: options.explain
})

/**
 * The result summary: per event the damage dealt and prevented per recipient and what else
 * happened, the effects' states afterwards, every decision and whom it was asked of, the
 * queries' answers and the error, if any.
 */
export const summary = (run: Ruleset.RunResult, words: Words.Words = Words.neutral): string => {
  const o = run.outcome
  const t = Words.texts(words).outcome
  const amounts = (r: Readonly<Record<string, number>>): string =>
    Object.keys(r).length === 0
      ? t.none
      : Object.entries(r)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")
  const lines = [t.title]
  for (const [id, e] of Object.entries(o.events)) {
    lines.push(`  ${t.event(id, amounts(e.dealt), amounts(e.prevented))}`)
    const other = e.happened.filter((h) => h.family !== "damage")
    if (other.length > 0)
      lines.push(
        `    ${t.alsoHappened(
          other
            .map((h) =>
              Words.family(words, h.family).does({
                ...h,
                source: e.occurrences[h.id]?.source ?? undefined,
                // the occurrence's parameters: a counter's kind ("1 −1/−1 counter")
                params: e.occurrences[h.id]?.params
              })
            )
            .join("; ")
        )}`
      )
  }
  const effects = Object.entries(o.effects)
  if (effects.length > 0) {
    lines.push(`  ${t.effects}`)
    for (const [id, s] of effects) {
      const parts: Array<string> = []
      if (s.remaining !== null) parts.push(t.remaining(s.remaining))
      parts.push(t.used(s.uses))
      if (s.spent) parts.push(t.usedUp)
      else if (s.gone) parts.push(t.gone)
      lines.push(`    ${id}: ${parts.join(", ")}`)
    }
  }
  if (o.decisions.length === 0) lines.push(`  ${t.noDecisions}`)
  else {
    lines.push(`  ${t.decisions}`)
    for (const d of o.decisions)
      lines.push(`    ${t.decision(d.id, d.chooser, d.kind, Words.citation(words, d.rule), json(d.answer))}`)
  }
  for (const [name, answer] of Object.entries(o.queries)) lines.push(`  ${t.query(name, json(answer))}`)
  if (o.error !== undefined) lines.push(`  ${t.error(o.error.step, o.error.tag, o.error.message)}`)
  return lines.join("\n")
}

/** Renders mismatches as indented lines: the path, what was expected and what happened. */
export const mismatches = (ms: ReadonlyArray<Expect.Mismatch>, indent = "    "): string =>
  Expect.render(ms)
    .split("\n")
    .map((l) => `${indent}${l}`)
    .join("\n")

/**
 * The sentences of the rules a run cites (rule number → sentence), for `--json --explain`: of a
 * rule with a sentence per situation (`Words.RuleSentences`), the one its first citation fits.
 */
export const ruleSentences = (
  loaded: Scenario.LoadedScenario,
  run: Ruleset.RunResult
): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const l of Trace.lines(run.trace, { words: loaded.ruleset.words ?? Words.neutral }))
    for (const s of l.sentences) if (!(s.rule in out)) out[s.rule] = s.text
  return out
}

/** The machine form of a resolution (`bulwark resolve --json`). */
export const machine = (
  loaded: Scenario.LoadedScenario,
  check: Scenario.CheckResult,
  options: Scenario.RunOptions = {},
  explain = false
): Record<string, unknown> => ({
  file: loaded.fileName,
  ruleset: loaded.ruleset.id,
  title: loaded.title ?? null,
  strategy: describeStrategy(loaded, options),
  outcome: check.run.outcome,
  decisions: check.run.outcome.decisions,
  trace: check.run.trace,
  ...(explain ? { rules: ruleSentences(loaded, check.run) } : {}),
  ...(loaded.expect === undefined ? {} : { check: { ok: check.ok, mismatches: check.mismatches } })
})

/** How many characters of a long text {@link visibleInTurns} escapes between two turns of the event loop. */
const VISIBLE_SLICE = 64 * 1024

/**
 * `Names.visible` of a long text (a huge trace: megabytes), in slices of whole lines with a turn
 * of the event loop between two, so that a signal stops it (the text is printed only once it
 * is all escaped: nothing half-printed). The same text as `Names.visible(text)`: it escapes
 * each character on its own.
 */
export const visibleInTurns = (text: string): Effect.Effect<string> =>
  Effect.suspend(() => {
    const parts: Array<string> = []
    const from = (at: number): Effect.Effect<string> => {
      if (at >= text.length) return Effect.succeed(parts.join(""))
      const cut = text.indexOf("\n", at + VISIBLE_SLICE)
      const to = cut === -1 ? text.length : cut + 1
      parts.push(Names.visible(text.slice(at, to)))
      return to >= text.length
        ? Effect.succeed(parts.join(""))
        : Effect.andThen(
            Effect.yieldNow,
            Effect.suspend(() => from(to))
          )
    }
    return from(0)
  })
