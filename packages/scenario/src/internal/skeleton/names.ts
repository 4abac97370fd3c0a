/**
 * The names check of a decoded body: every id, selector key, duration, boundary and family a
 * body names must be one the file or the ruleset defines, each unknown one a problem at its
 * place with a "did you mean". Runs after decoding, on shapes already known good.
 *
 * @internal
 */
import { Language } from "@bulwark/core"
import type { Body, DecodedEffect, Problem } from "../../Skeleton.js"
import type { Built } from "./schemas.js"
import { didYouMean, isRecord, parsePath, show } from "./text.js"

// Unknown ids, unknown selector properties, unknown durations, boundaries and families: each a
// problem at its place with a "did you mean".
export const namesProblems = (language: Language.Language, body: Body, b: Built): ReadonlyArray<Problem> => {
  const out: Array<Problem> = []
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
  const playerWords = ["you", "opponent", "active"]
  const selectorProps = [...Language.selectorKeys, ...b.objectKeys.filter((k) => k !== "id")]
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
  if (body.turn !== undefined) id(["turn"], body.turn, "player", players)
  body.objects.forEach((o, i) => {
    id(["objects", i, "controller"], o.controller, "player", players)
    id(["objects", i, "owner"], o.owner, "player", players)
  })
  const effect = (e: DecodedEffect) => {
    const p = parsePath(e.path)
    const o = e.options
    id([...p, "controller"], o.controller, "player", players)
    id([...p, "source"], o.source)
    if (o.to !== undefined) selector([...p, "to"], o.to)
    if (o.from !== undefined) selector([...p, "from"], o.from)
    amount([...p, "amount"], o.amount)
    name([...p, "duration"], o.duration, "duration", language.durations)
  }
  body.effects.forEach(effect)
  for (const s of body.steps) {
    const p = parsePath(s.path)
    if (s.kind === "advance") name([...p, "advance"], s.value, "boundary", language.boundaries)
    else if (s.kind === "addEffects") (s.value as ReadonlyArray<DecodedEffect>).forEach(effect)
    else if (s.kind === "update") {
      const u = s.value as Record<string, unknown>
      id([...p, "update", "object"], u.object)
      id([...p, "update", "controller"], u.controller, "player", players)
    } else if (s.kind === "event") {
      const ev = s.value as { family?: string; occurrences: ReadonlyArray<Record<string, unknown>> }
      name([...p, "event", "family"], ev.family, "family", language.families)
      ev.occurrences.forEach((o, j) => {
        const q = [...p, "event", "occurrences", j]
        id([...q, "to"], o.to)
        id([...q, "source"], o.source)
        name([...q, "family"], o.family, "family", language.families)
      })
    }
  }
  return out
}
