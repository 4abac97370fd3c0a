/**
 * `expect:` names only what exists (issue 32, point 7). Every mapping of `expect:` keyed by ids —
 * `state` (players and objects), `effects`, `queries`, `events`, and under an event `dealt`,
 * `prevented` (players and objects) and `occurrences` — refuses an id the scenario does not
 * have: a `SchemaMismatch` at that key (file, path, line, column) with a "did you mean". Also
 * when the expected value is 0 or `{}`, which before passed for any id (an absent entry counts
 * as nothing). Checked over every bundled scenario of every game: each one, with one id of
 * each of its mappings mistyped, is refused at the line of the mistyped key.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Ruleset } from "@bulwark/core"
import { checkScenario, parseScenario } from "@bulwark/scenario"
import { Result } from "effect"
import { assert, describe, it } from "vitest"
import { parseDocument } from "yaml"
import * as Registry from "./installed.js"

const GAMES = Registry.ids
const bundled = GAMES.flatMap((game) =>
  readdirSync(Registry.scenariosOf(game))
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => ({
      game,
      name: `${game}/${f}`,
      text: readFileSync(join(Registry.scenariosOf(game), f), "utf8")
    }))
)

/** A name one edit from `id` that the scenario does not have. */
const MISTYPED = "Qx"
const mistype = (id: string) => `${id}${MISTYPED}`

/** The places of `expect:` keyed by ids, each with an id of that kind the scenario has. */
const places = (c: Ruleset.Compiled) => {
  const out: Array<{ readonly path: ReadonlyArray<string>; readonly id: string; readonly value: unknown }> =
    []
  const objects = Object.keys(c.view.objects)
  const object = objects.find((o) => !c.view.players.includes(o)) ?? c.view.players[0]
  if (object !== undefined) out.push({ path: ["state"], id: object, value: {} })
  const effect = c.ledger.effects[0]?.id
  if (effect !== undefined) out.push({ path: ["effects"], id: effect, value: {} })
  const event = c.steps.find((s) => s._tag === "Event")
  if (event?._tag === "Event") {
    const e = event.event.id
    out.push({ path: ["events"], id: e, value: {} })
    const o = event.event.occurrences[0]
    if (o !== undefined) {
      out.push({ path: ["events", e, "dealt"], id: o.subject, value: 0 })
      out.push({ path: ["events", e, "prevented"], id: o.subject, value: 0 })
      out.push({ path: ["events", e, "occurrences"], id: o.id, value: {} })
    }
  }
  const query = c.steps.find((s) => s._tag === "Query")
  if (query?._tag === "Query") out.push({ path: ["queries"], id: query.name, value: 0 })
  return out
}

describe("expect: names only what exists, in every game", () => {
  it("every bundled scenario still loads and passes", () => {
    assert.isAbove(bundled.length, 50)
    for (const f of bundled) {
      const r = parseScenario(f.text, f.name, Registry.installed)
      assert.isTrue(Result.isSuccess(r), Result.isFailure(r) ? r.failure.message : "")
      if (Result.isSuccess(r)) assert.isTrue(checkScenario(r.success).ok, f.name)
    }
  })

  for (const game of GAMES)
    it(`${game}: a mistyped id under each mapping of expect: is refused at its line, with a suggestion — also expected at 0`, () => {
      let tried = 0
      const kinds = new Set<string>()
      for (const f of bundled.filter((b) => b.game === game)) {
        const loaded = parseScenario(f.text, f.name, Registry.installed)
        if (Result.isFailure(loaded)) return assert.fail(loaded.failure.message)
        for (const p of places(loaded.success.compiled)) {
          const doc = parseDocument(f.text)
          const path = ["expect", ...p.path, mistype(p.id)]
          doc.setIn(path, p.value)
          const text = doc.toString({ lineWidth: 0 })
          // the line of the mistyped key, found in the text (the only place it is written)
          const line = text.split("\n").findIndex((l) => l.includes(mistype(p.id))) + 1
          assert.isAbove(line, 0)
          const r = parseScenario(text, f.name, Registry.installed)
          if (Result.isSuccess(r)) return assert.fail(`${f.name}: ${path.join(".")} was accepted`)
          assert.strictEqual(r.failure._tag, "SchemaMismatch", r.failure.message)
          const where = `${f.name}:${line}:`
          const located = r.failure.message
            .split("\n")
            .find((l) => l.includes(where) && l.includes(mistype(p.id)))
          assert.isDefined(located, `${path.join(".")} not located at line ${line}:\n${r.failure.message}`)
          assert.include(located, `unknown id ${JSON.stringify(mistype(p.id))} (did you mean "`, located)
          tried++
          kinds.add(p.path.length === 1 ? (p.path[0] ?? "") : (p.path[2] ?? ""))
        }
      }
      assert.isAbove(tried, 10)
      // each mapping was tried in this game (queries: in the games whose scenarios ask one)
      const asks = bundled.some((b) => b.game === game && /^ {2}- query:/m.test(b.text))
      for (const k of [
        "state",
        "effects",
        "events",
        "dealt",
        "prevented",
        "occurrences",
        ...(asks ? ["queries"] : [])
      ])
        assert.isTrue(kinds.has(k), k)
    })

  it("an id of the run's own making is not refused: a result occurrence named after its occurrence", () => {
    const f = bundled.find((b) => b.name === "mtg/MTG-02.yaml")
    assert.isDefined(f)
    assert.include(f?.text, '"b:lifeLoss"')
    const r = parseScenario(f?.text ?? "", "MTG-02.yaml", Registry.installed)
    assert.isTrue(Result.isSuccess(r))
    // its root mistyped, it is refused
    const bad = (f?.text ?? "").replace('"b:lifeLoss": {', '"bb:lifeLoss": {')
    const r2 = parseScenario(bad, "MTG-02.yaml", Registry.installed)
    assert.isTrue(Result.isFailure(r2) && r2.failure.message.includes('unknown id "bb:lifeLoss"'))
  })
})
