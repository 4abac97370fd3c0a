/**
 * The frozen format-1 cases and their canonical outcomes, shared by `freeze.ts` (which writes
 * `outcomes.json`), `freeze.test.ts` (today's code reproduces it) and the migration property test
 * (a migrated file resolves to the same outcome as its format-1 original).
 *
 * - {@link cases}: every bundled format-1 file (`bundled/<ruleset>/<name>.yaml`, byte-exact copies
 *   of the scenario files as they were in format 1) and every generated case (`generate.ts`);
 * - {@link outcomeOf}: loads a text with `@bulwark/scenario`, runs it as `bulwark check` does, and
 *   keeps the parts of the outcome that are game meaning (no trace, no message, no path);
 * - {@link frozen}: the frozen outcome of a case, by its key.
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import * as Berserk from "@bulwark/berserk"
import { type Ruleset, Zones } from "@bulwark/core"
import * as Fab from "@bulwark/fab"
import * as Mtg from "@bulwark/mtg"
import * as Riftbound from "@bulwark/riftbound"
import { checkScenario, matchRun, parseScenario } from "@bulwark/scenario"
import { Result } from "effect"
import { generatedCases } from "./generate.js"

const here = dirname(fileURLToPath(import.meta.url))

/** Where the byte-exact format-1 copies live: `bundled/<ruleset>/<name>.yaml`. */
export const bundledDir = join(here, "bundled")

/** Where the frozen outcomes live. */
export const outcomesFile = join(here, "outcomes.json")

/** One frozen case: its key in `outcomes.json`, the file name it loads under, its text. */
export interface Case {
  /** `bundled/<ruleset>/<file>` or `generated/<ruleset>/<index>`. */
  readonly key: string
  readonly ruleset: string
  readonly name: string
  readonly text: string
}

/** Every bundled format-1 file, by ruleset then name. */
export const bundledCases = (): ReadonlyArray<Case> =>
  readdirSync(bundledDir)
    .sort()
    .flatMap((ruleset) =>
      readdirSync(join(bundledDir, ruleset))
        .filter((f) => /\.(ya?ml|json)$/.test(f))
        .sort()
        .map((name) => ({
          key: `bundled/${ruleset}/${name}`,
          ruleset,
          name,
          text: readFileSync(join(bundledDir, ruleset, name), "utf8")
        }))
    )

/** Every case: the bundled files, then the generated ones. */
export const cases = (): ReadonlyArray<Case> => [
  ...bundledCases(),
  ...generatedCases().map((g) => ({
    key: `generated/${g.ruleset}/${g.index}`,
    ruleset: g.ruleset,
    name: g.name,
    text: g.text
  }))
]

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [k: string]: Json }

/** The canonical outcome of one case: a load error's tag, or the run's game meaning. */
export type CanonicalOutcome =
  | { readonly load: string }
  | {
      readonly events: Json
      readonly state: Json
      readonly effects: Json
      readonly decisions: ReadonlyArray<{
        readonly kind: string
        readonly chooser: string
        readonly answer: Json
      }>
      readonly queries: Json
      /** The tag of the run's error, if the run failed. */
      readonly error?: string
      /** Whether the run matched the file's `expect:` (and used its whole script). */
      readonly ok: boolean
    }

/** Deterministic key order: every object's keys sorted, recursively; arrays kept in order. */
export const sorted = (v: unknown): Json => {
  if (v === null || typeof v !== "object") {
    // JSON has no NaN or Infinity: name them
    if (typeof v === "number" && !Number.isFinite(v)) return `${v}`
    return v as Json
  }
  if (Array.isArray(v)) return v.map(sorted)
  const out: Record<string, Json> = {}
  for (const k of Object.keys(v).sort()) {
    const x = (v as Record<string, unknown>)[k]
    if (x !== undefined) out[k] = sorted(x)
  }
  return out
}

/** The events without the occurrence fields added after the freeze (`replacedBy`, `paid`). */
const withoutLaterFields = (events: Ruleset.Outcome["events"]): Json => {
  const out: Record<string, Json> = {}
  for (const [id, e] of Object.entries(events)) {
    const occurrences: Record<string, Json> = {}
    for (const [o, { replacedBy: _r, paid: _p, ...rest }] of Object.entries(e.occurrences))
      occurrences[o] = rest as Json
    out[id] = { ...e, occurrences } as unknown as Json
  }
  return out
}

/** The rulesets the CLI knows (the four adapters). */
export const installed: ReadonlyArray<Ruleset.AnyRuleset> = [
  Mtg.ruleset,
  Riftbound.ruleset,
  Berserk.ruleset,
  Fab.ruleset
]

/**
 * The rulesets the cases load with: the four adapters and the Duel ruleset of
 * examples/adapter-walkthrough (its scenario is bundled too).
 */
