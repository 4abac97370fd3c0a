/**
 * One named property test per resolver law, for a ruleset: generated worlds (a Schema the
 * adapter writes, whose values it turns into an event, a ledger built with its own effect
 * constructors, and a view), resolved with `Resolver.resolveSync(ruleset.rules, …)` and one of
 * three generated choosers (first legal, best for the chooser, a seeded arbitrary legal one).
 *
 * @since 0.1.0
 */

import { Chooser, Policy } from "@bulwark/core"
import { describe, it } from "@effect/vitest"
import { Schema } from "effect"
import * as Laws from "./Laws.js"

/**
 * Which chooser answers the decisions of a generated world.
 *
 * @example
 * ```ts
 * import { LawSuite } from "@bulwark/testing"
 * const c: LawSuite.ChooserSpec = { strategy: "seeded", seed: 7 }
 * ```
 */
export const ChooserSpec = Schema.Struct({
  strategy: Schema.Literals(["first", "best", "seeded"]),
  seed: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000 }))
})

/**
 * See {@link ChooserSpec}.
 *
 * @example
 * ```ts
 * import type { LawSuite } from "@bulwark/testing"
 * const c: LawSuite.ChooserSpec = { strategy: "first", seed: 0 }
 * ```
 */
export type ChooserSpec = typeof ChooserSpec.Type

/**
 * The chooser a {@link ChooserSpec} names.
 *
 * @example
 * ```ts
 * import { LawSuite } from "@bulwark/testing"
 * const chooser = LawSuite.chooserOf({ strategy: "best", seed: 0 })
 * ```
 */
export const chooserOf = (c: ChooserSpec): Chooser.SyncChooser =>
  c.strategy === "first"
    ? Chooser.firstLegal
    : c.strategy === "best"
      ? Chooser.bestForChooser({ maxAllocations: 64 })
      : Laws.seededChooser(c.seed)

/**
 * What an adapter supplies to {@link lawSuite}.
 *
 * - `game`: a short name used in the test names ("MTG");
 * - `world`: the Schema its worlds are generated from;
 * - `input`: a world's inputs, built fresh on every call (effects from the adapter's own
 *   constructors);
 * - `cite`: the rule each law stands for in this game, appended to the test names;
 * - `chooserLaw`: who must be asked each decision under this ruleset's policy;
 * - `nonNegative`: the view props that can never be negative (marked damage, wounds, …);
 * - `unpreventable`: whether the game has damage that can't be prevented;
 * - `adversarial`: a world's inputs with extra adversarial effects, for the termination law;
 * - `notGenerated`: features the game's constructors cannot produce (e.g. "replaced" for a game
 *   whose effects never replace an event with another), left out of the "worlds exercise the
 *   laws" check;
 * - `done`: for the law "what is reported is what was done" ({@link Laws.reportedIsDone}): the
 *   families whose amount is the change their commit makes one for one (`exact`), and boards
 *   written by hand where an occurrence asks more than the game has (`boards`: five counters
 *   removed from two, a draw beyond the deck). The law runs over them and over the generated
 *   worlds; where a board has something not done, a mutant of the ruleset whose commit reports
 *   all it was asked (more than it changed) must fail it.
 *
 * @example
 * ```ts
 * import type { LawSuite } from "@bulwark/testing"
 * type C = LawSuite.Config<{ readonly n: number }>
 * ```
 */
export interface Config<W> {
  readonly game: string
  readonly world: Schema.Codec<W, unknown>
  readonly rules: Policy.Rules
  readonly input: (w: W) => Laws.Input
  readonly cite: Readonly<Partial<Record<LawName, string>>>
  readonly chooserLaw?: Laws.Law | undefined
  readonly nonNegative: ReadonlyArray<string>
  readonly unpreventable: boolean
  readonly adversarial?: ((w: W) => Laws.Input) | undefined
  readonly notGenerated?: ReadonlyArray<Feature> | undefined
  readonly done: {
    readonly exact: ReadonlyArray<string>
    readonly boards: ReadonlyArray<{ readonly name: string; readonly input: () => Laws.Input }>
  }
  readonly runs: number
  readonly seed: number
}

