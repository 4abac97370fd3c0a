/**
 * The compiler of a decoded body into core data (`Ruleset.Compiled`): the starting view, the
 * ledger and the steps, in file order. Invariants: every effect id enters the ledger once
 * (`Ledger.validate` against those already present); constructors and ruleset steps see the view
 * as the update steps before them leave it (events are not replayed when compiling); a
 * constructor's refusal becomes a `ScenarioInvalid` at that effect, nothing half-compiled.
 *
 * @internal
 */
import {
  Errors,
  Filter,
  GameEvent,
  GameView,
  Language,
  Ledger,
  Modifiers,
  type Policy,
  type Replacement,
  Ruleset,
  type Words
} from "@bulwark/core"
import * as Result from "effect/Result"
import type { Body, DecodedEffect, DecodedStep, Problem } from "../../Skeleton.js"
import { pauseAfter, runSteps, type Steps } from "../steps.js"
import { atWith, decode, decodeEffect } from "./decode.js"
import { fieldsOf, formatPath, parsePath } from "./text.js"

const objectOf = (
  entry: Language.ObjectEntry,
  kind: "player" | "object",
  defaultZone: string
): GameView.GameObject => {
  const { id, controller, owner, zone, ...props } = entry
  const clean: Record<string, GameView.Prop> = {}
  for (const [k, v] of Object.entries(props)) if (v !== undefined) clean[k] = v as GameView.Prop
  if (kind === "player") return { id, kind, props: clean }
  return {
    id,
    kind,
    ...(controller === undefined ? {} : { controller }),
    ...((owner ?? controller) === undefined ? {} : { owner: (owner ?? controller) as string }),
    zone: zone ?? defaultZone,
    props: { types: [], ...clean }
  }
}

const flatSet = (
  set: Readonly<Record<string, GameView.Prop | Readonly<Record<string, GameView.Prop>>>> | undefined
): Record<string, GameView.Prop> | undefined => {
  if (set === undefined) return undefined
  const { props, ...known } = set
  return { ...(known as Record<string, GameView.Prop>), ...((props as Record<string, GameView.Prop>) ?? {}) }
}

export const occurrenceIds = (
  event: string,
  occurrences: ReadonlyArray<{ readonly id?: string | undefined; readonly to: string }>
): ReadonlyArray<string> => {
  const seen = new Map<string, number>()
  return occurrences.map((o) => {
    if (o.id !== undefined) return o.id
    const n = (seen.get(o.to) ?? 0) + 1
    seen.set(o.to, n)
    return n === 1 ? `${event}-${o.to}` : `${event}-${o.to}-${n}`
  })
}

/**
 * Each step's id (`Language.CompileContext` `step`): the one written beside its kind, else its
 * kind (an `advance` step's boundary), `-2`, `-3`, … for the later steps of the same name (named
 * or not) — never its position. A derived id steps over one the file writes.
 */
export const stepIdsOf = (steps: ReadonlyArray<DecodedStep>): ReadonlyArray<string> => {
  const written = new Set(steps.flatMap((s) => (s.id === undefined ? [] : [s.id])))
  const seen = new Map<string, number>()
  return steps.map((s) => {
    const base = s.kind === "advance" && typeof s.value === "string" ? s.value : s.kind
    // a step with its own id still counts, so naming one step renames none of the others
    let n = seen.get(base) ?? 0
    if (s.id !== undefined) {
      seen.set(base, n + 1)
      return s.id
    }
    let id: string
    do {
      n++
      id = n === 1 ? base : `${base}-${n}`
    } while (written.has(id))
    seen.set(base, n)
    return id
  })
}

const errorText = (err: unknown): string => {
  if (err instanceof Errors.ScenarioInvalid) return err.reason
  if (typeof err === "object" && err !== null && "message" in err)
    return String((err as { message: unknown }).message)
  return String(err)
}

