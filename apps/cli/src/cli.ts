/**
 * The `bulwark` command, as a value: `main.ts` runs it against the real process, tests run it
 * in-process with {@link runCli} (or `Command.runWith`) and `TestConsole`.
 *
 * Exit codes (the table per command and error class is in the README): 0 when all is well, 1 when
 * a check failed (an `expect:` mismatch, unused scripted answers; under `check`, a run that
 * stopped on an error it did not expect), 2 for bad input (an unreadable, malformed or non-UTF-8
 * file, a schema error, an unknown ruleset or id, a duplicate id, a bad command line; under
 * `resolve`, an illegal or missing decision or a search over its budget); 70 for an internal
 * error (a bug in bulwark: an unexpected defect), with how to report it; 130 when stopped by
 * SIGINT (Ctrl-C) and 143 by SIGTERM (`stop.ts`, `run.ts`). Errors are one clear message, never a
 * stack trace (`BULWARK_DEBUG=1` adds it to an internal error's report).
 *
 * Terminal output is inert: every human-readable line goes out through {@link say} or
 * {@link complain}, which show control and invisible characters as `\u{…}` escapes
 * (core's `Names.visible`), so a title, id or label can't move the cursor, recolour the terminal
 * or overprint a result; `--json` output is JSON as `JSON.stringify` writes it (made in slices:
 * `json.ts`).
 *
 * The `best-for-chooser` strategy runs as core's `Chooser.bestForChooserEffect`: it gives the
 * event loop a turn every few thousand states, so a signal stops a long search at once, and on
 * a terminal (stderr a TTY, not `--json`) it shows how many states it has explored.
 *
 * @module
 */
import { readFileSync, type Stats, statSync } from "node:fs"
import { createRequire } from "node:module"
import { basename } from "node:path"
import { Chooser, Decision, Errors, Names, Ruleset, type Words } from "@bulwark/core"
import {
  checkScenario,
  defaultLimits,
  kernelOptions,
  matchRun,
  parseScenario,
  Scenario,
  ScenarioError,
  Skeleton,
  strategyFor
} from "@bulwark/scenario"
import { loadBytes, loadFile, type Refused, SCAN_BYTES, walkScenarios } from "@bulwark/scenario/node"
import { Cause, Console, Context, Data, Effect, Option, Result } from "effect"
import { Argument, CliError, Command, Flag, GlobalFlag, Prompt } from "effect/cli"
import * as Env from "./env.js"
import * as Gallery from "./gallery.js"
import { stringifyInTurns } from "./json.js"
import * as Migration from "./migrate.js"
import * as Pipe from "./pipe.js"
import * as Plugins from "./plugins.js"
import * as Reader from "./reader.js"
import * as Render from "./render.js"
import * as SchemaDoc from "./schema.js"
import * as Stop from "./stop.js"

/** The CLI's version, read from its own package.json (one level above `src/` and `dist/`). */
export const version: string = (createRequire(import.meta.url)("../package.json") as { version: string })
  .version

/** Bad input: exit code 2. `text` is the complete message. */
export class BadInput extends Data.TaggedError("BadInput")<{ readonly text: string }> {}

/**
 * `--ruleset <module>` (any command, repeatable): a ruleset module to use besides the installed
 * ones — a file exporting `ruleset`, a package folder or an installed package with a manifest
 * (`plugins.ts`). The only way besides installing a package to make the CLI load a ruleset's code.
 */
export const RulesetModules = GlobalFlag.Setting("ruleset")({
  flag: Flag.String("ruleset").pipe(
    Flag.withDescription(
      "A ruleset module to load besides the installed ruleset packages: a file exporting `ruleset`, a package folder or an installed package name (repeatable)"
    ),
    Flag.atLeast(0)
  )
})

/** The rulesets of this run: the installed ruleset packages and the `--ruleset` modules. */
export const registry: Effect.Effect<
  Plugins.Registry,
  BadInput,
  GlobalFlag.Setting.Identifier<"ruleset">
> = Effect.gen(function* () {
  const modules = yield* RulesetModules
  return yield* Plugins.registry(modules).pipe(Effect.mapError((e) => new BadInput({ text: e.message })))
})

/** Failed checks: exit code 1 (the details were already printed). */
export class ChecksFailed extends Data.TaggedError("ChecksFailed")<{ readonly failed: number }> {}

/** The exit code of an internal error (a bug in bulwark, not in its input): 70, BSD's EX_SOFTWARE. */
export const INTERNAL_ERROR = 70

/**
 * The report of an internal error: one line naming it a bug, where to report it and how to see
 * the stack trace (`BULWARK_DEBUG=1`, which adds the whole cause).
 */
export const internalErrorText = (cause: Cause.Cause<unknown>): string => {
  const lines = [
    `bulwark: internal error (a bug in bulwark, not a problem with your files): ${oneLine(Cause.squash(cause))}`,
    `  please report it at ${bugs} with the command line and the files it read; BULWARK_DEBUG=1 shows the stack trace`
  ]
  if (
    process.env.BULWARK_DEBUG !== undefined &&
    process.env.BULWARK_DEBUG !== "" &&
    process.env.BULWARK_DEBUG !== "0"
  )
    lines.push(Cause.pretty(cause))
  return Names.visible(lines.join("\n"))
}

const bugs: string =
  (createRequire(import.meta.url)("../package.json") as { bugs?: { url?: string } }).bugs?.url ??
  "https://github.com/bulwark-engine/bulwark/issues"

