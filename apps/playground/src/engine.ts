/**
 * The playground's engine glue: loads a scenario text with the scenario library, drives its
 * compiled steps through the core kernel (`Kernel.start` / `Kernel.resume`), stopping at the first
 * decision it has no answer for, and builds the official outcome with core's `Ruleset.run` once
 * every decision is made. Pure and browser-safe: no DOM, no Node APIs.
 */
import {
  Chooser,
  Decision,
  Expect,
  Kernel,
  Ledger,
  Modifiers,
  type Replacement,
  Ruleset,
  type Trace,
  Words
} from "@bulwark/core"
import {
  chooserFor,
  kernelOptions,
  type LoadedScenario,
  Migrate,
  parseScenario,
  type ScenarioError
} from "@bulwark/scenario"
import { Result } from "effect"

/**
 * A problem in the scenario text, at a 1-based line and column (0 when it has no position).
 * `outdated` marks a text in an older scenario format, which the page offers to rewrite.
 */
export interface Problem {
  readonly line: number
  readonly column: number
  readonly path: string
  readonly message: string
  readonly outdated?: true
}

/** The problems of a scenario that could not be loaded, with their positions. */
export const problemsOf = (error: ScenarioError.ScenarioError): ReadonlyArray<Problem> => {
  switch (error._tag) {
    case "MalformedFile":
      return [
        {
          line: error.line,
          column: error.column,
          path: "",
          message: `malformed: ${error.reason.split("\n")[0] ?? error.reason}`
        }
      ]
    case "SchemaMismatch":
      return error.issues.map((i) => ({ line: i.line, column: i.column, path: i.path, message: i.message }))
    case "CompileFailed":
      return [{ line: error.line, column: error.column, path: error.path, message: error.reason }]
    case "UnknownRuleset":
      return [
        {
          line: error.line,
          column: error.column,
          path: "ruleset",
          message:
            error.ruleset === null
              ? `no ruleset: key; installed: ${error.installed.join(", ")}`
              : `unknown ruleset ${JSON.stringify(error.ruleset)}; installed: ${error.installed.join(", ")}`
        }
      ]
    case "FileUnreadable":
      return [{ line: 0, column: 0, path: "", message: error.reason }]
    case "LimitExceeded":
      return [
        {
          line: error.line,
          column: error.column,
          path: "",
          message: `${error.value} ${error.what}, over the limit of ${error.max} (\`${error.limit}\`)`
        }
      ]
    case "OutdatedFormat":
      return [
        {
          line: error.line ?? 1,
          column: error.column ?? 1,
          path: "",
          outdated: true,
          message: `this scenario is written in scenario format ${error.format}; the current format is ${error.current}. Rewrite it in format ${error.current} with the button above (or \`bulwark migrate <file>\` for files): the ruling stays the same`
        }
      ]
  }
}

/**
 * A scenario text in the current format: a text in an older format (a share link made before
 * format 2, a pasted file) is rewritten with `Migrate.migrateText` — comments and key order kept,
 * the ruling unchanged — and `note` says so. A current text, or one that can't be migrated (not
 * YAML, no ruleset), is returned as it is, for the loader to report.
 */
export const upgrade = (text: string): { readonly text: string; readonly note?: string } => {
  const r = Migrate.migrateText(text)
  if (Result.isFailure(r) || !r.success.changed) return { text }
  return {
    text: r.success.text,
    note: `This scenario was written in scenario format ${r.success.from}; it was rewritten in format ${r.success.to} (as \`bulwark migrate\` does). The ruling is the same.`
  }
}

/** Loads a scenario text: the loaded scenario, or its problems. */
export const load = (
  text: string,
  fileName: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>
): Result.Result<LoadedScenario, ReadonlyArray<Problem>> => {
  const r = parseScenario(text, fileName, rulesets)
  return Result.isSuccess(r) ? Result.succeed(r.success) : Result.fail(problemsOf(r.failure))
}

/** One entry of the timeline: a trace record and the scenario step (index) it belongs to. */
export interface Entry {
  readonly step: number
  readonly record: Trace.Record
  /** A query step's name and answer, as data (the record's text is the answer as JSON). */
  readonly query?: { readonly name: string; readonly answer: unknown }
}

