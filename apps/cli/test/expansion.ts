/**
 * Named effect kinds as shorthands of the generic forms (issue 28, point 2): a bundled scenario
 * rewritten with each named effect in the generic form its kind's `generic` gives
 * (`kind: replace` / `kind: prevent`), and the outcome of a run reduced to what must not change.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { type Language, Ruleset } from "@bulwark/core"
import { chooserFor, kernelOptions, matchRun, parseScenario } from "@bulwark/scenario"
import { Result, Schema } from "effect"
import { parse, stringify } from "yaml"
import * as Registry from "./installed.js"

/** The kinds that are not shorthands: the generic forms themselves and core's modifier of a property. */
export const notNamed: ReadonlyArray<string> = ["replace", "prevent", "modifyProperty"]

/** One bundled scenario: its ruleset, file name and text. */
export interface Bundled {
  readonly ruleset: string
  readonly name: string
  readonly text: string
}

/** Every bundled scenario (`packages/<ruleset>/scenarios/*.yaml`), sorted by ruleset and name. */
export const bundled = (): ReadonlyArray<Bundled> =>
  Registry.scenarioFolders.flatMap(({ id, scenarios }) =>
    readdirSync(scenarios)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()
      .map((f) => ({ ruleset: id, name: f, text: readFileSync(join(scenarios, f), "utf8") }))
  )

/** How a kind is expanded: its `generic`, or one a test puts in its place (a mutant). */
export type Expand = (kind: string, options: unknown) => ReadonlyArray<Language.GenericForm> | undefined

/** The named kinds of a ruleset's language. */
export const namedKinds = (language: Language.Language): ReadonlyArray<string> =>
  Object.keys(language.effects).filter((k) => !notNamed.includes(k))

/** Each kind's own `generic`, its options decoded by the kind's schema first. */
export const ownExpansion =
  (language: Language.Language): Expand =>
  (kind, options) => {
    const k = language.effects[kind]
    if (k?.generic === undefined) return undefined
    return k.generic(Schema.decodeUnknownSync(k.options)(options))
  }

/** What rewriting one document did. */
export interface Rewritten {
  /** The document with each named effect that has a generic form replaced by it, as YAML. */
  readonly text: string
  /** The kinds of the effects replaced. */
  readonly expanded: ReadonlyArray<string>
  /** The effects left as written (no generic form for their kind or options), as `kind id`. */
  readonly kept: ReadonlyArray<string>
  /** Every effect id of the rewritten document, in order (an id twice is a collision). */
  readonly ids: ReadonlyArray<string>
}

type Entry = Record<string, unknown> & { readonly kind?: unknown; readonly id?: unknown }

/**
 * Rewrites a bundled scenario: each entry of `effects:` and of every `addEffects:` step whose
 * kind is named and `expand` gives forms for is replaced by those forms, in place.
 */
export const rewrite = (text: string, language: Language.Language, expand: Expand): Rewritten => {
  const doc = parse(text) as Record<string, unknown>
  const expanded: Array<string> = []
  const kept: Array<string> = []
  const ids: Array<string> = []
  const list = (effects: unknown): unknown => {
    if (!Array.isArray(effects)) return effects
    return (effects as ReadonlyArray<Entry>).flatMap((e): ReadonlyArray<unknown> => {
      const kind = String(e.kind)
      if (notNamed.includes(kind) || language.effects[kind] === undefined) {
        ids.push(String(e.id))
        return [e]
      }
      const { kind: _k, ...options } = e
      const forms = expand(kind, options)
      if (forms === undefined) {
        kept.push(`${kind} ${String(e.id)}`)
        ids.push(String(e.id))
        return [e]
      }
      expanded.push(kind)
      for (const f of forms) ids.push(f.id)
      return forms
    })
  }
  if (doc.effects !== undefined) doc.effects = list(doc.effects)
  if (Array.isArray(doc.steps))
    doc.steps = (doc.steps as ReadonlyArray<Record<string, unknown>>).map((s) =>
      s.addEffects === undefined ? s : { ...s, addEffects: list(s.addEffects) }
    )
  return { text: stringify(doc), expanded, kept, ids }
}

const sorted = (v: unknown): unknown => {
  if (v === null || typeof v !== "object") return typeof v === "number" && !Number.isFinite(v) ? `${v}` : v
  if (Array.isArray(v)) return v.map(sorted)
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(v).sort()) {
    const x = (v as Record<string, unknown>)[k]
    if (x !== undefined) out[k] = sorted(x)
  }
  return out
}

/**
 * The outcome of running a document as `bulwark check` runs it, as canonical text: the whole
 * `Ruleset.Outcome` (events — dealt, prevented, occurrences, happened, notifications —, state,
 * effects, decisions, queries, error) and whether its `expect:` holds, with one thing left out:
 * each decision's `rule` (a rule citation: a named kind and its generic form may cite the rule
 * in other words). Labels are not part of the outcome. A document that does not load is its
 * error.
 */
export const outcome = (text: string, name: string): string => {
  const parsed = parseScenario(text, name, Registry.installed)
  if (Result.isFailure(parsed)) return `not loaded: ${String(parsed.failure)}`
  const loaded = parsed.success
  try {
    const run = Ruleset.run(loaded.ruleset.rules, loaded.compiled, chooserFor(loaded), kernelOptions(loaded))
    const decisions = run.outcome.decisions.map(({ rule: _r, ...d }) => d)
    return JSON.stringify(
      sorted({ outcome: { ...run.outcome, decisions }, ok: matchRun(loaded, run).ok }),
      null,
      1
    )
  } catch (err) {
    return `defect: ${err instanceof Error ? err.message : String(err)}`
  }
}