/**
 * Prints human-readable text on stdout, inert: control and invisible characters (ESC, CR, …)
 * shown as `\u{…}` escapes, line feeds and tabs kept. The one way text for people goes out.
 */
export const say = (text: string) => Console.log(Names.visible(text))

/** Prints human-readable text on stderr, inert, as {@link say} does. */
export const complain = (text: string) => Console.error(Names.visible(text))

/** One turn of the event loop (where signals are delivered): the work can be stopped here. */
const turn: Effect.Effect<void> = Effect.callback<void>((resume) => {
  const t = setImmediate(() => resume(Effect.void))
  return Effect.sync(() => clearImmediate(t))
})

/**
 * How the CLI asks a player for a decision: `interactive` is true when stdin and stdout are
 * terminals; `ask` prompts for one request, in the ruleset's `words`.
 */
export interface InteractionShape {
  readonly interactive: boolean
  readonly ask: (
    request: Decision.Request,
    words?: Words.Words
  ) => Effect.Effect<Decision.Answer, Errors.ChooserFailed, Prompt.Environment>
}

const promptFor = (request: Decision.Request, words?: Words.Words): Prompt.Prompt<Decision.Answer> => {
  const message = Names.visible(`${request.id}: ${Decision.describe(request, words)}`)
  switch (request._tag) {
    case "ChooseEffect":
      return Prompt.Select<Decision.Answer>({
        message,
        choices: request.options.map((o) => ({
          title: Names.visible(`${o.effect} — ${o.label}`),
          value: o.effect
        }))
      })
    case "StartingPlayer":
      return Prompt.Select<Decision.Answer>({
        message,
        choices: request.options.map((p) => ({ title: Names.visible(p), value: p }))
      })
    case "UseOptional":
      return Prompt.Confirm({ message, initial: true }) as Prompt.Prompt<Decision.Answer>
    case "Allocate":
      return Prompt.Select<Decision.Answer>({
        message,
        choices: Decision.legalAnswers(request, 50).map((a) => ({
          title: Decision.formatAnswer(a),
          value: a
        }))
      })
  }
}

/** Asks with a terminal prompt; the player quitting (Ctrl-C) fails the decision. */
export const promptAsk: InteractionShape["ask"] = (request, words) =>
  Prompt.run(promptFor(request, words)).pipe(
    Effect.mapError(() => new Errors.ChooserFailed({ requestId: request.id, reason: "the player quit" }))
  )

/** The interaction service; by default, interactive exactly when stdin and stdout are terminals. */
export const Interaction = Context.Reference<InteractionShape>("@bulwark/cli/Interaction", {
  defaultValue: () => ({
    interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
    ask: promptAsk
  })
})

const strategyFlag = Flag.Literals("strategy", ["first", "best-for-chooser"]).pipe(
  Flag.withDescription(
    "Answer the decisions the scenario's `decisions:` do not answer with this strategy (overrides `strategy:` in the file)"
  ),
  Flag.optional
)

/**
 * A progress line on stderr while a search runs, when stderr is a terminal: at most ten updates
 * a second, cleared when the decision is made. Nothing at all when stderr is not a terminal.
 */
export interface Progress {
  readonly report: (explored: number, request: Decision.Request) => void
  /** A folder walk under `root` has seen `seen` entries so far. */
  readonly walking: (seen: number, root: string) => void
  /** `check` or `resolve` starts reading (and parsing) `file`. */
  readonly reading: (file: string) => void
  /** A worker thread starts parsing `file` (a big file: `reader.ts`). */
  readonly parsing: (file: string) => void
  /** `check` or `resolve` has loaded `file` and starts its run. */
  readonly running: (file: string) => void
  readonly clear: () => void
}

/**
 * The progress line for this process (`undefined` when stderr is not a terminal). The
 * environment variable `BULWARK_PROGRESS=always` shows it on any stderr, one line per update
 * (for wrappers that show it themselves, and for the CLI's own signal test).
 */
export const terminalProgress = (): Progress | undefined => {
  if (process.env.BULWARK_PROGRESS === "always")
    return {
      report: (explored, request) =>
        process.stderr.write(
          Names.visible(`best-for-chooser: ${request.id} (${request.chooser}): ${explored} states explored\n`)
        ),
      walking: (seen, root) => process.stderr.write(Names.visible(`walking ${root}: ${seen} entries\n`)),
      reading: (file) => process.stderr.write(Names.visible(`reading ${file}\n`)),
      parsing: (file) => process.stderr.write(Names.visible(`parsing ${file} in a worker thread\n`)),
      running: (file) => process.stderr.write(Names.visible(`running ${file}\n`)),
      clear: () => {}
    }
  if (process.stderr.isTTY !== true) return undefined
  let shown = false
  let last = 0
  return {
    report: (explored, request) => {
      const now = Date.now()
      if (now - last < 100) return
      last = now
      shown = true
      process.stderr.write(
        `\r\x1b[K${Names.visible(`best-for-chooser: ${request.id} (${request.chooser}): ${explored} states explored…`)}`
      )
    },
    walking: (seen, root) => {
      const now = Date.now()
      if (now - last < 100) return
      last = now
      shown = true
      process.stderr.write(`\r\x1b[K${Names.visible(`walking ${root}: ${seen} entries…`)}`)
    },
    reading: () => {},
    parsing: () => {},
    running: () => {},
    clear: () => {
      if (shown) process.stderr.write("\r\x1b[K")
      shown = false
    }
  }
}