/** How the decisions are made: asked on the page, or by the scenario's script / strategy. */
export type Mode = "ask" | "script"

/**
 * A driven scenario: the timeline so far, the decisions made, and either the decision it waits
 * on (`pending`), or the run (`run`, with the expectation check), which may have failed (`error`).
 */
export interface Driven {
  readonly entries: ReadonlyArray<Entry>
  readonly decisions: ReadonlyArray<Decision.LogEntry>
  /** Every effect that was in the ledger, in order of appearance (for the shields panel). */
  readonly effects: ReadonlyArray<Replacement.Replacement>
  /** Amounts of the occurrences the kernel created (replacements, results), by id. */
  readonly created: Readonly<Record<string, number>>
  readonly pending?: { readonly request: Decision.Request; readonly legal: ReadonlyArray<Decision.Answer> }
  readonly error?: { readonly tag: string; readonly message: string; readonly step: number }
  readonly run?: Ruleset.RunResult
  readonly mismatches?: ReadonlyArray<Expect.Mismatch>
}

const noteOf = (text: string, rule: string): Trace.Record => ({ _tag: "Note", text, rule })

/**
 * Drives a loaded scenario. In `ask` mode the decisions come from `answers` (in order) and the
 * drive stops at the first decision without one; in `script` mode they come from the scenario's
 * `decisions:` / `strategy:` (as `bulwark check` makes them), falling back to `answers`.
 */
export const drive = (
  loaded: LoadedScenario,
  mode: Mode,
  answers: ReadonlyArray<Decision.Answer>
): Driven => {
  const rules = loaded.ruleset.rules
  const compiled = loaded.compiled
  const script: Chooser.SyncChooser | undefined = mode === "script" ? chooserFor(loaded) : undefined
  // a file that answers an order prompt that is no longer asked is run as written
  const options = mode === "script" ? kernelOptions(loaded) : {}
  const entries: Array<Entry> = []
  const decisions: Array<Decision.LogEntry> = []
  const effects = new Map<string, Replacement.Replacement>(compiled.ledger.effects.map((e) => [e.id, e]))
  const created: Record<string, number> = {}
  let view = compiled.view
  let ledger = compiled.ledger
  // every answer handed to the kernel, in order (a scripted one may be illegal: the run fails)
  const given: Array<Decision.Answer> = []
  // the script counts decisions over the whole scenario, not per event
  const scripted: Chooser.SyncChooser = (request, state) =>
    script?.(request, { ...state, log: [...decisions, ...state.log] })
  const answerFor = (request: Decision.Request, state: Kernel.State): Decision.Answer | undefined => {
    const s = scripted(request, state)
    if (s !== undefined) return s
    const a = answers[decisions.length + state.log.length]
    // an answer that no longer fits (the scenario was edited) is asked again
    return a !== undefined && Decision.check(request, a) === undefined ? a : undefined
  }
  const stop = (extra: Partial<Driven>): Driven => ({
    entries,
    decisions,
    effects: [...effects.values()],
    created,
    ...extra
  })
  // Finished or failed: the outcome is core's generic runner replaying the same answers, and it
  // is matched against the scenario's expect: (which may expect the error).
  const finish = (error?: Driven["error"]): Driven => {
    const run = Ruleset.run(rules, compiled, Chooser.scripted(given), options)
    const mismatches = loaded.expect === undefined ? [] : Expect.outcome(loaded.expect, run.outcome)
    return stop({ run, mismatches, ...(error === undefined ? {} : { error }) })
  }
  for (let i = 0; i < compiled.steps.length; i++) {
    const step = compiled.steps[i] as Ruleset.Step
    switch (step._tag) {
      case "Event": {
        // an event read from the game when it happens (an amount "equal to its power")
        let k = Kernel.start(rules, step.at?.(view, rules) ?? step.event, ledger, view, options)
        let last: Kernel.State | undefined
        while (k._tag === "Pending") {
          last = k.state
          const answer = answerFor(k.request, k.state)
          if (answer === undefined) {
            for (const record of k.state.trace ?? []) entries.push({ step: i, record })
            for (const d of k.state.log) decisions.push(d)
            return stop({ pending: { request: k.request, legal: legalOf(k.request) } })
          }
          given.push(answer)
          k = Kernel.resume(k.state, answer)
        }
        if (k._tag === "Failed") {
          // the steps up to the failing answer, then the failure
          for (const record of last?.trace ?? []) entries.push({ step: i, record })
          return finish({ tag: k.error._tag, message: k.error.message, step: i })
        }
        const r = k.resolution
        for (const record of r.trace) entries.push({ step: i, record })
        for (const o of r.outcomes) created[o.id] = o.proposed
        for (const d of r.decisions) decisions.push(d)
        view = r.view
        ledger = r.ledger
        break
      }
      case "Advance":
        ledger = Ledger.advance(ledger, step.boundary)
        // as the core runner does: the modifiers of a number property that last until then end
        view = Modifiers.advance(view, step.boundary)
        entries.push({
          step: i,
          record: noteOf(`time passes: ${Words.spaced(step.boundary)}`, "effects that last until then end")
        })
        break
      case "AddEffects":
        ledger = Ledger.add(ledger, step.effects)
        for (const e of step.effects) effects.set(e.id, e)
        entries.push({
          step: i,
          record: noteOf(`new effects: ${step.effects.map((e) => e.id).join(", ")}`, "scenario")
        })
        break
      case "Update":
        try {
          view = step.apply(view)
        } catch (err) {
          return finish({ tag: "Error", message: err instanceof Error ? err.message : String(err), step: i })
        }
        entries.push({ step: i, record: noteOf(step.label, "scenario") })
        break
      case "Query": {
        const r = step.run({ view, ledger, chooser: scripted, rules })
        if (Result.isFailure(r)) return finish({ tag: r.failure._tag, message: r.failure.message, step: i })
        entries.push({
          step: i,
          record: noteOf(`query ${step.name}: ${JSON.stringify(r.success)}`, "scenario"),
          query: { name: step.name, answer: r.success }
        })
        break
      }
    }
  }
  return finish()
}

