/**
 * The names check of a decoded body: every id, selector key, duration, boundary and family a
 * body names must be one the file or the ruleset defines, each unknown one a problem at its
 * place with a "did you mean". Runs after decoding, on shapes already known good.
 *
 * @internal
 */
import { Generic, Language } from "@bulwark/core"
import type { Body, DecodedEffect, Problem } from "../../Skeleton.js"
import type { Built } from "./schemas.js"
import { didYouMean, formatPath, isRecord, parsePath, show } from "./text.js"

// `self` in a generic effect's `to` / `from` is its own source ("this", core `Generic`), not an id
const isSelf = (e: DecodedEffect, v: unknown): boolean =>
  (e.kind === "replace" || e.kind === "prevent") && v === "self"

const SELF_NEEDS_SOURCE = Generic.selfNeedsSource

// Unknown ids, unknown selector properties, unknown durations, boundaries and families: each a
// problem at its place with a "did you mean".
// The checks of one body, each pushing its problems onto `out`.
const checks = (language: Language.Language, body: Body, b: Built, out: Array<Problem>) => {
  const players = body.players.map((p) => p.id)
  const ids = [...players, ...body.objects.map((o) => o.id)]
  const idSet = new Set(ids)
  const playerSet = new Set(players)
  const id = (
    path: ReadonlyArray<string | number>,
    v: unknown,
    what = "id",
    among: ReadonlyArray<string> = ids
  ) => {
    if (typeof v !== "string" || (what === "player" ? playerSet : idSet).has(v)) return
    out.push({ path, at: "value", message: `unknown ${what} ${show(v)}${didYouMean(v, among)}` })
  }
  const name = (
    path: ReadonlyArray<string | number>,
    v: unknown,
    what: string,
    among: ReadonlyArray<string>
  ) => {
    if (typeof v !== "string" || among.includes(v)) return
    out.push({
      path,
      at: "value",
      message: `unknown ${what} ${show(v)}${didYouMean(v, among)}; expected one of ${among.map((x) => show(x)).join(" | ")}`
    })
  }
  // closed words: each item of a list (or the one value) must be among `among`
  const words = (
    path: ReadonlyArray<string | number>,
    v: unknown,
    what: string,
    among: ReadonlyArray<string> | undefined
  ) => {
    if (among === undefined) return
    if (typeof v === "string") name(path, v, what, among)
    else if (Array.isArray(v)) for (const [i, x] of v.entries()) name([...path, i], x, what, among)
  }
  const vocabulary = language.vocabulary ?? {}
  // every game's words: `removed` (gone from the game), the kind `cost` (an occurrence that is
  // a cost: core reports what could not be paid)
  const zones = vocabulary.zones === undefined ? undefined : [...vocabulary.zones, "removed"]
  const kinds = vocabulary.kinds === undefined ? undefined : [...new Set([...vocabulary.kinds, "cost"])]
  const seen = (key: "types" | "keywords", declared: ReadonlyArray<string> | undefined) => [
    ...new Set([
      ...(declared ?? []),
      ...body.objects.flatMap((o) => (Array.isArray(o[key]) ? (o[key] as ReadonlyArray<string>) : []))
    ])
  ]
  const types = seen("types", vocabulary.types)
  const keywords = seen("keywords", vocabulary.keywords)
  const playerWords = ["you", "opponent", "active"]
  const selectorProps = [...new Set([...Language.selectorKeys, ...b.objectKeys.filter((k) => k !== "id")])]
  // the properties an object lists under a key of their own: free ones (`props:`) are the others
  const ownKeys = b.objectKeys.filter((k) => k !== "props")
  const free = (path: ReadonlyArray<string | number>, v: unknown, where: string) => {
    if (!isRecord(v)) return
    for (const k of Object.keys(v))
      if (ownKeys.includes(k))
        out.push({
          path: [...path, k],
          at: "key",
          message: `${show(k)} is a property of its own, not a free one: write it as ${where}${k}`
        })
  }
  const selector = (path: ReadonlyArray<string | number>, s: unknown): void => {
    if (typeof s === "string") {
      id(path, s)
      return
    }
    if (Array.isArray(s)) {
      s.forEach((x, i) => {
        id([...path, i], x)
      })
      return
    }
    if (!isRecord(s)) return
    for (const [k, v] of Object.entries(s)) {
      const here = [...path, k]
      if (!selectorProps.includes(k))
        out.push({
          path: here,
          at: "key",
          message: `unknown selector key ${show(k)}${didYouMean(k, selectorProps)}`
        })
      else if (k === "ids" && Array.isArray(v)) for (const [i, x] of v.entries()) id([...here, i], x)
      else if ((k === "controller" || k === "owner") && typeof v === "string" && !playerWords.includes(v))
        id(here, v, "player", [...playerWords, ...players])
      else if (k === "any" && Array.isArray(v)) for (const [i, x] of v.entries()) selector([...here, i], x)
      else if (k === "not") selector(here, v)
      else if (k === "props") free(here, v, "")
      else if (k === "zone") words(here, v, "zone", zones)
      else if (k === "types" && Array.isArray(v)) words(here, v, "type", types)
      else if (k === "keywords" && Array.isArray(v)) words(here, v, "keyword", keywords)
    }
  }
  // the selectors inside an amount computed when the effect applies (`{ count: … }`, nested)
  const amount = (path: ReadonlyArray<string | number>, a: unknown): void => {
    if (!isRecord(a)) return
    for (const [k, v] of Object.entries(a)) {
      if (k === "count") selector([...path, k], v)
      else if (Array.isArray(v))
        v.forEach((x, i) => {
          amount([...path, k, i], x)
        })
      else amount([...path, k], v)
    }
  }
  const playerKeys = ["id", ...Object.keys(language.players.fields)]
  // `update: set:` names the properties an object (or a player) has, free ones under `props`
  const setKeys = (path: ReadonlyArray<string | number>, object: unknown, set: unknown) => {
    if (!isRecord(set)) return
    const player = typeof object === "string" && playerSet.has(object)
    const known = (player ? playerKeys : ownKeys).filter((k) => k !== "id")
    for (const [k, v] of Object.entries(set)) {
      const here = [...path, k]
      if (k === "props") {
        if (!player) free(here, v, `${formatPath([...path])}.`)
      } else if (!known.includes(k))
        out.push({
          path: here,
          at: "key",
          message: `unknown ${player ? "player" : "object"} property ${show(k)}${didYouMean(k, known)}; a free property goes under props: (set: { props: { ${k}: … } })`
        })
      else if (isRecord(v))
        out.push({ path: here, at: "value", message: `expected a property value, got ${show(v)}` })
    }
  }
  const effect = (e: DecodedEffect) => {
    const p = parsePath(e.path)
    const o = e.options
    id([...p, "controller"], o.controller, "player", players)
    id([...p, "source"], o.source)
    for (const k of ["to", "from"] as const)
      if (isSelf(e, o[k])) {
        if (o.source === undefined) out.push({ path: [...p, k], at: "value", message: SELF_NEEDS_SOURCE })
      } else if (o[k] !== undefined) selector([...p, k], o[k])
    amount([...p, "amount"], o.amount)
    name([...p, "duration"], o.duration, "duration", language.durations)
    name([...p, "family"], o.family, "family", language.families)
    words([...p, "kinds"], o.kinds, "kind", kinds)
  }
  return { players, zones, kinds, id, name, words, free, setKeys, effect }
}