/** The starting view: the players, `turn`, the objects (each made by its kind), then the ruleset's `prepare`. */
function* startingView(language: Language.Language, body: Body): Steps<GameView.GameView> {
  const playerIds = body.players.map((p) => p.id)
  const players = body.players.map((p) => (language.players.make ?? ((e) => objectOf(e, "player", "")))(p))
  const objects: Array<GameView.GameObject> = []
  for (const [i, o] of body.objects.entries()) {
    if (i > 0 && pauseAfter(i - 1)) yield
    // the skeleton's keys: `props` (free properties) and `name` / `keywords` go into the
    // object's properties whatever the game's own `make` reads
    const { props: free, ...entry } = o as Language.ObjectEntry & { props?: Record<string, GameView.Prop> }
    const made = (language.objects.make ?? ((e) => objectOf(e, "object", language.objects.defaultZone)))(
      entry
    )
    const own: Record<string, GameView.Prop> = { ...(free ?? {}) }
    if (typeof o.name === "string") own.name = o.name
    if (Array.isArray(o.keywords)) own.keywords = o.keywords as ReadonlyArray<string>
    objects.push(Object.keys(own).length === 0 ? made : { ...made, props: { ...made.props, ...own } })
  }
  yield
  const view = GameView.make({
    players: playerIds,
    activePlayer: body.turn ?? playerIds[0] ?? "",
    objects: [...players, ...objects]
  })
  if (language.prepare === undefined) return view
  yield
  return language.prepare(view)
}

/**
 * An `event` step: its occurrences with their default ids (`occurrenceIds`), family (the event's,
 * else damage) and amount (1 for a family without a number, else 0), each made by the ruleset's
 * occurrence constructor when it has one.
 */
function* eventStep(
  language: Language.Language,
  s: DecodedStep,
  path: string,
  ctxAt: (path: string) => Language.CompileContext
): Steps<Ruleset.Step> {
  const ev = s.value as {
    id: string
    family?: string
    occurrences: ReadonlyArray<Record<string, unknown> & { id?: string; to: string }>
  }
  const ids = occurrenceIds(ev.id, ev.occurrences)
  const family = ev.family ?? GameEvent.DAMAGE
  // the amounts written as the game's values ({ prop: power, of: source }), by occurrence id:
  // read when the event happens
  const read = new Map<string, Filter.Value>()
  const occurrences: Array<GameEvent.Occurrence> = []
  for (const [j, o] of ev.occurrences.entries()) {
    if (j > 0 && pauseAfter(j - 1)) yield
    const fam = (o.family as string | undefined) ?? family
    const at = `${path}.occurrences[${j}]`
    const written = o.amount as Language.WrittenAmount | undefined
    // (the schema lets through a number or an expression: never `all` or `event`, which are
    // about an event an effect changes)
    if (written !== undefined && typeof written !== "number") {
      read.set(ids[j] as string, Language.toValue(written, `${at}.amount`) as Filter.Value)
    }
    // an occurrence that names no amount: once for a family without a number (a death),
    // otherwise 0
    const once = language.amountless?.includes(fam) === true
    const entry = {
      ...o,
      id: ids[j] as string,
      family: fam,
      amount: typeof written === "number" ? written : once ? 1 : 0
    } as Language.OccurrenceEntry
    const make = language.occurrences?.make
    occurrences.push(make === undefined ? Language.occurrence(entry) : make(entry, ctxAt(at)))
  }
  const event = GameEvent.make(ev.id, occurrences)
  if (read.size === 0) return { _tag: "Event", event }
  return {
    _tag: "Event",
    event: amountsAt(event, read, ctxAt(path).view),
    at: (v, rules) => amountsAt(event, read, v, rules)
  }
}

/**
 * The event with each amount written as the game's value read in `view` (MTG 510.1a: "assigns
 * combat damage equal to its power", the power as it is then): `source` is the occurrence's
 * source, `subject` its subject, `self` nothing; a value below 0 is 0 (510.1a: "Creatures that
 * would assign 0 or less damage this way don't assign combat damage at all").
 */
