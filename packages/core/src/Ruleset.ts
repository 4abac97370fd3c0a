/**
 * The adapter contract: what a ruleset package exports so that scenario files, the `bulwark`
 * CLI and integrators can use it without knowing the game.
 *
 * A ruleset decodes its own scenario vocabulary (a Schema), compiles it into plain core data —
 * a view, a ledger and a list of {@link Step}s — and supplies its {@link Policy.Rules}. The
 * generic runner ({@link run}) resolves the steps in order, threading the ledger and view from
 * one to the next, and builds the {@link Outcome} that a scenario's `expect:` block is matched
 * against.
 *
 * @since 0.1.0
 */
import { Effect, Result, type Schema } from "effect"
import * as Chooser from "./Chooser.js"
import type * as Decision from "./Decision.js"
import * as Errors from "./Errors.js"
import * as GameEvent from "./GameEvent.js"
import type * as GameView from "./GameView.js"
import * as Kernel from "./Kernel.js"
import * as Ledger from "./Ledger.js"
import type * as Policy from "./Policy.js"
import type * as Trace from "./Trace.js"

/**
 * JSON data, as found in outcomes and query answers.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const j: Ruleset.Json = { dealt: { bear: 1 }, tags: ["a"] }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [k: string]: Json }

/**
 * What a query step can use: the view and ledger at that point, and the scenario's chooser.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const lifeOf = (ctx: Ruleset.QueryContext, id: string) => ctx.view.objects[id]?.props["life"]
 * ```
 * @since 0.1.0
 * @category model
 */
export interface QueryContext {
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly chooser: Chooser.SyncChooser
  readonly rules: Policy.Rules
}

/**
 * One step of a compiled scenario:
 *
 * - `Event`: resolve an event (the ledger and view carry over to the next step);
 * - `Advance`: cross a time boundary (`Ledger.advance`);
 * - `AddEffects`: effects created now (a spell resolving);
 * - `Update`: the game changes outside any event (a creature changes colour, leaves play);
 * - `Query`: ask the ruleset something (legality, an assignment preview); the answer is put in the
 *   outcome under `queries.<name>`.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const s: Ruleset.Step = { _tag: "Advance", boundary: "endOfTurn" }
 * ```
 * @since 0.1.0
 * @category model
 */
export type Step =
  | { readonly _tag: "Event"; readonly event: GameEvent.GameEvent }
  | { readonly _tag: "Advance"; readonly boundary: string }
  | { readonly _tag: "AddEffects"; readonly effects: Ledger.Ledger["effects"] }
  | {
      readonly _tag: "Update"
      readonly label: string
      readonly apply: (view: GameView.GameView) => GameView.GameView
    }
  | {
      readonly _tag: "Query"
      readonly name: string
      readonly run: (ctx: QueryContext) => Result.Result<Json, Errors.ResolveError | Errors.ScenarioInvalid>
    }

