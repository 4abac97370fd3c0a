/**
 * The `bulwark` command, as a value: `main.ts` runs it against the real process, tests run it
 * in-process with {@link runCli} (or `Command.runWith`) and `TestConsole`.
 *
 * Exit codes (the table per command and error class is in the README): 0 when all is well, 1 when
 * a check failed (an `expect:` mismatch, unused scripted answers; under `check`, a run that
 * stopped on an error it did not expect), 2 for bad input (an unreadable, malformed or non-UTF-8
 * file, a schema error, an unknown ruleset or id, a duplicate id, a bad command line; under
 * `resolve`, an illegal or missing decision or a search over its budget); 130 when stopped by
 * SIGINT (Ctrl-C) and 143 by SIGTERM (`run.ts`). Errors are one clear message, never a stack trace.
 *
 * The `best-for-chooser` strategy runs as core's `Chooser.bestForChooserEffect`: it gives the
 * event loop a turn every few thousand states, so a signal stops a long search at once, and on
 * a terminal (stderr a TTY, not `--json`) it shows how many states it has explored.
 *
 * @module
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { basename } from "node:path"
import { Chooser, Decision, Errors, Ruleset, type Words } from "@bulwark/core"
import {
  checkScenario,
  kernelOptions,
  matchRun,
  parseScenario,
  type Scenario,
  ScenarioError,
  Skeleton,
  strategyFor
} from "@bulwark/scenario"
import { findScenarios, loadFile } from "@bulwark/scenario/node"
import { Cause, Console, Context, Data, Effect, Option, Result } from "effect"
import { Argument, CliError, Command, Flag, Prompt } from "effect/cli"
import * as Gallery from "./gallery.js"
import * as Migration from "./migrate.js"
import * as Registry from "./registry.js"
import * as Render from "./render.js"
import * as SchemaDoc from "./schema.js"

/** The CLI's version, read from its own package.json (one level above `src/` and `dist/`). */
export const version: string = (createRequire(import.meta.url)("../package.json") as { version: string })
  .version

/** The ruleset ids this build of the CLI knows, one per adapter package. */
export const rulesetIds: ReadonlyArray<string> = Registry.installed.map((r) => r.id)

/** Bad input: exit code 2. `text` is the complete message. */
export class BadInput extends Data.TaggedError("BadInput")<{ readonly text: string }> {}

/** Failed checks: exit code 1 (the details were already printed). */
export class ChecksFailed extends Data.TaggedError("ChecksFailed")<{ readonly failed: number }> {}

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
  const message = `${request.id}: ${Decision.describe(request, words)}`
  switch (request._tag) {
    case "ChooseEffect":
      return Prompt.Select<Decision.Answer>({
        message,
        choices: request.options.map((o) => ({ title: `${o.effect} — ${o.label}`, value: o.effect }))
      })
    case "StartingPlayer":
      return Prompt.Select<Decision.Answer>({
        message,
        choices: request.options.map((p) => ({ title: p, value: p }))
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
          `best-for-chooser: ${request.id} (${request.chooser}): ${explored} states explored\n`
        ),
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
        `\r\x1b[Kbest-for-chooser: ${request.id} (${request.chooser}): ${explored} states explored…`
      )
    },
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
      ? Chooser.bestForChooserEffect({ budget: loaded.budget, onProgress: progress?.report })
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

const load = (file: string): Effect.Effect<Scenario.LoadedScenario, BadInput> => {
  const r = loadFile(file, Registry.installed)
  return Result.isFailure(r)
    ? Effect.fail(new BadInput({ text: r.failure.message }))
    : Effect.succeed(r.success)
}

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
    )
  },
  Effect.fn(function* ({ file, json, strategy, explain, ask }) {
    const loaded = yield* load(file)
    const options: Scenario.RunOptions = { strategy: Option.getOrUndefined(strategy) }
    const interaction = yield* Interaction
    if (ask && !interaction.interactive)
      return yield* new BadInput({ text: "--ask needs a terminal (stdin and stdout must be a TTY)" })
    // the script, then the strategy; a decision nothing answers is asked at a terminal, else missing
    const scripted = Chooser.scripted(loaded.decisions ?? [])
    const answer = strategyShape(loaded, options, json ? undefined : terminalProgress())
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
    const run = yield* Ruleset.runEffectOutcome(
      loaded.ruleset.rules,
      loaded.compiled,
      kernelOptions(loaded, options)
    ).pipe(Effect.provideService(Chooser.Chooser, shape))
    const check = matchRun(loaded, run)
    if (json) yield* Console.log(JSON.stringify(Render.machine(loaded, check, options, explain), null, 2))
    else {
      yield* Console.log(Render.header(loaded, options))
      yield* Console.log(Render.trace(run, loaded, { explain }))
      yield* Console.log(Render.summary(run, loaded.ruleset.words))
    }
    const error = run.outcome.error
    const expectsError = (loaded.expect as { error?: unknown } | undefined)?.error !== undefined
    if (error !== undefined && !expectsError)
      return yield* new BadInput({ text: runErrorText(loaded, error, run.outcome.decisions.length) })
    if (loaded.expect !== undefined && !json) {
      if (check.ok) yield* Console.log("expect: PASS")
      else yield* Console.log(`expect: FAIL\n${Render.mismatches(check.mismatches)}`)
    }
    if (!check.ok) return yield* new ChecksFailed({ failed: 1 })
  })
).pipe(Command.withDescription("Resolve a scenario file and print the step-by-step trace"))