const amountsAt = (
  event: GameEvent.GameEvent,
  read: ReadonlyMap<string, Filter.Value>,
  view: GameView.GameView,
  rules?: Policy.Rules
): GameEvent.GameEvent =>
  GameEvent.make(
    event.id,
    event.occurrences.map((o) => {
      const v = read.get(o.id)
      if (v === undefined) return o
      const n = Filter.value(v, {
        view,
        controller: view.activePlayer,
        occurrence: o,
        predicates: rules?.predicates ?? {},
        values: rules?.values,
        zones: rules?.zones
      })
      return { ...o, amount: Math.max(0, Math.floor(n)) }
    })
  )

/**
 * An `update` step: the object's `set` / `unset` props, zone and controller (or the ruleset's own
 * update of the whole view, and its own keys), labelled by the ruleset or by what it changes;
 * `tracked` is the view as the steps before it leave it (for the ruleset's label).
 */
const updateStep = (
  language: Language.Language,
  s: DecodedStep,
  tracked: GameView.GameView
): Ruleset.Step => {
  const {
    object,
    set: written,
    unset,
    zone,
    controller,
    ...own
  } = s.value as {
    object: string
    set?: Record<string, GameView.Prop | Record<string, GameView.Prop>>
    unset?: ReadonlyArray<string>
    zone?: string
    controller?: string
  } & Record<string, unknown>
  // `set: { props: { … } }` sets free properties: the game's words see them flat
  const set = flatSet(written)
  const value = set === undefined ? s.value : { ...(s.value as object), set }
  const whole = language.update?.view
  const apply = (v: GameView.GameView): GameView.GameView => {
    if (whole !== undefined) return whole(v, value as { object: string })
    const o = GameView.get(v, object)
    if (o === undefined) return v
    const props: Record<string, GameView.Prop> = { ...o.props, ...(set ?? {}) }
    for (const u of unset ?? []) delete props[u]
    let next: GameView.GameObject = {
      ...o,
      ...(zone === undefined ? {} : { zone }),
      ...(controller === undefined ? {} : { controller }),
      props
    }
    if (language.update?.apply !== undefined && Object.keys(own).length > 0)
      next = language.update.apply(next, own, v)
    return GameView.setObject(v, next)
  }
  const said = [
    zone === undefined ? "" : `to ${zone}`,
    controller === undefined ? "" : `controller ${controller}`,
    set === undefined ? "" : `set ${JSON.stringify(set)}`,
    unset === undefined ? "" : `unset ${unset.join(", ")}`
  ].filter((x) => x !== "")
  const label = language.update?.label?.(value as { object: string }, tracked)
  const phrase: Words.Phrase | undefined =
    label === undefined
      ? {
          key: "update",
          args: {
            object,
            ...(zone === undefined ? {} : { zone }),
            ...(controller === undefined ? {} : { controller }),
            ...(set === undefined ? {} : { set: JSON.stringify(set) }),
            ...(unset === undefined ? {} : { unset: unset.join(", ") })
          }
        }
      : language.update?.phrase?.(value as { object: string }, tracked)
  return {
    _tag: "Update",
    label: label ?? `update ${object}${said.length === 0 ? "" : `: ${said.join("; ")}`}`,
    apply,
    ...(phrase === undefined ? {} : { phrase })
  }
}

/** The starting view with the file's modifiers of number properties (core Modifiers) applied. */
const withModifiers = (
  language: Language.Language,
  effects: ReadonlyArray<DecodedEffect>,
  start: GameView.GameView
): GameView.GameView => {
  let view = start
  for (const e of effects) {
    const k = language.effects[e.kind] as Language.EffectKind
    if (!Modifiers.isViewKind(k)) continue
    try {
      view = k.modifies(e.options as typeof Modifiers.Options.Type, view)
    } catch (err) {
      Ruleset.invalid(e.path, errorText(err))
    }
  }
  return view
}