/** The legal answers of a request, as buttons (core's `Decision.legalAnswers`, at most 24 splits). */
export const legalOf = (request: Decision.Request): ReadonlyArray<Decision.Answer> =>
  Decision.legalAnswers(request, 24)

/** The text of a button for an answer to a request. */
export const answerLabel = (request: Decision.Request, answer: Decision.Answer): string => {
  switch (request._tag) {
    case "ChooseEffect": {
      const o = request.options.find((x) => x.effect === answer)
      return o === undefined ? String(answer) : `${o.label} (${o.effect})`
    }
    case "UseOptional":
      return answer === true ? `Yes, apply ${request.effect}` : `No, don't apply ${request.effect}`
    case "StartingPlayer":
      return `${String(answer)} starts`
    case "Allocate":
      return Decision.formatAnswer(answer)
  }
}

/**
 * A one-line question for a request, in the ruleset's words: core's `Decision.question`, the
 * same text the trace, the terminal prompt and the missing-decision error use.
 */
export const question = (request: Decision.Request, words: Words.Words = Words.neutral): string =>
  Decision.question(request, words)

/** One occurrence's amount at a point of the timeline. */
export interface Bar {
  readonly occurrence: string
  readonly family: string
  readonly subject: string
  readonly source: string | undefined
  readonly start: number
  readonly amount: number
  readonly prevented: number
  readonly status: "live" | "zero" | "replaced" | "happened"
  readonly note?: string
}

/** Where the timeline is at an entry: the event being resolved, its occurrences, shields left. */
export interface Snapshot {
  readonly event: string | undefined
  readonly cause: string | undefined
  readonly bars: ReadonlyArray<Bar>
  readonly shields: Readonly<Record<string, number | undefined>>
}

const initialRemaining = (e: Replacement.Replacement): number | undefined =>
  e.action._tag === "Prevent" && e.action.scope === "shield" && typeof e.action.amount === "number"
    ? (Ledger.initialState(e).remaining ?? e.action.amount)
    : undefined