/**
 * How a loaded scenario's decisions are answered in the CLI: the script first, then the
 * strategy (`Scenario.strategyFor`) — `best-for-chooser` as the sliced search with the file's
 * `budget:` — and `undefined` (no answer) when neither answers.
 */
const strategyShape = (
  loaded: Scenario.LoadedScenario,
  options: Scenario.RunOptions,
  progress: Progress | undefined
): ((
  request: Decision.Request,
  state: Parameters<Chooser.SyncChooser>[1]
) => ReturnType<Chooser.ChooserShape["decide"]> | undefined) => {
  const script = loaded.decisions ?? []
  const strategy = strategyFor(loaded, options)
  const best =
    strategy === "best-for-chooser"
      ? Chooser.bestForChooserEffect({
          budget: loaded.budget,
          timeBudgetMs: loaded.timeBudgetMs,
          onProgress: progress?.report
        })
      : undefined
  return (request, state) => {
    const i = state.log.length
    if (i < script.length) return Effect.succeed(script[i] as Decision.Answer)
    if (strategy === "first") {
      const a = Chooser.firstLegal(request, state)
      return a === undefined
        ? Effect.fail(Decision.missing(request, loaded.ruleset.words))
        : Effect.succeed(a)
    }
    if (best !== undefined)
      return best.decide(request, state).pipe(Effect.ensuring(Effect.sync(() => progress?.clear())))
    return undefined
  }
}

/** The default of `BULWARK_MAX_PIPE_BYTES`: how much `bulwark` reads from a FIFO at most. */
export const MAX_PIPE_BYTES: number = Pipe.MAX_PIPE_BYTES

/** A positive whole number of bytes from the environment variable `name`, or `fallback` (`env.ts`). */
const bytesFromEnv = (name: string, fallback: number): Effect.Effect<number, BadInput> => {
  const r = Env.bytes(name, fallback)
  return Result.isSuccess(r) ? Effect.succeed(r.success) : Effect.fail(new BadInput({ text: r.failure }))
}

/**
 * A synchronous stretch of work that gives the event loop no turn (parsing a file smaller than the
 * worker size in this thread, `migrate` reading one), run so that Ctrl-C ends it at once (`Stop.blocking`): then the
 * fiber is interrupted (the run stops with exit 130). A turn of the event loop comes just before
 * (a signal already received is handled there, and the work never starts) and just after (a
 * SIGTERM that came during the work stops the run there, before anything else is done). Only
 * for work that writes nothing.
 */
const blocking = <A>(work: () => A): Effect.Effect<A> =>
  turn.pipe(
    Effect.andThen(
      Effect.suspend(() => {
        const r = Stop.blocking(work)
        return r === Stop.STOPPED ? Effect.interrupt : Effect.succeed(r)
      })
    ),
    Effect.tap(() => turn)
  )

/**
 * Loads a scenario file as `loadFile` does (under {@link blocking}: Ctrl-C stops the parse of a
 * huge file); a FIFO is read through the event loop
 * ({@link readPipe}), so a pipe that never ends or waits for its writer can be stopped.
 */
const loadAny = (
  file: string,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  progress?: Progress | undefined
): Effect.Effect<Result.Result<Scenario.LoadedScenario, ScenarioError.ScenarioError>, BadInput> =>
  Effect.gen(function* () {
    const limits = Env.limits()
    if (Result.isFailure(limits))
      return Result.fail(new ScenarioError.FileUnreadable({ file, reason: limits.failure }))
    const options = { limits: limits.success }
    let stats: Stats | undefined
    try {
      stats = statSync(file)
    } catch {
      stats = undefined
    }
    const maxSize = options.limits.fileSize ?? defaultLimits.fileSize
    const from = yield* bytesFromEnv("BULWARK_WORKER_BYTES", Reader.WORKER_BYTES)
    const big = (size: number) => size >= from && size <= maxSize && Reader.available()
    if (stats?.isFIFO() !== true)
      return stats?.isFile() === true && big(stats.size)
        ? yield* inWorker(file, undefined, rulesets, options, progress)
        : yield* blocking(() => loadFile(file, rulesets, options))
    const max = yield* bytesFromEnv("BULWARK_MAX_PIPE_BYTES", MAX_PIPE_BYTES)
    const bytes = yield* Effect.result(Pipe.readPipe(file, max))
    if (Result.isFailure(bytes)) return Result.fail(bytes.failure)
    return big(bytes.success.length)
      ? yield* inWorker(file, bytes.success, rulesets, options, progress)
      : yield* blocking(() => loadBytes(bytes.success, file, rulesets, options))
  })

/**
 * A big file (or a FIFO's bytes) read and checked in a worker thread (`reader.ts`): the main
 * thread only waits while it parses, so SIGTERM stops it as Ctrl-C does. Then decoded and
 * compiled here (`Scenario.loadDocumentEffect`), giving the event loop a turn every few
 * milliseconds: either signal stops that too, within a turn (a document of 100 000 occurrences
 * takes over a second to decode and compile).
 */