export const namesProblems = (language: Language.Language, body: Body, b: Built): ReadonlyArray<Problem> => {
  const out: Array<Problem> = []
  const { players, zones, kinds, id, name, words, free, setKeys, effect } = checks(language, body, b, out)
  if (body.turn !== undefined) id(["turn"], body.turn, "player", players)
  body.objects.forEach((o, i) => {
    id(["objects", i, "controller"], o.controller, "player", players)
    id(["objects", i, "owner"], o.owner, "player", players)
    free(["objects", i, "props"], o.props, `objects[${i}].`)
    words(["objects", i, "zone"], o.zone, "zone", zones)
  })
  body.effects.forEach(effect)
  for (const s of body.steps) {
    const p = parsePath(s.path)
    if (s.kind === "advance") name([...p, "advance"], s.value, "boundary", language.boundaries)
    else if (s.kind === "addEffects") (s.value as ReadonlyArray<DecodedEffect>).forEach(effect)
    else if (s.kind === "update") {
      const u = s.value as Record<string, unknown>
      id([...p, "update", "object"], u.object)
      id([...p, "update", "controller"], u.controller, "player", players)
      setKeys([...p, "update", "set"], u.object, u.set)
      words([...p, "update", "zone"], u.zone, "zone", zones)
    } else if (s.kind === "event") {
      const ev = s.value as { family?: string; occurrences: ReadonlyArray<Record<string, unknown>> }
      name([...p, "event", "family"], ev.family, "family", language.families)
      ev.occurrences.forEach((o, j) => {
        const q = [...p, "event", "occurrences", j]
        id([...q, "to"], o.to)
        id([...q, "source"], o.source)
        name([...q, "family"], o.family, "family", language.families)
        words([...q, "kinds"], o.kinds, "kind", kinds)
      })
    }
  }
  return out
}