/**
 * The state of the timeline after entry `at` (inclusive): the amounts of the current event's
 * occurrences (start, now, prevented) and the shields' remainders.
 */
export const snapshotAt = (driven: Driven, at: number): Snapshot => {
  const shields: Record<string, number | undefined> = {}
  for (const e of driven.effects) {
    const r = initialRemaining(e)
    if (r !== undefined) shields[e.id] = r
  }
  let event: string | undefined
  let cause: string | undefined
  let bars = new Map<string, Bar>()
  const upd = (id: string, f: (b: Bar) => Bar): void => {
    const b = bars.get(id)
    if (b !== undefined) bars.set(id, f(b))
  }
  for (let i = 0; i <= at && i < driven.entries.length; i++) {
    const r = (driven.entries[i] as Entry).record
    switch (r._tag) {
      case "EventStarted":
        event = r.event
        cause = r.cause
        bars = new Map(
          r.occurrences.map((o) => [
            o.id,
            {
              occurrence: o.id,
              family: o.family,
              subject: o.subject,
              source: o.source,
              start: o.amount,
              amount: o.amount,
              prevented: 0,
              status: "live"
            }
          ])
        )
        break
      case "Applied":
        for (const c of r.changes) {
          upd(c.occurrence, (b) => ({
            ...b,
            subject: c.subject,
            amount: c.after,
            prevented: b.prevented + c.prevented,
            ...(c.replacedBy !== undefined
              ? { status: "replaced" as const, note: `replaced by ${c.replacedBy.join(", ") || "nothing"}` }
              : {}),
            ...(c.redirectedTo !== undefined ? { note: `redirected to ${c.redirectedTo}` } : {})
          }))
          for (const id of c.replacedBy ?? []) {
            const amount = driven.created[id]
            if (amount === undefined) continue
            bars.set(id, {
              occurrence: id,
              family: "",
              subject: c.subject,
              source: undefined,
              start: amount,
              amount,
              prevented: 0,
              status: "live",
              note: `replaces ${c.occurrence}`
            })
          }
        }
        if (r.remaining !== undefined) shields[r.effect] = r.remaining.after
        break
      case "ReachedZero":
        upd(r.occurrence, (b) => ({ ...b, amount: 0, status: "zero" }))
        break
      case "EventFinished": {
        const happened = new Set(r.happened.map((h) => h.id))
        for (const [id, b] of bars) if (happened.has(id)) bars.set(id, { ...b, status: "happened" })
        break
      }
      default:
        break
    }
  }
  return { event, cause, bars: [...bars.values()], shields }
}

/**
 * The page heading: the scenario's title (else its file name) and, once a ruling is shown that
 * does not match the file's `expect:`, a note saying so. A title usually states the file's own
 * ruling ("NAP applies the shield first: (3−2)×2 = 2"); after other answers the page shows another
 * ruling, and the heading must not contradict it silently.
 */
export interface Heading {
  readonly title: string
  readonly note?: string
}

/** The heading for `loaded` as driven so far (see {@link Heading}). */
export const headingOf = (loaded: LoadedScenario, driven: Driven | undefined): Heading => {
  const title = loaded.title ?? loaded.fileName
  const n = driven?.run === undefined ? 0 : (driven.mismatches?.length ?? 0)
  if (loaded.expect === undefined || n === 0) return { title }
  return {
    title,
    note: `The title is the file's ruling; the ruling shown differs from its expect: in ${n} ${n === 1 ? "place" : "places"} (listed below).`
  }
}

/**
 * How the ruling shown compares with the file's `expect:`.
 *
 * - `differs`: the player explored — answered a decision otherwise than the file's script does,
 *   or edited the text — and the ruling is not the file's. Not a failure: the page says "your
 *   ruling differs from the file's" and lists the differences;
 * - `fails`: with the file's own answers and text the ruling is not its `expect:` (what
 *   `bulwark check` reports as a failure);
 * - `matches`: the ruling is the one `expect:` states.
 */
export type Comparison = "matches" | "differs" | "fails"

/** The answers the file's own script (`decisions:` / `strategy:`) gives, as `bulwark check` runs it. */
export const fileAnswers = (loaded: LoadedScenario): ReadonlyArray<Decision.Answer> =>
  drive(loaded, "script", []).decisions.map((d) => d.answer)

