/**
 * Running a loaded scenario and matching its `expect:`: which chooser answers (the script
 * first, never silently extended; then the strategy), which kernel options keep an older file's
 * meaning, and the match, which adds two mismatches whatever `expect:` says (a refused scripted
 * answer, scripted answers never used). `checkScenario` never throws: a defect becomes an
 * outcome error tagged `Defect`.
 *
 * @internal
 */
import { Chooser, Expect, type Kernel, Ruleset } from "@bulwark/core"
import type { CheckResult, LoadedScenario, RunOptions, Strategy } from "../../Scenario.js"
import { show } from "./text.js"

const strategyChooser = (strategy: Strategy, loaded: LoadedScenario): Chooser.SyncChooser =>
  strategy === "first"
    ? Chooser.firstLegal
    : Chooser.bestForChooser({ budget: loaded.budget, timeBudgetMs: loaded.timeBudgetMs })

export const strategyFor = (loaded: LoadedScenario, options: RunOptions = {}): Strategy | undefined =>
  options.strategy ?? loaded.strategy ?? (loaded.decisions === undefined ? "first" : undefined)

export const chooserFor = (loaded: LoadedScenario, options: RunOptions = {}): Chooser.SyncChooser => {
  const script = loaded.decisions ?? []
  const strategy = strategyFor(loaded, options)
  const rest = strategy === undefined ? undefined : strategyChooser(strategy, loaded)
  if (script.length === 0 && rest !== undefined) return rest
  return (request, state) => {
    const i = state.log.length
    if (i < script.length) return script[i]
    return rest === undefined ? undefined : rest(request, state)
  }
}

export const kernelOptions = (loaded: LoadedScenario, options: RunOptions = {}): Kernel.Options => {
  // a ruleset without the shortcut asks every order anyway: nothing to decide, no extra run
  if (loaded.ruleset.rules.orderShortcut !== true) return {}
  const listed = (loaded.expect as { decisions?: ReadonlyArray<unknown> } | undefined)?.decisions
  const stated = Math.max(loaded.decisions?.length ?? 0, Array.isArray(listed) ? listed.length : 0)
  if (stated === 0) return {}
  let asked: number
  try {
    asked = Ruleset.run(loaded.ruleset.rules, loaded.compiled, chooserFor(loaded, options), { trace: false })
      .outcome.decisions.length
  } catch {
    return {}
  }
  return asked < stated ? { askEveryOrder: true } : {}
}

export const describeStrategy = (loaded: LoadedScenario, options: RunOptions = {}): string => {
  const n = loaded.decisions?.length
  const script = n === undefined ? undefined : `scripted (${n} answer${n === 1 ? "" : "s"})`
  const strategy = options.strategy ?? loaded.strategy
  if (script === undefined) return strategy ?? "first (default)"
  return strategy === undefined ? script : `${script}, then ${strategy}`
}

const defect = (loaded: LoadedScenario, err: unknown): Ruleset.RunResult => ({
  outcome: {
    events: {},
    state: {},
    effects: {},
    decisions: [],
    queries: {},
    error: { tag: "Defect", message: err instanceof Error ? err.message : String(err), step: 0 }
  },
  resolutions: [],
  trace: [],
  ledger: loaded.compiled.ledger,
  view: loaded.compiled.view
})

export const matchRun = (loaded: LoadedScenario, run: Ruleset.RunResult): CheckResult => {
  const error = run.outcome.error
  const base: ReadonlyArray<Expect.Mismatch> =
    loaded.expect === undefined
      ? error === undefined
        ? []
        : [{ path: "error", expected: "(no error)", actual: `${error.tag}: ${error.message}` }]
      : Expect.outcome(loaded.expect, run.outcome)
  const script = loaded.decisions ?? []
  const used = run.outcome.decisions.length
  const at = (i: number): string => {
    const pos = loaded.sourceMap.positionOf(["decisions", i], "value")
    return pos.line > 0 ? `${loaded.fileName}:${pos.line}:${pos.column}` : loaded.fileName
  }
  // a scripted answer the run refused: point at its line
  const mismatches = base.map((m) =>
    m.path === "error" && error?.tag === "IllegalChoice" && used < script.length
      ? { path: `decisions[${used}]`, expected: "(a legal answer)", actual: `${at(used)}: ${error.message}` }
      : m
  )
  // scripted answers no decision asked for: the script does not describe this run
  if (error === undefined && used < script.length) {
    const left = script.length - used
    mismatches.push({
      path: `decisions[${used}]`,
      expected: `${script.length} decision${script.length === 1 ? "" : "s"} to answer (the script's length)`,
      actual: `${used} asked; ${left} scripted answer${left === 1 ? " was" : "s were"} never used, from ${at(used)}: ${script
        .slice(used)
        .map((a) => show(a))
        .join(", ")}`
    })
  }
  return { ok: mismatches.length === 0, mismatches, run }
}

export const checkScenario = (loaded: LoadedScenario, options: RunOptions = {}): CheckResult => {
  let run: Ruleset.RunResult
  try {
    run = Ruleset.run(
      loaded.ruleset.rules,
      loaded.compiled,
      chooserFor(loaded, options),
      kernelOptions(loaded, options)
    )
  } catch (err) {
    run = defect(loaded, err)
  }
  return matchRun(loaded, run)
}