/** The update steps that add the modifiers among effects an `addEffects` step creates. */
const modifierUpdates = (
  language: Language.Language,
  added: ReadonlyArray<DecodedEffect>
): ReadonlyArray<Ruleset.Step> =>
  added.flatMap((e): ReadonlyArray<Ruleset.Step> => {
    const k = language.effects[e.kind] as Language.EffectKind
    if (!Modifiers.isViewKind(k)) return []
    const options = e.options as typeof Modifiers.Options.Type
    return [
      {
        _tag: "Update",
        label: `${Modifiers.KIND} ${options.id}: ${options.prop}${options.times === undefined ? "" : ` ×${options.times}`}${options.plus === undefined ? "" : ` ${options.plus >= 0 ? "+" : ""}${options.plus}`}${options.duration === undefined ? "" : ` until ${options.duration}`}`,
        apply: (v) => k.modifies(options, v)
      }
    ]
  })

/**
 * The compile itself, as work that pauses every {@link EVERY} objects, steps and occurrences; a
 * problem is thrown (`Ruleset.invalid`), as the ruleset's own constructors throw theirs.
 */
function* compileBody(language: Language.Language, body: Body): Steps<Ruleset.Compiled> {
  let view = yield* startingView(language, body)
  // the view as the update steps so far leave it (events are not replayed when compiling)
  let tracked = view
  const makeEffect = (e: DecodedEffect): ReadonlyArray<Replacement.Replacement> => {
    const k = language.effects[e.kind] as Language.EffectKind
    // `controller` defaults to the source's controller (a common field's meaning)
    const source = e.options.source
    const options =
      e.options.controller === undefined &&
      typeof source === "string" &&
      fieldsOf(k.options).includes("controller") &&
      GameView.controllerOf(tracked, source) !== undefined
        ? { ...e.options, controller: GameView.controllerOf(tracked, source) }
        : e.options
    try {
      const made = k.make(options, tracked)
      return Array.isArray(made) ? made : [made as Replacement.Replacement]
    } catch (err) {
      return Ruleset.invalid(e.path, errorText(err))
    }
  }
  const present = new Set<string>()
  const checked = (
    made: ReadonlyArray<Replacement.Replacement>,
    path: string
  ): ReadonlyArray<Replacement.Replacement> => {
    const bad = Ledger.validate(
      made,
      [...present].map((id) => ({ id }) as Replacement.Replacement)
    )
    if (bad !== undefined) Ruleset.invalid(`${path} (${bad.effect})`, `${bad.path}: ${bad.reason}`)
    for (const e of made) present.add(e.id)
    return made
  }
  const derived = (): ReadonlyArray<Replacement.Replacement> =>
    (language.derived?.(tracked) ?? []).filter((e) => !present.has(e.id))
  const brought = checked(
    language.objects.effects === undefined ? [] : body.objects.flatMap(language.objects.effects),
    "objects"
  )
  // a modifier of a number property (core Modifiers) changes the starting view, not the ledger
  view = withModifiers(language, body.effects, view)
  tracked = view
  const fileEffects = checked(body.effects.flatMap(makeEffect), "effects")
  const initial = checked(derived(), "effects")
  // effects a ruleset's step puts into the starting ledger (Riftbound 465.2.d), each id once
  const extra: Array<Replacement.Replacement> = []
  const startWith = (effects: ReadonlyArray<Replacement.Replacement>) => {
    for (const e of effects) if (!present.has(e.id) && !extra.some((f) => f.id === e.id)) extra.push(e)
  }
  // the effects written so far and still lasting, as decoded (for ruleset steps)
  let written: Array<Language.WrittenEffect & { readonly duration?: unknown }> = body.effects.map((e) => ({
    kind: e.kind,
    options: e.options,
    duration: e.options.duration
  }))
  const stepIds = stepIdsOf(body.steps)
  let step: string | undefined
  const ctxAt = (path: string): Language.CompileContext => ({
    view,
    ...(step === undefined ? {} : { step }),
    current: tracked,
    written: written.map(({ kind, options }) => ({ kind, options })),
    path,
    invalid: Ruleset.invalid,
    startWith,
    effects: (entries, p) => {
      const problems: Array<Problem> = []
      const at = atWith(
        (_e, prefix) => [{ path: prefix, at: "value", message: "does not fit its kind's options" }],
        problems
      )
      const decoded = entries.map((e, i) => decodeEffect(language, e, [...parsePath(p), i], at, problems))
      if (problems.length > 0)
        return Ruleset.invalid(formatPath(problems[0]?.path ?? []), problems[0]?.message ?? "invalid effect")
      return decoded.flatMap((e) => (e === undefined ? [] : makeEffect(e)))
    }
  })
  const steps: Array<Ruleset.Step> = []
  const push = (step: Ruleset.Step): void => {
    if (step._tag === "Update") tracked = step.apply(tracked)
    // the run ends the modifiers of this duration there (core run: `Modifiers.advance`): a step
    // after it reads the property without them ("+3{p} this turn" no longer counts next turn)
    if (step._tag === "Advance") tracked = Modifiers.advance(tracked, step.boundary)
    steps.push(step)
  }
  for (const [i, s] of body.steps.entries()) {
    if (i > 0 && pauseAfter(i - 1)) yield
    const path = `${s.path}.${s.kind}`
    step = stepIds[i]
    switch (s.kind) {
      case "event": {
        push(yield* eventStep(language, s, path, ctxAt))
        break
      }
      case "advance": {
        const boundary = s.value as string
        const around = language.advance?.(boundary, ctxAt(path))
        for (const step of around?.before ?? []) push(step)
        push({ _tag: "Advance", boundary })
        written = written.filter((w) => w.duration !== boundary)
        for (const step of around?.after ?? []) push(step)
        break
      }
      case "addEffects": {
        const added = s.value as ReadonlyArray<DecodedEffect>
        push({ _tag: "AddEffects", effects: checked(added.flatMap(makeEffect), path) })
        // a modifier of a number property is added to the view as it is then (Modifiers.add)
        for (const step of modifierUpdates(language, added)) push(step)
        for (const e of added)
          written.push({ kind: e.kind, options: e.options, duration: e.options.duration })
        break
      }
      case "update": {
        push(updateStep(language, s, tracked))
        const fresh = checked(derived(), path)
        if (fresh.length > 0) push({ _tag: "AddEffects", effects: fresh })
        break
      }
      case "query": {
        const q = s.value as { name: string; question: string; args: unknown }
        const kind = language.queries?.[q.question] as Language.QueryKind
        push({
          _tag: "Query",
          name: q.name,
          run: kind.compile(q.args, ctxAt(`${path}.${q.question}`))
        })
        break
      }
      default: {
        const k = language.steps?.[s.kind] as Language.StepKind
        for (const step of k.compile(s.value, ctxAt(path))) push(step)
      }
    }
  }
  return { view, ledger: Ledger.make([...brought, ...fileEffects, ...initial, ...extra]), steps }
}