/**
 * One file of `check`: loaded, then run with the sliced chooser (so a signal stops it), matched
 * against its `expect:`. A ruleset that throws becomes an outcome error tagged `Defect`, as in
 * `checkScenario`.
 */
const checkOne = (file: string, progress: Progress | undefined) =>
  Effect.gen(function* () {
    const loaded = loadFile(file, Registry.installed)
    if (Result.isFailure(loaded)) return { _tag: "Invalid", file, error: loaded.failure } as const
    const s = loaded.success
    const answer = strategyShape(s, {}, progress)
    const shape: Chooser.ChooserShape = {
      decide: (request, state) =>
        answer(request, state) ?? Effect.fail(Decision.missing(request, s.ruleset.words))
    }
    const run = yield* Ruleset.runEffectOutcome(s.ruleset.rules, s.compiled, kernelOptions(s)).pipe(
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
    return { _tag: "Checked", file, scenario: s, result: matchRun(s, run) } as const
  })

/** The files a folder walk left out, named (the first few), so that a typo'd `ruleset:` shows. */
const skippedLine = (skipped: ReadonlyArray<string>): string => {
  const shown = skipped.slice(0, 5).join(", ")
  const more = skipped.length > 5 ? `, … (${skipped.length - 5} more)` : ""
  return `skipped ${skipped.length} file${skipped.length === 1 ? "" : "s"} without a top-level \`ruleset:\` key (not scenarios): ${shown}${more}`
}

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
    const found = paths.map((p) => findScenarios(p))
    const files = found.flatMap((f) => f.scenarios)
    const skipped = found.flatMap((f) => f.skipped)
    let passed = 0
    let failed = 0
    let invalid = 0
    const progress = terminalProgress()
    for (const file of files) {
      const r = yield* checkOne(file, progress)
      if (r._tag === "Invalid") {
        invalid++
        failed++
        yield* Console.log(`FAIL ${file}`)
        yield* Console.log(
          r.error.message
            .split("\n")
            .map((l) => `    ${l}`)
            .join("\n")
        )
      } else if (r.result.ok) {
        passed++
        yield* Console.log(`PASS ${file}${r.scenario.title === undefined ? "" : ` — ${r.scenario.title}`}`)
      } else {
        failed++
        yield* Console.log(`FAIL ${file}${r.scenario.title === undefined ? "" : ` — ${r.scenario.title}`}`)
        yield* Console.log(Render.mismatches(r.result.mismatches))
      }
    }
    yield* Console.log(`${passed} passed, ${failed} failed`)
    if (skipped.length > 0) yield* Console.log(skippedLine(skipped))
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
 * can't be migrated, its located error is printed and no file is written (exit 2). With
 * `--check`, nothing is written: each file that would change is listed and the exit code is 1
 * when any would. A file already in the current format is left byte-identical.
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
    const found = paths.map((p) => findScenarios(p))
    const files = [...new Set(found.flatMap((f) => f.scenarios))]
    const skipped = found.flatMap((f) => f.skipped)
    if (skipped.length > 0) yield* Console.log(skippedLine(skipped))
    if (files.length === 0)
      return yield* new BadInput({
        text: `no scenario files (.yaml, .yml, .json with a top-level \`ruleset:\` key) in ${paths.join(", ")}`
      })
    const planned = files.map((f) => Migration.plan(f, Registry.installed))
    const failed = planned.filter((p) => p._tag === "Failed")
    const changed = planned.filter((p) => p._tag === "Changed")
    const current = planned.length - failed.length - changed.length
    const summary = (verb: string) =>
      `${changed.length} ${verb}, ${current} already in format ${Skeleton.FORMAT}${failed.length === 0 ? "" : `, ${failed.length} can't be migrated`}`
    if (failed.length > 0) {
      for (const p of changed) yield* Console.log(`${check ? "would migrate" : "can migrate"} ${p.file}`)
      yield* Console.log(summary(check ? "would change" : "can be migrated"))
      return yield* new BadInput({
        text: `${failed.map((p) => p.message).join("\n")}${check ? "" : "\nno file was written"}`
      })
    }
    // every file is written before anything is printed: a signal can't stop the run half-way
    const written = check ? { done: changed.length } : Migration.replaceAll(changed)
    for (const p of changed.slice(0, written.done))
      yield* Console.log(
        `${check ? "would migrate" : "migrated"} ${p.file} (format ${p.from} → ${Skeleton.FORMAT})`
      )
    if (written.error !== undefined)
      return yield* new BadInput({
        text: `${written.error}\n${written.done} of ${changed.length} files were migrated before it; run \`bulwark migrate\` again once it is writable`
      })
    yield* Console.log(summary(check ? "would change" : "migrated"))
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
    const r = Registry.find(ruleset)
    if (r === undefined)
      return yield* new BadInput({
        text: `unknown ruleset ${JSON.stringify(ruleset)}; installed rulesets: ${rulesetIds.join(", ")}`
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

/** `bulwark rulesets`: the installed rulesets, their rules version and coverage summary. */
export const rulesets = Command.make("rulesets", {}, () =>
  Effect.forEach(Registry.installed, (r) =>
    Console.log(
      `${r.id.padEnd(10)} ${r.name}\n${" ".repeat(11)}rules: ${r.rulesVersion}\n${" ".repeat(11)}coverage: ${coverageSummary(r)}`
    )
  )
).pipe(Command.withDescription("List the installed rulesets with their rules version and coverage"))

/** `bulwark gallery`: resolves the bundled example scenarios, one or more per ruleset. */
export const gallery = Command.make(
  "gallery",
  {},
  Effect.fn(function* () {
    const results: Array<{ readonly entry: Gallery.Entry; readonly status: string }> = []
    yield* Console.log(
      "Bulwark gallery: one scenario per game, chosen to show what makes its damage prevention and replacement rules different.\n"
    )
    for (const entry of Gallery.entries) {
      const file = Gallery.locate(entry)
      if (file === undefined) {
        results.push({ entry, status: "not bundled" })
        continue
      }
      const loaded = Result.flatMap(readText(file), (text) =>
        parseScenario(text, `${entry.ruleset}/scenarios/${basename(file)}`, Registry.installed)
      )
      if (Result.isFailure(loaded)) {
        yield* Console.log(`━━ ${entry.case} (${entry.ruleset}): ${loaded.failure.message}\n`)
        results.push({ entry, status: "invalid" })
        continue
      }
      const s = loaded.success
      const c = checkScenario(s)
      yield* Console.log(Render.header(s))
      yield* Console.log(`   why this one: ${entry.why}`)
      yield* Console.log(Render.trace(c.run, s))
      yield* Console.log(Render.summary(c.run, s.ruleset.words))
      if (s.expect !== undefined)
        yield* Console.log(c.ok ? "expect: PASS" : `expect: FAIL\n${Render.mismatches(c.mismatches)}`)
      yield* Console.log("")
      results.push({ entry, status: s.expect === undefined ? "resolved" : c.ok ? "PASS" : "FAIL" })
    }
    yield* Console.log("Summary:")
    for (const r of results)
      yield* Console.log(
        `  ${r.status.padEnd(11)} ${r.entry.ruleset.padEnd(10)} ${r.entry.case.padEnd(8)} ${r.entry.why}`
      )
    const bad = results.filter((r) => r.status === "FAIL" || r.status === "invalid").length
    const shown = results.filter((r) => r.status !== "not bundled").length
    yield* Console.log(`${shown} of ${results.length} gallery scenarios resolved; ${bad} failed`)
    if (bad > 0) return yield* new ChecksFailed({ failed: bad })
  })
).pipe(Command.withDescription("Resolve the bundled example scenarios, one per game, and summarise"))

/** The root `bulwark` command with all its subcommands. */
export const bulwark = Command.make("bulwark").pipe(
  Command.withDescription("Damage prevention and replacement rules engine for trading card games"),
  Command.withSubcommands([resolve, check, migrate, schema, rulesets, gallery])
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

/**
 * Runs `bulwark` and turns every outcome into an exit code, printing errors as plain messages
 * (never a stack trace): 0 ok, 1 failed checks, 2 bad input.
 */
export const runCli = (args: ReadonlyArray<string>) =>
  run(args).pipe(
    Effect.as(0),
    Effect.catchCause((cause) => {
      const failure = Cause.findErrorOption(cause)
      if (Option.isSome(failure)) {
        const e = failure.value as unknown
        if (e instanceof BadInput) return Effect.as(Console.error(e.text), 2)
        if (e instanceof ChecksFailed) return Effect.succeed(1)
        if (CliError.isCliError(e))
          return Effect.succeed(e._tag === "ShowHelp" && e.errors.length === 0 ? 0 : 2)
        return Effect.as(Console.error(`bulwark: ${oneLine(e)}`), 2)
      }
      if (Cause.hasInterruptsOnly(cause)) return Effect.succeed(130)
      const defect = Cause.squash(cause)
      return Effect.as(Console.error(`bulwark: internal error: ${oneLine(defect)}`), 1)
    })
  )