export const rulesets = async (): Promise<ReadonlyArray<Ruleset.AnyRuleset>> => {
  const duel = new URL("../../../../examples/adapter-walkthrough/src/Duel.ts", import.meta.url).href
  const m = (await import(duel)) as { readonly ruleset: Ruleset.AnyRuleset }
  return [...installed, m.ruleset]
}

/** The games whose objects carry core Identity's `zoneChanges` count (FaB 3.0.9, Riftbound 124). */
const identityGames: ReadonlySet<string> = new Set(["fab", "riftbound"])

/** The outcome's state without the `zoneChanges` count of core's Identity (see `outcomeOf`). */
const withoutZoneChanges = (state: Ruleset.Outcome["state"]): Ruleset.Outcome["state"] =>
  Object.fromEntries(
    Object.entries(state).map(([id, o]) => {
      if (o === undefined || !Object.hasOwn(o, "zoneChanges")) return [id, o]
      const { zoneChanges: _, ...rest } = o as Record<string, unknown>
      return [id, rest]
    })
  ) as Ruleset.Outcome["state"]

type Occurrences = Ruleset.EventOutcome["occurrences"]

/**
 * The run as format 1 reported it, with its declined "may" effects listed in `applied` again.
 *
 * Named normalization, `withDeclinedListed`: format 1's outcomes listed a "may" effect its
 * controller declined in the occurrence's `applied`, as if it had applied. Today's kernel keeps it
 * apart (`Kernel.Outcome.declined`), because a declined effect has not been applied (Riftbound
 * 371.2.b: "If they do not, it has not been applied this turn"; FaB 1.8.3a: the player "chooses
 * whether or not to generate or apply the effect"). This is the only difference put back: each
 * occurrence's declined effects are inserted into its `applied` where format 1 had them (the
 * kernel listed effects in the order they were marked: by the first trace record that applied or
 * declined each). The result is used for the canonical outcome and for `ok` (an `expect:` written
 * against format 1's `applied`); everything else is today's run as it is.
 */
const withDeclinedListed = (run: Ruleset.RunResult): Ruleset.RunResult => {
  const declined = new Map<
    string,
    { readonly ids: ReadonlyArray<string>; readonly order: Map<string, number> }
  >()
  for (const r of run.resolutions) {
    const trace = r.trace.length === 0 ? run.trace : r.trace
    const order = new Map<string, number>()
    trace.forEach((t, i) => {
      const marked = t._tag === "Applied" || (t._tag === "NotApplied" && t.reason === "declined")
      if (marked && !order.has(t.effect)) order.set(t.effect, i)
    })
    for (const o of r.outcomes) if (o.declined !== undefined) declined.set(o.id, { ids: o.declined, order })
  }
  if (declined.size === 0) return run
  const relist = (occurrences: Occurrences): Occurrences =>
    Object.fromEntries(
      Object.entries(occurrences).map(([id, o]) => {
        const d = declined.get(id)
        if (d === undefined) return [id, o]
        const at = (x: string) => d.order.get(x) ?? Number.MAX_SAFE_INTEGER
        // each declined one before the first listed effect marked after it; the others keep their order
        const applied = [...o.applied]
        for (const x of d.ids) {
          const k = applied.findIndex((y) => at(y) > at(x))
          applied.splice(k < 0 ? applied.length : k, 0, x)
        }
        return [id, { ...o, applied }]
      })
    )
  const events = Object.fromEntries(
    Object.entries(run.outcome.events).map(([id, e]) => [id, { ...e, occurrences: relist(e.occurrences) }])
  )
  return { ...run, outcome: { ...run.outcome, events } }
}

/**
 * The canonical outcome of a scenario text: loaded with `parseScenario` (a failure is its error
 * `_tag`), then run with the file's script and strategy as `bulwark check` runs it
 * (`checkScenario`: the script, then the strategy, `first` by default, a defect caught), keeping
 * what `Ruleset.Outcome` says about the game: per event `dealt`, `prevented`, `occurrences`,
 * `happened`, `notifications`; `state`; `effects`; each decision's `kind`, `chooser` and
 * `answer`; `queries`; the error's tag only (messages, steps, rule citations and traces are
 * presentation); and whether it matched the file's `expect:`. Declined "may" effects are listed in
 * `applied` as format 1 listed them ({@link withDeclinedListed}). An occurrence's `replacedBy` and
 * `paid` are left out: the outcome gained them after format 1 was frozen (issue 17; what replaced
 * an occurrence is also in the other occurrences, and its `status` is kept).
 */