/** The named kinds with no generic form, by ruleset, with why. */
export const noGenericForm: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  mtg: {},
  fab: {},
  riftbound: {},
  berserk: {}
}

/** Named effects of bundled scenarios whose options have no generic form (`file: kind id`), with why. */
export const keptAsWritten: Readonly<Record<string, string>> = {
  "MTG-04.yaml: shieldEach wojek":
    "sharingColor: the creatures are those that share a colour with the target when the effect is created (CR 615.11), read from the view then; a generic form names its objects as written"
}

/**
 * Options of the kinds no bundled scenario writes (in a form that has a generic one), by
 * ruleset: their effects are compared one by one (`sameEffects`).
 */
export const samples: Readonly<
  Record<string, Readonly<Record<string, ReadonlyArray<Record<string, unknown>>>>>
> = {
  mtg: {
    // CR 615.11: "Prevent the next N damage that would be dealt to each of [these creatures]"
    shieldEach: [{ id: "each", controller: "ap", to: ["a", "b"], amount: 1, duration: "endOfTurn" }]
  },
  fab: {
    // 8.3.37 Arcane Shelter, 8.3.19 Quell
    arcaneShelter: [{ id: "cloak", source: "cloak", controller: "bob", amount: 2 }],
    quell: [{ id: "plate", source: "plate", controller: "bob", amount: 1 }]
  },
  riftbound: {
    modify: [
      { id: "m", controller: "A", to: "U", op: "add", value: 1 },
      { id: "m", controller: "A", to: "U", op: "sub", value: 2, duration: "endOfTurn" },
      { id: "m", controller: "A", to: "U", op: "mul", value: { count: { types: ["unit"] } } }
    ]
  },
  berserk: {
    // Серк (534.1): «Если должен излечиться – вместо этого может открыться (1 раз за ход)»
    serk: [{ id: "serk", controller: "ip", source: "berserker" }],
    // 533.2 «модификатор атаки» with a factor (no bundled scenario writes `times`): `times`
    // alone, `times` then `value` (two effects), a value below 0 (`minus`)
    strengthModifier: [
      { id: "double", times: 2, kinds: ["strike"] },
      { id: "fury", times: 2, value: 1, from: ["orc"], to: ["guard"], duration: "endOfTurn" },
      { id: "weak", value: -1, to: ["C"], kinds: ["удар"], label: "-1 к удару" }
    ]
  }
}

const plain = /^[A-Za-z_][A-Za-z0-9_.:-]*$/

/** A value as one line of YAML flow text (`{ kind: prevent, to: Z, amount: 2 }`). */
const flow = (v: unknown): string => {
  if (typeof v === "string")
    return plain.test(v) && !["true", "false", "null", "yes", "no"].includes(v) ? v : JSON.stringify(v)
  if (Array.isArray(v)) return `[${v.map(flow).join(", ")}]`
  if (v !== null && typeof v === "object")
    return `{ ${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${k}: ${flow(x)}`)
      .join(", ")} }`
  return String(v)
}

/** One written effect of a kind: the first a bundled scenario writes with a generic form, or a sample. */
const example = (
  ruleset: string,
  language: Language.Language,
  kind: string
): { readonly where: string; readonly options: Record<string, unknown> } | undefined => {
  for (const b of bundled().filter((x) => x.ruleset === ruleset)) {
    const doc = parse(b.text) as { effects?: unknown; steps?: ReadonlyArray<{ addEffects?: unknown }> }
    const entries = [doc.effects, ...(doc.steps ?? []).map((s) => s.addEffects)].flatMap((l) =>
      Array.isArray(l) ? (l as ReadonlyArray<Entry>) : []
    )
    for (const e of entries) {
      const { kind: k, ...options } = e
      if (k === kind && ownExpansion(language)(kind, options) !== undefined)
        return { where: b.name.replace(/\.ya?ml$/, ""), options }
    }
  }
  const sample = samples[ruleset]?.[kind]?.[0]
  return sample === undefined ? undefined : { where: "example", options: sample }
}

const cell = (s: string): string => s.replaceAll("|", "\\|")

/**
 * The rows of the docs table "each named kind and the generic effect it means": per ruleset and
 * named kind, an effect written with it (from a bundled scenario, or a sample) and the generic
 * effect(s) it means, `label` left out of both; a kind without a generic form says why.
 */
export const shorthandRows = (): ReadonlyArray<ReadonlyArray<string>> =>
  Registry.installed.flatMap((r) => {
    const language = r.language
    if (language === undefined) return []
    return namedKinds(language).map((kind) => {
      const none = noGenericForm[r.id]?.[kind]
      const ex = none === undefined ? example(r.id, language, kind) : undefined
      const unlabelled = (o: Readonly<Record<string, unknown>>) => {
        const { label: _l, ...rest } = o
        return rest
      }
      const means =
        none !== undefined
          ? `no generic form: ${none}`
          : ex === undefined
            ? "—"
            : (ownExpansion(language)(kind, ex.options) ?? [])
                .map((f) => `\`${flow(unlabelled(f))}\``)
                .join("<br>")
      const written =
        ex === undefined ? "—" : `\`${flow({ kind, ...unlabelled(ex.options) })}\` (${ex.where})`
      return [`\`${r.id}\``, `\`${kind}\``, cell(written), cell(means)]
    })
  })