/**
 * What the generated worlds are checked to produce at least once (so no law holds vacuously).
 *
 * @example
 * ```ts
 * import type { LawSuite } from "@bulwark/testing"
 * const f: LawSuite.Feature = "replaced"
 * ```
 */
export type Feature =
  | "resolutions"
  | "decisions"
  | "preventions"
  | "unpreventableApplied"
  | "zero"
  | "replaced"
  | "modified"

/**
 * The laws {@link lawSuite} checks, by name.
 *
 * @example
 * ```ts
 * import type { LawSuite } from "@bulwark/testing"
 * const n: LawSuite.LawName = "accounting"
 * ```
 */
export type LawName =
  | "atMostOnce"
  | "reEvaluated"
  | "zeroStaysZero"
  | "unpreventable"
  | "batch"
  | "chooser"
  | "determinism"
  | "termination"
  | "accounting"
  | "dealtState"
  | "frozen"
  | "permutation"
  | "shortcut"
  | "reportedIsDone"

/** What the registering helpers of {@link lawSuite} share: the config and how a law is named and run. */
interface Suite<W> {
  readonly config: Config<W>
  readonly game: string
  readonly rules: Policy.Rules
  readonly options: { readonly arbitrary: { readonly runs: number; readonly seed: number } }
  readonly name: (law: LawName, text: string) => string
  readonly holds: (law: Laws.Law) => (args: readonly [W, ChooserSpec]) => void
  readonly arbs: [Schema.Codec<W, unknown>, typeof ChooserSpec]
}

/** The features the accounting run saw (`tally`), counted by the law `count` as it runs. */
const featureTally = (): { readonly tally: Record<Feature, number>; readonly count: Laws.Law } => {
  const tally: Record<Feature, number> = {
    resolutions: 0,
    decisions: 0,
    preventions: 0,
    unpreventableApplied: 0,
    zero: 0,
    replaced: 0,
    modified: 0
  }
  const count: Laws.Law = (input, r) => {
    tally.resolutions++
    tally.decisions += r.decisions.length
    const unpreventable = new Set(input.event.occurrences.filter((o) => !o.preventable).map((o) => o.id))
    for (const t of r.trace) {
      if (t._tag !== "Applied") continue
      if (t.changes.some((c) => c.prevented > 0)) tally.preventions++
      const e = input.ledger.effects.find((x) => x.id === t.effect)
      if (e?.action._tag === "Prevent" && t.changes.some((c) => unpreventable.has(c.occurrence)))
        tally.unpreventableApplied++
    }
    for (const o of r.outcomes) {
      if (o.status === "zero") tally.zero++
      if (o.status === "replaced") tally.replaced++
      if (o.modified !== 0) tally.modified++
    }
    return []
  }
  return { tally, count }
}

/** The laws of one resolution's outcome, trace and view (the accounting law also counts the features). */
const outcomeLaws = <W>(suite: Suite<W>, count: Laws.Law): void => {
  const { config, rules, options, name, holds, arbs } = suite
  it.prop(
    name("atMostOnce", "each effect modifies an original event at most once"),
    arbs,
    holds(Laws.atMostOnce),
    options
  )
  it.prop(
    name("reEvaluated", "candidates are recomputed against the modified event"),
    arbs,
    holds(Laws.reEvaluated),
    options
  )
  it.prop(
    name("zeroStaysZero", "damage at 0 is not dealt and nothing resurrects it"),
    arbs,
    holds(Laws.zeroStaysZero),
    options
  )
  if (config.unpreventable)
    it.prop(
      name(
        "unpreventable",
        "unpreventable damage prevents 0, leaves shields unchanged, additional parts still happen"
      ),
      arbs,
      holds(Laws.unpreventable),
      options
    )
  it.prop(
    name("batch", "one batch is one event: shields per batch, one notice per application"),
    arbs,
    holds(Laws.batch),
    options
  )
  it.prop(
    name("chooser", "every decision is asked of the player the policy names, and recorded"),
    arbs,
    holds((input, r) => [
      ...Laws.decisionsRecorded(input, r),
      ...(config.chooserLaw === undefined ? [] : config.chooserLaw(input, r))
    ]),
    options
  )
  it.prop(
    name("accounting", "proposed + modified − prevented = amount, nothing negative, also in the view"),
    arbs,
    holds((input, r) => [
      ...count(input, r),
      ...Laws.accounting(input, r),
      ...Laws.nonNegativeProps(config.nonNegative)(input, r)
    ]),
    options
  )
  it.prop(
    name(
      "dealtState",
      "dealt and state agree: the view is what happened, and all dealt damage (also an additional part's) has its results"
    ),
    arbs,
    holds(Laws.dealtAgreesWithState(rules)),
    options
  )
}