export const outcomeOf = (
  text: string,
  name: string,
  with_: ReadonlyArray<Ruleset.AnyRuleset>,
  /** `false` leaves out {@link withDeclinedListed} (its mutant). */
  declinedListed = true
): CanonicalOutcome => {
  const loaded = parseScenario(text, name, with_)
  if (Result.isFailure(loaded)) return { load: loaded.failure._tag }
  const check = checkScenario(loaded.success)
  // format 1 listed declined "may" effects in `applied` (see `withDeclinedListed`)
  const run = declinedListed ? withDeclinedListed(check.run) : check.run
  const o = run.outcome
  const ok = run === check.run ? check.ok : matchRun(loaded.success, run).ok
  return sorted({
    events: withoutLaterFields(o.events),
    // issue 29 (FaB 3.0.9, Riftbound 124): an object that changed zones records how often
    // (`zoneChanges`, core Identity), which format 1 did not; that count is left out here
    state: identityGames.has(loaded.success.ruleset.id) ? withoutZoneChanges(o.state) : o.state,
    effects: o.effects,
    decisions: o.decisions.map((d) => ({ kind: d.kind, chooser: d.chooser, answer: d.answer })),
    queries: o.queries,
    error: o.error?.tag,
    ok
  }) as CanonicalOutcome
}

/** The frozen outcomes, by case key (read from `outcomes.json`). */
export const frozen = (): Readonly<Record<string, CanonicalOutcome>> =>
  JSON.parse(readFileSync(outcomesFile, "utf8")) as Record<string, CanonicalOutcome>

/**
 * The frozen outcome of one case, or `undefined` for a case that was never frozen.
 *
 * Issue 29 changed what the outcome's `state` says and nothing else about these cases: a card
 * outside its game's control zones has no controller (MTG 108.4, FaB 1.3.1b, Riftbound 191.3,
 * Берсерк: only in play), so the state no longer shows one. The frozen `controller` of such a card
 * (by the zone the frozen state gives it, and the ruleset's `zones`) is left out here; every other
 * difference still fails.
 */
export const frozenOutcome = (
  outcomes: Readonly<Record<string, CanonicalOutcome>>,
  key: string
): CanonicalOutcome | undefined => {
  if (!Object.hasOwn(outcomes, key)) return undefined
  const o = outcomes[key] as CanonicalOutcome
  const zones = installed.find((r) => r.id === key.split("/")[1])?.rules.zones
  const state = (o as { readonly state?: Readonly<Record<string, Readonly<Record<string, Json>>>> }).state
  if (zones === undefined || state === undefined) return o
  const kept: Record<string, Json> = {}
  for (const [id, e] of Object.entries(state)) {
    const { controller, ...rest } = e
    const zone = e.zone
    kept[id] = (
      controller !== undefined && typeof zone === "string" && !Zones.contains(zones.control, zone) ? rest : e
    ) as Json
  }
  return { ...o, state: kept } as unknown as CanonicalOutcome
}

type ShortEvents = Record<
  string,
  {
    happened: ReadonlyArray<{ readonly id: string }>
    occurrences: Record<string, { readonly notDone?: number } & Record<string, Json>>
  }
>

/**
 * Issue 29's difference (what is reported is what was done: MTG 614.6 / 609.3, Берсерк 119.5.1):
 * an occurrence the ruleset could only partly do now has the amount done and a `notDone` (and,
 * when nothing was done, is `failed` and not in `happened`), where format 1 reported what was
 * asked. The occurrences with a `notDone` in `actual` are taken out of both outcomes — from
 * `occurrences` and `happened` — before the comparison; the state is compared as it is (the
 * change made is the same). `short` counts them, so a test can show they were there.
 */
export const withoutShort = (
  actual: CanonicalOutcome,
  expected: CanonicalOutcome | undefined
): {
  readonly actual: CanonicalOutcome
  readonly expected: CanonicalOutcome | undefined
  readonly short: number
} => {
  if ("load" in actual || expected === undefined || "load" in expected) return { actual, expected, short: 0 }
  const ids = new Set<string>()
  for (const e of Object.values(actual.events as unknown as ShortEvents))
    for (const [id, o] of Object.entries(e.occurrences)) if (o.notDone !== undefined) ids.add(id)
  if (ids.size === 0) return { actual, expected, short: 0 }
  const strip = (o: CanonicalOutcome): CanonicalOutcome => {
    if ("load" in o) return o
    const events = Object.fromEntries(
      Object.entries(o.events as unknown as ShortEvents).map(([id, e]) => [
        id,
        {
          ...e,
          happened: e.happened.filter((h) => !ids.has(h.id)),
          occurrences: Object.fromEntries(Object.entries(e.occurrences).filter(([k]) => !ids.has(k)))
        }
      ])
    )
    return { ...o, events: events as unknown as Json }
  }
  return { actual: strip(actual), expected: strip(expected), short: ids.size }
}