const inWorker = (
  file: string,
  bytes: Uint8Array | undefined,
  rulesets: ReadonlyArray<Ruleset.AnyRuleset>,
  options: Scenario.ParseOptions,
  progress: Progress | undefined
): Effect.Effect<Result.Result<Scenario.LoadedScenario, ScenarioError.ScenarioError>> =>
  Effect.flatMap(
    Reader.readInWorker(file, bytes, options, () => progress?.parsing(file)),
    (read) =>
      Result.isFailure(read)
        ? Effect.succeed(Result.fail(read.failure))
        : Effect.suspend(() => {
            Reader.phase("decoding", file)
            return Scenario.loadDocumentEffect(
              read.success.document,
              new TextDecoder().decode(read.success.bytes),
              file,
              rulesets
            )
          }).pipe(
            Effect.map((loaded) => {
              Reader.phase("loaded", file)
              return loaded
            })
          )
  )

const load = (
  file: string,
  installed: Plugins.Registry,
  progress: Progress | undefined
): Effect.Effect<Scenario.LoadedScenario, BadInput> =>
  Effect.flatMap(loadAny(file, installed.rulesets, progress), (r) =>
    Result.isFailure(r)
      ? Effect.fail(new BadInput({ text: Plugins.explain(r.failure, installed) }))
      : Effect.succeed(r.success)
  )

const readText = (file: string): Result.Result<string, ScenarioError.FileUnreadable> => {
  try {
    return Result.succeed(readFileSync(file, "utf8"))
  } catch (err) {
    return Result.fail(
      new ScenarioError.FileUnreadable({ file, reason: err instanceof Error ? err.message : String(err) })
    )
  }
}

/** The message for a run that ended with an error the scenario did not expect. */
const runErrorText = (
  loaded: Scenario.LoadedScenario,
  error: NonNullable<Ruleset.Outcome["error"]>,
  answered: number
): string => {
  if (error.tag === "IllegalChoice" && loaded.decisions !== undefined && answered < loaded.decisions.length) {
    const pos = loaded.sourceMap.positionOf(["decisions", answered], "value")
    return `${loaded.fileName}:${pos.line}:${pos.column}: at decisions[${answered}]: ${error.message}`
  }
  if (error.tag === "MissingDecision") {
    return `${loaded.fileName}: missing decision: ${error.message}\n  add the answer to \`decisions:\`, set \`strategy:\` (first | best-for-chooser), or pass --strategy`
  }
  return `${loaded.fileName}: ${error.tag} at step ${error.step}: ${error.message}`
}

/** `--lang <tag>`: the language the trace, the questions and the rule quotations speak. */
const langFlag = Flag.String("lang").pipe(
  Flag.withDescription(
    "The language of the trace, the questions and the rule quotations (default: the ruleset's own, e.g. ru for berserk; en for English)"
  ),
  Flag.optional
)

/**
 * The scenario with its ruleset speaking `lang` (core `Ruleset.wordsIn`): its own words when
 * none is asked for; a language it has no words for is bad input naming those it has.
 */
const inLanguage = (
  loaded: Scenario.LoadedScenario,
  lang: string | undefined
): Effect.Effect<Scenario.LoadedScenario, BadInput> => {
  const words = Ruleset.wordsIn(loaded.ruleset, lang)
  if (words === undefined)
    return Effect.fail(
      new BadInput({
        text: `--lang ${lang}: ruleset ${loaded.ruleset.id} has no words in ${JSON.stringify(lang)}; it speaks ${Ruleset.languages(loaded.ruleset).join(", ")}`
      })
    )
  return Effect.succeed(
    words === loaded.ruleset.words ? loaded : { ...loaded, ruleset: { ...loaded.ruleset, words } }
  )
}