/** The check that the generated worlds produced every feature at least once (no law holds vacuously). */
const coverageTest = <W>(suite: Suite<W>, tally: Record<Feature, number>): void => {
  const { config, game } = suite
  it(`${game}: the generated worlds exercise what the laws are about (${Object.keys(tally)
    .filter(
      (k) =>
        !(config.notGenerated ?? []).includes(k as Feature) &&
        (config.unpreventable || k !== "unpreventableApplied")
    )
    .join(", ")})`, () => {
    console.log(
      `${game} laws: ${config.runs} runs per law, seed ${config.seed}; accounting run saw ${JSON.stringify(tally)}`
    )
    const skip = new Set<string>(config.notGenerated ?? [])
    if (!config.unpreventable) skip.add("unpreventableApplied")
    const missing = Object.entries(tally).filter(([k, v]) => v === 0 && !skip.has(k))
    if (missing.length > 0) throw new Error(`never generated: ${missing.map(([k]) => k).join(", ")}`)
  })
}

/** The law reportedIsDone over generated worlds and the config's boards, with its mutant. */
const reportedIsDoneLaws = <W>(suite: Suite<W>): void => {
  const { config, game, rules, options, name, holds, arbs } = suite
  it.prop(
    name("reportedIsDone", "what is reported is what was done: each happened amount is the change made"),
    arbs,
    holds(Laws.reportedIsDone(rules, config.done.exact)),
    options
  )
  const boards = config.done.boards.map((b) => {
    const input = b.input()
    return { name: b.name, input, r: Laws.resolveOrThrow(rules, input, Chooser.firstLegal) }
  })
  for (const b of boards)
    it(name("reportedIsDone", `on a board where more is asked than there is: ${b.name}`), () => {
      Laws.assertLaw(Laws.reportedIsDone(rules, config.done.exact), b.input, b.r)
    })
  const short = boards.filter((b) => b.r.outcomes.some((o) => (o.notDone ?? 0) > 0))
  if (short.length > 0)
    it(`${game}: the law reportedIsDone can fail: a commit that reports all it was asked (more than it changed) is caught`, () => {
      const commit = rules.commit
      if (commit === undefined) throw new Error("a board had something not done without a commit")
      // the mutant: the same changes to the game, reported as all done
      const mutant: Policy.Rules = { ...rules, commit: (v, o) => Policy.viewOf(commit(v, o)) }
      const caught = short.filter((b) => {
        const r = Laws.resolveOrThrow(mutant, b.input, Chooser.firstLegal)
        return Laws.reportedIsDone(mutant, config.done.exact)(b.input, r).length > 0
      })
      if (caught.length !== short.length)
        throw new Error(
          `not caught on: ${short
            .filter((b) => !caught.includes(b))
            .map((b) => b.name)
            .join(", ")}`
        )
    })
}