/**
 * Compares the ruling of `driven` with the file's: `edited` when the text is not the file's
 * (see {@link Comparison}). No `expect:`, or no ruling yet: `matches` (nothing to compare).
 */
export const compare = (loaded: LoadedScenario, driven: Driven, mode: Mode, edited: boolean): Comparison => {
  if (driven.run === undefined || (driven.mismatches?.length ?? 0) === 0) return "matches"
  if (edited) return "differs"
  if (mode === "script") return "fails"
  const own = JSON.stringify(fileAnswers(loaded))
  return JSON.stringify(driven.decisions.map((d) => d.answer)) === own ? "fails" : "differs"
}

/**
 * A value of a mismatch as the page shows it. An outcome leaves out a recipient dealt nothing
 * (Expect's "an amount expected at 0 matches an entry that is absent"), which core reports as
 * "(missing)": where a number was expected that is 0, shown as 0.
 */
export const shownValue = (value: unknown, expected: unknown): string =>
  value === "(missing)" && typeof expected === "number"
    ? "0"
    : value === undefined
      ? "nothing"
      : typeof value === "string"
        ? value
        : JSON.stringify(value)

/** The differences from `expect:` as the outcome lists them: a count, lines, and what is left out. */
export interface MismatchList {
  readonly heading: string
  readonly lines: ReadonlyArray<{
    readonly path: string
    readonly text: string
    /** The file's `expect:` value and the ruling's, as shown (see {@link shownValue}). */
    readonly file: string
    readonly yours: string
  }>
  /** "… and K more" when lines are left out; the heading's count is always lines + K. */
  readonly more?: string
}

/**
 * Lists `mismatches` under a heading that counts them all: up to `limit` lines (one more when
 * that is the last one, rather than a line saying "and 1 more"), then "… and K more". Under
 * `differs` (the player's own ruling) the heading says so and each line reads "the file's X,
 * yours Y"; under `fails` it is the file's failure, "expected X, got Y".
 */
export const mismatchList = (
  mismatches: ReadonlyArray<Expect.Mismatch>,
  limit = 6,
  comparison: Exclude<Comparison, "matches"> = "fails"
): MismatchList => {
  const n = mismatches.length
  const shown = n <= limit + 1 ? mismatches : mismatches.slice(0, limit)
  const lines = shown.map((m) => {
    const file = shownValue(m.expected, m.expected)
    const yours = shownValue(m.actual, m.expected)
    return {
      path: m.path,
      file,
      yours,
      text:
        comparison === "differs" ? `: the file's ${file}, yours ${yours}` : `: expected ${file}, got ${yours}`
    }
  })
  const left = n - shown.length
  return {
    heading:
      comparison === "differs"
        ? `Your ruling differs from the file's in ${n} ${n === 1 ? "place" : "places"}`
        : `✗ Differs from the scenario's expect: (${n})`,
    lines,
    ...(left > 0 ? { more: `… and ${left} more` } : {})
  }
}

/** Collects every `id` written in a parsed scenario document (objects, effects, events, steps). */
const writtenIds = (u: unknown, out: Set<string>): Set<string> => {
  if (Array.isArray(u)) for (const x of u) writtenIds(x, out)
  else if (typeof u === "object" && u !== null)
    for (const [k, v] of Object.entries(u)) {
      if (k === "id" && typeof v === "string") out.add(v)
      else writtenIds(v, out)
    }
  return out
}

/**
 * The effects the rules made rather than the file: every effect of the run whose id the file
 * does not write — a ruleset's derived effects (MTG's protection, 702.16), an object's keyword
 * or a ruleset step's starting effects — by id, with the rule each cites (`undefined` when none).
 */
export const madeByRules = (
  loaded: LoadedScenario,
  effects: ReadonlyArray<Replacement.Replacement>
): ReadonlyMap<string, string | undefined> => {
  const written = writtenIds(loaded.document, new Set())
  return new Map(effects.filter((e) => !written.has(e.id)).map((e) => [e.id, e.rule]))
}