/**
 * A compiled scenario: the starting view and ledger, and the steps.
 *
 * @example
 * ```ts
 * import { GameView, Ledger, type Ruleset } from "@bulwark/core"
 * const c: Ruleset.Compiled = { view: GameView.make({ players: ["a"], activePlayer: "a" }), ledger: Ledger.empty, steps: [] }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Compiled {
  readonly view: GameView.GameView
  readonly ledger: Ledger.Ledger
  readonly steps: ReadonlyArray<Step>
}

/**
 * One line of a ruleset's rules coverage table.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const c: Ruleset.Coverage = { rule: "615.7", title: "shields over simultaneous damage", status: "implemented" }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Coverage {
  readonly rule: string
  readonly title: string
  readonly status: "implemented" | "partial" | "interpretation" | "not-covered"
  readonly note?: string
}

/**
 * What a ruleset package exports (as `ruleset`).
 *
 * - `id`: the value of `ruleset:` in scenario files ("mtg");
 * - `schema`: decodes the ruleset's part of a scenario document — every key except the generic
 *   ones (`ruleset`, `title`, `description`, `decisions`, `strategy`, `expect`);
 * - `compile`: turns the decoded scenario into core data, or fails naming the path;
 * - `rules`: the ruleset's policies;
 * - `rulesVersion`: the rules text it implements (e.g. "CR 2025-06-13");
 * - `coverage`: its rules coverage table.
 *
 * @example
 * ```ts
 * import { Result, Schema } from "effect"
 * import { GameView, Ledger, Policy, type Ruleset } from "@bulwark/core"
 * const tiny: Ruleset.Ruleset<{ readonly players: ReadonlyArray<string> }> = {
 *   id: "tiny", name: "Tiny", description: "a demo", rulesVersion: "1",
 *   schema: Schema.Struct({ players: Schema.Array(Schema.String) }),
 *   rules: { name: "tiny", order: Policy.affectedChooses({ name: "tiny", rule: "t1", tiers: [] }),
 *     assignment: Policy.recipientControllerAllocates("t2") },
 *   compile: (s) => Result.succeed({ view: GameView.make({ players: s.players, activePlayer: s.players[0] ?? "" }), ledger: Ledger.empty, steps: [] }),
 *   coverage: []
 * }
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Ruleset<S = unknown> {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly rulesVersion: string
  readonly schema: Schema.Codec<S, unknown>
  readonly compile: (scenario: S) => Result.Result<Compiled, Errors.ScenarioInvalid>
  readonly rules: Policy.Rules
  readonly coverage: ReadonlyArray<Coverage>
}

/**
 * A ruleset of any scenario type, for registries.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const byId = (all: ReadonlyArray<Ruleset.AnyRuleset>, id: string) => all.find((r) => r.id === id)
 * ```
 * @since 0.1.0
 * @category model
 */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds rulesets of different scenario types
export type AnyRuleset = Ruleset<any>

/** What {@link invalid} throws inside {@link attempt}: the scenario problem it carries. */
class Invalid {
  constructor(readonly error: Errors.ScenarioInvalid) {}
}

/**
 * For an adapter's scenario compiler: stops compiling with a problem at `path` (inside
 * {@link attempt}, which turns it into a failed result). Deep helpers can report a problem
 * where they find it, without threading results through every call.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * const positive = (n: number, path: string): number =>
 *   n > 0 ? n : Ruleset.invalid(path, "must be above 0")
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const invalid = (path: string, reason: string): never => {
  throw new Invalid(new Errors.ScenarioInvalid({ path, reason }))
}

/**
 * Runs a compiling step that reports problems with {@link invalid}, as a typed result: the
 * problem becomes `Errors.ScenarioInvalid`; anything else thrown is rethrown.
 *
 * @example
 * ```ts
 * import { Ruleset } from "@bulwark/core"
 * const r = Ruleset.attempt(() => Ruleset.invalid("effects[0].amount", "must be above 0"))
 * // Result.fail(ScenarioInvalid { path: "effects[0].amount", … })
 * ```
 * @since 0.1.0
 * @category compiling
 */
export const attempt = <A>(f: () => A): Result.Result<A, Errors.ScenarioInvalid> => {
  try {
    return Result.succeed(f())
  } catch (err) {
    if (err instanceof Invalid) return Result.fail(err.error)
    throw err
  }
}

/**
 * What became of one `Event` step, in a JSON-friendly form.
 *
 * - `dealt` / `prevented`: damage per recipient over the whole resolution (incl. redirection);
 * - `occurrences`: every occurrence (original, replacing, results, costs) by id;
 * - `happened`: what happened, in order;
 * - `notifications`: "damage was prevented" notices, one per application.
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const dealtTo = (e: Ruleset.EventOutcome, id: string) => e.dealt[id] ?? 0
 * ```
 * @since 0.1.0
 * @category model
 */