/** `bulwark resolve <file>`: the step-by-step trace and a result summary, or `--json`. */
export const resolve = Command.make(
  "resolve",
  {
    file: Argument.String("file").pipe(Argument.withDescription("A scenario file (.yaml, .yml or .json)")),
    json: Flag.Boolean("json").pipe(
      Flag.withDescription("Print the machine form: outcome, trace and decisions"),
      Flag.withDefault(false)
    ),
    strategy: strategyFlag,
    explain: Flag.Boolean("explain").pipe(
      Flag.withDescription(
        "Show the sentence of each cited rule under its first citation (with --json: a `rules` map)"
      ),
      Flag.withDefault(false)
    ),
    ask: Flag.Boolean("ask").pipe(
      Flag.withDescription(
        "Ask at the terminal for every decision the scenario's `decisions:` do not answer"
      ),
      Flag.withDefault(false)
    ),
    lang: langFlag
  },
  Effect.fn(function* ({ file, json, strategy, explain, ask, lang }) {
    const installed = yield* registry
    const progress = json ? undefined : terminalProgress()
    progress?.reading(file)
    const loaded = yield* inLanguage(yield* load(file, installed, progress), Option.getOrUndefined(lang))
    const options: Scenario.RunOptions = { strategy: Option.getOrUndefined(strategy) }
    const interaction = yield* Interaction
    if (ask && !interaction.interactive)
      return yield* new BadInput({ text: "--ask needs a terminal (stdin and stdout must be a TTY)" })
    // the script, then the strategy; a decision nothing answers is asked at a terminal, else missing
    const scripted = Chooser.scripted(loaded.decisions ?? [])
    progress?.running(file)
    const answer = strategyShape(loaded, options, progress)
    const canAsk = interaction.interactive && !json
    const context = yield* Effect.context<Prompt.Environment>()
    const shape: Chooser.ChooserShape = {
      decide: (request, state) => {
        if (ask) {
          const a = scripted(request, state)
          if (a !== undefined) return Effect.succeed(a)
        } else {
          const a = answer(request, state)
          if (a !== undefined) return a
        }
        if (canAsk) return interaction.ask(request, loaded.ruleset.words).pipe(Effect.provideContext(context))
        return Effect.fail(Decision.missing(request, loaded.ruleset.words))
      }
    }
    Reader.phase("resolving", file)
    const run = yield* Ruleset.runEffectOutcome(
      loaded.ruleset.rules,
      loaded.compiled,
      kernelOptions(loaded, options)
    ).pipe(Effect.provideService(Chooser.Chooser, shape))
    Reader.phase("resolved", file)
    const check = matchRun(loaded, run)
    if (json) {
      Reader.phase("writing", file)
      yield* Console.log(yield* stringifyInTurns(Render.machine(loaded, check, options, explain)))
    } else {
      yield* say(Render.header(loaded, options))
      // a huge trace: rendered and made visible in turns (a signal stops either), then printed at once
      Reader.phase("rendering", file)
      const rendered = yield* Render.traceEffect(run, loaded, { explain })
      Reader.phase("escaping", file)
      const trace = yield* Render.visibleInTurns(rendered)
      Reader.phase("shown", file)
      yield* Console.log(trace)
      yield* say(Render.summary(run, loaded.ruleset.words))
    }
    const error = run.outcome.error
    const expectsError = (loaded.expect as { error?: unknown } | undefined)?.error !== undefined
    if (error !== undefined && !expectsError)
      return yield* new BadInput({ text: runErrorText(loaded, error, run.outcome.decisions.length) })
    if (loaded.expect !== undefined && !json) {
      if (check.ok) yield* say("expect: PASS")
      else yield* say(`expect: FAIL\n${Render.mismatches(check.mismatches)}`)
    }
    if (!check.ok) return yield* new ChecksFailed({ failed: 1 })
  })
).pipe(Command.withDescription("Resolve a scenario file and print the step-by-step trace"))

/**
 * The events whose outcome matching `expect` reads: none without `expect.events`, the ids of a
 * non-empty `expect.events` mapping, and every event (`undefined`) for anything else (`events:
 * {}` means "no event outcome at all", so it reads them all). `Expect.outcome` reads
 * `outcome.events[id]` for exactly these ids, so leaving the others out of the run's outcome
 * changes no match.
 */
const eventsRead = (
  expect: Readonly<Record<string, unknown>> | undefined
): ((id: string) => boolean) | undefined => {
  const events = expect?.events
  if (events === undefined) return () => false
  if (typeof events !== "object" || events === null || Array.isArray(events)) return undefined
  const ids = new Set(Object.keys(events))
  return ids.size === 0 ? undefined : (id) => ids.has(id)
}

/**
 * One file of `check`: loaded, then run with the sliced chooser (so a signal stops it), matched
 * against its `expect:`. A ruleset that throws becomes an outcome error tagged `Defect`, as in
 * `checkScenario`.
 */
const checkOne = (file: string, progress: Progress | undefined, installed: Plugins.Registry) =>
  Effect.gen(function* () {
    // the run, its match and the report never read the parsed document: not holding it during a
    // large run keeps the heap (and each full collection's threshold, a multiple of it) smaller
    progress?.reading(file)
    const loaded = yield* Effect.map(
      loadAny(file, installed.rulesets, progress),
      Result.map((l): Scenario.LoadedScenario => ({ ...l, document: {} }))
    )
    if (Result.isFailure(loaded)) return { _tag: "Invalid", file, error: loaded.failure } as const
    progress?.running(file)
    const s = loaded.success
    const answer = strategyShape(s, {}, progress)
    const shape: Chooser.ChooserShape = {
      decide: (request, state) =>
        answer(request, state) ?? Effect.fail(Decision.missing(request, s.ruleset.words))
    }
    // `check` reports the outcome against `expect:`, never the trace, the resolutions nor the
    // outcome of an event `expect:` does not name: not keeping them holds a large run to its
    // current step (1 000 000 occurrences over 1 000 events: 2.5 GB peak with them, docs/performance.md)
    Reader.phase("resolving", file)
    const run = yield* Ruleset.runEffectOutcome(s.ruleset.rules, s.compiled, {
      ...kernelOptions(s),
      trace: false,
      resolutions: false,
      keepEvent: eventsRead(s.expect)
    }).pipe(
      Effect.provideService(Chooser.Chooser, shape),
      Effect.catchDefect((d) =>
        Effect.succeed<Ruleset.RunResult>({
          outcome: {
            events: {},
            state: {},
            effects: {},
            decisions: [],
            queries: {},
            error: { tag: "Defect", message: d instanceof Error ? d.message : String(d), step: 0 }
          },
          resolutions: [],
          trace: [],
          ledger: s.compiled.ledger,
          view: s.compiled.view
        })
      )
    )
    Reader.phase("resolved", file)
    return { _tag: "Checked", file, scenario: s, result: matchRun(s, run) } as const
  })

/** The files a folder walk left out, named (the first few), so that a typo'd `ruleset:` shows. */
const skippedLine = (skipped: ReadonlyArray<string>): string => {
  const shown = skipped.slice(0, 5).join(", ")
  const more = skipped.length > 5 ? `, … (${skipped.length - 5} more)` : ""
  return `skipped ${skipped.length} file${skipped.length === 1 ? "" : "s"} without a top-level \`ruleset:\` key (not scenarios): ${shown}${more}`
}