/** The laws over reruns of a resolution: replay, permutation, the order shortcut, frozen inputs, termination. */
const replayLaws = <W>(suite: Suite<W>): void => {
  const { config, rules, options, name, arbs } = suite
  it.prop(
    name("determinism", "the same inputs and decision log give an identical result and trace (replay)"),
    arbs,
    ([w, c]) => {
      const v = Laws.determinism(rules, () => config.input(w), chooserOf(c))
      if (v.length > 0) throw new Error(v.join("\n"))
    },
    options
  )
  it.prop(
    name(
      "permutation",
      "the order occurrences and effects are written in changes no reachable outcome (compared as sets over all choices)"
    ),
    arbs,
    ([w, c]) => {
      // reversed, or rotated by an amount drawn from the chooser's seed; worlds whose choices
      // branch into more than 100 decisions are left out (the search is exhaustive)
      const shift = c.seed % 3 === 0 ? -1 : c.seed % 4
      const v = Laws.permutationInvariant(rules, config.input(w), shift, 100)
      if (v.length > 0) throw new Error(v.join("\n"))
    },
    options
  )
  it.prop(
    name(
      "shortcut",
      "order prompts only when the order can matter: the same reachable outcomes with and without the shortcut"
    ),
    arbs,
    ([w]) => {
      const v = Laws.shortcutExact(rules, config.input(w), 100)
      if (v.length > 0) throw new Error(v.join("\n"))
    },
    options
  )
  it.prop(
    name("frozen", "inputs are never mutated (deep-frozen event, ledger and view)"),
    arbs,
    ([w, c]) => {
      const input = Laws.deepFreeze(config.input(w))
      Laws.resolveOrThrow(rules, input, chooserOf(c))
    },
    options
  )
  it.prop(
    name("termination", "every resolution finishes, also with adversarial effects"),
    arbs,
    ([w, c]) => {
      const input = (config.adversarial ?? config.input)(w)
      const ledgerSize = input.ledger.effects.length
      const occurrences = input.event.occurrences.length
      // each decision applies or declines an effect on some occurrence: bounded by effects × occurrences
      const bound = 4 * (ledgerSize + 1) * (occurrences + 1) * (ledgerSize + 1) + 16
      // "best" searches every branch of these large ledgers (slow, and each branch is itself a
      // resolution that must end); the first-legal and seeded choosers walk one branch each
      const chooser = chooserOf(c.strategy === "best" ? { strategy: "seeded", seed: c.seed } : c)
      Laws.terminates(rules, input, chooser, bound)
    },
    options
  )
}

/**
 * Registers one property test per law for a ruleset (inside a `describe` named after the game).
 *
 * @example
 * ```ts
 * import { LawSuite } from "@bulwark/testing"
 * // LawSuite.lawSuite({ game: "MTG", world: World, rules: ruleset.rules, input, cite: {}, nonNegative: ["damage"],
 * //   unpreventable: true, runs: 150, seed: 1 })
 * ```
 */
export const lawSuite = <W>(config: Config<W>): void => {
  const { game, rules } = config
  const options = { arbitrary: { runs: config.runs, seed: config.seed } }
  const name = (law: LawName, text: string) =>
    `${game} law ${law}: ${text}${config.cite[law] === undefined ? "" : ` (${config.cite[law]})`}`
  const resolved = (w: W, c: ChooserSpec) => {
    const input = config.input(w)
    return [input, Laws.resolveOrThrow(rules, input, chooserOf(c))] as const
  }
  const holds = (law: Laws.Law) => (args: readonly [W, ChooserSpec]) => {
    const [input, r] = resolved(args[0], args[1])
    Laws.assertLaw(law, input, r)
  }
  const arbs: [Schema.Codec<W, unknown>, typeof ChooserSpec] = [config.world, ChooserSpec]
  const suite: Suite<W> = { config, game, rules, options, name, holds, arbs }
  const { tally, count } = featureTally()

  describe(`${game}: resolver laws over generated events and effects`, () => {
    outcomeLaws(suite, count)
    coverageTest(suite, tally)
    reportedIsDoneLaws(suite)
    replayLaws(suite)
  })
}