export interface EventOutcome {
  readonly dealt: Readonly<Record<string, number>>
  readonly prevented: Readonly<Record<string, number>>
  readonly occurrences: Readonly<
    Record<
      string,
      {
        readonly family: string
        readonly subject: string
        readonly source: string | null
        readonly kinds: ReadonlyArray<string>
        readonly params: Readonly<Record<string, Json>>
        readonly proposed: number
        readonly modified: number
        readonly prevented: number
        readonly amount: number
        readonly status: string
        readonly cause: string
        readonly applied: ReadonlyArray<string>
      }
    >
  >
  readonly happened: ReadonlyArray<{
    readonly id: string
    readonly family: string
    readonly subject: string
    readonly amount: number
  }>
  readonly notifications: ReadonlyArray<{ readonly effect: string; readonly amount: number }>
}

/**
 * The whole outcome of a scenario run, which `expect:` is matched against:
 *
 * - `events`: by event id (see {@link EventOutcome});
 * - `state`: every object and player at the end: `zone`, `controller` and its props;
 * - `effects`: every effect that was ever in the ledger: `remaining`, `uses`, `spent`, and `gone`
 *   (used up or ended);
 * - `decisions`: every decision in order: `kind`, `chooser`, `answer`;
 * - `queries`: the answers of query steps by name;
 * - `error`: when a step failed: `tag`, `message`, and the step index (`step`).
 *
 * @example
 * ```ts
 * import type { Ruleset } from "@bulwark/core"
 * const lifeOf = (o: Ruleset.Outcome, id: string) => o.state[id]?.["life"]
 * ```
 * @since 0.1.0
 * @category model
 */
export interface Outcome {
  readonly events: Readonly<Record<string, EventOutcome>>
  readonly state: Readonly<Record<string, Readonly<Record<string, Json>>>>
  readonly effects: Readonly<
    Record<
      string,
      {
        readonly remaining: number | null
        readonly uses: number
        readonly spent: boolean
        readonly gone: boolean
      }
    >
  >
  readonly decisions: ReadonlyArray<{
    readonly id: string
    readonly kind: string
    readonly chooser: string
    readonly answer: Json
    readonly rule: string
  }>
  readonly queries: Readonly<Record<string, Json>>
  readonly error?: { readonly tag: string; readonly message: string; readonly step: number }
}

/**
 * A finished run: the outcome, the resolutions of the event steps (with their traces), and the
 * final ledger and view.
 *
 * @example
 * ```ts
 * import { Trace, type Ruleset } from "@bulwark/core"
 * const text = (r: Ruleset.RunResult) => r.resolutions.map((x) => Trace.render(x.trace)).join("\n")
 * ```
 * @since 0.1.0
 * @category model
 */
export interface RunResult {
  readonly outcome: Outcome
  readonly resolutions: ReadonlyArray<Kernel.Resolution>
  readonly trace: ReadonlyArray<Trace.Record>
  readonly ledger: Ledger.Ledger
  readonly view: GameView.GameView
}

const eventOutcome = (r: Kernel.Resolution): EventOutcome => {
  const dealt: Record<string, number> = {}
  const prevented: Record<string, number> = {}
  const occurrences: Record<string, EventOutcome["occurrences"][string]> = {}
  for (const o of r.outcomes) {
    occurrences[o.id] = {
      family: o.family,
      subject: o.subject,
      source: o.source ?? null,
      kinds: o.kinds,
      params: o.params as Record<string, Json>,
      proposed: o.proposed,
      modified: o.modified,
      prevented: o.prevented,
      amount: o.amount,
      status: o.status,
      cause: o.cause,
      applied: o.applied
    }
    if (o.family !== GameEvent.DAMAGE) continue
    if (o.prevented > 0) prevented[o.subject] = (prevented[o.subject] ?? 0) + o.prevented
    if (o.status === "happened") dealt[o.subject] = (dealt[o.subject] ?? 0) + o.amount
  }
  return {
    dealt,
    prevented,
    occurrences,
    happened: r.happened.map((h) => ({ id: h.id, family: h.family, subject: h.subject, amount: h.amount })),
    notifications: r.notifications.map((n) => ({ effect: n.effect, amount: n.amount }))
  }
}