/** The paths a walk did not read or enter, each with its reason (the first fifty). */
const refusedLines = (refused: ReadonlyArray<Refused>): string => {
  const shown = refused.slice(0, 50).map((r) => `  ${Render.field(r.path)}: ${r.reason}`)
  const more = refused.length > 50 ? [`  … (${refused.length - 50} more)`] : []
  return [
    `not read: ${refused.length} path${refused.length === 1 ? "" : "s"} (not regular files, links that break or loop or lead to a folder walked already, or too large to tell):`,
    ...shown,
    ...more
  ].join("\n")
}

/**
 * Walks the paths given (`walkScenarios`; the scan limit from `BULWARK_SCAN_BYTES`), giving the
 * event loop a turn every few milliseconds so that Ctrl-C stops a walk over a huge folder, and
 * reporting progress. Each path's scenarios and skipped files sorted, in the order given.
 */
const walk = (paths: ReadonlyArray<string>, progress: Progress | undefined) =>
  Effect.gen(function* () {
    const scanBytes = yield* bytesFromEnv("BULWARK_SCAN_BYTES", SCAN_BYTES)
    const scenarios: Array<string> = []
    const skipped: Array<string> = []
    const refused: Array<Refused> = []
    let seen = 0
    let last = performance.now()
    for (const p of paths) {
      const mine: Array<string> = []
      const other: Array<string> = []
      for (const e of walkScenarios(p, { scanBytes })) {
        if (e._tag === "Scenario") mine.push(e.path)
        else if (e._tag === "Skipped") other.push(e.path)
        else refused.push({ path: e.path, reason: e.reason })
        seen++
        if (performance.now() - last > 10) {
          progress?.walking(seen, p)
          yield* turn
          last = performance.now()
        }
      }
      scenarios.push(...mine.sort())
      skipped.push(...other.sort())
    }
    progress?.clear()
    return { scenarios, skipped, refused }
  })

/** `bulwark check <files or folders…>`: runs every scenario; `N passed, N failed`. */
export const check = Command.make(
  "check",
  {
    paths: Argument.String("paths").pipe(
      Argument.withDescription(
        "Scenario files or folders (searched recursively for .yaml, .yml, .json files with a top-level `ruleset:` key; node_modules, dist and dot-folders are not entered)"
      ),
      Argument.atLeast(1)
    )
  },
  Effect.fn(function* ({ paths }) {
    const progress = terminalProgress()
    const { scenarios: files, skipped, refused } = yield* walk(paths, progress)
    let passed = 0
    let failed = 0
    let invalid = 0
    const installed = files.length === 0 ? undefined : yield* registry
    for (const file of files) {
      // between files, a signal stops the run
      yield* turn
      if (installed === undefined) break
      const r = yield* checkOne(file, progress, installed)
      const titled = (t: string | undefined) =>
        `${Render.field(file)}${t === undefined ? "" : ` — ${Render.field(t)}`}`
      if (r._tag === "Invalid") {
        invalid++
        failed++
        const text = Plugins.explain(r.error, installed)
        // the path once: one located problem is the FAIL line itself (`FAIL a.yaml:3:7: …`, as
        // an editor opens it); otherwise the FAIL line names the file and the message follows
        if (
          !text.includes("\n") &&
          text.startsWith(`${file}:`) &&
          /^:\d+:\d+: /.test(text.slice(file.length))
        )
          yield* say(`FAIL ${text}`)
        else {
          yield* say(`FAIL ${titled(undefined)}`)
          yield* say(
            (text.startsWith(`${file}: `) ? text.slice(file.length + 2) : text)
              .split("\n")
              .map((l) => `    ${l}`)
              .join("\n")
          )
        }
      } else if (r.result.ok) {
        passed++
        yield* say(`PASS ${titled(r.scenario.title)}`)
      } else {
        failed++
        yield* say(`FAIL ${titled(r.scenario.title)}`)
        yield* say(Render.mismatches(r.result.mismatches))
      }
    }
    yield* say(`${passed} passed, ${failed} failed`)
    if (skipped.length > 0) yield* say(skippedLine(skipped))
    if (refused.length > 0) yield* say(refusedLines(refused))
    if (files.length === 0)
      return yield* new BadInput({
        text: `no scenario files (.yaml, .yml, .json with a top-level \`ruleset:\` key) in ${paths.join(", ")}`
      })
    if (invalid > 0)
      return yield* new BadInput({ text: `${invalid} file${invalid === 1 ? "" : "s"} could not be loaded` })
    if (failed > 0) return yield* new ChecksFailed({ failed })
  })
).pipe(Command.withDescription("Run scenario files as tests: PASS/FAIL per case and a summary"))

/**
 * `bulwark migrate <files or folders…> [--check]`: rewrites scenario files of an older format in
 * the current one, in place (folders walked as `check` walks them). All or nothing: when a file
 * can't be migrated (or can't be replaced as it is: hard links, read-only, a link outside the
 * paths given), its located error is printed and no file is written (exit 2); when a write fails
 * half-way, the files already written are put back (exit 2). With `--check`, nothing is
 * written: each file that would change is listed and the exit code is 1 when any would. A file
 * already in the current format is left byte-identical. See `migrate.ts` for what is kept.
 */