/**
 * {@link compile}, as work that pauses: each stretch of {@link compileBody} runs under
 * `Ruleset.attempt`, so a problem thrown in any of them is the typed result, as in one run.
 */
export function* compileSteps(
  language: Language.Language,
  body: Body
): Steps<Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid>> {
  const work = compileBody(language, body)
  for (;;) {
    const r = Ruleset.attempt(() => work.next())
    if (Result.isFailure(r)) return Result.fail(r.failure)
    if (r.success.done === true) return Result.succeed(r.success.value)
    yield
  }
}

export const compile = (
  language: Language.Language,
  body: Body
): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> => runSteps(compileSteps(language, body))

const GENERIC: ReadonlyArray<string> = [
  "format",
  "ruleset",
  "title",
  "description",
  "decisions",
  "strategy",
  "budget",
  "expect"
]

export const compileData = (
  language: Language.Language,
  data: Readonly<Record<string, unknown>>
): Result.Result<Ruleset.Compiled, Errors.ScenarioInvalid> => {
  const body: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(data)) if (!GENERIC.includes(k)) body[k] = v
  const r = decode(language, body, (error, prefix) => [
    { path: prefix, at: "value", message: error.message.split("\n").join(" ") }
  ])
  if (Result.isFailure(r)) {
    const first = r.failure[0]
    return Result.fail(
      new Errors.ScenarioInvalid({
        path: formatPath(first?.path ?? []),
        reason: r.failure.map((p) => `${formatPath(p.path)}: ${p.message}`).join("; ")
      })
    )
  }
  return compile(language, r.success)
}