const stateOfView = (view: GameView.GameView): Outcome["state"] => {
  const out: Record<string, Record<string, Json>> = {}
  for (const [id, o] of Object.entries(view.objects)) {
    const entry: Record<string, Json> = { ...(o.props as Record<string, Json>) }
    if (o.zone !== undefined) entry["zone"] = o.zone
    if (o.controller !== undefined) entry["controller"] = o.controller
    out[id] = entry
  }
  return out
}

interface Acc {
  view: GameView.GameView
  ledger: Ledger.Ledger
  allEffects: Map<string, Ledger.Ledger["effects"][number]>
  events: Record<string, EventOutcome>
  queries: Record<string, Json>
  decisions: Array<Decision.LogEntry>
  resolutions: Array<Kernel.Resolution>
  trace: Array<Trace.Record>
}

const finishRun = (acc: Acc, error?: { tag: string; message: string; step: number }): RunResult => {
  const effects: Record<string, Outcome["effects"][string]> = {}
  const present = new Set(acc.ledger.effects.map((e) => e.id))
  for (const [id, e] of acc.allEffects) {
    const st = present.has(id) ? Ledger.stateOf(acc.ledger, id) : undefined
    const s = st ?? Ledger.initialState(e)
    effects[id] = {
      remaining: s.remaining ?? null,
      uses: s.uses,
      spent: s.spent,
      gone: s.spent || !present.has(id)
    }
  }
  const outcome: Outcome = {
    events: acc.events,
    state: stateOfView(acc.view),
    effects,
    decisions: acc.decisions.map((d) => ({
      id: d.request.id,
      kind: d.request._tag,
      chooser: d.request.chooser,
      answer: d.answer as Json,
      rule: d.request.rule
    })),
    queries: acc.queries,
    ...(error === undefined ? {} : { error })
  }
  return { outcome, resolutions: acc.resolutions, trace: acc.trace, ledger: acc.ledger, view: acc.view }
}

const applySimple = (acc: Acc, step: Exclude<Step, { _tag: "Event" } | { _tag: "Query" }>): void => {
  switch (step._tag) {
    case "Advance":
      acc.ledger = Ledger.advance(acc.ledger, step.boundary)
      acc.trace.push({ _tag: "Note", text: `time passes: ${step.boundary}`, rule: "ledger boundary" })
      break
    case "AddEffects":
      acc.ledger = Ledger.add(acc.ledger, step.effects)
      for (const e of step.effects) acc.allEffects.set(e.id, e)
      acc.trace.push({
        _tag: "Note",
        text: `new effects: ${step.effects.map((e) => e.id).join(", ")}`,
        rule: "scenario"
      })
      break
    case "Update":
      acc.view = step.apply(acc.view)
      acc.trace.push({ _tag: "Note", text: step.label, rule: "scenario" })
      break
  }
}

const newAcc = (compiled: Compiled): Acc => ({
  view: compiled.view,
  ledger: compiled.ledger,
  allEffects: new Map(compiled.ledger.effects.map((e) => [e.id, e] as const)),
  events: {},
  queries: {},
  decisions: [],
  resolutions: [],
  trace: []
})

const record = (acc: Acc, event: GameEvent.GameEvent, r: Kernel.Resolution): void => {
  acc.view = r.view
  acc.ledger = r.ledger
  acc.events[event.id] = eventOutcome(r)
  acc.resolutions.push(r)
  // a loop, not push(...xs): a 100 000-occurrence event has more records than a call has arguments
  for (const t of r.trace) acc.trace.push(t)
  for (const d of r.decisions) acc.decisions.push(d)
}

const offset =
  (chooser: Chooser.SyncChooser, acc: Acc): Chooser.SyncChooser =>
  (request, state) =>
    chooser(request, { ...state, log: [...acc.decisions, ...state.log] })

type Decide = (
  request: Decision.Request,
  state: Kernel.State
) => Effect.Effect<Decision.Answer, Errors.MissingDecision | Errors.ChooserFailed>