export const migrate = Command.make(
  "migrate",
  {
    paths: Argument.String("paths").pipe(
      Argument.withDescription(
        "Scenario files or folders (folders searched as `check` searches them: .yaml, .yml, .json files with a top-level `ruleset:` key; node_modules, dist and dot-folders are not entered)"
      ),
      Argument.atLeast(1)
    ),
    check: Flag.Boolean("check").pipe(
      Flag.withDescription(
        "Write nothing: list the files that would change and exit 1 if any would (for CI)"
      ),
      Flag.withDefault(false)
    )
  },
  Effect.fn(function* ({ paths, check }) {
    const found = yield* walk(paths, terminalProgress())
    const files = [...new Set(found.scenarios)]
    const skipped = found.skipped
    if (skipped.length > 0) yield* say(skippedLine(skipped))
    if (found.refused.length > 0) yield* say(refusedLines(found.refused))
    if (files.length === 0)
      return yield* new BadInput({
        text: `no scenario files (.yaml, .yml, .json with a top-level \`ruleset:\` key) in ${paths.join(", ")}`
      })
    const installed = (yield* registry).rulesets
    const roots = Migration.rootsOf(paths)
    // reading and parsing only (the writes come after, never cut off): a signal stops it there
    const from = yield* bytesFromEnv("BULWARK_WORKER_BYTES", Reader.WORKER_BYTES)
    const planned = yield* Effect.forEach(files, (f) =>
      Migration.planEffect(f, installed, { roots, write: !check }, from, blocking)
    )
    const failed = planned.filter((p) => p._tag === "Failed")
    // a link and the file it names, both found: one file, migrated once (through its first name)
    const changed: Array<Extract<Migration.Planned, { _tag: "Changed" }>> = []
    for (const p of planned) {
      if (p._tag !== "Changed") continue
      const first = changed.find((c) => c.target === p.target)
      if (first === undefined) changed.push(p)
      else yield* say(`${p.file} is ${first.file} (a link to it): migrated once`)
    }
    const current = planned.filter((p) => p._tag === "Current").length
    const summary = (verb: string) =>
      `${changed.length} ${verb}, ${current} already in format ${Skeleton.FORMAT}${failed.length === 0 ? "" : `, ${failed.length} can't be migrated`}`
    if (failed.length > 0) {
      for (const p of changed) yield* say(`${check ? "would migrate" : "can migrate"} ${p.file}`)
      yield* say(summary(check ? "would change" : "can be migrated"))
      return yield* new BadInput({
        text: `${failed.map((p) => p.message).join("\n")}${check ? "" : "\nno file was written"}`
      })
    }
    // every file is written before anything is printed: a signal can't stop the run half-way
    const written = check ? { done: changed.length } : Migration.replaceAll(changed)
    for (const p of changed.slice(0, written.done))
      yield* say(
        `${check ? "would migrate" : "migrated"} ${p.file}${p.target === p.file ? "" : ` (a link: its target ${p.target})`} (format ${p.from} → ${Skeleton.FORMAT})`
      )
    if (written.error !== undefined) return yield* new BadInput({ text: written.error })
    yield* say(summary(check ? "would change" : "migrated"))
    if (check && changed.length > 0) return yield* new ChecksFailed({ failed: changed.length })
  })
).pipe(
  Command.withDescription(
    "Rewrite scenario files of an older format in the current one, in place (comments and key order kept)"
  )
)

/** `bulwark schema <ruleset>`: the JSON Schema of that ruleset's scenario files. */
export const schema = Command.make(
  "schema",
  {
    ruleset: Argument.String("ruleset").pipe(
      Argument.withDescription("A ruleset id (see `bulwark rulesets`)")
    )
  },
  Effect.fn(function* ({ ruleset }) {
    const installed = yield* registry
    const r = installed.rulesets.find((x) => x.id === ruleset)
    if (r === undefined)
      return yield* new BadInput({
        text: `unknown ruleset ${JSON.stringify(ruleset)}; installed rulesets: ${installed.rulesets.map((x) => x.id).join(", ") || "(none)"}\n  ${Plugins.unknownHint(ruleset, installed)}`
      })
    yield* Console.log(JSON.stringify(SchemaDoc.scenarioJsonSchema(r), null, 2))
  })
).pipe(Command.withDescription("Print the JSON Schema of a ruleset's scenario files (for editors)"))

const coverageSummary = (r: Ruleset.AnyRuleset): string => {
  const counts = new Map<string, number>()
  for (const c of r.coverage) counts.set(c.status, (counts.get(c.status) ?? 0) + 1)
  const order = ["implemented", "partial", "interpretation", "not-covered"]
  const parts = order.filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${s}`)
  return `${r.coverage.length} rules${parts.length === 0 ? "" : `: ${parts.join(", ")}`}`
}

/**
 * `bulwark rulesets`: the installed rulesets, their rules version, coverage summary and where
 * each came from; then the shadowed ones and the packages that declare a ruleset but can't be
 * used (exit 2 when there is one).
 */
export const rulesets = Command.make(
  "rulesets",
  {},
  Effect.fn(function* () {
    const installed = yield* registry
    yield* say(Plugins.listing(installed, coverageSummary))
    if (installed.problems.length > 0)
      return yield* new BadInput({
        text: installed.problems.map((p) => `can't use a ruleset package: ${p.reason}`).join("\n")
      })
  })
).pipe(
  Command.withDescription(
    "List the installed rulesets: rules version, coverage and where each came from (package, version, path)"
  )
)

/** `bulwark gallery`: resolves the bundled example scenarios, one or more per ruleset. */
export const gallery = Command.make(
  "gallery",
  {},
  Effect.fn(function* () {
    const installed = (yield* registry).rulesets
    const results: Array<{ readonly entry: Gallery.Entry; readonly status: string }> = []
    yield* say(
      "Bulwark gallery: one scenario per game, chosen to show what makes its damage prevention and replacement rules different.\n"
    )
    for (const entry of Gallery.entries) {
      const file = Gallery.locate(entry)
      if (file === undefined) {
        results.push({ entry, status: "not bundled" })
        continue
      }
      const loaded = Result.flatMap(readText(file), (text) =>
        parseScenario(text, `${entry.ruleset}/scenarios/${basename(file)}`, installed)
      )
      if (Result.isFailure(loaded)) {
        yield* say(`━━ ${entry.case} (${entry.ruleset}): ${loaded.failure.message}\n`)
        results.push({ entry, status: "invalid" })
        continue
      }
      const s = loaded.success
      const c = checkScenario(s)
      yield* say(Render.header(s))
      yield* say(`   why this one: ${entry.why}`)
      yield* say(Render.trace(c.run, s))
      yield* say(Render.summary(c.run, s.ruleset.words))
      if (s.expect !== undefined)
        yield* say(c.ok ? "expect: PASS" : `expect: FAIL\n${Render.mismatches(c.mismatches)}`)
      yield* say("")
      results.push({ entry, status: s.expect === undefined ? "resolved" : c.ok ? "PASS" : "FAIL" })
    }
    yield* say("Summary:")
    for (const r of results)
      yield* say(
        `  ${r.status.padEnd(11)} ${r.entry.ruleset.padEnd(10)} ${r.entry.case.padEnd(8)} ${r.entry.why}`
      )
    const bad = results.filter((r) => r.status === "FAIL" || r.status === "invalid").length
    const shown = results.filter((r) => r.status !== "not bundled").length
    yield* say(`${shown} of ${results.length} gallery scenarios resolved; ${bad} failed`)
    if (bad > 0) return yield* new ChecksFailed({ failed: bad })
  })
).pipe(Command.withDescription("Resolve the bundled example scenarios, one per game, and summarise"))

/** The root `bulwark` command with all its subcommands. */
export const bulwark = Command.make("bulwark").pipe(
  Command.withDescription("Damage prevention and replacement rules engine for trading card games"),
  Command.withSubcommands([resolve, check, migrate, schema, rulesets, gallery]),
  Command.withGlobalFlags([RulesetModules])
)

/** Runs `bulwark` with the given arguments (without the `node` and script path); fails on errors. */
export const run = Command.runWith(bulwark, { version })

const oneLine = (u: unknown): string => {
  const m =
    u instanceof Error
      ? u.message
      : typeof u === "object" && u !== null && "message" in u
        ? String((u as { message: unknown }).message)
        : String(u)
  return m.split("\n")[0] ?? m
}

// the flags of `resolve` (and the global ones) that take a value: their value is no file
const VALUE_FLAGS = ["--strategy", "--lang", "--ruleset"]

/**
 * `bulwark resolve a.yaml b.yaml` (what a shell glob gives): `resolve` takes one file, `check`
 * takes many — said in one line, instead of the whole help. `undefined` for any other command
 * line (and for `--help`, which shows the help).
 */
export const resolveManyText = (args: ReadonlyArray<string>): string | undefined => {
  const positional: Array<string> = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string
    if (a === "--help" || a === "-h") return undefined
    if (VALUE_FLAGS.includes(a)) i++
    else if (!a.startsWith("-")) positional.push(a)
  }
  if (positional[0] !== "resolve" || positional.length <= 2) return undefined
  const files = positional.slice(1)
  return `bulwark resolve takes one scenario file, got ${files.length}: ${files.map(Render.field).join(" ")}\n  to run several files (or folders) as tests, use: bulwark check ${files.map(Render.field).join(" ")}`
}

/**
 * Runs `bulwark` and turns every outcome into an exit code, printing errors as plain messages
 * (never a stack trace): 0 ok, 1 failed checks, 2 bad input, 70 an internal error (a defect:
 * a bug in bulwark; {@link internalErrorText} says how to report it), 130 interrupted.
 */
export const runCli = (args: ReadonlyArray<string>) => {
  const many = resolveManyText(args)
  if (many !== undefined) return Effect.as(complain(many), 2)
  return run(args).pipe(
    Effect.as(0),
    Effect.catchCause((cause) => {
      const failure = Cause.findErrorOption(cause)
      if (Option.isSome(failure)) {
        const e = failure.value as unknown
        if (e instanceof BadInput) return Effect.as(complain(e.text), 2)
        if (e instanceof ChecksFailed) return Effect.succeed(1)
        if (CliError.isCliError(e))
          return Effect.succeed(e._tag === "ShowHelp" && e.errors.length === 0 ? 0 : 2)
        return Effect.as(complain(`bulwark: ${oneLine(e)}`), 2)
      }
      if (Cause.hasInterruptsOnly(cause)) return Effect.succeed(130)
      return Effect.as(Console.error(internalErrorText(cause)), INTERNAL_ERROR)
    })
  )
}