/** The one step loop behind {@link run} and {@link runEffect}. */
const runWith = (
  rules: Policy.Rules,
  compiled: Compiled,
  decide: Decide,
  queryChooser: Chooser.SyncChooser,
  options: Kernel.Options
): Effect.Effect<RunResult> =>
  Effect.gen(function* () {
    const acc = newAcc(compiled)
    const stop = (step: number, e: { readonly _tag: string; readonly message: string }) =>
      finishRun(acc, { tag: e._tag, message: e.message, step })
    for (let i = 0; i < compiled.steps.length; i++) {
      const step = compiled.steps[i] as Step
      if (step._tag === "Event") {
        let k = Kernel.start(rules, step.event, acc.ledger, acc.view, options)
        while (k._tag === "Pending") {
          // scripted answers count over the whole scenario, not per event
          const state = { ...k.state, log: [...acc.decisions, ...k.state.log] }
          const answer = yield* Effect.result(decide(k.request, state))
          if (Result.isFailure(answer)) return stop(i, answer.failure)
          k = Kernel.unsafeResume(k.state, answer.success)
        }
        if (k._tag === "Failed") return stop(i, k.error)
        record(acc, step.event, k.resolution)
      } else if (step._tag === "Query") {
        const r = step.run({ view: acc.view, ledger: acc.ledger, chooser: offset(queryChooser, acc), rules })
        if (Result.isFailure(r)) return stop(i, r.failure)
        acc.queries[step.name] = r.success
      } else {
        try {
          applySimple(acc, step)
        } catch (err) {
          const tag =
            typeof err === "object" && err !== null && "_tag" in err
              ? String((err as { _tag: unknown })._tag)
              : "Error"
          return stop(i, { _tag: tag, message: err instanceof Error ? err.message : String(err) })
        }
      }
    }
    return finishRun(acc)
  })

/**
 * Runs a compiled scenario with a synchronous chooser. A failing step does not throw: the run
 * stops there and the outcome has `error` (so a scenario can expect an error).
 * Scripted answers are counted over the whole scenario, not per event.
 *
 * @example
 * ```ts
 * import { Chooser, Ruleset } from "@bulwark/core"
 * declare const ruleset: Ruleset.AnyRuleset, compiled: Ruleset.Compiled
 * const result = Ruleset.run(ruleset.rules, compiled, Chooser.firstLegal)
 * console.log(result.outcome.error?.message ?? "ok")
 * ```
 * @since 0.1.0
 * @category running
 */
export const run = (
  rules: Policy.Rules,
  compiled: Compiled,
  chooser: Chooser.SyncChooser,
  options: Kernel.Options = {}
): RunResult => Effect.runSync(runWith(rules, compiled, Chooser.fromSync(chooser).decide, chooser, options))

/**
 * Runs a compiled scenario with the {@link Chooser.Chooser} service, which may be asynchronous
 * (an interactive prompt). Like {@link run}, a failing step ends the run with `error` set.
 * Query steps get no chooser (they are synchronous); a query that needs a decision fails with
 * `MissingDecision`.
 *
 * @example
 * ```ts
 * import { Effect } from "effect"
 * import { Chooser, Ruleset } from "@bulwark/core"
 * declare const ruleset: Ruleset.AnyRuleset, compiled: Ruleset.Compiled
 * const program = Ruleset.runEffect(ruleset.rules, compiled).pipe(
 *   Effect.provide(Chooser.layer(Chooser.fromSync(Chooser.firstLegal)))
 * )
 * ```
 * @since 0.1.0
 * @category running
 */
export const runEffect = (
  rules: Policy.Rules,
  compiled: Compiled,
  options: Kernel.Options = {}
): Effect.Effect<RunResult, never, Chooser.Chooser> =>
  Effect.gen(function* () {
    const chooser = yield* Chooser.Chooser
    return yield* runWith(rules, compiled, chooser.decide, () => undefined, options)
  })
